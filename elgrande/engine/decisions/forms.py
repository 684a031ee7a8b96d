"""Answer forms: plain answers, seats, keys and counts, checked before any kind looks at
them (B3.4 whose answer, B4.4 an answer is plain data, B4.1/B6.9/B8.2 the keys an answer
form names, B4.3/B8.7 counts of caballeros per place, B5.2 a decision's own refusals).

The forms themselves, kind by kind, are in the package docstring
(:mod:`elgrande.engine.decisions`).
"""

from __future__ import annotations

import itertools
import sys
from collections.abc import Mapping
from typing import Any, Final

from elgrande.errors import IllegalMove

#: How many legal answers :meth:`Decision.legal_answers` lists at most; beyond, None.
MAX_LISTED: Final = 200
#: Integers in answers beyond this size are refused before anything else looks at them
#: (printing a 5,000-digit integer raises ``ValueError`` in Python 3.11).
MAX_INT: Final = 10 ** 12
#: ``-MAX_INT``, made once (a large int's negative is a new object each time it is made).
MIN_INT: Final = -MAX_INT
#: The largest int of one digit in CPython (``2 ** 30 - 1``): CPython 3.11 compares
#: such ints natively (a specialised comparison), an int past it such as :data:`MAX_INT`
#: by the generic call at every comparison. ``0 <= x <= SMALL_INT`` is a fast test of the
#: common answer (a count, an index, a card value) inside ``MIN_INT <= x <= MAX_INT``;
#: any other int takes the full test.
SMALL_INT: Final = 2 ** sys.int_info.bits_per_digit - 1


def is_int(x: Any) -> bool:
    """True for an ``int`` that is not a ``bool`` and within :data:`MAX_INT` (seats,
    counts, option indices and power-card values are such ints, never ``True``/``1.0``)."""
    if type(x) is int:
        return MIN_INT <= x <= MAX_INT
    return isinstance(x, int) and not isinstance(x, bool) and MIN_INT <= x <= MAX_INT


def shown(x: Any, limit: int = 60) -> str:
    """``repr(x)`` cut to ``limit`` characters, safe for any answer a caller may send
    (huge integers, deep nesting, odd types), for refusal messages."""
    out = _shown(x, 4)
    return out if len(out) <= limit else out[:limit - 3] + "..."


def _shown(x: Any, depth: int) -> str:
    if isinstance(x, bool) or x is None:
        return repr(x)
    if isinstance(x, int):
        return repr(x) if MIN_INT <= x <= MAX_INT else "<a very large integer>"
    if isinstance(x, (float, str)):
        return repr(x[:80] if isinstance(x, str) else x)
    if depth <= 0:
        return "..."
    if isinstance(x, Mapping):
        items = list(itertools.islice(x.items(), 8))
        return "{" + ", ".join(f"{_shown(k, depth - 1)}: {_shown(v, depth - 1)}"
                               for k, v in items) + "}"
    if isinstance(x, (list, tuple)):
        return "[" + ", ".join(_shown(v, depth - 1) for v in x[:8]) + "]"
    return f"<{type(x).__name__}>"


#: How deep an answer may nest (a move list of dicts is 3 deep).
MAX_ANSWER_DEPTH: Final = 20


def plain_answer(answer: Any, rule: str = "B4.4", depth: int = 0) -> Any:
    """A copy of ``answer`` as plain JSON data (None, bool, int within :data:`MAX_INT`,
    finite float, str, list, dict with str keys; a tuple becomes a list), so that what a
    game keeps in its history is what a record can hold, and a caller changing its answer
    object afterwards changes nothing (``depth``: how deep ``answer`` lies in the whole
    answer, 0 for the answer itself; one function, no wrapper: every dict or list answer
    is copied).

    Raises:
        IllegalMove: ``rule``; anything else (objects, sets, huge integers, NaN, deep
        nesting).
    """
    x = answer
    t = type(x)
    if t is dict:  # the common mapping answer (first: str and int come plain from
        # Game.answer), its values of plain ints and strings inline
        if depth > MAX_ANSWER_DEPTH:
            raise IllegalMove(rule, "an answer nested this deep is not an answer")
        src: dict[Any, Any] = x  # typed: mypyc iterates a dict natively
        out: dict[str, Any] = {}
        for k, v in src.items():
            if type(k) is not str and not isinstance(k, str):  # (type(): no call most times)
                raise IllegalMove(rule, f"keys of an answer are strings, not {shown(k)}")
            tv = type(v)
            if tv is str or (tv is int and 0 <= v <= SMALL_INT):  # (else: the call's
                out[k] = v  # full test)
            elif tv is dict and not v and depth < MAX_ANSWER_DEPTH:  # an empty mapping
                # (a court answer's regions): the copy the call would make
                out[k] = {}
            else:
                out[k] = plain_answer(v, rule, depth + 1)
        return out
    if t is str:
        return x
    if t is int and MIN_INT <= x <= MAX_INT:
        return x
    if depth > MAX_ANSWER_DEPTH:
        raise IllegalMove(rule, "an answer nested this deep is not an answer")
    if t is list:  # the common list answer (card values, moves): plain items inline
        items: list[Any] = x  # typed: mypyc iterates a list natively
        res: list[Any] = []
        for v in items:
            tv = type(v)
            res.append(v if tv is str or (tv is int and 0 <= v <= SMALL_INT) else
                       plain_answer(v, rule, depth + 1))
        return res
    if x is None or isinstance(x, (bool, str)):
        return x
    if isinstance(x, int):
        if not is_int(x):
            raise IllegalMove(rule, "this integer is too large for any answer")
        return int(x)
    if isinstance(x, float):
        if x != x or x in (float("inf"), float("-inf")):
            raise IllegalMove(rule, f"{x!r} is not a number any answer takes")
        return x
    if isinstance(x, (list, tuple)):  # (a loop: a comprehension would make cells of
        got_list: list[Any] = []  # rule and depth at every call)
        for v in x:
            got_list.append(plain_answer(v, rule, depth + 1))
        return got_list
    if isinstance(x, Mapping):
        got: dict[str, Any] = {}
        for k, v in x.items():
            if not isinstance(k, str):
                raise IllegalMove(rule, f"keys of an answer are strings, not {shown(k)}")
            got[k] = plain_answer(v, rule, depth + 1)
        return got
    raise IllegalMove(rule, f"an answer is plain data (numbers, strings, lists, mappings), "
                      f"not {type(x).__name__}")


