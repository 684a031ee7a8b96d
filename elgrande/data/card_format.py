"""The card format: :data:`~elgrande.data.card_fields.FIELDS`, the one declaration of a
card file's fields (names, types, docs), and the checks of a file's mapping against it and
its kind's declaration (:mod:`elgrande.data.kinds`). Read by the loaders, ``elgrande
validate`` and ``elgrande schema`` (``cards/schema.json`` is generated from both); a game
whose library comes from the cache needs none of it (speed).
"""

from __future__ import annotations

import re
from functools import cache
from itertools import repeat
from typing import Any

from elgrande.data import yamlpos
from elgrande.data.card_fields import (
    CONFIDENCE,
    FIELD_BY_NAME,
    FIELD_INDEX,
    FIELDS,
    INCOMPLETE,
    REPLACEABLE,
    Field,
    sic_pattern,
)
from elgrande.data.kinds import COMMON_REQUIRED, CardKind, Kinds, shipped_kinds
from elgrande.errors import CardError


def _article(kind: str) -> str:
    return "an" if kind[:1] in tuple("aeiou") else "a"


def check_fields(data: Any, path: str, pos: yamlpos.Positions,
                 kinds: Kinds | None = None) -> list[CardError]:
    """Check one card file's mapping against :data:`FIELDS` and its kind's declaration.

    Args:
        data: the file's mapping.
        path, pos: the file and its positions (for locations).
        kinds: the card kinds of the sets in play (default: every shipped set's).
    Returns:
        Every problem found (``E-SCHEMA-*`` codes); empty when the file fits the format.
        A field may be null only when ``unknown`` lists it, and a listed field must be
        null (docs/library.md); a required field may be left out only by a card whose
        ``status`` is ``incomplete``.
    """
    kinds = kinds if kinds is not None else shipped_kinds()
    errs: list[CardError] = []
    if not isinstance(data, dict):
        return [CardError(path, "a card file must be a mapping of fields", 1, 1,
                          "start with 'id: my-card'", code="E-SCHEMA-TYPE")]
    visit: list[int] = []  # the fields the loop below looks at: given, or required
    for key in data:
        at = FIELD_INDEX.get(key)
        if at is not None:
            visit.append(at)
        else:
            import difflib  # a suggestion only (not imported with the module)
            close = difflib.get_close_matches(str(key), FIELD_BY_NAME, n=1)
            line, col = pos.key_at.get((key,), pos.get((key,)))
            errs.append(CardError(path, f"unknown field {key!r}", line, col,
                                  f"did you mean {close[0]!r}?" if close else
                                  "known fields: " + ", ".join(FIELD_BY_NAME),
                                  code="E-SCHEMA-UNKNOWN-FIELD"))
    kname = data.get("kind")
    kind = kinds.get(kname)
    if "kind" in data and kind is None:
        line, col = pos.get(("kind",))
        import difflib  # a suggestion only (not imported with the module)
        close = difflib.get_close_matches(str(kname), kinds.names, n=1)
        errs.append(CardError(
            path, f"field 'kind': {kname!r} is not a card kind of the sets "
            f"{', '.join(kinds.sets) or '(none)'} (known kinds: {', '.join(kinds.names)})",
            line, col, (f"did you mean {close[0]!r}? " if close else "")
            + "the set manifests declare the kinds (card_kinds in cards/<set>/set.yaml); an "
            "expansion's kinds are known when its set is loaded",
            code="E-SCHEMA-TYPE"))
    unknown = data.get("unknown")
    listed = set(unknown) if isinstance(unknown, list) else set()
    incomplete = data.get("status") == INCOMPLETE
    fields = set(kind.fields) if kind is not None else set()
    # a field neither given nor required has nothing to check: only the others are
    # visited, in the order of FIELDS (speed: ~12 of the 27 fields a card)
    needed = COMMON_REQUIRED if kind is None else tuple(
        n for n in kind.required if not (incomplete and n not in COMMON_REQUIRED))
    visit.extend(FIELD_INDEX[n] for n in set(needed) if n not in data and n in FIELD_INDEX)
    visit.sort()
    for at in visit:
        f = FIELDS[at]
        name = f.name
        if name not in data:  # a needed field (see above)
            what = (f"{_article(kind.name)} {kind.name} card needs it" if kind is not None
                    else "every card needs it")
            errs.append(CardError(path, f"missing required field {name!r} "
                                  f"({what}: {f.doc})", *pos.get(()),
                                  hint=f"add '{name}: ...' (or 'status: incomplete' "
                                  "and a note saying why it is left out: "
                                  "docs/homebrew.md, section 8)",
                                  code="E-SCHEMA-MISSING"))
            continue
        v = data[name]
        # the position is looked up only for a problem (speed: most fields have none)
        if kind is not None and name not in fields:
            errs.append(CardError(path, f"field {name!r} is not used by "
                                  f"{_article(kind.name)} {kind.name} card", *pos.get((name,)),
                                  "remove it", code="E-SCHEMA-UNKNOWN-FIELD"))
            continue
        if v is None:
            if name not in listed:
                errs.append(CardError(path, f"field {name!r} is null but 'unknown' does "
                                      "not name it", *pos.get((name,)), "give its value, or "
                                      "add it to 'unknown: [...]' if no source gives it",
                                      code="E-SCHEMA-NULL"))
            continue
        if name in listed:
            errs.append(CardError(path, f"field {name!r} is listed in 'unknown' but has a "
                                  f"value ({v!r})", *pos.get((name,)), "a known value is "
                                  "sourced: remove it from 'unknown', or set it to null",
                                  code="E-SCHEMA-NULL"))
            continue
        err = value_problem(f, v)
        if err:
            errs.append(CardError(path, f"field {name!r}: {err}", *pos.get((name,)),
                                  f"{name}: {f.doc}", code="E-SCHEMA-TYPE"))
    errs.extend(_unknown_errors(data, listed, kind, path, pos))
    errs.extend(_sic_errors(data, path, pos))
    return errs


