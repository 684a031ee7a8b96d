"""A mapping answer is copied once for the history (``Game.answer``); the kinds' checks
apply that copy as it is when it is in normal form (docs/performance.md, h75): what the
history keeps and what the events tell stay apart (B4.1, B4.3)."""

from __future__ import annotations

import random

from elgrande.play.game import Game, new_game


def _to_kind(kind: str, seed: int) -> Game:
    """A base game played at random until a ``kind`` decision is pending."""
    g = new_game(3, seed=seed, logging=False, sets=("base",))
    rng = random.Random(seed)
    while g.pending is not None and g.pending.kind != kind:
        d = g.pending
        g.answer(d.players[0], d.random_answer(rng, d.players[0]))
    assert g.pending is not None
    return g


def test_court_event_does_not_share_the_kept_answer() -> None:
    g = _to_kind("bring_to_court", 3)
    p = g.pending.players[0]
    answer = {"provinces": 0, "regions": {}}
    events = g.answer(p, answer)
    kept = g.history[-1]["answer"]
    assert kept == answer and kept is not answer
    told = [e for e in events if e["event"] == "court"]
    assert told and told[0]["regions"] == {}
    told[0]["regions"]["x"] = 1  # a reader changing its event changes no history
    assert g.history[-1]["answer"] == {"provinces": 0, "regions": {}}
    answer["regions"]["y"] = 2  # nor does the caller changing its answer
    assert g.history[-1]["answer"] == {"provinces": 0, "regions": {}}


def test_placement_kept_as_given_applied_without_zeros() -> None:
    g = _to_kind("place_caballeros", 5)
    d = g.pending
    p = d.players[0]
    to = d.options["to"]
    assert len(to) >= 2
    answer = {to[1]: 0, to[0]: 1}  # a place named with 0: kept so, placed without it
    before = g.state.court[p]
    events = g.answer(p, answer)
    assert g.history[-1]["answer"] == {to[1]: 0, to[0]: 1}
    assert list(g.history[-1]["answer"]) == [to[1], to[0]]
    assert g.state.court[p] == before - 1
    told = [e for e in events if e["event"] == "place"]
    assert told and told[0]["to"] == {to[0]: 1}
    told[0]["to"][to[0]] = 5
    answer[to[0]] = 7
    assert g.history[-1]["answer"] == {to[1]: 0, to[0]: 1}


def test_placement_in_normal_form_kept_apart_from_its_event() -> None:
    g = _to_kind("place_caballeros", 7)
    d = g.pending
    p = d.players[0]
    answer = d.random_answer(random.Random(1), p)
    events = g.answer(p, dict(answer))
    told = [e for e in events if e["event"] == "place"]
    if told:
        told[0]["to"]["elsewhere"] = 9
    assert g.history[-1]["answer"] == answer


def test_plain_checked_only_for_a_right_answer_in_normal_form() -> None:
    from elgrande.engine.decisions import KINDS, plain_answer

    g = _to_kind("place_caballeros", 5)
    d, p = g.pending, g.pending.players[0]
    to, place = d.options["to"], KINDS["place_caballeros"]
    right = {to[0]: 1}
    got = place.plain_checked(d, p, right)
    assert got == right == plain_answer(right) == place.check(d, p, right)
    assert got is not right
    assert place.plain_checked(d, p, {to[0]: 1, to[1]: 0}) is None  # kept with its 0
    assert place.check(d, p, {to[0]: 1, to[1]: 0}) == right

    class Id(str):
        pass

    assert place.plain_checked(d, p, {Id(to[0]): 1}) is None  # (plain_answer keeps it)
    assert place.plain_checked(d, p, {to[0]: d.options["max"] + 1}) is None
    assert place.plain_checked(d, p, [[to[0], 1]]) is None
    g = _to_kind("bring_to_court", 3)
    d, p = g.pending, g.pending.players[0]
    court = KINDS["bring_to_court"]
    right = {"provinces": 0, "regions": {}}
    got = court.plain_checked(d, p, right)
    assert got == right and got is not right and got["regions"] is not right["regions"]
    assert court.plain_checked(d, p, {"regions": {}, "provinces": 0}) is None  # (order)
    assert court.plain_checked(d, p, 0) is None
    assert KINDS["choose_option"].plain_checked(d, p, {}) is None  # (the default)


def test_court_answer_kept_in_its_own_order() -> None:
    g = _to_kind("bring_to_court", 3)
    p = g.pending.players[0]
    g.answer(p, {"regions": {}, "provinces": 0})
    assert list(g.history[-1]["answer"]) == ["regions", "provinces"]
