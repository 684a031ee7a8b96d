"""Game seeds: one range everywhere, and seeds drawn from the operating system (B2).

Every shuffle and draw of a game follows from its seed (B2), so a seed someone can guess
gives away the hidden things (the order of the action-card stacks): replaying a few
thousand small seeds finds the one whose first view matches. A game started without a
seed therefore draws one from the operating system (:func:`draw_seed`,
:class:`random.SystemRandom`, what :mod:`secrets` draws with, 64 bits, never below 2**32
so it cannot be mistaken for a small chosen one); the record header keeps it (a record is
not a view; no view shows it). A seed you choose stays reproducible, but a small one can
be guessed: games between people should leave it out.

Seeds are integers from :data:`SEED_MIN` to :data:`SEED_MAX` (0 to 2**64-1) wherever they
are taken: :func:`elgrande.new_game`, ``elgrande play --seed``, ``elgrande simulate
--first-seed``, record headers and the OpenSpiel adapter.
"""

from __future__ import annotations

import random
from typing import Any, Final

#: The smallest and largest seed (inclusive).
SEED_MIN: Final = 0
SEED_MAX: Final = 2 ** 64 - 1
#: The range in words, as errors state it.
SEED_RANGE: Final = f"an integer from {SEED_MIN} to 2**64-1 ({SEED_MAX})"
#: Drawn seeds are at least this (above every seed a person would type).
DRAWN_MIN: Final = 2 ** 32
#: The operating system's randomness (``os.urandom``), as :mod:`secrets` draws it: that
#: module also imports ``hmac`` and so loads OpenSSL, about 4M instructions of every
#: cold start (docs/performance.md, "Start-up and validate").
_SYSTEM: Final = random.SystemRandom()


def is_seed(value: Any) -> bool:
    """True when ``value`` is a seed: an ``int`` (not a ``bool``) within the range."""
    return (isinstance(value, int) and not isinstance(value, bool)
            and SEED_MIN <= value <= SEED_MAX)


def check_seed(value: Any, what: str = "seed") -> int:
    """Return ``value`` if it is a seed.

    Raises:
        ValueError: anything else, naming ``what`` and the range (B2).
    """
    if not is_seed(value):
        raise ValueError(f"{what} must be {SEED_RANGE}, not {value!r:.40}")
    return int(value)


def draw_seed(rng: random.Random | None = None) -> int:
    """A fresh seed from the operating system's randomness (``os.urandom``, as
    :func:`secrets.randbelow` draws), or from ``rng`` where given (a seeded search):
    uniform over :data:`DRAWN_MIN` .. :data:`SEED_MAX` (64 bits). Raises nothing."""
    return DRAWN_MIN + (rng or _SYSTEM).randrange(SEED_MAX - DRAWN_MIN + 1)
