"""Kinds whose answer is one of a list: a region, a number, a player, a power card, an
action card, a secret region (B3.2, B4.2, B8.1, B8.5) and an option index (B4.4).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from elgrande.engine.decisions.decision import (
    LISTED_CHOICES,
    LISTED_LABELS,
    REVEAL,
    Decision,
    DecisionKind,
    Secret,
    _rule,
    register,
)
from elgrande.engine.decisions.forms import SMALL_INT, _refused, is_int, shown
from elgrande.errors import IllegalMove

#: A refused pick lists the allowed answers when there are at most this many; more are
#: counted, not listed (the question shows them; a long list reads like machine output).
_LISTED: Final = 5


def _choices(d: Decision, p: int) -> list[Any]:
    """The answers of a pick: ``options["choices"]``, else seat ``p``'s
    ``options["per_player"]`` (not copied)."""
    o = d.options
    return o["choices"] if "choices" in o else o["per_player"][str(p)]  # type: ignore[no-any-return]


class PickKind(DecisionKind):
    """One of a list (``options["choices"]``, or ``options["per_player"][seat]``): a
    region id, a number, a player, a power card, an action card id (B3.2, B4.2, B8.1); a
    decision may name the refusal of an answer (``options["why"]``, e.g. the king's
    region, B5.2)."""

    def __init__(self, name: str, secret: Secret | None = None) -> None:
        super().__init__(name, secret)
        self.inline = LISTED_CHOICES
        self.as_is = type(self).trusted is PickKind.trusted  # (a subclass may change it)

    def check(self, d: Decision, p: int, answer: Any) -> Any:
        o = d.options
        choices = o["choices"] if "choices" in o else o["per_player"][str(p)]
        t = type(answer)
        if (t is str or (t is int and 0 <= answer <= SMALL_INT)) and answer in choices:
            return answer  # (any other int: the test below)
        plain = is_int(answer) or isinstance(answer, str)
        if not plain or answer not in choices:
            if plain:
                _refused(d.options, "why", answer)
            kind = ("numbers" if all(isinstance(c, int) for c in choices) else
                    "card ids" if d.kind == "choose_action_card" else "regions")
            rule = _rule(d, "B8.1")  # (a card's region choice gives its own: B8)
            listed = (f": {', '.join(map(str, choices))}" if len(choices) <= _LISTED
                      else f", the {len(choices)} the question offers")
            raise IllegalMove(rule, f"{shown(answer)} is not one of the allowed "
                              f"answers ({kind}){listed}")
        return answer

    def trusted(self, d: Decision, p: int, answer: Any) -> Any:
        return answer  # a listed choice is applied as it is

    def legal(self, d: Decision, p: int) -> list[Any]:
        return list(_choices(d, p))

    def count(self, d: Decision, p: int) -> int:
        return len(_choices(d, p))

    def nth(self, d: Decision, p: int, i: int) -> Any:
        return _choices(d, p)[i]

    def listed(self, d: Decision, p: int) -> Sequence[Any]:
        return _choices(d, p)


class OptionKind(DecisionKind):
    """An option index (0-based) into ``options["labels"]`` (B4.4: e.g. the branches of
    an ``either``)."""

    def __init__(self, name: str) -> None:
        super().__init__(name)
        self.inline = LISTED_LABELS
        self.as_is = type(self).trusted is OptionKind.trusted  # (a subclass may change it)

    def check(self, d: Decision, p: int, answer: Any) -> Any:
        n = len(d.options["labels"])
        if type(answer) is int and 0 <= answer < n:
            return answer
        if not is_int(answer) or not 0 <= answer < n:
            raise IllegalMove(_rule(d, "B4.4"), f"choose an option from 0 to {n - 1}, not "
                              f"{shown(answer)}")
        return answer

    def trusted(self, d: Decision, p: int, answer: Any) -> Any:
        return answer  # a listed index is applied as it is

    def legal(self, d: Decision, p: int) -> list[Any]:
        return list(range(len(d.options["labels"])))

    def count(self, d: Decision, p: int) -> int:
        return len(d.options["labels"])

    def nth(self, d: Decision, p: int, i: int) -> Any:
        return i

    def listed(self, d: Decision, p: int) -> Sequence[Any]:
        return range(len(d.options["labels"]))


def _disc_hidden(answer: Any) -> str:
    return "set their secret disc"


for _k in ("choose_region", "choose_number", "choose_player", "choose_power_card"):
    register(PickKind(_k))
register(PickKind("secret_region", Secret(REVEAL, _disc_hidden)))  # B8.5
register(OptionKind("choose_option"))
