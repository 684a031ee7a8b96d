"""The new-game form's early deal of homebrew cards, in a real browser (Playwright driving
Chromium, tests/browser.py) against a real ``elgrande serve`` process: the option shows
only once a zip is chosen, takes the seed's place, and the game it makes has the uploaded
card on offer in round 1 (B3.1); without it the form says each card's chance."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

from browser import Tab
from test_server_page import decision, page_state

CARDS = Path(__file__).resolve().parent / "homebrew_serve"


def one_card_zip(path: Path) -> Path:
    with zipfile.ZipFile(buf := io.BytesIO(), "w") as z:
        z.writestr("mycards/garrison.yaml", (CARDS / "garrison.yaml").read_text())
    path.write_bytes(buf.getvalue())
    return path


def test_the_form_s_option_deals_the_homebrew_card_in_round_1(
        server: str, tab: Tab, tmp_path: Path) -> None:
    from elgrande.server.page_words import EARLY_OPTION

    p = tab.page
    p.goto(server + "/")
    option = p.get_by_label(EARLY_OPTION)
    assert not option.is_visible()  # meaningless without homebrew cards
    p.get_by_label("Seed").fill("5")
    p.get_by_label("Homebrew cards (a zip of card files)").set_input_files(
        str(one_card_zip(tmp_path / "c.zip")))
    assert option.is_visible() and not option.is_checked()
    option.check()
    assert p.get_by_label("Seed").is_disabled()  # the option picks the seed
    p.get_by_role("button", name="Create").click()
    made = p.get_by_role("region", name="The new game")
    made.wait_for()
    notes = p.get_by_role("list", name="When your cards come up")
    assert notes.inner_text() == ("Your card Garrison comes up in round 1 (B3.1: each round "
                                  "turns up the top card of each stack).")
    made.get_by_role("link", name="Your seat (p1)").click()
    p.wait_for_function("window.elgrandePage && window.elgrandePage.state !== null")
    st = page_state(tab)["state"]
    assert st["view"]["state"]["round"] == 1
    assert "Garrison" in [o["title"] for o in st["offer"]]
    decision(tab).wait_for()
    tab.assert_quiet()


def test_without_the_option_the_form_says_the_card_s_chance(
        server: str, tab: Tab, tmp_path: Path) -> None:
    p = tab.page
    p.goto(server + "/")
    p.get_by_label("Homebrew cards (a zip of card files)").set_input_files(
        str(one_card_zip(tmp_path / "c.zip")))
    p.get_by_role("button", name="Create").click()
    p.get_by_role("region", name="The new game").wait_for()
    note = p.get_by_role("list", name="When your cards come up").inner_text()
    assert note == ("Your card Garrison is one of 12 in its stack: 9 of them come up in a "
                    "game (one a round, B3.1), so it comes up in a given game with "
                    "probability 3/4 (75%).")
    tab.assert_quiet()


def test_the_option_s_words_are_the_words_module_s() -> None:
    from elgrande.server.page_words import EARLY_OPTION

    html = (Path(__file__).resolve().parent.parent / "elgrande" / "server" / "page"
            / "new.html").read_text()
    assert f'aria-describedby="early-help"> {EARLY_OPTION}</span>' in html


def test_created_is_in_view_and_the_seed_help_goes_with_the_seed_box(
        server: str, tab: Tab, tmp_path: Path) -> None:
    """f17: the "Game created" box was under the window's edge at 1400x1000 (the button
    read "Create another game" and nothing else seemed to happen); the seed box's help
    showed under the greyed-out box."""
    from elgrande.server.page_words import EARLY_OPTION

    p = tab.page
    p.set_viewport_size({"width": 1400, "height": 1000})
    p.goto(server + "/")
    help_ = p.locator("#seed-help")
    assert help_.is_visible()
    p.get_by_label("Homebrew cards (a zip of card files)").set_input_files(
        str(one_card_zip(tmp_path / "c.zip")))
    p.get_by_label(EARLY_OPTION).check()
    assert not help_.is_visible() and p.locator("#seed-early").is_visible()
    p.get_by_label(EARLY_OPTION).uncheck()
    assert help_.is_visible()
    p.get_by_role("button", name="Create").click()
    title = p.get_by_role("heading", name="Game created")
    title.wait_for()
    box = title.bounding_box()
    assert box is not None and 0 <= box["y"] and box["y"] + box["height"] <= 1000, box
    links = p.get_by_role("link", name="Your seat (p1)").bounding_box()
    assert links is not None and links["y"] + links["height"] <= 1000, links
    assert p.evaluate("document.activeElement.id") == "made-title"
    tab.assert_quiet()
