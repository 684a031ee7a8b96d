"""Disabled options folded into one line each (B3.4): a decision's options that are
disabled for one rule, none chosen, are shown as one line ("these N: the rule, and why")
instead of one disabled row each, so a long list of choices that cannot be taken does not
hide the few that can. Every option stays in the controls' ``options`` (the board still
marks its place as forbidden, and says why); a folded one carries ``"folded": True`` and
the fold lists its label and its reason, so every reason stays reachable.

A fold (``folds(options)``)::

    {"rule", "title", "why": the reason the options share (their first's, where they
     differ), "labels": [label, ...], "whys": [each option's own reason, ...]}
"""

from __future__ import annotations

from typing import Any

#: The fewest disabled options of one rule folded into a line (fewer stay rows).
MIN_FOLD = 3


def _foldable(o: dict[str, Any], off_at_start: set[tuple[int, ...]] | None) -> bool:
    if o.get("enabled") or o.get("count") or not o.get("rule"):
        return False
    unit = o.get("unit")
    return unit is None or off_at_start is None or tuple(unit) in off_at_start


def folds(options: list[dict[str, Any]], form: str,
          off_at_start: set[tuple[int, ...]] | None = None) -> list[dict[str, Any]]:
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
                    "whys": [o.get("why", "") for o in group]})
    return out
