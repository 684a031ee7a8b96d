"""What a fresh user (f19) met on the page of ``elgrande serve``, in a real browser
(Playwright driving Chromium, tests/browser.py) against a real ``elgrande serve`` process:
the form names each set by its title (cards/*/set.yaml), and says before a zip is chosen
that Intrigue & the King has no action-card stacks (I1)."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from browser import Tab

CARDS = Path(__file__).resolve().parent.parent / "cards"
SHOTS = Path("/tmp/h24shots")


def shot(tab: Tab, name: str) -> None:
    """A screenshot for a person to look at (kept only when the folder exists)."""
    if SHOTS.is_dir():
        tab.page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


@pytest.mark.rule("I1")
def test_the_form_names_the_sets_by_their_titles(server: str, tab: Tab) -> None:
    """Every expansion's box reads its set's title (f19: 'the Colonies'), and so does the
    fill's help line; the I1 note shows beside the zip field only while Intrigue & the
    King is ticked."""
    p = tab.page
    p.goto(server + "/")
    sets = p.get_by_role("group", name="Sets")
    for folder in ("colonies", "intrigue-king"):
        title = yaml.safe_load((CARDS / folder / "set.yaml").read_text())["title"]
        box = sets.get_by_label(title, exact=True)
        assert box.get_attribute("value") == folder
        assert title in p.locator("#fill-help").inner_text()
    note = p.locator("#ik-zip")
    assert not note.is_visible()
    sets.get_by_label("Intrigue & the King", exact=True).check()
    assert note.is_visible()
    assert "has no action-card stacks (I1)" in note.inner_text()
    assert "ik-zip" in (p.get_by_label("Homebrew cards (a zip of card files)")
                        .get_attribute("aria-describedby") or "")
    shot(tab, "01-form-ik")
    sets.get_by_label("Intrigue & the King", exact=True).uncheck()
    assert not note.is_visible()
    tab.assert_quiet()
