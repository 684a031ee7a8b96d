"""B8.5a: the lazy view (``Game.lazy_view``) is the full view (``Game.view``) built key by
key, and bots reading it play the same games as with the full view."""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from elgrande.engine.decisions import Decision
from elgrande.play.game import Game, new_game
from elgrande.play.views import KEYS, StaleView, View, pending_decision
from elgrande.players.bots import make_bot

FIXTURES = Path(__file__).parent / "fixtures" / "bot_games"
#: The records tests/fixtures/bot_games/make.py wrote with the full views.
RECORDED = json.loads((FIXTURES / "games.json").read_text())

# (sets, players, seed) of the games whose views are compared at every decision
SETS = [(("base",), 4, 11), (("base", "colonies"), 3, 12), (("base", "intrigue-king"), 4, 13),
        (("base", "intrigue-king", "colonies"), 5, 14)]


def _make() -> Any:
    import importlib.util

    spec = importlib.util.spec_from_file_location("bot_games_make", FIXTURES / "make.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def _game(sets: tuple[str, ...], players: int, seed: int) -> Game:
    return new_game(players, sets=sets, seed=seed, logging=False,
                    fill="provisional" if len(sets) > 1 else None)


def _decisions(g: Game, seed: int) -> Iterator[tuple[int, Decision]]:
    """Each decision of ``g`` with its number, answered at random (seeded) once the
    caller is done with it."""
    rng = random.Random(seed)
    n = 0
    while g.pending is not None:
        d = g.pending
        yield n, d
        g.answer(d.players[0], d.random_answer(rng, d.players[0]))
        n += 1


@pytest.mark.parametrize("sets,players,seed", SETS)
def test_B8_5a_lazy_view_equals_full_view_at_every_decision(
        sets: tuple[str, ...], players: int, seed: int) -> None:
    g = _game(sets, players, seed)
    seen = 0
    for n, d in _decisions(g, seed):
        seen = n
        for p in range(players):
            lazy = g.lazy_view(p)
            full = g.view(p)
            assert dict(lazy) == full and lazy == full
            assert list(lazy) == list(full)  # the same keys in the same order
            assert json.dumps(lazy.to_json()) == json.dumps(full)
            if p in d.players:
                assert lazy.decision is d
                assert pending_decision(lazy).to_json() == pending_decision(full).to_json()
            else:
                assert lazy.decision is None and lazy["pending"] is None
    assert seen > 100


def test_B8_5a_lazy_view_builds_only_what_is_read() -> None:
    g = _game(("base",), 4, 3)
    p = g.pending.players[0] if g.pending else 0
    v = g.lazy_view(p)
    make_bot("random", 1).answer(v)
    assert repr(v) == f"View(player={p}, built=['player'])"  # the bot read the decision
    state = v["flow"] and v["state"]
    assert repr(v) == f"View(player={p}, built=['flow', 'player', 'state'])"  # built together
    assert v["state"] is state and state == g.view(p)["state"]


def test_B8_5a_lazy_view_refuses_a_key_first_read_after_the_game_moved_on() -> None:
    g = _game(("base",), 4, 5)
    d = g.pending
    assert d is not None
    p = d.players[0]
    v = g.lazy_view(p)
    header = v["header"]  # read before the answer: kept
    g.answer(p, d.random_answer(random.Random(1), p))
    assert v["header"] == header and v["player"] == p
    with pytest.raises(StaleView):
        v["state"]
    with pytest.raises(KeyError):
        g.lazy_view(p)["seed"]
    assert "seed" not in g.lazy_view(p)["header"] and len(g.lazy_view(p)) == len(KEYS)


def test_B8_5a_copies_of_a_lazy_view_are_plain_dicts() -> None:
    g = _game(("base",), 3, 7)
    v = g.lazy_view(1)
    deep: Any = copy.deepcopy(v)
    shallow: Any = copy.copy(v)
    assert type(deep) is dict and deep == g.view(1)
    assert type(shallow) is dict and isinstance(v, View)
    deep["state"]["scores"][0] = 999  # a copy shares nothing with the view
    assert v["state"]["scores"][0] != 999


def test_B8_5a_bots_on_lazy_views_play_the_recorded_games() -> None:
    make = _make()
    for want in RECORDED["games"]:
        got = make.play_recorded(want["sets"], want["players"], want["bots"], want["seed"],
                                 lazy=True)
        assert got == want, (want["sets"], want["seed"])


def test_B8_5a_simulate_writes_the_recorded_lines() -> None:
    assert _make().simulated() == RECORDED["simulated"]


@pytest.mark.parametrize("sets,players,seed", SETS)
def test_B8_5a_determinised_equals_the_game_drawn_from_the_full_view(
        sets: tuple[str, ...], players: int, seed: int) -> None:
    g = _game(sets, players, seed)
    for n, d in _decisions(g, seed):
        for p in range(players):
            if n % 3 and p not in d.players:
                continue  # every player's view every third decision, else the answerer's
            before = g.to_json()
            a = Game.from_view(g.view(p), random.Random(n))
            b = Game.from_view(g.lazy_view(p), random.Random(n))  # by determinised
            assert b.to_json() == a.to_json(), (n, p)
            assert g.to_json() == before  # the game itself untouched
            # the drawn games play on alike
            r1, r2 = random.Random(p), random.Random(p)
            for _ in range(3):
                if a.pending is None:
                    break
                q = a.pending.players[0]
                a.answer(q, a.pending.random_answer(r1, q))
                b.answer(q, b.pending.random_answer(r2, q))  # type: ignore[union-attr]
            assert b.to_json() == a.to_json()


def test_B8_5a_a_stale_lazy_view_draws_from_its_own_keys() -> None:
    g = _game(("base",), 4, 9)
    d = g.pending
    assert d is not None
    p = d.players[0]
    v, bare = g.lazy_view(p), g.lazy_view(p)
    kept = v.to_json()  # every key built before the game moves on
    g.answer(p, d.random_answer(random.Random(2), p))
    assert v.source() is None and bare.source() is None
    assert Game.from_view(v, random.Random(1)).to_json() == Game.from_view(
        kept, random.Random(1)).to_json()
    with pytest.raises(StaleView):
        Game.from_view(bare, random.Random(1))


@pytest.mark.parametrize("sets,players,seed", SETS[:3])
def test_B8_5a_ismcts_answers_alike_from_lazy_and_full_views(
        sets: tuple[str, ...], players: int, seed: int) -> None:
    from elgrande.players.ismcts import ISMCTSBot

    g = _game(sets, players, seed)
    rng = random.Random(seed)
    n = 0
    while g.pending is not None and n < 120:
        d = g.pending
        p = d.players[0]
        if n % 10 == 0:  # every tenth decision searched both ways (the rest at random)
            full = ISMCTSBot(seed + n, iterations=8).answer(g.view(p))
            assert ISMCTSBot(seed + n, iterations=8).answer(g.lazy_view(p)) == full, n
            g.answer(p, full)
        else:
            g.answer(p, d.random_answer(rng, p))
        n += 1


@pytest.mark.parametrize("sets,players,seed", [*SETS[:2], (("base",), 2, 15)])
def test_B8_5a_observations_from_the_pieces_equal_those_from_the_view(
        sets: tuple[str, ...], players: int, seed: int) -> None:
    from types import SimpleNamespace

    from elgrande.adapters.stepping import Observer, Stepper
    from elgrande.errors import IllegalMove

    g = _game(sets, players, seed)
    obs = Observer(g)
    rng = random.Random(seed)
    n = 0
    while g.pending is not None:
        s = Stepper(g)
        if n % 2:  # a partial answer: the acting player's first action taken
            p = s.to_act()[0]
            try:
                s.step(p, rng.choice(s.legal_actions(p)))
            except IllegalMove:  # an action completing a refused answer (a mask's limit)
                s = Stepper(g)
        for p in range(players):
            v = s.view(p)
            want = obs.vector_of(s, p, SimpleNamespace(**v["state"]),
                                 SimpleNamespace(**v["flow"]))
            assert obs.vector(s, p) == want, (n, p)
        d = g.pending
        if d is None:
            break
        g.answer(d.players[0], d.random_answer(rng, d.players[0]))
        n += 1
    assert n > 40
