"""The flow driver: runs the phase table of the rules modules in play (docs/architecture.md).

The flow's position is a :class:`Flow` (plain data): which round and phase, whose turn,
the special action being carried out, the pending decision, and one *part* per rules
module (that module's own round and turn data, an attrs class with ``copy``/``to_json``).
:class:`FlowEngine` moves it on: :meth:`~FlowEngine.advance` asks the current phase what
to decide until some player must answer (a module's side decision, an
:class:`~elgrande.engine.context.Aside` on the flow's stack, is asked before the phase);
:meth:`~FlowEngine.answer` checks an answer with the pending decision (refusing it with
:class:`IllegalMove` before anything changes) and hands it to whoever owns that decision:
the top aside's module, else the phase. The driver knows no phase, card, stack or set by
name: the modules (:mod:`elgrande.rules`) define them all.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final, Protocol

import attr

from elgrande.engine import UnreadEvents
from elgrande.engine.context import Aside, Run
from elgrande.engine.court import PlacingEngine
from elgrande.engine.decisions import (
    COUNTED,
    KINDS,
    LISTED_CHOICES,
    LISTED_LABELS,
    Decision,
)
from elgrande.engine.decisions.chance import GETRANDBITS, PLAIN_RANDOM
from elgrande.engine.draws import draw_key
from elgrande.engine.modules import (
    OVER,
    ApplyFn,
    Events,
    Phase,
    Rules,
    _check_then_apply,
    load_rules,
)
from elgrande.engine.statements import check_sets
from elgrande.engine.triggers import TriggerLimit, Triggers, trigger_module
from elgrande.errors import FlowLoopError, IllegalMove
from elgrande.model.blank import blank, pure
from elgrande.model.fields import factory
from elgrande.model.hook_context import HookContext
from elgrande.model.plain import plain_eq, plain_repr
from elgrande.model.seats import seat, seats
from elgrande.model.serial import from_fields, plain_fields
from elgrande.model.state import State

if TYPE_CHECKING:
    from elgrande.data.library import Library
    from elgrande.engine.interpreter import Interpreter


class Part(Protocol):
    """A rules module's own part of the flow position (plain data)."""

    def copy(self) -> Any:
        """An independent copy."""

    def to_json(self) -> dict[str, Any]:
        """Plain JSON-able data."""


#: Part classes by module name (attrs classes with ``copy``, ``to_json`` and a
#: ``from_json`` classmethod), to rebuild and check parts from JSON.
PART_TYPES: Final[dict[str, Any]] = {}
#: This module runs as Python source: :meth:`Flow.copy` skips the constructor call.
_PURE: Final = pure(__name__)


def part_type(module: str, cls: Any) -> None:
    """Register the attrs class of rules module ``module``'s flow part."""
    PART_TYPES[module] = cls


