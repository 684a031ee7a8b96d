"""A player's view built lazily (B8.5a): :class:`View`, what ``Game.lazy_view`` returns.

``Game.view(player)`` builds the whole view at once: the state and the flow serialised,
the hidden parts removed by the rules modules. A bot that reads only the pending decision
(the random bot) pays for all of it at every decision. A :class:`View` is the same
mapping with each key built on its first read and kept: ``dict(view)`` equals
``game.view(player)`` (a test compares them at every decision of seeded games), and the
bots read :attr:`View.decision`, the pending decision itself, instead of rebuilding it
from ``view["pending"]``.

A view is read before its game moves on (what a bot does): a key first read after the
game took another answer raises :class:`StaleView` rather than show a later position.
``dict(view)`` (or :meth:`View.to_json`) is a plain JSON-able dict to keep.
"""

from __future__ import annotations

import copy
from collections.abc import Iterator, Mapping
from typing import Any, Protocol

from elgrande.engine.decisions import Decision
from elgrande.errors import ElGrandeError

#: The keys every view has, in the order ``Game.view`` gives them.
KEYS = ("player", "names", "header", "state", "flow", "pending")
#: A lazy view's marker of a key not built yet.
_MISSING: Any = object()


class StaleView(ElGrandeError):
    """A key of a lazy view read for the first time after its game took another answer:
    the view can no longer show the position it was made for (read the keys, or take
    ``dict(view)``, before answering)."""


class ViewSource(Protocol):
    """What a lazy view reads its game through (:class:`~elgrande.play.game.Game`)."""

    def answered(self) -> int:
        """How many answers the game took so far (a view's position)."""

    def view_state_flow(self, player: int) -> tuple[dict[str, Any], dict[str, Any]]:
        """The view's ``state`` and ``flow`` for ``player`` (hidden parts removed)."""

    def view_names(self) -> list[str]:
        """The view's ``names``."""

    def view_header(self) -> dict[str, Any]:
        """The view's ``header`` (no private field)."""

    def view_pending(self, player: int) -> dict[str, Any] | None:
        """The view's ``pending``: the decision's JSON if ``player`` must answer it."""


class View(Mapping[str, Any]):
    """What ``player`` may see of a game (B8.5a), each key built when first read.

    Args:
        game: the game (read through :class:`ViewSource`).
        player: the viewing seat.
        provisional: whether the view carries ``"provisional": True`` (docs/library.md).
        decision: the pending decision if ``player`` must answer it, else None.

    Attributes:
        player: the viewing seat.
        decision: the pending decision itself when ``player`` must answer it (what
            ``Decision.from_json(view["pending"])`` rebuilds), else None; read-only for
            the bots.

    Raises (on reading a key):
        KeyError: not a key of the view.
        StaleView: a key first read after the game took another answer.
    """

    __slots__ = ("_game", "player", "decision", "_at", "_keys", "_got")

    def __init__(self, game: ViewSource, player: int, provisional: bool,
                 decision: Decision | None) -> None:
        self._game = game
        self.player = player
        self.decision = decision
        self._at = game.answered()
        self._keys = KEYS + ("provisional",) if provisional else KEYS
        self._got: dict[str, Any] = {"player": player}
        if provisional:
            self._got["provisional"] = True

    def __getitem__(self, key: str) -> Any:
        got = self._got.get(key, _MISSING)
        if got is not _MISSING:
            return got
        if key not in self._keys:
            raise KeyError(key)
        game = self._game
        if game.answered() != self._at:
            raise StaleView(f"view key {key!r} read after the game moved on: read a view "
                            "before answering (or keep dict(view))")
        if key == "state" or key == "flow":  # the rules modules hide parts of both at once
            self._got["state"], self._got["flow"] = game.view_state_flow(self.player)
        elif key == "pending":
            self._got["pending"] = game.view_pending(self.player)
        elif key == "names":
            self._got["names"] = game.view_names()
        else:
            self._got["header"] = game.view_header()
        return self._got[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._keys)

    def __len__(self) -> int:
        return len(self._keys)

    def __contains__(self, key: object) -> bool:
        return key in self._keys

    def source(self) -> ViewSource | None:
        """The game this view shows while it has not moved on since (None after: the view
        then shows an earlier position); ``Game.from_view`` draws from its pieces."""
        return self._game if self._game.answered() == self._at else None

    def to_json(self) -> dict[str, Any]:
        """The whole view as a plain dict (equal to ``game.view(player)``; built now).

        Raises:
            StaleView: a key not built yet and the game moved on.
        """
        return {k: self[k] for k in self._keys}

    def __copy__(self) -> dict[str, Any]:
        return self.to_json()

    def __deepcopy__(self, memo: dict[int, Any]) -> dict[str, Any]:
        return copy.deepcopy(self.to_json(), memo)

    def __repr__(self) -> str:
        return f"View(player={self.player}, built={sorted(self._got)})"


def pending_decision(view: Mapping[str, Any]) -> Decision:
    """The decision a view's player must answer: a lazy view's own (:attr:`View.decision`),
    else rebuilt from ``view["pending"]``.

    Raises:
        TypeError, KeyError: a view without a pending decision for its player (as
        ``Decision.from_json(None)`` does).
    """
    if isinstance(view, View) and view.decision is not None:
        return view.decision
    return Decision.from_json(view["pending"])


__all__ = ["KEYS", "StaleView", "View", "ViewSource", "pending_decision"]
