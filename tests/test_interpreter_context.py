"""The interpreter's context taken up again (elgrande/engine/interpreter.py,
``Interpreter._context``): an outside call of ``advance`` or ``answer`` gives its context
back when it returns, and the next call on the same state, events sink and budget takes
it up with its run, deciding player and offer set anew; a call made while one is taken (a
trigger's body inside a special action, B8) makes its own, as does a call on another
state or sink."""

from __future__ import annotations

import random
from typing import Any

from elgrande.play.game import Game, new_game


def _in_a_special_action(seed: int) -> Game:
    """A random base game paused at a decision of a special action (B8)."""
    game = new_game(3, seed=seed, logging=False)
    rng = random.Random(seed)
    while game.flow.run is None or game.pending is None:
        d = game.pending
        assert d is not None, "the game ended without a special action's decision"
        game.answer(d.players[0], d.random_answer(rng, d.players[0]))
    return game


def test_a_context_given_back_is_taken_up_by_the_next_call_on_the_same_game() -> None:
    game = _in_a_special_action(3)
    interp = game._engine.interpreter
    state, run = game.state, game.flow.run
    assert run is not None
    events: list[dict[str, Any]] = []
    interp._ctx = None
    first = interp._context(state, run, 1, events)
    assert interp._ctx is None  # taken
    assert interp._context(state, run, 1, events) is not first  # a call made meanwhile
    first.offered = run.pending
    interp._ctx = first  # given back
    again = interp._context(state, run, 2, events)
    assert again is first and interp._ctx is None
    assert (again.run, again.subject, again.offered, again.state) == (run, 2, None, state)
    interp._ctx = again
    assert interp._context(state, run, 2, []) is not again  # another sink
    assert interp._context(state.copy(), run, 2, events) is not again  # another state
    interp.budget -= 1
    assert interp._context(state, run, 2, events) is not again  # another budget
    interp.budget += 1


def test_a_special_action_answered_gives_its_context_back() -> None:
    game = _in_a_special_action(5)
    interp = game._engine.interpreter
    rng = random.Random(5)
    while game.flow.run is not None and game.pending is not None:
        d = game.pending
        game.answer(d.players[0], d.random_answer(rng, d.players[0]))
    ctx = interp._ctx
    assert ctx is not None and ctx.state is game.state  # the last call's, given back
