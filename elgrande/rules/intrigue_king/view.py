"""I1, I3, B8.5a: what a view hides (the hands, the choices of a card-play decision) and
how a determinised view draws it again."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from elgrande.engine.decisions import Decision
from elgrande.model.hook_context import HookContext
from elgrande.rules import base
from elgrande.rules.intrigue_king.card_play import bid_decision
from elgrande.rules.intrigue_king.cards import DECK, SETUP_DISC, _options, cards_of, deck_values


def _hide(ctx: HookContext, state_json: dict[str, Any], flow_json: dict[str, Any],
          viewer: int) -> None:
    """I1, B8.5a: a card-play decision lists its player's hand: others see no choices."""
    d = flow_json.get("pending")
    if d and d.get("rule") == "I3" and viewer not in d["players"]:
        d["options"] = {**d["options"], "choices": []}


def _hide_pieces(ctx: HookContext, viewer: int) -> None:
    """What :func:`_hide` removes, removed from a copy of the flow (I1, B8.5a): a new
    card-play decision without the choices (decisions are never changed once made)."""
    flow = ctx.flow
    d = flow.pending if flow is not None else None
    if flow is not None and d is not None and d.rule == "I3" and viewer not in d.players:
        data = d.to_json()
        data["options"] = {**data["options"], "choices": []}
        flow.pending = Decision.from_json(data)


def _determinise(ctx: HookContext, viewer: int, view: Mapping[str, Any],
                 rng: random.Random) -> None:
    """Draw what a view hides (I1): the other players' unplayed hands among the values in
    play they have not played, and their unrevealed deck choices and setup discs."""
    engine, state, flow = ctx.engine, ctx.state, ctx.flow
    lib = engine.lib
    values = deck_values(lib, bool(_options(state).get("beginner")))
    n = min(cards_of(lib).choose, len(values))
    for p in range(len(state.hands)):
        if p != viewer and flow.phase != DECK:  # the hands a view hides
            rest = [v for v in values if v not in state.discards[p]]
            state.set_hand(p, sorted(rng.sample(rest, max(0, n - len(state.discards[p])))))
    if flow.phase == base.BID and flow.pending is not None:  # the hidden choices (I3)
        bp = base.part(flow)
        flow.pending = bid_decision(state, bp.first_bidder, bp.bid_i)
    answered = set(range(state.players))
    if flow.pending is not None:
        answered -= set(flow.pending.players)
    for p in sorted(answered - {viewer}):
        if flow.phase == DECK:
            flow.secret = {**flow.secret, str(p): sorted(rng.sample(values, n))}
        elif flow.phase == SETUP_DISC:
            chosen = rng.choice([engine.board.place_id(r) for r in engine.board.regions])
            flow.secret = {**flow.secret, str(p): chosen}
