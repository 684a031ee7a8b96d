"""Card kinds: which kinds of card exist and which fields each uses, read from the set
manifests (``card_kinds:`` in ``cards/<set>/set.yaml``).

The card *format* (field names, types, docs) is declared once in Python
(:data:`elgrande.data.card_fields.FIELDS`); which kinds exist, what each is for (its ``role``)
and which fields each requires or allows is manifest data, so an expansion adds kinds
without touching the engine. ``erratum`` is the one built-in kind.

A manifest entry::

    card_kinds:
      action:
        doc: "an action card of stacks 1-4"
        role: stack            # one of ROLES
        requires: [title, text, stack, effect]
        allows: [copies, errata]
        slot: 7                # optional: the offer slot / stack of every card of the kind
        count: 11              # optional: how many cards of the kind the set has
        label: "Card {value}"  # optional: the display title of a card without a title
    retires_kinds: [power]     # kinds of earlier sets that are not used with this set
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any

import attr

from elgrande.data.card_fields import FIELD_BY_NAME
from elgrande.data.sets import read_manifest
from elgrande.data.sets import set_dir as set_dir
from elgrande.data.sets import set_names as set_names
from elgrande.data.sets import shipped_set_ids as shipped_set_ids
from elgrande.errors import DataError
from elgrande.model.plain import plain_eq, plain_hash, plain_repr

#: What a card kind is for; the rules modules pick cards by role, never by kind name.
ROLES: dict[str, str] = {
    "stack": "shuffled into a face-down action stack; the offer turns up the top card of "
             "each stack every round (B1.4, B3.1). The stack is the kind's ``slot`` or the "
             "card's ``stack``",
    "standing": "on offer every round and never discarded (the King's card, B1.4, B3.5); "
                "its offer slot is the kind's ``slot`` or the card's ``stack``",
    "bid": "played to bid for turn order; brings caballeros to court (power cards, B1.3)",
    "hand": "held in a player's hand and played as bid and special action at once (I1, I3)",
    "award": "handed out after the bids by rank (I3): the ``awarded`` field or the set's "
             "per-player-count table says to whom",
    "rules": "a rule text, not a card in play (errata)",
}
#: The built-in kind every set may use.
ERRATUM = "erratum"
#: Fields every kind requires, and fields every kind may have.
COMMON_REQUIRED = ("id", "set", "kind")
COMMON_ALLOWED = ("rules", "source", "notes", "status", "unknown", "confidence", "summary",
                  "sic")


@attr.frozen(slots=False, repr=False, eq=False)
class CardKind:
    """One kind of card.

    Attributes:
        name: the value of a card file's ``kind`` field.
        role: one of :data:`ROLES`.
        doc: what the kind is, for designers and the schema.
        requires: fields a card of the kind must have (a value, or ``null`` listed in
            its ``unknown``), besides :data:`COMMON_REQUIRED`.
        allows: fields it may have, besides :data:`COMMON_ALLOWED`.
        slot: the offer slot / stack number of every card of the kind (0: the card's
            ``stack`` says).
        count: how many cards (copies counted) of the kind the set holds (0: any).
        label: display title template for a card without ``title`` (``{field}`` replaced;
            an unknown field shows as ``?``).
        set: the set whose manifest declares it.
    """

    __eq__ = plain_eq
    __hash__ = plain_hash
    __repr__ = plain_repr

    name: str
    role: str
    doc: str
    requires: tuple[str, ...]
    allows: tuple[str, ...] = ()
    slot: int = 0
    count: int = 0
    label: str = ""
    set: str = ""

    @property
    def fields(self) -> tuple[str, ...]:
        """Every field a card of this kind may have, common ones included."""
        return (*COMMON_REQUIRED, *self.requires, *self.allows, *COMMON_ALLOWED)

    @property
    def required(self) -> tuple[str, ...]:
        """Every field a card of this kind must have, common ones included."""
        return (*COMMON_REQUIRED, *self.requires)


BUILTIN = CardKind(ERRATUM, "rules", "an erratum: dated replacements of another card's fields",
                   ("card", "date", "replaces"), ("optional", "with_set"))


@attr.frozen(slots=False, repr=False, eq=False)
class Kinds:
    """The card kinds of a combination of sets.

    Attributes:
        by_name: kind name -> :class:`CardKind` of the kinds in play (``erratum``
            included), in declaration order.
        retired: kinds declared by an earlier set that a later set takes out of play
            (``retires_kinds``, e.g. I1): their card files are still valid, but their cards
            are not loaded into a game.
        sets: the sets they come from.
        retired_by: retired kind name -> the title of the set that retires it.
    """

    __eq__ = plain_eq
    __hash__ = plain_hash

    by_name: dict[str, CardKind]
    retired: dict[str, CardKind] = attr.field(factory=dict)
    sets: tuple[str, ...] = ()
    retired_by: dict[str, str] = attr.field(factory=dict)

    @property
    def names(self) -> tuple[str, ...]:
        """Every kind a card file may have: those in play (``erratum`` last), then the
        retired ones."""
        return (*self.by_name, *self.retired)

    def get(self, name: Any) -> CardKind | None:
        """The kind ``name`` (in play or retired), or None when no set declares it."""
        if not isinstance(name, str):
            return None
        return self.by_name.get(name) or self.retired.get(name)

    def in_play(self, name: str) -> bool:
        """True when cards of kind ``name`` take part in a game of these sets."""
        return name in self.by_name

    def of_role(self, role: str) -> list[CardKind]:
        """The kinds in play with this role, in declaration order."""
        return [k for k in self.by_name.values() if k.role == role]


def load_kinds(sets: Iterable[str] = ("base",), search: Sequence[Path] = ()) -> Kinds:
    """The card kinds declared by the manifests of ``sets`` (in order; ``retires_kinds``
    of a later set removes kinds of earlier ones, e.g. I1). Cached.

    Raises:
        DataError: a malformed ``card_kinds`` entry (unknown role or field, a kind
        declared twice), with file and line; an unknown set.
    """
    return _load_kinds(set_names(sets), tuple(Path(p) for p in search))


def shipped_kinds(more: Sequence[str] = (), search: Sequence[Path] = ()) -> Kinds:
    """The union of the kinds of every shipped set (what ``cards/schema.json`` describes,
    and what a card file is checked against when no sets are named), and of the homebrew
    sets ``more`` found in the folders ``search``."""
    return _load_kinds((*shipped_set_ids(), *more), tuple(Path(p) for p in search),
                       retire=False)


@lru_cache(maxsize=32)
def _load_kinds(sets: tuple[str, ...], search: tuple[Path, ...], retire: bool = True
                ) -> Kinds:
    kinds: dict[str, CardKind] = {}
    retired: dict[str, CardKind] = {}
    retired_by: dict[str, str] = {}
    for s in sets:
        data, pos, path = read_manifest(s, search)
        raw = data.get("card_kinds") or {}
        if not isinstance(raw, dict):
            line, col = pos.get(("card_kinds",))
            raise DataError(path, "card_kinds must map kind names to their fields", line, col)
        for name, entry in raw.items():
            kinds[str(name)] = _kind(str(name), entry, s, path, pos, kinds, FIELD_BY_NAME)
        for j, name in enumerate(data.get("retires_kinds") or []):
            if name not in kinds:
                line, col = pos.get(("retires_kinds", j))
                raise DataError(path, f"retires_kinds names {name!r}, which no earlier set "
                                "declares", line, col, "known: " + ", ".join(kinds))
            if retire:
                retired[str(name)] = kinds.pop(name)
                retired_by[str(name)] = str(data.get("title") or s)
    kinds[ERRATUM] = BUILTIN
    return Kinds(kinds, retired, sets, retired_by)


def _kind(name: str, entry: Any, set_id: str, path: str, pos: Any,
          known: dict[str, CardKind], fields: dict[str, Any]) -> CardKind:
    def err(msg: str, *sub: Any, hint: str = "") -> DataError:
        line, col = pos.get(("card_kinds", name, *sub))
        return DataError(path, f"card kind {name!r}: {msg}", line, col, hint)

    if name in known or name == ERRATUM:
        raise err("declared twice (kinds are unique over the sets in play)")
    if not isinstance(entry, dict):
        raise err("expected a mapping with role, doc, requires, allows")
    bad = sorted(set(entry) - {"role", "doc", "requires", "allows", "slot", "count", "label"})
    if bad:
        raise err(f"unknown key {bad[0]!r}", bad[0],
                  hint="keys: role, doc, requires, allows, slot, count, label")
    role = entry.get("role")
    if role not in ROLES:
        raise err(f"role {role!r} is not one of {', '.join(ROLES)}", "role")
    lists: dict[str, tuple[str, ...]] = {}
    for key in ("requires", "allows"):
        raw = entry.get(key) or []
        if not isinstance(raw, list):
            raise err(f"{key} must be a list of field names", key)
        for j, f in enumerate(raw):
            if f not in fields or f in COMMON_REQUIRED or f in COMMON_ALLOWED:
                raise err(f"{key} names {f!r}, which is not a kind-specific field of the "
                          "card format", key, j, hint="fields: " + ", ".join(
                              x for x in fields if x not in COMMON_REQUIRED
                              and x not in COMMON_ALLOWED))
        lists[key] = tuple(str(f) for f in raw)
    for key in ("slot", "count"):
        v = entry.get(key, 0)
        if not isinstance(v, int) or isinstance(v, bool) or v < 0:
            raise err(f"{key} must be a whole number >= 0, got {v!r}", key)
    return CardKind(name, str(role), str(entry.get("doc", "")), lists["requires"],
                    lists["allows"], int(entry.get("slot", 0)), int(entry.get("count", 0)),
                    str(entry.get("label", "")), set_id)
