"""The base game's rules module: setup (B2), rounds (B3), turns (B4), Veto windows (B8.4),
general scorings (B6) and the end (B7), as phases of the flow driver (docs/architecture.md).

Phases (in the order a round meets them): ``round`` (turn up the offer, B3.1), ``bid``
(power cards, B3.2-B3.4), then per turn ``court`` (B4.1), ``card`` (B4.2), ``order``
(placement before or after the special action, B4.5), ``place`` (B4.3), ``offer`` (carry
out or decline, B4.4), ``veto`` (B8.4), ``special`` (the card's effect script), and after
the scoring rounds ``discs`` (the general scoring, B6). Every choice the rules give a
player is a decision.

The figures (stacks, the power-card table, setup counts) come from the set manifest; the
cards from the card files: the action stacks are the manifest's ``stacks`` (dealt from the
cards whose kind has the role ``stack``), and the cards whose kind has the role
``standing`` (the King's card) are on offer every round (B1.4, B3.5).

The functions :func:`bid_decision`, :func:`apply_bid_answer` and :func:`general_scoring`
are the one code path of their rules: the turn phases, the scenario runner and the tools
call them. The rounds' start and end (B3.1, B3.5-B3.7), the general scoring (B6) and the
game's end (B7) are :mod:`elgrande.rules.base_rounds`' (re-exported here). Bringing
caballeros to court (B4.1) and placing them (B4.3) have theirs in
:mod:`elgrande.engine.court`, which the ``court`` and ``place`` phases call.
"""

from __future__ import annotations

import random
from typing import Any, Final

from elgrande.engine import caballero_moves, movers
from elgrande.engine import decisions as dec
from elgrande.engine.context import BudgetExceeded
from elgrande.engine.court import apply_court, court_decision

# re-exported from their old home (the expansions' modules and tests name them here)
from elgrande.engine.court import apply_placement_answer as apply_placement_answer
from elgrande.engine.court import placement_decision as placement_decision
from elgrande.engine.court import placement_keys as placement_keys
from elgrande.engine.court import placement_places as placement_places
from elgrande.engine.court import placement_targets as placement_targets
from elgrande.engine.decisions import Decision
from elgrande.engine.decisions.decision import new_decision
from elgrande.engine.draws import PLACED
from elgrande.engine.flow import Flow, FlowEngine
from elgrande.engine.modules import OVER, Events, Phase, RulesModule
from elgrande.engine.pieces import Mover
from elgrande.engine.sinks import events_read
from elgrande.engine.triggers import NAME as TRIGGERS
from elgrande.engine.triggers import TriggerLimit
from elgrande.model import placement
from elgrande.model.hook_context import HookContext
from elgrande.model.seats import seat
from elgrande.model.state import State

# the phase names, the flow part and the library cache live in base_data.py; re-exported
from elgrande.rules.base_data import BID as BID
from elgrande.rules.base_data import CARD as CARD
from elgrande.rules.base_data import CARD_TAKEN_PHASES as CARD_TAKEN_PHASES
from elgrande.rules.base_data import COURT_PHASE as COURT_PHASE
from elgrande.rules.base_data import DISCS as DISCS
from elgrande.rules.base_data import OFFER as OFFER
from elgrande.rules.base_data import ORDER as ORDER
from elgrande.rules.base_data import ORDERED as _ORDERED
from elgrande.rules.base_data import PLACE as PLACE
from elgrande.rules.base_data import ROUND as ROUND
from elgrande.rules.base_data import ROUND_OVER as ROUND_OVER
from elgrande.rules.base_data import SCORING as SCORING
from elgrande.rules.base_data import SPECIAL as SPECIAL
from elgrande.rules.base_data import STANDING as STANDING
from elgrande.rules.base_data import TURN_OVER as TURN_OVER
from elgrande.rules.base_data import VETO as VETO
from elgrande.rules.base_data import VETO_KIND as VETO_KIND
from elgrande.rules.base_data import BaseCache as BaseCache
from elgrande.rules.base_data import BaseRound as BaseRound
from elgrande.rules.base_data import base_cache as base_cache
from elgrande.rules.base_data import card_facts
from elgrande.rules.base_data import own_part as own_part
from elgrande.rules.base_data import part as part
from elgrande.rules.base_data import placement_limit as _placement_limit
from elgrande.rules.base_params import BASE_PARAMS
from elgrande.rules.base_rounds import (
    _check_saved,
    _discs_apply,
    _discs_decide,
    _end_round,
    _round_decide,
    _round_over_decide,
    _scoring_decide,
)
from elgrande.rules.base_rounds import disc_decision as disc_decision
from elgrande.rules.base_rounds import general_scoring as general_scoring
from elgrande.rules.base_rounds import score_discs as score_discs
from elgrande.rules.base_views import determinise, hide, hide_pieces
from elgrande.rules.base_views import draw_secret_discs as draw_secret_discs
from elgrande.rules.turn_words import COMPULSORY_OPTIONS, ORDER_OPTIONS, offer_prompt
from elgrande.rules.turn_words import order_prompt as order_prompt

