"""The JSON Schema (draft 2020-12) of card files, generated from
:data:`elgrande.data.card_format.FIELDS`, the one declaration of the card format, and the card
kinds of the shipped set manifests (:mod:`elgrande.data.kinds`).

``cards/schema.json`` is this schema, written by ``elgrande schema --out
cards/schema.json --force``; editors that read JSON Schema (e.g. the YAML language server) then
complete and check card files as they are typed. The engine itself checks files with
:func:`elgrande.data.card_format.check_fields`; both read the same declaration:

- every field: its type, ``enum``, ``pattern``, ``minimum``/``maximum`` and its doc;
  ``kind`` is one of the kinds of the shipped sets (``erratum`` included);
- fields required by every kind are ``required``; fields required by one kind (unless
  the card is ``status: incomplete``), and fields a kind may not have, are ``if kind is
  K then ...`` rules;
- a field is ``null`` exactly when the card's ``unknown`` names it, and a non-empty
  ``unknown`` cannot go with ``status: complete`` (docs/library.md);
- no other field is allowed (``additionalProperties: false``);
- an erratum's ``replaces`` may only name the replaceable fields, each with its schema.

YAML dates (``date: 2026-11-30``) are strings to a JSON Schema tool, so ``date`` fields
are strings with ``format: date``.
"""

from __future__ import annotations

import json
from typing import Any

from elgrande.data.card_fields import CONFIDENCE, FIELDS, INCOMPLETE, REPLACEABLE, Field
from elgrande.data.kinds import COMMON_REQUIRED, Kinds, shipped_kinds


def _field(f: Field) -> dict[str, Any]:
    s: dict[str, Any] = {"description": f.doc}
    if f.type == "string":
        s["type"] = "string"
        if f.enum:
            s["enum"] = list(f.enum)
        if f.pattern:
            s["pattern"] = f.pattern
    elif f.type == "integer":
        s["type"] = "integer"
        if f.minimum is not None:
            s["minimum"] = f.minimum
        if f.maximum is not None:
            s["maximum"] = f.maximum
    elif f.type == "boolean":
        s["type"] = "boolean"
    elif f.type == "list":
        s["type"] = "array"
        s["items"] = {"type": "string"}
    elif f.type == "date":
        s["type"] = "string"
        s["format"] = "date"
    elif f.type == "mapping":
        s["$ref"] = "#/$defs/replaces"
    elif f.type == "errata":
        s["type"] = "array"
        s["items"] = {
            "type": "object",
            "required": ["date", "replaces"],
            "properties": {"date": {"$ref": "#/$defs/date"},
                           "replaces": {"$ref": "#/$defs/replaces"}},
        }
    elif f.type == "tags":
        s["type"] = "object"
        s["propertyNames"] = {"enum": [x.name for x in FIELDS]}
        s["additionalProperties"] = {"enum": list(CONFIDENCE)}
    else:  # pragma: no cover - FIELDS uses only the types above
        raise ValueError(f"field {f.name!r}: unknown type {f.type!r}")
    return s


def card_schema(kinds: Kinds | None = None) -> dict[str, Any]:
    """The JSON Schema of one card file (a plain, JSON-able dict; deterministic).

    Args:
        kinds: the card kinds described (default: the union of every shipped set's,
            :func:`elgrande.data.kinds.shipped_kinds`).
    """
    kinds = kinds if kinds is not None else shipped_kinds()
    every = [kinds.get(n) for n in kinds.names]
    defs: dict[str, Any] = {f.name: _field(f) for f in FIELDS}
    defs["kind"]["enum"] = list(kinds.names)
    defs["date"] = {"type": "string", "format": "date",
                    "description": "a date like 2026-11-30"}
    defs["replaces"] = {
        "type": "object",
        "description": "the fields an erratum replaces: " + ", ".join(REPLACEABLE),
        "propertyNames": {"enum": list(REPLACEABLE)},
        "properties": {name: {"$ref": f"#/$defs/{name}"} for name in REPLACEABLE},
    }
    rules: list[dict[str, Any]] = []
    for kind in every:
        if kind is None:  # pragma: no cover - names come from the same Kinds
            continue
        then: dict[str, Any] = {}
        required = list(kind.requires)
        if required:  # a required field may be left out by an incomplete card only
            then["anyOf"] = [{"required": required},
                             {"required": ["status"],
                              "properties": {"status": {"const": INCOMPLETE}}}]
        banned = {f.name: False for f in FIELDS if f.name not in kind.fields}
        props: dict[str, Any] = dict(banned)
        if kind.requires or kind.allows:
            props["unknown"] = {"items": {"enum": [*kind.requires, *kind.allows]}}
        if props:
            then["properties"] = props
        if then:
            rules.append({"if": {"properties": {"kind": {"const": kind.name}},
                                 "required": ["kind"]},
                          "then": then})
    rules.extend(_null_rules())
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "El Grande card file",
        "description": "One card or erratum of an El Grande card set; the card kinds come "
                       f"from the set manifests ({', '.join(kinds.sets)}). Generated from "
                       "elgrande.data.card_format.FIELDS and the manifests' card_kinds by "
                       "'elgrande schema'; do not edit by hand.",
        "type": "object",
        "required": list(COMMON_REQUIRED),
        "properties": {f.name: {"$ref": f"#/$defs/{f.name}"} if f.name in COMMON_REQUIRED
                       else {"anyOf": [{"$ref": f"#/$defs/{f.name}"}, {"type": "null"}]}
                       for f in FIELDS},
        "additionalProperties": False,
        "allOf": rules,
        "$defs": defs,
    }


