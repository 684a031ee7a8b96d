"""Where ``elgrande serve`` keeps its games: a SQL database through SQLAlchemy Core
(SQLite in a file by default, PostgreSQL by URL so several server processes share games).

A game is its record: the record header (with the seed: it never leaves the server
before the game is over, B8.5a) and its answers, numbered from 0, one row each, unique
per ``(game, n)`` so that of two answers given for the same number one is stored and the
other refused (:class:`Conflict`). Snapshots (a saved game at answer ``n``) only speed up
loading; the answers decide. Seats keep only the SHA-256 of their tokens.

Tables (schema version :data:`SCHEMA`, kept in ``schema_version`` and upgraded by
:func:`migrate` step by step): ``games(id, header, config, created, status, bot_due)``,
``seats(game, seat, kind, bot)``, ``tokens(hash, game, role, seat)``,
``answers(game, n, seat, answer, created)``, ``snapshots(game, n, data)``.
``games.bot_due`` says whether a bot seat must answer next (stored with every answer, in
the same transaction; NULL: not known, a game stored before schema 2): after a restart
only those games are loaded and played on, the others when they are asked for.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection, Engine

from elgrande.errors import ElGrandeError

#: The schema version this code writes; :func:`migrate` brings older databases to it.
SCHEMA = 2

META = sa.MetaData()
VERSION = sa.Table("schema_version", META, sa.Column("version", sa.Integer, nullable=False))
GAMES = sa.Table(
    "games", META,
    sa.Column("id", sa.String(64), primary_key=True),
    sa.Column("header", sa.Text, nullable=False),
    sa.Column("config", sa.Text, nullable=False),
    sa.Column("created", sa.Float, nullable=False),
    sa.Column("status", sa.String(16), nullable=False),
    sa.Column("bot_due", sa.Boolean))
SEATS = sa.Table(
    "seats", META,
    sa.Column("game", sa.String(64), sa.ForeignKey("games.id"), primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True),
    sa.Column("kind", sa.String(16), nullable=False),
    sa.Column("bot", sa.String(32)))
TOKENS = sa.Table(
    "tokens", META,
    sa.Column("hash", sa.String(64), primary_key=True),
    sa.Column("game", sa.String(64), sa.ForeignKey("games.id"), nullable=False),
    sa.Column("role", sa.String(16), nullable=False),
    sa.Column("seat", sa.Integer))
ANSWERS = sa.Table(
    "answers", META,
    sa.Column("game", sa.String(64), sa.ForeignKey("games.id"), primary_key=True),
    sa.Column("n", sa.Integer, primary_key=True),
    sa.Column("seat", sa.Integer, nullable=False),
    sa.Column("answer", sa.Text, nullable=False),
    sa.Column("created", sa.Float, nullable=False))
SNAPSHOTS = sa.Table(
    "snapshots", META,
    sa.Column("game", sa.String(64), sa.ForeignKey("games.id"), primary_key=True),
    sa.Column("n", sa.Integer, nullable=False),
    sa.Column("data", sa.Text, nullable=False))


def _add_bot_due(c: Connection) -> None:
    """Schema 1 -> 2: ``games.bot_due``, known (false) for the games over and those
    without a bot seat; NULL (not known: loaded at the next start) for the others."""
    c.execute(sa.text("ALTER TABLE games ADD COLUMN bot_due BOOLEAN"))
    has_bot = sa.exists().where(SEATS.c.game == GAMES.c.id, SEATS.c.kind == "bot")
    c.execute(GAMES.update().where(sa.or_(GAMES.c.status != "playing", ~has_bot))
              .values(bot_due=False))


#: The steps from one schema version to the next (version ``i`` -> ``i + 1``).
MIGRATIONS: dict[int, Callable[[Connection], None]] = {1: _add_bot_due}


class StoreError(ElGrandeError):
    """The database cannot be used (a newer schema than this version reads)."""


class Conflict(ElGrandeError):
    """Another answer was stored under the same number first (optimistic concurrency)."""


def token_hash(token: str) -> str:
    """The SHA-256 (hex) under which a token is stored: the token itself never is."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


@dataclass(frozen=True)
class Seat:
    """A seat of a game: ``kind`` ``human`` or ``bot`` (then ``bot`` names it)."""

    seat: int
    kind: str
    bot: str | None


