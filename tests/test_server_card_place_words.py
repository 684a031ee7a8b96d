"""Why a card's placement from court refuses a place (elgrande.server.card_places, B8,
f17): the places outside the card's own are refused for the card's reason ("this card
places only in Seville, the region it chose"), not as if the king forbade them (B5.1).
Seeded games of the base game with the homebrew cards of ``tests/homebrew_serve``
(``hb-rally`` places in the region it chose, ``hb-garrison`` in the Castillo), played
by bots; the controls are the server's, and a real server's payload.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import httpx
import pytest
from api_play import first_controls
from test_server_homebrew_check import zipped

from elgrande.play.game import new_game
from elgrande.players.bots import make_bot
from elgrande.server.controls import controls

CARDS = Path(__file__).resolve().parent / "homebrew_serve"


def _card_placements(seeds: int) -> dict[str, tuple[Any, dict[str, Any]]]:
    """By card id: (the decision, its controls) of the first placement from court of
    its special action met over ``seeds`` games."""
    found: dict[str, tuple[Any, dict[str, Any]]] = {}
    for seed in range(seeds):
        g = new_game(4, sets=["base"], seed=seed, cards=[str(CARDS)], logging=False)
        bots = [make_bot("greedy", seed * 10 + i) for i in range(4)]
        while g.pending is not None and len(found) < 2 and g.flow.round <= 6:
            d = g.pending
            p = d.players[0]
            if d.kind == "place_caballeros" and d.rule == "B5.1" \
                    and g.flow.card in ("hb-rally", "hb-garrison"):
                c = controls(g, p)
                assert c is not None
                found.setdefault(g.flow.card, (d, c))
            g.answer(p, bots[p].answer(g.lazy_view(p)))
        if len(found) == 2:
            break
    return found


@pytest.mark.rule("B8", "B5.1", "B5.2")
def test_a_card_s_placement_refuses_other_places_for_the_card_s_reason() -> None:
    """B8: every place outside the card's chosen region is refused with rule B8 and
    "this card places only in X, the region it chose" (even next to the king, f17); the
    king's region keeps B5.2; the fold says the reason once for them all."""
    found = _card_placements(40)
    assert "hb-rally" in found, sorted(found)
    d, c = found["hb-rally"]
    (chosen,) = d.options["to"]
    name = next(o["label"] for o in c["options"] if o["place"] == chosen)
    want = f"this card places only in {name}, the region it chose"
    refused = [o for o in c["options"] if not o["enabled"]]
    assert refused
    for o in refused:
        if o["place"] in d.options["refused"]:
            assert o["rule"] == "B5.2", o
        else:
            assert (o["rule"], o["why"]) == ("B8", want), o
            assert "not a region caballeros may be placed" not in o["why"]
    (fold,) = [f for f in c["folds"] if f["rule"] == "B8"]
    assert fold["reasons"] == [{"why": want, "labels": fold["labels"]}]
    assert fold["whole"] and name not in fold["labels"]


@pytest.mark.rule("B8")
def test_a_card_s_fixed_place_is_named_without_a_choice() -> None:
    """B8: a card whose place is fixed (no region chosen) says only where it places."""
    found = _card_placements(40)
    assert "hb-garrison" in found, sorted(found)
    d, c = found["hb-garrison"]
    name = next(o["label"] for o in c["options"] if o["place"] == d.options["to"][0])
    whys = {o["why"] for o in c["options"] if not o["enabled"] and o["rule"] == "B8"}
    assert whys == {f"this card places only in {name}"}, whys


@pytest.mark.slow
@pytest.mark.rule("B8")
def test_the_server_sends_the_card_s_reason_with_a_chosen_region(server: str) -> None:
    """B8: a real server's game with the homebrew cards uploaded, answered at random by
    the API: the controls of the card's placement in the region it chose refuse every
    other place (but the king's) for the card's reason, never the generic one."""
    data = zipped({f"mycards/{f.name}": f.read_text() for f in CARDS.glob("*.yaml")})
    with httpx.Client(base_url=server, timeout=60) as client:
        for seed in range(1, 13):
            config = {"players": 4, "seed": seed}
            r = client.post("/api/games", data={"config": json.dumps(config)},
                            files={"cards": ("mycards.zip", data, "application/zip")},
                            timeout=120)
            assert r.status_code == 201, r.text
            made = r.json()
            c = first_controls(client, made, seed, lambda c: (
                c["kind"] == "place_caballeros" and c["rule"] == "B5.1"
                and (c.get("card") or {}).get("id") == "hb-rally"))
            if c is None:
                continue
            (row,) = [o for o in c["options"] if o["enabled"]]
            want = f"this card places only in {row['label']}, the region it chose"
            refused = [o for o in c["options"] if not o["enabled"]]
            assert all(o["why"] == want for o in refused if o["rule"] != "B5.2")
            assert any(o["rule"] == "B8" for o in refused)
            assert all("not a region caballeros" not in o["why"] for o in refused)
            return
    pytest.fail("no game reached the card's placement")
