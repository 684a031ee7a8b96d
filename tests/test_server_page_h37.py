"""A fresh user's confusions on the page of ``elgrande serve`` (issue 30, h37; f28), in a
real browser (Playwright driving Chromium, tests/browser.py) against a real ``elgrande
serve`` process. Every seat is a human played through the API from one seeded
``random.Random`` (no bot races the page; :func:`test_server_page_h29.advance`); where a
test draws controls of its own on the page it draws them on the state reached.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import httpx
import pytest
from browser import Tab
from serve_util import play_turn, seat_state, token_of
from test_server_page import create, decision, page_state, quiet
from test_server_page_h29 import advance, open_seat, past_own, shot
from test_server_page_layout import _render_moves
from test_server_page_preview import DRAW


@pytest.fixture(scope="module")
def bidding(server: str) -> dict[str, Any]:
    """A 3-seat base game (every seat a person) played through the API to seat 0's power
    card of round 2: its links."""
    links = create(server, 3, 37, {}, ["base"])
    advance(server, links, 37, lambda st: (st["view"].get("state") or {}).get("round") == 2
            and (st.get("controls") or {}).get("kind") == "choose_power_card")
    return links


def _since_top(tab: Tab) -> list[str]:
    """The lines of the "Since your last choice" box (all, folded ones too)."""
    return list(page_state(tab)["since"] or [])


@pytest.mark.rule("B3.2")
def test_the_since_box_leaves_out_the_seat_s_own_answer(
        server: str, new_tab: Callable[[], Tab]) -> None:
    """f28 ("Since your last choice" began with "Ben plays power card 3.", the seat's own
    choice): a seat plays its power card on the page, the others theirs through the API;
    its next decision's box starts after its own line (the others' cards, not its own);
    an answer followed at once by the same seat's next decision (a card taken, then the
    placement) shows no box at all (fails on the old page: it listed the seat's line)."""
    links = create(server, 3, 38, {}, ["base"])
    advance(server, links, 38,
            lambda st: (st.get("controls") or {}).get("kind") == "choose_power_card")
    tab = open_seat(server, links, new_tab, 0, 1280, 900)
    page = tab.page
    st = page_state(tab)
    name = st["state"]["names"][0]
    decision(tab).get_by_role("list", name="Choices").locator("button:enabled").first.click()
    tab.wait_past(st["n"])
    kept = int(page.evaluate("(k) => sessionStorage.getItem(k)",
                             f"elgrande-since:{st['state']['game']}:0"))
    tokens = [token_of(link) for link in links["seats"]]
    rng = random.Random(38)
    with httpx.Client(base_url=server, timeout=30) as client:
        for _ in range(50):
            now = seat_state(client, links["game"], tokens[0])
            if now.get("controls"):
                break
            for t in tokens[1:]:
                play_turn(client, links["game"], t, rng)
        else:
            raise AssertionError("seat 0 was never asked again")
    page.wait_for_function("(n) => window.elgrandePage.n === n", arg=now["n"])
    log = now["log"]
    assert log[kept].startswith(f"{name} plays "), log[kept:]  # its own line first
    since = _since_top(tab)
    want = [x.strip() for x in log[past_own(log, name, kept, st["state"]["names"]):]
            if x.strip()]
    assert since and since == want, (since, log[kept:])
    assert not any(x.startswith(name + " ") for x in since[:1]), since
    quiet(tab)


@pytest.mark.rule("B4.2", "B4.3")
def test_a_card_taken_then_the_placement_shows_no_since_box(
        server: str, new_tab: Callable[[], Tab]) -> None:
    """f28: the seat takes an action card on the page and is asked its next step at once
    (what first, the caballeros or the special action, B4.3): its own "NAME takes ..."
    line is no news, so there is no box (fails on the old page: the box said it)."""
    links = create(server, 3, 39, {}, ["base"])
    advance(server, links, 39,
            lambda st: (st.get("controls") or {}).get("kind") == "choose_action_card")
    tab = open_seat(server, links, new_tab, 0, 1280, 900)
    st = page_state(tab)
    name = st["state"]["names"][0]
    decision(tab).get_by_role("list", name="Choices").locator("button:enabled").first.click()
    tab.wait_past(st["n"])
    tab.page.wait_for_function("window.elgrandePage.controls")  # its next step at once
    log = page_state(tab)["state"]["log"]
    assert log[len(st["state"]["log"])].startswith(f"{name} takes "), log[-3:]
    assert _since_top(tab) == []
    assert tab.page.locator("#since").is_hidden()
    quiet(tab)


def test_a_move_s_count_says_chosen_not_moved(
        server: str, bidding: dict[str, Any], new_tab: Callable[[], Tab]) -> None:
    """f28 ("1 caballero moved (at most 3)" while not sent): the count of a move says the
    caballeros are chosen to move, as the placement's says "chosen"."""
    tab = open_seat(server, bidding, new_tab, 0, 1280, 900)
    ids = tab.page.evaluate("Array.from(document.querySelectorAll('#board g.place[data-place]'))"
                            ".map(g => g.getAttribute('data-place'))")
    o = {"unit": [1], "label": "a to b", "enabled": True, "count": 1, "from": ids[0],
         "from_label": "A", "player": 0, "to": ids[1], "to_label": "B", "available": 3}
    for total, words in ((1, "1 caballero chosen to move (at most 3)"),
                         (2, "2 caballeros chosen to move (at most 3)")):
        _render_moves(tab, [{**o, "count": total}], total, None, 3)
        assert tab.page.locator("#progress").inner_text() == words
    tab.page.reload()
    quiet(tab)


#: The map's marks of a selection not sent: "+n" labels, dashed badges, "3→5" counts.
MARKS = """() => ({plus: Array.from(document.querySelectorAll(
    '#board g#pending text.pending-count')).map(t => t.dataset.place + ' ' + t.textContent),
  ghosts: document.querySelectorAll('#board g#pending g.preview-new').length,
  counts: Array.from(document.querySelectorAll('#board g#pending g.preview-count'))
    .map(g => g.dataset.place + ' ' + g.querySelector(':scope > text').textContent)})"""


@pytest.mark.rule("B4.1", "B4.3")
def test_a_placement_is_marked_once_on_the_map(
        server: str, bidding: dict[str, Any], new_tab: Callable[[], Tab]) -> None:
    """f28 (Aragon during a placement: "Aragon +3", a dashed "3" and "0→3" at once): a
    placement chosen shows one mark a place, the "+n" beside its name, whether the seat
    has caballeros there or not (fails on the old page: a dashed badge and "N→M" too);
    caballeros taken from a region (to the court, B4.1) are no "+n": the count before and
    after says it."""
    tab = open_seat(server, bidding, new_tab, 0, 1280, 900)
    have = tab.page.evaluate("""() => Array.from(document.querySelectorAll(
        '#board g.caballeros[data-player="0"]')).map(g => [g.dataset.place, +g.dataset.count])""")
    regions = tab.page.evaluate("""() => Array.from(document.querySelectorAll(
        '#board g.place[data-kind="region"]')).map(g => g.dataset.place)""")
    held = dict(have)
    full = next(p for p in regions if p in held)
    empty = next(p for p in regions if p not in held)
    opts = [{"place": p, "count": k, "enabled": True, "unit": [i], "label": p}
            for i, (p, k) in enumerate(((full, 2), (empty, 3)))]
    tab.page.evaluate(DRAW, ["counts", "place_caballeros", opts])
    got = tab.page.evaluate(MARKS)
    shot(tab, "h37-1-placement-once")
    assert sorted(got["plus"]) == sorted([f"{full} +2", f"{empty} +3"]), got
    assert got["ghosts"] == 0 and got["counts"] == [], got
    tab.page.evaluate(DRAW, ["counts", "bring_to_court", [{**opts[0], "count": 1}]])
    got = tab.page.evaluate(MARKS)
    n = held[full]
    assert got["plus"] == [] and got["counts"] == [f"{full} {n}→{n - 1}"], got
    tab.page.reload()
    quiet(tab)


def _farthest(tab: Tab) -> tuple[str, str]:
    """The two regions of the map whose centres are farthest apart across it."""
    pair: list[str] = tab.page.evaluate("""() => {
        const gs = Array.from(document.querySelectorAll('#board g.place[data-kind="region"]'));
        const c = g => { const b = g.getBBox(); return b.x + b.width / 2; };
        gs.sort((a, b) => c(a) - c(b));
        return [gs[gs.length - 1].dataset.place, gs[0].dataset.place]; }""")
    return pair[0], pair[1]


@pytest.mark.rule("B8.2")
def test_on_a_phone_the_arrows_show_whole_and_done_is_one_tap_away(
        server: str, bidding: dict[str, Any], new_tab: Callable[[], Tab]) -> None:
    """f28 (390x844: "Show the arrows on the map" cut the Valencia → Galicia arrow at both
    edges and left Done off the screen): a move across the whole map chosen, the button
    brings every arrow and "×n" whole into the map's view (the map drawn smaller where
    they are wider than the screen; fails on the old page), a button at the map's top
    leads back to Done (in view after its tap), and the map is its usual size again."""
    tab = open_seat(server, bidding, new_tab, 0, 390, 844)
    page = tab.page
    src, to = _farthest(tab)
    o = {"unit": [1], "label": f"{src} to {to}", "enabled": True, "count": 2, "from": src,
         "from_label": src.upper(), "player": 0, "to": to, "to_label": to.upper(),
         "available": 3}
    _render_moves(tab, [o], 2, f"{src}|0|", 3)
    page.evaluate("document.getElementById('board-area').scrollLeft = 0")
    width = page.evaluate("document.querySelector('#board svg').getBoundingClientRect().width")
    decision(tab).get_by_role("button", name="Show the arrows on the map").click()
    marks = "#board g#pending .pending-move, #board g#pending text.pending-count"
    out = page.evaluate("""(sel) => { const a = document.getElementById('board-area');
        const r = a.getBoundingClientRect();
        return Array.from(document.querySelectorAll(sel)).map(m => {
          const b = m.getBoundingClientRect();
          return [b.left - r.left, r.left + a.clientWidth - b.right, b.top, b.bottom]; }); }""",
                        marks)
    assert len(out) == 2, out
    assert all(left >= 0 and right >= 0 for left, right, _, _ in out), out
    assert all(top >= 0 and bottom <= 844 for _, _, top, bottom in out), out  # on screen
    shot(tab, "h37-2-phone-arrows")
    back = page.locator("#arrows-back")
    box = back.bounding_box()
    assert box is not None and 0 <= box["y"] and box["y"] + box["height"] <= 844, box
    back.click()
    page.wait_for_function("""() => { const r = document.getElementById('done')
        .getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight; }""")
    assert back.is_hidden()
    assert page.evaluate("document.querySelector('#board svg').getBoundingClientRect().width") \
        == width
    page.reload()
    quiet(tab)


@pytest.mark.rule("B4.1")
def test_on_a_phone_the_since_box_keeps_apart_from_the_done_row(
        server: str, new_tab: Callable[[], Tab]) -> None:
    """f28 (390x844: the "Done: bring 5 of up to 5" row sat right on the "Since your last
    choice" box): at a court step with the box under the buttons, after a "+" (a notice
    then lies between them, hidden) the box still starts 6 px or more under the row
    (fails on the old page: 0 px)."""
    links = create(server, 3, 36, {}, ["base"])
    advance(server, links, 36, lambda st: (st.get("controls") or {}).get("kind") ==
            "bring_to_court" and (st["view"].get("state") or {}).get("round", 0) >= 2)
    tab = open_seat(server, links, new_tab, 0, 390, 844)
    page = tab.page
    page.evaluate("(k) => sessionStorage.setItem(k, String(Math.max(0, "
                  "window.elgrandePage.state.log.length - 12)))",
                  f"elgrande-since:{links['game']}:0")
    page.reload()
    page.wait_for_function("window.elgrandePage && window.elgrandePage.controls")
    gap = "(document.getElementById('since').getBoundingClientRect().top - " \
        "document.getElementById('actions').getBoundingClientRect().bottom)"
    assert page.locator("#since").is_visible()
    assert page.evaluate(gap) >= 6
    plus = decision(tab).get_by_role("button", name="one more: the provinces")
    plus.click()
    page.wait_for_function("window.elgrandePage.controls.total === 1")
    assert page.evaluate(gap) >= 6, page.evaluate(gap)
    shot(tab, "h37-3-phone-since-gap")
    quiet(tab)


def test_the_host_s_page_marks_the_host_s_own_seat(
        server: str, new_tab: Callable[[], Tab]) -> None:
    """f28 (the host's page listed both people as "a person (their link)"): the first seat a
    person plays (the host's, as the new game's form says) reads "you (your link)", the
    other people's "a person (their link)", a bot's its kind."""
    links = create(server, 3, 40, {0: "greedy"}, ["base"])
    host = new_tab()
    host.page.goto(server + links["admin"])
    box = host.page.get_by_role("region", name="Host")
    box.wait_for()
    rows = box.locator("tbody tr:not(.link-row)")
    rows.nth(2).wait_for()
    cells = [r.locator("td").nth(2).inner_text() for r in rows.all()]
    assert cells == ["a bot (greedy)", "you (your link)", "a person (their link)"], cells
    quiet(host)
