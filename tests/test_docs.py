"""The generated references (``elgrande docs``): fresh, complete, deterministic, and an
HTML site whose links all resolve from the file system.

If a freshness test fails, the committed docs are stale: run
``elgrande docs`` and ``elgrande docs --format html --out docs/html`` and commit them.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from browser import Tab
from click.testing import CliRunner

from elgrande.dsl.render import render
from elgrande.dsl.signatures import SIGNATURES
from elgrande.tools.cli import main
from elgrande.tools.docs import (
    answer_forms,
    grammar_alternatives,
    grammar_text,
    load_cards,
    render_docs,
    rules_of,
    syntax,
)

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
STALE = ("the committed docs are stale: run `elgrande docs` and "
         "`elgrande docs --format html --out docs/html` and commit the result")
CARDS = sorted(load_cards().cards.values(), key=lambda c: c.id)


@pytest.mark.parametrize("fmt, folder", [("md", DOCS), ("html", DOCS / "html")])
def test_the_committed_docs_are_fresh(tmp_path: Path, fmt: str, folder: Path) -> None:
    result = CliRunner().invoke(main, ["docs", "--format", fmt, "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    made = sorted(p.name for p in tmp_path.iterdir())
    assert made == sorted(render_docs(fmt))
    for name in made:
        committed = folder / name
        assert committed.is_file(), f"{committed} is missing: {STALE}"
        assert committed.read_text(encoding="utf-8") == \
            (tmp_path / name).read_text(encoding="utf-8"), f"{committed}: {STALE}"
    if fmt == "html":
        extra = sorted(p.name for p in folder.glob("*.html") if p.name not in made)
        assert not extra, f"{extra} in {folder} are no longer generated: delete them"


def test_output_is_deterministic() -> None:
    assert render_docs("md") == render_docs("md")
    assert render_docs("html") == render_docs("html")
    text = "".join(render_docs("md").values())
    assert not re.search(r"\b20\d\d-\d\d-\d\dT\d", text)  # no timestamps


def test_every_card_is_documented_with_its_text_script_rendering_and_rules() -> None:
    md = render_docs("md")["cards.md"]
    for c in CARDS:
        assert f'<a id="card-{c.id}"></a>' in md, c.id
        assert f"`{c.id}`" in md
        assert f"[{c.title}](#card-{c.id})" in md.replace("\\", "")
        if c.script is not None:
            assert c.effect.strip().splitlines()[0] in md
            assert render(c.script) in md.replace("\\", "")
        for rule in rules_of(c):
            assert f"[{rule}](rules.md#rule-{rule})" in md, (c.id, rule)


def test_rules_include_those_of_the_primitives_used() -> None:
    for c in CARDS:
        rules = set(rules_of(c))
        assert set(c.rules) <= rules
        calls = re.findall(r"\b(move|send|place|score|keep|bring|take)\b", c.effect)
        if "score" in calls:
            assert set(SIGNATURES["score"].rules) <= rules, c.id


def test_indexes_by_stack_and_by_primitive() -> None:
    md = render_docs("md")["cards.md"]
    stacks = {c.stack for c in CARDS if c.kind == "action"}
    for s in stacks:
        assert f'<a id="stack-{s}"></a>' in md
    table = md[md.index('<a id="by-primitive"></a>'):md.index('<a id="set-')]
    for name in SIGNATURES:
        assert f"(dsl.md#primitive-{name})" in table


def test_the_language_reference_lists_every_primitive_and_the_grammar() -> None:
    md = render_docs("md")["dsl.md"]
    for name, sig in SIGNATURES.items():
        assert f'<a id="primitive-{name}"></a>' in md
        assert sig.phrase in md and sig.summary in md
        for p in sig.params:
            assert f"| `{p.name}` | {p.type} | {'yes' if p.optional else 'no'} |" in md
    assert grammar_text().rstrip("\n") in md
    for kind, _answer in answer_forms():
        assert f'<a id="answer-{kind}"></a>`{kind}`' in md
    for alt, _alias in grammar_alternatives("set_atom"):
        assert f"`{syntax(alt)}`" in md


def test_answer_forms_come_from_the_decisions_docstring() -> None:
    forms = dict(answer_forms())
    assert "move_caballeros" in forms and "secret_region" in forms
    assert "player" in forms["move_caballeros"]  # a continuation line was joined


def test_grammar_alternatives_are_read_as_written() -> None:
    alts = grammar_alternatives("qty")
    assert [a for _e, a in alts] == ["up_to", "exactly_said", "all_or_some", "all_", "exactly"]
    assert syntax('"adjacent" "to" set_atom') == "adjacent to SET"
    assert syntax('"regions" "with" "value" INT ("and" INT)*') == \
        "regions with value N (and N)*"


def test_homebrew_folders_are_added(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["docs", "--cards", str(ROOT / "examples" / "homebrew"),
                                       "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    md = (tmp_path / "cards.md").read_text(encoding="utf-8")
    for cid in ("hb-border-raid", "hb-royal-favour", "hb-plague", "hb-muster"):
        assert f'<a id="card-{cid}"></a>' in md
    assert "homebrew (no set manifest)" in md


def test_a_broken_homebrew_card_fails_with_its_diagnostic(tmp_path: Path) -> None:
    bad = ROOT / "tests" / "validate_corpus" / "unknown-region.yaml"
    result = CliRunner().invoke(main, ["docs", "--cards", str(bad), "--out", str(tmp_path)])
    assert result.exit_code == 1
    assert "E-UNKNOWN-REGION" in result.output
    assert not (tmp_path / "cards.md").exists()


class _Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.ids: set[str] = set()
        self.hrefs: list[str] = []
        self.scripts = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if a.get("id"):
            assert a["id"] not in self.ids, f"duplicate id {a['id']}"
            self.ids.add(str(a["id"]))
        if a.get("href"):
            self.hrefs.append(str(a["href"]))
        if tag in ("script", "link"):
            self.scripts += 1


def test_the_html_site_is_static_and_its_links_resolve() -> None:
    pages = {}
    for name, text in render_docs("html").items():
        if not name.endswith(".html"):  # pictures (map.svg): checked in test_board_svg
            continue
        p = _Links()
        p.feed(text)
        pages[name] = p
        assert p.scripts == 0, f"{name}: no script or external stylesheet"
        assert "<style>" in text
    assert set(pages) == {"index.html", "dsl.html", "rules.html"}
    for name, p in pages.items():
        for href in p.hrefs:
            assert not re.match(r"^[a-z]+:", href), f"{name}: absolute link {href}"
            page, _, anchor = href.partition("#")
            target = pages[page or name]
            assert not anchor or anchor in target.ids, f"{name}: broken link {href}"


def test_chromium_opens_the_site_from_the_file_system(tab: Tab) -> None:
    """The generated site opens from the file system in Chromium: every card's id and
    title are on its index, a link to another page of it opens that page, and nothing
    reaches the console."""
    index = (DOCS / "html" / "index.html").resolve()
    p = tab.page
    p.goto(index.as_uri())
    dom = p.content()
    for c in CARDS:
        assert c.id in dom
        assert c.title.replace("'", "&#x27;") in dom or c.title in dom
    link = p.locator('a[href^="rules.html"]').first
    link.click()
    p.wait_for_url("**/rules.html*")
    assert "B5.2" in p.content()
    tab.assert_quiet()
