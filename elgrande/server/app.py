"""The web application of ``elgrande serve`` (Starlette): the HTTP API, the WebSocket
that tells a page when its game changed, and the page's files.

Routes (docs/serve.md): ``GET /`` (create a game), ``POST /api/games``, ``POST
/api/homebrew/check`` (a homebrew zip checked as a game's creation checks it), ``GET
/api/games/{game}/state|controls|record|replay|role|links``, ``POST
/api/games/{game}/answer``, ``WS /ws/{game}``, ``GET /play/{game}`` and ``/page/...`` (the
page), ``/favicon.ico``. A token comes in the ``X-Elgrande-Token`` header or the ``t``
query parameter; a missing or wrong one is 403. A seat is sent only what
:meth:`Service.state` builds from its own view (B8.5a); spectators and the admin get the
public view; only the admin token lists every link again (``links``: the seat tokens are
derived from it, :mod:`elgrande.server.links`). Bodies are bounded (413), a seat's answers
are rate-limited (429), and so are the checks of a zip per client address; WebSocket
origins must be this server's (or one allowed), and errors say nothing of the game: an
unexpected one is logged in one line, by its type and the line it came from
(:mod:`elgrande.server.failures`).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import shutil
import tempfile
import time
from collections.abc import AsyncIterator, Awaitable, Callable, MutableMapping
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import orjson
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from elgrande.server.failures import guarded
from elgrande.server.hub import Hub
from elgrande.server.limits import Limits
from elgrande.server.service import FILLS, BadRequest, Live, Service
from elgrande.server.store import Store
from elgrande.server.upload import UploadError, unpack

LOG = logging.getLogger("elgrande.server")
PAGE = Path(__file__).resolve().parent / "page"
#: How many (game, token) pairs the server remembers before it asks the database again.
TOKENS_KEPT = 100_000
Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
ASGI = Callable[[Scope, Callable[[], Awaitable[Message]], Callable[[Message], Awaitable[None]]],
                Awaitable[None]]



class FastJSON(Response):
    """A JSON response encoded by orjson (a state payload is tens of kilobytes, sent to
    every seat after every answer)."""

    media_type = "application/json"

    def render(self, content: Any) -> bytes:
        """``content`` as JSON bytes (non-string keys written as strings, as json does)."""
        return orjson.dumps(content, option=orjson.OPT_NON_STR_KEYS)


class PageFiles(StaticFiles):
    """The page's files (``/page/...``): each answer says ``Cache-Control: no-cache`` (the
    browser asks again every time, a 304 when its copy is current by the ETag), so that
    after an upgrade a page never mixes its ES modules of two versions; a ``.js`` file is
    ``text/javascript`` whatever the system's MIME table says (a module script of any other
    type is refused by the browser)."""

    def file_response(self, full_path: Any, stat_result: os.stat_result, scope: Scope,
                      status_code: int = 200) -> Response:
        """The file's response (Starlette's), with the headers above."""
        response = super().file_response(full_path, stat_result, scope, status_code)
        response.headers["Cache-Control"] = "no-cache"
        if str(full_path).endswith(".js"):
            response.headers["Content-Type"] = "text/javascript; charset=utf-8"
        return response


class TooLarge(Exception):
    """A request body past its limit (413)."""


def body_limit(app: ASGI, limits: Limits) -> ASGI:
    """ASGI middleware: a request body over its limit is refused with 413 (a game's
    creation with a zip may carry :attr:`Limits.upload`, any other :attr:`Limits.body`),
    by its Content-Length and by the bytes that arrive."""
    async def wrapped(scope: Scope, receive: Callable[[], Awaitable[Message]],
                      send: Callable[[Message], Awaitable[None]]) -> None:
        if scope["type"] != "http":
            return await app(scope, receive, send)
        headers = dict(scope.get("headers") or [])
        multipart = headers.get(b"content-type", b"").startswith(b"multipart/")
        limit = limits.upload + 64 * 1024 if multipart else limits.body
        size = headers.get(b"content-length", b"0")
        if not size.isdigit() or int(size) > limit:
            return await JSONResponse({"ok": False, "error": f"the body is over {limit} bytes"},
                                      413)(scope, receive, send)
        seen = 0
        started = False

        async def counted() -> Message:
            nonlocal seen
            msg = await receive()
            seen += len(msg.get("body", b""))
            if seen > limit:
                raise TooLarge
            return msg

        async def tracked(msg: Message) -> None:
            nonlocal started
            started = started or msg["type"] == "http.response.start"
            await send(msg)
        try:
            await app(scope, counted, tracked)
        except TooLarge:
            if not started:
                await JSONResponse({"ok": False, "error": f"the body is over {limit} bytes"},
                                   413)(scope, receive, send)
    return wrapped


class RateLimit:
    """A token bucket per key (a seat, a client address): ``rate`` requests per second, in
    bursts of as many. Past :attr:`KEEP` keys, the buckets idle for a second or more (full
    again, so nothing is lost) are dropped: many keys cannot fill the memory."""

    #: How many buckets are kept before the full ones are dropped.
    KEEP = 10_000

    def __init__(self, rate: float) -> None:
        self.rate = rate
        self._buckets: dict[Any, tuple[float, float]] = {}

    def allow(self, key: Any) -> bool:
        """Whether ``key`` (hashable: ``(game, seat)``, a client address) may go on now
        (takes one token)."""
        now = time.monotonic()
        if len(self._buckets) >= self.KEEP and key not in self._buckets:
            self._buckets = {k: v for k, v in self._buckets.items() if now - v[1] < 1.0}
        level, last = self._buckets.get(key, (self.rate, now))
        level = min(self.rate, level + (now - last) * self.rate)
        if level < 1:
            self._buckets[key] = (level, now)
            return False
        self._buckets[key] = (level - 1, now)
        return True


def _token(request: Request | WebSocket) -> str:
    return request.headers.get("x-elgrande-token") or request.query_params.get("t") or ""


def _json_error(status: int, error: str) -> JSONResponse:
    return JSONResponse({"ok": False, "error": error}, status)


def create_app(store: Store, data_dir: Path, limits: Limits | None = None,
               origins: tuple[str, ...] = (), resume: bool = True,
               bot_seed: int | None = None) -> Starlette:
    """The application serving the games in ``store`` (uploaded cards under
    ``data_dir``). ``origins``: WebSocket origins allowed besides this server's own.
    ``resume``: at start-up, let the bots of the games left with a bot to move go on
    (:meth:`Service.resume`; other games load when asked for). ``bot_seed``: None, or
    the seed bots' answers are derived from (:class:`Service`, ``--bot-seed``)."""
    limits = limits or Limits()
    hub = Hub()
    service = Service(store, data_dir, on_change=hub.publish, bot_seed=bot_seed)
    rate = RateLimit(limits.answers_per_second)
    checks = RateLimit(limits.checks_per_second)
    known: dict[tuple[str, str], tuple[str, int | None]] = {}  # tokens never change

    async def holder(gid: str, token: str) -> tuple[str, int | None] | None:
        """``(role, seat)`` of ``token`` in game ``gid`` (None: not one of its tokens)."""
        if not token:
            return None
        who = known.get((gid, token))
        if who is None:
            who = await run_in_threadpool(store.token, gid, token)
            if who is not None:
                if len(known) >= TOKENS_KEPT:
                    known.clear()
                known[(gid, token)] = who
        return who

    async def access(request: Request) -> tuple[Live, int | None, str] | Response:
        gid = request.path_params["game"]
        who = await holder(gid, _token(request))
        if who is None:
            return _json_error(403, "no such game, or not your token")
        live = service.ready(gid) or await run_in_threadpool(service.load, gid)
        if live is None:
            return _json_error(403, "no such game, or not your token")
        return live, who[1], who[0]

    async def home(request: Request) -> Response:
        return FileResponse(PAGE / "new.html", headers={"Referrer-Policy": "no-referrer"})

    async def favicon(request: Request) -> Response:
        return FileResponse(PAGE / "favicon.svg", media_type="image/svg+xml")

    async def role(request: Request) -> Response:
        got = await access(request)
        if isinstance(got, Response):
            return got
        _, seat, kind = got
        return JSONResponse({"role": kind, "seat": seat})

    async def links(request: Request) -> Response:
        """Every link of the game again, for the admin token only (403 for any other:
        a seat never sees another seat's token, B8.5a)."""
        got = await access(request)
        if isinstance(got, Response):
            return got
        live, _, kind = got
        if kind != "admin":
            return _json_error(403, "only the host's admin link shows the links")
        return JSONResponse(await run_in_threadpool(service.links, live, _token(request)))

    async def received(request: Request, folder: Path) -> tuple[Any, Path | None] | Response:
        """The JSON config of a ``POST /api/games`` or ``/api/homebrew/check`` and the
        homebrew folder its zip was unpacked into under the new ``folder`` (None without
        a zip), checked and validated by :func:`unpack` (the one path for both routes);
        or the refusal: 400 for a body that is not JSON, 422 for a refused zip (its
        ``errors``: :attr:`UploadError.problems`; ``shown``: the cards' errors as
        ``elgrande validate`` prints them, :attr:`UploadError.shown`)."""
        if not request.headers.get("content-type", "").startswith("multipart/"):
            try:
                return json.loads(await request.body()), None
            except ValueError:
                return _json_error(400, "the body is not JSON")
        async with request.form(max_files=1, max_fields=4,
                                max_part_size=limits.upload) as form:
            raw = form.get("config")
            upload = form.get("cards")
            try:
                body = json.loads(raw) if isinstance(raw, str) else None
            except ValueError:
                return _json_error(400, "'config' is not JSON")
            if upload is None or isinstance(upload, str):
                return body, None
            data = await upload.read(limits.upload + 1)
        sets = body.get("sets") if isinstance(body, dict) else None
        fill = body.get("fill") if isinstance(body, dict) else None
        if fill not in FILLS:  # a fill file's path would read the server's files
            return _json_error(400, "'fill' must be null or 'provisional'")
        try:
            return body, await run_in_threadpool(unpack, data, folder, limits, sets, fill)
        except UploadError as exc:
            return JSONResponse({"ok": False, "error": str(exc), "errors": exc.problems,
                                 "shown": exc.shown}, 422)

    async def create(request: Request) -> Response:
        # not data_dir/cards: served from a clone, that is the shipped cards
        folder = data_dir / "uploads" / f"upload-{time.time_ns()}"
        got = await received(request, folder)
        if isinstance(got, Response):
            return got
        body, cards = got
        try:
            out = await run_in_threadpool(service.create, body, cards)
        except BadRequest as exc:
            if cards is not None:  # no game plays with them
                shutil.rmtree(folder, ignore_errors=True)
            return _json_error(400, str(exc))
        return JSONResponse(out, 201)

    async def check(request: Request) -> Response:
        """``POST /api/homebrew/check``: a zip checked and validated as a game's creation
        does (:func:`received`), and each card's note (:meth:`Service.check`), in a
        temporary folder removed before the answer: nothing is stored, no game made.
        Rate-limited per client address (429)."""
        client = request.client.host if request.client is not None else ""
        if not checks.allow(client):
            return _json_error(429, "too many checks: wait a moment")
        with tempfile.TemporaryDirectory(prefix="elgrande-check-") as tmp:
            got = await received(request, Path(tmp) / "upload")
            if isinstance(got, Response):
                return got
            body, cards = got
            if cards is None:
                return _json_error(400, "send the zip of cards in the multipart field 'cards'")
            try:
                out = await run_in_threadpool(service.check, body, cards)
            except BadRequest as exc:
                return JSONResponse({"ok": False, "error": str(exc), "errors": [str(exc)]}, 400)
        return JSONResponse(out)

    async def state(request: Request) -> Response:
        got = await access(request)
        if isinstance(got, Response):
            return got
        live, seat, _ = got
        return FastJSON(await build(live, seat))

    async def build(live: Live, seat: int | None) -> dict[str, Any]:
        """:meth:`Service.state` of ``seat``: on the event loop when the seat is not asked
        (about a millisecond, no thread hand-off) and the game is free, else on a thread
        (an asked seat's controls may search)."""
        pending = live.game.pending
        asked = pending is not None and seat in pending.players
        if not asked and live.lock.acquire(blocking=False):
            try:
                return service.state(live, seat, locked=True)
            finally:
                live.lock.release()
        return await run_in_threadpool(service.state, live, seat)

    async def controls(request: Request) -> Response:
        from elgrande.server.controls import controls_reply

        got = await access(request)
        if isinstance(got, Response):
            return got
        live, seat, _ = got

        def reply() -> tuple[int, dict[str, Any]]:
            with live.lock:
                return controls_reply(live.game, seat, request.query_params.get("actions"))
        status, body = await run_in_threadpool(reply)
        return JSONResponse(body, status)

    async def answer(request: Request) -> Response:
        got = await access(request)
        if isinstance(got, Response):
            return got
        live, seat, _ = got
        if seat is None:
            return _json_error(403, "only a seat answers")
        if not rate.allow((live.id, seat)):
            return _json_error(429, "too many answers: wait a moment")
        try:
            body = json.loads(await request.body())
        except ValueError:
            return _json_error(400, "the body is not JSON")
        status, out = await run_in_threadpool(service.answer, live, seat, body)
        return JSONResponse(out, status)

    async def record(request: Request) -> Response:
        got = await access(request)
        if isinstance(got, Response):
            return got
        live, _, _ = got
        if not live.game.over:  # its header holds the seed (B8.5a): not even for the host
            return _json_error(403, "the record is shown when the game is over")
        # saved under the game's id (elgrande-GAMEID.jsonl): several games' records apart
        name = "".join(ch for ch in request.path_params["game"] if ch.isalnum() or ch in "-_")
        return Response(await run_in_threadpool(service.record, live),
                        media_type="application/x-ndjson", headers={
                            "Content-Disposition": f'attachment; filename="elgrande-{name}.jsonl"'})

    async def replay(request: Request) -> Response:
        from elgrande.server.replay import replay_page

        got = await access(request)
        if isinstance(got, Response):
            return got
        live, seat, _ = got
        if not live.game.over:
            return _json_error(403, "the replay is shown when the game is over")

        def page() -> str:
            with live.lock:
                return replay_page(live.game.copy(), seat, cards=live.config.get("cards"))
        return HTMLResponse(await run_in_threadpool(page))

    async def play(request: Request) -> Response:
        return FileResponse(PAGE / "index.html", headers={"Referrer-Policy": "no-referrer"})

    async def ws(websocket: WebSocket) -> None:
        origin = websocket.headers.get("origin")
        if origin is not None:
            host = websocket.headers.get("host", "")
            if urlsplit(origin).netloc != host and origin not in origins:
                await websocket.close(code=1008)
                return
        gid = websocket.path_params["game"]
        who = await holder(gid, _token(websocket))
        live = await run_in_threadpool(service.load, gid) if who is not None else None
        if live is None:
            await websocket.close(code=1008)
            return
        seat = who[1] if who is not None else None
        await websocket.accept()
        queue = hub.subscribe(gid)
        with_state = websocket.query_params.get("state") == "1"

        async def tell(n: int) -> None:
            """Send the count ``n``, or (``?state=1``) the seat's state as it is now."""
            nonlocal live
            if not with_state:
                await websocket.send_json({"n": n})
                return
            while not queue.empty():  # only the latest state is worth sending
                n = max(n, queue.get_nowait())
            live = service.ready(gid) or await run_in_threadpool(service.load, gid)
            if live is not None:
                st = await build(live, seat)
                await websocket.send_text(orjson.dumps({"n": st["n"], "state": st},
                                                       option=orjson.OPT_NON_STR_KEYS).decode())
        try:
            await tell(live.game.answered())
            listen = asyncio.ensure_future(websocket.receive())
            while True:
                got = asyncio.ensure_future(queue.get())
                done, _ = await asyncio.wait({listen, got}, return_when=asyncio.FIRST_COMPLETED)
                if listen in done:
                    got.cancel()
                    msg = listen.result()
                    if msg["type"] == "websocket.disconnect":
                        return
                    listen = asyncio.ensure_future(websocket.receive())
                    if got.done() and not got.cancelled():
                        await tell(got.result())
                    continue
                await tell(got.result())
        except (WebSocketDisconnect, RuntimeError):
            return
        finally:
            hub.unsubscribe(gid, queue)

    @contextlib.asynccontextmanager
    async def lifespan(_app: Starlette) -> AsyncIterator[None]:
        hub.bind(asyncio.get_running_loop())
        if store.postgres:
            hub.listen_postgres(store.url)
        if resume:
            await run_in_threadpool(service.resume)
        yield
        hub.close()

    routes = [
        Route("/", home),
        Route("/favicon.ico", favicon),
        Route("/api/games", create, methods=["POST"]),
        Route("/api/homebrew/check", check, methods=["POST"]),
        Route("/api/games/{game}/state", state),
        Route("/api/games/{game}/controls", controls),
        Route("/api/games/{game}/answer", answer, methods=["POST"]),
        Route("/api/games/{game}/record", record),
        Route("/api/games/{game}/replay", replay),
        Route("/api/games/{game}/role", role),
        Route("/api/games/{game}/links", links),
        Route("/play/{game}", play),
        WebSocketRoute("/ws/{game}", ws),
        Mount("/page", PageFiles(directory=PAGE), name="page"),
    ]
    app = Starlette(routes=routes, lifespan=lifespan)
    app.state.service = service
    app.state.hub = hub
    app.add_middleware(_Limited, limits=limits)
    return app


class _Limited:
    """:func:`body_limit` inside :func:`elgrande.server.failures.guarded` as a Starlette
    middleware class (an unexpected error: one log line, 500)."""

    def __init__(self, app: ASGI, limits: Limits) -> None:
        self._app = guarded(body_limit(app, limits))

    async def __call__(self, scope: Scope, receive: Callable[[], Awaitable[Message]],
                       send: Callable[[Message], Awaitable[None]]) -> None:
        await self._app(scope, receive, send)
