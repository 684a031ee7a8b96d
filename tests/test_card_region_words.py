"""Every step of a card that chose a region says the region where it matters (f18, B8,
elgrande.server.card_places): Pilgrims' Road (tests/homebrew_f18) chooses a region,
brings caballeros to court, then places there: its placement's refusals say "this card
places only in X, the region it chose" though the choice is no longer the last answer;
Smugglers (tests/homebrew_serve) moves from the region it chose: its refused
destinations name that region and the places it may go, not "not a region these
caballeros may move to". The server's controls, and a real server's payload."""

from __future__ import annotations

import io
import json
import random
import zipfile
from pathlib import Path
from typing import Any

import httpx
import pytest
from serve_util import token_of
from test_server_early_deal import post

from elgrande.play.game import Game, new_game
from elgrande.play.views import pending_decision
from elgrande.server.controls import controls

HERE = Path(__file__).resolve().parent
PILGRIMS, SMUGGLERS = "hb-pilgrims-road", "hb-smugglers"


def _answer(kind: str, legal: list[Any] | None, choices: list[Any], mine: bool,
            card: str, rng: random.Random, fallback: Any) -> Any:
    """Seat 0 (``mine``) takes ``card`` and carries out its action; the others leave it."""
    if kind == "choose_action_card":
        if mine and card in choices:
            return card
        others = [c for c in choices if c != card]
        return others[0] if others else choices[0]
    if mine and kind == "choose_option" and legal:
        return legal[0]  # the special action first / carried out
    return fallback


def _card_steps(cards: str, card: str) -> list[tuple[Any, dict[str, Any], Game]]:
    """(decision, controls, game) of each of seat 0's steps of ``card``'s action, over
    seeded 3-seat games in which it is on offer in round 1, until one ran the card."""
    for seed in range(1, 120):
        g = new_game(3, sets=["base"], seed=seed, cards=[str(HERE / cards)], logging=False)
        if card not in g.state.offer:
            continue
        rng = random.Random(seed)
        steps: list[tuple[Any, dict[str, Any], Game]] = []
        while g.pending is not None and g.state.round == 1:
            d = g.pending
            p = d.players[0]
            if p == 0 and g.flow.card == card and d.kind not in (
                    "choose_power_card", "choose_action_card"):
                c = controls(g, 0)
                assert c is not None
                steps.append((d, c, g.copy()))
            g.answer(p, _answer(d.kind, d.legal_answers(p), d.options.get("choices") or [],
                                p == 0, card, rng, d.random_answer(rng, p)))
        if any(d.kind == "move_caballeros" or (d.kind == "place_caballeros"
                                                and d.rule == "B5.1" and d.options["to"])
               for d, _, _ in steps):
            return steps
    pytest.fail(f"no game ran {card}'s action")


@pytest.mark.rule("B8")
def test_pilgrims_road_s_placement_names_the_region_it_chose() -> None:
    steps = _card_steps("homebrew_f18", PILGRIMS)
    kinds = [d.kind for d, _, _ in steps]
    assert "choose_region" in kinds and "bring_to_court" in kinds, kinds
    [(d, c, _)] = [s for s in steps if s[0].kind == "place_caballeros" and s[0].rule == "B5.1"]
    (chosen,) = d.options["to"]
    name = next(o["label"] for o in c["options"] if o["place"] == chosen)
    assert name in c["prompt"], c["prompt"]
    want = f"this card places only in {name}, the region it chose"
    refused = [o for o in c["options"] if not o["enabled"] and o["rule"] != "B5.2"]
    assert refused and all(o["why"] == want for o in refused), refused


@pytest.mark.rule("B8", "B8.2")
def test_smugglers_move_names_the_region_it_chose() -> None:
    steps = _card_steps("homebrew_serve", SMUGGLERS)
    [(d, c, _)] = [s for s in steps if s[0].kind == "move_caballeros"][:1]
    (source,) = d.options["sources"]
    name = next(o["from_label"] for o in c["options"] if o["from"] == source)
    assert name in c["prompt"], c["prompt"]
    refused = [o for o in c["options"] if not o["enabled"] and o["place"] not in d.options["to"]
               and o["rule"] != "B5.2"]
    assert refused, c["options"]
    for o in refused:
        assert o["rule"] == "B8", o
        assert o["why"].startswith(f"this card moves caballeros from {name}, the region it "
                                   "chose, only to "), o
        assert "not a region these caballeros" not in o["why"]
        allowed = o["why"].split(" only to ")[1]
        for t in d.options["to"]:
            label = next(x["to_label"] for x in c["options"] if x["place"] == t)
            assert label in allowed, (label, allowed)


@pytest.mark.rule("B8")
def test_a_real_server_sends_pilgrims_road_s_region_in_its_reasons(server: str) -> None:
    """B8 (f18): the uploaded card dealt in round 1 (``homebrew_early``), seat 0 takes it
    and carries out its action through the API: its placement's controls refuse every
    other place (but the king's) with the chosen region named."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        z.writestr("mycards/pilgrims-road.yaml",
                   (HERE / "homebrew_f18" / "pilgrims-road.yaml").read_text())
    r = post(server, {"players": 3, "homebrew_early": True}, buf.getvalue())
    assert r.status_code == 201, r.text
    made = r.json()
    tokens = [token_of(link) for link in made["seats"]]
    rng = random.Random(3)
    with httpx.Client(base_url=server, timeout=30) as client:
        for _ in range(200):
            for seat, token in enumerate(tokens):
                st = client.get(f"/api/games/{made['game']}/state", params={"t": token}).json()
                view, c = st["view"], st.get("controls")
                if st["over"] or view.get("pending") is None:
                    continue
                if seat == 0 and c and c["kind"] == "place_caballeros" and \
                        c["rule"] == "B5.1" and (c.get("card") or {}).get("id") == PILGRIMS:
                    (row,) = [o for o in c["options"] if o["enabled"]]
                    want = f"this card places only in {row['label']}, the region it chose"
                    refused = [o for o in c["options"]
                               if not o["enabled"] and o["rule"] != "B5.2"]
                    assert refused and all(o["why"] == want for o in refused), refused
                    return
                d = pending_decision(view)
                p = view["player"]
                answer = _answer(d.kind, d.legal_answers(p), d.options.get("choices") or [],
                                 seat == 0, PILGRIMS, rng, d.random_answer(rng, p))
                got = client.post(f"/api/games/{made['game']}/answer",
                                  headers={"X-Elgrande-Token": token},
                                  json={"n": st["n"], "answer": answer})
                assert got.status_code == 200, got.text
                break
    pytest.fail("seat 0 never placed by Pilgrims' Road: " + json.dumps(made)[:200])
