"""Card files: the schema, the YAML loader, and card sets.

One YAML file per card under ``cards/<set>/`` (any sub-folder). :data:`FIELDS` is the one
declaration of the card format: the loader checks files against it, ``elgrande validate``
reports against it, and ``cards/schema.json`` is generated from it.

Errata are files of ``kind: erratum`` that replace fields of one card; optional ones are
switched on by id when a game is created.
"""

from __future__ import annotations

import datetime
import difflib
import re
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

import attrs

from elgrande.data import yamlpos
from elgrande.dsl import ast
from elgrande.dsl.parser import parse
from elgrande.errors import CardError, DataError

#: An id: lowercase letters, digits and '-'. It ends with "no character follows" rather
#: than ``$``, which in Python (and so in JSON Schema validators written in it) lets a
#: final newline through; this form means the same in Python and in ECMA-262 regexps.
ID_PATTERN = r"^[a-z0-9][a-z0-9-]*(?![\s\S])"
KINDS = ("action", "king", "power", "erratum")
MAX_FILE_BYTES = 64_000


@attrs.frozen(slots=True)
class Field:
    """One field of the card format.

    Attributes:
        name: the YAML key.
        type: ``"string"``, ``"integer"``, ``"boolean"``, ``"list"`` (of strings),
            ``"mapping"``, ``"errata"`` (a list of mappings).
        doc: what it means.
        required_for: the kinds that must have it.
        allowed_for: the kinds that may have it (empty: all kinds).
        minimum, maximum: for integers.
        enum: allowed values for strings.
        pattern: a regular expression a string must match.
    """

    name: str
    type: str
    doc: str
    required_for: tuple[str, ...] = ()
    allowed_for: tuple[str, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    enum: tuple[str, ...] = ()
    pattern: str = ""


CARDS = ("action", "king", "power")
PLAYABLE = ("action", "king")

FIELDS: tuple[Field, ...] = (
    Field("id", "string", "stable id, unique over all loaded sets", KINDS, pattern=ID_PATTERN),
    Field("set", "string", "the card set (base, intrigue-king, colonies, or a homebrew set)",
          KINDS, pattern=ID_PATTERN),
    Field("kind", "string", "action card, the King's card, power card, or an erratum",
          KINDS, enum=KINDS),
    Field("title", "string", "the printed title", CARDS, CARDS),
    Field("text", "string", "the printed text, word for word", CARDS, CARDS),
    Field("stack", "integer", "the number on the back: caballeros placed from court (B4.3)",
          PLAYABLE, PLAYABLE, 0, 10),
    Field("copies", "integer", "copies in the deck (power cards: per player)", (), CARDS, 1, 20),
    Field("value", "integer", "a power card's value (B1.3)", ("power",), ("power",), 1, 200),
    Field("court", "integer", "caballeros a power card brings to court (B4.1)", ("power",),
          ("power",), 0, 20),
    Field("effect", "string", "the special action as an effect script (grammar/effects.lark)",
          PLAYABLE, PLAYABLE),
    Field("rules", "list", "rule ids the card relies on (RULES.md)"),
    Field("source", "string", "where the card's data comes from"),
    Field("notes", "string", "free remarks: decisions taken, doubts"),
    Field("status", "string", "'incomplete' when data is missing (say what in notes)",
          enum=("complete", "incomplete")),
    Field("errata", "errata", "dated replacements of fields, applied in order", (), CARDS),
    Field("card", "string", "the id of the card an erratum changes", ("erratum",),
          ("erratum",), pattern=ID_PATTERN),
    Field("date", "date", "when the erratum was published or recorded", ("erratum",)),
    Field("optional", "boolean", "an erratum a game must switch on by id", (), ("erratum",)),
    Field("replaces", "mapping", "the fields an erratum replaces", ("erratum",), ("erratum",)),
)
FIELD_BY_NAME = {f.name: f for f in FIELDS}
#: Fields an erratum may replace.
REPLACEABLE = ("title", "text", "effect", "stack", "copies", "value", "court", "rules")


@attrs.frozen(slots=True)
class CardDef:
    """A loaded card.

    Attributes:
        id, set, kind, title, text: as in the file.
        stack: caballeros placed from court (action/king), else 0.
        copies: copies in the deck.
        value, court: power cards' value and caballeros to court, else 0.
        effect: the script text ('' for power cards).
        effect_path: the file the effect script came from (an erratum's, when one
            replaced it), which the script's positions refer to.
        script: the parsed AST (None for power cards).
        rules: rule ids.
        status: ``"complete"`` or ``"incomplete"``.
        path: the file it came from.
        data: the raw field mapping (after errata).
        errata_applied: ids/dates of the errata applied.
    """

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


@attrs.frozen(slots=True)
class Erratum:
    """An erratum file: replaces ``replaces`` fields of card ``card``."""

    id: str
    set: str
    card: str
    date: str
    optional: bool
    replaces: dict[str, Any]
    path: str
    positions: yamlpos.Positions


def check_fields(data: Any, path: str, pos: yamlpos.Positions) -> list[CardError]:
    """Check one card file's mapping against :data:`FIELDS`.

    Returns:
        Every problem found (``E-SCHEMA-*`` codes); empty when the file fits the format.
    """
    errs: list[CardError] = []
    if not isinstance(data, dict):
        return [CardError(path, "a card file must be a mapping of fields", 1, 1,
                          "start with 'id: my-card'", code="E-SCHEMA-TYPE")]
    kind = data.get("kind")
    for key in data:
        if key not in FIELD_BY_NAME:
            close = difflib.get_close_matches(str(key), FIELD_BY_NAME, n=1)
            line, col = pos.key_at.get((key,), pos.get((key,)))
            errs.append(CardError(path, f"unknown field {key!r}", line, col,
                                  f"did you mean {close[0]!r}?" if close else
                                  "known fields: " + ", ".join(FIELD_BY_NAME),
                                  code="E-SCHEMA-UNKNOWN-FIELD"))
    for f in FIELDS:
        line, col = pos.get((f.name,))
        if f.name not in data:
            if isinstance(kind, str) and kind in f.required_for:
                article = "an" if kind[0] in "aeiou" else "a"
                errs.append(CardError(path, f"missing required field {f.name!r} ({article} "
                                      f"{kind} card needs it: {f.doc})", *pos.get(()),
                                      hint=f"add '{f.name}: ...'", code="E-SCHEMA-MISSING"))
            continue
        v = data[f.name]
        if f.allowed_for and isinstance(kind, str) and kind in KINDS \
                and kind not in f.allowed_for:
            article = "an" if kind[0] in "aeiou" else "a"
            errs.append(CardError(path, f"field {f.name!r} is not used by {article} {kind} card",
                                  line, col, "remove it", code="E-SCHEMA-UNKNOWN-FIELD"))
            continue
        err = _type_error(f, v)
        if err:
            errs.append(CardError(path, f"field {f.name!r}: {err}", line, col,
                                  f"{f.name}: {f.doc}", code="E-SCHEMA-TYPE"))
    return errs


def _type_error(f: Field, v: Any) -> str:
    if f.type == "date":
        if not isinstance(v, (str, datetime.date)):
            return f"expected a date like 2026-11-30, got {v!r}"
    elif f.type == "string":
        if not isinstance(v, str):
            return f"expected text, got {type(v).__name__}"
        if f.enum and v not in f.enum:
            return f"{v!r} is not one of {', '.join(f.enum)}"
        if f.pattern and not re.fullmatch(f.pattern, v):  # fullmatch: no 'x\n'
            return f"{v!r} must be lowercase letters, digits and '-'"
    elif f.type == "integer":
        if not isinstance(v, int) or isinstance(v, bool):
            return f"expected a whole number, got {v!r}"
        if f.minimum is not None and v < f.minimum:
            return f"{v} is below the minimum {f.minimum}"
        if f.maximum is not None and v > f.maximum:
            return f"{v} is above the maximum {f.maximum}"
    elif f.type == "boolean":
        if not isinstance(v, bool):
            return f"expected true or false, got {v!r}"
    elif f.type == "list":
        if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
            return "expected a list of text items"
    elif f.type == "mapping":
        if not isinstance(v, dict):
            return "expected a mapping"
        bad = [k for k in v if k not in REPLACEABLE]
        if bad:
            return f"cannot replace {bad[0]!r} (replaceable: {', '.join(REPLACEABLE)})"
    elif f.type == "errata":
        if not isinstance(v, list) or not all(isinstance(x, dict) and "date" in x
                                              and isinstance(x.get("replaces"), dict)
                                              for x in v):
            return "expected a list of {date, replaces: {...}} entries"
    return ""


def read_file(path: str | Path) -> tuple[Any, yamlpos.Positions]:
    """Read one card file safely.

    Raises:
        CardError: unreadable, too large, or a YAML syntax error (``E-YAML``).
    """
    p = Path(path)
    try:
        raw = p.read_bytes()
    except OSError as exc:
        raise CardError(str(p), f"cannot read the file: {exc.strerror}", code="E-IO") from None
    if len(raw) > MAX_FILE_BYTES:
        raise CardError(str(p), f"file is larger than {MAX_FILE_BYTES} bytes", 1, 1,
                        code="E-TOO-LARGE")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise CardError(str(p), "the file is not UTF-8 text", 1, 1, code="E-YAML") from None
    try:
        return yamlpos.load(text, str(p))
    except DataError as exc:
        raise CardError(str(p), exc.message, exc.line, exc.column, exc.hint,
                        code="E-YAML") from None


def parse_effect(effect: str, path: str, pos: yamlpos.Positions,
                 key: tuple[Any, ...] = ("effect",)) -> ast.Script:
    """Parse a card's effect script, positioned in its file.

    Raises:
        CardError: ``E-SYNTAX`` (see :func:`elgrande.dsl.parser.parse`).
    """
    line, col = pos.text_start.get(key, pos.get(key))
    return parse(effect, path, line, col)


def build_card(data: dict[str, Any], path: str, pos: yamlpos.Positions,
               errata: Sequence[Erratum] = ()) -> CardDef:
    """Build a :class:`CardDef` from a checked mapping, applying ``errata`` (in date order)
    and the card's own ``errata`` list.

    Raises:
        CardError: schema errors (first one), effect syntax errors.
    """
    errs = check_fields(data, path, pos)
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
    kind = d["kind"]
    script = None
    effect = ""
    if kind in PLAYABLE:
        effect = str(d.get("effect", ""))
        script = parse_effect(effect, effect_pos[0], effect_pos[1], effect_pos[2])
    return CardDef(
        id=d["id"], set=d["set"], kind=kind, title=str(d.get("title", "")),
        text=str(d.get("text", "")), stack=int(d.get("stack", 0)),
        copies=int(d.get("copies", 1)), value=int(d.get("value", 0)),
        court=int(d.get("court", 0)), effect=effect, script=script,
        rules=tuple(d.get("rules") or ()), status=str(d.get("status", "complete")),
        path=path, data=d, errata_applied=tuple(applied), effect_path=effect_pos[0],
    )


def build_erratum(data: dict[str, Any], path: str, pos: yamlpos.Positions) -> Erratum:
    """Build an :class:`Erratum` from a checked mapping.

    Raises:
        CardError: schema errors (first one).
    """
    errs = check_fields(data, path, pos)
    if errs:
        raise errs[0]
    return Erratum(data["id"], data["set"], data["card"], str(data["date"]),
                   bool(data.get("optional", False)), dict(data["replaces"]), path, pos)


@attrs.frozen
class CardSet:
    """The cards of one or more sets, by id.

    Attributes:
        cards: id -> :class:`CardDef` (errata applied).
        errata: id -> :class:`Erratum` (all found, applied or not).
    """

    cards: dict[str, CardDef]
    errata: dict[str, Erratum]

    def of_kind(self, *kinds: str) -> list[CardDef]:
        """Cards of these kinds, sorted by (stack, id)."""
        return sorted((c for c in self.cards.values() if c.kind in kinds),
                      key=lambda c: (c.stack, c.value, c.id))


def card_files(folder: str | Path) -> list[Path]:
    """Every ``*.yaml``/``*.yml`` card file below ``folder``, except set manifests."""
    root = Path(folder)
    if root.is_file():
        return [root]
    return sorted(p for p in root.rglob("*") if p.suffix in (".yaml", ".yml")
                  and p.name != "set.yaml")


def load_folders(folders: Iterable[str | Path], errata_on: Iterable[str] = ()) -> CardSet:
    """Load every card file below ``folders``; switch on optional errata ``errata_on``.

    Raises:
        CardError: the first problem (schema, syntax, duplicate id, unknown erratum,
        an erratum for an unknown card).
    """
    raw: list[tuple[dict[str, Any], str, yamlpos.Positions]] = []
    for folder in folders:
        for f in card_files(folder):
            data, pos = read_file(f)
            raw.append((data, str(f), pos))
    errata: dict[str, Erratum] = {}
    seen: dict[str, str] = {}
    for data, path, pos in raw:
        if isinstance(data, dict) and data.get("kind") == "erratum":
            er = build_erratum(data, path, pos)
            _unique(er.id, path, pos, seen)
            errata[er.id] = er
    wanted = set(errata_on)
    for e in wanted - set(errata):
        raise CardError("(errata)", f"unknown erratum {e!r}",
                        hint="known: " + (", ".join(sorted(errata)) or "none"),
                        code="E-UNKNOWN-ERRATUM")
    by_card: dict[str, list[Erratum]] = {}
    for er in errata.values():
        if not er.optional or er.id in wanted:
            by_card.setdefault(er.card, []).append(er)
    cards: dict[str, CardDef] = {}
    for data, path, pos in raw:
        if isinstance(data, dict) and data.get("kind") == "erratum":
            continue
        cid = data.get("id") if isinstance(data, dict) else None
        card = build_card(data, path, pos, by_card.get(cid, []) if isinstance(cid, str) else [])
        _unique(card.id, path, pos, seen)
        cards[card.id] = card
    for er in errata.values():
        if er.card not in cards:
            close = difflib.get_close_matches(er.card, cards, n=1)
            line, col = er.positions.get(("card",))
            raise CardError(er.path, f"erratum for unknown card {er.card!r}", line, col,
                            f"did you mean {close[0]!r}?" if close else "",
                            code="E-UNKNOWN-CARD")
    return CardSet(cards, errata)


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
