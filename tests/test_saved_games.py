"""Saved games: ``Game.from_json`` checks structure, types, ids, the
player count and caballero conservation (B1.1) before building anything, and raises one
:class:`SavedGameError` naming the bad field; it copies what it is given, ``to_json()``
returns fresh lists, and loading keeps the caller's ``logging`` choice."""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable
from typing import Any

import pytest
from test_game_properties import answer_randomly

from elgrande.errors import ElGrandeError
from elgrande.play.game import Game, new_game, play_random
from elgrande.play.saved import SavedGameError, check_header, typed
from elgrande.players.bots import make_bot


def _midgame(seed: int = 3, answers: int = 60, players: int = 4) -> Game:
    return answer_randomly(new_game(players, seed=seed), answers, seed)


def _in_special() -> Game:
    """A game waiting for an answer inside a special action (flow.run is set)."""
    for seed in range(40):
        g = new_game(3, seed=seed)
        rng = random.Random(seed)
        while g.pending is not None:
            if g.flow.run is not None and g.flow.run.pending is not None:
                return g
            d = g.pending
            g.answer(d.players[0], d.random_answer(rng, d.players[0]))
    raise AssertionError("no special action waited for an answer")  # pragma: no cover


@pytest.fixture(scope="module")
def saved() -> dict[str, Any]:
    return json.loads(json.dumps(_midgame().to_json()))


@pytest.fixture(scope="module")
def saved_special() -> dict[str, Any]:
    return json.loads(json.dumps(_in_special().to_json()))


def _set(path: tuple[Any, ...], value: Any) -> Callable[[dict[str, Any]], None]:
    def edit(d: dict[str, Any]) -> None:
        for k in path[:-1]:
            d = d[k]
        d[path[-1]] = value
    return edit


def _drop(path: tuple[Any, ...]) -> Callable[[dict[str, Any]], None]:
    def edit(d: dict[str, Any]) -> None:
        for k in path[:-1]:
            d = d[k]
        del d[path[-1]]
    return edit


def _edit(fn: Callable[[dict[str, Any]], Any]) -> Callable[[dict[str, Any]], None]:
    def edit(d: dict[str, Any]) -> None:
        fn(d)
    return edit