dec.register(dec.PickKind("choose_action_card"))  # B4.2

#: The base game's movers of the one ``move`` statement (B8.2, B5.2, B1.2, B6.9; caballeros
#: also from and to a court and the provinces: B5.1, B8.7, B4.1).
MOVERS: Final[dict[str, Mover]] = {m.kind: m for m in [
    Mover("caballeros", caballero_moves.move_caballeros_any,
          caballero_moves.move_caballeros_any_finish),
    Mover("king", movers.move_king, movers.move_king_finish),
    Mover("grande", movers.move_grande, movers.move_grande_finish),
    Mover("scoreboard", movers.move_scoreboard, movers.move_scoreboard_finish)]}

#: The options of the offer (B4.4) and Veto (B8.4) decisions: decisions are never
#: changed once made, so they share them (the order's, B4.5: :mod:`.turn_words`).
_OFFER_OPTIONS: Final = {"labels": ["carry out the special action", "decline it"]}
_VETO_OPTIONS: Final = {"labels": ["let it be", "play a Veto"]}


# -- setup (B2) --------------------------------------------------------------------------------
def initial_hand(ctx: HookContext) -> list[int]:
    """The power cards each player starts with: one of each value (B1.3)."""
    return sorted(ctx.board.power_cards)


def _setup(ctx: HookContext, rng: random.Random, start_player: int | None) -> None:
    """B2: king, Grandes, caballeros, hands, shuffled action stacks, start player."""
    engine, state, flow, events = ctx.engine, ctx.state, ctx.flow, ctx.events
    b = engine.board
    region_cards = list(b.regions)
    dec.draw_shuffle(rng, region_cards)
    state.king = region_cards[0]                                    # B2.1
    hand = engine.rules.last("initial_hand", ctx) or []
    for p in range(state.players):                                  # B2.2, B2.3
        g = region_cards[1 + p]
        state.set_grande(p, g)
        state.set_caballeros(g, p, b.setup_grande_region)
        state.court[p] = b.setup_court
        state.provinces[p] -= b.setup_grande_region + b.setup_court
        state.set_hand(p, list(hand))
    cache = base_cache(engine)
    stacks = []
    for deck in cache.decks:                                        # B1.4
        deck = list(deck)
        dec.draw_shuffle(rng, deck)
        stacks.append(deck)
    reused = list(cache.standing)
    drawn = dec.draw_below(rng, state.players)  # drawn always, so later modules' draws do not
    first = drawn if start_player is None else start_player  # depend on start_player
    state.stacks = stacks
    flow.parts = {**flow.parts, "base": BaseRound(reused, first)}  # replaced: copies share it
    places = b.places  # places[i].id: b.place_id(i), without a method call
    events.append({"event": "setup", "king": places[state.king].id,
                   "grandes": [places[g].id for g in state.grandes], "start": first,
                   "rounds": list(flow.rounds)})


