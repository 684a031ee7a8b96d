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
from collections.abc import Iterator, Mapping, Sequence
from typing import Any, Final

from elgrande.data.library import Library
from elgrande.model.board import Board
from elgrande.model.marks import CARD, DOES, USE, bound_values
from elgrande.model.seats import named
from elgrande.play.narrate import card_names

#: A place id of a board in a text, by ``id`` of the board: (the board, kept so that
#: its id is not reused; a pattern of its ids quoted or as bare words).
_IDS: dict[int, tuple[Board, re.Pattern[str]]] = {}
#: The words after which a bare word is English, not a place id.
_WORDS: Final = re.compile(r"\b(a|an|the|no|each|any|every|this|that)\s+$", re.I)


#: The cards' names of each library met, by ``id``: (a weak reference to the library, so
#: that its id is not reused; card id -> label; card id -> ``(label, aside)``,
#: :func:`card_names` of its cards).
_LABELS: dict[int, tuple[weakref.ref[Library], dict[str, str],
                         dict[str, tuple[str, str]]]] = {}


def _named(lib: Library) -> tuple[dict[str, str], dict[str, tuple[str, str]]]:
    """``lib``'s cards' labels and ``(label, aside)`` pairs (:func:`card_names`), worked
    out once per library; read only."""
    hit = _LABELS.get(id(lib))
    if hit is None or hit[0]() is not lib:
        if len(_LABELS) >= 64:  # many libraries loaded in one process
            _LABELS.clear()
        names = card_names(lib.cards.cards.values())
        hit = _LABELS[id(lib)] = (weakref.ref(lib), {c: n for c, (n, _) in names.items()},
                                  names)
    return hit[1], hit[2]


def card_titles(lib: Library) -> dict[str, str]:
    """Card id -> the card's label in every text for people (B8: a special action is its
    card's): its printed title, or where another card of ``lib`` has that title one that
    tells them apart (:func:`elgrande.play.narrate.card_names`, ``"Special Scoring
    (stack 3)"``). Worked out once per library; read only."""
    return _named(lib)[0]


class CardTitles(Mapping[str, str]):
    """:func:`card_titles` of a library worked out on its first read, not before: what a
    game's chronicle names cards by (B8: a special action is its card's). Telling apart
    the cards that share a title reads every card's text (about 1.2M instructions a
    library, docs/performance.md, "Start-up and validate"), and the first decision of a
    game with Colonies or Intrigue & the King names no card (a base game's names the
    round's offer, B3.1). Read only; raises ``KeyError`` for an id ``lib`` does not hold,
    as a dict does.

    Args:
        lib: the library whose cards are named.
    """

    __slots__ = ("_lib", "_got")

    def __init__(self, lib: Library) -> None:
        self._lib = lib
        self._got: dict[str, str] | None = None

    def _titles(self) -> dict[str, str]:
        got = self._got
        if got is None:
            got = self._got = card_titles(self._lib)
        return got

    def __getitem__(self, cid: str) -> str:
        return self._titles()[cid]

    def __iter__(self) -> Iterator[str]:
        return iter(self._titles())

    def __len__(self) -> int:
        return len(self._titles())


def card_label(lib: Library, cid: str) -> str:
    """How the log, the prompts, the command line and the page name card ``cid`` (an id
    of ``lib``'s cards, :func:`card_titles`): its title, told apart from the other cards
    with that title; an id ``lib`` does not hold as itself. Raises nothing."""
    return card_titles(lib).get(cid, cid)


def card_aside(lib: Library, cid: str) -> str:
    """What card ``cid``'s label adds to its printed title to tell it apart from the
    other cards of ``lib`` with that title, without brackets (``"stack 3"``; ``""`` where
    no other card has the title, or for an id ``lib`` does not hold). Raises nothing."""
    got = _named(lib)[1].get(cid)
    return got[1] if got is not None else ""


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
    if "{" in text:
        # the card language's renderer, on the first text that needs it (cold start)
        from elgrande.dsl.choice_words import action_brief, choice_use, limits_said
        ids = [p.id for p in lib.board.places] if "{use:" in text else []
        text = limits_said(text, lib.scripts, ids)  # a card's own limit (B8)
        text = USE.sub(lambda m: choice_use(lib.scripts.get(m.group(1)), m.group(2),
                                            bound_values(m.group(3)), ids), text)
        text = DOES.sub(lambda m: action_brief(lib.scripts.get(m.group(1))), text)
        text = CARD.sub(lambda m: card_label(lib, m.group(1)), text)
    text = named(text, names)  # (after the uses: a bound player is a seat marker)
    return places_named(text, lib.board)


__all__ = ["CardTitles", "card_aside", "card_label", "card_titles", "in_words", "places_named"]


def answer_words(answer: Any, labels: Sequence[str], board: Board) -> str:
    """An answer (as records keep it) in words, for where no log line says it: a
    ``choose_option``'s index as its label ``labels[i]``; ``{place id: count}`` as
    ``"1 in Old Castile, 2 in Galicia"``; a list as its items; a place id by its name
    (B1); ``None`` as ``"nothing"``. Raises nothing."""
    if answer is None:
        return "nothing"
    if isinstance(answer, bool):
        return "yes" if answer else "no"
    if isinstance(answer, int) and 0 <= answer < len(labels):
        return str(labels[answer])
    if isinstance(answer, dict):
        return ", ".join(f"{answer_words(v, (), board)} in {answer_words(k, (), board)}"
                         for k, v in answer.items()) or "nothing"
    if isinstance(answer, list | tuple):
        return ", ".join(answer_words(a, (), board) for a in answer) or "nothing"
    said = str(answer)
    return board.place_name(said) if said in board.index else places_named(said, board)
