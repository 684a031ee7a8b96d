"""An information-set Monte Carlo tree search bot (``ismcts``, SO-ISMCTS at the root).

The bot sees only ``game.view(player)`` (B8.5a). Every :data:`SHARE` iterations it draws
a *determinisation* of the hidden things (:class:`~elgrande.play.game.Determiniser`, as
:meth:`Game.from_view`: the stacks' order, the others' hands as far as the public
discards allow, their unrevealed secret discs, a draw key of its own); each iteration
applies one candidate answer to a copy of it, plays a short random rollout of
:data:`DEPTH` decisions (every player answering at random, the trusted path) and scores
the result with :func:`elgrande.players.simple.outlook` (or the final scores
when the game ends). The candidate is chosen by UCB1 over the statistics gathered across
all determinisations (single-observer ISMCTS with the tree cut at the root: the root is
the bot's information set; below it the rollouts are flat).

Candidates: every legal answer when they are listed, else sampled random answers (as
:class:`~elgrande.players.simple.GreedyBot`); when there are many, the bot keeps the
:data:`KEEP` best by the greedy one-ply :func:`~elgrande.players.simple.outlook` before searching
(a progressive-pruning prior), so it never searches among answers greedy would call bad.

    bot = ISMCTSBot(seed=1)                  # ITERATIONS per decision: reproducible
    bot = ISMCTSBot(seed=1, budget_ms=200)   # a wall-clock budget: not reproducible
    answer = bot.answer(game.view(player))

The default budget is a number of iterations (:data:`ITERATIONS`), so a game between
seeded bots is a function of its seeds (``make_bot("ismcts", seed)``, ``elgrande play``,
``elgrande simulate`` and their records use it); a time budget stays available
(``budget_ms``), and :attr:`ISMCTSBot.budget` says which one a bot uses (``elgrande play
--record`` writes it into the record header).
"""

from __future__ import annotations

import copy
import math
import time
from collections.abc import Mapping
from typing import Any

from elgrande.engine.decisions import Decision
from elgrande.errors import IllegalMove
from elgrande.play.game import Determiniser, Game
from elgrande.play.playouts import play_out
from elgrande.play.views import View, pending_decision
from elgrande.players.simple import GreedyBot, outlook

#: Candidate answers tried one ply deep (listed answers beyond this are sampled).
WIDTH = 32
#: Candidates kept (the best by one-ply outlook) for the search.
KEEP = 6
#: Decisions played at random after the candidate before the outlook is taken (4: at 50
#: iterations it beat three greedy bots more often than with 12, at a third of the cost
#: of an iteration; 2 is much weaker: docs/ai.md, "The ismcts bot").
DEPTH = 4
#: Points of outlook that count as a sure thing (the value is ``tanh(outlook / SCALE)``).
SCALE = 20.0
#: UCB1 exploration constant (values lie in [-1, 1]).
EXPLORATION = 0.5
#: Iterations that share one determinisation (each plays a copy of it): drawing one
#: costs several copies, and the stacks' order it draws matters only once a rollout
#: reaches the next round.
SHARE = 2
#: Bits of a determinisation's draw key, drawn from the bot's generator (below
#: :data:`~elgrande.engine.cards.KEY_RANGE`).
KEY_BITS = 39
#: Search iterations per decision by default (reproducible; about what 200 ms allowed on
#: the reference machine).
ITERATIONS = 200