# -- power cards (B3.2-B3.4) -------------------------------------------------------------------
#: The B3.2 refusal of a power card already played, by (value, player): the value's id
#: (its ``str``) and the ``[rule, message]`` pair.
_BID_WHY: Final[dict[tuple[Any, int], tuple[str, list[str]]]] = {}


def bid_decision(state: State, first_bidder: int, bid_i: int) -> Decision:
    """The B3.2 decision of the ``bid_i``-th power card of the round, played by the player
    ``bid_i`` seats clockwise from ``first_bidder``: any card in hand not yet played by
    another player this round."""
    p = (first_bidder + bid_i) % state.players
    bids = state.bids
    if not bids:  # the round's first power card: the whole hand, nothing refused
        return new_decision("choose_power_card", [p], "Play a power card",
                            {"choices": list(state.hands[p]), "why": {}}, "B3.2")
    choices = list(state.hands[p])  # the hand without the values played (B3.2): each
    why: dict[str, list[str]] = {}  # taken out in C, in one loop over the bids
    for q, v in bids:  # a value played twice names its last player (as a dict of bids)
        while v in choices:
            choices.remove(v)
        w = _BID_WHY.get((v, q))
        if w is None:  # refusals are never changed once made: decisions share them
            w = _BID_WHY[(v, q)] = (str(v), ["B3.2", f"power card {v} was already played "
                                             f"this round by {seat(q)}"])
        why[w[0]] = w[1]
    return new_decision("choose_power_card", [p], "Play a power card",
                        {"choices": choices, "why": why}, "B3.2")


def apply_bid_answer(state: State, player: int, value: int, events: Events,
                     what: str = "") -> None:
    """Play a power card that its :func:`bid_decision` accepted: hand -> discard (B3.2).
    ``what`` names the card in the event when it is not a power card (I3)."""
    state.play_power_card(player, value)
    if events_read(events):
        event: dict[str, Any] = {"event": "bid", "player": player, "value": value}
        if what:
            event["what"] = what
        events.append(event)


def _bid_decide(engine: FlowEngine, state: State, flow: Flow, events: Events) -> Decision:
    bp: BaseRound = flow.parts["base"]  # read only
    return bid_decision(state, bp.first_bidder, bp.bid_i)


def _bid_apply(engine: FlowEngine, state: State, flow: Flow, player: int, norm: Any,
               events: Events) -> None:
    bp: BaseRound = flow.parts["base"]
    if bp.shared:  # a copy of the flow shares it: its own (own_part; not shared: no call)
        bp = own_part(flow)
    apply_bid_answer(state, player, int(norm), events)
    bp.bid_i += 1
    if bp.bid_i == state.players:
        flow.turn_order = placement.turn_order(state.bids)          # B3.4
        flow.turn_i = 0
        if events_read(events):
            events.append({"event": "turn_order", "order": flow.turn_order[:]})
        _begin_turn(engine, state, flow, events)


# -- a turn (B4) -------------------------------------------------------------------------------
def _begin_turn(engine: FlowEngine, state: State, flow: Flow, events: Events) -> None:
    bp: BaseRound = flow.parts["base"]
    if bp.shared:  # a copy of the flow shares it: its own (own_part; not shared: no call)
        bp = own_part(flow)
    bp.slot = -1
    flow.card = ""
    bp.placed = bp.special_done = bp.kept = False
    bp.place_first = True
    turn_start = engine.rules.turn_start
    if turn_start is not None:
        turn_start(engine.hooks(state, flow.turn_order[flow.turn_i], flow, events))
    engine.enter(flow, COURT_PHASE)


