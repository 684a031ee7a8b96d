"""The Intrigue & the King rules module (RULES.md I1-I9): the deck choice, the setup disc,
card play with combined action/power cards and the King, Intrigue and Caballero cards,
as phases and hooks over the base module (DESIGN.md 2a).

Phases: ``deck`` (I1: each player secretly chooses their hand from their set; inserted
before the first round, so the game starts here), ``setup_disc`` (I2: one caballero from
court to a secretly chosen region),
then the base game's rounds with two phases replaced: ``bid`` (I3: one card played
clockwise, no value twice in a round) and ``card`` (I4, I5: the turn's special action is
the player's own card's, or the King or Intrigue card's), and ``offer`` (I6: only an
action that says "you may" may be declined). The court limit is the played card's heads
(B4.1, I4), the placement limit the Caballero card's number (B4.3, I4). Played cards stay
in ``state.discards`` (public, I7); the King, Intrigue and Caballero cards are a function
of this round's ``state.bids`` (:func:`awards`), so they return when the round ends (I7).

The card notes (I8, I9) add primitives registered here: ``this turn place up to N``
(15), ``this turn place into SET`` (20), ``bridge A and B`` (63, hook ``adjacent``),
``lay scoreboard to SET`` (93, hook ``scored``), ``put an opponent grande into castillo``
(35, I9: the Grande counts there for the Castillo's bonus and leaves at the general
scoring, hook ``castillo_emptied``; the base game's ``discs`` phase is replaced so that a
Grande's owner whose disc shows the king's region first puts it elsewhere, phase
``castillo_grande``); a card whose action only keeps a lasting effect (40's Veto) takes
effect when the cards are revealed.

With the Colonies too (X1-X3) the game is the composition of this module and
:mod:`elgrande.rules.colonies`, loaded in the order base, intrigue-king, colonies (the
Colonies manifest's ``load_after``; :func:`elgrande.data.manifests.set_order`, whatever
order the sets are given in), so the Colonies' hooks fold after this module's (court limit:
the card's heads, then the Inquisitor holder's +1) and its setup replaces this one's:

- X1: this module's phases ``deck`` and ``setup_disc`` are inserted before the first
  round (``precedes="round"``); the Colonies register a ``setup_disc`` phase too, which
  replaces this one in its place (one setup disc, the Colonies' 2 caballeros, rule C2).
  The base action and power cards are retired by this set's manifest.
- X2: the base round still turns up its offer: with the base stacks retired that is the
  Colonies' top 7th-stack card and the Grand Inquisitor card. In the ``card`` phase a
  player may take one of them (:func:`take_decision`, answer a card id or ``"none"``)
  while fewer than the manifest's ``hand.offer_takers`` (2) players have taken one this
  round, each card by one player; the taken card joins their action choices
  (:func:`action_choices`), so they carry out one special action. Placement stays the
  Caballero card's number (hook ``placement_limit`` ignores the taken card's). The
  Colonies' ``special_action_done`` hook puts out a 7th-stack card's discs only when its action
  is carried out (C7). [decision] Taking the Grand Inquisitor card brings the Inquisitor
  into the taker's court only when its special action is carried out (it is part of that
  action, as in the Colonies, where a declined card does not move him); a player whose
  own action took effect when the cards were revealed (I8: card 40's Veto) is not offered
  a card. A taken 7th-stack card goes back under its stack at round end (B4.6), unless kept
  as a Veto; the card nobody took is discarded (B3.5).
- X3: the 7th-stack card seed 004 calls "Turn over action card" is a Veto by an erratum of
  this set's data (``with_set: colonies``: applied only with both sets in play); no code
  here knows the card. The Intrigue card's moves reach the
  new areas by the Colonies' region sets and hooks (France's room, carriers, offices).

The one code path of each rule is here: :func:`bid_decision`, :func:`apply_bid`,
:func:`awards`, :func:`take_decision`, :func:`apply_take` serve the flow and the scenario
runner alike.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Final

import attr

from elgrande.dsl import ast
from elgrande.engine import decisions as dec
from elgrande.engine.context import Ctx
from elgrande.engine.decisions import Decision
from elgrande.engine.flow import Flow, FlowEngine
from elgrande.engine.modules import OVER, Events, Phase, RulesModule
from elgrande.engine.primitives import PRIMITIVES, apply_placement, primitive
from elgrande.engine.regions import regions
from elgrande.errors import DataError, IllegalMove
from elgrande.model import placement
from elgrande.model.board import Board
from elgrande.model.fields import factory
from elgrande.model.hook_context import HookContext
from elgrande.model.plain import plain_repr
from elgrande.model.state import OFF_BOARD, State
from elgrande.rules import base

if TYPE_CHECKING:
    from elgrande.data.cards import CardDef
    from elgrande.data.library import Library

DECK, SETUP_DISC = "deck", "setup_disc"
#: The card kind role of a player's combined action/power cards (I1).
HAND_ROLE: Final = "hand"
#: The card kind role of the King, Intrigue and Caballero cards (I3).
AWARD_ROLE: Final = "award"
#: ``state.ext`` key of the game options (``{"beginner": True}``, I1).
OPTIONS: Final = "options"
#: ``state.ext`` key of this module's pieces: ``{"turn": {"player": p, "place": n,
#: "into": [region index, ...]}}``, the current turn's placement changed by a card (I8);
#: ``"takes"``: the cards taken from the offer this round (X2, :func:`takes`); ``"asked"``:
#: who was offered them this round.
EXT: Final = "intrigue_king"


# -- the cards in play -------------------------------------------------------------------------
# attr.s (not attrs.frozen): mypyc makes it a native class, whose fields compiled code reads
# directly (README, "Compiled build"); init=False and an __init__ of its own, which mypyc
# compiles; frozen: it sets through object.__setattr__
@attr.s(auto_attribs=True, frozen=True, order=False, init=False, repr=False)
class Cards:
    """The Intrigue & the King cards of a library (I1, I3).

    Attributes:
        by_value: card value -> card id of the combined action/power cards in play.
        king: the King card's id; intrigue: the Intrigue card's id ('' when absent).
        caballero: Caballero-card number -> card id.
        table: player count -> the Caballero cards in play (I2), highest first.
        choose: how many cards each player chooses (I1); beginner_multiple_of: the
            beginner option keeps the values divisible by it (I1).
        offer_takers: how many players a round may take one of the action cards other
            sets put on offer (X2; 0: none).
        heads: card value -> the heads on the combined card (B4.1, I4).
    """

    def __repr__(self) -> str:
        return plain_repr(self)

    by_value: dict[int, str]
    king: str
    intrigue: str
    caballero: dict[int, str]
    table: dict[int, tuple[int, ...]]
    choose: int
    beginner_multiple_of: int
    offer_takers: int = 0
    heads: dict[int, int] = factory(dict)

    def __init__(self, by_value: dict[int, str], king: str, intrigue: str,
                 caballero: dict[int, str], table: dict[int, tuple[int, ...]], choose: int,
                 beginner_multiple_of: int, offer_takers: int = 0,
                 heads: Mapping[int, int] | None = None) -> None:
        object.__setattr__(self, "by_value", by_value)
        object.__setattr__(self, "king", king)
        object.__setattr__(self, "intrigue", intrigue)
        object.__setattr__(self, "caballero", caballero)
        object.__setattr__(self, "table", table)
        object.__setattr__(self, "choose", choose)
        object.__setattr__(self, "beginner_multiple_of", beginner_multiple_of)
        object.__setattr__(self, "offer_takers", offer_takers)
        # a dict of its own: compiled code looks values up natively
        object.__setattr__(self, "heads", {} if heads is None else dict(heads))


_CARDS: Final[dict[int, tuple[Library, Cards]]] = {}


def cards_of(lib: Library) -> Cards:
    """The Intrigue & the King cards of ``lib`` (cached per library).

    Raises:
        DataError: the sets in play give no hand of combined cards (I1).
    """
    last = _LAST_CARDS
    if last and last[0] is lib:
        got: Cards = last[1]
        return got
    hit = _CARDS.get(id(lib))
    if hit is not None and hit[0] is lib:
        _LAST_CARDS[:] = hit
        return hit[1]
    hand = next((f.hand for f in lib.figures.values() if f.hand is not None), None)
    if hand is None:
        raise DataError("", "the sets in play give no hand of combined cards (I1)")
    table: dict[int, tuple[int, ...]] = {}
    for f in lib.figures.values():
        for n, row in f.caballero_cards.items():
            table[n] = tuple(sorted(row, reverse=True))
    king = intrigue = ""
    caballero: dict[int, str] = {}
    for c in lib.of_role(AWARD_ROLE):
        awarded = c.data.get("awarded")
        if awarded == "highest":
            king = c.id
        elif awarded == "lowest":
            intrigue = c.id
        elif c.place:
            caballero[c.place] = c.id
    hands = lib.of_role(HAND_ROLE)
    out = Cards({c.value: c.id for c in hands}, king, intrigue, caballero,
                table, hand.choose, hand.beginner_multiple_of, hand.offer_takers,
                {c.value: c.heads for c in hands})
    _CARDS[id(lib)] = (lib, out)
    _LAST_CARDS[:] = [lib, out]
    return out


#: The library :func:`cards_of` answered last, and its cards.
_LAST_CARDS: Final[list[Any]] = []


def card_of_value(lib: Library, value: int) -> CardDef:
    """The combined action/power card of ``value`` (I1).

    Raises:
        KeyError: no card of that value in play.
    """
    return lib.card(cards_of(lib).by_value[value])


def deck_values(lib: Library, beginner: bool = False) -> list[int]:
    """The values a player may choose their hand from (I1): the cards in play, or with the
    beginner option only the values divisible by the manifest's ``beginner_multiple_of``."""
    cs = cards_of(lib)
    values = sorted(cs.by_value)
    if beginner:
        values = [v for v in values if v % cs.beginner_multiple_of == 0]
    return values


