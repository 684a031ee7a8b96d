"""What the page of ``elgrande serve`` says about the action card whose special action is
under way (B8): the card's printed text beside each of its decisions, and the cards a
host uploaded.

The reason a region choice of the card leaves out the Castillo is the engine's, shown as
it gives it (:mod:`elgrande.engine.choice_sources`): B8.2 where the card takes caballeros
from the chosen region, B8 where the card's places do not hold it.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from elgrande.play.game import Game
from elgrande.rules.base_data import CARD_TAKEN_PHASES, PLACE
from elgrande.server.card_faces import UNKNOWN, face_words

#: The phases of a turn whose decisions concern its card outside the card's script: a
#: card taken, all but the ordinary placement (B4.3), which is no part of the card.
CARD_PHASES = tuple(p for p in CARD_TAKEN_PHASES if p != PLACE)


def _card(game: Game) -> Any:
    """The loaded card of the turn under way while a decision concerns it (B4-B8: from
    its taking to the end of its special action, or while its script runs; not the
    turn's ordinary placement, B4.3, outside the card's script), or None."""
    cid = game.flow.card
    if not cid or (game.flow.run is None and game.flow.phase not in CARD_PHASES):
        return None  # (the last turn's card stays in the flow until the next turn)
    try:
        return game.library.card(cid)
    except KeyError:
        return None


def card_under_way(game: Game) -> dict[str, Any] | None:
    """``{"id", "title", "name", "text", "stack"}`` of the action card whose special
    action is under way (public once taken, B8), or None between special actions;
    ``stack`` None for a card from no stack (Intrigue & the King's cards, I1: never
    "stack 0"); ``title`` is the card's label in every text
    (:meth:`~elgrande.play.game.Game.card_label`: two "Intrigue" cards are told apart),
    ``name`` its printed title: the page's card note says the name and stack, then the
    text, which tells such cards apart (the label's aside would repeat the text, f16).

    Args:
        game: the game (its ``flow.card``).
    """
    card = _card(game)
    if card is None:
        return None
    # f16: a card with no printed text says its face; a misprint is marked [sic]
    text = face_words(card)
    split = placement_split(text, card.place) if not text.startswith(UNKNOWN) else None
    if split is not None:  # f19: which words are the turn's placement, which the action
        text += "\n" + split_words(*split, has_action=bool(card.effect))
    return {"id": card.id, "title": game.card_label(card.id), "name": card.title,
            "text": text, "stack": card.stack or None}


#: A clause of a card's face that states the turn's placement (B4.3): "place up to 3
#: caballeros from your court (next to the king, as B5.1)" (its count, then the king).
_PLACEMENT = re.compile(r"^(?:and |then )?place (?:up to )?(\d+) caballeros?\b(.*\bnext to "
                        r"the king\b.*)$", re.I | re.S)


def placement_split(text: str, place: int) -> tuple[str, str] | None:
    """``text`` (a card's face) cut into ``(placement, action)`` where a clause of it (a
    sentence, or a part of one between ``;``) states the turn's placement (B4.3): "place
    (up to) N caballeros ... next to the king" with N the card's ``place`` number; the
    placement its caballeros and where (``"up to 3 caballeros from your court (next to
    the king, as B5.1)"``), the action the other clauses (``"Take the Grand Inquisitor
    into your court; reposition 2 ... He stays in your court until another player takes
    this card."``, ``""`` for none). None where no clause states it (a special action's
    own placement, e.g. "Place up to 2 of your Caballeros ... there", names no king, and
    a count that is not the card's is no placement of the turn). Raises nothing.

    Args:
        text: the card's printed text or its file's summary.
        place: the caballeros the card places from court (B4.3), 0 for none.
    """
    if place <= 0:
        return None
    sentences = re.split(r"(?<=[.!?])\s+", text.strip())
    for i, sentence in enumerate(sentences):
        clauses = re.split(r";\s+", sentence.rstrip(".!?"))
        for j, clause in enumerate(clauses):
            m = _PLACEMENT.match(clause.strip())
            if m is None or int(m.group(1)) != place:
                continue
            noun = "caballero" if place == 1 else "caballeros"
            placed = f"{'up to ' if 'up to' in clause.lower() else ''}{place} {noun}" \
                f"{m.group(2)}".strip()
            rest = "; ".join(clauses[:j] + clauses[j + 1:])
            rest = rest + sentence[len(sentence.rstrip(".!?")):] if rest else ""
            action = " ".join(s for s in [*sentences[:i], rest, *sentences[i + 1:]] if s)
            return placed, action[:1].upper() + action[1:]
    return None


def split_words(placed: str, action: str, has_action: bool = True) -> str:
    """The card note's line saying which of a card's words are the turn's placement and
    which its special action (f19: "place up to 3 caballeros" read as part of the
    special action): ``"Your placement this turn (B4.3, made whether or not you carry
    out the special action): up to 3 caballeros from your court (next to the king, as
    B5.1). The special action (B8): the rest of the card."``; a card with no special
    action (``has_action`` false): ``"Your placement this turn (B4.3): up to 1
    caballero ... This card has no special action."``. Raises nothing.

    Args:
        placed: what :func:`placement_split` gives as the placement.
        action: what it gives as the rest ('' for nothing more).
        has_action: whether the card has a special action (a script).
    """
    placed = re.sub(r"\s+this turn$", "", placed.rstrip("."))
    if not has_action:
        return f"Your placement this turn (B4.3): {placed}. This card has no special action."
    head = (f"Your placement this turn (B4.3, made whether or not you carry out the special "
            f"action): {placed}.")
    return f"{head} The special action (B8): the rest of the card." if action else head


def uploaded(game: Game, folder: Path | None) -> list[dict[str, Any]]:
    """``[{"id", "title", "stack"}]`` of the cards ``game`` loaded from the uploaded
    folder ``folder`` (the host is told which cards were loaded; ``title`` their labels,
    :meth:`~elgrande.play.game.Game.card_label`; ``stack`` None for a card from no
    stack), in id order; [] for none.

    Args:
        game: a game made with ``cards=[folder]``.
        folder: the checked homebrew folder, or None.
    """
    if folder is None:
        return []
    root = folder.resolve()
    out = []
    for card in game.library.cards.cards.values():
        path = getattr(card, "path", None)
        if path and Path(path).resolve().is_relative_to(root):
            out.append({"id": card.id, "title": game.card_label(card.id),
                        "stack": card.stack or None})
    return sorted(out, key=lambda c: str(c["id"]))
