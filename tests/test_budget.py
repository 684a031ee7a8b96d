"""The work budget: a homebrew effect cannot run away. Every statement,
loop turn, region-set evaluation (per place), option offered and change made counts; the
count lives in ``Run`` (plain data); ``BudgetExceeded`` is raised at the same point every
time and leaves the run finished. ``benchmarks/budget.py`` times the same worst cases."""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import pytest

from elgrande.data.library import load_library
from elgrande.data.manifests import load_board
from elgrande.dsl.checker import check_script
from elgrande.dsl.parser import parse
from elgrande.engine.context import WORK_BUDGET, Run
from elgrande.engine.interpreter import BudgetExceeded, Interpreter
from elgrande.model.state import State
from elgrande.tools.validate import random_position, smoke_card
from elgrande.tools.validate.smoke import _Positions

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
import budget  # noqa: E402 - the benchmark's worst cases

BOARD = load_board(("base",))
WORST = budget.worst_cases()


def _play(interp: Interpreter, card: str, state: State, seed: int) -> tuple[Run, Exception | None]:
    rng = random.Random(seed)
    run = interp.begin(card, seed % state.players)
    try:
        d = interp.advance(state, run, [])
        while d is not None:
            p = d.players[0]
            d = interp.answer(state, run, p, d.random_answer(rng, p), [])
    except BudgetExceeded as exc:
        return run, exc
    return run, None


@pytest.mark.parametrize("name", sorted(WORST))
def test_worst_case_effects_pass_the_checker(name: str) -> None:
    problems = check_script(parse(WORST[name]), "worst.yaml", list(BOARD.index),
                            BOARD.caballeros_per_player)
    assert [p for p in problems if p.severity == "error"] == []


@pytest.mark.parametrize("name", sorted(WORST))
def test_worst_case_effects_are_stopped_by_the_budget(name: str) -> None:
    interp = Interpreter(BOARD, {"worst": parse(WORST[name])})
    state = random_position(7)
    run, exc = _play(interp, "worst", state, 7)
    assert isinstance(exc, BudgetExceeded), f"{name} finished within {run.work} units"
    assert WORK_BUDGET < exc.work == run.work
    assert exc.line > 0 and exc.column > 0
    # the stopped run is finished: nothing waits, nothing is left to run
    assert run.frames == [] and run.pending is None
    assert interp.advance(state, run, []) is None


def test_budget_exceeded_comes_at_the_same_point_every_time() -> None:
    interp = Interpreter(BOARD, {"worst": parse(WORST["conditions in loops"])})
    start = random_position(11)
    outcomes = []
    for _ in range(2):
        state = start.copy()
        run, exc = _play(interp, "worst", state, 3)
        assert isinstance(exc, BudgetExceeded)
        outcomes.append((exc.work, exc.line, exc.column, str(exc),
                         json.dumps(state.to_json(), sort_keys=True)))
    assert outcomes[0] == outcomes[1]


def test_a_smaller_budget_stops_earlier() -> None:
    script = {"c": parse("for each player p:\n    score regions\n")}
    state = random_position(5)
    run, exc = _play(Interpreter(BOARD, script), "c", state.copy(), 1)
    assert exc is None and 0 < run.work < WORK_BUDGET
    _, small = _play(Interpreter(BOARD, script, budget=run.work - 1), "c", state.copy(), 1)
    assert isinstance(small, BudgetExceeded) and small.budget == run.work - 1


def test_region_evaluations_count_per_place() -> None:
    one = {"c": parse("score castillo\n")}
    many = {"c": parse("score adjacent to adjacent to regions\n")}
    state = random_position(5)
    a, _ = _play(Interpreter(BOARD, one), "c", state.copy(), 1)
    b, _ = _play(Interpreter(BOARD, many), "c", state.copy(), 1)
    assert b.work > a.work + len(BOARD.scoring_order)


def test_run_work_survives_copy_and_json() -> None:
    interp = Interpreter(BOARD, {"c": parse("x = choose region from regions\nscore x\n")})
    state = random_position(2)
    run = interp.begin("c", 0)
    assert interp.advance(state, run, []) is not None
    assert run.work > 0
    assert run.copy().work == run.work
    again = Run.from_json(json.loads(json.dumps(run.to_json())))
    assert again.work == run.work and again.steps == run.steps


def test_shipped_cards_spend_a_small_part_of_the_budget() -> None:
    lib = load_library(("base",))
    scripts = {c.id: c.script for c in lib.cards.cards.values() if c.script is not None}
    interp = Interpreter(lib.board, scripts)
    most = 0
    for i, cid in enumerate(sorted(scripts)):
        state = random_position(100 + i)
        run, exc = _play(interp, cid, state, i)
        assert exc is None, f"{cid}: {exc}"
        most = max(most, run.work)
    assert most * 4 < WORK_BUDGET


def test_smoke_play_has_a_time_bound_per_card() -> None:
    lib = load_library(("base",))
    card = next(c for c in lib.cards.cards.values() if c.script is not None
                and c.kind == "action")
    interp = Interpreter(lib.board, {card.id: card.script})  # type: ignore[dict-item]
    found = smoke_card(card, card.path, interp, _Positions(("base",)), 3, 1, seconds=0.0)
    slow = [d for d in found if d.code == "E-SLOW"]
    assert len(slow) == 1 and slow[0].line > 0 and slow[0].severity == "error"
