"""Colonies and Intrigue & the King decisions per second beside the base game's (target:
base / expansion at most 1.5), all in one process, interleaved in short slices and timed in
CPU time (``time.process_time``), so that the load of a shared machine moves both sides alike.
Before timing, ``--warm`` untimed games of each set and player count (and the card renderer's
import, :func:`bench_worker.warm_renderer`) take what a process does once: loading each
set's library, importing its rules module, the first ``either`` card's labels.

    python benchmarks/expansion_ratio.py [--slice 0.2] [--rounds 10] [--players 2,3,4,5]
        [--sets base,colonies,intrigue_king,both] [--warm 2]

Random answers, logging off, the provisional fills (docs/library.md). Prints, per player
count, the base game's decisions/s and the ratio base / expansion for each expansion.
"""

from __future__ import annotations

import argparse
import random
import time

from bench_worker import play_random, warm_renderer  # this folder (sys.path[0])

from elgrande.play.game import new_game

#: The games timed: name -> new_game keyword arguments.
SETS = {
    "base": {"sets": ("base",)},
    "colonies": {"sets": ("base", "colonies"), "fill": "provisional"},
    "intrigue_king": {"sets": ("base", "intrigue-king"), "fill": "provisional"},
    "both": {"sets": ("base", "intrigue-king", "colonies"), "fill": "provisional"},
}
#: The games timed unless ``--sets`` names others (``both``: the two expansions together).
DEFAULT = "base,colonies,intrigue_king"


def decisions(players: int, seconds: float, seed: int, **kw: object) -> tuple[int, float]:
    """Random games of ``players`` from ``seed`` on for about ``seconds`` of CPU time:
    (decisions answered, CPU seconds)."""
    n = 0
    start = time.process_time()
    while True:
        n += play_random(new_game(players, seed=seed, logging=False, **kw),
                         random.Random(seed))
        seed += 1
        took = time.process_time() - start
        if took >= seconds:
            return n, took


def main() -> None:
    """Time the games of :data:`SETS` alternately and print the ratios."""
    ap = argparse.ArgumentParser()
    ap.add_argument("--slice", type=float, default=0.2, help="CPU seconds per slice")
    ap.add_argument("--rounds", type=int, default=10)
    ap.add_argument("--players", default="2,3,4,5")
    ap.add_argument("--sets", default=DEFAULT, help=f"of {', '.join(SETS)}")
    ap.add_argument("--warm", type=int, default=2, help="untimed games of each before timing")
    args = ap.parse_args()
    counts = [int(x) for x in args.players.split(",")]
    names = ["base", *(x for x in args.sets.split(",") if x != "base")]
    warm_renderer()
    for n in counts:
        for name in names:
            for seed in range(10**6, 10**6 + args.warm):
                play_random(new_game(n, seed=seed, logging=False, **SETS[name]),
                            random.Random(seed))
    total: dict[tuple[str, int], list[float]] = {}
    for r in range(args.rounds):
        for n in counts:
            for name in names:
                got, took = decisions(n, args.slice, 1000 * r, **SETS[name])
                t = total.setdefault((name, n), [0, 0.0])
                t[0] += got
                t[1] += took
    for n in counts:
        rate = {name: total[(name, n)][0] / total[(name, n)][1] for name in names}
        print(f"{n} players: base {rate['base']:.0f} decisions/s; " + "; ".join(
            f"base / {name} {rate['base'] / rate[name]:.2f}x" for name in names
            if name != "base"))


if __name__ == "__main__":
    main()
