"""A skipped court step is said (f18, B4.1): a power card that brings no caballeros (the
base game's 12 and 13) or a player with none to bring skips the step, and the log says so
("Mara's power card 13 brings no caballeros to court (B4.1).") instead of nothing: the
flow's ``no_court`` event, narrated; a real server's seat sees the line in its log (the
"Since your last choice" box shows the log's new lines)."""

from __future__ import annotations

import random
from typing import Any

import httpx
import pytest
from serve_util import seat_state, token_of
from test_server_page import create

from elgrande.data.library import load_library
from elgrande.play.game import new_game
from elgrande.play.narrate import words
from elgrande.play.views import pending_decision


@pytest.mark.rule("B4.1")
def test_the_no_court_event_in_words() -> None:
    board = load_library(("base",)).board
    names = ["Mara", "Ben"]
    said = words({"event": "no_court", "player": 0, "value": 13, "limit": 0,
                  "changed": False}, board, names)
    assert said == ["Mara's power card 13 brings no caballeros to court (B4.1)."]
    said = words({"event": "no_court", "player": 1, "value": 5, "limit": 2,
                  "changed": False}, board, names)
    assert said == ["Ben has no caballeros to bring to court (B4.1: none in the provinces, "
                    "none in a region they may leave)."]
    said = words({"event": "no_court", "player": 1, "value": 5, "limit": 0,
                  "changed": True}, board, names)
    assert said == ["Ben may bring no caballeros to court this turn (B4.1)."]
    said = words({"event": "no_court", "player": 1, "value": 160, "limit": 0,
                  "changed": False, "what": "card"}, board, names)
    assert said == ["Ben's card 160 brings no caballeros to court (B4.1)."]  # I3


@pytest.mark.rule("B4.1")
@pytest.mark.parametrize("sets", [("base",), ("base", "colonies"), ("base", "intrigue-king")])
def test_every_turn_says_its_court_step(sets: tuple[str, ...]) -> None:
    """Each turn that takes an action card said its court step before: a bring
    (``court``) or a skip (``no_court``) of that player; the skips of power cards 12
    and 13 happen (the base game's cards that bring none) and only where no
    bring_to_court decision was asked."""
    skipped = 0
    for seed in range(1, 5):
        g = new_game(4, sets=list(sets), seed=seed, logging=False,
                     fill=None if sets == ("base",) else "provisional")
        rng = random.Random(seed)
        said: list[dict[str, Any]] = []
        asked: set[int] = set()
        while g.flow.pending is not None:
            d = g.flow.pending
            p = d.players[0]
            if d.kind == "bring_to_court":
                asked.add(p)
            for e in g.answer(p, d.random_answer(rng, p)):
                kind = e.get("event")
                if kind == "court":  # a bring answered (a card's too: its decider)
                    asked.discard(e.get("decider", e.get("player")))
                if kind in ("court", "no_court") and "card" not in e:
                    said.append(e)
                    if kind == "no_court":
                        skipped += 1
                        assert e["player"] not in asked, e
                        if not sets[1:]:
                            assert e["limit"] > 0 or e["value"] in (12, 13), e
                        assert e["what"] == ("card" if "intrigue-king" in sets
                                             else "power card"), e
                elif kind == "card" and not e.get("what"):
                    assert said and said[-1]["player"] == e["player"], (said[-1:], e)
                    said.clear()
    assert skipped


@pytest.mark.rule("B4.1")
def test_the_seat_that_played_13_reads_why_it_brings_none(server: str) -> None:
    """B4.1 (f18): seat 0 plays power card 13 in round 1 (the other seats, answered at
    random through the API, leave it); when it next chooses, its log (the since box's
    lines) says its card brings no caballeros to court, and it was asked no
    bring_to_court."""
    links = create(server, 3, 2, {}, ["base"])
    tokens = [token_of(link) for link in links["seats"]]
    rng = random.Random(2)
    with httpx.Client(base_url=server, timeout=30) as c:
        for _ in range(80):
            for seat, token in enumerate(tokens):
                st = seat_state(c, links["game"], token)
                view = st["view"]
                if view.get("pending") is None:
                    continue
                d = pending_decision(view)
                assert not (seat == 0 and d.kind == "bring_to_court"), st["log"][-5:]
                if seat == 0 and d.kind == "choose_action_card":
                    name = st["names"][0]
                    assert f"{name}'s power card 13 brings no caballeros to court (B4.1)." \
                        in st["log"], st["log"][-8:]
                    return
                if d.kind == "choose_power_card":
                    legal = d.legal_answers(seat) or []
                    answer = 13 if seat == 0 else rng.choice([v for v in legal if v != 13])
                else:
                    answer = d.random_answer(rng, seat)
                r = c.post(f"/api/games/{links['game']}/answer",
                           headers={"X-Elgrande-Token": token},
                           json={"n": st["n"], "answer": answer})
                assert r.status_code == 200, r.text
                break
    pytest.fail("seat 0 never chose an action card")
