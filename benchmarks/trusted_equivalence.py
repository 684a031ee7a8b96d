"""The trusted path plays the checked path's games: seeded random games played both ways
from the same start, their final states, flows and records compared.

    python benchmarks/trusted_equivalence.py                 # 1,000 games of each set list
    python benchmarks/trusted_equivalence.py --games 50 --sets base

Game i (seeds ``--first-seed`` on) has 2 + i % 4 players (3 + i % 2 with an expansion,
with the shipped ``provisional`` fill). It is played three ways: the checked path
(``game.answer(p, d.random_answer(rng, p))``), the trusted path with its record kept
(``game.answer_trusted(p, d.random_answer(rng, p), record=True)``, the same answers from
an rng of the same seed) and the bare trusted path (``play_out``: no history). The first
two must end with equal ``to_json()`` (state, flow, history, log); the bare one with the
same state and flow, each trusted answer's events equal to the checked answer's. Prints
one line per set list (games, decisions, both paths' decisions per second, differences)
and the first differing seeds; exits 1 when any game differs. ``tests/test_trusted_path.py``
plays a sample.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from typing import Any

from elgrande.play.game import new_game
from elgrande.play.playouts import play_out

#: The set lists played by default.
DEFAULT_SETS = ("base", "base,colonies", "base,intrigue-king", "base,intrigue-king,colonies")


def players_of(sets: tuple[str, ...], seed: int) -> int:
    """The player count of game ``seed``: 2-5 in the base game, 3-4 with an expansion."""
    return 2 + seed % 4 if sets == ("base",) else 3 + seed % 2


def both_ways(sets: tuple[str, ...], seed: int, fill: str | None = "provisional"
              ) -> tuple[str | None, int, float, float]:
    """Game ``seed`` of ``sets`` played the three ways (the module docstring).

    Returns:
        ``(difference, decisions, checked seconds, trusted seconds)``: the first
        difference in words (None when the games are the same), the decisions of the game,
        the seconds the checked path and the bare trusted path took.
    """
    kw: dict[str, Any] = {} if sets == ("base",) or fill is None else {"fill": fill}
    checked = new_game(players_of(sets, seed), sets=sets, seed=seed, logging=False, **kw)
    kept, bare = checked.copy(), checked.copy()
    rng, rng_kept = random.Random(seed), random.Random(seed)
    n = 0
    start = time.perf_counter()
    events: list[list[dict[str, Any]]] = []
    while checked.pending is not None:
        d = checked.pending
        p = d.players[0]
        events.append(checked.answer(p, d.random_answer(rng, p)))
        n += 1
    took_checked = time.perf_counter() - start
    for i, want in enumerate(events):
        k = kept.pending
        if k is None:
            return f"the trusted game ended after {i} of {n} decisions", n, took_checked, 0.0
        p = k.players[0]
        got = kept.answer_trusted(p, k.random_answer(rng_kept, p), record=True)
        if got != want:
            return f"decision {i} ({k.kind}): other events", n, took_checked, 0.0
    start = time.perf_counter()
    play_out(bare, random.Random(seed))
    took_trusted = time.perf_counter() - start
    if kept.to_json() != checked.to_json():
        return "the recorded trusted game differs", n, took_checked, took_trusted
    if (bare.state.to_json(), bare.flow.to_json()) != (checked.state.to_json(),
                                                       checked.flow.to_json()):
        return "the bare trusted game differs", n, took_checked, took_trusted
    return None, n, took_checked, took_trusted


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=1000, help="games per set list")
    ap.add_argument("--sets", nargs="+", default=list(DEFAULT_SETS),
                    help="set lists, each comma-separated (default: base, each expansion, "
                    "both)")
    ap.add_argument("--first-seed", type=int, default=0)
    args = ap.parse_args()
    bad = 0
    for spec in args.sets:
        sets = tuple(spec.split(","))
        differ: list[tuple[int, str]] = []
        decisions, t_checked, t_trusted = 0, 0.0, 0.0
        for seed in range(args.first_seed, args.first_seed + args.games):
            why, n, tc, tt = both_ways(sets, seed)
            decisions += n
            t_checked += tc
            t_trusted += tt
            if why is not None:
                differ.append((seed, why))
        bad += len(differ)
        print(f"sets {spec}: games {args.games}, decisions {decisions}, checked "
              f"{decisions / t_checked:.0f}/s, trusted {decisions / max(t_trusted, 1e-9):.0f}"
              f"/s, differing games {len(differ)}", flush=True)
        for seed, why in differ[:5]:
            print(f"  seed {seed}: {why}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
