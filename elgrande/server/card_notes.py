"""What the page of ``elgrande serve`` says about the action card whose special action is
under way (B8): the card's printed text beside each of its decisions, and the cards a
host uploaded.

The reason a region choice of the card leaves out the Castillo is the engine's, shown as
it gives it (:mod:`elgrande.engine.choice_sources`): B8.2 where the card takes caballeros
from the chosen region, B8 where the card's places do not hold it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from elgrande.play.game import Game
from elgrande.rules.base_data import CARD_TAKEN_PHASES, PLACE

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
    return {"id": card.id, "title": game.card_label(card.id), "name": card.title,
            "text": card.text, "stack": card.stack or None}


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
