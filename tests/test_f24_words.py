"""What a fresh user (f24) misread: a general scoring's secret disc asked with nothing
saying the scoring had begun (B6), and a court step bringing none said "brings 0
caballeros" (B4.1)."""

from __future__ import annotations

import random

import pytest

from elgrande import new_game
from elgrande.play.game import Game
from elgrande.play.narrate import words

pytest.importorskip("starlette", reason="elgrande serve needs the [serve] extra")
from elgrande.server.page_words import prompt_places  # noqa: E402


def _to_disc(game: Game, rng: random.Random) -> Game:
    while game.pending is not None and game.pending.kind != "secret_region":
        d = game.pending
        game.answer(d.players[0], d.random_answer(rng, d.players[0]))
    return game


@pytest.mark.rule("B6", "B6.1")
def test_the_scoring_s_disc_says_the_general_scoring_has_begun() -> None:
    g = _to_disc(new_game(3, seed=3, logging=False), random.Random(1))
    d = g.pending
    assert d is not None and g.state.round == 3
    assert prompt_places(g, d, d.prompt) == \
        f"General scoring after round 3 (B6): {d.prompt}"
    # the Colonies' opening disc, before round 1, is no scoring's
    c = new_game(3, sets=["base", "colonies"], fill="provisional", seed=3, logging=False)
    assert c.pending is not None and c.pending.kind == "secret_region"
    assert not prompt_places(c, c.pending, c.pending.prompt).startswith("General scoring")


@pytest.mark.rule("B4.1")
def test_a_court_step_bringing_none_says_none_is_allowed() -> None:
    g = new_game(3, seed=3)
    lines = words({"event": "court", "player": 1, "provinces": 0, "regions": {}},
                    g.library.board, g.names)
    assert lines == [f"{g.names[1]} brings no caballeros to court (B4.1 allows fewer than "
                     "the card's number, none too)."]
    two = words({"event": "court", "player": 1, "provinces": 2, "regions": {}},
                  g.library.board, g.names)
    assert two == [f"{g.names[1]} brings 2 caballeros from the provinces to court."]
