"""Docstrings and comments cite rule ids and shipped docs only: a clone has no
``DESIGN.md``, ``RULES.md``, ``EXPANSIONS.md``, ``DATA.md`` or ``shared/`` folder, and an
internal issue number says nothing to a reader."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

#: Files or folders not shipped: citing them points a reader nowhere.
UNSHIPPED = re.compile(r"(?<![\w/.])(?:DESIGN|RULES|EXPANSIONS|DATA)\.md\b|\bshared/")
#: An internal issue number ("issue 12", "Issue 9's").
ISSUE = re.compile(r"\b[Ii]ssues? ?#?\d+")

def _sources() -> list[Path]:
    """Every Python file of the package and the benchmarks: no exceptions."""
    return sorted((ROOT / "elgrande").rglob("*.py")) + sorted((ROOT / "benchmarks").glob("*.py"))


def _hits(pattern: re.Pattern[str]) -> list[str]:
    return [f"{f.relative_to(ROOT)}:{i}: {line.strip()}"
            for f in _sources()
            for i, line in enumerate(f.read_text(encoding="utf-8").splitlines(), 1)
            if pattern.search(line)]


def test_sources_cite_no_unshipped_file() -> None:
    bad = _hits(UNSHIPPED)
    assert not bad, "cite a rule id or a shipped doc instead:\n" + "\n".join(bad)


def test_sources_name_no_internal_issue_number() -> None:
    bad = _hits(ISSUE)
    assert not bad, "say what and why instead of an issue number:\n" + "\n".join(bad)



def test_the_patterns_find_what_they_forbid() -> None:
    """The check itself: each pattern catches the forms it is meant to, and lets rule ids
    and shipped docs through."""
    assert UNSHIPPED.search("see DESIGN.md 2a") and UNSHIPPED.search("(EXPANSIONS.md 6.2)")
    assert UNSHIPPED.search("shared/cases/README.md")
    assert not UNSHIPPED.search("docs/rules.md, B5.2, tests/cases/README.md")
    assert ISSUE.search("as issue 12 asked") and ISSUE.search("Issue 9's")
    assert not ISSUE.search("the issues of a card file")
