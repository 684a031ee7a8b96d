"""Texts of the engine as people read them (B3.4): the seat markers by the players'
names (:mod:`elgrande.model.seats`), the card markers by the cards' printed titles and
what a card does with a choice (:mod:`elgrande.model.marks`, B8), and the place ids a
text quotes (``'galicia'``, ``allowed: old_castile``) by the names the board gives them.
The game facade, the command line and the server show every prompt, label and refusal
through :func:`in_words`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Final

from elgrande.data.library import Library
from elgrande.dsl.choice_words import action_brief, choice_use
from elgrande.model.board import Board
from elgrande.model.marks import CARD, DOES, USE
from elgrande.model.seats import named

#: A place id of a board in a text, by ``id`` of the board: (the board, kept so that
#: its id is not reused; a pattern of its ids quoted or as bare words).
_IDS: dict[int, tuple[Board, re.Pattern[str]]] = {}
#: The words after which a bare word is English, not a place id.
_WORDS: Final = re.compile(r"\b(a|an|the|no|each|any|every|this|that)\s+$", re.I)


def place_name(board: Board, pid: str) -> str:
    """The name the board gives place ``pid`` (``old_castile`` -> ``Old Castile``), or
    ``pid`` when the board has no such place (B1: the board's places)."""
    return str(board.places[board.index[pid]].name) if pid in board.index else pid


def places_named(text: str, board: Board) -> str:
    """``text`` with each place id it quotes or says (a word that is a place id of
    ``board``) as the place's name (B1: the board's places)."""
    if not any(pid in text for pid in board.index):  # (most texts: quick)
        return text
    hit = _IDS.get(id(board))
    if hit is None or hit[0] is not board:
        if len(_IDS) >= 64:  # many boards loaded in one process
            _IDS.clear()
        ids = "|".join(re.escape(p.id) for p in sorted(board.places, key=lambda p: -len(p.id)))
        hit = _IDS[id(board)] = (board, re.compile(rf"'({ids})'|\b({ids})\b"))

    def one(m: re.Match[str]) -> str:
        if m.group(2) and _WORDS.search(text, 0, m.start()):
            return m.group(0)  # (an English word after an article: "a ship move")
        return place_name(board, m.group(1) or m.group(2))
    return hit[1].sub(one, text)


def in_words(text: str, names: Sequence[str], lib: Library) -> str:
    """``text`` (a prompt, a label or a refusal of the engine) as the players read it:
    players by ``names`` (B3.4), cards by their titles, what a card does with a choice
    (B8) and what its special action does in brief (B4.5), places by their names.

    Args:
        text: a text from the engine.
        names: the players' names by seat.
        lib: the loaded library (board, cards, scripts).
    """
    text = named(text, names)
    if "{" in text:
        cards = lib.cards.cards
        text = USE.sub(lambda m: choice_use(lib.scripts.get(m.group(1)), m.group(2)), text)
        text = DOES.sub(lambda m: action_brief(lib.scripts.get(m.group(1))), text)
        text = CARD.sub(lambda m: str(cards[m.group(1)].title) if m.group(1) in cards
                        else m.group(1), text)
    return places_named(text, lib.board)


__all__ = ["in_words", "place_name", "places_named"]
