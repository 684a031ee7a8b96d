"""Cold start and ``validate`` speed, optionally side by side with a commit.

    python benchmarks/cold_start.py [--runs 9] [--rev e6bb21f --rev e749a56]

What is measured, each in a fresh process, alternating working tree and REVs:

- **cold start**: ``import elgrande``, load every shipped set and start a game of each
  (``base`` + ``colonies`` and ``base`` + ``intrigue-king`` with the ``provisional`` fill,
  then a 4-player base game) until the base game's first decision is pending. A set
  whose game cannot start (card data missing) has its library loaded only; a commit that
  cannot load a set (no cards yet, no fill option) skips it: ``sets loaded`` says how many
  each side loaded. Timed in the process from its first
  statement (the interpreter's own start-up, ~10 ms, is outside it) and, separately, the
  whole process's CPU time.
- **base game only**: ``import elgrande; elgrande.new_game(4)`` the same way.
- **validate**: ``elgrande validate cards/ --smoke 0`` (each side its own ``cards/``) as a
  whole process: wall and CPU time, and card files per second of CPU time. With ~100
  shipped cards the interpreter's and the imports' fixed cost dominates, so the same is
  timed on a folder of :data:`MANY` homebrew cards too (copies of each side's
  ``examples/homebrew`` cards under new ids): the rate once the fixed cost is spread.

Warm caches, as on a machine that has run elgrande before: each side has a cache folder of
its own (``XDG_CACHE_HOME``), and one untimed run of each first fills the parser's table
cache, the card caches and the bytecode (``__pycache__``; the
environment's ``PYTHONDONTWRITEBYTECODE`` is dropped, else the working tree would compile
every module in every run while an installed REV reads its bytecode). ``--cold-caches``
points the caches at an empty folder in each round instead: the round's cold start is
then the first run on a machine (Lark tables and card files parsed, caches written); its
later figures reuse what that run wrote.

The figures are the median over ``--runs``; on a shared machine wall time is noisy (other
processes), CPU time less so, and the ratio in one run is the figure to quote.
``--instructions`` adds load-independent rows, counted once per side with valgrind's
cachegrind (warm caches, ``PYTHONHASHSEED=0``): the cold start's instructions in the
process (the script ending in ``os._exit`` right after its figure, less a process that
only exits: the interpreter's start-up and shutdown are outside it, as in the timed row)
and the whole ``validate`` process's.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from compare import build  # noqa: E402 - the benchmarks folder is not a package

ROOT = Path(__file__).resolve().parent.parent
#: Card files in the large validate folder.
MANY = 1000

#: The cold start: what a fresh process does to have every shipped set loaded and a game
#: at its first decision; ``ms``: milliseconds from the first statement (see :data:`REPORT`).
COLD = """\
import time
t0 = time.perf_counter()
import elgrande
try:
    from elgrande.files.resources import cards_dir
except ImportError:  # before the package's folders (2274f0c): elgrande.resources
    from elgrande.resources import cards_dir
shipped = sorted(p.name for p in cards_dir().iterdir() if (p / "set.yaml").is_file())
played = ["base"]
for extra in ("colonies", "intrigue-king"):
    if extra in shipped:
        try:  # a game of the set, else (card data missing) its library loaded
            elgrande.new_game(4, sets=("base", extra), fill="provisional")
            played.append(extra)
        except Exception:
            try:  # a commit without the set's cards or the fill option loads the base only
                try:
                    from elgrande.data.library import load_library
                except ImportError:  # e6bb21f
                    from elgrande.library import load_library
                load_library(("base", extra), fill="provisional")
                played.append(extra + " (library only)")
            except Exception:
                pass
