"""Play seeded games of one ``ismcts`` bot against ``greedy`` (or ``random``) bots and print
its win rate with a 95% confidence interval (Wilson score interval).

    python benchmarks/ismcts_vs.py                          # 200 4-player games vs greedy
    python benchmarks/ismcts_vs.py --opponent random --games 200
    python benchmarks/ismcts_vs.py --variant six_rounds --games 10 --iterations 100

Game i uses seed ``first_seed + i``; the ismcts bot sits in seat ``i % players`` (so it
starts from every seat equally often). A game counts as a win when ismcts is among the
winners (a tie is a shared victory, B7.1); ties are counted separately too. One line
per game is printed (flushed) so a background run can be followed with ``tail -f``.
"""

from __future__ import annotations

import argparse
import math
import time

from elgrande.play.game import new_game
from elgrande.players.bots import GreedyBot, RandomBot, make_bot
from elgrande.players.ismcts import ISMCTSBot


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval (95% by default) of a binomial proportion ``wins / n``."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    den = 1 + z * z / n
    mid = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return max(0.0, mid - half), min(1.0, mid + half)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--opponent", default="greedy", choices=["greedy", "random"])
    ap.add_argument("--variant", default="standard")
    ap.add_argument("--first-seed", type=int, default=0)
    ap.add_argument("--ms", type=float, default=200.0, help="ismcts budget per decision")
    ap.add_argument("--iterations", type=int, default=None,
                    help="a fixed iteration budget instead of --ms")
    ap.add_argument("--keep", type=int, default=None)
    ap.add_argument("--depth", type=int, default=None)
    ap.add_argument("--width", type=int, default=None)
    args = ap.parse_args()

    wins = ties = 0
    iters = decisions = 0
    start = time.perf_counter()
    for i in range(args.games):
        seed = args.first_seed + i
        seat = i % args.players
        opts: dict[str, int] = {k: v for k, v in (("keep", args.keep), ("depth", args.depth),
                                                   ("width", args.width)) if v is not None}
        me = ISMCTSBot(seed * 10 + seat, budget_ms=args.ms, iterations=args.iterations,
                       **opts)
        bots: list[RandomBot | GreedyBot] = [
            me if p == seat else make_bot(args.opponent, seed * 10 + p)
            for p in range(args.players)]
        game = new_game(args.players, seed=seed, variant=args.variant, logging=False)
        mine_it = 0
        n_dec = 0
        while game.pending is not None:  # bots.play, counting the search iterations
            p = game.pending.players[0]
            game.answer(p, bots[p].answer(game.view(p)))
            if p == seat:
                mine_it += me.last_iterations
                n_dec += 1
        won = seat in game.winners()
        wins += won
        ties += won and len(game.winners()) > 1
        iters += mine_it
        decisions += n_dec
        lo, hi = wilson(wins, i + 1)
        print(f"game {i + 1} seed {seed} seat {seat} scores {game.state.scores} "
              f"{'WIN' if won else 'loss'}  running {wins}/{i + 1} = {wins / (i + 1):.1%} "
              f"[{lo:.1%}, {hi:.1%}]  {time.perf_counter() - start:.0f} s, "
              f"{mine_it / max(n_dec, 1):.0f} it/decision", flush=True)
    n = args.games
    lo, hi = wilson(wins, n)
    budget = f"{args.iterations} iterations" if args.iterations else f"{args.ms:.0f} ms"
    print(f"ismcts ({budget}) vs {args.players - 1} x {args.opponent}, {args.variant}: "
          f"{wins} wins of {n} games = {wins / max(n, 1):.1%} (95% CI {lo:.1%} - {hi:.1%}; "
          f"{ties} shared), {iters / max(decisions, 1):.0f} iterations per decision, "
          f"{time.perf_counter() - start:.0f} s", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
