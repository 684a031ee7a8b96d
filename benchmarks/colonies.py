"""Run many seeded Grand Inquisitor & the Colonies games (2-5 players, random and greedy
bots, the provisional fill) and report how many ended without an exception, with the
games per second beside the base game's on the same seeds.

    python benchmarks/colonies.py                 # 1,000 Colonies games, 200 base games
    python benchmarks/colonies.py --games 100 --base-games 50 --time-cap 120

Game i: 2 + i % 4 players; seat p plays greedy when (i + p) % 3 == 0, else random (the
mix of benchmarks/many_games.py). Every game must end with 36 caballeros per player (B1.1)
and its 4 black caballeros on the board (C1). ``--time-cap`` stops starting new games
after that many seconds (the counts say how many were played).
"""

from __future__ import annotations

import argparse
import time
import traceback
from collections import Counter
from collections.abc import Callable
from typing import Any

from elgrande.play.game import Game, new_game
from elgrande.players.bots import make_bot, play


def run(games: int, first: int, sets: tuple[str, ...], fill: str | None,
        cap: float, options: dict[str, Any] | None = None,
        ended: Callable[[Game], None] | None = None
        ) -> tuple[int, int, list[str], float, Counter[int], int]:
    """Play ``games`` seeded games; returns (played, ended, failures, seconds, by players,
    answers given in the ended games). ``options``: more :func:`new_game` arguments
    (homebrew ``cards``, ``set_paths``); ``ended``: called with each game that ended
    well (e.g. to count what was played)."""
    ok, played, answers = 0, 0, 0
    failed: list[str] = []
    per: Counter[int] = Counter()
    start = time.perf_counter()
    for i in range(first, first + games):
        if time.perf_counter() - start > cap:
            break
        players = 2 + i % 4
        kinds = ["greedy" if (i + p) % 3 == 0 else "random" for p in range(players)]
        played += 1
        try:
            game = new_game(players, sets=sets, fill=fill, seed=i, logging=False,
                            **(options or {}))
            play(game, [make_bot(k, 1000 * i + p) for p, k in enumerate(kinds)])
            b = game.library.board
            problems = game.state.conservation_errors(b)
            if sum(game.state.neutral) != b.neutral_caballeros:
                problems.append(f"{sum(game.state.neutral)} black caballeros on the board")
            if problems or not game.over:
                raise AssertionError(f"over={game.over}, {problems}")
        except Exception:  # noqa: BLE001 - count and show every failure
            failed.append(f"seed {i} ({players} players, {kinds}):\n"
                          + traceback.format_exc(limit=6))
            continue
        ok += 1
        per[players] += 1
        answers += len(game.history)
        if ended is not None:
            ended(game)
    return played, ok, failed, time.perf_counter() - start, per, answers


def arguments(doc: str) -> argparse.ArgumentParser:
    """The command line of a soak run (``--games``, ``--base-games``, ``--first-seed``,
    ``--time-cap``), described by the first paragraph of ``doc``."""
    ap = argparse.ArgumentParser(description=" ".join(doc.split("\n\n")[0].split()))
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--base-games", type=int, default=200)
    ap.add_argument("--first-seed", type=int, default=0)
    ap.add_argument("--time-cap", type=float, default=1800.0)
    return ap


def compare(label: str, sets: tuple[str, ...], fill: str | None,
            args: argparse.Namespace) -> int:
    """Play ``args.games`` games of ``sets`` with ``fill``, then ``args.base_games`` base
    games on the same seeds; print the failures, the counts and both games/s. Returns the
    exit status: 1 when a game failed."""
    played, ok, failed, took, per, _ = run(args.games, args.first_seed, sets, fill,
                                        args.time_cap)
    for f in failed[:10]:
        print(f)
    print(f"{label}: {ok} of {played} games ended without an exception ({len(failed)} "
          f"failed) in {took:.1f} s: {played / max(took, 1e-9):.2f} games/s")
    print("ended games by player count: " + ", ".join(f"{n}p {per[n]}" for n in sorted(per)))
    bplayed, bok, bfailed, btook, _, _ = run(args.base_games, args.first_seed, ("base",), None,
                                          args.time_cap)
    print(f"{'base:':<{len(label) + 1}} {bok} of {bplayed} games ended without an exception "
          f"in {btook:.1f} s: {bplayed / max(btook, 1e-9):.2f} games/s")
    return 1 if failed or bfailed else 0


def main() -> int:
    """Command line: see the module docstring."""
    return compare("colonies", ("base", "colonies"), "provisional",
                   arguments(__doc__ or "").parse_args())


if __name__ == "__main__":
    raise SystemExit(main())
