"""``elgrande serve`` on PostgreSQL: the schema is made and its version kept, answers are
numbered with one winner per number, and two server processes share games: an answer
stored by one reaches, through LISTEN/NOTIFY, a WebSocket connected to the other, and
the other serves the same state."""

from __future__ import annotations

import json
import random
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

pytest.importorskip("starlette", reason="elgrande serve needs the [serve] extra")
import httpx  # noqa: E402
import sqlalchemy as sa  # noqa: E402
from pg_cluster import postgres_db, postgres_url  # noqa: E402, F401 (fixtures)
from serve_util import ServerProcess, play_turn, token_of  # noqa: E402
from websockets.sync.client import connect  # noqa: E402

from elgrande.play.views import pending_decision  # noqa: E402
from elgrande.server.store import SCHEMA, Conflict, Seat, Store, migrate  # noqa: E402


@pytest.mark.slow
def test_the_store_on_postgres_keeps_one_answer_per_number(postgres_db: str) -> None:  # noqa: F811
    store = Store(postgres_db)
    assert migrate(store.engine) == SCHEMA  # again: nothing to do
    store.create("g1", {"sets": ["base"]}, {"players": 2}, [Seat(0, "human", None),
                                                           Seat(1, "bot", "random")],
                 {"tok": ("seat", 0)})
    assert store.token("g1", "tok") == ("seat", 0) and store.token("g1", "other") is None
    store.add_answer("g1", 0, 0, 5)
    with pytest.raises(Conflict):
        store.add_answer("g1", 0, 1, 6)
    assert store.answers("g1") == [(0, 0, 5)] and store.count("g1") == 1
    assert store.playing() == ["g1"]
    assert store.bots_due() == ["g1"]  # answered by a test: not known
    store.add_answer("g1", 1, 1, 7, bot_due=False)
    assert store.bots_due() == []


@pytest.mark.slow
def test_a_schema_1_database_on_postgres_is_upgraded(postgres_db: str) -> None:  # noqa: F811
    store = Store(postgres_db)
    human, bot = Seat(0, "human", None), Seat(1, "bot", "random")
    store.create("people", {}, {}, [human, Seat(1, "human", None)], {}, bot_due=False)
    store.create("bots", {}, {}, [human, bot], {}, bot_due=False)
    with store.engine.begin() as c:  # as schema 1 left it
        c.execute(sa.text("ALTER TABLE games DROP COLUMN bot_due"))
        c.execute(sa.text("UPDATE schema_version SET version = 1"))
    store.engine.dispose()
    again = Store(postgres_db)
    assert again.bots_due() == ["bots"]  # a game with a bot seat: not known
    again.know_bot_due("bots", False)
    assert again.bots_due() == []


@pytest.mark.slow
def test_two_server_processes_share_a_game(postgres_db: str,  # noqa: F811
                                           tmp_path: Path) -> None:
    a = ServerProcess(postgres_db, tmp_path, "--answers-per-second", "1000")
    (tmp_path / "b").mkdir()
    b = ServerProcess(postgres_db, tmp_path / "b", "--answers-per-second", "1000")
    a.start()
    b.start()
    try:
        made = httpx.post(f"{a.url}/api/games", json={"players": 2, "seed": 5},
                          timeout=30).json()
        game, toks = made["game"], [token_of(u) for u in made["seats"]]
        ws_url = b.url.replace("http://", "ws://") + f"/ws/{game}?t={toks[1]}"
        with connect(ws_url) as ws, httpx.Client(base_url=a.url, timeout=30) as ca:
            assert json.loads(ws.recv(10)) == {"n": 0}
            rng = random.Random(2)
            for t in toks:  # answered through server a
                play_turn(ca, game, t, rng)
            n = json.loads(ws.recv(10))["n"]  # told by server b
            assert n >= 1
        sa = httpx.get(f"{a.url}/api/games/{game}/state", params={"t": toks[0]}).json()
        sb = httpx.get(f"{b.url}/api/games/{game}/state", params={"t": toks[0]}).json()
        assert sa == sb and sa["n"] >= n
        # one seat's answer sent to both processes at once: one is stored, one refused
        mover = sa["to_move"][0]
        view = httpx.get(f"{a.url}/api/games/{game}/state",
                         params={"t": toks[mover]}).json()["view"]
        answer = pending_decision(view).random_answer(random.Random(3), mover)

        def post(url: str) -> int:
            return httpx.post(f"{url}/api/games/{game}/answer", timeout=30,
                              headers={"X-Elgrande-Token": toks[mover]},
                              json={"n": sa["n"], "answer": answer}).status_code
        with ThreadPoolExecutor(2) as pool:
            assert sorted(pool.map(post, [a.url, b.url])) == [200, 409]
    finally:
        a.stop()
        b.stop()
