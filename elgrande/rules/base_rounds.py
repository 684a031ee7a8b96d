"""The base game's rounds and general scorings: a round's offer turned up (B3.1) and its end
(B3.5-B3.7), the general scoring (B6) and the game's end (B7), as phases of the flow
driver (docs/architecture.md); the turns between are :mod:`elgrande.rules.base`'s.

Phases: ``round`` (turn up the offer, B3.1), ``round_over`` (the next round after the
triggers on a round's end), ``discs`` (the general scoring's secret discs, B6.1) and
``scoring`` (a general scoring paused at a trigger's decision). :mod:`elgrande.rules.base`
puts them in its rules module and re-exports the public functions.

The functions :func:`general_scoring`, :func:`disc_decision` and :func:`score_discs` are
the one code path of the general scoring: the phases, the expansions' modules, the
scenario runner and the tools call them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from elgrande.engine.decisions import Decision
from elgrande.engine.decisions.decision import new_decision
from elgrande.engine.flow import Flow, FlowEngine
from elgrande.engine.modules import OVER, Events
from elgrande.engine.sinks import events_read
from elgrande.engine.triggers import NAME as TRIGGERS
from elgrande.engine.triggers import waiting
from elgrande.model import placement, scoring
from elgrande.model.hook_context import HookContext
from elgrande.model.state import State
from elgrande.rules.base_data import (
    BID,
    DISCS,
    ROUND_OVER,
    SCORING,
    BaseRound,
    base_cache,
    own_part,
)

if TYPE_CHECKING:
    from elgrande.model.score_results import GeneralScoring


# -- rounds (B3) -------------------------------------------------------------------------------
def _begin_round(engine: FlowEngine, state: State, flow: Flow, events: Events) -> None:
    bp: BaseRound = flow.parts["base"]
    if bp.shared:  # a copy of the flow shares it: its own (own_part; not shared: no call)
        bp = own_part(flow)
    before = state.round
    flow.round_i += 1
    state.round = rnd = flow.round
    for x in state.lasting:  # a skipped round (B3.7) does not count: "next round" is
        if x.expires and before < x.expires < state.round:  # the next one played
            x.expires = state.round
    state.bids = []
    bp.bid_i = 0
    flow.turn_order = []
    flow.turn_i = 0
    offer = state.draw_tops()  # B3.1
    origin = list(range(len(offer)))
    if bp.reused:
        offer += bp.reused
        origin += [-1] * len(bp.reused)
    if engine.rules.hooks["offer"]:  # a module changes the offer
        pairs = engine.rules.fold("offer", engine.hooks(state, -1, flow, events),
                                  list(zip(offer, origin, strict=True)))
        offer = [c for c, _ in pairs]
        origin = [o for _, o in pairs]
    state.offer = offer
    state.offer_origin = origin
    flow.phase = BID
    if events_read(events):
        events.append({"event": "round", "round": rnd, "offer": offer[:],
                       "first_bidder": bp.first_bidder})
    if engine.rules.round_start is not None:
        engine.rules.round_start(engine.hooks(state, -1, flow, events))


def _round_decide(engine: FlowEngine, state: State, flow: Flow, events: Events) -> None:
    _begin_round(engine, state, flow, events)


def _end_round(engine: FlowEngine, state: State, flow: Flow, events: Events) -> None:
    bp: BaseRound = flow.parts["base"]
    if bp.shared:  # a copy of the flow shares it: its own (own_part; not shared: no call)
        bp = own_part(flow)
    discarded = []                                                  # B3.5
    for c, o in zip(state.offer, state.offer_origin, strict=True):  # (a loop: no
        if c and o >= 0:  # comprehension function made)
            discarded.append(c)
    round_end = engine.rules.round_end
    if round_end is not None:
        round_end(engine.hooks(state, -1, flow, events))
    state.offer = []
    state.offer_origin = []
    bp.first_bidder = placement.next_first_bidder(state.bids)     # B3.3
    gone: list[int] = []  # the players of the lasting effects that expire (B8.4)
    if state.lasting:  # (none most rounds: no list made again)
        kept = []
        for x in state.lasting:  # (a loop: no comprehension function made)
            if x.expires and x.expires <= state.round:
                gone.append(x.player)
            else:
                kept.append(x)
        state.lasting = kept
    rnd = flow.round
    if events_read(events):
        events.append({"event": "end_round", "round": rnd, "discarded": discarded,
                       "expired": gone})
    if rnd in flow.scoring_after:                                   # B3.6
        flow.phase = DISCS  # (a pause: a trigger's body due at the round's end runs first)
        flow.secret = {}
    elif TRIGGERS in state.ext:  # a trigger's body due at the round's end runs first: the
        flow.phase = ROUND_OVER  # flow pauses (asides) before the next round's offer
    else:
        _next_round(engine, state, flow, events)


def _round_over_decide(engine: FlowEngine, state: State, flow: Flow, events: Events) -> None:
    """Phase ``round_over``: the bodies of the triggers on the round's end have run (the
    flow's asides, before this decides): the next round (B3.1) or the game's end (B7.1)."""
    _next_round(engine, state, flow, events)


def _next_round(engine: FlowEngine, state: State, flow: Flow, events: Events) -> None:
    if flow.round_i + 1 >= len(flow.rounds):
        flow.phase = OVER
        events.append({"event": "game_over", "scores": state.scores[:]})
        return
    _begin_round(engine, state, flow, events)


# -- the general scoring (B6) ---------------------------------------------------------------------
def general_scoring(engine: FlowEngine, state: State, discs: list[int],
                    hooks: HookContext | None = None) -> GeneralScoring:
    """Carry out a general scoring with these secret discs (``discs[player]`` = a region
    index), as the rules modules in play score (B6.1-B6.4), the triggers on the emptied
    Castillo run at that step (those that decide stop at their decision: the game's flow
    pauses there instead, :func:`score_discs`); ``hooks``: the context the rules
    modules' hooks are called with (made when None).

    Raises:
        IllegalMove: B6.1 for a disc that is not a mainland region; nothing changed.
    """
    b = engine.board
    if hooks is None:
        hooks = HookContext(state, b, [], -1, engine)
    first = scoring.castillo_part(state, b, discs, engine.rules, hooks)
    asides = engine.rules.asides
    if asides is not None and waiting(state):  # a card's trigger on the emptied Castillo
        asides(hooks, None)  # runs now (outside a game's flow: up to its first decision)
    return scoring.regions_part(state, b, first, engine.rules, hooks)


def disc_decision(engine: FlowEngine, state: State, answered: set[int]) -> Decision:
    """The B6.1 secret-disc decision of the players not in ``answered`` (made once per
    engine and players asked, then shared: decisions never change once made)."""
    cache = base_cache(engine)
    remaining = []
    for p in range(state.players):  # (a loop: no comprehension function made)
        if p not in answered:
            remaining.append(p)
    key = tuple(remaining)
    d: Decision | None = cache.discs.get(key)
    if d is None:
        opts = list(cache.region_ids)
        per_player = {}
        for p in remaining:
            per_player[str(p)] = opts
        d = cache.discs[key] = new_decision(
            "secret_region", remaining, "Set your secret disc to a region: your caballeros "
            "in the Castillo go there when it is emptied (the king's region: back to your "
            "court)", {"per_player": per_player, "why": cache.disc_why}, "B6.1")
    return d


def _discs_decide(engine: FlowEngine, state: State, flow: Flow, events: Events) -> Decision:
    answered = set()
    for p in flow.secret:  # (a loop: no comprehension function made)
        answered.add(int(p))
    return disc_decision(engine, state, answered)


def _discs_apply(engine: FlowEngine, state: State, flow: Flow, player: int, norm: Any,
                 events: Events) -> None:
    flow.secret = {**flow.secret, str(player): norm}  # replaced: copies share it
    if len(flow.secret) < state.players:
        return
    index = engine.board.index
    discs = []
    for p in range(state.players):  # (a loop: no comprehension function made)
        discs.append(index[flow.secret[str(p)]])
    flow.secret = {}
    score_discs(engine, state, flow, discs, events)


def score_discs(engine: FlowEngine, state: State, flow: Flow, discs: list[int],
                events: Events) -> None:
    """The secret discs are revealed (``discs[player]`` = a region index): carry out the
    general scoring (B6.1-B6.4), then end the game (B3.6, B7.1) or go on to the next
    round.

    A card's trigger on a step of the scoring (``castillo emptied``, ``regions scored``)
    runs at that step and may ask a decision: the scoring then pauses there (phase
    ``scoring``, what is scored so far in ``state.ext["scoring"]``) while the flow asks
    the trigger's decisions (asides), and goes on after them."""
    hooks = engine.hooks(state, -1, flow, events)
    start = len(events)
    if not events_read(events) and TRIGGERS not in engine.rules.names:
        # nobody reads its result (a playout) and no trigger's body may pause it: the
        # points alone, no result made
        scoring.castillo_points(state, engine.board, discs, engine.rules, hooks)
        _score_regions(engine, state, flow, None, start, events, hooks)
        return
    first = scoring.castillo_json(state, engine.board, discs, engine.rules, hooks)
    if TRIGGERS in state.ext:  # a trigger's body runs after the Castillo emptied (B6.3)
        told = {"event": "general_scoring", "result": first, "round": flow.round,
                "split": True}
        events.insert(start, told)
        state.ext[SCORING] = {"step": "regions", "first": told["result"]}
        flow.phase = SCORING
        return
    _score_regions(engine, state, flow, first, start, events, hooks)