# attr.s with an __init__ of its own: a native class under mypyc (as Cards)
@attr.s(auto_attribs=True, frozen=True, order=False, init=False, repr=False)
class Awards:
    """Who holds which award this round (I3): ``caballero`` player -> Caballero-card
    number; ``king`` and ``intrigue``: the holders of the King and Intrigue cards."""

    def __repr__(self) -> str:
        return plain_repr(self)

    caballero: dict[int, int]
    king: int
    intrigue: int

    def __init__(self, caballero: dict[int, int], king: int, intrigue: int) -> None:
        object.__setattr__(self, "caballero", caballero)
        object.__setattr__(self, "king", king)
        object.__setattr__(self, "intrigue", intrigue)


def awards(lib: Library, state: State) -> Awards:
    """The awards of this round's played cards ``state.bids`` (I3): the highest value
    takes the King card and the highest Caballero card, the next the next Caballero card,
    ..., the lowest the lowest Caballero card and the Intrigue card.

    Raises:
        DataError: the Caballero cards for this player count are unknown (I2; a fill
        gives them, EXPANSIONS.md 6).
    """
    memo = _AWARDS_MEMO
    got = memo.awards
    if got is not None and memo.lib is lib and memo.players == state.players:
        bids = state.bids
        # the very list asked last, no card played since (a played card's pair is never
        # changed in place), or the same cards
        if memo.asked is bids and 2 * len(bids) == len(memo.bids) or _same_bids(memo.bids, bids):
            memo.asked = bids
            return got
    return _new_awards(lib, state, placement.turn_order(state.bids))


def _new_awards(lib: Library, state: State, order: list[int]) -> Awards:
    """:func:`awards` of the round's turn order ``order`` (I3, I4), remembered as the last
    asked.

    Raises:
        DataError: as :func:`awards`.
    """
    memo = _AWARDS_MEMO
    key = tuple(order)
    known = _BY_ORDER.get(key)
    if known is not None and known[0] is lib and known[1] == state.players:
        out: Awards = known[2]
    else:
        cs = cards_of(lib)
        row = cs.table.get(state.players)
        if row is None:
            raise DataError("", f"the Caballero cards for {state.players} players are "
                            "unknown (I2); play with a fill (--fill provisional; docs/homebrew.md, "
                            "section 8)")
        caballero: dict[int, int] = {}
        for i in range(min(len(order), len(row))):
            caballero[order[i]] = row[i]
        out = Awards(caballero, order[0], order[-1])
        if len(_BY_ORDER) >= 4096:
            _BY_ORDER.clear()
        _BY_ORDER[key] = (lib, state.players, out)
    memo.lib, memo.players, memo.awards = lib, state.players, out
    flat: list[int] = []
    for b in state.bids:
        flat.append(b[0])
        flat.append(b[1])
    memo.bids = flat
    memo.asked = state.bids
    return out


#: The awards of a turn order (:func:`_new_awards`): order -> (library, player count,
#: awards); awards are never changed, so rounds of the same order share them.
_BY_ORDER: Final[dict[tuple[int, ...], tuple[Any, int, Awards]]] = {}


