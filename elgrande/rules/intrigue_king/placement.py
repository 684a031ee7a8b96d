"""I4, I8: the court and placement limits of the played cards (B4.1, B4.3), the bridge
(63, B5.1), a mobile scoreboard laid from beside the board (93, I9); the round hook. The
cards that change this turn's placement number (15) or places (20) change the base game's
rule parameters (``change placement number|places to ... this turn``,
elgrande/rules/base_params.py)."""

from __future__ import annotations

from typing import Any

from elgrande.dsl import ast
from elgrande.engine.context import Ctx
from elgrande.engine.decisions import Decision
from elgrande.engine.movers import move_scoreboard, move_scoreboard_finish
from elgrande.engine.primitives import primitive
from elgrande.engine.regions import regions
from elgrande.model.hook_context import HookContext
from elgrande.model.seats import seat
from elgrande.model.state import OFF_BOARD, State
from elgrande.rules.intrigue_king.cards import (
    _AWARDS_MEMO,
    _CACHES,
    EXT,
    Cards,
    _drop,
    awards,
    cards_of,
)
from elgrande.rules.intrigue_king.offer import _return_taken


# -- I8: the bridge, a mobile scoreboard laid ------------------------------------------------------
def bridge(state: State) -> tuple[int, int] | None:
    """The two regions the bridge joins (I8), or None while no bridge is laid."""
    ends = (state.ext.get(EXT) or {}).get("bridge")
    return (int(ends[0]), int(ends[1])) if ends else None


@primitive("bridge")
def _bridge(ctx: Ctx, call: ast.Call) -> Decision | None:
    """I8 (card 63's kind of action): lay the one bridge between two regions; one laid
    before is void.

    A statement of its own, used by one card: no general form fits, as it moves no piece
    (the ``move`` statement's) but changes the map (hook ``adjacent``) until the next
    bridge, a rule parameter no other card changes."""
    a = [r for r in regions(ctx, call.arg("a")) if r >= 0]
    b = [r for r in regions(ctx, call.arg("b")) if r >= 0]
    if not a or not b or a[0] == b[0]:
        return None
    ctx.state.ext.setdefault(EXT, {})["bridge"] = sorted((a[0], b[0]))
    ctx.event("note", text=f"{seat(ctx.subject)} lays the bridge: it now joins "
              f"{ctx.board.places[a[0]].name} and {ctx.board.places[b[0]].name} (I8).")
    return None


def _lay_finish(ctx: Ctx, call: ast.Call, d: Decision, answer: Any) -> None:
    sb, to = answer
    i = ctx.board.scoreboard_index(sb)
    if ctx.state.scoreboards[i] == OFF_BOARD:  # laid from beside the board: it comes back
        ctx.state.ext.setdefault(EXT, {})["laid"] = sb
    move_scoreboard_finish(ctx, call, d, answer)


@primitive("lay_scoreboard", _lay_finish)
def _lay_scoreboard(ctx: Ctx, call: ast.Call) -> Decision | None:
    """I8, I9 (card 93's kind of action): a mobile scoreboard from beside the board first;
    only when none is there, or one laid this way is still out, one on the board moves.

    A statement of its own, used by one (inferred) card, as no general form fits yet: the
    ``move`` statement's scoreboard mover does the move, but the card's scoreboard is a
    loan (I9: it goes back beside the board after the next scoring, and at most one lies
    out by this card at a time), a lasting return that the move form does not carry."""
    d = move_scoreboard(ctx, call)
    if d is None:
        return None
    s, b = ctx.state, ctx.board
    laid_out = bool((s.ext.get(EXT) or {}).get("laid"))
    off = {sb.id for i, sb in enumerate(b.scoreboards) if s.scoreboards[i] == OFF_BOARD}
    moves = d.options["moves"]
    keep = {k: v for k, v in moves.items() if k in off} if off and not laid_out else {
        k: v for k, v in moves.items() if k not in off}
    if not keep:
        return None
    return Decision(d.kind, d.players, "Lay a mobile scoreboard" if off and not laid_out
                    else "Move a mobile scoreboard on the board", {**d.options, "moves": keep},
                    "I8")


