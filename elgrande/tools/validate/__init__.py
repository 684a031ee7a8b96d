"""Homebrew card validation: every problem in a set of card files, not just the first.

``validate(paths)`` loads card files exactly as the engine does (``read_file``,
``check_fields``, ``build_card``/``parse``, ``check_script`` against the board's place ids
and caballero count) but keeps going after a problem, so a designer sees them all at once.
Its three jobs are three modules:

- :mod:`~elgrande.tools.validate.load`: load problems (YAML, schema, syntax, checker,
  duplicate ids, errata for unknown cards, power cards against the manifest, stacks the
  set has not);
- :mod:`~elgrande.tools.validate.never_acts`: ``W-NEVER-ACTS``, an effect that can never
  change the game, when no more specific warning already says so;
- :mod:`~elgrande.tools.validate.smoke`: a smoke play of every valid action/King's card in
  ``smoke`` random positions, with a work budget per effect and a time bound per card.

The shipped sets (``("base",)`` by default) are loaded alongside the files checked, so a
homebrew id cannot clash with a shipped one; only problems in the files checked are
reported. Diagnostics are sorted by path, line, column and code.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from elgrande.data.kinds import load_kinds, shipped_set_ids
from elgrande.data.manifests import load_board
from elgrande.files import diskcache
from elgrande.tools.validate.diagnostics import SEVERITIES, Diagnostic, NoCardFiles, Report
from elgrande.tools.validate.load import load, set_ids
from elgrande.tools.validate.never_acts import never_acts

if TYPE_CHECKING:  # smoke play needs the engine: imported on first use (--smoke 0: never)
    from elgrande.tools.validate.smoke import (
        GARBAGE,
        GARBAGE_RATE,
        MAX_DECISIONS,
        MAX_PREFIX,
        SMOKE_SECONDS,
        garbage_for,
        random_position,
        smoke_card,
    )

_SMOKE_NAMES = ("GARBAGE", "GARBAGE_RATE", "MAX_DECISIONS", "MAX_PREFIX", "SMOKE_SECONDS",
                "garbage_for", "random_position", "smoke_card")

__all__ = ["GARBAGE", "GARBAGE_RATE", "MAX_DECISIONS", "MAX_PREFIX", "SEVERITIES",
           "SMOKE_SECONDS", "Diagnostic", "NoCardFiles", "Report", "garbage_for",
           "never_acts", "random_position", "smoke_card", "validate"]


def validate(paths: Sequence[str | Path], smoke: int = 50, seed: int = 1,
             sets: Sequence[str] = ("base",)) -> Report:
    """Check the card files under ``paths`` and report every problem.

    Args:
        paths: card files and/or folders (searched like ``load_folders`` does).
        smoke: random positions each valid action/King's card is played in (0: none).
        seed: the first trial's seed; trial ``i`` uses ``seed + i``, so a failure in
            trial ``i`` reproduces with ``smoke=1, seed=seed + i``.
        sets: the shipped sets loaded alongside (board and card ids).
    Returns:
        The :class:`Report`.
    Raises:
        NoCardFiles: a path holds no card file. DataError: a bad shipped set manifest.
    """
    # a shipped set found under the paths is loaded too, so its card kinds are known;
    # smoke play runs in positions of the games of ``sets``
    played = tuple(sets)
    replaced = set_ids(paths)
    sets = (*sets, *(s for s in shipped_set_ids() if s in replaced and s not in sets))
    board = load_board(tuple(sets))
    try:
        loaded = load(paths, board, load_kinds(tuple(sets)), replaced)
    finally:
        diskcache.PARSED.flush()  # the files parsed, so the next run reads only changes
    out = loaded.out
    # never-acting effects (only when nothing more specific was said about the script)
    for c in loaded.playable:
        src = loaded.origin[c.id]
        if out.has_any(src) or c.script is None:
            continue
        why = never_acts(c.script, board)
        if why is not None:
            out.add(Diagnostic(src, c.script.line, c.script.column, "warning", "W-NEVER-ACTS",
                               f"this effect can never change the game: {why[0]}", why[1]))
    smoked = 0
    if smoke > 0:
        from elgrande.tools.validate.smoke import smoke_all

        smoked = smoke_all(loaded, load_board(played), smoke, seed, played)
    diags = sorted(out.found.values(), key=Diagnostic.key)
    ncards = sum(1 for e in loaded.entries if e.path in out.checked)
    return Report(diags, loaded.checked, ncards, smoked, smoke if smoked else 0)


def __getattr__(name: str) -> Any:
    """The smoke-play names (:mod:`~elgrande.tools.validate.smoke`), imported on first use."""
    if name in _SMOKE_NAMES:
        from elgrande.tools.validate import smoke

        return getattr(smoke, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
