"""The page's controls say what the special action under way does and why a region
choice of a card leaves out the Castillo (elgrande.server.card_notes, B8, B8.2): seeded
games of the base game with the homebrew cards of ``tests/homebrew_serve`` (a card that
places caballeros in a chosen region, one that moves them out of one), played by bots.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from elgrande.play.game import new_game
from elgrande.players.bots import make_bot
from elgrande.rules.base_data import CARD_TAKEN_PHASES, PLACE
from elgrande.server.card_faces import printed_words
from elgrande.server.controls import controls

CARDS = Path(__file__).resolve().parent / "homebrew_serve"


def _castillo_choices(seeds: int) -> dict[str, dict[str, Any]]:
    """By card id: the controls of a region choice of its special action and its
    Castillo option (the first met over ``seeds`` games)."""
    found: dict[str, dict[str, Any]] = {}
    for seed in range(seeds):
        g = new_game(4, sets=["base"], seed=seed, cards=[CARDS], logging=False)
        bots = [make_bot("greedy", seed * 10 + i) for i in range(4)]
        while g.pending is not None and len(found) < 2:
            d = g.pending
            p = d.players[0]
            if d.kind == "choose_region" and g.flow.card.startswith("hb-"):
                c = controls(g, p)
                assert c is not None
                cas = [o for o in c["options"] if o.get("place") == "castillo"]
                found.setdefault(g.flow.card, {"controls": c, "castillo": cas[0]})
            g.answer(p, bots[p].answer(g.lazy_view(p)))
        if len(found) == 2:
            break
    return found


@pytest.mark.rule("B8", "B8.2")
def test_the_castillo_left_out_of_a_card_s_choice_gives_the_true_reason() -> None:
    """B8: a card that puts caballeros into the chosen region leaves the Castillo out
    because its places do not hold it (not B8.2's "never leave the Castillo"); a card
    that takes caballeros from the chosen region cites B8.2. The page shows the reason
    and rule the engine gives (one source: elgrande.engine.choice_sources)."""
    found = _castillo_choices(12)
    assert set(found) == {"hb-rally", "hb-smugglers"}, sorted(found)
    into = found["hb-rally"]["castillo"]
    assert not into["enabled"]
    assert into["rule"] == "B8" and "never leave" not in into["why"], into
    assert into["why"] == "the Castillo is not one of the places this card lets you choose"
    out = found["hb-smugglers"]["castillo"]
    assert not out["enabled"] and out["rule"] == "B8.2" and "never leave" in out["why"]


@pytest.mark.rule("B8")
def test_each_decision_of_a_special_action_names_its_card() -> None:
    """B8: every decision asked while a card's special action is under way carries the
    card's label (its title, told apart from cards sharing it), text and stack; the
    decisions between special actions carry none, also those after the turn while the
    flow still names its card (the next round's bids) and the turn's ordinary placement
    (B4.3: no part of the card), which is met."""
    g = new_game(3, sets=["base"], seed=4, cards=[CARDS], logging=False)
    bots = [make_bot("greedy", i) for i in range(3)]
    met = {"with": 0, "without": 0, "place": 0}
    while g.pending is not None and g.flow.round <= 2:
        d = g.pending
        p = d.players[0]
        c = controls(g, p)
        assert c is not None
        if g.flow.card and (g.flow.run is not None or g.flow.phase in CARD_TAKEN_PHASES
                            and g.flow.phase != PLACE):
            card = g.library.card(g.flow.card)
            assert c["card"] == {"id": card.id, "title": g.card_label(card.id),
                                 "name": card.title, "text": printed_words(card),
                                 "stack": card.stack}
            met["with"] += 1
        else:
            assert c["card"] is None
            met["without"] += 1
            met["place"] += bool(g.flow.card) and g.flow.phase == PLACE
        g.answer(p, bots[p].answer(g.lazy_view(p)))
    assert met["with"] > 3 and met["without"] > 3 and met["place"] > 3, met


@pytest.mark.parametrize("sets", [("base",), ("base", "colonies"), ("base", "intrigue-king")])
def test_B4_the_card_is_shown_only_while_its_turn_is_under_way(sets: tuple[str, ...]) -> None:
    """The last turn's card stays in the flow until the next turn begins: the power card
    choice of the next round, a general scoring's secret discs and the like show no card;
    every decision of a special action shows its card (B4-B8)."""
    import random

    g = new_game(4, sets=sets, seed=3, fill=None if sets == ("base",) else "provisional",
                 logging=False)
    rng = random.Random(3)
    seen = {"card": 0, "none": 0}
    while (d := g.pending) is not None and g.state.round <= 4:
        card = controls(g, d.players[0])["card"]
        if g.flow.run is not None:
            assert card is not None and card["id"] == g.flow.card
        if d.kind in ("choose_power_card", "secret_region") and g.flow.run is None:
            assert card is None, (d.kind, g.flow.phase, card)
        seen["card" if card else "none"] += 1
        g.answer(d.players[0], d.random_answer(rng, d.players[0]))
    assert seen["card"] and seen["none"]
