"""Placement, court and bidding rules (B3.2-B3.4, B4.1, B4.3, B5.1, B5.2), driven through
the decisions the game uses (``conftest.place``/``court``/``bid``: the base rules' and the
court primitive's decision, its check, its apply): each rule has a legal case and an
illegal one that cites its rule and leaves the state unchanged."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from conftest import StateBuilder, bid, court, engine_of, place

import elgrande
from elgrande.engine.court import court_decision, placement_decision
from elgrande.errors import IllegalMove
from elgrande.model.board import Board
from elgrande.model.placement import (
    bidding_order,
    next_first_bidder,
    placement_targets,
    turn_order,
)
from elgrande.model.state import State
from elgrande.rules.base import bid_decision


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
    place(s.copy(), board, 0, 4, {basque: 2, castillo: 2})
    place(s, board, 0, 4, {basque: 2, castillo: 2})
    assert s.court[0] == 1
    assert s.caballeros[basque][0] == 2 and s.caballeros[castillo][0] == 2
    assert s.conservation_errors(board) == []


def test_B4_3_placing_nothing_is_legal(board: Board, make_state: StateBuilder) -> None:
    s = make_state(court={0: 0})
    before = s.to_json()
    place(s, board, 0, 3, {})
    place(s, board, 0, 0, {board.place_index("galicia"): 0})  # zero into the king's
    assert s.to_json() == before


def test_B5_2_placement_into_the_kings_region_is_refused(
        board: Board, make_state: StateBuilder) -> None:
    s = make_state(king="new_castile", court={0: 5})
    _refused(s, "B5.2", lambda: place(s, board, 0, 3, {board.place_index("new_castile"): 1}))


def test_B5_1_placement_away_from_the_king_is_refused(
        board: Board, make_state: StateBuilder) -> None:
    s = make_state(king="galicia", court={0: 5})
    err = _refused(s, "B5.1", lambda: place(
        s, board, 0, 3, {board.place_index("basque"): 1, board.place_index("aragon"): 1}))
    assert "Aragon" in err.message


def test_B4_3_placement_over_the_card_limit_is_refused(
        board: Board, make_state: StateBuilder) -> None:
    s = make_state(king="galicia", court={0: 5})
    place(s.copy(), board, 0, 3, {board.place_index("basque"): 3})
    _refused(s, "B4.3", lambda: place(s, board, 0, 3, {board.place_index("basque"): 4}))


def test_B4_3_placement_over_the_court_is_refused(board: Board, make_state: StateBuilder) -> None:
    s = make_state(king="galicia", court={0: 2})
    place(s.copy(), board, 0, 5, {board.castillo: 2})
    _refused(s, "B4.3", lambda: place(s, board, 0, 5, {board.castillo: 3}))


def test_B4_3_negative_or_unknown_places_are_refused(
        board: Board, make_state: StateBuilder) -> None:
    s = make_state(king="galicia", court={0: 5})
    _refused(s, "B4.3", lambda: place(s, board, 0, 5, {board.place_index("basque"): -1}))
    # answers name places by id: an unknown id, and a bare index, are refused
    _refused(s, "B4.3", lambda: place(s, board, 0, 5, {"atlantis": 1}))
    _refused(s, "B4.3", lambda: place(s, board, 0, 5, {len(board.places): 1}))
    _refused(s, "B4.3", lambda: place(s, board, 0, 5, {-1: 1}))


def test_B4_3_nothing_to_place_refuses_any_caballero(
        board: Board, make_state: StateBuilder) -> None:
    # an empty court or a card allowing none: no decision, so only an empty answer is legal
    s = make_state(king="galicia", court={0: 0})
    assert placement_decision(engine_of(("base",)), s, 0, 5) is None
    _refused(s, "B4.3", lambda: place(s, board, 0, 5, {board.castillo: 1}))
    t = make_state(king="galicia", court={0: 5})
    _refused(t, "B4.3", lambda: place(t, board, 0, 0, {board.castillo: 1}))


def test_B3_4_unknown_player_is_refused(board: Board, make_state: StateBuilder) -> None:
    # The model's own seat check (B1.0) is gone: seats are checked where answers enter.
    # A decision refuses a seat that is not the one to answer (B3.4) ...
    s = make_state(players=3, court={0: 5})
    d = placement_decision(engine_of(("base",)), s, 0, 5)
    assert d is not None
    for who in (3, -1, 1):
        with pytest.raises(IllegalMove) as ei:
            d.check({}, who)
        assert ei.value.rule == "B3.4"
    c = court_decision(s, board, 0, 5)
    assert c is not None
    with pytest.raises(IllegalMove) as ei:
        c.check(0, 3)
    assert ei.value.rule == "B3.4"
    # ... and Game.answer refuses a non-seat (check_seat: B3.4) and, while the power cards
    # are played, an unknown seat as not the player whose turn it is (B3.3); the game is
    # unchanged.
    g = elgrande.new_game(3, seed=1, logging=False)
    assert g.pending is not None and g.pending.kind == "choose_power_card"
    answer = g.pending.random_answer(random.Random(0))
    before = g.to_json()
    for who, rule in ((5, "B3.3"), (-1, "B3.3"), (True, "B3.4"), (1.0, "B3.4")):
        with pytest.raises(IllegalMove) as ei:
            g.answer(who, answer)  # type: ignore[arg-type]
        assert ei.value.rule == rule, ei.value
    assert g.to_json() == before


# -- court (B4.1) -----------------------------------------------------------------------


def test_B4_1_court_from_provinces(board: Board, make_state: StateBuilder) -> None:
    s = make_state(court={0: 7}, regions={"aragon": {0: 2}})
    court(s, board, 0, 4, 4)
    assert (s.provinces[0], s.court[0]) == (17, 11)
    court(s, board, 0, 4, 0)  # "up to": none is legal
    assert (s.provinces[0], s.court[0]) == (17, 11)


def test_B4_1_shortfall_from_regions_only_when_provinces_empty(
        board: Board, make_state: StateBuilder) -> None:
    aragon = board.place_index("aragon")
    s = make_state(court={0: 10}, regions={"aragon": {0: 10}, "basque": {0: 8}},
                   provinces={0: 2})
    court(s, board, 0, 5, 2, {aragon: 3})
    assert (s.provinces[0], s.court[0], s.caballeros[aragon][0]) == (0, 15, 7)
    assert s.conservation_errors(board) == []
    # provinces already empty: all from regions
    court(s, board, 0, 2, 0, {aragon: 2})
    assert (s.court[0], s.caballeros[aragon][0]) == (17, 5)


def test_B4_1_regions_while_provinces_not_empty_is_refused(
        board: Board, make_state: StateBuilder) -> None:
    aragon = board.place_index("aragon")
    s = make_state(court={0: 9}, regions={"aragon": {0: 10}, "basque": {0: 8}},
                   provinces={0: 3})
    _refused(s, "B4.1", lambda: court(s, board, 0, 5, 2, {aragon: 3}))
    _refused(s, "B4.1", lambda: court(s, board, 0, 5, 0, {aragon: 1}))


def test_B4_1_shortfall_never_from_the_castillo(board: Board, make_state: StateBuilder) -> None:
    s = make_state(court={0: 10}, regions={"aragon": {0: 10}}, castillo={0: 10},
                   provinces={0: 0})
    court(s.copy(), board, 0, 4, 0, {board.place_index("aragon"): 2})
    _refused(s, "B4.1", lambda: court(s, board, 0, 4, 0, {board.castillo: 2}))


def test_B4_1_shortfall_never_from_the_kings_region(
        board: Board, make_state: StateBuilder) -> None:
    s = make_state(king="aragon", court={0: 10}, regions={"aragon": {0: 10}, "basque": {0: 10}},
                   provinces={0: 0})
    court(s.copy(), board, 0, 4, 0, {board.place_index("basque"): 2})
    _refused(s, ("B4.1", "B5.2"),
             lambda: court(s, board, 0, 4, 0, {board.place_index("aragon"): 2}))


def test_B4_1_more_than_the_limit_is_refused(board: Board, make_state: StateBuilder) -> None:
    s = make_state(court={0: 7})
    court(s.copy(), board, 0, 3, 3)
    _refused(s, "B4.1", lambda: court(s, board, 0, 3, 4))
    t = make_state(court={0: 18}, regions={"basque": {0: 10}}, provinces={0: 2})
    court(t.copy(), board, 0, 4, 2, {board.place_index("basque"): 2})
    _refused(t, "B4.1", lambda: court(t, board, 0, 4, 2, {board.place_index("basque"): 3}))


def test_B4_1_more_than_the_provinces_hold_is_refused(
        board: Board, make_state: StateBuilder) -> None:
    s = make_state(court={0: 27}, provinces={0: 1}, regions={"basque": {0: 2}})
    court(s.copy(), board, 0, 4, 1)
    _refused(s, "B4.1", lambda: court(s, board, 0, 4, 2))
    _refused(s, "B4.1", lambda: court(s, board, 0, 4, -1))


def test_B4_1_more_than_the_player_has_in_a_region_is_refused(
        board: Board, make_state: StateBuilder) -> None:
    basque = board.place_index("basque")
    s = make_state(court={0: 28}, provinces={0: 0}, regions={"basque": {0: 2, 1: 5}})
    court(s.copy(), board, 0, 4, 0, {basque: 2})
    _refused(s, "B4.1", lambda: court(s, board, 0, 4, 0, {basque: 3}))


def test_B4_1_negative_or_unknown_sources_are_refused(
        board: Board, make_state: StateBuilder) -> None:
    s = make_state(court={0: 28}, provinces={0: 0}, regions={"basque": {0: 2}})
    _refused(s, "B4.1", lambda: court(s, board, 0, 4, 0, {len(board.places): 1}))
    _refused(s, "B4.1", lambda: court(s, board, 0, 4, 0, {board.place_index("basque"): -1}))


# -- power cards (B3.2-B3.4) ------------------------------------------------------------


def test_B3_2_legal_bid_moves_the_card_to_the_discards(make_state: StateBuilder) -> None:
    s = make_state()
    assert bid_decision(s, 1, 0).players == [1]
    bid(s, 1, 1, 7)
    assert 7 not in s.hands[1] and s.discards[1] == [7]
    assert s.bids == [[1, 7]]


def test_B3_2_card_not_in_hand_is_refused(make_state: StateBuilder) -> None:
    s = make_state()
    s.hands[0].remove(13)
    s.discards[0].append(13)
    bid(s.copy(), 0, 0, 12)
    _refused(s, "B3.2", lambda: bid(s, 0, 0, 13))
    _refused(s, "B3.2", lambda: bid(s, 0, 0, 14))


def test_B3_2_value_played_by_another_player_is_refused(make_state: StateBuilder) -> None:
    s = make_state()
    bid(s, 0, 0, 7)
    bid(s.copy(), 0, 1, 8)
    err = _refused(s, "B3.2", lambda: bid(s, 0, 1, 7))
    assert "already played" in err.message


def test_B3_2_one_card_per_player_and_round(make_state: StateBuilder) -> None:
    s = make_state(players=3)
    bid(s, 0, 0, 7)
    # the next card is the next player's: a second card now is out of turn (B3.3) ...
    _refused(s, "B3.3", lambda: bid(s, 0, 0, 8))
    bid(s, 0, 1, 9)
    bid(s, 0, 2, 10)
    # ... and once everyone has played, no one plays another this round (B3.2)
    _refused(s, "B3.2", lambda: bid(s, 0, 0, 8))


def test_B3_3_bid_out_of_turn_is_refused(make_state: StateBuilder) -> None:
    s = make_state()
    bid(s.copy(), 2, 2, 5)
    _refused(s, "B3.3", lambda: bid(s, 2, 3, 5))
    bid(s, 2, 2, 5)
    _refused(s, "B3.3", lambda: bid(s, 2, 0, 6))  # clockwise: player 3 is next


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
