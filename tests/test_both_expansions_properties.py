"""Whole-game properties of Intrigue & the King with the Colonies (hypothesis; RULES.md
X1-X3): random games of 2-5 players with the shipped provisional fill. After every answer: 36
caballeros per player are conserved (B1.1, C1), the 4 black ones too, each player's chosen
cards stay partitioned between hand and face-up discards (I1, I7), at most two players a
round hold a taken card, each a different one (X2); a refused answer cites a rule and
changes nothing; copies are independent, JSON round trips and record replays are
identical; views hide the other players' hands and unrevealed choices (B8.5a, I1). Few
examples: these games are long.
"""

from __future__ import annotations

import json
import random

from conftest import examples
from hypothesis import given, settings
from hypothesis import strategies as st
from test_both_expansions import FILL, SETS
from test_game_properties import GAMES, _bad_answers, play, seed_st

from elgrande.errors import IllegalMove
from elgrande.play.game import Game, new_game
from elgrande.play.records import record_lines, replay
from elgrande.rules import intrigue_king as ik

FEW = settings(GAMES, max_examples=examples(4, 1))
players_st = st.integers(2, 5)


def x_play(players: int, seed: int, answer_seed: int, before: object = None,
           after: object = None) -> Game:
    """A random game of both expansions, checking the invariants after every answer."""
    game = new_game(players, sets=SETS, fill=FILL, seed=seed, logging=False)
    chosen: list[list[int]] = []
    b = game.library.board
    assert b.caballeros_per_player == 36

    def invariants(game: Game, scores: list[int]) -> None:
        s = game.state
        assert s.conservation_errors(b) == []                                   # B1.1
        assert sum(s.neutral) == b.neutral_caballeros                           # C1
        assert all(a >= c for a, c in zip(s.scores, scores, strict=True))
        if not chosen and any(s.hands):
            chosen.extend(sorted(h) for h in s.hands)
        if chosen:                                                              # I1, I7
            assert [sorted(s.hands[q] + s.discards[q]) for q in range(players)] == chosen
        takes = ik.takes(s)                                                     # X2
        assert len(takes) <= 2
        assert len({c for _, c, _ in takes}) == len({q for q, _, _ in takes}) == len(takes)

    return play(players, "standard", seed, answer_seed, before=before,  # type: ignore[arg-type]
                after=after, game=game, invariants=invariants)  # type: ignore[arg-type]


@FEW
@given(players=players_st, seed=seed_st, answer_seed=seed_st)
def test_X1_X3_invariants_copy_json_and_record_replay(players: int, seed: int,
                                                      answer_seed: int) -> None:
    """X1-X3, B1.1: the invariants hold; the record replays to the same state and flow."""
    game = x_play(players, seed, answer_seed)
    assert game.over
    again = replay(record_lines(game), logging=False)
    assert again.state.to_json() == game.state.to_json()
    assert again.flow.to_json() == game.flow.to_json()


@FEW
@given(players=players_st, seed=seed_st, answer_seed=seed_st, every=st.integers(1, 6))
def test_X2_refused_answers_change_nothing(players: int, seed: int, answer_seed: int,
                                          every: int) -> None:
    """X1-X3, DESIGN.md 3: refused answers raise IllegalMove and leave to_json unchanged
    (the take decision's taken cards too); copies are independent; JSON round trips."""
    kinds: set[str] = set()

    def before(game: Game, i: int) -> None:
        d = game.pending
        assert d is not None
        rule = d.rule or ""
        if i % every and d.kind in kinds and rule != ik.TAKE_RULE:
            return
        kinds.add(d.kind)
        p = d.players[0]
        snapshot = json.dumps(game.to_json(), sort_keys=True)
        bad = _bad_answers(game, d, p)
        if rule == ik.TAKE_RULE:
            bad += list(d.options["why"])
        for a in bad:
            try:
                game.answer(p, a)
            except IllegalMove as exc:
                assert exc.rule[:1] in "BICX", (exc.rule, exc.message)
            else:
                raise AssertionError(f"{d.kind}: {a!r} of player {p} was accepted")
            assert json.dumps(game.to_json(), sort_keys=True) == snapshot
        c = game.copy()
        if c.pending is not None:
            c.answer(c.pending.players[0], c.pending.random_answer(random.Random(i)))
        assert json.dumps(game.to_json(), sort_keys=True) == snapshot
        rebuilt = Game.from_json(json.loads(snapshot))
        assert json.dumps(rebuilt.to_json(), sort_keys=True) == snapshot

    x_play(players, seed, answer_seed, before=before)
    assert {"choose_cards", "choose_power_card", "secret_region"} <= kinds


@FEW
@given(players=players_st, seed=seed_st, answer_seed=seed_st)
def test_X1_views_hide_hands_and_unrevealed_choices(players: int, seed: int,
                                                    answer_seed: int) -> None:
    """B8.5a, I1: a view shows the viewer's hand only, no other player's secret answer
    (deck choice, setup disc, scoring disc), the stacks sorted; played cards and the taken
    cards are public."""
    def after(game: Game, i: int) -> None:
        d = game.pending
        if d is None or not (d.kind in ("secret_region", "choose_cards") or i % 30 == 0):
            return
        for v in range(players):
            view = game.view(v)
            hands = view["state"]["hands"]
            assert hands[v] == game.state.hands[v]
            assert all(h is None for q, h in enumerate(hands) if q != v)
            assert view["state"]["discards"] == game.state.discards
            assert set(view["flow"]["secret"]) <= {str(v)}
            assert all(s == sorted(s) for s in view["state"]["stacks"])
            assert ik.takes(game.state) == [list(t) for t in (
                (view["state"]["ext"].get(ik.EXT) or {}).get("takes") or [])]
            json.dumps(view)

    x_play(players, seed, answer_seed, after=after)
