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
light. That first use imports the engine with the cyclic garbage collector paused (the
import makes many objects and no garbage: docs/performance.md, "Start-up and
validate"); the collector is on again afterwards if it was on, the import's objects moved
to its oldest generation first (:func:`_age_young`). Unlike the console script
(:mod:`elgrande.tools.entry`), the library keeps nothing frozen: that would keep the
calling program's own garbage of before the first use for good.
"""

from __future__ import annotations

import gc
import sys
from types import ModuleType
from typing import Any

from elgrande.files import VERSION as __version__

__all__ = ["Game", "IllegalMove", "new_game", "__version__"]

#: The old module paths, deprecated (they go in the next release), and where each module
#: lives now: ``import elgrande.game`` warns once (``DeprecationWarning``) and gives
#: :mod:`elgrande.play.game` itself, so ``elgrande.game.X`` is ``elgrande.play.game.X``.
#: No file stands at an old path (a merge follows each file to its new place).
MOVED = {
    "elgrande.bots": "elgrande.players.bots",
    "elgrande.bots_ismcts": "elgrande.players.ismcts",
    "elgrande.chronicle": "elgrande.play.chronicle",
    "elgrande.diskcache": "elgrande.files.diskcache",
    "elgrande.fields": "elgrande.model.fields",
    "elgrande.game": "elgrande.play.game",
    "elgrande.model.rule_ids": "elgrande.errors.rule_ids",
    "elgrande.narrate": "elgrande.play.narrate",
    "elgrande.plain": "elgrande.model.plain",
    "elgrande.records": "elgrande.play.records",
    "elgrande.resources": "elgrande.files.resources",
    "elgrande.saved": "elgrande.play.saved",
    "elgrande.seeds": "elgrande.play.seeds",
}


class _MovedFinder:
    """The import system's finder and loader of the old paths in :data:`MOVED` (first on
    ``sys.meta_path``; any other name it leaves to the next finder)."""

    @staticmethod
    def find_spec(name: str, path: Any = None, target: Any = None) -> Any:
        """A spec for an old path; None for any other module."""
        if name not in MOVED:
            return None
        from importlib.machinery import ModuleSpec

        return ModuleSpec(name, _MovedFinder)  # type: ignore[arg-type] # a loader by protocol

    @staticmethod
    def create_module(spec: Any) -> None:
        """The default module (replaced by the moved one in :meth:`exec_module`)."""
        return None

    @staticmethod
    def exec_module(module: ModuleType) -> None:
        """Warn, import the moved module and put it in the old path's place."""
        import importlib
        import warnings

        new = MOVED[module.__name__]
        warnings.warn(f"{module.__name__} is deprecated: import {new}", DeprecationWarning,
                      stacklevel=2)
        sys.modules[module.__name__] = importlib.import_module(new)


if _MovedFinder not in sys.meta_path:
    sys.meta_path.insert(0, _MovedFinder)


def _facade() -> ModuleType:
    """:mod:`elgrande.play.game`, imported at the first use of the facade with the
    collector paused (see the module's docstring); later calls find it in
    ``sys.modules``. Raises what the import raises."""
    found = sys.modules.get("elgrande.play.game")
    if found is not None:
        return found
    enabled = gc.isenabled()
    gc.disable()
    try:
        from elgrande.play import game
    finally:
        if enabled:
            _age_young()
            gc.enable()
    return game


def _age_young() -> None:
    """Move every object the collector tracks into its oldest generation, with no
    collection: the facade's import leaves tens of thousands of young objects (and no
    garbage worth a pass), which the first young collection after it would otherwise
    traverse, and the next middle one again (about 10M instructions of a cold start,
    docs/performance.md). ``gc.freeze`` then ``gc.unfreeze`` does it; nothing stays frozen,
    so the program's own garbage is still collected, by the next full collection. Skipped
    when the program has frozen objects itself (``unfreeze`` would release them)."""
    if gc.get_freeze_count() == 0:
        gc.freeze()
        gc.unfreeze()


def __getattr__(name: str) -> Any:
    """Lazy access to the facade: ``elgrande.new_game``, ``elgrande.Game``,
    ``elgrande.IllegalMove``."""
    if name in ("new_game", "Game"):
        return getattr(_facade(), name)
    if name == "IllegalMove":
        from elgrande.errors import IllegalMove

        return IllegalMove
    raise AttributeError(f"module 'elgrande' has no attribute {name!r}")