def _court_decide(engine: FlowEngine, state: State, flow: Flow,
                  events: Events) -> Decision | None:
    p = flow.turn_order[flow.turn_i]  # Flow.actor inline (a turn's phase: no property call)
    value = -1
    for q, v in state.bids:  # the last bid of p (as dict(state.bids)[p])
        if q == p:
            value = v
    if value < 0:
        raise KeyError(p)  # as before: a turn needs the player's power card
    printed = engine.board.power_cards.get(value)  # None: no power card (I3: a card)
    limit = printed or 0
    court_limit = engine.rules.court_limit
    # (a hook for the neutral caballeros' holder alone, on another's turn, no rule change
    # live: it returns the limit unchanged, Rules.holder_only; no call)
    if court_limit is not None and (not engine.rules.court_limit_holder
                                    or state.neutral_holder == p or state.lasting):
        h = engine.last_hooks  # (FlowEngine.hooks' common case inline: no call)
        if h is not None and h.state is state and h.player == p:
            h.flow, h.events = flow, events
        else:
            h = engine.hooks(state, p, flow, events)
        got = court_limit(h, limit)
        limit = got if isinstance(got, int) else int(got)
    d = court_decision(state, engine.board, p, limit)
    if d is None:  # the step is skipped: the log says why (f18: 13 played, nothing said)
        events.append({"event": "no_court", "player": p, "value": value, "limit": limit,
                       "changed": limit != (printed or 0),
                       "what": "card" if printed is None else "power card"})
        flow.phase = CARD
    return d


def _court_apply(engine: FlowEngine, state: State, flow: Flow, player: int, norm: Any,
                 events: Events) -> None:
    if engine.rules.leave is None:  # no module hears of a departure (the base game)
        apply_court(state, engine.board, player, norm)
    else:
        h = engine.last_hooks  # (FlowEngine.hooks' common case inline: no call)
        if h is None or h.state is not state or h.player != player:
            h = engine.hooks(state, player, flow, events)
        h.flow, h.events = flow, events
        apply_court(state, engine.board, player, norm, engine.rules, events, h)
    if events_read(events):
        events.append({"event": "court", "player": player, "provinces": norm["provinces"],
                       "regions": dict(norm["regions"])})  # (its own: norm may be kept)
    flow.phase = CARD


def _card_decide(engine: FlowEngine, state: State, flow: Flow,
                 events: Events) -> Decision | None:
    choices: list[str] = []  # the open cards ('' taken): a loop the compiled build runs natively
    for c in state.offer:  # (the builtin filter is looked up and called generically there)
        if c:
            choices.append(c)
    actor = flow.turn_order[flow.turn_i]  # Flow.actor inline (a turn's phase)
    if not choices:  # a special action took one more open card (cards as objects): the
        events.append({"event": "no_card", "player": actor,  # player takes none,
                       "text": "{who} finds no open action card left to take."})
        _end_turn(engine, state, flow, events)  # places none, carries out none (B4.2)
        return None
    return new_decision("choose_action_card", [actor], "Choose one of the open action cards",
                        {"choices": choices, "why": {}}, "B4.2")


def _card_apply(engine: FlowEngine, state: State, flow: Flow, player: int, norm: Any,
                events: Events) -> None:
    bp: BaseRound = flow.parts["base"]
    if bp.shared:  # a copy of the flow shares it: its own (own_part; not shared: no call)
        bp = own_part(flow)
    bp.slot = state.offer.index(norm)
    flow.card = norm
    state.clear_offer_slot(bp.slot)
    if events_read(events):
        events.append({"event": "card", "player": player, "card": norm})
    if engine.rules.card_taken is not None:
        engine.rules.card_taken(engine.hooks(state, player, flow, events), norm)
    flow.phase = ORDER


def _order_decide(engine: FlowEngine, state: State, flow: Flow,
                  events: Events) -> Decision | None:
    p = flow.turn_order[flow.turn_i]  # Flow.actor inline (a turn's phase)
    number, sure = card_facts(engine, flow.card)  # B4.3; I6: compulsory, no decline follows
    if state.court[p] <= 0:
        limit = 0
    elif engine.rules.placement_limit is None:  # the card's number (_placement_limit's
        limit = number  # first case: no call)
    else:  # as a module's hook changes it (the card's number read above)
        limit = _placement_limit(engine, state, flow, number)
    if limit <= 0:
        bp: BaseRound = flow.parts["base"]
        if bp.shared:  # its own (own_part; not shared: no call)
            bp = own_part(flow)
        bp.place_first = False
        flow.phase = OFFER
        return None
    key = (flow.card, sure, p)
    d = _ORDER_DECISIONS.get(key)
    if d is None:  # decisions never change once made: one per card and player
        d = _ORDER_DECISIONS[key] = new_decision(
            "choose_option", [p], order_prompt(flow.card, sure),
            COMPULSORY_OPTIONS if sure else ORDER_OPTIONS, "B4.5")
    if engine.rules.placement_limit is not None:  # a hook's limit, kept for _place_decide
        _ORDERED[0] = (d, state, state.lasting, limit)  # (one tuple stored whole)
    return d


