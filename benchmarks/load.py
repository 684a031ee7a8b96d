"""Cold load time of the base card set: parse + check + compile of every base card (and
the board), in a fresh Python process.

    python benchmarks/load.py [--runs 5] [--empty-lark-cache]

Each run starts a new interpreter and times ``import elgrande.data.library`` plus
``load_library(("base",))`` with ``time.perf_counter``. The parser keeps its built LALR
tables in a per-user cache folder (``$XDG_CACHE_HOME/elgrande``, else
``~/.cache/elgrande``); ``--empty-lark-cache`` points XDG_CACHE_HOME at an empty folder so
the tables are built from the grammar too (the very first run on a machine).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile

SNIPPET = (
    "import time\n"
    "t = time.perf_counter()\n"
    "from elgrande.data.library import load_library\n"
    "lib = load_library(('base',))\n"
    "t1 = time.perf_counter()\n"
    "print(t1 - t, len(lib.cards.cards))\n"
)


def cold_load(empty_lark_cache: bool = False) -> tuple[float, int]:
    """Seconds for one cold import + load in a fresh process, and the number of cards."""
    env = dict(os.environ)
    with tempfile.TemporaryDirectory() as tmp:
        if empty_lark_cache:
            env["XDG_CACHE_HOME"] = tmp
        out = subprocess.run([sys.executable, "-c", SNIPPET], capture_output=True, text=True,
                             env=env, check=True).stdout.split()
    return float(out[0]), int(out[1])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--empty-lark-cache", action="store_true")
    args = ap.parse_args()
    times = []
    cards = 0
    for _ in range(args.runs):
        t, cards = cold_load(args.empty_lark_cache)
        times.append(t)
    what = "empty Lark cache" if args.empty_lark_cache else "Lark table cache present"
    print(f"cold load of the base set ({cards} cards; {what}): "
          f"median {statistics.median(times) * 1000:.0f} ms, "
          f"min {min(times) * 1000:.0f} ms over {args.runs} fresh processes")


if __name__ == "__main__":
    main()
