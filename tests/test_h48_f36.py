"""What a fresh user of ``elgrande serve`` read wrong (f36): the name of an "either ...
or ..." card was cut before its second alternative, hiding that it offers a choice."""

from __future__ import annotations

import pytest

from elgrande import new_game
from elgrande.data.library import load_library
from elgrande.play.narrate import card_labels, story, words

#: A base card whose text offers two things ("Move 2 ... or move all ...").
EITHER = "intrigue-place-two-or-move-own-from-one-region"


@pytest.mark.rule("B4.4")
def test_a_card_offering_a_choice_is_named_with_both_alternatives() -> None:
    labels = card_labels(load_library(("base",)).cards.cards.values())
    assert labels[EITHER] == ("Intrigue (move 2 Caballeros from your court into any region"
                              " or move all of your own Caballeros from one region)")
    # the other Intrigue cards keep their short names
    assert "Intrigue (move any 4 Caballeros on the board)" in labels.values()
    assert not any("\u2026" in v for v in labels.values()), labels


@pytest.mark.rule("B4.4")
def test_a_long_phrase_with_no_second_alternative_is_still_cut() -> None:
    lib = load_library(("base", "colonies"))
    labels = card_labels(lib.cards.cards.values())
    cut = [v for v in labels.values() if "\u2026" in v]
    # its " or " ("not into or out of ...") starts no second alternative
    assert cut and all(v.startswith("7th-stack card (move the limit table to another region …")
                       for v in cut), cut


@pytest.mark.rule("B4.4", "B8.2")
def test_an_either_card_s_branch_is_said_of_the_player_and_keeps_its_note() -> None:
    g = new_game(3, seed=1)
    b, names = g.library.board, g.names
    e = {"event": "choose", "option": 0, "chooser": 1, "player": 1, "card": EITHER,
         "label": "place up to 2 of your caballeros from your court; Your Grande stays"}
    (line,) = words(e, b, names, {EITHER: "Intrigue (...)"})
    assert line == (f"  {names[1]} chooses, for Intrigue (...): place up to 2 of their"
                    " caballeros from their court; Their Grande stays."), line
    # the next answer's step answered with nothing: the note under the choice (f29)
    placed = {"event": "place", "player": 2, "to": {b.place_id(b.regions[0]): 1}}
    assert story([placed], b, names, {}, g.state, last=line)[0] == \
        f"  (nothing done after the choice: {names[1]} chose to do nothing more)"
