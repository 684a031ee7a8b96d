"""Disabled options folded into one line each (B3.4): a decision's options that are
disabled for one rule, none chosen, are shown as one line ("these N: the rule, and why")
instead of one disabled row each, so a long list of choices that cannot be taken does not
hide the few that can. Every option stays in the controls' ``options`` (the board still
marks its place as forbidden, and says why); a folded one carries ``"folded": True`` and
the fold lists its label and its reason, so every reason stays reachable.

A fold (``folds(options)``)::

    {"rule", "title", "why": the reason the options share (their first's, where they
     differ), "labels": [label, ...], "whys": [each option's own reason, ...],
     "brief": the folded places in brief ("every region", "every region but X and Y";
     :func:`brief`), or None where the labels say it best}
"""

from __future__ import annotations

from typing import Any

from elgrande.model.board import SPACE, Board

#: The fewest disabled options of one rule folded into a line (fewer stay rows).
MIN_FOLD = 3


def _foldable(o: dict[str, Any], off_at_start: set[tuple[int, ...]] | None) -> bool:
    if o.get("enabled") or o.get("count") or not o.get("rule"):
        return False
    unit = o.get("unit")
    return unit is None or off_at_start is None or tuple(unit) in off_at_start


def folds(options: list[dict[str, Any]], form: str,
          off_at_start: set[tuple[int, ...]] | None = None,
          board: Board | None = None) -> list[dict[str, Any]]:
    """Fold ``options`` (the controls' options of a decision of ``form``, in their order;
    marked in place with ``"folded": True``): per rule, the disabled options none of which
    is chosen, when there are at least :data:`MIN_FOLD` of them. Only forms ``pick`` (the
    values that are not the decision's choices) and ``counts`` (the places disabled with
    no caballero chosen yet too: ``off_at_start`` holds their units, None when nothing is
    chosen) fold: a subset's boxes and a move's destinations that are disabled light up
    again when a choice is taken back. Returns the folds, in the order of their first
    option. Raises nothing."""
    if form not in ("pick", "counts"):
        return []
    groups: dict[tuple[str, bool], list[dict[str, Any]]] = {}
    for o in options:
        if _foldable(o, off_at_start):
            groups.setdefault((str(o["rule"]), o.get("unit") is None), []).append(o)
    out: list[dict[str, Any]] = []
    for group in groups.values():
        if len(group) < MIN_FOLD:
            continue
        for o in group:
            o["folded"] = True
        first = group[0]
        out.append({"rule": first["rule"], "title": first.get("title", ""),
                    "why": first.get("why", ""), "labels": [o["label"] for o in group],
                    "whys": [o.get("why", "") for o in group],
                    "brief": brief(board, group) if board is not None else None})
    return out


#: At most this many places left out of a kind are named after "but".
MOST_BUT = 3


def _and(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def brief(board: Board, group: list[dict[str, Any]]) -> str | None:
    """The places of the folded options ``group`` (each one place of ``board``, their
    ``"place"``) said in brief, from the board's data (its places' kinds, B1.6): the
    whole board as "every place on the board"; a kind wholly folded as "every region";
    one folded but for at most :data:`MOST_BUT` of its places (fewer than it folds) as
    "every region but X and Y"; other places by name; parts joined by "and". None when no kind
    is said in brief (the labels are then as short), or an option is no single place of
    the board (a kind of caballero, the provinces, the court). Raises nothing."""
    places = [o.get("place") for o in group]
    if any(o.get("kind") is not None for o in group) or len(set(places)) != len(places) \
            or not all(isinstance(p, str) and p in board.index for p in places):
        return None
    folded = {board.index[str(p)] for p in places}
    on_board = [p for p in board.places if p.kind != SPACE]
    if folded == {p.index for p in on_board}:
        return "every place on the board"
    kinds: dict[str, list[int]] = {}
    for p in on_board:
        kinds.setdefault(p.kind, []).append(p.index)
    parts: list[str] = []
    said = False
    for kind, members in kinds.items():
        inside = [i for i in members if i in folded]
        left = [board.places[i].name for i in members if i not in folded]
        if len(members) > 1 and not left:
            parts.append(f"every {kind}")
        elif len(members) > 1 and len(left) <= MOST_BUT and len(left) < len(inside):
            parts.append(f"every {kind} but {_and(left)}")
        else:
            parts += [board.places[i].name for i in inside]
            continue
        said = True
    if not said:
        return None
    if len(parts) > 1 and any(" but " in p for p in parts[:-1]):  # a comma ends the "but"
        return ", ".join(parts[:-1]) + ", and " + parts[-1]
    return _and(parts)
