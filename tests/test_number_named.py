"""A card's prompt names the number its own choice asks for in words (B8, f22): "bring
'n' caballeros" read as if a player knew the card script's name 'n'."""

from __future__ import annotations

from elgrande.server.page_words import number_named


def test_the_script_s_name_of_the_chosen_number_is_said_as_that_many() -> None:
    said = ("Pilgrims: choose a number from 1 to 2. Then: bring 'n' caballeros from your "
            "provinces to your court and gain 'n' points.")
    assert number_named(said) == (
        "Pilgrims: choose a number from 1 to 2. Then: bring that many caballeros from "
        "your provinces to your court and gain that many points.")


def test_other_prompts_are_left_as_they_are() -> None:
    for said in ("Evict: choose a region. Then: each other player ...",
                 "Place up to 4 caballeros from your court next to the king",
                 "choose a number from 1 to 3"):
        assert number_named(said) == said
