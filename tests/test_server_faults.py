"""``elgrande serve`` killed with SIGKILL (a real uvicorn process) and started again on
the same database: every game goes on where it was, with nothing lost and nothing
answered twice, also with a secret choice half answered (B8.5); every record then passes
``elgrande check``'s replay."""

from __future__ import annotations

import json
import random
import threading
import time
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette", reason="elgrande serve needs the [serve] extra")
import httpx  # noqa: E402
from serve_util import ServerProcess, play_turn, seat_state, token_of  # noqa: E402

from elgrande.play.game import new_game  # noqa: E402
from elgrande.play.records import replay  # noqa: E402


def _state(s: ServerProcess, game: str, token: str) -> dict[str, Any]:
    """The seat's payload on a connection of its own (the server may have restarted)."""
    with httpx.Client(base_url=s.url) as c:
        return seat_state(c, game, token)


def _check_record(s: ServerProcess, game: str, admin: str) -> int:
    r = httpx.get(f"{s.url}/api/games/{game}/record", params={"t": admin}, timeout=30)
    # a browser saves it under the game's id, not as one name for every game
    assert r.headers["content-disposition"] == f'attachment; filename="elgrande-{game}.jsonl"'
    lines = r.text.splitlines()
    assert replay(lines).over
    return len(lines) - 1


@pytest.mark.slow
def test_a_kill_with_a_secret_choice_half_answered_loses_nothing(tmp_path: Path) -> None:
    s = ServerProcess(f"sqlite:///{tmp_path / 'games.db'}", tmp_path,
                      "--answers-per-second", "1000")
    s.start()
    try:
        made = httpx.post(f"{s.url}/api/games", json={"players": 3, "seed": 21},
                          timeout=30).json()
        game, toks = made["game"], [token_of(u) for u in made["seats"]]
        rng = random.Random(4)
        with httpx.Client(base_url=s.url, timeout=30) as c:
            for _ in range(2000):  # up to a decision several seats answer in secret
                st = _state(s, game, toks[0])
                assert not st["over"], "no secret choice in this game"
                if len(st["to_move"]) > 1:
                    break
                play_turn(c, game, toks[st["to_move"][0]], rng)
            first = st["to_move"][0]
            assert play_turn(c, game, toks[first], rng) == 200
        before = [_state(s, game, t) for t in toks]
        assert first not in before[0]["to_move"] and len(before[0]["to_move"]) >= 1
        s.kill()
        s.start()
        after = [_state(s, game, t) for t in toks]
        assert after == before
        with httpx.Client(base_url=s.url, timeout=30) as c:  # the others answer it now
            assert play_turn(c, game, toks[first], rng) is None  # answered before the kill
            for p in before[0]["to_move"]:
                assert play_turn(c, game, toks[p], rng) == 200
        assert _state(s, game, toks[0])["n"] == before[0]["n"] + len(before[0]["to_move"])
    finally:
        s.stop()


def kill_and_play(folder: Path, games: int, kills: int, seed: int) -> None:
    """Play ``games`` games (people and bots) while the server is killed ``kills`` times
    at random moments; check that all end, their records replay, and no seat's answer
    was stored twice (a stored answer was either answered 200 or lost in a kill)."""
    s = ServerProcess(f"sqlite:///{folder / 'games.db'}", folder, "--answers-per-second", "1000")
    s.start()
    rng = random.Random(seed)
    sets = [["base"], ["base", "intrigue-king"], ["base", "colonies"]]
    for st in sets:  # the clients' decisions of every set are known here too
        new_game(2, sets=st, fill=None if st == ["base"] else "provisional")
    made = []
    for i in range(games):
        st = sets[i % len(sets)]
        made.append(httpx.post(f"{s.url}/api/games", timeout=60, json={
            "players": 3, "sets": st, "fill": None if st == ["base"] else "provisional",
            "bots": {"2": "random"}}).json())
    done = threading.Event()
    killed = [0]

    def killer() -> None:
        while killed[0] < kills and not done.is_set():
            time.sleep(rng.uniform(0.3, 1.5))
            s.kill()
            killed[0] += 1
            s.start()

    t = threading.Thread(target=killer, daemon=True)
    t.start()
    ok = [0]
    lost = [0]
    try:
        client = httpx.Client(base_url=s.url, timeout=10)
        deadline = time.monotonic() + 600
        open_games = list(made)
        prng = random.Random(seed + 1)
        while open_games and time.monotonic() < deadline:
            for m in list(open_games):
                try:
                    st = client.get(f"/api/games/{m['game']}/state",
                                    params={"t": m["admin"].split("t=")[1]}).json()
                    if st["over"]:
                        open_games.remove(m)
                        continue
                    for link in m["seats"][:2]:
                        try:
                            code = play_turn(client, m["game"], token_of(link), prng)
                        except httpx.TransportError:
                            lost[0] += 1  # stored or not: the next try tells
                            raise
                        ok[0] += code == 200
                except (httpx.TransportError, ValueError):
                    time.sleep(0.1)
        done.set()
        t.join(120)
        assert not open_games, "games did not end"
        assert killed[0] == kills
        human = 0
        for m in made:
            n = _check_record(s, m["game"], token_of(m["admin"]))
            r = client.get(f"/api/games/{m['game']}/record", params={"t": token_of(m["admin"])})
            human += sum(1 for ln in r.text.splitlines()[1:] if json.loads(ln)["player"] != 2)
            assert n > 0
        assert ok[0] <= human <= ok[0] + lost[0]
        client.close()
    finally:
        done.set()
        t.join(120)
        s.stop()


@pytest.mark.slow
def test_games_survive_kills_at_random_moments(tmp_path: Path) -> None:
    kill_and_play(tmp_path, games=1, kills=1, seed=1)


@pytest.mark.slow
def test_twenty_games_survive_kills_at_random_points(tmp_path: Path) -> None:
    kill_and_play(tmp_path, games=20, kills=12, seed=7)
