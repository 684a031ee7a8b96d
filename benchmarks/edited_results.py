"""Edited ``elgrande simulate`` results files: each is refused in one line or resumed.

    python benchmarks/edited_results.py [--edits 1000]

Plays a small run (3 games, 2 and 3 players, six rounds), then resumes it from many
copies of its ``games.jsonl``, each with one edit made by the generator of
``tests/test_simulate.py`` (a value anywhere replaced by random JSON, a key dropped or
added, a line dropped, cut short or doubled). Counts how each resume ended: refused (exit
1, one ``error:`` line naming the file), resumed (exit 0), or anything else (a usage error
or an internal error: a bug, listed). The test suite runs a sample of the same generator
(``test_an_edited_results_file_is_refused_cleanly_or_resumed_correctly``).
"""

from __future__ import annotations

import argparse
import collections
import itertools
import sys
import tempfile
from pathlib import Path

from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from test_simulate import RESUME_ARGS, _edited  # noqa: E402 - the tests' own generator

from elgrande.tools.cli import main  # noqa: E402


def _cli(*args: str) -> object:
    return CliRunner().invoke(main, ["simulate", "--no-progress", *args])


def run(edits: int) -> collections.Counter[str]:
    """Resume ``edits`` edited copies; return the count of each outcome."""
    tally: collections.Counter[str] = collections.Counter()
    names = itertools.count()
    with tempfile.TemporaryDirectory() as tmp:
        first = Path(tmp) / "first"
        made = _cli(*RESUME_ARGS, "--out", str(first))
        assert made.exit_code == 0, made.output  # type: ignore[attr-defined]
        text = (first / "games.jsonl").read_text(encoding="utf-8")

        @settings(max_examples=edits, deadline=None, database=None,
                  suppress_health_check=list(HealthCheck))
        @given(data=st.data())
        def one(data: st.DataObject) -> None:
            out = Path(tmp) / f"edit{next(names)}"
            out.mkdir()
            (out / "games.jsonl").write_text(data.draw(_edited(text)), encoding="utf-8")
            r = _cli(*RESUME_ARGS, "--out", str(out), "--resume")
            code, output = r.exit_code, r.output  # type: ignore[attr-defined]
            lines = output.strip().splitlines()
            if code == 1 and len(lines) == 1 and lines[0].startswith("error: "):
                tally["refused in one line (exit 1)"] += 1
            elif code == 0:
                tally["resumed (exit 0)"] += 1
            else:
                tally[f"other (exit {code}): {lines[-1] if lines else ''}"] += 1

        one()
    return tally


def main_() -> None:
    """Print the outcome counts."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--edits", type=int, default=1000)
    args = ap.parse_args()
    tally = run(args.edits)
    print(f"{sum(tally.values())} edited results files resumed:")
    for what, n in tally.most_common():
        print(f"  {n:6d}  {what}")


if __name__ == "__main__":
    main_()
