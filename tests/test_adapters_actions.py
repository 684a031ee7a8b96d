"""The integer action encoding (elgrande.adapters.actions): exact masks, one-to-one with the
engine's normalised answers, over decisions drawn from real seeded games (B3.4: every
decision of every kind).

Proofs used:
- small decisions: every action sequence the masks allow (enumerated depth-first) ends in
  an answer ``decision.check`` accepts, never dead-ends, and the set of those sequences
  equals the encodings of ``legal_answers()`` (or, for moves, of every answer a brute
  force enumerates): the mask lets in exactly the completable actions;
- large decisions: at every step of a random walk, every masked-in action has a legal
  completion (a witness walk), and ``encode`` of a random legal answer is a masked path.
"""

from __future__ import annotations

import itertools
import random
from typing import Any

from conftest import examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from elgrande.adapters.actions import ActionSpace, AnswerBuilder, encode
from elgrande.engine.decisions import Decision
from elgrande.errors import IllegalMove
from elgrande.play.game import Game, new_game

ENUM_CAP = 400


def _enumerate(b: AnswerBuilder, leaves: list[AnswerBuilder]) -> bool:
    """Every completion reachable through the masks (False when more than ENUM_CAP)."""
    if len(leaves) > ENUM_CAP:
        return False
    if b.complete:
        leaves.append(b)
        return True
    legal = b.legal_actions()
    assert legal, f"dead end: {b.decision.kind} {b.decision.options} after {b.actions}"
    for a in legal:
        c = b.copy()
        c.apply(a)
        if not _enumerate(c, leaves):
            return False
    return True


def _witness(b: AnswerBuilder) -> Any:
    """Complete ``b`` by always taking DONE when legal, else the first legal action."""
    b = b.copy()
    while not b.complete:
        legal = b.legal_actions()
        assert legal, f"dead end: {b.decision.kind} {b.decision.options} after {b.actions}"
        b.apply(b.space.done if b.space.done in legal else legal[0])
    return b.answer()


def _brute_moves(d: Decision, p: int) -> list[list[dict[str, Any]]] | None:
    """Every move answer with unit counts up to the bounds (None when too many)."""
    o = d.options
    which = o.get("which") or {}
    cells = []  # (source, player, destination, the kind's key and value or None)
    for s, owners in o["sources"].items():
        for w in owners:
            key, kinds = which.get(s, {}).get(w, ("", [[None, 0]]))
            for value, _n in (kinds if len(kinds) > 1 else [[None, 0]]):
                cells += [(s, int(w), t, (key, value) if len(kinds) > 1 else None)
                          for t in o["to"] if t != s]
    top = min(o["max"], sum(n for owners in o["sources"].values() for n in owners.values()))
    out: list[list[dict[str, Any]]] = []
    for k in range(top + 1):
        for combo in itertools.combinations_with_replacement(range(len(cells)), k):
            m: dict[int, int] = {}
            for c in combo:
                m[c] = m.get(c, 0) + 1
            out.append([{"from": cells[c][0], "player": cells[c][1], "to": cells[c][2],
                         "n": n, **dict([cells[c][3]] if cells[c][3] else [])}
                        for c, n in m.items()])
            if len(out) > 20_000:
                return None
    return out


