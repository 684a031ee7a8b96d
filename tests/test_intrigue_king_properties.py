"""Whole-game properties of Intrigue & the King (hypothesis; RULES.md I1-I7): random games
of 2-5 players (beginner option or not) with the test fill and with the shipped
``provisional`` fill (every card in play, card 35's Grande in the Castillo, I8, I9, and the
compulsory actions of its scripts, I6). After every answer:
caballeros are conserved (B1.1), each player's chosen cards stay partitioned between hand
and face-up discards (I1, I7), scores never go down; a refused answer cites a B or I rule
and changes nothing; copies are independent, JSON round trips and record replays are
identical (DESIGN.md 5, 6); views hide the other players' chosen cards and hands and show
the played cards (I1, I7, B8.5a).
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable

from conftest import examples
from hypothesis import given, settings
from hypothesis import strategies as st
from test_game_properties import GAMES, _bad_answers, play, seed_st
from test_intrigue_king import FILL, SETS

from elgrande.errors import IllegalMove
from elgrande.play.game import Game, new_game
from elgrande.play.records import record_lines, replay

players_st = st.integers(2, 5)
#: The test fill and the shipped one (EXPANSIONS.md 6.3).
fill_st = st.sampled_from([FILL, "provisional"])
Check = Callable[[Game, int], None]


def ik_play(players: int, seed: int, answer_seed: int, beginner: bool = False,
            before: Check | None = None, fill: str = FILL) -> Game:
    """A random Intrigue & the King game with ``fill``, checking the invariants after
    every answer (B1.1, I1, I7; a Grande stands in a mainland region or the Castillo,
    never in the king's region, B1.2, B5.2, I9)."""
    game = new_game(players, sets=SETS, fill=fill, seed=seed, logging=False,
                    beginner=beginner)
    board = game.library.board
    chosen: list[list[int]] = []

    def invariants(game: Game, scores: list[int]) -> None:
        s = game.state
        assert s.conservation_errors(game.library.board) == []                 # B1.1
        assert all(a >= b for a, b in zip(s.scores, scores, strict=True))
        assert all(board.is_region(g) or g == board.castillo for g in s.grandes)
        if not chosen and any(s.hands):
            chosen.extend(sorted(h) for h in s.hands)
        if chosen:                                                              # I1, I7
            assert [sorted(s.hands[q] + s.discards[q]) for q in range(players)] == chosen

    return play(players, "standard", seed, answer_seed, before=before, game=game,
                invariants=invariants)


@GAMES
@given(players=players_st, seed=seed_st, answer_seed=seed_st, beginner=st.booleans(),
       fill=fill_st)
def test_I1_I7_invariants_and_record_replay(players: int, seed: int, answer_seed: int,
                                            beginner: bool, fill: str) -> None:
    """I1, I7, B1.1: the invariants hold in every game; the record replays bit for bit."""
    game = ik_play(players, seed, answer_seed, beginner, fill=fill)
    assert game.over
    again = replay(record_lines(game), logging=False)
    assert again.state.to_json() == game.state.to_json()
    assert again.flow.to_json() == game.flow.to_json()


@GAMES
@given(players=players_st, seed=seed_st, answer_seed=seed_st, every=st.integers(1, 6),
       fill=fill_st)
def test_I3_refused_answers_change_nothing(players: int, seed: int, answer_seed: int,
                                           every: int, fill: str) -> None:
    """I1-I6, DESIGN.md 3: every refused answer raises IllegalMove citing a B or I rule
    and leaves to_json unchanged; copies are independent; JSON round trips are equal."""
    kinds: set[str] = set()

    def before(game: Game, i: int) -> None:
        d = game.pending
        assert d is not None
        if i % every and d.kind in kinds:
            return
        kinds.add(d.kind)
        p = d.players[0]
        snapshot = json.dumps(game.to_json(), sort_keys=True)
        extra = [[], [0] * 13, d.options["per_player"][str(p)][:1]] \
            if d.kind == "choose_cards" else []
        bad = _bad_answers(game, d, p) + extra
        for q in [q for q in (-1, *range(players), players) if q not in d.players][:2]:
            bad_player = (q, d.random_answer(random.Random(i), p))
            try:
                game.answer(*bad_player)
            except IllegalMove as exc:
                assert exc.rule[0] in "BI"
            else:
                raise AssertionError(f"player {q} answered for {d.players}")
        for a in bad:
            try:
                game.answer(p, a)
            except IllegalMove as exc:
                assert exc.rule[0] in "BI", (exc.rule, exc.message)
            else:
                raise AssertionError(f"{d.kind}: {a!r} of player {p} was accepted")
            assert json.dumps(game.to_json(), sort_keys=True) == snapshot
        c = game.copy()
        assert json.dumps(c.to_json(), sort_keys=True) == snapshot
        if c.pending is not None:
            c.answer(c.pending.players[0], c.pending.random_answer(random.Random(i)))
        assert json.dumps(game.to_json(), sort_keys=True) == snapshot
        rebuilt = Game.from_json(json.loads(snapshot))
        assert json.dumps(rebuilt.to_json(), sort_keys=True) == snapshot

    ik_play(players, seed, answer_seed, before=before, fill=fill)
    assert {"choose_cards", "choose_power_card", "secret_region"} <= kinds


@settings(GAMES, max_examples=examples(6))
@given(players=players_st, seed=seed_st, answer_seed=seed_st)
def test_I1_I7_views_with_the_shipped_fill_hide_hands_and_show_played_cards(
        players: int, seed: int, answer_seed: int) -> None:
    """I1, I7, B8.5a, with the shipped provisional fill: in every view after every answer
    the other players' hands (their chosen, unplayed cards) are hidden, the viewer's own
    hand and everybody's played cards are shown, and a card-play decision of another
    player lists no choices; of the secret answers given only the viewer's own show."""

    def before(game: Game, i: int) -> None:
        s = game.state
        for viewer in range(players):
            v = game.view(viewer)
            assert v["state"]["hands"][viewer] == s.hands[viewer]
            assert all(h is None for q, h in enumerate(v["state"]["hands"]) if q != viewer)
            assert v["state"]["discards"] == s.discards
            pend = v["flow"]["pending"]
            if pend and pend["rule"] == "I3" and viewer not in pend["players"]:
                assert pend["options"]["choices"] == []
            assert set(v["flow"]["secret"]) <= {str(viewer)}  # the deck choice, the discs

    game = ik_play(players, seed, answer_seed, before=before, fill="provisional")
    assert game.over and all(len(d) == 9 for d in game.state.discards)
