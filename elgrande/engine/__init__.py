"""The engine layer: decisions, region-set evaluation, primitives and the interpreter.

It knows no card names: cards reach it as data (parsed scripts) from the dsl layer.
"""

from typing import Any, Final


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


def events_read(events: list[dict[str, Any]]) -> bool:
    """Whether ``events`` (an events sink) is read once the answer is applied: False for an
    :class:`UnreadEvents` (a playout's), True for any other list. What only a reader of
    the events would use (a general scoring's result as JSON, B6.4, a ``score`` action's,
    B8.6, and the base turn's own events, B3, B4) is made only when True. Raises
    nothing."""
    return type(events) is not UnreadEvents


#: What an :class:`UnreadEvents` sink gets in place of a special action's own event (a
#: region scored, the king or caballeros moved, a choice, B8): one shared mapping, never
#: read nor changed, that keeps the sink's length (the interpreter charges the work
#: budget per event, and logs "nothing" for a statement that made none) without making
#: the event. Only :func:`spared` puts it there.
UNMADE: Final[dict[str, Any]] = {"event": "unmade"}


def spared(events: list[dict[str, Any]]) -> bool:
    """Whether ``events`` is an unread sink (:func:`events_read` False): :data:`UNMADE` is
    then put there in place of the event the caller would make (counted, not made), and
    the caller makes none; False for any other list (the caller makes its event). Raises
    nothing."""
    if type(events) is not UnreadEvents:
        return False
    events.append(UNMADE)
    return True
