"""Why the turn's placement allows fewer caballeros than its card places (f17,
elgrande.server.page_words.court_note, B4.3): "King's Card places up to 5, but your court
holds only 4 (B4.3)" beside "at most 4"; nothing where the court holds enough. Seeded
base games played at random; the controls are the server's.
"""

from __future__ import annotations

import random

import httpx
import pytest
from api_play import first_controls
from test_server_page import create

from elgrande.play.game import new_game
from elgrande.server.controls import controls


@pytest.mark.rule("B4.3")
def test_the_placement_says_the_court_holds_too_few_for_the_card() -> None:
    """B4.3: a placement bounded by the court says so, naming the card and its number;
    one bounded by the card says nothing more."""
    met = {"short": 0, "enough": 0}
    for seed in range(6):
        g = new_game(4, sets=["base"], seed=seed, logging=False)
        rng = random.Random(seed)
        while (d := g.pending) is not None and g.flow.round <= 6:
            p = d.players[0]
            if d.kind == "place_caballeros" and d.rule == "B4.3":
                c = controls(g, p)
                assert c is not None
                number = g.library.card(g.flow.card).place
                court = g.state.court[p]
                if court < number:
                    assert c["max"] == court
                    assert c["max_note"] == (f"{g.card_label(g.flow.card)} places up to "
                                             f"{number}, but your court holds only {court} "
                                             "(B4.3)"), c["max_note"]
                    met["short"] += 1
                else:
                    assert c["max"] == number and c["max_note"] is None, c["max_note"]
                    met["enough"] += 1
            g.answer(p, d.random_answer(rng, p))
    assert met["short"] and met["enough"], met


@pytest.mark.rule("B4.3")
def test_the_server_sends_the_court_s_bound(server: str) -> None:
    """B4.3: a real server's placement controls bounded by the court carry the note
    (the page shows it after "at most N")."""
    with httpx.Client(base_url=server, timeout=30) as client:
        for seed in range(1, 6):
            links = create(server, 4, seed, {}, ["base"])
            c = first_controls(client, links, seed, lambda c: (
                c["kind"] == "place_caballeros" and c["rule"] == "B4.3"
                and bool(c["max_note"])))
            if c is not None:
                assert c["max_note"].endswith(
                    f"but your court holds only {c['max']} (B4.3)"), c["max_note"]
                return
    pytest.fail("no placement was bounded by the court")
