"""The room left in places for caballeros that enter them (B4.3, B8.7): the rules modules'
``placement_room`` hook asked for placements, moves and the rules modules' own moves."""

from __future__ import annotations

from typing import Any

from elgrande.engine.context import Ctx
from elgrande.model.hook_context import HookContext


def room_in(ctx: Ctx, player: int, to: list[str]) -> dict[str, Any]:
    """The room rule of every way caballeros enter a place: the rules modules'
    ``placement_room`` (B4.3; e.g. a capacity of an expansion's area) of the places ``to``
    (ids), for ``player``'s caballeros or, moved by ``player``'s effect, anybody's:
    ``{place id: [most caballeros it may still take, rule, message]}``, {} when no module
    limits them. Placements, moves and the rules modules' own moves ask it."""
    room = ctx.rules.placement_room if ctx.rules is not None else None
    if room is None:
        return {}
    near = ctx.rules.places_of("placement_room", ctx.board)
    if near is not None and near.isdisjoint(to):
        return {}  # no module's room concerns these places (hook_places)
    got: dict[str, Any] = room(HookContext(ctx.state, ctx.board, ctx.events, player), {})
    return {k: v for k, v in got.items() if k in to}  # the places in reach only


def within_room(room: dict[str, Any], to: list[str], lo: int, hi: int) -> tuple[int, int]:
    """``(lo, hi)`` caballeros to move or place into the places ``to`` (ids), cut to the
    room left in them all when each has a room limit (``room`` as :func:`room_in` gives
    it): as much as possible (B8.7), so that a decision never asks for more than fits."""
    total = 0
    for t in to:
        r = room.get(t)
        if r is None:
            return lo, hi  # an unlimited place: no cut
        total += max(0, int(r[0]))
    hi = min(hi, total)
    return min(lo, hi), hi
