"""Instructions per ``Game.copy()`` (load-independent), working tree beside earlier commits.

    python benchmarks/copy_instructions.py [REV ...] [--copies 2000] [--players 2 4]
                                           [--after 10 40 80 150] [--compiled-python PY]

Each figure is counted by valgrind (``valgrind --tool=cachegrind --cache-sim=no``) as
``benchmarks/instructions.py`` counts a game: a fresh process plays a seeded random game
(seed 3, answers from ``random_answer`` with ``random.Random(3)``, logging off) to each of
the ``--after`` points (answers given; a point past the game's end is its end) and calls
``game.copy()`` ``--copies`` times there; the same process making no copy is subtracted and
the rest divided by the copies made. The sides are built as ``instructions.py`` builds
them (each REV from git into a temporary virtual environment; the working tree from the
checkout; ``--compiled-python`` the mypyc install of the working tree). Prints, per
player count and point, the instructions per copy of each side and the ratio REV /
working tree (how many times fewer instructions the working tree spends).

``--worker N P A...`` is the process that is counted (internal).
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve()
sys.path.insert(0, str(HERE.parent))


def worker(copies: int, players: int, after: int) -> None:
    """Play a seeded game of ``players`` to ``after`` answers and copy it ``copies`` times;
    print the copies made as JSON. Uses only the API every version has."""
    import gc
    import random

    from bench_worker import any_new_game  # this folder

    new_game = any_new_game()
    game = new_game(players, seed=3, logging=False)
    rng = random.Random(3)
    for _ in range(after):
        d = game.pending
        if d is None:
            break
        game.answer(d.players[0], d.random_answer(rng, d.players[0]))
    gc.collect()
    for _ in range(copies):
        game.copy()
    print(json.dumps({"copies": copies}))


def per_copy(py: str, env: dict[str, str], copies: int, players: int, after: int) -> float:
    """Instructions per copy of one side at one point (the 0-copy run subtracted)."""
    from instructions import count_instructions  # this folder

    argv = [str(HERE), "--worker", "", str(players), str(after)]
    counts = []
    for n in (0, copies):
        argv[2] = str(n)
        counts.append(count_instructions(py, env, argv)[0])
    return (counts[1] - counts[0]) / copies


def main() -> None:
    """The command line (see the module docstring)."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("revs", nargs="*", help="commits to compare with (e.g. 2274f0c)")
    ap.add_argument("--copies", type=int, default=2000, help="copies counted per point")
    ap.add_argument("--players", type=int, nargs="+", default=[2, 4])
    ap.add_argument("--after", type=int, nargs="+", default=[10, 40, 80, 150],
                    help="answers given before the copies (points of the game)")
    ap.add_argument("--compiled-python", type=Path, default=None,
                    help="also count the compiled install of the working tree for this python")
    ap.add_argument("--worker", nargs=3, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.worker:
        worker(*(int(x) for x in args.worker))
        return
    if shutil.which("valgrind") is None:
        print("valgrind is not installed: no instruction counts (install valgrind, e.g. "
              "`apt-get install valgrind`)")
        return
    from instructions import make_sides  # this folder

    results: dict[str, dict[tuple[int, int], float]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        for name, py, env in make_sides(args.revs, Path(tmp), args.compiled_python):
            print(f"{name}:", file=sys.stderr)
            subprocess_warm(py, env)
            results[name] = {}
            for n in args.players:
                for a in args.after:
                    results[name][n, a] = per_copy(py, env, args.copies, n, a)
                    print(f"  {n} players after {a}: {results[name][n, a]:.0f}",
                          file=sys.stderr)
    names = list(results)
    tree = names[-1]
    print(f"# instructions per Game.copy() (valgrind --tool=cachegrind --cache-sim=no; "
          f"{args.copies} copies minus the run without them, / {args.copies}); seeded game "
          f"(seed 3) after A answers; ratio = REV / {tree}")
    print(f"{'players':<8}{'after':>6}" + "".join(f"{n:>18}" for n in names)
          + "".join(f"{'ratio ' + n[:10]:>18}" for n in names[:-1]))
    for n in args.players:
        for a in args.after:
            row = f"{n:<8}{a:>6}" + "".join(f"{results[s][n, a]:>18.0f}" for s in names)
            row += "".join(f"{results[s][n, a] / results[tree][n, a]:>17.2f}x"
                           for s in names[:-1])
            print(row)


def subprocess_warm(py: str, env: dict[str, str]) -> None:
    """One plain run first: the library cache and the bytecode are written before any
    counted run (as ``instructions.py`` warms its sides)."""
    import subprocess

    subprocess.run([py, str(HERE), "--worker", "0", "2", "0"], env=env, check=True,
                   capture_output=True, cwd=tempfile.gettempdir())


if __name__ == "__main__":
    main()
