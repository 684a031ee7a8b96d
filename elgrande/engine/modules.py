"""Rules modules: how a card set changes the game (docs/architecture.md).

A set's manifest names its rules module (``rules: base``); loading the set turns the
module on. A :class:`RulesModule` registers

- **phases**: named steps of the flow, each a ``decide`` (what to ask now, or move the flow
  on and ask nothing) and an ``apply`` (carry out a checked answer). A module may add
  phases, insert one before another (``precedes="court"``: it runs whenever the flow
  enters that phase), or replace a phase of an earlier module by registering the same
  name; a phase may declare the phases it moves the flow to (``goes_to``);
- **hooks**: named extension points grouped by concern (turn, placement, movement,
  scoring, view, saved-game checks: :data:`HOOK_GROUPS`), each called ``hook(ctx, *own)``
  with one :class:`~elgrande.model.hook_context.HookContext` (state, board, events sink,
  acting player) by the driver, the rules modules and the primitives, and composed in the
  order the modules load as :data:`HOOK_KINDS` says (see :class:`Rules`); some are named
  events (a turn's or round's start and end, an action card taken, each step of a
  general scoring, caballeros arriving and leaving) that cost nothing unheard;
- **scenario keys**: the set's own keys of the scenario-case format
  (:class:`~elgrande.engine.scenario_keys.ScenarioKeys`, in a file of its own named by
  ``scenario``), for the scenario runner only;
- **side decisions** (asides) it asks of its own accord between two phases or two
  statements of a special action (hooks ``aside`` and ``aside_apply``);
- **decision kinds** it adds (through :func:`elgrande.engine.decisions.kind`) and the
  **lasting-effect kinds** it implements.

The driver (:mod:`elgrande.engine.flow`) knows no phase by name except the end ``over``;
it runs whatever phase the flow is in. The engine knows no set: modules are found by name
in :mod:`elgrande.rules` or registered by the code that defines them
(:func:`register_module`, e.g. a test's toy module).
"""

from __future__ import annotations

import functools
import importlib
from collections.abc import Callable, Collection, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Final

import attr

from elgrande.dsl.rule_params import RuleParam, declare
from elgrande.dsl.script_facts import Facts
from elgrande.engine import rule_params as changes
from elgrande.engine.decisions import KINDS
from elgrande.engine.hooks import HOLDER_HOOKS, PLACED_HOOKS
from elgrande.engine.hooks import HOOK_GROUPS as HOOK_GROUPS  # the hooks: engine/hooks.py
from elgrande.engine.hooks import HOOK_KINDS as HOOK_KINDS
from elgrande.engine.hooks import HOOKS as HOOKS
from elgrande.errors import DataError
from elgrande.model.fields import factory
from elgrande.model.plain import plain_eq, plain_hash, plain_repr
from elgrande.model.scoring import ScoringRules

if TYPE_CHECKING:
    from elgrande.engine.context import Aside, Run
    from elgrande.model.hook_context import HookContext
    from elgrande.model.state import State

#: The flow engine (:class:`elgrande.engine.flow.FlowEngine`) and the flow
#: (:class:`elgrande.engine.flow.Flow`) as the phases and hooks declared here see them:
#: typed loosely, as :class:`elgrande.model.hook_context.HookContext` types them, so that
#: this module, which the driver imports, never imports the driver.
FlowEngine = Any
Flow = Any

#: The phase in which the game is over (B7.1).
OVER: Final = "over"

Events = list[dict[str, Any]]
DecideFn = Callable[[FlowEngine, "State", Flow, Events], Any]
ApplyFn = Callable[[FlowEngine, "State", Flow, int, Any, Events], None]
AnswerFn = Callable[[FlowEngine, "State", Flow, int, Any, Events], None]


def _check_then_apply(apply: ApplyFn, engine: FlowEngine, state: State, flow: Flow,
                      player: int, raw: Any, events: Events) -> None:
    d = flow.pending
    apply(engine, state, flow, player, KINDS[d.kind].check(d, player, raw), events)