def _order_apply(engine: FlowEngine, state: State, flow: Flow, player: int, norm: Any,
                 events: Events) -> None:
    bp: BaseRound = flow.parts["base"]
    if bp.shared:  # a copy of the flow shares it: its own (own_part; not shared: no call)
        bp = own_part(flow)
    bp.place_first = norm == 0
    flow.phase = PLACE if bp.place_first else OFFER


def _place_decide(engine: FlowEngine, state: State, flow: Flow,
                  events: Events) -> Decision | None:
    if engine.rules.placement_limit is None:  # B4.3: the card's number (_placement_limit's
        limit = card_facts(engine, flow.card)[0]  # first case: no hook call)
    else:  # the limit the order decision just answered was asked with, else the hooks'
        got = _ORDERED[0]
        if got and got[0] is flow.pending and got[1] is state and got[2] is state.lasting \
                and flow.parts["base"].place_first:
            limit = got[3]
        else:
            limit = _placement_limit(engine, state, flow)
    p = flow.turn_order[flow.turn_i]
    d = placement_decision(engine, state, p, limit)
    if d is None:  # skipped, nothing asked: the log says why (f33)
        events.append({"event": "no_place", "player": p, "court": state.court[p],
                       "limit": limit})
        _placed(engine, state, flow, events)
    return d


def _place_apply(engine: FlowEngine, state: State, flow: Flow, player: int, norm: Any,
                 events: Events) -> None:
    apply_placement_answer(engine, state, player, norm, events)
    _placed(engine, state, flow, events)


def _placed(engine: FlowEngine, state: State, flow: Flow, events: Events) -> None:
    bp: BaseRound = flow.parts["base"]
    if bp.shared:  # a copy of the flow shares it: its own (own_part; not shared: no call)
        bp = own_part(flow)
    bp.placed = True
    _next_part(engine, state, flow, events, bp)


def _next_part(engine: FlowEngine, state: State, flow: Flow, events: Events,
               bp: BaseRound | None = None) -> None:
    """A part of the turn is done: the other part, or the turn's end (B4). ``bp``: the
    flow's own base part when the caller took it (:func:`own_part`) and no hook ran
    since."""
    if bp is None:
        bp = flow.parts["base"]
        if bp.shared:  # its own (own_part; not shared: no call)
            bp = own_part(flow)
    if bp.placed and bp.special_done:
        _end_turn(engine, state, flow, events, bp)
    elif not bp.placed and (bp.special_done or bp.place_first):
        flow.phase = PLACE
    else:
        flow.phase = OFFER


def _offer_decide(engine: FlowEngine, state: State, flow: Flow,
                  events: Events) -> Decision | None:
    bp: BaseRound = flow.parts["base"]  # read only (_next_part owns it)
    if bp.special_done:
        _next_part(engine, state, flow, events)
        return None
    p = flow.turn_order[flow.turn_i]
    # what offer_prompt's words depend on, and the player asked
    key = (flow.card, bp.placed, state.court[p] > 0, p)
    d = _OFFER_DECISIONS.get(key)
    if d is None:  # decisions never change once made: one per card, step and player
        d = _OFFER_DECISIONS[key] = new_decision(
            "choose_option", [p], offer_prompt(state, bp, p, flow.card), _OFFER_OPTIONS,
            "B4.4")
    return d


