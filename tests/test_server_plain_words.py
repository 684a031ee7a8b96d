"""What the controls of ``elgrande serve`` send so the page can say things plainly (issue
30, a fresh user's findings): an action card's label in two parts (its title, and what
tells it apart from cards sharing it, B8), a fold's options grouped by their reason (a
card's rule said once, B8, B3.4), and what a click does at a choice of one option (sent
at once; held until Send where secret, B6.1)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from elgrande.play.game import Game, new_game
from elgrande.server.controls import controls
from elgrande.server.folds import folds
from elgrande.server.page_words import HOW, card_parts, how_to_answer, offer


def controls_met(kinds: set[str], seeds: range, players: int = 4
                 ) -> Iterator[tuple[Game, dict[str, Any]]]:
    """``(game, controls)`` at each decision of one of ``kinds`` met in seeded base games
    (4 seats, random answers), the game as it is then."""
    for seed in seeds:
        g = new_game(players, sets=["base"], seed=seed, logging=False)
        rng = random.Random(seed)
        while g.pending is not None and g.flow.round <= 3:
            d = g.pending
            seat = d.players[0]
            if d.kind in kinds:
                c = controls(g, seat)
                assert c is not None
                yield g, c
            g.answer(seat, d.random_answer(rng, seat))


@pytest.mark.rule("B8", "B3.1")
def test_a_card_s_label_comes_in_two_parts_its_title_and_what_tells_it_apart() -> None:
    """B8: an action card's option carries its printed title (``name``) and, where
    another card has that title, what tells it apart (``aside``): the label is the two
    (the log's, unchanged); a card alone with its title has no aside. B3.1: the cards on
    offer carry the same parts."""
    both = alone = 0
    for g, c in controls_met({"choose_action_card"}, range(4)):
        for o in c["options"]:
            card = g.library.card(o["value"])
            assert o["name"] == card.title
            if o["aside"]:
                assert o["label"] == f"{o['name']} ({o['aside']})", o
                assert "(" not in o["aside"][:1] and not o["aside"].endswith(")")
                both += 1
            else:
                assert o["label"] == o["name"], o
                alone += 1
        shown = offer(g, g.view(0))
        assert [(x["name"], x["aside"]) for x in shown] == [
            tuple(card_parts(g, x["id"]).values()) for x in shown]
    assert both and alone, (both, alone)
    g = new_game(3, sets=["base"], seed=0, logging=False)
    assert card_parts(g, "no-such-card") == {"name": "no-such-card", "aside": ""}


@pytest.mark.rule("B8", "B3.4", "B5.1")
def test_a_fold_groups_its_options_by_reason_so_a_card_s_rule_is_said_once() -> None:
    """B8: places a card's region choice does not offer share one reason, the Castillo's
    too (its reason names it: "the Castillo is not one of ..."), said once; another
    reason of the rule is a group of its own, in the order of each reason's first place;
    ``whys`` still holds one reason a place. B5.1: at a real placement the places not
    next to the king share one reason ("not adjacent to the king's region")."""
    out = "not one of the places this card lets you choose"
    cas = "the Castillo is not one of the places this card lets you choose"
    king = "the king stands here now: the card moves him to another region"
    opts: list[dict[str, Any]] = [
        {"label": lab, "enabled": False, "count": 0, "rule": "B8", "title": "t", "why": why,
         "unit": None}
            for lab, why in (("A", out), ("Castillo", cas), ("K", king), ("B", out))]
    opts.append({"label": "D", "enabled": True, "count": 0, "unit": [1]})
    (f,) = folds(opts, "pick")
    assert f["reasons"] == [{"why": out, "labels": ["A", "Castillo", "B"]},
                            {"why": king, "labels": ["K"]}]
    assert f["whys"] == [out, cas, king, out] and f["labels"] == ["A", "Castillo", "K", "B"]
    assert "folded" not in opts[-1]
    # "X is not ..." only: a reason saying what the place is stays whole
    (g,) = folds([{**opts[0], "why": "A is the king's region: nothing may enter"}], "pick")
    assert g["reasons"] == [{"why": "A is the king's region: nothing may enter",
                             "labels": ["A"]}]
    for _g, c in controls_met({"place_caballeros"}, range(1)):
        near = [f for f in c["folds"] if f["rule"] == "B5.1"]
        if near and len(near[0]["labels"]) > 1:
            assert near[0]["reasons"] == [{"why": "not adjacent to the king's region",
                                           "labels": near[0]["labels"]}], near
            return
    raise AssertionError("no placement with places not next to the king met")


@pytest.mark.rule("B6.1", "B3.4")
def test_a_choice_of_one_region_says_what_a_click_does() -> None:
    """B3.4: an ordinary region choice says a click sends it at once; B6.1: the secret
    disc's says a click holds it until Send, and that it stays secret; other forms, and a
    choice of no places that is not secret, say nothing (their buttons do)."""
    met: dict[str, str | None] = {}
    for _g, c in controls_met({"secret_region", "choose_power_card", "place_caballeros"},
                             range(2)):
        met.setdefault(c["kind"], c["how"])
        if len(met) == 3:
            break
    assert met["secret_region"] == HOW[(True, True)]
    assert "Send" in HOW[(True, True)] and "secret" in HOW[(True, True)]
    assert met["choose_power_card"] is None and met["place_caballeros"] is None, met
    assert "sent at once" in HOW[(False, True)]
    assert how_to_answer("pick", False, [{"place": "x"}]) == HOW[(False, True)]
    assert how_to_answer("pick", True, [{"value": 1}]) == HOW[(True, False)]
    assert how_to_answer("counts", True, [{"place": "x"}]) is None
