"""Everything a game needs from the data, loaded and checked once: the board, the cards
(parsed, statically checked) and their effect scripts by card id (the engine runs them).

``load_library(("base",))`` is cached per (sets, errata, extra folders); loading all base
cards from a cold start is what ``benchmarks/load.py`` measures.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache
from pathlib import Path

import attrs

from elgrande.data.cards import CardDef, CardSet, load_folders
from elgrande.data.manifests import load_board
from elgrande.dsl import ast
from elgrande.dsl.checker import check_script
from elgrande.errors import CardError
from elgrande.model.board import Board


@attrs.frozen
class Library:
    """A loaded board and card set.

    Attributes:
        board: the board of the sets.
        cards: the cards (errata applied).
        scripts: card id -> parsed effect script (what the interpreter runs).
        warnings: the checker's warnings (errors raise instead).
    """

    board: Board
    cards: CardSet
    scripts: dict[str, ast.Script]
    warnings: tuple[CardError, ...]

    def card(self, card_id: str) -> CardDef:
        """The card ``card_id``.

        Raises:
            KeyError: unknown id.
        """
        return self.cards.cards[card_id]

    def deck(self, stack: int) -> list[str]:
        """The card ids of action stack ``stack``, one entry per copy, in id order."""
        out: list[str] = []
        for c in self.cards.of_kind("action"):
            if c.stack == stack:
                out.extend([c.id] * c.copies)
        return out


def load_library(sets: Iterable[str] = ("base",), errata: Iterable[str] = (),
                 extra: Sequence[str | Path] = (),
                 set_paths: Sequence[str | Path] = ()) -> Library:
    """Load board and cards of ``sets`` (plus homebrew folders ``extra``), switching on
    optional ``errata`` by id. Sets are looked up in the folders ``set_paths`` (each holds
    ``<set>/set.yaml``), then among the shipped ones. Cached.

    Raises:
        DataError: a bad set manifest. CardError: the first error in a card file (schema,
        syntax, or a checker error such as an unknown region).
    """
    return _load(tuple(sets), tuple(sorted(errata)), tuple(str(p) for p in extra),
                 tuple(str(p) for p in set_paths))


@lru_cache(maxsize=16)
def _load(sets: tuple[str, ...], errata: tuple[str, ...], extra: tuple[str, ...],
          set_paths: tuple[str, ...] = ()) -> Library:
    board = load_board(sets, [Path(p) for p in set_paths])
    folders: list[str | Path] = [*board.set_dirs, *extra]
    cards = load_folders(folders, errata)
    ids = list(board.index)
    warnings: list[CardError] = []
    for c in cards.cards.values():
        if c.script is None:
            continue
        for problem in check_script(c.script, c.effect_path or c.path, ids):
            if problem.severity == "error":
                raise problem
            warnings.append(problem)
    for c in cards.cards.values():
        if c.kind == "power" and board.power_cards.get(c.value) != c.court:
            raise CardError(c.path, f"power card {c.value} brings {c.court} caballeros to "
                            f"court, but the set manifest says "
                            f"{board.power_cards.get(c.value)}", code="E-POWER-MISMATCH",
                            hint="make the card file and set.yaml agree")
    scripts = {c.id: c.script for c in cards.cards.values() if c.script is not None}
    return Library(board, cards, scripts, tuple(warnings))
