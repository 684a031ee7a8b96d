"""Points a card gives or takes: ``gain N points`` / ``lose N points`` (the one points
statement, declared in elgrande/dsl/signatures.py as ``points``).

The deciding player (``ctx.subject``: the card's player, each player in turn inside
``each player:``, the player of ``as p:``) gains or loses N points on the score track,
N a number expression evaluated now (below 0 it is 0). Scores start at 0 (B2.4) and the
rules name no score below it, so a player loses at most the points they have; the event
says how many were asked and how many changed hands.
"""

from __future__ import annotations

from elgrande.dsl import ast
from elgrande.engine.context import Ctx
from elgrande.engine.decisions import Decision
from elgrande.engine.primitives import primitive
from elgrande.engine.values import number


@primitive("points")
def _points(ctx: Ctx, call: ast.Call) -> Decision | None:
    """B2.4, B7.1: the deciding player gains or loses points, never below a score of 0.

    Makes a ``points`` event: ``way`` (``"gain"``/``"lose"``), ``asked`` (the number, at
    least 0), ``change`` (the points gained, negative for a loss) and ``score`` (now)."""
    p = ctx.subject
    asked = max(0, number(ctx, call.arg("n")))
    scores = ctx.state.scores
    lose = call.arg("way") == "lose"
    change = -min(asked, scores[p]) if lose else asked
    scores[p] += change
    ctx.event("points", decider=p, way="lose" if lose else "gain", asked=asked,
              change=change, score=scores[p])
    return None