TAMPERINGS: list[tuple[str, Callable[[dict[str, Any]], None], str]] = [
    ("negative caballeros", _set(("state", "caballeros", 3, 1), -2), "state.caballeros[3][1]"),
    ("caballero total broken", _edit(lambda d: d["state"]["court"].__setitem__(
        0, d["state"]["court"][0] + 1)), "state"),
    ("king in region 99", _set(("state", "king"), 99), "state.king"),
    ("king in the Castillo", _set(("state", "king"), 9), "state.king"),
    ("grande off the map", _set(("state", "grandes", 1), 42), "state.grandes[1]"),
    ("four players, three names", _edit(lambda d: d["names"].pop()), "names"),
    ("state for three players", _set(("state", "players"), 3), "state.players"),
    ("a bool for an int", _set(("state", "king"), True), "state.king"),
    ("a float for an int", _set(("state", "round"), 2.0), "state.round"),
    ("a string for a list", _set(("state", "court"), "abc"), "state.court"),
    ("huge integer", _set(("state", "scores", 0), 10 ** 400), "state.scores[0]"),
    ("missing field", _drop(("state", "king")), "state.king"),
    ("unknown field", _set(("state", "kingg"), 1), "state.kingg"),
    ("short court list", _edit(lambda d: d["state"]["court"].pop()), "state.court"),
    ("short caballeros", _edit(lambda d: d["state"]["caballeros"].pop()), "state.caballeros"),
    ("row too long", _edit(lambda d: d["state"]["caballeros"][0].append(0)),
     "state.caballeros[0]"),
    ("unknown power card", _edit(lambda d: d["state"]["hands"][0].insert(0, 99)),
     "state.hands[0][0]"),
    ("power card twice", _edit(lambda d: d["state"]["discards"][0].extend([1, 1])),
     "state.discards[0]"),
    ("scoreboard far away", _set(("state", "scoreboards", 0), 77), "state.scoreboards[0]"),
    ("holder not a player", _set(("state", "neutral_holder"), 7), "state.neutral_holder"),
    ("negative neutral", _set(("state", "neutral", 0), -1), "state.neutral[0]"),
    ("unknown card in a stack", _set(("state", "stacks", 0, 0), "no-such-card"),
     "state.stacks[0][0]"),
    ("five action stacks", _edit(lambda d: d["state"]["stacks"].append([])), "state.stacks"),
    ("no action stacks", _edit(lambda d: d["state"].pop("stacks")), "state.stacks"),
    ("unknown card on offer", _set(("state", "offer", 0), "no-such-card"), "state.offer[0]"),
    ("offer one card short", _edit(lambda d: d["state"]["offer"].pop()), "state.offer"),
    ("offer stack index out of range", _set(("state", "offer_origin", 0), 9),
     "state.offer_origin[0]"),
    ("format from the future", _set(("format",), 99), "format"),
    ("format a string", _set(("format",), "3"), "format"),
    ("decision for player 9", _set(("flow", "pending", "players"), [9]),
     "flow.pending.players[0]"),
    ("decision for nobody", _set(("flow", "pending", "players"), []),
     "flow.pending.players"),
    ("decision of an unknown kind", _set(("flow", "pending", "kind"), "dance"),
     "flow.pending.kind"),
    ("decision options garbled", _set(("flow", "pending", "options"), {"choices": 5}),
     "flow.pending.options"),
    ("first bidder 12", _set(("flow", "parts", "base", "first_bidder"), 12),
     "flow.parts.base.first_bidder"),
    ("offer origin garbled", _set(("state", "offer_origin"), [None]),
     "state.offer_origin[0]"),
    ("flow field unknown", _set(("flow", "wibble"), 0), "flow.wibble"),
    ("flow is a list", _set(("flow",), []), "flow"),
    ("history by player 7", _edit(lambda d: d["history"][0].__setitem__("player", 7)),
     "history[0].player"),
    ("history player a bool", _edit(lambda d: d["history"][0].__setitem__("player", True)),
     "history[0].player"),
    ("history entry odd", _edit(lambda d: d["history"].__setitem__(0, [1, 2])), "history[0]"),
    ("log not strings", _set(("log",), [1, 2]), "log[0]"),
    ("unknown set", _set(("header", "sets"), ["nope"]), "header.sets[0]"),
    ("sets null", _set(("header", "sets"), None), "header.sets"),
    ("seed a float", _set(("header", "seed"), 7.9), "header.seed"),
    ("missing state", _drop(("state",)), "state"),
    ("extra top-level part", _set(("extra",), 1), "extra"),
]


SPECIAL_TAMPERINGS: list[tuple[str, Callable[[dict[str, Any]], None], str]] = [
    ("run card unknown", _set(("flow", "run", "card"), "no-such-card"), "flow.run.card"),
    ("run actor 8", _set(("flow", "run", "actor"), 8), "flow.run.actor"),
    ("frame path nowhere", _set(("flow", "run", "frames", 0, "path"), [99, 0]),
     "flow.run.frames[0].path"),
    ("frame pc far", _set(("flow", "run", "frames", 0, "pc"), 500), "flow.run.frames[0].pc"),
    ("no frames", _set(("flow", "run", "frames"), []), "flow.run.frames"),
    ("frame a string", _set(("flow", "run", "frames", 0), "x"), "flow.run.frames[0]"),
]


CASES = [("saved", *t) for t in TAMPERINGS] + [("saved_special", *t) for t in SPECIAL_TAMPERINGS]


@pytest.mark.parametrize("position,name,edit,path", CASES, ids=[c[1] for c in CASES])
def test_from_json_refuses_tampered_data_naming_the_field(
        request: pytest.FixtureRequest, position: str, name: str,
        edit: Callable[[dict[str, Any]], None], path: str) -> None:
    data = copy.deepcopy(request.getfixturevalue(position))
    edit(data)
    with pytest.raises(SavedGameError) as info:
        Game.from_json(data)
    assert info.value.path == path, str(info.value)
    assert isinstance(info.value, ElGrandeError)


def test_untampered_saves_load_mid_special_action(saved_special: dict[str, Any]) -> None:
    g = Game.from_json(copy.deepcopy(saved_special))
    assert g.flow.run is not None
    assert g.to_json() == saved_special


