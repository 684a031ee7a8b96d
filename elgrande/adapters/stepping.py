"""A game driven by integer actions, and fixed-size observation vectors from views (B8.5a).

:class:`Stepper` wraps a :class:`~elgrande.play.game.Game`: each player who must answer the
pending decision builds the answer one action at a time (:mod:`.actions`); when an answer
is complete it goes to ``game.answer``. A secret choice with several players
(``secret_region``) lets them all act at once (``simultaneous=True``) or one after the
other (the engine's own order; the others' choices stay hidden in the views either way).
:func:`action_playouts` plays a batch of playouts by integer actions from a stepper's
position, in one scratch stepper on the trusted path (docs/performance.md).

:class:`Observer` turns what ``game.view(p)`` shows (read from the state and flow, no view
built) plus ``p``'s partial answer into a vector of floats of a fixed size per
configuration; hidden things (others' hands, the stacks' order, unrevealed secret discs)
are not in the view, so not in the vector. Layout, in
order (n players, P places, V power-card values, A card ids, L locations, C colours)::

    me (n), to answer (1), phase (one-hot), round (1), scores / 100 (n),
    caballeros / 10 (P*n), neutral / 10 (P), court / 10 (n), provinces / 30 (n),
    Grandes (n*P one-hot), king (P), mobile scoreboards (one P one-hot each),
    my hand (V), discards (n*V), power cards played this round (n*V),
    open action cards (A), the card taken this turn (A), King's card used (1),
    stack sizes / 11 (one each), turn order (n*n), turn index / n (1),
    pending decision kind (one-hot, when I answer), partial answer: counts / 10 (L),
    the held move source (L*C), moved out / 10 (L*C).
"""

from __future__ import annotations

import inspect
import json
import random
from collections.abc import Callable, Sequence
from typing import Any

from elgrande.adapters.actions import (
    DIST_KINDS,
    PICK_KINDS,
    SUBSET_KINDS,
    ActionSpace,
    AnswerBuilder,
)
from elgrande.play.game import Game, new_game
from elgrande.play.playouts import Playout

#: Phase names as the view's flow spells them (an unknown one leaves the one-hot empty).
PHASES = ("bid", "court", "card", "order", "place", "offer", "veto", "special", "discs",
          "over")
#: Decision kinds in the one-hot, in order.
KIND_ORDER = tuple(sorted(PICK_KINDS | DIST_KINDS | SUBSET_KINDS | {"move_caballeros"}))


def start_game(players: int, sets: Sequence[str], seed: int | None,
               variant: str = "standard", fill: str = "") -> Game:
    """A new game for an adapter (no log kept): :func:`elgrande.new_game` with ``fill``
    passed only when one is named (``seed`` None: one drawn from the operating system).

    Raises:
        ValueError: bad players, variant, seed or sets (one string such as ``"base"``
        too), or a fill this engine cannot take.
    """
    extra: dict[str, Any] = {}
    if fill:
        if "fill" not in inspect.signature(new_game).parameters:
            raise ValueError(f"fill {fill!r}: this engine version takes no fills")
        extra["fill"] = fill
    return new_game(players, sets=sets, seed=seed, variant=variant, logging=False,
                    **extra)