def _check_decision(space: ActionSpace, d: Decision, p: int, rng: random.Random) -> str:
    """All the properties for one decision; returns how it was proved."""
    # a random walk: masks never empty, every masked-in action completable, answer legal
    b = AnswerBuilder(space, d, p)
    while not b.complete:
        legal = b.legal_actions()
        assert legal
        assert b.mask() == [a in legal for a in range(space.size)]
        for a in legal:
            c = b.copy()
            c.apply(a)
            d.check(_witness(c), p)
        b.apply(rng.choice(legal))
    d.check(b.answer(), p)
    assert encode(space, d, p, b.answer()) == b.actions
    # encode(a random legal answer) is a masked path back to the same answer
    seq = encode(space, d, p, d.random_answer(rng, p))
    b = AnswerBuilder(space, d, p)
    for a in seq:
        assert a in b.legal_actions()
        b.apply(a)
    assert b.complete and encode(space, d, p, b.answer()) == seq
    # small decisions: the masked sequences are exactly the legal answers
    leaves: list[AnswerBuilder] = []
    if not _enumerate(AnswerBuilder(space, d, p), leaves):
        return "walk"
    seqs = [tuple(x.actions) for x in leaves]
    assert len(set(seqs)) == len(seqs)
    for x in leaves:
        d.check(x.answer(), p)
    listed = d.legal_answers(p)
    if listed is None and d.kind == "move_caballeros":
        listed = _brute_moves(d, p)
    if listed is None:
        return "enumerated"
    legal_seqs = set()
    for a in listed:
        try:
            legal_seqs.add(tuple(encode(space, d, p, a)))
        except IllegalMove:
            continue
    assert legal_seqs == set(seqs), (d.kind, d.options)
    return "exact"


def _play_and_check(players: int, seed: int, variant: str, every: int,
                    rng: random.Random) -> set[str]:
    g = new_game(players, seed=seed, variant=variant, logging=False)
    space = ActionSpace.for_game(g)
    seen: set[str] = set()
    i = 0
    while g.pending is not None:
        d = g.pending
        rare = d.kind in ("move_caballeros", "send_caballeros", "move_scoreboard",
                          "choose_region", "choose_number", "choose_player")
        if rare or i % every == 0:
            for p in d.players:
                seen.add(f"{d.kind}:{_check_decision(space, d, p, rng)}")
        i += 1
        p = d.players[0]
        g.answer(p, d.random_answer(rng, p))
    return seen


@settings(max_examples=examples(12, 3), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(2, 5), seed=st.integers(0, 2**16),
       variant=st.sampled_from(["standard", "short", "six_rounds"]))
def test_masks_are_exact_over_random_decisions_of_real_games(players: int, seed: int,
                                                             variant: str) -> None:
    """B3.4: every masked-in action can be completed to a legal answer, every mask path ends
    in a legal answer, and encode/decode are inverse, on decisions of a seeded game."""
    seen = _play_and_check(players, seed, variant, every=7, rng=random.Random(seed))
    assert any(s.startswith("choose_power_card") for s in seen)


def test_every_decision_kind_met_in_seeded_games_is_encoded_exactly() -> None:
    """B3.4: over a few seeded games every common decision kind was met and proved exact
    (the answers listed by the engine are exactly the masked sequences)."""
    seen: set[str] = set()
    for seed in range(3):
        seen |= _play_and_check(4, seed, "standard", every=3, rng=random.Random(seed))
    for kind in ("choose_option", "choose_power_card", "choose_action_card", "secret_region",
                 "place_caballeros", "bring_to_court"):
        assert f"{kind}:exact" in seen, sorted(seen)
    assert any(s.startswith("move_caballeros") for s in seen), sorted(seen)


def test_move_mask_is_exact_on_a_constructed_single_source_move() -> None:
    """B8.2: a one-source move with a minimum: the masks allow exactly the legal moves."""
    d = Decision("move_caballeros", [0], "", {
        "sources": {"aragon": {"0": 2, "1": 1}, "galicia": {"0": 2}},
        "to": ["aragon", "galicia", "basque"], "min": 2, "max": 3, "single_source": True})
    space = ActionSpace.for_board(new_game(2, seed=0, logging=False).library.board, 2)
    assert _check_decision(space, d, 0, random.Random(0)) == "exact"


def test_all_move_mask_forces_every_caballero_out() -> None:
    """B8.2 ("all"): DONE is masked out until every listed caballero has moved."""
    d = Decision("move_caballeros", [0], "", {
        "sources": {"aragon": {"0": 2}}, "to": ["galicia", "basque"], "min": 0, "max": 9,
        "all": True})
    space = ActionSpace.for_board(new_game(2, seed=0, logging=False).library.board, 2)
    b = AnswerBuilder(space, d, 0)
    assert b.legal_actions() == [space.source("aragon", 0)]
    assert _check_decision(space, d, 0, random.Random(1)) == "exact"


