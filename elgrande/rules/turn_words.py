"""The question whether to carry out a turn's special action (B4.4) in words that say
where in the turn it is asked: before the player places caballeros (they chose the
special action first, B4.5), after they placed them (the next step they chose: "as you
chose"), or with nothing to place. A player who chose "special action first" is asked it
once, before placing, never again after.
"""

from __future__ import annotations

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
