"""Scoring: ranking (B6.5), bonuses (B5.3, B6.6), 2/3 players (B6.8), mobile scoreboards
(B6.9), first position only (B8.6), neutral caballeros (C8, C9), general scoring (B6.1-B6.4).
"""

from __future__ import annotations

import pytest
from conftest import StateBuilder, build_state

from elgrande.errors import IllegalMove
from elgrande.model.board import Board
from elgrande.model.scoring import (
    castillo_json,
    castillo_part,
    castillo_points,
    current_values,
    general_scoring,
    participants,
    ranks,
    regions_json,
    regions_part,
    regions_points,
    score_points,
    score_region,
    score_region_json,
    score_regions,
)
from elgrande.model.state import NOBODY, OFF_BOARD, State

# -- ranks (B6.5) -----------------------------------------------------------------------


def test_B6_5_printed_example_three_tied_for_first() -> None:
    # 5/3/1: three players with 4 and one with 3 -> the three take 3 each, the one takes 1
    assert ranks([4, 4, 4, 3]) == [2, 2, 2, 3]


def test_B6_5_printed_example_two_tied_below_second() -> None:
    # 6/4/2: red 4, blue 3, yellow 2, green 2 -> 6, 4, 0, 0
    assert ranks([4, 3, 2, 2]) == [1, 2, 4, 4]


@pytest.mark.parametrize("counts", [[3, 3], [1, 1, 1], [7, 7, 7, 7, 7]])
def test_B6_5_all_tied_take_the_middle_value(counts: list[int]) -> None:
    assert ranks(counts) == [2] * len(counts)


def test_B6_5_no_caballero_no_rank() -> None:
    assert ranks([0, 2, 0]) == [0, 1, 0]
    assert ranks([0, 0]) == [0, 0]
    assert ranks([]) == []


def test_B6_5_ranks_do_not_depend_on_order() -> None:
    assert ranks([1, 5, 3]) == [3, 1, 2]
    assert ranks([3, 1, 3, 5]) == [3, 4, 3, 1]


def test_B6_5_tie_below_a_sole_leader_takes_the_third_value() -> None:
    assert ranks([5, 3, 3, 1]) == [1, 3, 3, 4]


def test_B6_5_two_tied_pairs() -> None:
    assert ranks([4, 4, 2, 2]) == [2, 2, 4, 4]


# -- score_region -----------------------------------------------------------------------


def _points(board: Board, s_before: list[int], s_after: list[int]) -> list[int]:
    return [a - b for a, b in zip(s_after, s_before, strict=True)]


def test_B6_5_printed_values_by_rank(board: Board, make_state: StateBuilder) -> None:
    s = make_state(regions={"old_castile": {0: 4, 1: 3, 2: 2, 3: 2}})
    rs = score_region(s, board, board.place_index("old_castile"))
    assert s.scores == [6, 4, 0, 0]
    assert rs.values == (6, 4, 2) and rs.source == "printed" and not rs.first_only
    assert [(ln.participant, ln.rank, ln.points) for ln in rs.lines] == [
        (0, 1, 6), (1, 2, 4), (2, 4, 0), (3, 4, 0)]
    assert rs.points() == {0: 6, 1: 4, 2: 0, 3: 0}


def test_B6_5_grandes_are_not_caballeros(board: Board, make_state: StateBuilder) -> None:
    # player 0's Grande is in Aragon, but with no caballero there it neither ranks nor
    # takes the bonus
    s = make_state(regions={"aragon": {1: 1}})
    rs = score_region(s, board, board.place_index("aragon"))
    assert s.scores == [0, 5, 0, 0]
    assert [ln.participant for ln in rs.lines] == [1]


def test_B5_3_king_bonus_for_the_sole_majority(board: Board, make_state: StateBuilder) -> None:
    s = make_state(king="granada", regions={"granada": {1: 3, 2: 2}})
    rs = score_region(s, board, board.place_index("granada"))
    assert s.scores == [0, 6 + 2, 3, 0]
    assert rs.lines[0].bonuses == (("king", 2),)
    assert rs.lines[0].total == 8


