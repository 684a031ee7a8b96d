"""Pages written as GitHub-flavoured Markdown."""

from __future__ import annotations

import re

from elgrande.tools.docs.document import (
    Code,
    Heading,
    Inline,
    Items,
    Page,
    Para,
    Quote,
    Table,
    _target,
)

_MD_SPECIAL = re.compile(r"([\\`*\[\]<>|]|(?<![A-Za-z0-9])_|_(?![A-Za-z0-9]))")


def _md_escape(s: str) -> str:
    return _MD_SPECIAL.sub(r"\\\1", s)


def _md_inline(text: Inline, in_table: bool = False) -> str:
    out = []
    for kind, s, target in text:
        if kind == "anchor":
            out.append(f'<a id="{target}"></a>')
        elif kind == "image":
            out.append(f"![{_md_escape(s)}]({target})")
        elif kind == "code":
            tick = "``" if "`" in s else "`"
            body = s.replace("|", "\\|") if in_table else s
            out.append(f"{tick}{' ' if tick == '``' else ''}{body}"
                       f"{' ' if tick == '``' else ''}{tick}")
        elif kind == "strong":
            out.append(f"**{_md_escape(s)}**")
        elif kind == "link":
            out.append(f"[{_md_escape(s)}]({_target('md', target)})")
        else:
            out.append(_md_escape(s))
    return " ".join("".join(out).split("\n"))


def to_markdown(page: Page) -> str:
    """The page as GitHub-flavoured Markdown (explicit anchors before headings)."""
    out = [f'<a id="top"></a>\n\n# {page.title}\n']
    for el in page.body:
        if isinstance(el, Heading):
            anchor = f'<a id="{el.anchor}"></a>\n\n' if el.anchor else ""
            out.append(f"{anchor}{'#' * el.level} {_md_inline(el.text)}\n")
        elif isinstance(el, Para):
            out.append(_md_inline(el.text) + "\n")
        elif isinstance(el, Quote):
            out.append("> " + _md_inline(el.text) + "\n")
        elif isinstance(el, Code):
            fence = "~~~" if "```" in el.text else "```"
            out.append(f"{fence}{el.lang}\n{el.text}\n{fence}\n")
        elif isinstance(el, Table):
            lines = ["| " + " | ".join(el.header) + " |",
                     "|" + "|".join("---" for _ in el.header) + "|"]
            lines += ["| " + " | ".join(_md_inline(c, True) for c in row) + " |"
                      for row in el.rows]
            out.append("\n".join(lines) + "\n")
        elif isinstance(el, Items):
            out.append("\n".join("- " + _md_inline(i) for i in el.items) + "\n")
    return "\n".join(out)


