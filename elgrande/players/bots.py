"""The bots by name: ``random`` and ``greedy`` (:mod:`elgrande.players.simple`) and
``ismcts`` (:mod:`elgrande.players.ismcts`); :func:`make_bot` makes one, :func:`play` lets
bots play a game out (B8.5a: a bot answers from ``game.view(player)`` only).
"""

from __future__ import annotations

from collections.abc import Sequence

from elgrande.players.ismcts import ISMCTSBot
from elgrande.players.simple import GREEDY_CANDIDATES, Bot, GreedyBot, RandomBot, outlook, play

__all__ = ["BOTS", "FILL_BOT", "GREEDY_CANDIDATES", "Bot", "GreedyBot", "ISMCTSBot",
           "RandomBot", "make_bot", "outlook", "play", "seat_bots"]


#: The bots by name (``elgrande play --bots``, ``elgrande simulate --bots``).
BOTS: dict[str, type[RandomBot] | type[GreedyBot]] = {"random": RandomBot,
                                                     "greedy": GreedyBot,
                                                     "ismcts": ISMCTSBot}


def make_bot(name: str, seed: int) -> RandomBot | GreedyBot:
    """A bot by name (``random``, ``greedy`` or ``ismcts``).

    Raises:
        ValueError: unknown name.
    """
    if name not in BOTS:
        raise ValueError(f"unknown bot {name!r}; known: {', '.join(BOTS)}")
    return BOTS[name](seed)


#: The bot that fills the seats of a short ``--bots`` list naming no bot (only ``human``).
FILL_BOT = "greedy"


def seat_bots(names: Sequence[str], players: int) -> list[str]:
    """The bot name of each of ``players`` seats from a list that may be shorter
    (``elgrande play --bots``, ``elgrande simulate --bots``).

    The named bots take the first seats in order; the remaining seats get the last bot
    named, never a second ``human``: after a ``human``, the last other bot named, else
    :data:`FILL_BOT`. ``seat_bots(["human", "greedy"], 4)`` is
    ``["human", "greedy", "greedy", "greedy"]``; ``seat_bots(["random", "human"], 3)`` is
    ``["random", "human", "random"]``; ``seat_bots(["human"], 3)`` is
    ``["human", "greedy", "greedy"]``.

    Args:
        names: at least one bot name, at most ``players`` of them.
        players: the player count (B1.0).
    """
    fill = next((b for b in reversed(names) if b != "human"), FILL_BOT)
    return [names[i] if i < len(names) else fill for i in range(players)]
