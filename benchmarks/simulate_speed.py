"""Games per second of ``elgrande simulate`` beside raw playouts, working tree and an earlier
commit side by side in one run.

    python benchmarks/simulate_speed.py [REV ...] [--games 40] [--greedy-games 8]
                                        [--players 4] [--rounds 3] [--instructions 3]
                                        [--compiled-python PY] [--builds DIR]

Three figures, each in a fresh process (after one game that loads the library):

- ``raw``: raw checked-path playouts, ``new_game(logging=False)`` then ``game.answer`` with
  ``pending.random_answer`` until the game ends (seeds 1..; ``bench_worker.play_random``);
- ``random``: what ``elgrande simulate --bots random`` plays per game
  (:func:`elgrande.tools.simulate.play_one`: views, bots, the tally of points);
- ``greedy``: the same with greedy bots in every seat.

Each REV is built from git into a temporary virtual environment by
``benchmarks/compare.py``'s ``build`` (as ``benchmarks/instructions.py`` does); the working
tree runs from the checkout. The sides alternate (REV, tree, REV, tree, ...) for
``--rounds`` rounds and the median games/s of each is printed with the ratios
``raw / random`` (the simulate overhead; the target is at most 1.5) and tree / REV. The
machine's load (``uptime``) is printed before and after: timed figures on a shared machine
are noisy. ``--instructions K`` (K > 0, valgrind installed) also counts the instructions per
game of K games of each figure (``benchmarks/instructions.py``'s valgrind count: the run
of K games minus the run of 0 games), which do not depend on the load.
``--compiled-python PY`` adds the mypyc build of the working tree installed for ``PY`` (as
``benchmarks/instructions.py`` takes it) as a last side, ``compiled``.

``--worker KIND GAMES PLAYERS`` is the process that is timed or counted (internal).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HERE = Path(__file__).resolve()
KINDS = ("raw", "random", "greedy")


def worker(kind: str, games: int, players: int) -> None:
    """Play ``games`` games of ``kind`` (seeds 1..) after one warm-up game of seed 0 (the
    library loaded, the first scoring's imports done); print ``{"games", "seconds",
    "answers"}`` as JSON. Uses only what every version has (``new_game``, ``pending``,
    ``random_answer``, ``answer``, ``play_one``; ``new_game`` through
    ``bench_worker.any_new_game``)."""
    import random

    # this folder: the playout every benchmark times, and new_game wherever the side
    # keeps it (2274f0c: elgrande.game)
    from bench_worker import any_new_game, play_random

    from elgrande.tools.simulate import SimConfig, play_one

    new_game = any_new_game()

    cfg = SimConfig((players,), (kind,)) if kind != "raw" else None

    def one(seed: int) -> int:
        if cfg is None:
            return play_random(new_game(players, seed=seed, logging=False),
                               random.Random(seed))
        line = play_one(cfg, seed)
        if "error" in line:
            raise RuntimeError(f"game {seed}: {line['error']}")
        return int(line["answers"])

    one(0)
    start = time.perf_counter()
    answers = sum(one(seed) for seed in range(1, games + 1))
    print(json.dumps({"games": games, "seconds": time.perf_counter() - start,
                      "answers": answers}))


def timed(py: str, env: dict[str, str], kind: str, games: int, players: int) -> float:
    """Games per second of one fresh worker process."""
    r = subprocess.run([py, str(HERE), "--worker", kind, str(games), str(players)],
                       capture_output=True, text=True, env=env, check=True,
                       cwd=tempfile.gettempdir())
    got = json.loads(r.stdout.splitlines()[-1])
    return float(got["games"]) / float(got["seconds"])


def instructions_per_game(py: str, env: dict[str, str], kind: str, games: int,
                          players: int) -> float:
    """Instructions per game of ``kind`` (valgrind): ``games`` games minus 0 games."""
    from instructions import count_instructions  # this folder

    def count(n: int) -> int:
        return count_instructions(py, env, [str(HERE), "--worker", kind, str(n),
                                            str(players)])[0]

    return (count(games) - count(0)) / games


def uptime() -> str:
    """The machine's load averages, as ``uptime`` prints them."""
    try:
        return subprocess.run(["uptime"], capture_output=True, text=True,
                              check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "load: " + " ".join(f"{x:.2f}" for x in os.getloadavg())


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("revs", nargs="*", help="earlier commits to compare with (e.g. 1ff7f26)")
    ap.add_argument("--games", type=int, default=40,
                    help="games per process for raw and random (default 40)")
    ap.add_argument("--greedy-games", type=int, default=8,
                    help="games per process for greedy (default 8)")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--rounds", type=int, default=3, help="processes per side and figure")
    ap.add_argument("--instructions", type=int, default=0, metavar="K",
                    help="also count instructions per game over K games (valgrind)")
    ap.add_argument("--compiled-python", type=Path, default=None,
                    help="also time the compiled install of the working tree for this python")
    ap.add_argument("--builds", type=Path, default=None, metavar="DIR",
                    help="build the commits' environments in DIR and reuse them next time "
                    "(as benchmarks/instructions.py --builds)")
    ap.add_argument("--worker", nargs=3, metavar=("KIND", "GAMES", "PLAYERS"),
                    help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.worker:
        worker(args.worker[0], int(args.worker[1]), int(args.worker[2]))
        return
    sys.path.insert(0, str(HERE.parent))
    from instructions import make_sides  # this folder: commits built as compare.py builds

    print(f"# before: {uptime()}")
    games = {"raw": args.games, "random": args.games, "greedy": args.greedy_games}
    rates: dict[str, dict[str, list[float]]] = {}
    counts: dict[str, dict[str, float]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        sides = make_sides(args.revs, Path(tmp), args.compiled_python, "tree", "compiled",
                           keep=args.builds)
        for name, py, env in sides:  # warms each side's library cache
            timed(py, env, "raw", 1, args.players)
            rates[name] = {k: [] for k in KINDS}
        for _ in range(args.rounds):
            for kind in KINDS:
                for name, py, env in sides:
                    rates[name][kind].append(timed(py, env, kind, games[kind], args.players))
        if args.instructions > 0 and shutil.which("valgrind") is not None:
            for name, py, env in sides:
                counts[name] = {k: instructions_per_game(py, env, k, args.instructions,
                                                         args.players) for k in KINDS}
                print(f"  counted {name}", file=sys.stderr)
    print(f"# after:  {uptime()}")
    print(f"# games/s, {args.players} players, median of {args.rounds} fresh processes "
          f"(raw and random: {args.games} games each, greedy: {args.greedy_games}); "
          "raw/random: how many times faster raw playouts are than simulate")
    names = [n for n, _, _ in sides]
    print(f"{'side':<10}" + "".join(f"{k:>12}" for k in KINDS) + f"{'raw/random':>12}")
    med = {n: {k: statistics.median(rates[n][k]) for k in KINDS} for n in names}
    for n in names:
        m = med[n]
        print(f"{n:<10}" + "".join(f"{m[k]:>12.2f}" for k in KINDS)
              + f"{m['raw'] / m['random']:>11.2f}x")
    for n in args.revs:
        print(f"{'tree/' + n[:5]:<10}" + "".join(f"{med['tree'][k] / med[n][k]:>11.2f}x"
                                                 for k in KINDS))
    if counts:
        print(f"# instructions per game (valgrind --tool=cachegrind --cache-sim=no; "
              f"{args.instructions} games minus 0 games, / {args.instructions}); "
              "REV/tree: how many times fewer the tree runs")
        print(f"{'side':<10}" + "".join(f"{k:>12}" for k in KINDS) + f"{'random/raw':>12}")
        for n in names:
            c = counts[n]
            print(f"{n:<10}" + "".join(f"{c[k] / 1e6:>11.1f}M" for k in KINDS)
                  + f"{c['random'] / c['raw']:>11.2f}x")
        for n in args.revs:
            print(f"{n[:5] + '/tree':<10}" + "".join(
                f"{counts[n][k] / counts['tree'][k]:>11.2f}x" for k in KINDS))


if __name__ == "__main__":
    main()