class Stepper:
    """A game answered one integer action at a time.

    Args:
        game: the game (owned by the stepper from now on).
        simultaneous: let every player of a multi-player secret choice act at once.
        trusted: a complete answer goes to the game on the trusted path
            (:meth:`Game.answer_trusted`, kept in the history; docs/performance.md): the
            action masks admit only answers the engine accepts, so it is not checked
            again. False (the default): ``game.answer`` checks it.
    """

    def __init__(self, game: Game, simultaneous: bool = True, trusted: bool = False) -> None:
        self.game = game
        self.space = ActionSpace.for_game(game)
        self.simultaneous = simultaneous
        self.trusted = trusted
        self.builders: dict[int, AnswerBuilder] = {}
        self._views: dict[int, dict[str, Any]] = {}
        self._refresh()

    def copy(self, into: Stepper | None = None) -> Stepper:
        """An independent copy (the game as :meth:`Game.copy`: its cost does not grow with
        the game's length). ``into``: a stepper of the same configuration the caller no
        longer needs (e.g. the scratch of a search), made the copy in place and returned,
        its game object reused."""
        g = self.game
        if into is None:
            s = Stepper.__new__(Stepper)
            s.game = g.copy()
        else:  # the scratch's game takes fresh copies of this game's state and flow
            s = into
            g.copy(into=s.game)
        s.space = self.space
        s.simultaneous = self.simultaneous
        s.trusted = self.trusted
        s.builders = {p: b.copy() for p, b in self.builders.items()}
        s._views = dict(self._views)
        return s

    def _refresh(self) -> None:
        d = self.game.pending
        self.builders = {}
        if d is not None:
            for p in d.players:
                self.builders[p] = AnswerBuilder(self.space, d, p)

    @property
    def over(self) -> bool:
        """True when the game has ended."""
        return self.game.pending is None

    def to_act(self) -> list[int]:
        """The players who act now: every player of a secret choice when simultaneous,
        else the engine's first answering player; empty at the end."""
        d = self.game.pending
        if d is None:
            return []
        if self.simultaneous and d.kind == "secret_region" and len(d.players) > 1:
            return list(d.players)
        return [d.players[0]]

    def legal_actions(self, player: int) -> list[int]:
        """``player``'s legal actions now (empty when not acting)."""
        if player not in self.to_act():
            return []
        return self.builders[player].legal_actions()

    def step(self, player: int, action: int) -> None:
        """Apply one action of ``player``.

        Raises:
            ValueError: ``player`` does not act now, or the action is masked out.
        """
        if player not in self.to_act():
            raise ValueError(f"player {player} does not act now (acting: {self.to_act()})")
        b = self.builders[player]
        b.apply(action)
        self._views = {}
        if not b.complete:
            return
        before = self.game.pending
        assert before is not None
        rest = set(before.players) - {player}
        if self.trusted:
            self.game.answer_trusted(player, b.answer(), record=True)
        else:
            self.game.answer(player, b.answer())
        d = self.game.pending
        if (d is not None and d.kind == before.kind == "secret_region"
                and d.options == before.options and set(d.players) == rest):
            # the same secret choice, waiting for the others (each answers alone)
            self.builders = {p: self.builders[p] for p in d.players}
            for q in self.builders.values():
                q.decision = d
        else:
            self._refresh()

    def step_all(self, actions: dict[int, int]) -> None:
        """Apply one action for each acting player (a simultaneous node).

        Raises:
            ValueError: a player is missing, not acting, or an action is masked out.
        """
        acting = self.to_act()
        if sorted(actions) != sorted(acting):
            raise ValueError(f"actions for {sorted(actions)}, but {acting} act now")
        for p in acting:
            if actions[p] not in self.builders[p].legal_actions():
                raise ValueError(f"action {actions[p]} is not legal for player {p}")
        for p in acting:
            self.step(p, actions[p])

    def returns(self) -> list[float]:
        """Each player's share of the victory (a tie shares it, B7.1): 0 until the end."""
        n = self.game.state.players
        if not self.over:
            return [0.0] * n
        won = self.game.winners()
        return [1.0 / len(won) if p in won else 0.0 for p in range(n)]

    def view(self, player: int) -> dict[str, Any]:
        """``game.view(player)`` without the seed (B8.5a), plus ``partial``: the player's
        actions so far in the answer being built. Cached until the next action: do not
        change it."""
        if player in self._views:
            return self._views[player]
        v = self.game.view(player)
        v["header"] = {k: x for k, x in v["header"].items() if k != "seed"}
        b = self.builders.get(player)
        v["partial"] = b.actions[:] if b is not None and player in self.to_act() else []
        self._views[player] = v
        return v

    def view_string(self, player: int) -> str:
        """:meth:`view` as canonical JSON (sorted keys)."""
        return json.dumps(self.view(player), sort_keys=True, separators=(",", ":"))


#: An action policy for :func:`action_playouts`: ``(stepper, player, rng) -> action``, one
#: of ``stepper.legal_actions(player)``.
ActionPolicy = Callable[["Stepper", int, random.Random], int]


def action_playouts(stepper: Stepper, n: int, policy: ActionPolicy | None = None,
                    seed: int = 0, depth: int | None = None) -> list[Playout]:
    """``n`` playouts by integer actions from ``stepper``'s position (never changed), each
    in one scratch stepper on the trusted path (:meth:`Stepper.copy` into it, answers
    unchecked: the masks admit only legal ones), the first acting player choosing with
    ``policy`` (default: uniform over the legal actions) from one ``random.Random(seed)``:
    the same seed gives the same results (:func:`elgrande.play.playouts.playouts` answers
    by whole answers instead).

    Args:
        depth: stop each playout after this many answered decisions (None: to the end).
    Returns:
        One :class:`~elgrande.play.playouts.Playout` per playout (``game`` None).
    Raises:
        ValueError: a negative ``n``, or a policy's action that is masked out.
    """
    if n < 0:
        raise ValueError(f"action_playouts: n must be 0 or more, not {n}")
    rng = random.Random(seed)
    out: list[Playout] = []
    scratch: Stepper | None = None
    for _ in range(n):
        scratch = stepper.copy(into=scratch)
        scratch.trusted = True
        made = 0
        while not scratch.over and (depth is None or made < depth):
            p = scratch.to_act()[0]
            if policy is None:
                legal = scratch.legal_actions(p)
                action = legal[int(rng.random() * len(legal))]
            else:
                action = policy(scratch, p, rng)
            before = scratch.game.answered()
            scratch.step(p, action)
            made += scratch.game.answered() - before
        out.append(Playout.of(scratch.game, made))
    return out


