"""The interpreter's position and the context primitives run in.

:class:`Run` is the position inside one card's effect: plain data (a stack of frames, the
bound variables, the pending decision), so a game can be copied or written to JSON in the
middle of a special action (docs/architecture.md, "Side decisions"). :class:`Aside` is a
side decision a rules module asks between two statements of a special action or between two
phases (plain data too).
"""

from __future__ import annotations

from typing import Any, Final

import attr

from elgrande.engine.decisions import KINDS, Decision
from elgrande.errors import ElGrandeError
from elgrande.model.blank import blank, pure
from elgrande.model.board import Board
from elgrande.model.fields import factory, unsaved
from elgrande.model.hook_context import HookContext
from elgrande.model.plain import plain_eq, plain_repr
from elgrande.model.serial import from_fields, plain_fields
from elgrande.model.state import State

#: Work units one card's effect may spend (statements run, loop turns, region-set
#: evaluations and the places they examine, options offered in decisions, changes made).
#: The shipped cards spend at most about 300; the slowest effect the checker accepts
#: stops within a few milliseconds (``benchmarks/budget.py``); a card past it is stopped.
WORK_BUDGET: Final = 5_000
#: This module runs as Python source: :meth:`Run.copy` skips the constructor call.
_PURE: Final = pure(__name__)


class BudgetExceeded(ElGrandeError):
    """A card's effect spent more than its work budget (a homebrew card error, B8).

    Raised at the same point of the same effect in the same position every time (the
    count is plain data in :class:`Run`). The run it stopped is left finished: no frames,
    nothing pending.

    Attributes:
        card: the card id; work: the units spent when it stopped; budget: the budget;
        line, column: the card-file position of the statement running when it stopped
        (set by the interpreter; 0 when unknown).
    """

    def __init__(self, card: str, work: int, budget: int = WORK_BUDGET) -> None:
        super().__init__(f"card {card!r} spent {work} units of work (statements, loop "
                         f"turns, places examined, options offered), over the step budget of "
                         f"{budget}")
        self.card = card
        self.work = work
        self.budget = budget
        self.line = 0
        self.column = 0

    def void_event(self, player: int, card: str) -> dict[str, Any]:
        """The ``special_void`` event of ``player``'s card ``card``, undone whole for this
        (B8): the budget, the work spent and the script's place."""
        return {"event": "special_void", "player": player, "card": card,
                "error": {"card": self.card, "work": self.work, "budget": self.budget,
                          "line": self.line, "column": self.column},
                "reason": str(self)}


# attr.s, not attrs.define: mypyc makes it a native class (docs/compiled.md);
# init=False and an __init__ of its own: mypyc compiles it, where attrs' generated one would
# stay interpreted code that every construction runs (the defaults stay declared for attrs)
@attr.s(auto_attribs=True, order=False, init=False, repr=False, eq=False)
class Frame:
    """One block being executed.

    Attributes:
        path: where the block is in the script: pairs (statement index, branch index)
            from the top block down; ``[]`` is the top block. Never changed in place
            (a nested block gets a new list), so copies share it.
        pc: the index of the next statement.
        subject: the deciding player inside this block ("own", "their").
        rest: players still to run the block for (each-player loops), in order.
        var: the loop variable of ``for each player p`` ('' for ``each player:``).
    """

    def __eq__(self, other: object) -> bool:
        return plain_eq(self, other)

    def __repr__(self) -> str:
        return plain_repr(self)

    path: list[int]
    pc: int
    subject: int
    rest: list[int] = factory(list)
    var: str = ""

    def __init__(self, path: list[int], pc: int, subject: int, rest: list[int] | None = None,
                 var: str = "") -> None:
        self.path = path
        self.pc = pc
        self.subject = subject
        self.rest = [] if rest is None else rest
        self.var = var

    def copy(self) -> Frame:
        """An independent copy (``path`` is shared: never changed in place)."""
        return Frame(self.path, self.pc, self.subject, self.rest.copy(), self.var)