# attr.s, not attrs.define: mypyc makes it a native class (docs/compiled.md);
# init=False and an __init__ of its own: mypyc compiles it, where attrs' generated one would
# stay interpreted code that every construction runs (the defaults stay declared for attrs)
@attr.s(auto_attribs=True, order=False, init=False, repr=False, eq=False)
class Flow:
    """Where the game is in its rounds and turns (plain data).

    Attributes:
        rounds: the rounds played (B3.7 variants skip some); scoring_after: after which
            rounds a general scoring takes place (B3.6).
        round_i: index into ``rounds`` of the current round (-1 before the first).
        phase: the current phase's name (a phase of a rules module, or ``over``).
        turn_order: this round's turn order (B3.4), never changed in place (a new order
            is a new list; copies share it); turn_i: whose turn (index).
        card: the action card taken this turn ('' for none yet).
        run: the special action being carried out (the interpreter's position).
        secret: secret answers already given in this phase (hidden until all are in);
            never changed in place (an answer replaces the dict): copies share it.
        entering: the phase being entered while the phases inserted before it run (''
            otherwise; :meth:`FlowEngine.enter`).
        parts: each rules module's own flow data, by module name; the dict is never
            changed in place (a part is put by replacing it): copies share it while their
            parts are the same.
        pending: the decision waiting for an answer.
        asides: the side decisions rules modules asked between phases (a stack, top
            last): when there is one, the pending decision is the top one's.
    """

    def __eq__(self, other: object) -> bool:
        return plain_eq(self, other)

    def __repr__(self) -> str:
        return plain_repr(self)

    rounds: list[int]
    scoring_after: list[int]
    round_i: int = -1
    phase: str = ""
    turn_order: list[int] = factory(list)
    turn_i: int = 0
    card: str = ""
    run: Run | None = None
    secret: dict[str, Any] = factory(dict)
    entering: str = ""
    parts: dict[str, Any] = factory(dict)
    pending: Decision | None = None
    asides: list[Aside] = factory(list)

    def __init__(self, rounds: list[int], scoring_after: list[int], round_i: int = -1,
                 phase: str = "", turn_order: list[int] | None = None, turn_i: int = 0,
                 card: str = "", run: Run | None = None, secret: dict[str, Any] | None = None,
                 entering: str = "", parts: dict[str, Any] | None = None,
                 pending: Decision | None = None, asides: list[Aside] | None = None) -> None:
        self.rounds = rounds
        self.scoring_after = scoring_after
        self.round_i = round_i
        self.phase = phase
        self.turn_order = [] if turn_order is None else turn_order
        self.turn_i = turn_i
        self.card = card
        self.run = run
        self.secret = {} if secret is None else secret
        self.entering = entering
        self.parts = {} if parts is None else parts
        self.pending = pending
        self.asides = [] if asides is None else asides

    def copy(self) -> Flow:
        """An independent copy (decisions are never changed once made, nor is a turn
        order once set, B3.4, a new one is a new list, nor the secret answers, replaced
        whole: shared)."""
        parts = self.parts
        for k, v in self.parts.items():
            c = v.copy()  # a part copied on write (the base's) gives itself, marked shared
            if c is not v:
                if parts is self.parts:
                    parts = parts.copy()
                parts[k] = c
        run = self.run
        if _PURE:  # without the constructor call (elgrande.model.blank): the same fields
            f: Flow = blank(Flow)
            f.rounds = self.rounds
            f.scoring_after = self.scoring_after
            f.round_i = self.round_i
            f.phase = self.phase
            f.turn_order = self.turn_order
            f.turn_i = self.turn_i
            f.card = self.card
            f.run = None if run is None else run.copy()
            f.secret = self.secret
            f.entering = self.entering
            f.parts = parts
            f.pending = self.pending
            asides = self.asides
            f.asides = asides.copy() if asides else []
            return f
        return Flow(self.rounds, self.scoring_after, self.round_i, self.phase,
                    self.turn_order, self.turn_i, self.card,
                    None if run is None else run.copy(), self.secret, self.entering,
                    parts, self.pending, self.asides.copy() if self.asides else None)

    def set_to(self, other: Flow) -> None:
        """Make this flow position equal to ``other`` in place (``other`` is not shared
        afterwards): an answer refused after it began to change the game."""
        c = other.copy()
        self.rounds, self.scoring_after = c.rounds, c.scoring_after
        self.round_i, self.phase = c.round_i, c.phase
        self.turn_order, self.turn_i, self.card = c.turn_order, c.turn_i, c.card
        self.run, self.secret, self.entering = c.run, c.secret, c.entering
        self.parts, self.pending, self.asides = c.parts, c.pending, c.asides

    def to_json(self) -> dict[str, Any]:
        """Plain JSON-able data (fresh lists), the fields in order; the run, the parts
        and the decision by their own ``to_json``."""
        return plain_fields(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Flow:
        """Rebuild from :meth:`to_json` (the data is copied, never shared).

        Raises:
            KeyError: a part of a rules module that is not loaded.
        """
        d = data
        run = Run.from_json(d["run"]) if d.get("run") else None
        pending = Decision.from_json(d["pending"]) if d.get("pending") else None
        parts = {k: PART_TYPES[k].from_json(v) for k, v in (d.get("parts") or {}).items()}
        asides = [Aside.from_json(a) for a in d.get("asides") or ()]
        flow: Flow = from_fields(cls, d, {"run": run, "pending": pending, "parts": parts,
                                          "asides": asides})
        return flow

    @property
    def round(self) -> int:
        """The current round number (0 before the first)."""
        return self.rounds[self.round_i] if 0 <= self.round_i < len(self.rounds) else 0

    @property
    def actor(self) -> int:
        """The player whose turn it is (-1 outside turns)."""
        try:  # inside a turn, the common case: one look-up
            return self.turn_order[self.turn_i]
        except IndexError:
            return -1


def setup(lib: Library, players: int, seed: int, variant: str = "standard",
          start_player: int | None = None) -> tuple[State, Flow, Events]:
    """Set a game up with seeded shuffles: every rules module's ``setup`` hook (B2).

    Args:
        lib: the loaded library; players: 2..5; seed: the shuffle seed;
        variant: ``"standard"`` or a variant of the set manifest (``"short"``, B3.7);
        start_player: who plays first in round 1 (B2.5), else drawn from the seed.
    Returns:
        ``(state, flow, events)``.
    Raises:
        ValueError: a player count, variant or start player the sets do not allow.
    """
    b = lib.board
    if not b.min_players <= players <= b.max_players:
        raise ValueError(f"El Grande takes {b.min_players}-{b.max_players} players, "
                         f"not {players} (B1.0)")
    if variant not in b.variants:
        raise ValueError(f"unknown variant {variant!r}; known: {', '.join(sorted(b.variants))}")
    if start_player is not None and not (isinstance(start_player, int)
                                         and not isinstance(start_player, bool)
                                         and 0 <= start_player < players):
        raise ValueError(f"start player must be a seat 0..{players - 1}, not {start_player!r}")
    engine = engine_for(lib)
    rng = random.Random(seed)
    state = State.empty(b, players)
    state.draw_key = draw_key(seed)  # the draws during play: no number drawn here
    v = b.variants[variant]
    flow = Flow(list(v.rounds), list(v.scoring_after))
    events: Events = []
    engine.rules.each("setup", HookContext(state, b, events, -1, engine, flow), rng, start_player)
    engine.enter(flow, engine.rules.start)  # the phases modules insert before it run first
    for e in events:
        if e.get("event") == "setup":
            e["variant"] = variant
    return state, flow, events


_ENGINES: Final[dict[int, FlowEngine]] = {}

#: Phase steps :meth:`FlowEngine.advance` takes without reaching a decision before it
#: stops with :class:`FlowLoopError` (a whole game takes a few thousand in all).
STEP_LIMIT: Final = 10_000
#: Phase steps it then watches to name the phases the flow cycles through.
_WATCH: Final = 64


def engine_for(lib: Library) -> FlowEngine:
    """The (cached) flow engine of a loaded library."""
    eng = _ENGINES.get(id(lib))
    if eng is None or eng.lib is not lib:
        eng = FlowEngine(lib)
        _ENGINES[id(lib)] = eng
    return eng


class FlowEngine(PlacingEngine):
    """Moves a game's :class:`Flow` on through the phases of the rules modules in play.
    Holds no game data itself.

    Args:
        lib: the loaded library (board, cards, scripts); its board names the modules.
        rules: the composed rules modules to play with instead of the board's (a test's
            toy modules).
    Raises:
        DataError: a module that cannot be loaded (see :func:`load_rules`).
    """

    def __init__(self, lib: Library, rules: Rules | None = None) -> None:
        self.lib = lib
        self.board = lib.board
        #: the triggers of the library's cards when some may set themselves off again
        #: (:attr:`Triggers.keepers`; None: none can, no answer is kept to be refused)
        self.triggers: Triggers | None = None
        #: the interpreter, made on first use (:attr:`interpreter`): a game that plays no
        #: card imports neither it nor the card statements (a start stays light)
        self._interpreter: Interpreter | None = None
        if rules is None:
            check_sets(lib)  # a statement of a set not in play: refused before a game starts
            rules, triggers = _compose(lib)
            if triggers is not None:  # its bodies run by this engine's interpreter
                triggers.engine = self
                if triggers.keepers:
                    self.triggers = triggers
        self.rules: Rules = rules
        #: values the rules modules derive once from the library (it never changes), by
        #: a key of theirs (``"<module>.<what>"``).
        self.memo: dict[str, Any] = {}
        #: the ``aside`` hook composed, None when no module in play has one (the hooks
        #: never change once loaded)
        self._asides = self.rules.asides
        #: the hook context handed out last (see :meth:`hooks`), None before the first. A
        #: caller on a path run at every turn or placement may take it as :meth:`hooks`
        #: would, without the call, when its ``state`` and ``player`` are the step's (then
        #: setting its ``flow`` and ``events``); in the pure build the call costs more
        #: than the rest of the look-up (docs/performance.md, "The expansions")
        self.last_hooks: HookContext | None = None
        #: the hook context of each player (-1: nobody) in the game of ``_hooks_of`` (its
        #: state), made by :meth:`hooks`
        self._hooks_by: dict[int, HookContext] = {}
        self._hooks_of: State | None = None
        #: the ``apply`` of each phase whose ``answer`` is the default check then apply
        #: (:meth:`answer_trusted` applies a trusted answer to it unchecked)
        self._applies = default_applies(self.rules.phases)
        #: for each phase that has phases inserted before it, each inserted phase but the
        #: last -> the next in the chain (:meth:`resume`; the chains never change once
        #: loaded)
        self._resumes: dict[str, dict[str, str]] = {
            target: {chain[i]: chain[i + 1] for i in range(len(chain) - 1)}
            for target, chain in self.rules.preceding.items()}

    # -- public --
    @property
    def interpreter(self) -> Interpreter:
        """The interpreter that runs the library's scripts (special actions, trigger
        bodies; C1-C13) with this engine's rules modules, made on the first read: the
        interpreter and the card statements are imported then, not when a game starts.
        Raises nothing."""
        interp = self._interpreter
        if interp is None:
            from elgrande.engine.interpreter import Interpreter

            interp = self._interpreter = Interpreter(self.lib.board, self.lib.scripts,
                                                     self.rules)
        return interp

    def advance(self, state: State, flow: Flow, events: Events) -> Decision | None:
        """Run until a decision is pending (returned and kept in ``flow.pending``) or the
        game is over (None). Before each phase decides, the top aside on ``flow.asides``
        is asked, or, while ``state.due`` is set (cleared here; a module sets it again
        while something stays due), the ``aside`` hook may push one.

        Raises:
            FlowLoopError: :data:`STEP_LIMIT` phase steps without a decision.
        """
        phases = self.rules.phases
        asides = self._asides
        steps = 0
        while flow.phase != OVER:
            d: Decision | None = None
            if asides is not None:  # a module's side decision between phases
                if flow.asides:
                    d = flow.asides[-1].decision
                elif state.due:  # asked only when a module said something may be due
                    state.due = False
                    try:  # Flow.actor, without the property's call
                        actor = flow.turn_order[flow.turn_i]
                    except IndexError:
                        actor = -1
                    a = asides(self.hooks(state, actor, flow, events), None)
                    if a is not None:
                        flow.asides.append(a)
                        d = a.decision
            if d is None:
                d = phases[flow.phase].decide(self, state, flow, events)
            if d is not None:
                flow.pending = d
                return d
            steps += 1
            if steps >= STEP_LIMIT:
                self._looping(state, flow, events)
        flow.pending = None
        return None

    def _looping(self, state: State, flow: Flow, events: Events) -> None:
        """The flow took :data:`STEP_LIMIT` steps without a decision: watch
        :data:`_WATCH` more steps (or until a decision after all), then raise.

        Raises:
            FlowLoopError: naming the phases it cycles through.
        """
        seen: list[str] = []
        for _ in range(_WATCH):
            if flow.phase == OVER:
                return
            if flow.phase not in seen:
                seen.append(flow.phase)
            if self.rules.phases[flow.phase].decide(self, state, flow, events) is not None:
                break
        raise FlowLoopError(seen, STEP_LIMIT)

    def answer(self, state: State, flow: Flow, player: int, answer: Any,
               events: Events, kept: bool = False, seated: bool = False,
               checked: bool = False) -> Decision | None:
        """Apply ``player``'s answer to the pending decision, then advance: once the seat
        is checked, the answer goes raw to the owner of that decision, the top aside
        (:meth:`Aside.answer`) or else the phase (``Phase.answer``), which checks it
        before changing anything. ``kept``: the game as before the answer is kept
        already (:meth:`_answer_kept`). ``seated``: the caller found ``player`` an int
        among the pending decision's players (:meth:`Game.answer
        <elgrande.play.game.Game.answer>`), so the seat is not checked again.
        ``checked``: ``answer`` is the pending decision's kind's check result for it
        already (:meth:`DecisionKind.plain_checked
        <elgrande.engine.decisions.DecisionKind.plain_checked>`): a phase's default
        answer applies it without checking it again (an aside or a phase's own
        ``answer`` checks it as any answer: it is its own normal form). Where no side
        decision waits nor is due, the first phase step after the answer is taken here, as
        :meth:`advance` would take it first, and :meth:`advance` is called only when that
        step makes no decision (its step limit counted from the next step).

        Raises:
            IllegalMove: the answer is refused; state and flow are unchanged. Among the
            refusals: an answer that sets off a chain of triggers past its limit (B8,
            :class:`~elgrande.engine.triggers.TriggerLimit`, its ``__cause__``).
        """
        if self.triggers is not None and not kept and self.triggers.may_chain(
                state, flow.card, flow.run is not None):
            return self._answer_kept(state, flow, player, answer, events, seated, checked)
        d = flow.pending
        if d is None:
            raise IllegalMove("B7.1", "the game is over")
        if not seated and (type(player) is not int and (isinstance(player, bool)
                                                        or not isinstance(player, int))
                           or player not in d.players):
            raise IllegalMove(self.rules.phases[flow.phase].turn_rule,
                              f"it is not {_seat(player)}'s decision (waiting for "
                              f"{seats(d.players)}: {d.prompt})")
        if flow.asides:  # the owner of the pending decision takes the raw answer
            flow.asides[-1].answer(self, state, flow, player, answer, events)
        else:
            apply = self._applies.get(flow.phase)
            if apply is None:
                self.rules.phases[flow.phase].answer(self, state, flow, player, answer, events)
            else:  # the default answer (check_then_apply), without its call
                apply(self, state, flow, player, answer if checked
                      else KINDS[d.kind].check(d, player, answer), events)
        if (self._asides is None or not flow.asides and not state.due) \
                and flow.phase != OVER:
            # advance's first step taken here (no side decision waiting nor any due: the
            # phase decides): one call less where it makes the next decision (most answers)
            nxt: Decision | None = self.rules.phases[flow.phase].decide(self, state, flow,
                                                                        events)
            if nxt is not None:
                flow.pending = nxt
                return nxt
        return self.advance(state, flow, events)

    def _answer_kept(self, state: State, flow: Flow, player: int, answer: Any,
                     events: Events, seated: bool = False, checked: bool = False
                     ) -> Decision | None:
        """:meth:`answer`, the game kept as before: a chain of triggers past its limit
        refuses the answer whole (the state and flow as before it, no event told);
        ``seated`` and ``checked`` as :meth:`answer`'s.

        Raises:
            IllegalMove: as :meth:`answer`."""
        before, where = state.copy(), flow.copy()
        made = len(events)
        try:
            return self.answer(state, flow, player, answer, events, True, seated, checked)
        except TriggerLimit as exc:
            state.set_to(before)
            state.due = before.due
            flow.set_to(where)
            del events[made:]
            raise IllegalMove("B8", str(exc)) from exc

    def answer_trusted(self, state: State, flow: Flow, player: int, answer: Any,
                       events: Events) -> Decision | None:
        """As :meth:`answer`, for an answer taken from the pending decision's legal set
        (:meth:`Decision.random_answer`, :meth:`Decision.legal_answers`, in normal form)
        by ``player``, one who must answer (B3.4): neither the seat nor the answer is
        checked again where the phase would only check it (a phase's default ``answer``);
        the answer goes to the phase's ``apply`` in the form the kind applies
        (:meth:`~elgrande.engine.decisions.DecisionKind.trusted`), a special action's
        too (its phase's ``apply`` hands it to the interpreter as checked). A side
        decision, or a phase that takes raw answers itself (``Phase.answer``), still
        checks it.

        Anything else than such an answer may break the game (no IllegalMove is
        promised); :meth:`answer` is the checked path.
        """
        d = flow.pending
        if d is None:
            raise IllegalMove("B7.1", "the game is over")
        if flow.asides:
            flow.asides[-1].answer(self, state, flow, player, answer, events)
        else:
            apply = self._applies.get(flow.phase)
            if apply is None:
                self.rules.phases[flow.phase].answer(self, state, flow, player, answer, events)
            else:
                k = KINDS[d.kind]
                apply(self, state, flow, player, answer if k.as_is
                      else k.trusted(d, player, answer), events)
        return self.advance(state, flow, events)

    def play_trusted(self, state: State, flow: Flow, rng: random.Random,
                     policy: Callable[[Decision, int, random.Random], Any] | None = None,
                     depth: int = -1) -> int:
        """Answer the pending decisions on the trusted path (:meth:`answer_trusted` each
        time, then :meth:`advance`), the first player asked answering (B3.4), with
        ``policy(decision, player, rng)`` (None: :meth:`Decision.random_answer`), until
        the game is over or ``depth`` decisions are answered (-1: no limit): one loop
        without the calls and look-ups a decision would repeat (a playout,
        :func:`elgrande.play.playouts.play_out`). The events each answer makes are made
        (the rules modules and triggers hear them) and dropped: they go to an
        :class:`~elgrande.engine.UnreadEvents`, which spares what only their
        reader would use.

        Returns:
            The decisions answered.
        Raises:
            IllegalMove: an answer a still checked decision refuses (a side decision, a
            special action); any other answer outside the legal set may break the game.
        """
        phases = self.rules.phases
        applies = self._applies
        asides = self._asides
        # a listed or counted kind's random answer drawn here (calls less): as
        # Decision.random_answer draws it
        plain = policy is None and PLAIN_RANDOM is not None and type(rng) is PLAIN_RANDOM
        n = 0
        d = flow.pending
        events: Events = UnreadEvents()  # one sink, emptied before each answer
        while d is not None and n != depth:
            p = d.players[0]
            k = KINDS[d.kind]
            inline = k.inline
            m = 0  # how many answers to draw one of here (0: random_answer's or the policy's)
            if not plain:
                pass
            elif inline == LISTED_CHOICES:  # (a per-player choice: random_answer's)
                seq: Any = d.options.get("choices")
                if seq is not None:
                    m = len(seq)
            elif inline == LISTED_LABELS:
                m = len(d.options["labels"])
            elif inline == COUNTED:  # (-1: too many to count; None: not counted)
                counted = k.count(d, p)
                if counted is not None:
                    m = counted
            if m > 0:  # Decision.random_answer's draw, inline: the same numbers
                bits = m.bit_length()
                r: int = GETRANDBITS(rng, bits)
                while r >= m:
                    r = GETRANDBITS(rng, bits)
                answer: Any = seq[r] if inline == LISTED_CHOICES else r \
                    if inline == LISTED_LABELS else k.nth(d, p, r)
            else:
                answer = d.random_answer(rng, p) if policy is None else policy(d, p, rng)
            if events:
                events.clear()
            if flow.asides:
                flow.asides[-1].answer(self, state, flow, p, answer, events)
            else:
                apply = applies.get(flow.phase)
                if apply is None:
                    phases[flow.phase].answer(self, state, flow, p, answer, events)
                else:
                    apply(self, state, flow, p, answer if k.as_is
                          else k.trusted(d, p, answer), events)
            if asides is not None:
                d = self.advance(state, flow, events)
            else:  # advance inline: no module asks side decisions (one call less)
                steps = 0
                d = None
                while flow.phase != OVER:
                    d = phases[flow.phase].decide(self, state, flow, events)
                    if d is not None:
                        break
                    steps += 1
                    if steps >= STEP_LIMIT:
                        self._looping(state, flow, events)
                flow.pending = d
            n += 1
        return n

    def hooks(self, state: State, player: int, flow: Flow | None = None,
              events: Events | None = None) -> HookContext:
        """The context the rules modules' hooks are called with for ``player``'s step (-1:
        nobody's, e.g. a round's start or a scoring) in the game of ``state``: made once and
        handed on while the same game and player go on (a turn's phases and answers: the
        phases call hooks at almost every step, so a context per call would cost more than
        the hooks), its events sink set to ``events`` when given (this answer's; a fold
        emits nothing) and its flow to ``flow`` when given. The context of each player is
        kept while the game is the same (the turns' actors take turns, a scoring's is
        nobody's): one player's step after another's takes up its context again."""
        h = self.last_hooks
        if h is not None and h.state is state and h.player == player:
            if events is not None:
                h.events = events
            if flow is not None:
                h.flow = flow
            return h
        by = self._hooks_by
        if self._hooks_of is not state:  # another game: none of its contexts kept yet
            self._hooks_of = state
            by.clear()
        h = by.get(player)
        if h is None:
            h = by[player] = HookContext(state, self.board, [] if events is None else events,
                                         player, self, flow)
        else:
            if events is not None:
                h.events = events
            if flow is not None:
                h.flow = flow
        self.last_hooks = h
        return h

    # -- moving between phases (for the rules modules) --
    def enter(self, flow: Flow, name: str) -> None:
        """Go to phase ``name``, running first the phases modules inserted before it
        (``Phase.precedes``)."""
        inserted = self.rules.preceding.get(name)
        if inserted:
            flow.entering = name
            flow.phase = inserted[0]
        else:
            flow.phase = name

    def resume(self, flow: Flow) -> None:
        """An inserted phase is done: go to the next one inserted before the phase being
        entered, or to that phase. With no phase being entered (a game saved before the
        opening phases were inserted), the start phase is the one they were inserted
        before."""
        target = flow.entering or self.rules.start
        nexts = self._resumes.get(target)
        if nexts is not None:  # the next phase after this one in the chain, if any
            nxt = nexts.get(flow.phase)
            if nxt is not None:
                flow.phase = nxt
                return
        flow.entering = ""
        flow.phase = target


def default_applies(phases: dict[str, Phase]) -> dict[str, ApplyFn]:
    """The ``apply`` of each of ``phases`` (by name) whose ``answer`` is the default
    :func:`~elgrande.engine.modules.check_then_apply`: where a trusted answer goes
    unchecked (:meth:`FlowEngine.answer_trusted`)."""
    return {n: ph.apply for n, ph in phases.items()
            if isinstance(ph.answer, functools.partial) and ph.answer.func is _check_then_apply}


def _compose(lib: Library) -> tuple[Rules, Triggers | None]:
    """The rules modules of ``lib``'s sets, with the triggers module after them when a
    card script keeps a trigger (``when``; :mod:`elgrande.engine.triggers`), and the
    triggers (their bodies run by the flow engine's interpreter, :attr:`Triggers.engine`)."""
    triggers = trigger_module(lib.board, lib.scripts, lib.facts)
    rules = load_rules(lib.board.rules_modules, list(lib.board.lasting_kinds),
                       () if triggers is None else (triggers.module,), lib.scripts,
                       lib.facts)
    if triggers is not None:  # the bodies due are asked first
        rules.asides = triggers.asker(rules.asides)
    return rules, triggers


def _seat(player: Any) -> str:
    if type(player) is int:
        return seat(player)
    text = "player " + repr(player)
    return text if len(text) <= 40 else text[:37] + "..."
