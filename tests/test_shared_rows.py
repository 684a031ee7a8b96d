"""The rows a copy shares (B1.3, B1.4, B3.2): ``State.copy`` shares the rows of ``hands``,
``discards`` and ``stacks`` and the pairs of ``bids``, so no code may change one in place.
Random games of every set (base, Colonies, Intrigue & the King, both; the provisional fill)
check it after every answer: every row ever seen still holds what it held when first
seen, and a copy made at random points, played on, leaves the original's JSON unchanged
(and the original, played on, the copy's)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from conftest import examples
from hypothesis import given, settings
from hypothesis import strategies as st
from test_game_properties import GAMES

from elgrande.model.state import State
from elgrande.play.game import Game, new_game

#: The sets played, with the fill an expansion needs.
SETS: dict[str, dict[str, Any]] = {
    "base": {},
    "colonies": {"sets": ("base", "colonies"), "fill": "provisional"},
    "intrigue_king": {"sets": ("base", "intrigue-king"), "fill": "provisional"},
    "both": {"sets": ("base", "colonies", "intrigue-king"), "fill": "provisional"},
}


def _rows(state: State) -> list[list[Any]]:
    return [*state.hands, *state.discards, *state.bids, *state.stacks]


def _snapshot(game: Game) -> str:
    return json.dumps(game.to_json(), sort_keys=True)


def _answer_randomly(game: Game, rng: random.Random) -> None:
    d = game.pending
    assert d is not None
    p = d.players[0]
    game.answer(p, d.random_answer(rng, p))


@pytest.mark.parametrize("name", list(SETS))
@settings(GAMES, max_examples=examples(10, 2))
@given(players=st.integers(2, 5), seed=st.integers(0, 10_000), every=st.integers(5, 40))
def test_B3_2_no_row_a_copy_shares_changes_in_place(name: str, players: int, seed: int,
                                                    every: int) -> None:
    """After every answer of a whole game, each row of hands/discards/stacks and bid pair
    seen so far holds what it held when first seen (rows are replaced, never changed);
    copies made every ``every`` answers and played on 1-6 answers leave the original
    unchanged, and the original played on leaves them unchanged."""
    game = new_game(players, seed=seed, logging=False, **SETS[name])
    rng = random.Random(seed)
    seen: dict[int, tuple[list[Any], tuple[Any, ...]]] = {}
    kept: list[tuple[Game, str]] = []
    n = 0
    while game.pending is not None:
        for row in _rows(game.state):
            seen.setdefault(id(row), (row, tuple(row)))
        if n % every == 0:
            before = _snapshot(game)
            c = game.copy()
            for _ in range(rng.randint(1, 6)):
                if c.pending is None:
                    break
                _answer_randomly(c, rng)
            assert _snapshot(game) == before
            kept.append((game.copy(), before))
        _answer_randomly(game, rng)
        n += 1
        for row, was in seen.values():
            assert tuple(row) == was
    assert n > 0 and kept
    assert all(_snapshot(c) == s for c, s in kept[-5:])


def test_B3_2_power_card_moves_replace_the_rows() -> None:
    """play_power_card and take_back_power_card replace the hand and discards rows (a copy
    made before keeps its own), and move the card as B3.2 says (the hand stays ascending,
    B1.3)."""
    game = new_game(3, seed=1, logging=False)
    s = game.state
    s.hands[0] = [1, 3, 5]
    s.discards[0] = [7]
    c = s.copy()
    hand, discards = s.hands[0], s.discards[0]
    s.play_power_card(0, 3)
    assert (s.hands[0], s.discards[0], s.bids[-1]) == ([1, 5], [7, 3], [0, 3])
    assert (hand, discards) == ([1, 3, 5], [7]) and c.hands[0] is hand
    s.take_back_power_card(0, 7)
    assert (s.hands[0], s.discards[0]) == ([1, 5, 7], [3])
    assert (c.hands[0], c.discards[0], c.bids) == ([1, 3, 5], [7], [])
    with pytest.raises(ValueError):
        s.play_power_card(0, 2)


def test_B1_4_stack_moves_replace_the_rows() -> None:
    """draw_from_stack (the top card, '' from an empty stack, B3.1), add_to_stack (under
    it, B4.6) and take_from_stack replace the stack's row: a copy made before keeps its
    own."""
    game = new_game(3, seed=1, logging=False)
    s = game.state
    s.stacks[0] = ["a", "b"]
    s.stacks[1] = []
    c = s.copy()
    row = s.stacks[0]
    assert s.draw_from_stack(0) == "a" and s.draw_from_stack(1) == ""
    s.add_to_stack(0, "c")
    s.add_to_stack(0, "d")
    s.take_from_stack(0, "c")
    assert s.stacks[0] == ["b", "d"] and s.stacks[1] == []
    assert row == ["a", "b"] and c.stacks[0] is row
    with pytest.raises(ValueError):
        s.take_from_stack(0, "x")
