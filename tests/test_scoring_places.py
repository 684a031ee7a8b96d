"""The ``scoring_places`` hook: a general scoring calls the ``ranking_counts`` and
``area_bonus`` hooks only at the places a module says they may change (B6.4, C4-C6, C10);
elsewhere they would have changed nothing, and a module that does not say has them called at
every place."""

from __future__ import annotations

from pathlib import Path

import pytest
import toy_rules
from test_game_properties import answer_randomly

from elgrande.model.board import Board
from elgrande.model.hook_context import HookContext
from elgrande.model.scoring import _JSON_LINES, _LINES, _ranked, participants
from elgrande.model.state import State
from elgrande.play.game import new_game
from elgrande.rules.colonies import EMPTY, pieces
from elgrande.rules.colonies.figures import colonies_board

TOY_SETS = str(Path(__file__).resolve().parent / "toy")


@pytest.mark.parametrize("players,seed,answers", [(2, 1, 60), (3, 2, 150), (4, 3, 250)])
def test_colonies_scoring_hooks_change_nothing_outside_their_scoring_places(
        players: int, seed: int, answers: int) -> None:
    game = answer_randomly(new_game(players, sets=("base", "colonies"), seed=seed,
                                    fill="provisional", logging=False), answers, seed)
    rules, s, b = game._engine.rules, game.state, game.library.board
    ctx = HookContext(s, b, [])
    hooked = rules.scoring_places(ctx)
    assert hooked is not None
    # the areas with a held office (C4-C6) and the limit table's region (C10)
    assert hooked == _held_office_places(s, b) | _table_place(s, b)
    assert hooked  # (these games have something to ask the hooks about)
    for place in range(len(b.places)):
        if place in hooked:
            continue
        who, counts = participants(s, place)
        assert rules.ranking_counts(ctx, place, (who[:], counts[:])) == (who, counts)
        assert rules.area_bonus(ctx, place, False) == []
        assert rules.area_bonus(ctx, place, True) == []


def _held_office_places(s: State, b: Board) -> set[int]:
    g, ext = colonies_board(b), pieces(s)
    assert ext is not None
    return {i for i in g.office_places if any(ext.offices[o] != EMPTY for o in g.arriving[i])}


def _table_place(s: State, b: Board) -> set[int]:
    ext = pieces(s)
    assert ext is not None
    return {b.index[ext.table.region]} if ext.table.region else set()


def test_colonies_leave_out_the_areas_whose_offices_are_all_empty() -> None:
    # C4-C6: an empty office ranks nobody out and pays nobody: at the start no office is
    # held, so only the limit table's region is asked about (C10), and a held office adds
    # its area
    game = new_game(3, sets=("base", "colonies"), seed=5, fill="provisional", logging=False)
    s, b, rules = game.state, game.library.board, game._engine.rules
    g, ext = colonies_board(b), pieces(s)
    assert ext is not None and g.office_places
    assert not _held_office_places(s, b)
    assert rules.scoring_places(HookContext(s, b, [])) == _table_place(s, b)
    area = g.office_places[0]
    ext.offices[g.arriving[area][0]] = 1
    assert rules.scoring_places(HookContext(s, b, [])) == {area} | _table_place(s, b)


def test_a_module_with_scoring_hooks_but_no_scoring_places_is_asked_everywhere() -> None:
    game = new_game(3, sets=("base", "toy"), seed=4, set_paths=[TOY_SETS])
    assert "area_bonus" in toy_rules.MODULE.hooks
    assert "scoring_places" not in toy_rules.MODULE.hooks
    assert game._engine.rules.scoring_places(
        HookContext(game.state, game.library.board, [])) is None


def test_the_base_game_alone_has_no_scoring_hooks_to_call() -> None:
    game = new_game(3, seed=4)
    rules = game._engine.rules
    assert not rules.scoring_hooks
    assert rules.scoring_places(HookContext(game.state, game.library.board, [])) == set()


@pytest.mark.parametrize("players,seed,answers", [(2, 2, 100), (3, 2, 150), (4, 3, 250)])
def test_a_hooked_scoring_told_as_json_is_its_lines_json(players: int, seed: int,
                                                         answers: int) -> None:
    # C4-C6, C10: with the office bonuses added to the JSON lines themselves (no ScoreLine
    # made), a place scores the same points and tells the same lines as its ScoreLines'
    game = answer_randomly(new_game(players, sets=("base", "colonies"), seed=seed,
                                    fill="provisional", logging=False), answers, seed)
    rules, b = game._engine.rules, game.library.board
    bonuses = 0
    for place in range(len(b.places)):
        for first_only in (False, True):
            a, j = game.state.copy(), game.state.copy()
            got = _ranked(a, b, place, first_only, rules, HookContext(a, b, []), _LINES)
            told = _ranked(j, b, place, first_only, rules, HookContext(j, b, []), _JSON_LINES)
            assert told[:2] == got[:2] and told[2] == [ln.to_json() for ln in got[2]]
            assert j.scores == a.scores
            bonuses += sum(1 for ln in got[2] for why, _ in ln.bonuses
                           if why not in ("king", "grande"))
    assert bonuses  # (an office bonus was paid somewhere)
