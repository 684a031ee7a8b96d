"""The replay viewer of a game played on the server (``elgrande show``'s page, drawn from
the game's record): the public view, or one seat's (B8.5a: nothing hidden from it is
embedded)."""

from __future__ import annotations

from collections.abc import Sequence

from elgrande.play.game import Game
from elgrande.play.records import record_lines
from elgrande.tools.viewer import frames, viewer_html


def replay_page(game: Game, seat: int | None, title: str = "El Grande replay",
                cards: Sequence[str] | None = None) -> str:
    """The viewer page (one self-contained HTML text) of ``game`` so far, as ``seat``
    sees it (None: the public view). ``cards``: homebrew card folders, where the record's
    own are not where it says.

    Raises:
        RecordError: the game's record does not replay (it always does for a game the
        engine played).
    """
    lines = list(record_lines(game))
    seen = "public view" if seat is None else f"as {game.names[seat]}"
    return viewer_html(frames(lines, seat, cards), f"{title} ({seen})")
