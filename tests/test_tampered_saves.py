"""Tampered saved games of every set (base, Colonies, Intrigue & the King, both; the
expansions with the provisional fill): a save edited at a random leaf (a key or item
deleted, a value of another type, an out-of-range integer, an emptied list, dict keys
shuffled) is refused with :class:`SavedGameError` on load, or loads, draws its board (as
``elgrande board``) and plays to the end with random answers, with no other exception.
A save with its keys in another order loads. Values out of their range are refused
(B1.1, B3.6, B3.7, B6, B8, C4-C10, I8). The generator is tests/tampering.py; the counts of
a longer run are benchmarks/results/tamper.txt (benchmarks/tamper.py)."""

from __future__ import annotations

import copy
import functools
import json
import random
from typing import Any

import pytest
from conftest import examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tampering import SETS, mutate, outcome, reordered, saves

from elgrande.play.game import Game
from elgrande.play.saved import SavedGameError

TAMPER = settings(max_examples=examples(12, 4), deadline=None, derandomize=True,
                  suppress_health_check=list(HealthCheck))


@functools.cache
def _saves(name: str) -> list[dict[str, Any]]:
    return saves(name, 3, 4) + saves(name, 6, 2)


@pytest.mark.parametrize("name", sorted(SETS))
@TAMPER
@given(data=st.data(), seed=st.integers(0, 2 ** 32))
def test_a_tampered_save_is_refused_or_plays_to_the_end(
        name: str, data: st.DataObject, seed: int) -> None:
    save = data.draw(st.sampled_from(_saves(name)))
    tampered, how = mutate(save, random.Random(seed))
    got = outcome(tampered, seed)
    assert got in ("refused", "played"), f"{how}: {got}"
    if how == "shuffle":
        assert got == "played", how


@functools.cache
def _game_saves(name: str, seed: int) -> list[dict[str, Any]]:
    return saves(name, seed, 10 ** 6)  # every position, in a random order


def _loads_in_any_order(saved: list[dict[str, Any]], rng: random.Random) -> None:
    for save in saved:
        again = Game.from_json(reordered(save, rng), logging=False)
        assert json.dumps(again.to_json(), sort_keys=True) == json.dumps(
            Game.from_json(save, logging=False).to_json(), sort_keys=True)


@pytest.mark.parametrize("name", sorted(SETS))
def test_a_save_with_its_keys_in_another_order_loads(name: str) -> None:
    """Loading does not depend on key order: a save of a game, its keys shuffled, loads
    to the same game (the decision kept as saved)."""
    _loads_in_any_order(_game_saves(name, 2)[:12], random.Random(1))


def test_c11_a_colonies_save_inside_a_special_action_loads_in_any_key_order() -> None:
    """C11: a relocation's options are listed in the order of the Colonies pieces'
    mappings; a save inside a special action whose keys come in another order still
    loads (its decision is the one the game is at, the options in another order)."""
    inside = [s for seed in (2, 3) for s in _game_saves("colonies", seed)
              if s["flow"]["run"] is not None and s["flow"]["run"]["pending"] is not None]
    assert len(inside) > 5
    _loads_in_any_order(inside, random.Random(0))


def _edited(save: dict[str, Any], path: str, value: Any) -> dict[str, Any]:
    out = copy.deepcopy(save)
    node: Any = out
    keys = [int(k) if k.isdigit() else k for k in path.split(".")]
    for k in keys[:-1]:
        node = node[k]
    node[keys[-1]] = value
    return out


def _first(name: str, want: Any) -> dict[str, Any]:
    for seed in range(2, 8):
        for save in _game_saves(name, seed):
            if want(save):
                return save
    raise AssertionError("no such position")  # pragma: no cover


@pytest.mark.parametrize("path,value,where", [
    ("state.scores.0", -3, "state.scores[0]"),                      # B6: points only added
    ("state.round", -997, "state.round"),                           # B3.7
    ("state.round", 4, "state.round"),                              # not the flow's round
    ("flow.rounds", [1, 2, 3], "flow.rounds"),                      # B3.7: the variant's
    ("flow.scoring_after", [3], "flow.scoring_after"),              # B3.6
    ("flow.round_i", -1, "flow.round_i"),                           # before the first round
    ("flow.parts.base.bid_i", -2, "flow.parts.base.bid_i"),
    ("header.variant", "long", "header.variant"),
])
def test_b3_b6_base_values_out_of_range_are_refused(path: str, value: Any, where: str) -> None:
    save = _first("base", lambda s: s["state"]["round"] == 2 and s["flow"]["run"] is None)
    with pytest.raises(SavedGameError) as exc:
        Game.from_json(_edited(save, path, value))
    assert exc.value.path == where


def test_b8_a_special_action_frame_before_its_script_is_refused() -> None:
    save = _first("base", lambda s: s["flow"]["run"] is not None and s["flow"]["run"]["frames"])
    frame = "flow.run.frames.0"
    for key, value in (("path", [-1]), ("pc", -1)):
        with pytest.raises(SavedGameError, match=r"flow\.run\.frames\[0\]"):
            Game.from_json(_edited(save, f"{frame}.{key}", value))


