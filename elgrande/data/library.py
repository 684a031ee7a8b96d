"""Everything a game needs from the data, loaded and checked once: the board, the cards
(parsed, statically checked) and their effect scripts by card id (the engine runs them).

``load_library(("base",))`` is cached per (sets as given, errata, extra folders, fill) in the
process, and between processes in the per-user cache folder
(:mod:`elgrande.files.diskcache`): a fresh process reads the library from there after
checking it against the sha256 of every file
it was built from (set manifests, card files, fills) and the code's stamp (a file whose
status, i.e. size, mtime, inode and ctime, is as when the cache was written is not read
again: :func:`~elgrande.data.fingerprint.trust_hashes`); anything else
(stale, corrupted, caches off) builds it from the files. Loading all base cards from a
cold start is what ``benchmarks/load.py`` measures; ``benchmarks/cold_start.py`` the
whole cold start. A game refuses to start while a card in play lacks data
(:meth:`Library.require_complete`, docs/library.md) unless a fill supplies it.
"""

from __future__ import annotations

import os
import weakref
from collections.abc import Iterable, Mapping, Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any

import attr

from elgrande.data.cards import FILLS_DIR, CardDef, CardSet, fill_files, load_folders
from elgrande.data.expansions import Figures, load_figures, unknown_figures
from elgrande.data.fingerprint import (
    file_hash,
    file_paths,
    fingerprint,
    settled_hashes,
    trust_hashes,
)
from elgrande.data.kinds import Kinds, load_kinds, set_names
from elgrande.data.scripts import Scripts, lazy_card
from elgrande.data.sets import read_manifest
from elgrande.dsl import ast
from elgrande.dsl.caballero_moves import has_place
from elgrande.dsl.script_facts import Facts, script_facts
from elgrande.errors import CardError, DataError
from elgrande.files import diskcache
from elgrande.files.diskcache import sha256
from elgrande.model.board import Board
from elgrande.model.plain import plain_eq, plain_hash

# The data classes of elgrande/data have no slots (slots=False): attrs builds a slotted
# class twice and unpickles each instance through a __setstate__ written in Python, while
# a cached library's __dict__-based objects are unpickled in C (speed).


@attr.frozen(slots=False, repr=False, eq=False)
class Library:
    """A loaded board and card set.

    Attributes:
        board: the board of the sets.
        cards: the cards in play (errata and fill applied; cards of retired kinds and the
            fill's ``out_of_play`` cards left out).
        scripts: card id -> parsed effect script (what the interpreter runs).
        warnings: the checker's warnings (errors raise instead).
        kinds: the card kinds of the sets (:mod:`elgrande.data.kinds`).
        figures: set id -> the set's figures beyond the board
            (:mod:`elgrande.data.expansions`).
        fill: the fill's name, or None (docs/library.md).
        fill_files: the files the fill came from.
        fills: the fills the sets ship (names), for messages.
        facts: what a game's set-up reads from every script (the statements each calls,
            the events of its ``when`` statements: :mod:`elgrande.dsl.script_facts`),
            found when the library is built and cached with it, so a warm start walks no
            script; None: not found (the set-up walks the scripts).
    """

    __eq__ = plain_eq
    __hash__ = plain_hash

    board: Board
    cards: CardSet
    scripts: Mapping[str, ast.Script]
    warnings: tuple[CardError, ...]
    kinds: Kinds = attr.field(factory=lambda: Kinds({}))
    figures: dict[str, Figures] = attr.field(factory=dict)
    fill: str | None = None
    fill_files: tuple[str, ...] = ()
    fills: tuple[str, ...] = ()
    facts: Facts | None = None

    @property
    def provisional(self) -> bool:
        """True when a fill supplied card data: the game plays with provisional data
        (docs/library.md)."""
        return self.fill is not None

    def card(self, card_id: str) -> CardDef:
        """The card ``card_id``.

        Raises:
            KeyError: unknown id.
        """
        return self.cards.cards[card_id]

    def deck(self, stack: int) -> list[str]:
        """The card ids of action stack ``stack`` (cards whose kind has role ``stack``),
        one entry per copy, in id order."""
        out: list[str] = []
        for c in self.cards.of_role("stack"):
            if c.stack == stack:
                out.extend([c.id] * c.copies)
        return out

    def of_role(self, role: str) -> list[CardDef]:
        """The cards in play whose kind has ``role`` (:data:`~elgrande.data.kinds.ROLES`),
        sorted by (stack, value, id)."""
        return self.cards.of_role(role)

    def offer_slots(self) -> list[int]:
        """The offer slots of a round, in order (B3.1, C2): each action stack's number
        (cards of role ``stack``) and each standing card's slot (role ``standing``)."""
        return sorted({c.stack for c in self.cards.of_role("stack", "standing")})

    def missing(self) -> list[tuple[str, str, str]]:
        """``(card id, field, why)`` for every field a game of these cards lacks: unknown
        fields (a fill may supply them) and required fields an incomplete card leaves out
        (a special action no script can say yet); then the sets' unknown figures."""
        out: list[tuple[str, str, str]] = []
        for c in sorted(self.cards.cards.values(), key=lambda c: c.id):
            out += [(c.id, f, "unknown") for f in c.unknown]
            out += [(c.id, f, "no script yet: see the card's notes") for f in c.missing]
        return out + unknown_figures(self.figures.values())

    def require_complete(self) -> None:
        """Refuse to start a game while card data is missing (docs/library.md).

        Raises:
            MissingCardData: lists every card and field missing, and the fills to use.
        """
        missing = self.missing()
        if missing:
            from elgrande.data.fills import MissingCardData  # fills are read on a build only

            raise MissingCardData(missing, self.fills)


