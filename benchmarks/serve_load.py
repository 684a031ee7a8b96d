"""A load test of ``elgrande serve`` on loopback: many games at once, a WebSocket client
per seat playing like a person (a random legal answer from its view after a think time),
bounded in time, stopping by itself.

    python benchmarks/serve_load.py [--games 50] [--players 4] [--think 1.0]
        [--seconds 60] [--db sqlite:///FILE] [--json]

It starts a server process (``python -m elgrande serve``) on a free port with a fresh
SQLite database in a temporary folder (or ``--db``), creates the games (every seat a
person: ``games * players`` WebSocket clients, 200 by default), and lets each client
wait for its turn: on every ``{"n"}`` the server pushes, the client fetches its state;
when it must answer, it thinks ``--think`` seconds, posts a random legal answer and
measures the time until its WebSocket says the game moved past it (answer-to-update
latency). After ``--seconds`` it prints answers per second and the latency's p50/p95.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx
import websockets

from elgrande.play.game import new_game
from elgrande.play.views import pending_decision


def _port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


async def _seat(base: str, game: str, token: str, think: float, until: float,
                rng: random.Random, out: dict[str, list[float]]) -> None:
    ws_url = base.replace("http://", "ws://") + f"/ws/{game}?t={token}"
    async with httpx.AsyncClient(base_url=base, timeout=60) as client, \
            websockets.connect(ws_url, open_timeout=60) as ws:
        waiting: tuple[int, float] | None = None  # (answers after mine, when sent)
        while time.monotonic() < until:
            try:
                msg = json.loads(await asyncio.wait_for(ws.recv(), until - time.monotonic()))
            except TimeoutError:
                return
            n = msg["n"]
            if waiting is not None and n >= waiting[0]:
                out["latency"].append(time.monotonic() - waiting[1])
                waiting = None
            st = (await client.get(f"/api/games/{game}/state", params={"t": token})).json()
            view = st["view"]
            if st["over"]:
                out["over"].append(1.0)
                return
            if view.get("pending") is None or st["n"] != n:
                continue
            await asyncio.sleep(think * rng.uniform(0.5, 1.5))
            answer = pending_decision(view).random_answer(rng, view["player"])
            sent = time.monotonic()
            r = await client.post(f"/api/games/{game}/answer",
                                  headers={"X-Elgrande-Token": token},
                                  json={"n": st["n"], "answer": answer})
            if r.status_code == 200:
                out["answers"].append(sent)
                waiting = (st["n"] + 1, sent)
            else:
                out["refused"].append(float(r.status_code))


async def _run(base: str, games: int, players: int, sets: list[str], think: float,
               seconds: float) -> dict[str, Any]:
    links: list[tuple[str, str]] = []
    async with httpx.AsyncClient(base_url=base, timeout=60) as client:
        for _ in range(games):
            made = (await client.post("/api/games", json={"players": players,
                                                          "sets": sets})).json()
            links += [(made["game"], u.split("t=")[1]) for u in made["seats"]]
    out: dict[str, list[float]] = {"latency": [], "answers": [], "refused": [], "over": []}
    start = time.monotonic()
    until = start + seconds
    rng = random.Random(1)
    await asyncio.gather(*(_seat(base, g, t, think, until, random.Random(rng.random()), out)
                           for g, t in links))
    took = time.monotonic() - start
    lat = sorted(out["latency"])

    def pct(q: float) -> float | None:
        return round(lat[min(len(lat) - 1, int(q * len(lat)))] * 1000, 1) if lat else None
    return {"games": games, "clients": len(links), "seconds": round(took, 1),
            "answers": len(out["answers"]), "answers_per_s": round(len(out["answers"]) / took, 2),
            "refused": len(out["refused"]), "games_over": len(out["over"]) // max(players, 1),
            "latency_ms_p50": pct(0.5), "latency_ms_p95": pct(0.95),
            "latency_ms_mean": round(statistics.fmean(lat) * 1000, 1) if lat else None}


@contextlib.contextmanager
def serving(folder: Path, url: str, wait: float = 60.0) -> Iterator[tuple[str, float]]:
    """A server process (``python -m elgrande serve``) on a free port on the database
    ``url``, its output in ``folder/server.log``: yields its base URL and the seconds
    from its start until ``GET /`` answered (``wait`` at most), and ends it after."""
    port = _port()
    log = open(folder / "server.log", "wb")  # noqa: SIM115 (the server writes it)
    start = time.monotonic()
    proc = subprocess.Popen([sys.executable, "-m", "elgrande", "serve", "--port", str(port),
                             "--db", url, "--data-dir", str(folder),
                             "--answers-per-second", "100"],
                            stdout=log, stderr=subprocess.STDOUT, cwd=folder)
    base = f"http://127.0.0.1:{port}"
    try:
        while True:
            try:
                httpx.get(base + "/", timeout=1)
                break
            except httpx.HTTPError:
                if time.monotonic() - start > wait or proc.poll() is not None:
                    raise RuntimeError("the server did not start") from None
                time.sleep(0.02)
        yield base, time.monotonic() - start
    finally:
        os.kill(proc.pid, signal.SIGTERM)
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
        log.close()


def show(got: dict[str, Any], as_json: bool) -> None:
    """Print a benchmark's figures: one JSON line, or one ``name: value`` line each."""
    if as_json:
        print(json.dumps(got))
        return
    width = max(map(len, got))
    for k, v in got.items():
        print(f"{k:>{width}}: {v}")


def run(games: int = 50, players: int = 4, think: float = 1.0, seconds: float = 60.0,
        db: str | None = None, sets: tuple[str, ...] = ("base",)) -> dict[str, Any]:
    """Start a server, play the load for ``seconds``, stop the server; returns the
    figures (``answers_per_s``, ``latency_ms_p50``, ``latency_ms_p95``, ...)."""
    new_game(2, sets=sets)  # the decisions of these sets are known to the clients
    folder = Path(tempfile.mkdtemp(prefix="elgrande-load-"))
    with serving(folder, db or f"sqlite:///{folder / 'games.db'}") as (base, _):
        # a thread of its own: the caller's thread may run an event loop already
        with ThreadPoolExecutor(1) as pool:
            return pool.submit(asyncio.run, _run(base, games, players, list(sets), think,
                                                 seconds)).result()


def main(argv: list[str] | None = None) -> None:
    """The command line (see the module docstring)."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=50)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--think", type=float, default=1.0)
    ap.add_argument("--seconds", type=float, default=60.0)
    ap.add_argument("--db", default=None)
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args(argv)
    show(run(a.games, a.players, a.think, a.seconds, a.db), a.json)


if __name__ == "__main__":
    main()
