"""Soak run of Intrigue & the King (RULES.md I1-I7): seeded whole games of 2-5 players with
random and greedy bots; counts the games that end without an exception and prints games/s
beside the base game's (same seeds, same bots).

The shipped provisional fill cannot start a game yet (cards without scripts or 'optional'
values, EXPANSIONS.md 6.3), so the default fill is the test fill ``tests/fills/ik-test.yaml``.

    python benchmarks/intrigue_king.py [--games 1000] [--seconds 240] [--fill PATH]
"""

from __future__ import annotations

import argparse
import json
import time
import traceback
from pathlib import Path
from typing import Any

from elgrande import new_game
from elgrande.bots import make_bot

ROOT = Path(__file__).resolve().parent.parent
SETS = ("base", "intrigue-king")


def one_game(i: int, sets: tuple[str, ...], fill: str | None) -> int:
    """Play game ``i`` (players 2 + i % 4, greedy bots on every fourth game, else random);
    returns the number of answers."""
    players = 2 + i % 4
    bot = "greedy" if i % 4 == 3 else "random"
    g = new_game(players, sets=sets, seed=i, fill=fill, logging=False)
    bots = [make_bot(bot, i * 7 + p) for p in range(players)]
    n = 0
    while g.pending is not None:
        p = g.pending.players[0]
        g.answer(p, bots[p].answer(g.view(p)))
        n += 1
    return n


def run(games: int, seconds: float, sets: tuple[str, ...], fill: str | None) -> dict[str, Any]:
    """Play up to ``games`` games within ``seconds``; the counts and the rate."""
    ok = failed = answers = 0
    first_error = ""
    start = time.perf_counter()
    for i in range(games):
        if time.perf_counter() - start > seconds:
            break
        try:
            answers += one_game(i, sets, fill)
            ok += 1
        except Exception:  # noqa: BLE001 - a soak run counts every failure
            failed += 1
            first_error = first_error or traceback.format_exc(limit=3)
    took = time.perf_counter() - start
    return {"sets": list(sets), "played": ok + failed, "ended_ok": ok, "failed": failed,
            "games_s": round((ok + failed) / took, 2), "answers": answers,
            "first_error": first_error}


def main() -> None:
    """Command line: see the module docstring."""
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--seconds", type=float, default=240.0)
    ap.add_argument("--fill", default=str(ROOT / "tests" / "fills" / "ik-test.yaml"))
    a = ap.parse_args()
    ik = run(a.games, a.seconds, SETS, a.fill)
    base = run(min(a.games, max(ik["played"], 1)), a.seconds / 4, ("base",), None)
    print(json.dumps({"intrigue_king": ik, "base": base}, indent=1))


if __name__ == "__main__":
    main()