def check_then_apply(apply: ApplyFn) -> AnswerFn:
    """A phase's default ``answer``: check the raw answer with the pending decision's
    kind (as :meth:`Decision.check`; IllegalMove and nothing changed on refusal), then
    ``apply`` the normalised answer. A ``functools.partial`` of a module-level function,
    not a closure, so that a game's engine pickles (OpenSpiel's simulation test copies
    states by pickling)."""
    return functools.partial(_check_then_apply, apply)


# attr.s (not attrs.frozen): mypyc makes it a native class, whose fields compiled code reads
# directly (docs/compiled.md); init=False and an __init__ of its own, which mypyc
# compiles (attrs' generated one stays interpreted code); frozen: it sets through
# object.__setattr__
@attr.s(auto_attribs=True, frozen=True, order=False, init=False, repr=False, eq=False)
class Phase:
    """One step of the flow.

    Attributes:
        name: the phase name (unique in the composed table; a later module replaces an
            earlier phase of the same name).
        decide: ``decide(engine, state, flow, events) -> Decision | None``: the decision to
            ask now; when it returns None it must have moved ``flow.phase`` on (or ended
            the game), and the driver calls the next phase.
        apply: ``apply(engine, state, flow, player, answer, events)``: carry out an answer
            the pending decision has already checked and normalised.
        answer: ``answer(engine, state, flow, player, raw, events)``: take a raw answer to
            the phase's pending decision (the seat already checked); it checks it before
            changing anything. Given for phases that hand answers on (a special action's
            interpreter); by default (None given) :func:`check_then_apply` of ``apply``,
            built once. The driver hands every answer to the owner of the pending decision,
            this or the top aside (:meth:`elgrande.engine.context.Aside.answer`, the same
            call).
        precedes: insert this phase before the named phase: entering that phase through
            :meth:`FlowEngine.enter` runs this one first.
        turn_rule: the rule a refusal cites when the wrong player answers here.
        goes_to: the phases this one moves the flow to (with :meth:`FlowEngine.enter`,
            :meth:`FlowEngine.resume` or by setting ``flow.phase``), ``over``
            included; None: not declared. ``tests/test_flow.py`` checks the declared
            moves against the moves games make.
    """

    name: str
    decide: DecideFn
    apply: ApplyFn
    # never None once built: __init__ makes the default of ``apply`` (attrs' factory could
    # not see ``apply``; the own __init__ takes None for it, as for every factory field)
    answer: AnswerFn = factory(lambda: None)
    precedes: str = ""
    turn_rule: str = "B3.4"
    goes_to: frozenset[str] | None = None

    def __init__(self, name: str, decide: DecideFn, apply: ApplyFn,
                 answer: AnswerFn | None = None, precedes: str = "",
                 turn_rule: str = "B3.4", goes_to: Sequence[str] | None = None) -> None:
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "decide", decide)
        object.__setattr__(self, "apply", apply)
        object.__setattr__(self, "answer", answer if answer is not None
                           else check_then_apply(apply))
        object.__setattr__(self, "precedes", precedes)
        object.__setattr__(self, "turn_rule", turn_rule)
        object.__setattr__(self, "goes_to", None if goes_to is None else frozenset(goes_to))




@attr.frozen(repr=False, eq=False)
class FollowUp:
    """A decision a rules module asks of its own accord after a move (an aside: hooks
    ``aside`` and ``aside_apply``), beside the decisions the card language's statements
    declare: what a player, a bot author or a scenario-case writer must be ready to
    answer. The generated docs/dsl.md lists every shipped module's.

    Attributes:
        rule: the rule id it implements; kind: its decision kind (a key of
        :data:`elgrande.engine.decisions.KINDS`); when: when it is asked; answer: its
        answer form; step: how a scenario case answers it (``tests/cases/README.md``).
    """

    def __eq__(self, other: object) -> bool:
        return plain_eq(self, other)

    def __hash__(self) -> int:
        return plain_hash(self)

    def __repr__(self) -> str:  # shared, not compiled per class (the cold start)
        return plain_repr(self)

    rule: str
    kind: str
    when: str
    answer: str
    step: str


