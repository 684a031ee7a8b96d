"""Pages written as a static HTML site (inline CSS, relative links, no script)."""

from __future__ import annotations

import html

from elgrande.tools.docs.document import (
    FILES,
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

_CSS = """
body { font: 16px/1.5 system-ui, sans-serif; max-width: 60rem; margin: 0 auto;
       padding: 1rem 2rem; color: #222; background: #fff; }
nav { border-bottom: 1px solid #ccc; padding-bottom: .5rem; margin-bottom: 1rem; }
nav a { margin-right: 1rem; }
h2 { border-bottom: 1px solid #ddd; margin-top: 2.5rem; }
h3 { margin-top: 2rem; }
code, pre { font-family: ui-monospace, monospace; background: #f4f4f4; }
code { padding: 0 .2em; }
pre { padding: .6rem .8rem; overflow-x: auto; border-left: 3px solid #c33; }
pre code { padding: 0; }
table { border-collapse: collapse; margin: .5rem 0; }
th, td { border: 1px solid #ccc; padding: .2rem .5rem; text-align: left;
         vertical-align: top; }
th { background: #f0f0f0; }
blockquote { margin: .5rem 0; padding: .3rem 1rem; border-left: 3px solid #999;
             background: #fafafa; font-style: italic; }
""".strip()


def _html_inline(text: Inline) -> str:
    out = []
    for kind, s, target in text:
        e = html.escape(s)
        if kind == "anchor":
            out.append(f'<span id="{html.escape(target)}"></span>')
        elif kind == "image":
            out.append(f'<img src="{html.escape(target)}" alt="{e}" style="max-width:100%">')
        elif kind == "code":
            out.append(f"<code>{e}</code>")
        elif kind == "strong":
            out.append(f"<strong>{e}</strong>")
        elif kind == "link":
            out.append(f'<a href="{html.escape(_target("html", target))}">{e}</a>')
        else:
            out.append(e)
    return "".join(out)


def to_html(page: Page) -> str:
    """The page as one self-contained HTML file (inline CSS, relative links, no script)."""
    nav = " ".join(f'<a href="{FILES["html"][name]}">{label}</a>' for name, label in
                   (("cards", "Cards"), ("dsl", "Effect language"), ("rules", "Rules")))
    out = ["<!DOCTYPE html>", '<html lang="en">', "<head>", '<meta charset="utf-8">',
           '<meta name="generator" content="elgrande docs">',
           f"<title>{html.escape(page.title)}</title>", f"<style>\n{_CSS}\n</style>",
           "</head>", "<body>", f"<nav>{nav}</nav>",
           f'<h1 id="top">{html.escape(page.title)}</h1>']
    for el in page.body:
        if isinstance(el, Heading):
            anchor = f' id="{html.escape(el.anchor)}"' if el.anchor else ""
            out.append(f"<h{el.level}{anchor}>{_html_inline(el.text)}</h{el.level}>")
        elif isinstance(el, Para):
            out.append(f"<p>{_html_inline(el.text)}</p>")
        elif isinstance(el, Quote):
            out.append(f"<blockquote>{_html_inline(el.text)}</blockquote>")
        elif isinstance(el, Code):
            cls = f' class="language-{el.lang}"' if el.lang else ""
            out.append(f"<pre><code{cls}>{html.escape(el.text)}</code></pre>")
        elif isinstance(el, Table):
            head = "".join(f"<th>{html.escape(h)}</th>" for h in el.header)
            rows = "\n".join("<tr>" + "".join(f"<td>{_html_inline(c)}</td>" for c in row)
                             + "</tr>" for row in el.rows)
            out.append(f"<table>\n<thead><tr>{head}</tr></thead>\n<tbody>\n{rows}\n"
                       "</tbody>\n</table>")
        elif isinstance(el, Items):
            items = "\n".join(f"<li>{_html_inline(i)}</li>" for i in el.items)
            out.append(f"<ul>\n{items}\n</ul>")
    out += ["</body>", "</html>", ""]
    return "\n".join(out)