# attr.s, not attrs.define: mypyc makes it a native class (docs/compiled.md);
# init=False and an __init__ of its own, which mypyc compiles
@attr.s(auto_attribs=True, order=False, init=False, repr=False, eq=False)
class Aside:
    """A side decision a rules module asks of its own accord (after a move: a seat to fill,
    relocations left, new discs to take), between two statements of a special action or
    between two phases: plain data, so a game can be copied or saved while it waits;
    never changed once made (copies of a flow or run share it).

    The driver keeps asides on a stack (``Run.asides`` between statements,
    ``Flow.asides`` between phases) and asks the top one before the next statement or
    phase decides; the answer, checked by ``decision``, goes to the ``aside_apply`` hook
    of module ``module`` (:data:`elgrande.engine.modules.HOOKS`).

    Attributes:
        module: the name of the rules module that asked it (and applies the answer).
        decision: the decision asked (never changed once made: copies share it).
        data: what the module needs beside the decision to apply the answer (plain
            JSON-able data; ``{}`` when the decision's options say it all).
    """

    def __eq__(self, other: object) -> bool:
        return plain_eq(self, other)

    def __repr__(self) -> str:
        return plain_repr(self)

    module: str
    decision: Decision
    data: dict[str, Any] = factory(dict)

    def __init__(self, module: str, decision: Decision,
                 data: dict[str, Any] | None = None) -> None:
        self.module = module
        self.decision = decision
        self.data = {} if data is None else data

    def answer(self, engine: Any, state: State, flow: Any, player: int, raw: Any,
               events: list[dict[str, Any]]) -> None:
        """Take ``player``'s raw answer to this aside, the top one of ``flow.asides`` (the
        seat already checked; the same call as a phase's ``answer``): check it with the
        decision's kind, then pop the aside and hand the answer to the ``aside_apply`` hook
        of its module (``engine.rules.apply_aside``), with a hook context of the flow's
        actor.

        Raises:
            IllegalMove: the answer is refused; nothing changed.
        """
        d = self.decision
        norm = KINDS[d.kind].check(d, player, raw)
        flow.asides.pop()
        engine.rules.apply_aside(
            HookContext(state, engine.board, events, flow.actor, engine, flow), self, norm)

    def to_json(self) -> dict[str, Any]:
        """Plain JSON-able data."""
        return {"module": self.module, "decision": self.decision.to_json(),
                "data": dict(self.data)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Aside:
        """Rebuild from :meth:`to_json` (the data is copied)."""
        return cls(str(data["module"]), Decision.from_json(data["decision"]),
                   dict(data.get("data") or {}))


# attr.s, not attrs.define: mypyc makes it a native class (docs/compiled.md);
# init=False and an __init__ of its own: mypyc compiles it, where attrs' generated one would
# stay interpreted code that every construction runs (the defaults stay declared for attrs)
@attr.s(auto_attribs=True, order=False, init=False, repr=False, eq=False)
class Run:
    """The interpreter's position in one card's effect.

    Attributes:
        card: the card id (looked up in the loaded cards; never interpreted by Python).
        actor: the player carrying out the special action.
        frames: the block stack (innermost last).
        env: variables: a region index, number or player index, None (nothing to choose),
            or for secret choices ``{str(player): region index or None}``.
        steps: statements executed so far.
        work: work units spent so far (see :data:`WORK_BUDGET`; statements included).
        pending: the decision waiting for an answer, or None.
        secret: answers to a pending secret choice already given, hidden from the others
            (``{str(player): answer}``).
        asides: the side decisions rules modules asked between two statements (a stack,
            top last): when there is one, the pending decision is the top one's, not the
            current statement's.
        inner: the run of a card this one carries out (``carry out c``), run to its end
            before this one goes on; None when there is none.
        callers: the cards carrying this run's card out, outermost first (empty for a
            special action's own run): none of them is carried out again.
        shared: a copy of this run shares its frames, variables and asides
            (:meth:`copy`, copied on write): the interpreter takes them as its
            own (:meth:`own`) before it changes anything. Not part of the position: not
            saved, not compared.
    """

    def __eq__(self, other: object) -> bool:
        return plain_eq(self, other)

    def __repr__(self) -> str:
        return plain_repr(self)

    card: str
    actor: int
    frames: list[Frame]
    env: dict[str, Any] = factory(dict)
    steps: int = 0
    pending: Decision | None = None
    secret: dict[str, Any] = factory(dict)
    work: int = 0
    asides: list[Aside] = factory(list)
    inner: Run | None = None
    callers: list[str] = factory(list)
    shared: bool = unsaved(False)

    def __init__(self, card: str, actor: int, frames: list[Frame],
                 env: dict[str, Any] | None = None, steps: int = 0,
                 pending: Decision | None = None, secret: dict[str, Any] | None = None,
                 work: int = 0, asides: list[Aside] | None = None,
                 inner: Run | None = None, callers: list[str] | None = None,
                 shared: bool = False) -> None:
        self.card = card
        self.actor = actor
        self.frames = frames
        self.env = {} if env is None else env
        self.steps = steps
        self.pending = pending
        self.secret = {} if secret is None else secret
        self.work = work
        self.asides = [] if asides is None else asides
        self.inner = inner
        self.callers = [] if callers is None else callers
        self.shared = shared

    def copy(self) -> Run:
        """A copy, copied on write: a new run sharing this one's frames, variables and
        asides, both marked ``shared`` (the interpreter takes them as its own, :meth:`own`,
        before it changes them; nothing is copied for a copy that never runs on). The
        secret answers are copied (code that hides them from a view, B8.5a, edits a
        copy's), the pending decision and the callers shared for good (never changed in
        place); a carried-out card's run is copied so too."""
        self.shared = True
        inner = self.inner
        if _PURE:  # without the constructor call (elgrande.model.blank): the same fields
            c: Run = blank(Run)
            c.card = self.card
            c.actor = self.actor
            c.frames = self.frames
            c.env = self.env
            c.steps = self.steps
            c.pending = self.pending
            secret = self.secret
            c.secret = secret.copy() if secret else {}
            c.work = self.work
            c.asides = self.asides
            c.inner = None if inner is None else inner.copy()
            c.callers = self.callers
            c.shared = True
            return c
        return Run(self.card, self.actor, self.frames, self.env, self.steps, self.pending,
                   self.secret.copy() if self.secret else None, self.work, self.asides,
                   None if inner is None else inner.copy(), self.callers, True)

    def own(self) -> None:
        """Make the frames, variables and asides of a ``shared`` run its own (independent
        copies; the dict values of ``env``, secret choices, copied too), so that changing
        them leaves the copies that share them as they were; nothing to do for a run not
        shared. The interpreter calls it before it changes a run."""
        if not self.shared:
            return
        env = self.env.copy()
        for k, v in env.items():  # replacing values only: no change of size
            if isinstance(v, dict):
                env[k] = v.copy()
        self.env = env
        self.frames = [f.copy() for f in self.frames]
        self.asides = self.asides.copy()
        self.shared = False

    def to_json(self) -> dict[str, Any]:
        """Plain JSON-able data (``shared`` left out)."""
        return plain_fields(self, ("shared",))

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Run:
        """Rebuild from :meth:`to_json`."""
        frames = [from_fields(Frame, f) for f in data["frames"]]
        pending = Decision.from_json(data["pending"]) if data.get("pending") else None
        asides = [Aside.from_json(a) for a in data.get("asides") or ()]
        inner = Run.from_json(data["inner"]) if data.get("inner") else None
        run: Run = from_fields(cls, data, {"frames": frames, "pending": pending,
                                           "asides": asides, "inner": inner})
        return run


# attr.s, not attrs.define: mypyc makes it a native class (docs/compiled.md);
# init=False and an __init__ of its own: mypyc compiles it, where attrs' generated one would
# stay interpreted code that every construction runs (the defaults stay declared for attrs)
@attr.s(auto_attribs=True, order=False, repr=False, init=False, eq=False)
class Ctx:
    """What a primitive sees while it runs.

    Attributes:
        state: the game state (primitives change it only in ``finish``/direct effects).
        board: the board.
        run: the interpreter position.
        subject: the deciding player of the current block.
        events: what happened, as plain dicts, for the game log.
        rules: the composed rules modules in play (:class:`elgrande.engine.modules.Rules`),
            whose hooks the primitives call; None outside a game (bare scripts).
        budget: the work units the run may spend in all.
        offered, offered_size: the decision a primitive is returning and its size,
            counted as it was built (:func:`elgrande.engine.option_size.offer`; None:
            none said).
    """

    def __eq__(self, other: object) -> bool:
        return plain_eq(self, other)

    state: State
    board: Board
    run: Run
    subject: int
    events: list[dict[str, Any]] = factory(list)
    rules: Any = None
    budget: int = WORK_BUDGET
    offered: Decision | None = None
    offered_size: int = 0

    def __init__(self, state: State, board: Board, run: Run, subject: int,
                 events: list[dict[str, Any]] | None = None, rules: Any = None,
                 budget: int = WORK_BUDGET, offered: Decision | None = None,
                 offered_size: int = 0) -> None:
        self.state = state
        self.board = board
        self.run = run
        self.subject = subject
        self.events = [] if events is None else events
        self.rules = rules
        self.budget = budget
        self.offered = offered
        self.offered_size = offered_size

    def charge(self, units: int) -> None:
        """Spend ``units`` of the run's work budget.

        Raises:
            BudgetExceeded: the run has now spent more than ``budget``.
        """
        self.run.work += units
        if self.run.work > self.budget:
            raise BudgetExceeded(self.run.card, self.run.work, self.budget)

    def rid(self, place: int) -> str:
        """The id of place ``place`` (answers and options use ids)."""
        return self.board.places[place].id

    def event(self, name: str, **data: Any) -> None:
        """Record an event ``name`` with ``data`` for the log; its ``player`` is the
        player who acts (``subject``: inside ``each player:`` each player in turn,
        B8.7) unless ``data`` names one."""
        data["event"] = name
        data.setdefault("player", self.subject)
        data.setdefault("card", self.run.card)
        self.events.append(data)
