"""The card reference page (``cards.md``, HTML ``index.html``): every card of every
set, indexes by stack, kind and primitive, the map, and each card's fields, text,
script, English rendering, rules and errata.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from elgrande.data.card_fields import text_as_shown
from elgrande.data.cards import CardDef, CardSet, parse_effect
from elgrande.data.fills import fill_values
from elgrande.data.kinds import shipped_kinds
from elgrande.data.manifests import load_board
from elgrande.dsl.render import render
from elgrande.dsl.signatures import SIGNATURES
from elgrande.files.resources import cards_dir
from elgrande.tools.docs.document import (
    MAP_FILE,
    Code,
    Element,
    Heading,
    Inline,
    Items,
    Page,
    Para,
    Quote,
    Span,
    Table,
    _code,
    _generated,
    _image,
    _link,
    _strong,
    _t,
)
from elgrande.tools.docs.loading import (
    _order,
    _rule_links,
    _set_info,
    display_path,
    primitives_used,
    rules_of,
    shipped_rule_params,
    shipped_sets,
)


def _card_link(c: CardDef, page: str = "") -> Inline:
    """A link to card ``c``'s entry on the card page (``page``: '' from that page itself)."""
    return _t(_link(c.title or c.id, f"{page}#card-{c.id}"), " (", _code(c.id), ")")


def cards_page(cards: CardSet, names: Mapping[str, str] | None = None) -> Page:
    """The card reference page; ``names``: the printed names of the sets' off-board spaces
    and tokens, by id (:func:`elgrande.tools.docs.loading.declared_names`), for the
    English of the scripts."""
    shipped_rule_params()  # the shipped modules made: their rule parameters' English known
    all_cards = sorted(cards.cards.values(), key=_order)
    set_ids = sorted(set(shipped_sets()) | {c.set for c in all_cards})
    infos = {s: _set_info(s) for s in set_ids}
    body: list[Element] = [
        Para(_generated()),
        Para(_t(f"{len(all_cards)} cards in {len(set_ids)} sets. The effect scripts are "
                "written in the ", _link("effect language", "dsl#top"), "; each card shows "
                "its printed text beside what its script does in English, so a mismatch "
                "is visible.")),
        Heading(2, _t("Sets"), "sets"),
        Table(("Set", "Title", "Cards", "Status"), tuple(
            (_t(_link(s, f"#set-{s}")), _t(infos[s].title),
             _t(str(sum(1 for c in all_cards if c.set == s))),
             _t(infos[s].status if infos[s].manifest else "homebrew (no set manifest)"))
            for s in set_ids)),
        *_map_section(),
        Heading(2, _t("Index by stack"), "by-stack"),
    ]
    actions = [c for c in all_cards if c.role == "stack"]
    for stack in sorted({c.stack for c in actions}):
        body.append(Heading(3, _t(f"Stack {stack}"), f"stack-{stack}"))
        body.append(Items(tuple(
            _t(_card_link(c), f", {c.copies} copies" if c.copies > 1 else "", f" — {c.set}")
            for c in actions if c.stack == stack)))
    kings = [c for c in all_cards if c.role == "standing"]
    if kings:
        body.append(Heading(3, _t("Cards on offer every round"), "stack-king"))
        body.append(Items(tuple(_t(_card_link(c), f" (places {c.stack}) — {c.set}")
                                for c in kings)))
    powers = [c for c in all_cards if c.role == "bid"]
    if powers:
        body.append(Heading(3, _t("Power cards"), "power-cards"))
        body.append(Table(("Value", "Caballeros to court", "Card", "Set"), tuple(
            (_t(str(c.value)), _t(str(c.court)), _card_link(c), _t(c.set)) for c in powers)))
    for kind in shipped_kinds().by_name.values():  # the expansions' other kinds
        of = [c for c in all_cards if c.kind == kind.name and c.role in ("hand", "award")]
        if of:
            body.append(Heading(3, _t(f"Kind {kind.name}"), f"kind-{kind.name}"))
            body.append(Items(tuple(_t(_card_link(c), f" — {c.set}") for c in of)))
    body.append(Heading(2, _t("Index by primitive"), "by-primitive"))
    rows = []
    for name in SIGNATURES:
        users = [c for c in all_cards if name in primitives_used(c.script)]
        links: list[str | Span | Inline] = []
        for i, c in enumerate(users):
            links += [", " if i else "", _link(c.id, f"#card-{c.id}")]
        rows.append((_t(_link(name, f"dsl#primitive-{name}")),
                     _t(*links) if users else _t("not used")))
    body.append(Table(("Primitive", "Cards"), tuple(rows)))
    for s in set_ids:
        info = infos[s]
        body.append(Heading(2, _t(f"Set {s}: {info.title}"), f"set-{s}"))
        figures = _FILLS().get(f"set:{s}", [])
        if figures:
            body.append(Para(_t(_strong("Provisional figures"), " (unknown in the set "
                                "manifest): ", "; ".join(f"{k} = {_provisional(v)} ({fill} "
                                                         "fill)" for fill, k, v in figures))))
        in_set = [c for c in all_cards if c.set == s]
        if not in_set:
            body.append(Para(_t("No cards yet" + (f" (set status: {info.status})."
                                                  if info.status != "complete" else "."))))
        for c in in_set:
            body.extend(_card_section(c, cards, names))
    return Page("cards", "El Grande card reference", tuple(body))


