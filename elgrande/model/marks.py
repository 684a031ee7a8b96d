"""Cards named in texts for people: the engine knows card ids, not their printed titles,
nor (in a primitive) the script a choice belongs to. A text of the engine (a decision's
prompt) names a card by :func:`card`, a marker such as ``{card:evict}``, and says what
the card does with a choice by :func:`use`, ``{use:evict:target}``, and what its
special action does by :func:`does`, ``{does:veto-card}``; the layer that knows
the loaded cards (the game facade, the command line, the server) shows the text through
:func:`elgrande.play.words.in_words`, as it shows the seat markers
(:mod:`elgrande.model.seats`, B3.4). Answers and records keep ids.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Final

#: A card marker (:func:`card`); group 1 is the card id.
CARD: Final = re.compile(r"\{card:([^{}:]+)\}")
#: A use marker (:func:`use`); group 1 is the card id, group 2 the chosen name, group 3
#: (None when the marker has none) the names the card has bound already, ``"a=3,b=1"``.
USE: Final = re.compile(r"\{use:([^{}:]+):([^{}:]+)(?::([^{}:]*))?\}")
#: A does marker (:func:`does`); group 1 is the card id.
DOES: Final = re.compile(r"\{does:([^{}:]+)\}")


def card(cid: str) -> str:
    """The marker naming card ``cid`` in a text for people, shown as its printed title
    (B8: a special action is its card's)."""
    return f"{{card:{cid}}}"


def use(cid: str, var: str, bound: Mapping[str, int] | None = None) -> str:
    """The marker saying what card ``cid`` does with its choice ``var`` (shown as
    ``" Then: ..."`` in words, or nothing when its script does not say, B8).

    Args:
        cid: the card id.
        var: the name the choice is assigned to.
        bound: the names the card's effect has bound already and their values (a place
            index, a seat or a number, as the script's phrase for the name says), so that
            the words name them (``from Catalonia``) rather than "the other chosen
            region"; read by :func:`bound_values`. Raises nothing.
    """
    if not bound:
        return f"{{use:{cid}:{var}}}"
    values = ",".join(f"{k}={v}" for k, v in bound.items())
    return f"{{use:{cid}:{var}:{values}}}"


def bound_values(text: str | None) -> dict[str, int]:
    """The bound names of a use marker's group 3 (:data:`USE`): ``"a=3,b=1"`` ->
    ``{"a": 3, "b": 1}``; ``{}`` for None or a part that is not ``name=integer``
    (B8). Raises nothing."""
    out: dict[str, int] = {}
    for part in (text or "").split(","):
        name, _, value = part.partition("=")
        if name and value.lstrip("-").isdigit():
            out[name] = int(value)
    return out


def does(cid: str) -> str:
    """The marker saying what card ``cid``'s special action does, shown as
    ``" (keep this card as a veto ...)"`` in words when its script says it briefly, else
    as nothing (B4.5: the order question tells what carrying the action out means)."""
    return f"{{does:{cid}}}"


__all__ = ["CARD", "DOES", "USE", "bound_values", "card", "does", "use"]
