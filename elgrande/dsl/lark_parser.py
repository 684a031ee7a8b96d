"""The Lark LALR parser of effect scripts (``grammar/effects.lark``), built once per process,
and the grammar's reserved words (B8: docs/dsl.md#reserved).

The parser's tables are kept between processes in a cache file in a folder only this user
can write (:func:`cache_file`); a cache file or folder that another user could have written
is never read. :mod:`elgrande.dsl.parser` turns its trees into the AST and
:mod:`elgrande.dsl.syntax_errors` its errors into words.
"""

from __future__ import annotations

import os
import sys
from functools import lru_cache
from pathlib import Path
from typing import Any

import lark
from lark import Lark
from lark.indenter import Indenter

from elgrande.files.diskcache import cache_folder, safe_path, sha256
from elgrande.files.resources import grammar_dir


class _ScriptIndenter(Indenter):
    NL_type = "_NL"
    OPEN_PAREN_types = ["LPAR"]
    CLOSE_PAREN_types = ["RPAR"]
    INDENT_type = "_INDENT"
    DEDENT_type = "_DEDENT"
    tab_len = 4


def cache_file(text: str, folder: Path | None = None) -> str | None:
    """The path of the cache file for grammar ``text`` in ``folder`` (default
    :func:`~elgrande.files.diskcache.cache_folder`), or None when no cache may be used.

    The folder is made with mode 0700 if missing. None (build the tables from the grammar,
    read no file) when the folder or the file may not be used (see
    :func:`elgrande.files.diskcache.safe_path`: no user ids, a symlink, another owner, writable
    by others, a parent others may write without the sticky bit).
    The name holds a hash of the grammar, the Lark version and the Python version.
    """
    key = f"{text}\0{lark.__version__}\0{sys.version_info[:2]}".encode()
    name = f"effects-{sha256(key).hexdigest()[:24]}.lark-cache"
    path = safe_path(name, cache_folder() if folder is None else folder)
    return None if path is None else str(path)


def grammar() -> str:
    """The text of the effect-script grammar ``grammar/effects.lark``."""
    return (grammar_dir() / "effects.lark").read_text(encoding="utf-8")


def build_parser(text: str, cache: str | None = None) -> Lark:
    """A new LALR parser for effect scripts from grammar ``text``; its tables are read from
    (or written to) the cache file ``cache`` when given (see :func:`cache_file`), else built
    from the grammar. A cache file written here is made mode 0600."""
    options: dict[str, Any] = {"parser": "lalr", "postlex": _ScriptIndenter(),
                               "propagate_positions": True, "maybe_placeholders": False,
                               "start": "start"}
    if cache is None:
        return Lark(text, **options)
    try:
        built = Lark(text, cache=cache, **options)
    except OSError:  # pragma: no cover - the cache folder went away meanwhile
        return Lark(text, **options)
    try:
        os.chmod(cache, 0o600)
    except OSError:  # Lark could not write it: nothing to protect
        pass
    return built


@lru_cache(maxsize=1)
def parser() -> Lark:
    """The parser for effect scripts, built once per process (tables from the per-user
    cache file when it is safe to read, :func:`cache_file`)."""
    text = grammar()
    return build_parser(text, cache_file(text))


@lru_cache(maxsize=1)
def keywords() -> frozenset[str]:
    """The grammar's reserved words (``regions``, ``king``, ``own``, ...): no variable may
    take one of these names."""
    out: set[str] = set()
    for t in parser().terminals:
        pat = t.pattern
        if pat.type == "str" and pat.value.isidentifier():
            out.add(pat.value)
    out.update({"caballeros", "caballero"})
    return frozenset(out)