def test_B6_6_grande_bonus_for_the_sole_majority(board: Board, make_state: StateBuilder) -> None:
    # Grande of player 3 in Granada (default Grandes: aragon, seville, catalonia, granada)
    s = make_state(regions={"granada": {3: 2, 0: 1}})
    rs = score_region(s, board, board.place_index("granada"))
    assert s.scores == [3, 0, 0, 6 + 2]
    assert rs.lines[0].bonuses == (("grande", 2),)


def test_B6_6_only_the_owners_grande_counts(board: Board, make_state: StateBuilder) -> None:
    # player 3's Grande lies in Granada, player 0 has the sole majority there: no bonus
    s = make_state(regions={"granada": {0: 2, 3: 1}})
    score_region(s, board, board.place_index("granada"))
    assert s.scores == [6, 0, 0, 3]


def test_B5_3_B6_6_both_bonuses_together(board: Board, make_state: StateBuilder) -> None:
    s = make_state(king="aragon", regions={"aragon": {0: 3, 2: 2, 1: 1}})
    score_region(s, board, board.place_index("aragon"))
    assert s.scores == [5 + 2 + 2, 1, 4, 0]


def test_B6_6_no_bonus_when_first_is_tied(board: Board, make_state: StateBuilder) -> None:
    s = make_state(king="aragon", regions={"aragon": {0: 3, 2: 3, 1: 1}})
    rs = score_region(s, board, board.place_index("aragon"))
    assert s.scores == [4, 1, 4, 0]
    assert all(ln.bonuses == () for ln in rs.lines)


def test_B6_5_a_ranking_made_once_per_counts_is_shared(board: Board,
                                                     make_state: StateBuilder) -> None:
    """B6.5: a place's ranking is made once per the players' counts and shared by every
    place scored with those counts (docs/performance.md); the values and bonuses (B5.3,
    B6.6) stay each place's own."""
    from elgrande.model import scoring

    s = make_state(king="aragon", regions={"aragon": {0: 3, 2: 2, 1: 1},
                                           "granada": {0: 3, 2: 2, 1: 1}})
    score_points(s, board, board.place_index("aragon"))
    assert s.scores == [5 + 2 + 2, 1, 4, 0]  # the king's and player 0's Grande's bonuses
    kept = scoring._RANKINGS[(3, 1, 2, 0)]
    assert kept == ((0, 3, 1, True), (2, 2, 2, False), (1, 1, 3, False))
    g = board.place_index("granada")
    v = board.places[g].values
    rs = score_region(s, board, g)  # the same counts: the same ranking, not made again
    assert scoring._RANKINGS[(3, 1, 2, 0)] is kept
    assert s.scores == [9 + v[0], 1 + v[2], 4 + v[1], 0]  # no bonus there
    assert [(ln.participant, ln.caballeros, ln.rank, ln.bonuses) for ln in rs.lines] == [
        (0, 3, 1, ()), (2, 2, 2, ()), (1, 1, 3, ())]


@pytest.mark.parametrize("seed", range(3))
def test_B6_5_the_shared_ranking_ranks_as_ranks_does(seed: int) -> None:
    """B6.5: the ranking made from the counts alone gives each player with caballeros the
    rank :func:`ranks` gives, best first, and says who leads alone."""
    import random

    from elgrande.model.scoring import _ranking

    rng = random.Random(seed)
    for _ in range(300):
        counts = [rng.choice([0, 0, 1, 2, 3, 3, 5]) for _ in range(rng.randint(2, 5))]
        order = [p + 1 - c * 64 for p, c in enumerate(counts) if c > 0]
        got = _ranking(order)
        want = ranks(counts)
        assert {p: r for p, _, r, _ in got} == {p: r for p, r in enumerate(want) if r}
        assert [r for _, _, r, _ in got] == sorted(r for r in want if r)
        assert all(c == counts[p] for p, c, _, _ in got)
        alone = [p for p, _, _, a in got if a]
        assert alone == ([want.index(1)] if want.count(1) == 1 else [])


