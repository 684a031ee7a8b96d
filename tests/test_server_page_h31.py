"""The last three findings of a fresh user (issue 30, h31; f23), in a real browser
(Playwright driving Chromium, tests/browser.py) against a real ``elgrande serve`` process.
Every seat is a human played through the API from one seeded ``random.Random`` (no bot
races the page; :func:`test_server_page_h29.advance`), then seat 0's page is opened on the
state reached.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from browser import Tab
from test_server_page import create, page_state, quiet
from test_server_page_h29 import advance, open_seat, shot

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
    empty, full = [], []
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
