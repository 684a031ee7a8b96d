"""What a game's set-up reads from every card script, found once when a library is built
and kept in the library cache as plain data (docs/performance.md, "Start-up and
validate"), so that a warm start walks no script to set a game up.

The set-up needs, of the scripts in play: the statements they call (the rule changes,
``change_rule`` as the Veto's, B8.4, whose parameters the rules modules in play must declare; a
``carry_out`` of another card), and the named events and durations of their ``when``
statements (the triggers module, :mod:`elgrande.engine.triggers`). :func:`script_facts`
gives these per card, as strings only (no syntax tree), and
:func:`elgrande.data.library.load_library` keeps them in its ``facts``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from elgrande.dsl import ast

#: One rule change (a ``change_rule`` call, B8.4) as plain data: (the parameter's name, its
#: duration as written, whether it names places, its value's kind: :func:`value_kind`).
Change = tuple[str, Any, bool, str]
#: Card id -> (the statements its script calls, anywhere in it: :class:`~elgrande.dsl.ast.Call`
#: names; the named events and durations of its ``when`` statements, :func:`when_events`;
#: its rule changes, :data:`Change` each, in the order :func:`~elgrande.dsl.ast.walk` meets
#: them).
Facts = dict[str, tuple[frozenset[str], frozenset[str], tuple[Change, ...]]]
#: The statement of a rule change (:data:`elgrande.engine.rule_params.CHANGE`).
CHANGE_RULE = "change_rule"


def when_events(scripts: Mapping[str, ast.Script]) -> set[str]:
    """The named events (:data:`elgrande.dsl.ast.EVENTS` values) and durations the
    ``when`` statements of ``scripts`` (card id -> script) use (statements only, no
    expression walked)."""
    out: set[str] = set()
    stack: list[Any] = [s.body for s in scripts.values()]
    while stack:
        n = stack.pop()
        if isinstance(n, ast.Block):
            stack.extend(n.body)
        elif isinstance(n, ast.When):
            out.add(ast.EVENTS[n.event])
            out.add(n.duration)
            stack.append(n.body)
        elif isinstance(n, (ast.EachPlayer, ast.ForEachPlayer, ast.As)):
            stack.append(n.body)
        elif isinstance(n, ast.Either):
            stack.extend(n.branches)
        elif isinstance(n, ast.If):
            stack.append(n.then)
            if n.otherwise is not None:
                stack.append(n.otherwise)
    return out


def call_names(node: ast.Node) -> frozenset[str]:
    """The names of the statements (:class:`~elgrande.dsl.ast.Call`) anywhere under
    ``node``: the calls :func:`elgrande.dsl.ast.walk` yields, found reading the nodes'
    attributes directly (a library build walks every script: cheaper than ``walk``)."""
    out: set[str] = set()
    stack: list[object] = [node]
    while stack:
        n = stack.pop()
        if isinstance(n, ast.Node):
            if isinstance(n, ast.Call):
                out.add(n.name)
            stack.extend(vars(n).values())
        elif isinstance(n, tuple):
            stack.extend(n)
    return frozenset(out)


def value_kind(value: Any) -> str:
    """The kind of a rule change's value, as plain data: ``flag`` (a bool), ``number`` (a
    quantity), ``name`` (a bare name: a number variable for a parameter that takes a
    number, else a region set), ``regions`` (any other region-set expression); what
    :func:`elgrande.dsl.rule_params.value_type` tells from the value and the parameter."""
    if isinstance(value, bool):
        return "flag"
    if isinstance(value, ast.Qty):
        return "number"
    return "name" if isinstance(value, ast.Name) else "regions"


def rule_changes(script: ast.Script) -> tuple[Change, ...]:
    """The rule changes of ``script``, as plain data (:data:`Change`)."""
    return tuple((str(n.arg("param")), n.arg("until"), n.arg("where") is not None,
                  value_kind(n.arg("value")))
                 for n in ast.walk(script)
                 if isinstance(n, ast.Call) and n.name == CHANGE_RULE)


def script_facts(scripts: Mapping[str, ast.Script]) -> Facts:
    """The :data:`Facts` of ``scripts`` (card id -> parsed script), one entry per card."""
    out: Facts = {}
    for card, s in scripts.items():
        calls = call_names(s)
        out[card] = (calls, frozenset(when_events({card: s})),
                     rule_changes(s) if CHANGE_RULE in calls else ())
    return out


def facts_of(facts: Facts | None, scripts: Mapping[str, Any]) -> Facts | None:
    """``facts`` when they are of the cards of ``scripts`` (the same ids), else None (the
    caller walks the scripts: a library made without them)."""
    if facts is None or len(facts) != len(scripts) or any(c not in facts for c in scripts):
        return None
    return facts


__all__ = ["CHANGE_RULE", "Change", "Facts", "call_names", "facts_of", "rule_changes",
           "script_facts", "value_kind", "when_events"]