def provisional_header(lib: Library) -> dict[str, Any]:
    """The record-header entries of a game with a fill: ``{"fill": name, "provisional":
    True}`` (docs/library.md); empty without a fill (base records stay as they were)."""
    return {"fill": lib.fill, "provisional": True} if lib.provisional else {}


def provisional_log(lib: Library) -> list[str]:
    """The log header line of a game with a fill (docs/library.md), else nothing: the
    fill's name and, per set, how many of its cards it fills (``CardDef.provisional`` or
    ``no_special_action``), in words for a player: no file or server path (a record's log
    is shown to every seat). Raises nothing."""
    if not lib.provisional:
        return []
    filled: dict[str, int] = {}
    for c in lib.cards.cards.values():
        if c.provisional or c.no_action:
            filled[c.set] = filled.get(c.set, 0) + 1
    parts = [f"{n} card{'s' if n != 1 else ''} of {_set_title(lib.board, s)}"
             for s, n in sorted(filled.items(), key=lambda sn: _rank(lib.board, sn[0]))]
    what = (" for " + ", ".join(parts)) if parts else ""
    return [f"This game plays with provisional data: the fill {_fill_name(lib.fill)!r} "
            f"supplies card details no published source gives{what}, as stand-ins; what "
            "they decide is marked (provisional) (docs/library.md)."]


def _rank(board: Board, set_id: str) -> int:
    """Set ``set_id``'s place among the sets in play (a homebrew set's last)."""
    return board.sets.index(set_id) if set_id in board.sets else len(board.sets)


def _fill_name(fill: str | None) -> str:
    """A fill's name as a player reads it: a fill given as a file by its stem, no path."""
    name = str(fill)
    return Path(name).stem if name.endswith((".yaml", ".yml")) else name


def _set_title(board: Board, set_id: str) -> str:
    """Set ``set_id``'s title from its manifest, else the id itself. Raises nothing."""
    try:
        data = read_manifest(set_id, [d.parent for d in board.set_dirs])[0]
    except DataError:
        return set_id
    return str(data.get("title") or set_id)


