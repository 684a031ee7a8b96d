"""A load test of ``elgrande serve`` on loopback: many games at once, a WebSocket client
per seat playing like a person (a random legal answer from its view after a think time),
bounded in time, stopping by itself.

    python benchmarks/serve_load.py [--games 50] [--players 4] [--think 1.0]
        [--seconds 60] [--db sqlite:///FILE] [--json] [--sweep 4,2,1,0.5,0.25]

It starts a server process (``python -m elgrande serve``) on a free port with a fresh
SQLite database in a temporary folder (or ``--db``), creates the games (every seat a
person: ``games * players`` WebSocket clients, 200 by default), and lets each client
wait for its turn: the server pushes its state on every answer (``/ws/{game}?state=1``,
as the page does; ``--fetch``: it pushes ``{"n"}`` and the client fetches the state);
when it must answer, it thinks ``--think`` seconds (0.5-1.5 times that) and posts a
random legal answer. The latency is measured from an answer's post to every client's
update: for each answer and each client of its game, until that client holds the new
state (pushed, then fetched). ``push`` is the answerer's own time until its WebSocket
told it. After ``--seconds`` it prints answers per second, the latencies' p50/p95, the
server's CPU time per answer (every fetch of every client included: a figure the
machine's load does not change much) and the load average; then every game's record, read
from the database, is replayed as ``elgrande check`` replays a record file.

``--sweep T1,T2,...`` runs once per think time (a fresh server each) and reports the
highest answer rate whose p95 update latency stays under 100 ms.
"""

from __future__ import annotations

import argparse
import asyncio
import collections
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
                rng: random.Random, out: dict[str, list[float]],
                sent: dict[tuple[str, int], float], fetch: bool = False) -> None:
    """One person at a seat. ``sent[(game, m)]``: when the answer that made ``game``'s
    count ``m`` was posted; every client records, for every answer it catches up with,
    the time from that post until it holds the new state (``update``), and the
    answerer also the time until its WebSocket told it (``push``)."""
    ws_url = base.replace("http://", "ws://") + f"/ws/{game}?t={token}" + (
        "" if fetch else "&state=1")
    async with httpx.AsyncClient(base_url=base, timeout=60) as client, \
            websockets.connect(ws_url, open_timeout=60) as ws:
        waiting: tuple[int, float] | None = None  # (answers after mine, when sent)
        seen: int | None = None
        floor = 0  # the answers the server said it had after this seat's last answer
        while time.monotonic() < until:
            try:
                msg = json.loads(await asyncio.wait_for(ws.recv(), until - time.monotonic()))
            except TimeoutError:
                return
            n = msg["n"]
            if waiting is not None and n >= waiting[0]:
                out["push"].append(time.monotonic() - waiting[1])
                waiting = None
            st = (msg["state"] if not fetch else
                  (await client.get(f"/api/games/{game}/state", params={"t": token})).json())
            now = time.monotonic()
            if seen is not None:
                out["update"] += [now - sent[(game, m)] for m in range(seen + 1, st["n"] + 1)
                                  if (game, m) in sent]
            seen = st["n"] if seen is None else max(seen, st["n"])
            view = st["view"]
            if st["over"]:
                out["over"].append(1.0)
                return
            if view.get("pending") is None or st["n"] != n or st["n"] < floor:
                continue  # (a push older than this seat's answer, as the page skips it)
            await asyncio.sleep(think * rng.uniform(0.5, 1.5))
            answer = pending_decision(view).random_answer(rng, view["player"])
            at = time.monotonic()
            sent[(game, st["n"] + 1)] = at
            for again in (True, False):
                try:
                    r = await client.post(f"/api/games/{game}/answer",
                                          headers={"X-Elgrande-Token": token},
                                          json={"n": st["n"], "answer": answer})
                    break
                except httpx.TransportError:  # a kept-alive connection the server closed
                    if not again:
                        raise
                    out["resent"].append(at)  # once (a 409 then: the first was stored)
            if r.status_code == 200:
                out["answers"].append(at)
                waiting = (st["n"] + 1, at)
                floor = r.json()["n"]
            else:
                sent.pop((game, st["n"] + 1), None)
                out["refused"].append(float(r.status_code))


