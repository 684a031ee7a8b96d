"""Options that are never possible now, folded away (B3.4): a decision's options that are
disabled by a rule, none chosen, are shown as no row at all; the rows are the options that
are possible now, and one collapsed line under them ("Why not other places?") opens on
every folded option, grouped by the rule that refuses it (its id and title) with its
reason, so a long list of choices that cannot be taken does not hide the few that can,
and every reason stays reachable. Every option stays in the controls' ``options`` (the
board still marks its place as forbidden, and says why); a folded one carries
``"folded": True``.

A fold (one per rule, ``folds(options)``)::

    {"rule", "title", "why": the reason the options share (their first's, where they
     differ), "whole": the reason says all the title says (the page leaves the title
     out: page_words.king_words), "labels": [label, ...], "whys": [each option's own reason, ...],
     "reasons": [{"why", "labels": [label, ...]}, ...] (the labels grouped by their
     reason, in the order of each reason's first option: a card's rule refusing many
     places is said once, "not one of the places this card lets you choose: A, B, C",
     not once a place: :func:`reasons`; a move's reason shared by several moves and
     naming none of their places also has "said", the one sentence the page shows
     instead of the moves)}
"""

from __future__ import annotations

from typing import Any


def _foldable(o: dict[str, Any], off_at_start: set[tuple[int, ...]] | None) -> bool:
    if o.get("enabled") or o.get("count") or not o.get("rule"):
        return False
    unit = o.get("unit")
    return unit is None or off_at_start is None or tuple(unit) in off_at_start


def folds(options: list[dict[str, Any]], form: str,
          off_at_start: set[tuple[int, ...]] | None = None) -> list[dict[str, Any]]:
    """Fold ``options`` (the controls' options of a decision of ``form``, in their order;
    marked in place with ``"folded": True``): every disabled option with a rule's reason,
    none of which is chosen, whatever its rule (B3.4), grouped by rule. Only forms
    ``pick`` (the values that are not the decision's choices), ``counts`` (the places
    disabled with no caballero chosen yet too: ``off_at_start`` holds their units, None
    when nothing is chosen) and ``moves`` (every destination disabled now: the page
    shows a row only for a possible one, B8.2; ``off_at_start`` None) fold: a subset's
    boxes are disabled only while others are chosen. A move's folded destinations are
    named by their place alone where every move comes from one region (B8.2: "Galicia",
    not "Granada to Galicia"; once for all its owners), so one reason is said once for
    them all. Returns the
    folds, in the order of their first option. Raises nothing."""
    if form not in ("pick", "counts", "moves"):
        return []
    groups: dict[tuple[str, str], list[dict[str, Any]]] = {}
    for o in options:
        if _foldable(o, off_at_start):
            groups.setdefault((str(o["rule"]), str(o.get("title", ""))), []).append(o)
    one_source = form == "moves" and len({o.get("from") for o in options}) == 1
    out: list[dict[str, Any]] = []
    for group in groups.values():
        for o in group:
            o["folded"] = True
        first = group[0]
        pairs = dict.fromkeys((str(o["to_label"] if one_source else o["label"]),
                               str(o.get("why", ""))) for o in group)  # each once (owners)
        labels, whys = [p[0] for p in pairs], [p[1] for p in pairs]
        out.append({"rule": first["rule"], "title": first.get("title", ""),
                    "why": first.get("why", ""), "whole": bool(first.get("whole")),
                    "labels": labels, "whys": whys,
                    "reasons": reasons(labels, whys, form == "moves")})
    return out


def _shared(label: str, why: str) -> str:
    """Reason ``why`` of the option ``label`` as options may share it: where it says the
    option itself "is not ..." (``"X is not adjacent to the king's region"``, ``"the
    X is not one of the places this card lets you choose"``), what follows ("not
    adjacent to the king's region"); else ``why`` as it is."""
    low = why.lower()
    for subject in (f"{label} is ", f"the {label} is "):
        if low.startswith(subject.lower()) and low[len(subject):].startswith("not "):
            return why[len(subject):]
    return why


def reasons(labels: list[str], whys: list[str], moves: bool = False) -> list[dict[str, Any]]:
    """The options ``labels`` (folded under one rule, each refused for its ``whys``)
    grouped by their reason: ``[{"why", "labels"}]`` in the order of each reason's first
    option, a reason that names its option ("X is not adjacent to ...") shared as what
    it says of it (:func:`_shared`), so a reason many options share is said once (B3.4):
    "not adjacent to the king's region: X, Y". With ``moves`` (a move's "X to Y"
    labels), a reason several moves share that names none of their places also has
    ``"said"``, the one sentence the page says instead of listing them (f33: 54 pairs
    under "at most 3 caballeros may move, not 4", B8.2): :func:`said`. Raises nothing."""
    by: dict[str, list[str]] = {}
    for label, why in zip(labels, whys, strict=True):
        by.setdefault(_shared(label, why), []).append(label)
    out: list[dict[str, Any]] = []
    for w, group in by.items():
        r: dict[str, Any] = {"why": w, "labels": group}
        if moves and (line := said(w, group)):
            r["said"] = line
        out.append(r)
    return out


def said(why: str, labels: list[str]) -> str:
    """Reason ``why`` shared by the moves ``labels`` (``"Galicia to Aragon"`` or a place
    alone) as one sentence, where it names none of their places and they are several:
    ``"At most 3 caballeros may move, not 4: 54 moves"``; else
    ``""`` (the moves are listed: the reason depends on them). Raises nothing."""
    if len(labels) < 2 or not why:
        return ""
    low = why.lower()
    places = {p.strip().lower() for lab in labels for p in lab.split(" to ")}
    if any(p and p in low for p in places):
        return ""
    return f"{why[0].upper()}{why[1:]}: {len(labels)} moves"