def test_B6_6_several_grandes_in_one_region(board: Board) -> None:
    s = build_state(board, grandes=("valencia", "valencia", "catalonia", "granada"),
                    regions={"valencia": {0: 1, 1: 2}})
    score_region(s, board, board.place_index("valencia"))
    assert s.scores == [3, 5 + 2, 0, 0]


def test_B6_8_two_players_pay_the_left_value_only(board: Board) -> None:
    s = build_state(board, players=2, regions={"old_castile": {0: 3, 1: 2}})
    rs = score_region(s, board, board.place_index("old_castile"))
    assert s.scores == [6, 0]
    assert [ln.rank for ln in rs.lines] == [1, 2]


def test_B6_8_two_players_tied_score_nothing(board: Board) -> None:
    s = build_state(board, players=2, regions={"old_castile": {0: 3, 1: 3}})
    score_region(s, board, board.place_index("old_castile"))
    assert s.scores == [0, 0]


def test_B6_8_three_players_pay_left_and_middle(board: Board) -> None:
    s = build_state(board, players=3, regions={"granada": {0: 4, 1: 3, 2: 1}})
    score_region(s, board, board.place_index("granada"))
    assert s.scores == [6, 3, 0]


def test_B6_8_five_players_pay_three_ranks(board: Board) -> None:
    s = build_state(board, players=5, regions={"granada": {0: 5, 1: 4, 2: 3, 3: 2, 4: 1}})
    score_region(s, board, board.place_index("granada"))
    assert s.scores == [6, 3, 1, 0, 0]


def test_B6_9_mobile_scoreboard_replaces_the_values(board: Board, make_state: StateBuilder) -> None:
    s = make_state(regions={"seville": {0: 3, 1: 2, 2: 1}}, scoreboards={"seville": "8-4-0"})
    seville = board.place_index("seville")
    assert current_values(s, board, seville) == ((8, 4, 0), "8-4-0")
    rs = score_region(s, board, seville)
    assert s.scores == [8, 4, 0, 0]
    assert rs.source == "8-4-0"
    assert "8-4-0" in rs.describe(board, ["red", "yellow", "blue", "green"])


def test_B6_9_mobile_scoreboard_on_the_castillo(board: Board, make_state: StateBuilder) -> None:
    s = make_state(castillo={0: 2, 1: 1}, scoreboards={"castillo": "4-0-0"})
    score_region(s, board, board.castillo)
    assert s.scores == [4, 0, 0, 0]


def test_B6_9_scoreboard_elsewhere_leaves_printed_values(
        board: Board, make_state: StateBuilder) -> None:
    s = make_state(regions={"seville": {0: 1}}, scoreboards={"granada": "8-4-0"})
    assert current_values(s, board, board.place_index("seville")) == ((4, 3, 1), "printed")


def test_B8_6_first_only_pays_the_first_rank(board: Board, make_state: StateBuilder) -> None:
    s = make_state(regions={"basque": {2: 2, 3: 1, 0: 1}})
    rs = score_region(s, board, board.place_index("basque"), first_only=True)
    assert s.scores == [0, 0, 5, 0]
    assert rs.first_only


def test_B8_6_first_only_tie_for_first_scores_nothing(
        board: Board, make_state: StateBuilder) -> None:
    s = make_state(king="aragon", regions={"aragon": {0: 3, 2: 3, 1: 1}})
    score_region(s, board, board.place_index("aragon"), first_only=True)
    assert s.scores == [0, 0, 0, 0]


def test_B8_6_first_only_keeps_the_bonuses(board: Board, make_state: StateBuilder) -> None:
    s = make_state(king="aragon", regions={"aragon": {0: 3, 2: 1}})
    score_region(s, board, board.place_index("aragon"), first_only=True)
    assert s.scores == [5 + 2 + 2, 0, 0, 0]


def test_B6_5_empty_region_scores_nothing(board: Board, make_state: StateBuilder) -> None:
    s = make_state()
    rs = score_region(s, board, board.place_index("galicia"))
    assert rs.lines == () and s.scores == [0, 0, 0, 0]
    assert rs.describe(board, ["a", "b", "c", "d"]).endswith(": nobody")