def engine_for(url: str) -> Engine:
    """The SQLAlchemy engine of ``url`` (``sqlite:///games.db``, ``postgresql://...``;
    a PostgreSQL URL uses the psycopg 3 driver)."""
    if url.startswith("postgresql://"):
        url = "postgresql+psycopg://" + url[len("postgresql://"):]
    if url.startswith("sqlite"):
        eng = sa.create_engine(url, connect_args={"check_same_thread": False, "timeout": 30})

        @sa.event.listens_for(eng, "connect")
        def _pragmas(dbapi: Any, _record: Any) -> None:
            # readers never wait for the writer (WAL); a commit is in the file when it
            # returns, so a killed server loses nothing; only an operating-system crash
            # or a power cut may lose the last answers (NORMAL: no fsync per answer)
            cur = dbapi.cursor()
            cur.execute("PRAGMA journal_mode=WAL")
            cur.execute("PRAGMA synchronous=NORMAL")
            cur.close()
        return eng
    return sa.create_engine(url, pool_pre_ping=True)


def migrate(eng: Engine) -> int:
    """Create the tables or upgrade them to :data:`SCHEMA`; returns the version.

    Raises:
        StoreError: the database was written by a newer version.
    """
    with eng.begin() as c:
        META.create_all(c, tables=[VERSION])
        row = c.execute(sa.select(VERSION.c.version)).first()
        if row is None:
            META.create_all(c)
            c.execute(VERSION.insert().values(version=SCHEMA))
            return SCHEMA
        version = int(row[0])
        if version > SCHEMA:
            raise StoreError(f"the database has schema version {version}; this version of "
                             f"elgrande reads up to {SCHEMA}")
        while version < SCHEMA:
            MIGRATIONS[version](c)
            version += 1
            c.execute(VERSION.update().values(version=version))
        return version


