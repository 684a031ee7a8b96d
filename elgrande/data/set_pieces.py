"""The tokens a set manifest declares (``pieces:``; docs/homebrew.md, "Sets"): pieces with
no code of their own, which the one ``move`` statement moves (``move the ID to SET``) and
the board shows with their name (:class:`elgrande.model.declared.Token`).

Nothing loaded is trusted: every entry is checked here, each refusal an ``E-SET-PIECE``
located in the manifest.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from elgrande.data import yamlpos
from elgrande.dsl.parser import keywords
from elgrande.errors import DataError
from elgrande.model.board import CASTILLO, Board
from elgrande.model.declared import Token

#: What ``start`` says for a token that starts off the board.
OFF_BOARD: Final = "off board"

#: The fields of a token (``pieces:`` entries of a set manifest): name -> (JSON type, what
#: it means); the checks below and ``cards/set-schema.json`` read it.
PIECE_FIELDS: dict[str, tuple[str, str]] = {
    "id": ("string", "what scripts name it by after 'the' (move the ID to SET): lowercase "
           "words of letters, digits and _, none a word of the card language, unique"),
    "name": ("string", "the printed name, as the log and the board show it (e.g. 'the "
             "Legate')"),
    "start": ("string", "where it stands at the start: a region or space id, or 'off "
              "board'"),
    "doc": ("string", "what it is (free text, for the reader)"),
    "owned": ("boolean", "false: it belongs to no player (the only kind of token for now)"),
}

#: A manifest's raw ``pieces:`` entries: (entry, position key, set, path, positions).
Entry = tuple[Any, tuple[Any, ...], str, str, yamlpos.Positions]


def piece_entries(data: dict[str, Any], set_id: str, path: str, pos: yamlpos.Positions
                  ) -> list[Entry]:
    """A manifest's ``pieces:`` entries, checked later against the board
    (:func:`build_tokens`).

    Raises:
        DataError: ``pieces`` is not a list (E-SET-PIECE, located)."""
    raw = data.get("pieces")
    if raw is None:
        return []
    if not isinstance(raw, list):
        line, col = pos.get(("pieces",))
        raise DataError(path, "E-SET-PIECE: 'pieces' must be a list of tokens, e.g. "
                        "[{id: legate, name: the Legate, start: rome}]", line, col)
    return [(e, ("pieces", i), set_id, path, pos) for i, e in enumerate(raw)]


def build_tokens(entries: Sequence[Entry], board: Board) -> dict[str, Token]:
    """The tokens of ``entries`` on ``board`` (by id, in declaration order).

    Raises:
        DataError: an entry that is not a mapping, an unknown field, a bad or repeated id
            (or one a piece kind of the language has), a name or doc that is not text, a
            start that is no region or space of the board, ``owned`` other than false
            (E-SET-PIECE, with the file position)."""
    from elgrande.dsl.signatures import PIECE_KINDS  # a build only (a warm start reads none)

    out: dict[str, Token] = {}
    words = keywords() if entries else frozenset()
    for e, sub, set_id, path, pos in entries:
        def fail(msg: str, field: tuple[Any, ...] = (), hint: str = "",
                 sub: tuple[Any, ...] = sub, path: str = path,
                 pos: yamlpos.Positions = pos) -> DataError:
            line, col = pos.get((*sub, *field))
            return DataError(path, f"E-SET-PIECE: {msg}", line, col, hint)

        if not isinstance(e, dict):
            raise fail("each piece is a mapping such as {id: legate, name: the Legate, "
                       "start: rome}")
        for k in e:
            if k not in PIECE_FIELDS:
                raise fail(f"unknown field {k!r} of a piece", (k,),
                           "fields: " + ", ".join(PIECE_FIELDS))
        tid = e.get("id")
        parts = tid.split(" ") if isinstance(tid, str) else []
        if not parts or not all(w.isidentifier() and w == w.lower() and w not in words
                                for w in parts):
            raise fail(f"a piece needs an 'id' of lowercase words (letters, digits, _; none "
                       f"a word of the card language), got {tid!r}", ("id",),
                       "e.g. 'id: legate' (scripts write 'move the legate to ...')")
        if tid in PIECE_KINDS or tid in out:
            raise fail(f"the piece id {tid!r} is taken (a piece kind of the language or "
                       "another token)", ("id",), "give the token an id of its own")
        for f in ("name", "doc"):
            if f in e and not isinstance(e[f], str):
                raise fail(f"{f!r} must be text, got {e[f]!r}", (f,))
        if e.get("owned", False) is not False:
            raise fail("a token belongs to no player for now: 'owned' may only be false",
                       ("owned",))
        start = e.get("start", OFF_BOARD)
        if start != OFF_BOARD and (not isinstance(start, str) or start not in board.index
                                   or board.places[board.index[start]].kind == CASTILLO):
            raise fail(f"'start' must be a region or space id or {OFF_BOARD!r}, got "
                       f"{start!r}", ("start",), "places: " + ", ".join(
                           p.id for p in board.places if p.kind != CASTILLO))
        out[str(tid)] = Token(str(tid), str(e.get("name", f"the {tid}")),
                         "" if start == OFF_BOARD else start, set_id, str(e.get("doc", "")))
    return out
