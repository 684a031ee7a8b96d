"""h45 on the page of ``elgrande serve``, in a real browser (Playwright driving Chromium,
tests/browser.py) against a real ``elgrande serve`` process: after a general scoring the
"Since your last choice" box keeps the decision's buttons on a laptop's first screen
(its list scrolls by itself, shown at its newest lines); a move's counts before and after
("2→0") cover no arrow and say what they count in words; the seat's, the host's and
the spectator's logs are numbered alike; at the choice of an action card each card's text
is read once; a placement's steppers say what they do."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from browser import Tab
from test_server_page import create, decision, page_state, quiet
from test_server_page_h29 import advance, open_seat
from test_server_page_layout import _open, played  # noqa: F401  (the fixture)
from test_server_page_map_since import _RECT

#: The laptop's screen of the brief (CSS px).
WIDE, HIGH = 1400, 900


@pytest.fixture(scope="module")
def five(server: str) -> dict[str, Any]:
    """A 5-seat base game (seat 0 a person, four bots) played by its API to seat 0's first
    decision after the first general scoring (B6): its links."""
    from serve_util import play_until

    links = create(server, 5, 4, {1: "greedy", 2: "random", 3: "greedy", 4: "random"},
                   ["base"])
    play_until(server, links, 4, lambda st: "== Round 4 ==" in st["log"] and st["view"].get(
        "pending") is not None and st["controls"] is not None, 2000)
    return links


@pytest.mark.rule("B6")
def test_after_a_scoring_the_first_answer_button_stays_in_view(
        server: str, five: dict[str, Any], new_tab: Callable[[], Tab]) -> None:
    """B6 (h45): at 1400 × 900, a 5-seat game's seat right after the first general
    scoring (the box since its last answer in round 3: the scoring's ~15 long lines, the
    bots' turns): every answer button inside the screen, the box above them; its list
    scrolled to its newest line (seen whole), the heading saying earlier ones are above;
    the expander, where some are folded, in sight at its top. (Before: the box ~700 px
    tall, the second row of power cards under the screen's edge.)"""
    tab = _open(server, five, new_tab, WIDE, HIGH)
    box = tab.page.locator("#since")
    assert box.is_visible() and box.locator("li:not(.gap)").count() >= 15
    buttons = tab.page.locator("#options button:visible, #actions button:visible")
    rects = [buttons.nth(i).evaluate(_RECT) for i in range(buttons.count())]
    first = rects[0]
    assert len(rects) >= 2 and max(r["bottom"] for r in rects) <= HIGH, rects
    assert box.evaluate(_RECT)["bottom"] <= first["top"]
    got = box.evaluate("""b => { const ul = b.querySelector('ul'), u = ul.getBoundingClientRect();
      const rows = Array.from(ul.querySelectorAll('li:not(.gap)')).filter(li => li.offsetParent);
      const last = rows[rows.length - 1].getBoundingClientRect();
      const gap = ul.querySelector('li.gap');
      return {last: [last.top >= u.top - .5, last.bottom <= u.bottom + .5],
              scrolled: ul.scrollTop > 0, head: b.querySelector('strong').textContent,
              gap: gap ? gap.getBoundingClientRect().top - u.top : 0}; }""")
    assert got["last"] == [True, True] and got["scrolled"], got
    assert "scroll up in the box for the earlier ones" in got["head"], got
    assert abs(got["gap"]) < 1, got  # the expander stuck at the list's top
    quiet(tab)


#: Every badge's caballero moved alone to every other place, drawn as the page draws a
#: move chosen and not sent yet: the "N→M" labels that meet their arrow's line (stroke
#: 5 units wide), and the words of one label on hover.
SCAN = """async () => {
  const m = await import('/page/board.js');
  const S = window.elgrandePage;
  const svg = document.querySelector('#board svg'), inv = svg.getScreenCTM().inverse();
  const box = e => { const r = e.getBoundingClientRect();
    const a = new DOMPoint(r.x, r.y).matrixTransform(inv),
          b = new DOMPoint(r.x + r.width, r.y + r.height).matrixTransform(inv);
    return {x: a.x, y: a.y, w: b.x - a.x, h: b.y - a.y}; };
  const badges = Array.from(document.querySelectorAll('#board g.caballeros')).map(g =>
    [g.getAttribute('data-place'), +g.getAttribute('data-player')]);
  const places = Array.from(document.querySelectorAll('#board g.place[data-place]'))
    .map(g => g.getAttribute('data-place'));
  const bad = []; let n = 0, words = null;
  for (const [from, who] of badges) for (const to of places) {
    if (to === from) continue;
    S.controls = {form: 'moves', kind: 'move_caballeros', total: 0, max: 99,
      options: [{from: from, to: to, player: who, count: 1, enabled: true,
                 unit: [from, to, who], from_label: from, to_label: to}]};
    S.from = null; m.decorateBoard(); n++;
    const line = document.querySelector('#board g#pending .pending-move');
    const len = line.getTotalLength(), pts = [];
    for (let k = 0; k <= 60; k++) pts.push(line.getPointAtLength(len * k / 60));
    document.querySelectorAll('#board g#pending g.preview-count').forEach(g => {
      const b = box(g.querySelector('text'));
      if (pts.some(p => p.x > b.x - 2.5 && p.x < b.x + b.w + 2.5 &&
                        p.y > b.y - 2.5 && p.y < b.y + b.h + 2.5)) {
        bad.push([from, to, who, g.textContent]);
      }
      if (!words) words = [g.querySelector('title').textContent,
                           getComputedStyle(g).pointerEvents];
    });
  }
  return {n: n, bad: bad, words: words};
}"""


@pytest.mark.rule("B8.2")
def test_a_move_s_counts_before_and_after_cover_no_arrow_and_say_what_they_count(
        server: str, played: dict[str, Any],  # noqa: F811
        new_tab: Callable[[], Tab]) -> None:
    """B8.2 (h45): one caballero of each badge moved to each other place, one move at a
    time (neighbours among them): no "N→M" label under a badge meets its arrow's line
    (its tail by the source, f: "2→0" across it); a label says in words on hover whose
    caballeros where it counts, now and once sent."""
    tab = _open(server, played, new_tab, WIDE, HIGH)
    got = tab.page.evaluate(SCAN)
    assert got["n"] >= 50 and got["bad"] == [], got["bad"]
    title, events = got["words"]
    assert re.fullmatch(r".+ caballeros in .+: \d+ now, \d+ once your answer is sent "
                        r"\(\d+→\d+\)", title), title
    assert events != "none", events  # the pointer reaches it: its title shows on hover
    quiet(tab)


def test_the_seat_s_log_is_numbered_as_the_host_s_and_the_spectator_s(
        server: str, played: dict[str, Any],  # noqa: F811
        new_tab: Callable[[], Tab]) -> None:
    """h45: the seat's, the host's and the spectator's pages draw one log (panels.js
    renderLog): each an ordered list numbered from 1, its numbers shown (not clipped)."""
    got = {}
    tab = new_tab()
    tab.page.set_viewport_size({"width": WIDE, "height": HIGH})
    for who, link in (("seat", played["seats"][0]), ("host", played["admin"]),
                      ("spectator", played["spectator"])):
        tab.page.goto(server + link)
        tab.page.wait_for_function("document.querySelectorAll('#log li').length > 9")
        got[who] = tab.page.evaluate("""() => { const ol = document.getElementById('log');
          const li = ol.querySelectorAll('li')[9];
          return [ol.tagName, ol.start, getComputedStyle(li).listStyleType,
                  getComputedStyle(li).display, li.getBoundingClientRect().left -
                  ol.getBoundingClientRect().left >= 24]; }""")
        quiet(tab)
    assert got["seat"] == got["host"] == got["spectator"] == \
        ["OL", 1, "decimal", "list-item", True], got


@pytest.fixture(scope="module")
def card_choice(server: str) -> dict[str, Any]:
    """A 3-seat all-human base game played at random to seat 0's choice of an action card
    (B3.1): its links."""
    links = create(server, 3, 7, {}, ["base"])
    advance(server, links, 7, lambda st: (st.get("controls") or {}).get("kind")
            == "choose_action_card")
    return links


def _words(text: str) -> str:
    return " ".join(text.split())


@pytest.mark.rule("B3.1")
def test_at_the_choice_of_an_action_card_each_card_s_text_is_read_once(
        server: str, card_choice: dict[str, Any], new_tab: Callable[[], Tab]) -> None:
    """B3.1 (h45): the button of each card on offer says its title, the text beside it its
    stack and whole text (its title not again), and the panel of the cards on offer
    points to them instead of listing them: on screen each card's text once, nothing
    lost (its title, stack and text all shown)."""
    tab = open_seat(server, card_choice, new_tab, 0, WIDE, HIGH)
    st = page_state(tab)
    shown = _words(tab.page.locator("#decision").inner_text() + " " +
                   tab.page.locator("#offer-box").inner_text())
    for card in st["state"]["offer"]:
        body = re.sub(r"^[^:.]{1,60}:\s*", "", card["text"]) if card["text"].startswith(
            card["name"] + ":") else card["text"]
        assert shown.count(_words(body)) == 1, (card, shown)
        if card["summary"]:  # its one-line summary no longer a second and third time
            assert shown.count(card["summary"]) <= 1, (card, shown)
        assert _words(f"Stack {card['stack']}: {body}") in shown, card
        button = decision(tab).get_by_role("button", name=card["title"], exact=True)
        assert _words(button.inner_text()) == card["name"], card
    assert not tab.page.locator("#offer").is_visible()
    assert "the choices of your decision above" in tab.page.locator("#offer-box").inner_text()
    quiet(tab)


@pytest.mark.rule("B4.1")
def test_a_placement_s_steppers_say_what_they_do(
        server: str, played: dict[str, Any],  # noqa: F811
        new_tab: Callable[[], Tab]) -> None:
    """B4.1 (h45): each row of a placement shows "−1" and "+1", not bare signs; each
    says in words on hover and to a screen reader what it does ("+1: one more caballero
    in <region> (chosen, not sent yet)"), its accessible name kept ("one more: <region>")."""
    from test_server_page_plain import _show

    tab = _open(server, played, new_tab, WIDE, HIGH)
    places = tab.page.evaluate("""() => Array.from(document.querySelectorAll(
        '#board g.place[data-place]')).slice(0, 3).map(g => g.getAttribute('data-place'))""")
    opts = [{"unit": [p], "label": p, "place": p, "count": 0, "enabled": True}
            for p in places]
    _show(tab, {"form": "counts", "kind": "place_caballeros", "prompt": "Place", "options":
                opts, "total": 0, "min": 0, "max": 2, "done": {"unit": [], "enabled": True}})
    for p in places:
        plus = decision(tab).get_by_role("button", name=f"one more: {p}", exact=True)
        minus = decision(tab).get_by_role("button", name=f"one fewer: {p}", exact=True)
        assert (plus.inner_text(), minus.inner_text()) == ("+1", "−1")
        assert plus.get_attribute("title") == \
            f"+1: one more caballero in {p} (chosen, not sent yet)"
        assert minus.get_attribute("title") == \
            f"−1: one fewer caballero in {p} (chosen, not sent yet)"
        assert plus.get_attribute("aria-description") == plus.get_attribute("title")
        row = plus.evaluate("b => b.closest('.row').getBoundingClientRect().right")
        assert plus.evaluate(_RECT)["right"] <= row + .5  # the words fit their column
    quiet(tab)
