"""Answers and events as plain data: every answer form refuses a key it does not know
(B4.1, B6.9, B8.2: IllegalMove with the rule, the game unchanged, nothing in the history);
``Decision.check`` returns the same normal form ``legal_answers`` and ``random_answer``
give; the events ``Game.answer`` returns are JSON data (``json.dumps`` without a
``default``) in whole games of every set, and the log the base game narrates from them is
what it was (tests/test_golden.py)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from elgrande.engine import decisions as dec
from elgrande.engine.decisions import Decision
from elgrande.errors import IllegalMove
from elgrande.play.game import Game, new_game

SETS = {"base": (("base",), None), "colonies": (("base", "colonies"), "provisional"),
        "intrigue-king": (("base", "intrigue-king"), "provisional"),
        "both": (("base", "intrigue-king", "colonies"), "provisional")}


def _game(name: str, seed: int) -> Game:
    sets, fill = SETS[name]
    return new_game(2 + seed % 4, sets=sets, seed=seed, fill=fill)


def _positions(kinds: set[str]) -> dict[str, list[Game]]:
    """A few positions of each decision kind in ``kinds`` met in random games."""
    out: dict[str, list[Game]] = {}
    for name in SETS:
        for seed in range(4):
            g = _game(name, seed)
            rng = random.Random(seed)
            while g.pending is not None:
                d = g.pending
                if d.kind in kinds and len(out.setdefault(d.kind, [])) < 6:
                    out[d.kind].append(g.copy())
                g.answer(d.players[0], d.random_answer(rng, d.players[0]))
    return out


KEYED = {"bring_to_court", "move_scoreboard", "move_caballeros"}
POSITIONS = _positions(KEYED | {"place_caballeros", "send_caballeros", "choose_region"})


def _with_junk(kind: str, answer: Any, key: str) -> Any:
    """``answer`` with one key it does not know (on each move of a move list)."""
    if kind == "move_caballeros":
        return [{**m, key: 1} for m in answer] or [{"from": "x", "to": "y", key: 1}]
    if kind == "bring_to_court" and isinstance(answer, int):
        return {"provinces": answer, "regions": {}, key: 1}
    return {**answer, key: 1}


@pytest.mark.parametrize("kind", sorted(KEYED))
@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data(), key=st.sampled_from(["junk", "note", "x", "player ", "N", "Player"]))
def test_b4_b6_b8_an_answer_with_an_unknown_key_is_refused_and_changes_nothing(
        kind: str, data: st.DataObject, key: str) -> None:
    """B4.1 (court), B6.9 (mobile scoreboard), B8.2 (moves): a legal answer with one key
    more is refused with the form's rule; state, history and log are as they were."""
    assert POSITIONS.get(kind), f"no {kind} decision met"
    g = data.draw(st.sampled_from(POSITIONS[kind])).copy()
    d = g.pending
    assert d is not None and d.kind == kind
    p = d.players[0]
    good = d.random_answer(random.Random(data.draw(st.integers(0, 99))), p)
    before = json.dumps(g.to_json(), sort_keys=True)
    with pytest.raises(IllegalMove) as exc:
        g.answer(p, _with_junk(kind, good, key))
    assert exc.value.rule in {"B4.1", "B6.9", "B8.2", d.rule}
    assert json.dumps(g.to_json(), sort_keys=True) == before
    g.answer(p, good)  # the answer without the key is taken


def test_b6_9_a_scoreboard_answer_with_an_extra_key_is_not_recorded() -> None:
    g = POSITIONS["move_scoreboard"][0].copy()
    d = g.pending
    assert d is not None
    answer = {**d.legal_answers()[0], "junk": True}  # type: ignore[index]
    n = len(g.history)
    with pytest.raises(IllegalMove, match="junk") as exc:
        g.answer(d.players[0], answer)
    assert exc.value.rule == "B6.9" and len(g.history) == n


def test_a_module_may_declare_more_keys_for_a_kind() -> None:
    """The known keys are a registry (``answer_keys``): a key a rules module declares
    passes the check (and stays in the normal form); others are still refused."""
    d = Decision("move_scoreboard", [0], "", {"moves": {"8-4-0": ["aragon"]}}, "B6.9")
    with pytest.raises(IllegalMove):
        d.check({"scoreboard": "8-4-0", "to": "aragon", "test_only_key": 1})
    saved = dec.ANSWER_KEYS["move_scoreboard"]
    try:
        dec.answer_keys("move_scoreboard", "test_only_key")
        assert d.check({"scoreboard": "8-4-0", "to": "aragon", "test_only_key": 1}) == {
            "scoreboard": "8-4-0", "to": "aragon", "test_only_key": 1}
        with pytest.raises(IllegalMove):
            d.check({"scoreboard": "8-4-0", "to": "aragon", "other": 1})
    finally:
        dec.ANSWER_KEYS["move_scoreboard"] = saved


