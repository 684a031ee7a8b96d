"""The JSON Schema (draft 2020-12) of card files, generated from
:data:`elgrande.data.cards.FIELDS`, the one declaration of the card format.

``cards/schema.json`` is this schema, written by ``elgrande schema --out
cards/schema.json``; editors that read JSON Schema (e.g. the YAML language server) then
complete and check card files as they are typed. The engine itself checks files with
:func:`elgrande.data.cards.check_fields`; both read the same declaration:

- every field: its type, ``enum``, ``pattern``, ``minimum``/``maximum`` and its doc;
- fields required by every kind are ``required``; fields required by one kind, and
  fields a kind may not have, are ``if kind is K then ...`` rules;
- no other field is allowed (``additionalProperties: false``);
- an erratum's ``replaces`` may only name the replaceable fields, each with its schema.

YAML dates (``date: 2026-11-30``) are strings to a JSON Schema tool, so ``date`` fields
are strings with ``format: date``.
"""

from __future__ import annotations

import json
from typing import Any

from elgrande.data.cards import FIELDS, KINDS, REPLACEABLE, Field


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
    else:  # pragma: no cover - FIELDS uses only the types above
        raise ValueError(f"field {f.name!r}: unknown type {f.type!r}")
    return s


def card_schema() -> dict[str, Any]:
    """The JSON Schema of one card file (a plain, JSON-able dict; deterministic)."""
    defs: dict[str, Any] = {f.name: _field(f) for f in FIELDS}
    defs["date"] = {"type": "string", "format": "date",
                    "description": "a date like 2026-11-30"}
    defs["replaces"] = {
        "type": "object",
        "description": "the fields an erratum replaces: " + ", ".join(REPLACEABLE),
        "propertyNames": {"enum": list(REPLACEABLE)},
        "properties": {name: {"$ref": f"#/$defs/{name}"} for name in REPLACEABLE},
    }
    everyone = [f.name for f in FIELDS if set(KINDS) <= set(f.required_for)]
    rules: list[dict[str, Any]] = []
    for kind in KINDS:
        then: dict[str, Any] = {}
        required = [f.name for f in FIELDS if kind in f.required_for
                    and f.name not in everyone]
        if required:
            then["required"] = required
        banned = {f.name: False for f in FIELDS if f.allowed_for and kind not in f.allowed_for}
        if banned:
            then["properties"] = banned
        if then:
            rules.append({"if": {"properties": {"kind": {"const": kind}},
                                 "required": ["kind"]},
                          "then": then})
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "El Grande card file",
        "description": "One card (action, King's card, power card) or erratum of an El "
                       "Grande card set. Generated from elgrande.data.cards.FIELDS by "
                       "'elgrande schema'; do not edit by hand.",
        "type": "object",
        "required": everyone,
        "properties": {f.name: {"$ref": f"#/$defs/{f.name}"} for f in FIELDS},
        "additionalProperties": False,
        "allOf": rules,
        "$defs": defs,
    }


def schema_text() -> str:
    """:func:`card_schema` as the text of ``cards/schema.json`` (indented, final newline)."""
    return json.dumps(card_schema(), indent=2, ensure_ascii=False) + "\n"
