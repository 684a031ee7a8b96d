"""B8.5a: a player's view does not depend on what that player may not see, so a bot that
uses only ``view()`` cannot use hidden information."""

from __future__ import annotations

import json
import random

from elgrande.bots import GreedyBot
from elgrande.game import Game, new_game
from elgrande.rules.base import part


def _to_disc_scoring(seed: int) -> Game:
    g = new_game(4, seed=seed, logging=False)
    rng = random.Random(seed)
    while g.pending is not None and g.flow.phase != "discs":
        d = g.pending
        g.answer(d.players[0], d.random_answer(rng, d.players[0]))
    return g


def test_B8_5a_view_ignores_stack_order_and_others_secret_discs() -> None:
    g = _to_disc_scoring(3)
    d = g.pending
    assert d is not None and d.kind == "secret_region" and len(d.players) == 4
    g.answer(0, "aragon")  # player 0's disc, hidden from the others
    before = json.dumps(g.view(1), sort_keys=True)
    other = g.copy()
    other.flow.secret["0"] = "galicia"          # a different hidden disc
    for stack in part(other.flow).stacks:              # a different hidden stack order
        stack.reverse()
    assert json.dumps(other.view(1), sort_keys=True) == before
    assert json.dumps(other.view(0), sort_keys=True) != json.dumps(g.view(0), sort_keys=True)


def test_B8_5a_greedy_bot_answers_the_same_whatever_is_hidden() -> None:
    g = _to_disc_scoring(5)
    g.answer(0, "granada")
    other = g.copy()
    other.flow.secret["0"] = "seville"
    for stack in part(other.flow).stacks:
        stack.reverse()
    a = GreedyBot(seed=9).answer(g.view(1))
    b = GreedyBot(seed=9).answer(other.view(1))
    assert a == b
