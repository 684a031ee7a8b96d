"""Compare the working tree's speed with an earlier commit, side by side in one run.

    python benchmarks/compare.py e6bb21f [--rounds 3] [--seconds 2]

Builds REV from git (``git archive``) into a temporary virtual environment, then runs
``benchmarks/bench_worker.py`` in alternating fresh processes: REV, working tree, REV,
working tree, ... and prints, for each figure, the median of each side and their ratio
(working tree / REV). Absolute figures on a shared machine are noisy; the ratio in one run
is the figure to quote.
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


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("rev", help="the commit to compare against (e.g. e6bb21f)")
    ap.add_argument("--rounds", type=int, default=3, help="alternating runs per side")
    ap.add_argument("--seconds", type=float, default=2.0, help="per figure per run")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        old_py = build(args.rev, Path(tmp))
        # without PYTHONDONTWRITEBYTECODE: else the working tree compiles every module in
        # every fresh process while the installed REV reads its bytecode (cold start)
        old_env = {k: v for k, v in os.environ.items()
                   if k not in ("PYTHONPATH", "PYTHONDONTWRITEBYTECODE")}
        new_env = dict(old_env, PYTHONPATH=str(ROOT))
        old: list[dict[str, float]] = []
        new: list[dict[str, float]] = []
        for i in range(args.rounds):
            old.append(figures(run(str(old_py), old_env, args.seconds, tmp)))
            new.append(figures(run(sys.executable, new_env, args.seconds, tmp)))
            print(f"round {i + 1}/{args.rounds} done", file=sys.stderr)
    print(f"{'figure':<36} {args.rev:>12} {'working tree':>14} {'ratio':>8}")
    for key in old[0]:
        a = statistics.median(r[key] for r in old)
        b = statistics.median(r[key] for r in new)
        print(f"{key:<36} {a:>12.1f} {b:>14.1f} {b / a if a else float('nan'):>7.2f}x")


if __name__ == "__main__":
    main()