@attr.frozen(slots=True, repr=False, eq=False)
class RulesModule:
    """A set's rules: phases, hooks and the lasting-effect kinds it implements.

    Attributes:
        name: the module name the manifest uses (``rules: base``).
        phases: the phases it adds or replaces.
        hooks: hook name (a key of :data:`HOOKS`) -> function.
        lasting_kinds: the lasting-effect kinds (``keep KIND``) it gives meaning to.
        start: the phase a game starts in, if this module defines the round (the last
            module that names one wins); the phases modules insert before it
            (``precedes``) run first, in load order (a game's opening: deck choice, setup
            discs).
        placement_key: ``placement_key(state, player) -> hashable | None``: what, beside
            the board and the king's region, its ``placement_targets`` and
            ``placement_refused`` hooks depend on for ``player`` now (``()``: nothing
            else), or None when they must be folded afresh now; or ``()`` itself when they
            never depend on anything else (no call at all). With a key from every
            module having those hooks, the B4.3 placement decision's places and refusals
            are made once per key (:func:`elgrande.engine.court.placement_decision`); a
            module with those hooks and no ``placement_key`` (the default) has them
            folded at every placement.
        answer_docs: ``(decision kind, what this module's answers add)`` rows for the
            answer-forms table of the docs (``docs/dsl.md``), e.g. the keys a move entry may
            carry through its ``move_which`` hook.
        follow_ups: the asides its ``aside`` hook asks after a move (:class:`FollowUp`),
            for the docs and the scenario runner.
        scenario: the dotted name of the Python module whose ``SCENARIO``
            (:class:`~elgrande.engine.scenario_keys.ScenarioKeys`) holds this set's
            scenario-case keys, imported by the scenario runner only when a case needs it
            ("": none).
        rule_params: the parameters of its rules a card may change for a while
            (:class:`elgrande.dsl.rule_params.RuleParam`: name, value type, English, rule
            id and the hooks that read a change); registered for the checker, the
            English and the docs when the module is made.
        movers: piece kind -> its mover (:class:`elgrande.engine.pieces.Mover`) of the
            ``move`` statement; a later module's mover of a kind replaces an earlier one's.
        game_options: the game options it reads from ``state.ext["options"]`` (e.g.
            ``"beginner"``, I1): a game asking for an option no module in play reads is
            refused (:func:`elgrande.play.game.new_game`).
        hook_places: hook name (one of :data:`elgrande.engine.hooks.PLACED_HOOKS`) ->
            ``(board) -> Collection[str]``: the place ids that hook of this module may
            ever name or act on with that board (a fixed superset, e.g. the areas with a
            capacity, C4): the engine calls the hook only when a place in question is
            among them (:meth:`Rules.places_of`); a hook not listed may concern any place.
        holder_hooks: hooks of its own (of :data:`elgrande.engine.hooks.HOLDER_HOOKS`)
            that return the limit they are given unchanged on the turn of a player who
            does not hold the neutral caballeros (``state.neutral_holder``, e.g. C8): the
            engine skips them on such turns (:attr:`Rules.holder_only`).
    """

    name: str
    phases: tuple[Phase, ...] = ()
    hooks: Mapping[str, Callable[..., Any]] = attr.field(factory=dict)
    lasting_kinds: tuple[str, ...] = ()
    start: str = ""
    placement_key: Callable[[State, int], Any] | tuple[()] | None = None
    answer_docs: tuple[tuple[str, str], ...] = ()
    follow_ups: tuple[FollowUp, ...] = ()
    scenario: str = ""
    rule_params: tuple[RuleParam, ...] = ()
    movers: Mapping[str, Any] = attr.field(factory=dict)
    game_options: tuple[str, ...] = ()
    hook_places: Mapping[str, Callable[[Any], Collection[str]]] = attr.field(factory=dict)
    holder_hooks: tuple[str, ...] = ()

    def __attrs_post_init__(self) -> None:
        for h in self.hooks:
            if h not in HOOKS:
                raise ValueError(f"rules module {self.name!r}: unknown hook {h!r} "
                                 f"(known: {', '.join(sorted(HOOKS))})")
        for h in self.hook_places:
            if h not in PLACED_HOOKS or h not in self.hooks:
                raise ValueError(f"rules module {self.name!r}: hook_places names {h!r}, "
                                 f"not a hook of its own of {sorted(PLACED_HOOKS)}")
        for h in self.holder_hooks:
            if h not in HOLDER_HOOKS or h not in self.hooks:
                raise ValueError(f"rules module {self.name!r}: holder_hooks names {h!r}, "
                                 f"not a hook of its own of {sorted(HOLDER_HOOKS)}")
        for p in self.rule_params:
            for h in p.hooks:
                if h not in HOOKS:
                    raise ValueError(f"rules module {self.name!r}: rule parameter "
                                     f"{p.name!r} reads an unknown hook {h!r}")
            declare(p)


