"""Hook places (``RulesModule.hook_places``, :meth:`Rules.places_of`): a module says which
places a hook of its may ever name, and the engine skips the hook when none of the places
in question is among them (docs/architecture.md). Skipping must change nothing: the
placement decisions (B4.3, C4) of seeded Colonies games are those of the hook always
folded, and the hook never names a place outside what its module declared."""

from __future__ import annotations

import random
from typing import Any

import pytest

from elgrande.engine.modules import Rules as ComposedRules
from elgrande.engine.modules import RulesModule, find_module
from elgrande.play.game import new_game


def _room_always(game: Any, player: int, to: list[str]) -> dict[str, Any]:
    """The placement decision's room with the ``placement_room`` fold always called (as
    before hook places): the fold of every module, cut to the places in reach."""
    engine = game._engine
    fold = engine.rules.placement_room
    got = fold(engine.hooks(game.state, player), {})
    return {k: v for k, v in got.items() if k in to}


@pytest.mark.parametrize("sets", [("base", "colonies"),
                                  ("base", "intrigue-king", "colonies")])
def test_c4_placements_with_hook_places_equal_the_hook_always_folded(
        sets: tuple[str, ...]) -> None:
    """B4.3, C4: every placement decision of seeded games (2-5 players) offers the room the
    always-folded hook gives, and the fold names only the declared places (France)."""
    seen = with_room = 0
    for seed in range(8):
        players = 2 + seed % 4
        game = new_game(players, seed=seed, logging=False, sets=sets, fill="provisional")
        engine = game._engine
        near = engine.rules.places_of("placement_room", engine.board)
        assert near  # Colonies declares its capped areas (C4)
        rng = random.Random(seed)
        while game.pending is not None:
            d = game.pending
            p = d.players[0]
            if d.kind == "place_caballeros":
                seen += 1
                room = _room_always(game, p, d.options["to"])
                assert d.options.get("room", {}) == room
                with_room += bool(room)
                assert set(engine.rules.placement_room(engine.hooks(game.state, p), {})) <= near
            game.answer(p, d.random_answer(rng, p))
    assert seen > 50 and 0 < with_room < seen  # both ways were taken


def _room(ctx: Any, room: dict[str, Any]) -> dict[str, Any]:
    return {**room, "somewhere": [1, "X1", "one more"]}


def test_places_of_is_the_union_and_none_when_some_hook_declares_none() -> None:
    """Rules.places_of: the union of the modules' declared places (once per board); None
    (call always) when some module's function of the hook declares none."""
    base, colonies = find_module("base"), find_module("colonies")
    declared = RulesModule("declared", hooks={"placement_room": _room},
                           hook_places={"placement_room": lambda board: ["somewhere"]})
    silent = RulesModule("silent", hooks={"placement_room": _room})
    game = new_game(2, seed=1, logging=False, sets=("base", "colonies"), fill="provisional")
    board = game._engine.board
    alone = ComposedRules([base, colonies]).places_of("placement_room", board)
    assert alone is not None and len(alone) == 1
    both = ComposedRules([base, colonies, declared]).places_of("placement_room", board)
    assert both == alone | {"somewhere"}
    assert ComposedRules([base, colonies, silent]).places_of("placement_room", board) is None
    assert ComposedRules([base]).places_of("placement_room", board) == frozenset()


def test_hook_places_name_only_a_placed_hook_of_the_module_itself() -> None:
    """A module may declare places only for a hook it has, of those the engine guards."""
    with pytest.raises(ValueError, match="hook_places"):
        RulesModule("x", hooks={"turn_start": lambda ctx: None},
                    hook_places={"turn_start": lambda board: []})
    with pytest.raises(ValueError, match="hook_places"):
        RulesModule("x", hook_places={"placement_room": lambda board: []})
