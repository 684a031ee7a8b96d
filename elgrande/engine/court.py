"""Bringing caballeros to court (B4.1) and placing them from court (B4.3, B5.1, B5.2): the
decisions and their application, the one code path of these rules. The base game's turn
phases (:mod:`elgrande.rules.base`), the card language's ``move`` of caballeros from the
provinces to court and from court to regions (:mod:`elgrande.engine.caballero_moves`), the
scenario runner and the tools all call these functions.

The board facts they build on (where court caballeros may go, turn order) are pure rules in
:mod:`elgrande.model.placement`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from elgrande.engine.decisions import Decision
from elgrande.engine.decisions.decision import new_decision
from elgrande.engine.modules import Events, Rules, RulesModule
from elgrande.engine.sinks import events_read
from elgrande.model import placement
from elgrande.model.board import SPACE, Board
from elgrande.model.counted import counted
from elgrande.model.hook_context import HookContext
from elgrande.model.state import State


class PlacingEngine:
    """What the placement rules use of the flow driver: the base class of
    :class:`elgrande.engine.flow.FlowEngine` (which runs the primitives that call this
    module, so it is named by this class, not imported), which sets these fields and gives
    ``hooks``; a class, not a protocol, so that the compiled build reads the fields natively
    (docs/compiled.md)."""

    board: Board
    rules: Rules
    memo: dict[str, Any]
    last_hooks: HookContext | None

    def hooks(self, state: State, player: int, flow: Any = None,
              events: Events | None = None) -> HookContext:
        """The hook context of ``player``'s step (:meth:`FlowEngine.hooks`)."""
        raise NotImplementedError


# -- bring to court (B4.1) ---------------------------------------------------------------------
def apply_court(state: State, board: Board, player: int, answer: dict[str, Any],
                rules: Any = None, events: list[dict[str, Any]] | None = None,
                hooks: HookContext | None = None) -> None:
    """Bring ``player``'s caballeros to court as a checked bring_to_court answer says:
    ``{"provinces": k, "regions": {region id: n}}`` (B4.1); the rules modules' ``leave``
    hooks hear of each departure from a region, called with ``hooks`` (made of the
    arguments when None; their events go to ``events``)."""
    state.provinces[player] -= answer["provinces"]
    state.court[player] += answer["provinces"]
    leave = rules.leave if rules is not None else None
    if leave is not None and hooks is None:
        hooks = HookContext(state, board, [] if events is None else events, player)
    for r, n in answer["regions"].items():
        state.add_caballeros(board.index[r], player, -n)
        state.court[player] += n
        if leave is not None:
            leave(hooks, board.index[r], player, n)



class BoardCache:
    """What the court and placement decisions derive from one board, built once per board
    (:func:`board_cache`) and filled as kings' regions come up: decisions are never changed
    once made, so they share their refusals.

    Attributes:
        board: the board it was built from.
        ids: the place ids by place index.
        bring: by king's region, the refusals of a bring_to_court decision (B4.1) and the
            regions caballeros may come from (in scoring order, not the king's).
        place: by (king's region, the places in reach), the refusals of a placement from
            court (B5.1, B5.2) before the rules modules' ``placement_refused``.
    """

    board: Board
    ids: tuple[str, ...]
    bring: dict[int, tuple[dict[str, list[str]], tuple[int, ...]]]
    place: dict[tuple[int, tuple[int, ...]], dict[str, list[str]]]

    def __init__(self, board: Board) -> None:
        self.board = board
        self.ids = tuple(p.id for p in board.places)
        self.bring = {}
        self.place = {}


#: The cache of each board by ``id(board)`` (the board kept in it checks the id's owner).
_CACHES: Final[dict[int, BoardCache]] = {}


def board_cache(board: Board) -> BoardCache:
    """The :class:`BoardCache` of ``board``, built at its first use."""
    c = _CACHES.get(id(board))
    if c is None or c.board is not board:
        c = _CACHES[id(board)] = BoardCache(board)
    return c


def court_decision(state: State, board: Board, player: int, limit: int) -> Decision | None:
    """The B4.1 decision "bring up to ``limit`` caballeros to court" for ``player``, or
    None when nothing can come. Used by the primitive and by the turn flow."""
    s, b = state, board
    king, cab = s.king, s.caballeros
    cache = _CACHES.get(id(b))  # board_cache's common case inline (no call)
    if cache is None or cache.board is not b:
        cache = board_cache(b)
    ids = cache.ids
    known = cache.bring.get(king)
    if known is None:  # the same for every decision with this king: shared
        why = {ids[b.castillo]: ["B4.1", "caballeros in the Castillo cannot be brought to "
                                 "court"]}
        if king >= 0:
            why[ids[king]] = ["B4.1", "caballeros cannot leave the king's region (B5.2)"]
        known = cache.bring[king] = (why, tuple(  # regions and areas, never a space
            r for r in b.scoring_order if r != king and b.places[r].kind != SPACE))
    if limit <= 0:
        return None
    own: dict[str, int] = {}
    for r in known[1]:  # (a loop: no comprehension function made per decision)
        n = cab[r][player]
        if n:
            own[ids[r]] = n
    provinces = s.provinces[player]
    if provinces == 0 and not own:
        return None
    prompt = _BRING_PROMPTS.get(limit)
    if prompt is None:  # strings never change: made once per limit
        prompt = _BRING_PROMPTS[limit] = f"Bring up to {counted(limit, 'caballero')} to court"
    return new_decision("bring_to_court", [player], prompt, {
        "limit": limit, "provinces": provinces, "regions": own, "refused": known[0]}, "B4.1")


