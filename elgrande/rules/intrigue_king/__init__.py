"""The Intrigue & the King rules module (I1-I9, ``docs/rules.md``): the deck choice, the setup disc,
card play with combined action/power cards and the King, Intrigue and Caballero cards,
as phases and hooks over the base module (``docs/architecture.md``).

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

The card notes (I8, I9) add primitives registered here (cards 15 and 20 change this
turn's placement number or places instead: the base game's rule parameters, ``change
placement number|places to ... this turn``): ``bridge A and B`` (63, hook ``adjacent``),
``lay scoreboard to SET`` (93, hook ``scored``); the Castillo opened to the ``move``
statement's Grandes (35's ``move grande of opponents to castillo``, hook
``grande_places``; I9: the Grande counts there for the Castillo's bonus and leaves at the general
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

The one code path of each rule is in this package: :func:`bid_decision`, :func:`apply_bid`,
:func:`awards`, :func:`take_decision`, :func:`apply_take` serve the flow and the scenario
runner alike.

A file per mechanic: :mod:`.cards` (the cards in play, the awards, I1, I3), :mod:`.deck`
(I1), :mod:`.setup_disc` (I2), :mod:`.card_play` (I3, I7, I8's cards revealed),
:mod:`.special` (I4-I6), :mod:`.offer` (X2), :mod:`.placement` (I4, I8: the limits, cards
that change this turn's placement), :mod:`.castillo` (I8, I9), :mod:`.view` (what a view
hides), :mod:`.saved` (saved-game checks), :mod:`.cases` (the scenario keys); this file
assembles :data:`MODULE` only.
"""

from __future__ import annotations

from typing import Any

from elgrande.engine.modules import OVER, Phase, RulesModule
from elgrande.model.hook_context import HookContext
from elgrande.rules import base
from elgrande.rules.base_rounds import _discs_decide  # B6.1, as the base game asks
from elgrande.rules.intrigue_king.card_play import (
    _bid_apply,
    _bid_decide,
    apply_bid,
    award_event,
    bid_decision,
    held_from_play,
)
from elgrande.rules.intrigue_king.cards import (
    AWARD_ROLE,
    DECK,
    EXT,
    HAND_ROLE,
    OPTIONS,
    SETUP_DISC,
    Awards,
    Cache,
    Cards,
    awards,
    cache_of,
    card_of_value,
    cards_of,
    deck_values,
)
from elgrande.rules.intrigue_king.castillo import (
    LEAVING,
    MOVERS,
    _discs_apply,
    _grande_places,
    _grandes_leave,
    _leaving_apply,
    _leaving_decide,
    castillo_candidates,
    leaving_asks,
    leaving_decision,
    set_leaving,
)
from elgrande.rules.intrigue_king.deck import (
    CardsKind,
    _deck_apply,
    _deck_decide,
    _initial_hand,
    _setup,
    deck_decision,
)
from elgrande.rules.intrigue_king.offer import (
    NO_CARD,
    TAKE_RULE,
    apply_take,
    take_decision,
    taken_card,
    takes,
)
from elgrande.rules.intrigue_king.placement import (
    _adjacent,
    _court_limit,
    _placement_key,
    _placement_limit,
    _placement_targets,
    _round_end,
    _scored,
    bridge,
)
from elgrande.rules.intrigue_king.setup_disc import (
    _disc_apply,
    _disc_decide,
    apply_setup_discs,
    setup_disc_decision,
)
from elgrande.rules.intrigue_king.special import (
    _card_apply,
    _card_decide,
    _offer_decide,
    action_choices,
    played_value,
)
from elgrande.rules.intrigue_king.view import _determinise, _hide, _hide_pieces

#: What other code and the tests import from here (the hooks the tests call directly too).
__all__ = [
    "AWARD_ROLE", "DECK", "EXT", "HAND_ROLE", "LEAVING", "MODULE", "NO_CARD", "OPTIONS",
    "SETUP_DISC", "TAKE_RULE", "Awards", "Cache", "Cards", "CardsKind", "_adjacent", "_court_limit",
    "_placement_limit", "action_choices", "apply_bid", "apply_setup_discs",
    "apply_take", "award_event", "awards", "base", "bid_decision", "bridge", "cache_of",
    "card_of_value", "cards_of", "castillo_candidates", "deck_decision", "deck_values",
    "held_from_play", "leaving_asks", "leaving_decision", "played_value",
    "set_leaving", "setup_disc_decision", "take_decision",
    "taken_card", "takes",
]


def _check_saved(ctx: HookContext, lib: Any, st: dict[str, Any], fl: dict[str, Any]) -> None:
    """Hook ``check_saved`` (I1, I5, I8, I9, X2): :mod:`.saved`'s check of a saved game
    being loaded, imported on the first load (a game that is not loaded imports none of
    the checks).

    Raises:
        SavedGameError: naming the bad field.
    """
    from elgrande.rules.intrigue_king.saved import _check_saved as check

    check(ctx, lib, st, fl)


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
        Phase(base.DISCS, _discs_decide, _discs_apply, turn_rule="B6.1",
              goes_to=(LEAVING, base.BID, OVER, base.SCORING)),
        Phase(LEAVING, _leaving_decide, _leaving_apply, turn_rule="I9",
              goes_to=(base.BID, OVER, base.SCORING)),
    ),
    scenario="elgrande.rules.intrigue_king.cases",
    game_options=("beginner",),
    hooks={
        # turn
        "setup": _setup, "initial_hand": _initial_hand,
        "round_end": _round_end,
        # placement
        "court_limit": _court_limit, "placement_limit": _placement_limit,
        "placement_targets": _placement_targets,
        # movement
        "adjacent": _adjacent, "grande_places": _grande_places,
        # scoring
        "castillo_emptied": _grandes_leave, "scored": _scored,
        # view
        "hide": _hide, "hide_pieces": _hide_pieces, "determinise": _determinise,
        # saved-game checks
        "check_saved": _check_saved,
    },
    placement_key=_placement_key,
    movers=MOVERS,  # I8: the Grande mover
)
