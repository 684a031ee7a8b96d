"""A move's destination set in words (elgrande/dsl/render_moves.py, issue 30): plural where
its caballeros may be split among several regions of the set (B8.2, B5.1), singular for
one caballero, one place, or a piece that goes to one region (the king, a Grande)."""

from __future__ import annotations

import re

import pytest

from elgrande.dsl.choice_words import choice_use
from elgrande.dsl.parser import parse
from elgrande.dsl.render import render
from elgrande.tools.docs import load_cards

#: A homebrew card moving caballeros from the chosen region to the regions next to it.
SPREAD = ("source = choose region from regions with own caballeros except king\n"
          "move up to 3 own caballeros from source to adjacent to source\n")


def test_b8_2_a_move_from_the_chosen_region_may_split_among_the_regions_next_to_it() -> None:
    said = render(parse(SPREAD))
    assert said.endswith("Move up to 3 of your caballeros from the region chosen as 'source' "
                         "to regions adjacent to the region chosen as 'source'."), said
    assert "to a region adjacent" not in said
    # the card's choice prompt says the same steps, the chosen region as "that region"
    assert choice_use(parse(SPREAD), "source") == (
        " Then: move up to 3 of your caballeros from that region to regions adjacent to "
        "that region.")


@pytest.mark.parametrize("script, words", [
    ("move all own caballeros from castillo to adjacent to king",
     "from the Castillo to regions adjacent to the king's region"),
    ("move all or some caballeros of opponents from regions to adjacent to king",
     "to regions adjacent to the king's region"),
    ("each other player: move all own caballeros from castillo to adjacent to king",
     "moves all of their caballeros from the Castillo to regions adjacent to the king's "
     "region"),
])
def test_b8_2_moves_of_several_caballeros_read_in_the_plural(script: str, words: str) -> None:
    assert words in render(parse(script))


@pytest.mark.parametrize("script, words", [
    ("move the king to adjacent to king",  # one piece, one region (B5.2)
     "Move the king to a region adjacent to the king's region."),
    ("move own grande to adjacent to king", "to a region adjacent to the king's region"),
    ("move 1 own caballero from regions to adjacent to king",  # one caballero
     "to a region adjacent to the king's region"),
    ("move up to 1 caballero of opponents from regions to adjacent to king",
     "to a region adjacent to the king's region"),
    ("x = choose region from regions\nmove 2 own caballeros from regions to x",
     "to the region chosen as 'x'"),
    ("move up to 2 own caballeros from regions to castillo", "to the Castillo"),
    ("move 2 own caballeros from regions to aragon", "to Aragon"),
])
def test_one_region_to_go_to_stays_singular(script: str, words: str) -> None:
    said = render(parse(script))
    assert words in said and "to regions" not in said, said


def test_shipped_cards_say_the_king_moves_to_one_region() -> None:
    """The shipped cards' moves: the king's to one region; none reads "to a region
    adjacent" for caballeros that may be split."""
    said = {c.id: render(c.script) for c in load_cards().cards.values()
            if c.script is not None}
    king = [t for t in said.values() if "Move the king to a region adjacent to" in t]
    assert king, "a shipped card moves the king next to the king's region"
    split = [(cid, t) for cid, t in said.items()
             if re.search(r"caballeros from [^.;]*? to a region adjacent", t)]
    assert not split
