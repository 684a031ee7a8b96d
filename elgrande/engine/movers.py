"""The base game's piece movers of the one ``move`` statement (B5.2, B1.2, B6.9, B8.1):
the king, a Grande and a mobile scoreboard. The base rules module declares them
(``RulesModule.movers``); the caballeros' mover is the special
action's move in :mod:`elgrande.engine.primitives` (B8.2).
"""

from __future__ import annotations

from typing import Any, Final

from elgrande.dsl import ast
from elgrande.engine.context import Ctx
from elgrande.engine.decisions import Decision
from elgrande.engine.option_size import offer, reasons_size
from elgrande.engine.primitives import (
    _king_refusal,
    hook_context,
)
from elgrande.engine.regions import IT_PLACE, regions
from elgrande.engine.sinks import spared
from elgrande.engine.step_decisions import keep, kept, king_bound
from elgrande.model.board import REGION
from elgrande.model.seats import seat


# -- king, Grande, scoreboards (their movers; the base rules module registers them) ---------------
def _in_source(ctx: Ctx, call: ast.Call, at: int) -> bool:
    """Whether place ``at`` lies in the move's ``from`` set (no ``from``: anywhere)."""
    source = call.kw.get("source")
    return source is None or at in regions(ctx, source)


def move_king_finish(ctx: Ctx, call: ast.Call, d: Decision, answer: Any) -> None:
    """Move the king as a checked answer says (B5.2)."""
    before = ctx.state.king
    ctx.state.king = ctx.board.index[answer]
    if not spared(ctx.events):  # (an unread sink's counted, not made)
        ctx.event("king", decider=ctx.subject, frm=ctx.board.places[before].id, to=answer)


#: The refusal of the king's own region when a card moves him (B8), shared by every such one.
KING_STAYS: Final = ["B8", "the king stands here now: the card moves him to another region"]
#: The prompt of a king's move (B8): a whole sentence.
KING_PROMPT: Final = "Move the king to another region of your choice"


def move_king(ctx: Ctx, call: ast.Call) -> Decision | None:
    """The mover of the king: to a region of the set (never the Castillo, B5.2), or a
    place a rules module opens to him (``king_places``). Where no module opens places to
    him and the sets depend on the board and the king only (:func:`king_bound`), the
    decision is made once per card, king's region and deciding player and shared
    (:mod:`elgrande.engine.step_decisions`)."""
    s, b = ctx.state, ctx.board
    fold = ctx.rules.composed["king_places"] if ctx.rules is not None else None
    key: tuple[Any, ...] | None = None
    if fold is None and king_bound(ctx, call.kw.get("to")) \
            and king_bound(ctx, call.kw.get("source")):  # made once per key, then shared
        key = (id(call), id(b), ctx.run.card, s.king, ctx.subject)
        d = kept(ctx, call, key)
        if d is not None:
            return d
    work = ctx.run.work
    if not _in_source(ctx, call, s.king):
        return None
    extra = set(fold(hook_context(ctx), [])) if fold is not None else set()
    places = b.places  # places[r].kind == REGION: b.is_region(r), without a method call
    king = s.king
    choices: list[str] = []  # the places' ids (ctx.rid), in a plain loop
    for r in _to_from(ctx, call, king):
        if r >= 0 and (places[r].kind == REGION or r in extra) and r != king:
            choices.append(places[r].id)
    if not choices:
        return None
    why = {places[b.castillo].id: ["B5.2", "the king never goes into the Castillo"],
           places[king].id: KING_STAYS}  # size: the mapping, the list and each one
    d = Decision("choose_region", [ctx.subject], KING_PROMPT, {"choices": choices, "why": why},
                 "B5.2")
    if key is not None:
        return keep(ctx, call, key, d, work, 2 + len(choices) + reasons_size(why))
    return offer(ctx, d, 2 + len(choices) + reasons_size(why))


def _grande_owners(ctx: Ctx, call: ast.Call) -> list[int]:
    """Whose Grande a move may take: ``own`` the deciding player's, ``of p`` p's, ``of
    opponents`` each other player's, ``of any player`` everyone's."""
    whose = call.kw.get("whose")
    if call.kw.get("own") or whose is None:
        return [ctx.subject]
    if isinstance(whose, ast.PlayerVar):
        return [int(ctx.run.env[whose.name])]
    if isinstance(whose, ast.Opponents):
        return [p for p in range(ctx.state.players) if p != ctx.subject]
    return list(range(ctx.state.players))


