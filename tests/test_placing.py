"""B4.3 with the expansions: the placement decision made once per king's region and the
modules' ``placement_key`` (:func:`elgrande.engine.court.placement_decision`; Colonies C4-C6,
Intrigue & the King I8) is the very decision the placement hooks fold afresh, in every
position of random games; and it follows a card that changed this turn's placement (I8)."""

from __future__ import annotations

import random

import pytest

from elgrande.engine import court
from elgrande.engine.rule_params import RULE, expires_for
from elgrande.model.state import Lasting
from elgrande.play.game import new_game
from elgrande.rules import base
from elgrande.rules.base_data import ORDERED, placement_limit

SETS = {"colonies": ("base", "colonies"), "intrigue-king": ("base", "intrigue-king"),
        "both": ("base", "colonies", "intrigue-king")}


@pytest.mark.parametrize("name", sorted(SETS))
@pytest.mark.parametrize("players", [2, 5])
def test_b4_3_placement_decision_equals_the_base_games_folded_one(name: str,
                                                                   players: int) -> None:
    compared = 0
    for seed in range(3):
        game = new_game(players, sets=SETS[name], seed=seed, logging=False,
                        fill="provisional")
        rng = random.Random(seed)
        while game.pending is not None:
            d = game.pending
            if game.flow.phase == base.PLACE and d.kind == "place_caballeros":
                engine = game._engine
                limit = placement_limit(engine, game.state, game.flow)
                to, refused = court.placement_places(engine, game.state, d.players[0])
                assert (d.kind, d.players, d.rule) == ("place_caballeros", [d.players[0]],
                                                       "B4.3")
                assert (d.options["to"], d.options["refused"]) == (to, refused)
                assert d.options["max"] == min(limit, game.state.court[d.players[0]])
                compared += 1
            game.answer(d.players[0], d.random_answer(rng, d.players[0]))
    assert compared > 0


def test_i8_a_turn_change_of_the_placement_is_the_base_games_decision() -> None:
    """A change of this turn's placement places (card 20's rule change, I8) is read by the
    base game's placement decision."""
    game = new_game(3, sets=SETS["intrigue-king"], seed=1, logging=False, fill="provisional")
    rng = random.Random(1)
    while game.flow.phase != base.PLACE or game.pending is None \
            or game.pending.kind != "place_caballeros":
        d = game.pending
        assert d is not None
        game.answer(d.players[0], d.random_answer(rng, d.players[0]))
    p = game.pending.players[0]
    into = [r for r in game.library.board.regions if r != game.state.king][:2]
    game.state.lasting.append(Lasting(RULE, p, expires_for("this turn", game.state.round),
                                      "test", {"param": "placement places", "value": into,
                                               "in": None, "until": "this turn"}))
    engine = game._engine
    d = engine.rules.phase(base.PLACE).decide(engine, game.state, game.flow, [])
    assert d is not None
    assert d.options["to"] == [game.library.board.place_id(r) for r in into]      # I8


def test_b4_3_placement_kept_only_with_every_placement_hooks_key() -> None:
    from elgrande.engine.modules import Rules, RulesModule
    from elgrande.rules import colonies, intrigue_king

    def targets(ctx: object, places: list[int]) -> list[int]:
        return places

    keyless = RulesModule("toy_keyless", hooks={"placement_targets": targets})
    for modules, keys in [((base.MODULE,), ()),
                          ((base.MODULE, colonies.MODULE), ()),
                          ((base.MODULE, colonies.MODULE, intrigue_king.MODULE),
                           (intrigue_king.MODULE.placement_key,)),
                          ((base.MODULE, colonies.MODULE, keyless), None)]:
        assert court.placement_keys(Rules(modules).modules) == keys


@pytest.mark.parametrize("name", ["intrigue-king", "colonies"])
def test_b4_3_a_placement_after_place_first_takes_the_order_decisions_limit(name: str) -> None:
    """B4.3, B4.5 (I4, C8): the placement asked at once after an order decision answered
    "place first" takes the limit that decision was asked with (``base_data.ORDERED``):
    kept for that very decision and state, and equal to the hooks' limit reckoned again."""
    taken = 0
    for seed in range(4):
        game = new_game(4, sets=SETS[name], seed=seed, logging=False, fill="provisional")
        rng = random.Random(seed)
        last: tuple[object, object] | None = None  # (the order decision, its answer)
        while game.pending is not None:
            d = game.pending
            if d.kind == "place_caballeros" and last is not None and last[1] == 0:
                kept = ORDERED[0]
                assert kept is not None and kept[0] is last[0] and kept[1] is game.state
                limit = placement_limit(game._engine, game.state, game.flow)
                assert kept[3] == limit
                assert d.options["max"] == min(limit, game.state.court[d.players[0]])
                taken += 1
            a = d.random_answer(rng, d.players[0])
            last = (d, a) if d.rule == "B4.5" and game.flow.phase == base.ORDER else None
            game.answer(d.players[0], a)
    assert taken > 0
