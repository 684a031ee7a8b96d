"""The kind whose answer brings caballeros to court (``bring_to_court``, B4.1): from the
provinces first, then, once they are empty, from the player's regions a decision allows.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from elgrande.engine.decisions.chance import Random, draw_int, draw_sample
from elgrande.engine.decisions.counting import _units, _units_count, _units_nth
from elgrande.engine.decisions.decision import COUNTED, Decision, DecisionKind, register
from elgrande.engine.decisions.forms import (
    _counts,
    _refused,
    answer_keys,
    is_int,
    refuse_unknown_keys,
    shown,
)
from elgrande.engine.decisions.send import _send_legal
from elgrande.errors import IllegalMove

answer_keys("bring_to_court", "provinces", "regions")

#: The keys of a court answer's normal form, in order (:meth:`CourtKind.plain_checked`).
_FROM_PROVINCES: Final = ["provinces", "regions"]


class CourtKind(DecisionKind):
    """Caballeros brought to court (B4.1): a count from the provinces, or
    ``{"provinces": k, "regions": {region id: n}}``."""

    def __init__(self, name: str) -> None:
        super().__init__(name)
        self.inline = COUNTED  # Decision.random_answer draws count/nth inline
        self.as_is = True  # trusted gives a legal answer back as it is: applied so, no call

    def check(self, d: Decision, p: int, answer: Any) -> dict[str, Any]:
        """options: limit, provinces, regions {id: own count} (allowed shortfall sources),
        refused {id: [rule, msg]}. Returns {"provinces": k, "regions": {id: n}}."""
        got = self.plain_checked(d, p, answer)  # the common answer, valid
        if got is not None:
            return got
        o = d.options
        if isinstance(answer, int) and not isinstance(answer, bool):
            answer = {"provinces": answer, "regions": {}}
        if type(answer) is not dict and not isinstance(answer, Mapping):
            raise IllegalMove("B4.1", "answer with a number, or {provinces: k, regions: {...}}")
        refuse_unknown_keys("bring_to_court", answer, "B4.1")
        k = answer.get("provinces", 0)
        if not is_int(k) or k < 0:
            raise IllegalMove("B4.1", "the count from the provinces must be a whole number >= 0")
        regions = _counts(answer.get("regions") or {}, "B4.1")
        if k > o["provinces"]:
            raise IllegalMove("B4.1", f"the provinces hold {o['provinces']} caballeros, not {k}")
        taken = sum(regions.values())
        if k + taken > o["limit"]:
            raise IllegalMove("B4.1", f"at most {o['limit']} caballeros may come to court, "
                              f"not {k + taken}")
        # a place caballeros never come from says why first (the Castillo, the king's
        # region, none of the player's there): the provinces' turn is no reason for it
        for r in regions:
            if r not in o["regions"]:
                _refused(o, "refused", r)
                raise IllegalMove("B4.1", f"you have no caballeros to bring from {shown(r)}")
        if taken and k < o["provinces"]:
            raise IllegalMove("B4.1", "caballeros may come from regions only once the provinces "
                              "are empty")
        for r, n in regions.items():
            if n > o["regions"][r]:
                raise IllegalMove("B4.1", f"you have {o['regions'][r]} caballeros in {r}, not {n}")
        return {"provinces": k, "regions": regions}

    def plain_checked(self, d: Decision, p: int, answer: Any) -> dict[str, Any] | None:
        """A right answer from the provinces alone in normal form (``{"provinces": k,
        "regions": {}}``, in that order, B4.1), checked and copied at once: the copy
        (:meth:`check`'s result, and :func:`~elgrande.engine.decisions.forms.plain_answer`'s);
        else None."""
        if type(answer) is dict and [*answer] == _FROM_PROVINCES:
            k, r = answer["provinces"], answer["regions"]
            o = d.options
            if type(r) is dict and not r and type(k) is int and 0 <= k <= o["provinces"] \
                    and k <= o["limit"]:
                return {"provinces": k, "regions": {}}
        return None

    def trusted(self, d: Decision, p: int, answer: Any) -> Any:
        """A legal answer in normal form as it is: it is check's result already
        (``{"provinces": k, "regions": {id: n}}``, no region with 0: legal, nth and
        random make none; B4.1). Raises nothing: an answer from elsewhere is not checked
        (the trusted path's contract)."""
        return answer

    def legal(self, d: Decision, p: int) -> list[Any] | None:
        o = d.options
        base = [{"provinces": k, "regions": {}} for k in range(min(o["limit"], o["provinces"]) + 1)]
        rest = o["limit"] - o["provinces"]
        if rest <= 0 or not o["regions"]:
            return base
        extra = _send_legal(Decision("send_caballeros", [p], "", {
            "sources": o["regions"], "min": 1, "max": rest}), p)
        if extra is None:
            return None
        return base + [{"provinces": o["provinces"], "regions": e} for e in extra]

    def random(self, d: Decision, p: int, rng: Random) -> Any:
        o = d.options
        k = draw_int(rng, 0, min(o["limit"], o["provinces"]))
        rest = o["limit"] - o["provinces"]
        if k < o["provinces"] or rest <= 0 or not o["regions"] or rng.random() < 0.5:
            return {"provinces": k, "regions": {}}
        units = _units(o["regions"])
        got: dict[str, int] = {}
        for u in draw_sample(rng, units, draw_int(rng, 0, min(rest, len(units)))):
            got[u] = got.get(u, 0) + 1
        return {"provinces": o["provinces"], "regions": got}

    def count(self, d: Decision, p: int) -> int:
        """How many answers :meth:`legal` lists (-1: none, too many)."""
        o = d.options
        base: int = min(o["limit"], o["provinces"]) + 1
        rest = o["limit"] - o["provinces"]
        if rest <= 0 or not o["regions"]:
            return base
        extra = _units_count(o["regions"], 1, rest)
        return -1 if extra < 0 else base + extra

    def nth(self, d: Decision, p: int, i: int) -> dict[str, Any]:
        """The ``i``-th answer of :meth:`legal`'s list, without listing."""
        o = d.options
        base = min(o["limit"], o["provinces"]) + 1
        if i < base:
            return {"provinces": i, "regions": {}}
        return {"provinces": o["provinces"],
                "regions": _units_nth(o["regions"], 1, o["limit"] - o["provinces"], i - base)}


register(CourtKind("bring_to_court"))
