"""The last three findings of a fresh user (issue 30, h31; f23), in a real browser
(Playwright driving Chromium, tests/browser.py) against a real ``elgrande serve`` process.
Every seat is a human played through the API from one seeded ``random.Random`` (no bot
races the page; :func:`test_server_page_h29.advance`), then seat 0's page is opened on the
state reached.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from typing import Any

import httpx
import pytest
from browser import Tab
from serve_util import play_turn, seat_state, token_of
from test_server_page import create, page_state, quiet
from test_server_page_h29 import advance, open_seat, scoreboard_game, shot

from elgrande.data.manifests import load_board


def _card_region_choice(st: dict[str, Any]) -> bool:
    """Seat 0 is at a card's region choice (B8) that offers a region holding nobody."""
    c = st.get("controls") or {}
    return c.get("kind") == "choose_region" and c.get("rule") == "B8" and any(
        "(no caballeros)" in o["label"] for o in c["options"])


@pytest.mark.rule("B8", "B8.2")
def test_a_cards_source_region_holding_nobody_says_no_caballeros(
        server: str, new_tab: Callable[[], Tab]) -> None:
    """h31 (f23, 32-r3-intrigue): at a card's "choose a region" whose caballeros are then
    moved from that region (B8.2), a region button where nobody has a caballero says
    "(no caballeros)"; a region holding some says its name alone; the choice stays legal
    (B8: the card then moves none) and is taken at a click."""
    links = create(server, 3, 31, {}, ["base"])
    st = advance(server, links, 31, _card_region_choice)
    board = st["view"]["state"]
    tab = open_seat(server, links, new_tab, 0, 1280, 900)
    c = page_state(tab)["controls"]
    places = load_board(("base",))
    empty: list[str] = []
    full: list[str] = []
    for o in c["options"]:
        if not o["enabled"]:
            continue
        i = places.index[o["place"]]
        held = sum(board["caballeros"][i]) + board["neutral"][i]
        (full if held else empty).append(places.place_name(o["place"]))
    assert empty and full, (empty, full)
    opts = tab.page.get_by_role("list", name="Choices")
    for name in empty:
        assert opts.get_by_role("button", name=f"{name} (no caballeros)", exact=True).is_visible()
    for name in full:
        assert opts.get_by_role("button", name=name, exact=True).is_visible()
    # the engine's prompt is unchanged: the note is the buttons' alone
    assert "no caballeros" not in tab.page.locator("#prompt").inner_text()
    shot(tab, "h31-1-no-caballeros")
    n = page_state(tab)["n"]
    opts.get_by_role("button", name=f"{empty[0]} (no caballeros)", exact=True).click()
    tab.wait_past(n)
    assert not re.search("no caballeros", tab.page.locator("#options").inner_text())
    quiet(tab)


def _secret_pick(st: dict[str, Any]) -> bool:
    """Seat 0 has a secret choice of one region to make (B6.2's disc, B8.5)."""
    c = st.get("controls") or {}
    return bool(c.get("secret")) and c.get("form") == "pick"


def _secret_together(server: str, links: dict[str, Any], seed: int) -> str:
    """Play the all-human game ``links`` one answer at a time (seats in turn, one
    ``random.Random(seed)``) until seat 0 and another seat both have a secret choice to
    make (B6.2's discs, set together); that other seat's token.

    Raises:
        AssertionError: never within 3000 answers.
    """
    tokens = [token_of(link) for link in links["seats"]]
    rng = random.Random(seed)
    with httpx.Client(base_url=server, timeout=30) as c:
        for i in range(3000):
            states = [seat_state(c, links["game"], t) for t in tokens]
            assert not states[0]["over"], "the game ended first"
            if _secret_pick(states[0]):
                others = [t for t, st in zip(tokens[1:], states[1:], strict=True)
                          if _secret_pick(st)]
                if others:
                    return others[0]
            t = tokens[1 + i % (len(tokens) - 1)] if _secret_pick(states[0]) else \
                tokens[i % len(tokens)]
            play_turn(c, links["game"], t, rng)
    raise AssertionError("seat 0 never chose a secret region with another seat")


