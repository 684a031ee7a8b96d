"""Random playouts on one core: full games per second and decisions per second for 2, 3,
4 and 5 players (answers from ``decision.random_answer``, ``logging=False``), on the
checked path and on the trusted path (``elgrande.play.playouts.play_out``, the same
games), and the card-set cold load time (see ``benchmarks/load.py``).

    python benchmarks/playout.py [--seconds 3]
"""

from __future__ import annotations

import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import bench_worker  # noqa: E402
from load import cold_load  # noqa: E402

from elgrande.play.game import new_game  # noqa: E402


def playouts(players: int, seconds: float, trusted: bool = False) -> tuple[int, int, float]:
    """Random games of ``players`` for about ``seconds`` (``trusted``: on the trusted
    path): (games, decisions, seconds)."""
    return bench_worker.playouts(new_game, players, seconds,
                                 bench_worker.play_trusted if trusted else None)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=3.0,
                    help="per player count and path (default: 3)")
    args = ap.parse_args()
    new_game(2, seed=0, logging=False)  # load the library before timing playouts
    for trusted in (False, True):
        print(f"random full games on one core (standard game, logging off), "
              f"{'trusted' if trusted else 'checked'} path:")
        for n in (2, 3, 4, 5):
            games, decisions, took = playouts(n, args.seconds, trusted)
            print(f"  {n} players: {games / took:7.1f} games/s  {decisions / took:9.0f} "
                  f"decisions/s  ({games} games, {decisions / games:.0f} decisions per game)")
    runs = [cold_load()[0] for _ in range(3)]
    print(f"card-set cold load (fresh process, import + load_library): "
          f"{min(runs) * 1000:.0f} ms best of 3 (Lark table cache present); "
          f"{cold_load(empty_lark_cache=True)[0] * 1000:.0f} ms with an empty Lark cache")


if __name__ == "__main__":
    main()
