"""A restart of ``elgrande serve``: only the games whose bots must answer are loaded at
start-up, found by the ``bot_due`` flag each answer stores (schema 2, and a schema-1
database upgraded to it), and they play on; the others load when asked for. A small
sample of benchmarks/serve_restart.py runs a real server process on a filled database."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

pytest.importorskip("starlette", reason="elgrande serve needs the [serve] extra")
import sqlalchemy as sa  # noqa: E402

from elgrande.server.service import Live, Service  # noqa: E402
from elgrande.server.store import SCHEMA, Store  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
from serve_restart import run  # noqa: E402
from serve_util import BOT_SEED  # noqa: E402


def _crash_before_the_bots(service: Service, live: Live, rng: random.Random) -> None:
    """Store people's answers without letting the bots answer after them (what a kill
    between the two leaves) until a bot seat must answer."""
    bots = {s.seat for s in live.seats if s.kind == "bot"}
    while not bots & set(live.game.pending.players if live.game.pending else ()):
        d = live.game.pending
        assert d is not None, "the game ended before a bot was asked"
        p = d.players[0]
        service._store(live, p, d.random_answer(rng, p))  # noqa: SLF001 (the step before)


def test_only_games_whose_bots_must_answer_are_resumed(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'g.db'}"
    store = Store(url)
    service = Service(store, tmp_path, bot_seed=BOT_SEED)
    with_bot = service.create({"players": 3, "seed": 5, "bots": {"2": "random"}})["game"]
    people = service.create({"players": 3, "seed": 5})["game"]
    crashed = service.create({"players": 3, "seed": 6, "bots": {"1": "greedy"}})["game"]
    assert store.bots_due() == []
    live = service.load(crashed)
    assert live is not None
    _crash_before_the_bots(service, live, random.Random(3))
    n = store.count(crashed)
    assert store.bots_due() == [crashed]

    again = Service(Store(url), tmp_path, bot_seed=BOT_SEED)  # a restart
    assert again.resume(background=False) == 1
    assert store.count(crashed) > n and store.bots_due() == []
    assert {g for g, _ in store.configs()} == {with_bot, people, crashed}

    # the same database as schema 1 wrote it: the flag not known for games with bots
    with store.engine.begin() as c:
        c.execute(sa.text("ALTER TABLE games DROP COLUMN bot_due"))
        c.execute(sa.text("UPDATE schema_version SET version = 1"))
    store.engine.dispose()
    upgraded = Store(url)
    with upgraded.engine.connect() as c:
        assert c.execute(sa.text("SELECT version FROM schema_version")).scalar_one() == SCHEMA
    assert set(upgraded.bots_due()) == {with_bot, crashed}  # loaded once to find out
    counts = {g: upgraded.count(g) for g in (with_bot, people, crashed)}
    assert Service(upgraded, tmp_path, bot_seed=BOT_SEED).resume(background=False) == 2
    assert upgraded.bots_due() == []
    assert {g: upgraded.count(g) for g in counts} == counts  # no bot had to answer


@pytest.mark.slow
def test_a_restart_with_stored_games_answers_and_its_bots_go_on() -> None:
    got = run(games=14, sample=4, bot_due=3, seed=2)
    # the server's bots draw their own seeds: how many stored games wait on a person
    # (to sample) varies from run to run
    assert got["sample"] == min(4, got["cold"]) and got["sample"] >= 1, got
    assert got["refused"] == 0
    assert got["first_answer_ms_max"] is not None and got["answers_s"] > 0
    assert got["bot_due"] >= 1 and got["bot_due_went_on"] == got["bot_due"]
