"""``examples/serve/random_seat.py`` (docs/serve.md: an API client that plays a seat)
plays its seat of a real ``elgrande serve`` game to the end through the HTTP API, every
answer checked by the server, and the game's record replays (B3.4)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("starlette", reason="elgrande serve needs the [serve] extra")
import httpx  # noqa: E402
from serve_util import token_of  # noqa: E402

from elgrande.play.records import replay  # noqa: E402

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "serve" / "random_seat.py"


def test_the_example_client_plays_its_seat_to_the_end(server: str) -> None:
    with httpx.Client(base_url=server, timeout=30) as c:
        r = c.post("/api/games", json={"players": 3, "bots": {"1": "random", "2": "greedy"},
                                       "seed": 4, "variant": "short"})
        assert r.status_code == 201, r.text
        made = r.json()
        link = server + made["seats"][0]
        done = subprocess.run([sys.executable, str(EXAMPLE), link, "--seed", "2"],
                              capture_output=True, text=True, timeout=300)
        assert done.returncode == 0, done.stderr
        assert done.stdout.startswith("final scores: [")
        st = c.get(f"/api/games/{made['game']}/state",
                   params={"t": token_of(made["seats"][0])}).json()
        assert st["over"]
        record = c.get(st["record_url"], params={"t": token_of(made["seats"][0])})
        assert record.status_code == 200
        assert replay(record.text.splitlines()).over


def test_a_link_that_is_not_a_seats_link_is_refused_in_one_line() -> None:
    done = subprocess.run([sys.executable, str(EXAMPLE), "http://127.0.0.1:9/nothing"],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode != 0
    assert done.stderr.strip().startswith("error: not a seat's link")
    assert "Traceback" not in done.stderr
