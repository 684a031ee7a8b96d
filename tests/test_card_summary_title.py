"""A card's one-line summary on the offer never only repeats its title (f17,
elgrande.play.narrate.card_summary, B3.1, B8.4): a text whose first sentence is its
title with a "!" (the Veto's "Veto! You can prevent one special action ...") is
summarised from its next sentence on.
"""

from __future__ import annotations

import re

import httpx
import pytest
from api_play import first_offer
from test_server_page import create

from elgrande.play.game import new_game
from elgrande.play.narrate import card_summary


def _squeezed(text: str) -> str:
    return re.sub(r"[\s!.?]+", "", text).lower()


@pytest.mark.rule("B3.1", "B8.4")
@pytest.mark.parametrize("sets", [("base",), ("base", "intrigue-king"), ("base", "colonies")])
def test_no_summary_only_repeats_its_card_s_title(sets: tuple[str, ...]) -> None:
    """B3.1: every card whose text says more than its title has a summary that says more;
    the cards whose first sentence is their title (the Veto) start at their second one."""
    g = new_game(4, sets=list(sets), seed=1, logging=False,
                 fill=None if sets == ("base",) else "provisional")
    titled = 0
    for card in g.library.cards.cards.values():
        sentences = re.split(r"(?<=[.!?])\s", card.text.strip())
        summary = card_summary(card)
        if _squeezed(sentences[0]) == _squeezed(card.title) and len(sentences) > 1:
            titled += 1
            assert _squeezed(summary).startswith(_squeezed(sentences[1])), (card.id, summary)
        if len(sentences) > 1 or _squeezed(card.text) != _squeezed(card.title):
            assert _squeezed(summary) != _squeezed(card.title), (card.id, summary)
    if sets == ("base",):
        assert titled, "no card's first sentence is its title (the Veto's is)"


@pytest.mark.rule("B3.1", "B8.4")
def test_the_server_s_offer_says_more_than_the_title(server: str) -> None:
    """B3.1: a real server's offer (seat 0's payload) gives a card whose first sentence
    is its title (the Veto) a summary from its next sentence on."""
    with httpx.Client(base_url=server, timeout=30) as client:
        for seed in range(1, 40):
            links = create(server, 4, seed, {}, ["base"])
            for c in first_offer(client, links, seed):
                sentences = re.split(r"(?<=[.!?])\s", c["text"].strip())
                if len(sentences) > 1 and _squeezed(sentences[0]) == _squeezed(c["name"]):
                    assert _squeezed(c["summary"]).startswith(_squeezed(sentences[1])), c
                    assert not _squeezed(c["summary"]).startswith(_squeezed(c["name"])), c
                    assert c["summary"] and c["summary"][0].islower(), c
                    return
    pytest.fail("no offer held a card whose first sentence is its title")
