"""The turn's placement prompt names every place it offers (f17,
elgrande.server.page_words.prompt_places, B4.3, C5): in a Colonies game the Ship or
France beside "next to the king or in the Castillo", as the real server sends it in the
seat's controls (the page's heading and "Your turn" line).
"""

from __future__ import annotations

import random

import httpx
import pytest
from serve_util import play_turn, seat_state
from test_server_page import create, token_of

from elgrande.play.game import new_game


@pytest.mark.rule("B4.3", "C5")
def test_the_placement_prompt_names_the_areas_it_offers(server: str) -> None:
    """B4.3, C5: every area row of the placement (a place of kind ``area``) is named in
    the prompt; a placement with no area row keeps the base game's prompt."""
    lib = new_game(4, sets=["base", "colonies"], seed=1, fill="provisional",
                   logging=False).library
    kinds = {p.id: p.kind for p in lib.board.places}
    met = 0
    with httpx.Client(base_url=server, timeout=30) as client:
        for seed in range(1, 4):
            links = create(server, 4, seed, {}, ["base", "colonies"])
            tokens = [token_of(link) for link in links["seats"]]
            rng = random.Random(seed)
            for _ in range(200):
                states = [seat_state(client, links["game"], t) for t in tokens]
                for st in states:
                    c = st.get("controls")
                    if c and c["kind"] == "place_caballeros" and c["rule"] == "B4.3":
                        rows = [o for o in c["options"] if not o.get("folded")]
                        areas = [o["label"] for o in rows
                                 if kinds.get(o["place"]) == "area"]
                        if areas:
                            assert c["prompt"].endswith(
                                f"(also offered: {', '.join(areas)})"), (c["prompt"], areas)
                            met += 1
                        else:
                            assert "also offered" not in c["prompt"]
                if met >= 2:
                    return
                if all(play_turn(client, links["game"], t, rng, st) is None
                       for t, st in zip(tokens, states, strict=True)):
                    break
    assert met, "no placement offered an area"
