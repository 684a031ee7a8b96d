"""A shuffle seed that brings chosen cards into play early, for playtesting (B2, B3.1).

No rule changes: the game is set up by the real :func:`~elgrande.engine.flow.setup` with
the seed found here, so its stacks are shuffled as in any game (B1.4) and dealt as in any
game (B3.1: each round turns up the top card of every stack). Only the seed is chosen, from
a bounded number drawn at random (:data:`TRIES`), as the one whose deal turns the chosen
cards up soonest: the latest round in which one of them first comes up is as early as
possible (then the sum of their rounds). A card not dealt from an action stack (a power
card in every hand, a card on offer every round, a hand chosen at the start) is in play
from the first round.

Also :func:`deal_chance`: the chance that a card of an action stack comes up at all in a
game, from its stack's size and the variant's rounds (B3.1, B3.7).
"""

from __future__ import annotations

import random
from fractions import Fraction
from math import comb
from typing import TYPE_CHECKING, Final

import attrs

from elgrande.engine.flow import setup
from elgrande.play.seeds import draw_seed

if TYPE_CHECKING:
    from collections.abc import Iterable

    from elgrande.data.library import Library
    from elgrande.model.state import State

#: The most seeds :func:`early_seed` tries.
TRIES: Final = 2000


@attrs.frozen
class EarlyDeal:
    """A seed found by :func:`early_seed`.

    Attributes:
        seed: the shuffle seed (B2); keep it secret like any drawn seed.
        rounds: per chosen card id, the round (the variant's numbering, B3.7) in which
            it first comes up, or None when this deal never turns it up.
        tried: how many seeds were set up to find it.
    """

    seed: int
    rounds: dict[str, int | None]
    tried: int


def reveal_rounds(state: State, rounds: list[int], cards: Iterable[str]) -> dict[str, int | None]:
    """The round in which each of ``cards`` first comes up in a game just set up (B3.1).

    Each round turns up one card of every action stack, taken as the rules take it
    (:meth:`~elgrande.model.state.State.draw_from_stack`, on this ``state``, which it
    empties: pass a throw-away one); a card used goes back under its stack (B4.6), behind
    every card not yet turned up, so the draws of the game's rounds are the first ones.

    Args:
        state: the state right after set-up (its ``stacks``); it is changed.
        rounds: the round numbers the variant plays, in order (B3.7).
        cards: card ids of the library.
    Returns:
        ``{card id: round or None}``: None for a card of a stack that this deal leaves
        below the last round's draw; the first round for a card in no stack.
    """
    first: dict[str, int] = {}
    for r in rounds:
        for i in range(len(state.stacks)):
            cid = state.draw_from_stack(i)
            if cid:
                first.setdefault(cid, r)
    stacked = {c for row in state.stacks for c in row} | set(first)
    start = rounds[0] if rounds else None
    return {c: first.get(c) if c in stacked else start for c in cards}


