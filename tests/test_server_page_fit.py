"""The page of ``elgrande serve`` fits its screen, in a real browser (Playwright driving
Chromium, tests/browser.py) against a real ``elgrande serve`` process: at every decision
of a seeded game's first rounds (the action cards' choice with their long labels among
them), on a phone (390 px) and on wide screens (1280 to 1920 px), the page never scrolls
sideways and no option's button runs past its panel; the new-game form's fields are
readable on a phone."""

from __future__ import annotations

import random
from collections.abc import Callable

import httpx
import pytest
from browser import Tab
from test_server_page import NOTICE_COVERS, create, open_seats, quiet, token_of

#: The widths (CSS px) the page must fit: a phone, then common desktop screens.
WIDTHS = (390, 1280, 1366, 1600, 1920)


_FIT = """() => {
  const panel = document.getElementById('decision').getBoundingClientRect();
  const out = Array.from(document.querySelectorAll('#decision button, #options .card-text'))
    .filter(b => b.offsetParent !== null)
    .map(b => b.getBoundingClientRect())
    .filter(r => r.right > panel.right + 0.5 || r.left < panel.left - 0.5);
  const texts = Array.from(document.querySelectorAll('#options .card-text'))
    .map(t => t.getBoundingClientRect().width);
  return {scroll: document.documentElement.scrollWidth, inner: window.innerWidth,
          outside: out.length, narrowest: texts.length ? Math.min(...texts) : null};
}"""


