"""The caballeros' mover of the one ``move`` statement: a move, a placement from court, a
send or a bring by the places it names (:mod:`elgrande.dsl.caballero_moves`: B8.2, B5.1,
B8.7, B4.1). The base rules module declares it (``RulesModule.movers``, composed per
game); each form keeps its decision kind,
answers and events.
"""

from __future__ import annotations

from typing import Any, Final

from elgrande.dsl import ast
from elgrande.dsl.caballero_moves import form
from elgrande.engine.context import Ctx
from elgrande.engine.decisions import Decision
from elgrande.engine.primitives import (
    bring_finish,
    bring_to_court,
    move_caballeros,
    move_caballeros_finish,
    place_finish,
    place_from_court,
)
from elgrande.engine.regions import place_of
from elgrande.engine.sends import send_caballeros, send_finish
from elgrande.model.board import SPACE

#: Each call's form by ``id``: (the call, kept so that its id is not reused; its form).
#: Scripts never change.
_FORMS: Final[dict[int, tuple[ast.Call, str]]] = {}


def _static_form(call: ast.Call) -> str:
    hit = _FORMS.get(id(call))
    if hit is None or hit[0] is not call:
        if len(_FORMS) >= 4096:  # many libraries loaded in one process
            _FORMS.clear()
        hit = _FORMS[id(call)] = (call, form(call))
    return hit[1]


def _to_space(ctx: Ctx, call: ast.Call) -> bool:
    """Whether ``call`` moves one named player's caballeros (``own``, ``of p``, ``of me``)
    to one off-board space (a place name, or a variable holding one): then it is a send
    (B8.7). Evaluated without charging the effect's work budget."""
    b = ctx.board
    to = call.kw.get("to")
    if not b.spaces or not isinstance(to, ast.Name):
        return False
    whose = call.kw.get("whose")
    if not (call.kw.get("own") or isinstance(whose, (ast.PlayerVar, ast.Me))
            or isinstance(call.kw.get("source"), ast.Court)):
        return False
    at = place_of(ctx, to.name)
    return at is not None and b.places[int(at)].kind == SPACE


def caballeros_form(ctx: Ctx, call: ast.Call) -> str:
    """The form ``call`` plays now: ``"move"``, ``"place"``, ``"send"`` or ``"bring"``."""
    f = _static_form(call)
    if (f == "move" or f == "place") and _to_space(ctx, call):
        return "send"
    return f


def move_caballeros_any(ctx: Ctx, call: ast.Call) -> Decision | None:
    """The caballeros' mover: the form's first step (see module doc)."""
    f = caballeros_form(ctx, call)
    if f == "move":
        return move_caballeros(ctx, call)
    if f == "place":
        return place_from_court(ctx, call)
    if f == "send":
        return send_caballeros(ctx, call)
    return bring_to_court(ctx, call)


def move_caballeros_any_finish(ctx: Ctx, call: ast.Call, d: Decision, answer: Any) -> None:
    """Apply a checked answer by its decision's kind (the form that asked it)."""
    kind = d.kind
    if kind == "place_caballeros":
        place_finish(ctx, call, d, answer)
    elif kind == "send_caballeros":
        send_finish(ctx, call, d, answer)
    elif kind == "bring_to_court":
        bring_finish(ctx, call, d, answer)
    else:
        move_caballeros_finish(ctx, call, d, answer)