#: The offer decisions (B4.4) by (card, placed, caballeros in court, player) and the
#: order decisions (B4.5) by (card, compulsory, player), shared (never changed once made;
#: the order decision a placement limit was kept for is known by its state, _ORDERED).
_OFFER_DECISIONS: Final[dict[tuple[str, bool, bool, int], Decision]] = {}
_ORDER_DECISIONS: Final[dict[tuple[str, bool, int], Decision]] = {}


def _offer_apply(engine: FlowEngine, state: State, flow: Flow, player: int, norm: Any,
                 events: Events) -> None:
    bp: BaseRound = flow.parts["base"]
    if bp.shared:  # a copy of the flow shares it: its own (own_part; not shared: no call)
        bp = own_part(flow)
    if norm == 1:
        if events_read(events):
            events.append({"event": "decline", "player": player})
        bp.special_done = True
        _next_part(engine, state, flow, events, bp)
        return
    holders = _veto_holders(state, flow, exclude=player) if state.lasting else None
    if holders:  # (no lasting effect, no Veto held: no call)
        flow.phase = VETO
        bp.veto_chain = []
        bp.veto_queue = holders
        events.append({"event": "announce", "player": player, "card": flow.card})
    else:
        _start_special(engine, state, flow, events)


# -- vetoes (B8.4) -----------------------------------------------------------------------------
def _veto_holders(state: State, flow: Flow, exclude: int, start: int | None = None) -> list[int]:
    if not state.lasting:
        return []
    n = state.players
    first = flow.actor if start is None else start
    live = {x.player for x in state.lasting if x.kind == VETO_KIND
            and (not x.expires or x.expires >= state.round)}
    order = [(first + i) % n for i in range(1, n + 1)]
    return [p for p in order if p in live and p != exclude]


def _spend_veto(state: State, player: int) -> None:
    mine = [x for x in state.lasting if x.kind == VETO_KIND and x.player == player]
    mine.sort(key=lambda x: x.expires)
    state.lasting.remove(mine[0])


def _veto_decide(engine: FlowEngine, state: State, flow: Flow,
                 events: Events) -> Decision | None:
    bp = own_part(flow)  # its own: a copy of the flow may share it
    if not bp.veto_queue:
        cancelled = len(bp.veto_chain) % 2 == 1
        events.append({"event": "veto_result", "player": flow.actor, "cancelled": cancelled,
                       "chain": bp.veto_chain[:]})
        bp.veto_chain = []
        if cancelled:
            bp.special_done = True
            _next_part(engine, state, flow, events, bp)
        else:
            _start_special(engine, state, flow, events)
        return None
    p = bp.veto_queue[0]
    last = bp.veto_chain[-1] if bp.veto_chain else flow.actor
    return Decision("choose_option", [p], f"{seat(last)} is about to "
                    f"{'veto' if bp.veto_chain else 'carry out a special action'}"
                    ": play your Veto?", _VETO_OPTIONS, "B8.4")


def _veto_apply(engine: FlowEngine, state: State, flow: Flow, player: int, norm: Any,
                events: Events) -> None:
    bp = own_part(flow)  # its own: a copy of the flow may share it
    if norm == 1:
        _spend_veto(state, player)
        bp.veto_chain = bp.veto_chain + [player]  # replaced, never changed: copies share it
        events.append({"event": "veto", "player": player})
        bp.veto_queue = _veto_holders(state, flow, exclude=player, start=player)
    else:
        bp.veto_queue = bp.veto_queue[1:]


# -- the special action --------------------------------------------------------------------------
def _start_special(engine: FlowEngine, state: State, flow: Flow, events: Events) -> None:
    interp = engine._interpreter  # (FlowEngine.interpreter once made: no property call)
    if interp is None:
        interp = engine.interpreter
    bp: BaseRound = flow.parts["base"]
    if bp.shared:  # a copy of the flow shares it: its own (own_part; not shared: no call)
        bp = own_part(flow)
    actor = flow.turn_order[flow.turn_i]  # Flow.actor inline (a turn's phase)
    if events_read(events):
        events.append({"event": "special", "player": actor, "card": flow.card})
    bp.before = state.copy()  # the undo point (dropped by _special_over if no script)
    try:
        flow.run = interp.begin(flow.card, actor)  # (interp.has's test, without its call)
    except KeyError:  # a card a fill plays with no special action (its face is
        _special_over(engine, state, flow, events)  # missing): it is carried out
        return
    flow.phase = SPECIAL
    try:
        d = interp.advance(state, flow.run, events)
    except TriggerLimit:  # the answer is refused whole (FlowEngine.answer)
        raise
    except BudgetExceeded as exc:
        _void_special(engine, state, flow, exc, events)
        return
    if d is None:
        _special_over(engine, state, flow, events)


