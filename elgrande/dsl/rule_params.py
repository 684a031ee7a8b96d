"""Rule parameters a card may change for a while (``change PARAM [in SET] to VALUE
DURATION``, ``close SET to placement and moves DURATION``): the declaration type and the
registry the rules modules fill.

A rules module declares each parameter of its rules that a card may change
(:class:`RuleParam`: its name, value type, English, rule id and the hooks that read it) in
its ``RulesModule.rule_params`` (:mod:`elgrande.engine.modules`); making the module
registers them here, so the checker, the English renderer and the docs know every
parameter of the modules loaded. The interpreter declares none: its one primitive
(``change_rule``) stores a change as a lasting record and the declaring module's hooks
read it.

Value types (:data:`VALUE_TYPES`): ``number`` (``up to N`` or ``N``, N a number
expression evaluated when the change is made: ``2``, ``n``, ``n + 1``), ``regions`` (a
region-set expression, evaluated when the change is made), ``flag`` (on: written with
its own phrase, ``close SET to placement and moves``).
"""

from __future__ import annotations

from collections.abc import Callable, Container, Mapping
from typing import Any, Final

import attr

from elgrande.dsl import ast
from elgrande.dsl.script_facts import Change

#: The value types of a rule parameter, with how a script writes each.
VALUE_TYPES: Final[dict[str, str]] = {
    "number": "a number: 'up to N' or 'N' (N a number expression: '2', 'n', 'n + 1', "
              "'score of me', ...)",
    "regions": "a region set, e.g. 'adjacent to king or castillo' (evaluated when the "
               "change is made)",
    "flag": "on; written with its own phrase, e.g. 'close SET to placement and moves'",
}

#: A value type in two words (what a script gave instead).
_SHORT: Final[dict[str, str]] = {"number": "a number", "regions": "a region set",
                                 "flag": "the 'close' phrase"}

#: Durations a rule change may last (the parser's words), with their English.
DURATIONS: Final[dict[str, str]] = {
    "this turn": "this turn",
    "end of this round": "until the end of this round",
    "end of next round": "until the end of next round",
    "next scoring": "until the next general scoring is over",
}


@attr.frozen(slots=True, repr=False, eq=False)
class RuleParam:
    """A rule parameter a card may change for a while.

    Attributes:
        name: how a script names it, lowercase words (``"placement number"``).
        type: its value type, a key of :data:`VALUE_TYPES`.
        english: what a change does, in words: ``{value}`` the value (a number, a
            region-set phrase), ``{where}`` the ``in SET`` places; "you" is the player
            who made it (the renderer turns it to "they" inside ``each player:``).
        rule: the rule id whose parameter it is (a refusal it causes cites it).
        where: the change names places (``in SET``; ``close SET``): required when True,
            refused when False.
        own: the change holds for the player who made it only (else for everyone).
        doc: one sentence for the docs: what the parameter is.
        hooks: hook name (of :data:`elgrande.engine.modules.HOOKS`) -> the function
            that reads the live changes of this parameter (``hook(ctx, *own)``, composed
            after every module's own hooks, so a change wins over the rule it changes);
            composed only when a card in play makes such a change. It reads nothing but
            the live changes (``state.lasting``): while no lasting effect is in play it
            returns the value it is given, so the engine may skip it then
            (:attr:`elgrande.engine.modules.Rules.modules_placement_limit`).
        placement_key: the parameter's hooks change where placements from court may go:
            placement decisions are made afresh while a change is live (B4.3).
    """

    name: str
    type: str
    english: str
    rule: str
    where: bool = False
    own: bool = True
    doc: str = ""
    hooks: Mapping[str, Callable[..., Any]] = attr.field(factory=dict)
    placement_key: bool = False


#: Every rule parameter declared by a rules module made so far, by name.
RULE_PARAMS: dict[str, RuleParam] = {}


def declare(param: RuleParam) -> RuleParam:
    """Register ``param`` (a rules module's, :class:`RuleParam`); returns it.

    Raises:
        ValueError: an unknown value type, or another parameter of that name.
    """
    if param.type not in VALUE_TYPES:
        raise ValueError(f"rule parameter {param.name!r}: unknown value type {param.type!r}")
    old = RULE_PARAMS.get(param.name)
    if old is not None and old is not param:
        raise ValueError(f"rule parameter {param.name!r} is declared twice")
    RULE_PARAMS[param.name] = param
    return param


