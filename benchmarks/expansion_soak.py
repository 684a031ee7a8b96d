"""Soak run of the expansions: seeded whole games of Grand Inquisitor & the Colonies (C) and
of both expansions together (X1-X3), 2-5 players, random and greedy bots, the shipped
``provisional`` fill; every game must end with no exception, its caballeros conserved
(B1.1) and the 4 black ones on the board (C1).

    python benchmarks/expansion_soak.py                    # 1,000 games of each
    python benchmarks/expansion_soak.py --games 10 --sets base,colonies

Game i (seeds ``--first-seed`` on): 2 + i % 4 players; seat p plays greedy when
(i + p) % 3 == 0, else random (the loop of ``benchmarks/colonies.py``). For each set list
it prints one line: ``sets S: games N, answers A, seconds T, exceptions E``, and the first
failures with their tracebacks; it exits 1 when any game failed.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from colonies import run  # noqa: E402 - the soak loop shared with the speed benchmarks

#: The set lists played by default: the Colonies, and both expansions together.
DEFAULT_SETS = ("base,colonies", "base,intrigue-king,colonies")


def soak(games: int, sets: tuple[str, ...], fill: str | None = "provisional",
         first: int = 0) -> dict[str, object]:
    """Play ``games`` seeded games of ``sets`` (seeds ``first`` on).

    Returns:
        ``{"sets", "games", "answers", "seconds", "exceptions", "failures"}``:
        ``exceptions`` counts the games that raised or ended broken (not over, caballeros
        not conserved); ``failures`` holds their seeds and tracebacks.
    """
    played, ok, failed, took, _per, answers = run(games, first, sets, fill, float("inf"))
    return {"sets": ",".join(sets), "games": played, "answers": answers,
            "seconds": round(took, 1), "exceptions": played - ok, "failures": failed}


def line(result: dict[str, object]) -> str:
    """The one-line summary of a :func:`soak` result."""
    return (f"sets {result['sets']}: games {result['games']}, answers {result['answers']}, "
            f"seconds {result['seconds']}, exceptions {result['exceptions']}")


def main(argv: list[str] | None = None) -> int:
    """Command line: see the module docstring. Returns the exit status."""
    ap = argparse.ArgumentParser(description=" ".join((__doc__ or "").split("\n\n")[0].split()))
    ap.add_argument("--games", type=int, default=1000, help="games per set list")
    ap.add_argument("--sets", nargs="+", default=list(DEFAULT_SETS),
                    help="set lists, each comma-separated (default: %(default)s)")
    ap.add_argument("--first-seed", type=int, default=0)
    ap.add_argument("--fill", default="provisional")
    args = ap.parse_args(argv)
    bad = 0
    for spec in args.sets:
        result = soak(args.games, tuple(s for s in spec.split(",") if s), args.fill,
                      args.first_seed)
        for f in list(result["failures"])[:5]:  # type: ignore[call-overload]
            print(f)
        print(line(result), flush=True)
        bad += int(result["exceptions"])  # type: ignore[call-overload]
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
