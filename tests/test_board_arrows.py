"""The moves chosen and not yet sent, drawn on the map of the ``elgrande serve`` page
(``board.js``, B8.2), in a real Chromium against a real server: arrows from one source
fan out (each starts at its own point), each at least 64 board units long, and their
"×n" counts and a placement's "+n" cover no piece (king, Grande, caballeros, token,
scoreboard), no place's name and no other count."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from browser import Tab
from test_server_page import create, open_seats, quiet

#: The shortest arrow, in board units (board.js MIN_LEN).
MIN_LEN = 64
#: How far apart two arrows of one source start at least, in board units (board.js SPREAD).
SPREAD = 16
#: Where a test writes the pictures it takes (for a person to look at; none is compared).
SHOTS = Path("/tmp") / "elgrande-board-arrows"


def _board(server: str, new_tab: Callable[[], Tab]) -> Tab:
    """Seat 0's page of a new 4-seat base game (three bots), its board drawn."""
    links = create(server, 4, 5, {1: "greedy", 2: "random", 3: "random"}, ["base"])
    (tab,), _ = open_seats(server, links, new_tab, [0])
    tab.page.set_viewport_size({"width": 1280, "height": 900})
    tab.page.wait_for_function("window.elgrandePage.controls")
    return tab


#: Draws the selection ``opts`` (a move decision's or a placement's options with their
#: counts) as the page draws one not yet sent, and reads back, in board units: every
#: arrow's ends and its label's box, every "+n" box, and the boxes of the pieces and names.
DRAW = """([form, opts]) => import('/page/board.js').then(m => {
  const S = window.elgrandePage;
  S.controls = {form: form, kind: form === 'moves' ? 'move_caballeros' : 'place_caballeros',
                options: opts, total: 0, max: 99};
  S.from = null;
  m.decorateBoard();
  const svg = document.querySelector('#board svg'), inv = svg.getScreenCTM().inverse();
  const box = e => { const r = e.getBoundingClientRect();
    const a = new DOMPoint(r.x, r.y).matrixTransform(inv),
          b = new DOMPoint(r.x + r.width, r.y + r.height).matrixTransform(inv);
    return {x: a.x, y: a.y, w: b.x - a.x, h: b.y - a.y}; };
  const pieces = Array.from(document.querySelectorAll(
      '#board g.king, #board g.grande, #board g.caballeros, #board g.token, ' +
      '#board g.scoreboard, #board g.place > text'))
    .map(e => ({what: (e.getAttribute('class') || 'name') + ' ' +
                (e.getAttribute('data-place') || e.parentNode.getAttribute('data-place')),
                box: box(e)}));
  const arrows = Array.from(document.querySelectorAll('#board g#pending .pending-move'))
    .map(l => ({from: l.getAttribute('data-from'), to: l.getAttribute('data-to'),
                x1: +l.getAttribute('x1'), y1: +l.getAttribute('y1'),
                x2: +l.getAttribute('x2'), y2: +l.getAttribute('y2')}));
  const labels = Array.from(document.querySelectorAll('#board g#pending text.pending-count'))
    .map(t => ({text: t.textContent, from: t.getAttribute('data-from'),
                to: t.getAttribute('data-to'), place: t.getAttribute('data-place'),
                box: box(t)}));
  return {arrows: arrows, labels: labels, pieces: pieces};
})"""


def _meet(a: dict[str, float], b: dict[str, float]) -> bool:
    """Two boxes overlap by more than a hair (0.5 unit)."""
    return (a["x"] + 0.5 < b["x"] + b["w"] and b["x"] + 0.5 < a["x"] + a["w"]
            and a["y"] + 0.5 < b["y"] + b["h"] and b["y"] + 0.5 < a["y"] + a["h"])


def _places(tab: Tab) -> list[str]:
    return list(tab.page.evaluate("""() => Array.from(
        document.querySelectorAll('#board g.place[data-place]'))
        .map(g => g.getAttribute('data-place'))"""))


def _move(frm: str, to: str, player: int, count: int) -> dict[str, Any]:
    return {"from": frm, "to": to, "player": player, "count": count, "enabled": True,
            "unit": [frm, to, player], "from_label": frm, "to_label": to}


