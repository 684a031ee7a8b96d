"""Run many seeded Intrigue & the King games (I1-I9; 2-5 players, random and
greedy bots, the shipped provisional fill) and report how many ended without an exception,
with the games per second beside the base game's on the same seeds.

    python benchmarks/intrigue_king.py                 # 1,000 games, 200 base games
    python benchmarks/intrigue_king.py --games 200 --base-games 50 --time-cap 240
    python benchmarks/intrigue_king.py --fill tests/fills/ik-test.yaml

Game i: 2 + i % 4 players; seat p plays greedy when (i + p) % 3 == 0, else random (the
mix of benchmarks/colonies.py, whose game loop this uses). Every game must end with 30
caballeros per player (B1.1). ``--time-cap`` stops starting new games after that many
seconds (the counts say how many were played).
"""

from __future__ import annotations

from colonies import arguments, compare

SETS = ("base", "intrigue-king")


def main() -> int:
    """Command line: see the module docstring. Exit status 1 when a game failed."""
    ap = arguments(__doc__ or "")
    ap.add_argument("--fill", default="provisional",
                    help="the fill of the card data no source gives (default: the shipped "
                    "provisional fill, docs/library.md)")
    args = ap.parse_args()
    return compare(f"intrigue-king ({args.fill})", SETS, args.fill, args)


if __name__ == "__main__":
    raise SystemExit(main())