def test_score_regions_scores_in_the_order_given(board: Board, make_state: StateBuilder) -> None:
    s = make_state(king="seville", regions={"galicia": {0: 1}, "granada": {1: 1}})
    order = [board.place_index("granada"), board.place_index("galicia")]
    result = score_regions(s, board, order)
    assert [rs.place for rs in result] == order
    assert s.scores == [4, 6, 0, 0]


# -- neutral caballeros (C8, C9) --------------------------------------------------------


def test_C9_unheld_neutral_rank_pays_nobody(colonies_board: Board) -> None:
    b = colonies_board
    s = build_state(b, regions={"basque": {0: 3, 3: 1}}, neutral={"basque": 2})
    rs = score_region(s, b, b.place_index("basque"))
    assert s.scores == [5, 0, 0, 1]
    assert [(ln.participant, ln.points) for ln in rs.lines] == [(0, 5), (NOBODY, 3), (3, 1)]
    assert participants(s, b.place_index("basque")) == ([0, 1, 2, 3, NOBODY], [3, 0, 0, 1, 2])


def test_C9_neutral_first_blocks_the_bonuses(colonies_board: Board) -> None:
    b = colonies_board
    s = build_state(b, king="aragon", regions={"aragon": {0: 2}}, neutral={"aragon": 3})
    rs = score_region(s, b, b.place_index("aragon"))
    assert s.scores == [4, 0, 0, 0]
    assert rs.lines[0].participant == NOBODY and rs.lines[0].bonuses == ()


def test_C9_a_neutral_ranking_is_made_once_and_shared(colonies_board: Board) -> None:
    """B6.5, C9: the ranking with the unheld neutral caballeros is made once per its
    participants' keys and shared by a second place ranked alike; each place still pays
    its own values and bonuses."""
    from elgrande.model import scoring

    b = colonies_board
    s = build_state(b, king="aragon", regions={"basque": {0: 3, 3: 1}, "aragon": {0: 3, 3: 1}},
                    neutral={"basque": 2, "aragon": 2})
    score_points(s, b, b.place_index("basque"))
    keyed = (1 - 3 * 64, 4 - 64, 32 + NOBODY + 1 - 2 * 64)  # players 0 and 3, then nobody
    kept = scoring._KEYED_RANKINGS[keyed]
    assert kept == ((0, 3, 1, True), (NOBODY, 2, 2, False), (3, 1, 3, False))
    rs = score_region(s, b, b.place_index("aragon"))
    assert scoring._KEYED_RANKINGS[keyed] is kept
    v = b.places[b.place_index("aragon")].values
    # player 0 leads alone in the king's region, where their Grande stands (B5.3, B6.6)
    assert s.scores == [5 + v[0] + b.king_bonus + b.grande_bonus, 0, 0, 1 + v[2]]
    assert [(ln.participant, ln.rank) for ln in rs.lines] == [(0, 1), (NOBODY, 2), (3, 3)]


def test_C8_neutral_counts_for_the_holder(colonies_board: Board) -> None:
    b = colonies_board
    s = build_state(b, grandes=("basque", "seville", "catalonia", "granada"),
                    regions={"basque": {0: 3, 3: 1}}, neutral={"basque": 2}, holder=0)
    rs = score_region(s, b, b.place_index("basque"))
    assert s.scores == [5 + 2, 0, 0, 3]
    assert rs.lines[0].caballeros == 5
    assert NOBODY not in rs.points()


def test_C8_holder_without_own_caballeros_still_ranks(colonies_board: Board) -> None:
    b = colonies_board
    s = build_state(b, regions={"aragon": {2: 1}}, neutral={"aragon": 2}, holder=1)
    score_region(s, b, b.place_index("aragon"))
    assert s.scores == [0, 5, 4, 0]


# -- general scoring (B6.1-B6.4) --------------------------------------------------------


def _discs(board: Board, *ids: str) -> list[int]:
    return [board.place_index(i) for i in ids]


