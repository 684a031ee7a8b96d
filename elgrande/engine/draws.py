"""The game's draw key (B2) and the run mark of a card gone to a card place (B4.6): what
the flow engine, the game facade and the base rules module need of the card statements
before any card is played, in a module of its own, so that a start imports neither the
card statements (:mod:`elgrande.engine.cards`) nor the interpreter
(docs/performance.md, "Start-up and `validate`")."""

from __future__ import annotations

from typing import Final

from elgrande.files.diskcache import sha256  # not hashlib's: no OpenSSL to load

#: The run's mark (a key no variable can have) that its own card, found in no place while
#: it is carried out, went to a card place (held, a stack, the offer): the special
#: action's end then puts it under no stack (B4.6).
PLACED: Final = "#placed"

#: Draw keys are 1 .. KEY_RANGE (a saved game's integers stay below 10**12).
KEY_RANGE: Final = 10 ** 12 - 1


def draw_key(seed: int) -> int:
    """The game's draw key from its seed (B2): a hash, so that the key does not tell the
    seed (which orders the stacks); no number is drawn from the setup's stream.

    Args:
        seed: the game's seed (an int).
    Returns:
        an int in 1 .. :data:`KEY_RANGE`. Raises nothing.
    """
    digest = sha256(f"elgrande-draws:{seed}".encode()).digest()
    return int.from_bytes(digest[:8], "big") % KEY_RANGE + 1
