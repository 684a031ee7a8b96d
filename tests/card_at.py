"""A seeded game at a card's special action, for the tests of what its decisions and
its log say: the real rules played at random up to a round's B4.4 question, then the
card under test carried out by the player to move (B8)."""

from __future__ import annotations

import random

from elgrande.play.game import Game, new_game


def carrying_out(players: int, card: str, round_: int, seed: int,
                 logging: bool = False) -> Game | None:
    """A ``players``-seat base game (``seed``) played at random until the B4.4 question
    of round ``round_`` or later, whose player then carries out ``card`` (no Veto held):
    the game at the card's first decision; None when the seed reaches no such question
    or the card asks nothing."""
    g = new_game(players, sets=["base"], seed=seed, logging=logging)
    rng = random.Random(seed)
    for _ in range(3000):
        d = g.pending
        if d is None:
            return None
        if d.rule == "B4.4" and g.state.round >= round_:
            g.flow.card = card  # the card the player took
            g.state.lasting = []  # no Veto held
            g.answer(g.flow.actor, 0)  # carry it out
            return g if g.pending is not None else None
        g.answer(d.players[0], d.random_answer(rng, d.players[0]))
    return None
