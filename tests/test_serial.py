"""Serialisation generated from the attrs fields (``elgrande.model.serial``): the saved
form of a state, a flow, a special action's position and the Colonies pieces is the
mapping of their fields and reads back equal (B8.5a views and saved games depend on it);
the copies and the scoring events written out by hand for speed give what the generic
functions give."""

from __future__ import annotations

import json
import random
from typing import Any

import attrs

from elgrande.engine.context import Run
from elgrande.engine.flow import Flow
from elgrande.model.serial import copy_fields, field_names, from_fields, plain_fields
from elgrande.model.state import SHARED, UNSAVED, State
from elgrande.play.game import Game, new_game


def _positions(sets: tuple[str, ...], seed: int) -> list[Game]:
    """Copies of a game before every 7th answer, and at each special action's steps."""
    fill = None if sets == ("base",) else "provisional"
    game = new_game(4, sets=sets, seed=seed, logging=False, fill=fill)
    rng = random.Random(seed)
    out = []
    for i in range(400):
        d = game.pending
        if d is None:
            break
        if i % 7 == 0 or game.flow.run is not None:
            out.append(game.copy())
        game.answer(d.players[0], d.random_answer(rng, d.players[0]))
    return out


def _roundtrip(game: Game) -> None:
    data = json.loads(json.dumps(game.to_json()))
    st, fl = data["state"], data["flow"]
    assert list(st) == [n for n in field_names(State) if n not in UNSAVED]
    assert list(fl) == list(field_names(Flow))
    assert State.from_json(st).to_json() == st
    assert Flow.from_json(fl).to_json() == fl
    if fl["run"] is not None:
        assert Run.from_json(fl["run"]).to_json() == fl["run"]
    assert Game.from_json(data).to_json() == data


def test_b8_5a_saved_forms_are_the_fields_and_read_back_equal() -> None:
    for sets in (("base",), ("base", "colonies"), ("base", "intrigue-king", "colonies")):
        games = _positions(sets, 11)
        assert any(g.flow.run is not None for g in games)
        for g in games[::5]:
            _roundtrip(g)


def _same_fields(a: Any, b: Any) -> None:
    assert type(a) is type(b)
    assert plain_fields(a) == plain_fields(b)


def test_b8_hand_written_copies_equal_the_generic_copy_and_share_only_the_shared_lists(
        ) -> None:
    for g in _positions(("base", "colonies"), 12)[::9]:
        for obj in (g.state, g.flow, g.flow.parts["base"], g.flow.run):
            if obj is None:
                continue
            mine = obj.copy()
            _same_fields(mine, obj)
            _same_fields(mine, copy_fields(obj))
        c = g.state.copy()
        for name in field_names(State):
            v = getattr(c, name)
            if isinstance(v, list) and v:  # the shared ones: replaced whole, never changed
                assert (v is getattr(g.state, name)) == (name in SHARED)


def test_b6_scoring_events_written_by_hand_equal_their_fields() -> None:
    game = new_game(3, seed=4, logging=False)
    rng = random.Random(4)
    from elgrande.model.score_results import GeneralScoring

    seen = 0
    while game.pending is not None:
        d = game.pending
        for e in game.answer(d.players[0], d.random_answer(rng, d.players[0])):
            if e["event"] == "general_scoring":
                gs = GeneralScoring.from_json(e["result"])
                assert gs.to_json() == plain_fields(gs) == e["result"]
                seen += 1
    assert seen == 3


def test_from_fields_refuses_a_key_that_is_not_a_field() -> None:
    @attrs.define
    class Point:
        x: int
        y: int = 0

    assert from_fields(Point, {"x": 1}) == Point(1, 0)
    try:
        from_fields(Point, {"x": 1, "z": 2})
    except TypeError as exc:
        assert "z" in str(exc)
    else:
        raise AssertionError("an unknown key was taken")