_REGISTERED: Final[dict[str, RulesModule]] = {}


def register_module(module: RulesModule) -> RulesModule:
    """Make ``module`` loadable by its name (for modules defined outside
    :mod:`elgrande.rules`, e.g. a test's toy module). Returns the module."""
    _REGISTERED[module.name] = module
    return module


def find_module(name: str) -> RulesModule:
    """The rules module called ``name``: registered, or ``elgrande.rules.<name>``'s
    ``MODULE``. Nothing outside that package is ever imported by name.

    Raises:
        DataError: no such module.
    """
    if name in _REGISTERED:
        return _REGISTERED[name]
    if not name.isidentifier():
        raise DataError("", f"bad rules module name {name!r}")
    try:
        mod = importlib.import_module(f"elgrande.rules.{name}")
    except ModuleNotFoundError:
        raise DataError("", f"unknown rules module {name!r}",
                        hint="a set's 'rules:' names a module of elgrande/rules/") from None
    module = getattr(mod, "MODULE", None)
    if not isinstance(module, RulesModule):
        raise DataError("", f"elgrande.rules.{name} defines no MODULE")
    _REGISTERED[name] = module
    return module


class Rules(ScoringRules):
    """The composed phases and hooks of the modules in play, in load order.

    Args:
        modules: the rules modules, in the order their sets load.
        rule_changes: the names of the rule parameters the cards in play change
            (:mod:`elgrande.engine.rule_params`): the hooks of those parameters are
            composed after every module's own; none when no card changes a rule (the
            game then pays nothing for them).
        durations: the durations of those changes: the hooks that end changes of each
            are composed last.
    Raises:
        DataError: no module defines where a game starts.
    """

    def __init__(self, modules: Sequence[RulesModule],
                 rule_changes: Collection[str] = (), durations: Collection[str] = ()) -> None:
        self.modules = tuple(modules)
        self.phases: dict[str, Phase] = {}
        self.replaced: dict[Phase, Phase] = {}
        #: phase name -> the phases inserted before it (``Phase.precedes``), in load order
        self.preceding: dict[str, list[str]] = {}
        self.hooks: dict[str, list[Callable[..., Any]]] = {h: [] for h in HOOKS}
        self.lasting_kinds: set[str] = set()
        self.start = ""
        for m in self.modules:
            for ph in m.phases:
                self._add_phase(ph)
            for h, fn in m.hooks.items():
                self.hooks[h].append(fn)
            self.lasting_kinds.update(m.lasting_kinds)
            self.start = m.start or self.start
        #: the game options the modules in play read (:attr:`RulesModule.game_options`)
        self.game_options = frozenset(o for m in self.modules for o in m.game_options)
        if not self.start:
            raise DataError("", "no rules module in play says how a round starts",
                            hint="load the base set first")
        #: the rule parameters the modules declare, by name; those the cards change
        self.rule_params = changes.declared(self.modules)
        self.changed = tuple(p for n, p in self.rule_params.items() if n in rule_changes)
        for p in self.changed:
            for h, fn in p.hooks.items():
                self.hooks[h].append(fn)
        for until in sorted(durations) if self.changed else ():
            for h, fn in changes.EXPIRY_HOOKS.get(until, {}).items():
                self.hooks[h].append(fn)
        #: hook -> the modules' ``hook_places`` functions of it, None when some function
        #: composed into it says none (a rule change's, an expiry's, a module's without
        #: them: it may concern any place); :meth:`places_of`
        self._placed: dict[str, list[Callable[[Any], Collection[str]]] | None] = {}
        for h in PLACED_HOOKS:
            says = [m.hook_places[h] for m in self.modules if h in m.hook_places]
            self._placed[h] = says if len(says) == len(self.hooks[h]) else None
        self._places_of: dict[tuple[str, int], tuple[Any, frozenset[str] | None]] = {}
        #: the hooks of :data:`~elgrande.engine.hooks.HOLDER_HOOKS` that every module with
        #: the hook declares for the neutral caballeros' holder alone
        #: (``RulesModule.holder_hooks``): on another player's turn, while ``state.lasting``
        #: is empty (a rule change's function changes nothing then), the hook returns the
        #: limit unchanged and its callers skip it (known: each function composed into it
        #: returns the limit it is given)
        self.holder_only: frozenset[str] = frozenset(
            h for h in HOLDER_HOOKS
            if any(h in m.hooks for m in self.modules)
            and all(h in m.holder_hooks for m in self.modules if h in m.hooks))
        #: ``"court_limit" in holder_only`` and ``"placement_limit" in holder_only``, read at
        #: every turn (no set look-up; False first: the other games pay one test)
        self.court_limit_holder = "court_limit" in self.holder_only
        self.placement_limit_holder = "placement_limit" in self.holder_only
        #: the placement memo's key of the changes (None: no change moves placements)
        self.param_placement_key: Callable[[State, int], Any] | None = \
            changes.placement_key if any(p.placement_key for p in self.changed) else None
        self.names = tuple(m.name for m in self.modules)
        #: the ``scoring_places`` hooks of the modules and changes with a scoring hook, in
        #: order; None when one of those does not say (:meth:`scoring_places`)
        self._scoring_places: list[Callable[..., Any]] | None = []
        for hooks in [*(m.hooks for m in self.modules), *(p.hooks for p in self.changed)]:
            if "ranking_counts" in hooks or "area_bonus" in hooks:
                where = hooks.get("scoring_places")
                if where is None:
                    self._scoring_places = None
                    break
                self._scoring_places.append(where)
        #: the game's movers by piece kind (``RulesModule.movers``, later modules win)
        self.movers: dict[str, Any] = {k: v for m in self.modules for k, v in m.movers.items()}
        #: every hook composed as :data:`HOOK_KINDS` says, one callable taking the hook's
        #: arguments (``ctx`` first): None when no module implements it, the one module's
        #: function itself when one does (no dispatch at all)
        self.composed: dict[str, Callable[..., Any] | None] = {
            h: _COMPOSE[HOOK_KINDS[h]](self.hooks[h]) for h in HOOK_KINDS}
        c = self.composed
        #: ``aside(ctx, run) -> Aside | None``: the last module that answers wins; None
        #: when no module asks side decisions (the driver then asks nothing)
        self.asides: Callable[[HookContext, Run | None], Aside | None] | None = c["aside"]
        #: module name -> its ``aside_apply`` hook (only the module that asked is called)
        self.aside_appliers: dict[str, Callable[..., None]] = {
            m.name: m.hooks["aside_apply"] for m in self.modules if "aside_apply" in m.hooks}
        # The hooks the driver, the rules modules, the primitives and a scoring call at
        # every turn, decision, caballero moved or place scored (see HOOK_GROUPS).
        self.round_start: Callable[..., None] | None = c["round_start"]
        self.turn_start: Callable[..., None] | None = c["turn_start"]
        self.card_taken: Callable[..., None] | None = c["card_taken"]
        self.special_action_done: Callable[..., None] | None = c["special_action_done"]
        self.turn_end: Callable[..., None] | None = c["turn_end"]
        self.round_end: Callable[..., None] | None = c["round_end"]
        self.court_limit: Callable[..., Any] | None = c["court_limit"]
        self.placement_limit: Callable[..., Any] | None = c["placement_limit"]
        #: ``placement_limit`` and ``turn_end`` of the modules' own hooks, without the rule
        #: changes' and their expiry's (these read and end the live changes only,
        #: ``RuleParam.hooks``, :mod:`elgrande.engine.rule_params`: while ``state.lasting``
        #: is empty they change nothing); the composed hook itself when none was added
        self.modules_placement_limit: Callable[..., Any] | None = \
            self._modules_only("placement_limit") if self.changed else self.placement_limit
        self.modules_turn_end: Callable[..., None] | None = \
            self._modules_only("turn_end") if self.changed else self.turn_end
        self.placement_targets: Callable[..., Any] | None = c["placement_targets"]
        self.placement_refused: Callable[..., Any] | None = c["placement_refused"]
        self.placement_room: Callable[..., Any] | None = c["placement_room"]
        self.adjacent: Callable[..., bool] | None = c["adjacent"]
        self.movable: Callable[..., int] | None = c["movable"]
        self.sendable: Callable[..., int] | None = c["sendable"]
        self.move_which: Callable[..., dict[str, Any]] | None = c["move_which"]
        self.leaving: Callable[..., None] | None = c["leaving"]
        self.leave: Callable[..., None] | None = c["leave"]
        self.arrive: Callable[..., None] | None = c["arrive"]
        self.moved: Callable[..., None] | None = c["moved"]
        self.relocated: Callable[..., None] | None = c["relocated"]
        self.ranking_counts: Callable[..., tuple[list[int], list[int]]] | None = \
            c["ranking_counts"]
        self.area_bonus: Callable[..., list[tuple[int, str, int]]] | None = c["area_bonus"]
        self.scoring_step: Callable[..., None] | None = c["scoring_step"]
        self.scored: Callable[..., None] | None = c["scored"]
        #: some module hears of caballeros moving (``leaving``, ``leave``, ``arrive``,
        #: ``moved``): else a move calls none of them and makes no hook context
        self.hears_moves = bool(self.leaving or self.leave or self.arrive or self.moved)
        #: some module changes a place's scoring (``ranking_counts`` or ``area_bonus``):
        #: else a scoring calls neither (their composition would change nothing)
        self.scoring_hooks = bool(self.hooks["ranking_counts"] or self.hooks["area_bonus"])

    def _modules_only(self, hook: str) -> Callable[..., Any] | None:
        """The modules' own ``hook`` functions composed, without the rule changes' and
        their expiry's (``self.composed[hook]`` when those added none to it)."""
        own = [m.hooks[hook] for m in self.modules if hook in m.hooks]
        if len(own) == len(self.hooks[hook]):
            return self.composed[hook]
        return _COMPOSE[HOOK_KINDS[hook]](own)

    def places_of(self, hook: str, board: Any) -> frozenset[str] | None:
        """The place ids hook ``hook`` (one of :data:`~elgrande.engine.hooks.PLACED_HOOKS`)
        may ever name or act on with ``board``: the union of the modules' ``hook_places``
        (made once per board); None when some function composed into it says none (it may
        concern any place: call it always). A caller skips the hook when none of the
        places in question is among them."""
        key = (hook, id(board))
        got = self._places_of.get(key)
        if got is not None and got[0] is board:
            return got[1]
        says = self._placed[hook]
        places = None if says is None else frozenset(p for fn in says for p in fn(board))
        self._places_of[key] = (board, places)
        return places

    def _add_phase(self, ph: Phase) -> None:
        """Register ``ph``; a phase replacing an earlier one of the same name keeps its
        place among the phases inserted before the same phase (so one of them runs, once)
        and leaves any other chain."""
        if ph.name in self.phases:
            self.replaced[ph] = self.phases[ph.name]
        self.phases[ph.name] = ph
        for target, chain in self.preceding.items():
            if ph.name in chain and target != ph.precedes:
                chain.remove(ph.name)
        if ph.precedes:
            chain = self.preceding.setdefault(ph.precedes, [])
            if ph.name not in chain:
                chain.append(ph.name)

    def goes_to(self, name: str) -> frozenset[str] | None:
        """The phases phase ``name`` may move the flow to, as declared (``Phase.goes_to``):
        its own and those of the phases it replaced (it carries them out), each entered
        phase's inserted phases (:meth:`FlowEngine.enter` runs them first) and, for an
        inserted phase, the rest of its chain and the phase it precedes
        (:meth:`FlowEngine.resume`); None when one of them declares nothing.
        """
        ph: Phase | None = self.phases[name]
        out: set[str] = set()
        while ph is not None:
            if ph.goes_to is None:
                return None
            out |= ph.goes_to
            if ph.precedes:
                out |= set(self.preceding.get(ph.precedes, ())) | {ph.precedes}
            ph = self.replaced.get(ph)
        for target in list(out):
            out.update(self.preceding.get(target, ()))
        return frozenset(out)

    def apply_aside(self, ctx: HookContext, aside: Aside, answer: Any) -> None:
        """Hand ``answer`` (checked and normalised by ``aside.decision``) to the
        ``aside_apply`` hook of the module that asked ``aside``.

        Raises:
            KeyError: no module in play of that name applies asides (a saved game's
            load checks refuse such an aside first).
        """
        self.aside_appliers[aside.module](ctx, aside, answer)

    def beneath(self, ph: Phase) -> Phase:
        """The phase ``ph`` replaced: the one an earlier module registered under its name,
        so that a replacing phase can carry out what it wraps (two modules that both
        replace a phase then compose, in load order).

        Raises:
            KeyError: ``ph`` replaced no phase.
        """
        return self.replaced[ph]

    def phase(self, name: str) -> Phase:
        """The phase called ``name``.

        Raises:
            KeyError: no module registers it.
        """
        return self.phases[name]

    def fold(self, hook: str, ctx: Any, *args: Any) -> Any:
        """``hook`` folded (:data:`HOOK_KINDS`): the value is the last of ``args``, passed
        through every module's ``hook`` in load order (``value = fn(ctx, *own, value)``);
        returned unchanged when no module implements it."""
        fn = self.composed[hook]
        return args[-1] if fn is None else fn(ctx, *args)

    def each(self, hook: str, ctx: Any, *args: Any) -> None:
        """Call every module's ``hook`` with ``(ctx, *args)``."""
        fn = self.composed[hook]
        if fn is not None:
            fn(ctx, *args)

    def collect(self, hook: str, ctx: Any, *args: Any) -> list[Any]:
        """Concatenate what every module's ``hook`` returns (lists)."""
        fn = self.composed[hook]
        return [] if fn is None else list(fn(ctx, *args))

    def last(self, hook: str, ctx: Any, *args: Any) -> Any:
        """What the last module whose ``hook`` answers (not None) returns, else None."""
        fn = self.composed[hook]
        return None if fn is None else fn(ctx, *args)

    # -- the scoring protocol of elgrande.model.scoring --
    def scoring_places(self, ctx: Any) -> set[int] | None:
        """The places whose scoring the ``ranking_counts`` and ``area_bonus`` hooks may
        change now: the ``scoring_places`` of the modules (see :data:`HOOKS`), or None
        (every place) when a module with those hooks does not say."""
        fns = self._scoring_places  # (found once, at composition: no generators per call)
        if fns is None:
            return None
        places: set[int] = set()
        for fn in fns:
            places.update(fn(ctx))
        return places

    def scoring_order(self, ctx: Any, places: list[int]) -> list[int]:
        """Compose ``scoring_order`` (see :data:`HOOKS`)."""
        return list(self.fold("scoring_order", ctx, places))

    def castillo_emptied(self, ctx: Any, discs: Sequence[int], moves: Sequence[Any]) -> None:
        """Call every ``castillo_emptied`` hook (see :data:`HOOKS`)."""
        self.each("castillo_emptied", ctx, discs, moves)


