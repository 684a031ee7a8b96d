"""``elgrande serve --bot-seed``: the bots of a server with a bot seed answer the same
game the same way on every run and after a restart (their seeds come from the bot seed,
the stored answers so far and the seat, never from the game's seed, B8.5a)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

pytest.importorskip("starlette", reason="elgrande serve needs the [serve] extra")
from elgrande.server.service import Live, Service, bot_answer_seed  # noqa: E402
from elgrande.server.store import Store  # noqa: E402

#: A seeded game with one person (seat 0) and a bot of each kind.
GAME = {"players": 3, "seed": 77, "bots": {"1": "random", "2": "greedy"}}


def _service(folder: Path, bot_seed: int | None) -> Service:
    folder.mkdir(exist_ok=True)
    return Service(Store(f"sqlite:///{folder / 'g.db'}"), folder, bot_seed=bot_seed)


def _person(service: Service, live: Live, rng: random.Random, until: int | None = None) -> None:
    """Seat 0 answers with ``rng`` through :meth:`Service.answer` (the bots answer after
    it) until the game is over or has ``until`` answers."""
    while live.game.pending is not None and (until is None or live.game.answered() < until):
        d = live.game.pending
        assert d.players == [0] or 0 in d.players, "a bot was left to answer"
        answer = d.random_answer(rng, 0)
        assert service.answer(live, 0, {"n": live.game.answered(), "answer": answer})[0] == 200


def _played(folder: Path, bot_seed: int | None, restart_at: int | None = None) -> str:
    """The record of :data:`GAME` played to its end on a fresh database in ``folder``;
    with ``restart_at``, the server is started again after that many answers and the
    person's answers up to a bot's turn, stored without the bots' (what a kill between
    them leaves)."""
    service = _service(folder, bot_seed)
    gid = service.create(GAME)["game"]
    live = service.load(gid)
    assert live is not None
    rng = random.Random(5)
    if restart_at is not None:
        _person(service, live, rng, restart_at)
        while (d := live.game.pending) is not None and d.players == [0]:
            service._store(live, 0, d.random_answer(rng, 0))  # noqa: SLF001 (no bots after)
        service = _service(folder, bot_seed)  # a restart: only the database is kept
        assert service.resume(background=False) == 1
        live = service.load(gid)
        assert live is not None
    _person(service, live, rng)
    assert live.game.over
    return service.record(live)


def test_the_same_bot_seed_plays_the_same_game_again_and_through_a_restart(
        tmp_path: Path) -> None:
    first = _played(tmp_path / "a", 9)
    assert _played(tmp_path / "b", 9) == first  # another server, the same bot seed
    assert _played(tmp_path / "c", 9, restart_at=40) == first
    assert _played(tmp_path / "d", 10) != first  # the bot seed does choose the answers


def test_bot_answer_seeds_come_from_the_bot_seed_the_answers_and_the_seat() -> None:
    seeds = {bot_answer_seed(b, n, p) for b in (0, 1) for n in range(50) for p in range(5)}
    assert len(seeds) == 500 and all(0 <= s < 2 ** 32 for s in seeds)
    assert bot_answer_seed(3, 7, 1) == bot_answer_seed(3, 7, 1)


def test_the_app_and_the_command_take_the_bot_seed(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from elgrande.server.app import create_app
    from elgrande.server.command import serve

    app = create_app(Store(f"sqlite:///{tmp_path / 'g.db'}"), tmp_path, bot_seed=9)
    assert app.state.service.bot_seed == 9
    assert create_app(Store(f"sqlite:///{tmp_path / 'g.db'}"), tmp_path).state.service \
        .bot_seed is None  # the default: the operating system's randomness
    assert "--bot-seed" in CliRunner().invoke(serve, ["--help"]).output
    r = CliRunner().invoke(serve, ["--bot-seed", "-1"])
    assert r.exit_code == 2 and "--bot-seed" in r.output
