"""A new user's last confusions on the page of ``elgrande serve`` (issue 30, h33), in a real
browser (Playwright driving Chromium, tests/browser.py) against a real ``elgrande serve``
process. Every seat is a human played through the API from one seeded ``random.Random``
(no bot races the page; :func:`test_server_page_h29.advance`); where a test draws move
controls of its own on the page (every pair of neighbours, a spent source) it draws them
on the state reached, then reloads the page's own decision.
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
from test_server_page_h29 import (
    advance,
    open_seat,
    own_after_others,
    past_own,
    round_of,
    shot,
)
from test_server_page_layout import _render_moves

from elgrande.data.manifests import load_board


@pytest.fixture(scope="module")
def late(server: str) -> dict[str, Any]:
    """A 3-seat base game (every seat a person) played through the API into round 5, seat
    0 to answer: caballeros in most regions. Its links."""
    links = create(server, 3, 33, {}, ["base"])
    advance(server, links, 33, lambda st: round_of(st) >= 5 and bool(st.get("controls")))
    return links


def _moves(tab: Tab, options: list[dict[str, Any]], source: str | None, total: int,
           most: int = 4, card: dict[str, Any] | None = None, goes_on: bool = False) -> None:
    """Draw the page's move controls for ``options`` (``total`` moved so far, ``source``
    the chosen one: a move made from it; ``card`` under way, ``goes_on`` its steps follow)
    on the page's state."""
    _render_moves(tab, options, total, source, most, card, goes_on)


def _move(src: str, to: str, unit: int, count: int, enabled: bool = True,
          available: int = 3) -> dict[str, Any]:
    """One move option of seat 0's caballeros from ``src`` to ``to`` (place ids)."""
    o: dict[str, Any] = {"unit": [unit], "label": f"{src} to {to}", "enabled": enabled,
                         "count": count, "from": src, "from_label": src.upper(), "player": 0,
                         "to": to, "to_label": to.upper(), "available": available}
    if not enabled:
        o.update(rule="B8.2", title="moving caballeros", why="no more caballeros may move so")
    return o


@pytest.mark.rule("B8.2")
def test_no_arrow_head_covers_a_count_between_any_two_neighbours(
        server: str, late: dict[str, Any], new_tab: Callable[[], Tab]) -> None:
    """h33 (a head over a count met in a bots' game): a move chosen from any region to any
    neighbour is drawn as an arrow whose head (a 26-unit box around its tip, and one
    around its middle) and whose "×1" cover none of the caballeros' counts on the map (the
    round-5 board holds counts in most regions); the arrow still points into its
    destination (its tip within 12 units of it)."""
    tab = open_seat(server, late, new_tab, 0, 1280, 900)
    board = load_board(("base",))
    pairs = [(p.id, board.places[j].id) for p in board.places if board.is_region(p.index)
             for j in sorted(p.adjacent) if board.is_region(j)]
    held = tab.page.evaluate("new Set(Array.from(document.querySelectorAll("
                             "'#board g.caballeros')).map(g => g.dataset.place)).size")
    assert held >= 6 and len(pairs) >= 30, (held, pairs)
    bad = []
    for src, to in pairs:
        _moves(tab, [_move(src, to, 1, 1)], src, 1)
        got = tab.page.evaluate("""() => {
            const svg = document.querySelector('#board svg');
            const line = svg.querySelector('g#pending .pending-move');
            const m = line.getScreenCTM(), s = m.a;
            const at = (x, y) => new DOMPoint(x, y).matrixTransform(m);
            const a = at(+line.getAttribute('x1'), +line.getAttribute('y1'));
            const b = at(+line.getAttribute('x2'), +line.getAttribute('y2'));
            const len = Math.hypot(b.x - a.x, b.y - a.y) || 1;
            const mid = {x: b.x - (b.x - a.x) / len * 12 * s, y: b.y - (b.y - a.y) / len * 12 * s};
            const box = (p) => ({x: p.x - 13 * s, y: p.y - 13 * s, width: 26 * s, height: 26 * s});
            const lab = svg.querySelector('g#pending text.pending-count').getBoundingClientRect();
            const hit = (r, q) => r.x < q.x + q.width && q.x < r.x + r.width &&
                                  r.y < q.y + q.height && q.y < r.y + r.height;
            const counts = Array.from(svg.querySelectorAll('g.caballeros'));
            const covered = counts.filter(g => { const r = g.getBoundingClientRect();
              return hit(box(b), r) || hit(box(mid), r) || hit(lab, r); })
              .map(g => g.dataset.place + ':' + g.dataset.player);
            const dst = svg.querySelector('g.place[data-place="' + line.dataset.to + '"]')
              .querySelector(':scope > polygon, :scope > rect');
            const inv = svg.getScreenCTM().inverse();
            const tip = new DOMPoint(b.x, b.y).matrixTransform(inv);
            let near = false;  // the tip in its destination, or within 12 units of it
            for (let dx = -12; dx <= 12 && !near; dx += 4) {
              for (let dy = -12; dy <= 12; dy += 4) {
                if (dst.isPointInFill(new DOMPoint(tip.x + dx, tip.y + dy))) { near = true; break; }
              }
            }
            return {covered, near};
        }""")
        if got["covered"] or not got["near"]:
            bad.append((src, to, got))
        if (src, to) == ("old_castile", "basque"):  # (its head was over a count, h33)
            shot(tab, "h33-1-arrow-off-the-counts")
    assert bad == [], bad
    tab.page.reload()
    quiet(tab)