def _each(fns: Sequence[Callable[..., Any]]) -> Callable[..., Any] | None:
    """The hooks ``fns`` composed as *each* (:data:`HOOK_KINDS`): None for none, the one
    function itself, else one callable calling every one with the same arguments."""
    if len(fns) <= 1:
        return fns[0] if fns else None
    seq = tuple(fns)

    def each(ctx: Any, *args: Any) -> None:
        for fn in seq:
            fn(ctx, *args)

    return each


def _fold(fns: Sequence[Callable[..., Any]]) -> Callable[..., Any] | None:
    """The hooks ``fns`` composed as *fold*: the value folded is the last argument
    (``value = fn(ctx, *own, value)`` in order); None for none, the one function itself,
    else one callable of the same arguments."""
    if len(fns) <= 1:
        return fns[0] if fns else None
    seq = tuple(fns)
    first, second = seq[0], seq[1]
    two = len(seq) == 2

    def fold(ctx: Any, value: Any, *more: Any) -> Any:
        if not more:  # the value alone (a limit folded): no arguments packed or unpacked
            if two:  # (two hooks, the common case: no loop)
                return second(ctx, first(ctx, value))
            for fn in seq:
                value = fn(ctx, value)
            return value
        args = (value, *more)
        own, value = args[:-1], args[-1]
        for fn in seq:
            value = fn(ctx, *own, value)
        return value

    return fold


