"""Unexpected errors of ``elgrande serve`` (docs/serve.md, "Security"): one log line each
(the request's method and path without its query, the exception's type and the line of
the server's code it came from), the client answered ``{"error": "internal error"}``
(500). Neither the exception's message nor its traceback is written: they may hold a
game's hidden parts, and uvicorn would print the whole traceback of an exception that
reaches it (Starlette's error middleware raises it again after its handler answered).
"""

from __future__ import annotations

import logging
import traceback
from collections.abc import Awaitable, Callable, MutableMapping
from pathlib import Path
from typing import Any

from starlette.responses import JSONResponse

from elgrande.server.redact import redact

LOG = logging.getLogger("elgrande.server")
Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
ASGI = Callable[[Scope, Callable[[], Awaitable[Message]], Callable[[Message], Awaitable[None]]],
                Awaitable[None]]
#: The folder holding the ``elgrande`` package (where lines are named from).
ROOT = Path(__file__).resolve().parent.parent.parent


def where(exc: BaseException) -> str:
    """Where ``exc`` was raised: the innermost frame of the ``elgrande`` package
    (``elgrande/server/service.py:123 in load``), else the innermost frame's file name
    and line.

    Args:
        exc: an exception with its traceback.
    """
    frames = traceback.extract_tb(exc.__traceback__)
    if not frames:
        return "?"
    ours = [f for f in frames if Path(f.filename).resolve().is_relative_to(ROOT / "elgrande")]
    f = (ours or frames)[-1]
    path = Path(f.filename).resolve()
    name = path.relative_to(ROOT).as_posix() if path.is_relative_to(ROOT) else path.name
    return f"{name}:{f.lineno} in {f.name}"


def one_line(scope: Scope, exc: BaseException) -> str:
    """The log line of ``exc`` met while serving ``scope`` (no query string, no message;
    tokens redacted all the same)."""
    method = scope.get("method") or scope.get("type", "?").upper()
    return redact(f"{method} {scope.get('path', '?')} failed: {type(exc).__name__} at "
                  f"{where(exc)}")


def guarded(app: ASGI) -> ASGI:
    """ASGI middleware: an exception of ``app`` is logged in one line (:func:`one_line`)
    and answered 500 ``{"ok": false, "error": "internal error"}`` when no response has
    started (a WebSocket is closed with 1011); it goes no further."""
    async def wrapped(scope: Scope, receive: Callable[[], Awaitable[Message]],
                      send: Callable[[Message], Awaitable[None]]) -> None:
        started = False

        async def tracked(msg: Message) -> None:
            nonlocal started
            started = started or msg["type"] in ("http.response.start", "websocket.accept",
                                                 "websocket.close")
            await send(msg)
        try:
            await app(scope, receive, tracked)
        except Exception as exc:  # the one place every unexpected error ends
            LOG.error("%s", one_line(scope, exc))
            if scope["type"] == "http" and not started:
                await JSONResponse({"ok": False, "error": "internal error"}, 500)(
                    scope, receive, send)
            elif scope["type"] == "websocket" and not started:
                await send({"type": "websocket.close", "code": 1011})
    return wrapped