@pytest.mark.parametrize("bad", ["castillo", "off", "short", "long"])
def test_B6_1_illegal_disc_is_refused_and_changes_nothing(
        board: Board, make_state: StateBuilder, bad: str) -> None:
    s = make_state(regions={"aragon": {0: 2}}, castillo={0: 3, 1: 1})
    discs = _discs(board, "aragon", "aragon", "basque", "basque")
    if bad == "castillo":
        discs[1] = board.castillo
    elif bad == "off":
        discs[2] = OFF_BOARD
    elif bad == "short":
        discs = discs[:3]
    else:
        discs.append(discs[0])
    before = s.to_json()
    with pytest.raises(IllegalMove) as ei:
        general_scoring(s, board, discs)
    assert ei.value.rule == "B6.1"
    assert s.to_json() == before


def test_B6_2_B6_3_castillo_scored_then_emptied(board: Board, make_state: StateBuilder) -> None:
    s = make_state(castillo={0: 3, 1: 2, 2: 2})
    result = general_scoring(s, board, _discs(board, "old_castile", "old_castile",
                                              "galicia", "seville"))
    # Castillo 5/3/1: red 5 alone, yellow and blue tied -> 1 each
    assert [(ln.participant, ln.points) for ln in result.castillo.lines] == [
        (0, 5), (1, 1), (2, 1)]
    assert s.caballeros[board.castillo] == [0, 0, 0, 0]
    # old_castile 6/4/2: red 3, yellow 2 (player 2's disc showed the king's region)
    oc = board.place_index("old_castile")
    assert s.caballeros[oc] == [3, 2, 0, 0]
    assert s.scores == [5 + 6, 1 + 4, 1, 0]
    assert result.points(4) == s.scores


def test_B6_3_disc_on_the_kings_region_returns_to_court(
        board: Board, make_state: StateBuilder) -> None:
    s = make_state(castillo={2: 2}, court={2: 1})
    result = general_scoring(s, board, _discs(board, "basque", "basque", "galicia", "basque"))
    assert s.court[2] == 3
    assert s.caballeros[board.place_index("galicia")][2] == 0
    assert [(m.player, m.caballeros, m.to) for m in result.moves] == [(2, 2, None)]
    assert s.conservation_errors(board) == []


def test_B6_4_regions_scored_in_scoring_order(board: Board, make_state: StateBuilder) -> None:
    s = make_state(castillo={0: 1})
    result = general_scoring(s, board, _discs(board, "valencia", "aragon", "aragon", "aragon"))
    assert tuple(rs.place for rs in result.regions) == board.scoring_order
    # the Castillo caballero scored in the Castillo (5) and again in Valencia (5)
    assert s.scores == [10, 0, 0, 0]


def test_B6_3_castillo_caballeros_join_the_region_before_it_is_scored(
        board: Board, make_state: StateBuilder) -> None:
    # yellow leads Basque 2-1 before the move; red's 2 from the Castillo make red lead
    s = make_state(regions={"basque": {0: 1, 1: 2}}, castillo={0: 2})
    general_scoring(s, board, _discs(board, "basque", "aragon", "aragon", "aragon"))
    assert s.scores == [5 + 5, 3, 0, 0]


def _ranked_position(board: Board, make_state: StateBuilder, scores: dict[int, int]) -> State:
    """A position whose scorings meet ranks, ties, the king's and Grande bonuses and a
    mobile scoreboard's values (B6.5, B8.6)."""
    return make_state(regions={"old_castile": {0: 4, 1: 3, 2: 2, 3: 2},
                               "galicia": {0: 2, 1: 2, 3: 1}, "aragon": {2: 3, 1: 1},
                               "basque": {3: 1}},
                      grandes=("galicia", "aragon", "aragon", "basque"),
                      scoreboards={"aragon": board.scoreboards[0].id}, scores=scores)


@pytest.mark.parametrize("first_only", [False, True])
def test_B6_5_B8_6_points_alone_add_what_the_scoring_adds(
        board: Board, make_state: StateBuilder, first_only: bool) -> None:
    # score_points (a playout's scoring, no result made) adds what score_region adds:
    # ranks, ties, the king's and Grande bonuses, a mobile scoreboard's values
    made, alone = (_ranked_position(board, make_state, {0: 3, 2: 1}) for _ in range(2))
    for p in range(len(board.places)):
        score_region(made, board, p, first_only)
        score_points(alone, board, p, first_only)
        assert alone.scores == made.scores, board.place_id(p)
    assert made.scores != [3, 0, 1, 0]


