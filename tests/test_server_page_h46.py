"""h46 on the page of ``elgrande serve``, in a real browser (Playwright driving Chromium,
tests/browser.py) against a real ``elgrande serve`` process, as a fresh user (f33) saw it
at 1400 × 900: the line saying what a "2→0" on the map is shows only where the map draws
one (not while bringing caballeros from the provinces to the court); the "Since your
last choice" box opens with a whole line at its top edge (not the last words of a
wrapped one); a card's placement with steps after it says on Done that the card goes on
(``tests/homebrew_f33``, "Border Muster": place up to 2 from the court next to the king,
then gain 1 point)."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest
from browser import Tab
from test_server_page import create, page_state, quiet
from test_server_page_h29 import advance, open_seat, wait_redrawn
from test_server_page_h40 import homebrew_game, play_for_card
from test_server_page_h45 import five  # noqa: F401  (the fixture)

#: The laptop's screen of the brief (CSS px).
WIDE, HIGH = 1400, 900
CARDS = Path(__file__).resolve().parent / "homebrew_f33"
MUSTER = "hb-muster-f33"


@pytest.mark.rule("B4.1")
def test_the_count_key_shows_only_where_the_map_draws_a_count(
        server: str, new_tab: Callable[[], Tab]) -> None:
    """B4.1 (h46, f33): at the court step, one caballero chosen from the provinces
    (neither they nor the court are on the map): no "2→0" on the map, and no line under
    the choices saying what one is; a move between two places of the map draws one and
    is said (drawsCounts)."""
    links = create(server, 3, 3, {}, ["base"])
    advance(server, links, 3, lambda st: (st.get("controls") or {}).get("kind") ==
            "bring_to_court" and st["controls"]["max"] >= 1)
    tab = open_seat(server, links, new_tab, 0, WIDE, HIGH)
    n = page_state(tab)["n"]
    tab.page.locator('#options button[aria-label^="one more"]:enabled').first.click()
    wait_redrawn(tab, n, 1)
    assert tab.page.locator("#options .chosen").is_visible()
    assert tab.page.locator("#board g#pending g.preview-count").count() == 0
    assert tab.page.locator(".count-key").count() == 0, tab.page.locator(".count-key").inner_text()
    got = tab.page.evaluate("""async () => {
      const m = await import('/page/preview.js');
      const g = Array.from(document.querySelectorAll('#board g.caballeros'))[0];
      const from = g.getAttribute('data-place'), who = +g.getAttribute('data-player');
      const to = Array.from(document.querySelectorAll('#board g.place[data-place]'))
        .map(p => p.getAttribute('data-place')).find(p => p !== from);
      const move = {form: 'moves', kind: 'move_caballeros', options: [{from: from, to: to,
        player: who, count: 1, unit: [from, to, who]}]};
      const court = {form: 'counts', kind: 'bring_to_court', options: [{place: 'provinces',
        count: 1, unit: ['provinces']}]};
      return [m.drawsCounts(move), m.drawsCounts(court)]; }""")
    assert got == [True, False]
    quiet(tab)


#: Where the "Since your last choice" list's top edge is (under its expander, stuck at
#: its top, where shown), the first line seen under it (its top, its words), and whether
#: the newest line is seen whole.
FIRST_SEEN = """() => {
  const ul = document.querySelector('#since ul'), gap = ul.querySelector('li.gap');
  const top = gap && gap.offsetParent ? gap.getBoundingClientRect().bottom
    : ul.getBoundingClientRect().top + ul.clientTop;
  const li = Array.from(ul.children).filter(l => l !== gap && l.offsetParent)
    .find(l => l.getBoundingClientRect().bottom > top + .5);
  const r = li.getBoundingClientRect(), u = ul.getBoundingClientRect();
  const last = ul.lastElementChild.getBoundingClientRect();
  return {edge: top, top: r.top, text: li.textContent, scrolled: ul.scrollTop,
          last: last.top >= top - .5 && last.bottom <= u.bottom + .5};
}"""


@pytest.mark.rule("B6")
def test_the_since_box_opens_with_a_whole_line_at_its_top(
        server: str, five: dict[str, Any],  # noqa: F811
        new_tab: Callable[[], Tab]) -> None:
    """B6 (h46, f33: "Castile." alone at the box's top, the end of a wrapped "Secret
    choices revealed: ..."): right after a general scoring's reveal, at 1400 × 900 and a
    few narrower widths (each wrapping the lines anew), the box's list opens scrolled so
    its top edge (under the expander) falls on a line's start, the newest line seen
    whole."""
    tab = open_seat(server, five, new_tab, 0, WIDE, HIGH)
    seen = []
    for width in (WIDE, 1330, 1270, 1210, 1150, 1090):
        tab.page.set_viewport_size({"width": width, "height": HIGH})
        tab.page.evaluate("""async () => { (await import('/page/since.js')).renderSince();
          await new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r))); }""")
        got = tab.page.evaluate(FIRST_SEEN)
        assert got["scrolled"] > 0 and got["last"], got
        seen.append((width, round(got["top"] - got["edge"], 1), got["text"][:40]))
    assert all(abs(d) < 1 for _, d, _ in seen), seen
    quiet(tab)


def _muster_game(server: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """A 3-seat base game with the Border Muster uploaded (every seat a person), played
    through the API from one seeded ``random.Random`` until seat 0, who takes the card
    when offered and carries out first, is asked its placement (B8): its links and seat
    0's state. (The server picks the game's seed, so the deal varies: a game where the
    placement is never asked, the court empty, is played again.)"""
    for tries in range(4):
        got = _muster_try(server, random.Random(46 + tries))
        if got is not None:
            return got
    raise AssertionError("Ana never placed with the Border Muster")


def _muster_try(server: str, rng: random.Random) -> tuple[dict[str, Any], dict[str, Any]] | None:
    """One game of :func:`_muster_game`, its answers drawn from ``rng``: its links and
    seat 0's state at the placement, or None where the game ends first."""
    with httpx.Client(base_url=server, timeout=60) as client:
        made, tokens = homebrew_game(client, CARDS)
        st = play_for_card(client, made, tokens, MUSTER, rng, lambda st: st["controls"].get(
            "kind") == "place_caballeros" and (st["controls"].get("card") or {}).get(
            "id") == MUSTER, first=True)
    return None if st is None else (made, st)


