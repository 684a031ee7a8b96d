"""A move's sources in a real browser (Playwright driving Chromium, tests/browser.py)
against a real ``elgrande serve`` process (B8.2): the chosen source is pressed; a source
with nothing to move is no button; a source whose caballeros are all moved stays chosen,
its "to" buttons off with the reason, and no click moves another source's caballeros
unasked (f17)."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from browser import Tab
from move_words import owner, source_name
from test_server_page import create, decision, open_seats, page_state, quiet, wait_for_units
from test_server_page_answering import seat_at


def _key(o: dict[str, Any]) -> tuple[Any, ...]:
    return (o["from"], o["player"], o.get("kind"))


def _spendable(c: dict[str, Any]) -> bool:
    """A move with two sources open, one of which can be emptied before the maximum."""
    if c["form"] != "moves" or c["total"]:
        return False
    open_ = {_key(o): o for o in c["options"] if o["enabled"]}
    return len(open_) >= 2 and any(
        1 <= int(o.get("available") or 0) < c["max"] for o in open_.values())


@pytest.mark.slow
@pytest.mark.rule("B8.2")
def test_a_spent_source_stays_chosen_and_moves_nothing_else(
        server: str, new_tab: Callable[[], Tab]) -> None:
    met = seat_at(server, new_tab, _spendable)
    assert met is not None, "no move with a source to empty met"
    tab, c = met
    dec = decision(tab)
    names = page_state(tab)["state"]["names"]
    srcs = dec.get_by_role("list", name="Move from").get_by_role("button")
    # no source with nothing to move (f17: empty regions were buttons)
    shown = {b.inner_text() for b in srcs.all()}
    def label(o: dict[str, Any]) -> str:
        who = owner(page_state(tab)["state"], o["player"])
        return f"from {o['from_label']}: {who}" + (f" ({o['kind_label']})" if "kind_label" in o
                                                  else "")
    empty = {label(o) for o in c["options"] if o.get("available") == 0} - {
        label(o) for o in c["options"] if o["enabled"]}
    assert not {re.sub(r" \(\d+\)$", "", b) for b in shown} & empty, empty
    o = next(o for o in c["options"] if o["enabled"] and 1 <= o["available"] < c["max"])
    who = names[o["player"]] if o["player"] >= 0 else "black caballero"
    src = dec.get_by_role("list", name="Move from").get_by_role("button", name=source_name(tab, o))
    other = next(b for b in srcs.all() if b.is_enabled()
                 and not source_name(tab, o).match(b.inner_text()))
    before = other.evaluate("b => getComputedStyle(b).backgroundColor")
    if src.get_attribute("aria-pressed") != "true":
        src.click()
    assert src.get_attribute("aria-pressed") == "true"
    # the chosen source looks chosen, not only the heading says it (f17)
    assert src.evaluate("b => getComputedStyle(b).backgroundColor") != before
    to = dec.get_by_role("list", name="Move to").get_by_role(
        "button", name=f"+1 to {o['to_label']}", exact=True)
    for i in range(o["available"]):
        to.click()
        wait_for_units(tab, i + 1)
    # all moved: the source stays chosen; its "to" buttons off, saying to choose another
    assert src.get_attribute("aria-pressed") == "true" and other.get_attribute(
        "aria-pressed") == "false"
    assert to.is_disabled()
    head = dec.locator("h3").filter(has_text="choose another source")
    assert head.count() == 1, dec.locator("h3").all_inner_texts()
    all_ = o["available"]
    whose = "yours" if o["player"] == page_state(tab)["state"]["seat"] else f"{who}'s"
    words = (f"the only one of {whose} is moved" if all_ == 1 else
             f"all {all_} of {whose} are moved")
    assert head.inner_text() == words[0].upper() + words[1:] + ": choose another source", \
        head.inner_text()
    assert words in dec.get_by_role("list", name="Move to").locator(".why").first.inner_text()
    to.click(force=True)  # a fourth click: nothing moved
    tab.page.wait_for_timeout(200)
    assert page_state(tab)["controls"]["total"] == all_
    assert len(page_state(tab)["units"]) == all_
    # another source chosen: its moves go on
    other.click()
    assert other.get_attribute("aria-pressed") == "true"
    assert dec.get_by_role("list", name="Move to").get_by_role("button").first.is_enabled()
    # on a phone the map is out of sight under the decision (f18): the heading does not
    # point at arrows there; a button brings the map into view
    tab.page.set_viewport_size({"width": 390, "height": 844})
    dec.get_by_role("list", name="Move to").get_by_role("button").first.click()  # (drawn again)
    wait_for_units(tab, all_ + 1)
    chosen = dec.locator("h3").filter(has_text="Chosen, not sent yet")
    assert chosen.inner_text() == "Chosen, not sent yet (Done sends them)"
    dec.get_by_role("button", name="Show the arrows on the map").click()
    tab.page.wait_for_function(
        "(r => r.top > -2 && r.top < innerHeight / 2)("
        "document.getElementById('board-area').getBoundingClientRect())")
    quiet(tab)


def test_on_a_phone_the_seat_s_own_box_is_right_under_the_map(
        server: str, new_tab: Callable[[], Tab]) -> None:
    """f17: the seat's own box (court, hand) came after the decision and the offer though
    docs/serve.md put the boxes under the map: now right under the map (the decision
    above the map since f18), the others' boxes after it (B1.1, B3.2)."""
    links = create(server, 3, 5, {1: "greedy", 2: "greedy"}, ["base"])
    (tab,), _ = open_seats(server, links, new_tab, [0])
    p = tab.page
    p.set_viewport_size({"width": 390, "height": 844})
    decision(tab).wait_for()

    def top(sel: str) -> float:
        return float(p.locator(sel).first.evaluate("e => e.getBoundingClientRect().top"))
    board = p.locator("#board-area").evaluate("e => e.getBoundingClientRect().bottom")
    mine = top("#players svg.mine")
    assert p.locator("#players svg.mine g.player[data-player='0']").count() == 1
    # f18: the decision first (right under the header), then the map, then the own box
    assert top("#decision") < top("#board-area") and board <= mine, (board, mine)
    others = p.locator("#players svg:not(.mine)")
    assert others.count() >= 3  # two boxes, the legend
    assert all(float(o.evaluate("e => e.getBoundingClientRect().top")) > mine
               for o in others.all())
    # a wide screen: the boxes beside the map as before, the own one first
    p.set_viewport_size({"width": 1400, "height": 1000})
    def at(sel: str) -> list[float]:
        return [float(x) for x in p.locator(sel).first.evaluate(
            "e => [e.getBoundingClientRect().top, e.getBoundingClientRect().left]")]
    assert at("#players svg.mine") < at("#players svg:not(.mine)")
    quiet(tab)
