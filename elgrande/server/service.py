"""The games of ``elgrande serve``: create one, load it, answer for a seat, let bots play
their seats, and say what a seat may see (B8.5a).

A game is its record (:mod:`elgrande.server.store`): it is loaded by replaying its
answers with :func:`elgrande.play.records.replay`, the function ``elgrande check`` uses,
from a snapshot when there is one, and every answer goes through
:meth:`elgrande.play.game.Game.answer` on a copy before it is stored, so a refused
answer (422, with its rule) changes nothing. Answers carry their number ``n``: an answer
for a number another answer took is refused (409), except that a seat still to answer a
decision several seats answer (a secret choice, B8.5) may answer after another seat did.
A loaded game is kept in memory; on PostgreSQL it is brought up to date from the database
on each use, so several server processes can share the database (a SQLite file has one
server process, whose loaded games are the database's). A game is loaded when it is first asked
for: after a restart only one game of each kind (its card library) and, in the
background, the games whose bots must answer are loaded (:meth:`Service.resume`), the
latter found by the ``bot_due`` flag each answer stores.

A bot answers with a fresh seed from the operating system, or, when the server has a
``bot_seed`` (``elgrande serve --bot-seed``, for tests and playtests), with the seed
:func:`bot_answer_seed` derives from that seed, the game's answers so far and the seat:
the same game (the same game seed and the same people's answers) then gets the same bots'
answers on every run and after a restart. It is never derived from the game's seed, which
stays secret to the seats (B8.5a).
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from elgrande.errors import ElGrandeError, IllegalMove
from elgrande.play.early_deal import early_seed
from elgrande.play.game import Game, new_game
from elgrande.play.records import record_lines, replay
from elgrande.players.bots import make_bot
from elgrande.server.card_notes import uploaded
from elgrande.server.controls import answer_from_actions, controls, refusal
from elgrande.server.links import game_tokens, links, new_admin_token
from elgrande.server.page_words import check_note, held_lines, homebrew_note, offer, taken_back
from elgrande.server.store import Conflict, Seat, Store
from elgrande.tools.board_svg import COLOURS, board_svg, boxes_svg, public_view

LOG = logging.getLogger("elgrande.server")
#: The bots a host may seat (the search bot is too slow for a shared server).
SEAT_BOTS = ("random", "greedy")
#: The fills a host may name: a fill file's path would read the server's files.
FILLS = (None, "provisional")
#: A snapshot is written every this many answers (and when the game ends).
SNAPSHOT_EVERY = 100
#: The longest player name.
NAME_LEN = 40
#: The kinds of game (sets, fill, variant, cards) of which :meth:`Service.resume` loads one
#: at start-up, before the server answers, the most played first, so that their card
#: libraries are loaded.
WARM = 8
#: The most seconds :meth:`Service.resume` spends on them before the server answers.
WARM_SECONDS = 1.0
#: The most games kept loaded in one process (the least recently used are dropped: the
#: database has them).
MAX_LIVE = 1000


class BadRequest(ElGrandeError):
    """A request the server refuses before the game sees it (400), with the reason."""


@dataclass
class Live:
    """A game loaded in this process: the game, its seats, the totals at the end of each
    round (B7.1) and the lock its answers take."""

    id: str
    game: Game
    seats: list[Seat]
    config: dict[str, Any]
    scores: list[list[int]] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)
    #: what every seat's payload shares at answer ``drawn[0]``: the drawn places of the
    #: board (:func:`board_svg`'s memo) and the log
    drawn: tuple[int, dict[str, str], list[str]] = (-1, {}, [])

    def shared(self) -> tuple[dict[str, str], list[str]]:
        """The board memo and the log of the game as it is now (call with the lock)."""
        n = self.game.answered()
        if self.drawn[0] != n:
            self.drawn = (n, {}, self.game.log)
        return self.drawn[1], self.drawn[2]


def _config(body: Any) -> dict[str, Any]:
    """The checked game config of a ``POST /api/games`` body.

    Raises:
        BadRequest: a field of the wrong type or out of range.
    """
    if not isinstance(body, dict):
        raise BadRequest("the body must be a JSON object")
    players = body.get("players", 4)
    if type(players) is not int or not 2 <= players <= 5:
        raise BadRequest("'players' must be 2..5 (B1.0)")
    sets = body.get("sets") or ["base"]
    if not isinstance(sets, list) or not all(isinstance(s, str) and len(s) < 40 for s in sets):
        raise BadRequest("'sets' must be a list of set names")
    fill = body.get("fill")
    if fill not in FILLS:
        raise BadRequest("'fill' must be null or 'provisional'")
    variant = body.get("variant") or "standard"
    if not isinstance(variant, str):
        raise BadRequest("'variant' must be a string")
    seed = body.get("seed")
    if seed is not None and type(seed) is not int:
        raise BadRequest("'seed' must be an integer or null")
    names = body.get("names") or [f"p{i + 1}" for i in range(players)]
    if (not isinstance(names, list) or len(names) != players
            or not all(isinstance(n, str) and 0 < len(n) <= NAME_LEN for n in names)):
        raise BadRequest(f"'names' must be {players} names of 1..{NAME_LEN} characters")
    bots_in = body.get("bots") or {}
    if not isinstance(bots_in, dict):
        raise BadRequest("'bots' must map seats to bot names")
    bots: dict[int, str] = {}
    for k, v in bots_in.items():
        if not str(k).isdigit() or not 0 <= int(k) < players or v not in SEAT_BOTS:
            raise BadRequest(f"'bots': seats 0..{players - 1} to one of {', '.join(SEAT_BOTS)}")
        bots[int(k)] = v
    early = body.get("homebrew_early", False)
    if type(early) is not bool:
        raise BadRequest("'homebrew_early' must be true or false")
    if early and seed is not None:
        raise BadRequest("'homebrew_early' picks the seed: leave 'seed' out")
    return {"players": players, "sets": sets, "fill": fill, "variant": variant, "seed": seed,
            "names": names, "bots": {str(k): v for k, v in sorted(bots.items())},
            **({"homebrew_early": True} if early else {})}


class Service:
    """The games of one database.

    Args:
        store: the database.
        data_dir: where uploaded homebrew card folders are kept (``cards/<game>``).
        on_change: called with ``(game id, answers so far)`` after every stored answer.
        bot_seed: None (the default): each bot answer's seed comes from the operating
            system; an integer: from :func:`bot_answer_seed`, so bots play the same
            answers from run to run (tests, reproducible playtests).
    """

    def __init__(self, store: Store, data_dir: Path,
                 on_change: Callable[[str, int], None] | None = None,
                 bot_seed: int | None = None) -> None:
        self.store = store
        self.bot_seed = bot_seed
        self.data_dir = data_dir
        self.on_change = on_change
        self._live: OrderedDict[str, Live] = OrderedDict()
        self._lock = threading.Lock()
        self._loading: dict[str, threading.Lock] = {}
        #: whether other server processes may store answers too (PostgreSQL): then every
        #: read catches up with the database; a SQLite file has one server process.
        self.shared_db = store.postgres

    # -- creating --
    def create(self, body: Any, cards: Path | None = None) -> dict[str, Any]:
        """Create a game from a ``POST /api/games`` body (``cards``: the checked homebrew
        folder); its bots answer at once. Returns the game id, the links (each with
        its token; only their hashes are kept, and :meth:`links` shows them to the host
        again), the players' names
        and the uploaded cards the game plays with (``[{"id", "title", "stack"}]``).

        Raises:
            BadRequest: a bad config, or a game the engine cannot set up.
        """
        config = _config(body)
        if cards is not None:
            config["cards"] = [str(cards)]
        elif config.get("homebrew_early"):
            raise BadRequest("'homebrew_early' deals uploaded homebrew cards early: "
                             "upload a zip of cards with it")
        game, mine = _new_game(config, cards)
        early = bool(config.get("homebrew_early"))
        gid = secrets.token_hex(8)
        bots = {int(k): v for k, v in config["bots"].items()}
        seats = [Seat(p, "bot" if p in bots else "human", bots.get(p))
                 for p in range(config["players"])]
        admin = new_admin_token()
        tokens = game_tokens(admin, gid, [p for p in range(config["players"]) if p not in bots])
        config["seed"] = None  # the header keeps it; the config is what the host asked
        self.store.create(gid, game.header, config, seats, tokens,
                          bot_due=_bot_due(game, seats))
        live = Live(gid, game, seats, config)
        self._keep(live)
        with live.lock:
            self._bots(live)
        LOG.info("game %s created: %d seats, %d bots", gid, len(seats), len(bots))
        return {**links(admin, gid, tokens, config["players"]), "names": list(game.names),
                "cards": [{**c, "note": homebrew_note(game, c, early)} for c in mine]}

    def check(self, body: Any, cards: Path) -> dict[str, Any]:
        """What a game of ``body`` (a ``POST /api/games`` config: its players, sets,
        fill, variant and ``homebrew_early`` count; seed, names and bots are not asked)
        would do with the checked homebrew folder ``cards``, without creating it: set up
        as :meth:`create` sets it up, with the early deal's search (:func:`_new_game`,
        B3.1) so that each card's note says its chance (B3.1, B3.7) and the round the
        early deal turns it up by (:func:`~elgrande.server.page_words.check_note`).
        Returns ``{"ok": True, "cards": [{"id", "title", "stack", "note"}]}``; nothing
        is stored.

        Raises:
            BadRequest: a bad config, or a game the engine cannot set up.
        """
        if not isinstance(body, dict):
            raise BadRequest("the body must be a JSON object")
        asked = {k: body[k] for k in ("players", "sets", "fill", "variant", "homebrew_early")
                 if k in body}
        config = _config({**asked, "homebrew_early": True})
        config["cards"] = [str(cards)]
        game, mine = _new_game(config, cards)
        found: list[int | None] = [c.get("round") for c in mine]
        latest = None if None in found else max((r or 0 for r in found), default=None)
        ticked = asked.get("homebrew_early") is True
        return {"ok": True, "cards": [
            {k: c[k] for k in ("id", "title", "stack")}
            | {"note": check_note(game, c, ticked, latest)} for c in mine]}

    def links(self, live: Live, admin: str) -> dict[str, Any]:
        """Every link of ``live`` again, for its host: ``{"game", "admin", "spectator",
        "seats": [link or None], "names", "cards"}`` (:func:`elgrande.server.links.links`;
        ``cards``: the homebrew cards the host uploaded, ``[{"id", "title", "stack"}]``,
        :func:`~elgrande.server.card_notes.uploaded`; [] for none). Call it
        only with the game's admin token ``admin``: the seat tokens are derived from it
        (a seat never sees another seat's token, B8.5a). A link is None for a bot's seat,
        and for a game made before the seat tokens were derived (its links were shown
        once)."""
        humans = [s.seat for s in live.seats if s.kind == "human"]
        kept = {t: who for t in game_tokens(admin, live.id, humans)
                if (who := self.store.token(live.id, t)) is not None}
        folders = live.config.get("cards") or []
        mine = uploaded(live.game, Path(folders[0])) if folders else []
        return {**links(admin, live.id, kept, len(live.seats)), "names": list(live.game.names),
                "cards": [{k: c[k] for k in ("id", "title", "stack")} for c in mine]}

    # -- loading --
    def _keep(self, live: Live) -> None:
        """Keep ``live`` loaded, dropping the least recently used past :data:`MAX_LIVE`."""
        with self._lock:
            self._live[live.id] = live
            while len(self._live) > MAX_LIVE:
                gid, _ = self._live.popitem(last=False)
                self._loading.pop(gid, None)

    def _cold(self, gid: str) -> Live | None:
        found = self.store.game(gid)
        if found is None:
            return None
        header, config, _ = found
        seats = self.store.seats(gid)
        cards = config.get("cards") or None
        snap = self.store.snapshot(gid)
        if snap is not None:
            try:
                game = Game.from_json(snap[1]["game"])
                live = Live(gid, game, seats, config, snap[1]["scores"])
                self._catch_up(live)
                return live
            except (ElGrandeError, KeyError, TypeError, ValueError):
                LOG.warning("game %s: its snapshot does not load; replayed", gid)
        game = replay([json.dumps(header)], cards=cards)  # the header as `check` reads it
        live = Live(gid, game, seats, config)
        self._apply_all(live, self.store.answers(gid))
        return live

    def _apply_all(self, live: Live, rows: list[tuple[int, int, Any]]) -> None:
        for n, seat, answer in rows:
            if n != live.game.answered():
                raise ElGrandeError(f"game {live.id}: answer {n} out of order")
            before = live.game.flow.round
            live.game.answer(seat, answer)
            self._round(live, before)

    def _round(self, live: Live, before: int) -> None:
        if _round_ended(live.game, before):
            live.scores.append(list(live.game.state.scores))

    def _catch_up(self, live: Live) -> None:
        """Apply the answers other processes stored since ``live`` was loaded."""
        self._apply_all(live, self.store.answers(live.id, live.game.answered()))

    def ready(self, gid: str) -> Live | None:
        """The game ``gid`` when it is loaded and needs nothing before it is read (a
        SQLite file: this process stored every answer and ran its bots); else None, and
        :meth:`load` gets it. Cheap enough for the event loop."""
        if self.shared_db:
            return None
        with self._lock:
            live = self._live.get(gid)
            if live is not None:
                self._live.move_to_end(gid)
        return live

    def load(self, gid: str) -> Live | None:
        """The game ``gid`` (its bots having answered), or None when there is no such
        game. On a shared database (PostgreSQL) it first catches up with the answers
        other server processes stored; a SQLite file is served by one process, whose
        loaded games are the database's."""
        with self._lock:
            live = self._live.get(gid)
            if live is not None:
                self._live.move_to_end(gid)
            gate = self._loading.setdefault(gid, threading.Lock())
        if live is None:
            with gate:
                with self._lock:
                    live = self._live.get(gid)
                if live is None:
                    live = self._cold(gid)
                    if live is None:
                        return None
                    self._keep(live)
        with live.lock:
            if self.shared_db:
                self._catch_up(live)
            self._bots(live)
        return live

    # -- answering --
    def _store(self, live: Live, seat: int, answer: Any,
               then: dict[str, Any] | None = None) -> None:
        """Answer on a copy, store the answer (its number: the answers so far), then keep
        the copy. With ``then`` (a combined answer's second part, ``{"actions": [...]}``
        or ``{"answer": ...}``), the same seat's answer to the decision after it too, both
        stored in one transaction, numbered n and n+1. Raises IllegalMove (nothing
        changed: B3.4 when the seat is not asked next) or Conflict (another was first)."""
        g = live.game.copy()
        n = g.answered()
        before = g.flow.round
        scores: list[list[int]] = []
        rows: list[tuple[int, int, Any]] = []
        for i in range(1 if then is None else 2):
            part = answer
            if i:
                d = g.pending
                if d is None or seat not in d.players:
                    raise IllegalMove("B3.4", "the second part of a combined answer answers "
                                      "nothing: this seat is not asked next")
                part = _part_answer(g, seat, then or {})
            g.answer(seat, part)
            rows.append((g.answered() - 1, seat, g.history[-1]["answer"]))
            if _round_ended(g, before):  # as _round, per answer
                scores.append(list(g.state.scores))
            before = g.flow.round
        self.store.add_answers(live.id, rows, over=g.over, bot_due=_bot_due(g, live.seats))
        live.game = g
        live.scores.extend(scores)
        if g.answered() // SNAPSHOT_EVERY != n // SNAPSHOT_EVERY or g.over:
            self.store.save_snapshot(live.id, g.answered(),
                                     {"game": g.to_json(), "scores": live.scores})
        if self.on_change is not None:
            self.on_change(live.id, g.answered())

    def _bots(self, live: Live) -> None:
        """Let the bots answer while a bot seat must (call with ``live.lock`` held)."""
        kinds = {s.seat: s.bot for s in live.seats if s.kind == "bot"}
        while True:
            d = live.game.pending
            if d is None:
                return
            mine = [p for p in d.players if p in kinds]
            if not mine:
                return
            p = mine[0]
            seed = (secrets.randbits(32) if self.bot_seed is None
                    else bot_answer_seed(self.bot_seed, live.game.answered(), p))
            bot = make_bot(str(kinds[p]), seed)
            try:
                self._store(live, p, bot.answer(live.game.lazy_view(p)))
            except Conflict:  # another server process answered for it first
                self._catch_up(live)

    def answer(self, live: Live, seat: int, body: Any) -> tuple[int, dict[str, Any]]:
        """Seat ``seat``'s answer ``{"n": N, "actions": [...]}`` or ``{"n": N, "answer":
        ...}``, optionally combined with its answer to the decision that follows
        (``"then": {"actions": [...]}`` or ``{"answer": ...}``; B4.5's "before" then
        B4.4's carry out or decline): both applied on one copy, stored together as
        answers N and N+1, or neither. ``(200, {"ok": True, "n": answers now})``; 409
        when ``N`` is stale (another answer of this seat, or of another seat where this
        seat is no longer asked, came first) or ahead of the game; 422 with the rule when
        refused (B3.4), nothing stored; 400 for a malformed body."""
        if not isinstance(body, dict) or type(body.get("n")) is not int or not _part(body) \
                or ("then" in body and not _part(body["then"])):
            return 400, {"ok": False, "error": "the body is {\"n\": N, \"actions\": [...]}"
                         " (and optionally \"then\": {\"actions\": [...]})"}
        with live.lock:
            if self.shared_db:
                self._catch_up(live)
            g = live.game
            now, n = g.answered(), body["n"]
            d = g.pending
            if n > now:
                return 409, {"ok": False, "n": now,
                             "error": f"answer number {n} is ahead of the game ({now} so far)"}
            if n < now and (d is None or seat not in d.players or any(
                    s == seat for _, s, _ in self.store.answers(live.id, n))):
                return 409, {"ok": False, "n": now, "error": "another answer came first"}
            try:
                if d is None:
                    raise IllegalMove("B7.1", "the game is over")
                self._store(live, seat, _part_answer(g, seat, body), body.get("then"))
            except IllegalMove as exc:
                return 422, refusal(exc)
            except Conflict:
                self._catch_up(live)
                return 409, {"ok": False, "n": live.game.answered(),
                             "error": "another answer came first"}
            LOG.info("game %s: answer %d by seat %d", live.id, now, seat)
            self._bots(live)
            return 200, {"ok": True, "n": live.game.answered()}

    # -- what a seat sees --
    def state(self, live: Live, seat: int | None, locked: bool = False) -> dict[str, Any]:
        """The ``GET /api/games/{game}/state`` payload for ``seat`` (None: the public),
        built only from ``game.view(seat)`` or the public view, the log, the totals and
        the seat's controls (B8.5a). ``locked``: the caller holds ``live.lock``."""
        if not locked:
            with live.lock:
                return self.state(live, seat, locked=True)
        g = live.game
        view = public_view(g) if seat is None else g.view(seat)
        if isinstance(view.get("header"), dict) and view["header"].get("cards"):
            view["header"] = {**view["header"], "cards": own_cards(view["header"]["cards"])}
        over = g.pending is None
        base = f"/api/games/{live.id}"
        memo, log = live.shared()
        return {
            "game": live.id, "n": g.answered(), "seat": seat, "names": list(g.names),
            "colours": list(COLOURS[:g.state.players]), "view": view,
            "board_svg": board_svg(view, g.library.board, memo, boxes=False),
            "boxes_svg": boxes_svg(view, g.library.board, held_lines(g, view),
                                   taken_back(g, view)),
            "log": log,
            "offer": offer(g, view),
            "scores": live.scores + [list(g.state.scores)],
            "to_move": [] if g.pending is None else list(g.pending.players),
            "bots": [s.seat for s in live.seats if s.kind == "bot"],
            "bot_kinds": {str(s.seat): s.bot for s in live.seats if s.kind == "bot"},
            "controls": None if seat is None or over else controls(g, seat),
            "over": over,
            "final": {"scores": list(g.state.scores), "winners": g.winners()}
            if over else None,
            "record_url": f"{base}/record" if over else None,
            "replay_url": f"{base}/replay" if over else None}

    def record(self, live: Live) -> str:
        """The game's record (JSON lines, header first: it holds the seed), its homebrew
        card folders named as the host's own (:func:`own_cards`)."""
        with live.lock:
            lines = record_lines(live.game)
        header = json.loads(lines[0])
        header["cards"] = own_cards(header.get("cards"))
        return "\n".join([json.dumps(header, sort_keys=True), *lines[1:]]) + "\n"

    def resume(self, background: bool = True) -> int:
        """After a restart: first load one game of each of the :data:`WARM` most played
        kinds (sets, fill, variant, homebrew cards) whose bots need not answer, for at
        most :data:`WARM_SECONDS`, so that a first request finds its card library loaded;
        then let the bots of the games where a bot seat must answer (a crash came between
        a person's answer and the bots') play on, in a thread started here
        (``background``: the server answers meanwhile) or before returning. Those games
        are found by ``games.bot_due`` without loading the others, which load when they
        are asked for (:meth:`load`). Returns how many games' bots it resumes."""
        import elgrande.server.controls  # noqa: F401 (what a first answer imports)

        started = time.monotonic()
        ids = self.store.bots_due()
        due = set(ids)
        kinds: dict[str, list[str]] = {}
        for gid, config in self.store.configs():
            if gid not in due:
                key = json.dumps([config.get(k) for k in ("sets", "fill", "variant", "cards")])
                kinds.setdefault(key, []).append(gid)
        warm = [g[0] for g in sorted(kinds.values(), key=len, reverse=True)[:WARM]]
        for gid in warm:
            if time.monotonic() - started > WARM_SECONDS:
                break
            self._resume_one(gid, False)
        if warm:  # (f31: "0 kinds of game loaded" meant nothing to a new user)
            LOG.info("stored games: %d kinds (sets and cards) loaded ahead in %.2f s",
                     len(warm), time.monotonic() - started)
        else:
            LOG.info("stored games: none to load ahead")
        if background:
            threading.Thread(target=self._resume, args=(ids,), name="elgrande-resume",
                             daemon=True).start()
        else:
            self._resume(ids)
        return len(ids)

    def _resume(self, ids: list[str]) -> None:
        started = time.monotonic()
        for gid in ids:
            self._resume_one(gid, True)
        if ids:
            LOG.info("%d games whose bots were to answer played on in %.1f s", len(ids),
                     time.monotonic() - started)

    def _resume_one(self, gid: str, due: bool) -> None:
        """Load ``gid`` (its bots answer when they must); ``due``: its ``bot_due`` is
        true or not known, and is known once it is loaded."""
        try:
            live = self.load(gid)
            if live is not None and due:  # not known for a game stored before schema 2
                with live.lock:
                    self.store.know_bot_due(gid, _bot_due(live.game, live.seats))
        except Exception as exc:  # one broken game must not stop the others
            LOG.error("game %s does not load: %s", gid, type(exc).__name__)


def _new_game(config: dict[str, Any], cards: Path | None) -> tuple[Game, list[dict[str, Any]]]:
    """The game of a checked ``config`` and the uploaded cards it plays with
    (:func:`uploaded`). With ``homebrew_early``, set up again with the seed of
    :func:`~elgrande.play.early_deal.early_seed`, which turns those cards up soonest (B3.1
    unchanged: only the shuffle's seed is picked); each card then has its ``"round"``.

    Raises:
        BadRequest: a game the engine cannot set up.
    """
    def made(seed: int | None) -> Game:
        return new_game(config["names"], sets=config["sets"], seed=seed,
                        variant=config["variant"], fill=config["fill"],
                        cards=config.get("cards", ()))

    try:
        game = made(config["seed"])
        mine = uploaded(game, cards)
        if config.get("homebrew_early") and mine:
            deal = early_seed(game.library, config["players"], config["variant"],
                              [str(c["id"]) for c in mine])
            game = made(deal.seed)
            mine = [{**c, "round": deal.rounds.get(str(c["id"]))} for c in mine]
    except (ValueError, ElGrandeError) as exc:
        said = str(exc)
        if cards is not None:  # the cards' files from the zip's top, no server folder
            said = said.replace(f"{cards.parent}{os.sep}", "")
        raise BadRequest(f"cannot set up this game: {said}") from None
    return game, mine


def _round_ended(game: Game, before: int) -> bool:
    """Whether the answer just given ended round ``before`` (or the game, B7.1): the
    scores chart keeps a row of the scores then. A set's opening before round 1 (round
    0: the Colonies' opening secret disc) ends no round."""
    return (before >= 1 and game.flow.round != before) or game.pending is None


def _part(body: Any) -> bool:
    """Whether ``body`` is an answer's part: ``{"actions": [...]}`` or ``{"answer": ...}``."""
    return isinstance(body, dict) and (isinstance(body.get("actions"), list)
                                       or ("answer" in body and "actions" not in body))


def _part_answer(game: Game, seat: int, part: dict[str, Any]) -> Any:
    """The engine answer of an answer's part (:func:`_part`) for ``game``'s pending
    decision. Raises IllegalMove: actions the masks refuse (their rule, B3.4)."""
    if "actions" in part:
        return answer_from_actions(game, seat, part["actions"])
    return part["answer"]


def own_cards(paths: Any) -> list[str]:
    """A record header's homebrew card folders as the host named them: the folder's own
    name (``mycards``, the zip's top folder) instead of where this server keeps it, so
    that ``elgrande check`` reads a downloaded record kept beside that folder, and no
    payload shows the server's paths."""
    return [Path(str(p)).name for p in paths] if isinstance(paths, list) else []


def bot_answer_seed(bot_seed: int, n: int, seat: int) -> int:
    """The seed of the bot of ``seat`` answering a game's answer number ``n`` (its answers
    so far, stored: the same after a restart) on a server started with ``bot_seed``: 32 bits
    of SHA-256 of the three. The game's own seed takes no part, so the bots' answers say
    nothing of it (B8.5a). Raises nothing."""
    digest = hashlib.sha256(f"elgrande-bot:{bot_seed}:{n}:{seat}".encode()).digest()
    return int.from_bytes(digest[:4], "big")


def _bot_due(game: Game, seats: list[Seat]) -> bool:
    """Whether a bot seat must answer ``game``'s pending decision (B8.5: one of the
    seats a decision asks)."""
    d = game.pending
    bots = {s.seat for s in seats if s.kind == "bot"}
    return d is not None and any(p in bots for p in d.players)
