"""The words of issue 30's h33 findings that the server gives the page (no browser): a
card's step that other steps follow (B8), the Castillo at a card's region choice (B8), the
new-game form's two sentences on chance and the early deal (B3.1)."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from elgrande.play.game import Game, new_game
from elgrande.server.controls import controls


def _card_decisions(seeds: range, kinds: tuple[str, ...]) -> list[tuple[Game, int, dict[str, Any]]]:
    """Every decision of ``kinds`` asked while a card is under way in the 3-seat base games
    of ``seeds`` (every seat answered at random from ``random.Random(seed)``): a copy of
    the game there, the seat, its controls."""
    out = []
    for seed in seeds:
        g = new_game(3, sets=["base"], seed=seed, logging=False)
        rng = random.Random(seed)
        while not g.over:
            d = g.pending
            assert d is not None
            p = d.players[0]
            if d.kind in kinds:
                c = controls(g, p)
                if c is not None and c["card"] is not None:
                    out.append((g.copy(), p, c))
            g.answer(p, d.random_answer(rng, p))
    return out


@pytest.mark.rule("B8", "B8.2")
def test_a_card_s_move_says_whether_the_card_goes_on() -> None:
    """h33 ("Done (move none)" at a card's first move read as ending the card): a card's
    move decision says ``goes_on`` where the card asks again after it (another of its
    steps follows: the same run asks a decision of another statement) and not where
    nothing of the card asks after it."""
    seen = {True: 0, False: 0}
    for g, p, c in _card_decisions(range(3), ("move_caballeros",)):
        run = g.flow.run
        assert run is not None
        stmt = (run.card, [(f.path, f.pc) for f in run.frames])
        goes_on = c["goes_on"]
        seen[goes_on] += 1
        d = g.pending
        assert d is not None
        g.answer(p, [])  # moves none: the card's own next step asks, or nothing of it
        later = g.flow.run
        asks_on = later is not None and later.card == run.card and \
            [(f.path, f.pc) for f in later.frames] != stmt[1]
        assert goes_on == asks_on, (c["prompt"], goes_on)
    assert seen[True] and seen[False], seen


def castillo_choices(seeds: range) -> list[tuple[Game, Any, dict[str, Any]]]:
    """Every card's region choice (B8, B8.5) refusing the Castillo in the base games of
    ``seeds``: the game there (a copy), its decision and its controls."""
    out = []
    for g, _, c in _card_decisions(seeds, ("choose_region", "secret_region")):
        cas = [o for o in c["options"] if o.get("place") == "castillo"]
        if cas and not cas[0]["enabled"]:
            out.append((g, g.pending, c))
    return out


@pytest.mark.rule("B8", "B8.2", "B8.5")
def test_a_card_s_region_choice_says_why_not_the_castillo() -> None:
    """h33 (the Castillo drawn greyed at a card's region choice, no word why): its option
    gives the engine's own reason where the decision has one, fitted to the choice's use
    (f28, card_places.castillo_reason: "the king never goes into the Castillo, which is
    not a region" under B1.6, not under B5.2's "the king's region is closed"), else B8's
    "the Castillo is not a region a card may choose unless the card says so"; the
    "Why not other places?" fold says it under that rule."""
    from elgrande.server.card_places import castillo_reason
    from elgrande.server.page_words import CARD_REGION_RULE, CASTILLO_CHOICE

    found = castillo_choices(range(3))
    given = [d.options["why"]["castillo"] for _, d, _ in found
             if "castillo" in (d.options.get("why") or {})]
    assert len(found) > len(given) > 0, (len(found), len(given))
    for g, d, c in found:
        o = next(o for o in c["options"] if o.get("place") == "castillo")
        given = (d.options.get("why") or {}).get("castillo")
        rule, why = castillo_reason(g, d, *given) if given else (
            CARD_REGION_RULE, CASTILLO_CHOICE.format(place="Castillo"))
        assert (o["rule"], o["why"]) == (rule, why), (c["prompt"], o)
        assert "king's region" not in o["why"]
        fold = next(f for f in c["folds"] if f["rule"] == rule)
        assert "Castillo" in fold["labels"] and why in fold["whys"], fold


def test_the_form_says_chance_and_the_early_deal_apart() -> None:
    """h33 (one sentence said both and confused a host): the new-game form says what a
    homebrew card's chance means and what the early deal does in two sentences of their
    own, the words module's."""
    from elgrande.server.page_words import CHANCE_WORDS, EARLY_WORDS

    html = (Path(__file__).resolve().parent.parent / "elgrande" / "server" / "page"
            / "new.html").read_text()
    assert f'<span id="chance-words">{CHANCE_WORDS}</span>' in html
    assert f'<span id="early-words">{EARLY_WORDS}</span>' in html
    assert "early" not in CHANCE_WORDS.lower() and "chance" not in EARLY_WORDS.lower()
    assert CHANCE_WORDS.count(". ") == 0 and EARLY_WORDS.count(". ") == 0
