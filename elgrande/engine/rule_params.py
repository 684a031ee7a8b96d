"""Lasting rule changes: how a change is kept, found, checked and ended.

A card's ``change PARAM [in SET] to VALUE DURATION`` (``close SET to placement and moves
DURATION``) changes a rule parameter that a rules module declares
(:class:`elgrande.dsl.rule_params.RuleParam`, in its ``RulesModule.rule_params``). The
primitive (``change_rule``, :mod:`elgrande.engine.primitives`) stores the change as a
:class:`~elgrande.model.state.Lasting` record of kind :data:`RULE` in ``state.lasting``:
``data`` holds ``param`` (its name), ``value`` (a number, place indices, or True),
``in`` (place indices or None), ``until`` (the duration's words). The declaring module's
hooks read the live changes with :func:`latest` and :func:`live`; the hooks here end
them (:data:`EXPIRY_HOOKS`). :class:`elgrande.engine.modules.Rules` composes both only
when a card in play makes a change (:func:`used`): a game whose cards change no rule
calls none of them.

Durations: ``this turn`` ends when the turn ends (hook ``turn_end``); ``end of this
round`` / ``end of next round`` end with that round (``Lasting.expires``, as every
lasting effect, B8.4); ``next scoring`` ends when the next general scoring is over (it
still holds during that scoring, B6; hooks ``castillo_emptied`` and ``scored``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any, Final

from elgrande.dsl import ast
from elgrande.dsl.rule_params import RuleParam, change_fits, change_problems
from elgrande.dsl.script_facts import Facts, facts_of
from elgrande.errors import CardError
from elgrande.model.hook_context import HookContext
from elgrande.model.seats import seat
from elgrande.model.state import Lasting, State

#: The ``Lasting.kind`` of a rule change.
RULE: Final = "rule"
#: The primitive of a rule change (its declaration: elgrande/dsl/signatures.py).
CHANGE: Final = "change_rule"


def expires_for(until: str, round_: int) -> int:
    """``Lasting.expires`` of a change lasting ``until`` (its duration's words) made in
    round ``round_``: the last round it may hold in (0: until the next scoring)."""
    if until == "end of next round":
        return round_ + 1
    if until == "next scoring":
        return 0
    return round_  # this turn (ended sooner by turn_end), end of this round


def live(state: State, name: str) -> list[Lasting]:
    """The live changes of rule parameter ``name``, oldest first."""
    out: list[Lasting] = []
    for x in state.lasting:
        if x.kind == RULE and x.data.get("param") == name:
            out.append(x)
    return out


def latest(state: State, name: str, player: int) -> Lasting | None:
    """The latest live change of the rule parameter ``name`` that ``player`` made (a
    change of a parameter that holds for its maker only), or None."""
    found: Lasting | None = None
    for x in state.lasting:
        if x.kind == RULE and x.player == player and x.data.get("param") == name:
            found = x
    return found


def refusal(x: Lasting, rule: str, what: str) -> list[str]:
    """``[rule, message]`` of something refused because of the change ``x``: the message
    names the card that made it and how long it lasts."""
    until = str(x.data.get("until", ""))
    when = "this turn" if until == "this turn" else \
        "until the next scoring" if until == "next scoring" else f"until the {until}"
    by = f"card {x.card}" if x.card else "a card"
    return [rule, f"{what} {when} ({by} of {seat(x.player)} changed rule {rule})"]


# -- the hooks that end changes (composed with the parameters' hooks) ---------------------------
def _turn_end(ctx: HookContext, card: str) -> None:
    """A turn is over: its ``this turn`` changes end."""
    state = ctx.state
    if state.lasting:
        state.lasting = [x for x in state.lasting
                         if x.kind != RULE or x.data.get("until") != "this turn"]


def _castillo_emptied(ctx: HookContext, discs: Any, moves: Any) -> None:
    """A general scoring is under way (the Castillo emptied, B6.3): the ``next scoring``
    changes made before it end when it is over (:func:`_scored`)."""
    for x in ctx.state.lasting:
        if x.kind == RULE and x.data.get("until") == "next scoring":
            x.data["scoring"] = True


def _scored(ctx: HookContext, places: list[int]) -> None:
    """A scoring is over: the ``next scoring`` changes a general scoring began with end."""
    state = ctx.state
    if state.lasting:
        state.lasting = [x for x in state.lasting
                         if x.kind != RULE or not x.data.get("scoring")]


#: The hooks that end rule changes, by duration: composed after every module's hooks
#: for the durations the cards in play use (the round durations end as every lasting
#: effect does, ``Lasting.expires``).
EXPIRY_HOOKS: Final[dict[str, dict[str, Callable[..., Any]]]] = {
    "this turn": {"turn_end": _turn_end},
    "next scoring": {"castillo_emptied": _castillo_emptied, "scored": _scored},
}


def placement_key(state: State, player: int) -> tuple[()] | None:
    """The placement memo's key of the rule changes (B4.3,
    :func:`elgrande.engine.court.placement_decision`): None (fold afresh) while a rule
    change lasts, else ``()``."""
    for x in state.lasting:
        if x.kind == RULE:
            return None
    return ()


# -- the cards' changes, checked when the rules are loaded ---------------------------------------
#: :func:`changes` found so far: ``id(scripts)`` -> (the scripts, their changes); a
#: library's scripts never change, and every game of it asks again.
_FOUND: Final[dict[int, tuple[Mapping[str, ast.Script], list[tuple[str, ast.Call]]]]] = {}


def changes(scripts: Mapping[str, ast.Script],
            facts: Facts | None = None) -> list[tuple[str, ast.Call]]:
    """Every rule change of the ``scripts`` (card id -> script): (card id, call); found
    once per scripts mapping. ``facts``: the scripts'
    :data:`~elgrande.dsl.script_facts.Facts` (the library's): only the scripts that call
    :data:`CHANGE` are walked (None: every one)."""
    hit = _FOUND.get(id(scripts))
    if hit is not None and hit[0] is scripts:
        return hit[1]
    out: list[tuple[str, ast.Call]] = []
    known = facts_of(facts, scripts)
    for card in scripts:  # a script is read only when it changes a rule (the facts)
        if known is not None and CHANGE not in known[card][0]:
            continue
        script = scripts[card]
        for node in ast.walk(script):
            if isinstance(node, ast.Call) and node.name == CHANGE:
                out.append((card, node))
    if len(_FOUND) > 64:  # libraries come and go in a long process (tests, tools)
        _FOUND.clear()
    _FOUND[id(scripts)] = (scripts, out)
    return out


#: :func:`used` found so far: (``id(scripts)``, parameter names) -> (the scripts, the
#: names, the durations): every game of a library asks again.
_USED: Final[dict[tuple[int, tuple[str, ...]],
                  tuple[Mapping[str, ast.Script], set[str], set[str]]]] = {}


def used(scripts: Mapping[str, ast.Script], params: Mapping[str, RuleParam],
         facts: Facts | None = None) -> tuple[set[str], set[str]]:
    """The names of the rule parameters ``params`` (the modules' in play) that the
    ``scripts`` change, and the durations of those changes (``facts``: as
    :func:`changes` takes them).

    Raises:
        CardError: a change names a parameter no module in play declares, or gives it a
        value of the wrong type or a duration a change cannot have (``E-RULE-...``, at
        the statement's position in the card named).
    """
    key = (id(scripts), tuple(params))
    hit = _USED.get(key)
    if hit is not None and hit[0] is scripts:
        return hit[1], hit[2]
    known = facts_of(facts, scripts)
    plain = None if known is None else [c for _, _, found in known.values() for c in found]
    if plain is not None and all(change_fits(c, params) for c in plain):
        names = {c[0] for c in plain}  # from the facts: no script read (nor unpickled)
        durations = {str(c[1]) for c in plain}
    else:  # no facts, or a change with a problem: the calls say which, and where
        names, durations = set(), set()
        for card, call in changes(scripts, facts):
            for node, code, msg, hint in change_problems(call, params):
                raise CardError(f"card {card}", msg, node.line, node.column, hint, code)
            names.add(str(call.arg("param")))
            durations.add(str(call.arg("until")))
    if len(_USED) > 64:
        _USED.clear()
    _USED[key] = (scripts, names, durations)
    return set(names), set(durations)


def declared(modules: Iterable[Any]) -> dict[str, RuleParam]:
    """The rule parameters the rules modules ``modules`` declare, by name."""
    return {p.name: p for m in modules for p in m.rule_params}
