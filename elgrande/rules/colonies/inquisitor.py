"""The Grand Inquisitor (C8, C9, C11): taking it into one's court and repositioning black
caballeros (the movers of the ``move`` statement's piece kinds ``grand inquisitor`` and
``black caballeros``, registered here), and its holder's
extra caballero each turn (phase ``inquisitor_bonus``; hooks ``court_limit``,
``placement_limit``).
"""

from __future__ import annotations

from typing import Any, Final

from elgrande.dsl import ast
from elgrande.engine.context import Ctx
from elgrande.engine.decisions import Decision
from elgrande.engine.flow import Flow, FlowEngine
from elgrande.engine.modules import Events
from elgrande.engine.option_size import offer, reasons_size, size
from elgrande.engine.pieces import Mover
from elgrande.engine.primitives import _apply_moves
from elgrande.engine.regions import COURT_PLACE, regions
from elgrande.engine.room import room_in, within_room
from elgrande.engine.values import limits
from elgrande.model.board import Board
from elgrande.model.hook_context import HookContext
from elgrande.model.state import NOBODY, State
from elgrande.rules.colonies.figures import NAME
from elgrande.rules.colonies.offices import _move_which
from elgrande.rules.colonies.pieces import Pieces, own_pieces, pieces


def _take_inquisitor(ctx: Ctx, call: ast.Call) -> Decision | None:
    """C8 (``move the grand inquisitor to court``): the Grand Inquisitor moves to the
    deciding player's court (his only place: the court of whoever took him last)."""
    if COURT_PLACE not in regions(ctx, call.arg("to")) or \
            ctx.state.neutral_holder == ctx.subject:
        return None
    ctx.state.neutral_holder = ctx.subject
    ctx.event("inquisitor", holder=ctx.subject,
              text="{who} takes the Grand Inquisitor into their court.")
    return None


def _no_answer(ctx: Ctx, call: ast.Call, d: Decision, answer: Any) -> None:
    raise AssertionError("taking the Grand Inquisitor asks nothing")  # pragma: no cover


def _black_finish(ctx: Ctx, call: ast.Call, d: Decision, answer: Any) -> None:
    _apply_moves(ctx, answer)


def _move_black(ctx: Ctx, call: ast.Call) -> Decision | None:
    """C8, C11: reposition black caballeros between places of the sets; never into or out
    of the king's region (B5.2), never out of the Castillo (B8.2)."""
    s, b = ctx.state, ctx.board
    srcs = [r for r in regions(ctx, call.arg("source"))
            if r >= 0 and r != s.king and r != b.castillo and s.neutral[r]]
    dests = [r for r in regions(ctx, call.arg("to")) if r >= 0 and r != s.king]
    places = b.places  # (a place's id read inline: no ctx.rid call per place)
    sources = {places[r].id: {str(NOBODY): s.neutral[r]} for r in srcs
               if any(d != r for d in dests)}
    if not sources or not dests:
        return None
    available = sum(v[str(NOBODY)] for v in sources.values())
    lo, hi = limits(ctx, call.arg("qty"), available)  # a number or a number expression
    to = [places[r].id for r in dests]
    # C4: France holds black caballeros too; its room listed only where it binds (a
    # decision that it cannot limit reads as it did before C4 counted them here)
    room = {k: v for k, v in room_in(ctx, ctx.subject, to).items() if v[0] < hi}
    if room:
        lo, hi = within_room(room, to, lo, hi)
        if hi == 0:
            return None
    king = {ctx.rid(s.king): ["B5.2", "nothing enters or leaves the king's region"]} \
        if s.king >= 0 else {}
    options: dict[str, Any] = {"sources": sources, "to": to, "min": lo, "max": hi,
                               "single_source": False, "all": False,
                               "refused_from": king, "refused_to": king}
    if room:
        options["room"] = room
    which = _move_which(HookContext(s, b, ctx.events, ctx.subject), sources)  # C10, C11
    if which:
        options["which"] = which
    # its size (option_size.size) from its parts, not walked: the mapping and its keys,
    # each source's owners (one each), the ids of ``to``, the two refusals (the same)
    sized = 1 + len(options) + 2 * len(sources) + len(to) + 2 * (reasons_size(king) - 1)
    if room:
        sized += size(room) - 1
    if which:
        sized += size(which) - 1
    return offer(ctx, Decision("move_caballeros", [ctx.subject], f"Reposition up to {hi} "
                               f"black caballero{'s' if hi != 1 else ''}", options, "C8"),
                 sized)