def _score_regions(engine: FlowEngine, state: State, flow: Flow,
                   first: dict[str, Any] | None, start: int, events: Events,
                   hooks: HookContext) -> None:
    """The general scoring's regions (B6.4) after its first part ``first`` (its JSON,
    :func:`~elgrande.model.scoring.castillo_json`; None: not made, nobody reads it);
    ``start``: where its events began in ``events`` (-1: told already, before a pause);
    ``hooks``: the context of the rules modules' hooks."""
    b = engine.board
    # its result as JSON: for a reader of the events; none made in a playout (B6.4's
    # points alone, no result made)
    result: dict[str, Any] | None = None
    if first is not None and (start < 0 or events_read(events)):
        result = scoring.regions_json(state, b, first, engine.rules, hooks)
    else:
        scoring.regions_points(state, b, engine.rules, hooks)
    if start < 0:  # resumed after a trigger's decisions: its first part was told then
        events.append({"event": "general_scoring_rest", "result": result,
                       "round": flow.round, "resumed": True})
    else:
        told = {"event": "general_scoring", "result": result, "round": flow.round}
        if len(events) > start:  # the rules modules' events of its steps (B6.3: after the
            # Castillo is emptied): the log tells them there, between its two parts
            told["split"] = True
            events.insert(start, told)
            events.append({"event": "general_scoring_rest", "result": told["result"],
                           "round": flow.round})
        else:
            events.append(told)
    scored = engine.rules.scored
    if scored is not None:
        scored(hooks, [b.castillo, *b.scoring_order])
    if TRIGGERS in state.ext:  # a trigger's body runs after the regions scored
        state.ext[SCORING] = {"step": "end"}
        flow.phase = SCORING
        return
    _scoring_over(engine, state, flow, events)