def early_seed(lib: Library, players: int, variant: str, cards: Iterable[str],
               rng: random.Random | None = None, tries: int = TRIES) -> EarlyDeal:
    """The seed, of at most ``tries`` drawn, whose set-up turns ``cards`` up soonest.

    Each seed is set up with the real :func:`~elgrande.engine.flow.setup` (B2) and its
    stacks' deal read with :func:`reveal_rounds`; the best is the one whose latest first
    round of the cards is earliest (a card never turned up counts after the last round),
    then the smallest sum. The search stops early when no seed can do better: each card
    in the first round, or as many first rounds as the cards sharing a stack need (only one
    card of a stack comes up per round).

    Args:
        lib: the loaded library the game plays with (homebrew folders included).
        players: the player count (B1.0).
        variant: the variant's name (``"standard"``, ``"short"``: B3.7).
        cards: the card ids to bring into play (at least one).
        rng: where seeds are drawn from (default: the operating system's randomness, as
            :func:`~elgrande.play.seeds.draw_seed`); seeds are at least
            :data:`~elgrande.play.seeds.DRAWN_MIN`.
        tries: the most seeds to set up (1 or more).
    Returns:
        The :class:`EarlyDeal`.
    Raises:
        ValueError: no cards, a card id the library does not hold, ``tries`` below 1, or
            a player count or variant the sets do not allow (from ``setup``).
    """
    ids = sorted(set(cards))
    if not ids:
        raise ValueError("name at least one card to deal early")
    unknown = [c for c in ids if c not in lib.cards.cards]
    if unknown:
        raise ValueError(f"cards not in this game's library: {', '.join(unknown)}")
    if type(tries) is not int or tries < 1:
        raise ValueError(f"tries must be 1 or more, not {tries!r}")
    rounds = list(lib.board.variants[variant].rounds) if variant in lib.board.variants else []
    late = len(rounds)  # the draw index of a card never turned up
    index = {r: i for i, r in enumerate(rounds)}
    floor = _best_possible(lib, ids)  # (no seed does better: stop there)
    best: tuple[tuple[int, int], int, dict[str, int | None]] | None = None
    tried = 0
    while tried < tries:
        tried += 1
        seed = draw_seed(rng)
        state, _, _ = setup(lib, players, seed, variant)
        got = reveal_rounds(state, rounds, ids)
        at = [late if r is None else index[r] for r in got.values()]
        score = (max(at), sum(at))
        if best is None or score < best[0]:
            best = (score, seed, got)
            if score <= floor:
                break
    assert best is not None
    return EarlyDeal(best[1], best[2], tried)


def _best_possible(lib: Library, ids: list[str]) -> tuple[int, int]:
    """The best score any deal can give ``ids`` (B3.1; the latest draw index, then their sum):
    one card of a stack comes up per round, so ``k`` cards of one stack need the draws
    ``0 .. k-1``."""
    per: dict[int, int] = {}
    for c in ids:
        stack = lib.card(c).stack
        if stack in lib.board.stacks and c in lib.deck(stack):
            per[stack] = per.get(stack, 0) + 1
    return (max(per.values(), default=1) - 1, sum(k * (k - 1) // 2 for k in per.values()))


@attrs.frozen
class Chance:
    """How likely an action-stack card is to come up in a game (B3.1).

    Attributes:
        copies: its copies in the stack; size: the stack's cards (all copies);
        draws: the cards the game turns up from that stack (one a round, B3.1);
        chance: the probability that at least one copy comes up.
    """

    copies: int
    size: int
    draws: int
    chance: Fraction


def deal_chance(lib: Library, card: str, variant: str) -> Chance | None:
    """The chance that ``card`` comes up in a game of ``variant`` by the deal alone
    (B3.1: each round played turns up the top card of each stack, B3.7 says which rounds
    are played; a card used goes back under its stack, B4.6, behind the cards not yet
    turned up, so a stack of ``n`` cards shows its top ``min(n, rounds)``): with ``c``
    copies, ``1 - C(n - c, d) / C(n, d)`` for ``d`` draws. None for a card in no action
    stack (always in play: a power card, a card on offer every round).

    Args:
        lib: the loaded library; card: a card id; variant: the variant's name.
    Raises:
        ValueError: a card id the library does not hold, or an unknown variant.
    """
    if card not in lib.cards.cards:
        raise ValueError(f"card {card!r} is not in this game's library")
    if variant not in lib.board.variants:
        raise ValueError(f"unknown variant {variant!r}")
    stack = lib.card(card).stack
    deck = lib.deck(stack) if stack in lib.board.stacks else []
    copies = deck.count(card)
    if not copies:
        return None
    size, draws = len(deck), min(len(deck), len(lib.board.variants[variant].rounds))
    chance = 1 - Fraction(comb(size - copies, draws), comb(size, draws))
    return Chance(copies, size, draws, chance)
