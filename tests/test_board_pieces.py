"""The pieces drawn in a place stay readable on the server's page (B5, B1.2, B1.5): the
king's crown, the Grandes and the scoreboards keep their own colours under the page's
outlines of the places a decision offers or holds, and no piece or count covers another
or the place's name. Drawn by :func:`elgrande.tools.board_svg.board_svg`, laid out by
the real Chromium with the page's real style sheet."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from test_board_svg import played

import elgrande
from elgrande.tools.board_svg import COLOURS, KING, board_svg

#: The page's style sheet, which outlines the places a decision offers (``choosable``)
#: and the one a secret choice holds (``picked``).
STYLE = Path(elgrande.__file__).parent / "server" / "page" / "style.css"


def _page(chromium: Any, svg: str, classes: str) -> Any:
    """A page holding ``svg`` as the server's page does (``#board``), its style sheet, and
    every place given ``classes``."""
    page = chromium.new_page(viewport={"width": 1400, "height": 1000})
    page.set_content(f"<html><head><style>:root{{--ok:#1a7f37}}{STYLE.read_text()}"
                     f"</style></head><body><div id=board>{svg}</div></body></html>")
    if classes:
        page.evaluate("""(cls) => document.querySelectorAll('#board g.place')
            .forEach(g => g.classList.add(...cls.split(' ')))""", classes)
    return page


def _rgb(hex_colour: str) -> str:
    h = hex_colour.lstrip("#")
    return "rgb({}, {}, {})".format(*(int(h[i:i + 2], 16) for i in (0, 2, 4)))


@pytest.mark.rule("B5", "B1.2")
@pytest.mark.parametrize("classes", ["", "choosable", "picked", "choosable picked"])
def test_B5_the_crown_and_grandes_keep_their_colours_in_a_marked_place(
        chromium: Any, classes: str) -> None:
    """B5: the king's crown is painted in its own gold and thin edge, the Grandes in their
    seat's colour, whatever outline the page draws on the region they stand in (a fresh
    user saw the crown green under a choosable region's outline, black under a held
    secret choice)."""
    g = played(3, 80)
    page = _page(chromium, board_svg(g.view(0), g.library.board), classes)
    try:
        got = page.evaluate("""() => {
            const st = e => { const s = getComputedStyle(e);
                              return [s.fill, s.stroke, s.strokeWidth]; };
            return {crown: st(document.querySelector('#board g.king path')),
                    grandes: Array.from(document.querySelectorAll('#board g.grande rect'))
                      .map(r => [r.parentNode.getAttribute('data-player')].concat(st(r))),
                    outline: st(document.querySelector('#board g.place > polygon'))};
        }""")
    finally:
        page.close()
    assert got["crown"] == [_rgb(KING), "rgb(90, 61, 0)", "1px"], got
    assert got["grandes"], got
    for p, fill, stroke, width in got["grandes"]:
        assert (fill, stroke, width) == (_rgb(COLOURS[int(p)]), "rgb(0, 0, 0)", "2px"), got
    if classes:  # the page's outline did apply to the place itself
        assert got["outline"][2] in ("4px", "6px"), got


def _boxes(page: Any) -> list[dict[str, Any]]:
    """Per place: the boxes (screen px) of its name, its values or scoreboard, and each
    piece drawn in it (king, Grandes, caballeros, tokens, the limit table)."""
    return list(page.evaluate("""() => Array.from(document.querySelectorAll('#board g.place'))
        .map(g => {
            const box = e => { const r = e.getBoundingClientRect();
                               return {x: r.x, y: r.y, w: r.width, h: r.height}; };
            const items = [];
            const name = g.querySelector(':scope > text');
            items.push(['name', box(name)]);
            const vals = g.querySelector(':scope > text.values, :scope > g.scoreboard');
            if (vals) { items.push(['values', box(vals)]); }
            g.querySelectorAll('g.king, g.grande, g.caballeros, g.token, g.limit-table')
              .forEach(e => items.push([e.getAttribute('class') + ' ' +
                                        (e.getAttribute('data-player') || ''), box(e)]));
            return {place: g.getAttribute('data-place'), items: items};
        })"""))


def _meet(a: dict[str, float], b: dict[str, float]) -> bool:
    """Two boxes overlap by more than a hair (0.5 px)."""
    return (a["x"] + 0.5 < b["x"] + b["w"] and b["x"] + 0.5 < a["x"] + a["w"]
            and a["y"] + 0.5 < b["y"] + b["h"] and b["y"] + 0.5 < a["y"] + a["h"])


@pytest.mark.rule("B5", "B1.2", "B1.5")
@pytest.mark.parametrize("seed,answers,sets", [
    (3, 80, ("base",)), (5, 140, ("base",)), (7, 60, ("base",)),
    (2, 120, ("base", "colonies")), (4, 90, ("base", "intrigue-king", "colonies"))])
def test_no_piece_or_count_covers_another_or_the_place_s_name(
        chromium: Any, seed: int, answers: int, sets: tuple[str, ...]) -> None:
    """B5, B1.2, B1.5: in every place the king's crown, the Grandes, each colour's
    caballeros with their count, the tokens and the limit table's mark, the name and the
    values (or the scoreboard lying there) are drawn apart: no two of their boxes
    overlap, in positions of the base game and with the expansions."""
    fill = None if sets == ("base",) else "provisional"
    g = played(seed, answers, sets=sets, fill=fill)
    page = _page(chromium, board_svg(g.view(0), g.library.board), "")
    try:
        places = _boxes(page)
    finally:
        page.close()
    kinds = {k.split()[0] for p in places for k, _ in p["items"]}
    assert {"name", "king", "grande", "caballeros"} <= kinds, kinds
    for p in places:
        items = p["items"]
        for i, (ka, a) in enumerate(items):
            for kb, b in items[i + 1:]:
                assert not _meet(a, b), (p["place"], ka, a, kb, b)