def load_library(sets: Iterable[str] = ("base",), errata: Iterable[str] = (),
                 extra: Sequence[str | Path] = (), fill: str | None = None,
                 set_paths: Sequence[str | Path] = ()) -> Library:
    """Load board and cards of ``sets`` (plus homebrew folders ``extra``), switching on
    optional ``errata`` by id and applying ``fill`` (a fill name such as
    ``"provisional"``, looked up in each set's and folder's ``fills/``, or a fill file's
    path; docs/library.md). The sets load in :func:`set_order` (each after the sets it
    extends or its manifest's ``load_after`` names). Sets are looked up in the folders
    ``set_paths`` (each holds ``<set>/set.yaml``), then among the shipped ones. Cached in
    the process and on disk (see the module's docstring; ``ELGRANDE_NO_CACHE=1`` switches
    the disk cache off).

    Raises:
        SettingError: an unknown set or erratum or fill, sets that extend a set not in
        play (a bad setting). DataError: a bad set manifest, a fill giving figures of a
        set not in play. CardError: the first error in a
        card file (schema, syntax, or a checker error such as an unknown region), a kind
        whose card count differs from its manifest's ``count``, a fill that changes a
        sourced field (located in the fill), or a homebrew card of a kind a set in play
        retires (``E-KIND-RETIRED``: Intrigue & the King has no action-card stacks, I1).
        ValueError: ``sets`` given as one string (:func:`set_names`).
    """
    return _load(set_names(sets), tuple(sorted(errata)), tuple(str(p) for p in extra), fill,
                 tuple(str(p) for p in set_paths))


_Key = tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...], str | None, tuple[str, ...]]


@lru_cache(maxsize=16)
def _load(sets: tuple[str, ...], errata: tuple[str, ...], extra: tuple[str, ...],
          fill: str | None = None, set_paths: tuple[str, ...] = ()) -> Library:
    key: _Key = (sets, errata, extra, fill, set_paths)
    name = _cache_name(key)
    hit = diskcache.read(name)
    if isinstance(hit, tuple) and len(hit) == 4 and hit[0] == key and isinstance(hit[3], dict):
        trust_hashes(hit[3])  # files whose status is as when they were hashed are not read
    read = _inputs(sets, extra, fill, set_paths)
    inputs = None if read is None else read[0]
    if (read is not None and isinstance(hit, tuple) and len(hit) == 4 and hit[0] == key
            and hit[1] == inputs and isinstance(hit[2], Library)):
        remember_set_hashes(hit[2], read[1], read[2])
        return hit[2]
    from elgrande.data.manifests import set_order  # a build only (speed)

    try:  # the load order is read from the manifests on a build only (a hit has it)
        lib = _build(set_order(sets, [Path(p) for p in set_paths]), errata, extra, fill,
                     set_paths)  # X1-X3: any order given
    finally:
        diskcache.PARSED.flush()  # the files parsed, for the next build or validate
    again = None if read is None else _inputs(sets, extra, fill, set_paths)
    if read is not None and again is not None and again[0] == inputs:  # no edit meanwhile
        diskcache.write(name, (key, inputs, lib, settled_hashes(read[3])), prune="library-")
        remember_set_hashes(lib, read[1], read[2])
    return lib


def _cache_name(key: _Key) -> str:
    """The library cache file of load arguments ``key`` (with the code's stamp and the
    working folder, against which relative paths are read)."""
    text = f"{key!r}\0{diskcache.code_stamp()}\0{os.getcwd()}"
    return f"library-{sha256(text.encode()).hexdigest()[:24]}.cache"


def _inputs(sets: tuple[str, ...], extra: tuple[str, ...], fill: str | None,
            set_paths: tuple[str, ...]
            ) -> tuple[dict[str, str], tuple[str, ...], dict[str, str], list[str]] | None:
    """What a library of these arguments is built from, for its cache: each set's folder
    (as the search finds it now) and the sha256 of every file read: set manifests, card
    files, fills. None when caches are off or something cannot be read (the load then
    reports it). Also the sets' folders (absolute) and the
    :func:`~elgrande.data.fingerprint.fingerprint` of their files, from the same reads
    (:func:`remember_set_hashes`), and the files read (a cache
    file keeps their hashes by file status: a later load reads only the changed ones)."""
    if not diskcache.enabled():
        return None
    from elgrande.data.kinds import set_dir

    try:
        # the sets' folders made absolute once: the paths of their files, joined from
        # the names a listing gives, are then absolute already (no abspath per file)
        dirs = [os.path.abspath(set_dir(s, [Path(p) for p in set_paths])) for s in sets]
        out = {f"set {s}": d for s, d in zip(sets, dirs, strict=True)}
        of_sets = file_paths(dirs)
        in_play = dict(of_sets)
        in_play.update(file_paths((), extra))  # = file_paths(dirs, extra)
        files: list[str | Path] = list(in_play.values())
        folders = [*dirs, *extra]
        for d in folders:
            fills = os.path.join(d, FILLS_DIR)
            if os.path.isdir(fills):
                files += sorted(os.path.join(fills, f) for f in os.listdir(fills)
                                if f.endswith(".yaml"))
        files += fill_files(fill, folders) if fill is not None else []
        hashes = {f: file_hash(f) for f in files}
        of_dirs = set(of_sets.values())
        for f in files:
            out[f if f in of_dirs else os.path.abspath(f)] = hashes[f]
        fp = {k: hashes.get(f) or file_hash(f) for k, f in sorted(of_sets.items())}
    except (DataError, OSError):
        return None
    return out, tuple(dirs), fp, [os.fspath(f) for f in files]