class Store:
    """The games in one database (thread-safe: each call takes its own connection)."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.engine = engine_for(url)
        self.postgres = self.engine.dialect.name == "postgresql"
        self._writer = threading.Lock()
        migrate(self.engine)

    @contextlib.contextmanager
    def _writing(self) -> Iterator[Connection]:
        """A write transaction. SQLite takes one writer at a time, and a writer that
        finds the file locked sleeps in growing steps: this process's writers queue on
        a lock instead (PostgreSQL's writers run side by side)."""
        with contextlib.ExitStack() as stack:
            if not self.postgres:
                stack.enter_context(self._writer)
            yield stack.enter_context(self.engine.begin())

    def create(self, game: str, header: dict[str, Any], config: dict[str, Any],
               seats: list[Seat], tokens: dict[str, tuple[str, int | None]],
               bot_due: bool | None = None) -> None:
        """Store a new game: its record header, config, seats, ``tokens`` (token ->
        (role, seat); only their hashes are kept) and whether a bot seat must answer
        first (None: not known, the game is loaded at the next start)."""
        with self._writing() as c:
            c.execute(GAMES.insert().values(id=game, header=json.dumps(header),
                                            config=json.dumps(config), created=time.time(),
                                            status="playing", bot_due=bot_due))
            for s in seats:
                c.execute(SEATS.insert().values(game=game, seat=s.seat, kind=s.kind, bot=s.bot))
            for tok, (role, seat) in tokens.items():
                c.execute(TOKENS.insert().values(hash=token_hash(tok), game=game, role=role,
                                                 seat=seat))

    def game(self, game: str) -> tuple[dict[str, Any], dict[str, Any], str] | None:
        """``(header, config, status)`` of ``game``, None when there is no such game."""
        with self.engine.connect() as c:
            row = c.execute(sa.select(GAMES.c.header, GAMES.c.config, GAMES.c.status)
                            .where(GAMES.c.id == game)).first()
        return None if row is None else (json.loads(row[0]), json.loads(row[1]), row[2])

    def seats(self, game: str) -> list[Seat]:
        """The seats of ``game`` in order."""
        with self.engine.connect() as c:
            rows = c.execute(sa.select(SEATS.c.seat, SEATS.c.kind, SEATS.c.bot)
                             .where(SEATS.c.game == game).order_by(SEATS.c.seat)).all()
        return [Seat(int(r[0]), r[1], r[2]) for r in rows]

    def token(self, game: str, token: str) -> tuple[str, int | None] | None:
        """``(role, seat)`` of ``token`` in ``game`` (role ``seat``, ``admin`` or
        ``spectator``), None when it is not one of the game's tokens."""
        with self.engine.connect() as c:
            row = c.execute(sa.select(TOKENS.c.role, TOKENS.c.seat).where(
                TOKENS.c.hash == token_hash(token), TOKENS.c.game == game)).first()
        return None if row is None else (row[0], row[1])

    def answers(self, game: str, since: int = 0) -> list[tuple[int, int, Any]]:
        """The answers of ``game`` numbered ``since`` and after: ``(n, seat, answer)``."""
        with self.engine.connect() as c:
            rows = c.execute(sa.select(ANSWERS.c.n, ANSWERS.c.seat, ANSWERS.c.answer)
                             .where(ANSWERS.c.game == game, ANSWERS.c.n >= since)
                             .order_by(ANSWERS.c.n)).all()
        return [(int(r[0]), int(r[1]), json.loads(r[2])) for r in rows]

    def count(self, game: str) -> int:
        """How many answers ``game`` has."""
        with self.engine.connect() as c:
            return int(c.execute(sa.select(sa.func.count()).select_from(ANSWERS)
                                 .where(ANSWERS.c.game == game)).scalar_one())

    def add_answer(self, game: str, n: int, seat: int, answer: Any,
                   over: bool = False, bot_due: bool | None = None) -> None:
        """Store answer number ``n``: :meth:`add_answers` with one answer.

        Raises:
            Conflict: an answer numbered ``n`` is stored already.
        """
        self.add_answers(game, [(n, seat, answer)], over, bot_due)

    def add_answers(self, game: str, rows: list[tuple[int, int, Any]],
                    over: bool = False, bot_due: bool | None = None) -> None:
        """Store answers ``(n, seat, answer)`` in one transaction (all or none: a
        combined answer, B4.5 then B4.4), the game's status ``over`` when they end the
        game and whether a bot seat must answer next (``bot_due``; None: not known); on
        PostgreSQL, NOTIFY the other server processes in the same transaction.

        Raises:
            Conflict: an answer with one of these numbers is stored already (none is
            stored).
        """
        try:
            with self._writing() as c:
                for n, seat, answer in rows:
                    c.execute(ANSWERS.insert().values(game=game, n=n, seat=seat,
                                                      answer=json.dumps(answer),
                                                      created=time.time()))
                done = {"status": "over"} if over else {}
                c.execute(GAMES.update().where(GAMES.c.id == game)
                          .values(bot_due=False if over else bot_due, **done))
                if self.postgres and rows:
                    c.execute(sa.text("SELECT pg_notify('elgrande', :p)"),
                              {"p": f"{game} {rows[-1][0] + 1}"})
        except sa.exc.IntegrityError:
            raise Conflict(f"answer {rows[0][0] if rows else 0} of this game is stored "
                           "already") from None

    def snapshot(self, game: str) -> tuple[int, dict[str, Any]] | None:
        """The latest snapshot of ``game``: ``(n, saved game)``, or None."""
        with self.engine.connect() as c:
            row = c.execute(sa.select(SNAPSHOTS.c.n, SNAPSHOTS.c.data)
                            .where(SNAPSHOTS.c.game == game)).first()
        return None if row is None else (int(row[0]), json.loads(row[1]))

    def save_snapshot(self, game: str, n: int, data: dict[str, Any]) -> None:
        """Keep ``data`` (``Game.to_json()`` after ``n`` answers) as ``game``'s snapshot."""
        with self._writing() as c:
            c.execute(SNAPSHOTS.delete().where(SNAPSHOTS.c.game == game))
            c.execute(SNAPSHOTS.insert().values(game=game, n=n, data=json.dumps(data)))

    def bots_due(self) -> list[str]:
        """The ids of the games not over where a bot seat must answer, or that may be
        (not known: stored before schema 2), oldest first."""
        with self.engine.connect() as c:
            return [r[0] for r in c.execute(
                sa.select(GAMES.c.id).where(GAMES.c.status == "playing",
                                            sa.or_(GAMES.c.bot_due.is_(None),
                                                   GAMES.c.bot_due.is_(True)))
                .order_by(GAMES.c.created)).all()]

    def know_bot_due(self, game: str, due: bool) -> None:
        """Set ``game``'s ``bot_due`` where it is not known (an answer stored meanwhile
        by another process said it already)."""
        with self.engine.begin() as c:
            c.execute(GAMES.update().where(GAMES.c.id == game, GAMES.c.bot_due.is_(None))
                      .values(bot_due=due))

    def configs(self) -> list[tuple[str, dict[str, Any]]]:
        """``(id, config)`` of the games not over, oldest first."""
        with self.engine.connect() as c:
            return [(r[0], json.loads(r[1])) for r in c.execute(
                sa.select(GAMES.c.id, GAMES.c.config).where(GAMES.c.status == "playing")
                .order_by(GAMES.c.created)).all()]

    def playing(self) -> list[str]:
        """The ids of the games not over."""
        with self.engine.connect() as c:
            return [r[0] for r in c.execute(sa.select(GAMES.c.id)
                                            .where(GAMES.c.status == "playing")).all()]
