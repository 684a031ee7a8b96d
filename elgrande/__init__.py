"""elgrande: the reference rules engine for El Grande and its expansions.

Folders, top to bottom (a folder imports only the folders below it; pyproject.toml's
``[tool.importlinter]`` contracts, checked by the tests): ``tools`` (command line, validate,
docs, viewer, simulate), ``adapters`` (OpenSpiel, PettingZoo), ``players`` (bots),
``play`` (the facade ``game``, saved games, records, chronicle, narration, seeds),
``rules`` (one module per card set), ``engine`` (flow, modules, decisions, interpreter),
``data`` (loading cards and sets), ``dsl`` (the card language), ``model`` (board, state,
scoring), ``files`` (shipped data, disk cache), ``errors``.

``elgrande.new_game(...)`` and ``elgrande.Game`` are the entry points (see
:mod:`elgrande.play.game`); they are imported on first use, so ``import elgrande`` stays
light.
"""

from __future__ import annotations

from typing import Any

from elgrande.files import VERSION as __version__

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