def _classes(tab: Tab) -> dict[str, list[str]]:
    """Each map place's marks (``choosable``, ``forbidden``, ``picked``, ``only``)."""
    out: dict[str, list[str]] = tab.page.evaluate("""() => Object.fromEntries(
        Array.from(document.querySelectorAll('#board g.place[data-place]')).map(g =>
          [g.dataset.place, ['choosable', 'forbidden', 'picked', 'only']
             .filter(k => g.classList.contains(k))]))""")
    return out


@pytest.mark.rule("B8.2")
def test_a_spent_source_is_not_marked_on_the_map_and_buttons_say_one(
        server: str, late: dict[str, Any], new_tab: Callable[[], Tab]) -> None:
    """h33: a move's source whose every movable caballero is moved (spent) is not marked on
    the map as chosen (f: it kept its thick outline while another source was asked for):
    neither picked nor choosable, whether it is still the chosen source or none is; the
    open sources are choosable, the moved one's destination stays marked. A "Move to"
    button says that a click moves ONE caballero ("+1 to X")."""
    tab = open_seat(server, late, new_tab, 0, 1280, 900)
    ids = tab.page.evaluate("Array.from(document.querySelectorAll('#board g.place[data-place]'))"
                            ".map(g => g.getAttribute('data-place'))")
    a, b, c, d, e, f = ids[:6]
    opts = [_move(a, b, 1, 1, False, 1), _move(a, c, 2, 0, False, 1),
            _move(d, b, 3, 0, True, 2), _move(d, e, 4, 0, True, 2),
            _move(f, b, 5, 0, True, 2)]
    _moves(tab, opts, None, 1)
    marks = _classes(tab)
    assert "picked" not in marks[a] and "choosable" not in marks[a], marks[a]
    assert "choosable" in marks[d] and "choosable" in marks[f], marks
    _moves(tab, opts, f"{a}|0|", 1)  # the spent source still the chosen one
    marks = _classes(tab)
    assert marks[a] == [] and "picked" in marks[b], marks
    _moves(tab, opts, f"{d}|0|", 1)  # another source: its buttons say one a click
    to = decision(tab).get_by_role("list", name="Move to").get_by_role("button")
    assert to.all_inner_texts() == [f"+1 to {b.upper()}", f"+1 to {e.upper()}"]
    assert tab.page.locator(f'#board g.place[data-place="{e}"]').get_attribute(
        "aria-label") == f"board: +1 to {e.upper()}"
    tab.page.reload()
    quiet(tab)


@pytest.mark.rule("B8", "B8.5")
def test_the_castillo_says_why_a_card_does_not_let_you_choose_it(
        server: str, late: dict[str, Any], new_tab: Callable[[], Tab]) -> None:
    """h33 (the Castillo greyed at a card's region choice, no word why): at a card's secret
    region choice (the server's controls of one, drawn on the page) the Castillo says B8's
    reason on hover (its title), at a tap (the notice) and in the "Why not other places?"
    fold."""
    from test_server_page_h33_words import castillo_choices

    from elgrande.server.page_words import CASTILLO_CHOICE

    c = next(c for _, d, c in castillo_choices(range(3)) if d.kind == "secret_region"
             and "castillo" not in (d.options.get("why") or {}))
    said = "B8: special actions — " + CASTILLO_CHOICE.format(place="Castillo")
    tab = open_seat(server, late, new_tab, 0, 1280, 900)
    tab.page.evaluate("""(c) => import('/page/controls.js').then(m => {
        window.elgrandePage.controls = c; m.renderControls(); })""", c)
    castillo = tab.page.locator('#board g.place[data-place="castillo"]')
    assert castillo.get_attribute("aria-disabled") == "true"
    assert castillo.locator(":scope > title.why").text_content() == said
    castillo.locator(":scope > text").first.click(force=True)
    assert tab.page.locator("#notice").inner_text() == said
    fold = decision(tab).locator("details.fold")
    fold.locator("summary").click()
    # (the fold names the Castillo once: "B8: special actions: Castillo — not a region ...")
    assert "B8: special actions: Castillo — not a region a card may choose unless the card " \
        "says so" in fold.inner_text()
    tab.page.reload()
    quiet(tab)


