"""A small sample of the load test of ``elgrande serve`` (benchmarks/serve_load.py: 50
games, 200 WebSocket clients): a few games played by WebSocket clients with a short think
time; answers flow and their updates arrive."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

pytest.importorskip("starlette", reason="elgrande serve needs the [serve] extra")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
from serve_load import run  # noqa: E402


@pytest.mark.slow
def test_a_small_load_answers_and_pushes_updates() -> None:
    got = run(games=2, players=3, think=0.05, seconds=3)
    assert got["clients"] == 6
    assert got["answers"] >= 10 and got["refused"] == 0
    assert got["latency_ms_p50"] is not None and got["latency_ms_p95"] >= got["latency_ms_p50"]
    assert got["records_checked"] == 2  # every game's record replays as `check` replays it
