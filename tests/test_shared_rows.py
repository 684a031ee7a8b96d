"""The rows a copy shares (B1.1, B1.3, B1.4, B3.2, B8.4): ``State.copy`` shares the rows of
``caballeros``, ``hands``, ``discards``, ``stacks`` and ``held``, the pairs of ``bids``, the
lists ``hands``, ``discards``, ``bids``, ``stacks``, ``offer``, ``offer_origin``,
``neutral``, ``grandes``, ``scoreboards`` and ``held`` and an empty ``lasting``, and
``Flow.copy`` the secret answers, the dict of parts and the base flow part (copied on
write, ``own_part``) with its veto lists, so no code may change one in place.
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

from elgrande.play.game import Game, new_game

#: The sets played, with the fill an expansion needs.
SETS: dict[str, dict[str, Any]] = {
    "base": {},
    "colonies": {"sets": ("base", "colonies"), "fill": "provisional"},
    "intrigue_king": {"sets": ("base", "intrigue-king"), "fill": "provisional"},
    "both": {"sets": ("base", "colonies", "intrigue-king"), "fill": "provisional"},
}


def _rows(game: Game) -> list[Any]:
    """Every list or dict a copy of ``game`` shares with it."""
    state, flow = game.state, game.flow
    base = flow.parts["base"]
    return [*state.hands, *state.discards, *state.bids, *state.stacks, *state.caballeros,
            *state.held, state.hands, state.discards, state.bids, state.stacks, state.offer,
            state.held, state.neutral, state.grandes, state.scoreboards, state.offer_origin,
            base.veto_chain, base.veto_queue, flow.secret,
            *([] if state.lasting else [state.lasting])]


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
    """After every answer of a whole game, each shared row or list (:func:`_rows`) and
    each base flow part a copy shared seen so far holds what it held when first seen
    (they are replaced, never changed);
    copies made every ``every`` answers and played on 1-6 answers leave the original
    unchanged, and the original played on leaves them unchanged."""
    game = new_game(players, seed=seed, logging=False, **SETS[name])
    rng = random.Random(seed)
    seen: dict[int, tuple[Any, str]] = {}
    kept: list[tuple[Game, str]] = []
    parts: dict[int, tuple[Any, str]] = {}  # the base flow parts a copy shared
    dicts: dict[int, tuple[dict[str, Any], list[tuple[str, int]]]] = {}  # flows' parts
    n = 0
    while game.pending is not None:
        for row in _rows(game):
            seen.setdefault(id(row), (row, repr(row)))
        held = [(k, id(v)) for k, v in game.flow.parts.items()]  # the parts dict: by identity
        dicts.setdefault(id(game.flow.parts), (game.flow.parts, held))
        bp = game.flow.parts["base"]
        if bp.shared:
            parts.setdefault(id(bp), (bp, json.dumps(bp.to_json(), sort_keys=True)))
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
            assert repr(row) == was
        for bp, text in parts.values():  # a shared part is never changed: copied first
            assert json.dumps(bp.to_json(), sort_keys=True) == text
        for d, was_held in dicts.values():  # nor a dict of parts (replaced whole)
            assert [(k, id(v)) for k, v in d.items()] == was_held
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


def test_B3_1_draw_tops_draws_each_stack_as_draw_from_stack_does() -> None:
    """draw_tops (the offer's cards, B3.1) takes what draw_from_stack on each stack in
    order takes, '' from an empty stack, and replaces the rows: a copy keeps its own."""
    s = new_game(3, seed=1, logging=False).state
    s.stacks = [["a", "b"], [], ["c"], *s.stacks[3:]]
    c = s.copy()
    each = s.copy()
    expected = [each.draw_from_stack(i) for i in range(len(s.stacks))]
    rows = s.stacks[:]
    assert s.draw_tops() == expected and expected[:3] == ["a", "", "c"]
    assert s.stacks == each.stacks and s.stacks[0] == ["b"] and s.stacks[2] == []
    assert c.stacks == rows and c.stacks[0] == ["a", "b"] and c.stacks[0] is rows[0]


def test_B1_1_caballero_grande_scoreboard_and_held_changes_replace_the_lists() -> None:
    """add_caballeros/set_caballeros (B1.1), set_grande (B1.2), set_scoreboard (B6.9) and
    hold_card/release_card replace the row or list they change: a copy made before keeps
    the old one, and the change is the one asked."""
    s = new_game(3, seed=1, logging=False).state
    s.held = [[], ["x"], []]
    c = s.copy()
    row, grandes, boards, held = s.caballeros[2], s.grandes, s.scoreboards, s.held[1]
    was = (row[:], grandes[:], boards[:])
    s.add_caballeros(2, 1, 3)
    s.set_caballeros(2, 0, 5)
    s.set_grande(0, 4)
    s.set_scoreboard(0, 6)
    s.hold_card(2, "y")
    s.release_card(1, "x")
    assert (s.caballeros[2][1], s.caballeros[2][0]) == (was[0][1] + 3, 5)
    assert (s.grandes[0], s.scoreboards[0], s.held) == (4, 6, [[], [], ["y"]])
    assert (row, grandes, boards, held) == (*was, ["x"])
    assert c.caballeros[2] is row and c.grandes is grandes and c.held == [[], ["x"], []]
    with pytest.raises(ValueError):
        s.release_card(0, "x")


def test_B7_1_a_copys_history_is_its_own() -> None:
    """A copy shares the history so far; answers after it go to each game's own history
    (the record a game keeps, B7.1), also for a copy made into a scratch game."""
    rng = random.Random(2)
    game = new_game(3, seed=2, logging=False)
    for _ in range(5):
        _answer_randomly(game, rng)
    c, scratch = game.copy(), new_game(3, seed=9, logging=False)
    assert game.copy(into=scratch) is scratch
    _answer_randomly(c, rng)
    _answer_randomly(c, rng)
    _answer_randomly(scratch, rng)
    assert (game.answered(), c.answered(), scratch.answered()) == (5, 7, 6)
    assert c.history[:5] == game.history == scratch.history[:5]
    assert len(c.history) == 7 and _snapshot(scratch) != _snapshot(game)
