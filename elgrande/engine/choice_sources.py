"""Which region choices of a card choose where caballeros are taken from: the chosen
name stands in the source of a ``move`` of the same script (``source = choose region
...`` then ``move ... from source to ...``). The Castillo left out of such a choice is
refused with B8.2 (caballeros never leave the Castillo by a special action); left out
of another (``target = choose region ...`` then ``move ... from court to target``) with
B8 (the card's places do not hold it). Noted once per script as it is compiled
(:func:`elgrande.engine.compiled.compile_script`); scripts never change. Every other place
a card's region choice leaves out is refused with B8 too (:func:`outside_card`).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Final

from elgrande.dsl import ast
from elgrande.model.board import SPACE, Board

#: The ``choose`` calls noted as choosing a source, by ``id`` (the call, kept so that its
#: id is not reused). A few per card: never cleared.
_TAKEN: Final[dict[int, ast.Call]] = {}


def _region_choices_and_sources(script: ast.Script) -> tuple[list[ast.Call], list[Any]]:
    """``script``'s region ``choose`` calls and its moves' source expressions."""
    calls = [n for n in ast.walk(script) if isinstance(n, ast.Call)]
    return ([c for c in calls if c.name == "choose"
             and isinstance(c.arg("choice"), ast.RegionChoice)],
            [c.arg("source") for c in calls if c.name == "move"])


def note_sources(script: ast.Script) -> None:
    """Note each region ``choose`` of ``script`` whose name stands in the source of one of
    its moves (B8.2: where caballeros are taken from)."""
    chosen, sources = _region_choices_and_sources(script)
    names = {n.name for src in sources for n in ast.walk(src) if isinstance(n, ast.Name)}
    for c in chosen:
        if c.arg("var") in names:
            _TAKEN[id(c)] = c


def moves_from_its_one_choice(script: ast.Script | None) -> bool:
    """Whether ``script`` chooses one region and moves caballeros from exactly that
    region (``source = choose region ...`` then ``move ... from source ...``, B8.2), not
    from places named from it (``from adjacent to source``). A script with two region
    choices is False: which one a decision asks is not said. Raises nothing."""
    if script is None:
        return False
    chosen, sources = _region_choices_and_sources(script)
    return len(chosen) == 1 and any(isinstance(src, ast.Name) and
                                    src.name == chosen[0].arg("var") for src in sources)


def taken_from(call: ast.Call) -> bool:
    """Whether ``call`` (a ``choose``) chooses where caballeros are taken from (B8.2), as
    noted when its script was compiled."""
    return _TAKEN.get(id(call)) is call


__all__ = ["moves_from_its_one_choice", "note_sources", "taken_from"]


#: Why a place outside a card's region choice is refused (B8: the card names the places).
OUTSIDE_CARD: Final = "not one of the places this card lets you choose"


def outside_card(board: Board, opts: Iterable[int], why: dict[str, list[str]]) -> None:
    """Give every place of ``board`` (off-board spaces aside) that is not in ``opts`` (the
    place indices a card's region choice offers) and has no reason in ``why`` yet
    (``{place id: [rule, message]}``, filled in place) the card's own: B8, the card's
    places do not hold it (:data:`OUTSIDE_CARD`). Raises nothing."""
    offered = set(opts)
    for p in board.places:
        if p.index not in offered and p.id not in why and p.kind != SPACE:
            why[p.id] = ["B8", OUTSIDE_CARD]