def number_value(value: Any, param: RuleParam | None,
                 numbers: Container[str] = ()) -> ast.Qty | None:
    """A change's value as a number quantity, or None when it is none: a quantity as
    written (``up to N``, ``N``, N a number expression); a bare name, which the parser
    reads as a region set, when ``param`` takes a number (or, ``param`` unknown, the name
    is one of the number variables ``numbers``): the number variable of that name
    (``change placement number to n this turn``)."""
    if isinstance(value, ast.Qty):
        return value
    number = param.type == "number" if param is not None else (
        isinstance(value, ast.Name) and value.name in numbers)
    if number and isinstance(value, ast.Name):
        var = ast.NumVar(name=value.name, line=value.line, column=value.column)
        return ast.Qty(mode="exactly", value=var, line=value.line, column=value.column)
    return None


def value_type(value: Any, param: RuleParam | None = None) -> str:
    """The value type a script's value has: ``number`` (a :class:`ast.Qty`, or a bare
    name for a ``param`` that takes a number: :func:`number_value`), ``flag`` (a bool: the
    ``close`` phrase), else ``regions`` (a region-set expression)."""
    if isinstance(value, bool):
        return "flag"
    if number_value(value, param) is not None:
        return "number"
    return "regions"


def change_fits(change: Change, params: Mapping[str, RuleParam]) -> bool:
    """Whether a rule change given as plain data (:data:`~elgrande.dsl.script_facts.Change`,
    from a library's cached facts) has none of :func:`change_problems`' problems with
    the parameters ``params`` in play (B8.4; False: read the call to say which)."""
    name, until, where, kind = change
    if until not in DURATIONS:  # the durations change_rule's signature allows (a test)
        return False
    p = params.get(name)
    if p is None or bool(p.where) != where:
        return False
    got = {"flag": "flag", "number": "number", "regions": "regions"}.get(kind) or (
        "number" if p.type == "number" else "regions")
    return got == p.type


def change_problems(call: ast.Call, params: Mapping[str, RuleParam] | None,
                    duration: bool = True) -> list[tuple[ast.Node, str, str, str]]:
    """What is wrong with a ``change_rule`` call given the parameters ``params`` in play
    (None: not known here, only the duration is checked): ``(node, code, message, hint)``
    each: ``E-RULE-DURATION`` a duration a change cannot have (the durations its
    signature allows; left out when ``duration`` is False: the checker checks every
    statement's duration itself), ``E-RULE-PARAM`` an unknown parameter or its places
    missing or not allowed, ``E-RULE-VALUE`` a value of the wrong type."""
    from elgrande.dsl.signatures import SIGNATURES, duration_problem  # the checker's

    out: list[tuple[ast.Node, str, str, str]] = []
    bad = duration_problem("change", SIGNATURES["change_rule"].param("until"),
                           call.arg("until")) if duration else None
    if bad is not None:
        out.append((call, *bad))
    if params is None:
        return out
    name = str(call.arg("param"))
    p = params.get(name)
    if p is None:
        import difflib  # a suggestion only
        close = difflib.get_close_matches(name, params, n=1)
        out.append((call, "E-RULE-PARAM", f"unknown rule parameter {name!r}",
                    f"did you mean {close[0]!r}?" if close else
                    "known: " + (", ".join(sorted(params)) or "none in play")))
        return out
    where = call.arg("where")
    if p.where and where is None:
        out.append((call, "E-RULE-PARAM", f"the rule parameter {name!r} needs places",
                    f"write 'change {name} in SET to ...'"))
    elif not p.where and where is not None:
        out.append((where, "E-RULE-PARAM", f"the rule parameter {name!r} takes no places",
                    f"write 'change {name} to ...'"))
    value = call.arg("value")
    got = value_type(value, p)
    if got != p.type:
        node = value if isinstance(value, ast.Node) else call
        out.append((node, "E-RULE-VALUE", f"the rule parameter {name!r} takes "
                    f"{VALUE_TYPES[p.type]}, not {_SHORT[got]}",
                    "see the rule parameters in docs/dsl.md"))
    return out
