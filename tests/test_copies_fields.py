"""The copies made without a constructor call (docs/performance.md, ``Game.copy()``;
``elgrande.model.blank``): in the pure build ``State.copy``, ``Flow.copy``, ``Run.copy``
and ``Game.copy`` make their instance with ``object.__new__`` and set each field
themselves. A field added to the class and forgotten there would be missing from a copy
(or one set there but not declared would be extra), so random games of every set compare,
at every decision, each copy's attributes with the constructor's: the same names, the same
values (equal, and the very same object where the constructor's copy shares it with the
original), and the copy independent of the original (B1, B8.5a: played on, the original's
JSON stays as it was)."""

from __future__ import annotations

import importlib
import json
import random
from typing import Any

import pytest
from test_shared_rows import SETS

from elgrande.engine import context, flow
from elgrande.model import state
from elgrande.model.state import ExtPieces
from elgrande.play import game as game_module
from elgrande.play.game import Game, new_game

#: The modules whose ``copy`` skips the constructor in the pure build (the Colonies
#: pieces, C4-C13, too: ``State.copy`` copies them).
MODULES = (state, flow, context, game_module,
           importlib.import_module("elgrande.rules.colonies.pieces"))


def _both_ways(make: Any, monkeypatch: pytest.MonkeyPatch) -> tuple[Any, Any]:
    """``make()`` the pure build's way (no constructor call) and the constructor's way."""
    fast = make()
    with monkeypatch.context() as m:
        for mod in MODULES:
            m.setattr(mod, "_PURE", False)
        slow = make()
    return fast, slow


def _same_fields(fast: Any, slow: Any, original: Any) -> None:
    """``fast`` has exactly ``slow``'s attributes, equal, shared with ``original`` where
    ``slow``'s are."""
    assert type(fast) is type(slow)
    f, s, o = vars(fast), vars(slow), vars(original)
    assert list(f) == list(s)  # the same names, set in the same order
    for name, value in s.items():
        assert f[name] == value, name
        assert (f[name] is o.get(name)) == (value is o.get(name)), name


#: The compiled build (docs/compiled.md): its copies call the constructor, and its native
#: classes keep no ``__dict__`` to compare.
COMPILED = any(not mod.__file__ or not mod.__file__.endswith(".py") for mod in MODULES)


@pytest.mark.skipif(COMPILED, reason="the compiled build: its copies call the constructor")
def test_the_pure_build_skips_the_constructor_here() -> None:
    assert all(mod._PURE for mod in MODULES)  # type: ignore[attr-defined]


@pytest.mark.skipif(COMPILED, reason="the compiled build: its copies call the constructor")
@pytest.mark.parametrize("name", list(SETS))
@pytest.mark.parametrize("players", [2, 4])
def test_B1_a_copy_without_the_constructor_sets_every_field(
        name: str, players: int, monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(players)
    game = new_game(players, seed=players, logging=False, **SETS[name])
    runs = 0
    while game.pending is not None:
        st, fl = game.state, game.flow
        _same_fields(*_both_ways(st.copy, monkeypatch), st)
        for v in st.ext.values():  # the rules modules' own pieces, compared as plain data
            if isinstance(v, ExtPieces):
                fast_p, slow_p = _both_ways(v.copy, monkeypatch)
                assert type(fast_p) is type(slow_p) and fast_p == slow_p
                assert list(vars(fast_p)) == list(vars(slow_p))
                for name, value in vars(slow_p).items():  # a piece's own parts (a table)
                    if hasattr(value, "__dict__"):
                        assert list(vars(getattr(fast_p, name))) == list(vars(value))
                        assert getattr(fast_p, name) is not getattr(v, name)
        _same_fields(*_both_ways(fl.copy, monkeypatch), fl)
        if fl.run is not None:
            runs += 1
            run = fl.run
            fast, slow = _both_ways(run.copy, monkeypatch)
            _same_fields(fast, slow, run)
            if run.inner is not None:
                _same_fields(fast.inner, slow.inner, run.inner)
        fast_game, slow_game = _both_ways(game.copy, monkeypatch)
        assert isinstance(fast_game, Game)
        _same_fields(fast_game, slow_game, game)
        before = json.dumps(fast_game.to_json(), sort_keys=True)
        d = game.pending
        p = d.players[0]
        game.answer(p, d.random_answer(rng, p))
        assert json.dumps(fast_game.to_json(), sort_keys=True) == before
    assert runs > 0  # copies were made inside special actions too


@pytest.mark.skipif(COMPILED, reason="the compiled build: it calls the constructor")
def test_B3_4_new_decision_is_the_constructors_decision() -> None:
    """``new_decision`` (the turn phases' decisions, made without the constructor call in
    the pure build) gives the instance ``Decision(...)`` gives: the same fields, set in the
    same order, the same objects, the rule defaulting to ''."""
    from elgrande.engine.decisions import Decision
    from elgrande.engine.decisions.decision import new_decision

    players, options = [1], {"labels": ["carry out the special action", "decline it"]}
    args = ("choose_option", players, "Carry it out?", options, "B4.4")
    fast, slow = new_decision(*args), Decision(*args)
    assert type(fast) is Decision
    assert list(vars(fast)) == list(vars(slow)) == ["kind", "players", "prompt", "options",
                                                    "rule"]
    assert fast == slow and fast.players is players and fast.options is options
    assert new_decision(*args[:4]).rule == "" and new_decision(*args[:4]) == Decision(*args[:4])


@pytest.mark.skipif(COMPILED, reason="the compiled build: it calls the constructor")
def test_B6_5_the_result_makers_give_the_constructors_instances() -> None:
    """The scorings' result makers (made without the constructor call in the pure build)
    give the instance the class gives: the same fields, in the same order, the same objects,
    still frozen; a scoring's JSON is the same (B6.1-B6.9)."""
    import attr

    from elgrande.model import score_results as sr

    bonuses = (("king", 2),)
    pairs = [(sr.new_line(0, 3, 1, 5, bonuses), sr.ScoreLine(0, 3, 1, 5, bonuses))]
    lines = (pairs[0][1],)
    pairs.append((sr.new_score(4, (5, 3, 1), "printed", False, lines),
                  sr.RegionScore(4, (5, 3, 1), "printed", False, lines)))
    pairs.append((sr.new_move(1, 2, 3, None), sr.CastilloMove(1, 2, 3, None)))
    moves, regions = (pairs[2][1],), (pairs[1][1],)
    pairs.append((sr.new_scoring((1, 2), pairs[1][1], moves, regions),
                  sr.GeneralScoring((1, 2), pairs[1][1], moves, regions)))
    assert sr._PURE  # (the pure build: the makers skip the constructor)
    for fast, slow in pairs:
        assert type(fast) is type(slow) and fast == slow and hash(fast) == hash(slow)
        assert list(vars(fast)) == list(vars(slow))
        assert all(vars(fast)[k] is v for k, v in vars(slow).items())
        assert fast.to_json() == slow.to_json()
        first = next(iter(vars(slow)))
        with pytest.raises(attr.exceptions.FrozenInstanceError):
            setattr(fast, first, None)
    assert sr.new_line(1, 2, 3, 0).bonuses == ()
