"""Notes the log adds beside the events (f29: a new user guessed why): why a card's
choice was followed by nothing (B8.2), and who plays first in a round after the first
(B3.3).

Called by :func:`elgrande.play.narrate.story`; words only (log lines are not stored).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from elgrande.model.board import Board
from elgrande.model.state import State

#: The start of the note under a card's choice after which its action did nothing more.
AFTER: Final = "  (nothing done after the choice"
#: Events that change no caballero: the state after them still shows the board as the
#: card's choice left it.
_QUIET: Final = frozenset({"end_turn", "end_round", "round"})


def _who(line: str, names: Sequence[str]) -> str:
    """The player whose choice log line ``line`` is (``"  Randy chooses ..."``,
    ``"  Randy's region for ..."``): the longest of ``names`` it starts with; '' for none."""
    body = line.strip()
    hits = [n for n in names if n and (body.startswith(n + " ") or body.startswith(n + "'s "))]
    return max(hits, key=len) if hits else ""


def after_choice(chose: dict[str, Any] | None, rest: Sequence[dict[str, Any]],
                 state: State | None, board: Board, names: Sequence[str], line: str) -> str:
    """The note under a card's choice after which the card did nothing more (B8.2), saying
    why as far as the events tell:

    - ``chose`` (the ``choose`` event, seen in the same answer's events, ``rest`` the
      events after it): the card ended right after the choice, asking nothing more, so
      its next step found nothing to do; where ``rest`` changed no caballero
      (:data:`_QUIET`) and ``state`` (the state after them) is given, the facts of the
      chosen region and the chooser's court are said: ``"  (nothing done after the
      choice: Randy has no caballeros in Seville)"``, ``"... nobody has caballeros in
      Seville)"``, else (Randy has some there) ``"... Randy's court is empty)"``; else
      ``"... nothing there for the card to do)"``;
    - None (the choice was the last line of an earlier answer, ``line``): the card asked
      its next step and the player answered it with nothing: ``"  (nothing done after
      the choice: Randy chose to do nothing more)"``.

    Raises nothing (a malformed event gives the plain note)."""
    if chose is None:
        who = _who(line, names)
        return f"{AFTER}: {who} chose to do nothing more)" if who else f"{AFTER})"
    p, rid = chose.get("chooser"), chose.get("region")
    if not isinstance(p, int) or not 0 <= p < len(names):
        return f"{AFTER})"
    facts: list[str] = []
    if (state is not None and rid in board.index
            and all(e.get("event") in _QUIET for e in rest)):
        r = board.index[rid]
        place = board.place_name(rid)
        if not any(state.caballeros[r]) and not state.neutral[r]:
            facts.append(f"nobody has caballeros in {place}")
        elif not state.caballeros[r][p]:
            facts.append(f"{names[p]} has no caballeros in {place}")
        elif not state.court[p]:  # the region is not why: perhaps the court
            facts.append(f"{names[p]}'s court is empty")
    return f"{AFTER}: {'; '.join(facts) or 'nothing there for the card to do'})"


def first_player(e: dict[str, Any], ended: int | None, names: Sequence[str]) -> list[str]:
    """The line under the heading of round event ``e`` (its ``first_bidder``) of a round
    after the game's first (B3.3: the player who took the last turn of the previous round
    plays first; ``ended``: the number of the round that ended in the same answer, else
    None): ``"First to play this round: Randy (B3.3: they took the last turn of round
    1)."`` (f29 did not know why round 2 began with a bot). Not a line starting with the
    player's name: the page reads those as the player's own doings. [] for an event
    without a valid ``first_bidder``."""
    p = e.get("first_bidder")
    if not isinstance(p, int) or not 0 <= p < len(names):
        return []
    before = f"round {ended}" if ended is not None else "the previous round"
    return [f"First to play this round: {names[p]} (B3.3: they took the last turn of "
            f"{before})."]