def _special_decide(engine: FlowEngine, state: State, flow: Flow,
                    events: Events) -> Decision | None:
    assert flow.run is not None
    return flow.run.pending


def _special_apply(engine: FlowEngine, state: State, flow: Flow, player: int, norm: Any,
                   events: Events) -> None:
    """Hand ``player``'s answer, checked by the pending decision's kind (in the form the
    kind applies: the phase's default ``answer`` checked it, or the trusted path took it
    from the legal set), to the special action's interpreter, which runs on (B8)."""
    assert flow.run is not None
    interp = engine._interpreter  # (FlowEngine.interpreter once made: no property call)
    if interp is None:
        interp = engine.interpreter
    try:
        nxt = interp.answer(state, flow.run, player, norm, events, checked=True)
    except TriggerLimit:  # the answer is refused whole (FlowEngine.answer)
        raise
    except BudgetExceeded as exc:
        _void_special(engine, state, flow, exc, events)
        return
    if nxt is None:
        _special_over(engine, state, flow, events)


def _special_over(engine: FlowEngine, state: State, flow: Flow, events: Events) -> None:
    bp: BaseRound = flow.parts["base"]
    if bp.shared:  # a copy of the flow shares it: its own (own_part; not shared: no call)
        bp = own_part(flow)
    actor = flow.turn_order[flow.turn_i]  # Flow.actor inline (a turn's phase)
    if state.lasting and any(x.card == flow.card and x.data.get("taken") == state.round
                             and x.player == actor for x in state.lasting):
        bp.kept = True  # a kept card (a Veto) stays with its taker (B8.4)
    elif flow.run is not None and PLACED in flow.run.env:
        bp.kept = True  # the card went to a card place (held in a court): not under its
        # stack (B4.6)
    done = engine.rules.special_action_done
    if done is not None:
        h = engine.last_hooks  # (FlowEngine.hooks' common case inline: no call)
        if h is None or h.state is not state or h.player != actor:
            h = engine.hooks(state, actor, flow, events)
        h.flow, h.events = flow, events
        done(h)
    flow.run = None
    bp.before = None
    bp.special_done = True
    # the part taken above, when no hook ran since (_next_part's ``bp``)
    _next_part(engine, state, flow, events, bp if done is None else None)


def _void_special(engine: FlowEngine, state: State, flow: Flow, exc: BudgetExceeded,
                  events: Events) -> None:
    """A card that ran over its budget is undone whole: the state is as it was before the
    card began, and the special action counts as carried out with no effect (a chain of
    triggers past its limit is not: the answer is refused, :class:`TriggerLimit`)."""
    bp = own_part(flow)  # its own: a copy of the flow may share it
    assert bp.before is not None
    state.set_to(bp.before)
    events.append(exc.void_event(flow.actor, flow.card))
    flow.run = None
    bp.before = None
    bp.special_done = True
    _next_part(engine, state, flow, events)