async def _run(base: str, games: int, players: int, sets: list[str], think: float,
               seconds: float, fetch: bool) -> dict[str, Any]:
    links: list[tuple[str, str]] = []
    async with httpx.AsyncClient(base_url=base, timeout=60) as client:
        for _ in range(games):
            made = (await client.post("/api/games", json={"players": players,
                                                          "sets": sets})).json()
            links += [(made["game"], u.split("t=")[1]) for u in made["seats"]]
    out: dict[str, list[float]] = {"update": [], "push": [], "answers": [], "refused": [],
                                   "over": [], "resent": []}
    sent: dict[tuple[str, int], float] = {}
    start = time.monotonic()
    until = start + seconds
    rng = random.Random(1)
    await asyncio.gather(*(_seat(base, g, t, think, until, random.Random(rng.random()), out,
                                 sent, fetch) for g, t in links))
    took = time.monotonic() - start

    def pct(key: str, q: float) -> float | None:
        """The ``q`` quantile of ``out[key]`` in milliseconds (None: no sample)."""
        lat = sorted(out[key])
        return round(lat[min(len(lat) - 1, int(q * len(lat)))] * 1000, 1) if lat else None
    return {"ids": sorted({g for g, _ in links}), "games": games, "clients": len(links),
            "think_s": think,
            "seconds": round(took, 1), "answers": len(out["answers"]),
            "answers_per_s": round(len(out["answers"]) / took, 2),
            "refused": len(out["refused"]), "resent": len(out["resent"]),
            "refused_by_status": dict(sorted(collections.Counter(
                int(c) for c in out["refused"]).items())),
            "games_over": len(out["over"]) // max(players, 1),
            "updates": len(out["update"]),
            "latency_ms_p50": pct("update", 0.5), "latency_ms_p95": pct("update", 0.95),
            "latency_ms_mean": round(statistics.fmean(out["update"]) * 1000, 1)
            if out["update"] else None,
            "push_ms_p50": pct("push", 0.5), "push_ms_p95": pct("push", 0.95)}


def _cpu_seconds(pid: int) -> float:
    """The CPU time (user + system, s) process ``pid`` has used (Linux's /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


#: The process id of each server :func:`serving` runs, by base URL.
SERVED: dict[str, int] = {}


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
                             "--answers-per-second", "100", "--bot-seed", "1"],
                            stdout=log, stderr=subprocess.STDOUT, cwd=folder)
    base = f"http://127.0.0.1:{port}"
    SERVED[base] = proc.pid
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
        SERVED.pop(base, None)


def show(got: dict[str, Any], as_json: bool) -> None:
    """Print a benchmark's figures: one JSON line, or one ``name: value`` line each."""
    if as_json:
        print(json.dumps(got))
        return
    width = max(map(len, got))
    for k, v in got.items():
        print(f"{k:>{width}}: {v}")


def run(games: int = 50, players: int = 4, think: float = 1.0, seconds: float = 60.0,
        db: str | None = None, sets: tuple[str, ...] = ("base",),
        fetch: bool = False) -> dict[str, Any]:
    """Start a server, play the load for ``seconds``, stop the server; returns the
    figures (``answers_per_s``, ``latency_ms_p50``, ``latency_ms_p95``,
    ``server_cpu_ms_per_answer``, ...)."""
    new_game(2, sets=sets)  # the decisions of these sets are known to the clients
    folder = Path(tempfile.mkdtemp(prefix="elgrande-load-"))
    url = db or f"sqlite:///{folder / 'games.db'}"
    with serving(folder, url) as (base, _):
        pid = SERVED[base]
        cpu = _cpu_seconds(pid)
        # a thread of its own: the caller's thread may run an event loop already
        with ThreadPoolExecutor(1) as pool:
            got = pool.submit(asyncio.run, _run(base, games, players, list(sets), think,
                                                seconds, fetch)).result()
        used = _cpu_seconds(pid) - cpu
    got["server_cpu_ms_per_answer"] = (round(used * 1000 / got["answers"], 2)
                                       if got["answers"] else None)
    got["load"] = round(os.getloadavg()[0], 2)
    got["records_checked"] = check_records(url, got.pop("ids"))
    return got


def check_records(url: str, ids: list[str]) -> int:
    """Replay each game's record from the database the server wrote (its header and
    numbered answers, as ``elgrande check`` replays a record file; games not over too).
    Returns how many replayed; raises the first record's error."""
    from elgrande.play.records import replay
    from elgrande.server.store import Store

    store = Store(url)
    for gid in ids:
        found = store.game(gid)
        assert found is not None, gid
        lines = [json.dumps(found[0])] + [json.dumps({"player": seat, "answer": answer})
                                          for _, seat, answer in store.answers(gid)]
        game = replay(lines, logging=False)
        assert game.answered() == len(lines) - 1, gid
    store.engine.dispose()
    return len(ids)


def main(argv: list[str] | None = None) -> None:
    """The command line (see the module docstring)."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=50)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--think", type=float, default=1.0)
    ap.add_argument("--seconds", type=float, default=60.0)
    ap.add_argument("--db", default=None)
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--fetch", action="store_true",
                    help="fetch the state over HTTP after each count pushed (the page "
                         "before the WebSocket carried the state)")
    ap.add_argument("--sweep", default=None,
                    help="think times (s), comma-separated: one run each")
    a = ap.parse_args(argv)
    thinks = [float(t) for t in a.sweep.split(",")] if a.sweep else [a.think]
    runs = []
    for think in thinks:
        got = run(a.games, a.players, think, a.seconds, a.db, fetch=a.fetch)
        runs.append(got)
        show(got, a.json)
        print(flush=True)
    if len(runs) > 1:
        ok = [r for r in runs if r["latency_ms_p95"] is not None and r["latency_ms_p95"] < 100]
        best = max(ok, key=lambda r: r["answers_per_s"], default=None)
        print("highest rate with p95 < 100 ms: "
              + (f"{best['answers_per_s']} answers/s (think {best['think_s']} s, "
                 f"p95 {best['latency_ms_p95']} ms)" if best else "none of these runs"))


if __name__ == "__main__":
    main()
