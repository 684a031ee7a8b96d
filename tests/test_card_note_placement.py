"""f19: a card whose face states the turn's placement (B4.3: the card's ``place`` number,
"place up to 3 caballeros from your court (next to the king, ...)") has a card note that
says which of its words are the placement and which the special action (B8), for any
such card, from its data; the card files are unchanged."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from api_play import first_controls
from test_server_page import create

from elgrande.play.game import new_game
from elgrande.play.narrate import face_text
from elgrande.server.card_notes import placement_split, split_words

GI = ("Take the Grand Inquisitor into your court; place up to 3 caballeros from your court "
      "(next to the king, as B5.1); reposition 2 of the Inquisitor's black caballeros (not "
      "into or out of the king's region). He stays in your court until another player "
      "takes this card.")


@pytest.mark.rule("B4.3", "B8")
def test_the_placement_clause_is_told_from_the_special_action() -> None:
    placed, action = placement_split(GI, 3) or ("", "")
    assert placed == "up to 3 caballeros from your court (next to the king, as B5.1)"
    assert action == ("Take the Grand Inquisitor into your court; reposition 2 of the "
                      "Inquisitor's black caballeros (not into or out of the king's region). "
                      "He stays in your court until another player takes this card.")
    assert split_words(placed, action) == (
        "Your placement this turn (B4.3, made whether or not you carry out the special "
        "action): up to 3 caballeros from your court (next to the king, as B5.1). The "
        "special action (B8): the rest of the card.")
    alone = "Place up to 1 caballero from your court next to the king or in the Castillo this turn."
    got = placement_split(alone, 1)
    assert got == ("up to 1 caballero from your court next to the king or in the Castillo "
                   "this turn", "")
    assert split_words(*got, has_action=False) == (
        "Your placement this turn (B4.3): up to 1 caballero from your court next to the king "
        "or in the Castillo. This card has no special action.")
    # a count that is not the card's, or a special action's own placement: not the turn's
    assert placement_split(GI, 2) is None and placement_split(GI, 0) is None
    assert placement_split("Choose a region adjacent to the King. Place up to 2 of your "
                           "Caballeros from your court there.", 2) is None


@pytest.mark.rule("B4.3")
def test_only_cards_whose_face_states_their_placement_are_split() -> None:
    g = new_game(4, sets=["base", "colonies", "intrigue-king"], seed=1, fill="provisional",
                 logging=False)
    split = {c.id for c in g.library.cards.cards.values()
             if placement_split(face_text(c), c.place) is not None}
    kinds = {g.library.card(cid).kind for cid in split}
    assert kinds == {"inquisitor", "caballero-card"}, split
    assert not any(g.library.card(cid).set == "base" for cid in split)


@pytest.mark.rule("B4.3", "B8", "C8")
def test_the_grand_inquisitor_s_card_note_says_which_part_is_the_placement(
        server: str) -> None:
    """A Colonies game played at random through a real server: the first card note of a
    card whose face states its placement (the Grand Inquisitor card, C8) says the
    placement and the special action apart, after the card's own words; a base card's
    note is its text alone."""
    made = create(server, 4, 11, {}, ["base", "colonies"])

    def noted(c: dict[str, Any]) -> bool:
        return bool(c.get("card")) and "\n" in str(c["card"]["text"])

    with httpx.Client(base_url=server) as client:
        c = first_controls(client, made, 11, noted, answers=400)
    assert c is not None
    card = c["card"]
    g = new_game(4, sets=["base", "colonies"], seed=11, fill="provisional", logging=False)
    cdef = g.library.card(card["id"])
    face, line = card["text"].split("\n")
    assert face == face_text(cdef)
    assert line.startswith(f"Your placement this turn (B4.3, made whether or not you carry "
                           f"out the special action): up to {cdef.place} caballeros ")
    assert line.endswith("The special action (B8): the rest of the card.")
