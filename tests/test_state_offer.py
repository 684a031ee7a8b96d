"""The action stacks and the face-up offer are pieces of the state (B1.4, B3.1, B4.1,
B4.6): a copy or an undo point keeps them, a view hides the stacks' order (B8.5a), and a
saved game of format 2 (stacks and offer in the base rules module's flow part) loads."""

from __future__ import annotations

import json
import random
from pathlib import Path

from elgrande.play.game import Game, new_game
from elgrande.play.saved import FORMAT

OLD = Path(__file__).resolve().parent / "fixtures" / "vcab47c7"


def _at_card_choice(seed: int = 3) -> Game:
    """A base game at its first action-card choice (B4.1), the bids drawn at random."""
    game = new_game(4, seed=seed, logging=False)
    rng = random.Random(seed)
    for d in iter(lambda: game.pending, None):
        if d.kind == "choose_action_card":
            break
        game.answer(d.players[0], d.random_answer(rng, d.players[0]))
    return game


def test_b4_1_undo_by_copy_restores_the_offer_and_the_stacks() -> None:
    game = _at_card_choice()
    undo = game.copy()
    offer, stacks = list(game.state.offer), [list(s) for s in game.state.stacks]
    assert any(offer) and all(stacks)
    rng = random.Random(1)
    turn_i = game.flow.turn_i
    card = next(c for c, o in zip(offer, game.state.offer_origin, strict=True) if c and o >= 0)
    assert game.pending is not None
    game.answer(game.pending.players[0], card)  # a card from a stack
    while game.pending is not None and game.flow.turn_i == turn_i:  # the turn to its end
        d = game.pending
        game.answer(d.players[0], d.random_answer(rng, d.players[0]))
    assert game.state.offer != offer  # a card taken (B4.1) ...
    assert game.state.stacks != stacks  # ... and back under its stack (B4.6)
    assert undo.state.offer == offer and undo.state.stacks == stacks
    again = undo.copy()  # the undo point plays on as the game did
    assert again.state.offer == offer and again.state.stacks == stacks


def test_b4_1_an_undone_special_action_restores_the_offer() -> None:
    game = _at_card_choice()
    before = game.state.copy()
    offer, stacks = before.offer[:], [row[:] for row in before.stacks]
    s = game.state  # the lists a copy shares are changed by the State's methods only
    s.clear_offer_slot(0)
    s.add_to_stack(0, s.stacks[1][-1])
    s.take_from_stack(1, s.stacks[1][-1])
    assert (s.offer, s.stacks) != (offer, stacks) and (before.offer, before.stacks) == (
        offer, stacks)
    s.set_to(before)
    assert s.offer == before.offer == offer and s.stacks == before.stacks == stacks
    s.clear_offer_slot(1)  # the restored state changed on leaves the undo point as it was
    assert before.offer == offer


def test_b8_5a_a_view_shows_the_offer_and_each_stack_sorted() -> None:
    game = _at_card_choice()
    view = game.view(0)
    assert view["state"]["offer"] == game.state.offer
    assert view["state"]["stacks"] == [sorted(s) for s in game.state.stacks]
    drawn = Game.from_view(view, random.Random(5))
    assert [sorted(s) for s in drawn.state.stacks] == [sorted(s) for s in game.state.stacks]
    assert drawn.state.offer == game.state.offer


def test_saved_game_writes_its_format_and_the_stacks_in_the_state() -> None:
    data = json.loads(json.dumps(_at_card_choice().to_json()))
    assert data["format"] == FORMAT == 3
    assert "stacks" not in data["flow"]["parts"]["base"]
    back = Game.from_json(data)
    assert back.to_json() == data


def test_b1_4_a_format_2_save_loads_with_its_stacks_and_offer_in_the_state() -> None:
    for path in sorted(OLD.glob("save-*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        part = data["flow"]["parts"]["base"]
        game = Game.from_json(data)
        assert game.state.stacks == part["stacks"], path.name
        assert game.state.offer == part["offer"], path.name
        assert game.state.offer_origin == part["origin"], path.name
        before = game.flow.parts["base"].before
        if before is not None:  # format 2's undo kept the stacks as they were
            assert before.stacks == part["stacks"] and before.offer == part["offer"]
