"""f19: no internal card id reaches a player. Cards sharing a title (the Colonies'
"7th-stack card"s, C1, C10) are told apart in words from their faces: the printed text,
else the file's ``summary:`` paraphrase, else "face unknown"; cards still alike are
counted ("1 of 3 such"). The log, the offer and the controls of a seeded Colonies game
played through a real ``elgrande serve`` never show a card id."""

from __future__ import annotations

import random
import re
from typing import Any

import httpx
import pytest
from serve_util import play_turn, seat_state, token_of
from test_server_page import create

from elgrande.play.game import Game, new_game
from elgrande.play.narrate import FACE_UNKNOWN, card_labels, card_names, card_summary
from elgrande.server.card_faces import unknown_aside
from elgrande.server.page_words import card_parts, offer


class _Face:
    """A card face as :func:`card_names` reads it (a ``CardDef``'s fields)."""

    def __init__(self, id: str, title: str, stack: int, text: str,
                 summary: str | None = None) -> None:
        self.id, self.title, self.stack, self.text = id, title, stack, text
        self.data: dict[str, Any] = {} if summary is None else {"summary": summary}


LONG = ("Move the limit table to another region: not France, not into or out of the "
        "king's region. The caballeros stay where they are.")


@pytest.mark.rule("B8", "C10")
def test_cards_sharing_a_title_are_told_apart_by_their_summary_or_counted() -> None:
    faces = [_Face(f"move-{i}", "Seventh", 7, "", LONG) for i in (1, 2, 10)] + [
        _Face("take-out", "Seventh", 7, "", "Take a card out of the round."),
        *(_Face(f"blank-{i}", "Seventh", 7, "") for i in (10, 9))]
    names = card_names(faces)
    assert names["move-1"] == ("Seventh (move the limit table to another region …, 1 of 3 "
                               "such)", "move the limit table to another region …")
    assert names["move-2"][0].endswith(", 2 of 3 such)")
    assert names["move-10"][0].endswith(", 3 of 3 such)")  # numbers by value: 2 before 10
    assert names["take-out"] == ("Seventh (take a card out of the round)",
                              "take a card out of the round")
    assert names["blank-9"] == (f"Seventh ({FACE_UNKNOWN}, 1 of 2 such)", FACE_UNKNOWN)
    assert names["blank-10"][0] == f"Seventh ({FACE_UNKNOWN}, 2 of 2 such)"
    labels = card_labels(faces)
    assert len(set(labels.values())) == len(labels)
    assert not any(f.id in lab for f in faces for lab in labels.values())
    assert card_summary(faces[0]) == ("move the limit table to another region: not France, "
                                      "not into or out of the king's region. The caballeros "
                                      "stay where they are")


def _colonies(seed: int = 1) -> Game:
    return new_game(4, sets=["base", "colonies"], seed=seed, fill="provisional",
                    logging=False)


@pytest.mark.rule("B3.1", "C1", "C10")
def test_colonies_7th_stack_cards_say_their_summary_never_their_id() -> None:
    g = _colonies()
    cards = g.library.cards.cards
    labels = {cid: g.card_label(cid) for cid in cards}
    assert len(set(labels.values())) == len(labels), "two cards share a label"
    for cid, lab in labels.items():
        assert cid not in lab and "[" not in lab, lab
    summed = [c for c in cards.values() if not c.text and c.data.get("summary")]
    blank = [c for c in cards.values() if not c.text and not c.data.get("summary")
             and c.kind != "power"]
    assert summed and blank
    titles = [c.title for c in cards.values()]
    shared = [c for c in summed if titles.count(c.title) > 1]
    assert shared  # the 7th stack's limit-table cards (C10)
    for c in summed:  # the page's line under it says what it does, from its summary
        said = " ".join(c.data["summary"].split()[:4]).lower()
        assert card_summary(c).lower().startswith(said)
        parts = card_parts(g, c.id)
        assert parts["name"] == c.title
        if c in shared:
            assert parts["aside"].lower().startswith(said), parts
            assert labels[c.id].lower().startswith(f"{c.title} ({said}".lower())
    for c in blank:  # neither text nor summary: what is known, never an id
        assert card_parts(g, c.id)["aside"] == unknown_aside(g, c)
        assert FACE_UNKNOWN in labels[c.id]
    view = {"state": {"offer": [c.id for c in shared[:1] + blank[:1]]}}
    got = {o["id"]: o for o in offer(g, view)}
    first = got[shared[0].id]
    assert first["summary"] == card_summary(shared[0]) and first["summary"]
    assert first["text"] == shared[0].data["summary"].strip()
    assert got[blank[0].id]["aside"].endswith("whose face no published source gives")


def _texts(value: Any, skip: frozenset[str]) -> list[str]:
    """Every string of a payload a player reads: all but the machine keys ``skip``."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [t for k, v in value.items() if k not in skip for t in _texts(v, skip)]
    if isinstance(value, list):
        return [t for v in value for t in _texts(v, skip)]
    return []


#: Payload keys that carry ids for the page's code, not words for the player.
_MACHINE = frozenset({"id", "value", "place", "unit", "units", "actions", "then", "game",
                      "record_url", "replay_url", "card_id", "kind", "form", "rule"})


@pytest.mark.rule("B3.1", "B8", "C1")
def test_a_seeded_colonies_game_shows_no_card_id_in_log_offer_or_controls(
        server: str) -> None:
    """A Colonies game with the provisional fill, every seat answering at random through
    the API: every log line, offer entry and control text each seat is sent over many
    rounds (the 7th stack's cards among them) names no card by its id."""
    g = _colonies()
    ids = [cid for cid in g.library.cards.cards if "-" in cid]
    pattern = re.compile(r"(?<![\w-])(" + "|".join(map(re.escape, ids)) + r")(?![\w-])")
    made = create(server, 4, 5, {}, ["base", "colonies"])
    tokens = [token_of(link) for link in made["seats"]]
    rng = random.Random(5)
    seen_seventh = 0
    rounds = 0
    with httpx.Client(base_url=server) as client:
        for _ in range(400):
            states = [seat_state(client, made["game"], t) for t in tokens]
            for st in states:
                texts = (st["log"] + _texts(st["offer"], _MACHINE)
                         + _texts(st["controls"], _MACHINE))
                for t in texts:
                    assert not pattern.search(t), t
                seen_seventh += sum(1 for o in st["offer"] if o.get("stack") == 7)
                for o in st["offer"]:
                    assert o.get("aside") or o.get("summary"), o  # every card says something
            rounds = sum(1 for ln in states[0]["log"] if ln.startswith("== Round "))
            if rounds >= 5 or all(play_turn(client, made["game"], t, rng, st) is None
                                  for t, st in zip(tokens, states, strict=True)):
                break
    assert rounds >= 5 and seen_seventh > 0
