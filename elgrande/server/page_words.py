"""Words the page of ``elgrande serve`` shows beside a decision's controls, all from the
engine's public data: a power card's caballeros (B3.2), the action cards on offer (B3.1)
and what bounds a decision's number of caballeros (B8.2: a card's number against the
caballeros that can move).
"""

from __future__ import annotations

import re
from typing import Any

from elgrande.engine.decisions import Decision
from elgrande.model.counted import counted, noun
from elgrande.play.game import Game
from elgrande.rules.base_data import VETO_KIND


def power_label(game: Game, value: Any) -> str:
    """The label of power card ``value`` (an int 1-13): its value and how many caballeros
    it brings to court, from the set's data (B3.2), e.g. ``"6 · 3 caballeros"``; the
    value alone for a value the board's table does not hold."""
    table = game.library.board.power_cards
    if not isinstance(value, int) or value not in table:
        return str(value)
    n = table[value]
    return f"{value} · {counted(n, 'caballero')}"


def offer(game: Game, view: dict[str, Any]) -> list[dict[str, Any]]:
    """The action cards on offer in ``view`` (``view["state"]["offer"]``, a list of card
    ids, ``''`` where taken; B3.1) as ``[{"id", "title", "text", "stack"}]`` in the
    offer's order, taken ones left out. Public: every viewer sees the open cards. An id
    the library does not hold is shown by its id, with no text. ``title`` is the log's
    label (:meth:`~elgrande.play.game.Game.card_label`): two "Special Scoring" cards
    are told apart.

    Args:
        game: the game (its card library).
        view: ``game.view(seat)`` or the public view.
    """
    ids = (view.get("state") or {}).get("offer") or []
    out: list[dict[str, Any]] = []
    for cid in ids:
        if not cid:
            continue
        try:
            card = game.library.card(cid)
        except KeyError:
            out.append({"id": cid, "title": str(cid), "text": "", "stack": None})
            continue
        out.append({"id": card.id, "title": game.card_label(card.id), "text": card.text,
                    "stack": card.stack})
    return out


_STATED = re.compile(r"\bup to (\d+)\b")


def max_note(d: Decision, hi: int) -> str | None:
    """Why decision ``d`` allows at most ``hi`` caballeros when its prompt states a
    larger number ("Move up to 3 caballeros", ``hi`` 2): the card's number, then what
    lowers it (B8.2: only the caballeros the card may take can move; the room left where
    they may go). None when the prompt states no number or the same one."""
    m = _STATED.search(d.prompt)
    if m is None or int(m.group(1)) <= hi:
        return None
    stated = int(m.group(1))
    cab = noun(hi, "caballero")
    if d.kind == "move_caballeros":
        sources = d.options.get("sources") or {}
        available = sum(int(n) for w in sources.values() for n in w.values())
        if available <= hi:
            return (f"up to {stated} are allowed, but only {hi} {cab} can move "
                    "(all that this move may take)")
        return (f"up to {stated} are allowed, but only {hi} {cab} "
                f"fit{'s' if hi == 1 else ''} where they may go")
    return f"up to {stated}, but only {hi} {cab} now"


def provinces_note(d: Decision) -> str | None:
    """Why a bring-to-court decision's regions may be chosen (B4.1: caballeros come from
    the regions only once the provinces are empty): when the seat's provinces hold fewer
    caballeros than the decision's limit and it has caballeros in regions, e.g. "Your
    provinces have only 2: the rest may come from your regions (B4.1)". None otherwise
    (the regions can never be chosen in this decision)."""
    o = d.options
    if d.kind != "bring_to_court" or not o.get("regions"):
        return None
    n, limit = int(o.get("provinces", 0)), int(o.get("limit", 0))
    if n >= limit:
        return None
    if n == 0:
        return "Your provinces are empty: caballeros may come from your regions (B4.1)"
    return f"Your provinces have only {n}: the rest may come from your regions (B4.1)"


def held_lines(game: Game, view: dict[str, Any]) -> list[list[str]]:
    """Per player, the cards they hold in words, from ``view``'s public state only (a
    card held in court, ``state["held"]``, and a Veto kept for later, B8.4, in
    ``state["lasting"]``: both taken face up, so every viewer sees them; never a hand):
    e.g. ``[["Veto (until the end of round 4)"], [], []]``, each card by its label
    (:meth:`~elgrande.play.game.Game.card_label`: two cards with one title told apart).
    A card the library does not hold is named by its id.

    Args:
        game: the game (its card library).
        view: ``game.view(seat)`` or the public view.
    """
    st = view.get("state") or {}
    n = int(st.get("players") or 0)
    out: list[list[str]] = [[] for _ in range(n)]

    def name(cid: Any) -> str:
        return game.card_label(cid) if isinstance(cid, str) else str(cid)

    for p, row in enumerate(st.get("held") or []):
        if p < n:
            out[p] += [name(cid) for cid in row or []]
    for e in st.get("lasting") or []:
        p = e.get("player")
        if e.get("kind") != VETO_KIND or not isinstance(p, int) or not 0 <= p < n:
            continue
        until = int(e.get("expires") or 0)
        out[p].append(name(e.get("card")) + (f" (until the end of round {until})"
                                              if until else ""))
    return out
