"""Answers: whatever a caller sends, ``game.answer`` either accepts it or
raises :class:`IllegalMove` and leaves ``game.to_json()`` exactly as it was. Seats, counts
and option indices are ``int`` only: never ``True`` or ``1.0``; huge integers are refused,
not turned into a ``ValueError`` by the refusal message.

Positions come from seeded random games (base game, and base + Colonies), one snapshot
at many decisions, so every decision kind met in real games is tried.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from conftest import examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from elgrande.engine.decisions import shown
from elgrande.errors import IllegalMove
from elgrande.play.game import Game, new_game

HUGE = 10 ** 5000


def _positions() -> dict[str, list[Game]]:
    out: dict[str, list[Game]] = {}
    for sets in (("base",),):  # expansion games: their own property tests (need a fill)
        for seed in range(6):
            g = new_game(3 + seed % 3, sets=sets, seed=seed, logging=False)
            rng = random.Random(seed)
            while g.pending is not None:
                d = g.pending
                bucket = out.setdefault(d.kind, [])
                if len(bucket) < 12 and (not bucket or rng.random() < 0.3):
                    bucket.append(g.copy())
                g.answer(d.players[0], d.random_answer(rng, d.players[0]))
    return out


POSITIONS = _positions()
KINDS = sorted(POSITIONS)

huge = st.integers(min_value=4400, max_value=5000).map(lambda k: (-1) ** k * 10 ** k)
scalars = st.one_of(
    st.integers(), st.integers(min_value=-3, max_value=20), huge,
    st.floats(allow_nan=True), st.booleans(), st.none(), st.text(max_size=12),
    st.sampled_from(["aragon", "castillo", "court", "provinces", "8-4-0", "regions",
                     "from", "to", "n", "player", "scoreboard", "0", "1"]),
)
garbage = st.recursive(
    scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4),
        st.dictionaries(st.one_of(st.text(max_size=10),
                                  st.sampled_from(["from", "to", "n", "player", "provinces",
                                                   "regions", "scoreboard", "aragon"])),
                        inner, max_size=4)),
    max_leaves=12,
)


def test_every_decision_kind_of_the_base_game_is_tried() -> None:
    for k in ("choose_power_card", "bring_to_court", "choose_action_card", "choose_option",
              "place_caballeros", "secret_region", "choose_region", "move_caballeros",
              "move_scoreboard"):
        assert k in POSITIONS, k


def _fire(game: Game, player: Any, answer: Any) -> None:
    before = json.dumps(game.to_json(), sort_keys=True, default=str)
    try:
        game.answer(player, answer)
    except IllegalMove as exc:
        assert exc.rule
        after = json.dumps(game.to_json(), sort_keys=True, default=str)
        assert after == before
    else:  # accepted: then it was a legal answer by a real seat
        assert type(player) is int


@pytest.mark.parametrize("kind", KINDS)
@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_any_answer_is_accepted_or_refused_as_illegal_move_state_unchanged(
        kind: str, data: st.DataObject) -> None:
    base = data.draw(st.sampled_from(POSITIONS[kind]))
    game = base.copy()
    d = game.pending
    assert d is not None
    player = data.draw(st.one_of(st.sampled_from(d.players), scalars))
    _fire(game, player, data.draw(garbage))


@pytest.mark.parametrize("kind", KINDS)
def test_huge_integers_in_answers_are_refused_as_illegal_move(kind: str) -> None:
    for base in POSITIONS[kind][:3]:
        d = base.pending
        assert d is not None
        for answer in (HUGE, -HUGE, [HUGE], {"aragon": HUGE}, {HUGE: 1},
                       [{"from": HUGE, "to": "aragon"}], {"provinces": HUGE},
                       {"scoreboard": HUGE, "to": HUGE}):
            game = base.copy()
            before = game.to_json()
            with pytest.raises(IllegalMove):
                game.answer(d.players[0], answer)
            assert game.to_json() == before


@pytest.mark.parametrize("seat", [True, False, 1.0, 0.0, "0", None, HUGE, [0]],
                         ids=["True", "False", "1.0", "0.0", "str", "None", "huge", "list"])
def test_a_seat_is_an_int_never_a_bool_or_float(seat: Any) -> None:
    game = new_game(3, seed=2, logging=False)
    d = game.pending
    assert d is not None
    answer = d.legal_answers()[0]  # type: ignore[index]
    before = game.to_json()
    with pytest.raises(IllegalMove, match="seat"):
        game.answer(seat, answer)
    if seat is not None:  # None means "the first who must answer" (Decision.check)
        with pytest.raises(IllegalMove, match="seat"):
            d.check(answer, seat)
    assert game.to_json() == before
    assert game.history == []


def test_shown_is_safe_for_huge_and_deep_values() -> None:
    deep: Any = 0
    for _ in range(10_000):
        deep = [deep]
    assert "large" in shown(HUGE)
    assert len(shown(deep)) <= 60
    assert shown({"a": [1, 2]}) == "{'a': [1, 2]}"


def test_the_history_keeps_a_plain_copy_of_each_answer() -> None:
    """An accepted answer is kept as plain JSON data, copied: changing the caller's object
    afterwards changes nothing, and objects that are not data are refused (B4.4)."""
    game = new_game(3, seed=2, logging=False)
    while game.pending is not None and game.pending.kind != "place_caballeros":
        d = game.pending
        game.answer(d.players[0], d.random_answer(random.Random(0), d.players[0]))
    d = game.pending
    assert d is not None
    before = game.to_json()
    for odd in ({"aragon": object()}, {1, 2}, {("a",): 1}, float("nan")):
        with pytest.raises(IllegalMove):
            game.answer(d.players[0], odd)
        assert game.to_json() == before
    answer: dict[str, int] = {}
    game.answer(d.players[0], answer)
    answer["aragon"] = 5
    assert game.history[-1]["answer"] == {}
    json.dumps(game.history)
