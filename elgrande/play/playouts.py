"""Playouts for search: the trusted path played to the end (or a depth), one at a time
or in a batch (docs/performance.md, "The trusted path").

    from elgrande.play.playouts import playouts
    for r in playouts(game, 100, seed=1):   # 100 random playouts from game's position
        print(r.scores, r.winners)

A playout answers every decision with a *policy*, ``policy(decision, player, rng)``
returning an answer from the decision's legal set in normal form (the default,
:func:`random_policy`, draws ``decision.random_answer(rng, player)``: the answers the
checked path ``game.answer(p, d.random_answer(rng, p))`` plays from the same rng). The
answers go through :meth:`~elgrande.play.game.Game.answer_trusted`: not checked again, no
history, no narration; the events rules modules and triggers listen to fire as always, so
the games are the checked path's games (``benchmarks/trusted_equivalence.py`` compares
thousands; the tests a sample).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import attrs

from elgrande.engine.decisions import Decision
from elgrande.errors import IllegalMove
from elgrande.play.game import Game

#: A playout policy: ``(decision, player, rng) -> answer`` from the legal set of
#: ``player`` (one who must answer), in normal form.
Policy = Callable[[Decision, int, random.Random], Any]


def random_policy(d: Decision, player: int, rng: random.Random) -> Any:
    """A uniformly random legal answer: ``d.random_answer(rng, player)``."""
    return d.random_answer(rng, player)


def play_out(game: Game, rng: random.Random, policy: Policy | None = None,
             depth: int | None = None) -> int:
    """Answer ``game``'s decisions on the trusted path (the first player asked answers,
    with ``policy``, default :func:`random_policy`) until it ends, or for at most
    ``depth`` decisions; ``game`` changes in place.

    Returns:
        The decisions answered.
    Raises:
        IllegalMove: a policy answer that a still checked decision refuses (a side
        decision, a special action; B3.4); any other answer outside the legal set may
        break the game.
    """
    try:  # one loop in the engine (FlowEngine.play_trusted): no call per decision here
        return game._engine.play_trusted(game.state, game.flow, rng, policy,
                                         -1 if depth is None else max(depth, 0))
    except IllegalMove as exc:  # as Game.answer_trusted: the players by their names
        raise game._named(exc) from exc.__cause__


@attrs.frozen
class Playout:
    """The result of one playout.

    Attributes:
        scores: each player's points at the end (or at the depth reached).
        winners: the players with the most points (a tie is a shared victory, B7.1).
        decisions: the decisions answered.
        over: whether the game ended (False: stopped at the depth).
        game: the game played out, when the batch keeps them (``reuse=False``), else None.
    """

    scores: list[int]
    winners: list[int]
    decisions: int
    over: bool
    game: Game | None = None

    @classmethod
    def of(cls, game: Game, decisions: int, keep: bool = False) -> Playout:
        """The result of ``game`` played out with ``decisions`` answered (``keep``: with
        the game itself)."""
        scores = game.state.scores[:]
        top = max(scores)
        return cls(scores, [p for p, s in enumerate(scores) if s == top], decisions,
                   game.flow.pending is None, game if keep else None)


def playouts(game: Game, n: int, policy: Policy | None = None, seed: int = 0,
             depth: int | None = None, reuse: bool = True) -> list[Playout]:
    """``n`` playouts from ``game``'s position (``game`` itself never changes), with
    ``policy`` (default :func:`random_policy`) drawing from one ``random.Random(seed)``
    in turn: the same seed gives the same results.

    Args:
        game: the position; n: how many playouts (0 or more).
        policy: answers each decision (:data:`Policy`); seed: the rng's seed.
        depth: stop each playout after this many decisions (None: play to the end).
        reuse: play every playout in one scratch game (its state and flow set to fresh
            copies of ``game``'s each time: no game, chronicle or result game made per
            playout); False keeps each playout's game in :attr:`Playout.game`.
    Returns:
        One :class:`Playout` per playout, in order.
    Raises:
        ValueError: a negative ``n``.
        IllegalMove: as :func:`play_out`.
    """
    if n < 0:
        raise ValueError(f"playouts: n must be 0 or more, not {n}")
    rng = random.Random(seed)
    out: list[Playout] = []
    scratch: Game | None = None
    for _ in range(n):
        if scratch is None or not reuse:
            scratch = Game(game.library, game.names, game.state.copy(), game.flow.copy(),
                           game.header, logging=False)
        else:
            scratch.state = game.state.copy()
            scratch.flow = game.flow.copy()
        out.append(Playout.of(scratch, play_out(scratch, rng, policy, depth), not reuse))
    return out
