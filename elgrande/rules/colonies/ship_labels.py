"""The ship moves' keys and labels (C5-C7, C11): a move as a key (``(from, to, disc)``,
``(disc, area)``, an office holder's) and as the mapping a decision lists, and the label of
each, kept per board.
"""

from __future__ import annotations

from typing import Any

from elgrande.model.board import Board
from elgrande.rules.colonies.figures import _LAST, TAKE, MoveKey, colonies_board
from elgrande.rules.colonies.offices import OFFICE_KEY


def _as_move(key: MoveKey) -> dict[str, Any]:
    """The :func:`ship_moves` mapping of a move key."""
    if len(key) == 2:
        return {"take": key[0], "in": key[1]}
    if len(key) == 4:
        if key[0] == TAKE:
            return {"take": key[1], "in": key[2], OFFICE_KEY: key[3]}
        return {"from": key[0], "to": key[1], "disc": None, OFFICE_KEY: key[3]}
    return {"from": key[0], "to": key[1], "disc": key[2]}


def _move_key(m: dict[str, Any]) -> MoveKey:
    """The move key of a :func:`ship_moves` mapping (:func:`_as_move` reversed)."""
    office = m.get(OFFICE_KEY)
    if "take" in m:
        return (m["take"], m["in"]) if office is None else (TAKE, m["take"], m["in"], office)
    return (m["from"], m["to"], m["disc"]) if office is None else (
        m["from"], m["to"], None, office)


def _move_label(b: Board, m: dict[str, Any]) -> str:
    return _labels_of(b).get(tuple(m.values())) or _new_label(b, m)


def _key_label(b: Board, key: MoveKey) -> str:
    """:func:`_move_label` of a move key."""
    known = (_LAST[0] if _LAST and _LAST[0].board is b else colonies_board(b)).labels
    got = known.get(key)
    if got is None:
        got = _new_label(b, _as_move(key))
        if len(key) == 4:  # an office holder's: its mapping's values are not its key
            known[key] = got
    return got


def _labels_of(b: Board) -> dict[tuple[Any, ...], str]:
    """The ship move labels of board ``b`` written so far, by the move's values (a move's
    keys are always made in the same order, see :func:`ship_moves`)."""
    return (_LAST[0] if _LAST and _LAST[0].board is b else colonies_board(b)).labels


def _new_label(b: Board, m: dict[str, Any]) -> str:
    labels = _labels_of(b)
    if len(labels) >= 4096:
        labels.clear()
    text = labels[tuple(m.values())] = _move_text(b, m)
    return text


def _office_name(b: Board, office: Any) -> str:
    """An office's name (C4-C6) ("" for None)."""
    if office is None:
        return ""
    return next(o.name for os in colonies_board(b).offices for o in os if o.id == office)


def _move_text(b: Board, m: dict[str, Any]) -> str:
    office = _office_name(b, m.get(OFFICE_KEY))
    if "take" in m:
        if office:
            return (f"the {office} in {b.place_name(m['in'])} gives up the office "
                    f"and takes a {m['take']} disc")
        return f"a caballero in {b.place_name(m['in'])} takes a {m['take']} disc"
    what = f"the {m['disc']} carrier" if m["disc"] else f"the {office}" if office \
        else "a caballero"
    return (f"move {what} from {b.place_name(m['from'])} to "
            f"{b.place_name(m['to'])}")
