"""Kinds whose answer is one of a list: a region, a number, a player, a power card, a
secret region (B3.2, B4.2, B8.1, B8.5) and an option index (B4.4).
"""

from __future__ import annotations

from typing import Any

from elgrande.engine.decisions.decision import (
    REVEAL,
    Decision,
    Secret,
    _option_listed,
    _pick_listed,
    _rule,
    kind,
)
from elgrande.engine.decisions.forms import MAX_INT, _refused, is_int, shown
from elgrande.errors import IllegalMove


# -- one of a list ---------------------------------------------------------------------------
def _pick_check(d: Decision, p: int, answer: Any) -> Any:
    o = d.options
    choices = o["choices"] if "choices" in o else o["per_player"][str(p)]
    t = type(answer)
    if (t is str or (t is int and -MAX_INT <= answer <= MAX_INT)) and answer in choices:
        return answer
    plain = is_int(answer) or isinstance(answer, str)
    if not plain or answer not in choices:
        if plain:
            _refused(d.options, "why", answer)
        kind = ("number" if all(isinstance(c, int) for c in choices) else
                "card id" if d.kind == "choose_action_card" else "region id")
        raise IllegalMove(_rule(d, "B8.1"), f"{shown(answer)} is not one of the allowed answers "
                          f"({kind}s): {', '.join(map(str, choices))}")
    return answer


def _pick_legal(d: Decision, p: int) -> list[Any]:
    if "choices" in d.options:
        return list(d.options["choices"])
    return list(d.options["per_player"][str(p)])


def _pick_count(d: Decision, p: int) -> int:
    """How many answers :func:`_pick_legal` lists."""
    o = d.options
    return len(o["choices"] if "choices" in o else o["per_player"][str(p)])


def _pick_nth(d: Decision, p: int, i: int) -> Any:
    """The ``i``-th answer of :func:`_pick_legal`'s list."""
    o = d.options
    return (o["choices"] if "choices" in o else o["per_player"][str(p)])[i]


for _k in ("choose_region", "choose_number", "choose_player", "choose_power_card",
           "secret_region"):
    kind(_k, _pick_check, _pick_legal, count=_pick_count, nth=_pick_nth, listed=_pick_listed,
         secret=Secret(REVEAL, lambda a: "set their secret disc")
         if _k == "secret_region" else None)


def _option_check(d: Decision, p: int, answer: Any) -> Any:
    n = len(d.options["labels"])
    if type(answer) is int and 0 <= answer < n:
        return answer
    if not is_int(answer) or not 0 <= answer < n:
        raise IllegalMove(_rule(d, "B4.4"), f"choose an option from 0 to {n - 1}, not "
                          f"{shown(answer)}")
    return answer


kind("choose_option", _option_check, lambda d, p: list(range(len(d.options["labels"]))),
     count=lambda d, p: len(d.options["labels"]), nth=lambda d, p, i: i,
     listed=_option_listed)