def test_b1_1_an_undo_snapshot_that_loses_caballeros_is_refused() -> None:
    """B1.1, B8: the state kept to undo a special action conserves every caballero."""
    save = _first("base", lambda s: s["flow"]["parts"]["base"].get("before") is not None)
    before = save["flow"]["parts"]["base"]["before"]
    for path, value in (("court.0", -5), ("court.0", before["court"][0] + 1)):
        with pytest.raises(SavedGameError, match=r"flow\.parts\.base\.before"):
            Game.from_json(_edited(save, f"flow.parts.base.before.{path}", value))


def _colonies(save: dict[str, Any]) -> bool:
    ext = save["state"]["ext"].get("colonies")
    return bool(ext and ext["table"]["region"] and save["state"]["round"] >= 2)


@pytest.mark.parametrize("path,value", [
    ("offices.captain", {"x": 1}),          # C5: a holder is a player, black or nobody
    ("offices.captain", 7),
    ("table.region", "-997"),               # C10: a region
    ("table.seated", [0]),                  # one count per player
    ("table.seats", 99),
    ("supply", 3),
    ("supply.0", -1),
    ("free", True),
    ("carriers", 1),
    ("carriers", [["nowhere", 0, "x"]]),
    ("bonus", "somewhere"),
])
def test_c4_c10_a_corrupt_colonies_part_is_refused(path: str, value: Any) -> None:
    save = _first("colonies", _colonies)
    ext = save["state"]["ext"]["colonies"]
    if path == "supply.0":
        path, value = f"supply.{next(iter(ext['supply']))}", -1
    with pytest.raises(SavedGameError, match=r"state\.ext\.colonies"):
        Game.from_json(_edited(save, f"state.ext.colonies.{path}", value))


@pytest.mark.parametrize("path,value", [
    ("bridge", [0]), ("bridge", [0, 999]), ("laid", "nowhere"), ("takes", [[0]]),
    ("asked", [9]), ("turn", {"player": 9}), ("junk", 1),
])
def test_i8_x2_a_corrupt_intrigue_king_part_is_refused(path: str, value: Any) -> None:
    save = _first("intrigue-king", lambda s: s["state"]["round"] >= 2)
    save = copy.deepcopy(save)
    save["state"]["ext"].setdefault("intrigue_king", {})
    with pytest.raises(SavedGameError, match=r"state\.ext\.intrigue_king"):
        Game.from_json(_edited(save, f"state.ext.intrigue_king.{path}", value))


@pytest.mark.parametrize("name", ["colonies", "intrigue-king", "both"])
def test_an_expansion_save_without_its_fill_is_refused(name: str) -> None:
    """A save of a game played with the provisional fill, its ``header.fill`` dropped,
    would play with card data missing: refused, as ``new_game`` refuses to start it."""
    save = copy.deepcopy(_game_saves(name, 2)[0])
    del save["header"]["fill"]
    with pytest.raises(SavedGameError) as exc:
        Game.from_json(save)
    assert exc.value.path == "header.fill"


def _with_aside(where: str) -> dict[str, Any]:
    """A Colonies save waiting for a side decision: ``flow`` between phases (a C10 seat or
    C7 new discs), ``run`` between two statements of a special action (C10, C11)."""
    def has(s: dict[str, Any]) -> bool:
        holder = s["flow"] if where == "flow" else s["flow"]["run"]
        return bool(holder and holder["asides"])
    return _first("colonies", has)


@pytest.mark.parametrize("where", ["flow", "run"])
@pytest.mark.parametrize("field,value", [
    ("module", "nowhere"),                      # no module in play asks it
    ("module", 3),                              # not a name
    ("data", {"seat": 1}),                      # not what the module asked
    ("data", [1]),                              # not a mapping
    ("decision.players", [9]),                  # not a player of the game
    ("decision.kind", "no_such_kind"),
    ("decision.options", {"labels": ["x"]}),    # not the options the module asks
    ("decision.prompt", 5),
    ("junk", 1),                                # not a field of an aside
])
def test_c7_c10_c11_a_tampered_side_decision_is_refused(where: str, field: str,
                                                       value: Any) -> None:
    """C7, C10, C11: a save waiting for a module's side decision (an aside) whose aside
    was edited is refused with SavedGameError naming the asides, never a crash."""
    save = _with_aside(where)
    pre = "flow.asides.0" if where == "flow" else "flow.run.asides.0"
    with pytest.raises(SavedGameError, match=r"flow\.(run\.)?(asides|pending)"):
        Game.from_json(_edited(save, f"{pre}.{field}", value))


@pytest.mark.parametrize("where", ["flow", "run"])
def test_c7_c10_c11_a_side_decision_dropped_or_added_is_refused(where: str) -> None:
    """C7, C10, C11: the side decision a game waits for must be on its stack, and no
    other: a save whose aside was dropped, or doubled, is refused."""
    save = _with_aside(where)
    holder = "flow" if where == "flow" else "flow.run"
    node = save["flow"] if where == "flow" else save["flow"]["run"]
    for asides in ([], node["asides"] * 2):
        with pytest.raises(SavedGameError, match=r"flow\.(run\.)?(asides|pending|frames)"):
            Game.from_json(_edited(save, f"{holder}.asides", asides))
    Game.from_json(save)  # untouched, it loads