def test_action_space_size_is_fixed_per_configuration() -> None:
    """The layout depends only on the board and the player count."""
    a = ActionSpace.for_game(new_game(4, seed=1, logging=False))
    b = ActionSpace.for_game(new_game(4, seed=2, logging=False, variant="short"))
    assert a == b and a.size == b.size
    assert a.describe(a.done) == "DONE"
    assert a.describe(a.loc("castillo")).startswith("LOC castillo")
    assert a.describe(a.source("aragon", -1)) == "FROM aragon neutral"
    assert ActionSpace.for_game(new_game(5, seed=1, logging=False)).size > a.size


def test_game_from_view_keeps_views_independent() -> None:
    """B8.5a: the adapters copy what from_view builds (it shares the view's lists)."""
    g = new_game(4, seed=0, logging=False)
    v = g.view(g.pending.players[0])
    h = Game.from_view(v, random.Random(0)).copy()
    p = h.pending.players[0]
    h.answer(p, h.pending.legal_answers(p)[0])
    assert v["state"]["bids"] == g.view(p)["state"]["bids"]


def test_random_single_source_move_draws_from_a_source_that_can_meet_the_minimum() -> None:
    """B8.2: a one-source move with a minimum: a random answer is always legal, even when
    some sources hold fewer caballeros than the minimum."""
    d = Decision("move_caballeros", [0], "", {
        "sources": {"aragon": {"0": 1}, "galicia": {"0": 3}, "basque": {"1": 1}},
        "to": ["aragon", "galicia", "basque", "valencia"], "min": 2, "max": 3,
        "single_source": True})
    for seed in range(60):
        moves = d.check(d.random_answer(random.Random(seed), 0), 0)
        assert {m["from"] for m in moves} == {"galicia"} and 2 <= sum(m["n"] for m in moves) <= 3


def test_C11_the_longest_option_list_of_the_shipped_sets_fits_the_pick_slots() -> None:
    """C11: a relocation decision may offer 41 options (5 players and the black caballeros);
    the fixed action space encodes every one of them exactly, never raising."""
    g = new_game(5, sets=("base", "colonies"), fill="provisional", seed=0, logging=False)
    d = Decision("choose_option", [0], "", {"labels": [f"option {i}" for i in range(41)]},
                 "C11")
    space = ActionSpace.for_game(g)
    assert space.picks >= 41
    assert _check_decision(space, d, 0, random.Random(2)) == "exact"


def test_I1_the_card_choice_is_encoded_as_increasing_picks_then_done() -> None:
    """I1: a player's choice of cards is PICK per card kept (increasing), then DONE at the
    count: every masked path ends in an answer the engine accepts, encode is its inverse."""
    g = new_game(3, sets=("base", "intrigue-king"), seed=1, fill="provisional", logging=False)
    d = g.pending
    assert d is not None and d.kind == "choose_cards"
    space = ActionSpace.for_game(g)
    assert _check_decision(space, d, 1, random.Random(3)) == "walk"
    small = Decision("choose_cards", [0], "", {"per_player": {"0": [10, 20, 30, 40]},
                                                "count": 2}, "I1")
    assert _check_decision(space, small, 0, random.Random(4)) == "enumerated"


def test_C4_a_placement_mask_keeps_to_a_places_room() -> None:
    """C4: a place with room for one more caballero takes one at most in the mask, and a
    minimum the others cannot reach without it is kept."""
    d = Decision("place_caballeros", [0], "", {
        "to": ["aragon", "galicia"], "min": 2, "max": 3,
        "room": {"aragon": [1, "C4", "full"], "galicia": [1, "C4", "full"]}})
    space = ActionSpace.for_board(new_game(2, seed=0, logging=False).library.board, 2)
    assert _check_decision(space, d, 0, random.Random(5)) == "exact"
    b = AnswerBuilder(space, d, 0)
    first, second = sorted(["aragon", "galicia"], key=space.locations.index)
    b.apply(space.loc(first))
    assert b.legal_actions() == [space.loc(second)]
