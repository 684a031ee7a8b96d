"""The turn's placement prompt names every place it offers (f17,
elgrande.server.page_words.prompt_places, B4.3, C5): in a Colonies game the Ship or
France beside "next to the king or in the Castillo", as the real server sends it in the
seat's controls (the page's heading and "Your turn" line).
"""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from api_play import first_controls
from test_server_page import create

from elgrande.play.game import new_game


@pytest.mark.rule("B4.3", "C5")
def test_the_placement_prompt_names_the_areas_it_offers(server: str) -> None:
    """B4.3, C5: every area row of the placement (a place of kind ``area``) is named in
    the prompt; a placement with no area row keeps the base game's prompt."""
    lib = new_game(4, sets=["base", "colonies"], seed=1, fill="provisional",
                   logging=False).library
    kinds = {p.id: p.kind for p in lib.board.places}
    met = 0

    def areas(c: dict[str, Any]) -> list[str]:
        return [o["label"] for o in c["options"]
                if not o.get("folded") and kinds.get(o["place"]) == "area"]

    def want(c: dict[str, Any]) -> bool:
        if c["kind"] != "place_caballeros" or c["rule"] != "B4.3":
            return False
        if not areas(c):
            assert "also offered" not in c["prompt"], c["prompt"]
        return bool(areas(c))

    with httpx.Client(base_url=server, timeout=30) as client:
        for seed in range(1, 6):
            links = create(server, 4, seed, {}, ["base", "colonies"])
            c = first_controls(client, links, seed, want, 200)
            if c is None:
                continue
            said = c["prompt"].partition(" (also offered: ")[2]
            assert said.endswith(")") and all(a in said for a in areas(c)), (c["prompt"], areas(c))
            met += 1
            if met >= 2:
                return
    assert met, "no placement offered an area"