@pytest.mark.rule("B8", "B8.2")
def test_done_with_no_move_says_the_card_goes_on_only_where_it_does(
        server: str, late: dict[str, Any], new_tab: Callable[[], Tab]) -> None:
    """h33 ("Done (move none)" at a card's first move read as ending the card): with
    nothing moved, Done says "Done: move none (the card goes on)" where the card's steps
    follow (the server's ``goes_on``), "Done (move none)" where they do not; with a move
    chosen, "Done"."""
    tab = open_seat(server, late, new_tab, 0, 1280, 900)
    ids = tab.page.evaluate("Array.from(document.querySelectorAll('#board g.place[data-place]'))"
                            ".map(g => g.getAttribute('data-place'))")
    opts = [_move(ids[0], ids[1], 1, 0), _move(ids[2], ids[1], 2, 0)]
    card = {"id": "c", "title": "Card", "name": "Card", "text": "Move, then move.", "stack": 1}
    done = tab.page.locator("#done")
    for goes_on, words in ((True, "Done: move none (the card goes on)"),
                           (False, "Done (move none)")):
        _moves(tab, opts, None, 0, card=card, goes_on=goes_on)
        assert done.inner_text() == words
    _moves(tab, [{**opts[0], "count": 1}, opts[1]], None, 1, card=card, goes_on=True)
    assert done.inner_text() == "Done"
    tab.page.reload()
    quiet(tab)


@pytest.mark.rule("B3.2")
def test_after_a_step_on_a_phone_the_header_is_in_view(
        server: str, new_tab: Callable[[], Tab]) -> None:
    """h33 (on a phone, after a step the page stayed scrolled past the header saying whose
    turn it is, and the prompt under it): at 390x844, the page scrolled down so that the
    last choice is at the screen's top (the header out of view), that choice clicked: once
    the answer is taken the header is in view again (fails on the old page: its top was
    16 px above the screen)."""
    links = create(server, 3, 34, {}, ["base"])
    advance(server, links, 34, lambda st: (st.get("controls") or {}).get("form") == "pick")
    tab = open_seat(server, links, new_tab, 0, 390, 844)
    page = tab.page
    n = page_state(tab)["n"]
    button = decision(tab).get_by_role("list", name="Choices").locator("button:enabled").last
    button.evaluate("b => b.scrollIntoView({block: 'start'})")  # the header out of view
    assert page.evaluate("document.querySelector('body > header').getBoundingClientRect()"
                         ".bottom") < 0
    button.click()
    tab.wait_past(n)
    page.wait_for_function("window.elgrandePage.stepAt == null")
    top = page.evaluate("document.querySelector('body > header').getBoundingClientRect().top")
    assert top >= 0, top
    assert page.locator("#turn").is_visible()
    quiet(tab)


@pytest.mark.rule("B6")
def test_the_since_box_starts_after_the_seat_s_answer_from_another_device(
        server: str, new_tab: Callable[[], Tab]) -> None:
    """h33 (the desktop's "Since your last choice" started before the answer sent from the
    phone): a tab that answered, then the same seat answering elsewhere (through the API,
    as another device) after the others played: the tab's box starts after that answer's
    lines (the seat's own lines then), not at its own last answer; the lines before it
    are not in the box (fails on the old page: it listed them)."""
    links = create(server, 3, 35, {}, ["base"])
    advance(server, links, 35, lambda st: (st.get("controls") or {}).get("form") == "pick")
    tab = open_seat(server, links, new_tab, 0, 1280, 900)
    page = tab.page
    st = page_state(tab)["state"]
    n = page_state(tab)["n"]
    decision(tab).get_by_role("list", name="Choices").locator("button:enabled").first.click()
    tab.wait_past(n)
    kept = int(page.evaluate("(k) => sessionStorage.getItem(k)",
                             f"elgrande-since:{st['game']}:0"))
    name = st["names"][0]
    tokens = [token_of(link) for link in links["seats"]]
    rng = random.Random(35)
    with httpx.Client(base_url=server, timeout=30) as client:
        for _ in range(300):
            now = seat_state(client, links["game"], tokens[0])
            mark = own_after_others(now["log"], name, kept)
            if mark is not None and now.get("controls") \
                    and past_own(now["log"], name, mark, st["names"]) < len(now["log"]):
                break
            for t in (*tokens[1:], tokens[0]):
                play_turn(client, links["game"], t, rng)
        else:
            raise AssertionError("seat 0 never answered through the API after the others")
    tab.wait_past(now["n"] - 1)
    page.wait_for_function("(n) => window.elgrandePage.n === n", arg=now["n"])
    since = page_state(tab)["since"]
    want = page.evaluate("(m) => import('/page/since.js').then(s => "
                         "s.sinceLines(window.elgrandePage.state, m))",
                         past_own(now["log"], name, mark, st["names"]))
    assert want and since == want, (since, want)
    # the answer sent elsewhere, the last of the seat's lines before the box
    assert now["log"][mark - 1].startswith(name + " "), now["log"][kept:mark]
    quiet(tab)