def _collect(fns: Sequence[Callable[..., Any]]) -> Callable[..., Any] | None:
    """The hooks ``fns`` composed as *collect*: their lists concatenated."""
    if len(fns) <= 1:
        return fns[0] if fns else None
    seq = tuple(fns)

    def collect(ctx: Any, *args: Any) -> list[Any]:
        out: list[Any] = []
        for fn in seq:
            out.extend(fn(ctx, *args))
        return out

    return collect


def _last(fns: Sequence[Callable[..., Any]]) -> Callable[..., Any] | None:
    """The hooks ``fns`` composed as *last*: what the last one that answers (not None)
    returns, else None."""
    if len(fns) <= 1:
        return fns[0] if fns else None
    seq = tuple(reversed(fns))

    def last(ctx: Any, *args: Any) -> Any:
        for fn in seq:
            v = fn(ctx, *args)
            if v is not None:
                return v
        return None

    return last


def _merge(fns: Sequence[Callable[..., Any]]) -> Callable[..., Any] | None:
    """The hooks ``fns`` composed as *merge*: their ``{key: {key2: value}}`` answers merged
    (a later module's inner entries win)."""
    if len(fns) <= 1:
        return fns[0] if fns else None
    seq = tuple(fns)

    def merge(ctx: Any, *args: Any) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for fn in seq:
            for k, inner in (fn(ctx, *args) or {}).items():
                out.setdefault(k, {}).update(inner)
        return out

    return merge


