"""A game's narration, kept beside the game so copies share it.

:class:`Trail` is an append-only sequence whose copies share what was there when they
were made (``fork`` is O(1)); :class:`Chronicle` holds a game's log in words (the record
of accepted answers is the game's own persistent chain, shared the same way).
``Game.copy()`` forks the chronicle instead of copying it (or shares it whole when the
game does not narrate: nothing in it ever changes then), so a tree search that copies a
game at every node pays nothing for a long history (docs/architecture.md).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from elgrande.model.board import Board
from elgrande.model.state import State
from elgrande.play.narrate import Labels, story, turn_card


class Trail:
    """An append-only sequence with shared prefixes.

    The items are a persistent chain of pairs ``(earlier, item)`` (None when empty):
    appending makes a new pair and never changes one, so ``fork`` makes a child that
    sees everything the trail holds now and nothing appended later in one object, with
    nothing copied.
    """

    __slots__ = ("_node", "_n")

    def __init__(self, items: Sequence[Any] = (), node: tuple[Any, Any] | None = None,
                 n: int = 0) -> None:
        self._node = node
        self._n = n
        for item in items:
            self._node = (self._node, item)
            self._n += 1

    def append(self, item: Any) -> None:
        """Add ``item`` at the end."""
        self._node = (self._node, item)
        self._n += 1

    def extend(self, items: Sequence[Any]) -> None:
        """Add ``items`` at the end."""
        for item in items:
            self._node = (self._node, item)
            self._n += 1

    def fork(self) -> Trail:
        """A child trail sharing everything this one holds now."""
        return Trail((), self._node, self._n)

    def __len__(self) -> int:
        return self._n

    def last(self) -> Any:
        """The last item, or '' when empty."""
        node = self._node
        return "" if node is None else node[1]

    def to_list(self) -> list[Any]:
        """The items, in order, as a new list."""
        out: list[Any] = []
        node = self._node
        while node is not None:
            out.append(node[1])
            node = node[0]
        out.reverse()
        return out

    def __iter__(self) -> Iterator[Any]:
        return iter(self.to_list())


class Chronicle:
    """A game's narration (the record of accepted answers is the game's own:
    :attr:`elgrande.play.game.Game.history`). Nothing in it changes while ``logging`` is
    off: the copies of a game that does not narrate share its chronicle.

    Args:
        board: the board (for region names); names: player names by seat;
        titles: card id -> the card's name in the log (``narrate.card_labels``);
        logging: narrate events into words; log: the trail to continue (``fork``;
        default: a new empty one); labels: what the log marks (provisional values, the
        rules modules' board lines;
        :class:`~elgrande.play.narrate.Labels`), or None; card: the action card taken this
        turn so far (for the placement line's label); seen: the rules modules' notes of
        what the log has told (``log_changes`` hooks).
    """

    __slots__ = ("board", "names", "titles", "logging", "log", "labels", "card", "seen")

    def __init__(self, board: Board, names: Sequence[str], titles: Mapping[str, str],
                 logging: bool = True, log: Trail | None = None, labels: Labels | None = None,
                 card: str = "", seen: dict[str, Any] | None = None) -> None:
        self.board = board
        self.names = tuple(names)  # a tuple's tuple() is itself: forks share it
        self.titles = titles
        self.logging = logging
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

    def fork(self) -> Chronicle:
        """A chronicle for a copy of the game: shares everything kept so far (``self``
        itself when not logging: nothing in it ever changes then)."""
        if not self.logging:
            return self
        # a constructor call, not Chronicle.__new__: mypyc's native classes allow no
        # instance without __init__ (docs/compiled.md)
        return Chronicle(self.board, self.names, self.titles, True, self.log.fork(),
                         self.labels, self.card, dict(self.seen))