def _null_rules() -> list[dict[str, Any]]:
    """docs/library.md: a field is null exactly when ``unknown`` names it; a non-empty
    ``unknown`` makes the card incomplete."""
    out: list[dict[str, Any]] = []
    for f in FIELDS:
        if f.name in COMMON_REQUIRED or f.name == "unknown":
            continue
        named = {"required": ["unknown"], "properties": {"unknown": {"contains": {
            "const": f.name}}}}
        out.append({"if": {"required": [f.name], "properties": {f.name: {"type": "null"}}},
                    "then": named})
        out.append({"if": named, "then": {"required": [f.name],
                                          "properties": {f.name: {"type": "null"}}}})
    out.append({"if": {"required": ["unknown"], "properties": {"unknown": {"minItems": 1}}},
                "then": {"not": {"required": ["status"],
                                 "properties": {"status": {"const": "complete"}}}}})
    return out


def schema_text() -> str:
    """:func:`card_schema` as the text of ``cards/schema.json`` (indented, final newline)."""
    return json.dumps(card_schema(), indent=2, ensure_ascii=False) + "\n"


def set_schema() -> dict[str, Any]:
    """The JSON Schema of the keys a homebrew set's manifest (``set.yaml``) uses, from
    their declarations (:data:`elgrande.data.manifests.HOMEBREW_KEYS`, ``SPACE_FIELDS``,
    the card kinds' roles and the card format's fields); other keys of a shipped set's
    manifest pass unchecked here (the loader checks them). Deterministic."""
    from elgrande.data.card_fields import FIELD_BY_NAME
    from elgrande.data.kinds import COMMON_ALLOWED, ROLES
    from elgrande.data.manifests import HOMEBREW_KEYS, RETURNS, SPACE_FIELDS
    from elgrande.data.set_pieces import PIECE_FIELDS

    kinds_fields = [f for f in FIELD_BY_NAME if f not in COMMON_REQUIRED
                    and f not in COMMON_ALLOWED]
    types: dict[str, dict[str, Any]] = {
        "string": {"type": "string"}, "boolean": {"type": "boolean"},
        "values": {"type": "array", "items": {"type": "integer", "minimum": 0},
                   "minItems": 3, "maxItems": 3},
        "returns": {"enum": list(RETURNS)},
    }
    fields: dict[str, dict[str, Any]] = {k: {**types[t], "description": doc}
                                         for k, (t, doc) in SPACE_FIELDS.items()}
    fields["id"]["pattern"] = "^[a-z_][a-z0-9_]*$"
    space = {"type": "object", "required": ["id"], "additionalProperties": False,
             "properties": fields}
    piece: dict[str, Any] = {"type": "object", "required": ["id"], "additionalProperties": False,
             "properties": {k: {**types[t], "description": doc}
                            for k, (t, doc) in PIECE_FIELDS.items()}}
    piece["properties"]["id"]["pattern"] = "^[a-z_][a-z0-9_]*( [a-z_][a-z0-9_]*)*$"
    piece["properties"]["owned"]["const"] = False
    kind: dict[str, Any] = {"type": "object", "required": ["role"], "additionalProperties": False,
            "properties": {
                "role": {"enum": list(ROLES), "description": "what the rules do with the "
                         "kind's cards: " + "; ".join(f"{r}: {d}" for r, d in ROLES.items())},
                "doc": {"type": "string"},
                "requires": {"type": "array", "items": {"enum": kinds_fields}},
                "allows": {"type": "array", "items": {"enum": kinds_fields}},
                "slot": {"type": "integer", "minimum": 0},
                "count": {"type": "integer", "minimum": 0},
                "label": {"type": "string"}}}
    props: dict[str, Any] = {
        "set": {"type": "string", "pattern": "^[a-z0-9][a-z0-9-]*$"},
        "title": {"type": "string"}, "extends": {"type": "string"},
        "add_stacks": {"type": "array", "uniqueItems": True,
                       "items": {"type": "integer", "minimum": 1, "maximum": 99}},
        "spaces": {"type": "array", "items": {"$ref": "#/$defs/space"}},
        "pieces": {"type": "array", "items": {"$ref": "#/$defs/piece"}},
        "card_kinds": {"type": "object", "additionalProperties": {"$ref": "#/$defs/kind"}},
        "map": {"type": "object"},
    }
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "El Grande card set manifest (set.yaml)",
        "description": "The keys a homebrew set uses (docs/homebrew.md, 'Sets'). Generated "
                       "from elgrande.data.manifests by 'elgrande schema --manifest'; do not "
                       "edit by hand.",
        "type": "object",
        "required": ["set"],
        "properties": {k: {**v, "description": HOMEBREW_KEYS[k]} for k, v in props.items()},
        "$defs": {"space": space, "piece": piece, "kind": kind},
    }


def set_schema_text() -> str:
    """:func:`set_schema` as the text of ``cards/set-schema.json``."""
    return json.dumps(set_schema(), indent=2, ensure_ascii=False) + "\n"
