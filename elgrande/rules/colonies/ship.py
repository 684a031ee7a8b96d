"""The ship moves (C5, C6, C7, C11): the single moves a player may make at the start of the
turn (sailing to the ports and coastal regions, boarding, a disc taken, the office holders'
moves), carrying one out (a disc delivered to a region scores at once, C7) and the ship
phase, inserted before every turn's court phase.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from elgrande.engine.decisions import Decision
from elgrande.engine.flow import Flow, FlowEngine
from elgrande.engine.modules import Events
from elgrande.model.board import Board
from elgrande.model.state import State
from elgrande.rules.colonies.figures import (
    _LAST,
    AREA,
    EMPTY,
    NAME,
    TAKE,
    ColoniesBoard,
    MoveKey,
    _Dests,
    _Plan,
    _total,
    colonies_board,
    figures,
    ship_figures,
)
from elgrande.rules.colonies.inquisitor import BONUS
from elgrande.rules.colonies.offices import OFFICE_KEY, SKIP
from elgrande.rules.colonies.pieces import Pieces, _carriers, own_pieces
from elgrande.rules.colonies.ship_labels import _as_move, _key_label, _move_key, _move_label

#: The phase of the ship moves, inserted before every turn's court phase (C5).
SHIP: Final = "ship"


def _ship_plan(board: Board) -> _Plan | None:
    """The board's fixed figures of the ship moves (C4, C5; :class:`_Plan`), cached per
    board and figures. None without a ship."""
    g = colonies_board(board)
    if g.planned:
        return g.plan
    fig = g.fig
    ship = ship_figures(board)
    ship_id = ship.get("area")
    plan: _Plan | None = None
    if ship_id in board.index:
        ports = [str(x) for x in ship.get("ports") or []]
        cap = fig.capacity
        dests = [(r, board.index[r], int(cap[r]) if r in cap else -1)
                 for r in [*ports, *(board.places[x].id for x in board.regions
                                     if board.places[x].coastal)]
                 if r != ship_id]
        boarding = [(a, board.index[a]) for a in ports
                    if board.places[board.index[a]].kind == AREA and a not in cap]
        keys: list[MoveKey] = [(a, str(ship_id), None) for a, _ in boarding]
        plan = _Plan(str(ship_id), board.index[ship_id], ports, dests, boarding,
                     [None, *(d.id for d in fig.discs)], keys,
                     [_key_label(board, m) for m in keys])
    g.plan = plan
    g.planned = True
    return plan


def ship_moves(engine: FlowEngine, state: State, player: int) -> list[dict[str, Any]]:
    """The single ship moves ``player`` may make now (C5-C7), each a mapping ``{"from",
    "to", "disc"}`` (``disc``: the disc the moving caballero carries, or None) or a disc to
    take ``{"take": disc, "in": area}``. Ship caballeros sail to the ship's ports (France
    only while the king borders it, C4, and while it has room) or a coastal region (not
    the king's, B5.2); caballeros in the ports that are areas board the ship; each
    caballero moves once a turn (C5). A caballero that is no officer and carries nothing
    may take a free disc lying where it is (C7; the Viceroy cannot carry, C6). Last, the
    office holders' moves, with ``"office": id``: the Captain sailing or the Viceroy
    boarding rather than a plain caballero (C11), the Viceroy giving up the office to take
    a disc (C6); so the other moves keep the indices they had before these were offered."""
    return [_as_move(k) for k in _ship_keys(engine, state, player)]


def _ship_keys(engine: FlowEngine, state: State, player: int,
               labels: list[str] | None = None) -> list[MoveKey]:
    """:func:`ship_moves` as move keys, in the same order (no mapping made); with
    ``labels``, each move's label (:func:`_move_label`) is appended to it."""
    b = engine.board
    ext = state.ext.get(NAME)
    if type(ext) is not Pieces:  # (own_pieces' common case inline: no call)
        ext = own_pieces(state, b)
    g = _LAST[0] if _LAST and _LAST[0].board is b else colonies_board(b)
    plan = g.plan if g.planned else _ship_plan(b)
    if plan is None:
        return []
    ship_id = plan.ship
    caballeros = state.caballeros
    carriers: list[Any] = ext.carriers
    mine = carriers
    if carriers:  # the player's carriers (a loop: no comprehension's function made)
        mine = []
        for c in carriers:
            if c[1] == player:
                mine.append(c)
    aboard_n = caballeros[plan.ship_i][player]
    # (nobody aboard or in a port to board from: no move, without an early return here;
    # _ship_decide tests that case inline, before the call)
    sailed: dict[str, int] = ext.sailed or _NONE
    out: list[MoveKey] = []
    officers: list[MoveKey] = []  # the office holders' moves (C6, C11)
    aboard: Sequence[str | None]
    if mine:
        aboard = _sailing(aboard_n, ship_id, mine, sailed, plan.discs)
    else:  # _sailing without carriers, inline
        aboard = _PLAIN if aboard_n - sailed.get(ship_id, 0) > 0 else ()
    if aboard:
        k = state.king
        dd = g.dests.get(k)
        if dd is None:
            dd = _dests(g, plan, k)
        for disc in aboard:
            if disc is None:
                keys, texts = dd.keys, dd.labels
            else:
                keys, texts = _disc_dests(b, dd, ship_id, disc)
            full = None  # the positions of the full capped destinations
            for j, i, cap in dd.capped:  # an area with room for so many (France, C4)
                held = state.neutral[i]  # (room_left(state, i, cap) > 0, inline)
                for c in caballeros[i]:
                    held += c
                if cap <= held:
                    full = [j] if full is None else [*full, j]
            if full is not None:
                for j, m in enumerate(keys):
                    if j not in full:
                        out.append(m)
                        if labels is not None:
                            labels.append(texts[j])
            else:
                out += keys
                if labels is not None:
                    labels += texts
        holders = ext.offices
        for o in g.arriving[plan.ship_i]:  # C11: the Captain may sail rather than a
            if holders[o] == player:  # plain one (only when the player holds it: no call)
                for o2 in _officers_moving(ext, g, plan.ship_i, player, aboard_n, sailed):
                    for r, i, cap in dd.dests:
                        if cap < 0 or cap > _total(caballeros[i]) + state.neutral[i]:
                            officers.append((ship_id, r, None, o2))
                break
    free_discs: dict[str, Any] = ext.free
    for j, (a, i) in enumerate(plan.boarding):
        here = caballeros[i][player]
        if not here:
            continue  # nobody of the player's here: no boarding, no disc taken
        if g.arriving[i]:  # C11: the Viceroy may board rather than a plain one
            holders = ext.offices
            for o in g.arriving[i]:  # (only when the player holds one here: no call)
                if holders[o] == player:
                    for o2 in _officers_moving(ext, g, i, player, here, sailed):
                        officers.append((a, ship_id, None, o2))
                    break
        if mine:
            for disc in _sailing(here, a, mine, sailed, plan.discs):
                m = plan.boarding_keys[j] if disc is None else (a, ship_id, disc)
                out.append(m)
                if labels is not None:
                    labels.append(plan.boarding_labels[j] if disc is None
                                  else _key_label(b, m))
        elif here - sailed.get(a, 0) > 0:
            out.append(plan.boarding_keys[j])
            if labels is not None:
                labels.append(plan.boarding_labels[j])
        free = free_discs.get(a)
        if free and any(free.values()):
            for m in _take_keys(state, b, player, a, free):
                if len(m) == 2:
                    out.append(m)  # (and its label when asked: no call per key)
                    if labels is not None:  # (_key_label's common case inline: no call)
                        labels.append(g.labels.get(m) or _key_label(b, m))
                else:
                    officers.append(m)
    for m in officers:  # an office holder's moves last: the others keep their indices
        out.append(m)  # (and its label when asked: no call per key)
        if labels is not None:  # (_key_label's common case inline: no call)
            labels.append(g.labels.get(m) or _key_label(b, m))
    return out


def _officers_moving(ext: Pieces, g: ColoniesBoard, i: int, player: int, here: int,
                     sailed: dict[str, int]) -> list[str]:
    """C5, C11: the offices of place ``i`` whose holder, ``player``'s, may make a ship move
    there as the mover's choice: it has not moved this turn (it did not take the office on
    arriving) and a plain caballero of theirs is there too (otherwise the plain move is the
    officer's; a move naming none moves a plain one)."""
    held: list[str] = []
    holders = ext.offices
    for o in g.arriving[i]:  # (a loop: no comprehension's function made)
        if holders[o] == player:
            held.append(o)
    if not held:
        return held
    pid = g.ids[i]
    plain = here - len(held) - (_carriers(ext, pid, player) if ext.carriers else 0)
    if plain <= 0:
        return []
    return [o for o in held if not sailed.get(f"{pid}:{o}")]


#: The discs a caballero that carries nothing sails with: none (C5).
_PLAIN: Final[tuple[str | None, ...]] = (None,)

#: No ship move (a constant, never written).
_NO_MOVES: Final[list[MoveKey]] = []

#: What sailed when nothing did (a constant, never written; no cache).
_NONE: Final[dict[str, int]] = {}


def _sailing(here: int, place: str, mine: list[Any], sailed: dict[str, int],
             discs: list[str | None]) -> list[str | None]:
    """The discs (None: carrying nothing) a caballero of the player in ``place`` (``here``
    of theirs there; ``mine``: the player's carriers ``[area, player, disc]``) may sail
    with: one that has not moved this turn (C5)."""
    got: list[str | None] = []
    at = 0  # the player's carriers here
    for c in mine:
        if c[0] == place:
            at += 1
    if here - at - sailed.get(place, 0) > 0:
        got.append(None)
    if at:
        for d in discs:
            if d is None:
                continue
            n = 0
            for c in mine:
                if c[0] == place and c[2] == d:
                    n += 1
            # the key of what sailed is made only for a disc carried here (most are not)
            if n > 0 and n - sailed.get(f"{place}:{d}", 0) > 0:
                got.append(d)
    return got


def _dests(g: ColoniesBoard, plan: _Plan, k: int) -> _Dests:
    """The ship's destinations with the king in ``k`` (:class:`_Dests`), kept in ``g``."""
    b = g.board
    dests = [(r, i, cap) for r, i, cap in plan.dests
             if i != k and (cap < 0 or b.adjacent(k, i))]
    keys: list[MoveKey] = [(plan.ship, r, None) for r, _, _ in dests]
    capped = [(j, i, cap) for j, (_, i, cap) in enumerate(dests) if cap >= 0]
    got = g.dests[k] = _Dests(dests, capped, keys,
                              [_key_label(b, m) for m in keys], {})
    return got


def _disc_dests(b: Board, dd: _Dests, ship_id: str,
                disc: str) -> tuple[list[MoveKey], list[str]]:
    """The move keys and labels of a ship caballero carrying ``disc`` sailing to each of
    ``dd.dests`` (C5, C7), kept in ``dd``."""
    got = dd.by_disc.get(disc)
    if got is None:
        keys: list[MoveKey] = [(ship_id, r, disc) for r, _, _ in dd.dests]
        got = dd.by_disc[disc] = (keys, [_key_label(b, m) for m in keys])
    return got


def disc_takes(state: State, board: Board, player: int, area: str,
               free: dict[str, int]) -> list[dict[str, Any]]:
    """The discs of ``free`` (disc id -> n lying in ``area``) a caballero of ``player``
    there may take (C7): one that carries nothing and holds no office (the Viceroy cannot
    carry, C6; the Captain is never a carrier, C5), one disc each: moves ``{"take": disc,
    "in": area}``; or an office holder there who gives up the office to carry it (C6: the
    office stays empty until an arrival): ``{"take": disc, "in": area, "office": id}``."""
    return [_as_move(k) for k in _take_keys(state, board, player, area, free)]


def _take_keys(state: State, board: Board, player: int, area: str,
               free: dict[str, int]) -> list[MoveKey]:
    """:func:`disc_takes` as move keys ``(disc, area)``."""
    ext = state.ext.get(NAME)
    if type(ext) is not Pieces:  # (own_pieces' common case inline: no call)
        ext = own_pieces(state, board)
    i = board.index[area]
    plain = state.caballeros[i][player]
    if plain <= 0:
        return []  # no caballero there, so no plain one
    g = _LAST[0] if _LAST and _LAST[0].board is board else colonies_board(board)
    held: list[str] = []
    for o in g.offices[i]:
        if ext.offices[o.id] == player:
            plain -= 1  # an officer
            held.append(o.id)
    for c in ext.carriers:
        if c[0] == area and c[1] == player:
            plain -= 1  # a carrier (_carriers)
    out: list[MoveKey] = []
    for d in g.discs:
        if free.get(d, 0) > 0:
            if plain > 0:
                out.append((d, area))
            for o_id in held:  # C6: the officer may give up the office to carry
                out.append((TAKE, d, area, o_id))
    return out


def _ship_decide(engine: FlowEngine, state: State, flow: Flow,
                 events: Events) -> Decision | None:
    """C5: at the start of the turn, ask for one ship move at a time (answer: the index of
    a label; 0 ends the ship moves)."""
    p = flow.turn_order[flow.turn_i]  # Flow.actor inline (a turn's phase: no property call)
    labels = ["no more ship moves"]
    b = engine.board
    g = _LAST[0] if _LAST and _LAST[0].board is b else colonies_board(b)
    plan = g.plan if g.planned else _ship_plan(b)
    moves = _NO_MOVES
    if plan is not None:  # the moves only when p has somebody aboard or in a port to
        row = state.caballeros  # board from (a carrier is one of them): else none, no call
        if row[plan.ship_i][p]:
            moves = _ship_keys(engine, state, p, labels)
        else:
            for _, i in plan.boarding:
                if row[i][p]:
                    moves = _ship_keys(engine, state, p, labels)
                    break
    if not moves:
        engine.resume(flow)
        if flow.phase == BONUS and state.neutral_holder != p:  # the bonus phase next would
            ext = state.ext.get(NAME)  # ask nothing (C8: not the Inquisitor's holder): its
            if type(ext) is not Pieces:  # step taken here, without its call (_bonus_decide)
                ext = own_pieces(state, engine.board)
            ext.bonus = ""
            engine.resume(flow)
        return None
    options: dict[str, Any] = {"labels": labels}
    for m in moves:  # (a loop: no generator made)
        if len(m) != 4:
            break
    else:  # only an office holder's moves (C6, C11)
        options[SKIP] = 0
    d = Decision("choose_option", [p], "Ship moves (C5): choose one, or stop", options, "C5")
    _ASKED.clear()  # (no slice assignment: the compiled build makes a slice object)
    _ASKED.append(d)
    _ASKED.append(state)
    _ASKED.append(moves)
    return d


def apply_ship_move(engine: FlowEngine, state: State, player: int, m: dict[str, Any],
                    events: Events, label: str | None = None) -> None:
    """Carry out one of :func:`ship_moves` (C5-C7): a disc brought to a mainland region
    scores its points at once and returns to the supply (C7); a carrier takes no office
    (C5, C6). ``label``: the move's label (:func:`_move_label`) when the caller has it."""
    if label is None:
        label = _move_label(engine.board, m)
    _apply_ship_key(engine, state, player, _move_key(m), events, label)


def _apply_ship_key(engine: FlowEngine, state: State, player: int, key: MoveKey,
                    events: Events, label: str) -> None:
    """:func:`apply_ship_move` of a move key (:data:`MoveKey`) with its label."""
    b = engine.board
    ext = state.ext.get(NAME)
    if type(ext) is not Pieces:  # (own_pieces' common case inline: no call)
        ext = own_pieces(state, b)
    kind = len(key)  # 2: a disc taken; 3: a move; 4: an office holder's (one len call)
    if kind == 2 or key[0] == TAKE:  # a disc taken
        take, area = (key[0], key[1]) if kind == 2 else (key[1], key[2])
        ev_take: dict[str, Any] = {"event": "take_disc", "player": player, "disc": take,
                                   "place": area, "text": "{who}: " + label + "."}
        if kind == 4:  # C6: the office holder gives up the office to carry
            ext.offices[key[3]] = EMPTY
            ev_take[OFFICE_KEY] = key[3]
        ext.free[area][take] -= 1
        ext.carriers.append([area, player, take])
        events.append(ev_take)
        return
    src_id, dst_id, disc = key[0], key[1], key[2]
    src, dst = b.index[src_id], b.index[dst_id]
    if disc:
        ext.carriers.remove([src_id, player, disc])
    hooks = engine.last_hooks  # FlowEngine.hooks' common case inline (no call)
    if hooks is not None and hooks.state is state and hooks.player == player:
        hooks.events = events
    else:
        hooks = engine.hooks(state, player, None, events)
    rules = engine.rules  # (the composed hooks called as Rules.each calls them)
    if kind == 4 and rules.leaving is not None:  # C11: the office holder leaves (its
        rules.leaving(hooks, src, player, 1, OFFICE_KEY, key[3])  # office stays empty)
    state.add_caballeros(src, player, -1)
    if rules.leave is not None:
        rules.leave(hooks, src, player, 1)
    state.add_caballeros(dst, player, 1)
    if disc:
        ext.carrying = 1
    arriving = (_LAST[0] if _LAST and _LAST[0].board is b else colonies_board(b)).arriving[dst]
    empty: list[str] = []  # the offices empty before the arrival (a loop, as above)
    for o in arriving:
        if ext.offices[o] == EMPTY:
            empty.append(o)
    if rules.arrive is not None:
        rules.arrive(hooks, dst, player, 1)
    ext.carrying = None
    sail = dst_id if not disc else f"{dst_id}:{disc}"
    ev: dict[str, Any] = {"event": "ship_move", "player": player, "from": src_id,
                          "to": dst_id, "disc": disc, "text": "{who}: " + label + "."}
    if kind == 4:
        ev[OFFICE_KEY] = key[3]
    if disc and b.is_region(dst):
        d = next(x for x in figures(b).discs if x.id == disc)
        state.scores[player] += d.points
        ext.supply[disc] = ext.supply.get(disc, 0) + 1
        ev["points"] = d.points
        ev["text"] += f" The {disc} is delivered: {d.points} points."
        sail = dst_id
    elif disc:
        ext.carriers.append([dst_id, player, disc])
    sailed = ext.sailed
    if sailed is None:
        sailed = ext.sailed = {}
    sailed[sail] = sailed.get(sail, 0) + 1
    for o in empty:  # an office taken on arrival: its holder has moved this turn (C5)
        if ext.offices[o] == player:
            sailed[f"{dst_id}:{o}"] = 1
    events.append(ev)


#: The last ship decision asked, the state it was asked on and its moves (C5, as move
#: keys), so that its answer need not list the moves again; empty once answered. A cache
#: keyed on the decision and the state (checked by identity), not the board.
_ASKED: Final[list[Any]] = []


def _ship_apply(engine: FlowEngine, state: State, flow: Flow, player: int, norm: Any,
                events: Events) -> None:
    if norm == 0:
        engine.resume(flow)
        return
    asked = _ASKED
    d = flow.pending
    if asked and d is not None and asked[0] is d and asked[1] is state:
        key: MoveKey = asked[2][norm - 1]  # the moves of the decision answered, same state
        _ASKED.clear()
        # (its label: _ship_decide made both)
        _apply_ship_key(engine, state, player, key, events, d.options["labels"][norm])
        return
    move = ship_moves(engine, state, player)[norm - 1]
    _ASKED.clear()
    apply_ship_move(engine, state, player, move, events)
