"""What the page says of a card whose printed face no source gives (f16): the
expansions' cards with ``unknown:`` fields (docs/library.md) that a game plays with the
provisional fill, and the Intrigue & the King cards the page would show as bare numbers.
Only the card files' and the fill's data are said, never invented words: a card with no
text says so, then what the game makes it do ("played as: ..."), each filled value
marked provisional.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path
from typing import Any, Final

from elgrande.data.card_fields import text_as_shown
from elgrande.data.cards import CardDef
from elgrande.data.sets import read_manifest
from elgrande.dsl import ast
from elgrande.dsl.parser import parse
from elgrande.errors import CardError, DataError
from elgrande.model.counted import counted
from elgrande.play.game import Game
from elgrande.play.narrate import by_first_value

#: How the words of a card whose face no source gives begin (:func:`face_words`).
UNKNOWN = "text unknown"

#: What each number field of a card makes it do in play (docs/rules.md B4.3, C7, C8, I4),
#: in the order said: field -> the words before its count, the thing counted.
PLAYED = (("heads", "brings", "caballero", " from the provinces to court (I4)"),
          ("court", "brings", "caballero", " to court (B4.1)"),
          ("place", "places up to", "caballero", " from court (B4.3, C8)"),
          ("gold", "shows", "gold disc", " (C7)"),
          ("goods", "shows", "goods disc", " (C7)"))


def _played(card: CardDef) -> list[str]:
    """The parts of "played as: ..." from ``card``'s number fields, each a fill's value
    marked "provisional"."""
    out = []
    for field, verb, thing, tail in PLAYED:
        n = card.data.get(field)
        if isinstance(n, int) and not isinstance(n, bool):
            mark = ", provisional" if field in card.provisional else ""
            tail = tail[:-1] + mark + ")" if tail.endswith(")") else tail
            out.append(f"{verb} {counted(n, thing)}{tail}")
    return out


def printed_words(card: CardDef) -> str:
    """``card``'s printed text as the page shows it, word for word: a misprint its file's
    ``sic`` lists marked ``[sic]`` (:func:`~elgrande.data.card_fields.text_as_shown`),
    regions named by their first value glossed (B8.6, f28: ``"Score all 5 regions
    [every region whose first value is 5]."``, :func:`~elgrande.play.narrate.
    by_first_value`); ``""`` for a card with no printed text."""
    return all_or_some(by_first_value(text_as_shown(card.text, card.data), gloss=True),
                       card.effect)


#: A printed "move all" not already saying "or some".
_MOVE_ALL: Final = re.compile(r"\b(move all)\b(?!\s*\(?or some)", re.IGNORECASE)


def all_or_some(text: str, effect: str) -> str:
    """B8.2 (f34: the printed "move all of your own Caballeros" and the option's "move all
    or some" read as a contradiction): ``text`` with its first printed "move all" glossed
    ``"move all [or some, B8.2]"`` when the card's script ``effect`` moves "all or some"
    (B8.2: such a card may move all or only some); ``text`` as it is otherwise. Raises
    nothing (a script that does not parse glosses nothing)."""
    if not _moves_all_or_some(effect):
        return text
    return _MOVE_ALL.sub(lambda m: f"{m.group(1)} [or some, B8.2]", text, count=1)


@lru_cache(maxsize=256)
def _moves_all_or_some(effect: str) -> bool:
    """Whether script ``effect`` has an "all or some" quantity (B8.2), read from its parsed
    statements (not its words); False for no script or one that does not parse."""
    if not effect.strip():
        return False
    try:
        script = parse(effect)
    except CardError:
        return False
    return any(isinstance(n, ast.Qty) and n.mode == "all_or_some" for n in ast.walk(script))


def face_words(card: CardDef) -> str:
    """What the page says a card does (B8: its special action), never empty: its printed
    text; else the card file's paraphrase (``summary``, what the sources say it does);
    else ``"text unknown (no published source gives this card's face; played as: ...)"``
    with what the data and the provisional fill make it do (the caballeros it brings or
    places, the discs it shows, each filled value marked provisional, and "no special
    action" where the fill takes it away or no script gives one).

    Args:
        card: a card of the game's library (errata and fill applied).
    """
    if card.text.strip():  # a misprint kept as printed marked [sic] (its file's sic)
        return printed_words(card)
    summary = card.data.get("summary")
    if isinstance(summary, str) and summary.strip():
        return summary.strip()
    parts = _played(card)
    if card.no_action or card.effect is None:
        parts.append("no special action" + (" (provisional)" if card.no_action else ""))
    return (UNKNOWN + " (no published source gives this card's face; played as: "
            + "; ".join(parts) + ")")


@lru_cache(maxsize=32)
def _set_title(set_id: str, dirs: tuple[Path, ...]) -> str:
    try:
        data = read_manifest(set_id, list(dirs))[0]
    except DataError:
        return set_id
    return str(data.get("title") or set_id)


def unknown_aside(game: Game, card: CardDef) -> str:
    """What is known of a card whose face no source gives, said in one line under its
    title on the offer (f17, C1: "7th-stack card · stack 7" then this, never its id):
    ``"a card of Grand Inquisitor & the Colonies whose face no published source
    gives"`` (its set's title from the set's manifest, else the set's id). Raises
    nothing."""
    dirs = tuple(d.parent for d in game.library.board.set_dirs)
    return f"a card of {_set_title(str(card.set), dirs)} whose face no published source gives"


def intrigue_card(game: Game, value: Any) -> CardDef | None:
    """The Intrigue & the King combined action/power card of ``value`` (I1) in the game's
    library, or None (another set's number, a value not in play)."""
    if not isinstance(value, int) or isinstance(value, bool):
        return None
    for card in game.library.cards.of_kind("intrigue"):
        if card.value == value:
            return card
    return None


def intrigue_words(game: Game, value: Any) -> str | None:
    """What an Intrigue & the King card's number means (I1, I3): ``"Card 15: its value 15
    (I3: the highest card of a round takes the King card and the highest Caballero card,
    the lowest the Intrigue card); brings 6 caballeros from the provinces to court (I4,
    provisional); special action: You may place 5 ..."``. None for a value that is no
    such card.

    Args:
        game: the game.
        value: the card's value (an int, 10-180 for the 1997 deck).
    """
    card = intrigue_card(game, value)
    if card is None:
        return None
    parts = [f"Card {value}: its value {value} (I3: the highest card of a round takes the "
             "King card and the highest Caballero card, the lowest the Intrigue card)"]
    parts += _played(card)
    text = face_words(card)
    if text.startswith(UNKNOWN):
        parts.append("special action: unknown (no published source gives it; "
                     + ("plays with none, provisional)" if card.no_action or card.effect is None
                        else "plays the provisional fill's)"))
    else:
        parts.append("special action: " + text)
    return "; ".join(parts)


def intrigue_heads(game: Game, value: Any) -> int | None:
    """The caballeros Intrigue & the King card ``value`` brings from the provinces to
    court (I4; a fill's value where no source gives it), or None (no such card, or not
    known)."""
    card = intrigue_card(game, value)
    heads = card.data.get("heads") if card is not None else None
    return heads if isinstance(heads, int) and not isinstance(heads, bool) else None


#: The line above a decision among Intrigue & the King cards (I1, I3, I4): what their
#: numbers are.
INTRIGUE_LEGEND = ("Each number is one of your Intrigue & the King cards: its value (I3: the "
                   "highest played takes the King card, the lowest the Intrigue card) and "
                   "the caballeros it brings from the provinces to court (I4). Point at one "
                   "for its special action.")


def explain(game: Game, kind: str, options: list[dict[str, Any]],
            card: dict[str, Any] | None) -> str | None:
    """Say in a decision's controls what each card means (f16), in place: an Intrigue &
    the King card's option (a card played, I3, or chosen before the game, I1) labelled
    with the caballeros it brings (``"15 · 6 caballeros"``, never the base game's power
    table, I1) and given ``"means"`` (:func:`intrigue_words`, the page's tooltip); an
    action card's option with no text, and the card under way ``card``
    (``{"id", "text", ...}``), given :func:`face_words`. Returns :data:`INTRIGUE_LEGEND`
    where an option is such a card (the line above the options), else None. Raises
    nothing."""
    legend = None
    for o in options:
        v = o.get("value")
        if kind in ("choose_power_card", "choose_cards"):
            means = intrigue_words(game, v)
            if means is None:
                continue
            heads = intrigue_heads(game, v)
            o["label"] = f"{v} · {counted(heads, 'caballero')}" if heads is not None else str(v)
            o["means"] = means
            legend = INTRIGUE_LEGEND
        elif kind == "choose_action_card" and not o.get("text") and isinstance(v, str):
            o["text"] = _face_of(game, v)
    if card and not card.get("text") and isinstance(card.get("id"), str):
        card["text"] = _face_of(game, card["id"])
    return legend


def _face_of(game: Game, cid: str) -> str:
    try:
        return face_words(game.library.card(cid))
    except KeyError:
        return ""
