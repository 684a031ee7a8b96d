"""How often the region figures are computed against how often the pieces they depend on
change, in seeded random games: whether a figure kept up to date at every move (rather
than computed when asked) could pay.

    python benchmarks/figure_reads.py [--games 20] [--players 4]
        [--sets base,colonies,intrigue_king,both]

Random answers (``random_answer`` with ``random.Random(seed)``, seeds 0..), logging off,
the provisional fills as ``benchmarks/expansion_instructions.py``. Per set it prints the
decisions, the changes (places whose caballero counts changed between two decisions, the
neutral caballeros included; the king's moves) and the calls of the functions that compute
the figures (``cProfile`` call counts): a place's caballero total (``State.count_in``, C4's
``room_left``), a place's ranking (``score_region``; its leader and lines), the places next
to the king a caballero from court may go to and their refusals (``placement_places``: made
only when no kept one fits the king's region and the modules' keys, B4.3, B5.1), the
Colonies ship's destinations (``_dests``: kept by the king's region), the region-set forms
that count caballeros (``most_caballeros``, ``fewest_caballeros``, ``with_own``). A figure
kept up to date costs at every change of what it depends on; computed when asked, at every
call.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random

from elgrande.play.game import new_game

#: The games counted: name -> new_game keyword arguments (as expansion_instructions.py).
SETS: dict[str, dict[str, object]] = {
    "base": {"sets": ("base",)},
    "colonies": {"sets": ("base", "colonies"), "fill": "provisional"},
    "intrigue_king": {"sets": ("base", "intrigue-king"), "fill": "provisional"},
    "both": {"sets": ("base", "intrigue-king", "colonies"), "fill": "provisional"},
}
#: The functions counted: a name as cProfile gives it -> what it computes.
FIGURES = {
    "count_in": "place total", "room_left": "place total (C4)",
    "score_region": "ranking", "placement_places": "placement places",
    "_dests": "ship destinations", "_most": "most_caballeros",
    "_fewest": "fewest_caballeros", "_with_own": "with_own",
}


def count(name: str, players: int, games: int) -> dict[str, int]:
    """Decisions, changes and figure calls of ``games`` seeded random games of set
    ``name`` (a key of :data:`SETS`) with ``players`` players."""
    out = {"decisions": 0, "place changes": 0, "king moves": 0}
    prof = cProfile.Profile()
    for seed in range(games):
        g = new_game(players, seed=seed, logging=False, **SETS[name])  # type: ignore[arg-type]
        rng = random.Random(seed)
        rows = [[*r, n] for r, n in zip(g.state.caballeros, g.state.neutral, strict=True)]
        king = g.state.king
        while g.pending is not None:
            d = g.pending
            p = d.players[0]
            a = d.random_answer(rng, p)
            prof.enable()
            g.answer(p, a)
            prof.disable()
            now = [[*r, n] for r, n in zip(g.state.caballeros, g.state.neutral, strict=True)]
            out["decisions"] += 1
            out["place changes"] += sum(x != y for x, y in zip(rows, now, strict=True))
            out["king moves"] += g.state.king != king
            rows, king = now, g.state.king
    stats = pstats.Stats(prof).stats  # type: ignore[attr-defined]
    for (_, _, fn), (_, calls, *_) in stats.items():
        if fn in FIGURES:
            key = FIGURES[fn]
            out[key] = out.get(key, 0) + calls
    return out


def main() -> None:
    """Parse the arguments, count each set and print one line per set."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--sets", default=",".join(SETS))
    args = ap.parse_args()
    print(f"# {args.games} seeded random games of {args.players} players per set: changes "
          "of what the figures depend on, and calls of the functions that compute them")
    for name in args.sets.split(","):
        got = count(name, args.players, args.games)
        print(f"{name}: " + "; ".join(f"{k} {v}" for k, v in got.items()))


if __name__ == "__main__":
    main()
