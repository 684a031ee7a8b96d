"""Helpers of the ``elgrande serve`` tests: a real server process (``python -m elgrande
serve``, uvicorn) on a free local port that can be killed and started again on the same
database, and a client that plays a seat from what the server sends it."""

from __future__ import annotations

import os
import random
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx

from elgrande.play.views import pending_decision

#: The bot seed of the test servers (``elgrande serve --bot-seed``): their bots play the
#: same answers in the same game on every run.
BOT_SEED = 20261205


def free_port() -> int:
    """A TCP port free on localhost now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class ServerProcess:
    """``elgrande serve`` in a subprocess on ``db`` (a SQLAlchemy URL), its output in
    ``folder/server.log``; ``extra``: more options. Its bots play from ``bot_seed``
    (``--bot-seed``; :data:`BOT_SEED` unless told, None: the server's own randomness)."""

    def __init__(self, db: str, folder: Path, *extra: str,
                 bot_seed: int | None = BOT_SEED) -> None:
        self.db = db
        self.folder = folder
        self.port = free_port()
        self.extra = extra if bot_seed is None else (*extra, "--bot-seed", str(bot_seed))
        self.proc: subprocess.Popen[bytes] | None = None
        self.url = f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        """Start the server and wait until it answers (60 s at most)."""
        with open(self.folder / "server.log", "ab") as log:  # the process has its own copy
            self.proc = subprocess.Popen(
                [sys.executable, "-m", "elgrande", "serve", "--port", str(self.port), "--db",
                 self.db, "--data-dir", str(self.folder), *self.extra],
                stdout=log, stderr=subprocess.STDOUT, cwd=self.folder,
                env={**os.environ, "PYTHONUNBUFFERED": "1"})
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError("the server stopped: "
                                   + (self.folder / "server.log").read_text()[-2000:])
            try:
                httpx.get(self.url + "/", timeout=1)
                return
            except httpx.HTTPError:
                time.sleep(0.1)
        raise RuntimeError("the server did not start")

    def kill(self) -> None:
        """SIGKILL the server (no clean-up of any kind) and wait for it to be gone."""
        if self.proc is not None and self.proc.poll() is None:
            os.kill(self.proc.pid, signal.SIGKILL)
            self.proc.wait(30)

    def stop(self) -> None:
        """End the server (SIGTERM, then SIGKILL)."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()

    def log(self) -> str:
        """What the server printed so far."""
        return (self.folder / "server.log").read_text("utf-8", "replace")


def page_server(folder: Path) -> Iterator[str]:
    """A real server on a fresh SQLite database in ``folder`` for the page tests (50
    answers per second per seat and 50 checks of a zip per second: clicks come fast, and
    every test's browser is the same client): yields its base URL, then stops it."""
    real = ServerProcess(f"sqlite:///{folder / 'games.db'}", folder,
                         "--answers-per-second", "50", "--checks-per-second", "50")
    real.start()
    try:
        yield real.url
    finally:
        real.stop()


def token_of(link: str) -> str:
    """The token of a ``/play/GAME?t=TOKEN`` link."""
    return link.split("?t=", 1)[1]


def seat_state(client: httpx.Client, game: str, token: str) -> dict[str, Any]:
    """``GET /api/games/GAME/state`` as the seat (or link) of ``token``: the payload,
    asserted to be a 200."""
    r = client.get(f"/api/games/{game}/state", params={"t": token}, timeout=30)
    assert r.status_code == 200, r.text
    return dict(r.json())


def play_turn(client: httpx.Client, game: str, token: str, rng: random.Random,
              state: dict[str, Any] | None = None) -> int | None:
    """If the seat of ``token`` must answer, send a random legal answer chosen from the
    view the server sent it; returns the HTTP status (None: nothing to answer)."""
    if state is None:
        state = client.get(f"/api/games/{game}/state", params={"t": token}).json()
    view = state["view"]
    if state["over"] or view.get("pending") is None:
        return None
    answer = pending_decision(view).random_answer(rng, view["player"])
    r = client.post(f"/api/games/{game}/answer", headers={"X-Elgrande-Token": token},
                    json={"n": state["n"], "answer": answer})
    return r.status_code


def play_until(server: str, links: dict[str, Any], seed: int,
               done: Callable[[dict[str, Any]], bool], limit: int = 3000) -> None:
    """Play the game of ``links`` by its API (seat 0 answered at random with ``seed``, the
    bots by themselves) until seat 0's state satisfies ``done``.

    Raises:
        AssertionError: ``done`` not met within ``limit`` answers.
    """
    token = token_of(links["seats"][0])
    rng = random.Random(seed)
    with httpx.Client(base_url=server, timeout=30) as c:
        for _ in range(limit):
            st = c.get(f"/api/games/{links['game']}/state", params={"t": token}).json()
            if done(st):
                return
            play_turn(c, links["game"], token, rng, st)
    raise AssertionError("the game never reached the state asked for")
