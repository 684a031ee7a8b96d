"""I3: card play (one card played clockwise, no value twice in a round; I7: nor a value
of an earlier round), the awards told once all are played, and the cards whose action only
keeps a lasting effect taking effect as the cards are revealed (I8)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from elgrande.dsl import ast
from elgrande.engine.context import BudgetExceeded
from elgrande.engine.decisions import Decision
from elgrande.engine.decisions.decision import new_decision
from elgrande.engine.flow import Flow, FlowEngine
from elgrande.engine.modules import Events
from elgrande.engine.triggers import TriggerLimit
from elgrande.model import placement
from elgrande.model.seats import seat
from elgrande.model.state import State
from elgrande.rules import base
from elgrande.rules.intrigue_king.cards import _CACHES, EXT, _new_awards, awards, cache_of
from elgrande.rules.intrigue_king.special import action_choices

if TYPE_CHECKING:
    from elgrande.data.library import Library


# -- I3: card play -----------------------------------------------------------------------------
def bid_decision(state: State, first: int, i: int) -> Decision:
    """The I3 decision of the ``i``-th card of the round, played by the player ``i``
    seats clockwise from ``first``: a card of their hand whose value nobody played this
    round."""
    p = (first + i) % state.players
    why: dict[str, list[str]] = {}
    known = _PLAYED
    choices = state.hands[p][:]
    discards = state.discards[p]  # the cards of earlier rounds (I7), after this round's
    clash = False  # a value played this round is one of the earlier rounds' too
    for q, v in state.bids:  # (a played card's [player, value] pair)
        hit = known.get((v, q))
        if hit is None:
            hit = _played_why(v, q)
        why[hit[0]] = hit[1]
        if v in discards:  # (C searches: a hand holds more values than a round plays)
            clash = True
        while v in choices:
            choices.remove(v)
    if discards:
        if not clash:
            try:  # every refusal written before (the common case): added by calls, no loop
                why.update(map(_EARLIER_BY_VALUE.__getitem__, discards))
                discards = []  # (done)
            except KeyError:  # a value's first refusal: the loop below writes it
                pass
        for v in discards:
            late = _EARLIER_BY_VALUE.get(v)
            if late is None:
                late = _EARLIER_BY_VALUE[v] = (str(v), ["I7", f"card {v} was played in "
                                                        "an earlier round"])
            if late[0] not in why or not clash:  # a value played this round keeps its
                why[late[0]] = late[1]  # I3 refusal (keys: the values' str)
    return new_decision("choose_power_card", [p], "Play a card",
                        {"choices": choices, "why": why}, "I3")


#: The refusals of :func:`bid_decision` already written, by ``(card value, player)``:
#: the key of ``why`` and its ``[rule, message]`` (decisions are never changed: shared).
#: Keyed on numbers only, of no library or board, so not in the library's :class:`Cache`.
_PLAYED: Final[dict[tuple[int, int], tuple[str, list[str]]]] = {}
#: The I7 refusal of each card value played in an earlier round: value -> (the key of
#: ``why``, ``[rule, message]``). Keyed on the value only, as :data:`_PLAYED`.
_EARLIER_BY_VALUE: Final[dict[int, tuple[str, list[str]]]] = {}


def _played_why(v: int, q: int) -> tuple[str, list[str]]:
    """The I3 refusal of card value ``v`` played this round by player ``q`` (kept in
    :data:`_PLAYED`)."""
    if len(_PLAYED) >= 4096:
        _PLAYED.clear()
    hit = _PLAYED[v, q] = (str(v), ["I3", f"card {v} was already played this round by "
                                    f"{seat(q)}"])
    return hit


def apply_bid(state: State, player: int, value: int, events: Events) -> None:
    """Play a card its :func:`bid_decision` accepted: hand -> the face-up discards (I3,
    I7), as the base game plays a power card."""
    base.apply_bid_answer(state, player, value, events, what="card")


def award_event(lib: Library, state: State) -> dict[str, Any]:
    """The event that tells who took which award (I3)."""
    a = awards(lib, state)
    parts = [f"{seat(p)}: Caballero card {n}" for p, n in a.caballero.items()]
    guess = any(f"caballero_cards.{state.players}" in f.provisional
                for f in lib.figures.values())  # a fill's row of Caballero cards
    return {"event": "note", "text": f"Awards (I3): {', '.join(parts)}"
            f"{' (provisional)' if guess else ''}; King card: {seat(a.king)}; Intrigue "
            f"card: {seat(a.intrigue)}."}


def _award_note(engine: FlowEngine, state: State, order: list[int]) -> dict[str, Any]:
    """:func:`award_event` of this round, whose turn order is ``order`` (I3, I4): its text
    written once per turn order (the awards are a function of it, with the engine's
    library and ``len(order)`` players), kept in the library's cache (:class:`Cache`)."""
    last, lib = _CACHES.last, engine.lib  # (cache_of(lib), inline: no call)
    memo = (last if last is not None and last.lib is lib else cache_of(lib)).notes
    key = tuple(order)
    text = memo.get(key)
    if text is None:
        text = str(award_event(engine.lib, state)["text"])
        if len(memo) < 4096:
            memo[key] = text
    return {"event": "note", "text": text}


