"""Rules modules: how a card set changes the game (DESIGN.md 2a).

A set's manifest names its rules module (``rules: base``); loading the set turns the
module on. A :class:`RulesModule` registers

- **phases**: named steps of the flow, each a ``decide`` (what to ask now, or move the flow
  on and ask nothing) and an ``apply`` (carry out a checked answer). A module may add
  phases, insert one before another (``precedes="court"``: it runs whenever the flow
  enters that phase), or replace a phase of an earlier module by registering the same
  name; a phase may declare the phases it moves the flow to (``goes_to``);
- **hooks**: named extension points, each with one signature (:data:`HOOKS`), called by
  the driver, the rules modules and the primitives, composed in the order the modules
  load (see :class:`Rules`);
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

import importlib
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Final

import attr
import attrs

from elgrande.errors import DataError

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


# attr.s (not attrs.frozen): mypyc makes it a native class, whose fields compiled code reads
# directly (README, "Compiled build"); init=False and an __init__ of its own, which mypyc
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
        answer: optional ``answer(engine, state, flow, player, raw, events)`` that takes the
            raw answer itself (it must check it before changing anything), for phases that
            hand answers on (a special action's interpreter). Default: check with the
            pending decision, then ``apply``.
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
    answer: AnswerFn | None = None
    precedes: str = ""
    turn_rule: str = "B3.4"
    goes_to: frozenset[str] | None = None

    def __init__(self, name: str, decide: DecideFn, apply: ApplyFn,
                 answer: AnswerFn | None = None, precedes: str = "",
                 turn_rule: str = "B3.4", goes_to: Sequence[str] | None = None) -> None:
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "decide", decide)
        object.__setattr__(self, "apply", apply)
        object.__setattr__(self, "answer", answer)
        object.__setattr__(self, "precedes", precedes)
        object.__setattr__(self, "turn_rule", turn_rule)
        object.__setattr__(self, "goes_to", None if goes_to is None else frozenset(goes_to))


#: Every hook: name -> (signature, what a module returns, how the modules compose).
HOOKS: dict[str, str] = {
    "setup": "setup(engine, state, flow, rng, start_player, events) -> None: place pieces, "
             "deal hands and shuffle at the start (B2; start_player is None or the seat "
             "that plays first, B2.5); every module in load order.",
    "initial_hand": "initial_hand(board) -> list[int] | None: the cards a player holds at "
                    "the start (B1.3); the last module that answers wins.",
    "offer": "offer(engine, state, flow, cards) -> list[str]: the action cards open this "
             "round (B3.1); each module transforms the list of the one before.",
    "placement_targets": "placement_targets(engine, state, player, places) -> list[int]: "
                         "where caballeros from court may go with an action card's number "
                         "(B4.3, B5.1); each module transforms the list.",
    "placement_room": "placement_room(state, board, player, room) -> dict[place id, [n, "
                      "rule, message]]: the most caballeros a place may still take from "
                      "court (a capacity), with the rule a refusal cites; folded.",
    "placement_refused": "placement_refused(state, board, player, refused) -> dict[place id, "
                         "[rule, message]]: why places that are not placement targets are "
                         "refused (B4.3 refusals citing a module's rule); folded.",
    "king_places": "king_places(board, places) -> list[int]: the places the king may stand "
                   "in beside the mainland regions (B5, an expansion's areas); folded.",
    "grande_places": "grande_places(board, places) -> list[int]: the places a Grande may "
                     "be moved to beside the mainland regions (B1.2, an expansion's areas; "
                     "never the Castillo); folded.",
    "sendable": "sendable(state, board, place, owner, decider, n) -> int: how many of "
                "owner's n caballeros in a place an effect of decider may send to the "
                "provinces or court (B8.7); folded.",
    "placement_limit": "placement_limit(engine, state, player, limit) -> int: how many "
                       "caballeros may be placed from court this turn (B4.3); folded.",
    "adjacent": "adjacent(state, board, a, b, adjacent) -> bool: whether places a and b "
                "count as adjacent now (B5.1; a lasting change of the map, e.g. a bridge); "
                "folded over the board's adjacency.",
    "court_limit": "court_limit(engine, state, player, limit) -> int: how many caballeros "
                   "may come to court this turn (B4.1); folded.",
    "arrive": "arrive(state, board, place, player, n) -> None: caballeros arrived in a "
              "place (roles, seats, carriers); every module.",
    "leave": "leave(state, board, place, player, n) -> None: caballeros left a place; "
             "every module.",
    "moved": "moved(state, board, src, dst, player, n, decider) -> None: a special action "
             "moved n of player's caballeros from src to dst (after the ``leave`` and "
             "``arrive`` hooks heard of it; B8.2); every module.",
    "relocated": "relocated(ctx, options, moves) -> None: the answer to a special action's "
                 "move_caballeros decision was applied (``options``: the decision's; "
                 "``moves``: (from, to, player, n) or, for kinds a module declared, (from, to, "
                 "player, n, (key, value)); B8.2); every module.",
    "ranking_counts": "ranking_counts(state, board, place, who, counts) -> (who, counts): "
                      "who counts in a place's ranking and with how many (B6.5; seated "
                      "caballeros, officers not counted, neutral caballeros); folded.",
    "area_bonus": "area_bonus(state, board, place, first_only) -> list[(participant, "
                  "reason, points)]: bonuses paid in a place beside the ranking (B6.6-B6.7 "
                  "are the base game's own); concatenated.",
    "scoring_places": "scoring_places(state, board) -> list[int]: the places whose "
                      "scoring this module's ``ranking_counts`` and ``area_bonus`` may change "
                      "now (a general scoring calls them for these only; a module with those "
                      "hooks and without this one has them called everywhere); concatenated.",
    "scoring_order": "scoring_order(board, places) -> list[int]: the order of a general "
                     "scoring after the Castillo (B6.4); folded.",
    "castillo_emptied": "castillo_emptied(state, board, discs, moves) -> None: after the "
                        "Castillo's caballeros went to their discs' regions (B6.3); every "
                        "module.",
    "board_summary": "board_summary(state, board, names) -> list[str]: lines the log's "
                     "board summary after a general scoring adds for a module's pieces "
                     "(B6; an expansion's areas, offices, discs), indented by four "
                     "spaces; concatenated.",
    "log_changes": "log_changes(state, board, names, seen) -> list[(anchor, line)]: lines "
                   "the log adds for what an answer changed that no event says (e.g. who "
                   "holds an office), each after the answer's last line naming anchor; "
                   "``seen``: a dict kept per log, where the module notes what it told "
                   "(nothing to tell when it had noted nothing yet); concatenated.",
    "scored": "scored(state, board, places) -> None: a scoring (general or special) of "
              "these places is over (B6, B8.6); every module.",
    "turn_start": "turn_start(engine, state, flow, events) -> None: a turn begins (B4); "
                  "every module.",
    "special_done": "special_done(engine, state, flow, events) -> None: the special action "
                    "of the turn's action card was carried out (B4.4: not declined, not "
                    "cancelled); every module.",
    "round_end": "round_end(engine, state, flow, events) -> None: a round's turns are over "
                 "(B3.5); every module.",
    "aside": "aside(ctx, run) -> Aside | None: a side decision (elgrande.engine.context."
             "Aside) a module asks of its own accord before the next statement of a special "
             "action (``run``: the interpreter's position; ``ctx.flow`` None) or, with "
             "``run`` None, before the flow's phase decides (between phases, e.g. after a "
             "court step); the driver pushes it on the run's or the flow's stack of asides "
             "and asks it first. It must be asked again, the same, from the same position "
             "(a saved game's load checks ask it again). The last module that answers wins.",
    "aside_apply": "aside_apply(ctx, aside, answer) -> None: apply an answer, already "
                   "checked and normalised by ``aside.decision``, to an aside this module "
                   "asked (``aside.module``); only that module's hook is called.",
    "move_which": "move_which(state, board, sources) -> dict[place id, dict[player, [key, "
                  "[[value, n], ...]]]]: for a move_caballeros decision's ``sources`` "
                  "({place id: {player: n}}; also a send_caballeros decision's places, "
                  "one owner: its parts may name the kinds), which kinds of those "
                  "caballeros a move entry may name with ``key`` (a move entry's extra "
                  "key declared by the module, e.g. which caballero leaves), each "
                  "``value`` with how many of the n are of that kind (the kinds' n add up "
                  "to the n), listed in the order an entry naming none takes them; only "
                  "where there is a real choice; merged.",
    "leaving": "leaving(state, board, place, player, n, key, value) -> None: n of player's "
               "caballeros are about to leave a place as a move entry (or a send's part) "
               "named them (``key``: ``value``, declared by ``move_which``), before their "
               "counts are lowered and the ``leave`` hooks hear of it; every module.",
    "movable": "movable(state, board, place, owner, decider, to, n) -> int: how many of "
               "owner's n caballeros in a place an effect of decider may move to the places "
               "``to`` (ids; B8.2); folded.",
    "case_position": "case_position(case, key, value) -> bool: set up a scenario case's "
                     "position key the base format lacks (e.g. a module's pieces) on "
                     "``case.state``; True when handled (tools/scenario.py).",
    "case_step": "case_step(case, name) -> step function | None: a scenario step this "
                 "module runs itself (``fn(case, arg)``), before the built-in one.",
    "case_expect": "case_expect(case, key, value, before) -> list[str] | None: the "
                   "differences for an expectation key of this module (None: not "
                   "handled).",
    "check_saved": "check_saved(library, state_json, flow_json, players) -> None: check "
                   "this module's own parts of a saved game being loaded (its ``state.ext`` "
                   "pieces, its ``flow.parts`` part; plain data whose types the loader "
                   "checked against the attrs classes) and raise SavedGameError "
                   "(elgrande.errors) naming the bad field; run on load only; every module.",
    "hide": "hide(state_json, flow_json, viewer) -> None: remove from a view what the "
            "viewer may not see or derive (B8.5a), in place; every module.",
    "determinise": "determinise(engine, state, flow, viewer, view, rng) -> None: draw the "
                   "hidden things of a game rebuilt from a view (for search bots); every "
                   "module, in load order.",
}


@attrs.frozen
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

    rule: str
    kind: str
    when: str
    answer: str
    step: str


@attrs.frozen(slots=True, repr=False, eq=False)
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
            are made once per key (:func:`elgrande.rules.base.placement_decision`); a
            module with those hooks and no ``placement_key`` (the default) has them
            folded at every placement.
        answer_docs: ``(decision kind, what this module's answers add)`` rows for the
            answer-forms table of the docs (``docs/dsl.md``), e.g. the keys a move entry may
            carry through its ``move_which`` hook.
        follow_ups: the asides its ``aside`` hook asks after a move (:class:`FollowUp`),
            for the docs and the scenario runner.
    """

    name: str
    phases: tuple[Phase, ...] = ()
    hooks: Mapping[str, Callable[..., Any]] = attrs.field(factory=dict)
    lasting_kinds: tuple[str, ...] = ()
    start: str = ""
    placement_key: Callable[[State, int], Any] | tuple[()] | None = None
    answer_docs: tuple[tuple[str, str], ...] = ()
    follow_ups: tuple[FollowUp, ...] = ()

    def __attrs_post_init__(self) -> None:
        for h in self.hooks:
            if h not in HOOKS:
                raise ValueError(f"rules module {self.name!r}: unknown hook {h!r} "
                                 f"(known: {', '.join(sorted(HOOKS))})")


