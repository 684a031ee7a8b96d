"""Cards as objects (the card language's card forms): choosing, drawing and moving cards
between the open action cards, the stacks, the region cards, the cards held in a court and
the removed ones; holding a card; carrying out another card's special action; the region
of a region card; ``PLAYER holds CARD``. The examples ``ambush``, ``second-wind`` and
``patron`` play in seeded games."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from elgrande.dsl import ast
from elgrande.dsl.checker import check_script
from elgrande.dsl.parser import parse
from elgrande.engine.cards import draw_key
from elgrande.engine.context import BudgetExceeded
from elgrande.engine.interpreter import Interpreter
from elgrande.play.game import Game, new_game
from elgrande.players.bots import make_bot
from elgrande.players.simple import play

ROOT = Path(__file__).resolve().parent.parent
HOMEBREW = str(ROOT / "examples" / "homebrew")


def _game(seed: int = 1, sets: tuple[str, ...] = ("base",)) -> Game:
    return new_game(3, sets=sets, seed=seed, cards=[HOMEBREW],
                    fill="provisional" if len(sets) > 1 else None, logging=False)


def _run(g: Game, scripts: dict[str, str], card: str, actor: int = 0,
         answers: list[Any] | None = None, budget: int | None = None
         ) -> list[dict[str, Any]]:
    """Run ``card`` of ``scripts`` (card id -> script; the library's scripts too) on
    ``g``'s state, answering ``answers`` in order; the events."""
    parsed = dict(g.library.scripts)
    parsed.update({k: parse(v) for k, v in scripts.items()})
    interp = Interpreter(g.library.board, parsed, g._engine.rules,
                         **({} if budget is None else {"budget": budget}))
    run = interp.begin(card, actor)
    events: list[dict[str, Any]] = []
    d = interp.advance(g.state, run, events)
    todo = list(answers or [])
    while d is not None:
        d = interp.answer(g.state, run, d.players[0], todo.pop(0), events)
    assert not todo
    return events


def _drawn(events: list[dict[str, Any]]) -> list[str]:
    return [e["drawn"] for e in events if e["event"] == "draw_card"]


DRAW = {"x-draw": "r = draw card from region cards\nscore region of r\n"}


# -- the region-card deck: a seeded chance event, hidden from every view -------------------------
def test_b2_1_a_draw_during_play_is_the_same_for_the_same_game() -> None:
    a, b = _game(5), _game(5)
    assert a.state.draw_key == b.state.draw_key == draw_key(5)
    assert _drawn(_run(a, DRAW, "x-draw")) == _drawn(_run(b, DRAW, "x-draw"))


def test_b2_1_region_cards_drawn_are_regions_of_spain_and_vary_with_the_game() -> None:
    g = _game(1)
    mainland = {g.library.board.place_id(r) for r in g.library.board.regions}
    seen = set()
    for seed in range(30):
        g = _game(seed)
        seen.update(_drawn(_run(g, DRAW, "x-draw")))
    assert seen <= mainland
    assert len(seen) >= 4  # a draw, not a fixed card


def test_b2_1_the_setup_draws_nothing_more_the_key_comes_from_the_seed() -> None:
    g = _game(7)
    assert g.state.draw_key == draw_key(7)
    assert 0 < draw_key(7) < 10 ** 12 and draw_key(7) != draw_key(8)
    assert str(7) not in str(draw_key(7))[:1] or draw_key(7) != 7  # not the seed itself


def test_b8_5a_a_random_draw_is_hidden_from_every_view_until_revealed() -> None:
    g = _game(3)
    other = g.copy()
    other.state.draw_key = g.state.draw_key + 1
    for p in range(3):  # no view tells the two games apart, nor holds the key
        assert "draw_key" not in g.view(p)["state"]
        assert g.view(p) == other.view(p)
    draws = {tuple(_drawn(_run(h, DRAW, "x-draw")))
             for h in [g] + [_with_key(g, k) for k in range(2, 12)]}
    assert len(draws) > 1  # same views, different cards: the draw was hidden
    revealed = _run(_with_key(g, 99), DRAW, "x-draw")
    assert revealed[0]["event"] == "draw_card" and revealed[0]["text"].startswith(
        "{who} draws the region card of ")  # the draw's event reveals it to everyone


def _with_key(g: Game, key: int) -> Game:
    h = g.copy()
    h.state.draw_key = key
    return h


def test_b8_5a_a_determinised_game_has_a_draw_key_of_its_own() -> None:
    g = _game(3)
    h = Game.from_view(g.view(0), random.Random(1))
    assert h.state.draw_key not in (0, g.state.draw_key)


# -- choose, move, hold, carry out ---------------------------------------------------------------
def test_c13_remove_action_card_offers_only_cards_still_open_after_the_actor() -> None:
    """C13: the cards still open to the players after you: never the actor's own card
    (a note of the offer made when the turn began held it)."""
    seen = 0
    for seed in range(40):
        g = new_game(4, sets=("base", "colonies"), seed=seed, fill="provisional",
                     logging=False)
        rng = random.Random(seed)
        for _ in range(3000):
            d = g.pending
            if d is None:
                break
            if g.flow.card == "remove-action-card" and d.kind == "choose_action_card" \
                    and g.flow.run is not None:
                assert "remove-action-card" not in d.options["choices"]
                assert d.options["choices"] == [c for c in g.state.offer if c]
                seen += 1
            g.answer(d.players[0], d.random_answer(rng, d.players[0]))
        if seen >= 3:
            break
    assert seen >= 1


def test_b4_4_carry_out_runs_the_other_cards_script_with_its_decisions() -> None:
    g = _game(2)
    g.state.offer = ["move-your-grande", "evict"]
    g.state.offer_origin = [3, 3]
    king = g.state.king
    b = g.library.board
    grande = g.state.grandes[0]
    to = next(r for r in b.regions if r not in (king, grande))
    events = _run(g, {}, "hb-second-wind", 0, ["move-your-grande", b.place_id(to)])
    assert g.state.grandes[0] == to
    assert g.state.offer == ["", "evict"]
    assert [e["event"] for e in events][:3] == ["choose_card", "remove_card", "carry_out"]
    assert any(e["card"] == "move-your-grande" for e in events)  # logged under that card


def test_b4_4_a_card_is_never_carried_out_again_in_its_own_chain() -> None:
    g = _game(2)
    scripts = {"x-a": "carry out x-b\n",
               "x-b": "carry out x-a\nmove up to 1 caballero from provinces to court\n"}
    court = g.state.court[0]
    events = _run(g, scripts, "x-a", 0, [{"provinces": 1, "regions": {}}])
    assert [e["carried"] for e in events if e["event"] == "carry_out"] == ["x-b"]
    assert g.state.court[0] == court + 1


def test_the_budget_bounds_a_card_and_the_cards_it_carries_out() -> None:
    g = _game(2)
    before = g.state.copy()
    scripts = {"x-a": "carry out x-b\n",
               "x-b": "score regions\nscore regions\nscore regions\nscore regions\n"}
    with pytest.raises(BudgetExceeded) as info:
        _run(g, scripts, "x-a", budget=60)
    assert info.value.card == "x-b"
    assert before.scores is not None  # the caller restores the state (as a game does)


def test_a_game_saved_inside_a_carried_out_card_loads_and_goes_on() -> None:
    g = _game(2)
    g.state.offer = ["move-your-grande"]
    g.state.offer_origin = [3]
    interp = g._engine.interpreter
    run = interp.begin("hb-second-wind", 0)
    events: list[dict[str, Any]] = []
    d = interp.advance(g.state, run, events)
    assert d is not None and d.kind == "choose_action_card"
    d = interp.answer(g.state, run, 0, "move-your-grande", events)
    assert d is not None and run.inner is not None and run.inner.card == "move-your-grande"
    again = type(run).from_json(run.to_json())
    assert again.inner is not None and again.inner.card == "move-your-grande"
    assert again.to_json() == run.to_json()
    choice = d.options["choices"][0]
    assert interp.answer(g.state, again, 0, choice, events) is None
    assert g.library.board.place_id(g.state.grandes[0]) == choice


def test_b4_6_a_held_card_stays_in_the_court_and_can_be_taken_away() -> None:
    g = _game(4)
    _run(g, {}, "hb-patron", 1)
    assert g.state.held[1] == ["hb-patron"]
    holds = {"x-ask": "if me holds hb-patron:\n    score regions\n"}
    scores = g.state.scores[:]
    _run(g, holds, "x-ask", 0)
    assert g.state.scores == scores  # player 0 holds nothing
    poach = {"x-poach": "p = choose player from opponents\n"
                        "c = choose card from held cards of p\nmove card c to me\n"}
    _run(g, poach, "x-poach", 0, [1, "hb-patron"])
    assert g.state.held[0] == ["hb-patron"] and g.state.held[1] == []


def test_b4_6_a_card_moved_under_a_stack_or_into_the_offer_leaves_where_it_was() -> None:
    g = _game(4)
    g.state.offer = ["evict", "kings-card"]
    g.state.offer_origin = [3, -1]
    _run(g, {"x-m": "move card evict to stack 1\nmove card kings-card to me\n"}, "x-m", 2)
    assert g.state.offer == ["", ""]
    assert g.state.stacks[0][-1] == "evict"
    assert g.state.held[2] == ["kings-card"]
    _run(g, {"x-back": "move card kings-card to open action cards\n"}, "x-back", 2)
    assert g.state.held[2] == [] and g.state.offer[-1] == "kings-card"


# -- checker and English ---------------------------------------------------------------------
@pytest.mark.parametrize("script,code", [
    ("c = choose card from region cards\n", "E-TYPE"),
    ("c = choose card from stack 2\n", "E-TYPE"),
    ("carry out this card\n", "E-TYPE"),
    ("c = choose card from open action cards\nscore region of c\n", "E-TYPE"),
    ("score region of nothing_set\n", "E-UNDEFINED"),
    ("r = draw card from region cards\nmove card r to me\n", "E-TYPE"),
    ("r = draw card from region cards\nscore r\n", "E-TYPE"),
    ("c = choose card from held cards of p\n", "E-UNDEFINED"),
    ("c = draw card from stack 0\n", "E-RANGE"),
    ("n = choose number from 1 to 2\nmove card n to removed\n", "E-TYPE"),
])
def test_the_checker_refuses_card_forms_used_wrongly(script: str, code: str) -> None:
    g = _game(1)
    ids = [p.id for p in g.library.board.places]
    problems = check_script(parse(script), "x.yaml", ids)
    assert code in [p.code for p in problems if p.severity != "warning"], problems


def test_the_card_forms_read_in_english() -> None:
    from elgrande.dsl.render import render

    text = render(parse("r = draw card from region cards\nscore region of r\n"))
    assert "region cards (at random" in text and "the region of the region card drawn "\
        "as 'r'" in text
    text = render(parse("c = choose card from open action cards\nmove card c to removed\n"
                        "carry out c\nif me holds c:\n    hold this card\n"))
    assert "out of this round's offer (nobody may take it this round)" in text
    assert "Carry out the special action of the card chosen as 'c'" in text
    assert "If you hold the card chosen as 'c' in your court" in text
    node = parse("if p holds x-card:\n    pass\n").body.body[0]
    assert isinstance(node, ast.If) and isinstance(node.cond, ast.Holds)


# -- the examples in seeded games ------------------------------------------------------------------
@pytest.mark.parametrize("seed", range(6))
def test_the_card_examples_play_in_seeded_games(seed: int) -> None:
    g = _game(seed)
    bots = [make_bot("random", seed * 10 + i) for i in range(3)]
    play(g, bots)
    assert g.over
    assert not g.state.conservation_errors(g.library.board)
    held = [c for cards in g.state.held for c in cards]
    assert len(held) == len(set(held))
    for c in held:  # a held card is in no stack and not on offer
        assert all(c not in s for s in g.state.stacks)


# -- saved games ------------------------------------------------------------------------------
def test_a_saved_game_keeps_held_cards_and_refuses_unknown_ones() -> None:
    from elgrande.errors import SavedGameError

    g = _game(4)
    _run(g, {}, "hb-patron", 1)
    data = g.to_json()
    again = Game.from_json(data)
    assert again.state.held == g.state.held and again.state.draw_key == g.state.draw_key
    data["state"]["held"][1] = ["no-such-card"]
    with pytest.raises(SavedGameError) as info:
        Game.from_json(data)
    assert "state.held" in str(info.value)
    old = g.to_json()
    del old["state"]["held"], old["state"]["draw_key"]  # a save made before both fields
    loaded = Game.from_json(old)
    assert loaded.state.held == [] and loaded.state.draw_key == draw_key(4)


def test_b4_2_a_player_left_without_an_open_card_takes_none_and_the_round_goes_on() -> None:
    """Second Wind takes one more open card: with five players (one open card each) the
    last player finds none left, takes none and the round goes on (the game does not
    stop at a choice of nothing)."""
    g = new_game(5, seed=2, cards=[str(ROOT / "examples" / "homebrew" / "second-wind.yaml")],
                 logging=True)  # a seed where it happens (the card alone in the stacks)
    rng = random.Random(2)
    while g.pending is not None:
        d = g.pending
        g.answer(d.players[0], d.random_answer(rng, d.players[0]))
    assert g.over
    assert any("finds no open action card left to take" in line for line in g.log)


def test_b8_5a_a_secret_choice_inside_a_carried_out_card_stays_hidden_in_views() -> None:
    g = _game(6)
    scripts = {"x-outer": "carry out x-secret\n",
               "x-secret": "each player secretly chooses region pick from mainland regions "
                           "except king\n"}
    parsed = dict(g.library.scripts)
    parsed.update({k: parse(v) for k, v in scripts.items()})
    interp = Interpreter(g.library.board, parsed, g._engine.rules)
    run = interp.begin("x-outer", 0)
    d = interp.advance(g.state, run, [])
    assert d is not None and d.kind == "secret_region"
    first = d.players[0]
    d = interp.answer(g.state, run, first, d.options["per_player"][str(first)][0], [])
    assert run.inner is not None and run.inner.secret
    g.flow.run = run
    for p in range(3):
        inner = g.view(p)["flow"]["run"]["inner"]
        assert set(inner["secret"]) <= {str(p)}


def test_b4_6_a_card_that_holds_itself_goes_under_no_stack_and_its_other_copy_does() -> None:
    """A card carried out from a player's turn that holds itself stays in their court; a
    copy of the same card played while another copy is held goes under its stack as
    usual (B4.6)."""
    from elgrande.engine.cards import PLACED

    g = _game(4)
    for place in g.state.stacks + [g.state.offer]:  # the Patron is being played
        while "hb-patron" in place:
            place[place.index("hb-patron")] = "-"
    events = _run(g, {}, "hb-patron", 1)
    assert [e["event"] for e in events] == ["hold_card", "trigger"]  # its trigger kept
    assert g.state.held[1] == ["hb-patron"]
    g.state.held[1].append("move-your-grande")  # a copy held by another card before
    parsed = dict(g.library.scripts)
    interp = Interpreter(g.library.board, parsed, g._engine.rules)
    run = interp.begin("move-your-grande", 1)
    d = interp.advance(g.state, run, [])
    while d is not None:
        d = interp.answer(g.state, run, 1, d.random_answer(random.Random(0), 1), [])
    assert PLACED not in run.env  # nothing placed this copy: it goes under its stack
