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
from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from elgrande.errors import IllegalMove
from elgrande.model.board import Board
from elgrande.model.scoring import paid_ranks
from elgrande.model.state import NOBODY, State
from elgrande.play.game import Game
from elgrande.play.views import pending_decision

#: How many answers the greedy bot tries at most per decision.
GREEDY_CANDIDATES = 16
#: A place not in an outlook's memo yet.
_UNKNOWN: Any = object()
#: How many positions of the king, Grandes and scoreboards a greedy bot's outlook memo
#: holds before it starts afresh.
MEMO_CONTEXTS = 2000


class Bot(Protocol):
    """Anything that answers a decision from a player's view."""

    name: str

    def answer(self, view: Mapping[str, Any]) -> Any:
        """The answer to ``view["pending"]`` for ``view["player"]`` (``view``: a dict as
        ``game.view`` gives, or a lazy :class:`~elgrande.play.views.View`)."""


class RandomBot:
    """Answers uniformly at random among the legal answers (when they can be listed;
    otherwise a random legal answer drawn step by step).

    Args:
        seed: the bot's random seed.
    """

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def answer(self, view: Mapping[str, Any]) -> Any:
        """A random legal answer to the view's pending decision."""
        d = pending_decision(view)
        return d.random_answer(self.rng, view["player"])


def outlook(state: State, game: Game, player: int,
            memo: dict[Any, dict[Any, list[int] | None]] | None = None) -> float:
    """How good ``state`` is for ``player``: score plus the points every region and the
    Castillo would pay now, minus the best other player's same figure.

    The points are those :func:`~elgrande.model.scoring.score_region` would add with the
    base game's rules (B6.5-B6.9, B5.3; the neutral caballeros count for their holder or
    rank for nobody, C8, C9), summed without scoring a copy of the state (a test compares
    them). ``memo``: a dict the caller keeps between calls on states of one game (the
    greedy bot's candidates), where the points of a place are kept by what decides them.
    """
    b = game.library.board
    scores = state.scores[:]
    caballeros, neutrals = state.caballeros, state.neutral
    known = None
    if memo is not None:  # what the points depend on beside a place's own pieces
        known = memo.setdefault((state.players, state.neutral_holder, state.king,
                                 tuple(state.grandes), tuple(state.scoreboards)), {})
    for place in (*b.scoring_order, b.castillo):
        if known is None:
            gain = _place_points(state, b, place)
        else:
            key = (place, neutrals[place], *caballeros[place])
            gain = known.get(key, _UNKNOWN)
            if gain is _UNKNOWN:
                gain = known[key] = _place_points(state, b, place)
        if gain is not None:
            for q, x in enumerate(gain):
                scores[q] += x
    mine = scores[player]
    others = [scores[q] for q in range(state.players) if q != player]
    return mine - (max(others) if others else 0)


def _place_points(state: State, board: Board, place: int) -> list[int] | None:
    """What scoring ``place`` now would pay each player (by seat; None when it pays
    nobody), as :func:`~elgrande.model.scoring.score_region` ranks and pays."""
    counts = state.caballeros[place]
    neutral = state.neutral[place]
    if neutral and state.neutral_holder != NOBODY:
        counts = counts[:]
        counts[state.neutral_holder] += neutral
        neutral = 0
    ranked = sorted(counts, reverse=True)
    if neutral > 0:
        ranked.append(neutral)
        ranked.sort(reverse=True)
    if ranked[0] <= 0:
        return None  # nobody there
    values = board.places[place].values
    boards = state.scoreboards
    if place in boards:  # a mobile scoreboard's values (B6.9)
        values = board.scoreboards[boards.index(place)].values
    paid = paid_ranks(board, state.players)
    gain = [0] * len(counts)
    r, i, m = 1, 0, len(ranked)
    while i < m and ranked[i] > 0:  # each count, best first: one rank (B6.5)
        c = ranked[i]
        j = i + 1
        while j < m and ranked[j] == c:
            j += 1
        alone = j == i + 1
        rank = r if alone else r + 1
        if rank > paid and r > 1:
            break  # no rank below pays
        pts = values[rank - 1] if rank <= paid else 0
        for p, x in enumerate(counts):
            if x == c:
                gain[p] += pts
                if r == 1 and alone:  # the leader alone: the bonuses (B5.3, B6.6)
                    if place == state.king:
                        gain[p] += board.king_bonus
                    if state.grandes[p] == place:
                        gain[p] += board.grande_bonus
        r += 1 if alone else 2
        i = j
    return gain if any(gain) else None


class GreedyBot:
    """One-ply greedy: tries up to :data:`GREEDY_CANDIDATES` legal answers on a game
    rebuilt from its view and keeps the best by :func:`outlook`.

    Args:
        seed: the bot's random seed (candidate sampling, hidden information, ties).
    """

    name = "greedy"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)
        # the outlook's memo (places' points by what decides them), for one board
        self._memo: dict[Any, dict[Any, list[int] | None]] = {}
        self._memo_board: Any = None

    def outlook_memo(self, game: Game) -> dict[Any, dict[Any, list[int] | None]]:
        """The memo to hand :func:`outlook` for states of ``game``: the places' points
        kept by what decides them, started afresh for another board or once it holds more
        than :data:`MEMO_CONTEXTS` positions of the king, Grandes and scoreboards."""
        board = game.library.board
        if self._memo_board is not board or len(self._memo) > MEMO_CONTEXTS:
            self._memo, self._memo_board = {}, board  # another game's board, or grown
        return self._memo

    def answer(self, view: Mapping[str, Any]) -> Any:
        """The best-looking answer to the view's pending decision."""
        p = view["player"]
        d = pending_decision(view)
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
        memo = self.outlook_memo(base)
        last = len(candidates) - 1
        for i, a in enumerate(candidates):
            g = base.copy() if i < last else base  # the last one may change the drawn game
            try:
                g.answer(p, a)
            except IllegalMove:  # pragma: no cover - candidates are legal
                continue
            v = outlook(g.state, g, p, memo)
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
        game.answer(p, bots[p].answer(game.lazy_view(p)))
        n += 1
        if n > max_answers:  # pragma: no cover - a flow bug
            raise RuntimeError("the game did not end")
    return game