def _same_bids(flat: list[int], b: list[list[int]]) -> bool:
    """Whether a round's played cards ``b`` are the ``[player, value]`` pairs ``flat``
    lists one after the other (I3)."""
    if len(flat) != 2 * len(b):
        return False
    for i in range(len(b)):
        y = b[i]
        if flat[2 * i] != y[0] or flat[2 * i + 1] != y[1]:
            return False
    return True


class _AwardsMemo:
    """The last :func:`awards` answered: the library, player count and played cards
    (``player, value, player, value, ...``: a flat copy) it was asked for, and the awards
    (None: none yet). A
    class of typed fields: compiled code compares them natively (README, "Compiled
    build"); the awards are a function of these, and never changed."""

    def __init__(self) -> None:
        self.lib: object = None
        self.players = 0
        self.bids: list[int] = []
        self.awards: Awards | None = None
        #: the ``state.bids`` list last asked about with these cards (compared by
        #: identity first: every turn of a round asks about the same list)
        self.asked: object = None


#: The last :func:`awards` asked (every turn asks for the same round's awards).
_AWARDS_MEMO: Final = _AwardsMemo()


def _options(state: State) -> Mapping[str, Any]:
    opts: Mapping[str, Any] = state.ext.get(OPTIONS) or {}
    return opts


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
    I1 answer, the common case), else None (:func:`_cards_check` then says why)."""
    if type(answer) is not list or len(answer) != n or type(allowed) is not list:
        return None
    for v in answer:
        if type(v) is not int:
            return None
    values: list[Any] = allowed
    for w in values:
        if type(w) is not int:
            return None
    ints: list[int] = values  # (typed: compared natively below)
    out: list[int] = sorted(answer)
    # one walk of both in ascending order (deck_values lists them so; a value found is in
    # ``allowed`` whatever its order, a value missed sends the answer to the full check)
    j, m = 0, len(ints)
    for i in range(n):
        v = out[i]
        if i and v == out[i - 1]:
            return None
        while j < m and ints[j] < v:
            j += 1
        if j == m or ints[j] != v:
            return None
    return out


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
    ``choose`` values from their set (the beginner option: multiples of 10 only)."""
    values, n = _deck_offer(lib, bool(_options(state).get("beginner")))
    values = values[:]  # this decision's own list (the players share it, as before)
    remaining = [p for p in range(state.players) if p not in answered]
    return Decision("choose_cards", remaining, f"Choose {n} of your cards for this game "
                    "(secretly)", {"per_player": {str(p): values for p in remaining},
                                   "count": n}, "I1")


def _deck_offer(lib: Library, beginner: bool) -> tuple[list[int], int]:
    """:func:`deck_values` of ``lib`` and how many of them each player chooses (I1), kept
    per library and beginner option (a library never changes; the list is never changed:
    callers copy it)."""
    hit = _DECK_OFFERS.get(beginner)
    if hit is not None and hit[0] is lib:
        return hit[1], hit[2]
    values = deck_values(lib, beginner)
    n = min(cards_of(lib).choose, len(values))
    _DECK_OFFERS[beginner] = (lib, values, n)
    return values, n


#: :func:`_deck_offer`'s last answer by beginner option: (library, values, count).
_DECK_OFFERS: Final[dict[bool, tuple[Any, list[int], int]]] = {}


def _deck_decide(engine: FlowEngine, state: State, flow: Flow, events: Events) -> Decision:
    return deck_decision(engine.lib, state, {int(p) for p in flow.secret})


def _deck_apply(engine: FlowEngine, state: State, flow: Flow, player: int, norm: Any,
                events: Events) -> None:
    flow.secret[str(player)] = list(norm)
    if len(flow.secret) < state.players:
        return
    for p in range(state.players):
        state.hands[p] = sorted(flow.secret[str(p)])
        state.discards[p] = []
    flow.secret = {}
    events.append({"event": "note", "text": "Every player has chosen their cards (I1)."})
    engine.resume(flow)  # the setup disc next (I2)


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


# -- I3: card play -----------------------------------------------------------------------------
def bid_decision(state: State, first: int, i: int) -> Decision:
    """The I3 decision of the ``i``-th card of the round, played by the player ``i``
    seats clockwise from ``first``: a card of their hand whose value nobody played this
    round."""
    p = (first + i) % state.players
    why: dict[str, list[str]] = {}
    played: list[int] = []
    known = _PLAYED
    for bid in state.bids:
        q, v = bid[0], bid[1]
        hit = known.get(v * _SEATS + q) if 0 <= q < _SEATS else None
        if hit is None:
            hit = _played_why(v, q)
        why[hit[0]] = hit[1]
        played.append(v)
    earlier = _EARLIER_BY_VALUE  # the cards of earlier rounds (I7), after this round's
    # (the loops over ``played`` are written out: typed numbers compiled code compares
    # natively, without a call per value)
    for v in state.discards[p]:
        for w in played:
            if w == v:
                break  # a value played this round keeps its I3 refusal
        else:
            late = earlier.get(v)
            if late is None:
                late = earlier[v] = (str(v), ["I7", f"card {v} was played in an earlier "
                                              "round"])
            why[late[0]] = late[1]
    hand = state.hands[p]
    if not played:
        choices = hand[:]
    else:
        choices = []
        for v in hand:
            for w in played:
                if w == v:
                    break
            else:
                choices.append(v)
    return Decision("choose_power_card", [p], "Play a card", {"choices": choices,
                    "why": why}, "I3")


#: The refusals of :func:`bid_decision` already written, by card value and player
#: (``value * _SEATS + player``): the key of ``why`` and its ``[rule, message]``
#: (decisions are never changed: shared).
_PLAYED: Final[dict[int, tuple[str, list[str]]]] = {}
#: More seats than any board has (B1.0): the player's part of a :data:`_PLAYED` key.
_SEATS: Final = 256
#: The I7 refusal of each card value played in an earlier round: value -> (the key of
#: ``why``, ``[rule, message]``).
_EARLIER_BY_VALUE: Final[dict[int, tuple[str, list[str]]]] = {}


def _played_why(v: int, q: int) -> tuple[str, list[str]]:
    """The I3 refusal of card value ``v`` played this round by player ``q`` (kept in
    :data:`_PLAYED`)."""
    if len(_PLAYED) >= 4096:
        _PLAYED.clear()
    hit = (str(v), ["I3", f"card {v} was already played this round by player {q}"])
    if 0 <= q < _SEATS:
        _PLAYED[v * _SEATS + q] = hit
    return hit


def apply_bid(state: State, player: int, value: int, events: Events) -> None:
    """Play a card its :func:`bid_decision` accepted: hand -> the face-up discards (I3,
    I7), as the base game plays a power card."""
    base.apply_bid_answer(state, player, value, events, what="card")