def test_two_games_loaded_from_one_dict_share_nothing(saved: dict[str, Any]) -> None:
    data = copy.deepcopy(saved)
    a, b = Game.from_json(data), Game.from_json(data)
    d = a.pending
    assert d is not None
    a.answer(d.players[0], d.random_answer(random.Random(1), d.players[0]))
    assert b.to_json() == saved
    assert data == saved


def test_to_json_returns_fresh_lists() -> None:
    g = _midgame(answers=10)
    snap = g.to_json()
    frozen = json.dumps(snap, sort_keys=True)
    play_random(g, random.Random(2))
    assert json.dumps(snap, sort_keys=True) == frozen


def test_from_json_keeps_the_callers_logging_choice(saved: dict[str, Any]) -> None:
    quiet = Game.from_json(copy.deepcopy(saved), logging=False)
    assert quiet.logging is False
    n = len(quiet.log)
    d = quiet.pending
    assert d is not None
    quiet.answer(d.players[0], d.random_answer(random.Random(1), d.players[0]))
    assert len(quiet.log) == n
    assert Game.from_json(copy.deepcopy(saved)).logging is True


def test_saves_round_trip_at_every_decision_of_a_game() -> None:
    g = new_game(3, seed=11, sets=("base",))
    rng = random.Random(11)
    i = 0
    while g.pending is not None:
        if i % 7 == 0:
            data = json.loads(json.dumps(g.to_json()))
            assert Game.from_json(data).to_json() == data
        d = g.pending
        g.answer(d.players[0], d.random_answer(rng, d.players[0]))
        i += 1


@pytest.mark.parametrize("header,path", [
    ({"players": 1000000000}, "header.players"),
    ({"players": "abcd"}, "header.players"),
    ({"players": ["a"]}, "header.players"),
    ({"players": ["a", "a"]}, "header.players"),
    ({"players": ["a", ""]}, "header.players[1]"),
    ({"players": ["a", "b" * 500]}, "header.players[1]"),
    ({"players": ["a", "b"], "seed": None}, "header.seed"),
    ({"players": ["a", "b"], "seed": [1]}, "header.seed"),
    ({"players": ["a", "b"], "seed": float("inf")}, "header.seed"),
    ({"players": ["a", "b"], "seed": 7.9}, "header.seed"),
    ({"players": ["a", "b"], "seed": 10 ** 30}, "header.seed"),
    ({"players": ["a", "b"], "start_player": 99}, "header.start_player"),
    ({"players": ["a", "b"], "start_player": "0"}, "header.start_player"),
    ({"players": ["a", "b"], "start_player": True}, "header.start_player"),
    ({"players": ["a", "b"], "sets": None}, "header.sets"),
    ({"players": ["a", "b"], "sets": ["../etc"]}, "header.sets[0]"),
    ({"players": ["a", "b"], "variant": 3}, "header.variant"),
    ({"players": ["a", "b"], "errata": "x"}, "header.errata"),
    ({"players": ["a", "b"], "cards": [1]}, "header.cards[0]"),
    ({"players": ["a", "b"], "hashes": {"base/set.yaml": "xyz"}}, "header.hashes"),
    ([1, 2], "header"),
])
def test_header_fields_are_checked_before_anything_is_built(header: Any, path: str) -> None:
    with pytest.raises(SavedGameError) as info:
        check_header(header)
    assert info.value.path == path, str(info.value)


def test_a_good_header_passes() -> None:
    h = new_game(3, seed=2).header
    assert check_header(h) == h
    assert check_header({"players": 3})["players"] == 3


def test_types_come_from_the_attrs_classes_and_nesting_is_bounded() -> None:
    deep: Any = 0
    for _ in range(100):
        deep = [deep]
    with pytest.raises(SavedGameError, match="deep"):
        typed(deep, Any, "x")
    assert typed([1, 2], list[int], "x") == [1, 2]
    with pytest.raises(SavedGameError, match=r"x\[1\]"):
        typed([1, False], list[int], "x")


