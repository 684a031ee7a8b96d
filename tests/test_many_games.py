"""Many seeded games between bots (random and greedy, 2-5 players, standard and short)
run to the end without an exception, each ending with caballeros conserved (B1.1).

The default run plays 15 games; the slow run ``ELGRANDE_GAMES`` games (default 60),
stopping early (after at least 10 games) once ``ELGRANDE_GAMES_SECONDS`` (default 120)
have passed. ``benchmarks/many_games.py`` runs 1,000.
"""

from __future__ import annotations

import os
import time
import traceback

import pytest
from conftest import sample

from elgrande.play.game import Game, new_game
from elgrande.players.bots import make_bot, play

GAMES = int(os.environ.get("ELGRANDE_GAMES", "60"))
BUDGET = float(os.environ.get("ELGRANDE_GAMES_SECONDS", "120"))


def setup_game(i: int) -> tuple[Game, list[str]]:
    """Game ``i``: 2-5 players, every fifth a short game; seat p is greedy when
    (i + p) % 3 == 0, else random."""
    players = 2 + i % 4
    variant = "short" if i % 5 == 4 else "standard"
    kinds = ["greedy" if (i + p) % 3 == 0 else "random" for p in range(players)]
    return new_game(players, seed=i, variant=variant, logging=False), kinds


@pytest.mark.parametrize("games", sample([15, GAMES], keep=1))
def test_many_seeded_bot_games_end_cleanly(games: int) -> None:
    start = time.perf_counter()
    failures: list[str] = []
    done = 0
    kinds_seen: set[str] = set()
    for i in range(games):
        if done >= 10 and time.perf_counter() - start > BUDGET:
            break
        game, kinds = setup_game(i)
        kinds_seen.update(kinds)
        bots = [make_bot(k, 1000 * i + p) for p, k in enumerate(kinds)]
        try:
            play(game, bots)
        except Exception:  # noqa: BLE001 - report every failing seed at once
            failures.append(f"game {i} ({len(kinds)} players, {kinds}):\n"
                            + traceback.format_exc(limit=4))
            continue
        finally:
            done += 1
        problems = game.state.conservation_errors(game.library.board)
        if problems or not game.over or game.pending is not None:
            failures.append(f"game {i}: over={game.over} problems={problems}")
        last = game.library.board.variants[game.header["variant"]].rounds[-1]
        if game.flow.round != last or min(game.state.scores) < 0:
            failures.append(f"game {i}: ended in round {game.flow.round}, "
                            f"scores {game.state.scores}")
    assert not failures, "\n".join(failures)
    assert done >= min(games, 10)
    if games >= 3:
        assert kinds_seen == {"random", "greedy"}
