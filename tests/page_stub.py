"""A stand-in for ``elgrande serve``'s HTTP API (the contract the page is written against),
small enough to read: one game in memory, seat tokens, bots that answer at once, no
WebSocket (the page then polls). Used by the page's browser tests where the real server
is not installed, and to show what the page needs from any server.

Routes: ``GET /play/{game}?t=`` (the page), ``GET /page/{file}``, ``GET
/api/games/{game}/state``, ``GET /api/games/{game}/controls?actions=``, ``POST
/api/games/{game}/answer``, ``GET /api/games/{game}/record``, ``GET
/api/games/{game}/replay``; the token in ``X-Elgrande-Token`` or ``?t=``.
"""

from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

from elgrande.errors import IllegalMove
from elgrande.play.game import Game, new_game
from elgrande.play.records import record_lines
from elgrande.players.bots import make_bot
from elgrande.server.controls import answer_from_actions, controls, controls_reply, refusal
from elgrande.server.replay import replay_page
from elgrande.tools.board_svg import COLOURS, board_svg, public_view

PAGE = Path(__file__).resolve().parent.parent / "elgrande" / "server" / "page"
TYPES = {".html": "text/html", ".js": "text/javascript", ".css": "text/css"}


class StubGame:
    """One game: ``seats`` (token -> seat, None for the spectator), ``bots`` by seat."""

    def __init__(self, players: int, sets: tuple[str, ...], seed: int,
                 bots: dict[int, str]) -> None:
        fill = "provisional" if len(sets) > 1 else None
        self.game: Game = new_game(players, sets=sets, seed=seed, fill=fill)
        self.bots = {p: make_bot(b, seed + p) for p, b in bots.items()}
        self.tokens: dict[str, int | None] = {f"seat{p}": p for p in range(players)}
        self.tokens["watch"] = None
        self.scores: list[list[int]] = []
        self.lock = threading.Lock()
        self.play_bots()

    @property
    def n(self) -> int:
        return len(self.game.history)

    def play_bots(self) -> None:
        g = self.game
        while g.pending is not None:
            bots = [p for p in g.pending.players if p in self.bots]
            if not bots:
                break
            round_before = g.flow.round
            g.answer(bots[0], self.bots[bots[0]].answer(g.view(bots[0])))
            self._scores(round_before)

    def _scores(self, round_before: int) -> None:
        if self.game.flow.round != round_before or self.game.pending is None:
            self.scores.append(list(self.game.state.scores))

    def state(self, seat: int | None) -> dict[str, Any]:
        g = self.game
        view = public_view(g) if seat is None else g.view(seat)
        over = g.pending is None
        return {
            "game": "g1", "n": self.n, "seat": seat, "names": list(g.names),
            "colours": list(COLOURS[:g.state.players]), "view": view,
            "board_svg": board_svg(view, g.library.board), "log": list(g.log),
            "scores": self.scores + [list(g.state.scores)],
            "to_move": [] if over else list(g.pending.players),  # type: ignore[union-attr]
            "controls": None if seat is None else controls(g, seat), "over": over,
            "final": {"scores": list(g.state.scores)} if over else None,
            "record_url": "/api/games/g1/record" if over else None,
            "replay_url": "/api/games/g1/replay" if over else None}

    def answer(self, seat: int, body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        g = self.game
        if body.get("n") != self.n:
            return 409, {"ok": False, "error": "another answer came first"}
        try:
            if "actions" in body:
                a = answer_from_actions(g, seat, body["actions"])
            else:
                a = body.get("answer")
            round_before = g.flow.round
            g.answer(seat, a)
        except IllegalMove as exc:
            return 422, refusal(exc)
        self._scores(round_before)
        self.play_bots()
        return 200, {"ok": True, "n": self.n}


def serve() -> tuple[ThreadingHTTPServer, str]:
    """Serve on a free local port in a thread (``POST /api/games`` makes the one game);
    returns the server and its base URL."""
    games: dict[str, StubGame] = {}

    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *args: Any) -> None:
            pass

        def _token(self) -> tuple[bool, int | None]:
            q = parse_qs(urlsplit(self.path).query)
            t = self.headers.get("X-Elgrande-Token") or q.get("t", [""])[0]
            stub = games.get("g1")
            return stub is not None and t in stub.tokens, stub.tokens.get(t) if stub else None

        def _send(self, code: int, body: Any, kind: str = "application/json") -> None:
            data = body.encode() if isinstance(body, str) else json.dumps(body).encode()
            self.send_response(code)
            self.send_header("Content-Type", kind + "; charset=utf-8")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def do_GET(self) -> None:  # noqa: N802
            url = urlsplit(self.path)
            parts = url.path.strip("/").split("/")
            if parts[0] == "play":
                return self._send(200, (PAGE / "index.html").read_text("utf-8"), "text/html")
            if parts[0] == "page" and len(parts) == 2 and (PAGE / parts[1]).is_file():
                f = PAGE / parts[1]
                return self._send(200, f.read_text("utf-8"), TYPES[f.suffix])
            ok, seat = self._token()
            if not ok or parts[:2] != ["api", "games"] or len(parts) != 4:
                return self._send(403 if not ok else 404, {"ok": False})
            stub = games["g1"]
            with stub.lock:
                what = parts[3]
                if what == "state":
                    return self._send(200, stub.state(seat))
                if what == "controls":
                    q = parse_qs(url.query)
                    return self._send(*controls_reply(stub.game, seat,
                                                      q.get("actions", [""])[0]))
                if what == "record":
                    return self._send(200, "\n".join(record_lines(stub.game)) + "\n",
                                      "application/x-ndjson")
                if what == "replay":
                    return self._send(200, replay_page(stub.game, seat), "text/html")
            return self._send(404, {"ok": False})

        def do_POST(self) -> None:  # noqa: N802
            size = int(self.headers.get("Content-Length") or 0)
            body = json.loads(self.rfile.read(size) or b"{}")
            if urlsplit(self.path).path == "/api/games":
                n = int(body["players"])
                games["g1"] = StubGame(n, tuple(body.get("sets") or ["base"]),
                                       int(body.get("seed") or 0),
                                       {int(k): v for k, v in (body.get("bots") or {}).items()})
                return self._send(200, {"game": "g1", "admin": "/play/g1?t=watch",
                                        "spectator": "/play/g1?t=watch",
                                        "seats": [f"/play/g1?t=seat{p}" for p in range(n)]})
            ok, seat = self._token()
            if not ok or seat is None:
                return self._send(403, {"ok": False})
            stub = games["g1"]
            with stub.lock:
                return self._send(*stub.answer(seat, body))

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}"
