"""f33: the log says why a card did nothing (its Grande in the king's region, B5.2), a
turn's placement skipped because the court is empty (B4.3), and a move's "Why not other
places?" says a reason many moves share once (B8.2)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from elgrande.play.game import Game, new_game
from elgrande.play.narrate import NOTHING_DONE, story
from elgrande.server.controls import controls
from elgrande.server.folds import reasons

NAMES = ["p1", "p2", "p3", "p4"]


def _answers(seed: int) -> Iterator[tuple[Game, list[dict[str, Any]]]]:
    """A seeded random 4-seat base game, answer by answer: the game and the answer's
    events."""
    g = new_game(NAMES, sets=("base",), seed=seed)
    rng = random.Random(seed)
    while g.pending is not None:
        d = g.pending
        yield g, g.answer(d.players[0], d.random_answer(rng))


@pytest.mark.rule("B5.2")
def test_b5_2_a_grande_card_that_cannot_move_it_says_why() -> None:
    """Seed 20: p3 moved the king onto p1's Grande, then p1 carried out the Grande card:
    the log said only "(nothing done)"."""
    for g, events in _answers(20):
        log = g.log
        at = [i for i, ln in enumerate(log) if "special action of Grande" in ln]
        if at:
            assert log[at[0] + 1] == (f"{NOTHING_DONE[:-1]}: p1's Grande stands in the "
                                      "king's region: nothing may leave it, B5.2)"), log[-6:]
            (e,) = [x for x in events if x["event"] == "nothing"]
            assert e["why"][0] == "B5.2" and e["statement"] == "move"
            assert g.state.grandes[0] == g.state.king
            return
    raise AssertionError("no Grande card carried out")


def test_a_nothing_event_with_a_reason_replaces_the_bare_note() -> None:
    g = new_game(NAMES, sets=("base",), seed=1)
    b = g.library.board
    events = [{"event": "special", "player": 1, "card": "c"},
              {"event": "nothing", "player": 1, "card": "c", "statement": "move",
               "why": ["B8.2", "{seat1}'s Grande is in the Castillo: nothing leaves it"]},
              {"event": "end_turn", "player": 1, "card": "c", "kept": False}]
    lines = story(events, b, NAMES, {"c": "Grande"})
    assert lines[1:] == ["  (nothing done: p2's Grande is in the Castillo: nothing leaves "
                         "it, B8.2)"], lines


@pytest.mark.rule("B4.3")
def test_b4_3_a_placement_skipped_for_an_empty_court_is_said() -> None:
    met = 0
    for g, events in _answers(0):
        for e in events:
            if e["event"] == "no_place":
                p = e["player"]
                assert g.state.court[p] == 0 and e["court"] == 0
                met += 1
    assert met
    said = [ln for ln in g.log if ln.endswith("places no caballeros: their court is empty "
                                              "(B4.3).")]
    assert len(said) == met


def moves_at_limit(seed: int = 0) -> Iterator[dict[str, Any]]:
    """The controls of each move of seeded 3-player base game ``seed`` (random answers)
    with the first allowed moves chosen up to the move's limit (B8.2)."""
    g = new_game(3, sets=["base"], seed=seed, logging=False)
    rng = random.Random(seed)
    while g.pending is not None:
        d = g.pending
        seat = d.players[0]
        if d.kind == "move_caballeros":
            acts: list[int] = []
            c = controls(g, seat)
            assert c is not None
            while c["total"] < c["max"] and any(o.get("enabled") for o in c["options"]):
                acts += [o for o in c["options"] if o.get("enabled")][0]["unit"]
                c = controls(g, seat, actions=acts)
                assert c is not None
            yield c
        g.answer(seat, d.random_answer(rng, seat))


@pytest.mark.rule("B8.2")
def test_b8_2_a_reason_every_move_shares_is_one_sentence() -> None:
    """At a move's limit, "at most 3 caballeros may move, not 4" refused some 50 "X to
    Y" pairs, each listed: it is said once with their number; a reason naming a place
    ("... in Basque Country, not 3") still lists its moves."""
    for c in moves_at_limit():
        rs = [r for f in c["folds"] for r in f["reasons"]]
        limit = [r for r in rs if r["why"].startswith("at most ")]
        if c["total"] >= c["max"] and limit and len(limit[0]["labels"]) > 1:
            (r,) = limit
            assert r["said"] == (r["why"][0].upper() + r["why"][1:] +
                                 f": {len(r['labels'])} moves")
            assert all("said" not in x for x in rs if "Castile" in x["why"]
                       or "Basque" in x["why"] or "king's region" in x["why"])
            return
    raise AssertionError("no move at its limit")


def test_reasons_of_places_other_than_moves_are_listed() -> None:
    (r,) = reasons(["A", "B"], ["why", "why"])
    assert "said" not in r
    (r,) = reasons(["Galicia to Aragon", "Seville to Granada"], ["at most 1 may move"] * 2, True)
    assert r["said"] == "At most 1 may move: 2 moves"
    (r,) = reasons(["Galicia to Aragon", "Galicia to Seville"], ["none left in Galicia"] * 2, True)
    assert "said" not in r


@pytest.mark.rule("B8.2")
def test_b8_2_a_move_past_a_single_caballero_says_it_in_the_singular() -> None:
    """A refused move from a region where its owner has 1 movable caballero reads "1
    movable caballero", not "1 movable caballeros" (h47's note)."""
    import random

    from elgrande.errors import IllegalMove
    from elgrande.play.game import new_game

    for seed in range(1, 30):
        g = new_game(3, seed=seed, logging=False)
        rng = random.Random(seed)
        while g.pending is not None:
            d = g.pending
            if d.kind == "move_caballeros":
                for src, owners in d.options["sources"].items():
                    for who, have in owners.items():
                        if have != 1:
                            continue
                        dst = next(t for t in d.options["to"] if t != src)
                        with pytest.raises(IllegalMove) as err:
                            d.check([{"from": src, "to": dst, "player": int(who), "n": 2}],
                                    d.players[0])
                        assert "has 1 movable caballero in" in err.value.message, err.value
                        return
            g.answer(d.players[0], d.random_answer(rng, d.players[0]))
    pytest.fail("no move from a region holding 1 movable caballero met")
