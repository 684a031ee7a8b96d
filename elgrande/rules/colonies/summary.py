"""The Colonies in the log (C1, C4-C8, C10, C13): the lines of the board summary after a
general scoring (the limit table, the offices, gold and goods, the Grand Inquisitor) and
the lines for what an answer changed that no event says (offices taken or left, a plot
kept).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from elgrande.model.board import Board
from elgrande.model.hook_context import HookContext
from elgrande.rules.colonies.figures import BLACK, EMPTY, NAME, figures
from elgrande.rules.colonies.pieces import pieces


def _board_summary(ctx: HookContext, names: Sequence[str]) -> list[str]:
    """The Colonies' lines of the log's board summary after a general scoring: the limit
    table (region, seats taken by whom, who stands beside it), the offices and who holds
    them, the gold and goods lying free or carried, and whose court holds the Grand
    Inquisitor (C4-C8, C10)."""
    state, board = ctx.state, ctx.board
    ext = pieces(state)
    if ext is None:
        return []
    fig = figures(board)

    def who(p: int) -> str:
        return "black" if p == BLACK else names[p] if 0 <= p < len(names) else "empty"

    out = []
    t = ext.table
    if t.region:
        r = board.index[t.region]
        seated = [f"{names[p]} {n}" for p, n in enumerate(t.seated) if n]
        seated += [f"black {t.black}"] if t.black else []
        standing = [f"{names[p]} {c - t.seated[p]}" for p, c in enumerate(state.caballeros[r])
                    if c > t.seated[p]]
        standing += [f"black {state.neutral[r] - t.black}"] if state.neutral[r] > t.black \
            else []
        free = t.seats - sum(t.seated) - t.black
        out.append(f"    Limit table in {board.places[r].name} ({t.seats} seats, {free} "
                   f"free): seated {', '.join(seated) or 'nobody'}"
                   + (f"; standing beside it {', '.join(standing)}" if standing else ""))
    out.append("    Offices: " + ", ".join(
        f"{o.name} ({board.places[board.index[o.area]].name}) {who(ext.offices.get(o.id, EMPTY))}"
        for o in fig.offices))
    lying = [f"{n} {d} in {board.places[board.index[a]].name}"
             for a, by in ext.free.items() for d, n in by.items() if n]
    carried = [f"{names[int(p)]}'s {d} in {board.places[board.index[a]].name}"
               for a, p, d in ext.carriers]
    out.append("    Gold and goods: " + (", ".join(lying) or "none lying free")
               + (f"; carried: {', '.join(carried)}" if carried else "")
               + "; supply " + ", ".join(f"{d.name} {ext.supply.get(d.id, 0)}"
                                         for d in fig.discs))
    h = state.neutral_holder
    out.append(f"    {board.neutral_name}: in {names[h]}'s court" if 0 <= h < len(names)
               else f"    {board.neutral_name}: in nobody's court (black caballeros score for "
                    "no one, C9)")
    return out


#: The rule of each new area's offices (C4 France, C5 the ship, C6 America).
_OFFICE_RULES: Final = {"france": "C4", "ship": "C5", "america": "C6"}


def _log_changes(ctx: HookContext, names: Sequence[str],
                 seen: dict[str, Any]) -> list[tuple[str, str]]:
    """The log's lines for what an answer changed that no event says, each as ``(anchor,
    line)`` (the line goes after the answer's last line naming ``anchor``): offices
    taken or left (C4-C6: an arrival becoming Ambassador, Envoy, Captain or Viceroy, an
    office left empty). What was told is noted in ``seen``; with nothing noted yet
    nothing is told."""
    state, board = ctx.state, ctx.board
    ext = pieces(state)
    if ext is None:
        return []
    return _offices_changed(board, names, seen, ext.offices)


def _offices_changed(board: Board, names: Sequence[str], seen: dict[str, Any],
                     now: dict[str, int]) -> list[tuple[str, str]]:
    """:func:`_log_changes` for the offices (C4-C6)."""
    before = seen.get(NAME)
    if before == now:
        return []
    seen[NAME] = dict(now)
    if before is None:
        return []
    out = []
    for o in figures(board).offices:
        a, h = before.get(o.id, EMPTY), now.get(o.id, EMPTY)
        if a == h:
            continue
        area = board.places[board.index[o.area]].name
        rule = _OFFICE_RULES.get(o.area, "C4")
        if h == EMPTY:
            out.append((area, f"  The {o.name}'s office in {area} is empty ({rule})."))
        else:
            whose = "a black caballero" if h == BLACK else f"{names[h]}'s caballero"
            out.append((area, f"  {whose} in {area} is now the {o.name} ({rule})."))
    return out
