"""Run many seeded bot games (2-5 players, random and greedy bots) and report how many
ended without an exception, and the time taken.

    python benchmarks/many_games.py            # 1,000 games
    python benchmarks/many_games.py --games 200 --first-seed 5000

Game i: 2 + i % 4 players; every fifth game is the short variant; seat p plays greedy
when (i + p) % 3 == 0, else random (the same mix as tests/test_many_games.py).
"""

from __future__ import annotations

import argparse
import time
import traceback
from collections import Counter

from elgrande.play.game import new_game
from elgrande.players.bots import make_bot, play


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--first-seed", type=int, default=0)
    args = ap.parse_args()

    ok = 0
    failed: list[str] = []
    per_players: Counter[int] = Counter()
    answers = 0
    start = time.perf_counter()
    for i in range(args.first_seed, args.first_seed + args.games):
        players = 2 + i % 4
        variant = "short" if i % 5 == 4 else "standard"
        kinds = ["greedy" if (i + p) % 3 == 0 else "random" for p in range(players)]
        game = new_game(players, seed=i, variant=variant, logging=False)
        try:
            play(game, [make_bot(k, 1000 * i + p) for p, k in enumerate(kinds)])
            problems = game.state.conservation_errors(game.library.board)
            if problems or not game.over:
                raise AssertionError(f"over={game.over}, {problems}")
        except Exception:  # noqa: BLE001 - count and show every failure
            failed.append(f"seed {i} ({players} players, {variant}, {kinds}):\n"
                          + traceback.format_exc(limit=6))
            continue
        ok += 1
        per_players[players] += 1
        answers += len(game.history)
    took = time.perf_counter() - start
    for f in failed[:10]:
        print(f)
    print(f"{ok} of {args.games} games ended without an exception "
          f"({len(failed)} failed) in {took:.1f} s "
          f"({took / max(args.games, 1) * 1000:.0f} ms per game, {answers} answers)")
    print("ended games by player count: "
          + ", ".join(f"{n}p {per_players[n]}" for n in sorted(per_players)))
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
