"""What the generated docs read: the shipped card sets and homebrew folders, card
paths, the rule ids a card relies on and links to the rules page.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any

import attrs

from elgrande.data import yamlpos
from elgrande.data.cards import CardDef, CardSet, load_folders
from elgrande.data.kinds import shipped_kinds
from elgrande.data.manifests import load_board
from elgrande.dsl import ast
from elgrande.dsl.caballero_moves import FORM_RULES, form
from elgrande.dsl.checker import check_script
from elgrande.dsl.rule_params import RuleParam
from elgrande.dsl.signatures import PIECE_KINDS, SIGNATURES
from elgrande.errors.rule_ids import RULES, rule_key
from elgrande.files.resources import cards_dir
from elgrande.model.board import Board
from elgrande.tools.docs.document import Inline, _code, _link, _t


@attrs.frozen
class SetInfo:
    """A card set as the docs show it."""

    id: str
    title: str
    status: str
    manifest: bool


def shipped_sets() -> list[str]:
    """The ids of the shipped card sets (folders of ``cards/`` with a ``set.yaml``)."""
    return sorted(p.name for p in cards_dir().iterdir() if (p / "set.yaml").is_file())


def _set_info(set_id: str) -> SetInfo:
    path = cards_dir() / set_id / "set.yaml"
    if not path.is_file():
        return SetInfo(set_id, set_id, "homebrew", False)
    data = yamlpos.load(path.read_text(encoding="utf-8"), str(path))[0] or {}
    return SetInfo(set_id, str(data.get("title", set_id)), str(data.get("status", "complete")),
                   True)


def load_cards(extra: Sequence[str | Path] = (), set_dirs: Sequence[str | Path] = ()
               ) -> CardSet:
    """Every card of the shipped sets plus homebrew folders ``extra`` and homebrew sets'
    folders ``set_dirs`` (as the engine loads them; optional errata and errata of another
    set's card listed, not applied).

    Raises:
        CardError: the first problem in a card file, checker errors included
        (``elgrande validate`` lists all). DataError: a bad homebrew set folder.
    """
    from elgrande.data.sets import set_folder

    own = [set_folder(d) for d in set_dirs]
    search = [root for _, root in own]
    folders: list[str | Path] = [cards_dir() / s for s in shipped_sets()]
    cards = load_folders([*folders, *(r / s for s, r in own), *extra],
                         kinds=shipped_kinds([s for s, _ in own], search),
                         cross_set_errata=False)
    board = _board(set_dirs)
    ids = list(board.index)
    for c in sorted(cards.cards.values(), key=lambda c: c.id):
        if c.script is not None:
            for problem in check_script(c.script, c.path, ids, tokens=board.tokens):
                if problem.severity == "error":
                    raise problem
    return cards


def _board(set_dirs: Sequence[str | Path]) -> Board:
    """The board the docs check cards against: the base game's, or with homebrew sets
    ``set_dirs``, every shipped set's and theirs. Raises DataError: a bad set folder."""
    from elgrande.data.manifests import set_order
    from elgrande.data.sets import set_folder, shipped_set_ids

    own = [set_folder(d) for d in set_dirs]
    search = [root for _, root in own]
    return load_board(set_order((*shipped_set_ids(), *(s for s, _ in own)), search),
                      search) if own else load_board(("base",))


def declared_names(set_dirs: Sequence[str | Path] = ()) -> dict[str, str]:
    """The printed names of the off-board spaces and tokens the sets declare (homebrew
    sets ``set_dirs`` included), by id: what the English of a script calls them
    (:func:`elgrande.dsl.render.render`). Raises DataError: a bad set folder."""
    board = _board(set_dirs)
    names = {s.id: board.places[s.index].name for s in board.spaces}
    return {**names, **{t.id: t.name for t in board.tokens.values()}}


def display_path(path: str | Path) -> str:
    """A card file's path as the docs show it: relative to the repository for shipped
    cards (``cards/base/...``), else as given, with ``/`` separators."""
    p = Path(path)
    root = cards_dir().resolve().parent
    try:
        return p.resolve().relative_to(root).as_posix()
    except ValueError:
        return p.as_posix()


def primitives_used(script: ast.Script | None) -> list[str]:
    """The primitives a script uses, in declaration order."""
    if script is None:
        return []
    used = {n.name for n in ast.walk(script) if isinstance(n, ast.Call)}
    return [name for name in SIGNATURES if name in used]


@lru_cache(maxsize=1)
def shipped_rule_params() -> tuple[tuple[str, RuleParam], ...]:
    """``(set id, parameter)`` of every rule parameter the shipped sets' rules modules
    declare (making a module registers its parameters' English for the renderer)."""
    from elgrande.data.kinds import shipped_set_ids
    from elgrande.data.manifests import read_manifest
    from elgrande.engine.modules import find_module

    named = [(s, read_manifest(s)[0].get("rules")) for s in shipped_set_ids()]
    return tuple((s, p) for s, r in named if isinstance(r, str) and r
                 for p in find_module(r).rule_params)


def rules_of(card: CardDef) -> list[str]:
    """The rule ids a card relies on: its ``rules`` and those of its primitives (of a rule
    change: the changed parameter's rule), sorted."""
    rules = set(card.rules)
    for name in primitives_used(card.script):
        rules.update(SIGNATURES[name].rules)
    if card.script is not None:  # a rule change's rules are its parameter's, a move's its
        params = {p.name: p for _, p in shipped_rule_params()}  # piece kind's
        for n in ast.walk(card.script):
            if isinstance(n, ast.Call) and n.name == "change_rule" and n.arg("param") in params:
                rules.add(params[n.arg("param")].rule)
            elif isinstance(n, ast.Call) and n.name == "move":  # caballeros: by places
                kind = PIECE_KINDS.get(str(n.arg("piece")))
                rules.update(FORM_RULES.get(form(n)) or (kind.rules if kind is not None
                                                         else ()))
    return sorted(rules, key=rule_key)


def _order(card: CardDef) -> tuple[Any, ...]:
    kinds = shipped_kinds().names
    return (kinds.index(card.kind) if card.kind in kinds else len(kinds), card.stack,
            card.value, card.id)


def rule_anchor(rid: str) -> str:
    """The anchor of rule ``rid`` on the rules page, e.g. ``rule-B5.2``."""
    return f"rule-{rid}"


def _rule_link(rid: str) -> Inline:
    """Rule id ``rid`` linked to its entry on the rules page, followed by its title; an id
    the reference does not hold (a homebrew card's typo) stays plain code."""
    r = RULES.get(rid)
    if r is None:
        return _t(_code(rid))
    return _t(_link(rid, f"rules#{rule_anchor(rid)}"), f" ({r.title})")


def _rule_links(rules: Iterable[str]) -> Inline:
    return _t(*[_t("; " if i else "", _rule_link(r)) for i, r in enumerate(rules)])