def _fits(tab: Tab, what: str) -> bool:
    """At every width of WIDTHS: no sideways scroll, every button of the decision inside
    its panel, a card's text at least 150 px wide; True when the options had card texts."""
    texts = False
    for width in WIDTHS:
        tab.page.set_viewport_size({"width": width, "height": 900})
        tab.page.evaluate("new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
        got = tab.page.evaluate(_FIT)
        assert got["scroll"] <= got["inner"], (width, what, got)
        assert got["outside"] == 0, (width, what, got)
        if got["narrowest"] is not None:
            texts = True
            assert got["narrowest"] >= 150, (width, what, got)
    return texts


@pytest.mark.slow
@pytest.mark.rule("B3.1", "B4.1")
def test_no_sideways_scroll_at_any_decision_of_the_first_rounds(
        server: str, new_tab: Callable[[], Tab]) -> None:
    """B3.1/B4.1: a 4-seat base game (seat 0 a person, three bots) played by its API; at
    each of the person's decisions of its first two rounds (power cards, action cards with
    their long labels and texts, placements, regions) the page fits every width of
    WIDTHS: no sideways scroll, no button past the decision's panel, the cards' texts
    readable (150 px wide at least, not one word a line)."""
    links = create(server, 4, 5, {1: "greedy", 2: "greedy", 3: "random"}, ["base"])
    token = token_of(links["seats"][0])
    (tab,), _ = open_seats(server, links, new_tab, [0])
    rng = random.Random(5)
    seen, cards = 0, 0
    from serve_util import play_turn, seat_state
    with httpx.Client(base_url=server, timeout=30) as c:
        for _ in range(400):
            st = seat_state(c, links["game"], token)
            if "== Round 3 ==" in st["log"] or st["over"]:
                break
            if st["controls"] is None:
                continue
            tab.page.reload()
            tab.page.wait_for_function("(n) => window.elgrandePage.n === n", arg=st["n"])
            cards += _fits(tab, st["controls"]["prompt"])
            seen += 1
            play_turn(c, links["game"], token, rng, st)
    assert seen >= 6 and cards >= 1, (seen, cards)
    quiet(tab)


def test_the_new_game_form_is_readable_on_a_phone(server: str, new_tab: Callable[[], Tab]) -> None:
    """The home page's form on a 390-px phone: each seat's "played by" select shows its
    choice whole (not cut to "a" or "gr"), the name fields are usable, and the page does
    not scroll sideways."""
    tab = new_tab()
    tab.page.set_viewport_size({"width": 390, "height": 844})
    tab.page.goto(server + "/")
    tab.page.wait_for_selector("form#new .seat select")
    got = tab.page.evaluate("""() => Array.from(document.querySelectorAll(
        'form#new .seat select, form#new .seat input')).map(e => {
          const r = e.getBoundingClientRect();
          let need = 0;
          if (e.tagName === 'SELECT') {
            const c = document.createElement('canvas').getContext('2d');
            c.font = getComputedStyle(e).font;
            need = Math.max(...Array.from(e.options).map(o => c.measureText(o.text).width));
          }
          return {tag: e.tagName, width: r.width, right: r.right, need: need};
        })""")
    assert got, "no seat fields"
    for f in got:
        assert f["right"] <= 390, f
        if f["tag"] == "SELECT":
            assert f["width"] >= f["need"] + 20, f  # its longest choice and the arrow
        else:
            assert f["width"] >= 100, f  # a name of a dozen letters
    assert tab.page.evaluate("document.documentElement.scrollWidth") <= 390
    quiet(tab)


def _seat(server: str, new_tab: Callable[[], Tab], width: int, height: int) -> Tab:
    """Seat 0 (a person, three bots) of a new 4-seat base game, at its first decision,
    in a window of ``width`` × ``height`` CSS px."""
    links = create(server, 4, 11, {1: "greedy", 2: "greedy", 3: "greedy"}, ["base"])
    (tab,), _ = open_seats(server, links, new_tab, [0])
    tab.page.set_viewport_size({"width": width, "height": height})
    tab.page.wait_for_function("window.elgrandePage.controls")
    tab.page.evaluate("new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
    return tab


def test_on_a_phone_your_turn_in_the_header_goes_to_the_decision(
        server: str, new_tab: Callable[[], Tab]) -> None:
    """On a 390-px phone the decision is right under the header (f18: under the map, a
    phone's first screen did not say what to do); the page scrolled down, past it, the
    header's "Your turn: ..." is a button that scrolls it into view."""
    tab = _seat(server, new_tab, 390, 844)
    top = "document.getElementById('decision').getBoundingClientRect().top"
    assert 0 < tab.page.evaluate(top) < 844 / 4  # on the first screen, at its top
    tab.page.evaluate("window.scrollTo(0, 100000)")
    assert tab.page.evaluate(top) < 0  # scrolled past it
    go = tab.page.locator("#turn").get_by_role("button")
    assert go.inner_text().startswith("Your turn: ")
    go.click()
    tab.page.wait_for_function(f"{top} >= -1 && {top} < 60")
    quiet(tab)


@pytest.mark.rule("B4.1")
def test_a_click_on_no_choice_says_why_without_moving_the_decision(
        server: str, new_tab: Callable[[], Tab]) -> None:
    """B4.1: a click on a place of the map that is no choice of the decision (the power
    card's choice has none) says why in an alert in the decision's panel under its
    buttons (f14: laid over the panel it hid the "Since your last choice" box; f15:
    above the panel, the header's prompt), on the screen: the
    panel, its heading and every one of its buttons stay where they were (the next click
    lands where it was aimed); the next click dismisses it."""
    tab = _seat(server, new_tab, 1366, 900)
    where = ("() => ['decision', 'prompt'].map(i =>"
             " Math.round(document.getElementById(i).getBoundingClientRect().top)).concat("
             " Array.from(document.querySelectorAll('#decision button')).map(b =>"
             " Math.round(b.getBoundingClientRect().top)))")
    before = tab.page.evaluate(where)
    assert len(before) > 3  # the power cards' buttons among them
    tab.page.locator("#board g.place[data-place]").first.click()
    alert = tab.page.locator("#decision").get_by_role("alert")
    alert.wait_for()
    assert "is not one of the choices" in alert.inner_text()
    assert tab.page.evaluate(where) == before
    assert tab.page.evaluate("document.getElementById('actions').nextElementSibling.id") == "notice"
    box, panel = alert.bounding_box(), tab.page.locator("#decision").bounding_box()
    assert box is not None and panel is not None
    assert panel["y"] <= box["y"] and box["y"] + box["height"] <= panel["y"] + panel["height"], (
        box, panel)  # in the panel, under its buttons (f15: above it, it hid the header)
    assert tab.page.evaluate(NOTICE_COVERS) == []
    tab.page.locator("header h1").click()  # the next click, anywhere
    alert.wait_for(state="hidden")
    assert tab.page.evaluate(where) == before
    quiet(tab)


@pytest.mark.rule("B3.2")
def test_a_power_card_not_playable_says_why_without_a_hover(
        server: str, new_tab: Callable[[], Tab]) -> None:
    """B3.2: at the power card choice, a value another player played this round has no
    button of its own: it is in the one collapsed line under the options ("Why not the
    others?"), shown with no hover, which opened names the card and its rule."""
    from serve_util import play_turn, seat_state

    links = create(server, 4, 11, {1: "greedy", 2: "greedy", 3: "greedy"}, ["base"])
    token = token_of(links["seats"][0])
    (tab,), _ = open_seats(server, links, new_tab, [0])
    rng = random.Random(3)
    with httpx.Client(base_url=server, timeout=30) as c:
        for _ in range(300):
            st = seat_state(c, links["game"], token)
            ctl = st["controls"]
            folded = [o for o in (ctl or {}).get("options", []) if o.get("folded")]
            if ctl and ctl["form"] == "pick" and folded and any(
                    o.get("rule") == "B3.2" for o in folded):
                break
            if ctl is not None:
                play_turn(c, links["game"], token, rng, st)
        else:
            raise AssertionError("no power card choice with a value played by another")
    tab.page.reload()
    tab.page.wait_for_function("(n) => window.elgrandePage.n === n", arg=st["n"])
    fold = tab.page.locator("#decision details.fold")
    summary = fold.locator("summary")
    assert summary.is_visible() and summary.inner_text() == "Why not the others?"
    buttons = tab.page.locator("#options button").all_inner_texts()
    assert all(o["label"] not in buttons for o in folded)  # no button of their own
    summary.click()
    text = fold.inner_text()
    for o in folded:
        assert o["label"] in text and o["rule"] + ": " in text, (o, text)
    last, line = tab.page.locator("#options button").last.bounding_box(), fold.bounding_box()
    assert line["y"] >= last["y"] + last["height"] - 0.5  # under the buttons, on none
    quiet(tab)


_SEEN = """(sel) => { const e = document.querySelector(sel);
  if (!e || e.hidden) { return null; }
  const r = e.getBoundingClientRect();
  return {top: r.top, bottom: r.bottom, inner: window.innerHeight}; }"""


@pytest.mark.rule("B4.1", "B8.5")
def test_on_a_phone_a_tap_on_the_map_is_answered_on_the_screen(
        server: str, new_tab: Callable[[], Tab]) -> None:
    """B4.1/B8.5: on a 390 × 844 phone the decision is above the map, out of sight once
    the map is scrolled to; a tap on a place of the map that is no choice says why in an
    alert on the screen (h29: right under the map, covering none of it), and a tap on a
    region at the secret disc's choice holds it with its "Send" and "Change" on the
    screen too."""
    from serve_util import play_turn, seat_state

    links = create(server, 3, 9, {1: "greedy", 2: "random"}, ["base"])
    token = token_of(links["seats"][0])
    (tab,), _ = open_seats(server, links, new_tab, [0])
    tab.page.set_viewport_size({"width": 390, "height": 844})
    tab.page.wait_for_function("window.elgrandePage.controls")
    tab.page.locator("#board g.place[data-place]").first.click()
    alert = tab.page.locator("#notice")
    alert.wait_for()
    assert "is not one of the choices" in alert.inner_text()
    tab.page.evaluate("new Promise(r => requestAnimationFrame(() => requestAnimationFrame("
                      "() => requestAnimationFrame(r))))")  # (scrolled to it once settled)
    got = tab.page.evaluate(_SEEN, "#notice")
    assert got is not None and 0 <= got["top"] and got["bottom"] <= got["inner"] + 0.5, got
    # h29: in the flow right under the map (a bar at the screen's bottom covered the map)
    assert got["top"] >= tab.page.evaluate(_SEEN, "#board-area")["bottom"] - 0.5, got
    dec = tab.page.evaluate(_SEEN, "#decision")  # scrolled to the map: its options
    board = tab.page.evaluate(_SEEN, "#board-area")  # above it, out of sight
    assert dec["bottom"] <= board["top"], (dec, board)
    rng = random.Random(9)
    with httpx.Client(base_url=server, timeout=30) as c:
        for _ in range(2000):
            st = seat_state(c, links["game"], token)
            if st["controls"] is not None and st["controls"]["secret"]:
                break
            play_turn(c, links["game"], token, rng, st)
        else:
            raise AssertionError("no secret choice")
    tab.page.reload()
    tab.page.wait_for_function("(n) => window.elgrandePage.n === n", arg=st["n"])
    tab.page.locator("#board g.place.choosable").first.click()
    tab.page.locator("#send-held").wait_for()
    for sel in ("#held", "#send-held", "#change-held"):
        got = tab.page.evaluate(_SEEN, sel)
        assert got is not None and 0 <= got["top"], (sel, got)
        assert got["bottom"] <= got["inner"] + 0.5, (sel, got)
        assert got["bottom"] >= got["inner"] - 80, (sel, got)  # in the bar at the bottom
    assert "Chosen, not sent yet: " in tab.page.locator("#held").inner_text()
    tab.page.locator("#change-held").click()
    tab.page.locator("#held").wait_for(state="detached")
    quiet(tab)
