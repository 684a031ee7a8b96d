"""Options never possible now folded into one line (elgrande.server.folds, B3.4), the order of a
choice's options (the board's, the values'), and the note saying why regions may be
chosen when the provinces run short (B4.1), over a seeded game of the base set."""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator
from typing import Any

import pytest

from elgrande.engine.decisions import Decision
from elgrande.engine.primitives import IN_HAND
from elgrande.play.game import Game, new_game
from elgrande.server.controls import controls
from elgrande.server.page_words import provinces_note


def _most(d: Decision, seat: int, rng: random.Random) -> Any:
    """Bring the most caballeros to court (the provinces run short sooner), else at
    random."""
    if d.kind == "bring_to_court":
        o = d.options
        k = min(o["limit"], o["provinces"])
        return {"provinces": k, "regions": {}}
    return d.random_answer(rng, seat)


def _decisions(seed: int) -> Iterator[tuple[Game, int, dict[str, Any]]]:
    """Each decision of a seeded 3-seat game as met: the game (then answered), the seat,
    its controls."""
    g = new_game(3, sets=["base"], seed=seed, logging=False)
    rng = random.Random(seed)
    while g.pending is not None:
        d = g.pending
        seat = d.players[0]
        c = controls(g, seat)
        assert c is not None
        yield g, seat, c
        g.answer(seat, _most(d, seat, rng))


def _check_folds(c: dict[str, Any]) -> None:
    folded = [o for o in c["options"] if o.get("folded")]
    assert all(not o["enabled"] and not o["count"] and o["rule"] for o in folded)
    labels = [lab for f in c["folds"] for lab in f["labels"]]
    one = c["form"] == "moves" and len({o["from"] for o in c["options"]}) == 1
    name = {id(o): o["to_label"] if one else o["label"] for o in folded}
    assert sorted(set(labels)) == sorted(set(name.values()))  # a place once a rule
    for f in c["folds"]:
        assert len(f["labels"]) == len(f["whys"]) >= 1 and "brief" not in f
        assert {o["rule"] for o in folded if name[id(o)] in f["labels"]} == {f["rule"]}
    assert len({f["rule"] for f in c["folds"]}) == len(c["folds"])  # one group per rule
    if c["form"] in ("pick", "counts", "moves") and not c["units"]:
        # the rows are the options possible now: every other one with a reason is folded
        assert all(o["enabled"] or o.get("folded") for o in c["options"] if o.get("rule"))


def test_B4_1_B3_2_choices_that_cannot_be_taken_fold_into_a_line_in_order() -> None:
    """The regions of a bring-to-court decision while the provinces hold enough are one
    folded line (B4.1); the power cards still in hand, at a take-back, are one line
    (B3.2); the options of a region's or a power card's choice keep their order; a
    subset's disabled options never fold (they open again when a choice is taken back),
    a move's fold as places do (B8.2)."""
    met: set[str] = set()
    for g, _seat, c in itertools.chain(_decisions(5), _decisions(0)):
        _check_folds(c)
        if c["form"] == "subset":
            assert c["folds"] == []
        o = g.pending.options  # type: ignore[union-attr]
        if c["kind"] == "bring_to_court" and o["provinces"] >= o["limit"]:
            shown = [x["label"] for x in c["options"] if not x.get("folded")]
            assert shown == ["the provinces"] and c["note"] is None, shown
            met.add("bring")
        if c["kind"] == "choose_power_card":
            values = [x["value"] for x in c["options"]]
            assert values == sorted(values), values
            hand = [f for f in c["folds"] if IN_HAND in f["whys"]]
            if hand:
                # the reason that says it all (the page shows it, not only B3.2's title)
                assert [f["rule"] for f in hand] == ["B3.2"]
                met.add("take back")
        if c["kind"] in ("choose_region", "secret_region"):
            order = [p.id for p in g.library.board.places]
            places = [order.index(x["value"]) for x in c["options"]]
            assert places == sorted(places), c["options"]
            met.add("region")
        if c["form"] == "moves" and c["folds"] and not c["units"]:
            assert all(not o["enabled"] for o in c["options"] if o.get("folded"))
            met.add("moves")
    assert {"bring", "region", "take back", "moves"} <= met, met


def test_B4_1_regions_open_when_the_provinces_run_short_and_the_prompt_says_why() -> None:
    """When the provinces hold fewer caballeros than may come, the controls say why the
    regions may be chosen; a row enabled before any choice is never folded later (a
    place reaching the maximum stays a row)."""
    d = Decision("bring_to_court", [0], "Bring up to 6 caballeros to court",
                 {"limit": 6, "provinces": 2, "regions": {"r": 3}, "refused": {}}, "B4.1")
    assert provinces_note(d) == ("Your provinces have only 2: the rest may come from your "
                                 "regions (B4.1)")
    empty = Decision(d.kind, d.players, d.prompt, {**d.options, "provinces": 0}, d.rule)
    assert provinces_note(empty) is not None and "empty" in provinces_note(empty)  # type: ignore[operator]
    plenty = Decision(d.kind, d.players, d.prompt, {**d.options, "provinces": 9}, d.rule)
    assert provinces_note(plenty) is None
    met = False
    for g, seat, c in _decisions(11):
        if c["kind"] != "place_caballeros" or not any(o["enabled"] for o in c["options"]):
            continue
        o = next(o for o in c["options"] if o["enabled"])
        later = controls(g, seat, actions=o["unit"] * c["max"])
        assert later is not None
        opened = {x["label"] for x in c["options"] if x["enabled"]}
        assert not any(x.get("folded") for x in later["options"] if x["label"] in opened)
        _check_folds(later)
        met = True
        break
    assert met


@pytest.mark.rule("B5.2", "B4.1")
def test_every_place_never_possible_folds_whatever_its_rule() -> None:
    """B5.2: at a placement the king's region is no row of its own (it folds with the
    places B5.1 refuses, each group under its own rule); B4.1: a bring to court while
    the provinces hold enough shows the provinces only, every place of the board folded
    under B4.1, and no fold says places "in brief" ("every region but ...")."""
    met: set[str] = set()
    for gm, _seat, c in _decisions(5):
        _check_folds(c)
        o = gm.pending.options  # type: ignore[union-attr]
        if c["kind"] == "bring_to_court" and o["provinces"] >= o["limit"] and c["folds"]:
            (f,) = c["folds"]
            assert f["rule"] == "B4.1"
            b = gm.library.board
            assert len(f["labels"]) == len([p for p in b.places if p.kind != "space"])
            met.add("bring")
        if c["kind"] == "place_caballeros":
            rows = [x for x in c["options"] if not x.get("folded")]
            assert rows and all(x["enabled"] for x in rows), rows
            rules = [f["rule"] for f in c["folds"]]
            assert "B5.2" in rules and "B5.1" in rules, rules
            met.add("place")
        if met == {"bring", "place"}:
            break
    assert met == {"bring", "place"}, met
