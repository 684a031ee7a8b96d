"""Card files: the loaded cards and card sets, and the YAML loader.

One YAML file per card under ``cards/<set>/`` (any sub-folder but ``fills/``).
:data:`elgrande.data.card_format.FIELDS` is the one declaration of the card format (names,
types, docs; the loader's checks live there too, imported by a load only); the set
manifests declare the card kinds and which fields each uses (:mod:`elgrande.data.kinds`).
The loader checks files against both, ``elgrande validate`` reports against both, and
``cards/schema.json`` is generated from both.

A field no source gives is ``null`` and named in the card's ``unknown:`` list
(docs/library.md); only a fill (:mod:`elgrande.data.fills`) may supply it.

Errata are files of ``kind: erratum`` that replace fields of one card; optional ones are
switched on by id when a game is created.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import attr

from elgrande.data import yamlpos
from elgrande.data.card_fields import INCOMPLETE
from elgrande.data.kinds import ERRATUM, CardKind, Kinds, shipped_kinds
from elgrande.dsl import ast
from elgrande.errors import CardError, DataError, SettingError
from elgrande.files import diskcache
from elgrande.model.plain import plain_eq, plain_hash, plain_repr

MAX_FILE_BYTES = 64_000


@attr.frozen(slots=False, repr=False, eq=False)
class CardDef:
    """A loaded card.

    Attributes:
        id, set, kind, title, text: as in the file (``title``: the kind's ``label`` when
            the file has none).
        stack: the offer slot / action stack: the card's ``stack``, else its kind's
            ``slot``, else 0.
        copies: copies in the deck.
        value, court: power cards' value and caballeros to court, else 0.
        effect: the script text ('' when none).
        effect_path: the file the effect script came from (an erratum's or a fill's, when
            one replaced it), which the script's positions refer to.
        script: the parsed AST (None when the card has no script).
        rules: rule ids.
        status: ``"complete"`` or ``"incomplete"``.
        path: the file it came from.
        data: the raw field mapping (after errata and fill).
        errata_applied: ids/dates of the errata applied.
        heads: caballeros provinces -> court (combined action/power cards), else 0.
        place: caballeros placed from court (the ``place`` field, else ``stack``).
        gold, goods: discs shown (C7), else 0.
        optional: the special action says "you may" (I6); None when the kind has no such
            field or it is unknown.
        unknown: fields still unknown (null): a game refuses to start with them.
        missing: required fields an incomplete card leaves out (a known special action
            no script can say yet): a game refuses to start with them too.
        provisional: fields a fill supplied (docs/library.md).
        no_action: a fill says the card plays with no special action (its action is
            unknown; the log says "special action unknown").
        role: the kind's role (:data:`elgrande.data.kinds.ROLES`).
    """

    __eq__ = plain_eq
    __hash__ = plain_hash
    __repr__ = plain_repr

    id: str
    set: str
    kind: str
    title: str
    text: str
    stack: int
    copies: int
    value: int
    court: int
    effect: str
    script: ast.Script | None
    rules: tuple[str, ...]
    status: str
    path: str
    data: dict[str, Any]
    errata_applied: tuple[str, ...] = ()
    effect_path: str = ""
    heads: int = 0
    place: int = 0
    gold: int = 0
    goods: int = 0
    optional: bool | None = None
    unknown: tuple[str, ...] = ()
    missing: tuple[str, ...] = ()
    provisional: tuple[str, ...] = ()
    no_action: bool = False
    role: str = ""

    if not TYPE_CHECKING:  # hidden from mypy: every other attribute stays checked
        def __getattr__(self, name: str) -> Any:
            """The script of a card read from the library cache, read on first use from the
            library's scripts (:func:`elgrande.data.scripts.lazy_card`) and then kept.

            Raises:
                AttributeError: any other missing attribute.
            """
            scripts = self.__dict__.get("_scripts")
            if name != "script" or scripts is None:
                raise AttributeError(name)
            script = scripts.get(self.id)
            object.__setattr__(self, "script", script)
            return script

    def __getstate__(self) -> dict[str, Any]:
        """Pickled without a script read from the library's scripts (it is read again from
        there on first use): a pickled library stays what its cache keeps, however many of
        its cards were played before."""
        state = dict(self.__dict__)
        if "_scripts" in state:
            state.pop("script", None)
        return state


@attr.frozen(slots=False, repr=False, eq=False)
class Erratum:
    """An erratum file: replaces ``replaces`` fields of card ``card``; ``with_set``: the
    card's set when it is another set's (the erratum then applies only with both sets in
    play, X3), else ''."""

    __eq__ = plain_eq
    __hash__ = plain_hash
    __repr__ = plain_repr

    id: str
    set: str
    card: str
    date: str
    optional: bool
    replaces: dict[str, Any]
    path: str
    positions: yamlpos.Positions
    with_set: str = ""


def read_file(path: str | Path) -> tuple[Any, yamlpos.Positions]:
    """Read one card file safely.

    Raises:
        CardError: unreadable, too large, or a YAML syntax error (``E-YAML``).
    """
    p = os.fspath(path)  # (a Path made of a string costs more than the file's read)
    try:  # open, not Path.read_bytes: a validate reads every card file (speed)
        with open(p, "rb") as f:
            raw = f.read()
    except OSError as exc:
        raise CardError(p, f"cannot read the file: {exc.strerror}", code="E-IO") from None
    if len(raw) > MAX_FILE_BYTES:
        raise CardError(p, f"file is larger than {MAX_FILE_BYTES} bytes", 1, 1,
                        code="E-TOO-LARGE")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise CardError(p, "the file is not UTF-8 text", 1, 1, code="E-YAML") from None
    try:
        return yamlpos.load_cached(text, p)
    except DataError as exc:
        raise CardError(p, exc.message, exc.line, exc.column, exc.hint,
                        code="E-YAML") from None


def parse_effect(effect: str, path: str, pos: yamlpos.Positions,
                 key: tuple[Any, ...] = ("effect",)) -> ast.Script:
    """Parse a card's effect script, positioned in its file (memoised by text and position,
    :data:`elgrande.files.diskcache.PARSED`).

    Raises:
        CardError: ``E-SYNTAX`` (see :func:`elgrande.dsl.parser.parse`).
    """
    line, col = pos.text_start.get(key, pos.get(key))
    memo = diskcache.text_key("script", effect, line, col)
    hit = diskcache.PARSED.get(memo, fresh=False, near=path)  # an AST is immutable: shared
    if isinstance(hit, ast.Script):  # parsed before (the AST depends on text and place)
        return hit
    from elgrande.dsl.parser import parse  # Lark is imported when a script is parsed

    script = parse(effect, path, line, col)
    diskcache.PARSED.put(memo, script, near=path)
    return script


def build_card(data: dict[str, Any], path: str, pos: yamlpos.Positions,
               errata: Sequence[Erratum] = (), kinds: Kinds | None = None,
               checked: bool = False) -> CardDef:
    """Build a :class:`CardDef` from a checked mapping, applying ``errata`` (in date order)
    and the card's own ``errata`` list.

    Args:
        kinds: the card kinds of the sets in play (default: every shipped set's).
        checked: the caller has just found no problem with :func:`check_fields` (same
            ``data`` and ``kinds``), so it is not run again.
    Raises:
        CardError: schema errors (first one), effect syntax errors.
    """
    kinds = kinds if kinds is not None else shipped_kinds()
    from elgrande.data.card_format import check_fields  # the format checks: loaders only

    errs = [] if checked else check_fields(data, path, pos, kinds)
    if errs:
        raise errs[0]
    d = dict(data)
    applied: list[str] = []
    effect_pos: tuple[str, yamlpos.Positions, tuple[Any, ...]] = (path, pos, ("effect",))
    for i, e in enumerate(d.get("errata") or []):
        d.update(e["replaces"])
        applied.append(str(e["date"]))
        if "effect" in e["replaces"]:
            effect_pos = (path, pos, ("errata", i, "replaces", "effect"))
    for er in sorted(errata, key=lambda x: x.date):
        d.update(er.replaces)
        applied.append(er.id)
        if "effect" in er.replaces:
            effect_pos = (er.path, er.positions, ("replaces", "effect"))
    return card_from(d, path, effect_pos, kinds, tuple(applied))


def card_from(d: dict[str, Any], path: str,
              effect_pos: tuple[str, yamlpos.Positions, tuple[Any, ...]], kinds: Kinds,
              applied: tuple[str, ...] = (), provisional: tuple[str, ...] = (),
              no_action: bool = False) -> CardDef:
    """The :class:`CardDef` of a checked field mapping ``d`` (errata and fill applied).

    Args:
        effect_pos: (file, positions, key) where the effect script is written.
        provisional, no_action: what a fill supplied (see :class:`CardDef`).
    Raises:
        CardError: an effect syntax error (``E-SYNTAX``).
    """
    kind = kinds.get(d["kind"])
    if kind is None:  # pragma: no cover - check_fields refuses it first
        raise CardError(d.get("id", "?"), f"unknown card kind {d['kind']!r}",
                        code="E-SCHEMA-TYPE")
    unknown = tuple(f for f in d.get("unknown") or () if d.get(f) is None)
    missing = tuple(f for f in kind.requires if f not in d)
    script = None
    effect = ""
    if isinstance(d.get("effect"), str) and "effect" in kind.fields:
        effect = d["effect"]
        script = parse_effect(effect, effect_pos[0], effect_pos[1], effect_pos[2])
    status = str(d.get("status", "complete"))
    if unknown or missing:
        status = INCOMPLETE

    def num(name: str, default: int = 0) -> int:
        v = d.get(name)
        return int(v) if isinstance(v, int) else default

    stack = num("stack", kind.slot)
    title = str(d["title"]) if isinstance(d.get("title"), str) else _label(kind, d)
    opt = d.get("optional") if "optional" in kind.requires or "optional" in kind.allows \
        else None
    return CardDef(
        id=d["id"], set=d["set"], kind=kind.name, title=title,
        text=str(d.get("text") or ""), stack=stack,
        copies=num("copies", 1), value=num("value"), court=num("court"), effect=effect,
        script=script, rules=tuple(d.get("rules") or ()), status=status, path=path, data=d,
        errata_applied=applied, effect_path=effect_pos[0], heads=num("heads"),
        place=num("place", stack), gold=num("gold"), goods=num("goods"),
        optional=opt if isinstance(opt, bool) else None, unknown=unknown, missing=missing,
        provisional=provisional, no_action=no_action, role=kind.role,
    )


def _label(kind: CardKind, d: dict[str, Any]) -> str:
    if not kind.label:
        return ""
    return re.sub(r"\{(\w+)\}", lambda m: "?" if d.get(m.group(1)) is None
                  else str(d[m.group(1)]), kind.label)


def build_erratum(data: dict[str, Any], path: str, pos: yamlpos.Positions,
                  kinds: Kinds | None = None) -> Erratum:
    """Build an :class:`Erratum` from a checked mapping.

    Raises:
        CardError: schema errors (first one).
    """
    from elgrande.data.card_format import check_fields

    errs = check_fields(data, path, pos, kinds)
    if errs:
        raise errs[0]
    return Erratum(data["id"], data["set"], data["card"], str(data["date"]),
                   bool(data.get("optional", False)), dict(data["replaces"]), path, pos,
                   str(data.get("with_set") or ""))


@attr.frozen(slots=False, repr=False, eq=False)
class CardSet:
    """The cards of one or more sets, by id.

    Attributes:
        cards: id -> :class:`CardDef` (errata applied).
        errata: id -> :class:`Erratum` (all found, applied or not).
        kinds: the card kinds they were checked against.
    """

    __eq__ = plain_eq
    __hash__ = plain_hash

    cards: dict[str, CardDef]
    errata: dict[str, Erratum]
    kinds: Kinds | None = None

    def of_kind(self, *kinds: str) -> list[CardDef]:
        """Cards of these kinds, sorted by (stack, value, id)."""
        return sorted((c for c in self.cards.values() if c.kind in kinds),
                      key=lambda c: (c.stack, c.value, c.id))

    def of_role(self, *roles: str) -> list[CardDef]:
        """Cards whose kind has one of these roles (:data:`elgrande.data.kinds.ROLES`),
        sorted by (stack, value, id)."""
        return sorted((c for c in self.cards.values() if c.role in roles),
                      key=lambda c: (c.stack, c.value, c.id))


#: Folders below a set that hold no card files: fills are data overlays (docs/library.md).
FILLS_DIR = "fills"


def fill_files(name: str, dirs: Iterable[str | Path]) -> list[Path]:
    """The files of fill ``name``: ``name`` itself when it is a ``.yaml`` file, else
    ``<dir>/fills/<name>.yaml`` of each folder ``dirs`` (the sets in play, homebrew
    folders)."""
    p = Path(name)
    if p.suffix in (".yaml", ".yml") and p.is_file():
        return [p]
    return [d / FILLS_DIR / f"{name}.yaml" for d in map(Path, dirs)
            if (Path(d) / FILLS_DIR / f"{name}.yaml").is_file()]


def card_files(folder: str | Path) -> list[Path]:
    """Every ``*.yaml``/``*.yml`` card file below ``folder``, except set manifests and the
    fills in ``fills/`` folders."""
    return [Path(folder, *parts) for parts in card_file_parts(folder)]


def card_file_parts(folder: str | Path) -> list[tuple[str, ...]]:
    """:func:`card_files` as path parts relative to ``folder`` (``()`` when ``folder`` is
    itself a file), sorted: what a caller that only needs strings uses (no ``Path``
    objects; the library cache lists every file in play at each load)."""
    if os.path.isfile(folder):
        return [()]
    found: list[tuple[str, ...]] = []
    _walk_cards(os.fspath(folder), (), found)
    return sorted(found)


def _walk_cards(folder: str, rel: tuple[str, ...], found: list[tuple[str, ...]]) -> None:
    """Add to ``found`` the card files below ``folder`` (``rel`` its parts below the top
    folder) as :func:`card_file_parts` lists them: what ``os.walk`` gives (no symlinked
    folder entered, an unreadable folder passed over), with less work (the library cache
    lists the files in play at every load: docs/performance.md, "Start-up and
    validate")."""
    try:
        with os.scandir(folder) as listing:
            entries = list(listing)
    except OSError:
        return
    for entry in entries:
        name = entry.name
        try:
            is_dir = entry.is_dir()
        except OSError:
            is_dir = False
        if not is_dir:
            if name.endswith((".yaml", ".yml")) and name != "set.yaml":
                found.append((*rel, name))
            continue
        if name == FILLS_DIR:
            continue
        try:
            link = entry.is_symlink()
        except OSError:
            link = False
        if not link:
            _walk_cards(entry.path, (*rel, name), found)


def _retired_homebrew(card: CardDef, kinds: Kinds, pos: yamlpos.Positions) -> CardError:
    """The error for a homebrew card (of no set in play) whose kind a set in play retires
    (``retires_kinds``, e.g. I1: Intrigue & the King has no action-card stacks): such a
    card has no place in the game until homebrew sets can say where it goes."""
    kind = kinds.retired[card.kind]
    title = kinds.retired_by.get(card.kind, "a set in play")
    why = (f"which has no {kind.name}-card stacks" if kind.role == "stack"
           else f"which takes the {kind.name} cards out of play")
    line, col = pos.get(("kind",))
    return CardError(card.path, f"homebrew {kind.name} card {card.id!r} has no place in a "
                     f"game with {title}, {why}", line, col,
                     hint=f"play it without {title}", code="E-KIND-RETIRED")


def load_folders(folders: Iterable[str | Path], errata_on: Iterable[str] = (),
                 kinds: Kinds | None = None, cross_set_errata: bool = True) -> CardSet:
    """Load every card file below ``folders``; switch on optional errata ``errata_on``.

    Args:
        kinds: the card kinds of the sets in play (default: every shipped set's); a file
            of another kind is an error.
        cross_set_errata: apply the errata of another set's card (``with_set``, X3) when
            both sets are in play; False leaves them out (the docs show each card as its
            own set plays it, and list such errata).
    Raises:
        SettingError: an unknown erratum. CardError: the first problem (schema, syntax,
        duplicate id, an erratum for an unknown card, a homebrew card of a kind a set in
        play retires: code ``E-KIND-RETIRED``).
    """
    kinds = kinds if kinds is not None else shipped_kinds()
    raw: list[tuple[dict[str, Any], str, yamlpos.Positions]] = []
    for folder in folders:
        for f in card_files(folder):
            data, pos = read_file(f)
            raw.append((data, str(f), pos))
    errata: dict[str, Erratum] = {}
    seen: dict[str, str] = {}
    for data, path, pos in raw:
        if isinstance(data, dict) and data.get("kind") == ERRATUM:
            er = build_erratum(data, path, pos, kinds)
            _unique(er.id, path, pos, seen)
            errata[er.id] = er
    wanted = set(errata_on)
    for e in wanted - set(errata):
        raise SettingError("errata", f"unknown erratum {e!r}",
                           hint="known: " + (", ".join(sorted(errata)) or "none"))
    by_card: dict[str, list[Erratum]] = {}
    absent = {er.id for er in errata.values()
              if er.with_set and (er.with_set not in kinds.sets or not cross_set_errata)}
    for er in errata.values():
        if er.id not in absent and (not er.optional or er.id in wanted):
            by_card.setdefault(er.card, []).append(er)
    cards: dict[str, CardDef] = {}
    retired: set[str] = set()
    for data, path, pos in raw:
        if isinstance(data, dict) and data.get("kind") == ERRATUM:
            continue
        cid = data.get("id") if isinstance(data, dict) else None
        card = build_card(data, path, pos, by_card.get(cid, []) if isinstance(cid, str) else [],
                          kinds)
        _unique(card.id, path, pos, seen)
        if kinds.in_play(card.kind):
            cards[card.id] = card
        elif card.set not in kinds.sets:  # homebrew: it would silently not take part
            raise _retired_homebrew(card, kinds, pos)
        else:
            retired.add(card.id)  # a kind a later set takes out of play (e.g. I1)
    for er in errata.values():
        if er.card not in cards and er.card not in retired and er.id not in absent:
            import difflib  # a suggestion only (not imported with the module)
            close = difflib.get_close_matches(er.card, cards, n=1)
            line, col = er.positions.get(("card",))
            raise CardError(er.path, f"erratum for unknown card {er.card!r}", line, col,
                            f"did you mean {close[0]!r}?" if close else "",
                            code="E-UNKNOWN-CARD")
    return CardSet(cards, errata, kinds)


def duplicate_id(cid: str, path: str, pos: yamlpos.Positions,
                 seen: dict[str, str]) -> CardError | None:
    """The E-DUPLICATE-ID error when ``cid`` is already in ``seen`` (id -> file), else
    None after recording ``cid`` as coming from ``path``."""
    if cid in seen:
        line, col = pos.get(("id",))
        return CardError(path, f"duplicate card id {cid!r} (also in {seen[cid]})", line, col,
                         "card ids must be unique over all loaded sets (the shipped ones "
                         "included)", code="E-DUPLICATE-ID")
    seen[cid] = path
    return None


def _unique(cid: str, path: str, pos: yamlpos.Positions, seen: dict[str, str]) -> None:
    err = duplicate_id(cid, path, pos, seen)
    if err is not None:
        raise err