def _end_turn(engine: FlowEngine, state: State, flow: Flow, events: Events,
              bp: BaseRound | None = None) -> None:
    if bp is None:  # (given by a caller that took it, no hook run since)
        bp = flow.parts["base"]
        if bp.shared:  # its own (own_part; not shared: no call)
            bp = own_part(flow)
    card = flow.card
    origin = state.offer_origin
    if bp.slot >= 0 and origin[bp.slot] >= 0 and not bp.kept:  # B4.6
        state.add_to_stack(origin[bp.slot], card)
    actor = flow.turn_order[flow.turn_i]  # Flow.actor inline (a turn's phase)
    if events_read(events):
        events.append({"event": "end_turn", "player": actor, "card": card, "kept": bp.kept})
    if engine.rules.turn_end is not None:
        # nothing lasting: the rule changes' expiry hooks have nothing to end, the modules'
        # own alone (Rules.modules_turn_end)
        turn_end = engine.rules.turn_end if state.lasting else engine.rules.modules_turn_end
        if turn_end is not None:
            h = engine.last_hooks  # FlowEngine.hooks' common case inline (the actor's: no call)
            if h is not None and h.state is state and h.player == actor:
                h.events, h.flow = events, flow
            else:
                h = engine.hooks(state, actor, flow, events)
            turn_end(h, card)
        if TRIGGERS in state.ext:  # a trigger's body due at the turn's end runs first: the
            flow.phase = TURN_OVER  # flow pauses (asides) before the next turn or round end
            return
    _next_turn(engine, state, flow, events)


def _turn_over_decide(engine: FlowEngine, state: State, flow: Flow, events: Events) -> None:
    """Phase ``turn_over``: the bodies of the triggers on the turn's end have run (the
    flow's asides, before this decides): the next turn or the round's end (B4, B3.5)."""
    _next_turn(engine, state, flow, events)


def _next_turn(engine: FlowEngine, state: State, flow: Flow, events: Events) -> None:
    flow.turn_i += 1
    if flow.turn_i < len(flow.turn_order):
        _begin_turn(engine, state, flow, events)
    else:
        _end_round(engine, state, flow, events)


def _asks_nothing(engine: FlowEngine, state: State, flow: Flow, player: int, norm: Any,
                  events: Events) -> None:
    """The apply of a phase that never asks (its decide moves the flow on) or that takes
    raw answers itself (``Phase.answer``)."""


#: Where a turn part's end may move the flow (``_next_part``): the turn's other part, the
#: next turn (B4), the round's scoring (B3.6), the next round (B3.1) or the end (B7.1).
_PART_ENDS: Final = (PLACE, OFFER, COURT_PHASE, DISCS, BID, OVER, TURN_OVER, ROUND_OVER)

MODULE = RulesModule(
    name="base",
    phases=(
        Phase(ROUND, _round_decide, _asks_nothing, goes_to=(BID,)),
        Phase(BID, _bid_decide, _bid_apply, turn_rule="B3.3", goes_to=(COURT_PHASE,)),
        Phase(COURT_PHASE, _court_decide, _court_apply, goes_to=(CARD,)),
        Phase(CARD, _card_decide, _card_apply, goes_to=(ORDER,)),
        Phase(ORDER, _order_decide, _order_apply, goes_to=(PLACE, OFFER)),
        Phase(PLACE, _place_decide, _place_apply, goes_to=_PART_ENDS),
        Phase(OFFER, _offer_decide, _offer_apply, goes_to=(VETO, SPECIAL) + _PART_ENDS),
        Phase(VETO, _veto_decide, _veto_apply, turn_rule="B8.4",
              goes_to=(SPECIAL,) + _PART_ENDS),
        Phase(SPECIAL, _special_decide, _special_apply, goes_to=_PART_ENDS),
        Phase(DISCS, _discs_decide, _discs_apply, turn_rule="B6.1",
              goes_to=(BID, OVER, SCORING)),
        Phase(SCORING, _scoring_decide, _asks_nothing, goes_to=(BID, OVER, SCORING)),
        Phase(TURN_OVER, _turn_over_decide, _asks_nothing,
              goes_to=(COURT_PHASE, DISCS, BID, OVER, ROUND_OVER)),
        Phase(ROUND_OVER, _round_over_decide, _asks_nothing, goes_to=(BID, OVER)),
    ),
    hooks={"setup": _setup, "initial_hand": initial_hand, "hide": hide,
           "hide_pieces": hide_pieces, "determinise": determinise, "check_saved": _check_saved},
    lasting_kinds=(VETO_KIND,),
    start=ROUND,
    rule_params=BASE_PARAMS,
    movers=MOVERS,
)
