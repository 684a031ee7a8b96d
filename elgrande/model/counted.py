"""A count and its noun in a text for people: ``"1 caballero"``, ``"3 caballeros"``. One
place for the plural of every prompt, refusal, log line and page text (B1.1's caballeros,
B6's points), so no text says "caballero(s)"."""

from __future__ import annotations

from typing import Any


def noun(n: Any, singular: str) -> str:
    """``singular`` for a count ``n`` of one, else its plural (``singular`` + "s")."""
    return singular if n == 1 else singular + "s"


def counted(n: Any, singular: str) -> str:
    """``n`` and its noun: ``counted(1, "point") == "1 point"``,
    ``counted(3, "caballero") == "3 caballeros"`` (a negative or zero count is plural)."""
    return f"{n} {noun(n, singular)}"


__all__ = ["counted", "noun"]
