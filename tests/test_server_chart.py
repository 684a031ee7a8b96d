"""The scores chart's rows (``scores`` in a seat's payload): one row per ended round
(B7.1), then now, through a real server process; a set whose game opens before round 1
(Grand Inquisitor & the Colonies' opening secret disc) adds no row for that opening
(f19: the chart drew round 1's totals at "2")."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("starlette", reason="elgrande serve needs the [serve] extra")
import httpx  # noqa: E402
from serve_util import play_turn, seat_state, token_of  # noqa: E402


@pytest.mark.parametrize("sets", [["base"], ["base", "colonies"]])
def test_the_chart_has_a_row_per_ended_round_then_now(server: str,
                                                      sets: list[str]) -> None:
    rng = random.Random(3)
    with httpx.Client(base_url=server, timeout=30) as c:
        config = {"players": 3, "bots": {"1": "random", "2": "random"}, "seed": 7,
                  "sets": sets}
        if "colonies" in sets:
            config["fill"] = "provisional"
        r = c.post("/api/games", json=config)
        assert r.status_code == 201, r.text
        game, token = r.json()["game"], token_of(r.json()["seats"][0])
        seen_round_2 = False
        for _ in range(400):
            st = seat_state(c, game, token)
            rnd = st["view"]["state"]["round"]
            # rounds 1 .. rnd-1 have ended: a row each, then now
            assert len(st["scores"]) == max(rnd, 1), (rnd, st["scores"])
            if rnd >= 3:
                break
            seen_round_2 |= rnd == 2
            play_turn(c, game, token, rng, st)
        assert seen_round_2
