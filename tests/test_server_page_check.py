"""The new-game form checks a chosen homebrew zip before Create, in a real browser
(Playwright driving Chromium, tests/browser.py) against a real ``elgrande serve`` process
(``POST /api/homebrew/check``): a valid zip's cards and their notes (chance, B3.1, B3.7,
and the early deal's round) show under the upload field and follow the variant and the
early box; a bad zip's errors show with file and line, and Create is off while it is refused."""

from __future__ import annotations

import io
import sqlite3
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser import Tab

CARDS = Path(__file__).resolve().parent / "homebrew_serve"
UPLOAD = "Homebrew cards (a zip of card files)"
NOTES = "Your cards, before Create"
PROBLEMS = "What is wrong in the zip"


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    """A real server on a fresh SQLite database: its base URL and its folder."""
    pytest.importorskip("uvicorn", reason="elgrande serve needs the [serve] extra")
    from serve_util import ServerProcess

    folder = tmp_path_factory.mktemp("serve")
    real = ServerProcess(f"sqlite:///{folder / 'games.db'}", folder,
                         "--checks-per-second", "20")
    real.start()
    try:
        yield real.url, folder
    finally:
        real.stop()


def garrison_zip(path: Path, bad: bool = False) -> Path:
    """A zip of the garrison card (``bad``: its statement misspelt, line 10)."""
    text = (CARDS / "garrison.yaml").read_text()
    if bad:
        text = text.replace("move up to 3 own", "mvoe up to 3 own")
    with zipfile.ZipFile(buf := io.BytesIO(), "w") as z:
        z.writestr("mycards/garrison.yaml", text)
    path.write_bytes(buf.getvalue())
    return path


def games(folder: Path) -> int:
    with sqlite3.connect(folder / "games.db") as db:
        return int(db.execute("select count(*) from games").fetchone()[0])


def new_game_form(served: tuple[str, Path], tab: Tab) -> tuple[Any, int]:
    """The form opened in ``tab``: its page and the games stored so far."""
    base, folder = served
    tab.page.goto(base + "/")
    return tab.page, games(folder)


def test_a_chosen_zip_shows_its_cards_notes_before_create(
        served: tuple[str, Path], tab: Tab, tmp_path: Path) -> None:
    folder = served[1]
    p, before = new_game_form(served, tab)
    notes = p.get_by_role("list", name=NOTES)
    assert not notes.is_visible()
    p.get_by_label(UPLOAD).set_input_files(str(garrison_zip(tmp_path / "c.zip")))
    notes.wait_for()
    assert p.locator("#check-status").inner_text() == "The zip is valid: 1 card found."
    assert notes.inner_text() == (
        "Your card Garrison is one of 12 in its stack: 9 of them come up in a game (one a "
        "round, B3.1), so it comes up in a given game with probability 3/4 (75%). Tick "
        "'Deal my cards early' to see it in round 1.")
    # the short game turns up six cards of a stack: the note follows the variant
    p.get_by_label("Variant").select_option("short")
    p.wait_for_function("document.getElementById('check-notes').textContent"
                        ".indexOf('1/2 (50%)') >= 0")
    seed_note = p.locator("#seed-early")
    assert not seed_note.is_visible()
    p.get_by_label("Deal my cards early (playtest)", exact=False).check()
    p.wait_for_function("document.getElementById('check-notes').textContent"
                        ".indexOf('is ticked: your card Garrison comes up in round 2') >= 0")
    # the seed box greyed says why, next to it
    assert p.get_by_label("Seed").is_disabled() and seed_note.is_visible()
    assert "the early deal picks the seed" in seed_note.inner_text()
    assert p.get_by_label("Seed").get_attribute("aria-describedby") == "seed-early"
    assert games(folder) == before  # nothing made before Create
    p.get_by_role("button", name="Create").click()
    p.get_by_role("region", name="The new game").wait_for()
    assert games(folder) == before + 1
    tab.assert_quiet()


