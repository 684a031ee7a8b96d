"""Games a real ``elgrande serve`` plays at random through its API, for the tests of
what its payloads say (f17): the first seat controls that satisfy a test's condition."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import httpx
from serve_util import play_turn, seat_state, token_of


def first_controls(client: httpx.Client, made: dict[str, Any], seed: int,
                   want: Callable[[dict[str, Any]], bool], answers: int = 300
                   ) -> dict[str, Any] | None:
    """The first controls of a seat of the game ``made`` (``POST /api/games``' links)
    that ``want`` accepts, every seat answering at random (``random.Random(seed)``)
    through the API between looks; None when the game ends or ``answers`` rounds of
    looks pass first."""
    tokens = [token_of(link) for link in made["seats"]]
    rng = random.Random(seed)
    for _ in range(answers):
        states = [seat_state(client, made["game"], t) for t in tokens]
        for st in states:
            c = st.get("controls")
            if c and want(c):
                return dict(c)
        if all(play_turn(client, made["game"], t, rng, st) is None
               for t, st in zip(tokens, states, strict=True)):
            return None
    return None


def first_offer(client: httpx.Client, made: dict[str, Any], seed: int,
                answers: int = 30) -> list[dict[str, Any]]:
    """Seat 0's first non-empty offer (B3.1) of the game ``made``, every seat answering
    at random through the API until then; [] when none comes within ``answers``."""
    tokens = [token_of(link) for link in made["seats"]]
    rng = random.Random(seed)
    for _ in range(answers):
        st = seat_state(client, made["game"], tokens[0])
        if st["offer"]:
            return list(st["offer"])
        for token in tokens:
            play_turn(client, made["game"], token, rng)
    return []
