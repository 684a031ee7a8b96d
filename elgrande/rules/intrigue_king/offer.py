"""X2: the action cards other sets put on offer each round, taken in the ``card`` phase
by at most ``offer_takers`` players (each card by one), and back under their stack at round
end (B4.6)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from elgrande.engine.decisions import Decision
from elgrande.engine.flow import Flow, FlowEngine
from elgrande.engine.modules import Events
from elgrande.model.marks import card as card_mark
from elgrande.model.seats import seat
from elgrande.model.state import State
from elgrande.rules.intrigue_king.cards import EXT, _drop, cards_of

if TYPE_CHECKING:
    from elgrande.data.library import Library

# -- X2: the action cards on offer -------------------------------------------------------------
#: The rule of the take decision (X2).
TAKE_RULE: Final = "X2"
#: The answer of the take decision that takes no card (X2).
NO_CARD: Final = "none"


def takes(state: State) -> list[list[Any]]:
    """The action cards taken from the offer this round (X2), in turn order: ``[player,
    card id, stack index or -1]`` each (the stack it goes back under at round end; -1 for a
    card on offer every round)."""
    return [list(t) for t in (state.ext.get(EXT) or {}).get("takes") or []]


def taken_card(state: State, player: int) -> str:
    """The action card ``player`` took from the offer this round (X2), or ''."""
    raw = (state.ext.get(EXT) or {}).get("takes") or []
    return next((str(c) for q, c, _ in raw if q == player), "")


def take_decision(lib: Library, state: State, offer: list[str], player: int) -> Decision:
    """The X2 decision of ``player``: take one of the action cards on ``offer`` (the ones
    other sets put out each round: the Grand Inquisitor card, the top 7th-stack card) or
    none. At most ``offer_takers`` players a round take one, each a different card, and
    nobody takes two.

    Answer form: a card id of ``options["choices"]``, or ``"none"`` (:data:`NO_CARD`).
    The refusals (``options["why"]``, rule X2): a card another player took this round; any
    card once ``offer_takers`` players have taken one, or once this player took one.
    """
    cs = cards_of(lib)
    done = takes(state)
    why: dict[str, list[str]] = {str(c): [TAKE_RULE, f"{card_mark(c)} was already "
                                          f"taken this round by {seat(q)}"]
                                 for q, c, _ in done}  # (cards by their labels, in words)
    mine = taken_card(state, player)
    blocked = (f"{seat(player)} already took {card_mark(mine)} this round: nobody "
               "takes two" if mine else
               f"{len(done)} players have already taken an action card this round (at most "
               f"{cs.offer_takers})" if len(done) >= cs.offer_takers else "")
    open_ = [c for c in offer if c and c not in why]
    if blocked:
        why.update({c: [TAKE_RULE, blocked] for c in open_})
        open_ = []
    return Decision("choose_action_card", [player], "Take an open action card (its special "
                    "action becomes one you may carry out instead of yours), or none",
                    {"choices": [*open_, NO_CARD], "why": why}, TAKE_RULE)


def apply_take(lib: Library, state: State, offer: list[str], origin: list[int], player: int,
               card: str, events: Events) -> None:
    """Carry out a take its :func:`take_decision` accepted (X2): the card leaves the
    offer (``offer``/``origin``: the round's open cards and their stacks; the state's
    offer is replaced, ``State.clear_offer_slot``, a case's own list changed in place) and
    becomes one of the player's action choices; ``"none"`` takes nothing."""
    mine = state.ext.setdefault(EXT, {})
    mine["asked"] = [*(mine.get("asked") or []), player]
    if card == NO_CARD:
        return
    slot = offer.index(card)
    if offer is state.offer:  # shared with copies: replaced, never changed in place
        state.clear_offer_slot(slot)
    else:
        offer[slot] = ""
    mine["takes"] = [*takes(state), [player, card, origin[slot] if slot < len(origin) else -1]]
    events.append({"event": "note", "text": f"{seat(player)} takes {{card:{card}}} "
                   "from the open action cards (X2)."})


def _take_now(engine: FlowEngine, state: State, flow: Flow, player: int) -> Decision | None:
    """The take decision of this turn (X2), or None: no card on offer, asked already, no
    card left to take, or the player's own action took effect when the cards were
    revealed (I8: their one special action is carried out)."""
    offer = state.offer
    if not any(offer):
        return None  # nothing on offer (the common case: no other set puts cards out)
    takers = cards_of(engine.lib).offer_takers
    if not takers:
        return None
    mine: dict[str, Any] = state.ext.get(EXT) or {}
    if player in (mine.get("asked") or []) or player in (mine.get("held") or []):
        return None
    done = mine.get("takes") or []
    if len(done) >= takers or any(q == player for q, _, _ in done):
        return None  # no card may be taken (take_decision refuses every one)
    taken = {str(c) for _, c, _ in done}
    if not any(c and c not in taken for c in offer):
        return None  # no card left on offer
    d = take_decision(engine.lib, state, offer, player)
    return d if len(d.options["choices"]) > 1 else None


def _return_taken(engine: FlowEngine, state: State, flow: Flow) -> None:
    """Round end (X2, B4.6): each card taken from a stack goes back under it, unless its
    taker keeps it (a Veto carried out, B8.4); the takes of the round are over."""
    for p, card, stack in takes(state):
        kept = any(x.card == card and x.player == p and x.data.get("taken") == state.round
                   for x in state.lasting)
        if stack >= 0 and not kept:
            state.add_to_stack(stack, card)
    _drop(state, "takes")
    _drop(state, "asked")
