"""I4, I5, I6: the turn's special action: the player's own card's, or the King or Intrigue
card's (I5), or a card taken from the offer (X2); carried out or declined (I6)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from elgrande.engine.decisions import Decision
from elgrande.engine.decisions.decision import new_decision
from elgrande.engine.flow import Flow, FlowEngine
from elgrande.engine.modules import Events
from elgrande.model.seats import seat
from elgrande.model.state import State
from elgrande.rules import base
from elgrande.rules.base_data import card_facts
from elgrande.rules.intrigue_king.cards import (
    _AWARDS_MEMO,
    _CACHES,
    AWARD_ROLE,
    EXT,
    HAND_ROLE,
    Cards,
    awards,
    cache_of,
    cards_of,
)
from elgrande.rules.intrigue_king.offer import TAKE_RULE, _take_now, apply_take, taken_card
from elgrande.rules.turn_words import offer_prompt

if TYPE_CHECKING:
    from elgrande.data.library import Library


# -- I4, I5: the turn's special action -------------------------------------------------------------
def played_value(state: State, player: int) -> int:
    """The value ``player`` played this round (I3).

    Raises:
        KeyError: they played none.
    """
    for q, v in state.bids:
        if q == player:
            return v
    raise KeyError(player)


def action_choices(lib: Library, state: State, player: int) -> list[str]:
    """The cards whose special action ``player`` may carry out this turn (I5): their own
    card's; with the King or Intrigue card, with 4-5 players only that card's, with 2-3
    players either; and the action card they took from the offer this round (X2: one
    special action of these)."""
    last = _CACHES.last  # cards_of(lib), inline
    cs: Cards = last.cards if last is not None and last.lib is lib else cards_of(lib)
    bids = state.bids
    memo = _AWARDS_MEMO  # awards()' common case inline: the very list asked last
    a = memo.awards
    if memo.asked is not bids or len(bids) != memo.count \
            or memo.lib is not lib or memo.players != state.players:
        a = awards(lib, state)
    for q, v in bids:  # played_value(state, player), inline
        if q == player:
            own = cs.by_value[v]
            break
    else:
        raise KeyError(player)
    if a.king != player and a.intrigue != player:  # (most players hold neither)
        out = [own]
    else:
        held = []  # the King and Intrigue cards this player holds
        if cs.king and a.king == player:
            held.append(cs.king)
        if cs.intrigue and a.intrigue == player:
            held.append(cs.intrigue)
        out = [own] if not held else held if state.players >= 4 else [own] + held
    mine: dict[str, Any] | None = state.ext.get(EXT)
    taken = taken_card(state, player) if mine and mine.get("takes") else ""
    return [*out, taken] if taken else out


def _card_decide(engine: FlowEngine, state: State, flow: Flow,
                 events: Events) -> Decision | None:
    p = flow.turn_order[flow.turn_i]  # Flow.actor inline (a turn's phase: no property call)
    for c in state.offer:  # a card on offer (X2; _take_now's first test, without a call),
        if c:  # else nothing to take
            take = _take_now(engine, state, flow, p)
            if take is not None:
                return take
            break
    choices = action_choices(engine.lib, state, p)
    if len(choices) == 1:
        _take(engine, state, flow, p, choices[0], events)
        return None
    labels = [f"the special action of {_card_facts(engine, c)[2]}" for c in choices]
    return new_decision("choose_option", [p], "Which special action do you carry out?",
                        {"labels": labels, "cards": choices}, "I5")


def _card_apply(engine: FlowEngine, state: State, flow: Flow, player: int, norm: Any,
                events: Events) -> None:
    assert flow.pending is not None
    if flow.pending.rule == TAKE_RULE:  # the card phase asks again: which action (X2)
        apply_take(engine.lib, state, state.offer, state.offer_origin, player, str(norm),
                   events)
        return
    _take(engine, state, flow, player, flow.pending.options["cards"][norm], events)


def _take(engine: FlowEngine, state: State, flow: Flow, player: int, card: str,
          events: Events) -> None:
    flow.card = card
    events.append({"event": "card", "player": player, "card": card, "what": "action"})
    mine: dict[str, Any] | None = state.ext.get(EXT)
    held = mine.get("held") if mine else None
    if held and player in held:  # I8: in effect since the cards were revealed
        bp = base.own_part(flow)  # its own: a copy of the flow may share it
        bp.special_done = True
        events.append({"event": "note", "text": f"{seat(player)}'s special action is in "
                       "effect since the cards were revealed (I8)."})
    flow.phase = base.ORDER


def _offer_decide(engine: FlowEngine, state: State, flow: Flow,
                  events: Events) -> Decision | None:
    """I6: an action that says "you may" may be declined, any other is carried out; a
    card of this set whose special action is unknown plays none (``docs/homebrew.md``, 8). A
    card taken from the offer (X2) is an action card of its own set: carried out or
    declined (B4.4), an unknown action too (its discs appear unless declined, C7)."""
    bp: base.BaseRound = flow.parts["base"]  # read (own_part where it is changed)
    if bp.special_done:
        base._next_part(engine, state, flow, events)
        return None
    p = flow.turn_order[flow.turn_i]  # Flow.actor inline (a turn's phase: no property call)
    last = _CACHES.last  # _card_facts' common case inline (a card asked before): no call
    known = last.facts.get(flow.card) if last is not None and last.lib is engine.lib else None
    unknown, compulsory, title = known or _card_facts(engine, flow.card)
    if unknown:
        events.append({"event": "note", "text": f"{seat(p)}: {title}: "
                       "special action unknown (no source gives the card's face): it plays "
                       "with none (provisional)."})
        bp = base.own_part(flow)  # its own: a copy of the flow may share it
        bp.special_done = True
        base._next_part(engine, state, flow, events, bp)
        return None
    if compulsory:                                                    # I6: compulsory
        base._offer_apply(engine, state, flow, p, 0, events)
        return None
    # what offer_prompt's words depend on, and the player asked
    key = (flow.card, bp.placed, state.court[p] > 0, p)
    d = _OFFER_DECISIONS.get(key)
    if d is None:  # decisions never change once made: one per card, step and player
        d = _OFFER_DECISIONS[key] = new_decision(  # (as B4.4's; the B4.4 options)
            "choose_option", [p], offer_prompt(state, bp, p, flow.card),
            base._OFFER_OPTIONS, "I6")
    return d


#: The I6 offer decisions by (card, placed, caballeros in court, player), shared as the
#: B4.4 ones are (never changed once made).
_OFFER_DECISIONS: Final[dict[tuple[str, bool, bool, int], Decision]] = {}


def _card_facts(engine: FlowEngine, card_id: str) -> tuple[bool, bool, str]:
    """What the turn's phases ask of card ``card_id``, kept in the library's cache
    (:class:`~elgrande.rules.intrigue_king.cards.Cache`): whether it is a card of this set
    whose special action is unknown (a card face no source gives: ``docs/homebrew.md``,
    section 8), whether its special action is compulsory (I6), its title."""
    last = _CACHES.last  # cache_of(engine.lib), inline
    lib = engine.lib
    memo = (last if last is not None and last.lib is lib else cache_of(lib)).facts
    hit = memo.get(card_id)
    if hit is None:
        card = engine.lib.card(card_id)
        hit = memo[card_id] = (card.script is None and card.role in (HAND_ROLE, AWARD_ROLE),
                               card_facts(engine, card_id)[1], card.title)
    return hit

