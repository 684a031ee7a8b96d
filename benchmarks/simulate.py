"""Simulated games per second of ``elgrande simulate`` for 1 job and for all cores.

    python benchmarks/simulate.py                      # 40 random 4-player games
    python benchmarks/simulate.py --games 20 --bots greedy,greedy,random,random

Plays the same seeds twice (``--jobs 1``, then every core), checks that both runs wrote
the same results file, and prints the rates and the speed-up.
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from elgrande.tools.simulate import ResultSet, SimConfig, default_jobs, run_games


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--bots", default="random")
    ap.add_argument("--variant", default="standard")
    ap.add_argument("--cards", action="append", default=[])
    args = ap.parse_args()
    cfg = SimConfig((args.players,), tuple(args.bots.split(",")), variant=args.variant,
                    cards=tuple(args.cards))
    cfg.check()
    seeds = range(1, args.games + 1)
    cores = default_jobs()
    files = []
    rates = {}
    with tempfile.TemporaryDirectory() as tmp:
        for jobs in sorted({1, cores}):
            path = Path(tmp) / f"jobs{jobs}.jsonl"
            start = time.perf_counter()
            run_games([ResultSet("games", cfg, path)], seeds, jobs=jobs, progress=False)
            took = time.perf_counter() - start
            rates[jobs] = args.games / took
            files.append(path.read_bytes())
            print(f"jobs {jobs}: {args.games} games in {took:.1f} s, "
                  f"{rates[jobs]:.2f} games/s")
        same = all(f == files[0] for f in files)
    print(f"{cores} cores: speed-up {rates[cores] / rates[1]:.2f}x; "
          f"results {'identical' if same else 'DIFFER'} across jobs")
    return 0 if same else 1


if __name__ == "__main__":
    raise SystemExit(main())
