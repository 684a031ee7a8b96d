"""What a game's set-up reads from every card script, found once when a library is built
and kept in the library cache as plain data (docs/performance.md, "Start-up and
validate"), so that a warm start walks no script to set a game up.

The set-up needs, of the scripts in play: the statements they call (the rule changes,
C4.1 and ``change_rule``, whose parameters the rules modules in play must declare; a
``carry_out`` of another card), and the named events and durations of their ``when``
statements (the triggers module, :mod:`elgrande.engine.triggers`). :func:`script_facts`
gives these per card, as strings only (no syntax tree), and
:func:`elgrande.data.library.load_library` keeps them in its ``facts``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from elgrande.dsl import ast

#: Card id -> (the statements its script calls, anywhere in it: :class:`~elgrande.dsl.ast.Call`
#: names; the named events and durations of its ``when`` statements, :func:`when_events`).
Facts = dict[str, tuple[frozenset[str], frozenset[str]]]


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


def script_facts(scripts: Mapping[str, ast.Script]) -> Facts:
    """The :data:`Facts` of ``scripts`` (card id -> parsed script), one entry per card."""
    return {card: (call_names(s), frozenset(when_events({card: s})))
            for card, s in scripts.items()}


def facts_of(facts: Facts | None, scripts: Mapping[str, Any]) -> Facts | None:
    """``facts`` when they are of the cards of ``scripts`` (the same ids), else None (the
    caller walks the scripts: a library made without them)."""
    if facts is None or facts.keys() != scripts.keys():
        return None
    return facts


__all__ = ["Facts", "call_names", "facts_of", "script_facts", "when_events"]
