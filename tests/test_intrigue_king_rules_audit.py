"""The legal and the illegal side of the Intrigue & the King rules (RULES.md I4-I7) that
the other test files check on one side only, with the shipped provisional fill: the court
limit is the played card's heads (I4), the I5 choice of 2-3 players and its refusal, the
I6 offer of a "you may" action and the compulsory actions (card 35), and the played cards
that can never be played again (I7).
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from elgrande import new_game
from elgrande.errors import IllegalMove
from elgrande.play.game import Game
from elgrande.rules import intrigue_king as ik

SETS = ("base", "intrigue-king")


def game_until(players: int, seed: int, until: Callable[[Game], bool],
               deck: list[int] | None = None, limit: int = 3000) -> Game:
    """A game with the shipped fill, answered at random (each player choosing ``deck``
    when given) until ``until(game)``."""
    g = new_game(players, sets=SETS, fill="provisional", seed=seed)
    rng = random.Random(seed)
    for _ in range(limit):
        d = g.pending
        if d is None or until(g):
            return g
        p = d.players[0]
        g.answer(p, deck if deck is not None and d.kind == "choose_cards"
                 else d.random_answer(rng, p))
    raise AssertionError("the situation did not come up")


def test_I4_court_up_to_the_cards_heads_and_no_more() -> None:
    """I4, B4.1: the court decision allows up to the played card's heads; one more is
    refused and changes nothing."""
    g = game_until(4, 3, lambda g: g.pending is not None and g.pending.kind == "bring_to_court"
                   and g.pending.options["provinces"] > 7)
    d = g.pending
    assert d is not None
    p = d.players[0]
    heads = ik.card_of_value(g.library, ik.played_value(g.state, p)).heads
    assert d.options["limit"] == heads
    before = g.to_json()
    with pytest.raises(IllegalMove) as exc:
        g.answer(p, heads + 1)
    assert exc.value.rule in ("B4.1", "I4") and g.to_json() == before
    g.answer(p, heads)
    assert g.state.provinces[p] == before["state"]["provinces"][p] - heads


def test_I5_two_or_three_players_choose_the_action_and_nothing_else() -> None:
    """I5: with 3 players the King-card holder chooses their own card's action or the
    King card's; an option outside the two is refused citing I5; with 4 players no such
    choice is ever asked."""
    g = game_until(3, 6, lambda g: g.pending is not None and g.pending.rule == "I5")
    d = g.pending
    assert d is not None and len(d.options["cards"]) == 2
    before = g.to_json()
    with pytest.raises(IllegalMove) as exc:
        g.answer(d.players[0], 2)
    assert exc.value.rule == "I5" and g.to_json() == before
    g.answer(d.players[0], 0)
    assert g.flow.card == d.options["cards"][0]
    four = game_until(4, 6, lambda g: g.pending is None or g.pending.rule == "I5")
    assert four.over                       # a whole game, and no I5 choice was ever asked


def test_I6_a_you_may_action_is_offered_and_the_offer_refuses_other_answers() -> None:
    """I6: a card whose text says "you may" (the King card) is offered for declining; an
    answer other than carry out / decline is refused citing I6 and changes nothing."""
    g = game_until(4, 2, lambda g: g.pending is not None and g.pending.rule == "I6")
    d = g.pending
    assert d is not None and len(d.options["labels"]) == 2
    assert g.library.card(g.flow.card).optional is not False
    before = g.to_json()
    for bad in (2, -1, "decline"):
        with pytest.raises(IllegalMove) as exc:
            g.answer(d.players[0], bad)
        assert exc.value.rule == "I6" and g.to_json() == before


def test_I6_card_35_is_compulsory_its_player_is_never_asked_to_decline() -> None:
    """I6, I8: card 35 says no "you may": whoever plays it (and holds neither the King nor
    the Intrigue card) carries it out without an offer to decline."""
    deck = [10, 13, 15, 20, 23, 30, 35, 40, 50, 60, 63, 70, 75]
    for seed in range(8):
        g = game_until(5, seed, lambda g: g.flow.card == "ik-35" or g.state.round > 9
                       or g.pending is None, deck=deck)
        if g.flow.card == "ik-35":
            break
    else:  # pragma: no cover - the seeds are fixed
        raise AssertionError("no player carried out card 35")
    while g.pending is not None and g.flow.card == "ik-35":
        d = g.pending
        assert d.rule != "I6", "card 35's action was offered for declining"
        g.answer(d.players[0], d.random_answer(random.Random(1), d.players[0]))
    assert any("Grande to Castillo" in line or "no opponent's Grande" in line
               for line in g.log)


def test_I7_a_card_played_in_an_earlier_round_can_never_be_played_again() -> None:
    """I7: in round 2 a player's card of round 1 is in their face-up discards, not their
    hand; playing it again is refused citing I7 (or I3) and changes nothing."""
    g = game_until(3, 4, lambda g: g.state.round == 2 and g.pending is not None
                   and g.pending.rule == "I3")
    d = g.pending
    assert d is not None
    p = d.players[0]
    old = g.state.discards[p][0]
    assert old not in g.state.hands[p] and old not in d.options["choices"]
    assert g.view((p + 1) % 3)["state"]["discards"][p] == [old]       # face up (I7)
    before = g.to_json()
    with pytest.raises(IllegalMove) as exc:
        g.answer(p, old)
    assert exc.value.rule in ("I7", "I3") and g.to_json() == before
    g.answer(p, d.options["choices"][0])
    assert g.state.discards[p] == [old, d.options["choices"][0]]
