"""Placement, court and bidding checks (B3.2-B3.4, B4.1, B4.3, B5.1, B5.2): each check has a
legal case and an illegal one that cites its rule and leaves the state unchanged."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from conftest import StateBuilder

from elgrande.errors import IllegalMove
from elgrande.model.board import Board
from elgrande.model.placement import (
    apply_bid,
    apply_court,
    apply_place,
    bidding_order,
    check_bid,
    check_court,
    check_place,
    next_first_bidder,
    placement_targets,
    turn_order,
)
from elgrande.model.state import State


def _refused(state: State, rule: str | tuple[str, ...], fn: Callable[[], object]) -> IllegalMove:
    """Run ``fn``; it must raise IllegalMove citing ``rule`` and change nothing."""
    before = state.to_json()
    with pytest.raises(IllegalMove) as ei:
        fn()
    rules = (rule,) if isinstance(rule, str) else rule
    assert ei.value.rule in rules, ei.value
    assert state.to_json() == before
    return ei.value


def _ids(board: Board, places: list[int]) -> set[str]:
    return {board.place_id(p) for p in places}


# -- placement from court (B4.3, B5.1, B5.2) --------------------------------------------


def test_B4_3_B5_1_targets_are_the_kings_neighbours_and_the_castillo(
        board: Board, make_state: StateBuilder) -> None:
    # seed 000's example: the king in Galicia allows Basque Country, Old Castile, Castillo
    s = make_state(king="galicia")
    assert _ids(board, placement_targets(s, board)) == {"basque", "old_castile", "castillo"}
    s = make_state(king="new_castile")
    assert _ids(board, placement_targets(s, board)) == {
        "old_castile", "aragon", "valencia", "granada", "seville", "castillo"}


def test_B5_2_kings_region_is_never_a_target(board: Board, make_state: StateBuilder) -> None:
    for region in board.regions:
        s = make_state(king=board.place_id(region))
        targets = placement_targets(s, board)
        assert region not in targets and board.castillo in targets


def test_B4_3_legal_placement_moves_court_to_board(board: Board, make_state: StateBuilder) -> None:
    s = make_state(king="galicia", court={0: 5})
    basque, castillo = board.place_index("basque"), board.castillo
    check_place(s, board, 0, 4, {basque: 2, castillo: 2})
    apply_place(s, board, 0, 4, {basque: 2, castillo: 2})
    assert s.court[0] == 1
    assert s.caballeros[basque][0] == 2 and s.caballeros[castillo][0] == 2
    assert s.conservation_errors(board) == []


def test_B4_3_placing_nothing_is_legal(board: Board, make_state: StateBuilder) -> None:
    s = make_state(court={0: 0})
    before = s.to_json()
    apply_place(s, board, 0, 3, {})
    apply_place(s, board, 0, 0, {board.place_index("galicia"): 0})  # zero into the king's
    assert s.to_json() == before


def test_B5_2_placement_into_the_kings_region_is_refused(
        board: Board, make_state: StateBuilder) -> None:
    s = make_state(king="new_castile", court={0: 5})
    _refused(s, "B5.2", lambda: apply_place(s, board, 0, 3, {board.place_index("new_castile"): 1}))


def test_B5_1_placement_away_from_the_king_is_refused(
        board: Board, make_state: StateBuilder) -> None:
    s = make_state(king="galicia", court={0: 5})
    err = _refused(s, "B5.1", lambda: apply_place(
        s, board, 0, 3, {board.place_index("basque"): 1, board.place_index("aragon"): 1}))
    assert "Aragon" in err.message


def test_B4_3_placement_over_the_card_limit_is_refused(
        board: Board, make_state: StateBuilder) -> None:
    s = make_state(king="galicia", court={0: 5})
    check_place(s, board, 0, 3, {board.place_index("basque"): 3})
    _refused(s, "B4.3", lambda: apply_place(s, board, 0, 3, {board.place_index("basque"): 4}))


def test_B4_3_placement_over_the_court_is_refused(board: Board, make_state: StateBuilder) -> None:
    s = make_state(king="galicia", court={0: 2})
    check_place(s, board, 0, 5, {board.castillo: 2})
    _refused(s, "B4.3", lambda: apply_place(s, board, 0, 5, {board.castillo: 3}))


def test_B4_3_negative_or_unknown_places_are_refused(
        board: Board, make_state: StateBuilder) -> None:
    s = make_state(king="galicia", court={0: 5})
    _refused(s, "B4.3", lambda: apply_place(s, board, 0, 5, {board.place_index("basque"): -1}))
    _refused(s, "B4.3", lambda: apply_place(s, board, 0, 5, {len(board.places): 1}))
    _refused(s, "B4.3", lambda: apply_place(s, board, 0, 5, {-1: 1}))


def test_B1_0_unknown_player_is_refused(board: Board, make_state: StateBuilder) -> None:
    s = make_state(players=3, court={0: 5})
    check_place(s, board, 2, 5, {})
    _refused(s, "B1.0", lambda: apply_place(s, board, 3, 5, {}))
    _refused(s, "B1.0", lambda: apply_court(s, board, -1, 5, 0))
    _refused(s, "B1.0", lambda: apply_bid(s, 5, 1))


# -- court (B4.1) -----------------------------------------------------------------------


def test_B4_1_court_from_provinces(board: Board, make_state: StateBuilder) -> None:
    s = make_state(court={0: 7}, regions={"aragon": {0: 2}})
    apply_court(s, board, 0, 4, 4)
    assert (s.provinces[0], s.court[0]) == (17, 11)
    apply_court(s, board, 0, 4, 0)  # "up to": none is legal
    assert (s.provinces[0], s.court[0]) == (17, 11)


def test_B4_1_shortfall_from_regions_only_when_provinces_empty(
        board: Board, make_state: StateBuilder) -> None:
    aragon = board.place_index("aragon")
    s = make_state(court={0: 10}, regions={"aragon": {0: 10}, "basque": {0: 8}},
                   provinces={0: 2})
    apply_court(s, board, 0, 5, 2, {aragon: 3})
    assert (s.provinces[0], s.court[0], s.caballeros[aragon][0]) == (0, 15, 7)
    assert s.conservation_errors(board) == []
    # provinces already empty: all from regions
    apply_court(s, board, 0, 2, 0, {aragon: 2})
    assert (s.court[0], s.caballeros[aragon][0]) == (17, 5)


def test_B4_1_regions_while_provinces_not_empty_is_refused(
        board: Board, make_state: StateBuilder) -> None:
    aragon = board.place_index("aragon")
    s = make_state(court={0: 9}, regions={"aragon": {0: 10}, "basque": {0: 8}},
                   provinces={0: 3})
    _refused(s, "B4.1", lambda: apply_court(s, board, 0, 5, 2, {aragon: 3}))
    _refused(s, "B4.1", lambda: apply_court(s, board, 0, 5, 0, {aragon: 1}))


def test_B4_1_shortfall_never_from_the_castillo(board: Board, make_state: StateBuilder) -> None:
    s = make_state(court={0: 10}, regions={"aragon": {0: 10}}, castillo={0: 10},
                   provinces={0: 0})
    check_court(s, board, 0, 4, 0, {board.place_index("aragon"): 2})
    _refused(s, "B4.1", lambda: apply_court(s, board, 0, 4, 0, {board.castillo: 2}))


def test_B4_1_shortfall_never_from_the_kings_region(
        board: Board, make_state: StateBuilder) -> None:
    s = make_state(king="aragon", court={0: 10}, regions={"aragon": {0: 10}, "basque": {0: 10}},
                   provinces={0: 0})
    check_court(s, board, 0, 4, 0, {board.place_index("basque"): 2})
    _refused(s, ("B4.1", "B5.2"),
             lambda: apply_court(s, board, 0, 4, 0, {board.place_index("aragon"): 2}))


def test_B4_1_more_than_the_limit_is_refused(board: Board, make_state: StateBuilder) -> None:
    s = make_state(court={0: 7})
    check_court(s, board, 0, 3, 3)
    _refused(s, "B4.1", lambda: apply_court(s, board, 0, 3, 4))
    t = make_state(court={0: 18}, regions={"basque": {0: 10}}, provinces={0: 2})
    check_court(t, board, 0, 4, 2, {board.place_index("basque"): 2})
    _refused(t, "B4.1", lambda: apply_court(t, board, 0, 4, 2, {board.place_index("basque"): 3}))


def test_B4_1_more_than_the_provinces_hold_is_refused(
        board: Board, make_state: StateBuilder) -> None:
    s = make_state(court={0: 27}, provinces={0: 1}, regions={"basque": {0: 2}})
    check_court(s, board, 0, 4, 1)
    _refused(s, "B4.1", lambda: apply_court(s, board, 0, 4, 2))
    _refused(s, "B4.1", lambda: apply_court(s, board, 0, 4, -1))


def test_B4_1_more_than_the_player_has_in_a_region_is_refused(
        board: Board, make_state: StateBuilder) -> None:
    basque = board.place_index("basque")
    s = make_state(court={0: 28}, provinces={0: 0}, regions={"basque": {0: 2, 1: 5}})
    check_court(s, board, 0, 4, 0, {basque: 2})
    _refused(s, "B4.1", lambda: apply_court(s, board, 0, 4, 0, {basque: 3}))


def test_B4_1_negative_or_unknown_sources_are_refused(
        board: Board, make_state: StateBuilder) -> None:
    s = make_state(court={0: 28}, provinces={0: 0}, regions={"basque": {0: 2}})
    _refused(s, "B4.1", lambda: apply_court(s, board, 0, 4, 0, {len(board.places): 1}))
    _refused(s, "B4.1", lambda: apply_court(s, board, 0, 4, 0, {board.place_index("basque"): -1}))


# -- power cards (B3.2-B3.4) ------------------------------------------------------------


def test_B3_2_legal_bid_moves_the_card_to_the_discards(make_state: StateBuilder) -> None:
    s = make_state()
    check_bid(s, 1, 7, expected=1)
    apply_bid(s, 1, 7, expected=1)
    assert 7 not in s.hands[1] and s.discards[1] == [7]
    assert s.bids == [[1, 7]]


def test_B3_2_card_not_in_hand_is_refused(make_state: StateBuilder) -> None:
    s = make_state()
    s.hands[0].remove(13)
    s.discards[0].append(13)
    check_bid(s, 0, 12)
    _refused(s, "B3.2", lambda: apply_bid(s, 0, 13))
    _refused(s, "B3.2", lambda: apply_bid(s, 0, 14))


def test_B3_2_value_played_by_another_player_is_refused(make_state: StateBuilder) -> None:
    s = make_state()
    apply_bid(s, 0, 7)
    check_bid(s, 1, 8)
    err = _refused(s, "B3.2", lambda: apply_bid(s, 1, 7))
    assert "already played" in err.message


def test_B3_2_one_card_per_player_and_round(make_state: StateBuilder) -> None:
    s = make_state()
    apply_bid(s, 0, 7)
    _refused(s, "B3.2", lambda: apply_bid(s, 0, 8))


def test_B3_3_bid_out_of_turn_is_refused(make_state: StateBuilder) -> None:
    s = make_state()
    check_bid(s, 2, 5, expected=2)
    _refused(s, "B3.3", lambda: apply_bid(s, 3, 5, expected=2))


def test_B3_2_bidding_goes_clockwise_from_the_first_bidder() -> None:
    assert bidding_order(2, 4) == [2, 3, 0, 1]
    assert bidding_order(0, 3) == [0, 1, 2]
    assert bidding_order(4, 5) == [4, 0, 1, 2, 3]


def test_B3_4_turn_order_is_highest_card_first() -> None:
    bids = [[2, 9], [3, 1], [0, 12], [1, 3]]
    assert turn_order(bids) == [0, 2, 1, 3]


def test_B3_3_next_first_bidder_played_the_lowest_card_not_the_last() -> None:
    bids = [[2, 9], [3, 1], [0, 12], [1, 3]]  # player 1 laid the last card
    assert next_first_bidder(bids) == 3
