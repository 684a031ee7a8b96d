"""B8.5a: a player's view does not depend on what that player may not see, so a bot that
uses only ``view()`` cannot use hidden information."""

from __future__ import annotations

import json
import random

from elgrande.play.game import Game, new_game
from elgrande.players.bots import GreedyBot


def _to_disc_scoring(seed: int) -> Game:
    g = new_game(4, seed=seed, logging=False)
    rng = random.Random(seed)
    while g.pending is not None and g.flow.phase != "discs":
        d = g.pending
        g.answer(d.players[0], d.random_answer(rng, d.players[0]))
    return g


def test_B8_5a_view_ignores_stack_order_and_others_secret_discs() -> None:
    g = _to_disc_scoring(3)
    d = g.pending
    assert d is not None and d.kind == "secret_region" and len(d.players) == 4
    g.answer(0, "aragon")  # player 0's disc, hidden from the others
    before = json.dumps(g.view(1), sort_keys=True)
    other = g.copy()
    other.flow.secret = {**other.flow.secret, "0": "galicia"}  # a different hidden disc
    for i, stack in enumerate(other.state.stacks):  # a different hidden stack order
        other.state.set_stack(i, stack[::-1])
    assert json.dumps(other.view(1), sort_keys=True) == before
    assert json.dumps(other.view(0), sort_keys=True) != json.dumps(g.view(0), sort_keys=True)


def test_B8_5a_greedy_bot_answers_the_same_whatever_is_hidden() -> None:
    g = _to_disc_scoring(5)
    g.answer(0, "granada")
    other = g.copy()
    other.flow.secret = {**other.flow.secret, "0": "seville"}  # replaced: shared with g
    for i, stack in enumerate(other.state.stacks):
        other.state.set_stack(i, stack[::-1])
    a = GreedyBot(seed=9).answer(g.view(1))
    b = GreedyBot(seed=9).answer(other.view(1))
    assert a == b


def _hidden_variant(g: Game, viewer: int, rng: random.Random) -> Game:
    """A copy of ``g`` that differs only in what ``viewer`` may not see: the order of the
    action stacks, the other players' hands, their unrevealed secret choices."""
    other = g.copy()
    st = other.state  # the lists a copy shares are changed by the State's methods only
    for i, stack in enumerate(st.stacks):
        row = stack.copy()
        rng.shuffle(row)
        row.reverse()
        st.set_stack(i, row)
    for q in range(st.players):
        if q != viewer:
            st.set_hand(q, [v + 100 for v in st.hands[q]] + [999])
    other.flow.secret = {k: v if k == str(viewer) else "somewhere-else"
                         for k, v in other.flow.secret.items()}  # replaced whole
    run = other.flow.run
    if run is not None:
        for k in list(run.secret):
            if k != str(viewer):
                run.secret[k] = "somewhere-else"
    return other


def test_B8_5a_views_hold_nothing_from_which_hidden_things_follow() -> None:
    """Two games that differ only in hidden things give equal views, at many points of
    many games; no view holds a seed."""
    checked = 0
    for seed in range(6):
        g = new_game(2 + seed % 4, seed=seed, logging=False)
        rng = random.Random(seed)
        step = 0
        while g.pending is not None:
            if step % 7 == 0:
                for viewer in range(g.state.players):
                    view = g.view(viewer)
                    assert "seed" not in view["header"]
                    other = _hidden_variant(g, viewer, random.Random(step))
                    assert json.dumps(other.view(viewer), sort_keys=True) == \
                        json.dumps(view, sort_keys=True)
                    # a bot's game drawn from a lazy view (from copies of the pieces) is
                    # as blind to them as one drawn from the view's JSON
                    drawn = Game.from_view(g.lazy_view(viewer), random.Random(step))
                    assert Game.from_view(other.lazy_view(viewer), random.Random(
                        step)).to_json() == drawn.to_json()
                    checked += 1
            d = g.pending
            g.answer(d.players[0], d.random_answer(rng, d.players[0]))
            step += 1
    assert checked > 100


def test_B8_5a_a_view_still_shows_the_players_own_things() -> None:
    g = new_game(3, seed=2, logging=False)
    other = g.copy()
    other.state.set_hand(0, other.state.hands[0][1:])
    assert json.dumps(other.view(0), sort_keys=True) != json.dumps(g.view(0), sort_keys=True)


def test_B8_5a_games_started_without_a_seed_give_views_blind_to_hidden_things() -> None:
    """DESIGN's property for games whose seed is drawn from the operating system: two
    games that differ only in hidden things (the stacks, others' hands and secret
    choices, the drawn seed itself) give equal views, and no view holds the seed."""
    checked = 0
    for n in range(3):
        g = new_game(3 + n, logging=False)
        seed = g.header["seed"]
        assert seed > 2**32
        rng = random.Random(n)
        step = 0
        while g.pending is not None:
            if step % 11 == 0:
                for viewer in range(g.state.players):
                    view = json.dumps(g.view(viewer), sort_keys=True)
                    assert str(seed) not in view
                    other = _hidden_variant(g, viewer, random.Random(step))
                    other.header["seed"] = seed ^ (1 << 40)
                    assert json.dumps(other.view(viewer), sort_keys=True) == view
                    checked += 1
            d = g.pending
            g.answer(d.players[0], d.random_answer(rng, d.players[0]))
            step += 1
    assert checked > 50
