"""What a new user sees first on the page of ``elgrande serve`` (f18), in a real browser
(Playwright driving Chromium, tests/browser.py) against a real ``elgrande serve`` process:
on a phone the decision right under the header, above the map; the board's note with no
arrow alone on a line; the header's prompt whole (wrapped, never cut with an ellipsis) at
1400, 1024 and 390 px; the host's links said whole beside their Copy buttons; the cards on
offer saying plainly that a click shows a card's whole text."""

from __future__ import annotations

import random
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest
from browser import Tab
from test_server_page import create, open_seats, quiet, token_of

#: Where the tests leave their screenshots (to be looked at).
SHOTS = Path(tempfile.gettempdir()) / "elgrande-shots"

_FRAME = "new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))"


def _shot(tab: Tab, name: str) -> None:
    """A full-page screenshot in SHOTS (outside the work tree)."""
    SHOTS.mkdir(exist_ok=True)
    tab.page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def play_to(server: str, want: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
    """A new 3-seat base game (seat 0 a person, two bots, seed 9) played by its API to
    seat 0's first decision whose controls ``want`` accepts: its links, and those
    controls as "controls".

    Raises:
        AssertionError: no such decision within 2000 answers.
    """
    from serve_util import play_turn, seat_state

    links = create(server, 3, 9, {1: "greedy", 2: "random"}, ["base"])
    token = token_of(links["seats"][0])
    rng = random.Random(9)
    with httpx.Client(base_url=server, timeout=30) as c:
        for _ in range(2000):
            st = seat_state(c, links["game"], token)
            if st["controls"] is not None and want(st["controls"]):
                return {**links, "controls": st["controls"]}
            play_turn(c, links["game"], token, rng, st)
    raise AssertionError("no such decision")


@pytest.fixture(scope="module")
def long_prompt(server: str) -> dict[str, Any]:
    """A 3-seat base game (seat 0 a person, two bots) played by its API to a decision of
    seat 0 whose prompt is 45 characters or more: its links and that prompt."""
    got = play_to(server, lambda ctl: len(ctl["prompt"]) >= 45)
    return {**got, "prompt": got["controls"]["prompt"]}


def _seat(server: str, links: dict[str, Any], new_tab: Callable[[], Tab], width: int,
          height: int) -> Tab:
    (tab,), _ = open_seats(server, links, new_tab, [0])
    tab.page.set_viewport_size({"width": width, "height": height})
    tab.page.wait_for_function("window.elgrandePage.controls")
    tab.page.evaluate(_FRAME)
    return tab


def test_on_a_phone_the_decision_is_the_first_thing_under_the_header(
        server: str, long_prompt: dict[str, Any], new_tab: Callable[[], Tab]) -> None:
    """A 390 × 844 phone: the decision's panel starts right under the header, its heading
    and first button on the first screen, the map after it, the players' boxes after the
    map; the board's note keeps each arrow on the line of the word beside it."""
    tab = _seat(server, long_prompt, new_tab, 390, 844)
    box = "(s) => { const r = document.querySelector(s).getBoundingClientRect();" \
          " return {top: r.top, bottom: r.bottom}; }"
    header = tab.page.evaluate(box, "header")
    decision = tab.page.evaluate(box, "#decision")
    board = tab.page.evaluate(box, "#board-area")
    players = tab.page.evaluate(box, "#players svg")
    assert 0 <= decision["top"] - header["bottom"] <= 20, (header, decision)
    assert board["top"] >= decision["bottom"], (decision, board)
    assert players["top"] >= board["bottom"], (board, players)
    first = tab.page.evaluate(box, "#decision #options button:enabled, #decision input:enabled")
    assert first["bottom"] <= 844, first  # something to answer, on the first screen
    assert tab.page.evaluate("document.documentElement.scrollWidth") <= 390
    _shot(tab, "phone-first-screen")
    # the note: no line holds an arrow alone (each arrow in a span not wrapped inside)
    note = tab.page.locator("#board-hint")
    area = tab.page.locator("#board-area")
    for x in (0, 150, 10000):
        area.evaluate("(e, x) => { e.scrollLeft = x; }", x)
        tab.page.evaluate(_FRAME)
        lines = note.evaluate("""p => {
            const r = document.createRange(), out = {};
            const walk = document.createTreeWalker(p, NodeFilter.SHOW_TEXT);
            for (let t = walk.nextNode(); t; t = walk.nextNode()) {
              for (let i = 0; i < t.length; i++) {
                r.setStart(t, i); r.setEnd(t, i + 1);
                const b = r.getClientRects()[0];
                if (!b) { continue; }
                const k = Math.round(b.top);
                out[k] = (out[k] || '') + t.data[i];
              }
            }
            return Object.values(out).map(s => s.trim()); }""")
        assert len(lines) >= 1 and all(line not in ("→", "←") for line in lines), lines
        assert "swipe" in note.inner_text()
    quiet(tab)


@pytest.mark.parametrize("width", [1400, 1024, 390])
def test_the_header_says_the_whole_prompt(
        server: str, long_prompt: dict[str, Any], new_tab: Callable[[], Tab],
        width: int) -> None:
    """At 1400 and 1024 px the header's "Your turn: ..." is the prompt's first clause
    (f29: the whole long prompt read heavily; page/host.js firstClause), the whole prompt
    in its title and the decision's heading, wrapped where it must (no ellipsis: its
    text no wider than its box), inside the screen; at
    390 px, the decision right under the header, it says "Your turn: answer just below ↓"
    (the prompt is not said twice) and the decision's heading is the whole prompt; a
    click on it brings the decision's panel to the screen's top."""
    tab = _seat(server, long_prompt, new_tab, width, 900)
    go = tab.page.locator("#turn").get_by_role("button")
    if width > 900:
        short = tab.page.evaluate("(p) => import('/page/host.js').then(m => m.firstClause(p))",
                                  long_prompt["prompt"])
        assert go.inner_text() == "Your turn: " + short
        assert long_prompt["prompt"] in (go.get_attribute("title") or "")
        assert tab.page.locator("#prompt").inner_text() == long_prompt["prompt"]
    else:
        assert go.inner_text() == "Your turn: answer just below ↓"
        heading = tab.page.locator("#prompt")
        assert heading.inner_text() == long_prompt["prompt"]
        assert heading.evaluate("h => h.scrollWidth <= h.clientWidth")
    fit = go.evaluate("b => ({sw: b.scrollWidth, cw: b.clientWidth,"
                      " over: getComputedStyle(b).textOverflow,"
                      " right: b.getBoundingClientRect().right,"
                      " turn: [b.parentNode.scrollWidth, b.parentNode.clientWidth]})")
    assert fit["sw"] <= fit["cw"] and fit["turn"][0] <= fit["turn"][1], fit
    assert fit["over"] != "ellipsis" and fit["right"] <= width, fit
    if width == 390:
        _shot(tab, "header-390")
        tab.page.evaluate("window.scrollTo(0, 100000)")
        go.click()
        top = "document.getElementById('decision').getBoundingClientRect().top"
        tab.page.wait_for_function(f"{top} >= -1 && {top} < 60")
    quiet(tab)


@pytest.mark.parametrize("width", [1385, 390])
def test_the_host_sees_each_link_whole_beside_its_copy_button(
        server: str, new_tab: Callable[[], Tab], width: int) -> None:
    """The host's page: each person's seat link and the spectator link are said whole
    (the page's origin and the token's last characters on screen, nothing cut), a Copy
    button on the same line as the link's start, and a focus selects the link whole."""
    links = create(server, 3, 9, {1: "greedy"}, ["base"])
    tab = new_tab()
    tab.page.set_viewport_size({"width": width, "height": 900})
    tab.page.goto(server + links["admin"])
    box = tab.page.get_by_role("region", name="Host")
    want = {"link of seat 1 (p1)": links["seats"][0], "link of seat 3 (p3)": links["seats"][2],
            "spectator link": links["spectator"]}
    for name, rel in want.items():
        link = box.get_by_role("textbox", name=name)
        link.wait_for()
        assert link.inner_text() == server + rel
        got = tab.page.evaluate(  # (one look: the element found and measured at once)
            "n => { const e = document.querySelector(`#host [aria-label=\"${n}\"]`),"
            " r = e.getBoundingClientRect(); return {sw: e.scrollWidth, cw: e.clientWidth,"
            " left: r.left, right: r.right, top: r.top}; }", name)
        assert got["sw"] <= got["cw"] and 0 <= got["left"] and got["right"] <= width, got
        copy = box.get_by_role("button", name="copy the " + name)
        cb = copy.bounding_box()
        assert cb is not None and cb["x"] >= got["right"] - 0.5, (cb, got)
        assert abs(cb["y"] - got["top"]) < 12, (cb, got)  # beside it
        link.focus()
        assert tab.page.evaluate("String(window.getSelection())") == server + rel
    assert box.get_by_role("textbox", name="link of seat 2 (p2)").count() == 0  # a bot's
    assert tab.page.evaluate("document.documentElement.scrollWidth") <= width
    box.scroll_into_view_if_needed()
    _shot(tab, f"host-{width}")
    quiet(tab)


def test_a_click_on_a_card_on_offer_shows_its_whole_text_as_the_hint_says(
        server: str, long_prompt: dict[str, Any], new_tab: Callable[[], Tab]) -> None:
    """B3.1: under the cards on offer the hint says a click shows a card's whole text; a
    click shows it under the card (the card's whole text, as the state has it), a click
    more hides it; the keyboard's Enter does the same."""
    tab = _seat(server, long_prompt, new_tab, 1280, 900)
    hint = tab.page.locator("#offer-hint")
    assert hint.inner_text().startswith("Click a card to read its whole text")
    offer = tab.page.evaluate("window.elgrandePage.state.offer")
    card = tab.page.locator("li.offer-card").first
    text = card.locator(".why")
    tab.page.mouse.move(0, 0)
    assert not text.is_visible()
    card.click()
    assert text.is_visible() and text.inner_text() == offer[0]["text"]
    assert card.get_attribute("aria-expanded") == "true"
    _shot(tab, "offer-click")
    card.click()
    tab.page.mouse.move(0, 0)
    assert not text.is_visible()
    card.focus()
    tab.page.keyboard.press("Enter")
    assert card.get_attribute("aria-expanded") == "true"
    quiet(tab)
