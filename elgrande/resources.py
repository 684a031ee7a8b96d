"""Where the shipped data lives: ``cards/`` and ``grammar/``.

In a built wheel both folders are inside the package (``elgrande/cards``,
``elgrande/grammar``, put there by the build backend); in a source checkout or an editable
install they are at the repository root, beside ``elgrande/``. This module finds either.
"""

from __future__ import annotations

from pathlib import Path

_PKG = Path(__file__).resolve().parent


def data_dir(name: str) -> Path:
    """Return the folder of shipped data ``name`` (``"cards"``, ``"grammar"`` or
    ``"examples"``).

    Raises:
        FileNotFoundError: neither the packaged nor the checkout location exists.
    """
    for candidate in (_PKG / name, _PKG.parent / name):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError(f"elgrande data folder {name!r} not found beside {_PKG}")


def cards_dir() -> Path:
    """The folder holding one sub-folder per card set (``base``, ``colonies``, ...)."""
    return data_dir("cards")


def grammar_dir() -> Path:
    """The folder holding the Lark grammar files."""
    return data_dir("grammar")
