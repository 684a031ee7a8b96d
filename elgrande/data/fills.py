"""Fills: data overlays that supply values for unknown card fields (docs/library.md).

A card field no source gives is ``null`` and named in the card's ``unknown:`` list. A game
refuses to start while a card in play has one (:class:`MissingCardData`), unless it names
a fill: ``cards/<set>/fills/<name>.yaml`` (or a path to such a file). A fill may supply
unknown fields only, never change a sourced one::

    fill: provisional
    set: intrigue-king                  # whose manifest 'manifest:' entries fill
    source: "docs/library.md"
    cards:                              # card id -> unknown field -> value
      ik-10: {heads: 6}
      ik-90: {heads: 3, effect: "move scoreboard to anywhere except king\\n"}  # optional: I6
    no_special_action: [ik-30]          # play with no special action ("special action unknown")
    out_of_play: [ik-unknown-1]         # not in play with this fill (their data is missing)
    manifest:                           # the set manifest's unknown figures, by dotted key
      caballero_cards.4: [5, 4, 3, 2]

A fill is data: completing a set is a data-only change (better still: correct the card
files, then the fill entry becomes an error and is removed).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

import attrs

from elgrande.data import yamlpos
from elgrande.data.card_fields import FIELD_BY_NAME, INCOMPLETE
from elgrande.data.card_format import value_problem
from elgrande.data.cards import (
    FILLS_DIR,
    CardDef,
    CardSet,
    card_from,
    fill_files,
    read_file,
)
from elgrande.data.kinds import Kinds
from elgrande.errors import CardError, DataError, SettingError

#: The keys a fill file may have.
FILL_KEYS = ("fill", "set", "source", "notes", "cards", "no_special_action", "out_of_play",
             "manifest")


class MissingCardData(DataError):
    """A game of these sets cannot start: card data is missing (docs/library.md).

    Attributes:
        missing: ``(card id or "<set> set manifest", field, why)`` for every missing field
            of every card in play, in card-id order.
        fills: the fills the sets ship (names), for the hint.
    """

    def __init__(self, missing: Sequence[tuple[str, str, str]], fills: Sequence[str]) -> None:
        by_card: dict[str, dict[str, list[str]]] = {}
        for card, field, why in missing:
            by_card.setdefault(card, {}).setdefault(why, []).append(field)
        by_gap: dict[str, list[str]] = {}  # cards missing the same fields named together
        for c, whys in by_card.items():
            gap = ", ".join(f"{', '.join(fs)} ({why})" for why, fs in whys.items())
            by_gap.setdefault(gap, []).append(c)
        lines = "; ".join(", ".join(cs) + (f" ({len(cs)} cards)" if len(cs) > 2 else "")
                          + ": " + gap for gap, cs in by_gap.items())
        shipped = ", ".join(fills) or "none shipped"
        super().__init__("", f"card data missing for {len(by_card)} card(s) in play: {lines}",
                         hint=f"use fill=... / --fill NAME to play with provisional values "
                         f"(fills of these sets: {shipped}), or complete the card files "
                         "(docs/homebrew.md, section 8)")
        self.missing = list(missing)
        self.fills = list(fills)


@attrs.frozen(slots=False, repr=False)
class Fill:
    """A loaded fill (one or more files of the same name, one per set).

    Attributes:
        name: the fill's name (``provisional``) or the file it was given as.
        files: every file it came from.
        cards: card id -> field -> value, with where each entry is written
            (``entries[card id] = (file, positions)``).
        no_action: card id -> (file, positions): plays with no special action.
        out_of_play: card id -> (file, positions): not in play with this fill.
        manifest: set id -> dotted key -> value (the set manifest's unknown figures).
    """

    name: str
    files: tuple[str, ...]
    cards: dict[str, dict[str, Any]]
    entries: dict[str, tuple[str, yamlpos.Positions]]
    no_action: dict[str, tuple[str, yamlpos.Positions]]
    out_of_play: dict[str, tuple[str, yamlpos.Positions]]
    manifest: dict[str, dict[str, Any]]


def shipped_fills(dirs: Iterable[str | Path]) -> list[str]:
    """The names of the fills found in the ``fills/`` folders of ``dirs``, sorted."""
    return sorted({f.stem for d in map(Path, dirs) if (d / FILLS_DIR).is_dir()
                   for f in (d / FILLS_DIR).glob("*.yaml")})


def load_fill(name: str, dirs: Sequence[str | Path]) -> Fill:
    """Load fill ``name`` for a game whose sets and homebrew folders are ``dirs``.

    Raises:
        SettingError: no such fill (the hint lists the fills there are). CardError: a
        malformed fill file (unknown key, a card entry that is not a mapping, a null
        value, a card listed twice), located in the file.
    """
    files = fill_files(name, dirs)
    if not files:
        raise SettingError("fill", f"unknown fill {name!r}: no set in play has "
                           f"fills/{name}.yaml",
                           hint="fills here: " + (", ".join(shipped_fills(dirs)) or "none"))
    cards: dict[str, dict[str, Any]] = {}
    entries: dict[str, tuple[str, yamlpos.Positions]] = {}
    no_action: dict[str, tuple[str, yamlpos.Positions]] = {}
    out: dict[str, tuple[str, yamlpos.Positions]] = {}
    manifest: dict[str, dict[str, Any]] = {}
    for f in files:
        data, pos = read_file(f)
        path = str(f)
        if not isinstance(data, dict):
            raise CardError(path, "a fill must be a mapping", 1, 1, "start with 'fill: NAME'",
                            code="E-FILL")
        for key in data:
            if key not in FILL_KEYS:
                line, col = pos.key_at.get((key,), pos.get((key,)))
                raise CardError(path, f"unknown key {key!r} in a fill", line, col,
                                "keys: " + ", ".join(FILL_KEYS), code="E-FILL")
        raw = data.get("cards") or {}
        if not isinstance(raw, dict):
            raise CardError(path, "'cards' must map card ids to fields", *pos.get(("cards",)),
                            code="E-FILL")
        for cid, values in raw.items():
            line, col = pos.get(("cards", cid))
            if not isinstance(values, dict) or not values:
                raise CardError(path, f"the entry of {cid!r} must map fields to values",
                                line, col, code="E-FILL")
            if cid in entries:
                raise CardError(path, f"card {cid!r} is filled twice (also in "
                                f"{entries[cid][0]})", line, col, code="E-FILL")
            for field, v in values.items():
                if v is None:
                    raise CardError(path, f"{cid}: a fill gives values, not null ({field!r})",
                                    *pos.get(("cards", cid, field)), code="E-FILL")
            cards[str(cid)] = dict(values)
            entries[str(cid)] = (path, pos)
        for key, target in (("no_special_action", no_action), ("out_of_play", out)):
            ids = data.get(key) or []
            if not isinstance(ids, list):
                raise CardError(path, f"{key!r} must be a list of card ids", *pos.get((key,)),
                                code="E-FILL")
            for cid in ids:
                target[str(cid)] = (path, pos)
        extra = data.get("manifest") or {}
        if extra:
            set_id = data.get("set")
            if not isinstance(set_id, str) or not isinstance(extra, dict):
                raise CardError(path, "'manifest' entries need the fill's 'set' and a mapping "
                                "of dotted keys to values", *pos.get(("manifest",)),
                                code="E-FILL")
            manifest.setdefault(set_id, {}).update(extra)
    return Fill(name, tuple(str(f) for f in files), cards, entries, no_action, out, manifest)


def apply_fill(cards: CardSet, fill: Fill, kinds: Kinds) -> CardSet:
    """The cards with ``fill`` applied: each filled field's value set (and recorded in
    ``CardDef.provisional``), the ``no_special_action`` cards marked, the ``out_of_play``
    cards removed.

    Raises:
        CardError: located in the fill file: an unknown card id (``E-FILL-UNKNOWN-CARD``),
        a field the card's ``unknown`` does not list, i.e. a sourced one
        (``E-FILL-SOURCED``), a value of the wrong type (``E-FILL-TYPE``), an effect
        script with a syntax error (``E-SYNTAX``).
    """
    out = dict(cards.cards)
    for cid, (path, pos) in fill.out_of_play.items():
        _card(out, cid, path, pos, ("out_of_play",))
        del out[cid]
    for cid, values in fill.cards.items():
        path, pos = fill.entries[cid]
        card = _card(out, cid, path, pos, ("cards", cid))
        for field, v in values.items():
            where = ("cards", cid, field)
            if field not in card.unknown:
                line, col = pos.key_at.get(where, pos.get(where))
                what = ("a sourced field" if card.data.get(field) is not None
                        else "not in its 'unknown' list")
                raise CardError(path, f"the fill cannot change {field!r} of card {cid!r}: "
                                f"{what} ({card.path})", line, col,
                                f"fills supply unknown fields only; {cid}'s are: "
                                + (", ".join(card.unknown) or "none"),
                                code="E-FILL-SOURCED")
            err = value_problem(FIELD_BY_NAME[field], v)
            if err:
                raise CardError(path, f"{cid}: field {field!r}: {err}", *pos.get(where),
                                FIELD_BY_NAME[field].doc, code="E-FILL-TYPE")
        no_action = cid in fill.no_action
        out[cid] = _filled(card, values, no_action, kinds, (path, pos, ("cards", cid, "effect")))
    for cid, (path, pos) in fill.no_action.items():
        if cid in fill.cards:
            continue
        card = _card(out, cid, path, pos, ("no_special_action",))
        if "effect" not in card.unknown:
            line, col = pos.get(("no_special_action",))
            raise CardError(path, f"the fill cannot take the special action of card {cid!r}: "
                            f"its effect is not unknown ({card.path})", line, col,
                            code="E-FILL-SOURCED")
        out[cid] = _filled(card, {}, True, kinds, (path, pos, ("no_special_action",)))
    return CardSet(out, cards.errata, cards.kinds)


def _card(cards: dict[str, CardDef], cid: str, path: str, pos: yamlpos.Positions,
          where: tuple[Any, ...]) -> CardDef:
    if cid not in cards:
        import difflib

        close = difflib.get_close_matches(cid, cards, n=1)
        line, col = pos.key_at.get(where, pos.get(where))
        raise CardError(path, f"the fill names card {cid!r}, which is not in play", line, col,
                        f"did you mean {close[0]!r}?" if close else "", "E-FILL-UNKNOWN-CARD")
    return cards[cid]


def _filled(card: CardDef, values: dict[str, Any], no_action: bool, kinds: Kinds,
            effect_pos: tuple[str, yamlpos.Positions, tuple[Any, ...]]) -> CardDef:
    d = dict(card.data)
    d.update(values)
    covered = set(values)
    if no_action:  # no special action: its effect and whether it is optional are moot
        covered |= {"effect", "optional"} & set(card.unknown)
    elif "effect" in values and "optional" in card.unknown and "optional" not in values:
        d["optional"] = False  # I6: the fill's script is the text, and it says no "you may"
        covered.add("optional")
    d["unknown"] = [f for f in card.unknown if f not in covered]
    if not d["unknown"]:
        del d["unknown"]
        if not card.missing:
            d["status"] = "complete"
    else:
        d["status"] = INCOMPLETE
    own = "effect" not in values and isinstance(d.get("effect"), str)
    if own:
        d["effect"] = None  # the card's own script is kept, not parsed again
    new = card_from(d, card.path, effect_pos, kinds, card.errata_applied,
                    tuple(f for f in card.unknown if f in covered), no_action)
    if own:
        new = attrs.evolve(new, effect=card.effect, script=card.script,
                           effect_path=card.effect_path,
                           data={**new.data, "effect": card.data.get("effect")})
    return new


def fill_values(dirs: Iterable[str | Path]) -> dict[str, list[tuple[str, str, Any]]]:
    """What every fill under ``dirs`` (``<dir>/fills/*.yaml``) supplies, by card id:
    ``(fill name, field, value)``; ``no_special_action`` shows as field ``effect`` with
    the value ``None``; ``out_of_play`` as field ``in play`` with ``False``; a set's
    manifest figures are listed under ``"set:<set id>"``. For the docs,
    which mark each provisional value (docs/library.md).

    Raises:
        CardError: a malformed fill file.
    """
    out: dict[str, list[tuple[str, str, Any]]] = {}
    for d in map(Path, dirs):
        for f in sorted((d / FILLS_DIR).glob("*.yaml")) if (d / FILLS_DIR).is_dir() else []:
            fill = load_fill(str(f), [d])
            name = f.stem
            for cid, values in fill.cards.items():
                out.setdefault(cid, []).extend((name, k, v) for k, v in values.items())
                if "effect" in values and "optional" not in values:  # I6, as in _filled
                    out[cid].append((name, "optional", False))
            for cid in fill.no_action:
                out.setdefault(cid, []).append((name, "effect", None))
            for cid in fill.out_of_play:
                out.setdefault(cid, []).append((name, "in play", False))
            for set_id, figures in fill.manifest.items():  # a set's figures: "set:<id>"
                out.setdefault(f"set:{set_id}", []).extend(
                    (name, k, v) for k, v in figures.items())
    return out