def _paths(x: Any, p: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [p]
    if isinstance(x, dict):
        for k, v in x.items():
            out += _paths(v, (*p, k))
    elif isinstance(x, list):
        for i, v in enumerate(x):
            out += _paths(v, (*p, i))
    return out


MUTANTS = [0, 1, -1, 2, 9, 99, 10 ** 20, True, None, "x", "aragon", [], {}, [0], 1.5]


def test_random_tampering_is_refused_or_plays_on_without_crashing(
        saved: dict[str, Any], saved_special: dict[str, Any]) -> None:
    """Seeded random edits (a value replaced, a key or item dropped) anywhere in the
    state, flow, names, history or header: loading raises SavedGameError, or the loaded
    game plays on with legal random answers and no other exception."""
    rng = random.Random(9)
    refused = accepted = 0
    for _ in range(400):
        data = copy.deepcopy(rng.choice([saved, saved_special]))
        where = [p for p in _paths(data) if len(p) > 1 and p[0] != "log"]
        path = rng.choice(where)
        parent: Any = data
        for k in path[:-1]:
            parent = parent[k]
        if rng.random() < 0.8:
            parent[path[-1]] = rng.choice(MUTANTS)
        elif isinstance(parent, dict):
            del parent[path[-1]]
        else:
            parent.pop(path[-1])
        try:
            g = Game.from_json(data, logging=False)
        except SavedGameError:
            refused += 1
            continue
        accepted += 1
        answers = random.Random(1)
        for _ in range(25):
            d = g.pending
            if d is None:
                break
            g.answer(d.players[0], d.random_answer(answers, d.players[0]))
    assert refused > 200 and accepted > 30


def _as_before_asides(save: dict[str, Any]) -> dict[str, Any]:
    """``save`` as versions before the aside stack wrote it: ``resume`` for ``entering``,
    no ``asides``, a special action's side decision told by ``interjected``."""
    old = copy.deepcopy(save)
    fl = old["flow"]
    fl["resume"] = fl.pop("entering")
    del fl["asides"]
    run = fl["run"]
    if run is not None:
        if run.pop("asides"):
            run["interjected"] = True
    return old


def test_c7_c10_c11_a_save_of_before_the_aside_stack_loads_its_side_decision() -> None:
    """C7, C10, C11: saves written before side decisions were kept on a stack (a seat or
    new discs between phases, a relocation or seat inside a special action) load with
    the side decision on the stack, the same game as today's save of that position."""
    from tampering import saves

    kinds = set()
    for save in (s for seed in range(2, 9) for s in saves("colonies", seed, 10 ** 6)):
        if len(kinds) == 2:
            break
        run = save["flow"]["run"]
        where = "flow" if save["flow"]["asides"] else \
            "run" if run is not None and run["asides"] else ""
        if not where or where in kinds:
            continue
        kinds.add(where)
        again = Game.from_json(_as_before_asides(save), logging=False)
        assert json.dumps(again.to_json(), sort_keys=True) == json.dumps(
            Game.from_json(save, logging=False).to_json(), sort_keys=True)
        play_random(again, random.Random(1))
        assert again.over
    assert kinds == {"flow", "run"}


@pytest.mark.rule("B8.2")
def test_a_move_saved_before_its_options_gave_the_card_s_number_still_loads() -> None:
    """B8.2: a game saved at a card's move before the move's options gave the card's
    number and the caballeros it may take (``allowed``, ``available``) loads, and goes on
    with the options worked out now; a changed number of the options is still refused."""
    for seed in range(12):
        g = new_game(3, sets=["base"], seed=seed, logging=False)
        bots = [make_bot("random", seed * 10 + i) for i in range(3)]
        while g.pending is not None and not (g.pending.kind == "move_caballeros"
                                             and "allowed" in g.pending.options):
            p = g.pending.players[0]
            g.answer(p, bots[p].answer(g.lazy_view(p)))
        if g.pending is not None:
            break
    assert g.pending is not None, "no card's move met"
    data = json.loads(json.dumps(g.to_json()))
    pending = data["flow"]["run"]["pending"]
    old = copy.deepcopy(data)
    for k in ("allowed", "available"):
        del old["flow"]["run"]["pending"]["options"][k]
    loaded = Game.from_json(old)
    assert loaded.pending is not None and loaded.pending.options == pending["options"]
    bad = copy.deepcopy(data)
    bad["flow"]["run"]["pending"]["options"]["available"] += 1
    with pytest.raises(SavedGameError):
        Game.from_json(bad)
