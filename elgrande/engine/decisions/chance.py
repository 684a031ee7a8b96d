"""Chance: the random draws of answers and of the setup (B2.1, B2.2, B2.5: the shuffled
region cards and the drawn start player; random answers of every decision kind).

Each draw takes the same numbers from a ``random.Random`` as its own ``randrange``,
``randint``, ``choice``, ``shuffle`` and ``sample`` would, drawn inline (compiled) for a
plain ``random.Random``: the same seed gives the same game in both builds.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Any, Final

Random = random.Random  # the rng's type, where a field named ``random`` hides the module

#: ``random.Random.randrange(n)`` draws ``getrandbits(n.bit_length())`` until below ``n``
#: (CPython's ``_randbelow_with_getrandbits``): random answers draw so inline, the same
#: numbers (a test compares them with ``randrange``).
_INLINE_DRAW: Final = getattr(random.Random, "_randbelow", None) is getattr(
    random.Random, "_randbelow_with_getrandbits", 0)
_RANDOM: Final = random.Random
#: ``random.Random``'s own ``getrandbits`` (the C method), called with the rng as its first
#: argument: one call without a method look-up on the instance per draw (the same numbers:
#: ``random.Random`` does not override it, and only a plain ``random.Random`` draws inline).
GETRANDBITS: Final = random.Random.getrandbits
#: The rng type :func:`draw_below` draws from inline (``random.Random``; None when this
#: python's ``randrange`` draws otherwise): a caller may test ``type(rng) is PLAIN_RANDOM``
#: and draw as :func:`draw_below` does, with :data:`GETRANDBITS`, without the call.
PLAIN_RANDOM: Final = random.Random if _INLINE_DRAW else None


def draw_below(rng: random.Random, n: int) -> int:
    """``rng.randrange(n)``: the same number, drawn the same way (inline, compiled, for a
    plain ``random.Random``; else by ``rng.randrange``).

    Raises:
        ValueError: ``n <= 0`` (as ``randrange``).
    """
    if n > 0 and _INLINE_DRAW and type(rng) is _RANDOM:
        k = n.bit_length()
        r: int = GETRANDBITS(rng, k)
        while r >= n:
            r = GETRANDBITS(rng, k)
        return r
    return rng.randrange(n)


def draw_int(rng: random.Random, a: int, b: int) -> int:
    """``rng.randint(a, b)``, drawn the same way (see :func:`draw_below`)."""
    if b >= a:
        return a + draw_below(rng, b + 1 - a)
    return rng.randint(a, b)  # raises, as randint does


def draw_choice(rng: random.Random, seq: Sequence[Any]) -> Any:
    """``rng.choice(seq)``, drawn the same way (see :func:`draw_below`)."""
    if len(seq):
        return seq[draw_below(rng, len(seq))]
    return rng.choice(seq)  # raises, as choice does


def draw_shuffle(rng: random.Random, x: list[Any]) -> None:
    """``rng.shuffle(x)``: the same order, drawn the same way (see :func:`draw_below`)."""
    if not (_INLINE_DRAW and type(rng) is _RANDOM):
        rng.shuffle(x)
        return
    for i in range(len(x) - 1, 0, -1):
        j = draw_below(rng, i + 1)
        x[i], x[j] = x[j], x[i]


def draw_sample(rng: random.Random, population: Sequence[Any], k: int) -> list[Any]:
    """``rng.sample(population, k)``: the same sample, drawn the same way (CPython's
    algorithm, inline for a plain ``random.Random``; see :func:`draw_below`)."""
    n = len(population)
    if not (_INLINE_DRAW and type(rng) is _RANDOM) or not 0 <= k <= n:
        return rng.sample(population, k)  # (raises for a bad k, as sample does)
    result: list[Any] = [None] * k
    setsize = 21  # as random.sample: a list pool when it is smaller than a set
    if k > 5:
        setsize += 4 ** math.ceil(math.log(k * 3, 4))
    # each j: draw_below(rng, m) inline (a plain random.Random, tested above; m >= 1):
    # one call less a card drawn
    if n <= setsize:
        pool = list(population)
        for i in range(k):
            m = n - i
            bits = m.bit_length()
            j: int = GETRANDBITS(rng, bits)
            while j >= m:
                j = GETRANDBITS(rng, bits)
            result[i] = pool[j]
            pool[j] = pool[m - 1]
    else:
        selected: set[int] = set()
        bits = n.bit_length()
        for i in range(k):
            j = GETRANDBITS(rng, bits)
            while j >= n or j in selected:
                j = GETRANDBITS(rng, bits)
            selected.add(j)
            result[i] = population[j]
    return result
