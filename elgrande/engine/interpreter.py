"""The interpreter: runs a card's effect script against the state, one statement at a
time, stopping at every decision.

Its position is a :class:`~elgrande.engine.context.Run` (plain data), never a Python
generator, so a game can be copied or saved in the middle of a special action. The
interpreter knows no card names: it looks scripts up by id in the loaded card set.

Use::

    run = interp.begin(state, card_id, actor)
    decision = interp.advance(state, run, events)      # None when the effect is done
    decision = interp.answer(state, run, player, answer, events)

An answer is checked by the pending decision before anything changes; a refused answer
raises :class:`IllegalMove` and leaves state and run exactly as they were. Before each
statement the rules modules may ask a side decision (hook ``aside``): it goes on the run's
stack of :class:`~elgrande.engine.context.Aside` and is asked first; its answer goes to
the module's ``aside_apply`` hook, then the effect runs on.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from elgrande.dsl import ast
from elgrande.dsl.caballero_moves import statement_name
from elgrande.engine import cards as _cards  # noqa: F401 - registers the card statements
from elgrande.engine import points as _points  # noqa: F401 - registers the points statement
from elgrande.engine.compiled import (
    AS,
    CALL,
    EACH,
    EITHER,
    FOR_EACH,
    IF,
    LABEL_UNITS,
    Compiled,
    Step,
    compiled,
)
from elgrande.engine.context import WORK_BUDGET, Aside, BudgetExceeded, Ctx, Frame, Run
from elgrande.engine.decisions import Decision
from elgrande.engine.option_size import options_size
from elgrande.engine.primitives import PRIMITIVES, each_order
from elgrande.engine.sinks import events_read
from elgrande.engine.step_decisions import named as named  # its home now
from elgrande.engine.triggers import keep_trigger, player_of
from elgrande.errors import IllegalMove
from elgrande.model import marks
from elgrande.model.board import Board
from elgrande.model.hook_context import HookContext
from elgrande.model.state import State

#: The work budget of one effect (:data:`elgrande.engine.context.WORK_BUDGET`): every
#: statement, loop turn, region-set evaluation (one unit per place examined) and option
#: offered counts. ``BudgetExceeded`` is defined beside it and re-exported here.
STEP_BUDGET: Final = WORK_BUDGET
#: Work units of each change an effect makes (each event: a region scored, caballeros
#: moved, the king moved, ...): applying and logging one costs about as much as that many
#: statements.
EVENT_UNITS: Final = 15

__all__ = ["EVENT_UNITS", "LABEL_UNITS", "STEP_BUDGET", "BudgetExceeded", "Interpreter",
           "block_at"]


def block_at(script: ast.Script, path: list[int]) -> ast.Block:
    """The block at ``path`` (pairs of statement index and branch index)."""
    block = script.body
    for i in range(0, len(path), 2):
        stmt = block.body[path[i]]
        branch = path[i + 1]
        if isinstance(stmt, (ast.EachPlayer, ast.ForEachPlayer, ast.As, ast.When)):
            block = stmt.body
        elif isinstance(stmt, ast.Either):
            block = stmt.branches[branch]
        elif isinstance(stmt, ast.If):
            other = stmt.otherwise
            block = stmt.then if branch == 0 or other is None else other
        else:  # pragma: no cover - paths are made by this module
            raise AssertionError(f"bad block path {path}")
    return block


class Interpreter:
    """Runs effect scripts.

    Args:
        board: the board.
        scripts: card id -> parsed script (from the loaded card set).
        rules: the composed rules modules whose hooks the primitives call (None: none).
        budget: the work budget per effect (units, see :data:`STEP_BUDGET`).
    """

    def __init__(self, board: Board, scripts: Mapping[str, ast.Script],
                 rules: Any = None, budget: int = STEP_BUDGET) -> None:
        self.board = board
        self.scripts = scripts
        self.rules = rules
        self.budget = budget
        #: the ``aside`` hook composed (None: no module in play has one)
        self._asides = rules.asides if rules is not None else None
        #: the scripts read so far, card id -> script: a plain dict read natively, not
        #: the library's lazy mapping's Python methods at each look-up (filled on a
        #: card's first look-up; not pickled: :meth:`__reduce__`)
        self._read: dict[str, ast.Script] = {}
        #: the compiled scripts by card id, of the scripts read (:func:`compiled`'s, kept
        #: here too: one native dict look-up a step; not pickled either)
        self._code: dict[str, Compiled] = {}
        #: a context free to take up: the last outside call's of :meth:`advance` or
        #: :meth:`answer`, given back when it returned (None while one runs: a call made
        #: meanwhile, a trigger's body, makes its own); the next call on the same state
        #: and events sink takes it and sets its run and subject anew (:meth:`_context`)
        self._ctx: Ctx | None = None

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its arguments: the scripts read so far are not kept (the pickle of
        the library's mapping holds them)."""
        return (Interpreter, (self.board, self.scripts, self.rules, self.budget))

    def has(self, card: str) -> bool:
        """Whether card ``card`` has an effect script, its special action (B4.4; a card a
        fill plays without a known face has none): ``card in self.scripts``, the script
        then kept for the look-ups that follow. Raises nothing."""
        if card in self._read:
            return True
        if card not in self.scripts:
            return False
        self._read[card] = self.scripts[card]
        return True

    def _compiled(self, card: str) -> Compiled:
        """Card ``card``'s script, compiled (a card given another script is compiled
        afresh).

        Raises:
            KeyError: no such card.
        """
        # kept in the process-wide cache of :func:`compiled` and in ``_code``, which is
        # not pickled: closures do not pickle, and a game's engine must (OpenSpiel's
        # simulation test)
        code = self._code.get(card)
        if code is None:
            script = self._read.get(card)
            if script is None:
                script = self._read[card] = self.scripts[card]
            code = self._code[card] = compiled(script)
        return code

    def begin(self, card: str, actor: int) -> Run:
        """A new run of card ``card``'s effect by player ``actor`` (nothing runs yet).

        Raises:
            KeyError: no such card.
        """
        if card not in self._read and not self.has(card):
            raise KeyError(f"no effect script for card {card!r}")
        return Run(card, actor, [Frame([], 0, actor)])

    def advance(self, state: State, run: Run,
                events: list[dict[str, Any]] | None = None) -> Decision | None:
        """Run until a decision is needed (returned, and kept in ``run.pending``) or the
        effect is over (None).

        Raises:
            BudgetExceeded: the script spent its work budget; ``run`` is then finished
            (no frames, nothing pending) and ``state`` may be part-changed: the caller
            restores the state it had before the card began.
        """
        if run.shared:  # a copy of the game shares its frames: copied before changed
            run.own()
        ctx = self._context(state, run, run.actor, events if events is not None else [])
        try:
            d = self._advance(ctx, run)
        except BudgetExceeded as exc:
            self._stop(run, exc)
            raise
        self._ctx = ctx  # given back: free to take up
        return d

    def _context(self, state: State, run: Run, subject: int,
                 events: list[dict[str, Any]]) -> Ctx:
        """A context of ``run`` on ``state`` and ``events`` deciding as ``subject``: the
        free one taken up when it is of this state, sink and budget (its run, subject
        and offer set anew), else a new one; either way taken (``_ctx`` None until the
        caller gives it back). Raises nothing."""
        ctx = self._ctx
        if ctx is not None and ctx.state is state and ctx.events is events \
                and ctx.budget == self.budget:
            self._ctx = None
            ctx.run = run
            ctx.subject = subject
            ctx.offered = None
            return ctx
        return Ctx(state, self.board, run, subject, events, self.rules, self.budget)

    def _advance(self, ctx: Ctx, run: Run) -> Decision | None:
        code = self._code.get(run.card) or self._compiled(run.card)
        frames, budget = run.frames, ctx.budget
        asides = self._asides
        hctx: HookContext | None = None  # made once per call, at the first aside asked
        while True:
            if run.inner is not None:  # a card this one carries out runs first
                d = self._carry_out(ctx, run)
                if d is not None:
                    return d
                continue
            # before each statement and at the end, the rules modules may ask a side
            # decision (hook ``aside``, with this run): pushed on ``run.asides``, pending
            if asides is not None:
                if run.asides:  # the top one waits still (a run rebuilt, nothing pending)
                    run.pending = run.asides[-1].decision
                    return run.pending
                if ctx.state.due:  # asked only when a module said something may be due
                    ctx.state.due = False
                    if hctx is None:
                        hctx = HookContext(ctx.state, ctx.board, ctx.events, run.actor)
                    a: Aside | None = asides(hctx, run)
                    if a is not None:
                        side = a.decision
                        ctx.charge(options_size(ctx, side))
                        run.asides.append(a)
                        run.pending = side
                        return side
            if not frames:
                run.pending = None
                return None
            f = frames[-1]
            path = f.path  # code.block(path), inline
            block = code.blocks[tuple(path)] if path else code.top
            steps = block.steps
            if f.pc >= len(steps):
                if f.rest:
                    ctx.charge(1)  # a loop turn
                    nxt = f.rest.pop(0)
                    if f.var:
                        run.env[f.var] = nxt
                    else:
                        f.subject = nxt
                    f.pc = 0
                    continue
                frames.pop()
                continue
            step = steps[f.pc]
            stmt = step.node
            kind = step.kind
            run.steps += 1
            run.work += 1  # a statement (as ctx.charge(1))
            if run.work > budget:
                ctx.charge(0)
            ctx.subject = f.subject
            if kind == CALL:
                events = ctx.events
                made = len(events)
                d = PRIMITIVES[stmt.name].start(ctx, stmt)  # the registry's, now
                if len(events) != made:
                    run.work += EVENT_UNITS * (len(events) - made)  # as ctx.charge
                    if run.work > budget:
                        ctx.charge(0)
                if d is not None:
                    run.work += options_size(ctx, d)  # the moves it offers (ctx.charge)
                    if run.work > budget:
                        ctx.charge(0)
                    d = run.pending = named(d, run.card)
                    return d
                if len(events) == made and len(frames) > 1 and block.looping:
                    ctx.event("nothing", statement=statement_name(stmt))  # the log says so
                f.pc += 1
            elif kind == IF:
                f.pc += 1
                cond = step.cond
                assert cond is not None
                if cond(ctx):
                    frames.append(Frame(f.path + [f.pc - 1, 0], 0, f.subject))
                elif stmt.otherwise is not None:
                    frames.append(Frame(f.path + [f.pc - 1, 1], 0, f.subject))
            elif kind == EACH:
                f.pc += 1
                ps = each_order(ctx, stmt.each)
                if ps:
                    frames.append(Frame(f.path + [f.pc - 1, 0], 0, ps[0], ps[1:]))
            elif kind == FOR_EACH:
                f.pc += 1
                ps = each_order(ctx, stmt.each)
                if ps:
                    run.env[stmt.var] = ps[0]
                    frames.append(Frame(f.path + [f.pc - 1, 0], 0, f.subject, ps[1:],
                                        stmt.var))
            elif kind == EITHER:
                ctx.charge(step.cost)  # before the labels are rendered
                decided = step.decided  # made before for this card and player: shared
                key = (run.card, f.subject)
                d = decided.get(key) if decided is not None else None
                if d is None:
                    d = Decision("choose_option", [f.subject],
                                 f"{marks.card(run.card)}: choose one",
                                 {"labels": _labels(step)}, "B4.4")
                    if decided is None:
                        decided = step.decided = {}
                    if len(decided) < 64:
                        decided[key] = d
                ctx.charge(step.size)  # options_size(ctx, d), counted when compiled
                run.pending = d
                return d
            elif kind == AS:  # the block's decisions are that player's
                f.pc += 1
                who = player_of(ctx, stmt.player)
                if who is not None:
                    frames.append(Frame(f.path + [f.pc - 1, 0], 0, who))
            else:  # WHEN: kept as a trigger; its block runs later
                f.pc += 1
                events = ctx.events
                made = len(events)
                keep_trigger(ctx, stmt, f.path + [f.pc - 1, 0])
                ctx.charge(EVENT_UNITS * (len(events) - made))

    def answer(self, state: State, run: Run, player: int, answer: Any,
               events: list[dict[str, Any]] | None = None,
               checked: bool = False) -> Decision | None:
        """Give ``player``'s answer to the pending decision, then run on (``checked``:
        the answer was checked by the decision's kind already, in the form the kind
        applies, by ``player``, one who must answer: a trigger body's decision asked as
        an aside, the special action's phase, B8). An
        ``either``'s answer makes a ``choose`` event naming the branch taken (``option``,
        0-based, and ``label``, its label in the decision) for the log (B4.4).

        Returns:
            The next pending decision (for a secret choice, the same one until every
            player has answered), or None when the effect is over.
        Raises:
            IllegalMove: the answer is refused (state and run unchanged).
            BudgetExceeded: the script spent its work budget afterwards (see
            :meth:`advance`: the run is then finished).
        """
        d = run.pending
        if d is None:
            raise IllegalMove("B4.4", "nothing is waiting for an answer")
        if run.shared:  # a copy of the game shares its frames: copied before changed
            run.own()
        if run.inner is not None:  # the decision is the carried-out card's
            return self._answer_inner(state, run, player, answer, events, checked)
        if checked:
            norm = answer
        else:
            norm = d.applied(answer, player)
        events = events if events is not None else []
        if run.asides:  # the top aside's module applies it, then the effect runs on
            aside = run.asides.pop()
            run.pending = None
            made = len(events)
            self.rules.apply_aside(HookContext(state, self.board, events, run.actor),
                                   aside, norm)
            if events_read(events):  # (an unread sink's may be UNMADE: never changed)
                for e in events[made:]:  # part of the special action: logged under its line
                    e.setdefault("card", run.card)
            return self.advance(state, run, events)
        f = run.frames[-1]
        code = self._code.get(run.card) or self._compiled(run.card)
        path = f.path  # code.block(path), inline
        block = code.blocks[tuple(path)] if path else code.top
        step = block.steps[f.pc]
        stmt = step.node
        ctx = self._context(state, run, f.subject, events)
        if d.kind == "secret_region":
            run.secret[str(player)] = norm
            if len(d.players) > 1:  # decisions are never changed in place: copies share them
                players: list[int] = []  # attrs.evolve(d, players=...), without its walk
                for q in d.players:  # of the fields
                    if q != player:
                        players.append(q)
                run.pending = Decision(d.kind, players, d.prompt, d.options, d.rule)
                return run.pending
            norm, run.secret = dict(run.secret), {}
        if step.kind == EITHER:  # the branch taken, said in the log (B4.4)
            i = int(norm)
            labels = d.options.get("labels") if isinstance(d.options, dict) else None
            try:
                ctx.event("choose", option=i, chooser=f.subject,
                          label=str(labels[i]) if isinstance(labels, list)
                          and 0 <= i < len(labels) else "")
                ctx.charge(EVENT_UNITS)
            except BudgetExceeded as exc:
                self._stop(run, exc)
                raise
            run.frames.append(Frame(f.path + [f.pc, i], 0, f.subject))
            f.pc += 1
        else:
            assert step.kind == CALL
            try:
                made = len(events)
                follow = PRIMITIVES[stmt.name].finish(ctx, stmt, d, norm)
                run.work += EVENT_UNITS * (len(events) - made)  # as ctx.charge
                if run.work > ctx.budget:
                    ctx.charge(0)
                if follow is not None:  # the same statement asks on (e.g. whose piece,
                    ctx.charge(options_size(ctx, follow))  # then where it goes)
                    follow = run.pending = named(follow, run.card)
                    return follow
                if len(events) == made and len(run.frames) > 1 and \
                        block.looping:  # the player chose to do nothing
                    ctx.event("nothing", statement=statement_name(stmt), chose=True)
            except BudgetExceeded as exc:
                self._stop(run, exc)
                raise
            f.pc += 1
        run.pending = None
        try:  # self.advance(state, run, events), with this context (the run is owned)
            nxt = self._advance(ctx, run)
        except BudgetExceeded as exc:
            self._stop(run, exc)
            raise
        self._ctx = ctx  # given back: free to take up
        return nxt


    # -- carry out a card (cards as objects: elgrande/engine/cards.py) --
    def _carry_out(self, ctx: Ctx, run: Run) -> Decision | None:
        """Run ``run.inner`` (the card ``carry out c`` named: B4.4) until it decides
        (its decision is this run's pending one) or ends (``run.inner`` cleared; a card
        without a script carries out nothing). Its work counts to this run's budget.

        Raises:
            BudgetExceeded: the budget is spent (the inner run is then finished).
        """
        inner = run.inner
        assert inner is not None
        if inner.card not in self._read and not self.has(inner.card):
            run.inner = None
            return None
        if inner.shared:
            inner.own()
        ictx = Ctx(ctx.state, ctx.board, inner, inner.actor, ctx.events, ctx.rules,
                   ctx.budget)
        try:
            d = self._advance(ictx, inner)
        except BudgetExceeded as exc:
            self._stop(inner, exc)
            raise
        run.work = inner.work
        if d is not None:
            run.pending = d
            return d
        run.inner = None
        return None

    def _answer_inner(self, state: State, run: Run, player: int, answer: Any,
                      events: list[dict[str, Any]] | None,
                      checked: bool = False) -> Decision | None:
        """Give the answer to the carried-out card's run, then run on (see :meth:`answer`,
        ``checked`` as there).

        Raises:
            IllegalMove: refused (nothing changed). BudgetExceeded: see :meth:`advance`.
        """
        inner = run.inner
        assert inner is not None
        events = events if events is not None else []
        try:
            nxt = self.answer(state, inner, player, answer, events, checked)
        except BudgetExceeded as exc:
            self._stop(run, exc)
            raise
        run.work = inner.work
        run.pending = nxt
        if nxt is not None:
            return nxt
        run.inner = None
        return self.advance(state, run, events)

    def _stop(self, run: Run, exc: BudgetExceeded) -> None:
        """Locate ``exc`` at the statement running (or the loop turning), then leave the
        run finished: no frames, nothing pending. A stop inside a card this run carries
        out keeps that card's location."""
        run.inner = None
        if exc.card != run.card:
            run.frames.clear()
            run.pending = None
            run.secret.clear()
            return
        script = self.scripts[run.card]
        node: ast.Node = script
        for f in reversed(run.frames):
            body = block_at(script, f.path).body
            if f.pc < len(body):
                node = body[f.pc]
                break
            if f.path:  # a loop's block at its end: the loop statement
                node = block_at(script, f.path[:-2]).body[f.path[-2]]
                break
        exc.line, exc.column = node.line, node.column
        run.frames.clear()
        run.pending = None
        run.secret.clear()


def _labels(step: Step) -> list[str]:
    """The branch labels of ``either`` step ``step``, rendered at its first decision in
    the process (kept on the compiled step: scripts never change); a new list each time."""
    labels = step.labels
    if labels is None:
        labels = step.labels = [_label(b) for b in step.node.branches]
    return list(labels)


def _label(block: ast.Block) -> str:
    from elgrande.dsl.render import render_node  # the renderer is a leaf module

    try:
        return render_node(block)
    except Exception:  # noqa: BLE001 - a label is cosmetic
        return f"option at line {block.line}"
