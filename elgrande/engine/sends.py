"""The send of the one ``move`` statement's caballeros' mover (B8.7): one player's
caballeros to the provinces, to court or to an off-board space a set declares
(:mod:`elgrande.engine.caballero_moves` dispatches to it; the other forms are in
:mod:`elgrande.engine.primitives`). Split from that module, which keeps its helpers.
"""

from __future__ import annotations

from typing import Any

from elgrande.dsl import ast
from elgrande.engine.context import Ctx
from elgrande.engine.decisions import Decision
from elgrande.engine.option_size import offer, reasons_size, size
from elgrande.engine.primitives import (
    _castillo_source_refusal,
    _king_refusal,
    hook_context,
)
from elgrande.engine.regions import COURT_PLACE, place_of, regions
from elgrande.engine.sinks import spared
from elgrande.engine.values import limits
from elgrande.model.seats import seat


# -- send to provinces / court (B8.7) ------------------------------------------------------------
def send_dest(ctx: Ctx, call: ast.Call) -> str:
    """Where a send goes: ``"provinces"``, ``"court"`` or the id of the off-board space its
    ``to`` names (a place name or a variable holding it; evaluated with no charge; B8.7).
    Raises nothing for a checked script (its ``to`` was checked when the cards loaded)."""
    to = call.kw.get("to")
    if isinstance(to, ast.Provinces):
        return "provinces"
    if isinstance(to, ast.Court):
        return "court"
    return ctx.board.places[int(place_of(ctx, to.name))].id


def _send_apply(ctx: Ctx, call: ast.Call, owner: int, taken: dict[str, Any],
                dest: str | None = None) -> None:
    """Send ``owner``'s caballeros as a checked send answer says: ``{source: n}`` or, for
    caballeros of kinds a rules module declared, ``{source: [{"n": k, key: value}, ...]}``
    (its ``leaving`` hooks hear of those first, as for moves) (B8.7). ``dest``: the
    call's :func:`send_dest`, when the caller has it."""
    s, idx = ctx.state, ctx.board.index
    if dest is None:
        dest = send_dest(ctx, call)
    rules = ctx.rules
    leaving = leave = None
    if rules is not None and rules.hears_moves:
        leaving, leave = rules.leaving, rules.leave
    hooks = hook_context(ctx) if leaving is not None or leave is not None else None
    counts: dict[str, int] = {}
    for src, v in taken.items():
        if isinstance(v, list):  # kinds named (move_which)
            n = 0
            for part in v:
                k = part["n"]
                if leaving is not None:
                    for key, value in part.items():
                        if key != "n":
                            leaving(hooks, idx[src], owner, k, key, value)
                n += k
        else:
            n = v
        counts[src] = n
        if src == "court":
            s.court[owner] -= n
        else:
            s.add_caballeros(idx[src], owner, -n)
            if leave is not None:
                leave(hooks, idx[src], owner, n)
        if dest == "provinces":
            s.provinces[owner] += n
        elif dest == "court":
            s.court[owner] += n
        else:  # an off-board space a set declares (checked when the cards loaded)
            s.add_caballeros(idx[dest], owner, n)
    if taken and not spared(ctx.events):  # (an unread sink's counted, not made)
        ctx.event("send", decider=ctx.subject, owner=owner, to=dest, taken=counts)


def send_finish(ctx: Ctx, call: ast.Call, d: Decision, answer: Any) -> None:
    """Apply a checked ``send_caballeros`` answer ``answer`` (``{source: n}`` or kinds'
    parts, B8.7) of decision ``d``. Raises nothing: the answer was checked."""
    _send_apply(ctx, call, int(d.options["owner"]), answer)


def send_caballeros(ctx: Ctx, call: ast.Call) -> Decision | None:
    """The send of ``move QTY own caballeros|caballeros of p from SET to provinces|court|
    SPACE`` (B8.7): one player's caballeros from court, regions and spaces (never the
    Castillo or the king's region, B8.7, B5.2); who has fewer sends what they have."""
    s, b = ctx.state, ctx.board
    kw = call.kw  # the statement's arguments by name (made once, shared)
    whose: Any = kw.get("whose")
    source: Any = kw.get("source")
    qty: Any = kw.get("qty")
    if isinstance(whose, ast.PlayerVar):  # the owner: p's, the card's player's (me), own
        owner = int(ctx.run.env[whose.name])
    else:
        owner = ctx.run.actor if isinstance(whose, ast.Me) else ctx.subject
    dest = send_dest(ctx, call)
    sources: dict[str, int] = {}
    sendable = ctx.rules.sendable if ctx.rules is not None else None
    hooks = hook_context(ctx) if sendable is not None else None
    space = b.index.get(dest, -1) if dest != "court" and dest != "provinces" else -1
    if space >= 0 and space == s.king:
        return None  # nothing enters the king's place (B5.2)
    for r in regions(ctx, source):
        if r == COURT_PLACE:
            if dest != "court" and s.court[owner]:
                sources["court"] = s.court[owner]
        elif r >= 0 and r != b.castillo and r != s.king and r != space \
                and s.caballeros[r][owner]:
            n = s.caballeros[r][owner]
            if sendable is not None:
                n = sendable(hooks, r, owner, n)
            if n > 0:
                sources[b.places[r].id] = n  # (ctx.rid(r))
    available = sum(sources.values())
    lo, hi = limits(ctx, qty, available)
    if hi == 0:
        return None
    which = _send_which(ctx, owner, sources) if lo < available else None
    if lo == hi and (lo == available or len(sources) == 1):
        if which is None:
            taken = dict(sources) if lo == available else {next(iter(sources)): lo}
            _send_apply(ctx, call, owner, taken, dest)
            return None
    refused = {**_castillo_source_refusal(ctx, "B8.7"), **_king_refusal(ctx)}
    options: dict[str, Any] = {"owner": owner, "sources": sources, "min": lo, "max": hi,
                               "refused": refused}
    sized = 5 + len(sources) + reasons_size(refused)  # its size (option_size.size), as built
    if which is not None:
        options["which"] = which
        sized += size(which)
        if lo == hi and len(sources) == 1:  # asked since the kinds may be chosen: older
            options["skip"] = {next(iter(sources)): lo}  # records sent the default
            sized += 2
    return offer(ctx, Decision(
        "send_caballeros", [ctx.subject],
        f"Choose {lo if lo == hi else f'up to {hi}'} caballeros of {seat(owner)} "
        f"to send to " + (f"the {dest}" if space < 0 else b.places[space].name),
        options, "B8.7"), sized)


def _send_which(ctx: Ctx, owner: int, sources: dict[str, int]) -> dict[str, Any] | None:
    """The kinds of ``owner``'s caballeros in the send's places (``{id: [key, [[value, n],
    ...]]}``) a rules module declared (``move_which``, e.g. which leave, C10/C11), when
    some place holds more than one kind (a choice); else None."""
    which = ctx.rules.move_which if ctx.rules is not None else None
    if which is None:
        return None
    seat = str(owner)
    got = which(hook_context(ctx), {k: {seat: n} for k, n in sources.items() if k != "court"})
    out = {k: owners[seat] for k, owners in got.items() if seat in owners}
    if not any(len(kinds[1]) > 1 for kinds in out.values()):
        return None
    return out
