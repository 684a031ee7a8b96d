"""The base game's hidden information (B8.5a): what a player's view hides (the stacks'
order, the state kept to undo a special action) and how a bot draws it back (the other
players' hands, the stacks, the secret discs already set, B6.1).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from elgrande.engine import decisions as dec
from elgrande.engine.flow import Flow, FlowEngine
from elgrande.model.hook_context import HookContext
from elgrande.model.state import State
from elgrande.rules.base_data import DISCS, base_cache, own_part


def hide(ctx: HookContext, state_json: dict[str, Any], flow_json: dict[str, Any],
          viewer: int) -> None:
    """A view shows each stack's cards sorted (which cards are in a stack is public, their
    order is not) and not the state kept to undo a special action (it holds hands)."""
    state_json["stacks"] = [sorted(s) for s in state_json["stacks"]]
    bp = flow_json["parts"].get("base")
    if bp is not None:
        bp["before"] = None


def hide_pieces(ctx: HookContext, viewer: int) -> None:
    """What :func:`hide` removes, removed from copies of the state and flow (B8.5a): each
    stack's cards sorted, no state kept to undo a special action."""
    state = ctx.state
    state.stacks = [sorted(s) for s in state.stacks]
    if ctx.flow is not None and "base" in ctx.flow.parts:
        own_part(ctx.flow).before = None


def determinise(ctx: HookContext, viewer: int, view: Mapping[str, Any],
                 rng: random.Random) -> None:
    """Draw what a view hides: the other players' hands follow from their public discards
    (B3.2), the stacks are shuffled, unrevealed discs drawn."""
    engine, state, flow = ctx.engine, ctx.state, ctx.flow
    full = engine.rules.last("initial_hand", ctx) or []
    for p in range(len(state.hands)):
        if p != viewer:  # the hands a view hides
            state.set_hand(p, [v for v in full if v not in state.discards[p]])
    bp = flow.parts.get("base")
    if bp is None:
        return
    rows = []
    for stack in state.stacks:  # rows replaced, never shuffled in place
        row = stack.copy()
        dec.draw_shuffle(rng, row)
        rows.append(row)
    state.stacks = rows  # the outer list too, once (copies share it)
    if flow.run is not None and bp.before is None:
        own_part(flow).before = state.copy()  # the undo point is hidden: now is as good
    if flow.phase == DISCS:
        draw_secret_discs(engine, state, flow, viewer, rng)


def draw_secret_discs(engine: FlowEngine, state: State, flow: Flow, viewer: int,
                      rng: random.Random) -> None:
    """Draw the secret discs (``flow.secret``) that players other than ``viewer`` already
    set but a view hides (B8.5a): each a random mainland region (B6.1)."""
    opts = base_cache(engine).region_ids
    answered = set(range(state.players))
    if flow.pending is not None:
        answered -= set(flow.pending.players)
    for p in sorted(answered):
        if p != viewer:
            flow.secret = {**flow.secret, str(p): dec.draw_choice(rng, opts)}