def _grande_dests(ctx: Ctx, call: ast.Call, owner: int) -> list[int]:
    """Where ``owner``'s Grande may go: none while it stands in the king's region (B5.2)
    or in the Castillo (B8.2: nothing leaves it by a special action); else the set's
    regions other than its own and the king's, and the places the rules modules open to a
    Grande (``grande_places``: an expansion's areas, the Castillo where a set allows it)."""
    s, b = ctx.state, ctx.board
    g = s.grandes[owner]
    if g == s.king or g == b.castillo or g < 0 or not _in_source(ctx, call, g):
        return []
    fold = ctx.rules.composed["grande_places"] if ctx.rules is not None else None
    extra = set(fold(hook_context(ctx), [])) if fold is not None else set()
    places = b.places  # places[r].kind == REGION: b.is_region(r), without a method call
    return [r for r in _to_from(ctx, call, g)
            if r >= 0 and (places[r].kind == REGION or r in extra) and r != s.king
            and r != g]


def _to_from(ctx: Ctx, call: ast.Call, at: int) -> list[int]:
    """The move's ``to`` set for a piece at place ``at`` (``it`` in the set is ``at``)."""
    env = ctx.run.env
    env[IT_PLACE] = at
    try:
        return regions(ctx, call.kw.get("to"))
    finally:
        del env[IT_PLACE]


def _grande_why(ctx: Ctx, owner: int) -> dict[str, list[str]]:
    """Why a Grande's move refuses the king's region and (unless a rules module opens it)
    the Castillo (B5.2, B1.2)."""
    b = ctx.board
    fold = ctx.rules.composed["grande_places"] if ctx.rules is not None else None
    if fold is not None and b.castillo in fold(hook_context(ctx), []):
        return dict(_king_refusal(ctx))
    return {**_king_refusal(ctx),
            ctx.rid(b.castillo): ["B1.2", "a Grande never goes into the Castillo"]}


def _put_grande(ctx: Ctx, owner: int, to: int) -> None:
    before = ctx.state.grandes[owner]
    ctx.state.set_grande(owner, to)
    if spared(ctx.events):  # (an unread sink's counted, not made)
        return
    if owner == ctx.subject:
        ctx.event("grande", decider=owner, frm=ctx.rid(before), to=ctx.rid(to))
    else:
        ctx.event("grande", decider=ctx.subject, owner=owner, frm=ctx.rid(before),
                  to=ctx.rid(to))


def _grande_stays(ctx: Ctx, call: ast.Call | None, q: int) -> list[str]:
    """Why player ``q``'s Grande cannot move (a card's move found no place for it):
    ``[rule, words]``, the player as a seat marker: in the Castillo (B8.2), in the king's
    region (B5.2), with ``call`` (the move) its only place the king's region (B5.2), else
    nowhere the card allows (B1.2). Without ``call``: the texts a saved ``choose_player``
    decision holds (they never change)."""
    s, b = ctx.state, ctx.board
    g = s.grandes[q]
    if g == b.castillo:
        return ["B8.2", f"{seat(q)}'s Grande is in the Castillo: nothing leaves it by a "
                "special action"]
    if g == s.king:
        return ["B5.2", f"{seat(q)}'s Grande stands in the king's region: nothing may "
                "leave it"]
    if call is not None and g >= 0 and _in_source(ctx, call, g) \
            and s.king in _to_from(ctx, call, g):
        return ["B5.2", f"{seat(q)}'s Grande may not go into the king's region"]
    return ["B1.2", f"{seat(q)}'s Grande has nowhere to go"]


def _grande_region(ctx: Ctx, owner: int, dests: list[int]) -> Decision:
    """The choice of the region ``owner``'s Grande goes to (B1.2), asked of the deciding
    player."""
    mine = owner == ctx.subject
    why = _grande_why(ctx, owner)
    options: dict[str, Any] = {"choices": [ctx.rid(r) for r in dests], "why": why}
    if not mine:
        options["owner"] = owner
    # sized as built: the mapping and its values, the choices, the reasons
    return offer(ctx, Decision("choose_region", [ctx.subject],
                               "Move your Grande to a region of your choice" if mine
                               else f"Move {seat(owner)}'s Grande to a region of your choice",
                               options, "B1.2"),
                 len(options) + len(dests) + reasons_size(why))


#: The run variable that keeps the player whose Grande a move goes on to place, between
#: the choice of the player and the choice of the region (a name no script variable can
#: have; kept in the run so that a saved game inside the move works the decision out again).
GRANDE_OWNER: Final = "@grande_owner"


def move_grande_finish(ctx: Ctx, call: ast.Call, d: Decision, answer: Any
                       ) -> Decision | None:
    """Apply a checked answer: a region (the Grande goes there) or, when several players'
    Grandes could go, the player whose Grande goes (then to its one place, or the region
    is asked next)."""
    env = ctx.run.env
    if d.kind == "choose_player":
        owner = int(answer)
        dests = _grande_dests(ctx, call, owner)
        if len(dests) == 1:
            _put_grande(ctx, owner, dests[0])
            return None
        env[GRANDE_OWNER] = owner
        return _grande_region(ctx, owner, dests)
    env.pop(GRANDE_OWNER, None)
    _put_grande(ctx, int(d.options.get("owner", ctx.subject)), ctx.board.index[answer])
    return None