#: C8, C11: the Grand Inquisitor's and the black caballeros' movers of the ``move`` statement.
INQUISITOR_MOVERS: Final[tuple[Mover, ...]] = (
    Mover("grand inquisitor", _take_inquisitor, _no_answer),
    Mover("black caballeros", _move_black, _black_finish))


#: The phase in which the Inquisitor's holder chooses where this turn's extra caballero
#: goes (C8), inserted before every turn's court phase.
BONUS: Final = "inquisitor_bonus"


#: The answers of the bonus decision, by option index (C8).
BONUS_LABELS: Final = ("one more caballero to court this turn (provinces or regions to court)",
                "one more caballero from court to the board this turn (with the placement)")


BONUS_WAYS: Final = ("court", "board")


def _can_come_to_court(state: State, board: Board, player: int) -> bool:
    """Whether anything of ``player`` could come to court (B4.1)."""
    if state.provinces[player]:
        return True
    return any(state.caballeros[r][player] for r in board.scoring_order
               if r != state.king and r != board.castillo)


def _bonus_decide(engine: FlowEngine, state: State, flow: Flow,
                  events: Events) -> Decision | None:
    """C8: while the Grand Inquisitor is in the acting player's court they choose, at the
    start of the turn, whether the extra caballero of the turn comes to court or goes from
    court to the board (answer: option 0 court, 1 board). No real choice (nothing could
    come to court): it goes to the board."""
    ext = state.ext.get(NAME)
    if type(ext) is not Pieces:  # (own_pieces' common case inline: no call)
        ext = own_pieces(state, engine.board)
    try:  # Flow.actor, without the property's call
        p = flow.turn_order[flow.turn_i]
    except IndexError:
        p = -1
    if p < 0 or state.neutral_holder != p:
        ext.bonus = ""
        engine.resume(flow)
        return None
    if not _can_come_to_court(state, engine.board, p):
        ext.bonus = BONUS_WAYS[1]
        engine.resume(flow)
        return None
    return Decision("choose_option", [p], "The Grand Inquisitor is in your court: where "
                    "does your extra caballero go this turn?", {"labels": list(BONUS_LABELS)},
                    "C8")


def _bonus_apply(engine: FlowEngine, state: State, flow: Flow, player: int, norm: Any,
                 events: Events) -> None:
    own_pieces(state, engine.board).bonus = BONUS_WAYS[int(norm)]
    events.append({"event": "inquisitor_bonus", "player": player, "way": BONUS_WAYS[int(norm)],
                   "text": "{who} (Grand Inquisitor): " + BONUS_LABELS[int(norm)] + "."})
    engine.resume(flow)


def _bonus_way(state: State, player: int) -> str:
    """Where ``player``'s extra caballero goes this turn (C8): "court", "board" or ""
    (not the holder). A position set up without the turn's choice (a scenario) gives it to
    court."""
    if state.neutral_holder != player or player < 0:
        return ""
    ext = state.ext.get(NAME)
    if type(ext) is not Pieces:  # (pieces' common case inline: no call)
        ext = pieces(state)
    return str(ext.bonus or BONUS_WAYS[0]) if ext is not None else BONUS_WAYS[0]


def _court_limit(ctx: HookContext, limit: int) -> int:
    """C8: the Inquisitor's holder brings one more caballero to court this turn when they
    chose so (:func:`_bonus_decide`)."""
    state, player = ctx.state, ctx.player
    if state.neutral_holder != player:
        return limit  # not the Inquisitor's holder (_bonus_way "")
    return limit + 1 if _bonus_way(state, player) == BONUS_WAYS[0] else limit


def _placement_limit(ctx: HookContext, limit: int) -> int:
    """C8: the Inquisitor's holder places one more caballero from court this turn when
    they chose so (:func:`_bonus_decide`)."""
    state, player = ctx.state, ctx.player
    if state.neutral_holder != player:
        return limit  # not the Inquisitor's holder (_bonus_way "")
    return limit + 1 if _bonus_way(state, player) == BONUS_WAYS[1] else limit