def award_event(lib: Library, state: State) -> dict[str, Any]:
    """The event that tells who took which award (I3)."""
    a = awards(lib, state)
    parts = [f"player {p}: Caballero card {n}" for p, n in a.caballero.items()]
    guess = any(f"caballero_cards.{state.players}" in f.provisional
                for f in lib.figures.values())  # a fill's row of Caballero cards
    return {"event": "note", "text": f"Awards (I3): {', '.join(parts)}"
            f"{' (provisional)' if guess else ''}; King card: player {a.king}; Intrigue "
            f"card: player {a.intrigue}."}


def _award_note(engine: FlowEngine, state: State, order: list[int]) -> dict[str, Any]:
    """:func:`award_event` of this round, whose turn order is ``order`` (I3, I4): its text
    written once per turn order (the awards are a function of it, with the engine's
    library and ``len(order)`` players), kept in the engine's memo."""
    memo: dict[tuple[int, ...], str] | None = engine.memo.get(_NOTES_MEMO)
    if memo is None:
        memo = engine.memo[_NOTES_MEMO] = {}
    key = tuple(order)
    text = memo.get(key)
    if text is None:
        text = str(award_event(engine.lib, state)["text"])
        if len(memo) < 4096:
            memo[key] = text
    return {"event": "note", "text": text}


#: The key of :func:`_award_note`'s texts in ``FlowEngine.memo``.
_NOTES_MEMO: Final = "intrigue_king.award_notes"


def _bid_decide(engine: FlowEngine, state: State, flow: Flow, events: Events) -> Decision:
    bp: base.BaseRound = flow.parts["base"]  # base.part(flow), inline
    return bid_decision(state, bp.first_bidder, bp.bid_i)


def _bid_apply(engine: FlowEngine, state: State, flow: Flow, player: int, norm: Any,
               events: Events) -> None:
    bp: base.BaseRound = flow.parts["base"]  # base.part(flow), inline
    value: int = norm if type(norm) is int else int(norm)  # (an int: no call)
    base.apply_bid_answer(state, player, value, events, what="card")  # apply_bid
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
    players' turns of the round too (I8, card notes: 40)."""
    hit = _HELD.get(card_id)
    if hit is not None and hit[0] is lib:
        return hit[1]
    script = lib.card(card_id).script
    held = script is not None and bool(script.body.body) and all(
        isinstance(x, ast.Call) and x.name == "keep" for x in script.body.body)
    if len(_HELD) >= 4096:
        _HELD.clear()
    _HELD[card_id] = (lib, held)
    return held


#: :func:`held_from_play` by card id, with the library it was read from.
_HELD: Final[dict[str, tuple[Any, bool]]] = {}


def _hold_lasting_cards(engine: FlowEngine, state: State, events: Events) -> None:
    """I8: when every card is played, the lasting effects of the cards whose action is
    only that (a Veto) begin at once, for the players whose own action is theirs to carry
    out (I5: not lapsed, no choice left open)."""
    held: list[int] = []
    lib = engine.lib
    lasting = _held_values(engine)
    for p, v in state.bids:
        if v not in lasting:
            continue  # (tested first: action_choices is the dearer test)
        card = lasting[v]
        if action_choices(lib, state, p) == [card]:
            events.append({"event": "note", "text": f"player {p}'s {lib.card(card).title} "
                           f"[{card}] takes effect as the cards are revealed (I8):"})
            run = engine.interpreter.begin(card, p)
            engine.interpreter.advance(state, run, events)
            held.append(p)
    if held:
        state.ext.setdefault(EXT, {})["held"] = held


def _held_values(engine: FlowEngine) -> dict[int, str]:
    """The values of the combined cards whose special action only keeps a lasting effect
    (:func:`held_from_play`, I8) -> their card ids, kept in the engine's memo (its
    library never changes)."""
    got: dict[int, str] | None = engine.memo.get(_HELD_MEMO)
    if got is None:
        lib = engine.lib
        got = engine.memo[_HELD_MEMO] = {
            v: c for v, c in cards_of(lib).by_value.items() if held_from_play(lib, c)}
    return got


#: The key of :func:`_held_values` in ``FlowEngine.memo``.
_HELD_MEMO: Final = "intrigue_king.held_values"


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
    last = _LAST_CARDS
    cs: Cards = last[1] if last and last[0] is lib else cards_of(lib)
    a = awards(lib, state)
    for q, v in state.bids:  # played_value(state, player), inline
        if q == player:
            own = cs.by_value[v]
            break
    else:
        raise KeyError(player)
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
    p = flow.actor
    if _any_open(state.offer):  # else nothing on offer to take (_take_now's test)
        take = _take_now(engine, state, flow, p)
        if take is not None:
            return take
    choices = action_choices(engine.lib, state, p)
    if len(choices) == 1:
        _take(engine, state, flow, p, choices[0], events)
        return None
    labels = [f"the special action of {_card_facts(engine, c)[2]}" for c in choices]
    return Decision("choose_option", [p], "Which special action do you carry out?",
                    {"labels": labels, "cards": choices}, "I5")


def _any_open(offer: list[str]) -> bool:
    """Whether a card is on ``offer`` ('' where none is, X2): ``any(offer)`` as a typed
    loop, which compiled code runs natively."""
    for c in offer:
        if c:
            return True
    return False


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
        bp: base.BaseRound = flow.parts["base"]  # base.part(flow), inline
        bp.special_done = True
        events.append({"event": "note", "text": f"player {player}'s special action is in "
                       "effect since the cards were revealed (I8)."})
    flow.phase = base.ORDER


def _offer_decide(engine: FlowEngine, state: State, flow: Flow,
                  events: Events) -> Decision | None:
    """I6: an action that says "you may" may be declined, any other is carried out; a
    card of this set whose special action is unknown plays none (EXPANSIONS.md 6.3). A
    card taken from the offer (X2) is an action card of its own set: carried out or
    declined (B4.4), an unknown action too (its discs appear unless declined, C7)."""
    bp: base.BaseRound = flow.parts["base"]  # base.part(flow), inline
    if bp.special_done:
        base._next_part(engine, state, flow, events)
        return None
    unknown, compulsory, title = _card_facts(engine, flow.card)
    if unknown:
        events.append({"event": "note", "text": f"player {flow.actor}: {title}: "
                       "special action unknown (no source gives the card's face): it plays "
                       "with none (provisional)."})
        bp.special_done = True
        base._next_part(engine, state, flow, events)
        return None
    if compulsory:                                                    # I6: compulsory
        base._offer_apply(engine, state, flow, flow.actor, 0, events)
        return None
    return Decision("choose_option", [flow.actor], "Carry out the special action, or decline "
                    "it?", {"labels": ["carry out the special action", "decline it"]}, "I6")


