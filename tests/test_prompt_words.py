"""The texts a player reads name things as the board and the cards do (B3.4, B8): a
card's choice says which card asks and what the card does with it (never the script's
name for the choice), a refusal names places by their names, the question whether to
carry out the special action says where in the turn it is asked (B4.4, B4.5), a secret
disc says what its region means (B6.1, B8.5). Seeded games of the real rules."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

import pytest

from elgrande.errors import IllegalMove
from elgrande.play.game import Game, new_game
from elgrande.server.controls import controls

CARDS = Path(__file__).resolve().parent / "homebrew_serve"


def _until(g: Game, stop: Callable[[Game], bool], seed: int, limit: int = 3000) -> None:
    """Play ``g`` at random until ``stop(g)`` holds for its pending decision."""
    rng = random.Random(seed)
    for _ in range(limit):
        d = g.pending
        assert d is not None
        if stop(g):
            return
        g.answer(d.players[0], d.random_answer(rng, d.players[0]))
    raise AssertionError("never reached")


def _card_choice(card: str) -> Game:
    """A seeded game at the region choice of the homebrew card ``card``."""
    for seed in range(40):
        g = new_game(4, sets=["base"], seed=seed, cards=[CARDS], logging=True)
        try:
            _until(g, lambda g: g.pending.kind == "choose_region" and g.flow.card == card,
                   seed, 400)
        except AssertionError:
            continue
        return g
    raise AssertionError(f"no game reaches {card}'s choice")


@pytest.mark.rule("B8", "B8.1")
def test_b8_a_card_s_region_choice_names_the_card_and_what_it_does_with_it() -> None:
    g = _card_choice("hb-rally")
    d = g.pending
    assert d is not None
    said = g.in_words(d.prompt)
    assert said == ("Rally: choose a region other than the king's region. Then: place up to "
                    "2 of your caballeros from your court in that region."), said
    assert "target" not in said and "{" not in said
    smugglers = g.in_words(d.prompt.replace("hb-rally", "hb-smugglers").replace(
        ":target}", ":source}"))
    assert smugglers.startswith("Smugglers: choose a region with your caballeros, other "
                                "than the king's region. Then: move up to 3 of your "
                                "caballeros from that region to "), smugglers
    c = controls(g, d.players[0])
    assert c is not None and c["prompt"] == said
    # the log names the card the choice is for, not the script's name for it
    region = d.options["choices"][0]
    g.answer(d.players[0], region)
    name = g.library.board.places[g.library.board.index[region]].name
    line = f"chooses {name} for Rally."
    assert any(line in x for x in g.log), g.log[-5:]
    assert not any("(target)" in x for x in g.log)


@pytest.mark.rule("B8", "B8.2")
@pytest.mark.parametrize(("card", "rule", "why"), [
    ("hb-smugglers", "B8.2", "caballeros never leave the Castillo by a special action"),
    ("hb-rally", "B8", "the Castillo is not one of the places this card lets you choose")])
def test_b8_the_castillo_left_out_of_a_card_s_choice_cites_the_same_rule_everywhere(
        card: str, rule: str, why: str) -> None:
    """The engine's reason for the Castillo missing from a card's region choice is the
    one the page shows and a refused answer cites: B8.2 where the card takes caballeros
    from the chosen region, B8 where it puts them there (its places lack the Castillo)."""
    g = _card_choice(card)
    d = g.pending
    assert d is not None
    assert d.options["why"]["castillo"] == [rule, why]
    c = controls(g, d.players[0])
    assert c is not None
    shown = next(o for o in c["options"] if o.get("place") == "castillo")
    assert (shown["rule"], shown["why"]) == (rule, why)
    with pytest.raises(IllegalMove) as exc:
        g.answer(d.players[0], "castillo")
    assert exc.value.rule == rule and why in exc.value.message


@pytest.mark.rule("B4.3")
def test_b4_3_a_placement_refusal_names_the_places_as_the_board_does() -> None:
    g = new_game(3, sets=["base"], seed=2, logging=False)
    _until(g, lambda g: g.pending.kind == "place_caballeros", 2)
    d = g.pending
    assert d is not None
    board = g.library.board
    shut = [p for p in board.places if p.id not in d.options["to"]]
    assert shut
    for place in shut:  # a reason of the rules (B5.2, ...) or the places allowed
        with pytest.raises(IllegalMove) as exc:
            g.answer(d.players[0], {place.id: 1})
        msg = exc.value.message
        assert f"'{place.id}'" not in msg, msg
        if "allowed:" in msg:
            for pid in d.options["to"]:
                assert board.places[board.index[pid]].name in msg, msg
        assert not any(p.id in msg.split() for p in board.places if p.id != p.name), msg
    # an answer of no place is quoted as it came
    with pytest.raises(IllegalMove) as exc:
        g.answer(d.players[0], {"atlantis": 1})
    msg = exc.value.message
    assert "'atlantis'" in msg and "allowed: " in msg, msg
    allowed = msg.split("allowed: ")[1]
    for pid in d.options["to"]:  # (the ids were listed before: "allowed: galicia, ...")
        assert board.places[board.index[pid]].name in allowed, msg
        assert pid not in allowed.replace(",", " ").replace(")", " ").split(), msg


def _turn(sets: list[str], first: int, seed: int) -> list[str]:
    """The prompts (in words) of one player's turn from the B4.5 question on, answered
    with ``first`` (0: place first, 1: special action first), then carrying it out."""
    g = new_game(4, sets=sets, seed=seed, logging=False)
    _until(g, lambda g: g.pending.rule == "B4.5", seed)
    actor = g.flow.actor
    turn = (g.flow.round, g.flow.turn_i)
    rng = random.Random(seed)
    said = []
    g.answer(actor, first)
    while (d := g.pending) is not None and (g.flow.round, g.flow.turn_i) == turn:
        said.append(f"{d.rule} {g.in_words(d.prompt)}")
        g.answer(d.players[0], 0 if d.rule == "B4.4" else d.random_answer(rng, d.players[0]))
    return said


@pytest.mark.rule("B4.4", "B4.5")
@pytest.mark.parametrize("seed", [1, 5])
def test_b4_5_special_action_first_is_asked_once_before_placing(seed: int) -> None:
    """A player who chose the special action first is asked B4.4 once, before placing
    (the prompt says so), and not again once they placed; who places first is asked it
    after placing (the prompt says they placed)."""
    first = _turn(["base"], 1, seed)
    offers = [s for s in first if s.startswith("B4.4 ")]
    assert len(offers) == 1, first
    assert "before you place your caballeros" in offers[0], offers
    assert first.index(offers[0]) < next(i for i, s in enumerate(first)
                                         if s.startswith("B4.3 ")), first
    later = _turn(["base"], 0, seed)
    offers = [s for s in later if s.startswith("B4.4 ")]
    assert len(offers) == 1 and "your caballeros are placed. Next, as you chose" in offers[0], later


@pytest.mark.rule("B6.1", "B8.5")
def test_b6_1_the_secret_disc_says_what_its_region_means() -> None:
    g = new_game(3, sets=["base"], seed=4, logging=False)
    _until(g, lambda g: g.pending.kind == "secret_region" and g.flow.run is None, 4)
    d = g.pending
    assert d is not None and d.rule == "B6.1"
    said = g.in_words(d.prompt)
    assert "Castillo go there" in said and "king's region" in said, said


@pytest.mark.rule("B8.5", "B8.7")
def test_b8_5_a_card_s_secret_choice_says_what_the_region_is_for() -> None:
    """The secret choice of a card names the card and what the chosen region is for
    (its caballeros leave it for the provinces), never the script's name ('pick')."""
    for seed in range(3, 12):
        g = new_game(4, sets=["base"], seed=seed, logging=False)
        _until(g, lambda g: g.pending.rule == "B4.4" and g.state.round >= 4, seed)
        g.flow.card = "secret-send-two-from-one-region"  # the card the player took
        g.state.lasting = []  # no Veto held
        g.answer(g.flow.actor, 0)  # carry it out
        d = g.pending
        if d is None or d.kind != "secret_region":
            continue  # nobody has two regions to choose from
        said = g.in_words(d.prompt)
        title = g.library.card("secret-send-two-from-one-region").title
        assert said.startswith(f"{title}: secretly choose a region with at least 2 of your "
                               "caballeros (not the king's region), or if there is none, "
                               "a region with your caballeros (not the king's region). "
                               "Then: "), said
        assert "2 of their caballeros from the region they choose to the provinces" in said
        assert "pick" not in said and "{" not in said
        return
    raise AssertionError("no seed reaches the secret choice")
