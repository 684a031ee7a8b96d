"""Soak run of Intrigue & the King with the Colonies (X1-X3): seeded whole games
of 2-5 players with random and greedy bots; counts the games that end without an exception
(36 caballeros per player and the 4 black ones conserved) and prints games/s beside the
base game's. The same loop and bot mix as ``benchmarks/colonies.py`` (game i: 2 + i % 4
players; seat p greedy when (i + p) % 3 == 0).

The default fill is the shipped ``provisional`` (docs/library.md); ``--fill`` names
another.

    python benchmarks/both_expansions.py                      # 1,000 combined, 200 base
    python benchmarks/both_expansions.py --games 40 --base-games 20 --time-cap 120
"""

from __future__ import annotations

from pathlib import Path

from colonies import arguments, compare

ROOT = Path(__file__).resolve().parent.parent
SETS = ("base", "intrigue-king", "colonies")


def main() -> int:
    ap = arguments(__doc__)
    ap.add_argument("--fill", default="provisional")
    args = ap.parse_args()
    return compare("both expansions", SETS, args.fill, args)


if __name__ == "__main__":
    raise SystemExit(main())
