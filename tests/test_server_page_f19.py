"""What a fresh user (f19) met on the page of ``elgrande serve``, in a real browser
(Playwright driving Chromium, tests/browser.py) against a real ``elgrande serve`` process:
the form names each set by its title (cards/*/set.yaml), and says before a zip is chosen
that Intrigue & the King has no action-card stacks (I1); a card's text box and a lit button
show only on what a real pointer move went onto (not on what the layout moved under a
still pointer), and go at a press or when the page is drawn again."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest
import yaml
from browser import Tab
from serve_util import play_turn, play_until
from test_server_page import create, open_seats, token_of

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
        assert title in " ".join((p.locator("#fill-help").text_content() or "").split())
    note = p.locator("#ik-zip")
    assert not note.is_visible()
    fill = p.get_by_label("Fill")  # asked only with an expansion (f21)
    assert not fill.is_visible() and not p.locator("#fill-help").is_visible()
    sets.get_by_label("Intrigue & the King", exact=True).check()
    assert note.is_visible()
    assert fill.is_visible() and fill.input_value() == "provisional"
    assert "has no action-card stacks (I1)" in note.inner_text()
    assert "ik-zip" in (p.get_by_label("Homebrew cards (a zip of card files)")
                        .get_attribute("aria-describedby") or "")
    shot(tab, "01-form-ik")
    sets.get_by_label("Intrigue & the King", exact=True).uncheck()
    assert not note.is_visible()
    assert not fill.is_visible() and fill.input_value() == ""
    tab.assert_quiet()


SHOWN = ("() => Array.from(document.querySelectorAll('#offer-box .why'))"
         ".filter(w => w.offsetParent !== null).length")
#: A decision's button lit by the pointer: outlined (f20: no fill, one close to a chosen
#: button's looked chosen; tests/test_server_page_answering.py)
LIT = "(b) => getComputedStyle(b).outlineStyle === 'dashed'"


def _centre(loc: Any) -> tuple[float, float]:
    box = loc.bounding_box()
    assert box is not None
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


@pytest.mark.rule("B3.1")
def test_a_card_s_text_needs_a_real_move_onto_it(
        server: str, new_tab: Callable[[], Tab]) -> None:
    """B3.1 (f19): a card slid under a still pointer by the layout shows no text box (it
    does once the pointer moves on it); a card's text and a lit button go when the page
    is drawn again after an answer, the pointer still."""
    links = create(server, 3, 4, {1: "greedy", 2: "greedy"}, ["base"])
    (tab,), _ = open_seats(server, links, new_tab, [0])
    p = tab.page
    p.set_viewport_size({"width": 1280, "height": 900})
    card = p.locator("li.offer-card[tabindex]").first
    card.wait_for()
    card.scroll_into_view_if_needed()
    x, y = _centre(card)
    # a spacer pushes the list down; the pointer goes (really) where the card was; the
    # spacer gone, the card is back under the still pointer
    p.evaluate("() => { const s = document.createElement('div'); s.id = 'spacer';"
               " s.style.height = '300px'; const ul = document.getElementById('offer');"
               " ul.parentNode.insertBefore(s, ul); }")
    p.mouse.move(x, y)
    assert not card.evaluate("c => c.matches(':hover')")
    p.evaluate("() => document.getElementById('spacer').remove()")
    p.wait_for_function("(c) => c.matches(':hover')", arg=card.element_handle())
    assert p.evaluate(SHOWN) == 0
    shot(tab, "02-card-under-still-pointer")
    p.mouse.move(x + 3, y)  # a real move onto it: its text
    p.wait_for_function(SHOWN)
    shot(tab, "03-card-moved-onto")
    # a fresh state (the seat's answer sent from elsewhere) redraws: the text goes
    token = token_of(links["seats"][0])
    with httpx.Client(base_url=server, timeout=30) as c:
        st = c.get(f"/api/games/{links['game']}/state", params={"t": token}).json()
        n = st["n"]
        assert play_turn(c, links["game"], token, random.Random(1), st) == 200
    tab.wait_past(n)
    assert p.evaluate(SHOWN) == 0
    # a button under a still pointer is not lit; a real move onto it lights it
    button = p.locator("#decision button:enabled").first
    button.scroll_into_view_if_needed()
    bx, by = _centre(button)
    p.mouse.move(bx, by)
    p.wait_for_function(LIT, arg=button.element_handle())
    p.evaluate("() => { document.dispatchEvent(new KeyboardEvent('keydown')); }")
    assert not button.evaluate(LIT)  # a key (as a press, a redraw) unlights it
    tab.assert_quiet()


#: For every pair of places (neither the king's region) whose straight line crosses the
#: king's region: the move's arrow as the page draws it, and how many of its points lie
#: inside the king's region (in board units, along the drawn path).
AROUND = """() => import('/page/board.js').then(m => {
  const S = window.elgrandePage;
  const king = document.querySelector('#board g.king[data-place]').getAttribute('data-place');
  const shape = document.querySelector(`#board g.place[data-place="${king}"] > polygon`);
  const inK = (x, y) => shape.isPointInFill(new DOMPoint(x, y));
  const ids = Array.from(document.querySelectorAll('#board g.place[data-place]'))
    .map(g => g.getAttribute('data-place')).filter(i => i !== king);
  const out = [];
  ids.forEach(f => ids.forEach(t => {
    if (f === t) { return; }
    S.controls = {form: 'moves', kind: 'move_caballeros', total: 0, max: 99,
                  options: [{from: f, to: t, player: 0, count: 1, enabled: true,
                             unit: [f, t, 0], from_label: f, to_label: t}]};
    S.from = null;
    m.decorateBoard();
    const a = document.querySelector('#board g#pending .pending-move');
    const x1 = +a.getAttribute('x1'), y1 = +a.getAttribute('y1'),
          x2 = +a.getAttribute('x2'), y2 = +a.getAttribute('y2');
    let straight = 0;
    for (let j = 1; j < 40; j++) {
      if (inK(x1 + (x2 - x1) * j / 40, y1 + (y2 - y1) * j / 40)) { straight++; }
    }
    if (!straight) { return; }
    const len = a.getTotalLength();
    let drawn = 0;
    for (let j = 1; j < 40; j++) {
      const p = a.getPointAtLength(len * j / 40);
      if (inK(p.x, p.y)) { drawn++; }
    }
    out.push({from: f, to: t, tag: a.tagName, drawn: drawn, straight: straight});
  }));
  return {king: king, crossing: out};
})"""


@pytest.mark.rule("B8")
def test_a_move_s_arrow_goes_around_the_king_s_region(
        server: str, new_tab: Callable[[], Tab]) -> None:
    """B8 (f19): a move's arrow whose straight line would cross the king's region (as if
    its caballeros passed through it) is drawn as a curve around that region, for every
    such pair of places (half at least wholly out of it, the others only grazing it by an end)."""
    links = create(server, 4, 5, {1: "greedy", 2: "random", 3: "random"}, ["base"])
    (tab,), _ = open_seats(server, links, new_tab, [0])
    tab.page.set_viewport_size({"width": 1280, "height": 900})
    tab.page.wait_for_function("window.elgrandePage.controls")
    got = tab.page.evaluate(AROUND)
    assert len(got["crossing"]) >= 4, got  # the test means something
    for a in got["crossing"]:  # (an end by the region's edge: a graze, at most half the line's)
        assert a["tag"] == "path" and a["drawn"] * 2 <= a["straight"], (
            got["king"], a)
    assert sum(a["drawn"] == 0 for a in got["crossing"]) * 2 >= len(got["crossing"])
    tab.page.evaluate("""([f, t]) => import('/page/board.js').then(m => {
        const S = window.elgrandePage;
        S.controls = {form: 'moves', kind: 'move_caballeros', total: 0, max: 99,
                      options: [{from: f, to: t, player: 0, count: 2, enabled: true,
                                 unit: [f, t, 0], from_label: f, to_label: t}]};
        m.decorateBoard(); })""", [got["crossing"][0]["from"], got["crossing"][0]["to"]])
    shot(tab, "04-arrow-around-king")
    tab.assert_quiet()


#: The screen size (CSS px) of the map's small text: a region's values, an office's line.
SIZES = """() => Array.from(document.querySelectorAll(
    '#board svg text.values, #board svg g.office > text'))
  .map(t => [t.getAttribute('class') || 'office',
             parseFloat(getComputedStyle(t).fontSize) * t.getScreenCTM().a])"""


@pytest.mark.rule("B1.1", "C1")
def test_the_map_s_small_text_is_readable_at_1024_px(
        server: str, new_tab: Callable[[], Tab]) -> None:
    """B1.1, C1 (f19): at 1024 x 768 a region's values ("5 / 3 / 1") and an office's line
    ("Ambassador: nobody") are 9.5 CSS px at least on screen (they were 7)."""
    links = create(server, 4, 6, {1: "greedy", 2: "random", 3: "random"},
                   ["base", "colonies"])
    (tab,), _ = open_seats(server, links, new_tab, [0])
    tab.page.set_viewport_size({"width": 1024, "height": 768})
    tab.page.wait_for_function("window.elgrandePage.controls")
    tab.page.evaluate("new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
    sizes = tab.page.evaluate(SIZES)
    assert {k for k, _ in sizes} == {"values", "office"}, sizes
    assert min(v for _, v in sizes) >= 9.5, sizes
    shot(tab, "05-map-1024")
    tab.assert_quiet()


def _finished(server: str) -> dict[str, Any]:
    """A new 3-seat base game (seat 0 a person, two bots) played to its end by its API."""
    links = create(server, 3, 8, {1: "greedy", 2: "random"}, ["base"])
    play_until(server, links, 8, lambda st: bool(st["over"]))
    return links


@pytest.mark.rule("B7")
def test_on_a_phone_the_final_scores_come_first(
        server: str, new_tab: Callable[[], Tab]) -> None:
    """B7 (f19): on a phone at the end of the game the final box (scores, winners, the
    record, the replay) is right under the header, on the first screen, above the map;
    no box of the cards on offer is left ("none open now")."""
    links = _finished(server)
    (tab,), _ = open_seats(server, links, new_tab, [0])
    p = tab.page
    p.set_viewport_size({"width": 390, "height": 844})
    end = p.get_by_role("region", name="Game over")
    end.wait_for()
    box, board = end.bounding_box(), p.locator("#board-area").bounding_box()
    assert box is not None and board is not None
    assert box["y"] + box["height"] <= board["y"], (box, board)
    assert box["y"] + box["height"] <= 844, box  # whole on the first screen
    for name in ("Download the record", "Watch the replay"):
        link = end.get_by_role("link", name=name)
        assert link.is_visible()
        b = link.bounding_box()
        assert b is not None and b["y"] + b["height"] <= 844
    assert not p.get_by_role("region", name="Action cards on offer").is_visible()
    shot(tab, "06-phone-over")
    tab.assert_quiet()


@pytest.mark.rule("C1")
@pytest.mark.parametrize("width,height", [(1280, 900), (390, 844)])
def test_provisional_is_explained_beside_the_map(
        server: str, new_tab: Callable[[], Tab], width: int, height: int) -> None:
    """C1 (f19): a game on the provisional fill says under its map what "provisional"
    (its heading's "provisional data", the log's "(provisional)") means, inside the
    window on a phone too; a base game, which has no stand-in, does not."""
    links = create(server, 4, 6, {1: "greedy", 2: "random", 3: "random"},
                   ["base", "colonies"])
    plain = create(server, 3, 6, {1: "greedy", 2: "random"}, ["base"])
    (tab,), _ = open_seats(server, links, new_tab, [0])
    (base_tab,), _ = open_seats(server, plain, new_tab, [0])
    for t in (tab, base_tab):
        t.page.set_viewport_size({"width": width, "height": height})
    note = tab.page.locator("#provisional-note")
    note.wait_for()
    assert note.inner_text() == (
        "provisional (in the map's heading and the log): a value no published source "
        "gives; the game plays a stand-in (docs/library.md).")
    assert "provisional data" in tab.page.evaluate("window.elgrandePage.state.board_svg")
    box = note.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width, box
    assert not base_tab.page.locator("#provisional-note").is_visible()
    shot(tab, f"07-provisional-{width}")
    tab.assert_quiet()
    base_tab.assert_quiet()
