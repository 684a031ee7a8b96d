"""A homebrew card's decisions read as its text does (issue 30, B8): its region choice
says every step the card takes after it, in order; each decision of its special action
names the card; an exact number is said without "up to" (B5.1), and Done's reason when
too few are chosen is no rule's refusal; the places never possible fold (B3.4); the B4.5
question lists "before" first while its answers keep their indexes. The card
(tests/homebrew_pilgrimage/pilgrimage.yaml) chooses a region next to the king, brings up
to 2 caballeros to court, then places 1 from court in the chosen region."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from elgrande.dsl.choice_words import choice_use
from elgrande.dsl.parser import parse
from elgrande.play.game import Game, new_game
from elgrande.server.controls import controls
from elgrande.server.page_words import ORDER_WORDS

CARDS = Path(__file__).resolve().parent / "homebrew_pilgrimage"
CARD = "hb-pilgrimage"


def _to_card_choice() -> tuple[Game, list[dict[str, Any]]]:
    """A seeded 4-seat game at the card's region choice, and the controls of the B4.5
    questions met on the way."""
    for seed in range(60):
        g = new_game(4, sets=["base"], seed=seed, cards=[CARDS], logging=True)
        rng = random.Random(seed)
        orders: list[dict[str, Any]] = []
        for _ in range(400):
            d = g.pending
            if d is None:
                break
            if d.kind == "choose_region" and g.flow.card == CARD:
                return g, orders
            if d.rule == "B4.5":
                c = controls(g, d.players[0])
                assert c is not None
                orders.append(c)
            g.answer(d.players[0], d.random_answer(rng, d.players[0]))
    raise AssertionError("no game reaches the card's choice")


@pytest.mark.rule("B8", "B8.1", "B5.1")
def test_a_card_s_decisions_say_its_steps_and_name_it() -> None:
    g, _ = _to_card_choice()
    d = g.pending
    assert d is not None
    seat = d.players[0]
    said = g.in_words(d.prompt)
    assert said == ("Pilgrimage: choose a region adjacent to the king's region. Then: bring "
                    "up to 2 caballeros from your provinces to your court and place 1 of "
                    "your caballeros from your court in that region."), said
    region = d.options["choices"][0]
    g.answer(seat, region)
    d = g.pending
    assert d is not None and d.kind == "bring_to_court"
    assert g.in_words(d.prompt) == "Pilgrimage: bring up to 2 caballeros to court"
    c = controls(g, seat)
    assert c is not None and c["prompt"] == "Pilgrimage: bring up to 2 caballeros to court"
    g.answer(seat, {"provinces": 2, "regions": {}})
    d = g.pending
    assert d is not None and d.kind == "place_caballeros"
    name = g.library.board.places[g.library.board.index[region]].name
    assert g.in_words(d.prompt) == f"Pilgrimage: place 1 caballero from your court in {name}"
    c = controls(g, seat)
    assert c is not None and c["min"] == c["max"] == 1
    assert c["done"] is not None and not c["done"]["enabled"]
    assert "rule" not in c["done"]
    assert c["done"]["why"] == "Not finished: choose at least 1 caballero (0 so far)"
    # the rows are the places possible now; every other folds, under its own rule
    rows = [o for o in c["options"] if not o.get("folded")]
    assert [o["place"] for o in rows] == [region] and rows[0]["enabled"]
    folded = {o["label"] for o in c["options"] if o.get("folded")}
    assert folded == {o["label"] for o in c["options"]} - {name}
    assert all("brief" not in f for f in c["folds"])
    assert sorted(x for f in c["folds"] for x in f["labels"]) == sorted(folded)


@pytest.mark.rule("B4.5")
def test_the_order_question_lists_before_first_and_keeps_its_answers() -> None:
    """B4.5: "before placing" is listed first; its unit is still answer 1 (the engine's
    index: records replay unchanged), and answering it asks the B4.4 question at once."""
    _, orders = _to_card_choice()
    assert orders, "no B4.5 question met"
    for c in orders:
        # "before" is combined with the B4.4 question it leads to (issue 30): its first
        # answer takes its place, the other comes last
        labels = [o["label"] for o in c["options"]]
        assert labels == [ORDER_WORDS["first"], ORDER_WORDS["after"],
                          ORDER_WORDS["decline"]], labels
        assert [o["value"] for o in c["options"]] == [1, 0, 1]
        assert [o["unit"] for o in c["options"]] == [[1], [0], [1]]
        assert [o.get("then") for o in c["options"]] == [[0], None, [1]]


@pytest.mark.rule("B8")
def test_a_choice_s_then_says_the_steps_after_its_last_use_too() -> None:
    """B8: the "Then:" of a card's choice says every step after the choice, those after
    the last that uses it too (a point gained at the end)."""
    from elgrande.dsl.choice_words import choice_use
    from elgrande.dsl.parser import parse

    script = parse("shrine = choose region from mainland regions except king\n"
                   "move up to 2 own caballeros from court to shrine\n"
                   "gain 1 point\n")
    said = choice_use(script, "shrine")
    assert said.startswith(" Then: ") and "that region" in said
    assert said.rstrip(".").endswith("1 point"), said


@pytest.mark.rule("B8", "B8.7")
def test_a_loop_s_player_is_that_player_and_a_step_after_a_loop_is_its_own() -> None:
    """f25: a homebrew card's prompt said "for each other the chosen player ... loses 1
    point ... and gain 2 points": a loop's player is no chosen player, and the step after
    the loop is the card player's, not the loop's last."""
    script = parse("road = choose region from adjacent to king\n"
                   "for each other player p:\n"
                   "    if caballeros of p in road > 0:\n"
                   "        as p:\n"
                   "            lose 1 point\n"
                   "gain 2 points\n")
    said = choice_use(script, "road")
    assert "the chosen player" not in said and "player 'p'" not in said, said
    assert said.startswith(" Then: for each other player, clockwise from your left"), said
    assert "that player loses 1 point" in said and said.endswith("; then gain 2 points."), said


@pytest.mark.rule("B8")
def test_a_step_after_an_exception_is_its_own() -> None:
    """f27: "... to a region adjacent to that region, except the king's region and gain 1
    point" read as if the point were the exception's."""
    script = parse("source = choose region from regions with own caballeros except king\n"
                   "move up to 2 own caballeros from source to adjacent to source except king\n"
                   "gain 1 point\n")
    said = choice_use(script, "source")
    assert "except the king's region; then gain 1 point." in said, said
