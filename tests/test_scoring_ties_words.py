"""A scoring line says ties (B6.5): tied players together, with the value they take and
why, once a line; a line with no tie reads as before; the page finds each tied seat's
points in the line (``since.js`` seatPoints: the name, then no ``;:,`` before
``-> N point``)."""

from __future__ import annotations

import re

from elgrande.model.scoring import general_scoring
from elgrande.play.game import new_game
from elgrande.play.narrate import TIE_WHY, scored

NAMES = ["Marta", "p2", "p3", "p4"]


def _line(counts: list[int], region: str = "galicia") -> str:
    g = new_game(NAMES, seed=1)
    b = g.library.board
    r = b.index[region]
    s = g.state
    s.caballeros[r] = counts
    res = general_scoring(s, b, [r] * 4, g._engine.rules)
    return scored(next(x for x in res.regions if x.place == r), b, NAMES)


def _points(line: str, name: str) -> int:
    """The seat's points in ``line`` as the page reads them (since.js seatPoints)."""
    m = re.search(rf"(^|[^\w]){re.escape(name)} [^;:,]*?-> (\d+) point", line)
    assert m, (name, line)
    return int(m.group(2))


def test_b6_5_tied_players_take_the_next_ranks_value_and_the_line_says_why() -> None:
    line = _line([2, 3, 3, 2])
    values = [int(v) for v in re.search(r"values (\d+)/(\d+)/(\d+)", line).groups()]  # type: ignore[union-attr]
    assert f"p2 and p3 tied with 3 caballeros -> {values[1]} points each {TIE_WHY}" in line
    assert "Marta and p4 tied with 2 caballeros -> 0 points each" in line
    assert line.count("B6.5") == 1, line
    assert [_points(line, n) for n in NAMES] == [0, values[1], values[1], 0]


def test_b6_5_three_tied_and_no_tie() -> None:
    line = _line([3, 3, 3, 0])
    assert "Marta and p2 and p3 tied with 3 caballeros" in line, line
    assert len({_points(line, n) for n in NAMES[:3]}) == 1
    plain = _line([4, 3, 2, 1])
    assert "tied" not in plain and "B6.5" not in plain
    assert re.search(r"Marta 4 caballeros -> \d+ points?; p2 3 caballeros", plain), plain