@pytest.mark.parametrize("kind", sorted(POSITIONS))
def test_check_gives_the_normal_form_legal_answers_list(kind: str) -> None:
    """``Decision.check`` of a listed or drawn answer is that answer (plain JSON data), and
    checking the normal form again gives it back."""
    rng = random.Random(5)
    for g in POSITIONS[kind]:
        d = g.pending
        assert d is not None
        p = d.players[0]
        for a in d.legal_answers(p) or []:
            assert d.check(a, p) == a
        for _ in range(10):
            a = d.random_answer(rng, p)
            norm = d.check(a, p)
            assert json.loads(json.dumps(norm)) == norm
            assert d.check(norm, p) == norm


@pytest.mark.parametrize("name", sorted(SETS))
def test_events_of_whole_games_are_json_data(name: str) -> None:
    """Every event of a whole game (2 seeds) dumps to JSON without a ``default`` and
    loads back equal (no tuple, object or exception inside)."""
    kinds: set[str] = set()
    for seed in (1, 2):
        g = _game(name, seed)
        rng = random.Random(seed)
        while g.pending is not None:
            d = g.pending
            events = g.answer(d.players[0], d.random_answer(rng, d.players[0]))
            text = json.dumps(events)
            assert json.loads(text) == events
            kinds.update(e["event"] for e in events)
    assert "general_scoring" in kinds and "game_over" in kinds


def test_b6_scoring_events_hold_the_structured_result_as_data() -> None:
    """B6: a general scoring event carries discs, the Castillo's scoring, the Castillo
    moves and each region's lines as dicts; the points add up to the score change."""
    g = _game("base", 1)
    rng = random.Random(1)
    while g.pending is not None:
        d = g.pending
        before = list(g.state.scores)
        events = g.answer(d.players[0], d.random_answer(rng, d.players[0]))
        for e in events:
            if e["event"] == "general_scoring":
                r = e["result"]
                assert set(r) == {"discs", "castillo", "moves", "regions", "grandes"}
                gained = [0] * len(g.names)
                for rs in (r["castillo"], *r["regions"]):
                    for ln in rs["lines"]:
                        if ln["participant"] >= 0:
                            gained[ln["participant"]] += ln["points"] + sum(
                                b for _, b in ln["bonuses"])
                after = [s - b for s, b in zip(g.state.scores, before, strict=True)]
                assert gained == after
                return
    raise AssertionError("no general scoring")  # pragma: no cover


def _first(kind: str) -> Game:
    """The first decision of ``kind`` in a seeded base game."""
    g, rng = new_game(3, seed=3), random.Random(3)
    while g.pending is not None and g.pending.kind != kind:
        d = g.pending
        g.answer(d.players[0], d.random_answer(rng, d.players[0]))
    return g


@pytest.mark.rule("B4.4", "B4.3")
def test_b4_4_ints_past_one_digit_are_checked_as_any_other() -> None:
    """The fast tests of a common int answer stop at ``SMALL_INT`` (CPython's one-digit
    ints); an int past it is still an answer up to ``MAX_INT`` (refused by the kind, as
    any wrong count or card) and refused as too large past it; the game is unchanged."""
    big = dec.SMALL_INT + 1
    g = _first("choose_power_card")
    d = g.pending
    assert d is not None
    before = json.dumps(g.to_json(), sort_keys=True)
    for answer, words in ((big, "not one of the allowed"), (dec.MAX_INT, "not one of"),
                          (dec.MAX_INT + 1, "too large"), (-1, "not one of")):
        with pytest.raises(IllegalMove, match=words):
            g.answer(d.players[0], answer)
    assert json.dumps(g.to_json(), sort_keys=True) == before
    g = _first("place_caballeros")
    d = g.pending
    assert d is not None and len(d.options["to"]) > 1
    first, last = d.options["to"][0], d.options["to"][-1]
    before = json.dumps(g.to_json(), sort_keys=True)
    for count, words in ((big, "at most"), (dec.MAX_INT, "at most"),
                         (dec.MAX_INT + 1, "too large"), (-1, "whole numbers >= 0")):
        with pytest.raises(IllegalMove, match=words):
            g.answer(d.players[0], {first: count})
    assert json.dumps(g.to_json(), sort_keys=True) == before
    g.answer(d.players[0], {first: 1, last: 0})
    assert g.history[-1]["answer"] == {first: 1, last: 0}  # kept as given
