"""I2: the setup disc (one caballero from court to a secretly chosen region; the king's
region chosen: it stays in court, B5.2)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Final

from elgrande.engine.decisions import Decision
from elgrande.engine.flow import Flow, FlowEngine
from elgrande.engine.modules import Events
from elgrande.engine.primitives import apply_placement
from elgrande.model.board import Board
from elgrande.model.state import State

if TYPE_CHECKING:
    from elgrande.data.library import Library


# -- I2: the setup disc ------------------------------------------------------------------------
def _disc_count(lib: Library) -> int:
    return max([int(f.setup.get("disc_caballeros", 0)) for f in lib.figures.values()] + [0])


def setup_disc_decision(board: Board, state: State, answered: set[int]) -> Decision:
    """The I2 secret-disc decision of the players not in ``answered``: a mainland region
    for the setup disc's caballeros."""
    remaining = [p for p in range(state.players) if p not in answered]
    hit = _DISC_REGIONS.get(id(board))
    if hit is None or hit[0] is not board:
        places = board.places  # places[r].id: board.place_id(r), without a method call
        hit = _DISC_REGIONS[id(board)] = (board, [places[r].id for r in board.regions])
    opts = hit[1][:]  # this decision's own list (the players share it, as before)
    return Decision("secret_region", remaining, "Set your secret disc to the region for your "
                    "setup caballero", {"per_player": {str(p): opts for p in remaining}}, "I2")


#: The mainland region ids of a board (:func:`setup_disc_decision`), by ``id(board)``.
_DISC_REGIONS: Final[dict[int, tuple[Board, list[str]]]] = {}


def _disc_count_of(engine: FlowEngine) -> int:
    """:func:`_disc_count` of the engine's library, kept in its memo (I2)."""
    n: int | None = engine.memo.get(_DISC_MEMO)
    if n is None:
        n = engine.memo[_DISC_MEMO] = _disc_count(engine.lib)
    return n


#: The key of :func:`_disc_count_of` in ``FlowEngine.memo``.
_DISC_MEMO: Final = "intrigue_king.disc_count"


def apply_setup_discs(engine: FlowEngine, state: State, discs: Mapping[int, int],
                      events: Events) -> None:
    """Place the setup disc's caballeros from court into each player's disc region
    (``discs[player]`` = region index); the king's region chosen: they stay in court
    (I2, B5.2)."""
    b = engine.board
    n = _disc_count_of(engine)
    for p in range(state.players):
        r = discs[p]
        k = min(n, state.court[p])
        if r == state.king or k <= 0:
            events.append({"event": "note", "text": f"player {p}'s setup disc shows "
                           f"{b.places[r].name}: the caballero stays in court (I2)."})
            continue
        to = {b.places[r].id: k}  # b.place_id(r)
        apply_placement(state, b, p, to, engine.rules, events)
        events.append({"event": "place", "player": p, "to": to})


def _disc_decide(engine: FlowEngine, state: State, flow: Flow,
                 events: Events) -> Decision | None:
    if _disc_count_of(engine) <= 0:
        engine.resume(flow)
        return None
    return setup_disc_decision(engine.board, state, {int(p) for p in flow.secret})


def _disc_apply(engine: FlowEngine, state: State, flow: Flow, player: int, norm: Any,
                events: Events) -> None:
    flow.secret[str(player)] = norm
    if len(flow.secret) < state.players:
        return
    discs = {p: engine.board.index[flow.secret[str(p)]] for p in range(state.players)}
    flow.secret = {}
    apply_setup_discs(engine, state, discs, events)
    engine.resume(flow)
