"""A misprint kept as printed: a card file's ``sic`` field lists words of its ``text``;
the text stays word for word, and wherever it is shown to a person (the page's payload,
the card reference of ``elgrande docs``, the terminal seat's card list, the offer's line)
``[sic]`` follows each of them (docs/homebrew.md). The field is checked against the text."""

from __future__ import annotations

import io
import random
from pathlib import Path

import elgrande
from elgrande.data import yamlpos
from elgrande.data.card_fields import text_as_shown
from elgrande.data.card_format import check_fields
from elgrande.data.library import load_library
from elgrande.play.narrate import card_summary
from elgrande.server.controls import controls
from elgrande.server.page_words import offer
from elgrande.tools.human import HumanSeat

ROOT = Path(__file__).resolve().parent.parent


def _sic_cards() -> dict[str, list[str]]:
    """The shipped base cards whose file has a ``sic`` field: id -> its words."""
    lib = load_library(["base"])
    return {c.id: list(c.data["sic"]) for c in lib.cards.cards.values() if c.data.get("sic")}


def test_the_text_is_kept_and_shown_with_sic() -> None:
    found = _sic_cards()
    assert found, "no shipped card has a sic field"
    lib = load_library(["base"])
    for cid, words in found.items():
        card = lib.cards.cards[cid]
        assert "[sic]" not in card.text  # the printed text, word for word
        shown = text_as_shown(card.text, card.data)
        for w in words:
            assert f"{w} [sic]" in shown and w in card.text
        assert shown.replace(" [sic]", "") == card.text
        assert text_as_shown(shown, card.data) == shown  # marked once
        summary = card_summary(card)  # the offer's line under the card
        assert all(f"{w} [sic]" in summary for w in words if w in summary)
    reference = (ROOT / "docs" / "cards.md").read_text(encoding="utf-8")
    for words in found.values():
        assert all(f"{w} \\[sic\\]" in reference for w in words)


def test_a_whole_word_only() -> None:
    data = {"sic": ["Calleros"]}
    assert text_as_shown("Calleros, Callerosa; Calleros.", data) == \
        "Calleros [sic], Callerosa; Calleros [sic]."
    assert text_as_shown("Calleros", None) == "Calleros"
    assert text_as_shown("Calleros", {"sic": "Calleros"}) == "Calleros"  # not a list


def test_the_page_and_the_terminal_show_sic() -> None:
    """A game in which a card with a ``sic`` field is on offer: the offer's text and line,
    the choice's text and the terminal seat's card list mark the word."""
    found = _sic_cards()
    for seed in range(1, 400):
        g = elgrande.new_game(3, seed=seed)
        rng = random.Random(seed)
        while g.pending is not None and g.pending.kind != "choose_action_card":
            p = g.pending.players[0]
            g.answer(p, g.pending.random_answer(rng, p))
        d = g.pending
        if d is None:
            continue
        mine = [c for c in d.options.get("choices") or [] if c in found]
        if mine:
            break
    else:
        raise AssertionError("no seed puts a sic card on offer")
    cid, p = mine[0], d.players[0]
    word = found[cid][0]
    entry = next(o for o in offer(g, g.view(p)) if o["id"] == cid)
    assert f"{word} [sic]" in entry["text"]
    assert word not in entry["summary"].replace(f"{word} [sic]", "")
    picks = [o for o in (controls(g, p) or {}).get("options", []) if o.get("value") == cid]
    assert picks and all(f"{word} [sic]" in o["text"] for o in picks), controls(g, p)
    out = io.StringIO()
    human = HumanSeat(io.StringIO(""), out, seed=1)
    human.summary(g.view(p))  # reads the game's cards
    human.explain(d)  # `?`: the cards to choose from, each with its text
    assert f"{word} [sic]" in out.getvalue()


def _problems(card: dict[str, object]) -> list[str]:
    data = {"id": "hb-x", "set": "homebrew", "kind": "action", "title": "X", "stack": 1,
            "text": "Recieve 2 caballeros.", "effect": "score king", **card}
    return [e.message for e in check_fields(data, "x.yaml", yamlpos.Positions())]


def test_the_sic_field_is_checked_against_the_text() -> None:
    assert _problems({"sic": ["Recieve"]}) == []
    assert any("'sic' names 'Receive'" in m for m in _problems({"sic": ["Receive"]}))
    assert any("'sic' names 'Recie'" in m for m in _problems({"sic": ["Recie"]}))
    assert any("field 'sic'" in m for m in _problems({"sic": "Recieve"}))
