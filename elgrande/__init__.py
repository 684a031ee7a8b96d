"""elgrande: the reference rules engine for El Grande and its expansions.

Layers (DESIGN.md): ``model`` (board, state, scoring, placement rules), ``dsl`` (card files,
grammar, checker, renderer), ``engine`` (interpreter, primitives, decisions, flow),
``game`` (the facade), and the tools (``cli``, ``validate``, ``docs``, ``bots``).

``elgrande.new_game(...)`` and ``elgrande.Game`` are the entry points (see
:mod:`elgrande.game`); they are imported on first use, so ``import elgrande`` stays light.
"""

from __future__ import annotations

from typing import Any

__version__ = "0.1.0"
__all__ = ["Game", "IllegalMove", "new_game", "__version__"]


def __getattr__(name: str) -> Any:
    """Lazy access to the facade: ``elgrande.new_game``, ``elgrande.Game``,
    ``elgrande.IllegalMove``."""
    if name in ("new_game", "Game"):
        from elgrande.play import game

        return getattr(game, name)
    if name == "IllegalMove":
        from elgrande.errors import IllegalMove

        return IllegalMove
    raise AttributeError(f"module 'elgrande' has no attribute {name!r}")
