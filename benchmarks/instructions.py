"""Instructions per random base game (load-independent), working tree beside earlier commits.

    python benchmarks/instructions.py [REV ...] [--games 20] [--players 2 3 4 5]
                                      [--compiled-python PY] [--compiled-rev REV]
                                      [--builds DIR] [--warm K]
                                      [--workload checked|trusted|ismcts] [--iterations N]
                                      [--timed]

Each figure is counted by valgrind (``valgrind --tool=cachegrind --cache-sim=no``): a
fresh process plays ``--games`` seeded random games (seeds 0.., answers from
``random_answer`` with ``random.Random(seed)``, logging off) at one player count; the
same process with 0 games (import, library load, one game set up, then one full garbage
collection, so that moving the library's objects to the oldest generation is not counted as
play) is subtracted and the rest divided by the number of games. Unlike games per second
on a shared machine, the count does not depend on what else runs. Every process gets
``PYTHONHASHSEED=0`` and a private cache folder (``XDG_CACHE_HOME``), warmed by one plain
run first, so the library cache other processes write cannot change the figure.

The working tree runs from the checkout; each REV is built from git into a temporary
virtual environment as ``benchmarks/compare.py`` builds it. Prints, per player count,
the instructions per game and per decision of each side and the ratio REV / working tree
(how many times fewer instructions the working tree spends). ``--compiled-python PY`` adds
the mypyc build of the working tree installed for ``PY`` (a virtual environment where
``HATCH_BUILD_HOOK_ENABLE_MYPYC=1 pip install .`` was run on this tree; README, "Compiled
build") as the last side, and the ratios are then REV / compiled tree. ``--compiled-rev
REV`` (repeatable) builds REV with mypyc the same way (``HATCH_BUILD_HOOK_ENABLE_MYPYC=1
pip install``, from the commit's own ``pyproject.toml``; minutes of CPU) and counts it as
a side ``REV compiled``: ``--compiled-rev 2274f0c --compiled-python .cvenv/bin/python``
compares the two compiled builds. ``--builds DIR`` builds the commits' environments in
DIR (one folder per full commit hash, ``-compiled`` for a mypyc build) and reuses them in
later runs. Without valgrind it says so and exits with status 0.

``--warm K`` plays K full games (seeds 1000..) before counting, in the 0-game run too:
what a process does once, at its first special action or scoring (rendering the labels of
an ``either``, importing what that needs), is then left out, as a timed run of hundreds
of games in one process (``compare.py``) leaves it out; without it (the default) that
cost is spread over the ``--games`` counted.

``--workload`` says what is counted: ``checked`` (the default; ``game.answer`` +
``random_answer``), ``trusted`` (the same answers on the trusted path,
``elgrande.play.playouts.play_out``, where a side has it; a side without it plays the
checked path, so the ratio is the trusted path against that side's checked path) or
``ismcts`` (an ``ismcts`` bot with ``--iterations`` per decision answering the views of
``--games`` seeded random games, 10 per game; the figures are then per game's views and
per search iteration, the views' making subtracted). ``--timed`` runs the same workers
without valgrind and prints decisions (or iterations) per second instead, with the load.

``--worker N P K W I Z`` is the process that is counted (internal).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HERE = Path(__file__).resolve()
_REFS = re.compile(r"I\s+refs:\s+([\d,]+)")


def worker(games: int, players: int, warm: int = 0, workload: str = "checked",
           iterations: int = 50, zero: bool = False) -> None:
    """Play ``games`` seeded random games of ``players`` (after one set up game that warms
    the library, and ``warm`` full games of seeds 1000.. that warm what a process does once,
    at its first special action or scoring) on the ``workload``'s path; print the decisions
    answered (for ``ismcts``: the search iterations) and the seconds they took as JSON.
    ``zero``: the run that is subtracted (for ``ismcts``: the views made, none answered).
    Uses only the API every version has (``new_game``, ``pending``, ``random_answer``,
    ``answer``, ``view``, the ismcts bot)."""
    import gc
    import random
    import time

    sys.path.insert(0, str(HERE.parent))  # this folder, also under PYTHONSAFEPATH=1 (CI)
    from bench_worker import (  # this folder
        any_new_game,
        ismcts_bot,
        ismcts_views,
        play_random,
        play_trusted,
        warm_renderer,
    )

    new_game = any_new_game()
    play = play_trusted if workload == "trusted" else play_random

    new_game(players, seed=0, logging=False)
    if warm:
        warm_renderer()
    for seed in range(1000, 1000 + warm):
        play(new_game(players, seed=seed, logging=False), random.Random(seed))
    views = [v for seed in range(games) for v in
             ismcts_views(new_game, players, seed, 5, 10)] if workload == "ismcts" else []
    if workload == "ismcts" and warm:  # the bot's first search warms what it imports
        ismcts_bot(0, 2).answer(ismcts_views(new_game, players, 1000, 5, 2)[-1])
    gc.collect()  # the library's objects reach the oldest generation here, in every run
    decisions = 0
    start = time.perf_counter()
    if workload == "ismcts":
        for i, v in enumerate(views if not zero else []):
            bot = ismcts_bot(i, iterations)
            bot.answer(v)
            decisions += bot.last_iterations
    else:
        for seed in range(0 if zero else games):
            decisions += play(new_game(players, seed=seed, logging=False),
                              random.Random(seed))
    print(json.dumps({"decisions": decisions, "seconds": time.perf_counter() - start}))


def count_instructions(py: str, env: dict[str, str], argv: list[str]) -> tuple[int, str]:
    """Run ``py argv...`` under cachegrind (in the temporary folder, with ``env``): the
    instructions it ran and its standard output (``benchmarks/simulate_speed.py`` counts
    its own worker with it)."""
    r = subprocess.run(["valgrind", "--tool=cachegrind", "--cache-sim=no",
                        "--cachegrind-out-file=/dev/null", py, *argv], capture_output=True,
                       text=True, env=env, cwd=tempfile.gettempdir(), check=True)
    m = _REFS.search(r.stderr)
    if m is None:
        raise RuntimeError(f"no instruction count in valgrind's output:\n{r.stderr[-2000:]}")
    return int(m.group(1).replace(",", "")), r.stdout


def counted(py: str, env: dict[str, str], games: int, players: int,
            warm: int = 0, workload: str = "checked", iterations: int = 50,
            zero: bool = False, timed: bool = False) -> tuple[float, int]:
    """Run the worker under cachegrind: (instructions, decisions); ``timed``: without
    valgrind, (seconds of the counted part, decisions)."""
    argv = [str(HERE), "--worker", str(games), str(players), str(warm), workload,
            str(iterations), str(int(zero))]
    if timed:
        r = subprocess.run([py, *argv], capture_output=True, text=True, env=env,
                           cwd=tempfile.gettempdir(), check=True)
        got = json.loads(r.stdout.splitlines()[-1])
        return float(got["seconds"]), int(got["decisions"])
    n, out = count_instructions(py, env, argv)
    return n, int(json.loads(out.splitlines()[-1])["decisions"])


def side(py: str, env: dict[str, str], games: int, players: list[int], warm: int = 0,
         workload: str = "checked", iterations: int = 50, timed: bool = False
         ) -> dict[int, tuple[float, float]]:
    """Instructions per game and per decision (search iteration) at each player count,
    for one python (``warm``: full games played before counting, in the 0-game run too);
    ``timed``: seconds per game and decisions per second instead."""
    # warms the caches (the card caches, and the bytecode of the modules the warm-up games
    # and searches import: written by the first run without games, it inflated that run)
    subprocess.run([py, str(HERE), "--worker", "0", "2", str(warm), workload, "2", "1"],
                   env=env, check=True, capture_output=True, cwd=tempfile.gettempdir())
    job = {"workload": workload, "iterations": iterations}
    each = warm or workload == "ismcts"  # a zero run per player count
    zero = {} if timed else {
        n: counted(py, env, games, n, warm, zero=True, **job)[0]  # type: ignore[arg-type]
        for n in (players if each else [2])}
    out: dict[int, tuple[float, float]] = {}
    for n in players:
        total, decisions = counted(py, env, games, n, warm, timed=timed,
                                   **job)  # type: ignore[arg-type]
        if timed:
            out[n] = (total / games, decisions / total)
            print(f"  {n} players: {out[n][1]:.0f} per second", file=sys.stderr)
            continue
        total -= zero[n if each else 2]
        out[n] = (total / games, total / max(decisions, 1))
        print(f"  {n} players: {out[n][0] / 1e6:.2f}M per game", file=sys.stderr)
    return out


def make_sides(revs: list[str], tmp: Path, compiled_python: Path | None,
               tree: str = "working tree", compiled: str = "compiled tree",
               compiled_revs: list[str] | None = None, keep: Path | None = None
               ) -> list[tuple[str, str, dict[str, str]]]:
    """The sides of a comparison, ``(name, python, environment)``: each of ``revs`` built
    into a virtual environment under ``tmp`` (``compare.py``'s ``build``), each of
    ``compiled_revs`` built there with mypyc (named ``REV compiled``), the working tree
    run from the checkout (``tree``), and the compiled install of ``compiled_python`` if
    given (``compiled``); each with ``PYTHONHASHSEED=0`` and a private cache folder under
    ``tmp`` (``benchmarks/simulate_speed.py`` compares its sides with it too). ``keep``: a
    folder where the commits' environments are built and kept for the next run
    (``compare.py``'s ``kept_build``)."""
    sys.path.insert(0, str(HERE.parent))
    from compare import kept_build  # this folder

    plain = {k: v for k, v in os.environ.items()
             if k not in ("PYTHONPATH", "PYTHONDONTWRITEBYTECODE")}
    sides = [(rev, str(kept_build(rev, tmp / f"rev{i}", keep)), dict(plain))
             for i, rev in enumerate(revs)]
    sides += [(f"{rev} compiled", str(kept_build(rev, tmp / f"crev{i}", keep, compiled=True)),
               dict(plain)) for i, rev in enumerate(compiled_revs or [])]
    sides.append((tree, sys.executable, dict(plain, PYTHONPATH=str(ROOT))))
    if compiled_python is not None:  # its own install, not the checkout
        # absolute (the workers run in the temporary folder), not resolved: a virtual
        # environment's python is a link to the base interpreter
        sides.append((compiled, str(compiled_python.absolute()), dict(plain)))
    for i, (_, _, env) in enumerate(sides):
        cache = tmp / f"cache{i}"
        cache.mkdir(mode=0o700)
        env.update(PYTHONHASHSEED="0", XDG_CACHE_HOME=str(cache))
    return sides


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("revs", nargs="*", help="commits to compare with (e.g. e6bb21f)")
    ap.add_argument("--games", type=int, default=20, help="games per player count")
    ap.add_argument("--players", type=int, nargs="+", default=[2, 3, 4, 5],
                    help="player counts (default 2 3 4 5)")
    ap.add_argument("--compiled-python", type=Path, default=None,
                    help="also count the compiled install of the working tree for this python")
    ap.add_argument("--compiled-rev", action="append", default=[], metavar="REV",
                    help="also count commit REV built with mypyc (into a temporary "
                    "environment, as docs/compiled.md builds the working tree's; minutes)")
    ap.add_argument("--builds", type=Path, default=None, metavar="DIR",
                    help="build the commits' environments in DIR and reuse them next time "
                    "(instead of a temporary folder)")
    ap.add_argument("--warm", type=int, default=0,
                    help="full games played before counting, in the 0-game run too (at the "
                    "same player count): what a process does once, at its first special "
                    "action or scoring, is then not counted, as in a timed run of many games")
    ap.add_argument("--workload", choices=["checked", "trusted", "ismcts"], default="checked",
                    help="the checked path (default), the trusted path, or ismcts searches")
    ap.add_argument("--iterations", type=int, default=50,
                    help="ismcts search iterations per decision (--workload ismcts)")
    ap.add_argument("--timed", action="store_true",
                    help="time the workers (no valgrind): decisions or iterations per second")
    ap.add_argument("--worker", nargs=6, metavar=("GAMES", "PLAYERS", "WARM", "WORKLOAD",
                                                  "ITERATIONS", "ZERO"),
                    help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.worker:
        g, n, w, load, it, z = args.worker
        worker(int(g), int(n), int(w), load, int(it), z == "1")
        return
    if shutil.which("valgrind") is None and not args.timed:
        print("valgrind is not installed: no instruction counts (install valgrind, e.g. "
              "`apt-get install valgrind`)")
        return
    results: dict[str, dict[int, tuple[float, float]]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        for name, py, env in make_sides(args.revs, Path(tmp), args.compiled_python,
                                        compiled_revs=args.compiled_rev,
                                        keep=args.builds):
            print(f"{name}:", file=sys.stderr)
            results[name] = side(py, env, args.games, args.players, args.warm,
                                 args.workload, args.iterations, args.timed)
    report(results, args)


def report(results: dict[str, dict[int, tuple[float, float]]], args: argparse.Namespace
           ) -> None:
    """Print the table: per player count, each side's figures and the ratios of the
    earlier sides to the last one (how many times fewer instructions, or how many times
    the rate, the last side has)."""
    names = list(results)
    tree = names[-1]
    warmed = f", after {args.warm} warm-up games in both runs" if args.warm else ""
    what = {"checked": "random base game (game.answer + random_answer)",
            "trusted": "random base game (the trusted path where a side has it, else the "
                       "checked path)",
            "ismcts": f"game's ismcts views (10 a game, {args.iterations} iterations each)"}[
                args.workload]
    unit = "iteration" if args.workload == "ismcts" else "decision"
    if args.timed:
        print(f"# {unit}s per second, timed (not load-independent: see the load), "
              f"{args.games} seeded games{warmed}; ratio = {tree} / REV; {what}")
    else:
        print(f"# instructions per {what} (valgrind --tool=cachegrind --cache-sim=no; "
              f"{args.games} seeded games minus the run without them{warmed}, / "
              f"{args.games}; per {unit} in brackets); ratio (per {unit}) = REV / {tree}")
    head = f"{'players':<8}" + "".join(f"{n:>26}" for n in names)
    print(head + "".join(f"{'ratio ' + n[:10]:>18}" for n in names[:-1]))
    for n in args.players:
        row = f"{n:<8}"
        for name in names:
            per_game, per_decision = results[name][n]
            if args.timed:
                row += f"{per_decision:>20.0f}/s    "
            else:
                row += f"{per_game / 1e6:>14.2f}M ({per_decision / 1e3:>6.1f}k)"
        for name in names[:-1]:
            a, b = results[name][n][1], results[tree][n][1]
            row += f"{(b / a if args.timed else a / b):>17.2f}x"
        print(row)


if __name__ == "__main__":
    main()
