"""Bots: ``random`` (uniform over legal answers) and ``greedy`` (one ply).

A bot sees only ``game.view(player)`` (B8.5a): never the other players' hands, the order
of the stacks or secret choices not yet revealed. ``greedy`` tries candidate answers on a
game rebuilt from its view (:meth:`Game.from_view`, hidden parts drawn at random) and
keeps the answer whose immediate result is best for it: its score plus what it would
score if every region were scored now, minus the best opponent's same figure. Ties are
broken by the bot's seeded random generator.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Protocol

from elgrande.engine.decisions import Decision
from elgrande.errors import IllegalMove
from elgrande.model.scoring import score_region
from elgrande.model.state import State
from elgrande.play.game import Game

#: How many answers the greedy bot tries at most per decision.
GREEDY_CANDIDATES = 16


class Bot(Protocol):
    """Anything that answers a decision from a player's view."""

    name: str

    def answer(self, view: dict[str, Any]) -> Any:
        """The answer to ``view["pending"]`` for ``view["player"]``."""


class RandomBot:
    """Answers uniformly at random among the legal answers (when they can be listed;
    otherwise a random legal answer drawn step by step).

    Args:
        seed: the bot's random seed.
    """

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def answer(self, view: dict[str, Any]) -> Any:
        """A random legal answer to the view's pending decision."""
        d = Decision.from_json(view["pending"])
        return d.random_answer(self.rng, view["player"])


def outlook(state: State, game: Game, player: int) -> float:
    """How good ``state`` is for ``player``: score plus the points every region and the
    Castillo would pay now, minus the best other player's same figure."""
    b = game.library.board
    scratch = state.copy()
    for r in (*b.scoring_order, b.castillo):
        score_region(scratch, b, r)
    mine = scratch.scores[player]
    others = [scratch.scores[q] for q in range(state.players) if q != player]
    return mine - (max(others) if others else 0)


class GreedyBot:
    """One-ply greedy: tries up to :data:`GREEDY_CANDIDATES` legal answers on a game
    rebuilt from its view and keeps the best by :func:`outlook`.

    Args:
        seed: the bot's random seed (candidate sampling, hidden information, ties).
    """

    name = "greedy"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def answer(self, view: dict[str, Any]) -> Any:
        """The best-looking answer to the view's pending decision."""
        p = view["player"]
        d = Decision.from_json(view["pending"])
        legal = d.legal_answers(p)
        if legal is not None and len(legal) <= GREEDY_CANDIDATES:
            candidates = legal
        elif legal is not None:
            candidates = self.rng.sample(legal, GREEDY_CANDIDATES)
        else:
            candidates = [d.random_answer(self.rng, p) for _ in range(GREEDY_CANDIDATES)]
        if len(candidates) == 1:
            return candidates[0]
        base = Game.from_view(view, self.rng)
        best: list[Any] = []
        best_value = float("-inf")
        for a in candidates:
            g = base.copy()
            try:
                g.answer(p, a)
            except IllegalMove:  # pragma: no cover - candidates are legal
                continue
            v = outlook(g.state, g, p)
            if v > best_value:
                best, best_value = [a], v
            elif v == best_value:
                best.append(a)
        return best[self.rng.randrange(len(best))] if best else candidates[0]


def play(game: Game, bots: Sequence[Bot], max_answers: int = 100_000) -> Game:
    """Let ``bots[p]`` (anything with the :class:`Bot` protocol) answer every decision of
    player ``p`` until the game ends."""
    n = 0
    while game.pending is not None:
        p = game.pending.players[0]
        game.answer(p, bots[p].answer(game.view(p)))
        n += 1
        if n > max_answers:  # pragma: no cover - a flow bug
            raise RuntimeError("the game did not end")
    return game