#: The composition of each kind of hook (:data:`HOOK_KINDS`).
_COMPOSE: Final[dict[str, Callable[[Sequence[Callable[..., Any]]],
                                   Callable[..., Any] | None]]] = {
    "each": _each, "fold": _fold, "collect": _collect, "last": _last, "merge": _merge,
    # own: only the module that asked is called (Rules.aside_appliers), never composed
    "own": lambda fns: None}


def load_rules(module_names: Sequence[str], lasting_kinds: Sequence[str] = (),
               extra: Sequence[RulesModule] = (),
               scripts: Mapping[str, Any] | None = None,
               facts: Facts | None = None) -> Rules:
    """Compose the rules modules ``module_names`` (the board's ``rules_modules``).

    Args:
        module_names: module names in load order.
        lasting_kinds: the lasting-effect kinds the cards may use (from the manifests);
            each must be implemented by a module in play.
        extra: modules loaded after them that no set names (the engine's triggers,
            :mod:`elgrande.engine.triggers`).
        scripts: the cards' scripts (card id -> parsed script): the rule parameters they
            change must be declared by a module in play (None: no card changes a rule).
        facts: the scripts' :data:`~elgrande.dsl.script_facts.Facts` (the library's, from
            its cache: only the scripts that change a rule are walked), or None.
    Raises:
        DataError: an unknown module, no start phase, or a lasting kind no module
        implements.
        CardError: a card changes a rule parameter no module in play declares, or
        gives it a value of the wrong type (``E-RULE-...``).
    """
    modules = [*(find_module(n) for n in module_names), *extra]
    used, durations = changes.used(scripts, changes.declared(modules), facts) if scripts else \
        (set(), set())
    rules = Rules(modules, used, durations)
    missing = [k for k in lasting_kinds if k not in rules.lasting_kinds]
    if missing:
        raise DataError("", f"lasting-effect kind(s) {', '.join(missing)} have no rules "
                        "module to give them meaning")
    return rules
