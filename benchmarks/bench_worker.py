"""One timing run in a fresh process (used by ``benchmarks/compare.py``): random full
games per second and decisions per second for 2-5 players, and ``Game.copy()`` per second
at a mid-game decision (after 40 and after 150 answers). Prints one JSON object.

It uses only the API every version of elgrande has (``new_game``, ``pending``,
``random_answer``, ``answer``, ``copy``), so the same file times any commit. Beside the
base game it times the expansions (Colonies with the provisional fill, Intrigue & the King
with the test fill ``tests/fills/ik-test.yaml``) where the version has them (else null).

    python benchmarks/bench_worker.py [--seconds 2]
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

#: The expansion games timed beside the base game: name -> new_game keyword arguments.
EXPANSIONS = {
    "colonies": {"sets": ("base", "colonies"), "fill": "provisional"},
    "intrigue_king": {"sets": ("base", "intrigue-king"),
                      "fill": str(Path(__file__).resolve().parent.parent / "tests" / "fills"
                                  / "ik-test.yaml")},
}


def play_random(game, rng: random.Random) -> int:
    """Answer ``game`` to its end with ``random_answer`` drawn from ``rng`` (the first
    player asked answers); return how many decisions were answered. The random playout
    every benchmark times (``instructions.py`` and ``expansion_ratio.py`` import it)."""
    n = 0
    while game.pending is not None:
        d = game.pending
        p = d.players[0]
        game.answer(p, d.random_answer(rng, p))
        n += 1
    return n


def trusted_player():  # noqa: ANN201 - the installed version's play_out, or None
    """The trusted playout of the installed version (``elgrande.play.playouts.play_out``:
    the same answers as :func:`play_random`, unchecked, no history), or None for a
    version without it."""
    try:
        from elgrande.play.playouts import play_out
    except ImportError:  # a version before the trusted path
        return None
    return play_out


_TRUSTED: list = []  # the version's play_out (or None), looked up once


def play_trusted(game, rng: random.Random) -> int:
    """:func:`play_random` on the trusted path where the version has one (else the checked
    path itself): the decisions answered. The look-up is made once (a failed import at
    every game would be counted against a version without it)."""
    if not _TRUSTED:
        _TRUSTED.append(trusted_player())
    play_out = _TRUSTED[0]
    if play_out is None:
        return play_random(game, rng)
    return play_out(game, rng)


def ismcts_bot(seed: int, iterations: int):  # noqa: ANN201 - the version's bot
    """An ``ismcts`` bot of the installed version with a fixed iteration budget (earlier
    commits kept it in ``elgrande.bots_ismcts``)."""
    import importlib

    try:
        cls = importlib.import_module("elgrande.players.ismcts").ISMCTSBot
    except ImportError:  # a version before the folders
        cls = importlib.import_module("elgrande.bots_ismcts").ISMCTSBot
    return cls(seed, iterations=iterations)


def ismcts_views(new_game, players: int, seed: int, every: int = 3,
                 most: int = 40) -> list:
    """Views of the players asked in a seeded random game (``most`` of them, every
    ``every``-th decision): the positions an ismcts benchmark answers."""
    game = new_game(players, seed=seed, logging=False)
    rng = random.Random(seed)
    views, k = [], 0
    while game.pending is not None and len(views) < most:
        d = game.pending
        p = d.players[0]
        if k % every == 0:
            views.append(game.view(p))
        game.answer(p, d.random_answer(rng, p))
        k += 1
    return views


def warm_renderer() -> None:
    """Import the card renderer where the version has one: a process imports it (with the
    DSL's region forms and signatures) at the first ``either`` card it plays, a one-time
    cost that a few warm-up games may miss, so that it would fall in the counted games
    (``instructions.py --warm``, ``expansion_instructions.py``)."""
    try:
        import elgrande.dsl.render  # noqa: F401
    except ImportError:  # a version without it
        pass


def playouts(new_game, players: int, seconds: float, play=None,  # noqa: ANN001
             **kw) -> tuple[int, int, float]:
    """Random games of ``players`` for about ``seconds`` (answers from
    ``random_answer``, logging off; ``play``: how a game is played, default
    :func:`play_random`, e.g. :func:`play_trusted`; ``kw``: more ``new_game`` arguments,
    e.g. sets): (games, decisions, seconds)."""
    play = play_random if play is None else play
    games = decisions = 0
    seed = 0
    start = time.perf_counter()
    while True:
        game = new_game(players, seed=seed, logging=False, **kw)
        decisions += play(game, random.Random(seed))
        games += 1
        seed += 1
        took = time.perf_counter() - start
        if took >= seconds:
            return games, decisions, took


def copies(new_game, after: int, seconds: float) -> float:
    """``Game.copy()`` calls per second of a 4-player game (seed 3) after ``after`` random
    answers, timed for about ``seconds``."""
    game = new_game(4, seed=3, logging=False)
    rng = random.Random(3)
    for _ in range(after):
        d = game.pending
        game.answer(d.players[0], d.random_answer(rng, d.players[0]))
    n = 0
    start = time.perf_counter()
    while True:
        for _ in range(100):
            game.copy()
        n += 100
        took = time.perf_counter() - start
        if took >= seconds:
            return n / took


def any_new_game():  # noqa: ANN201 - the installed version's new_game
    """``new_game`` of the elgrande installed, wherever that version keeps it: earlier
    commits (the sides a benchmark compares) had it in ``elgrande.game``."""
    import importlib

    try:
        return importlib.import_module("elgrande.play.game").new_game
    except ImportError:  # a version before the folders (an older side, never this tree)
        return importlib.import_module("elgrande.game").new_game


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seconds", type=float, default=2.0)
    args = ap.parse_args()
    t0 = time.perf_counter()
    new_game = any_new_game()
    new_game(2, seed=0, logging=False)
    out: dict[str, object] = {"import_and_first_game_s": time.perf_counter() - t0,
                              "module": sys.modules["elgrande"].__file__}
    for n in (2, 3, 4, 5):
        games, decisions, took = playouts(new_game, n, args.seconds)
        out[f"p{n}"] = {"games_s": games / took, "decisions_s": decisions / took}
    out["copy_40_s"] = copies(new_game, 40, args.seconds / 2)
    out["copy_150_s"] = copies(new_game, 150, args.seconds / 2)
    for name, kw in EXPANSIONS.items():
        try:
            new_game(2, seed=0, logging=False, **kw)
        except Exception:  # noqa: BLE001 - a version without this set or fill
            out[name] = None
            continue
        per: dict[str, object] = {}
        for n in (2, 3, 4, 5):
            games, decisions, took = playouts(new_game, n, args.seconds / 2, **kw)
            per[f"p{n}"] = {"games_s": games / took, "decisions_s": decisions / took}
        out[name] = per
    print(json.dumps(out))


if __name__ == "__main__":
    main()