def check_seat(player: Any, rule: str = "B3.4") -> int:
    """Check that ``player`` is a seat index (an ``int``, never a ``bool`` or ``1.0``).

    Raises:
        IllegalMove: ``rule`` (whose turn it is), naming the bad value safely.
    """
    if not is_int(player):
        raise IllegalMove(rule, f"a player is a seat number (0, 1, ...), not {shown(player)}")
    return int(player)


#: The keys an answer of a kind may have, by kind: of the mapping answered
#: (``bring_to_court``, ``move_scoreboard``) or of each move of a move list
#: (``move_caballeros``). Any other key is refused (:func:`refuse_unknown_keys`); a rules
#: module adds the keys it reads with :func:`answer_keys`.
ANSWER_KEYS: Final[dict[str, frozenset[str]]] = {}


def answer_keys(kind: str, *keys: str) -> None:
    """Let answers of decision kind ``kind`` (or its moves, see :data:`ANSWER_KEYS`)
    carry ``keys`` besides the ones already known (a rules module's own keys)."""
    ANSWER_KEYS[kind] = ANSWER_KEYS.get(kind, frozenset()) | frozenset(keys)


def refuse_unknown_keys(kind: str, answer: Mapping[Any, Any], rule: str) -> None:
    """Refuse a mapping answer (or move) of ``kind`` with a key not in
    :data:`ANSWER_KEYS`.

    Raises:
        IllegalMove: ``rule``, naming the key and the known ones.
    """
    known = ANSWER_KEYS.get(kind, frozenset())
    for k in answer:
        if k not in known:
            raise IllegalMove(rule, f"{shown(k)} is not part of this answer (it takes "
                              f"{', '.join(sorted(known))})")


def _refused(options: Mapping[str, Any], key: str, what: Any) -> None:
    """Raise the specific refusal ``options[key][what]`` (``[rule, message]``) if the
    decision names one for this answer part (e.g. the king's region: B5.2)."""
    why = options.get(key, {}).get(str(what))
    if why:
        raise IllegalMove(why[0], why[1])


def _counts(answer: Any, rule: str) -> dict[str, int]:
    if type(answer) is not dict and not isinstance(answer, Mapping):
        raise IllegalMove(rule, "answer with a mapping {region: caballeros}")
    out: dict[str, int] = {}
    for k, v in answer.items():
        if not isinstance(k, str):
            raise IllegalMove(rule, f"name places by their ids (strings), not {shown(k)}")
        if not (type(v) is int and 0 <= v <= MAX_INT) and (not is_int(v) or v < 0):
            raise IllegalMove(rule, f"caballero counts must be whole numbers >= 0, got "
                              f"{shown(v)}")
        if v:
            out[k] = v
    return out


def _same(a: Any, b: Any) -> bool:
    """``a == b`` of the same type (``True`` is not ``1``)."""
    return type(a) is type(b) and a == b


def _take_kind(left: list[list[Any]], value: Any, n: int, rule: str, where: str) -> None:
    """Take ``n`` caballeros of the declared kind ``value`` from ``left`` (``[[value, n],
    ...]``, lowered in place): a move entry or a send's part naming it.

    Raises:
        IllegalMove: ``rule``; no such kind, or fewer of it than ``n`` (``where``: which
        caballeros, for the message).
    """
    for kind_n in left:
        if _same(kind_n[0], value):
            kind_n[1] -= n
            if kind_n[1] < 0:
                raise IllegalMove(rule, f"there are fewer such caballeros {where}")
            return
    raise IllegalMove(rule, f"there is no such caballero {where}")


def _extra(m: Any, fields: tuple[str, ...]) -> dict[str, Any]:
    """The keys of mapping ``m`` beyond ``fields`` (a rules module's, :func:`answer_keys`)."""
    return {k: v for k, v in m.items() if k not in fields}
