"""What fresh users read wrong in the log and the boxes (h44): the branch an "either ...
or ..." card was carried out with went unsaid (B4.4), a card's caballeros from the court
were said "placed" like the turn's placement (B5.1 vs B4.3), and after the game the boxes
still spoke of "this round's card" (B7.1)."""

from __future__ import annotations

import random
import re

import pytest

from elgrande import new_game
from elgrande.play.game import Game
from elgrande.play.narrate import story, words
from elgrande.play.narrate_effects import third_person
from elgrande.tools.board_svg import boxes_svg, public_view

pytest.importorskip("starlette", reason="elgrande serve needs the [serve] extra")
from elgrande.server.controls import controls  # noqa: E402
from elgrande.server.page_words import EITHER_HOW  # noqa: E402

#: A base card whose script is ``either: (caballeros from court) or: (a move)``.
EITHER = "intrigue-place-two-or-move-own-from-one-region"


def _at_either(seed: int = 1) -> Game:
    """A logged 3-player base game at an ``either`` card's choice of branch (random
    answers, seeded)."""
    g = new_game(3, seed=seed)
    rng = random.Random(seed)
    while g.pending is not None:
        d = g.pending
        if d.kind == "choose_option" and d.prompt == "{card:" + EITHER + "}: choose one":
            return g
        g.answer(d.players[0], d.random_answer(rng, d.players[0]))
    raise AssertionError("no either card played")


@pytest.mark.rule("B4.4")
def test_the_log_names_the_branch_of_an_either_card_as_its_options_show_it() -> None:
    g = _at_either()
    d = g.pending
    assert d is not None
    seat = d.players[0]
    c = controls(g, seat)
    assert c is not None and c["how"] == EITHER_HOW  # f36: what a click does, said
    shown = [o["label"] for o in c["options"]]
    assert len(shown) == 2 and shown[0] != shown[1]
    # f34: the script's name of the chosen region is nobody's word at the table
    assert "call it" not in " ".join(shown) and "'source'" not in " ".join(shown), shown
    assert "from that region to any region or the Castillo" in shown[1], shown
    name, card = g.names[seat], g.card_label(EITHER)
    for i, label in enumerate(shown):
        c = g.copy()
        before = len(c.log)
        c.answer(seat, i)
        lines = list(c.log)[before:]
        # the line under "... carries out the special action of ...", in the option's
        # words said of the player (f36: spectators read it too)
        said = third_person(label)
        assert "your" not in said and " you " not in f" {said} ", said
        assert lines[:1] == [f"  {name} chooses, for {card}: {said}."], lines
    # an event without the label (as an older engine might make one) still reads
    e = {"event": "choose", "option": 1, "chooser": 0, "player": 0, "card": EITHER}
    assert words(e, g.library.board, g.names, {}) == \
        [f"  {g.names[0]} chooses option 2 for {EITHER}."]


@pytest.mark.rule("B5.1", "B4.3")
def test_a_card_s_caballeros_from_the_court_are_a_move_not_a_placement() -> None:
    g = _at_either()
    d = g.pending
    assert d is not None
    seat = d.players[0]
    g.answer(seat, 0)  # the branch of caballeros from the court
    d = g.pending
    assert d is not None and d.kind == "place_caballeros"
    b, name = g.library.board, g.names[seat]
    to = d.options["to"][0]
    before = len(g.log)
    g.answer(seat, {to: 1})
    lines = list(g.log)[before:]
    assert lines[0] == f"  {name} places 1 caballero from the court in {b.place_name(to)}."
    assert not any(" places caballeros" in ln for ln in lines if ln.startswith("  "))
    # to several places; the turn's own placement (B4.3) keeps its word
    e = {"event": "place", "player": 1, "decider": 1, "card": EITHER,
         "to": {"aragon": 1, "castillo": 2}}
    assert story([e], b, ["Ana", "Ben"]) == \
        ["  Ben places 3 caballeros from the court: 1 in Aragon, 2 in Castillo."]
    turn = {"event": "place", "player": 1, "to": {"aragon": 1, "castillo": 2}}
    assert story([turn], b, ["Ana", "Ben"]) == \
        ["Ben places caballeros: 1 in Aragon, 2 in Castillo."]


@pytest.mark.rule("B7.1", "B3.2")
def test_the_boxes_after_the_game_speak_of_the_last_round_s_card() -> None:
    g = new_game(3, seed=3, logging=False)
    rng = random.Random(3)
    mid = ""
    while g.pending is not None:
        d = g.pending
        g.answer(d.players[0], d.random_answer(rng, d.players[0]))
        if not mid and g.state.bids:
            mid = boxes_svg(public_view(g), g.library.board)
    assert "this round&#x27;s card: " in mid
    for view in (public_view(g), g.view(0)):  # the spectator's and a seat's
        svg = boxes_svg(view, g.library.board)
        assert "round&#x27;s card" in svg  # the last round's bids are still shown
        assert "this round" not in svg
        assert len(re.findall(r"the last round&#x27;s card: \d+", svg)) == 3
