"""The drawn land no place covers is said to be outside the game (f20: a new user saw grey
land with no name, B1.6): :mod:`elgrande.tools.map_spare` and the words the map writes."""

from __future__ import annotations

import re

from elgrande.data.library import load_library
from elgrande.model.boardmap import BoardMap, Shape
from elgrande.tools.board_svg import map_svg
from elgrande.tools.map_spare import ROOM, _corners, _inside, spare_spot


def test_the_base_map_says_its_spare_land_is_not_part_of_the_game() -> None:
    board = load_library(("base",)).board
    assert board.map is not None
    spot = spare_spot(board.map)
    assert spot is not None and spot[1] >= ROOM
    (x, y), _ = spot
    assert _inside((x, y), board.map.sea)
    assert not any(_inside((x, y), _corners(s)) for s in board.map.shapes.values())
    svg = map_svg(board)
    assert re.search(r'<text class="spare"[^>]*>not part <tspan[^>]*>of the game</tspan>', svg)
    assert "<title>land outside the game</title>" in svg


def test_no_words_when_the_places_cover_the_land_or_no_land_is_drawn() -> None:
    square = ((0.0, 0.0), (100.0, 0.0), (100.0, 100.0), (0.0, 100.0))
    full = BoardMap(100.0, 100.0, {"a": Shape("a", "polygon", square, (50.0, 50.0))}, square)
    assert spare_spot(full) is None
    assert spare_spot(BoardMap(100.0, 100.0, {}, ())) is None
    empty = BoardMap(100.0, 100.0, {}, square)
    spot = spare_spot(empty)
    assert spot is not None and spot[0] == (50.0, 50.0)