_REGISTERED: dict[str, RulesModule] = {}


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


class Rules:
    """The composed phases and hooks of the modules in play, in load order.

    Args:
        modules: the rules modules, in the order their sets load.
    Raises:
        DataError: no module defines where a game starts.
    """

    def __init__(self, modules: Sequence[RulesModule]) -> None:
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
        if not self.start:
            raise DataError("", "no rules module in play says how a round starts",
                            hint="load the base set first")
        self.names = tuple(m.name for m in self.modules)
        self.has_moves = bool(self.hooks["arrive"] or self.hooks["leave"])
        #: ``aside(ctx, run) -> Aside | None``: the last module that answers wins; None
        #: when no module asks side decisions (the driver then asks nothing)
        self.asides: Callable[[HookContext, Run | None], Aside | None] | None = \
            self.last_of("aside")
        #: module name -> its ``aside_apply`` hook
        self.aside_appliers: dict[str, Callable[..., None]] = {
            m.name: m.hooks["aside_apply"] for m in self.modules if "aside_apply" in m.hooks}
        # The hooks called for every caballero moved and every place scored, composed
        # (see HOOKS): the one module's function itself when only one implements it.
        #: ``arrive(state, board, place, player, n)``: every module's hook.
        self.arrive: Callable[..., None] = self._single("arrive") or self._arrive
        #: ``leave(state, board, place, player, n)``: every module's hook.
        self.leave: Callable[..., None] = self._single("leave") or self._leave
        #: ``ranking_counts(state, board, place, who, counts) -> (who, counts)``: folded.
        self.ranking_counts: Callable[..., tuple[list[int], list[int]]] = \
            self._single("ranking_counts") or self._ranking_counts
        #: ``area_bonus(state, board, place, first_only) -> [(participant, reason,
        #: points)]``: concatenated.
        self.area_bonus: Callable[..., list[tuple[int, str, int]]] = \
            self._single("area_bonus") or self._area_bonus
        #: some module changes a place's scoring (``ranking_counts`` or ``area_bonus``):
        #: else a scoring calls neither (their composition would change nothing)
        self.scoring_hooks = bool(self.hooks["ranking_counts"] or self.hooks["area_bonus"])
        # The hooks the driver and the rules modules call at every turn or decision,
        # composed once (see HOOKS): None when no module implements one, the one module's
        # function itself when one does, else a callable of the hook's own arity (no
        # argument tuple per call, unlike fold/each).
        #: ``turn_start(engine, state, flow, events)``: every module's hook (B4).
        self.turn_start: Callable[[FlowEngine, State, Flow, Events], None] | None = \
            _compose4(self.hooks["turn_start"])
        #: ``special_done(engine, state, flow, events)``: every module's hook (B4.4).
        self.special_done: Callable[[FlowEngine, State, Flow, Events], None] | None = \
            _compose4(self.hooks["special_done"])
        #: ``round_end(engine, state, flow, events)``: every module's hook (B3.5).
        self.round_end: Callable[[FlowEngine, State, Flow, Events], None] | None = \
            _compose4(self.hooks["round_end"])
        #: ``court_limit(engine, state, player, limit) -> limit``: folded (B4.1).
        self.court_limit: Callable[[FlowEngine, State, int, Any], Any] | None = \
            _compose4(self.hooks["court_limit"], folds=True)
        #: ``placement_limit(engine, state, player, limit) -> limit``: folded (B4.3).
        self.placement_limit: Callable[[FlowEngine, State, int, Any], Any] | None = \
            _compose4(self.hooks["placement_limit"], folds=True)
        #: ``placement_targets(engine, state, player, places) -> places``: folded (B4.3).
        self.placement_targets: Callable[[FlowEngine, State, int, Any], Any] | None = \
            _compose4(self.hooks["placement_targets"], folds=True)
        #: ``placement_refused(state, board, player, refused) -> refused``: folded (B4.3).
        self.placement_refused: Callable[[State, Any, int, Any], Any] | None = \
            _compose4(self.hooks["placement_refused"], folds=True)
        #: ``placement_room(state, board, player, room) -> room``: folded (B4.3).
        self.placement_room: Callable[[State, Any, int, Any], Any] | None = \
            _compose4(self.hooks["placement_room"], folds=True)
        # The hooks of the special actions' moves, sends and placements (engine.primitives)
        #: ``movable(state, board, place, owner, decider, to, n) -> n``: folded (B8.2).
        self.movable: Callable[[State, Any, int, int, int, list[str], int], int] | None = \
            _compose7(self.hooks["movable"], folds=True)
        #: ``sendable(state, board, place, owner, decider, n) -> n``: folded (B8.7).
        self.sendable: Callable[[State, Any, int, int, int, int], int] | None = \
            _compose6(self.hooks["sendable"])
        #: ``move_which(state, board, sources) -> {place: {player: [key, kinds]}}``:
        #: merged (B8.2); None when no module names kinds of caballeros.
        self.move_which: Callable[[State, Any, Any], dict[str, Any]] | None = \
            self._single("move_which") or (self._move_which if self.hooks["move_which"]
                                           else None)
        #: ``moved(state, board, src, dst, player, n, decider)``: every module's hook (B8.2).
        self.moved: Callable[[State, Any, int, int, int, int, int], None] | None = \
            _compose7(self.hooks["moved"])

    def _single(self, hook: str) -> Callable[..., Any] | None:
        """The function of the one module implementing ``hook``, else None."""
        fns = self.hooks[hook]
        return fns[0] if len(fns) == 1 else None

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

    def fold(self, hook: str, value: Any, *args: Any) -> Any:
        """Pass ``value`` through every module's ``hook`` in load order:
        ``value = fn(*args, value)``."""
        for fn in self.hooks[hook]:
            # one tuple made, not a list grown then turned into one (what mypyc makes of
            # ``fn(*args, value)``): a fold runs at every placement and court step
            value = fn(*(args + (value,)))
        return value

    def each(self, hook: str, *args: Any) -> None:
        """Call every module's ``hook`` with ``args``."""
        for fn in self.hooks[hook]:
            fn(*args)

    def collect(self, hook: str, *args: Any) -> list[Any]:
        """Concatenate what every module's ``hook`` returns (lists)."""
        out: list[Any] = []
        for fn in self.hooks[hook]:
            out.extend(fn(*args))
        return out

    def last(self, hook: str, *args: Any) -> Any:
        """What the last module whose ``hook`` answers (not None) returns, else None."""
        for fn in reversed(self.hooks[hook]):
            v = fn(*args)
            if v is not None:
                return v
        return None

    def last_of(self, hook: str) -> Callable[..., Any] | None:
        """``hook`` composed as :meth:`last` composes it, as one callable taking the
        hook's arguments: the function itself when one module implements it (the common
        case: no dispatch at all), None when none does. For the hooks the driver and the
        interpreter call at every step (``aside``)."""
        fns: tuple[Callable[..., Any], ...] = tuple(reversed(self.hooks[hook]))
        if not fns:
            return None
        if len(fns) == 1:
            return fns[0]

        def last(*args: Any) -> Any:
            for fn in fns:
                v = fn(*args)
                if v is not None:
                    return v
            return None

        return last

    # -- the scoring protocol of elgrande.model.scoring --
    def _ranking_counts(self, state: Any, board: Any, place: int, who: list[int],
                        counts: list[int]) -> tuple[list[int], list[int]]:
        """Compose ``ranking_counts`` (see :data:`HOOKS`)."""
        for fn in self.hooks["ranking_counts"]:
            who, counts = fn(state, board, place, who, counts)
        return who, counts

    def _area_bonus(self, state: Any, board: Any, place: int,
                    first_only: bool) -> list[tuple[int, str, int]]:
        """Compose ``area_bonus`` (see :data:`HOOKS`)."""
        if not self.hooks["area_bonus"]:
            return []
        return self.collect("area_bonus", state, board, place, first_only)

    def scoring_places(self, state: Any, board: Any) -> set[int] | None:
        """The places whose scoring the ``ranking_counts`` and ``area_bonus`` hooks may
        change now: the ``scoring_places`` of the modules (see :data:`HOOKS`), or None
        (every place) when a module with those hooks does not say."""
        places: set[int] = set()
        for m in self.modules:
            hooks = m.hooks
            if "ranking_counts" in hooks or "area_bonus" in hooks:
                fn = hooks.get("scoring_places")
                if fn is None:
                    return None
                places.update(fn(state, board))
        return places

    def scoring_order(self, board: Any, places: list[int]) -> list[int]:
        """Compose ``scoring_order`` (see :data:`HOOKS`)."""
        return list(self.fold("scoring_order", places, board))

    def castillo_emptied(self, state: Any, board: Any, discs: Sequence[int],
                         moves: Sequence[Any]) -> None:
        """Call every ``castillo_emptied`` hook (see :data:`HOOKS`)."""
        self.each("castillo_emptied", state, board, discs, moves)

    def _move_which(self, state: Any, board: Any, sources: Any) -> dict[str, Any]:
        """Merge every ``move_which`` hook's answer (see :data:`HOOKS`)."""
        out: dict[str, Any] = {}
        for fn in self.hooks["move_which"]:
            for src, owners in (fn(state, board, sources) or {}).items():
                out.setdefault(src, {}).update(owners)
        return out

    def _arrive(self, state: Any, board: Any, place: int, player: int, n: int) -> None:
        """Call every ``arrive`` hook (see :data:`HOOKS`)."""
        for fn in self.hooks["arrive"]:
            fn(state, board, place, player, n)

    def _leave(self, state: Any, board: Any, place: int, player: int, n: int) -> None:
        """Call every ``leave`` hook (see :data:`HOOKS`)."""
        for fn in self.hooks["leave"]:
            fn(state, board, place, player, n)


