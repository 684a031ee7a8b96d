"""The server's rate limits (issue: answers per seat, zip checks per client address):
token buckets that refuse past the rate and cannot fill the memory with keys."""

from __future__ import annotations

import time

import pytest

pytest.importorskip("starlette", reason="elgrande serve needs the [serve] extra")

from elgrande.server.app import RateLimit  # noqa: E402


def test_a_bucket_allows_its_burst_then_refuses() -> None:
    r = RateLimit(3)
    assert [r.allow("a") for _ in range(4)] == [True, True, True, False]
    assert r.allow("b")  # another key has its own bucket


def test_full_buckets_are_dropped_past_the_keep_limit_and_busy_ones_kept() -> None:
    r = RateLimit(2)
    r.KEEP = 50
    for i in range(49):
        r.allow(("old", i))
    r.allow("busy")
    r.allow("busy")
    assert not r.allow("busy")  # spent
    r._buckets = {k: (lvl, last - (0 if k == "busy" else 2.0))
                  for k, (lvl, last) in r._buckets.items()}  # the others idle 2 s
    r.allow("new")
    assert len(r._buckets) == 2  # "busy" and "new": full buckets dropped, nothing lost
    assert not r.allow("busy")  # its spent bucket kept
    time.sleep(0.6)
    assert r.allow("busy")