def _scored(ctx: HookContext, places: list[int]) -> None:
    """I9: the scoreboard laid by card 93's kind of action goes back beside the board
    after the next scoring."""
    state, board = ctx.state, ctx.board
    laid = (state.ext.get(EXT) or {}).get("laid")
    if laid:
        state.set_scoreboard(board.scoreboard_index(laid), OFF_BOARD)
        _drop(state, "laid")


def _adjacent(ctx: HookContext, a: int, b: int, adjacent: bool) -> bool:
    """B5.1, I8: the bridge's two regions count as adjacent."""
    state = ctx.state
    if adjacent:
        return True
    mine: dict[str, Any] | None = state.ext.get(EXT)
    ends = mine.get("bridge") if mine else None  # bridge(state), inline
    if not ends:
        return False
    return {a, b} == {int(ends[0]), int(ends[1])}


def _round_end(ctx: HookContext) -> None:
    """I7: the round is over; the cards played this round are done with; X2: the cards
    taken from the offer go back."""
    engine, state, flow = ctx.engine, ctx.state, ctx.flow
    mine: dict[str, Any] | None = state.ext.get(EXT)
    if not mine or "held" not in mine and "takes" not in mine and "asked" not in mine:
        return  # nothing held, taken or asked this round
    _drop(state, "held")
    _return_taken(engine, state, flow)


def _placement_targets(ctx: HookContext, places: list[int]) -> list[int]:
    """B4.3, B5.1, I8: the bridge makes its other end adjacent to the king's region (a
    card that opens this turn's placement elsewhere changes the base game's rule
    parameter ``placement places``, read after this hook)."""
    state = ctx.state
    mine: dict[str, Any] | None = state.ext.get(EXT)
    if not mine:
        return places  # no bridge
    ends = bridge(state)
    if ends is not None and state.king in ends:  # the bridge leads from the king's region
        other = ends[1] if ends[0] == state.king else ends[0]
        if other not in places:
            places = [*places, other]
    return places


def _placement_key(state: State, player: int) -> tuple[int, ...] | None:
    """What :func:`_placement_targets` depends on for ``player`` beside the king's region
    (B4.3, I8): the bridge's other end while it leads from the king's region, else
    nothing."""
    mine: dict[str, Any] | None = state.ext.get(EXT)
    if not mine:
        return ()
    ends = mine.get("bridge")
    if ends:
        a, b = ends[0], ends[1]
        if type(a) is not int or type(b) is not int:  # (_as_int's test inline: no calls)
            a, b = int(a), int(b)
        if a == state.king:
            return (b,)
        if b == state.king:
            return (a,)
    return ()


def _as_int(x: Any) -> int:
    """``int(x)``, without a call for an int (the bridge's ends, I8)."""
    n: int = x if type(x) is int else int(x)
    return n


def _court_limit(ctx: HookContext, limit: int) -> int:
    """B4.1, I4: up to the played card's heads come to court."""
    engine, state, player = ctx.engine, ctx.state, ctx.player
    for q, v in state.bids:  # the played card's (played_value, card_of_value)
        if q == player:
            last = _CACHES.last  # cards_of(engine.lib), inline
            lib = engine.lib
            cs: Cards = last.cards if last is not None and last.lib is lib else cards_of(lib)
            heads = cs.heads.get(v)
            return limit if heads is None else heads
    return limit


def _placement_limit(ctx: HookContext, limit: int) -> int:
    """B4.3, I4: up to the Caballero card's number are placed from court (a card may
    change it this turn, I8: the base game's rule parameter ``placement number``, read
    after this hook)."""
    state = ctx.state
    bids = state.bids
    if not bids:
        return limit
    memo = _AWARDS_MEMO  # awards()' common case inline: the very list asked last
    got = memo.awards
    if memo.asked is not bids or len(bids) != memo.count or memo.lib is not ctx.engine.lib \
            or memo.players != state.players:
        got = awards(ctx.engine.lib, state)
    return got.caballero.get(ctx.player, 0)