def _compose4(fns: Sequence[Callable[..., Any]],
              folds: bool = False) -> Callable[[Any, Any, Any, Any], Any] | None:
    """The hooks ``fns`` of four arguments composed as :meth:`Rules.each` composes them,
    or with ``folds`` as :meth:`Rules.fold` does (the value folded is the fourth argument:
    ``value = fn(a, b, c, value)`` in order): None for none, the one function itself, else
    one callable of the same four arguments."""
    if not fns:
        return None
    if len(fns) == 1:
        return fns[0]
    seq = tuple(fns)
    if folds:
        def fold(a: Any, b: Any, c: Any, value: Any) -> Any:
            for fn in seq:
                value = fn(a, b, c, value)
            return value

        return fold

    def each(a: Any, b: Any, c: Any, d: Any) -> None:
        for fn in seq:
            fn(a, b, c, d)

    return each


def _compose6(fns: Sequence[Callable[..., Any]]) -> Callable[..., Any] | None:
    """The hooks ``fns`` of six arguments composed as :meth:`Rules.fold` composes them
    (the value folded is the sixth argument: ``value = fn(a, b, c, d, e, value)`` in
    order): None for none, the one function itself, else one callable of the same six
    arguments."""
    if len(fns) <= 1:
        return fns[0] if fns else None
    seq = tuple(fns)

    def fold(a: Any, b: Any, c: Any, d: Any, e: Any, value: Any) -> Any:
        for fn in seq:
            value = fn(a, b, c, d, e, value)
        return value

    return fold


