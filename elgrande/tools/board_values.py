"""The values a place or a mobile scoreboard pays in a game of a number of players, in
the words the board, its legend and the page share (B6.8: with 2 players only the left
value counts, with 3 the left and middle ones; B6.9: a mobile scoreboard named by its
printed values everywhere, "8-4-0", and the values B6.8 cuts said apart)."""

from __future__ import annotations

from collections.abc import Sequence

from elgrande.model.board import Board
from elgrande.model.scoring import paid_ranks

#: The ranks a place's values pay, in the legend's words.
ORDINALS = ("1st", "2nd", "3rd")
#: How many values count, in words (B6.8).
_HOW_MANY = {1: "left value only", 2: "left two values only"}


def paid_of(board: Board, players: int) -> int | None:
    """How many of a place's values count in a game of ``players`` (B6.8, the rules'
    :func:`~elgrande.model.scoring.paid_ranks`); None: all of them (a player count the
    board data does not give, as the empty map's 0). Raises nothing."""
    return paid_ranks(board, players) if players in board.paid_ranks else None


def printed(values: Sequence[int]) -> str:
    """A mobile scoreboard's printed values, as the board, the buttons and the log name
    it (B6.9): ``[8, 4, 0]`` -> ``"8-4-0"``. Raises nothing."""
    return "-".join(map(str, values))


def cuts(values: Sequence[int], paid: int | None) -> bool:
    """Whether B6.8 leaves out a value of ``values`` that is not 0 (``paid`` of them
    count; None: all). Raises nothing."""
    return paid is not None and any(v for v in values[paid:])


def scores_words(values: Sequence[int], paid: int | None) -> str:
    """What a scoreboard of ``values`` scores where B6.8 cuts a value (:func:`cuts`):
    ``"5-4-3 scores 5-4"``; ``""`` where it scores as printed. Raises nothing."""
    return f"{printed(values)} scores {printed(values[:paid])}" if cuts(values, paid) else ""


def legend_cut(paid: int | None, players: int, values: Sequence[int]) -> str:
    """The legend's words of B6.8 for a scoreboard of ``values``: ``"3 players: left two
    values only (B6.8)"`` (short: the replay viewer's board panel cut a longer line, f26);
    ``""`` where every value counts. Raises nothing."""
    if paid is None or paid >= len(values) or paid not in _HOW_MANY:
        return ""
    return f"{players} players: {_HOW_MANY[paid]} (B6.8)"