def _build(sets: tuple[str, ...], errata: tuple[str, ...], extra: tuple[str, ...],
           fill: str | None, set_paths: tuple[str, ...]) -> Library:
    """Load and check a library from its files (what :func:`load_library` caches)."""
    from elgrande.data.fills import apply_fill, load_fill, shipped_fills  # a build only
    from elgrande.data.manifests import load_board
    from elgrande.dsl.checker import check_script  # Lark is imported for a build only

    board = load_board(sets, [Path(p) for p in set_paths])
    kinds = load_kinds(sets, [Path(p) for p in set_paths])
    folders: list[str | Path] = [*board.set_dirs, *extra]
    cards = load_folders(folders, errata, kinds)
    _check_counts(cards, kinds)
    manifest_fill: dict[str, dict[str, Any]] = {}
    fill_files: tuple[str, ...] = ()
    if fill is not None:
        f = load_fill(fill, folders)
        cards = apply_fill(cards, f, kinds)
        for set_id in sorted(set(f.manifest) - set(board.sets)):
            raise DataError(f.files[0], f"the fill gives figures of set {set_id!r}, which is "
                            "not in play", hint="in play: " + ", ".join(board.sets))
        manifest_fill, fill_files = f.manifest, f.files
    _check_stacks(cards, board)
    figures = load_figures(board, manifest_fill, [Path(p) for p in set_paths])
    ids = list(board.index)
    warnings: list[CardError] = []
    for c in cards.cards.values():
        if c.script is None:
            continue
        for problem in check_script(c.script, c.effect_path or c.path, ids,
                                      board.caballeros_per_player, board.lasting_kinds,
                                      card_ids=cards.cards, stacks=board.stacks,
                                      tokens=board.tokens):
            if problem.severity == "error":
                raise problem
            warnings.append(problem)
        for problem in send_places(c.script, c.effect_path or c.path, board):
            raise problem
    for c in cards.of_role("bid"):
        if board.power_cards.get(c.value) != c.court:
            raise CardError(c.path, f"power card {c.value} brings {c.court} caballeros to "
                            f"court, but the set manifest says "
                            f"{board.power_cards.get(c.value)}", code="E-POWER-MISMATCH",
                            hint="make the card file and set.yaml agree")
    parsed = {c.id: c.script for c in cards.cards.values() if c.script is not None}
    scripts = Scripts(parsed)  # pickled (the cache) script by script, read back on use
    cards = attr.evolve(cards, cards={i: lazy_card(c, scripts) for i, c in cards.cards.items()})
    return Library(board, cards, scripts, tuple(warnings), kinds, figures, fill, fill_files,
                   tuple(shipped_fills(folders)), script_facts(parsed))


def send_places(script: ast.Script, path: str, board: Board) -> list[CardError]:
    """``E-SEND-PLACE`` for each ``move ... caballeros from court or SET to ID`` of
    ``script`` whose ID is not an off-board space of ``board``: caballeros of a court and
    other places go together to the provinces, to court or to a space only (a send, B8.7);
    caballeros reach a region by a move or a placement from court alone (B8.2, B5.1).

    Args:
        script: a parsed effect script; path: its file (the errors' positions).
        board: the board of the sets in play (its ``spaces``)."""
    spaces = [sp.id for sp in board.spaces]
    out: list[CardError] = []
    for n in ast.walk(script):
        if not isinstance(n, ast.Call) or n.name != "move" or n.arg("piece") != "caballeros":
            continue
        to, source = n.arg("to"), n.arg("source")
        if not isinstance(to, ast.Name) or isinstance(source, ast.Court) \
                or not has_place(source, ast.Court) or to.name in spaces:
            continue
        out.append(CardError(path, f"caballeros of a court and other places go to the "
                             f"provinces, to court or to an off-board space, and "
                             f"{to.name!r} is none of them", n.line, n.column,
                             ("off-board spaces here: " + ", ".join(spaces))
                             if spaces else "no set in play declares an off-board space; "
                             "to bring caballeros to a region, move them or place them "
                             "from court alone", code="E-SEND-PLACE"))
    return out