def _bid_decide(engine: FlowEngine, state: State, flow: Flow, events: Events) -> Decision:
    bp: base.BaseRound = flow.parts["base"]  # read only
    return bid_decision(state, bp.first_bidder, bp.bid_i)


def _bid_apply(engine: FlowEngine, state: State, flow: Flow, player: int, norm: Any,
               events: Events) -> None:
    bp: base.BaseRound = flow.parts["base"]
    if bp.shared:  # a copy of the flow shares it: its own (own_part; not shared: no call)
        bp = base.own_part(flow)
    value: int = norm if type(norm) is int else int(norm)  # (an int: no call)
    base.apply_bid_answer(state, player, value, events, "card")  # apply_bid (what: "card")
    bp.bid_i += 1
    if bp.bid_i == state.players:
        flow.turn_order = placement.turn_order(state.bids)          # I4
        flow.turn_i = 0
        events.append({"event": "turn_order", "order": flow.turn_order[:]})
        _new_awards(engine.lib, state, flow.turn_order)  # the round's awards (I3), once
        events.append(_award_note(engine, state, flow.turn_order))
        _hold_lasting_cards(engine, state, events)
        base._begin_turn(engine, state, flow, events)


def held_from_play(lib: Library, card_id: str) -> bool:
    """Whether the card's special action only keeps a lasting effect (a Veto, B8.4): such
    an action takes effect when the cards are revealed, so it is usable in the other
    players' turns of the round too (I8, card notes: 40).

    Raises:
        DataError: the sets in play give no hand of combined cards (I1: no cache).
    """
    known = cache_of(lib).held
    hit = known.get(card_id)
    if hit is not None:
        return hit
    script = lib.card(card_id).script
    held = script is not None and bool(script.body.body) and all(
        isinstance(x, ast.Call) and x.name == "keep" for x in script.body.body)
    if len(known) >= 4096:
        known.clear()
    known[card_id] = held
    return held


def _hold_lasting_cards(engine: FlowEngine, state: State, events: Events) -> None:
    """I8: when every card is played, the lasting effects of the cards whose action is
    only that (a Veto) begin at once, for the players whose own action is theirs to carry
    out (I5: not lapsed, no choice left open). A card past its work budget is undone whole
    and counts as carried out with no effect, as a special action is (B8)."""
    held: list[int] = []
    lib = engine.lib
    lasting = _held_values(engine)
    for p, v in state.bids:
        if v not in lasting:
            continue  # (tested first: action_choices is the dearer test)
        card = lasting[v]
        if action_choices(lib, state, p) == [card]:
            events.append({"event": "note", "text": f"{seat(p)}'s {{card:{card}}} takes effect "
                           "as the cards are revealed (I8):"})
            before = state.copy()  # a card past its work budget is undone whole
            run = engine.interpreter.begin(card, p)
            try:
                engine.interpreter.advance(state, run, events)
            except TriggerLimit:  # the answer is refused whole (FlowEngine.answer)
                raise
            except BudgetExceeded as exc:
                state.set_to(before)
                events.append(exc.void_event(p, card))
                continue
            held.append(p)
    if held:
        state.ext.setdefault(EXT, {})["held"] = held


def _held_values(engine: FlowEngine) -> dict[int, str]:
    """The values of the combined cards whose special action only keeps a lasting effect
    (:func:`held_from_play`, I8) -> their card ids, kept in the library's cache (:class:`Cache`)."""
    last, lib = _CACHES.last, engine.lib  # (cache_of(lib), inline: no call)
    cache = last if last is not None and last.lib is lib else cache_of(lib)
    got = cache.held_values
    if got is None:
        got = cache.held_values = {
            v: c for v, c in cache.cards.by_value.items() if held_from_play(lib, c)}
    return got