class ISMCTSBot(GreedyBot):
    """SO-ISMCTS over the candidate answers of the pending decision (B8.5a: the view only).

    A subclass of :class:`~elgrande.players.simple.GreedyBot` because it shares its candidate
    answers and its one-ply evaluation (the prior); the search comes on top.

    Args:
        seed: the bot's random seed (determinisations, candidates, rollouts, ties).
        budget_ms: thinking time per decision in milliseconds (wall clock: the answers
            then depend on the machine's speed); ignored when ``iterations`` is given.
        iterations: a fixed number of search iterations per decision (reproducible);
            :data:`ITERATIONS` when neither budget is given.
        width, keep, depth, scale, exploration, share: see the module constants.
    Raises:
        ValueError: a budget that is not positive, or ``share`` below 1.
    """

    name = "ismcts"

    def __init__(self, seed: int = 0, budget_ms: float | None = None,
                 iterations: int | None = None,
                 width: int = WIDTH, keep: int = KEEP, depth: int = DEPTH,
                 scale: float = SCALE, exploration: float = EXPLORATION,
                 share: int = SHARE) -> None:
        super().__init__(seed)
        if iterations is None and budget_ms is None:
            iterations = ITERATIONS
        if (iterations is not None and iterations < 1) or (
                iterations is None and budget_ms is not None and not budget_ms > 0):
            raise ValueError(f"an ismcts budget is a positive number of iterations or "
                             f"milliseconds, not iterations={iterations}, "
                             f"budget_ms={budget_ms}")
        if share < 1:
            raise ValueError(f"ismcts: share is at least 1, not {share}")
        self.budget_ms = 200.0 if budget_ms is None else float(budget_ms)
        self.iterations = iterations
        self.width = width
        self.keep = keep
        self.depth = depth
        self.scale = scale
        self.exploration = exploration
        self.share = share
        #: Iterations run for the last decision (for benchmarks).
        self.last_iterations = 0

    @property
    def budget(self) -> dict[str, float | int]:
        """The budget per decision as data: ``{"iterations": n}`` (reproducible) or
        ``{"ms": t}`` (wall clock), as a record header keeps it."""
        if self.iterations is not None:
            return {"iterations": self.iterations}
        return {"ms": self.budget_ms}

    def answer(self, view: Mapping[str, Any]) -> Any:
        """The answer to ``view["pending"]`` with the best mean value after the search
        (``view``: a dict as ``game.view`` gives, or a lazy one)."""
        start = time.perf_counter()
        p = view["player"]
        # a lazy view's own decision; from a dict, answers that share no list with it
        d = pending_decision(view) if isinstance(view, View) \
            else Decision.from_json(copy.deepcopy(view["pending"]))
        draws = Determiniser(view)  # the view read once; a game drawn per iteration
        cands = self._candidates(draws, d, p)
        self.last_iterations = 0
        if len(cands) == 1:
            return cands[0]
        visits = [0] * len(cands)
        total = [0.0] * len(cands)
        deadline = start + self.budget_ms / 1000.0
        it = 0
        world: Game | None = None
        scratch: Game | None = None
        rng, share = self.rng, self.share
        while (it < self.iterations if self.iterations is not None
               else (it < len(cands) or time.perf_counter() < deadline)):
            i = self._select(visits, total, it + 1)
            if world is None or it % share == 0:  # a fresh determinisation (and draw key)
                world = draws.draw(rng, rng.getrandbits(KEY_BITS) + 1)
            it += 1
            if share == 1:
                g = world
            else:  # the world shared by the next iterations stays as drawn
                g = scratch = world.copy(into=scratch)
            try:
                g.answer_trusted(p, cands[i])  # a legal answer of the public decision
            except IllegalMove:  # pragma: no cover - the pending decision is public
                visits[i] += 1
                total[i] -= 1.0
                continue
            visits[i] += 1
            total[i] += self._rollout(g, p)
        self.last_iterations = it
        best = max(range(len(cands)),
                   key=lambda j: (total[j] / visits[j] if visits[j] else -2.0, visits[j]))
        return cands[best]

    # -- parts --
    def _candidates(self, draws: Determiniser, d: Decision, p: int) -> list[Any]:
        """Up to ``keep`` candidate answers, the best by one-ply outlook first."""
        legal = d.legal_answers(p)
        if legal is not None and len(legal) <= self.width:
            cands = list(legal)
        elif legal is not None:
            cands = self.rng.sample(legal, self.width)
        else:
            cands = []
            seen: set[str] = set()
            for _ in range(self.width):
                a = d.random_answer(self.rng, p)
                key = repr(a)
                if key not in seen:
                    seen.add(key)
                    cands.append(a)
        if len(cands) <= self.keep:
            return cands
        base = draws.draw(self.rng, self.rng.getrandbits(KEY_BITS) + 1)
        memo = self.outlook_memo(base)
        scored: list[tuple[float, float, int]] = []
        g: Game | None = None
        for j, a in enumerate(cands):
            g = base.copy(into=g)  # one scratch game for all of them
            try:
                g.answer_trusted(p, a)  # legal: listed or drawn from the legal set
            except IllegalMove:  # pragma: no cover - candidates are legal
                continue
            scored.append((outlook(g.state, g, p, memo), self.rng.random(), j))
        scored.sort(reverse=True)
        return [cands[j] for _, _, j in scored[:self.keep]]

    def _select(self, visits: list[int], total: list[float], it: int) -> int:
        """UCB1 (unvisited candidates first, in prior order; the first best on a tie)."""
        if 0 in visits:
            return visits.index(0)
        log_n = math.log(it)
        c, sqrt = self.exploration, math.sqrt
        best, best_v = 0, -math.inf
        for i, n in enumerate(visits):
            v = total[i] / n + c * sqrt(log_n / n)
            if v > best_v:
                best, best_v = i, v
        return best

    def _rollout(self, g: Game, p: int) -> float:
        """Random answers for ``depth`` decisions (the trusted path,
        :func:`~elgrande.play.playouts.play_out`), then the value for ``p`` in [-1, 1]."""
        play_out(g, self.rng, depth=self.depth)
        return self._value(g, p)

    def _value(self, g: Game, p: int) -> float:
        """The value of ``g`` for ``p`` in [-1, 1]: a win 1, a shared one 0.5, a loss -1
        (B7.1) once it is over, else the outlook through ``tanh``."""
        if g.pending is None:
            top = max(g.state.scores)
            if g.state.scores[p] < top:
                return -1.0
            return 1.0 if g.state.scores.count(top) == 1 else 0.5
        return math.tanh(outlook(g.state, g, p, self.outlook_memo(g)) / self.scale)