def move_grande(ctx: Ctx, call: ast.Call) -> Decision | None:
    """The mover of the Grandes (``move own grande`` / ``move grande of WHO``, B1.2): a
    Grande in the king's region or in the Castillo stays (B5.2, B8.2); several players'
    Grandes that could go: the deciding player chooses whose (the players whose Grande
    cannot go are refused with the rule); one of them: its region is chosen, or it goes
    at once when one place is left to it (as much as possible, as B8.7). A Grande named
    (``own``, ``of p``): its region is chosen."""
    chosen = ctx.run.env.get(GRANDE_OWNER)
    if chosen is not None:  # the player is chosen: its region is asked (a run rebuilt)
        dests = _grande_dests(ctx, call, int(chosen))
        return _grande_region(ctx, int(chosen), dests)
    owners = _grande_owners(ctx, call)
    if not isinstance(call.kw.get("whose"), (ast.Opponents, ast.AnyPlayer)):  # one named
        dests = _grande_dests(ctx, call, owners[0])
        if dests:
            return _grande_region(ctx, owners[0], dests)
        ctx.event("nothing", statement="move",  # f33: the log says why it stays
                  why=_grande_stays(ctx, call, owners[0]))
        return None
    ok: list[int] = []
    why: dict[str, list[str]] = {}
    for q in owners:
        if _grande_dests(ctx, call, q):
            ok.append(q)
        else:
            why[str(q)] = _grande_stays(ctx, None, q)  # saved
    if not ok:
        ctx.event("note", text=f"{seat(ctx.subject)}: no Grande can go (B1.2, B5.2, B8.2).")
        return None
    if len(ok) == 1:
        dests = _grande_dests(ctx, call, ok[0])
        if len(dests) == 1:
            _put_grande(ctx, ok[0], dests[0])
            return None
        return _grande_region(ctx, ok[0], dests)
    return offer(ctx, Decision("choose_player", [ctx.subject],
                               "Choose the player whose Grande moves",
                               {"choices": ok, "why": why}, "B1.2"),
                 2 + len(ok) + reasons_size(why))  # sized as built (as _grande_region)


def move_scoreboard_finish(ctx: Ctx, call: ast.Call, d: Decision, answer: Any) -> None:
    """Place or move the mobile scoreboard a checked answer names (B6.9)."""
    sb, to = answer
    i = ctx.board.scoreboard_index(sb)
    placed = ctx.state.scoreboards[i] < 0  # from beside the board (B1.5), not moved
    ctx.state.set_scoreboard(i, ctx.board.index[to])
    if not spared(ctx.events):  # (an unread sink's counted, not made)
        ctx.event("scoreboard", decider=ctx.subject, scoreboard=sb, to=to, placed=placed)


def move_scoreboard(ctx: Ctx, call: ast.Call) -> Decision | None:
    """The mover of the mobile scoreboards (B6.9): one from beside the board or on the
    board (with ``from``: on the board, in that set) onto a region of the set; never into
    or out of the king's region (B5.2), never onto another scoreboard."""
    s, b = ctx.state, ctx.board
    places = b.places
    dests = [r for r in regions(ctx, call.kw.get("to")) if r >= 0 and r != s.king]
    source = call.kw.get("source")
    within = set(regions(ctx, source)) if source is not None else None
    moves: dict[str, list[str]] = {}
    sized = 0  # the size of ``moves`` but its own unit (option_size.size), as built
    refused_board: dict[str, list[str]] = {}
    for i, sb in enumerate(b.scoreboards):
        at = s.scoreboards[i]
        if at >= 0 and at == s.king:
            refused_board[sb.id] = ["B5.2", "this scoreboard lies in the king's region"]
            continue
        if within is not None and at not in within:
            continue
        taken = {x for j, x in enumerate(s.scoreboards) if j != i and x >= 0}
        ok: list[str] = []  # the places' ids (ctx.rid), in a plain loop
        for r in dests:
            if r != at and r not in taken:
                ok.append(places[r].id)
        if ok:
            moves[sb.id] = ok
            sized += 1 + len(ok)
    if not moves:
        return None
    refused = dict(_king_refusal(ctx))
    for j, x in enumerate(s.scoreboards):
        if x >= 0:
            refused.setdefault(ctx.rid(x), ["B6.9", "a mobile scoreboard lies there already "
                                            f"({b.scoreboards[j].id})"])
    # sized as built: the mapping and its three values, the moves, the reasons
    return offer(ctx, Decision("move_scoreboard", [ctx.subject],
                               "Place or move a mobile scoreboard",
                               {"moves": moves, "refused": refused,
                                "refused_board": refused_board}, "B6.9"),
                 2 + sized + reasons_size(refused) + reasons_size(refused_board))
