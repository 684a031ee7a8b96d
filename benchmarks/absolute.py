"""The speed targets in absolute units (cold start, validate) on this machine and on the
target's.

    python benchmarks/absolute.py [--runs 5] [--seconds 1] [--tree-python PY]

The speed targets include two in absolute units: a cold start of at most 100 ms and
``elgrande validate cards/ --smoke 0`` at 1,000 cards per second or more. An absolute
figure depends on the machine, and the issue names its machine only through what commit
e6bb21f did there: 716 / 485 / 380 / 310 random base games per second at 2 / 3 / 4 / 5
players (:data:`ISSUE_GAMES_PER_S`). This script measures, in alternating fresh
processes of one run:

- e6bb21f's random games per second here (built from git into a temporary virtual
  environment, timed by ``benchmarks/bench_worker.py`` as ``compare.py`` does);
- the working tree's cold start (in process) and ``validate`` (whole process, wall and CPU),
  as ``benchmarks/cold_start.py`` times them, with warm caches of its own.

It prints the figures measured here, the machine factor (the issue's e6bb21f games/s over
this run's, the median over the four player counts: how many times faster the issue's
machine ran the same code), and each target figure scaled by it: what the issue's machine
would show, assuming the cold start and validate scale as the playouts do. The scaled rows
are an estimate; the rows measured here are what they are. ``--tree-python PY`` times the
installed build of ``PY`` (e.g. the mypyc build) instead of the checkout.

More rows give the floors under both targets on a machine: ``import attrs`` alone timed in
the process as the cold start is (attrs: the plain-data classes the team's rules prescribe;
every elgrande process imports it first), beside the cold start's budget of 100 ms; a
process that only starts the interpreter; and one that starts it and imports the two
libraries every ``validate`` imports before any work of elgrande's (:data:`FLOOR`: attrs,
and click for the command line), beside ``validate``'s whole budget at the target (the
card files / 1,000 cards/s): what is left of it after the floor is all elgrande's own
imports and the card files may take on that machine.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from cold_start import COLD, REPORT, _env, timed  # noqa: E402 - not a package
from compare import build, run  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
#: Random base games per second of commit e6bb21f on the machine the speed targets name.
ISSUE_GAMES_PER_S = {2: 716.0, 3: 485.0, 4: 380.0, 5: 310.0}
#: The issue's targets: cold start ms (at most), validate cards/s (at least).
COLD_START_MS, VALIDATE_CARDS_S = 100.0, 1000.0
#: The libraries every ``elgrande validate`` process imports before its own modules.
FLOOR = "import attrs, click"
#: ``import attrs`` timed in the process, as :data:`cold_start.COLD` times the cold start.
ATTRS_MS = ("import time; t0 = time.perf_counter(); import attrs; "
            "print(1000 * (time.perf_counter() - t0))")


def tree_round(py: str, env: dict[str, str], cards: str, cwd: str) -> dict[str, float]:
    """The working tree's cold start (ms in process), validate (card files, wall and CPU
    ms of the process) and the floors (``import attrs`` in process, ms; wall ms of a bare
    interpreter and of one importing :data:`FLOOR`) under ``py``."""
    _wall, _cpu, text = timed([py, "-c", COLD + REPORT], env, cwd)
    cold_ms = float(json.loads(text.splitlines()[-1])["ms"])
    cli = str(Path(py).parent / "elgrande")
    wall, cpu, text = timed([cli, "validate", cards, "--smoke", "0"], env, cwd)
    files = int(text.split()[0])
    bare = timed([py, "-c", "pass"], env, cwd)[0]
    floor, floor_cpu, _text = timed([py, "-c", FLOOR], env, cwd)
    attrs_ms = float(timed([py, "-c", ATTRS_MS], env, cwd)[2].split()[-1])
    return {"cold": cold_ms, "files": files, "vwall": wall, "vcpu": cpu, "bare": bare,
            "floor": floor, "floor_cpu": floor_cpu, "attrs": attrs_ms}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5, help="alternating rounds")
    ap.add_argument("--seconds", type=float, default=1.0, help="per e6bb21f playout figure")
    ap.add_argument("--tree-python", help="time this installed build instead of the checkout")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        ref = str(build("e6bb21f", Path(tmp) / "e6bb21f"))
        ref_env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
        if args.tree_python:
            py, env = args.tree_python, dict(ref_env)
        else:
            py, env = sys.executable, dict(os.environ, PYTHONPATH=str(ROOT))
        env = _env(env, tempfile.mkdtemp(dir=tmp))
        cards = str(ROOT / "cards")
        tree_round(py, env, cards, tmp)  # warms the caches and the bytecode
        refs: list[dict[int, float]] = []
        trees: list[dict[str, float]] = []
        for i in range(args.runs):
            got = run(ref, ref_env, args.seconds, tmp)
            refs.append({n: float(got[f"p{n}"]["games_s"]) for n in ISSUE_GAMES_PER_S})  # type: ignore[index]
            trees.append(tree_round(py, env, cards, tmp))
            print(f"round {i + 1}/{args.runs} done", file=sys.stderr)
    here = {n: statistics.median(r[n] for r in refs) for n in ISSUE_GAMES_PER_S}
    factors = {n: ISSUE_GAMES_PER_S[n] / here[n] for n in here}
    factor = statistics.median(factors.values())
    cold = statistics.median(t["cold"] for t in trees)
    files = trees[0]["files"]
    vwall = statistics.median(t["vwall"] for t in trees)
    vcpu = statistics.median(t["vcpu"] for t in trees)
    bare = statistics.median(t["bare"] for t in trees)
    floor = statistics.median(t["floor"] for t in trees)
    floor_cpu = statistics.median(t["floor_cpu"] for t in trees)
    attrs_ms = statistics.median(t["attrs"] for t in trees)
    budget = 1000 * files / VALIDATE_CARDS_S
    print(f"load average at the end: {os.getloadavg()[0]:.2f}; medians of {args.runs} rounds")
    for n in here:
        print(f"e6bb21f {n} players games/s: here {here[n]:7.1f}, issue {ISSUE_GAMES_PER_S[n]:5.0f}"
              f" -> the issue's machine {factors[n]:.2f}x faster")
    print(f"machine factor (median): {factor:.2f}")
    print(f"{'figure':<46}{'here':>10}{'scaled':>10}{'target':>10}")
    rows = [("cold start, in process (ms)", cold, cold / factor, f"<= {COLD_START_MS:.0f}"),
            ("validate cards/, wall (ms)", vwall, vwall / factor, ""),
            ("validate cards/s of wall time", 1000 * files / vwall,
             1000 * files / vwall * factor, f">= {VALIDATE_CARDS_S:.0f}"),
            ("validate cards/s of CPU time", 1000 * files / vcpu,
             1000 * files / vcpu * factor, f">= {VALIDATE_CARDS_S:.0f}"),
            ("import attrs alone, in process (ms)", attrs_ms, attrs_ms / factor,
             f"({COLD_START_MS:.0f})"),
            ("interpreter alone, wall (ms)", bare, bare / factor, ""),
            (f"interpreter + {FLOOR}, wall (ms)", floor, floor / factor,
             f"({budget:.0f})"),
            (f"interpreter + {FLOOR}, CPU (ms)", floor_cpu, floor_cpu / factor, "")]
    for name, value, scaled, target in rows:
        print(f"{name:<46}{value:>10.1f}{scaled:>10.1f}{target:>10}")
    print(f"({COLD_START_MS:.0f}): the cold start's whole budget at the target; left after "
          f"import attrs: {COLD_START_MS - attrs_ms:.1f} ms here, "
          f"{COLD_START_MS - attrs_ms / factor:.1f} ms scaled")
    print(f"({budget:.0f}): validate's whole budget for its {files} card files at the target; "
          f"left after the floor: {budget - floor:.1f} ms here, {budget - floor / factor:.1f} "
          "ms scaled")


if __name__ == "__main__":
    main()
