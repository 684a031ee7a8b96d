"""Instructions per decision of the base game, Colonies and Intrigue & the King (target:
base / expansion at most 1.5), counted by valgrind (``--tool=cachegrind --cache-sim=no``):
load-independent, unlike a timing on a shared machine.

    python benchmarks/expansion_instructions.py [--games 10] [--warm 5] [--players 2,3,4,5]
        [--sets base,colonies,intrigue_king,both]

For each set and player count it runs this file under valgrind twice, once playing
``--warm`` warm-up games and ``--games`` seeded random games (seeds 0.., answers from
``random_answer`` with ``random.Random(seed)``, logging off, the provisional fills as in
``benchmarks/expansion_ratio.py``; the card renderer imported first, as
:func:`bench_worker.warm_renderer` says), once the warm-up games alone; the difference over the
decisions answered is the figure (after one plain run that writes the compiled modules and
the parser cache; run one copy at a time). Both runs collect garbage after the warm-up games
(the library's objects then lie in the oldest generation in both) and use
``PYTHONHASHSEED=0``, so that a count is the same from run to run. Prints instructions per
decision and the ratios expansion / base.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile

#: The games counted: name -> new_game keyword arguments (as expansion_ratio.py).
SETS: dict[str, dict[str, object]] = {
    "base": {"sets": ("base",)},
    "colonies": {"sets": ("base", "colonies"), "fill": "provisional"},
    "intrigue_king": {"sets": ("base", "intrigue-king"), "fill": "provisional"},
    "both": {"sets": ("base", "intrigue-king", "colonies"), "fill": "provisional"},
}
#: The games counted unless ``--sets`` names others (``both``: the two expansions together).
DEFAULT = "base,colonies,intrigue_king"
#: Warm-up games before counting (``--warm``): with one, a base game's count carried the
#: labels of cards first played after it (benchmarks/results/session6_final.txt).
WARM = 5


def play(name: str, players: int, games: int, warm: int = WARM) -> int:
    """``warm`` warm-up games (seeds 10**6 on), then ``games`` seeded random games: the
    decisions answered in those. What a process does once (an ``either`` card's labels
    rendered at its first play, the renderer's import) falls in the warm-up games of both
    valgrind runs, as it is spread over many games in a timed run."""
    import gc

    from bench_worker import play_random, warm_renderer  # this folder (sys.path[0])

    from elgrande.play.game import new_game

    warm_renderer()
    for seed in range(10**6, 10**6 + warm):
        play_random(new_game(players, seed=seed, logging=False, **SETS[name]),  # type: ignore[arg-type]
                    random.Random(seed))
    # the library's objects reach the oldest generation here, in every run (as
    # instructions.py): else a full collection of them falls in one run or the other
    gc.collect()
    n = 0
    for seed in range(games):
        game = new_game(players, seed=seed, logging=False, **SETS[name])  # type: ignore[arg-type]
        n += play_random(game, random.Random(seed))
    return n


def instructions(name: str, players: int, games: int, warm: int,
                 env: dict[str, str]) -> tuple[int, int]:
    """(instructions, decisions) of a valgrind run of :func:`play` (environment ``env``)."""
    out = subprocess.run(
        ["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null",
         sys.executable, __file__, "--inner", name, str(players), str(games), str(warm)],
        capture_output=True, text=True, check=True, env=env)
    refs = re.search(r"I\s+refs:\s+([\d,]+)", out.stderr)
    if refs is None:
        raise RuntimeError(f"no instruction count in valgrind's output:\n{out.stderr}")
    return int(refs.group(1).replace(",", "")), int(out.stdout.split()[-1])


def main() -> None:
    """Count every set at every player count and print the table."""
    if len(sys.argv) == 6 and sys.argv[1] == "--inner":
        print(play(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5])))
        return
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--warm", type=int, default=WARM, help="warm-up games before counting")
    ap.add_argument("--players", default="2,3,4,5")
    ap.add_argument("--sets", default=DEFAULT, help=f"of {', '.join(SETS)}")
    args = ap.parse_args()
    names = args.sets.split(",")
    # a cache folder of this run's own (XDG_CACHE_HOME): other processes of the user may
    # evict or rewrite the shared one between the two valgrind runs
    cache = tempfile.mkdtemp(prefix="elgrande-instructions-")
    # bytecode may be written (as instructions.py's sides): with PYTHONDONTWRITEBYTECODE set
    # and no .pyc yet, every import would be compiled from source in the counted process
    env = {**{k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"},
           "XDG_CACHE_HOME": cache, "PYTHONHASHSEED": "0"}
    try:
        for n in [int(x) for x in args.players.split(",")]:
            print(_line(n, names, args.games, args.warm, env), flush=True)
    finally:
        shutil.rmtree(cache, ignore_errors=True)


def _line(n: int, names: list[str], games: int, warm: int, env: dict[str, str]) -> str:
    """The table line of ``n`` players."""
    per: dict[str, float] = {}
    for name in names:
        # one plain run first: compiled modules and the parser cache written, so that
        # neither valgrind run pays for them (never run two of these at once)
        subprocess.run([sys.executable, __file__, "--inner", name, str(n), "1", "0"],
                       capture_output=True, check=True, env=env)
        total, decisions = instructions(name, n, games, warm, env)
        empty, _ = instructions(name, n, 0, warm, env)
        per[name] = (total - empty) / decisions
    line = f"{n} players: " + "; ".join(f"{k} {v / 1000:.1f}k instr/decision"
                                        for k, v in per.items())
    if "base" in per:
        line += "; " + "; ".join(f"{k} / base {v / per['base']:.2f}x"
                                 for k, v in per.items() if k != "base")
    return line


if __name__ == "__main__":
    main()
