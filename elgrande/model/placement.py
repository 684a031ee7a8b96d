"""Board facts of placement and bidding that the rules modules build on (B3.2-B3.4, B4.3,
B5.1, B5.2): where court caballeros may go, turn order and bidding order.

The checks and moves themselves have one code path, the decisions the game uses:
bringing caballeros to court and placing them in :mod:`elgrande.engine.court`
(:func:`~elgrande.engine.court.court_decision`, :func:`~elgrande.engine.court.apply_court`,
:func:`~elgrande.engine.court.placement_decision`,
:func:`~elgrande.engine.court.apply_placement_answer`), power cards in
:func:`elgrande.rules.base.bid_decision` / :func:`~elgrande.rules.base.apply_bid_answer`.
"""

from __future__ import annotations

from collections.abc import Sequence

from elgrande.model.board import Board
from elgrande.model.state import State


def placement_targets(state: State, board: Board) -> list[int]:
    """Places a player may place court caballeros into with an action card's number
    (B4.3, B5.1): regions adjacent to the king's region, and the Castillo. Never the
    king's region (B5.2)."""
    king = state.king
    adjacent = board.places[king].adjacent
    out = [r for r in board.regions if r != king and r in adjacent]
    out.append(board.castillo)
    return out


def turn_order(bids: Sequence[Sequence[int]]) -> list[int]:
    """Players in turn order: highest power card first (B3.4).

    Args:
        bids: ``[player, value]`` pairs of this round.
    """
    keyed = []  # (-value, position, player): the highest first; of equal values the
    i = 0  # earlier bid (a stable sort), the tuples sorted in C
    for b in bids:
        keyed.append((-b[1], i, b[0]))
        i += 1
    keyed.sort()
    out: list[int] = []
    for t in keyed:
        out.append(t[2])
    return out


def next_first_bidder(bids: Sequence[Sequence[int]]) -> int:
    """The player who plays the first power card next round: the one who played the
    lowest card, i.e. takes the last turn (B3.3).

    Args:
        bids: ``[player, value]`` pairs of this round.

    Raises:
        ValueError: ``bids`` is empty.
    """
    if not bids:
        raise ValueError("no power card was played this round")
    best = bids[0]
    for b in bids:  # the first of the lowest (as min)
        if b[1] < best[1]:
            best = b
    return best[0]


def bidding_order(first: int, players: int) -> list[int]:
    """Clockwise bidding order starting with ``first`` (B3.2)."""
    return [(first + i) % players for i in range(players)]