@pytest.mark.rule("B6.2", "B8.5")
def test_a_held_secret_choice_survives_a_reload_until_sent(
        server: str, new_tab: Callable[[], Tab]) -> None:
    """h31 (f23, 37a-disc-held): a secret choice chosen but not sent ("Chosen, not sent
    yet: X. [Send] [Change]") is held again after a reload of the tab, marked on its
    button, with a line saying it is back and not sent; "Change" lets it go, and a reload
    then holds nothing; held again and sent, the next reload holds nothing either."""
    links = create(server, 3, 31, {}, ["base"])
    other = _secret_together(server, links, 31)
    tab = open_seat(server, links, new_tab, 0, 1280, 900)
    page = tab.page
    opts = page.get_by_role("list", name="Choices")
    first = [o for o in page_state(tab)["controls"]["options"] if o["enabled"]][0]
    opts.get_by_role("button", name=first["label"], exact=True).click()
    held = page.locator("#held")
    assert re.search(f"Chosen, not sent yet: {re.escape(first['label'])}", held.inner_text())
    n = page_state(tab)["n"]

    def reloaded(what: str = "controls") -> None:
        page.reload()
        page.wait_for_function(f"window.elgrandePage && window.elgrandePage.{what}")

    reloaded()
    assert page_state(tab)["n"] == n  # nothing was sent
    held = page.locator("#held")
    held.wait_for()
    assert f"Chosen, not sent yet: {first['label']}." in held.inner_text()
    button = opts.get_by_role("button", name=first["label"], exact=True)
    assert button.get_attribute("aria-pressed") == "true"
    assert "is back: it is not sent yet" in page.locator("#notice").inner_text()
    shot(tab, "h31-2-held-after-reload")
    # another seat answers the decision taken together (B6.2): the same decision still
    # waits for this seat at a later n, and a reload holds the choice again
    with httpx.Client(base_url=server, timeout=30) as client:
        assert play_turn(client, links["game"], other, random.Random(31)) == 200
    tab.wait_past(n)
    n = page_state(tab)["n"]
    reloaded()
    held = page.locator("#held")
    held.wait_for()
    assert f"Chosen, not sent yet: {first['label']}." in held.inner_text()
    page.locator("#change-held").click()
    assert page.locator("#held").count() == 0
    reloaded()
    assert page.locator("#held").count() == 0
    opts.get_by_role("button", name=first["label"], exact=True).click()
    page.locator("#send-held").click()
    tab.wait_past(n)
    reloaded("state")  # sent: this seat may have nothing more to decide now
    assert page.locator("#held").count() == 0
    assert page.evaluate("Object.keys(sessionStorage).filter(k => k.startsWith("
                         "'elgrande-held:')).length") == 0
    quiet(tab)


@pytest.mark.rule("B6.9")
def test_a_phone_sees_the_scoreboards_moves_grouped_and_the_castillo_said(
        server: str, new_tab: Callable[[], Tab]) -> None:
    """h31 (f23, 25-phone-sb-action: 18 buttons "scoreboard 8-4-0 (beside the board) to
    ..." on a phone): a mobile scoreboard's moves (B6.9) are grouped under one heading per
    scoreboard ("Scoreboard 8-4-0, beside the board:"), each button showing only where it
    goes ("to Galicia"), its accessible name still the whole label, one button a name;
    the Castillo's says that a scoreboard may lie there ("to the Castillo (B6.9: the
    Castillo is scored with this scoreboard's values)", f28); a button by its whole name
    still sends its move."""
    links, _ = scoreboard_game(server, 3)
    tab = open_seat(server, links, new_tab, 0, 390, 844)
    page = tab.page
    c = page_state(tab)["controls"]
    opts = page.get_by_role("list", name="Choices")
    shown = [o for o in c["options"] if o["enabled"]]
    groups = list(dict.fromkeys(o["group"] for o in shown))
    assert len(groups) >= 1 and all(g.startswith("Scoreboard ") for g in groups)
    heads = opts.locator("li.group-head").all_inner_texts()
    assert heads == [f"{g}:" for g in groups], heads
    for g in groups:
        sb = g.split(" ")[1].rstrip(",")
        assert re.fullmatch(r"Scoreboard \S+, (beside the board|now on .+)", g), g
        assert any(o["value"]["scoreboard"] == sb for o in shown if o["group"] == g)
    labels = [o["label"] for o in shown]
    assert len(set(labels)) == len(labels)
    castle = []
    for o in shown:
        b = opts.get_by_role("button", name=o["label"], exact=True)
        assert b.count() == 1, o["label"]
        seen = b.evaluate("b => Array.from(b.childNodes).filter(n => n.nodeType === 3)"
                          ".map(n => n.textContent).join('')")
        assert seen == o["short"] and seen.startswith("to "), (seen, o)
        assert b.locator(".unseen").bounding_box()["width"] <= 1
        if o["place"] == "castillo":
            castle.append(o)
            assert seen == "to the Castillo (B6.9: the Castillo is scored with this " \
                "scoreboard's values)", seen
    assert castle, "the Castillo was not offered"
    heights = [opts.get_by_role("button", name=o["label"], exact=True).bounding_box()[
        "height"] for o in shown]
    assert max(heights) < 60, heights  # at most two short lines a button
    shot(tab, "h31-3-scoreboards-phone")
    n = page_state(tab)["n"]
    opts.get_by_role("button", name=castle[0]["label"], exact=True).click()
    tab.wait_past(n)
    sb = castle[0]["value"]["scoreboard"]
    tile = page.locator(f'#board g.scoreboard[data-scoreboard="{sb}"]')
    assert tile.get_attribute("data-place") == "castillo"
    quiet(tab)
