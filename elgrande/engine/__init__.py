"""The engine layer: decisions, region-set evaluation, primitives and the interpreter.

It knows no card names: cards reach it as data (parsed scripts) from the dsl layer.
"""

from typing import Any


class UnreadEvents(list[dict[str, Any]]):
    """An events sink whose events nobody reads once the answer is applied (a playout's,
    :meth:`~elgrande.engine.flow.FlowEngine.play_trusted`): the events are still made and
    put there (triggers and rules modules see them as always), but what only a reader
    of the events would use may be left out (a general scoring's result as JSON, B6.4,
    and a ``score`` action's, B8.6), and the base turn's own events (``round``, ``bid``,
    ``turn_order``, ``court``, ``card``, ``place``, ``decline``, ``special``,
    ``end_turn``, ``end_round``: B3, B4), which nothing in the rules reads back, are not
    made; a special action's own events get :data:`UNMADE` in their place (counted, as
    the work budget charges each one, B8; not made). Kept here, in a module the compiled
    build leaves as Python (docs/compiled.md): mypyc compiles no subclass of ``list``."""

    __slots__ = ()


# events_read, spared and UNMADE live in a compiled module (sinks.py: native calls from
# compiled code), imported here once UnreadEvents, which it reads, is defined
from elgrande.engine.sinks import UNMADE as UNMADE  # noqa: E402
from elgrande.engine.sinks import events_read as events_read  # noqa: E402
from elgrande.engine.sinks import spared as spared  # noqa: E402