@pytest.mark.rule("B8")
def test_a_card_s_placement_says_the_card_goes_on(
        server: str, new_tab: Callable[[], Tab]) -> None:
    """B8 (h46, f33: "Done: place none (up to 2 allowed)" at the Border Muster's
    placement, its "gain 1 point" after it, read as ending the card; a move step says
    "Done: move none (the card goes on)"): Done with none chosen says the card goes on;
    one chosen, it says what it sends."""
    links, st = _muster_game(server)
    c = st["controls"]
    assert c["goes_on"] and (c["min"] or 0) == 0, c
    tab = open_seat(server, links, new_tab, 0, WIDE, HIGH)
    done = tab.page.locator("#done")
    assert done.inner_text() == (f"Done: place none (up to {c['max']} allowed; "
                                 "the card goes on)")
    n = page_state(tab)["n"]
    tab.page.locator('#options button[aria-label^="one more"]:enabled').first.click()
    wait_redrawn(tab, n, 1)
    assert done.inner_text() == f"Done: place 1 of up to {c['max']} (the card goes on)"  # f36
    quiet(tab)


@pytest.mark.rule("B8")
def test_a_clicked_region_shows_no_box_around_it(
        server: str, new_tab: Callable[[], Tab]) -> None:
    """f35 (after a click on Aragon a black rectangle, the browser's focus box around the
    region's group, crossed its neighbours): a region clicked on the map is focused with
    no outline; keyboard focus draws the region's own edge instead."""
    links, st = _muster_game(server)
    tab = open_seat(server, links, new_tab, 0, WIDE, HIGH)
    box = tab.page.locator("#board g.place.choosable").first.bounding_box()
    assert box is not None
    tab.page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    tab.page.mouse.down()  # (the press focuses it; the click's answer would redraw the map)
    focused = tab.page.evaluate(
        "(() => { const g = document.activeElement; return g && g.matches('#board g.place')"
        " ? getComputedStyle(g).outlineStyle : 'not a place'; })()")
    assert focused == "none", focused
    tab.page.mouse.up()
    css = tab.page.evaluate("Array.from(document.styleSheets).flatMap(s => Array.from("
                            "s.cssRules)).map(r => r.cssText).join('\\n')")
    assert "g.place:focus-visible path" in css  # keyboard focus: the region's own edge
    quiet(tab)
