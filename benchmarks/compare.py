"""Compare the working tree's speed with an earlier commit, side by side in one run.

    python benchmarks/compare.py e6bb21f [--rounds 3] [--seconds 2]
    python benchmarks/compare.py --compiled [--rounds 3] [--seconds 2]
    python benchmarks/compare.py e6bb21f --tree-compiled [--rounds 3] [--seconds 2]

Builds REV from git (``git archive``) into a temporary virtual environment, then runs
``benchmarks/bench_worker.py`` in alternating fresh processes: REV, working tree, REV,
working tree, ... and prints, for each figure, the median of each side and their ratio
(working tree / REV). Absolute figures on a shared machine are noisy; the ratio in one run
is the figure to quote. Then the expansions' decisions/s (Colonies, Intrigue & the King)
beside the base game's at each player count, with the ratio base / expansion (the speed
target wants it at most 1.5), for each side that has them.

``--compiled`` instead installs the working tree twice, as the default pure-Python wheel and
as the optional mypyc build (``HATCH_BUILD_HOOK_ENABLE_MYPYC=1``, needs a C compiler; see
the README), each in its own temporary virtual environment, and compares them the same way
(ratio: compiled / pure).

``REV --tree-compiled`` compares REV with the working tree's mypyc build (installed like
``--compiled`` does) instead of the working tree run from the checkout (ratio: compiled
working tree / REV).

``--compiled-python PY`` (with ``--compiled`` or ``--tree-compiled``) skips building the
mypyc build and times the one installed for ``PY`` instead (a virtual environment's python
where ``HATCH_BUILD_HOOK_ENABLE_MYPYC=1 pip install .`` was run on this working tree): the
build takes minutes of CPU.
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
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WORKER = Path(__file__).resolve().parent / "bench_worker.py"


def build(rev: str, where: Path, compiled: bool = False) -> Path:
    """Install commit ``rev`` into a new virtual environment under ``where``; return its
    python. ``compiled``: the mypyc build (``HATCH_BUILD_HOOK_ENABLE_MYPYC=1``, as
    docs/compiled.md builds the working tree's; needs a C compiler and takes minutes), from
    the commit's own ``pyproject.toml``."""
    src = where / "src"
    src.mkdir(parents=True)
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", rev], check=True,
                             capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(src)], input=archive, check=True)
    return install(src, where / "venv", {"HATCH_BUILD_HOOK_ENABLE_MYPYC": "1"} if compiled
                   else {})


def kept_build(rev: str, where: Path, keep: Path | None, compiled: bool = False) -> Path:
    """:func:`build` ``rev`` under ``where``, or, with ``keep`` (a folder), under
    ``keep/<full commit hash>[-compiled]``, reusing the environment a run before left there
    (a compiled build takes minutes); return its python."""
    if keep is None:
        return build(rev, where, compiled)
    full = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--verify", f"{rev}^{{commit}}"],
                          check=True, capture_output=True, text=True).stdout.strip()
    kept = keep / (full + ("-compiled" if compiled else ""))
    py = kept / "venv" / "bin" / "python"
    if (kept / "done").is_file():
        return py
    if kept.exists():  # an interrupted build
        shutil.rmtree(kept)
    build(rev, kept, compiled)
    (kept / "done").write_text(rev + "\n", encoding="utf-8")
    return py


def install(src: Path, venv: Path, env: dict[str, str]) -> Path:
    """``pip install src`` into a new virtual environment ``venv`` (extra environment
    variables ``env`` for the build); return its python."""
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    py = venv / "bin" / "python"
    subprocess.run([str(py), "-m", "pip", "install", "--quiet", str(src)], check=True,
                   env=dict(os.environ, **env))
    return py


def copy_tree(where: Path) -> Path:
    """Copy the working tree (its tracked and untracked-but-not-ignored files, as they are
    on disk) to ``where / "src"``; return that directory."""
    src = where / "src"
    src.mkdir()
    files = subprocess.run(["git", "-C", str(ROOT), "ls-files", "-z", "--cached", "--others",
                            "--exclude-standard"], check=True, capture_output=True).stdout
    existing = b"\0".join(f for f in files.split(b"\0") if f and (ROOT / f.decode()).exists())
    packed = subprocess.run(["tar", "-c", "-C", str(ROOT), "--null", "-T", "-"],
                            input=existing, check=True, capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(src)], input=packed, check=True)
    return src


def build_tree_compiled(src: Path, where: Path) -> Path:
    """Install the working tree copy ``src`` as the mypyc build into a new virtual
    environment under ``where``; return its python."""
    return install(src, where / "compiled", {"HATCH_BUILD_HOOK_ENABLE_MYPYC": "1"})


