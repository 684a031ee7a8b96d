"""The card format's fields: :data:`FIELDS`, the one declaration of a card file's fields
(names, types, docs), which :mod:`elgrande.data.kinds` reads to check a manifest's
``card_kinds`` and :mod:`elgrande.data.card_format` to check a card file. Below both, so
neither imports the other to get it.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

import attr

from elgrande.model.plain import plain_eq, plain_hash, plain_repr

#: The value of ``status`` that an incomplete card has (implied by a non-empty ``unknown``).
INCOMPLETE = "incomplete"

#: An id: lowercase letters, digits and '-'. It ends with "no character follows" rather
#: than ``$``, which in Python (and so in JSON Schema validators written in it) lets a
#: final newline through; this form means the same in Python and in ECMA-262 regexps.
ID_PATTERN = r"^[a-z0-9][a-z0-9-]*(?![\s\S])"
#: Confidence tags a card file may give a field (docs/library.md; INF belongs in a fill).
CONFIDENCE = ("C2", "S1")


@attr.frozen(slots=False, repr=False, eq=False)
class Field:
    """One field of the card format (which kinds use it is manifest data:
    :mod:`elgrande.data.kinds`).

    Attributes:
        name: the YAML key.
        type: ``"string"``, ``"integer"``, ``"boolean"``, ``"list"`` (of strings),
            ``"mapping"`` (an erratum's replacements), ``"errata"`` (a list of mappings),
            ``"date"``, ``"tags"`` (field name -> confidence tag).
        doc: what it means.
        minimum, maximum: for integers.
        enum: allowed values for strings.
        pattern: a regular expression a string must match.
    """

    __eq__ = plain_eq
    __hash__ = plain_hash
    __repr__ = plain_repr

    name: str
    type: str
    doc: str
    minimum: int | None = None
    maximum: int | None = None
    enum: tuple[str, ...] = ()
    pattern: str = ""


FIELDS: tuple[Field, ...] = (
    Field("id", "string", "stable id, unique over all loaded sets", pattern=ID_PATTERN),
    Field("set", "string", "the card set (base, intrigue-king, colonies, or a homebrew set)",
          pattern=ID_PATTERN),
    Field("kind", "string", "the card kind; the set manifests declare the kinds "
          "(card_kinds) and erratum is built in"),
    Field("title", "string", "the printed title"),
    Field("text", "string", "the printed text, word for word"),
    Field("stack", "integer", "the number on the back: caballeros placed from court (B4.3)",
          0, 10),
    Field("copies", "integer", "copies in the deck (power cards: per player)", 1, 20),
    Field("value", "integer", "a power card's or a combined action/power card's value "
          "(B1.3, I1)", 1, 200),
    Field("court", "integer", "caballeros a power card brings to court (B4.1)", 0, 20),
    Field("heads", "integer", "caballeros a combined action/power card brings from the "
          "provinces to court (I4)", 0, 20),
    Field("place", "integer", "caballeros placed from court with this card (B4.3, C8, I4)",
          0, 10),
    Field("gold", "integer", "gold discs the card shows: put in their area when its special "
          "action is carried out (C7)", 0, 10),
    Field("goods", "integer", "goods discs the card shows (C7)", 0, 10),
    Field("awarded", "string", "who receives the card after the bids (I3)",
          enum=("highest", "lowest")),
    Field("effect", "string", "the special action as an effect script (grammar/effects.lark)"),
    Field("summary", "string", "what the sources say the special action does, paraphrased "
          "(when no script says it yet)"),
    Field("rules", "list", "rule ids the card relies on (docs/rules.md)"),
    Field("source", "string", "where the card's data comes from"),
    Field("notes", "string", "free remarks: decisions taken, doubts"),
    Field("sic", "list", "words of the printed text that are misprinted and kept as "
          "printed: wherever the text is shown to a person, '[sic]' follows each"),
    Field("status", "string", "'incomplete' when data is missing (say what in notes; "
          "implied by a non-empty unknown)", enum=("complete", INCOMPLETE)),
    Field("unknown", "list", "the fields no source gives: each is null in the file, and only "
          "a fill may supply it (docs/homebrew.md, section 8)"),
    Field("confidence", "tags", "how sure each sourced field is: C2 (two sources) or S1 "
          "(one), by field name"),
    Field("errata", "errata", "dated replacements of fields, applied in order"),
    Field("card", "string", "the id of the card an erratum changes", pattern=ID_PATTERN),
    Field("date", "date", "when the erratum was published or recorded"),
    Field("optional", "boolean", "an erratum: a game must switch it on by id; a card: its "
          "special action says 'you may' (I6)"),
    Field("replaces", "mapping", "the fields an erratum replaces"),
    Field("with_set", "string", "an erratum of another set's card: that card's set; the "
          "erratum applies only when both sets are in play (X3), else it is left out",
          pattern=ID_PATTERN),
)
FIELD_BY_NAME = {f.name: f for f in FIELDS}
#: Each field's place in :data:`FIELDS` (the order problems are reported in).
FIELD_INDEX = {f.name: i for i, f in enumerate(FIELDS)}
#: What follows a word a card's ``sic`` field lists, where its text is shown.
SIC = " [sic]"


def sic_words(data: Mapping[str, Any] | None) -> list[str]:
    """The words of a card's ``sic`` field (its file's mapping ``data``): [] for none or
    for a value that is not a list of text."""
    sic = (data or {}).get("sic")
    return [w for w in sic if isinstance(w, str) and w.strip()] if isinstance(sic, list) else []


def sic_pattern(word: str) -> re.Pattern[str]:
    """Where ``word`` stands whole in a card's text (not inside a longer word), not
    already marked ``[sic]``."""
    return re.compile(rf"(?<!\w){re.escape(word)}(?!\w)(?! \[sic\])")


def text_as_shown(text: str, data: Mapping[str, Any] | None) -> str:
    """A card's printed ``text`` as a person is shown it: each word its ``sic`` field
    (in the card file's mapping ``data``) lists followed by ``" [sic]"`` wherever it
    stands whole, so a misprint kept as printed (``text`` is word for word) is not taken
    for ours. The card's ``text`` itself is unchanged. Raises nothing."""
    for word in sic_words(data):
        text = sic_pattern(word).sub(lambda m: m.group(0) + SIC, text)
    return text


#: Fields an erratum may replace.
REPLACEABLE = ("title", "text", "effect", "stack", "copies", "value", "court", "rules",
               "heads", "place", "gold", "goods", "optional")