def test_B6_2_B6_4_points_alone_add_what_the_general_scoring_adds(
        board: Board, make_state: StateBuilder) -> None:
    s = make_state(regions={"basque": {0: 1, 1: 2}, "aragon": {2: 3, 3: 3},
                            "valencia": {1: 4}}, castillo={0: 2, 2: 1})
    discs = _discs(board, "basque", "aragon", "galicia", "aragon")  # galicia: the king's
    alone = State.from_json(s.to_json())
    first = castillo_part(s, board, discs)
    castillo_points(alone, board, discs)  # the same points and moves, no result made
    assert alone.to_json() == s.to_json() and s.scores[0] == 5
    whole = regions_part(s, board, first)
    regions_points(alone, board)
    assert alone.scores == s.scores == whole.points(4)
    assert alone.to_json() == s.to_json()


def test_B6_4_regions_json_is_the_whole_scorings_json(
        board: Board, make_state: StateBuilder) -> None:
    # a read general scoring's JSON made without the regions' result objects: the same
    # JSON (ranks, ties, the king's and Grande bonuses, a mobile scoreboard's values) and
    # the same state after it
    def state() -> State:
        return make_state(regions={"old_castile": {0: 4, 1: 3, 2: 2, 3: 2},
                                   "galicia": {0: 2, 1: 2, 3: 1}, "aragon": {2: 3, 1: 1},
                                   "basque": {3: 1}, "valencia": {1: 4}},
                          grandes=("galicia", "aragon", "aragon", "basque"),
                          scoreboards={"aragon": board.scoreboards[0].id},
                          castillo={0: 2, 2: 1}, scores={0: 3, 2: 1})
    discs = _discs(board, "basque", "aragon", "galicia", "aragon")
    objects, direct = state(), state()
    whole = regions_part(objects, board, castillo_part(objects, board, discs)).to_json()
    told = regions_json(direct, board, castillo_part(direct, board, discs).to_json())
    assert told == whole and list(told) == list(whole)
    assert any(ln["bonuses"] for r in told["regions"] for ln in r["lines"])
    assert direct.to_json() == objects.to_json() and direct.scores != [3, 0, 1, 0]


@pytest.mark.parametrize("first_only", [False, True])
def test_B8_6_score_region_json_is_the_scorings_json(
        board: Board, make_state: StateBuilder, first_only: bool) -> None:
    # a score action's result made as JSON without its objects: the same JSON (ranks, a
    # tie, the king's and Grande bonuses, a mobile scoreboard's values, first position
    # only) and the same state after it, place by place
    objects, direct = (_ranked_position(board, make_state, {0: 3}) for _ in range(2))
    for r in ("old_castile", "galicia", "aragon", "basque", "valencia"):
        place = board.place_index(r)
        want = score_region(objects, board, place, first_only).to_json()
        told = score_region_json(direct, board, place, first_only)
        assert told == want and list(told) == list(want)
        assert direct.to_json() == objects.to_json()
    assert direct.scores != [3, 0, 0, 0]


def test_B6_1_B6_3_castillo_json_is_the_first_parts_json(
        board: Board, make_state: StateBuilder) -> None:
    # the first part's JSON made without its result objects: the same JSON (the Castillo's
    # lines, the moves to the discs' regions and to court) and the same state after it
    def state() -> State:
        return make_state(regions={"basque": {0: 1, 1: 2}, "aragon": {2: 3, 3: 3}},
                          castillo={0: 2, 1: 1, 2: 1})
    discs = _discs(board, "basque", "galicia", "aragon", "aragon")  # galicia: the king's
    objects, direct = state(), state()
    part = castillo_part(objects, board, discs)
    told = castillo_json(direct, board, discs)
    assert told == part.to_json() and list(told) == list(part.to_json()) and told["moves"]
    assert direct.to_json() == objects.to_json()
    assert regions_json(direct, board, told) == regions_part(objects, board, part).to_json()
    assert direct.to_json() == objects.to_json() and told["regions"] == []
