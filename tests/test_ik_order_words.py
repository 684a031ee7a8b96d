"""Intrigue & the King's B4.5 question for a card whose special action is compulsory
(I6: the Intrigue card, ``optional: false``) offers only before and after, and says only
that: no "(You may also decline it.)", its answers worded as the base game's page words
them (``page_words.ORDER_WORDS``); its answers' indexes are as ever (records unchanged).
The card box names no "stack 0" for a card from no stack (I1)."""

from __future__ import annotations

import random

from elgrande.play.game import Game, new_game
from elgrande.play.views import pending_decision
from elgrande.server.card_notes import card_under_way
from elgrande.server.page_words import ORDER_WORDS


def _at_compulsory_order(seeds: range) -> Game:
    """A game of Intrigue & the King at the B4.5 question of a compulsory card."""
    for seed in seeds:
        game = new_game(4, sets=["base", "intrigue-king"], fill="provisional", seed=seed)
        rng = random.Random(seed)
        while game.pending is not None and game.flow.round <= 3:
            d = game.pending
            if d.rule == "B4.5" and game.library.card(game.flow.card).optional is False:
                return game
            p = d.players[0]
            game.answer(p, pending_decision(game.view(p)).random_answer(rng, p))
    raise AssertionError("no compulsory card's B4.5 question met")


def test_a_compulsory_cards_order_question_offers_and_says_only_before_or_after() -> None:
    game = _at_compulsory_order(range(20))
    d = game.pending
    assert d is not None
    said = game.in_words(d.prompt)
    assert "decline" not in said.lower(), said
    assert said.endswith("before or after placing your caballeros?"), said
    labels = d.options["labels"]
    assert labels[1] == ORDER_WORDS["first"]  # 1: before, as records keep it
    assert labels[0].startswith("Place my caballeros first") and "decline" not in labels[0]
    note = card_under_way(game)
    assert note is not None and note["stack"] is None
    after = game.copy()
    after.answer(d.players[0], 0)  # 0: after placing, as records keep it
    assert after.pending is not None and after.pending.rule == "B4.3"


def test_a_base_cards_order_question_still_offers_the_decline() -> None:
    game = new_game(3, seed=3)
    rng = random.Random(3)
    while game.pending is not None and game.pending.rule != "B4.5":
        p = game.pending.players[0]
        game.answer(p, pending_decision(game.view(p)).random_answer(rng, p))
    d = game.pending
    assert d is not None and "(You may also decline it.)" in d.prompt
    assert d.options["follows"] == [1]
    note = card_under_way(game)
    assert note is not None and note["stack"] in (1, 2, 3, 4, 5)
