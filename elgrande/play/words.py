"""Texts of the engine as people read them (B3.4): the seat markers by the players'
names (:mod:`elgrande.model.seats`), the card markers by the cards' printed titles and
what a card does with a choice (:mod:`elgrande.model.marks`, B8), and the place ids a
text quotes (``'galicia'``, ``allowed: old_castile``) by the names the board gives them.
The game facade, the command line and the server show every prompt, label and refusal
through :func:`in_words`.
"""

from __future__ import annotations

import re
import weakref
from collections.abc import Sequence
from typing import Final

from elgrande.data.library import Library
from elgrande.model.board import Board
from elgrande.model.marks import CARD, DOES, USE
from elgrande.model.seats import named
from elgrande.play.narrate import card_labels

#: A place id of a board in a text, by ``id`` of the board: (the board, kept so that
#: its id is not reused; a pattern of its ids quoted or as bare words).
_IDS: dict[int, tuple[Board, re.Pattern[str]]] = {}
#: The words after which a bare word is English, not a place id.
_WORDS: Final = re.compile(r"\b(a|an|the|no|each|any|every|this|that)\s+$", re.I)


#: The cards' labels of each library met, by ``id``: (a weak reference to the library, so
#: that its id is not reused; :func:`card_labels` of its cards).
_LABELS: dict[int, tuple[weakref.ref[Library], dict[str, str]]] = {}


def card_titles(lib: Library) -> dict[str, str]:
    """Card id -> the card's label in every text for people (B8: a special action is its
    card's): its printed title, or where another card of ``lib`` has that title one that
    tells them apart (:func:`elgrande.play.narrate.card_labels`, ``"Special Scoring
    (stack 3)"``). Worked out once per library; read only."""
    hit = _LABELS.get(id(lib))
    if hit is None or hit[0]() is not lib:
        if len(_LABELS) >= 64:  # many libraries loaded in one process
            _LABELS.clear()
        hit = _LABELS[id(lib)] = (weakref.ref(lib), card_labels(lib.cards.cards.values()))
    return hit[1]


def card_label(lib: Library, cid: str) -> str:
    """How the log, the prompts, the command line and the page name card ``cid`` (an id
    of ``lib``'s cards, :func:`card_titles`): its title, told apart from the other cards
    with that title; an id ``lib`` does not hold as itself. Raises nothing."""
    return card_titles(lib).get(cid, cid)


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
        return board.place_name(m.group(1) or m.group(2))
    return hit[1].sub(one, text)


def in_words(text: str, names: Sequence[str], lib: Library) -> str:
    """``text`` (a prompt, a label or a refusal of the engine) as the players read it:
    players by ``names`` (B3.4), cards by their labels (:func:`card_label`: the title,
    told apart from other cards with that title), what a card does with a choice
    (B8) and what its special action does in brief (B4.5), places by their names.

    Args:
        text: a text from the engine.
        names: the players' names by seat.
        lib: the loaded library (board, cards, scripts).
    """
    text = named(text, names)
    if "{" in text:
        # the card language's renderer, on the first text that needs it (cold start)
        from elgrande.dsl.choice_words import action_brief, choice_use
        text = USE.sub(lambda m: choice_use(lib.scripts.get(m.group(1)), m.group(2)), text)
        text = DOES.sub(lambda m: action_brief(lib.scripts.get(m.group(1))), text)
        text = CARD.sub(lambda m: card_label(lib, m.group(1)), text)
    return places_named(text, lib.board)


__all__ = ["card_label", "card_titles", "in_words", "places_named"]
