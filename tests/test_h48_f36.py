"""What a fresh user of ``elgrande serve`` read wrong (f36): the name of an "either ...
or ..." card was cut before its second alternative, hiding that it offers a choice."""

from __future__ import annotations

import pytest

from elgrande.data.library import load_library
from elgrande.play.narrate import card_labels

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