# -- place from court (B4.3, B5.1, B5.2) ---------------------------------------------------------
def apply_placement(state: State, board: Board, player: int, to: dict[str, int],
                    rules: Any = None, events: list[dict[str, Any]] | None = None,
                    hooks: HookContext | None = None) -> None:
    """Move ``player``'s caballeros from court to ``{region id: caballeros}`` (an answer
    already checked by its place_caballeros decision: B4.3, B5.1, B5.2); the rules
    modules' ``arrive`` hooks hear of each arrival, called with ``hooks`` (made of the
    arguments when None; their events go to ``events``)."""
    arrive = rules.arrive if rules is not None else None
    if arrive is not None and hooks is None:
        hooks = HookContext(state, board, [] if events is None else events, player)
    for r, n in to.items():
        state.court[player] -= n
        state.add_caballeros(board.index[r], player, n)
        if arrive is not None:
            arrive(hooks, board.index[r], player, n)



def placement_targets(engine: PlacingEngine, state: State, player: int) -> list[int]:
    """Where ``player`` may place caballeros from court with an action card's number:
    the regions adjacent to the king's region and the Castillo (B4.3, B5.1), as the rules
    modules in play change it (hook ``placement_targets``). Never the king's region (B5.2).
    """
    targets = placement.placement_targets(state, engine.board)
    fold = engine.rules.placement_targets
    if fold is None:
        return targets  # the king's region is never one of them
    out = fold(engine.hooks(state, player), targets)
    return [t for t in out if t != state.king]


#: The key of the placement decisions made so far in ``FlowEngine.memo``: see
#: :func:`_placement_memo`.
_PLACEMENT_MEMO: Final = "base.placement"
#: The memo key of the placement decisions made whole and shared (decisions never change
#: once made): by (placement key, player, limit), those no ``placement_room`` fold changes.
_DECIDED_MEMO: Final = "base.placement_decisions"
#: The memo key of the places the ``placement_room`` hook may name with the engine's board
#: and rules (:meth:`elgrande.engine.modules.Rules.places_of`; None: any place).
_ROOM_MEMO: Final = "base.room_places"
#: Not yet known (a memo's default).
_UNKNOWN: Final = object()


def _placement_memo(engine: PlacingEngine) -> tuple[dict[Any, Any], tuple[Any, ...] | None]:
    """The places and refusals of the placement decisions made so far with ``engine``'s
    board and rules (B4.3): ``(made, keys)``, ``made`` by (king's region, the modules'
    keys) -> ``(place ids, refusals)``, ``keys`` the ``placement_key`` functions of the
    modules with ``placement_targets`` or ``placement_refused`` hooks, in load order (not
    the constant keys ``()``), None when one of those modules gives no key (nothing made
    is kept)."""
    memo: tuple[dict[Any, Any], tuple[Any, ...] | None] | None = \
        engine.memo.get(_PLACEMENT_MEMO)
    if memo is None:
        memo = engine.memo[_PLACEMENT_MEMO] = ({}, placement_keys(engine.rules.modules))
    return memo


def placement_keys(modules: Sequence[RulesModule]) -> tuple[Any, ...] | None:
    """The ``placement_key`` functions of the rules modules ``modules`` (in load order)
    that have ``placement_targets`` or ``placement_refused`` hooks, the constant keys
    ``()`` left out; None when one of those modules gives no key (B4.3: its placement
    decisions are then folded afresh every time)."""
    given = [m.placement_key for m in modules
             if "placement_targets" in m.hooks or "placement_refused" in m.hooks]
    return None if None in given else tuple(k for k in given if k != ())


def placement_places(engine: PlacingEngine, state: State,
                     player: int) -> tuple[list[str], dict[str, list[str]]]:
    """The places (ids) ``player`` may place caballeros in from court now and why the others
    are refused (place id -> [rule, message]), folded afresh through the modules'
    ``placement_targets`` and ``placement_refused`` hooks (B4.3, B5.1, B5.2)."""
    b = engine.board
    targets = placement_targets(engine, state, player)
    made = board_cache(b).place
    key = (state.king, tuple(targets))
    known = made.get(key)
    if known is None:  # the same for every placement with this king and these targets
        refused = {b.place_id(r): ["B5.1", f"{b.places[r].name} is not adjacent to the "
                                   "king's region"] for r in b.regions if r not in targets}
        if state.king >= 0:
            refused[b.place_id(state.king)] = ["B5.2", "the king's region is closed"]
        if len(made) < 10_000:
            made[key] = refused
    else:
        refused = known
    fold = engine.rules.placement_refused
    if fold is not None:
        refused = fold(engine.hooks(state, player), dict(refused))
    return [b.places[r].id for r in targets], refused


