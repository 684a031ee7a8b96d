"""What an answer being composed would make of the map's counts (f18), drawn by the page
of ``elgrande serve`` (``preview.js``, B8.2, B4.1) in a real Chromium against a real
server: under each badge a chosen move or placement touches, its count before and after
("3→1"), a badge left empty struck through, a badge the answer adds drawn dashed; gone
once nothing is chosen (sent, or "Start over")."""

from __future__ import annotations

import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from browser import Tab
from test_server_page import create, open_seats, quiet

#: Where the test leaves its pictures (for a person to look at; none is compared).
SHOTS = Path(tempfile.gettempdir()) / "elgrande-shots"

#: Draws the selection ``opts`` of a decision of form ``form`` and kind ``kind`` as the page
#: draws one not yet sent, and reads back the preview's marks.
DRAW = """([form, kind, opts]) => import('/page/board.js').then(m => {
  const S = window.elgrandePage;
  S.controls = {form: form, kind: kind, options: opts, total: 0, max: 99};
  S.from = null;
  m.decorateBoard();
  const marks = Array.from(document.querySelectorAll('#board g#pending g.preview-count'))
    .map(g => ({place: g.getAttribute('data-place'), player: g.getAttribute('data-player'),
                text: g.querySelector('text').textContent,
                box: (b => [b.x, b.y, b.width, b.height])(g.querySelector('text').getBBox())}));
  const badges = Object.fromEntries(Array.from(document.querySelectorAll(
      '#board g.caballeros')).map(g => [g.getAttribute('data-place') + '|' +
      g.getAttribute('data-player'), (b => [b.x, b.y, b.width, b.height])(g.getBBox())]));
  return {marks: marks, badges: badges,
          ghosts: Array.from(document.querySelectorAll('#board g#pending g.preview-new'))
            .map(g => g.getAttribute('data-place') + '|' + g.getAttribute('data-player')),
          struck: document.querySelectorAll('#board g#pending line.preview-gone').length};
})"""


def _move(frm: str, to: str, player: int, count: int) -> dict[str, Any]:
    return {"from": frm, "to": to, "player": player, "count": count, "enabled": True,
            "unit": [frm, to, player], "from_label": frm, "to_label": to}


@pytest.mark.rule("B8.2", "B4.1")
def test_chosen_moves_and_placements_show_their_counts_before_and_after(
        server: str, new_tab: Callable[[], Tab]) -> None:
    """B8.2: one caballero of seat 0 moved from a place where it has N to a place where it
    has none: "N→N-1" under its badge there, a dashed badge with "0→1" at the other; all N
    moved: "N→0" and the badge struck through; nothing chosen: no mark. B4.1: two placed
    from the court in a place where it has N: no count before and after (the "+2" beside
    the place's name is its one mark, f28); one sent from there: "N→N-1"."""
    links = create(server, 4, 5, {1: "greedy", 2: "random", 3: "random"}, ["base"])
    (tab,), _ = open_seats(server, links, new_tab, [0])
    tab.page.set_viewport_size({"width": 1280, "height": 900})
    tab.page.wait_for_function("window.elgrandePage.controls")
    have = tab.page.evaluate("""() => Array.from(document.querySelectorAll(
        '#board g.caballeros[data-player="0"]')).map(g => [g.getAttribute('data-place'),
        +g.getAttribute('data-count')])""")
    assert have, "seat 0 has caballeros on the board"
    frm, n = have[0]
    mine = {p for p, _ in have}
    to = tab.page.evaluate("""(mine) => Array.from(document.querySelectorAll(
        '#board g.place[data-kind="region"]')).map(g => g.getAttribute('data-place'))
        .filter(p => mine.indexOf(p) < 0)[0]""", sorted(mine))
    got = tab.page.evaluate(DRAW, ["moves", "move_caballeros", [_move(frm, to, 0, 1)]])
    marks = {(m["place"], m["player"]): m for m in got["marks"]}
    assert marks[(frm, "0")]["text"] == f"{n}→{n - 1}", got["marks"]
    assert marks[(to, "0")]["text"] == "0→1" and got["ghosts"] == [f"{to}|0"], got
    bx, by, bw, bh = got["badges"][f"{frm}|0"]
    mx, my, mw, mh = marks[(frm, "0")]["box"]
    assert by + bh - 0.5 <= my <= by + bh + 6 and abs(mx + mw / 2 - (bx + bw / 2)) < 1, (
        got["badges"][f"{frm}|0"], marks[(frm, "0")])  # right under its badge
    SHOTS.mkdir(exist_ok=True)
    tab.page.locator("#board").screenshot(path=str(SHOTS / "preview-move.png"))
    got = tab.page.evaluate(DRAW, ["moves", "move_caballeros", [_move(frm, to, 0, n)]])
    assert {m["text"] for m in got["marks"]} == {f"{n}→0", f"0→{n}"} and got["struck"] == 1
    got = tab.page.evaluate(DRAW, ["moves", "move_caballeros", [_move(frm, to, 0, 0)]])
    assert got["marks"] == [] and got["ghosts"] == [] and got["struck"] == 0  # start over
    place = [{"place": frm, "count": 2, "enabled": True, "unit": [frm], "label": frm}]
    got = tab.page.evaluate(DRAW, ["counts", "place_caballeros", place])
    assert got["marks"] == [] and got["ghosts"] == [], got  # its "+2" says it (f28, h37)
    got = tab.page.evaluate(DRAW, ["counts", "send_caballeros", [{**place[0], "count": 1}]])
    assert [m["text"] for m in got["marks"]] == [f"{n}→{n - 1}"], got["marks"]
    quiet(tab)


@pytest.mark.rule("B4.1")
def test_a_placement_chosen_with_the_steppers_shows_on_the_map_until_start_over(
        server: str, new_tab: Callable[[], Tab]) -> None:
    """B4.1: at a placement from the court, a click on a region's "+" marks that region
    once, "+1" beside its name (f28: no count before and after, no dashed badge besides);
    "Start over" takes the mark away."""
    from test_server_page_first_screen import play_to

    links = play_to(server, lambda ctl: ctl["kind"] == "place_caballeros" and any(
        o["enabled"] and o.get("place") for o in ctl["options"]))
    ctl = links["controls"]
    (tab,), _ = open_seats(server, links, new_tab, [0])
    tab.page.set_viewport_size({"width": 1280, "height": 900})
    tab.page.wait_for_function("window.elgrandePage.controls")
    o = next(o for o in ctl["options"] if o["enabled"] and o.get("place")
             and tab.page.locator(f'#board g.place[data-place="{o["place"]}"]').count())
    tab.page.get_by_role("button", name="one more: " + o["label"], exact=True).click()
    mark = tab.page.locator(f'#board g#pending text.pending-count[data-place="{o["place"]}"]')
    mark.wait_for()
    assert mark.text_content() == "+1"
    assert tab.page.locator("#board g#pending g.preview-count, #board g#pending "
                            "g.preview-new").count() == 0
    SHOTS.mkdir(exist_ok=True)
    tab.page.locator("#board").screenshot(path=str(SHOTS / "preview-place.png"))
    tab.page.get_by_role("button", name="Start over").click()
    mark.wait_for(state="detached")
    assert tab.page.locator("#board g#pending text.pending-count").count() == 0
    quiet(tab)