def build_tree_twice(where: Path, compiled: Path | None) -> tuple[Path, Path]:
    """Install the working tree into two new virtual environments under ``where``: the
    pure-Python wheel and the mypyc build (unless ``compiled``, that build's python, is
    given). Return (pure python, compiled python)."""
    src = copy_tree(where)
    return install(src, where / "pure", {}), compiled or build_tree_compiled(src, where)


def run(py: str, env: dict[str, str], seconds: float, cwd: str) -> dict[str, object]:
    """One fresh ``bench_worker.py`` process under the python ``py`` (in ``cwd``, with
    ``env``), each figure timed for ``seconds``: its JSON line of raw figures.

    Raises:
        subprocess.CalledProcessError: the worker failed.
    """
    out = subprocess.run([py, str(WORKER), "--seconds", str(seconds)], check=True,
                         capture_output=True, text=True, env=env, cwd=cwd).stdout
    data: dict[str, object] = json.loads(out.strip().splitlines()[-1])
    return data


def figures(r: dict[str, object]) -> dict[str, float]:
    """The printed figures (games/s, decisions/s, copy/s, ms) of one worker's raw JSON."""
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
    ap.add_argument("rev", nargs="?", help="the commit to compare against (e.g. e6bb21f)")
    ap.add_argument("--compiled", action="store_true",
                    help="compare the working tree's mypyc build with its pure-Python build")
    ap.add_argument("--tree-compiled", action="store_true",
                    help="with REV: run the working tree's mypyc build, not the checkout")
    ap.add_argument("--compiled-python", type=Path, default=None,
                    help="the python of an installed mypyc build of the working tree (no build)")
    ap.add_argument("--rounds", type=int, default=3, help="alternating runs per side")
    ap.add_argument("--seconds", type=float, default=2.0, help="per figure per run")
    args = ap.parse_args()
    if (args.rev is None) == (not args.compiled):
        ap.error("give either REV or --compiled")
    if args.tree_compiled and args.rev is None:
        ap.error("--tree-compiled needs REV")
    if args.compiled_python and not (args.compiled or args.tree_compiled):
        ap.error("--compiled-python needs --compiled or --tree-compiled")
    # without PYTHONDONTWRITEBYTECODE: else the working tree compiles every module in every
    # fresh process while the installed REV reads its bytecode (cold start)
    plain_env = {k: v for k, v in os.environ.items()
                 if k not in ("PYTHONPATH", "PYTHONDONTWRITEBYTECODE")}
    with tempfile.TemporaryDirectory() as tmp:
        if args.compiled:
            pure_py, compiled_py = build_tree_twice(Path(tmp), args.compiled_python)
            names = ("pure", "compiled")
            sides = ((str(pure_py), plain_env), (str(compiled_py), plain_env))
        elif args.tree_compiled:
            names = (args.rev, "compiled tree")
            rev_py = build(args.rev, Path(tmp) / "rev")
            tree_py = args.compiled_python or build_tree_compiled(copy_tree(Path(tmp)),
                                                                  Path(tmp))
            sides = ((str(rev_py), plain_env), (str(tree_py), plain_env))
        else:
            names = (args.rev, "working tree")
            sides = ((str(build(args.rev, Path(tmp))), plain_env),
                     (sys.executable, dict(plain_env, PYTHONPATH=str(ROOT))))
        runs: tuple[list[dict[str, float]], list[dict[str, float]]] = ([], [])
        expansions: dict[str, list[dict[str, float]]] = {names[0]: [], names[1]: []}
        for i in range(args.rounds):
            for name, (py, env), into in zip(names, sides, runs, strict=True):
                r = run(py, env, args.seconds, tmp)
                into.append(figures(r))
                ex = expansion_figures(r)
                if ex is not None:
                    expansions[name].append(ex)
            print(f"round {i + 1}/{args.rounds} done", file=sys.stderr)
    old, new = runs
    print(f"{'figure':<36} {names[0]:>12} {names[1]:>14} {'ratio':>8}")
    for key in old[0]:
        a = statistics.median(r[key] for r in old)
        b = statistics.median(r[key] for r in new)
        print(f"{key:<36} {a:>12.1f} {b:>14.1f} {b / a if a else float('nan'):>7.2f}x")
    for name, ex_runs in expansions.items():
        if not ex_runs:
            continue
        print(f"\nexpansions, {name} (base / expansion: at most 1.5 wanted):")
        for key in ex_runs[0]:
            v = statistics.median(r[key] for r in ex_runs)
            print(f"  {key:<42} {v:>10.2f}{'x' if ' / ' in key else ''}")


if __name__ == "__main__":
    main()