def _compose7(fns: Sequence[Callable[..., Any]],
              folds: bool = False) -> Callable[..., Any] | None:
    """The hooks ``fns`` of seven arguments composed as :meth:`Rules.each` composes them,
    or with ``folds`` as :meth:`Rules.fold` does (the value folded is the seventh
    argument): None for none, the one function itself, else one callable of the same
    seven arguments."""
    if len(fns) <= 1:
        return fns[0] if fns else None
    seq = tuple(fns)
    if folds:
        def fold(a: Any, b: Any, c: Any, d: Any, e: Any, f: Any, value: Any) -> Any:
            for fn in seq:
                value = fn(a, b, c, d, e, f, value)
            return value

        return fold

    def each(a: Any, b: Any, c: Any, d: Any, e: Any, f: Any, g: Any) -> None:
        for fn in seq:
            fn(a, b, c, d, e, f, g)

    return each


def load_rules(module_names: Sequence[str], lasting_kinds: Sequence[str] = ()) -> Rules:
    """Compose the rules modules ``module_names`` (the board's ``rules_modules``).

    Args:
        module_names: module names in load order.
        lasting_kinds: the lasting-effect kinds the cards may use (from the manifests);
            each must be implemented by a module in play.
    Raises:
        DataError: an unknown module, no start phase, or a lasting kind no module
        implements.
    """
    rules = Rules([find_module(n) for n in module_names])
    missing = [k for k in lasting_kinds if k not in rules.lasting_kinds]
    if missing:
        raise DataError("", f"lasting-effect kind(s) {', '.join(missing)} have no rules "
                        "module to give them meaning")
    return rules
