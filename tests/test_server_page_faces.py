"""f16: cards whose printed face no source gives, and Intrigue & the King cards,
said on the page of ``elgrande serve`` with what is known (server/card_faces.py): never an
empty text, a bare id or a bare number. Without a browser, the words from the card files
and the fill; in a real browser (Playwright driving Chromium, tests/browser.py) against a
real ``elgrande serve`` process, where the page shows them."""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from typing import Any

import httpx
import pytest
from browser import Tab
from serve_util import play_turn
from test_server_page import create, decision, open_seats, page_state, quiet, token_of

from elgrande.play.game import Game, new_game
from elgrande.server.card_faces import (
    INTRIGUE_LEGEND,
    UNKNOWN,
    face_words,
    intrigue_card,
    intrigue_words,
    printed_words,
)
from elgrande.server.controls import controls
from elgrande.server.page_words import card_parts


def _game(sets: list[str]) -> Game:
    return new_game(4, sets=sets, seed=1, fill="provisional", logging=False)


@pytest.mark.rule("C7", "C8")
def test_a_card_with_no_known_face_says_so_and_how_it_plays() -> None:
    """C7, C8: every card of the Colonies with no text and no sourced paraphrase says
    "text unknown (no published source gives this card's face; played as: ...)" with its
    caballeros placed and discs shown from the fill, each marked provisional, and no
    special action where the fill takes it away; a card with a paraphrase says that; the
    button's aside is never the bare id."""
    g = _game(["base", "colonies"])
    cards = list(g.library.cards.cards.values())
    unknown = [c for c in cards if not c.text and not c.data.get("summary")]
    assert unknown  # the 7th stack's cards no source shows
    for c in unknown:
        words = face_words(c)
        assert words.startswith(f"{UNKNOWN} (no published source gives this card's face; "
                                "played as: "), words
        for field in ("place", "gold", "goods"):
            if field in c.provisional:
                assert re.search(rf"{c.data[field]} \w[^;]*provisional\)", words), words
        assert ("no special action (provisional)" in words) == c.no_action
        assert card_parts(g, c.id)["aside"] != c.id
    for c in cards:
        if not c.text and c.data.get("summary"):
            assert face_words(c) == c.data["summary"].strip()
        elif c.text:
            # the printed text ([sic] marks, regions by value glossed: printed_words, f28)
            assert face_words(c) == printed_words(c)


@pytest.mark.rule("I1", "I3", "I4")
def test_an_intrigue_card_s_number_says_its_value_caballeros_and_action() -> None:
    """I1, I3, I4: the choice of 13 cards labels each with the caballeros it brings (from
    the card's data, never the base game's power-card table) and says in ``means`` its
    value's role and its special action (unknown where no source gives it); the line above
    says what the numbers are."""
    g = _game(["base", "intrigue-king"])
    c = controls(g, 0)
    assert c is not None and c["kind"] == "choose_cards"
    assert c["note"] == INTRIGUE_LEGEND
    for o in c["options"]:
        card = intrigue_card(g, o["value"])
        assert card is not None
        heads = card.data["heads"]
        assert o["label"] == f"{o['value']} · {heads} caballero{'' if heads == 1 else 's'}"
        assert o["means"] == intrigue_words(g, o["value"])
        assert o["means"].startswith(f"Card {o['value']}: its value {o['value']} (I3")
        said = face_words(card)
        if said.startswith(UNKNOWN):
            assert "special action: unknown (no published source gives it" in o["means"]
        else:
            assert o["means"].endswith("special action: " + said)
    assert intrigue_words(g, 7) is None


def _offer_with(server: str, want: Callable[[dict[str, Any]], bool]
                ) -> tuple[dict[str, Any], dict[str, Any]] | None:
    """A Colonies game (seeds 1-30, four people answered at random by the API until the
    first round's cards are on offer, B3.1) whose offer satisfies ``want``: its links and
    seat 0's payload."""
    with httpx.Client(base_url=server, timeout=30) as client:
        for seed in range(1, 31):
            links = create(server, 4, seed, {}, ["base", "colonies"])
            tokens = [token_of(link) for link in links["seats"]]
            rng = random.Random(seed)
            for _ in range(40):
                st = client.get(f"/api/games/{links['game']}/state",
                                params={"t": tokens[0]}).json()
                if st["offer"]:
                    break
                for token in tokens:
                    play_turn(client, links["game"], token, rng)
            if st["offer"] and want(st):
                return links, st
    return None


@pytest.mark.rule("C7")
def test_the_offer_says_text_unknown_for_a_card_no_source_shows(
        server: str, new_tab: Callable[[], Tab]) -> None:
    """C7: a card on offer whose face no source gives: its line says what is known (f17:
    "a card of Grand Inquisitor & the Colonies whose face no published source gives",
    never its id), its text (hover or tap) what it plays as; no card on offer has an
    empty text; the cards are listed by stack number (f17: not 1, 2, 3, 4, 7, 5, 6)."""
    found = _offer_with(server, lambda st: any(
        c["text"].startswith(UNKNOWN) for c in st["offer"]))
    assert found is not None, "no seed put an unknown card on offer"
    links, st = found
    (tab,), _ = open_seats(server, links, new_tab, [0])
    card = next(c for c in st["offer"] if c["text"].startswith(UNKNOWN))
    assert all(c["text"] for c in st["offer"])
    want = "a card of Grand Inquisitor & the Colonies whose face no published source gives"
    assert card["aside"] == want
    item = tab.page.locator("li.offer-card").filter(has_text=want)
    assert item.count() == 1
    assert card["id"] not in (item.text_content() or "").replace(card["text"], "")
    stacks = [c["stack"] for c in st["offer"] if c["stack"]]
    assert stacks == sorted(stacks) and 7 in stacks, stacks
    shown = tab.page.locator("li.offer-card strong").all_text_contents()
    assert shown == [c["name"] for c in st["offer"]]
    assert item.locator(".why").text_content() == card["text"]
    quiet(tab)


@pytest.mark.rule("I1")
def test_the_thirteen_cards_choice_says_what_each_number_is(
        server: str, new_tab: Callable[[], Tab]) -> None:
    """I1: the choice of 13 cards: the line above says what the numbers are, and each
    checkbox's label its caballeros and, pointed at, its meaning (a tooltip)."""
    links = create(server, 4, 3, {}, ["base", "intrigue-king"])
    (tab,), _ = open_seats(server, links, new_tab, [0])
    tab.page.wait_for_function("window.elgrandePage.controls")
    c = page_state(tab)["controls"]
    assert c["kind"] == "choose_cards"
    dec = decision(tab)
    assert dec.get_by_text(INTRIGUE_LEGEND).is_visible()
    for o in c["options"][:5]:
        box = dec.get_by_label(o["label"], exact=True)
        assert box.is_visible()
        assert box.get_attribute("title") == o["means"]
    quiet(tab)
