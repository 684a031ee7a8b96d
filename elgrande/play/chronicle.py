"""A game's history and narration, kept beside the game so copies share them.

:class:`Trail` is an append-only sequence whose copies share what was there when they
were made (``fork`` is O(1)); :class:`Chronicle` holds a game's accepted answers (the
record) and its log in words. ``Game.copy()`` forks the chronicle instead of copying it,
so a tree search that copies a game at every node pays nothing for a long history
(docs/architecture.md).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from elgrande.model.board import Board
from elgrande.model.state import State
from elgrande.play.narrate import Labels, story, turn_card


class Trail:
    """An append-only sequence with shared prefixes.

    A trail is its parent's first ``base`` items followed by its own items; ``fork``
    makes a child that sees everything the trail holds now and nothing appended later.
    """

    __slots__ = ("_own", "_parent", "_base")

    def __init__(self, items: Sequence[Any] = (), parent: Trail | None = None,
                 base: int = 0) -> None:
        self._own: list[Any] = list(items) if items else []
        self._parent = parent
        self._base = base

    def append(self, item: Any) -> None:
        """Add ``item`` at the end."""
        self._own.append(item)

    def extend(self, items: Sequence[Any]) -> None:
        """Add ``items`` at the end."""
        self._own.extend(items)

    def fork(self) -> Trail:
        """A child trail sharing everything this one holds now."""
        own = self._own
        if not own and self._parent is not None:  # nothing of its own: share the parent
            return Trail((), self._parent, self._base)
        return Trail((), self, self._base + len(own))

    def __len__(self) -> int:
        return self._base + len(self._own)

    def last(self) -> Any:
        """The last item, or '' when empty."""
        t: Trail | None = self
        take = len(self)
        while t is not None:
            if take > t._base:
                return t._own[take - t._base - 1]
            take = t._base
            t = t._parent
        return ""

    def to_list(self) -> list[Any]:
        """The items, in order, as a new list."""
        chain: list[tuple[list[Any], int]] = []
        t: Trail | None = self
        take = len(self)
        while t is not None:
            own_take = take - t._base
            chain.append((t._own, own_take))
            take = t._base
            t = t._parent
        out: list[Any] = []
        for own, n in reversed(chain):
            out.extend(own[:n])
        return out

    def __iter__(self) -> Iterator[Any]:
        return iter(self.to_list())


class Chronicle:
    """A game's record (accepted answers) and its narration.

    ``history`` holds each accepted answer as a tuple ``(player, kind, answer)`` (cheaper to
    keep than a dict; :attr:`elgrande.play.game.Game.history` gives them as dicts).

    Args:
        board: the board (for region names); names: player names by seat;
        titles: card id -> title; logging: narrate events into words; history, log:
        the trails to continue (``fork``; default: new empty ones); labels: what the
        log marks (provisional values, the rules modules' board lines;
        :class:`~elgrande.play.narrate.Labels`), or None; card: the action card taken this
        turn so far (for the placement line's label); seen: the rules modules' notes of
        what the log has told (``log_changes`` hooks).
    """

    __slots__ = ("board", "names", "titles", "logging", "history", "log", "labels", "card",
                 "seen")

    def __init__(self, board: Board, names: Sequence[str], titles: dict[str, str],
                 logging: bool = True, history: Trail | None = None,
                 log: Trail | None = None, labels: Labels | None = None,
                 card: str = "", seen: dict[str, Any] | None = None) -> None:
        self.board = board
        self.names = list(names)
        self.titles = titles
        self.logging = logging
        self.history = Trail() if history is None else history
        self.log = Trail() if log is None else log
        self.labels = labels
        self.card = card
        self.seen: dict[str, Any] = {} if seen is None else seen

    def narrate(self, events: Sequence[dict[str, Any]], state: State | None = None) -> None:
        """Add the words of ``events`` to the log (when logging); ``state`` is the state
        after them (for the board summary after a scoring)."""
        if self.logging and events:
            last = self.log.last()
            lines = story(events, self.board, self.names, self.titles, state, last,
                          self.labels, self.card)
            self.card = turn_card(events, self.card)
            changes = self.labels.changes if self.labels is not None else None
            if changes is not None and state is not None:  # what no event says, after
                for anchor, text in changes(state, self.board, self.names, self.seen):
                    at = len(lines)  # the answer's last line naming ``anchor``
                    for i, ln in enumerate(lines):
                        if anchor in ln:
                            at = i + 1
                    lines.insert(at, text)
            self.log.extend(lines)

    def record(self, player: int, kind: str, answer: Any,
               events: Sequence[dict[str, Any]], state: State | None = None) -> None:
        """Keep an accepted answer and narrate what it caused."""
        self.history._own.append((player, kind, answer))
        if self.logging and events:
            self.narrate(events, state)

    def fork(self) -> Chronicle:
        """A chronicle for a copy of the game: shares everything kept so far."""
        # a constructor call, not Chronicle.__new__: mypyc's native classes allow no
        # instance without __init__ (docs/compiled.md)
        return Chronicle(self.board, self.names, self.titles, self.logging,
                         self.history.fork(),
                         # logging off: nothing is ever narrated, the copies share the log
                         self.log.fork() if self.logging else self.log, self.labels,
                         self.card, dict(self.seen) if self.logging else self.seen)
