"""The question whether to carry out a turn's special action (B4.4) in words that say
where in the turn it is asked: before the player places caballeros (they chose the
special action first, B4.5), after they placed them (the next step they chose: "as you
chose"), or with nothing to place. A player who chose "special action first" is asked it
once, before placing, never again after. And the B4.5 question before it (when the
special action comes: before or after placing), for a card whose action may be declined
and for one whose action is compulsory (I6: no decline follows).
"""

from __future__ import annotations

from typing import Any, Final

from elgrande.model import marks
from elgrande.model.marks import card
from elgrande.model.state import State
from elgrande.rules.base_data import BaseRound


def offer_prompt(state: State, part: BaseRound, player: int, cid: str) -> str:
    """The prompt of the B4.4 question to ``player`` about card ``cid`` (a card marker,
    :mod:`elgrande.model.marks`), given the turn's progress ``part`` (B4.5).

    Args:
        state: the game state (the player's court).
        part: the base rules' part of the flow (``placed``).
        player: the player whose turn it is (0-based seat).
        cid: the card taken this turn.
    """
    if part.placed:
        # the step the player chose to come after the placement (f15: "Now carry out
        # ..., or decline it?" read as the question asked again)
        return (f"{card(cid)}: your caballeros are placed. Next, as you chose, the card's "
                "special action: carry it out, or decline it?")
    if state.court[player] > 0:
        return (f"{card(cid)}: you chose to carry out the special action first. Carry it "
                "out now, before you place your caballeros, or decline it?")
    return f"{card(cid)}: carry out the card's special action, or decline it?"


__all__ = ["offer_prompt"]


#: The options of the order decision (B4.5): decisions are never changed once made, so
#: they share them. The answer is the label's index (0 "after", as records always had
#: it); ``shown`` is the order a page lists them in, as B4.5 says it ("before" first);
#: ``follows``: the answers the same seat is asked again right after (B4.4's carry out
#: or decline, "before"), so a page may ask both at once.
ORDER_OPTIONS: Final[dict[str, Any]] = {
    "labels": ["after placing my caballeros", "before placing my caballeros"],
    "shown": [1, 0], "follows": [1]}
#: The B4.5 question after the card's marker; the B4.4 one (carry out or decline)
#: follows when the action comes.
ORDER_PROMPT: Final = ("When will you carry out its special action{does}: before or after "
                       "placing your caballeros? (You may also decline it.)")
#: The B4.5 question and answers for a card whose special action is compulsory (I6: no
#: decline follows), said as the page says the declinable card's
#: (``page_words.ORDER_WORDS``); the answers' indexes as ever: 0 after, 1 before.
COMPULSORY_PROMPT: Final = ("When will you carry out its special action{does}: before or "
                            "after placing your caballeros?")
COMPULSORY_OPTIONS: Final[dict[str, Any]] = {
    "labels": ["Place my caballeros first, then carry out the special action",
               "Special action first, then place my caballeros"],
    "shown": [1, 0]}


def order_prompt(cid: str, compulsory: bool = False) -> str:
    """The B4.5 question for action card ``cid``: ``"{card:cid}: When will you carry out
    its special action{does:cid}: ..."``, the markers shown in words by
    :func:`elgrande.play.words.in_words` (the card's title, and what its action does when
    its script says it briefly: a Veto's is keeping the card); ``compulsory`` (I6: a
    card whose action cannot be declined): without "(You may also decline it.)". Raises
    nothing."""
    return f"{marks.card(cid)}: " + (COMPULSORY_PROMPT if compulsory else ORDER_PROMPT
                                     ).format(does=marks.does(cid))