game = elgrande.new_game(4)
assert game.pending is not None
ms = 1000 * (time.perf_counter() - t0)
"""
#: What the timed runs add after :data:`COLD` or :data:`BASE` to print their figure (the
#: ``json`` import is outside the timed region, and the counted one ends before it).
REPORT = """\
import json
print(json.dumps({"ms": ms, "sets": globals().get("played", [])}))
"""
#: The base game only.
BASE = """\
import time
t0 = time.perf_counter()
import elgrande
game = elgrande.new_game(4)
assert game.pending is not None
ms = 1000 * (time.perf_counter() - t0)
"""


#: Cachegrind counting instructions only (no cache simulation).
CACHEGRIND = ["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null"]


def instructions(cmd: list[str], env: dict[str, str], cwd: str) -> float:
    """Millions of instructions the process ``cmd`` runs (cachegrind's ``I refs``)."""
    err = subprocess.run([*CACHEGRIND, *cmd], env=dict(env, PYTHONHASHSEED="0"), cwd=cwd,
                         check=True, capture_output=True, text=True).stderr
    line = next(x for x in err.splitlines() if "I   refs:" in x or "I refs:" in x)
    return int(line.rsplit(":", 1)[1].replace(",", "")) / 1e6


def count_round(py: str, env: dict[str, str], cards: str, cwd: str) -> dict[str, float]:
    """The ``--instructions`` rows for the interpreter ``py`` (caches warm)."""
    exit_now = "import os, sys; sys.stdout.flush(); os._exit(0)"
    start = instructions([py, "-c", exit_now], env, cwd)
    cold = instructions([py, "-c", COLD + exit_now + "\n"], env, cwd)
    cli = str(Path(py).parent / "elgrande")
    validate = instructions([cli, "validate", cards, "--smoke", "0"], env, cwd)
    return {"cold start: in process (M instructions)": cold - start,
            "validate: process (M instructions)": validate}


def _env(base: dict[str, str], cache: str | None) -> dict[str, str]:
    env = {k: v for k, v in base.items() if k != "PYTHONDONTWRITEBYTECODE"}
    if cache is not None:
        env["XDG_CACHE_HOME"] = cache
    return env


def timed(cmd: list[str], env: dict[str, str], cwd: str) -> tuple[float, float, str]:
    """Run ``cmd``; return (wall ms, CPU ms of the process, its stdout)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    out = subprocess.run(cmd, env=env, cwd=cwd, check=True, capture_output=True,
                         text=True).stdout
    wall = 1000 * (time.perf_counter() - t)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = 1000 * (after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return wall, cpu, out


def many_cards(examples: Path, where: Path, n: int = MANY) -> str:
    """A folder of ``n`` homebrew card files: the cards of ``examples`` under new ids, each
    script made distinct by a comment (so no two cards share a parse)."""
    where.mkdir(parents=True, exist_ok=True)
    texts = [f.read_text(encoding="utf-8") for f in sorted(examples.glob("*.yaml"))]
    for i in range(n):
        text = texts[i % len(texts)]
        head, _, rest = text.partition("\nid: ")
        cid, _, tail = rest.partition("\n")
        tail = tail.replace("effect: |\n", f"effect: |\n  # copy {i}\n", 1)
        (where / f"{cid}-{i:04d}.yaml").write_text(f"{head}\nid: {cid}-{i:04d}\n{tail}",
                                                  encoding="utf-8")
    return str(where)


def one_round(py: str, env: dict[str, str], cards: str, many: str,
              cwd: str) -> dict[str, float]:
    """One measurement of every figure for the interpreter ``py``."""
    out: dict[str, float] = {}
    wall, cpu, text = timed([py, "-c", COLD + REPORT], env, cwd)
    got = json.loads(text.splitlines()[-1])
    out["cold start: in process (ms)"] = got["ms"]
    out["cold start: sets loaded"] = len(got["sets"])
    out["cold start: process CPU (ms)"] = cpu
    out["cold start: process wall (ms)"] = wall
    wall, cpu, text = timed([py, "-c", BASE + REPORT], env, cwd)
    out["base game only: in process (ms)"] = json.loads(text.splitlines()[-1])["ms"]
    out["base game only: process CPU (ms)"] = cpu
    cli = str(Path(py).parent / "elgrande")  # the console script of py's environment
    wall, cpu, text = timed([cli, "validate", cards, "--smoke", "0"], env, cwd)
    files = int(text.split()[0])
    out["validate: card files"] = files
    out["validate: process wall (ms)"] = wall
    out["validate: process CPU (ms)"] = cpu
    out["validate: cards/s of CPU time"] = 1000 * files / cpu
    out["validate: cards/s of wall time"] = 1000 * files / wall
    wall, cpu, text = timed([cli, "validate", many, "--smoke", "0"], env, cwd)
    files = int(text.split()[0])
    out[f"validate {MANY} cards: CPU (ms)"] = cpu
    out[f"validate {MANY} cards: cards/s of CPU"] = 1000 * files / cpu
    out[f"validate {MANY} cards: cards/s of wall"] = 1000 * files / wall
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rev", action="append", default=[], help="a commit to compare with")
    ap.add_argument("--runs", type=int, default=9, help="fresh processes per figure and side")
    ap.add_argument("--instructions", action="store_true",
                    help="also count instructions with cachegrind (once per side)")
    ap.add_argument("--cold-caches", action="store_true",
                    help="an empty cache folder for each round (its cold start row is the "
                    "first run on a machine; the round's later figures reuse what it wrote)")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        sides: list[tuple[str, str, dict[str, str], str, str]] = []
        for rev in args.rev:
            where = Path(tmp) / rev
            where.mkdir()
            py = build(rev, where)
            env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
            sides.append((rev, str(py), env, str(where / "src" / "cards"),
                          many_cards(where / "src" / "examples" / "homebrew", where / "many")))
        sides.append(("working tree", sys.executable, dict(os.environ, PYTHONPATH=str(ROOT)),
                      str(ROOT / "cards"),
                      many_cards(ROOT / "examples" / "homebrew", Path(tmp) / "many")))
        results: dict[str, list[dict[str, float]]] = {name: [] for name, *_ in sides}
        # each side its own warm cache folder: in a shared one the sides' parse memos
        # (a few files per user) evict each other, and so do other checkouts' runs
        own = {name: tempfile.mkdtemp(dir=tmp) for name, *_ in sides}
        for i in range(args.runs + 1):
            for name, py, env, cards, many in sides:
                cache = tempfile.mkdtemp(dir=tmp) if args.cold_caches else own[name]
                got = one_round(py, _env(env, cache), cards, many, tmp)
                if i > 0:  # the first round only warms the caches
                    results[name].append(got)
            print(f"round {i}/{args.runs} done", file=sys.stderr)
        if args.instructions:  # after the rounds: the caches are warm
            for name, py, env, cards, _many in sides:
                counted = count_round(py, _env(env, own[name]), cards, tmp)
                for got in results[name]:
                    got.update(counted)
    names = [name for name, *_ in sides]
    print(f"{'figure (median)':<36}" + "".join(f"{n:>14}" for n in names)
          + ("".join(f"{'tree/' + n:>16}" for n in names[:-1])))
    for key in results[names[-1]][0]:
        med = [statistics.median(r[key] for r in results[n]) for n in names]
        ratios = "".join(f"{med[-1] / m if m else float('nan'):>15.2f}x" for m in med[:-1])
        print(f"{key:<36}" + "".join(f"{m:>14.1f}" for m in med) + ratios)


if __name__ == "__main__":
    main()
