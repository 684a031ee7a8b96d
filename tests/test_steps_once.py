"""A card's choice says the steps that follow it once, in plain words (issue 30 f20,
B8): Evict's region choice no longer names its players twice nor its caballeros in both
branches of its if/otherwise; a fellow player's secret choice says the steps of the
card's actor by the actor's name (B8.5, B8.7); the engine's prompt is unchanged (saved
games compare it). Seeded games of the real rules and the real cards."""

from __future__ import annotations

import re
from typing import Any

import httpx
import pytest
from api_play import first_controls
from card_at import carrying_out
from test_server_page import create

from elgrande.server.controls import controls
from elgrande.server.page_words import STEPS_WORDS, steps_once

EVICT = ("Evict: choose a region. Then: each other player with caballeros in that region "
         "secretly chooses one of the nine regions of Spain and each other player with "
         "caballeros in that region, clockwise from your left: if their chosen region is "
         "the king's region or that region, sends all of their caballeros from that region "
         "to their court; otherwise, moves all of their caballeros from that region to "
         "their chosen region.")


@pytest.mark.rule("B8", "B8.5")
def test_b8_a_subject_and_caballeros_said_twice_are_said_once() -> None:
    said = steps_once(EVICT)
    assert said == ("Evict: choose a region. Then: each other player with caballeros in "
                    "that region secretly chooses one of the nine regions of Spain and then, "
                    "clockwise from your left, moves all of their caballeros from that "
                    "region to their chosen region or, if it is the king's region or that "
                    "region, sends them to their court."), said
    assert said.count("each other player") == 1 and "otherwise" not in said
    assert len(said.split()) < len(EVICT.split()) - 10


@pytest.mark.rule("B8.7")
def test_b8_7_a_fellow_player_reads_the_actor_s_steps_by_the_actor_s_name() -> None:
    one = ("Secret retreat: secretly choose a region. Then: each other player, clockwise "
           "from your left: sends all of their caballeros from the region they choose to "
           "the provinces.")
    assert steps_once(one) == one.replace("left: sends", "left, sends")
    assert steps_once(one, "Marta") == (
        "Secret retreat: secretly choose a region. Then: each player other than Marta, "
        "clockwise from Marta's left, sends all of their caballeros from the region they "
        "choose to the provinces.")


@pytest.mark.rule("B8")
def test_b8_steps_too_long_are_left_to_the_card_s_text_and_others_kept() -> None:
    plain = "Rally: choose a region. Then: place up to 2 of your caballeros in that region."
    assert steps_once(plain) == plain
    assert steps_once("Place up to 2 caballeros") == "Place up to 2 caballeros"
    long = "Odd: choose a region. Then: " + " ".join(["gain 1 point and"] * STEPS_WORDS) + "."
    assert steps_once(long) == "Odd: choose a region (the card's text says what follows)."


@pytest.mark.rule("B8", "B8.5", "B8.7")
def test_b8_evict_s_controls_say_its_steps_once_for_the_actor_and_the_evicted() -> None:
    for seed in range(3, 20):
        g = carrying_out(4, "evict", 4, seed)
        d = g.pending if g is not None else None
        if g is None or d is None or d.kind != "choose_region":
            continue
        actor = d.players[0]
        c = controls(g, actor)
        assert c is not None
        assert c["prompt"].startswith("Evict: choose a region other than the king's region. "
                                      "Then: each other player "), c
        assert c["prompt"].count("each other player") == 1, c["prompt"]
        assert "{use:" in d.prompt  # the engine's text is unchanged
        g.answer(actor, d.options["choices"][0])
        d = g.pending
        if d is None or d.kind != "secret_region":
            continue  # nobody to evict there
        fellow = d.players[0]
        assert fellow != actor
        c = controls(g, fellow)
        assert c is not None
        name = g.names[actor]
        assert f"each player other than {name} with caballeros in " in c["prompt"], c
        assert f"clockwise from {name}'s left, moves all of their caballeros" in c["prompt"]
        assert "otherwise" not in c["prompt"] and "your left" not in c["prompt"]
        return
    raise AssertionError("no seed reaches Evict's secret choice")


@pytest.mark.rule("B8.5", "B8.7")
def test_b8_7_a_real_server_s_fellow_secret_choice_names_the_actor(server: str) -> None:
    """A base game played at random through a real server: the first secret choice a
    card asks of a fellow player says its steps of the card's actor by name, never
    "your left" (the reader is not the one whose left it is)."""
    made = create(server, 4, 4, {}, ["base"])

    def fellow(c: dict[str, Any]) -> bool:
        return bool(c.get("card")) and c["kind"] == "secret_region" \
            and "each player other than " in str(c["prompt"])

    with httpx.Client(base_url=server) as client:
        c = first_controls(client, made, 4, fellow, answers=600)
    assert c is not None, "no fellow player's secret card choice in the game"
    said = c["prompt"]
    assert said.startswith(f"{c['card']['name']}: secretly choose "), said
    assert ". Then: " in said, said  # (after the card's limit: "a region with ...")
    assert "your left" not in said and "each other player" not in said, said
    assert re.search(r"clockwise from [^,]+'s left, \w+", said), said
