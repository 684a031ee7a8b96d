"""Where the shipped data lives: ``cards/`` and ``grammar/``.

In a built wheel both folders are inside the package (``elgrande/cards``,
``elgrande/grammar``, put there by the build backend); in a source checkout or an editable
install they are at the repository root, beside ``elgrande/``. This module finds either.
"""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

_PKG = Path(__file__).resolve().parent.parent  # elgrande/, above files/


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


def is_compiled(module: ModuleType) -> bool:
    """Whether ``module`` comes from the optional mypyc build (docs/compiled.md):
    an extension module, not a ``.py`` file."""
    return not str(getattr(module, "__file__", "") or "").endswith(".py")


def python_source(module: ModuleType) -> str:
    """The Python source of ``module``; for a compiled module, the ``.py`` file that the
    build ships beside it (mypyc keeps no module docstring and only erased annotations,
    ``list`` for ``list[int]``, which the docs and the saved-game checks read).

    Raises:
        OSError: the source file cannot be read.
    """
    path = Path(str(module.__file__))
    return path.with_name(module.__name__.rsplit(".", 1)[-1] + ".py").read_text(
        encoding="utf-8")