def test_a_bad_zip_shows_its_errors_and_create_is_off(
        served: tuple[str, Path], tab: Tab, tmp_path: Path) -> None:
    """A refused zip's errors show as `elgrande validate` prints them, whole inside their
    box (f14: cut at its right edge; long lines wrap, the caret still under its
    column); Create is off while the zip is refused, with the reason under it (f14:
    refused only after the click before), and on again once the zip is removed."""
    folder = served[1]
    p, before = new_game_form(served, tab)
    p.get_by_label(UPLOAD).set_input_files(str(garrison_zip(tmp_path / "bad.zip", bad=True)))
    printed = p.locator("#check-shown")  # as `elgrande validate` prints it
    printed.wait_for()
    problems = p.get_by_role("list", name=PROBLEMS)
    assert p.locator("#check-status").inner_text() == (
        "The zip is refused: correct it and choose it again.")
    head, line, caret = printed.inner_text().split("\n")[:3]
    assert head == ("mycards/garrison.yaml:10:3: error E-SYNTAX: syntax error: unknown "
                    "statement 'mvoe' (did you mean 'move'?)"), head
    assert line.strip().startswith("mvoe up to 3 own") and caret == "    ^", (line, caret)
    # the caret under the line's third column, in the box's fixed-width font
    xs = p.evaluate("""() => { const t = document.getElementById('check-shown');
        const r = document.createRange(); const txt = t.firstChild.textContent;
        const at = (i) => { r.setStart(t.firstChild, i); r.setEnd(t.firstChild, i + 1);
                            return r.getBoundingClientRect().left; };
        const l1 = txt.indexOf('\\n') + 1, l2 = txt.indexOf('\\n', l1) + 1;
        return [at(l1 + 4), at(txt.indexOf('^', l2))]; }""")
    assert abs(xs[0] - xs[1]) < 1, xs
    assert not problems.is_visible() and not p.get_by_role("list", name=NOTES).is_visible()
    # a refused zip has no early deal: its box and note hidden
    assert not p.locator("#early-box").is_visible()
    # whole inside its box: nothing past its right edge (wrapped, not cut)
    fit = printed.evaluate("t => [t.scrollWidth, t.clientWidth]")
    assert fit[0] <= fit[1], fit
    create = p.get_by_role("button", name="Create")
    assert create.is_disabled()
    why = p.locator("#create-why")
    assert why.is_visible() and why.inner_text().startswith("Create is off: the zip above is "
                                                            "refused."), why.inner_text()
    p.keyboard.press("Enter")  # (Enter in a field: nothing sent either)
    assert games(folder) == before
    p.get_by_role("button", name="Remove the zip").click()
    p.wait_for_function("!document.getElementById('create').disabled")
    assert not why.is_visible() and not printed.is_visible()
    assert not p.get_by_role("region", name="The new game").is_visible()
    assert games(folder) == before
    # a valid zip chosen again replaces the errors with the notes
    p.get_by_label(UPLOAD).set_input_files(str(garrison_zip(tmp_path / "good.zip")))
    p.get_by_role("list", name=NOTES).wait_for()
    assert not problems.is_visible() and not p.locator("#check-shown").is_visible()
    assert p.locator("#early-box").is_visible()
    assert tab.errors == []  # (the console says the refused requests' 422s)


@pytest.mark.slow
def test_a_zip_these_settings_refuse_turns_create_off_until_they_change(
        served: tuple[str, Path], tab: Tab, tmp_path: Path) -> None:
    """f17: an action card with Intrigue & the King (no action-card stacks) was refused
    for the settings, yet Create stayed on and the early box was offered; now as a
    refused zip: Create off with the reason, no early box, a way to drop the zip; on
    again when the settings change."""
    folder = served[1]
    p, before = new_game_form(served, tab)
    p.get_by_label("Intrigue & the King").check()
    p.get_by_label(UPLOAD).set_input_files(str(garrison_zip(tmp_path / "ok.zip")))
    problems = p.get_by_role("list", name=PROBLEMS)
    problems.wait_for()
    assert "Intrigue & the King" in problems.inner_text()
    create = p.get_by_role("button", name="Create")
    assert create.is_disabled()
    why = p.locator("#create-why")
    assert why.inner_text().startswith("Create is off: these settings refuse the zip"), \
        why.inner_text()
    assert not p.locator("#early-box").is_visible()
    assert p.get_by_role("button", name="Remove the zip").is_visible()
    p.keyboard.press("Enter")
    assert games(folder) == before
    # the settings changed: checked again, Create on, the early box back
    p.get_by_label("Intrigue & the King").uncheck()
    assert p.get_by_label("Fill").input_value() == ""  # (the base game has no fill)
    p.get_by_role("list", name=NOTES).wait_for()
    assert create.is_enabled() and not why.is_visible()
    assert p.locator("#early-box").is_visible()
    # refused again, then the zip removed: Create on without it
    p.get_by_label("Intrigue & the King").check()
    problems.wait_for()
    assert create.is_disabled()
    p.get_by_role("button", name="Remove the zip").click()
    p.wait_for_function("!document.getElementById('create').disabled")
    assert not problems.is_visible() and not p.locator("#early-box").is_visible()
    assert tab.errors == []
