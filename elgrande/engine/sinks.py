"""Whether an events sink is read (:func:`events_read`) and the one event an unread sink
gets in place of a special action's own (:func:`spared`, :data:`UNMADE`).

Here, not in :mod:`elgrande.engine` beside :class:`~elgrande.engine.UnreadEvents`: that
module stays Python in the compiled build (mypyc compiles no subclass of ``list``), where
every call of these from compiled code would run as interpreted code (about 0.5k
instructions each, several a turn); compiled here, they are native calls
(docs/performance.md, "Where a compiled decision goes"). :mod:`elgrande.engine` re-exports
them.
"""

from __future__ import annotations

from typing import Any, Final

from elgrande.engine import UnreadEvents

#: The unread sink's class, read as a native static in the compiled build (a name imported
#: from a Python module would be looked up in this module's globals at every call).
_UNREAD: Final = UnreadEvents

#: What an :class:`~elgrande.engine.UnreadEvents` sink gets in place of a special action's
#: own event (a region scored, the king or caballeros moved, a choice, B8): one shared
#: mapping, never read nor changed, that keeps the sink's length (the interpreter charges
#: the work budget per event, and logs "nothing" for a statement that made none) without
#: making the event. Only :func:`spared` puts it there.
UNMADE: Final[dict[str, Any]] = {"event": "unmade"}


def events_read(events: list[dict[str, Any]]) -> bool:
    """Whether ``events`` (an events sink) is read once the answer is applied: False for an
    :class:`~elgrande.engine.UnreadEvents` (a playout's), True for any other list. What
    only a reader of the events would use (a general scoring's result as JSON, B6.4, a
    ``score`` action's, B8.6, and the base turn's own events, B3, B4) is made only when
    True. Raises nothing."""
    return type(events) is not _UNREAD


def spared(events: list[dict[str, Any]]) -> bool:
    """Whether ``events`` is an unread sink (:func:`events_read` False): :data:`UNMADE` is
    then put there in place of the event the caller would make (counted, not made), and
    the caller makes none; False for any other list (the caller makes its event). Raises
    nothing."""
    if type(events) is not _UNREAD:
        return False
    events.append(UNMADE)
    return True
