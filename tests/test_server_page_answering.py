"""Answering a move in a real browser (Playwright driving Chromium, tests/browser.py)
against a real ``elgrande serve`` process (B8.2), as a fresh user did (f20): nothing a click
adds moves the buttons under the pointer; the sources say whose and how many; on a phone
"Show the arrows on the map" brings the arrows themselves into view; hover is no "chosen"
look; a held secret choice's bar keeps one line (B8.5)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from browser import Tab
from test_server_page import create, decision, open_seats, page_state, quiet, wait_for_units
from test_server_page_help import _play_until

from elgrande.play.game import new_game


def _two_to_move(c: dict[str, Any]) -> bool:
    """A move with nothing chosen yet where two caballeros of one source may go one way."""
    return c["form"] == "moves" and not c["total"] and c["max"] >= 2 and any(
        o["enabled"] and int(o.get("available") or 0) >= 2 for o in c["options"])


def _move_tab(server: str, new_tab: Callable[[], Tab]) -> tuple[Tab, dict[str, Any]]:
    """Seat 0's tab at a move decision of :func:`_two_to_move`, and its controls."""
    library = new_game(3, sets=["base"], seed=0, logging=False).library
    for seed in (21, 22, 23, 24, 25, 26):
        links = create(server, 3, seed, {1: "greedy", 2: "greedy"}, ["base"])
        (tab,), (token,) = open_seats(server, links, new_tab, [0])
        game = page_state(tab)["state"]["game"]
        c = _play_until(server, tab, token, game, random.Random(seed), _two_to_move, library)
        if c is not None:
            return tab, c
    raise AssertionError("no move of two caballeros met")


def _source(tab: Tab, o: dict[str, Any]) -> Any:
    """The source button of option ``o``: the first whose label starts so."""
    return decision(tab).get_by_role("list", name="Move from").get_by_role("button").filter(
        has_text=f"from {o['from_label']}: ").nth(_owner_index(tab, o))


def _owner_index(tab: Tab, o: dict[str, Any]) -> int:
    """Where ``o``'s owner's button is among its source's buttons (in the options' order)."""
    c = page_state(tab)["controls"]
    owners: list[int] = []
    for x in c["options"]:
        if x["from"] == o["from"] and x["player"] not in owners and (
                x["enabled"] or x.get("available")):
            owners.append(x["player"])
    return owners.index(o["player"])


@pytest.mark.rule("B8.2")
def test_a_second_click_at_the_same_spot_makes_a_second_move(
        server: str, new_tab: Callable[[], Tab]) -> None:
    """f20: after the first "to ..." click a "Chosen, not sent yet" block appeared above
    the buttons and pushed them ~88 px down: a second click at the same spot missed (on a
    phone it hit a source and unchose it). The block is under the buttons: two clicks at
    one screen point make two moves, on a wide screen and on a phone."""
    tab, c = _move_tab(server, new_tab)
    o = next(o for o in c["options"] if o["enabled"] and int(o["available"]) >= 2)
    page = tab.page
    for width, height in ((1400, 1000), (390, 844)):
        page.set_viewport_size({"width": width, "height": height})
        src = _source(tab, o)
        if src.get_attribute("aria-pressed") != "true":
            src.click()
        to = decision(tab).get_by_role("list", name="Move to").get_by_role(
            "button", name=f"to {o['to_label']}", exact=True)
        to.scroll_into_view_if_needed()
        box = to.bounding_box()
        assert box is not None
        x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        page.mouse.click(x, y)
        wait_for_units(tab, 1)
        after = to.bounding_box()
        assert after is not None and abs(after["y"] - box["y"]) < 1, (box, after)
        page.mouse.click(x, y)
        wait_for_units(tab, 2)
        st = page_state(tab)
        assert st["units"] == [st["units"][0]] * 2, st["units"]
        chosen = decision(tab).get_by_role("list", name="Moves so far")
        assert "2 × " in chosen.inner_text() and o["to_label"] in chosen.inner_text()
        # the chosen block under the buttons it lists the moves of
        chosen_top = chosen.bounding_box()
        assert chosen_top is not None and chosen_top["y"] > y
        page.screenshot(path=f"/tmp/h26-click2-{width}.png")
        decision(tab).get_by_role("button", name="Start over").click()
        wait_for_units(tab, 0)
    quiet(tab)
