"""Issue 30, f28's card words (no browser): a move's source set in the plural where it may
take from several regions (B8.2); the places of a card's region choice where the card
would do nothing, marked and still enabled (B8, tests/homebrew_f28's Rally); the
Castillo's reason fitted to the choice's use (B8 for a destination, B1.6 for the king's
move); "all 5 regions" said by their first value (B8.6)."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from elgrande.dsl import ast
from elgrande.dsl.choice_words import choice_use, steps_after, takes_from_choice
from elgrande.dsl.parser import parse
from elgrande.dsl.render import render
from elgrande.errors.rule_ids import title
from elgrande.play.game import Game, new_game
from elgrande.play.narrate import card_labels, card_summary
from elgrande.server.card_faces import face_words
from elgrande.server.card_hints import IDLE, board_only
from elgrande.server.controls import controls
from elgrande.tools.docs import load_cards

HERE = Path(__file__).resolve().parent
RALLY = "hb-rally-f28"
#: f28's homebrew card (tests/homebrew_f28/rally.yaml).
RALLY_SCRIPT = ("target = choose region from regions except king\n"
                "move up to 3 own caballeros from adjacent to target to target\n")


# -- 1: the source set ---------------------------------------------------------------------
@pytest.mark.rule("B8.2")
def test_b8_2_a_move_from_the_regions_next_to_the_chosen_one_reads_in_the_plural() -> None:
    """f28 ("a region adjacent" made me expect one source only): the move may take from
    several regions adjacent to the chosen one, so its source reads "regions adjacent"."""
    said = render(parse(RALLY_SCRIPT))
    assert "Move up to 3 of your caballeros from regions adjacent to the region chosen as " \
        "'target' to the region chosen as 'target'." in said, said
    assert choice_use(parse(RALLY_SCRIPT), "target") == (
        " Then: move up to 3 of your caballeros from regions adjacent to that region to "
        "that region.")


@pytest.mark.rule("B8.2", "B8.7")
@pytest.mark.parametrize("script, words", [
    ("move 2 own caballeros from adjacent to king to provinces",  # a send (B8.7)
     "from regions adjacent to the king's region to the provinces"),
    ("move all own caballeros from adjacent to king to castillo",
     "from regions adjacent to the king's region to the Castillo"),
])
def test_several_caballeros_from_a_set_of_regions_read_in_the_plural(
        script: str, words: str) -> None:
    assert words in render(parse(script))


@pytest.mark.rule("B8.2")
@pytest.mark.parametrize("script, words", [
    ("move 1 own caballero from adjacent to king to castillo",  # one caballero
     "from a region adjacent to the king's region"),
    ("x = choose region from regions\nmove up to 3 own caballeros from x to castillo",
     "from the region chosen as 'x'"),  # one source (single_source)
    ("move up to 3 own caballeros from castillo to adjacent to king", "from the Castillo"),
    ("move up to 2 own caballeros from court to adjacent to king",  # a placement
     "from your court"),
])
def test_one_place_to_take_from_stays_singular(script: str, words: str) -> None:
    said = render(parse(script))
    assert words in said and "from regions" not in said, said


# -- 2: where the card would do nothing ------------------------------------------------------
def _rally_choice() -> tuple[Game, Any]:
    """A seeded 3-seat base game with tests/homebrew_f28 in which seat 0 takes Rally in
    round 1 and carries it out: the game at its region choice, and the decision."""
    for seed in range(1, 60):
        g = new_game(3, sets=["base"], seed=seed, cards=[str(HERE / "homebrew_f28")],
                     logging=False)
        if RALLY not in g.state.offer:
            continue
        rng = random.Random(seed)
        while g.pending is not None and g.state.round == 1:
            d = g.pending
            p = d.players[0]
            if g.flow.card == RALLY and d.kind == "choose_region":
                return g, d
            choices = d.options.get("choices") or []
            if d.kind == "choose_action_card":
                mine = RALLY if p == 0 and RALLY in choices else None
                answer = mine or next((c for c in choices if c != RALLY), choices[0])
            elif p == 0 and g.flow.card == RALLY and d.kind == "choose_option":
                answer = 0  # carry out the special action
            else:
                answer = d.random_answer(rng, p)
            g.answer(p, answer)
    pytest.fail("no seeded game ran Rally's region choice")


def _can_move_in(g: Game, seat: int, place: str) -> bool:
    """B8.2, B5.2: whether any of ``seat``'s caballeros stand in a region adjacent to
    ``place`` from which they may leave (not the king's region, not the Castillo)."""
    b = g.library.board
    i = b.index[place]
    return any(g.state.caballeros[j][seat] > 0 for j in range(len(b.places))
               if b.adjacent(i, j) and j != g.state.king and not b.is_castillo(j))


@pytest.mark.rule("B8", "B8.2")
def test_rally_s_choice_marks_the_regions_where_nothing_could_move_in() -> None:
    """f28 (every region offered, nothing showing which would do anything): at Rally's
    region choice, a region none of the player's caballeros stand next to says "(the card
    would do nothing there)" and stays enabled (B8: a legal choice); the others do not."""
    g, d = _rally_choice()
    seat = d.players[0]
    c = controls(g, seat)
    assert c is not None
    offered = [o for o in c["options"] if o["enabled"]]
    assert {o["place"] for o in offered} == set(d.options["choices"])
    idle = {o["place"] for o in offered if o.get("idle")}
    assert idle == {o["place"] for o in offered if not _can_move_in(g, seat, o["place"])}
    assert idle and len(idle) < len(offered), idle  # both kinds met
    for o in offered:
        assert o["label"].endswith(IDLE) == (o["place"] in idle), o
    assert not any(o.get("idle") for o in c["options"] if not o["enabled"])


@pytest.mark.rule("B8", "B8.2")
def test_a_shipped_card_s_empty_regions_are_the_ones_where_it_does_nothing() -> None:
    """The hint and h31's "(no caballeros)" note agree where both apply (a shipped card
    moving caballeros from the one region it chooses): the regions holding none are
    exactly those where the card would do nothing; their labels say it once."""
    met = 0
    for seed in range(8):
        g = new_game(3, sets=["base"], seed=seed, logging=False)
        rng = random.Random(seed)
        while g.pending is not None and met < 2:
            d = g.pending
            p = d.players[0]
            if d.kind == "choose_region" and g.flow.run is not None:
                c = controls(g, p)
                assert c is not None
                empty = {o["place"] for o in c["options"]
                         if o["label"].endswith("(no caballeros)")}
                if empty:
                    met += 1
                    assert empty == {o["place"] for o in c["options"] if o.get("idle")}
                    assert not any(IDLE in o["label"] for o in c["options"])
            g.answer(p, d.random_answer(rng, p))
        if met >= 2:
            return
    pytest.fail("no shipped card's region choice offered a region holding none")


@pytest.mark.rule("B8.5a")
@pytest.mark.parametrize("script, hints", [
    (RALLY_SCRIPT, True),
    ("target = choose region from regions\nscore target", True),
    ("target = choose region from regions\nc = draw card from region cards\n"
     "move 1 own caballero from court to region of c", False),  # a hidden stack
    ("target = choose region from regions\n"
     "each player secretly chooses region x from regions", False),
    ("if score of me > 3:\n    target = choose region from regions\n    score target",
     False),  # a choice inside a condition: not one of the top level's
])
def test_hints_only_for_steps_that_read_the_board(script: str, hints: bool) -> None:
    """The hint answers the choice on a copy of the game, which holds hidden parts: only
    steps that read the board alone (moves, scorings, points, the player's choices) give
    one, so no stack, hand or secret choice decides a label."""
    assert board_only(steps_after(parse(script), "target")) is hints


# -- 3, 4: the Castillo's reason -------------------------------------------------------------
@pytest.mark.rule("B8", "B8.2")
def test_the_castillo_at_a_choice_of_where_caballeros_go_gives_b8_s_reason() -> None:
    """f28 ("caballeros never leave the Castillo" while choosing where they go): Rally's
    choice is the move's destination, its name only names the sources ("adjacent to
    target"): the Castillo, no region of the card's set, says B8's reason."""
    assert not takes_from_choice(parse(RALLY_SCRIPT), "target")
    assert takes_from_choice(parse(
        "s = choose region from regions\nmove up to 3 own caballeros from s to castillo"), "s")
    g, d = _rally_choice()
    assert d.options["why"]["castillo"][0] == "B8.2"  # the engine's stored reason
    c = controls(g, d.players[0])
    assert c is not None
    o = next(o for o in c["options"] if o.get("place") == "castillo")
    assert (o["rule"], o["why"]) == (
        "B8", "the Castillo is not one of the places this card lets you choose"), o
    fold = next(f for f in c["folds"] if "Castillo" in f["labels"])
    assert fold["rule"] == "B8" and not any("leave" in w for w in fold["whys"]), fold


@pytest.mark.rule("B1.6", "B5.2")
def test_the_king_s_card_says_the_castillo_is_no_region() -> None:
    """f28 ("B5.2: the king's region is closed" over "the king never goes into the
    Castillo"): the King's card's Castillo is refused under B1.6 (the map: the regions and
    the Castillo), the engine's words kept; the fold's heading is B1.6's title."""
    for seed in range(6):
        g = new_game(3, sets=["base"], seed=seed, logging=False)
        rng = random.Random(seed)
        while g.pending is not None and g.state.round <= 3:
            d = g.pending
            p = d.players[0]
            if d.kind == "choose_region" and g.flow.card == "kings-card":
                assert d.options["why"]["castillo"] == [
                    "B5.2", "the king never goes into the Castillo"]  # stored, unchanged
                c = controls(g, p)
                assert c is not None
                o = next(o for o in c["options"] if o.get("place") == "castillo")
                assert (o["rule"], o["title"], o["why"]) == (
                    "B1.6", title("B1.6"), "the king never goes into the Castillo, which is "
                    "not a region"), o
                fold = next(f for f in c["folds"] if "Castillo" in f["labels"])
                assert fold["rule"] == "B1.6" and fold["title"] == title("B1.6")
                return
            g.answer(p, d.random_answer(rng, p))
    pytest.fail("no seeded game asked the King's card's region")


# -- 5: the regions of a value -----------------------------------------------------------------
@pytest.mark.rule("B8.6")
def test_every_value_scoring_card_names_its_regions_by_their_first_value() -> None:
    """f28 ("score all 5 regions": which five?): every shipped card naming regions by their
    value says "every region whose first value is N" in its line, its label's aside where
    the label uses its text, and glosses its printed text on the page, as the 4 and the
    6-and-7 cards do (the 5 card's printed text has no "the": "Score all 5 regions.")."""
    cards = [c for c in load_cards().cards.values()
             if c.script is not None and "regions with value" in c.effect]
    assert len(cards) >= 3
    labels = card_labels(load_cards().cards.values())
    for card in cards:
        values = card.effect.split("regions with value", 1)[1].split()[0::2]
        plain = "every region whose first value is " + " or ".join(values)
        assert card_summary(card) == "score " + plain, card.id
        assert f"[{plain}]" in face_words(card), card.id  # the printed words kept
        assert "all 5 regions" not in labels[card.id]
    five = next(c for c in cards if "all 5 regions" in c.text)
    assert face_words(five) == ("Special Scoring: Score all 5 regions [every region whose "
                                "first value is 5].")


@pytest.mark.rule("B8.6", "B6.5")
def test_a_special_scoring_s_choice_marks_the_regions_where_nobody_would_score() -> None:
    """f32 (the special scoring offered the empty regions with no hint): at a shipped
    card's "choose a region, score it", exactly the places holding no caballero say "(the
    card would do nothing there)" (B6.5: nobody is ranked there, no bonus either), and stay
    enabled."""
    for seed in range(1, 40):
        g = new_game(3, sets=["base"], seed=seed, logging=False)
        rng = random.Random(seed)
        while g.pending is not None:
            d = g.pending
            p = d.players[0]
            run = g.flow.run
            if d.kind == "choose_region" and run is not None and board_only(
                    steps_after(g.library.scripts.get(run.card), "target")) and any(
                    isinstance(n, ast.Call) and n.name == "score"
                    for n in ast.walk(g.library.scripts[run.card])):
                c = controls(g, p)
                assert c is not None
                b = g.library.board
                offered = [o for o in c["options"] if o["enabled"]]
                idle = {o["place"] for o in offered if o.get("idle")}
                empty = {o["place"] for o in offered if g.state.count_in(b.index[o["place"]]) == 0}
                assert idle == empty and empty and len(empty) < len(offered), (idle, empty)
                assert all(o["label"].endswith(IDLE) for o in offered if o["place"] in idle)
                return
            g.answer(p, d.random_answer(rng, p))
    pytest.fail("no special scoring's region choice met")


@pytest.mark.rule("B5.2", "B8.1")
def test_the_king_s_move_to_any_region_but_his_own_reads_another_region() -> None:
    """f34, f36 ("move the king to any region, except the king's region" read oddly): the
    King's Card's script reads "move the king to another region"; a narrower set keeps
    its words."""
    assert "Move the king to another region." in render(parse(
        "move the king to regions except king\n"))
    assert "Move the king to a region adjacent to the king's region." in render(parse(
        "move the king to adjacent to king\n"))
