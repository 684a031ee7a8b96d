"""The placement, court and bidding rules as checks (B3.2-B3.4, B4.1, B4.3, B5.1, B5.2).

Each ``check_*`` raises :class:`IllegalMove` with a rule id and changes nothing; each
``apply_*`` checks first, then changes the state. Answers are plain data: place indices
and caballero counts.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from elgrande.errors import IllegalMove
from elgrande.model.board import Board
from elgrande.model.state import State


def placement_targets(state: State, board: Board) -> list[int]:
    """Places a player may place court caballeros into with an action card's number
    (B4.3, B5.1): regions adjacent to the king's region, and the Castillo. Never the
    king's region (B5.2)."""
    king = state.king
    out = [r for r in board.regions if r != king and board.adjacent(king, r)]
    out.append(board.castillo)
    return out


def _player(state: State, player: int) -> None:
    if not (0 <= player < state.players):
        raise IllegalMove("B1.0", f"there is no player {player}")


def _counts(moves: Mapping[int, int], board: Board, rule: str) -> None:
    for place, n in moves.items():
        if not (0 <= place < len(board.places)):
            raise IllegalMove(rule, f"there is no place {place}")
        if not isinstance(n, int) or n < 0:
            raise IllegalMove(rule, f"caballero counts must be whole numbers >= 0, got {n!r}")


def check_place(state: State, board: Board, player: int, limit: int,
                to: Mapping[int, int]) -> None:
    """Check a placement from court (B4.3).

    Args:
        player: player index.
        limit: the action card's number (caballeros that may be placed, 0..5).
        to: ``{place: caballeros}``.
    Raises:
        IllegalMove: B5.2 (the king's region), B5.1 (a region not adjacent to the king),
        B4.3 (more than the card allows, or more than the court holds).
    """
    _player(state, player)
    _counts(to, board, "B4.3")
    targets = placement_targets(state, board)
    for place, n in to.items():
        if not n:
            continue
        name = board.places[place].name
        if place == state.king:
            raise IllegalMove("B5.2", f"{name} is the king's region: no caballero may enter it")
        if place not in targets:
            raise IllegalMove("B5.1", f"{name} is not adjacent to the king's region "
                              f"({board.places[state.king].name}) nor the Castillo")
    total = sum(to.values())
    if total > limit:
        raise IllegalMove("B4.3", f"the action card allows {limit} caballeros, not {total}")
    if total > state.court[player]:
        raise IllegalMove("B4.3", f"the court holds {state.court[player]} caballeros, "
                          f"not {total}")


def apply_place(state: State, board: Board, player: int, limit: int,
                to: Mapping[int, int]) -> None:
    """Check (:func:`check_place`) then move caballeros from court to the board (B4.3)."""
    check_place(state, board, player, limit, to)
    for place, n in to.items():
        state.court[player] -= n
        state.caballeros[place][player] += n


def check_court(state: State, board: Board, player: int, limit: int, from_provinces: int,
                from_regions: Mapping[int, int] | None = None) -> None:
    """Check bringing caballeros to court (B4.1).

    Args:
        player: player index.
        limit: caballeros allowed (the power card's number, or a card's "up to N").
        from_provinces: caballeros taken from the provinces.
        from_regions: ``{place: caballeros}`` of the player's own caballeros taken from
            regions, allowed only once the provinces are empty.
    Raises:
        IllegalMove: B4.1 for more than the limit, more than the provinces hold, regions
        used while the provinces are not emptied, the Castillo or the king's region used
        as a source (B5.2 for the latter is also true; B4.1 is cited), or more than the
        player has there.
    """
    _player(state, player)
    from_regions = from_regions or {}
    _counts(from_regions, board, "B4.1")
    if not isinstance(from_provinces, int) or from_provinces < 0:
        raise IllegalMove("B4.1", "the count from the provinces must be a whole number >= 0")
    if from_provinces > state.provinces[player]:
        raise IllegalMove("B4.1", f"the provinces hold {state.provinces[player]} caballeros, "
                          f"not {from_provinces}")
    taken = sum(from_regions.values())
    if from_provinces + taken > limit:
        raise IllegalMove("B4.1", f"at most {limit} caballeros may come to court, "
                          f"not {from_provinces + taken}")
    if taken and from_provinces < state.provinces[player]:
        raise IllegalMove("B4.1", "caballeros may come from regions only once the provinces "
                          "are empty")
    for place, n in from_regions.items():
        if not n:
            continue
        name = board.places[place].name
        if place == board.castillo:
            raise IllegalMove("B4.1", "caballeros in the Castillo cannot be brought to court")
        if place == state.king:
            raise IllegalMove("B4.1", f"{name} is the king's region: caballeros cannot leave "
                              "it (B5.2)")
        if state.caballeros[place][player] < n:
            raise IllegalMove("B4.1", f"you have {state.caballeros[place][player]} caballeros "
                              f"in {name}, not {n}")


def apply_court(state: State, board: Board, player: int, limit: int, from_provinces: int,
                from_regions: Mapping[int, int] | None = None) -> None:
    """Check (:func:`check_court`) then bring the caballeros to court (B4.1)."""
    check_court(state, board, player, limit, from_provinces, from_regions)
    state.provinces[player] -= from_provinces
    state.court[player] += from_provinces
    for place, n in (from_regions or {}).items():
        state.caballeros[place][player] -= n
        state.court[player] += n


def check_bid(state: State, player: int, value: int, expected: int | None = None) -> None:
    """Check a power card played this round (B3.2, B3.3).

    Args:
        player: player index.
        value: the power card's value.
        expected: the player whose turn it is to play a power card, if known.
    Raises:
        IllegalMove: B3.3 (not this player's turn), B3.2 (not in hand, already played by
        another player this round, or this player already played one this round).
    """
    _player(state, player)
    if expected is not None and player != expected:
        raise IllegalMove("B3.3", f"it is player {expected}'s turn to play a power card, "
                          f"not player {player}'s")
    if any(p == player for p, _ in state.bids):
        raise IllegalMove("B3.2", "you have already played a power card this round")
    if value not in state.hands[player]:
        raise IllegalMove("B3.2", f"power card {value} is not in your hand")
    for p, v in state.bids:
        if v == value:
            raise IllegalMove("B3.2", f"power card {value} was already played this round by "
                              f"player {p}")


def apply_bid(state: State, player: int, value: int, expected: int | None = None) -> None:
    """Check (:func:`check_bid`) then play the power card: hand -> discard (B3.2)."""
    check_bid(state, player, value, expected)
    state.hands[player].remove(value)
    state.discards[player].append(value)
    state.bids.append([player, value])


def turn_order(bids: Sequence[Sequence[int]]) -> list[int]:
    """Players in turn order: highest power card first (B3.4).

    Args:
        bids: ``[player, value]`` pairs of this round.
    """
    return [p for p, _ in sorted(bids, key=lambda b: -b[1])]


def next_first_bidder(bids: Sequence[Sequence[int]]) -> int:
    """The player who plays the first power card next round: the one who played the
    lowest card, i.e. takes the last turn (B3.3)."""
    return min(bids, key=lambda b: b[1])[0]


def bidding_order(first: int, players: int) -> list[int]:
    """Clockwise bidding order starting with ``first`` (B3.2)."""
    return [(first + i) % players for i in range(players)]
