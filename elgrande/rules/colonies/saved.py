"""The Colonies' check of a saved game being loaded (C4-C8, C10; hook ``check_saved``): the
pieces in ``state.ext.colonies`` must be of the rules' shapes and agree with the board.
"""

from __future__ import annotations

from typing import Any

from elgrande.errors import SavedGameError
from elgrande.model.hook_context import HookContext
from elgrande.model.saved_shapes import record
from elgrande.rules.colonies.figures import AREA, BLACK, EMPTY, NAME, figures
from elgrande.rules.colonies.pieces import Pieces


def _check_saved(ctx: HookContext, lib: Any, st: dict[str, Any], fl: dict[str, Any]) -> None:
    """The Colonies pieces of a saved game being loaded (``state.ext.colonies``): of
    :class:`Pieces`' types; offices the manifest's, each held by a player with a caballero
    there, a black caballero or nobody (C4-C6, C8); the limit table in a region, its seats
    the player count's, its seated caballeros in that region (C10); discs of the manifest's
    kinds, never more than their supply (C7); carriers standing where they are (C7).

    Raises:
        SavedGameError: naming the bad field.
    """

    players = ctx.state.players

    raw = (st.get("ext") or {}).get(NAME)
    if raw is None:
        return
    pre = f"state.ext.{NAME}"
    d = record(raw, Pieces, pre)
    b = lib.board
    fig = figures(b)

    def fail(path: str, message: str) -> None:
        raise SavedGameError(f"{pre}.{path}", message)

    def seat(v: Any, path: str) -> None:
        if type(v) is not int or not 0 <= v < players:
            fail(path, f"no player {v!r} in a {players}-player game")

    cab, neutral = st["caballeros"], st["neutral"]
    areas = {p.id: p.index for p in b.places if p.kind == AREA}
    where = {o.id: o.area for o in fig.offices}
    if set(d["offices"]) != set(where):
        fail("offices", f"must be the offices {', '.join(sorted(where))} (C4-C6)")
    held: dict[tuple[str, int], int] = {}
    for o, who in d["offices"].items():
        if who not in (EMPTY, BLACK):
            seat(who, f"offices.{o}")
        if who != EMPTY:
            held[(where[o], who)] = held.get((where[o], who), 0) + 1
    for (area, who), n in held.items():
        i = b.index.get(area)
        have = 0 if i is None else neutral[i] if who == BLACK else cab[i][who]
        if n > have:
            fail("offices", f"{n} office(s) in {area} held by caballeros not there (C4)")
    t = d["table"]
    limit = fig.limit_table(players)
    seats = limit.seats if limit is not None else 0
    if t["seats"] != seats:
        fail("table.seats", f"the limit table has {seats} seats with {players} players (C10)")
    if len(t["seated"]) != players or any(n < 0 for n in t["seated"]) or t["black"] < 0:
        fail("table.seated", "one count of seated caballeros (>= 0) per player (C10)")
    if t["region"]:
        r = b.index.get(t["region"])
        if r is None or not b.is_region(r):
            fail("table.region", f"{t['region']!r} is not a region (C10)")
        assert r is not None
        if sum(t["seated"]) + t["black"] > seats or t["black"] > neutral[r] or any(
                n > cab[r][p] for p, n in enumerate(t["seated"])):
            fail("table.seated", "more seated caballeros than seats or caballeros there (C10)")
    elif sum(t["seated"]) or t["black"]:
        fail("table.seated", "no caballero sits at a limit table not yet set up (C10)")
    for key in ("vacant", "chooser"):
        if t.get(key) is not None:
            if key == "chooser":
                seat(t[key], "table.chooser")
            elif not 0 <= t[key] <= seats:
                fail("table.vacant", "not a count of the table's seats (C10)")
    supply = {x.id: x.supply for x in fig.discs}
    if set(d["supply"]) != set(supply):
        fail("supply", f"must count the discs {', '.join(sorted(supply))} (C7)")
    used = dict(d["supply"])
    for area, discs in d["free"].items():
        if area not in areas:
            fail(f"free.{area}", "not a new area (C7)")
        for disc, n in discs.items():
            if disc not in supply or n < 0:
                fail(f"free.{area}.{disc}", "not a disc kind, or a negative count (C7)")
            used[disc] += n
    standing: dict[tuple[str, int], int] = {}
    for key in ("carriers", "dropped"):
        for i, c in enumerate(d.get(key) or []):
            if len(c) != 3 or c[0] not in b.index or c[2] not in supply:
                fail(f"{key}[{i}]", "a carrier is [area, player, disc] (C7)")
            seat(c[1], f"{key}[{i}][1]")
            if key == "carriers":
                used[c[2]] += 1
                standing[(c[0], c[1])] = standing.get((c[0], c[1]), 0) + 1
    for disc, n in used.items():
        if d["supply"][disc] < 0 or n > supply[disc]:
            fail(f"supply.{disc}", f"more than the {supply[disc]} discs of this kind (C7)")
    for (area, p), n in standing.items():
        if n > cab[b.index[area]][p]:
            fail("carriers", f"{n} carrier(s) of player {p} in {area}, more than stand there")
    if d.get("bonus") not in (None, "", "court", "board"):
        fail("bonus", "one of '', 'court', 'board' (C8)")
    for key in ("open", "removed"):
        for i, c in enumerate(d.get(key) or []):
            if c and c not in lib.cards.cards:
                fail(f"{key}[{i}]", f"unknown card id {c!r}")
    for k, n in (d.get("sailed") or {}).items():
        if n < 0:
            fail(f"sailed.{k}", "a count cannot be negative")
    if d.get("carrying") not in (None, 0, 1):
        fail("carrying", "0 or 1 (C5)")
