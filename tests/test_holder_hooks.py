"""Holder hooks (``RulesModule.holder_hooks``, :attr:`Rules.holder_only`): a module says a
limit hook of its changes nothing on the turn of a player who does not hold the neutral
caballeros (C8), and the engine skips it on such turns while no rule change is live.
Skipping must change nothing: the hooks really return the limit unchanged there."""

from __future__ import annotations

import random

import pytest

from elgrande.engine.modules import Rules as ComposedRules
from elgrande.engine.modules import RulesModule, find_module
from elgrande.play.game import new_game


def test_holder_only_needs_every_module_with_the_hook_to_declare_it() -> None:
    """Rules.holder_only: the Colonies' C8 limit hooks alone are skipped; a module whose
    hook of the same name says nothing (I&K's, I4) makes the engine call them always."""
    base, colonies = find_module("base"), find_module("colonies")
    assert ComposedRules([base, colonies]).holder_only == {"court_limit", "placement_limit"}
    assert ComposedRules([base]).holder_only == frozenset()  # no such hook at all
    both = ComposedRules([base, find_module("intrigue_king"), colonies])
    assert both.holder_only == frozenset()


def test_holder_hooks_name_only_a_limit_hook_of_the_module_itself() -> None:
    """A module may declare only a hook it has, of those the engine guards."""
    with pytest.raises(ValueError, match="holder_hooks"):
        RulesModule("x", hooks={"turn_start": lambda ctx: None}, holder_hooks=("turn_start",))
    with pytest.raises(ValueError, match="holder_hooks"):
        RulesModule("x", holder_hooks=("court_limit",))


def test_c8_limit_hooks_change_nothing_on_other_players_turns() -> None:
    """C8: at every court and order decision of seeded Colonies games (2-5 players), the
    composed limit hooks called for an actor who does not hold the Inquisitor return the
    limit they are given (what the engine assumes when it skips them), and the holder's
    turns were met too."""
    others = holders = 0
    for seed in range(8):
        players = 2 + seed % 4
        game = new_game(players, seed=seed, logging=False, sets=("base", "colonies"),
                        fill="provisional")
        engine = game._engine
        rng = random.Random(seed)
        while game.pending is not None:
            d = game.pending
            p = d.players[0]
            state = game.state
            if game.flow.phase in ("court", "order") and not state.lasting:
                if state.neutral_holder == p:
                    holders += 1
                else:
                    others += 1
                    ctx = engine.hooks(state, p)
                    for limit in (0, 1, 4):
                        assert engine.rules.court_limit(ctx, limit) == limit
                        assert engine.rules.placement_limit(ctx, limit) == limit
            game.answer(p, d.random_answer(rng, p))
    assert others > 50 and holders > 0
