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
from typing import Final

#: A card marker (:func:`card`); group 1 is the card id.
CARD: Final = re.compile(r"\{card:([^{}:]+)\}")
#: A use marker (:func:`use`); group 1 is the card id, group 2 the chosen name.
USE: Final = re.compile(r"\{use:([^{}:]+):([^{}:]+)\}")
#: A does marker (:func:`does`); group 1 is the card id.
DOES: Final = re.compile(r"\{does:([^{}:]+)\}")


def card(cid: str) -> str:
    """The marker naming card ``cid`` in a text for people, shown as its printed title
    (B8: a special action is its card's)."""
    return f"{{card:{cid}}}"


def use(cid: str, var: str) -> str:
    """The marker saying what card ``cid`` does with its choice ``var`` (shown as
    ``" Then: ..."`` in words, or nothing when its script does not say, B8)."""
    return f"{{use:{cid}:{var}}}"


def does(cid: str) -> str:
    """The marker saying what card ``cid``'s special action does, shown as
    ``" (keep this card as a veto ...)"`` in words when its script says it briefly, else
    as nothing (B4.5: the order question tells what carrying the action out means)."""
    return f"{{does:{cid}}}"


__all__ = ["CARD", "DOES", "USE", "card", "does", "use"]
