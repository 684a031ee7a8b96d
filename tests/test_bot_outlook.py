"""B6.5-B6.9, B5.3, C8, C9: the greedy bots' outlook sums the points each place would pay
now exactly as scoring a copy of the state with ``score_region`` does."""

from __future__ import annotations

import random
from typing import Any

import pytest

from elgrande.model.scoring import score_region
from elgrande.model.state import State
from elgrande.play.game import Game, new_game
from elgrande.players.simple import outlook


def reference_outlook(state: State, game: Game, player: int) -> float:
    """The outlook as the greedy bot computed it first: every region and the Castillo
    scored on a copy of the state."""
    b = game.library.board
    scratch = state.copy()
    for r in (*b.scoring_order, b.castillo):
        score_region(scratch, b, r)
    mine = scratch.scores[player]
    others = [scratch.scores[q] for q in range(state.players) if q != player]
    return mine - (max(others) if others else 0)


@pytest.mark.parametrize("sets,players,seed", [
    (("base",), 2, 1), (("base",), 3, 2), (("base",), 5, 3), (("base", "colonies"), 4, 4),
    (("base", "intrigue-king"), 3, 5), (("base", "intrigue-king", "colonies"), 5, 6)])
def test_B6_5_outlook_equals_scoring_a_copy(sets: tuple[str, ...], players: int,
                                            seed: int) -> None:
    g = new_game(players, sets=sets, seed=seed, logging=False,
                 fill="provisional" if len(sets) > 1 else None)
    rng = random.Random(seed)
    seen_neutral = 0
    memo: dict[Any, Any] = {}  # kept over the whole game: its keys say what decides
    while g.pending is not None:
        st = g.state
        for p in range(players):
            want = reference_outlook(st, g, p)
            assert outlook(st, g, p) == want
            assert outlook(st, g, p, memo) == want
        seen_neutral += any(st.neutral)
        d = g.pending
        g.answer(d.players[0], d.random_answer(rng, d.players[0]))
    if "colonies" in sets:
        assert seen_neutral  # neutral caballeros ranked (C9)


def test_C8_outlook_with_a_holder_of_the_neutral_caballeros_a_scoreboard_king_grande(
        ) -> None:
    g = new_game(4, sets=("base", "colonies"), seed=8, logging=False, fill="provisional")
    rng = random.Random(8)
    for _ in range(60):
        assert g.pending is not None
        d = g.pending
        g.answer(d.players[0], d.random_answer(rng, d.players[0]))
    st = g.state
    b = g.library.board
    region = b.scoring_order[0]
    memo: dict[Any, Any] = {}
    st.scoreboards[0] = region  # its values, not the printed ones (B6.9)
    st.king = region
    st.grandes[1] = region
    for holder in (-1, 0, 2):  # unheld, then held by a player (their count grows)
        st.neutral_holder = holder
        for counts, neutral in (([3, 0, 3, 1], 3), ([1, 4, 0, 0], 2), ([0, 2, 0, 0], 2),
                                ([0, 5, 0, 0], 0), ([0, 0, 0, 0], 1)):
            st.neutral[region] = neutral
            st.caballeros[region] = counts
            for p in range(4):
                want = reference_outlook(st, g, p)
                assert outlook(st, g, p) == want, (holder, counts)
                assert outlook(st, g, p, memo) == want, (holder, counts)


def test_B6_5_a_greedy_bot_kept_over_games_of_other_boards_answers_as_a_fresh_memo() -> None:
    from elgrande.players.simple import GreedyBot

    kept, fresh = GreedyBot(4), GreedyBot(4)
    for sets in (("base",), ("base", "colonies"), ("base",)):
        g = new_game(4, sets=sets, seed=2, logging=False,
                     fill="provisional" if len(sets) > 1 else None)
        for _ in range(80):
            assert g.pending is not None
            p = g.pending.players[0]
            fresh._memo = {}  # the memo is a cache: the answers never depend on it
            a = kept.answer(g.lazy_view(p))
            assert fresh.answer(g.lazy_view(p)) == a
            g.answer(p, a)