def _card_facts(engine: FlowEngine, card_id: str) -> tuple[bool, bool, str]:
    """What the turn's phases ask of card ``card_id``, cached per engine (its library
    never changes): whether it is a card of this set whose special action is unknown
    (EXPANSIONS.md 6.3), whether its special action is compulsory (I6), its title."""
    memo: dict[str, tuple[bool, bool, str]] | None = engine.memo.get(_FACTS_MEMO)
    if memo is None:
        memo = engine.memo[_FACTS_MEMO] = {}
    hit = memo.get(card_id)
    if hit is None:
        card = engine.lib.card(card_id)
        hit = memo[card_id] = (card.script is None and card.role in (HAND_ROLE, AWARD_ROLE),
                               card.optional is False, card.title)
    return hit


#: The key of :func:`_card_facts` in ``FlowEngine.memo``.
_FACTS_MEMO: Final = "intrigue_king.card_facts"


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
    why: dict[str, list[str]] = {str(c): [TAKE_RULE, f"{lib.card(c).title} was already "
                                          f"taken this round by player {q}"]
                                 for q, c, _ in done}
    mine = taken_card(state, player)
    blocked = (f"player {player} already took {lib.card(mine).title} this round: nobody "
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
    offer (``offer``/``origin``: the round's open cards and their stacks, changed in
    place) and becomes one of the player's action choices; ``"none"`` takes nothing."""
    mine = state.ext.setdefault(EXT, {})
    mine["asked"] = [*(mine.get("asked") or []), player]
    if card == NO_CARD:
        return
    slot = offer.index(card)
    offer[slot] = ""
    mine["takes"] = [*takes(state), [player, card, origin[slot] if slot < len(origin) else -1]]
    events.append({"event": "note", "text": f"player {player} takes {lib.card(card).title} "
                   f"[{card}] from the open action cards (X2)."})


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
            state.stacks[stack].append(card)
    _drop(state, "takes")
    _drop(state, "asked")


# -- I8: cards that change this turn's placement ------------------------------------------------
def turn_change(state: State, player: int) -> dict[str, Any]:
    """This turn's placement changes of ``player`` made by a card (I8), else ``{}``."""
    turn: dict[str, Any] = (state.ext.get(EXT) or {}).get("turn") or {}
    return turn if turn.get("player") == player else {}


def _set_turn(ctx: Ctx, key: str, value: Any) -> None:
    mine = ctx.state.ext.setdefault(EXT, {})
    turn = mine.get("turn") or {}
    if turn.get("player") != ctx.subject:
        turn = {"player": ctx.subject}
    turn[key] = value
    mine["turn"] = turn


@primitive("turn_place_number")
def _turn_place_number(ctx: Ctx, call: ast.Call) -> Decision | None:
    """I8 (card 15's kind of action): this turn's placement number, instead of the
    Caballero card's; where they go is unchanged (I9)."""
    n = int(call.arg("qty").n or 0)
    _set_turn(ctx, "place", n)
    ctx.event("note", text=f"player {ctx.subject} may place up to {n} caballeros from court "
              "this turn (I8).")
    return None


@primitive("turn_place_into")
def _turn_place_into(ctx: Ctx, call: ast.Call) -> Decision | None:
    """I8 (card 20's kind of action): this turn's placement may go into the set (never
    the king's region, B5.2); the number stays the Caballero card's."""
    into = sorted({r for r in regions(ctx, call.arg("to")) if r >= 0 and r != ctx.state.king})
    _set_turn(ctx, "into", into)
    ctx.event("note", text=f"player {ctx.subject}'s placement this turn may go to "
              f"{', '.join(ctx.board.places[r].name for r in into)} (I8).")
    return None


def bridge(state: State) -> tuple[int, int] | None:
    """The two regions the bridge joins (I8), or None while no bridge is laid."""
    ends = (state.ext.get(EXT) or {}).get("bridge")
    return (int(ends[0]), int(ends[1])) if ends else None


@primitive("bridge")
def _bridge(ctx: Ctx, call: ast.Call) -> Decision | None:
    """I8 (card 63's kind of action): lay the one bridge between two regions; one laid
    before is void."""
    a = [r for r in regions(ctx, call.arg("a")) if r >= 0]
    b = [r for r in regions(ctx, call.arg("b")) if r >= 0]
    if not a or not b or a[0] == b[0]:
        return None
    ctx.state.ext.setdefault(EXT, {})["bridge"] = sorted((a[0], b[0]))
    ctx.event("note", text=f"player {ctx.subject} lays the bridge: it now joins "
              f"{ctx.board.places[a[0]].name} and {ctx.board.places[b[0]].name} (I8).")
    return None


def _lay_finish(ctx: Ctx, call: ast.Call, d: Decision, answer: Any) -> None:
    sb, to = answer
    i = ctx.board.scoreboard_index(sb)
    if ctx.state.scoreboards[i] == OFF_BOARD:  # laid from beside the board: it comes back
        ctx.state.ext.setdefault(EXT, {})["laid"] = sb
    PRIMITIVES["move_scoreboard"].finish(ctx, call, d, answer)


@primitive("lay_scoreboard", _lay_finish)
def _lay_scoreboard(ctx: Ctx, call: ast.Call) -> Decision | None:
    """I8, I9 (card 93's kind of action): a mobile scoreboard from beside the board first;
    only when none is there, or one laid this way is still out, one on the board moves."""
    d = PRIMITIVES["move_scoreboard"].start(ctx, call)
    if d is None:
        return None
    s, b = ctx.state, ctx.board
    laid_out = bool((s.ext.get(EXT) or {}).get("laid"))
    off = {sb.id for i, sb in enumerate(b.scoreboards) if s.scoreboards[i] == OFF_BOARD}
    moves = d.options["moves"]
    keep = {k: v for k, v in moves.items() if k in off} if off and not laid_out else {
        k: v for k, v in moves.items() if k not in off}
    if not keep:
        return None
    return Decision(d.kind, d.players, "Lay a mobile scoreboard" if off and not laid_out
                    else "Move a mobile scoreboard on the board", {**d.options, "moves": keep},
                    "I8")


def _scored(ctx: HookContext, places: list[int]) -> None:
    """I9: the scoreboard laid by card 93's kind of action goes back beside the board
    after the next scoring."""
    state, board = ctx.state, ctx.board
    laid = (state.ext.get(EXT) or {}).get("laid")
    if laid:
        state.scoreboards[board.scoreboard_index(laid)] = OFF_BOARD
        _drop(state, "laid")


def _adjacent(ctx: HookContext, a: int, b: int, adjacent: bool) -> bool:
    """B5.1, I8: the bridge's two regions count as adjacent."""
    state = ctx.state
    if adjacent:
        return True
    mine: dict[str, Any] | None = state.ext.get(EXT)
    ends = mine.get("bridge") if mine else None  # bridge(state), inline
    if not ends:
        return False
    return {a, b} == {int(ends[0]), int(ends[1])}


def _drop(state: State, key: str) -> None:
    """Forget this module's piece ``key`` of ``state.ext`` (and the module's entry when
    nothing is left)."""
    mine: dict[str, Any] | None = state.ext.get(EXT)
    if mine and key in mine:
        del mine[key]
        if not mine:
            del state.ext[EXT]


def _turn_start(ctx: HookContext) -> None:
    """A turn begins: the last turn's placement changes are over (I8)."""
    state = ctx.state
    mine: dict[str, Any] | None = state.ext.get(EXT)
    if mine and "turn" in mine:
        _drop(state, "turn")


def _round_end(ctx: HookContext) -> None:
    """I7: the round is over; the cards played this round are done with; X2: the cards
    taken from the offer go back."""
    engine, state, flow = ctx.engine, ctx.state, ctx.flow
    mine: dict[str, Any] | None = state.ext.get(EXT)
    if not mine or "held" not in mine and "takes" not in mine and "asked" not in mine:
        return  # nothing held, taken or asked this round
    _drop(state, "held")
    _return_taken(engine, state, flow)


def _placement_targets(ctx: HookContext, places: list[int]) -> list[int]:
    """B4.3, B5.1, I8: a card may open this turn's placement to other regions; the bridge
    makes its other end adjacent to the king's region."""
    state, player = ctx.state, ctx.player
    mine: dict[str, Any] | None = state.ext.get(EXT)
    if not mine:
        return places  # no card changed this turn's placement, no bridge
    turn = mine.get("turn")
    if turn and turn.get("player") == player and turn.get("into") is not None:
        return list(turn["into"])  # turn_change(state, player), inline
    ends = bridge(state)
    if ends is not None and state.king in ends:  # the bridge leads from the king's region
        other = ends[1] if ends[0] == state.king else ends[0]
        if other not in places:
            places = [*places, other]
    return places


def _placement_key(state: State, player: int) -> tuple[int, ...] | None:
    """What :func:`_placement_targets` depends on for ``player`` beside the king's region
    (B4.3, I8): None while a card changed where this turn's placement goes (folded afresh),
    the bridge's other end while it leads from the king's region, else nothing."""
    mine: dict[str, Any] | None = state.ext.get(EXT)
    if not mine:
        return ()
    turn = mine.get("turn")
    if turn and turn.get("player") == player and turn.get("into") is not None:
        return None
    ends = mine.get("bridge")
    if ends:
        a, b = _as_int(ends[0]), _as_int(ends[1])
        if a == state.king:
            return (b,)
        if b == state.king:
            return (a,)
    return ()


def _as_int(x: Any) -> int:
    """``int(x)``, without a call for an int (the bridge's ends, I8)."""
    n: int = x if type(x) is int else int(x)
    return n


# -- I8, I9: a Grande in the Castillo (card 35's kind of action) ----------------------------------
#: The phase after the discs of a general scoring are revealed in which the owner of a Grande
#: in the Castillo whose disc shows the king's region puts it in another region (I9).
LEAVING: Final = "castillo_grande"


def castillo_candidates(state: State, board: Board,
                        player: int) -> tuple[list[int], dict[str, list[str]]]:
    """The opponents of ``player`` whose Grande may go into the Castillo (I8), and why the
    others may not: ``(players, {player: [rule, message]})``. A Grande already in the
    Castillo (I9) or in the king's region (B5.2: nothing leaves it) cannot go."""
    ok: list[int] = []
    why: dict[str, list[str]] = {}
    for q in range(state.players):
        g = state.grandes[q]
        if q == player:
            why[str(q)] = ["I8", "the Grande of an opponent goes into the Castillo, not yours"]
        elif g == board.castillo:
            why[str(q)] = ["I9", f"player {q}'s Grande is in the Castillo already"]
        elif g == state.king:
            why[str(q)] = ["B5.2", f"player {q}'s Grande stands in the king's region: nothing "
                           "may leave it"]
        elif g >= 0:
            ok.append(q)
    return ok, why


def put_grande_in_castillo(ctx: Ctx, owner: int) -> None:
    """I8: ``owner``'s Grande goes into the Castillo (an owner :func:`castillo_candidates`
    allows); there it counts like a Grande in a region (I9, B6.6)."""
    before = ctx.state.grandes[owner]
    ctx.state.grandes[owner] = ctx.board.castillo
    ctx.event("grande", decider=ctx.subject, owner=owner, frm=ctx.rid(before),
              to=ctx.rid(ctx.board.castillo))


def _castillo_grande_finish(ctx: Ctx, call: ast.Call, d: Decision, answer: Any) -> None:
    put_grande_in_castillo(ctx, int(answer))


@primitive("grande_into_castillo", _castillo_grande_finish)
def _grande_into_castillo(ctx: Ctx, call: ast.Call) -> Decision | None:
    """I8, I9 (card 35's kind of action): the deciding player chooses an opponent whose
    Grande goes into the Castillo; with one such opponent it goes at once, with none
    nothing happens (as much as possible, as B8.7)."""
    ok, why = castillo_candidates(ctx.state, ctx.board, ctx.subject)
    if not ok:
        ctx.event("note", text=f"player {ctx.subject}: no opponent's Grande can go into the "
                  "Castillo (I9, B5.2).")
        return None
    if len(ok) == 1:
        put_grande_in_castillo(ctx, ok[0])
        return None
    return Decision("choose_player", [ctx.subject], "Choose the opponent whose Grande goes "
                    "into the Castillo", {"choices": ok, "why": why}, "I8")


def leaving_asks(state: State, board: Board, discs: list[int], chosen: Mapping[str, Any]
                 ) -> list[int]:
    """The players whose Grande is in the Castillo and whose disc (``discs[player]``, a
    region index) shows the king's region, who have not yet said where it goes (I9)."""
    return [p for p in range(state.players) if state.grandes[p] == board.castillo
            and discs[p] == state.king and str(p) not in chosen]


def leaving_decision(board: Board, state: State, player: int) -> Decision:
    """I9: ``player``'s disc shows the king's region, so they put their Grande leaving the
    Castillo in any other mainland region."""
    opts = [board.place_id(r) for r in board.regions if r != state.king]
    why = {board.place_id(state.king): ["B5.2", "nothing may enter the king's region"],
           board.place_id(board.castillo): ["I9", "the Grande leaves the Castillo when it "
                                            "empties"]}
    return Decision("choose_region", [player], "Your disc shows the king's region: put your "
                    "Grande from the Castillo in another region", {"choices": opts,
                                                                   "why": why}, "I9")


def set_leaving(state: State, board: Board, player: int, region: int) -> None:
    """Keep where ``player``'s Grande goes when the Castillo empties (an answer
    :func:`leaving_decision` accepted, I9)."""
    leaving = state.ext.setdefault(EXT, {}).setdefault("leaving", {})
    leaving.setdefault("to", {})[str(player)] = board.place_id(region)


def _leaving_of(state: State) -> dict[str, Any]:
    out: dict[str, Any] = (state.ext.get(EXT) or {}).get("leaving") or {}
    return out


def _grandes_leave(ctx: HookContext, discs: Any, moves: Any) -> None:
    """I9: the Castillo has emptied; each Grande in it goes with its owner's caballeros to
    the owner's disc region or, the disc showing the king's region, where the owner put it
    (when nobody was asked, as in a direct call of the scoring, the first other region of
    the scoring order)."""
    state, board = ctx.state, ctx.board
    chosen = _leaving_of(state).get("to") or {}
    for p in range(state.players):
        if state.grandes[p] != board.castillo:
            continue
        to = discs[p]
        if to == state.king:
            rid = chosen.get(str(p))
            to = board.index[rid] if rid in board.index else next(
                r for r in board.scoring_order if r != state.king and board.is_region(r))
        state.grandes[p] = to
    _drop(state, "leaving")


def _score_discs(engine: FlowEngine, state: State, flow: Flow, discs: list[int],
                 events: Events) -> None:
    """The base game's general scoring with these discs (B6); the log tells where each
    Grande in the Castillo went (I9) from the scoring's result, before the regions score
    (:attr:`elgrande.model.scoring.GeneralScoring.grandes`)."""
    base.score_discs(engine, state, flow, discs, events)


def _discs_decide(engine: FlowEngine, state: State, flow: Flow, events: Events) -> Decision:
    return base.disc_decision(engine, state, {int(p) for p in flow.secret})


def _discs_apply(engine: FlowEngine, state: State, flow: Flow, player: int, norm: Any,
                 events: Events) -> None:
    """B6.1, I9: the discs are all set: if a Grande in the Castillo has its owner's disc
    on the king's region, its owner first says where it goes (phase ``LEAVING``)."""
    flow.secret[str(player)] = norm
    if len(flow.secret) < state.players:
        return
    b = engine.board
    discs = [b.index[flow.secret[str(p)]] for p in range(state.players)]
    flow.secret = {}
    asks = leaving_asks(state, b, discs, {})
    if not asks:
        _score_discs(engine, state, flow, discs, events)
        return
    state.ext.setdefault(EXT, {})["leaving"] = {"discs": [b.place_id(d) for d in discs],
                                                "to": {}}
    events.append({"event": "note", "text": "The discs show: " + ", ".join(
        f"player {p} {b.places[d].name}" for p, d in enumerate(discs)) + "; " + ", ".join(
        f"player {p}" for p in asks) + " will put their Grande from the Castillo in another "
        "region (I9)."})
    flow.phase = LEAVING


def _leaving_decide(engine: FlowEngine, state: State, flow: Flow,
                    events: Events) -> Decision | None:
    b = engine.board
    leaving = _leaving_of(state)
    discs = [b.index[r] for r in leaving["discs"]]
    asks = leaving_asks(state, b, discs, leaving.get("to") or {})
    if asks:
        return leaving_decision(b, state, asks[0])
    _score_discs(engine, state, flow, discs, events)
    return None


def _leaving_apply(engine: FlowEngine, state: State, flow: Flow, player: int, norm: Any,
                   events: Events) -> None:
    set_leaving(state, engine.board, player, engine.board.index[norm])
    events.append({"event": "note", "player": player,
                   "text": f"player {player} puts their Grande from the Castillo in "
                   f"{engine.board.places[engine.board.index[norm]].name} (I9)."})


# -- hooks -------------------------------------------------------------------------------------
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


def _court_limit(ctx: HookContext, limit: int) -> int:
    """B4.1, I4: up to the played card's heads come to court."""
    engine, state, player = ctx.engine, ctx.state, ctx.player
    for q, v in state.bids:  # the played card's (played_value, card_of_value)
        if q == player:
            last = _LAST_CARDS
            cs: Cards = last[1] if last and last[0] is engine.lib else cards_of(engine.lib)
            heads = cs.heads.get(v)
            return limit if heads is None else heads
    return limit


def _placement_limit(ctx: HookContext, limit: int) -> int:
    """B4.3, I4: up to the Caballero card's number are placed from court (a card may
    change it this turn, I8)."""
    engine, state, player = ctx.engine, ctx.state, ctx.player
    mine: dict[str, Any] | None = state.ext.get(EXT)
    turn = mine.get("turn") if mine else None  # turn_change(state, player), inline
    if turn and turn.get("player") == player and turn.get("place") is not None:
        return int(turn["place"])
    if not state.bids:
        return limit
    return awards(engine.lib, state).caballero.get(player, 0)


def _hide(ctx: HookContext, state_json: dict[str, Any], flow_json: dict[str, Any],
          viewer: int) -> None:
    """I1, B8.5a: a card-play decision lists its player's hand: others see no choices."""
    d = flow_json.get("pending")
    if d and d.get("rule") == "I3" and viewer not in d["players"]:
        d["options"] = {**d["options"], "choices": []}


def _determinise(ctx: HookContext, viewer: int, view: dict[str, Any],
                 rng: random.Random) -> None:
    """Draw what a view hides (I1): the other players' unplayed hands among the values in
    play they have not played, and their unrevealed deck choices and setup discs."""
    engine, state, flow = ctx.engine, ctx.state, ctx.flow
    lib = engine.lib
    values = deck_values(lib, bool(_options(state).get("beginner")))
    n = min(cards_of(lib).choose, len(values))
    for p, hand in enumerate(view["state"]["hands"]):
        if hand is None and flow.phase != DECK:
            rest = [v for v in values if v not in state.discards[p]]
            state.hands[p] = sorted(rng.sample(rest, max(0, n - len(state.discards[p]))))
    if flow.phase == base.BID and flow.pending is not None:  # the hidden choices (I3)
        bp = base.part(flow)
        flow.pending = bid_decision(state, bp.first_bidder, bp.bid_i)
    answered = set(range(state.players))
    if flow.pending is not None:
        answered -= set(flow.pending.players)
    for p in sorted(answered - {viewer}):
        if flow.phase == DECK:
            flow.secret[str(p)] = sorted(rng.sample(values, n))
        elif flow.phase == SETUP_DISC:
            flow.secret[str(p)] = rng.choice([engine.board.place_id(r)
                                              for r in engine.board.regions])


def _check_saved(ctx: HookContext, lib: Any, st: dict[str, Any], fl: dict[str, Any]) -> None:
    """The Intrigue & the King pieces of a saved game being loaded (``state.ext``'s
    ``intrigue_king``): this turn's placement change (I8: a player, a count, regions),
    the cards taken from the offer this round and who was asked (X2), the players whose
    card stayed (I5), the bridge's two regions (I8) and the scoreboard laid out (I8).

    Raises:
        SavedGameError: naming the bad field.
    """
    from elgrande.errors import SavedGameError

    players = ctx.state.players

    if fl.get("phase") == DECK:  # the cards chosen so far, secretly (I1)
        opts = (st.get("ext") or {}).get(OPTIONS)
        values, count = _deck_offer(lib, isinstance(opts, dict) and bool(opts.get("beginner")))
        for k, v in (fl.get("secret") or {}).items():
            if not isinstance(v, list) or len(v) != count or len(set(v)) != count \
                    or not all(type(x) is int and x in values for x in v):
                raise SavedGameError(f"flow.secret.{k}", f"{count} different cards of the "
                                     "set (I1)")
    if fl.get("phase") != DECK:  # the cards chosen (I1): held or played, all of them
        opts = (st.get("ext") or {}).get(OPTIONS)
        n = _deck_offer(lib, isinstance(opts, dict) and bool(opts.get("beginner")))[1]
        for p in range(players):
            if len(st["hands"][p]) + len(st["discards"][p]) != n:
                raise SavedGameError(f"state.hands[{p}]", f"the {n} cards chosen (I1) are "
                                     "held or played")
    mine = (st.get("ext") or {}).get(EXT)
    if mine is None:
        return
    pre = f"state.ext.{EXT}"
    b = lib.board

    def fail(path: str, message: str) -> None:
        raise SavedGameError(f"{pre}{path}", message)

    def is_int(v: Any, lo: int, hi: int) -> bool:
        return type(v) is int and lo <= v < hi

    if not isinstance(mine, dict):
        fail("", "a mapping of this module's pieces")
    for k in mine:
        if k not in ("turn", "takes", "asked", "held", "bridge", "laid", "leaving"):
            fail(f".{k}", "unknown Intrigue & the King piece")
    turn = mine.get("turn")
    if turn is not None:
        if not isinstance(turn, dict) or not is_int(turn.get("player"), 0, players) \
                or not set(turn) <= {"player", "place", "into"}:
            fail(".turn", "this turn's change: {player, place, into} (I8)")
        if "place" in turn and not is_int(turn["place"], 0, 100):
            fail(".turn.place", "a count of caballeros (I8)")
        into = turn.get("into")
        if into is not None and (not isinstance(into, list) or not all(
                is_int(r, 0, len(b.places)) for r in into)):
            fail(".turn.into", "a list of places (I8)")
    for key in ("asked", "held"):
        seen = mine.get(key)
        if seen is not None and (not isinstance(seen, list) or not all(
                is_int(p, 0, players) for p in seen)):
            fail(f".{key}", "a list of players (X2, I5)")
    for i, t in enumerate(mine.get("takes") or []):
        if not isinstance(t, list) or len(t) != 3 or not is_int(t[0], 0, players) \
                or t[1] not in lib.cards.cards or not is_int(t[2], -1, len(b.stacks) or 4):
            fail(f".takes[{i}]", "a card taken: [player, card id, stack] (X2)")
    ends = mine.get("bridge")
    if ends is not None and (not isinstance(ends, list) or len(ends) != 2 or not all(
            is_int(r, 0, len(b.places)) for r in ends)):
        fail(".bridge", "the bridge's two places (I8)")
    laid = mine.get("laid")
    if laid is not None and laid not in {sb.id for sb in b.scoreboards}:
        fail(".laid", "not a mobile scoreboard (I8)")
    leaving = mine.get("leaving")
    if leaving is not None:  # I9: the discs shown, where Grandes leave the Castillo to
        shown, to = leaving.get("discs", []), leaving.get("to", {})
        if not isinstance(leaving, dict) or not set(leaving) <= {"discs", "to"} \
                or not isinstance(shown, list) or not isinstance(to, dict) \
                or any(r not in b.index for r in shown) or any(
                    not k.isdigit() or int(k) >= players or r not in b.index
                    for k, r in to.items()):
            fail(".leaving", "the discs shown and each player's region (I9)")


MODULE = RulesModule(
    name="intrigue_king",
    phases=(
        Phase(DECK, _deck_decide, _deck_apply, precedes=base.ROUND, turn_rule="I1",
              goes_to=()),
        Phase(SETUP_DISC, _disc_decide, _disc_apply, precedes=base.ROUND, turn_rule="I2",
              goes_to=()),
        Phase(base.BID, _bid_decide, _bid_apply, turn_rule="I3", goes_to=()),
        Phase(base.CARD, _card_decide, _card_apply, turn_rule="I5", goes_to=()),
        Phase(base.OFFER, _offer_decide, base._offer_apply, turn_rule="I6", goes_to=()),
        Phase(base.DISCS, _discs_decide, _discs_apply, turn_rule="B6.1", goes_to=(LEAVING,)),
        Phase(LEAVING, _leaving_decide, _leaving_apply, turn_rule="I9",
              goes_to=(base.BID, OVER)),
    ),
    scenario="elgrande.rules.intrigue_king_cases",
    hooks={
        # turn
        "setup": _setup, "initial_hand": _initial_hand, "turn_start": _turn_start,
        "round_end": _round_end,
        # placement
        "court_limit": _court_limit, "placement_limit": _placement_limit,
        "placement_targets": _placement_targets,
        # movement
        "adjacent": _adjacent,
        # scoring
        "castillo_emptied": _grandes_leave, "scored": _scored,
        # view
        "hide": _hide, "determinise": _determinise,
        # saved-game checks
        "check_saved": _check_saved,
    },
    placement_key=_placement_key,
)
