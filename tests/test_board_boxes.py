"""The board drawn for ``elgrande serve``'s page: the map alone (``board_svg(...,
boxes=False)``) and the players' boxes, the legend and the Colonies' panel apart
(:func:`boxes_svg`), so a phone shows them under the map; and the values written on the
map: only those paid with the game's number of players (B6.8), the printed ones and a
mobile scoreboard's alike (B6.9)."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

import pytest
from test_board_svg import NS, groups, played

import elgrande
from elgrande.model.scoring import paid_ranks
from elgrande.play.game import Game
from elgrande.tools.board_svg import board_svg, boxes_svg, public_view

SVG = "{http://www.w3.org/2000/svg}"


def docs(text: str) -> list[ET.Element]:
    """The SVG documents of :func:`boxes_svg`'s text, in order."""
    return list(ET.fromstring(f"<all>{text}</all>"))


def with_scoreboard(players: int) -> Game:
    """A random base game of ``players`` after a mobile scoreboard was put on a region
    (B6.9)."""
    for seed in range(200):
        g = elgrande.new_game(players, seed=seed, logging=False)
        rng = random.Random(seed)
        while (d := g.pending) is not None:
            g.answer(d.players[0], d.random_answer(rng, d.players[0]))
            if any(at >= 0 for at in g.state.scoreboards):
                return g
    raise AssertionError("no game put a mobile scoreboard on the board")


@pytest.mark.rule("B6.8", "B6.9")
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_B6_8_the_map_writes_only_the_values_paid_with_this_many_players(
        players: int) -> None:
    """2 players: the left value only; 3: the left and middle; 4 and 5: all three (the
    rules' own count, :func:`paid_ranks`, which scoring reads), on the regions and on a
    mobile scoreboard lying on one (B6.9), and the legend says so."""
    g = with_scoreboard(players)
    b = g.library.board
    paid = paid_ranks(b, players)
    assert paid == {2: 1, 3: 2, 4: 3, 5: 3}[players]  # B6.8 in the base set's data
    for svg in (board_svg(g.view(0), b), board_svg(g.view(0), b, boxes=False)):
        root = ET.fromstring(svg)
        written = 0
        for place in root.iterfind(".//s:g[@class='place']", NS):
            p = b.places[b.place_index(place.get("data-place", ""))]
            values = place.find("s:text[@class='values']", NS)
            if values is not None:
                assert values.text == " / ".join(map(str, p.values[:paid]))
                assert len((values.text or "").split(" / ")) == paid
                written += 1
        assert written >= len(b.places) - len(b.scoreboards)
        boards = root.findall(".//s:g[@class='scoreboard']", NS)
        assert boards, "a mobile scoreboard lies on the board"
        for sb in boards:
            values = next(x.values for x in b.scoreboards if x.id == sb.get("data-scoreboard"))
            # h29: its printed values, as the buttons and the log (B6.8 said in the legend)
            assert sb.find("s:text", NS).text == "-".join(map(str, values))  # type: ignore[union-attr]
    legend = " ".join(t.text or "" for t in ET.fromstring(board_svg(g.view(0), b)).findall(
        ".//s:g[@class='legend']/s:text", NS))
    want = {1: "for 1st (B6.8)", 2: "for 1st / 2nd (B6.8)", 3: "for 1st / 2nd / 3rd"}[paid]
    assert f"a region's points {want}" in legend


def test_the_empty_map_writes_every_printed_value() -> None:
    """The map of the docs (no players: no count to cut by) keeps all three values."""
    from elgrande.tools.board_svg import map_svg

    b = elgrande.new_game(4, seed=0, logging=False).library.board
    root = ET.fromstring(map_svg(b))
    for place in root.iterfind(".//s:g[@class='place']", NS):
        values = place.find("s:text[@class='values']", NS)
        assert values is not None and len((values.text or "").split(" / ")) == 3


@pytest.mark.rule("B1.1", "B8.5a")
def test_the_boxes_drawn_apart_are_the_boxes_drawn_beside_the_map() -> None:
    """``boxes=False`` draws the map with no player box, legend or Colonies panel, and
    :func:`boxes_svg` draws those as small documents of their own: the same groups
    (each player's box, as the seat sees it: its hand only, B8.5a), one unit a pixel,
    the box's smallest text 12 units."""
    colonies = elgrande.new_game(4, sets=("base", "colonies"), fill="provisional", seed=5)
    for g in (played(3, 60, 3), colonies):
        b = g.library.board
        for v in [g.view(p) for p in range(g.state.players)] + [public_view(g)]:
            held = [["a card"] if p == 1 else [] for p in range(g.state.players)]
            whole = ET.fromstring(board_svg(v, b, held=held))
            alone = board_svg(v, b, boxes=False, held=held)
            assert groups(alone, "player") == [] and groups(alone, "legend") == []
            assert groups(alone, "colonies") == []
            assert groups(alone, "place") == groups(board_svg(v, b), "place")
            apart = docs(boxes_svg(v, b, held))
            kinds = [d[0].get("class") for d in apart]
            want = ["player"] * g.state.players + ["legend"] + (
                ["colonies"] if g is colonies else [])
            assert kinds == want
            for d in apart:
                assert d.tag == SVG + "svg" and d.get("class") == "elgrande-box"
                assert d.get("viewBox") == f"0 0 {d.get('width')} {d.get('height')}"
            beside = [x for x in whole.iter(SVG + "g") if x.get("class") == "player"]
            for d, box in zip(apart, beside, strict=False):
                assert d[0].attrib == box.attrib
                assert ["".join(t.itertext()) for t in d[0].iter(SVG + "text")] == [
                    "".join(t.itertext()) for t in box.iter(SVG + "text")]
                assert min(float(t.get("font-size", 0)) for t in d[0].iter(SVG + "text")) >= 12
            hands = [t.text for d in apart for t in d.iter(SVG + "text")
                     if t.get("class") == "hand"]
            mine = v.get("player")
            assert len(hands) == (0 if mine is None else 1)
            holds = [t.text for d in apart for t in d.iter(SVG + "text")
                     if t.get("class") == "holds"]
            assert holds == ["holds: a card"]


def test_a_shared_memo_draws_the_map_alone_as_each_seat_s_own_view_would() -> None:
    """The server's memo (the drawn places, keyed by what they are drawn from) shared by
    the map drawn alone and the whole picture, for every seat (B8.5a)."""
    for g in [played(3, 120, 3), played(8, 40, 2)]:
        memo: dict[str, str] = {}
        views = [g.view(p) for p in range(g.state.players)] + [public_view(g)]
        for v in views + views:
            assert board_svg(v, g.library.board, memo, boxes=False) == board_svg(
                v, g.library.board, boxes=False)
            assert board_svg(v, g.library.board, memo) == board_svg(v, g.library.board)
        assert memo