class Observer:
    """Fixed-size observation vectors for one configuration (layout: the module docstring).

    Args:
        game: any game of the configuration (board, cards and player count are read).
    """

    def __init__(self, game: Game) -> None:
        b = game.library.board
        self.n = game.state.players
        self.places = len(b.places)
        self.values = sorted(b.power_cards)
        self.cards = sorted(game.library.cards.cards)
        self.card_index = {c: i for i, c in enumerate(self.cards)}
        self.scoreboards = len(b.scoreboards)
        self.stacks = len(game.library.board.stacks)
        self.space = ActionSpace.for_game(game)
        n, pl, v, a = self.n, self.places, len(self.values), len(self.cards)
        n_loc, c = len(self.space.locations), self.space.colours
        self.size = (n + 1 + len(PHASES) + 1 + n + pl * n + pl + n + n + n * pl + pl
                     + self.scoreboards * pl + v + n * v + n * v + a + a + 1 + self.stacks
                     + n * n + 1 + len(KIND_ORDER) + n_loc + 2 * n_loc * c)

    def vector(self, stepper: Stepper, player: int) -> list[float]:
        """The observation of ``player`` (``size`` floats): what ``stepper.view(player)``
        shows, read from the game's state and flow themselves (no view serialised): only
        public fields, the player's own hand and the stacks' sizes (B8.5a)."""
        return self.vector_of(stepper, player, stepper.game.state, stepper.game.flow)

    def vector_of(self, stepper: Stepper, player: int, st: Any, fl: Any) -> list[float]:
        """:meth:`vector` from ``st`` and ``fl``: the state and flow, or anything with
        their fields as attributes (a view's ``state`` and ``flow`` as namespaces: the
        same vector, a test checks). Reads nothing hidden from ``player``."""
        n, pl = self.n, self.places
        vi = {x: i for i, x in enumerate(self.values)}
        out: list[float] = []

        def onehot(size: int, i: int | None) -> None:
            row = [0.0] * size
            if i is not None and 0 <= i < size:
                row[i] = 1.0
            out.extend(row)

        def bits(size: int, idx: list[int]) -> None:
            row = [0.0] * size
            for i in idx:
                row[i] = 1.0
            out.extend(row)

        onehot(n, player)
        acting = player in stepper.to_act()
        out.append(1.0 if acting else 0.0)
        onehot(len(PHASES), PHASES.index(fl.phase) if fl.phase in PHASES else None)
        out.append(max(fl.round_i, 0) / max(len(fl.rounds), 1))
        out.extend(s / 100 for s in st.scores)
        for row in st.caballeros:
            out.extend(x / 10 for x in row)
        out.extend(x / 10 for x in st.neutral)
        out.extend(x / 10 for x in st.court)
        out.extend(x / 30 for x in st.provinces)
        for g in st.grandes:
            onehot(pl, g)
        onehot(pl, st.king)
        for sb in st.scoreboards:
            onehot(pl, sb)
        bits(len(self.values), [vi[x] for x in (st.hands[player] or [])])
        for d in st.discards:
            bits(len(self.values), [vi[x] for x in d])
        played = {q: val for q, val in st.bids}
        for q in range(n):
            onehot(len(self.values), vi.get(played[q]) if q in played else None)
        offer, origin = st.offer or [], st.offer_origin or []
        bits(len(self.cards), [self.card_index[c] for c in offer if c])
        onehot(len(self.cards), self.card_index.get(fl.card))
        standing_taken = any(not c and o < 0 for c, o in zip(offer, origin, strict=False))
        out.append(1.0 if standing_taken else 0.0)
        stacks = st.stacks or [[] for _ in range(self.stacks)]
        out.extend(len(s) / 11 for s in stacks)
        order = fl.turn_order
        for q in range(n):
            onehot(n, order.index(q) if q in order else None)
        out.append(fl.turn_i / n)
        b = stepper.builders.get(player) if acting else None
        onehot(len(KIND_ORDER), KIND_ORDER.index(b.decision.kind) if b is not None else None)
        sp = self.space
        n_loc, c = len(sp.locations), sp.colours
        counts = [0.0] * n_loc
        held = [0.0] * (n_loc * c)
        moved = [0.0] * (n_loc * c)
        if b is not None:
            for loc, k in b.counts.items():
                counts[sp.locations.index(loc)] = k / 10
            if b.holding is not None:
                held[sp.source(b.holding[0], b.holding[1]) - sp.picks - n_loc] = 1.0
            for (s, who), k in b.outflow.items():
                moved[sp.source(s, who) - sp.picks - n_loc] = k / 10
        out.extend(counts)
        out.extend(held)
        out.extend(moved)
        return out
