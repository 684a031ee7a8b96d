"""Compare the working tree's speed with an earlier commit, side by side in one run.

    python benchmarks/compare.py e6bb21f [--rounds 3] [--seconds 2]

Builds REV from git (``git archive``) into a temporary virtual environment, then runs
``benchmarks/bench_worker.py`` in alternating fresh processes: REV, working tree, REV,
working tree, ... and prints, for each figure, the median of each side and their ratio
(working tree / REV). Absolute figures on a shared machine are noisy; the ratio in one run
is the figure to quote. Then the expansions' decisions/s (Colonies, Intrigue & the King)
beside the base game's at each player count, with the ratio base / expansion (issue 12
wants it at most 1.5), for each side that has them.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WORKER = Path(__file__).resolve().parent / "bench_worker.py"


def build(rev: str, where: Path) -> Path:
    """Install commit ``rev`` into a new virtual environment under ``where``; return its
    python."""
    src = where / "src"
    src.mkdir()
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", rev], check=True,
                             capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(src)], input=archive, check=True)
    venv = where / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    py = venv / "bin" / "python"
    subprocess.run([str(py), "-m", "pip", "install", "--quiet", str(src)], check=True)
    return py


def run(py: str, env: dict[str, str], seconds: float, cwd: str) -> dict[str, object]:
    out = subprocess.run([py, str(WORKER), "--seconds", str(seconds)], check=True,
                         capture_output=True, text=True, env=env, cwd=cwd).stdout
    data: dict[str, object] = json.loads(out.strip().splitlines()[-1])
    return data


def figures(r: dict[str, object]) -> dict[str, float]:
    out: dict[str, float] = {}
    for n in (2, 3, 4, 5):
        p = r[f"p{n}"]
        assert isinstance(p, dict)
        out[f"{n} players games/s"] = float(p["games_s"])
        out[f"{n} players decisions/s"] = float(p["decisions_s"])
    out["copy/s after 40 answers"] = float(r["copy_40_s"])  # type: ignore[arg-type]
    out["copy/s after 150 answers"] = float(r["copy_150_s"])  # type: ignore[arg-type]
    out["fresh process to first game (ms)"] = 1000 * float(
        r["import_and_first_game_s"])  # type: ignore[arg-type]
    return out


def expansion_figures(r: dict[str, object]) -> dict[str, float] | None:
    """Decisions/s of the base game and of each expansion the run timed, by player count;
    None when the run timed no expansion."""
    out: dict[str, float] = {}
    for name in ("colonies", "intrigue_king"):
        per = r.get(name)
        if not isinstance(per, dict):
            continue
        for n in (2, 3, 4, 5):
            p = per[f"p{n}"]
            base = r[f"p{n}"]
            assert isinstance(p, dict) and isinstance(base, dict)
            out[f"{n} players {name} decisions/s"] = float(p["decisions_s"])
            out[f"{n} players base / {name}"] = float(base["decisions_s"]) / float(
                p["decisions_s"])
    return out or None


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("rev", help="the commit to compare against (e.g. e6bb21f)")
    ap.add_argument("--rounds", type=int, default=3, help="alternating runs per side")
    ap.add_argument("--seconds", type=float, default=2.0, help="per figure per run")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        old_py = build(args.rev, Path(tmp))
        old_env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
        new_env = dict(old_env, PYTHONPATH=str(ROOT))
        old: list[dict[str, float]] = []
        new: list[dict[str, float]] = []
        sides: dict[str, list[dict[str, float]]] = {args.rev: [], "working tree": []}
        for i in range(args.rounds):
            for label, py, env, into in ((args.rev, str(old_py), old_env, old),
                                         ("working tree", sys.executable, new_env, new)):
                r = run(py, env, args.seconds, tmp)
                into.append(figures(r))
                ex = expansion_figures(r)
                if ex is not None:
                    sides[label].append(ex)
            print(f"round {i + 1}/{args.rounds} done", file=sys.stderr)
    print(f"{'figure':<36} {args.rev:>12} {'working tree':>14} {'ratio':>8}")
    for key in old[0]:
        a = statistics.median(r[key] for r in old)
        b = statistics.median(r[key] for r in new)
        print(f"{key:<36} {a:>12.1f} {b:>14.1f} {b / a if a else float('nan'):>7.2f}x")
    for label, runs in sides.items():
        if not runs:
            continue
        print(f"\nexpansions, {label} (base / expansion: at most 1.5 wanted, issue 12):")
        for key in runs[0]:
            v = statistics.median(r[key] for r in runs)
            print(f"  {key:<42} {v:>10.2f}{'x' if ' / ' in key else ''}")


if __name__ == "__main__":
    main()
