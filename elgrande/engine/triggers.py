"""Triggers: blocks of card scripts kept by ``when EVENT [of PLAYERS] DURATION: BLOCK`` and
run at the engine's named events (docs/dsl.md, "Triggers").

Running a ``when`` statement keeps a trigger: a :class:`~elgrande.model.state.Lasting` of
kind :data:`TRIGGER` in ``state.lasting`` (the card, the block's path in its script, the
owner ``me``, the deciding player, the players it listens to resolved then, the variables
captured then, the duration). The named events (hooks ``turn_start``, ``turn_end``,
``round_start``, ``round_end``, ``card_taken``, ``arrive``, ``castillo_emptied``,
``scored``)
make each matching trigger *due*; a due body runs as an interpreter
:class:`~elgrande.engine.context.Run` started at the block (``Frame(path, 0, subject)``)
with the captured variables, at the next pause: before the next statement of a special
action, before the next phase decides (hook ``aside``; a decision of the body is an
:class:`~elgrande.engine.context.Aside` of this module, answered through ``aside_apply``).
Triggers on a general scoring's steps (``castillo emptied``, with each player's secret disc
bound to ``disc``; ``regions scored``) run at the step itself: the scoring pauses there
while anything is due (:func:`waiting`; the base module's phase ``scoring``), their bodies
run and decide as the others between phases do (asides), and the scoring goes on after
them.

Durations: ``once`` (gone when it fires), ``this turn`` (to the turn's end),
``end of this round`` / ``end of next round`` (``Lasting.expires``, B8.4's round end),
``next scoring`` (to the end of the next general scoring), ``while held`` (while a court
holds the card, ``State.held``: its holder is ``me``, and a new holder takes it over).

A chain of triggers is bounded (B8: the budget bounds every script): while a trigger's body
runs, the same trigger may become due at most :data:`TRIGGER_LIMIT` times; past it
:class:`TriggerLimit` (a :class:`~elgrande.engine.context.BudgetExceeded`) stops it and the
answer that set it off is refused, between phases and inside a special action alike: the
flow engine raises :class:`~elgrande.errors.IllegalMove` (rule B8, the TriggerLimit its
``__cause__``) with the game exactly as before that answer (state, flow, no event told, so
nothing of it in the log or history). It keeps that game (a copy) only when an answer may
set a chain off (:meth:`Triggers.may_chain`: a trigger on an event of :data:`CHAINING` is
kept or may be kept): a base game, and a game whose cards keep none such, never pay for
it. A chain whose bodies decide spans answers: the answer given when the limit is passed
is refused, those before it stand. A body past its own work budget is not refused: inside
a special action the special action is undone whole, between phases the chain's effects
are undone (the state as before its first body ran) and the log says so.

The module is set-agnostic and loaded with every game whose cards keep a trigger
(:func:`trigger_module`): a game whose scripts have no ``when`` registers none of these
hooks and pays nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Final

from elgrande.dsl import ast
from elgrande.dsl.script_facts import Facts, facts_of, when_events
from elgrande.engine.context import Aside, BudgetExceeded, Ctx, Frame, Run
from elgrande.engine.decisions import Decision
from elgrande.engine.modules import RulesModule
from elgrande.engine.regions import regions
from elgrande.errors import ElGrandeError
from elgrande.model.board import Board
from elgrande.model.hook_context import HookContext
from elgrande.model.state import Lasting, State, copy_plain

#: The module's name, its asides' ``module`` and its key in ``State.ext`` (the bodies due
#: and the body running, while there are).
NAME: Final = "triggers"
#: The kind of a trigger's :class:`~elgrande.model.state.Lasting`.
TRIGGER: Final = "trigger"
#: How many times one trigger may become due while trigger bodies run for one outside
#: event (a chain); one more is refused (:class:`TriggerLimit`).
TRIGGER_LIMIT: Final = 8
#: The named events a script's statement can cause (caballeros moved or placed, a card
#: taken): only triggers on these can be set off again by trigger bodies, a chain.
CHAINING: Final = frozenset({"arrive", "card_taken"})
#: ``of me`` in a trigger: its owner when it fires (the card's holder for ``while held``).
ME: Final = "me"
#: Durations that end with a round (``Lasting.expires`` is the round + this).
_ROUNDS: Final = {"end of this round": 0, "end of next round": 1}


class TriggerLimit(BudgetExceeded):
    """A trigger became due more than :data:`TRIGGER_LIMIT` times in one chain (a card
    error: a trigger that fires itself without end). The answer that set the chain off
    is refused: the flow engine raises it as the ``__cause__`` of an
    :class:`~elgrande.errors.IllegalMove` (B8), the game as before that answer.

    Attributes (besides :class:`BudgetExceeded`'s): event: the named event.
    """

    def __init__(self, card: str, event: str, limit: int = TRIGGER_LIMIT) -> None:
        BudgetExceeded.__init__(self, card, limit + 1, limit)
        ElGrandeError.__init__(
            self, f"a trigger of card {card!r} fired more than {limit} times for one event "
            f"({event}): the answer that set it off is refused, the game as before it")
        self.event = event


# -- making a trigger (the interpreter runs a ``when``) ----------------------------------------
def player_of(ctx: Ctx, node: Any) -> int | None:
    """The one player a ``PLAYER`` names (``me``: the run's actor; a variable: its player),
    or None (a variable that holds nobody)."""
    if isinstance(node, ast.Me):
        return ctx.run.actor
    if isinstance(node, ast.PlayerVar):
        v = ctx.run.env.get(node.name)
        return None if v is None else int(v)
    raise AssertionError(f"not one player: {node!r}")  # pragma: no cover - checked


def _listens(ctx: Ctx, node: Any) -> list[int] | str | None:
    """The players an ``of PLAYERS`` names now (None: anyone; :data:`ME`: the trigger's
    owner, whoever that is when it fires)."""
    if node is None or isinstance(node, ast.AnyPlayer):
        return None
    if isinstance(node, ast.Me):
        return ME
    if isinstance(node, ast.Opponents):
        return [p for p in range(ctx.state.players) if p != ctx.subject]
    p = player_of(ctx, node)
    return [] if p is None else [p]


def keep_trigger(ctx: Ctx, stmt: ast.When, path: list[int]) -> None:
    """Keep the trigger of ``when`` statement ``stmt`` (its block at ``path``) run by
    ``ctx.run``: a :data:`TRIGGER` Lasting owned by the run's actor, listening to the
    players and places named, resolved now, with the variables as they are now."""
    s = ctx.state
    where = None
    if stmt.where is not None:
        where = sorted({r for r in regions(ctx, stmt.where) if r >= 0})
    until = stmt.duration
    extra = _ROUNDS.get(until)
    data = {"event": ast.EVENTS[stmt.event], "path": list(path), "subject": ctx.subject,
            "of": _listens(ctx, stmt.whose), "where": where, "until": until,
            "env": copy_plain(ctx.run.env)}
    s.add_lasting(Lasting(TRIGGER, ctx.run.actor, 0 if extra is None else s.round + extra,
                          ctx.run.card, data))
    from elgrande.dsl.render import render_node  # the renderer is a leaf module

    ctx.event("trigger", event=stmt.event, until=until,
              text=f"{{who}} keeps a trigger: {render_node(stmt)}.")


def _holder(state: State, card: str) -> int:
    """Whose court holds ``card`` (-1: nobody's)."""
    for p, cards in enumerate(state.held):
        if card in cards:
            return p
    return -1


def _key(x: Lasting) -> str:
    return f"{x.card}:{x.data['path']}:{x.player}"


class Triggers:
    """The triggers of one library's games: the hooks of :func:`trigger_module`, bound to
    the flow engine whose interpreter runs the bodies (:attr:`engine`, set by the engine).

    Args:
        board: the board; events: the named events and durations the scripts use
            (:func:`when_events`); keepers: the cards whose scripts keep a trigger on
            an event of :data:`CHAINING`; carried: some script carries out another card.
    """

    def __init__(self, board: Board, events: set[str],
                 keepers: frozenset[str] = frozenset(), carried: bool = False) -> None:
        self.board = board
        self.events = events
        #: the cards whose scripts keep a trigger on an event of :data:`CHAINING`
        #: (:meth:`may_chain`)
        self.keepers = keepers
        #: a script carries out another card (``carry out``): it may be a keeper
        self.carried = carried and bool(keepers)
        #: the flow engine whose interpreter (``advance``/``answer`` of a Run) runs the
        #: bodies (set by the engine; its interpreter is made on first use)
        self.engine: Any = None
        #: the trigger run being advanced now (its own ``aside`` asks are not ours)
        self._running: Run | None = None
        #: (state, its copy) when a chain between phases began: undone past the limit
        self._before: tuple[State, State] | None = None
        #: the log's line (event) of the chain's first body, named when it is undone
        self._first: dict[str, Any] | None = None
        # no ``aside`` hook: :meth:`asker` puts the bodies' asides before the others'
        hooks: dict[str, Any] = {"aside_apply": self.aside_apply}
        for event, hook in (("turn_start", self.turn_start), ("round_start", self.round_start),
                            ("round_end", self.round_end), ("card_taken", self.card_taken),
                            ("arrive", self.arrive)):
            if event in events:
                hooks[event] = hook
        if "turn_end" in events or "this turn" in events:
            hooks["turn_end"] = self.turn_end
        if "castillo_emptied" in events:
            hooks["castillo_emptied"] = self.castillo_emptied
        if "regions_scored" in events or "next scoring" in events:
            hooks["scored"] = self.scored
        #: the rules module of these hooks (only those of the events the scripts use)
        self.module = RulesModule(name=NAME, hooks=hooks)

    def may_chain(self, state: State, card: str, acting: bool) -> bool:
        """Whether an answer given now may set off a chain of triggers: only a trigger
        on an event a script's statement can cause (:data:`CHAINING`, of a card in
        :attr:`keepers`) can be set off again and again by trigger bodies, so: such a
        card's trigger is kept or its body due or running, it is this turn's action card
        ``card``, or a special action is ``acting`` while a script may carry such a card
        out. The flow engine keeps the game as it was before such an answer, to refuse
        it whole when the chain runs past :data:`TRIGGER_LIMIT` (:class:`TriggerLimit`)."""
        keepers = self.keepers
        if card in keepers or acting and self.carried:
            return True
        t = state.ext.get(NAME)
        if t is not None:
            run = t.get("run")
            if run is not None and run["card"] in keepers or any(
                    spec["card"] in keepers for spec in t.get("due") or ()):
                return True
        for x in state.lasting:
            if x.kind == TRIGGER and x.card in keepers:
                return True
        return False

    # -- the named events --
    def fire(self, ctx: HookContext, event: str, player: int, place: int = -1,
             bound: dict[str, Any] | None = None) -> None:
        """Make due each trigger listening to ``event`` of ``player`` (at ``place``), with
        the variables ``bound`` by the event besides its own.

        Raises:
            TriggerLimit: a trigger due past :data:`TRIGGER_LIMIT` times in one chain.
        """
        state = ctx.state
        lasting = state.lasting
        if not lasting:
            return
        for x in list(lasting):
            data = x.data
            if x.kind != TRIGGER or data["event"] != event:
                continue
            if x.expires and x.expires < state.round:
                continue
            until = data["until"]
            if until == "while held":
                holder = _holder(state, x.card)
                if holder < 0:  # no court holds the card any more: the trigger is over
                    lasting.remove(x)
                    continue
                if holder != x.player:  # a new holder is "me" now
                    if data["subject"] == x.player:
                        data["subject"] = holder
                    x.player = holder
            who = data["of"]
            if who is not None and player not in (
                    (x.player,) if who == ME else who):
                continue
            if data["where"] is not None and place not in data["where"]:
                continue
            if until == "once":
                lasting.remove(x)
            self._due(state, x, event, player, place, bound)

    def _due(self, state: State, x: Lasting, event: str, player: int, place: int,
             bound: dict[str, Any] | None = None) -> None:
        t = state.ext.setdefault(NAME, {})
        if self._running is not None:  # set off by a trigger's body: a chain
            chain = t.setdefault("chain", {})
            k = _key(x)
            chain[k] = chain.get(k, 0) + 1
            if chain[k] > TRIGGER_LIMIT:
                raise TriggerLimit(x.card, event)
        data = x.data
        state.due = True  # run at the next pause (the driver asks while State.due is set)
        env = copy_plain(data["env"])
        if bound:
            env.update(copy_plain(bound))
        t.setdefault("due", []).append(
            {"card": x.card, "path": list(data["path"]), "actor": x.player,
             "subject": data["subject"], "env": env, "on": [event, player, place]})

    def turn_start(self, ctx: HookContext) -> None:
        """Hook ``turn_start``: triggers on ``turn starts``."""
        self.fire(ctx, "turn_start", ctx.player)

    def turn_end(self, ctx: HookContext, card: str) -> None:
        """Hook ``turn_end``: triggers on ``turn ends``; then the ``this turn`` ones end."""
        self.fire(ctx, "turn_end", ctx.player)
        s = ctx.state
        if s.lasting and "this turn" in self.events:
            s.lasting = [x for x in s.lasting
                         if x.kind != TRIGGER or x.data["until"] != "this turn"]

    def round_start(self, ctx: HookContext) -> None:
        """Hook ``round_start``: triggers on ``round starts``."""
        self.fire(ctx, "round_start", -1)

    def round_end(self, ctx: HookContext) -> None:
        """Hook ``round_end``: triggers on ``round ends`` (B3.5: the round's own lasting
        effects end after it, B8.4)."""
        self.fire(ctx, "round_end", -1)

    def card_taken(self, ctx: HookContext, card: str) -> None:
        """Hook ``card_taken``: triggers on ``card taken``."""
        self.fire(ctx, "card_taken", ctx.player)

    def arrive(self, ctx: HookContext, place: int, player: int, n: int) -> None:
        """Hook ``arrive``: triggers on ``caballeros arrive in SET``."""
        if n > 0:
            self.fire(ctx, "arrive", player, place)

    def castillo_emptied(self, ctx: HookContext, discs: Any, moves: Any) -> None:
        """Hook ``castillo_emptied``: triggers on ``castillo emptied`` become due, after
        the sets' own hooks (B6.3), each player's secret disc bound to ``disc`` (a region
        per player, as a secret choice: ``disc`` is the deciding player's). The general
        scoring pauses while they run (:func:`waiting`)."""
        self.fire(ctx, "castillo_emptied", -1,
                  bound={"disc": {str(p): int(d) for p, d in enumerate(discs)}})

    def scored(self, ctx: HookContext, places: list[int]) -> None:
        """Hook ``scored``: after a general scoring (the Castillo and every region, B6.4),
        triggers on ``regions scored`` become due (the scoring pauses while they run,
        :func:`waiting`); then the ``next scoring`` ones end."""
        b = ctx.board
        if len(places) != 1 + len(b.scoring_order) or places[0] != b.castillo:
            return  # a special scoring (B8.6)
        self.fire(ctx, "regions_scored", -1)
        s = ctx.state
        s.lasting = [x for x in s.lasting
                     if x.kind != TRIGGER or x.data["until"] != "next scoring"]

    # -- running the bodies (the ``aside`` asked first, hook ``aside_apply``) --
    def asker(self, others: Callable[[HookContext, Run | None], Aside | None] | None
              ) -> Callable[[HookContext, Run | None], Aside | None]:
        """The ``aside`` of the game (as :attr:`elgrande.engine.modules.Rules.asides`):
        this module's (:meth:`aside`) first, as the last module loaded, then ``others``
        (the other modules' composed), in one call while nothing is due."""
        mine = self.aside

        def ask(ctx: HookContext, run: Run | None) -> Aside | None:
            if NAME in ctx.state.ext:  # a body due or running: asked again at the next
                ctx.state.due = True  # pause too (until nothing is left, _settle)
                a = mine(ctx, run)
                if a is not None:
                    return a
            return None if others is None else others(ctx, run)

        return ask

    def aside(self, ctx: HookContext, run: Run | None) -> Aside | None:
        """Hook ``aside``: run the bodies due, in order, until one decides (that decision
        is asked as this module's aside) or none is left. ``run`` is the special action
        (bodies run before its next statement) or None between phases (while a special
        action runs, its statements ask); a body's own statements never start another
        (the chain waits its turn)."""
        state = ctx.state
        t = state.ext.get(NAME)
        if not t or (run is not None and run is self._running):
            return None
        flow = ctx.flow
        if run is None and flow is not None and flow.run is not None:
            return None
        inside = run is not None
        if t.get("run") is not None:
            pending = Run.from_json(t["run"]).pending
            return None if pending is None else Aside(NAME, pending)
        if not inside and (self._before is None or self._before[0] is not state):
            self._before = (state, state.copy())
            self._first = None
        while t.get("due"):
            spec = t["due"].pop(0)
            r = _run(spec)
            head = _fires(ctx, spec)
            if self._first is None:
                self._first = head
            d = self._go(ctx, r, None, inside)
            step = spec["on"][0] in _STEPS
            if step:
                d = self._forced(ctx, r, d, inside)
            _quiet(ctx, head, d)
            t = state.ext.get(NAME)
            if d is not None and t is not None:
                t["run"] = r.to_json()
                t["step"] = step
                return Aside(NAME, d)
            if t is None:  # undone whole
                return None
        self._settle(state)
        return None

    def aside_apply(self, ctx: HookContext, aside: Aside, answer: Any) -> None:
        """Hook ``aside_apply``: the answer (checked) to a decision of the body running;
        the body then runs on."""
        state = ctx.state
        t = state.ext[NAME]
        r = Run.from_json(t["run"])
        t["run"] = None
        inside = ctx.flow is None
        step = bool(t.pop("step", False))
        d = self._go(ctx, r, answer, inside)
        if step:
            d = self._forced(ctx, r, d, inside)
        t = state.ext.get(NAME)
        if d is not None and t is not None:
            t["run"] = r.to_json()
            if step:
                t["step"] = True

    def _forced(self, ctx: HookContext, run: Run, d: Decision | None,
                inside: bool) -> Decision | None:
        """Take each decision of ``run`` (a body on a general scoring's step) that has one
        answer only, as a forced move (the scoring does not stop for it); returns the
        first decision with more answers, or None (the body is over)."""
        while d is not None:
            answers = d.legal_answers()
            if answers is None or len(answers) != 1:
                return d
            d = self._go(ctx, run, answers[0], inside, checked=False)
        return None

    def _go(self, ctx: HookContext, run: Run, answer: Any, inside: bool,
            checked: bool = True) -> Decision | None:
        """Advance ``run`` (with ``answer`` to its pending decision when not None,
        ``checked`` by that decision already or not).

        Raises:
            TriggerLimit: a chain past its limit (the answer is refused).
            BudgetExceeded: inside a special action (``inside``): it is undone whole.
        """
        interp = self.engine.interpreter
        prev, self._running = self._running, run
        try:
            if answer is None:
                d: Decision | None = interp.advance(ctx.state, run, ctx.events)
            else:
                asked = run.pending
                who = asked.players[0] if asked is not None else -1
                d = interp.answer(ctx.state, run, who, answer, ctx.events, checked=checked)
        except TriggerLimit:  # the answer that set the chain off is refused (the flow
            self._before = self._first = None  # engine restores the game as before it)
            raise
        except BudgetExceeded as exc:
            if inside:
                raise
            self._void(ctx, exc)
            return None
        finally:
            self._running = prev
        return d

    def _void(self, ctx: HookContext, exc: BudgetExceeded) -> None:
        """Between phases, a chain past its limit (or a body past its budget) is undone:
        the state as before the chain's first body ran (when this engine saw it begin),
        nothing due any more; the turn goes on from there (its next step, as if no trigger
        had fired; what set the chain off stands). The log says why and which of its
        lines above are undone: all from the chain's first trigger line on (those of this
        answer are left out)."""
        state = ctx.state
        before = self._before
        if before is not None and before[0] is state:
            state.set_to(before[1])
        state.ext.pop(NAME, None)
        first, self._first = self._first, None
        events = ctx.events
        undone = ("Undone and left out of the log: all the triggers did; the turn goes on "
                  "from before they fired, as if none had.")
        if first is not None:
            if any(e is first for e in events):  # this answer's lines: left out
                while events and events[-1] is not first:
                    events.pop()
                events.pop()
            else:
                undone = (f"Undone: every line above from the chain's first trigger line "
                          f"({{card:{first['card']}}}, on "
                          f"{_EVENT_WORDS.get(first['on'], first['on'])}) to here; the turn "
                          "goes on from before that line, as if no trigger had fired.")
        why = str(exc).split(":")[0]
        events.append({"event": "trigger_void", "player": ctx.player, "card": exc.card,
                       "reason": str(exc), "text": f"Runaway triggers stopped: {why}. {undone}"})

    def _settle(self, state: State) -> None:
        """Nothing due and no body running: the chain is over (its counts forgotten)."""
        t = state.ext.get(NAME)
        if t is not None and not t.get("due") and t.get("run") is None:
            del state.ext[NAME]
        if self._before is not None and self._before[0] is state:
            self._before = None
            self._first = None


#: The named events of a general scoring's steps (the scoring pauses for their bodies).
_STEPS: Final = frozenset({"castillo_emptied", "regions_scored"})
#: The named events in the log's words (:func:`_fires`).
_EVENT_WORDS: Final = {"turn_start": "a turn's start", "turn_end": "a turn's end",
                       "round_start": "the round's start", "round_end": "the round's end",
                       "card_taken": "a card taken", "arrive": "caballeros arriving",
                       "castillo_emptied": "the Castillo emptied",
                       "regions_scored": "the regions scored"}


def _fires(ctx: HookContext, spec: dict[str, Any]) -> dict[str, Any]:
    """Log that a due trigger's body runs now (event ``trigger_fires``: the card, the
    named event ``on``, the player ``of`` whom and the place ``at`` where it happened, -1:
    none): the lines of what the body does come under it. Returns the event."""
    event, player, place = spec.get("on") or ["", -1, -1]
    e = {"event": "trigger_fires", "player": spec["actor"], "card": spec["card"],
         "on": event, "of": player, "at": place}
    ctx.events.append(e)
    return e


def _quiet(ctx: HookContext, head: dict[str, Any], d: Decision | None) -> None:
    """A body that ran to its end adding no line under ``head`` did nothing: say so."""
    if d is None and ctx.events and ctx.events[-1] is head:
        head["quiet"] = True


def _run(spec: dict[str, Any]) -> Run:
    """A new run of a due trigger's body."""
    return Run(spec["card"], spec["actor"], [Frame(list(spec["path"]), 0, spec["subject"])],
               copy_plain(spec["env"]))


def waiting(state: State) -> bool:
    """Whether a trigger's body is due or running in the game of ``state`` (a general
    scoring pauses at its step until none is: B6.3, B6.4)."""
    return NAME in state.ext


def trigger_module(board: Board, scripts: Mapping[str, ast.Script],
                   facts: Facts | None = None) -> Triggers | None:
    """The triggers of a library whose scripts keep some (``when``), or None: its rules
    module (:attr:`Triggers.module`) has the hooks of the events those scripts use only.
    ``facts``: the scripts' :data:`~elgrande.dsl.script_facts.Facts` (the library's, from
    its cache: no script is walked), else None (the scripts are walked)."""
    known = facts_of(facts, scripts)
    if known is not None:
        events = {e for _, whens, _ in known.values() for e in whens}
        if not events:
            return None
        keepers = frozenset(c for c, (_, whens, _) in known.items() if whens & CHAINING)
        carried = any("carry_out" in calls for calls, _, _ in known.values())
        return Triggers(board, events, keepers, carried)
    events = when_events(scripts)
    if not events:
        return None
    keepers = frozenset(c for c, s in scripts.items() if when_events({c: s}) & CHAINING)
    carried = any(isinstance(n, ast.Call) and n.name == "carry_out"
                  for s in scripts.values() for n in ast.walk(s))
    return Triggers(board, events, keepers, carried)


__all__ = ["CHAINING", "NAME", "TRIGGER", "TRIGGER_LIMIT", "TriggerLimit", "Triggers",
           "keep_trigger", "player_of", "trigger_module", "waiting"]
