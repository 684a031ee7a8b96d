"""The links of a game of ``elgrande serve``: the admin token is random, and the
spectator's and each person's seat token are derived from it, so the host (who holds the
admin link) can be shown every link again and the database still keeps no token, only
their SHA-256 (:mod:`elgrande.server.store`).

A derived token is HMAC-SHA256 keyed by the admin token over the game id and the role,
cut to 192 bits like the admin token (``secrets.token_urlsafe(24)``): without the admin
token it cannot be told from a random one, and it tells nothing of the admin token or of
another seat's (a seat is sent only what its own view holds, B8.5a).
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
from typing import Any

#: Bytes of randomness (or of the HMAC) in a token.
TOKEN_BYTES = 24


def new_admin_token() -> str:
    """A fresh admin token: :data:`TOKEN_BYTES` random bytes, URL-safe base64 (32
    characters)."""
    return secrets.token_urlsafe(TOKEN_BYTES)


def derived_token(admin: str, game: str, role: str) -> str:
    """The token of ``role`` (``"spectator"`` or ``"seat 2"``: seats from 0) in game
    ``game`` whose admin token is ``admin``, URL-safe base64 of 32 characters (B8.5a:
    a seat's token opens that seat's view only)."""
    mac = hmac.new(admin.encode(), f"elgrande {game} {role}".encode(),
                   hashlib.sha256).digest()[:TOKEN_BYTES]
    return base64.urlsafe_b64encode(mac).decode("ascii")


def link(game: str, token: str) -> str:
    """The page's link of ``token`` in ``game``: ``/play/GAME?t=TOKEN``."""
    return f"/play/{game}?t={token}"


def game_tokens(admin: str, game: str, humans: list[int]) -> dict[str, tuple[str, int | None]]:
    """Every token of a new game: ``token -> (role, seat)`` for the admin, the spectator
    and the seats of ``humans`` (a bot's seat has no token)."""
    tokens: dict[str, tuple[str, int | None]] = {
        admin: ("admin", None), derived_token(admin, game, "spectator"): ("spectator", None)}
    tokens.update({derived_token(admin, game, f"seat {p}"): ("seat", p) for p in humans})
    return tokens


def links(admin: str, game: str, tokens: dict[str, tuple[str, int | None]],
          players: int) -> dict[str, Any]:
    """The links of ``game`` among ``tokens`` (``token -> (role, seat)``, as
    :func:`game_tokens` gives them): ``{"game", "admin", "spectator", "seats"}``, each
    seat's link or None (a bot's seat; or a token not in ``tokens``, as for a game made
    before the seat tokens were derived: those links were shown once and are lost)."""
    def found(role: str, seat: int | None) -> str | None:
        tok = derived_token(admin, game, role if seat is None else f"seat {seat}")
        return link(game, tok) if tokens.get(tok) == (role, seat) else None

    return {"game": game, "admin": link(game, admin), "spectator": found("spectator", None),
            "seats": [found("seat", p) for p in range(players)]}
