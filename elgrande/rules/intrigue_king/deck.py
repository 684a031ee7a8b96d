"""I1: the deck choice (each player secretly chooses their hand from their set), and the
setup hooks that go with it (no hand before the choice; the setup line names a card)."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, Final

from elgrande.engine import decisions as dec
from elgrande.engine.decisions import Decision
from elgrande.engine.flow import Flow, FlowEngine
from elgrande.engine.modules import Events
from elgrande.errors import IllegalMove
from elgrande.model.hook_context import HookContext
from elgrande.model.state import State
from elgrande.rules.intrigue_king.cards import DECK, _options, cache_of, cards_of, deck_values

if TYPE_CHECKING:
    from elgrande.data.library import Library


# -- I1: the deck choice -----------------------------------------------------------------------
def _cards_check(d: Decision, p: int, answer: Any) -> list[int]:
    allowed = d.options["per_player"][str(p)]
    n = int(d.options["count"])
    legal = _chosen_cards(answer, allowed, n)
    if legal is not None:
        return legal  # else the checks below say why it is refused
    if not isinstance(answer, (list, tuple)) or any(
            isinstance(v, bool) or not isinstance(v, int) for v in answer):
        raise IllegalMove("I1", f"choose a list of {n} card values")
    allowed_set = set(allowed)
    bad = [v for v in answer if v not in allowed_set]
    if bad:
        raise IllegalMove("I1", f"not in your set of cards: {bad} (choose from "
                          f"{', '.join(map(str, allowed))})")
    if len(set(answer)) != len(answer):
        raise IllegalMove("I1", "each card can be chosen once")
    if len(answer) != n:
        raise IllegalMove("I1", f"choose exactly {n} cards, not {len(answer)}")
    return sorted(answer)


def _chosen_cards(answer: Any, allowed: list[int], n: int) -> list[int] | None:
    """``answer`` sorted when it is a list of ``n`` different ints of ``allowed`` (a legal
    I1 answer, the common case), else None (:func:`_cards_check` then says why). The
    checks are set operations, each one call: a loop written out over a hand of cards ran
    about 1,200 bytecodes a choice in the pure build."""
    if type(answer) is not list or len(answer) != n:
        return None
    if n and set(map(type, answer)) != _INT_ONLY:  # ints only (a bool is no card value)
        return None
    chosen = set(answer)
    if len(chosen) != n or not chosen.issubset(allowed):
        return None
    return sorted(answer)


#: The one type of a card value (:func:`_chosen_cards`).
_INT_ONLY: Final[frozenset[type]] = frozenset({int})


def _cards_random(d: Decision, p: int, rng: random.Random) -> list[int]:
    return sorted(dec.draw_sample(rng, list(d.options["per_player"][str(p)]),
                                  int(d.options["count"])))  # rng.sample, drawn alike


def _cards_hidden(answer: Any) -> str:
    return f"chose {len(answer) if isinstance(answer, list) else 0} cards"


class CardsKind(dec.DecisionKind):
    """I1: a player's choice of power cards (``choose_cards``), checked by
    :func:`_cards_check`; too many to list, drawn by :func:`_cards_random`."""

    def check(self, d: Decision, p: int, answer: Any) -> Any:
        return _cards_check(d, p, answer)

    def legal(self, d: Decision, p: int) -> list[Any] | None:
        return None

    def random(self, d: Decision, p: int, rng: dec.Random) -> Any:
        return _cards_random(d, p, rng)


# I1: the others never see a player's choice, only the cards as they are played
dec.register(CardsKind("choose_cards", dec.Secret(dec.NEVER, _cards_hidden)))


def deck_decision(lib: Library, state: State, answered: set[int]) -> Decision:
    """The I1 secret decision of the players not in ``answered``: each answers a list of
    ``choose`` values from their set (the beginner option: multiples of 10 only). Made
    once per beginner option and players asked, kept in the library's
    :class:`~elgrande.rules.intrigue_king.cards.Cache` and shared (decisions never change
    once made)."""
    beginner = bool(_options(state).get("beginner"))
    remaining = [p for p in range(state.players) if p not in answered]
    known = cache_of(lib).secret
    key = (DECK, beginner, tuple(remaining))
    d: Decision | None = known.get(key)
    if d is None:
        values, n = _deck_offer(lib, beginner)
        values = values[:]  # this decision's own list (the players share it, as before)
        d = Decision("choose_cards", remaining, f"Choose {n} of your cards for this game "
                     "(secretly)", {"per_player": {str(p): values for p in remaining},
                                    "count": n}, "I1")
        if len(known) < 4096:
            known[key] = d
    return d


def _deck_offer(lib: Library, beginner: bool) -> tuple[list[int], int]:
    """:func:`deck_values` of ``lib`` and how many of them each player chooses (I1), kept
    in the library's :class:`~elgrande.rules.intrigue_king.cards.Cache` by beginner option
    (the list is never changed: callers copy it)."""
    offers = cache_of(lib).deck_offers
    hit = offers.get(beginner)
    if hit is not None:
        return hit
    values = deck_values(lib, beginner)
    n = min(cards_of(lib).choose, len(values))
    offers[beginner] = (values, n)
    return values, n


def _deck_decide(engine: FlowEngine, state: State, flow: Flow, events: Events) -> Decision:
    return deck_decision(engine.lib, state, {int(p) for p in flow.secret})


def _deck_apply(engine: FlowEngine, state: State, flow: Flow, player: int, norm: Any,
                events: Events) -> None:
    flow.secret = {**flow.secret, str(player): list(norm)}  # replaced: copies share it
    if len(flow.secret) < state.players:
        return
    for p in range(state.players):
        state.set_hand(p, sorted(flow.secret[str(p)]))
        state.set_discards(p, [])
    flow.secret = {}
    events.append({"event": "note", "text": "Every player has chosen their cards (I1)."})
    engine.resume(flow)  # the setup disc next (I2)


def _setup(ctx: HookContext, rng: Any, start_player: Any) -> None:
    """The setup line names what the first player plays: a card of their hand (I1, I3),
    as the log then says "plays card N"."""
    events = ctx.events
    for e in events:
        if e.get("event") == "setup":
            e["what"] = "card"


def _initial_hand(ctx: HookContext) -> list[int]:
    """No cards in hand before the deck choice (I1)."""
    return []
