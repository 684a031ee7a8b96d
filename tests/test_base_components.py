"""The base game's components as a player meets them (B1.0, B1.4, B1.5, B8.3, B8.8) and the
six-round game (B3.7b): what the set's data holds and what a new game lays out from it."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import attrs
import pytest

from elgrande.data.library import load_library
from elgrande.dsl import ast
from elgrande.model.scoring import current_values
from elgrande.model.state import OFF_BOARD
from elgrande.play.game import Game, new_game

LIB = load_library(("base",))
BOARD = LIB.board


def first_action_choice(game: Game, rng: random.Random) -> Any:
    """Answer at random until a player chooses an action card (B4.2); that decision."""
    while game.pending is not None and game.pending.kind != "choose_action_card":
        d = game.pending
        game.answer(d.players[0], d.random_answer(rng, d.players[0]))
    assert game.pending is not None
    return game.pending


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_b1_0_two_to_five_players_take_a_seat_each(players: int) -> None:
    g = new_game(players, seed=1)
    assert g.state.players == players
    assert len(g.state.scores) == len(g.state.court) == len(g.state.grandes) == players


@pytest.mark.parametrize("players", [0, 1, 6])
def test_b1_0_fewer_than_two_or_more_than_five_players_are_refused(players: int) -> None:
    with pytest.raises(ValueError, match="B1.0"):
        new_game(players, seed=1)


def _copies() -> Counter[tuple[str, int]]:
    """(kind, stack) -> the number of cards of that back, copies counted."""
    out: Counter[tuple[str, int]] = Counter()
    for kind in ("action", "king"):
        for card in LIB.cards.of_kind(kind):
            out[(kind, card.stack)] += card.copies or 1
    return out


def test_b1_4_b8_8_forty_five_action_cards_four_stacks_and_the_kings_card() -> None:
    copies = _copies()
    assert sum(copies.values()) == 45
    assert {stack for (kind, stack) in copies if kind == "action"} == {1, 2, 3, 4}
    assert copies[("king", 5)] == 1 and sum(n for (k, _), n in copies.items() if k == "king") == 1


def test_b8_8_every_action_card_file_names_its_stack_and_copies() -> None:
    for card in LIB.cards.of_kind("action"):
        assert card.stack in (1, 2, 3, 4), card.id
        assert (card.copies or 1) >= 1, card.id
        assert card.title and card.text, card.id


def test_b1_4_each_round_offers_one_card_of_each_stack_and_the_kings_card() -> None:
    """The face-up cards a player chooses from: the top card of stacks 1-4 by back number,
    and the King's card (backed 5), round after round."""
    g = new_game(3, seed=4)
    rng = random.Random(2)
    for _ in range(3):
        d = first_action_choice(g, rng)
        offered = [LIB.card(c) for c in d.options["choices"]]
        assert sorted(c.stack for c in offered) == [1, 2, 3, 4, 5]
        assert [c.kind for c in offered if c.stack == 5] == ["king"]
        round_now = g.flow.round
        while g.pending is not None and g.flow.round == round_now:
            p = g.pending
            g.answer(p.players[0], p.random_answer(rng, p.players[0]))


def test_b1_5_two_mobile_scoreboards_start_off_the_board_and_replace_values(
        make_state: Any) -> None:
    assert [sb.id for sb in BOARD.scoreboards] == ["8-4-0", "4-0-0"]
    assert all(x == OFF_BOARD for x in new_game(4, seed=2).state.scoreboards)
    for sb in BOARD.scoreboards:
        s = make_state(scoreboards={"basque": sb.id})
        assert current_values(s, BOARD, BOARD.place_index("basque"))[0] == sb.values
        assert current_values(s, BOARD, BOARD.place_index("galicia"))[0] == (4, 2, 0)


def _calls(node: Any) -> list[str]:
    """The names of the primitive statements in a card script, nested blocks included."""
    if isinstance(node, ast.Call):  # a move: by its piece kind ("move king")
        return [f"move {node.arg('piece')}" if node.name == "move" else node.name]
    if isinstance(node, (tuple, list)):
        return [n for x in node for n in _calls(x)]
    if isinstance(node, ast.Node) and attrs.has(type(node)):
        return [n for f in attrs.fields(type(node)) for n in _calls(getattr(node, f.name))]
    return []


def test_b8_3_the_stack_one_cards_are_intrigue_cards_that_move_or_place() -> None:
    stack1 = [c for c in LIB.cards.of_kind("action") if c.stack == 1]
    assert sum(c.copies or 1 for c in stack1) == 11
    for card in stack1:
        assert card.title == "Intrigue", card.id
        assert card.script is not None, card.id
        calls = set(_calls(card.script))
        assert calls & {"move caballeros", "place_caballeros"}, (
            f"{card.id} neither moves nor places caballeros: {calls}")
        assert not calls & {"score", "keep", "lay_scoreboard", "move king"}, card.id


def test_b3_7b_the_six_round_game_has_two_general_scorings() -> None:
    g = new_game(3, seed=8, variant="six_rounds")
    rng = random.Random(5)
    rounds: list[int] = []
    scorings: list[int] = []
    while g.pending is not None:
        if not rounds or rounds[-1] != g.flow.round:
            rounds.append(g.flow.round)
        if g.flow.phase == "discs" and (not scorings or scorings[-1] != g.flow.round):
            scorings.append(g.flow.round)
        d = g.pending
        g.answer(d.players[0], d.random_answer(rng, d.players[0]))
    assert g.over
    assert rounds == [1, 2, 3, 4, 5, 6]
    assert scorings == [3, 6]