def _scoring_over(engine: FlowEngine, state: State, flow: Flow, events: Events) -> None:
    """After a general scoring: the end of the game (B3.6, B7.1) or the next round."""
    if flow.round == flow.scoring_after[-1] or flow.round_i + 1 >= len(flow.rounds):
        flow.phase = OVER                                           # B3.6, B7.1
        events.append({"event": "game_over", "scores": state.scores[:]})
    else:
        _next_round(engine, state, flow, events)


def _scoring_decide(engine: FlowEngine, state: State, flow: Flow, events: Events) -> None:
    """Phase ``scoring``: the triggers' decisions at a step of the general scoring are
    answered (B6.3, B6.4): it goes on from that step."""
    paused = state.ext.pop(SCORING)
    if paused["step"] == "regions":
        first = scoring.result_classes()[3].from_json(paused["first"]).to_json()
        _score_regions(engine, state, flow, first, -1, events,
                       engine.hooks(state, -1, flow, events))
    else:
        _scoring_over(engine, state, flow, events)


def _check_saved(ctx: HookContext, lib: Any, state: dict[str, Any],
                 flow: dict[str, Any]) -> None:
    """Hook ``check_saved``: a general scoring paused at a trigger's decision is one
    (``state.ext["scoring"]`` while the phase is ``scoring``, and only then).

    Raises:
        SavedGameError: at the bad field's path."""
    from elgrande.errors import SavedGameError  # (the loading checks' error)

    paused = (state.get("ext") or {}).get(SCORING)
    if (paused is not None) != (flow.get("phase") == SCORING):
        raise SavedGameError("state.ext.scoring", "a paused general scoring is kept while "
                             "the phase is 'scoring', and only then")
    if paused is None:
        return
    step = paused.get("step") if isinstance(paused, dict) else None
    if step == "regions":
        g = scoring.result_classes()[3].from_json(paused["first"])
        scoring.check_discs(ctx.state, ctx.board, g.discs)
        if g.regions:
            raise SavedGameError("state.ext.scoring.first", "no region is scored yet")
    elif step != "end" or len(paused) != 1:
        raise SavedGameError("state.ext.scoring", "not a paused general scoring")