def placement_decision(engine: PlacingEngine, state: State, player: int,
                       limit: int) -> Decision | None:
    """The B4.3 decision "place up to ``limit`` caballeros from court next to the king or
    in the Castillo" for ``player``, or None when nothing can be placed. Its places and
    refusals are :func:`placement_places`, made once per king's region and the modules'
    ``placement_key`` (:class:`elgrande.engine.modules.RulesModule`) and shared: decisions
    are never changed once made; folded afresh while a card's change of where placements
    go lasts (:func:`elgrande.engine.rule_params.placement_key`). The decision itself is
    made once per (that key, ``player``, limit) and handed out again when no
    ``placement_room`` fold applies to it (at most 10,000 kept per engine)."""
    limit = min(limit, state.court[player])
    if limit <= 0:
        return None
    memo = engine.memo.get(_PLACEMENT_MEMO)  # _placement_memo's common case (no call)
    made, keys = _placement_memo(engine) if memo is None else memo
    key: Any = None
    if keys is not None:
        if not keys:
            key = state.king
        elif len(keys) == 1:
            k = keys[0](state, player)
            key = None if k is None else (state.king, k)
        else:
            ks = tuple(fn(state, player) for fn in keys)
            key = None if any(k is None for k in ks) else (state.king, ks)
    changed = engine.rules.param_placement_key  # a card's rule change lasts: fold afresh
    # (none lasts at all, the common case: its key is () without the call)
    if changed is not None and key is not None and state.lasting \
            and changed(state, player) is None:
        key = None
    decided: dict[Any, Decision] | None = None
    if key is not None:
        decided = engine.memo.get(_DECIDED_MEMO)
        if decided is None:
            decided = engine.memo[_DECIDED_MEMO] = {}
        d = decided.get((key, player, limit))
        if d is not None:  # made whole before (no placement_room fold applied to it)
            return d
        hit = made.get(key)
    else:
        hit = None
    if hit is None:
        hit = placement_places(engine, state, player)
        if key is not None and len(made) < 10_000:
            made[key] = hit
    to, refused = hit
    options = {"to": to[:], "min": 0, "max": limit, "refused": refused}
    fold = engine.rules.placement_room
    if fold is not None:  # folded only when a place in reach may be named (hook_places)
        near = engine.memo.get(_ROOM_MEMO, _UNKNOWN)
        if near is _UNKNOWN:
            near = engine.memo[_ROOM_MEMO] = engine.rules.places_of("placement_room",
                                                                    engine.board)
        if near is not None and near.isdisjoint(to):
            fold = None
    if fold is not None:
        h = engine.last_hooks  # FlowEngine.hooks' common case inline (no call)
        if h is None or h.state is not state or h.player != player:
            h = engine.hooks(state, player)
        room: dict[str, Any] = {}
        for k, v in fold(h, {}).items():  # the places in reach only (a loop: no
            if k in to:  # comprehension function made per placement)
                room[k] = v
        if room:
            options["room"] = room
    prompt = _PLACE_PROMPTS.get(limit)
    if prompt is None:  # strings never change: made once per limit
        prompt = _PLACE_PROMPTS[limit] = (f"Place up to {counted(limit, 'caballero')} from "
                                          "your court "
                                          "next to the king or in the Castillo")
    d = new_decision("place_caballeros", [player], prompt, options, "B4.3")
    if decided is not None and fold is None and len(decided) < 10_000:
        decided[(key, player, limit)] = d  # shared: the same for this key, player and limit
    return d


#: The prompts of :func:`court_decision` and :func:`placement_decision` by their limit.
_BRING_PROMPTS: Final[dict[int, str]] = {}
_PLACE_PROMPTS: Final[dict[int, str]] = {}


def apply_placement_answer(engine: PlacingEngine, state: State, player: int,
                           to: dict[str, int], events: Events) -> None:
    """Place caballeros as a checked :func:`placement_decision` answer says (B4.3)."""
    if engine.rules.arrive is None:  # no module hears of an arrival (the base game)
        apply_placement(state, engine.board, player, to)
    else:
        h = engine.last_hooks  # FlowEngine.hooks' common case inline (no call)
        if h is not None and h.state is state and h.player == player:
            h.events = events
        else:
            h = engine.hooks(state, player, None, events)
        apply_placement(state, engine.board, player, to, engine.rules, events, h)
    if events_read(events):
        events.append({"event": "place", "player": player, "to": dict(to)})