def no_stack(path: str, stack: int, stacks: Sequence[int], line: int = 0,
             column: int = 0) -> CardError:
    """``E-STACK``: a card of stack ``stack`` while the sets in play have ``stacks``: it
    would never be dealt (B1.4)."""
    shown = ", ".join(str(s) for s in stacks)
    return CardError(path, f"there is no action stack {stack!r}: the sets in play have "
                     f"stacks {shown}, so this card would never be dealt (B1.4)", line,
                     column, f"use one of {shown}", code="E-STACK")


def _check_stacks(cards: CardSet, board: Board) -> None:
    """Each card of a stack kind lies on a stack in play (B1.4).

    Raises:
        CardError: ``E-STACK`` (:func:`no_stack`) for the first that does not."""
    if not board.stacks:
        return
    for c in cards.of_role("stack"):
        if c.stack not in board.stacks and "stack" not in c.unknown:  # (a fill may give it)
            raise no_stack(c.path, c.stack, board.stacks)


def _check_counts(cards: CardSet, kinds: Kinds) -> None:
    """Each kind with a ``count`` has that many cards (copies counted) in its set."""
    for k in kinds.by_name.values():
        if not k.count:
            continue
        of = [c for c in cards.cards.values() if c.kind == k.name and c.set == k.set]
        n = sum(c.copies for c in of)
        if n != k.count:
            raise CardError(of[0].path if of else "", f"the set {k.set!r} declares "
                            f"{k.count} cards of kind {k.name!r}, but {n} are loaded",
                            hint="add or remove card files, or correct 'count' in set.yaml",
                            code="E-KIND-COUNT")


#: id(library) -> (a weak reference to it, its extra paths, its fingerprint).
_BY_LIBRARY: dict[int, tuple[weakref.ref[Library], tuple[str, ...], dict[str, str]]] = {}
#: id(library) -> (a weak reference to it, its sets' folders (absolute), their files'
#: :func:`~elgrande.data.fingerprint.fingerprint` as read when the library was loaded).
_SET_HASHES: dict[int, tuple[weakref.ref[Library], tuple[str, ...], dict[str, str]]] = {}


def remember_set_hashes(lib: Library, dirs: Sequence[str], hashes: Mapping[str, str]) -> None:
    """Keep ``hashes``, the :func:`~elgrande.data.fingerprint.fingerprint` of the set
    folders ``dirs`` (absolute paths) that the library loader read to check its cache of
    ``lib``, so that :func:`library_fingerprint` does not list and hash the same files
    again."""
    _SET_HASHES[id(lib)] = (weakref.ref(lib), tuple(dirs), dict(hashes))


def library_fingerprint(lib: Library, extra: Sequence[str | Path] = ()) -> dict[str, str]:
    """:func:`~elgrande.data.fingerprint.fingerprint` of a loaded library's sets
    (``lib.board.set_dirs``) and its homebrew paths ``extra``, computed once per library:
    the files as they were when the game's library was loaded and first used (a library is
    read-only and cached).

    Raises:
        OSError: a file cannot be read.
    """
    key = tuple(str(e) for e in extra)
    hit = _BY_LIBRARY.get(id(lib))
    if hit is not None and hit[0]() is lib and hit[1] == key:
        return dict(hit[2])
    known = _SET_HASHES.get(id(lib))
    if (known is not None and known[0]() is lib
            and sorted(known[1]) == sorted(os.path.abspath(d) for d in lib.board.set_dirs)):
        merged = {**known[2], **fingerprint((), extra)}  # as file_paths merges them
        fp = {k: merged[k] for k in sorted(merged)}
    else:
        fp = fingerprint(lib.board.set_dirs, extra)
    _BY_LIBRARY[id(lib)] = (weakref.ref(lib), key, fp)
    return dict(fp)
