"""A restart of ``elgrande serve`` with many stored games: how soon it answers, how soon
the first answer to a game nobody asked for since the restart (a cold game: loaded from
its snapshot and the answers after it) is accepted, and that the games a crash left with
a bot to answer went on by themselves.

    python benchmarks/serve_restart.py [--games 1000] [--sample 100] [--bot-due 20]
        [--seed 1] [--json]

It fills a fresh SQLite database in a temporary folder through the server's own
:class:`~elgrande.server.service.Service` in this process (what the server writes: the
answers, the snapshots, the flags), with ``--games`` games of 2 to 5 seats, of the base
game and of each expansion, about a third with bot seats, at various points: some not
started, most in play (0 to 190 answers), a tenth over; ``--bot-due`` of them are left as
a crash leaves them, a person's answer stored and the bots' not yet. Filling writes with
SQLite's ``synchronous=OFF`` (the server writes with NORMAL; the rows are the same).

Then it starts a server process (``python -m elgrande serve``) on a free port and
measures the time from its start until ``GET /`` answers; then, one after the other, it
posts one legal answer for a person's seat in ``--sample`` cold games (the first request
to each since the restart; the first of them the server's first request to any game) and
measures each until the server accepted it (200: loaded, checked, stored, the bots that
follow played), then a cold game's state; and it watches the database until every
bot-due game has moved on. It prints the figures. Before the server starts, it loads the
sampled games in this process (:meth:`Service.load`, cold) and reports what that takes.
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import sqlalchemy as sa

from elgrande.server.service import Service
from elgrande.server.store import Store

BOT_SEED = 1  # the bots' answers the same from run to run (serve --bot-seed)

sys.path.insert(0, str(Path(__file__).resolve().parent))
from serve_load import serving, show  # noqa: E402 (this folder's)

#: The sets a stored game plays, and how often (base alone most).
SETS = [("base",), ("base",), ("base",), ("base", "intrigue-king"), ("base", "colonies")]
PLAYERS = [2, 3, 3, 4, 4, 4, 5]


@dataclass
class Stored:
    """One filled game: its id, its seats' tokens (None for a bot), the admin token,
    its answers, whether it is over or left with a bot to answer, and (when a person
    must answer) that seat and a legal answer for it."""

    game: str
    tokens: list[str | None]
    admin: str
    n: int
    over: bool
    bot_due: bool
    seat: int | None = None
    answer: Any = None


def _token(link: str | None) -> str | None:
    return None if link is None else link.split("t=", 1)[1]


def fill(url: str, folder: Path, games: int, bot_due: int, seed: int) -> list[Stored]:
    """Store ``games`` games in the database ``url`` (see the module docstring), the
    last ``bot_due`` of them left with a bot seat to answer."""
    store = Store(url)

    @sa.event.listens_for(store.engine, "connect")
    def _fast(dbapi: Any, _record: Any) -> None:  # after the store's pragmas: no fsync
        dbapi.execute("PRAGMA synchronous=OFF")
    store.engine.dispose()
    service = Service(store, folder, bot_seed=BOT_SEED)
    rng = random.Random(seed)
    out: list[Stored] = []
    for i in range(games):
        players = rng.choice(PLAYERS)
        sets = rng.choice(SETS)
        crash = i >= games - bot_due
        bots: dict[str, str] = {}
        if crash or rng.random() < 0.33:
            for p in rng.sample(range(1, players), rng.randint(1, min(2, players - 1))):
                bots[str(p)] = rng.choice(["random", "greedy"])
        made = service.create({"players": players, "sets": list(sets), "bots": bots,
                               "fill": None if sets == ("base",) else "provisional",
                               "seed": rng.randrange(2**32)})
        live = service.load(made["game"])
        assert live is not None
        roll = rng.random()
        target = (rng.randint(0, 120) if crash else 10_000 if roll < 0.1 else 0 if roll < 0.2
                  else rng.randint(1, 190))
        g = live.game
        humans = {p for p in range(players) if str(p) not in bots}
        while g.pending is not None and (g.answered() < target or crash):
            d = g.pending
            p = next(q for q in d.players if q in humans)  # the bots answered already
            answer = d.random_answer(rng, p)
            if crash and g.answered() >= target:
                trial = g.copy()
                trial.answer(p, answer)
                if trial.pending is not None and any(q not in humans
                                                     for q in trial.pending.players):
                    # the person's answer stored, the bots' not yet: a kill -9 between
                    service._store(live, p, answer)  # noqa: SLF001 (the server's own step)
                    break
            code, _ = service.answer(live, p, {"n": g.answered(), "answer": answer})
            assert code == 200
            g = live.game
        g = live.game
        now = g.pending
        left = Stored(made["game"], [_token(s) for s in made["seats"]], str(_token(made["admin"])),
                      g.answered(), now is None, crash and now is not None)
        if now is not None and not left.bot_due:
            left.seat = next(q for q in now.players if q in humans)
            left.answer = now.random_answer(rng, left.seat)
        out.append(left)
    store.engine.dispose()
    return out


def _loads(url: str, folder: Path, games: list[Stored]) -> list[float]:
    """Seconds :meth:`Service.load` takes for each of ``games`` in this process, cold (a
    fresh service; the card libraries loaded by :func:`fill`): its snapshot read and
    rebuilt, the answers after it replayed. It changes nothing: a person is to answer."""
    store = Store(url)
    service = Service(store, folder, bot_seed=BOT_SEED)
    took = []
    for s in games:
        t = time.perf_counter()
        live = service.load(s.game)
        took.append(time.perf_counter() - t)
        assert live is not None and live.game.answered() == s.n
    store.engine.dispose()
    return sorted(took)


def _ms(sorted_s: list[float], q: float) -> float | None:
    """The ``q`` quantile of ``sorted_s`` (seconds, sorted) in milliseconds."""
    if not sorted_s:
        return None
    return round(sorted_s[min(len(sorted_s) - 1, int(q * len(sorted_s)))] * 1000, 1)


def run(games: int = 1000, sample: int = 100, bot_due: int = 20, seed: int = 1,
        db: str | None = None) -> dict[str, Any]:
    """Fill a database, start a server on it, measure; returns the figures
    (``answers_s``, ``first_answer_ms_p50``/``p95``/``max``, ``bot_due_went_on``, ...)."""
    folder = Path(tempfile.mkdtemp(prefix="elgrande-restart-"))
    url = db or f"sqlite:///{folder / 'games.db'}"
    t = time.monotonic()
    stored = fill(url, folder, games, bot_due, seed)
    filled = time.monotonic() - t
    rng = random.Random(seed + 1)
    cold = [s for s in stored if s.seat is not None]
    probe, cold = cold[0], cold[1:]
    picked = rng.sample(cold, min(sample, len(cold)))
    due = [s for s in stored if s.bot_due]
    loads = _loads(url, folder, picked)
    with serving(folder, url, wait=600) as (base, answers), \
            httpx.Client(base_url=base, timeout=120) as client:
        since = time.monotonic() - answers  # the server's start
        lat: list[float] = []
        refused = 0
        for s in picked:  # the first is the server's first request to a game
            sent = time.monotonic()
            r = client.post(f"/api/games/{s.game}/answer",
                            headers={"X-Elgrande-Token": str(s.tokens[s.seat or 0])},
                            json={"n": s.n, "answer": s.answer})
            lat.append(time.monotonic() - sent)
            refused += r.status_code != 200
        sent = time.monotonic()
        r = client.get(f"/api/games/{probe.game}/state",
                       params={"t": probe.tokens[probe.seat or 0]})
        assert r.status_code == 200, r.text
        state = time.monotonic() - sent
        watch = Store(url)
        moved: set[str] = set()
        while len(moved) < len(due) and time.monotonic() - since < 600:
            moved |= {s.game for s in due if s.game not in moved and watch.count(s.game) > s.n}
            if len(moved) < len(due):
                time.sleep(0.05)
        went_on = time.monotonic() - since
        watch.engine.dispose()
    first = lat[0] if lat else None
    lat.sort()
    return {"games": games, "over": sum(s.over for s in stored),
            "with_bots": sum(any(t is None for t in s.tokens) for s in stored),
            "answers_mean": round(sum(s.n for s in stored) / max(games, 1), 1),
            "filled_s": round(filled, 1), "answers_s": round(answers, 2),
            "cold": len(cold), "sample": len(picked), "refused": refused,
            "load_ms_p50": _ms(loads, 0.5), "load_ms_p95": _ms(loads, 0.95),
            "load_ms_max": _ms(loads, 1.0), "first_answer_ms_p50": _ms(lat, 0.5),
            "first_answer_ms_p95": _ms(lat, 0.95), "first_answer_ms_max": _ms(lat, 1.0),
            "first_request_ms": None if first is None else round(first * 1000, 1),
            "cold_state_ms": round(state * 1000, 1),
            "bot_due": len(due), "bot_due_went_on": len(moved),
            "bot_due_went_on_s": round(went_on, 2)}


def main(argv: list[str] | None = None) -> None:
    """The command line (see the module docstring)."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--sample", type=int, default=100)
    ap.add_argument("--bot-due", type=int, default=20)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--db", default=None)
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args(argv)
    show(run(a.games, a.sample, a.bot_due, a.seed, a.db), a.json)


if __name__ == "__main__":
    main()