def _sic_errors(data: dict[str, Any], path: str, pos: yamlpos.Positions) -> list[CardError]:
    """Each word of ``sic`` (a list of text, checked above) must stand whole in the card's
    ``text``: it names a misprint of that text (``E-SCHEMA-TYPE``)."""
    sic, text = data.get("sic"), data.get("text")
    if not isinstance(sic, list):
        return []
    errs: list[CardError] = []
    for j, word in enumerate(sic):
        if isinstance(word, str) and word.strip() and isinstance(text, str) \
                and sic_pattern(word).search(text):
            continue
        errs.append(CardError(path, f"'sic' names {word!r}, which is not a word of the "
                              "card's text", *pos.get(("sic", j)), "sic lists misprinted "
                              "words of the printed text, spelt as printed",
                              code="E-SCHEMA-TYPE"))
    return errs


def _unknown_errors(data: dict[str, Any], listed: set[str], kind: CardKind | None,
                    path: str, pos: yamlpos.Positions) -> list[CardError]:
    errs: list[CardError] = []
    unknown = data.get("unknown")
    if isinstance(unknown, list):
        for j, name in enumerate(unknown):
            line, col = pos.get(("unknown", j))
            if kind is not None and name not in kind.requires and name not in kind.allows:
                errs.append(CardError(path, f"'unknown' names {name!r}, which is not a field "
                                      f"of {_article(kind.name)} {kind.name} card", line, col,
                                      "fields: " + ", ".join((*kind.requires, *kind.allows)),
                                      code="E-SCHEMA-NULL"))
            elif name not in data:
                errs.append(CardError(path, f"'unknown' names {name!r}, but the card has no "
                                      f"such field", line, col, f"add '{name}: null'",
                                      code="E-SCHEMA-NULL"))
    if listed and data.get("status") == "complete":
        line, col = pos.get(("status",))
        errs.append(CardError(path, "status is 'complete' but 'unknown' lists fields", line, col,
                              "an unknown field makes the card incomplete: remove 'status' "
                              "or write 'status: incomplete'", code="E-SCHEMA-NULL"))
    return errs


@cache
def _compiled(pattern: str) -> re.Pattern[str]:
    """A field's pattern compiled once (``re.fullmatch`` looks it up in ``re``'s cache on
    each call: two calls a card file)."""
    return re.compile(pattern)


def value_problem(f: Field, v: Any) -> str:
    """What is wrong with value ``v`` of field ``f`` (type, range, enum, pattern), or ''
    when it fits the card format (used for card files and fills alike)."""
    if f.type == "date":
        import datetime  # only for a card with a date (not imported with the module)
        if not isinstance(v, (str, datetime.date)):
            return f"expected a date like 2026-11-30, got {v!r}"
    elif f.type == "string":
        if not isinstance(v, str):
            return f"expected text, got {type(v).__name__}"
        if f.enum and v not in f.enum:
            return f"{v!r} is not one of {', '.join(f.enum)}"
        if f.pattern and not _compiled(f.pattern).fullmatch(v):  # fullmatch: no 'x\n'
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
        if not isinstance(v, list) or not all(map(isinstance, v, repeat(str, len(v)))):
            return "expected a list of text items"
    elif f.type == "mapping":
        if not isinstance(v, dict):
            return "expected a mapping"
        bad = [k for k in v if k not in REPLACEABLE]
        if bad:
            return f"cannot replace {bad[0]!r} (replaceable: {', '.join(REPLACEABLE)})"
    elif f.type == "tags":
        if not isinstance(v, dict):
            return "expected a mapping of field name -> C2 or S1"
        for k, tag in v.items():
            if k not in FIELD_BY_NAME:
                return f"{k!r} is not a field name"
            if tag not in CONFIDENCE:
                return (f"the tag of {k!r} is {tag!r}, not one of {', '.join(CONFIDENCE)} "
                        "(an inferred value belongs in a fill)")
    elif f.type == "errata":
        if not isinstance(v, list) or not all(isinstance(x, dict) and "date" in x
                                              and isinstance(x.get("replaces"), dict)
                                              for x in v):
            return "expected a list of {date, replaces: {...}} entries"
    return ""
