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

import os
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from elgrande.data.kinds import load_kinds, shipped_set_ids
from elgrande.data.manifests import load_board, set_order
from elgrande.engine.statements import missing_sets
from elgrande.files import diskcache
from elgrande.tools.validate.diagnostics import SEVERITIES, Diagnostic, NoCardFiles, Report
from elgrande.tools.validate.load import load, set_folders
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
             sets: Sequence[str] = ("base",), set_paths: Sequence[str | Path] = (),
             fill: str | None = None) -> Report:
    """Check the card files under ``paths`` and report every problem.

    Args:
        paths: card files and/or folders (searched like ``load_folders`` does).
        smoke: random positions each valid action/King's card is played in (0: none).
        seed: the first trial's seed; trial ``i`` uses ``seed + i``, so a failure in
            trial ``i`` reproduces with ``smoke=1, seed=seed + i``.
        sets: the sets loaded alongside (board and card ids): the sets the cards are
            meant for; a statement of a set not among them is ``E-SET-NOT-IN-PLAY``.
        set_paths: folders holding sets beyond the shipped ones (``<set>/set.yaml``). A
            homebrew set whose folder lies under ``paths`` is found and played too.
        fill: the fill the smoke positions' games play with (docs/library.md), for sets
            whose card data is incomplete.
    Returns:
        The :class:`Report`.
    Raises:
        NoCardFiles: a path holds no card file. DataError: a bad shipped set manifest.
    """
    # a shipped set found under the paths is loaded too, so its card kinds are known;
    # smoke play runs in positions of the games of ``sets``
    found = set_folders(paths)
    replaced = set(found)
    own = {s: d for s, d in found.items() if s not in shipped_set_ids()}  # homebrew sets
    search = tuple(dict.fromkeys([*map(str, set_paths),
                                  *(os.path.dirname(d) for d in own.values())]))
    played = set_order((*sets, *(s for s in own if s not in sets)), [Path(p) for p in search])
    sets = (*played, *(s for s in shipped_set_ids() if s in replaced and s not in played))
    board = load_board(tuple(sets), [Path(p) for p in search])
    try:
        loaded = load(paths, board, load_kinds(tuple(sets), [Path(p) for p in search]),
                      replaced)
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
    for c in loaded.playable:  # a statement of a set not in play (smoke play skips it)
        if c.script is not None:
            for err in missing_sets(c.script, loaded.origin[c.id], board):
                out.add(err)
    smoked = 0
    if smoke > 0:
        from elgrande.tools.validate.smoke import smoke_all

        smoked = smoke_all(loaded, load_board(played, [Path(p) for p in search]), smoke,
                           seed, played, search, fill)
    diags = sorted(out.found.values(), key=Diagnostic.key)
    ncards = sum(1 for e in loaded.entries if e.path in out.checked)
    return Report(diags, loaded.checked, ncards, smoked, smoke if smoked else 0)


def __getattr__(name: str) -> Any:
    """The smoke-play names (:mod:`~elgrande.tools.validate.smoke`), imported on first use."""
    if name in _SMOKE_NAMES:
        from elgrande.tools.validate import smoke

        return getattr(smoke, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
