"""I2: the setup disc (one caballero from court to a secretly chosen region; the king's
region chosen: it stays in court, B5.2)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from elgrande.engine.decisions import Decision
from elgrande.engine.flow import Flow, FlowEngine
from elgrande.engine.modules import Events
from elgrande.engine.primitives import apply_placement
from elgrande.model.board import Board
from elgrande.model.seats import seat
from elgrande.model.state import State
from elgrande.rules.intrigue_king.cards import _CACHES, SETUP_DISC, cache_of

if TYPE_CHECKING:
    pass


# -- I2: the setup disc ------------------------------------------------------------------------
def setup_disc_decision(board: Board, state: State, answered: set[int]) -> Decision:
    """The I2 secret-disc decision of the players not in ``answered``: a mainland region
    for the setup disc's caballeros. Made once per players asked with the board of the
    library's :class:`~elgrande.rules.intrigue_king.cards.Cache` and shared (decisions
    never change once made)."""
    remaining = [p for p in range(state.players) if p not in answered]
    last = _CACHES.last
    key = (SETUP_DISC, False, tuple(remaining))
    known: dict[Any, Any] | None = None
    if last is not None and last.board is board:
        known = last.secret
        d: Decision | None = known.get(key)
        if d is not None:
            return d
        opts = last.disc_regions[:]  # this decision's own list (the players share it)
    else:  # a board of no cache built (a direct call)
        places = board.places  # places[r].id: board.place_id(r), without a method call
        opts = [places[r].id for r in board.regions]
    d = Decision("secret_region", remaining, "Set your secret disc: 1 caballero goes there "
                 "from your court (the king's region: it stays in court)",
                 {"per_player": {str(p): opts for p in remaining}}, "I2")
    if known is not None and len(known) < 4096:
        known[key] = d
    return d


def apply_setup_discs(engine: FlowEngine, state: State, discs: Mapping[int, int],
                      events: Events) -> None:
    """Place the setup disc's caballeros from court into each player's disc region
    (``discs[player]`` = region index); the king's region chosen: they stay in court
    (I2, B5.2)."""
    b = engine.board
    n = cache_of(engine.lib).disc_count
    for p in range(state.players):
        r = discs[p]
        k = min(n, state.court[p])
        if r == state.king or k <= 0:
            events.append({"event": "note", "text": f"{seat(p)}'s setup disc shows "
                           f"{b.places[r].name}: the caballero stays in court (I2)."})
            continue
        to = {b.places[r].id: k}  # b.place_id(r)
        apply_placement(state, b, p, to, engine.rules, events)
        events.append({"event": "place", "player": p, "to": to})


def _disc_decide(engine: FlowEngine, state: State, flow: Flow,
                 events: Events) -> Decision | None:
    if cache_of(engine.lib).disc_count <= 0:
        engine.resume(flow)
        return None
    return setup_disc_decision(engine.board, state, {int(p) for p in flow.secret})


def _disc_apply(engine: FlowEngine, state: State, flow: Flow, player: int, norm: Any,
                events: Events) -> None:
    flow.secret = {**flow.secret, str(player): norm}  # replaced: copies share it
    if len(flow.secret) < state.players:
        return
    discs = {p: engine.board.index[flow.secret[str(p)]] for p in range(state.players)}
    flow.secret = {}
    apply_setup_discs(engine, state, discs, events)
    engine.resume(flow)
