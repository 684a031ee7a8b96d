"""What the log says after a card's secret choices are revealed about the regions the
card then left unscored (f20, B8.5, B8.6): a card that scores only the regions
chosen by exactly one player scores nothing where two or more chose the same region, and
the log says so, derived from the events alone (no card is named here)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from elgrande.model.board import Board


def _place_id(board: Board, index: Any) -> str:
    """The id of place ``index`` of ``board``, or "" for a value that is none."""
    if isinstance(index, int) and 0 <= index < len(board.places):
        return board.places[index].id
    return ""


def _choosers(picks: dict[str, Any], names: Sequence[str]) -> dict[str, list[str]]:
    """Place id -> the names of the players who chose it, in the picks' order."""
    out: dict[str, list[str]] = {}
    for p, region in picks.items():
        if isinstance(region, str) and region and str(p).isdigit() and int(p) < len(names):
            out.setdefault(region, []).append(str(names[int(p)]))
    return out


def _who(names: list[str]) -> str:
    """``"a and b"``, ``"a, b and c"``."""
    return ", ".join(names[:-1]) + " and " + names[-1] if len(names) > 1 else "".join(names)


def unscored(events: Sequence[dict[str, Any]], board: Board,
             names: Sequence[str]) -> dict[int, list[str]]:
    """The lines to add after some of ``events`` (one answer's): after a card's ``reveal``
    and the ``score`` events of that card that follow it, one line for each region chosen
    by two or more players that the card did not score, where it scored every region
    chosen by exactly one player (its rule: a region chosen by more than one player is
    not scored, B8.6: a special scoring scores only the regions its card names);
    where the card did nothing after the reveal and every region was chosen by more than
    one player, one line saying so. Keyed by the index in ``events`` of the card's last
    event after the reveal (the reveal's own where none follows). Raises nothing.

    Args:
        events: the events of one answer, in order (event dicts).
        board: the board (place ids and names).
        names: the players' names by seat.
    """
    out: dict[int, list[str]] = {}
    for i, e in enumerate(events):
        if e.get("event") != "reveal" or "card" not in e or not isinstance(e.get("picks"),
                                                                          dict):
            continue
        last, other = i, False
        scored: set[str] = set()
        for j in range(i + 1, len(events)):
            f = events[j]
            if f.get("card") != e["card"] or f.get("event") == "reveal":
                break
            last = j
            if f.get("event") == "score" and isinstance(f.get("result"), dict):
                scored.add(_place_id(board, f["result"].get("place")))
            else:
                other = True
        chosen = _choosers(e["picks"], names)
        shared = {r: who for r, who in chosen.items() if len(who) > 1}
        if not shared or any(len(who) == 1 and r not in scored for r, who in chosen.items()):
            continue  # nothing shared, or the card's filter is not "chosen by one"
        if scored:
            out[last] = [f"  {board.place_name(r)} is not scored: chosen by {_who(who)} "
                         "(B8.6: a region chosen by more than one player is not scored)."
                         for r, who in shared.items() if r not in scored]
        elif not other and len(shared) == len(chosen):
            said = "; ".join(f"{board.place_name(r)} by {_who(who)}"
                             for r, who in shared.items())
            out[last] = [f"  Nothing is scored: every region was chosen by more than one "
                         f"player ({said}; B8.6)."]
    return {k: v for k, v in out.items() if v}
