"""A homebrew card cannot half-apply (B8, docs/performance.md "Special actions"): a
special action that runs past its work budget at any point, at its first statement or
after some of its decisions were answered, leaves the state exactly as it was when the
card began. Random games of every set are played with the work budget lowered to a random
20-250 units (so that the shipped cards stop half-way at varied points; below about 20
units even the lasting effects Intrigue & the King's cards take as they are revealed, I8,
which only keep an effect and need no undo point, would stop); the state is written down,
independently of the engine's undo point, whenever a card begins, and compared with the
state after each ``special_void``. Copies of the game made at every decision inside a
special action (the interpreter's run copied on write, ``Run.copy``) are played on and
leave the original unchanged, and the original, played on, leaves them unchanged."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from conftest import examples
from hypothesis import given, settings
from hypothesis import strategies as st
from test_game_properties import GAMES
from test_shared_rows import SETS

from elgrande.engine.context import Run
from elgrande.play.game import Game, new_game
from elgrande.rules import base


def _json(x: Any) -> str:
    return json.dumps(x, sort_keys=True)


#: the property below watches the base rules module's Python functions: a compiled build's
#: calls do not go through them
PURE = pytest.mark.skipif(not str(base.__file__).endswith(".py"),
                          reason="watches Python functions the compiled build bypasses")


def _voids_checked(name: str, players: int, seed: int, budget: int) -> tuple[int, int]:
    """Play a whole random game of set ``name`` with a work budget of ``budget`` units and
    check that every ``special_void`` leaves the state (its JSON, read as the turn goes on
    after it) as it was when the card began; returns how many there were, and how many
    of them came after some of the card's decisions were answered."""
    game = new_game(players, seed=seed, logging=False, **SETS[name])
    interp = game._engine.interpreter
    begun: list[tuple[str, int, str]] = []
    advance = interp.advance

    def recording_advance(state: Any, run: Run, events: Any = None) -> Any:
        if run is game.flow.run and run.steps == 0 and not run.asides:  # a card begins
            begun.append((run.card, run.actor, _json(state.to_json())))
        return advance(state, run, events)

    voided: dict[int, str] = {}  # void event's id -> the state as the turn goes on
    next_part = base._next_part

    def recording_next_part(engine: Any, state: Any, flow: Any, events: Any,
                            *rest: Any) -> None:
        if events and events[-1]["event"] == "special_void":
            voided.setdefault(id(events[-1]), _json(state.to_json()))
        next_part(engine, state, flow, events, *rest)

    kept = interp.budget
    interp.advance = recording_advance  # type: ignore[method-assign]
    interp.budget = budget  # the engine is shared by the games of this set: restored
    base._next_part = recording_next_part
    rng = random.Random(seed)
    voids = later = 0
    try:
        while game.pending is not None:
            d = game.pending
            p = d.players[0]
            inside = game.flow.run is not None  # an answer to the card's own decision
            voided.clear()  # (by the events' ids: of this answer's events only)
            events = game.answer(p, d.random_answer(rng, p))
            for e in events:
                if e["event"] == "special_void":
                    card, actor, was = next(b for b in reversed(begun)
                                            if b[0] == e["card"] and b[1] == e["player"])
                    assert e["error"]["work"] > budget
                    assert voided[id(e)] == was, (card, actor)
                    voids += 1
                    later += inside
    finally:
        interp.budget = kept
        del interp.advance
        base._next_part = next_part
    assert game.over
    return voids, later


@PURE
@pytest.mark.parametrize("name", list(SETS))
@settings(GAMES, max_examples=examples(20, 3))
@given(players=st.integers(2, 5), seed=st.integers(0, 10_000), budget=st.integers(20, 250))
def test_B8_a_card_over_budget_at_any_point_leaves_the_state_as_before(
        name: str, players: int, seed: int, budget: int) -> None:
    """Every ``special_void`` of a whole game with a work budget of ``budget`` units
    leaves the state as it was when the card began; the game goes on to its end."""
    _voids_checked(name, players, seed, budget)


@PURE
@pytest.mark.parametrize("name", list(SETS))
def test_B8_a_low_budget_voids_cards_half_way(name: str) -> None:
    """At a low budget cards are voided in every set, also after some of their decisions
    were answered (so the property above checks something)."""
    voids, later = _voids_checked(name, 3, 1, 40)
    assert voids > 0 and later > 0


def _played_on(game: Game, rng: random.Random, answers: int) -> None:
    for _ in range(answers):
        d = game.pending
        if d is None:
            return
        p = d.players[0]
        game.answer(p, d.random_answer(rng, p))


@pytest.mark.parametrize("name", list(SETS))
@settings(GAMES, max_examples=examples(10, 2))
@given(players=st.integers(2, 5), seed=st.integers(0, 10_000))
def test_B8_copies_inside_a_special_action_share_nothing_that_changes(
        name: str, players: int, seed: int) -> None:
    """At every decision of a special action, a copy of the game played on 1-4 answers
    leaves the original's JSON as it was, and the original, played on, leaves a copy's;
    a copy of a copy too."""
    game = new_game(players, seed=seed, logging=False, **SETS[name])
    rng = random.Random(seed)
    kept: list[tuple[Game, str]] = []
    inside = 0
    while game.pending is not None:
        if game.flow.run is not None:
            inside += 1
            before = _json(game.to_json())
            c = game.copy()
            cc = c.copy()
            _played_on(c, rng, rng.randint(1, 4))
            assert _json(game.to_json()) == before
            assert _json(cc.to_json()) == before
            _played_on(cc, rng, 1)
            assert _json(game.to_json()) == before
            kept.append((game.copy(), before))
        _played_on(game, rng, 1)
    assert all(_json(c.to_json()) == s for c, s in kept)
    if kept:
        assert inside == len(kept)
