"""Tokens: the rules of the pieces a set declares under ``pieces:`` in its manifest
(:class:`elgrande.model.declared.Token`; docs/homebrew.md, "Sets").

A token stands in one place (a region or an off-board space) or off the board; it is
set there at the start (its ``start``, B2), moves only by the ``move`` statement (``move
the ID to SET``: the one token mover, :mod:`elgrande.engine.tokens`, never into or out of
the king's region, B5.2) and is public: views show it, the log's board summary names
where it stands. It scores nothing and changes no ranking.

Data only: this module names no token and no set. The board loader turns it on for any
set that declares a piece (:data:`elgrande.data.manifests.TOKENS_MODULE`).
"""

from __future__ import annotations

import random
from typing import Any

from elgrande.engine.modules import RulesModule
from elgrande.engine.tokens import NAME, token_places
from elgrande.errors import SavedGameError
from elgrande.model.board import CASTILLO
from elgrande.model.hook_context import HookContext


def _setup(ctx: HookContext, rng: random.Random, start_player: int | None) -> None:
    """B2 (with a set's tokens): each token stands at its ``start``; no draw is made."""
    ctx.state.ext[NAME] = {t: tok.start for t, tok in ctx.board.tokens.items()}


def _check_saved(ctx: HookContext, lib: Any, st: dict[str, Any], fl: dict[str, Any]) -> None:
    """The tokens of a saved game being loaded (``state.ext.tokens``): absent (a game saved
    before its set declared them: each stands at its start), or token id -> a region or
    space id (``""``: off the board) for exactly the tokens the sets in play declare.

    Raises:
        SavedGameError: naming the bad field.
    """
    raw = (st.get("ext") or {}).get(NAME)
    if raw is None:
        return
    b = ctx.board
    where = f"state.ext.{NAME}"
    if not isinstance(raw, dict) or set(raw) != set(b.tokens):
        raise SavedGameError(where, "not the places of the tokens the sets in play declare "
                             f"({', '.join(b.tokens) or 'none'})")
    for t, at in raw.items():
        if not isinstance(at, str) or (at and (at not in b.index or
                                               b.places[b.index[at]].kind == CASTILLO)):
            raise SavedGameError(f"{where}.{t}", f"{at!r} is no region or space of the board")


def _board_summary(ctx: HookContext, names: Any) -> list[str]:
    """The log's board summary: where each token stands."""
    b = ctx.board
    return [f"    {b.tokens[t].name}: {b.place_name(at) if at else 'off the board'}"
            for t, at in token_places(ctx.state, b).items()]


MODULE = RulesModule(
    name=NAME,
    hooks={"setup": _setup, "check_saved": _check_saved, "board_summary": _board_summary},
)
