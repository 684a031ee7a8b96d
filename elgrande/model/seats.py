"""Players named in texts for people: the one way the engine writes a player (B3.4).

The engine and the rules modules count players by seat (0-based indices) and know no
names; a text for a person (a decision's prompt or option label, a refusal's message, a
reason an option is closed, a note in the log) names a player by :func:`seat`, a marker
such as ``{seat2}``. The layer that knows the game's names (the game facade and its log,
the command line, the server) shows such a text through :func:`named`, which puts each
player's name in its place (``p3`` with the default names, as the log says). Answers,
records, views' data and option keys keep the seats as numbers.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Final

#: The seat of the black caballeros, which no player owns (C8; ``state.NOBODY``, which
#: cannot be imported here: the state writes seats by :func:`seat`).
_BLACK: Final = -1
#: A seat marker in a text (:func:`seat`); group 1 is the seat.
SEAT = re.compile(r"\{seat(-?\d+)\}")


def seat(player: int) -> str:
    """The marker naming seat ``player`` (0-based) in a text for people: ``{seat2}``,
    shown as that player's name by :func:`named` (B3.4: players are seats)."""
    return f"{{seat{player}}}"


def seats(players: Sequence[int]) -> str:
    """Several seats in a text: ``"{seat0}, {seat2}"`` (:func:`seat` each, in order)."""
    return ", ".join(seat(p) for p in players)


def named(text: str, names: Sequence[str]) -> str:
    """``text`` with each seat marker (:func:`seat`) replaced by that player's name.

    Args:
        text: a text from the engine (a prompt, a label, a refusal, a note).
        names: the players' names by seat (``game.names``).
    Returns:
        The text as a person reads it; the marker of seat -1 (the black caballeros,
        which no player owns, C8) becomes ``black``, of another seat with no name
        (outside ``names``) ``player N`` (N the seat, 0-based).
    """
    if "{seat" not in text:
        return text
    return SEAT.sub(lambda m: _name(int(m.group(1)), names), text)


def _name(player: int, names: Sequence[str]) -> str:
    if 0 <= player < len(names):
        return str(names[player])
    return "black" if player == _BLACK else f"player {player}"


__all__ = ["SEAT", "named", "seat", "seats"]