def _check_labels(got: dict[str, Any]) -> None:
    """No count's box meets a piece's, a name's or another count's."""
    for i, lab in enumerate(got["labels"]):
        for p in got["pieces"]:
            assert not _meet(lab["box"], p["box"]), (lab, p)
        for other in got["labels"][i + 1:]:
            assert not _meet(lab["box"], other["box"]), (lab, other)


@pytest.mark.rule("B8.2")
def test_B8_2_arrows_from_one_source_fan_out_and_their_counts_cover_nothing(
        server: str, new_tab: Callable[[], Tab]) -> None:
    """B8.2: for every place, three moves from it (to its three nearest places, which are
    the hardest: short arrows, crowded ends) drawn at once: no two arrows of the source
    start within SPREAD units of each other, each is MIN_LEN units long at least, and no
    "×n" covers a piece, a name or another "×n"; a single caballero's arrow has its
    "×1" too (the list says "1 ×", and a count beside every arrow is read the same way)."""
    tab = _board(server, new_tab)
    ids = _places(tab)
    centres = tab.page.evaluate("""() => Object.fromEntries(Array.from(
        document.querySelectorAll('#board g.place[data-place]')).map(g => {
          const b = g.getBBox(); return [g.getAttribute('data-place'),
                                         [b.x + b.width / 2, b.y + b.height / 2]]; }))""")
    SHOTS.mkdir(exist_ok=True)
    for k, frm in enumerate(ids):
        cx, cy = centres[frm]
        near = sorted((i for i in ids if i != frm),
                      key=lambda i: (centres[i][0] - cx) ** 2 + (centres[i][1] - cy) ** 2)
        opts = [_move(frm, to, p, 1 + p) for p, to in enumerate(near[:3])]
        got = tab.page.evaluate(DRAW, ["moves", opts])
        arrows = got["arrows"]
        assert len(arrows) == 3 and len(got["labels"]) == 3, got
        for i, a in enumerate(arrows):
            assert ((a["x2"] - a["x1"]) ** 2 + (a["y2"] - a["y1"]) ** 2) ** .5 >= MIN_LEN - .01
            for b in arrows[i + 1:]:
                gap = ((a["x1"] - b["x1"]) ** 2 + (a["y1"] - b["y1"]) ** 2) ** .5
                assert gap >= SPREAD - .01, (frm, a, b)
        assert sorted(lab["text"] for lab in got["labels"]) == ["×1", "×2", "×3"]
        _check_labels(got)
        if k < 3:
            tab.page.locator("#board").screenshot(path=str(SHOTS / f"fan-{frm}.png"))
    quiet(tab)


@pytest.mark.rule("B8.2")
def test_B8_2_two_moves_between_the_same_places_are_two_lines(
        server: str, new_tab: Callable[[], Tab]) -> None:
    """B8.2: two players' caballeros moved from one place to the same place (a card that
    moves any colour's) are drawn as two lines apart, neither covering the other, with
    their counts apart."""
    tab = _board(server, new_tab)
    ids = _places(tab)
    opts = [_move(ids[0], ids[1], 0, 2), _move(ids[0], ids[1], 1, 1)]
    got = tab.page.evaluate(DRAW, ["moves", opts])
    a, b = got["arrows"]
    assert ((a["x1"] - b["x1"]) ** 2 + (a["y1"] - b["y1"]) ** 2) ** .5 >= SPREAD - .01
    assert ((a["x2"] - b["x2"]) ** 2 + (a["y2"] - b["y2"]) ** 2) ** .5 >= SPREAD - .01
    _check_labels(got)
    SHOTS.mkdir(exist_ok=True)
    tab.page.locator("#board").screenshot(path=str(SHOTS / "twins.png"))
    quiet(tab)


@pytest.mark.rule("B8.2")
def test_a_placement_s_count_covers_no_piece_nor_name(
        server: str, new_tab: Callable[[], Tab]) -> None:
    """B8.2: a placement's "+n" in each place at once covers no piece (king, Grande,
    caballeros), no place's name and no other "+n"."""
    tab = _board(server, new_tab)
    opts = [{"place": pid, "player": 0, "count": 1 + i % 3, "enabled": True,
             "unit": [pid], "label": pid} for i, pid in enumerate(_places(tab))]
    got = tab.page.evaluate(DRAW, ["counts", opts])
    assert len(got["labels"]) == len(opts), got
    _check_labels(got)
    SHOTS.mkdir(exist_ok=True)
    tab.page.locator("#board").screenshot(path=str(SHOTS / "placements.png"))
    quiet(tab)
