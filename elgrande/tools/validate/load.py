"""Load problems: every card file read, checked against the schema, parsed and checked
exactly as the engine loads it, but going on after each problem.

Per file: the YAML error (``E-YAML``), every schema error (``E-SCHEMA-*``), the syntax
error of each effect script (``E-SYNTAX``), every checker problem; across files:
duplicate ids (``E-DUPLICATE-ID``), errata for unknown cards (``E-UNKNOWN-CARD``), power
cards that disagree with the set manifest (``E-POWER-MISMATCH``), action cards on a stack
the set does not have (``E-STACK``, B1.4). A script's syntax error does not hide the
file's other problems: its id is still checked for clashes and its stack against the set.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

import attrs

from elgrande.data import yamlpos
from elgrande.data.card_format import check_fields
from elgrande.data.cards import (
    CardDef,
    Erratum,
    build_card,
    build_erratum,
    card_file_parts,
    card_files,
    duplicate_id,
    parse_effect,
    read_file,
)
from elgrande.data.kinds import Kinds
from elgrande.data.library import no_stack, send_places
from elgrande.data.yamlpos import Positions
from elgrande.dsl.checker import check_script
from elgrande.dsl.rule_params import RuleParam
from elgrande.errors import CardError, DataError
from elgrande.model.board import Board
from elgrande.tools.validate.diagnostics import Collector, NoCardFiles


@attrs.define(repr=False, eq=False)
class Entry:
    """One card file read: its data, path and positions."""

    data: Any
    path: str
    pos: Positions


@attrs.define(repr=False, eq=False)
class Loaded:
    """What loading found.

    Attributes:
        out: the diagnostics so far; checked: the files checked; entries: every file read
        (shipped ones too); cards: the cards built, by id; origin: card id -> the file its
        effect comes from (an erratum's, when one replaces it); errata: by id;
        playable: the action/King's cards with a script from the checked files.
    """

    out: Collector
    checked: list[str]
    entries: list[Entry]
    cards: dict[str, CardDef]
    origin: dict[str, str]
    errata: dict[str, Erratum]
    playable: list[CardDef]


def card_paths(paths: Iterable[str | Path]) -> list[str]:
    """The card files under ``paths``, each once, in order.

    Raises:
        NoCardFiles: a path holds no card file.
    """
    return _card_paths(paths)[0]


def _card_paths(paths: Iterable[str | Path]) -> tuple[list[str], set[str]]:
    """:func:`card_paths` and the resolved paths of the files."""
    out: list[str] = []
    seen: set[str] = set()
    real_dirs: dict[str, str] = {}
    for p in paths:
        parts = card_file_parts(p)
        if not parts:
            raise NoCardFiles(f"no card files (*.yaml, *.yml) under {p}")
        base = str(Path(p))  # the paths as card_files gives them, built as strings
        for f in (os.path.join(base, *x) if base != "." else os.path.join(*x) for x in parts):
            key = _realpath(f, real_dirs)
            if key not in seen:
                seen.add(key)
                out.append(f)
    return out, seen


def _realpath(f: str, real_dirs: dict[str, str]) -> str:
    """``os.path.realpath(f)``, resolving each folder once (``real_dirs``: folder ->
    its real path) and only the file itself (when it is a symlink) on each call."""
    if os.path.islink(f):
        return os.path.realpath(f)
    head, name = os.path.split(f)
    real = real_dirs.get(head)
    if real is None:
        real = real_dirs[head] = os.path.realpath(head)
    return os.path.join(real, name)


def _shown(path: Path) -> str:
    """``path`` relative to the working directory when it is below it (shorter messages)."""
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)


def _scripts_in(data: dict[str, Any], kinds: Kinds) -> list[tuple[Any, ...]]:
    """Key paths of every effect script written in a card or erratum mapping."""
    keys: list[tuple[Any, ...]] = []
    kind = kinds.get(data.get("kind"))
    if isinstance(data.get("effect"), str) and kind is not None and "effect" in kind.fields:
        keys.append(("effect",))
    for i, e in enumerate(data.get("errata") or []):
        if isinstance(e, dict) and isinstance((e.get("replaces") or {}).get("effect"), str):
            keys.append(("errata", i, "replaces", "effect"))
    if isinstance((data.get("replaces") or {}).get("effect"), str) \
            and data.get("kind") == "erratum":
        keys.append(("replaces", "effect"))
    return keys


def _get(data: Any, key: tuple[Any, ...]) -> Any:
    for k in key:
        data = data[k]
    return data


def _unique(cid: str, path: str, pos: Positions, seen: dict[str, str],
            out: Collector) -> bool:
    err = duplicate_id(cid, path, pos, seen)
    if err is not None:
        out.add(err)
    return err is None


def set_ids(paths: Sequence[str | Path]) -> set[str]:
    """The ids of the card sets whose manifests (``set.yaml``) lie under ``paths``."""
    return set(set_folders(paths))


def set_folders(paths: Sequence[str | Path]) -> dict[str, str]:
    """The card sets whose manifests (``set.yaml``) lie under ``paths``: set id -> the
    folder holding the manifest."""
    ids: dict[str, str] = {}
    for p in map(str, paths):
        manifests = [p] if os.path.basename(os.path.normpath(p)) == "set.yaml" else (
            [os.path.join(d, "set.yaml") for d, _, files in os.walk(p) if "set.yaml" in files]
            if os.path.isdir(p) else [])
        for m in manifests:
            try:
                with open(m, encoding="utf-8") as f:
                    text = f.read()
                data, _ = yamlpos.load_cached(text, m, fresh=False)  # read only
            except (OSError, UnicodeDecodeError, DataError):
                continue
            if isinstance(data, dict) and isinstance(data.get("set"), str):
                ids[data["set"]] = os.path.dirname(os.path.abspath(m))
    return ids


def _set_parts(paths: Sequence[str | Path]) -> dict[str, list[Path]]:
    """For each path inside a card set's folder (a folder above it holds ``set.yaml``):
    the set's id -> the path relative to that folder (e.g. ``base`` -> ``stack1``), so a
    checkout's part of a set replaces the same part of the installed copy."""
    out: dict[str, list[Path]] = {}
    for p in (Path(x).resolve() for x in paths):
        for folder in p.parents:
            if (folder / "set.yaml").is_file():
                for sid in set_ids([folder / "set.yaml"]):
                    out.setdefault(sid, []).append(p.relative_to(folder))
                break
    return out


def _stands_in(set_dir: Path, f: Path, parts: Sequence[Path]) -> bool:
    """Whether shipped card file ``f`` of ``set_dir`` lies in one of ``parts``."""
    if not parts:
        return False
    rel = f.resolve().relative_to(set_dir.resolve())
    return any(rel == part or part in rel.parents for part in parts)


def _stack_problem(data: Any, path: str, pos: Positions, board: Board,
                   kinds: Kinds) -> CardError | None:
    """A card of a stack kind (role ``stack``) on a stack the sets in play do not have
    (B1.4), or None."""
    if not isinstance(data, dict):
        return None
    kind = kinds.get(data.get("kind"))
    if kind is None or kind.role != "stack":
        return None
    stack = data.get("stack", kind.slot or None)
    if (not board.stacks or not isinstance(stack, int) or isinstance(stack, bool)
            or stack in board.stacks):
        return None
    line, col = pos.get(("stack",) if "stack" in data else ("kind",))
    return no_stack(path, stack, board.stacks, line, col)


def _rule_problems(data: dict[str, Any], path: str, pos: Positions) -> list[CardError]:
    """``W-UNKNOWN-RULE`` for each id of the card's ``rules`` list that the rules reference
    (:mod:`elgrande.errors.rule_ids`, ``elgrande rules``) does not have, with the closest
    known ids as the hint."""
    cited = data.get("rules")
    if not isinstance(cited, list) or not cited:
        return []
    from elgrande.errors.rule_ids import RULES, suggest

    out = []
    for i, rid in enumerate(cited):
        if isinstance(rid, str) and rid not in RULES:
            close = suggest(rid)
            hint = (f"did you mean {' or '.join(close)}? " if close else "") + \
                "`elgrande rules` lists every rule id"
            out.append(CardError(path, f"rule id {rid!r} is not in the rules reference",
                                 *pos.get(("rules", i)), hint, code="W-UNKNOWN-RULE",
                                 severity="warning"))
    return out


def places_elsewhere(board: Board) -> dict[str, str]:
    """The places of the shipped sets not in ``board``'s game -> the ``--sets`` value of a
    game that has them (the shipped sets in play and that set, e.g. ``base,<it>``): for
    the hint of a region a card names in a game without its set (from the manifests)."""
    from elgrande.data.manifests import load_board, set_order
    from elgrande.data.sets import shipped_set_ids

    shipped = shipped_set_ids()
    search = [d.parent for d in board.set_dirs]
    out: dict[str, str] = {}
    for s in shipped:
        if s in board.sets:
            continue
        with_it = (*(x for x in board.sets if x in shipped), s)
        try:
            other = load_board(set_order(with_it, search), search)
        except DataError:  # a set that does not load with these: no hint from it
            continue
        for place in other.index:
            if place not in board.index:
                out.setdefault(place, ",".join(with_it))
    return out


def load(paths: Sequence[str | Path], board: Board, kinds: Kinds,
         replaced: set[str] | None = None) -> Loaded:
    """Read and check the card files under ``paths`` with the shipped sets of ``board``
    loaded alongside (only the checked files' problems are kept). ``replaced``:
    ``set_ids(paths)`` when the caller has it.

    Raises:
        NoCardFiles: a path holds no card file.
    """
    checked, checked_keys = _card_paths(paths)
    # a set validated in its own folder (e.g. a checkout's cards/ while the installed
    # package ships the same set) replaces the shipped copy instead of clashing with it
    replaced = set_ids(paths) if replaced is None else replaced
    parts = _set_parts(paths)  # part of a set's folder: its files stand in for the shipped ones
    shipped = [_shown(f) for d in board.set_dirs if d.name not in replaced
               for f in card_files(d) if os.path.realpath(f) not in checked_keys
               and not _stands_in(d, f, parts.get(d.name, ()))]
    out = Collector(set(checked))
    region_ids = list(board.index)
    elsewhere = places_elsewhere(board)
    most = board.caballeros_per_player

    entries: list[Entry] = []
    for f in [*shipped, *checked]:
        try:
            data, pos = read_file(f)
        except CardError as err:
            out.add(err)
            continue
        entries.append(Entry(data, f, pos))
    # the ids written in the files (a card named by its id must be one of them)
    ids = [e.data["id"] for e in entries if isinstance(e.data, dict)
           and isinstance(e.data.get("id"), str) and e.data.get("kind") != "erratum"]

    # every script written in a file: syntax and checker problems where they are written
    for e in entries:
        if e.path not in out.checked or not isinstance(e.data, dict):
            continue
        for key in _scripts_in(e.data, kinds):
            try:
                script = parse_effect(_get(e.data, key), e.path, e.pos, key)
            except CardError as err:
                out.add(err)
                continue
            for problem in check_script(script, e.path, region_ids, most, board.lasting_kinds,
                                        rule_params(board), ids, board.stacks, elsewhere,
                                        board.tokens):
                out.add(problem)
            for problem in send_places(script, e.path, board):
                out.add(problem)

    seen: dict[str, str] = {}
    errata: dict[str, Erratum] = {}
    for e in entries:
        if isinstance(e.data, dict) and e.data.get("kind") == "erratum":
            errs = check_fields(e.data, e.path, e.pos, kinds)
            for problem in errs:
                out.add(problem)
            if errs:
                continue
            er = build_erratum(e.data, e.path, e.pos, kinds)
            if _unique(er.id, e.path, e.pos, seen, out):
                errata[er.id] = er
    by_card: dict[str, list[Erratum]] = {}
    for er in errata.values():
        if not er.optional:
            by_card.setdefault(er.card, []).append(er)

    cards: dict[str, CardDef] = {}
    origin: dict[str, str] = {}
    named: set[str] = set()  # ids of cards that passed the schema, built or not
    for e in entries:
        if isinstance(e.data, dict) and e.data.get("kind") == "erratum":
            continue
        errs = check_fields(e.data, e.path, e.pos, kinds)
        for problem in errs:
            out.add(problem)
        # the stack is checked even when other fields are wrong, the id even when the
        # card cannot be built (its script has a syntax error)
        stack_err = _stack_problem(e.data, e.path, e.pos, board, kinds)
        if stack_err is not None and all((p.line, p.column) != (stack_err.line, stack_err.column)
                                         for p in errs):  # not when the schema said it
            out.add(stack_err)
        if errs:
            continue
        if e.path in out.checked:
            for problem in _rule_problems(e.data, e.path, e.pos):
                out.add(problem)
        cid = e.data.get("id")
        if not _unique(cid, e.path, e.pos, seen, out):
            continue
        named.add(cid)
        applied = by_card.get(cid, []) if isinstance(cid, str) else []
        try:
            card = build_card(e.data, e.path, e.pos, applied, kinds, checked=True)
        except CardError as err:
            out.add(err)
            continue
        cards[card.id] = card
        src = e.path
        for er in sorted(applied, key=lambda x: x.date):
            if "effect" in er.replaces:
                src = er.path
        origin[card.id] = src
        # the card's own effect was checked with the scripts above (the same text at the
        # same place), and problems of a file not checked are not kept
        if card.script is not None and src in out.checked and (
                src != e.path or any("effect" in er.replaces for er in applied)):
            for problem in check_script(card.script, src, region_ids, most,
                                        board.lasting_kinds, rule_params(board), ids,
                                        board.stacks, elsewhere, board.tokens):
                out.add(problem)
        if card.role == "bid" and board.power_cards.get(card.value) != card.court:
            line, col = e.pos.get(("court",))
            out.add(CardError(e.path, f"power card {card.value} brings {card.court} "
                              "caballeros to court, but the set manifest says "
                              f"{board.power_cards.get(card.value)}", line, col,
                              "make the card file and set.yaml agree",
                              code="E-POWER-MISMATCH"))
    for er in errata.values():
        if er.card not in named and not (er.with_set and er.with_set not in kinds.sets):
            # (an erratum of another set's card is checked when that set is loaded too)
            import difflib  # a suggestion only (not imported with the module)
            close = difflib.get_close_matches(er.card, cards, n=1)
            line, col = er.positions.get(("card",))
            out.add(CardError(er.path, f"erratum for unknown card {er.card!r}", line, col,
                              f"did you mean {close[0]!r}?" if close else
                              "an erratum names the id of a loaded card",
                              code="E-UNKNOWN-CARD"))

    playable = [c for c in cards.values() if c.script is not None
                and (c.path in out.checked or origin[c.id] in out.checked)]
    return Loaded(out, checked, entries, cards, origin, errata, playable)


def rule_params(board: Board) -> dict[str, RuleParam]:
    """The rule parameters a ``change`` may name with ``board``'s sets: those the
    board's rules modules declare (an unknown module: none of its own; its error is
    reported where the modules are loaded)."""
    from elgrande.engine.modules import find_module
    from elgrande.engine.rule_params import declared

    modules = []
    for name in board.rules_modules:
        try:
            modules.append(find_module(name))
        except DataError:
            continue
    return declared(modules)