def _map_section() -> list[Element]:
    """The map once, as a picture drawn from the base set's ``map:`` data."""
    return [Heading(2, _t("The map"), "map"),
            Para(_t("The regions with their values (1st / 2nd / 3rd) and the Castillo, "
                    "drawn from the ", _code("map:"), " section of ",
                    _code("cards/base/set.yaml"), " (a schematic, not the printed board; "
                    "neighbours share a border as the adjacency lists say):")),
            Para(_t(_image("The map of the base game", MAP_FILE)))]


def map_picture() -> str:
    """The empty map of the base game as SVG (``map.svg`` beside the card reference)."""
    from elgrande.tools.board_svg import map_svg

    return map_svg(load_board(("base",)))


def _card_section(c: CardDef, cards: CardSet,
                  names: Mapping[str, str] | None = None) -> list[Element]:
    out: list[Element] = [Heading(3, _t(c.title or c.id), f"card-{c.id}")]
    fields: list[tuple[Inline, Inline]] = [
        (_t("id"), _t(_code(c.id))), (_t("set"), _t(c.set)), (_t("kind"), _t(c.kind))]
    if c.role == "bid":
        fields += [(_t("value"), _t(str(c.value))), (_t("court"), _t(str(c.court))),
                   (_t("copies"), _t(f"{c.copies} per player"))]
    elif c.role in ("stack", "standing") and "place" not in c.data:
        fields += [(_t("stack"), _t(str(c.stack))), (_t("copies"), _t(str(c.copies)))]
    else:  # an expansion kind's play fields; unknown ones (the card's unknown list) marked
        fields += [(_t(k), _t(_shown_value(c, k))) for k in
                   ("stack", "value", "heads", "place", "gold", "goods", "awarded", "optional",
                    "effect") if (k in c.data or k in c.missing)
                   and (k != "effect" or c.script is None)]
        fields.append((_t("copies"), _t(str(c.copies))))
    fields += [(_t(f"{field} ({fill} fill)"), _t(_strong("provisional"), ": ", _provisional(v)))
               for fill, field, v in _FILLS().get(c.id, [])]
    fields.append((_t("file"), _t(_code(display_path(c.path)))))
    if c.status != "complete":
        fields.append((_t("status"), _t(_strong(c.status))))
    out.append(Table(("Field", "Value"), tuple(fields)))
    if c.text:  # a misprint kept as printed (the file's sic) marked [sic]
        out.append(Quote(_t(text_as_shown(c.text, c.data))))
    if c.data.get("summary"):
        out.append(Para(_t(_strong("What the sources say:"), " ", str(c.data["summary"]))))
    if c.script is not None:
        out.append(Para(_t(_strong("Effect script:"))))
        out.append(Code(c.effect.rstrip("\n"), "text"))
        out.append(Para(_t(_strong("What the script does:"), " ", render(c.script, names))))
    rules = rules_of(c)
    if rules:
        out.append(Para(_t(_strong("Rules:"), " ", _rule_links(rules))))
    used = primitives_used(c.script)
    if used:
        parts: list[str | Span | Inline] = [_strong("Primitives:"), " "]
        for i, name in enumerate(used):
            parts += [", " if i else "", _link(name, f"dsl#primitive-{name}")]
        out.append(Para(_t(*parts)))
    errata = sorted((e for e in cards.errata.values() if e.card == c.id),
                    key=lambda e: (e.date, e.id))
    if c.errata_applied or errata:
        out.append(Para(_t(_strong("Errata:"))))
        items: list[Inline] = []
        for e in errata:
            state = ("optional, switch on with " if e.optional else
                     f"applied whenever sets {e.set} and {e.with_set} are both in play"
                     if e.with_set else "applied, ")
            item = _t(_code(e.id), f" ({e.date}; {state}", _code(f"--errata {e.id}")
                      if e.optional else "" if e.with_set else "always", "): replaces ",
                      ", ".join(sorted(e.replaces)))
            if "text" in e.replaces:
                item = _t(item, ". Text: “", str(e.replaces["text"]).strip(), "”")
            if "effect" in e.replaces:
                script = parse_effect(str(e.replaces["effect"]), e.path, e.positions,
                                      ("replaces", "effect"))
                item = _t(item, ". Effect: ", _code(" / ".join(
                    line.strip() for line in str(e.replaces["effect"]).strip().splitlines())),
                    " — ", render(script, names))
            items.append(item)
        for d in c.errata_applied:
            if d not in cards.errata:
                items.append(_t(f"inline erratum of {d} (applied)"))
        out.append(Items(tuple(items)))
    if c.data.get("notes"):
        out.append(Para(_t(_strong("Notes:"), " ", str(c.data["notes"]).strip())))
    if c.data.get("source"):
        out.append(Para(_t(_strong("Source:"), " ", str(c.data["source"]).strip())))
    return out


def _FILLS() -> dict[str, list[tuple[str, str, Any]]]:  # noqa: N802 - a cached table
    """What the shipped fills supply, by card id (each value is marked provisional)."""
    if not _FILL_CACHE:
        _FILL_CACHE.append(fill_values(cards_dir() / s for s in shipped_sets()))
    return _FILL_CACHE[0]


_FILL_CACHE: list[dict[str, list[tuple[str, str, Any]]]] = []


def _shown_value(c: CardDef, field: str) -> str:
    v = c.data.get(field)
    if v is None:
        return "unknown" if field in c.unknown else "not written yet (see the notes)"
    return str(v).lower() if isinstance(v, bool) else str(v)


def _provisional(v: Any) -> str:
    if v is None:
        return "no special action (the log says 'special action unknown')"
    if v is False:
        return "not in play with this fill"
    if isinstance(v, str):
        return " / ".join(line.strip() for line in v.strip().splitlines())
    return str(v).lower() if isinstance(v, bool) else str(v)


