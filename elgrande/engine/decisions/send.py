"""The kind whose answer sends caballeros from sources (``send_caballeros``, B8.7: to the
provinces or to court), with the kinds of caballeros a rules module declares in a source
(which of them leave).
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from typing import Any, Final

from elgrande.engine.decisions.chance import Random, draw_int, draw_sample
from elgrande.engine.decisions.counting import _units, _units_count, _units_nth
from elgrande.engine.decisions.decision import COUNTED, Decision, DecisionKind, _rule, register
from elgrande.engine.decisions.forms import (
    MAX_LISTED,
    _counts,
    _refused,
    _same,
    _take_kind,
    is_int,
    shown,
)
from elgrande.errors import IllegalMove

_SEND_PART: Final = "n"


def _send_parts(which: Mapping[str, Any], answer: Mapping[Any, Any], rule: str
                ) -> tuple[dict[Any, Any], dict[str, Any]]:
    """A send answer whose sources may name kinds of caballeros (``{id: [{"n": k, key:
    value}, ...]}``, or one such part): the counts per source, and each such source's
    normal form (:func:`send_value`). Parts naming no kind take the kinds left in their
    listed order.

    Raises:
        IllegalMove: ``rule``; a part that is not a mapping, a key other than ``n`` and the
        source's declared one, a kind not declared there, or more of a kind than there are.
    """
    counts: dict[Any, Any] = {}
    chosen: dict[str, Any] = {}
    for src, v in answer.items():
        if is_int(v) or not isinstance(src, str):
            counts[src] = v
            continue
        parts = [v] if isinstance(v, Mapping) else v
        if not isinstance(parts, list) or not all(isinstance(x, Mapping) for x in parts):
            raise IllegalMove(rule, f"send from {src} a number of caballeros or parts "
                              f"[{{n: k, kind: value}}], not {shown(v)}")
        got = which.get(src)
        key = got[0] if got is not None else None
        left = [[kv, kn] for kv, kn in got[1]] if got is not None else []
        plain = 0
        for part in parts:
            for k in part:
                if k != _SEND_PART and k != key:
                    raise IllegalMove(rule, f"{shown(k)} chooses nothing here: the "
                                      f"caballeros in {src} are all of one kind" if key is None
                                      else f"{shown(k)} is not part of a send's part (it takes "
                                      f"n, {key})")
            n = part.get(_SEND_PART, 1)
            if not is_int(n) or n < 1:
                raise IllegalMove(rule, f"a part's 'n' must be a whole number >= 1, got "
                                  f"{shown(n)}")
            if key is None or key not in part:
                plain += n
                continue
            _take_kind(left, part[key], n, rule, f"in {src}: {shown(part)}")
        taken: list[int] = []
        for kind_n, (_kv, kn) in zip(left, got[1] if got is not None else [], strict=True):
            take = min(plain, kind_n[1])  # the kinds in their listed order (the default)
            plain -= take
            taken.append(kn - kind_n[1] + take)
        total = sum(taken) + plain  # (plain left over: more than there are, refused later)
        counts[src] = total
        if got is not None and not plain:
            chosen[src] = send_value(got, taken)
    return counts, chosen


def send_value(kinds: Sequence[Any], taken: Sequence[int]) -> Any:
    """A send answer's normal form for one source with declared kinds ``[key, [[value, n],
    ...]]`` (``move_which``) of which ``taken[j]`` caballeros of the j-th kind are sent: the
    count when that is what the kinds' listed order takes (the default), else the parts
    ``[{"n": k, key: value}, ...]`` in the listed order (a module's kinds, B8.7)."""
    total = sum(taken)
    rest = total
    default = True
    for (_v, kn), t in zip(kinds[1], taken, strict=True):
        take = min(rest, kn)
        rest -= take
        if take != t:
            default = False
            break
    if default:
        return total
    return [{_SEND_PART: t, kinds[0]: v} for (v, _kn), t in zip(kinds[1], taken, strict=True)
            if t]


def send_taken(kinds: Sequence[Any], value: Any) -> list[int]:
    """How many of each declared kind (``[key, [[value, n], ...]]``) a normal-form send
    value (:func:`send_value`) sends, in the listed order."""
    if isinstance(value, list):
        return [sum(p[_SEND_PART] for p in value if _same(p[kinds[0]], v))
                for v, _kn in kinds[1]]
    rest = int(value)
    out: list[int] = []
    for _v, kn in kinds[1]:
        take = min(rest, kn)
        rest -= take
        out.append(take)
    return out


def _send_choices(o: Mapping[str, Any]) -> dict[str, Any]:
    """The sources of a send decision whose caballeros are of more than one declared kind
    (``options["which"]``): a choice of which leave."""
    which = o.get("which") or {}
    return {k: v for k, v in which.items() if len(v[1]) > 1 and k in o["sources"]}


def _kind_splits(kinds: Sequence[Any], c: int) -> list[Any]:
    """Every normal-form send value of ``c`` caballeros over the declared kinds (the
    default, the count, first)."""
    caps = [kn for _v, kn in kinds[1]]
    out: list[Any] = []
    for combo in itertools.product(*(range(k + 1) for k in caps)):
        if sum(combo) == c:
            out.append(send_value(kinds, list(combo)))
    out.sort(key=lambda v: not isinstance(v, int))
    return out


def _send_legal(d: Decision, p: int) -> list[Any] | None:
    o = d.options
    choices = _send_choices(o)
    if choices:
        return _send_legal_kinds(d, p, choices)
    keys = list(o["sources"])
    out: list[Any] = []
    caps = [o["sources"][k] for k in keys]
    size = 1
    for c in caps:
        size *= c + 1
    if size > 20 * MAX_LISTED:
        return None
    combos = _within(caps, o.get("min", 0), o["max"])
    if combos is None:
        return None
    for combo in combos:
        out.append({k: n for k, n in zip(keys, combo, strict=True) if n})
    return out


def _within(caps: list[int], lo: int, hi: int) -> list[tuple[int, ...]] | None:
    """The counts ``(n_0, ...)``, ``0 <= n_j <= caps[j]``, whose sum lies in ``lo..hi``, in
    ``itertools.product``'s order (the last fastest): that product filtered, without going
    through the counts past ``hi`` or short of ``lo`` (a send of 1 from four sources of 5
    lists 4 of 1,296); None past :data:`MAX_LISTED` of them. Raises nothing."""
    k = len(caps)
    after = [0] * (k + 1)  # after[j]: the most the places from j on may add
    for j in range(k - 1, -1, -1):
        after[j] = after[j + 1] + caps[j]
    out: list[tuple[int, ...]] = []
    if _walk(caps, after, lo, hi, 0, 0, [0] * k, out):
        return out
    return None


def _walk(caps: list[int], after: list[int], lo: int, hi: int, j: int, total: int,
          combo: list[int], out: list[tuple[int, ...]]) -> bool:
    """:func:`_within`'s counts from place ``j`` on, ``total`` placed before it, appended to
    ``out`` in order; False once they are more than :data:`MAX_LISTED`."""
    if j == len(caps):
        if lo <= total <= hi:  # (with no place: the empty counts' own total)
            out.append(tuple(combo))
        return len(out) <= MAX_LISTED
    for n in range(caps[j] + 1):
        t = total + n
        if t > hi:
            break
        if t + after[j + 1] < lo:
            continue
        combo[j] = n
        if not _walk(caps, after, lo, hi, j + 1, t, combo, out):
            return False
    return True


def _send_legal_kinds(d: Decision, p: int, choices: Mapping[str, Any]) -> list[Any] | None:
    """:func:`_send_legal` where sources hold caballeros of declared kinds (``choices``):
    every count per source, each with every choice of kinds (a module's, B8.7)."""
    counts = _send_legal(Decision("send_caballeros", d.players, "", {
        k: v for k, v in d.options.items() if k != "which"}), p)
    if counts is None:
        return None
    out: list[Any] = []
    for c in counts:
        variants = [_kind_splits(choices[k], n) if k in choices else [n] for k, n in c.items()]
        for combo in itertools.product(*variants):
            out.append(dict(zip(c, combo, strict=True)))
            if len(out) > MAX_LISTED:
                return None
    return out


class SendKind(DecisionKind):
    """Caballeros sent from sources (B8.7): ``{source id or "court": caballeros}``; a
    source's count may be parts naming the kinds of caballeros a rules module declares
    there."""

    def __init__(self, name: str) -> None:
        super().__init__(name)
        self.inline = COUNTED  # Decision.random_answer draws count/nth inline

    def check(self, d: Decision, p: int, answer: Any) -> dict[str, Any]:
        """options: sources {id: available}, min, max, refused {id: [rule, msg]}, optional
        which {id: [key, [[value, n], ...]]} (kinds of the owner's caballeros in a source a rules
        module declared, ``move_which``). Returns ``{id: n}``, or for a source whose kinds the
        answer chose other than in their listed order ``{id: [{"n": k, key: value}, ...]}``
        (:func:`send_value`)."""
        o = d.options
        rule = _rule(d, "B8.7")
        which = o.get("which")
        chosen: dict[str, Any] = {}
        if which is not None and isinstance(answer, Mapping) \
                and not all(is_int(v) for v in answer.values()):
            answer, chosen = _send_parts(which, answer, rule)
        moves = _counts(answer, rule)
        for k, n in moves.items():
            if k not in o["sources"]:
                _refused(o, "refused", k)
                raise IllegalMove(rule, f"{shown(k)} is not a source this effect allows "
                                  f"({', '.join(o['sources'])})")
            if n > o["sources"][k]:
                raise IllegalMove(rule, f"only {o['sources'][k]} caballeros can come from {k}, "
                                  f"not {n}")
        total = sum(moves.values())
        if not o.get("min", 0) <= total <= o["max"]:
            want = (str(o["max"]) if o.get("min", 0) == o["max"]
                    else f"{o.get('min', 0)} to {o['max']}")
            raise IllegalMove(rule, f"send {want} caballeros, not {total}")
        if chosen:
            return {k: chosen.get(k, n) for k, n in moves.items()}
        return moves

    def random(self, d: Decision, p: int, rng: Random) -> Any:
        o = d.options
        choices = _send_choices(o)
        if choices:  # one unit per caballero and kind (a module's kinds, B8.7)
            kunits = [(k, j) for k, n in o["sources"].items()
                      for j, (_v, kn) in enumerate(choices[k][1] if k in choices else [[0, n]])
                      for _ in range(kn)]
            k = draw_int(rng, o.get("min", 0), min(o["max"], len(kunits)))
            per: dict[str, list[int]] = {}
            for src, j in draw_sample(rng, kunits, k):
                row = per.setdefault(src, [0] * (len(choices[src][1]) if src in choices else 1))
                row[j] += 1
            return {src: send_value(choices[src], row) if src in choices else row[0]
                    for src, row in per.items()}
        units = _units(o["sources"])
        k = draw_int(rng, o.get("min", 0), min(o["max"], len(units)))
        out: dict[str, int] = {}
        for u in draw_sample(rng, units, k):
            out[u] = out.get(u, 0) + 1
        return out

    def count(self, d: Decision, p: int) -> int:
        o = d.options
        if _send_choices(o):
            got = _send_legal(d, p)
            return -1 if got is None else len(got)
        return _units_count(o["sources"], o.get("min", 0), o["max"])

    def nth(self, d: Decision, p: int, i: int) -> dict[str, Any]:
        o = d.options
        if _send_choices(o):
            got = _send_legal(d, p)
            assert got is not None
            answer: dict[str, Any] = got[i]
            return answer
        return _units_nth(o["sources"], o.get("min", 0), o["max"], i)

    def legal(self, d: Decision, p: int) -> list[Any] | None:
        return _send_legal(d, p)


register(SendKind("send_caballeros"))
