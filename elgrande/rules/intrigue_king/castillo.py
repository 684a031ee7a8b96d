"""I8, I9: a Grande in the Castillo (card 35's kind of action, the ``move`` statement's
Grande mover opened to the Castillo by hook ``grande_places``): it counts there for the
Castillo's bonus and leaves at the general scoring, its owner whose disc shows the king's
region first putting it elsewhere (phase ``castillo_grande``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from elgrande.dsl import ast
from elgrande.engine.context import Ctx
from elgrande.engine.decisions import Decision
from elgrande.engine.flow import Flow, FlowEngine
from elgrande.engine.modules import Events
from elgrande.engine.movers import move_grande, move_grande_finish
from elgrande.engine.pieces import Mover
from elgrande.engine.regions import regions
from elgrande.model.board import Board
from elgrande.model.hook_context import HookContext
from elgrande.model.seats import seat
from elgrande.model.state import State
from elgrande.rules import base
from elgrande.rules.intrigue_king.cards import EXT, _drop

# -- I8, I9: a Grande in the Castillo (card 35's kind of action) ----------------------------------
#: The phase after the discs of a general scoring are revealed in which the owner of a Grande
#: in the Castillo whose disc shows the king's region puts it in another region (I9).
LEAVING: Final = "castillo_grande"


def castillo_candidates(state: State, board: Board,
                        player: int) -> tuple[list[int], dict[str, list[str]]]:
    """The opponents of ``player`` whose Grande may go into the Castillo (I8), and why the
    others may not: ``(players, {player: [rule, message]})``. A Grande already in the
    Castillo (I9) or in the king's region (B5.2: nothing leaves it) cannot go."""
    ok: list[int] = []
    why: dict[str, list[str]] = {}
    for q in range(state.players):
        g = state.grandes[q]
        if q == player:
            why[str(q)] = ["I8", "the Grande of an opponent goes into the Castillo, not yours"]
        elif g == board.castillo:
            why[str(q)] = ["I9", f"{seat(q)}'s Grande is in the Castillo already"]
        elif g == state.king:
            why[str(q)] = ["B5.2", f"{seat(q)}'s Grande stands in the king's region: nothing "
                           "may leave it"]
        elif g >= 0:
            ok.append(q)
    return ok, why


def _move_grande(ctx: Ctx, call: ast.Call) -> Decision | None:
    """I8 (card 35's kind of action, ``move grande of opponents to castillo``): the base
    game's Grande mover, whose choice of the opponent whose Grande goes into the Castillo
    reads as this set's rule: the refusals cite I8 (not your own Grande) and I9 (one in the
    Castillo already stays there)."""
    d = move_grande(ctx, call)
    if d is None or d.kind != "choose_player":
        return d
    b = ctx.board
    if [r for r in regions(ctx, call.arg("to")) if r >= 0] != [b.castillo]:
        return d
    ok, why = castillo_candidates(ctx.state, b, ctx.subject)
    return Decision("choose_player", [ctx.subject], "Choose the opponent whose Grande goes "
                    "into the Castillo", {"choices": d.options["choices"], "why": why}, "I8")


#: I8: this set's Grande mover (replaces the base game's in a game with this set).
MOVERS: Final[dict[str, Mover]] = {"grande": Mover("grande", _move_grande, move_grande_finish)}


def _grande_places(ctx: HookContext, places: list[int]) -> list[int]:
    """I8, I9 (card 35's kind of action, ``move grande of opponents to castillo``): a
    Grande may be moved into the Castillo; there it counts for the Castillo's Grande bonus
    and leaves at the next general scoring (:func:`_grandes_leave`). Never out of it by a
    special action (B8.2: the ``move`` statement's Grande mover)."""
    return [*places, ctx.board.castillo]


def leaving_asks(state: State, board: Board, discs: list[int], chosen: Mapping[str, Any]
                 ) -> list[int]:
    """The players whose Grande is in the Castillo and whose disc (``discs[player]``, a
    region index) shows the king's region, who have not yet said where it goes (I9)."""
    return [p for p in range(state.players) if state.grandes[p] == board.castillo
            and discs[p] == state.king and str(p) not in chosen]


def leaving_decision(board: Board, state: State, player: int) -> Decision:
    """I9: ``player``'s disc shows the king's region, so they put their Grande leaving the
    Castillo in any other mainland region."""
    opts = [board.place_id(r) for r in board.regions if r != state.king]
    why = {board.place_id(state.king): ["B5.2", "nothing may enter the king's region"],
           board.place_id(board.castillo): ["I9", "the Grande leaves the Castillo when it "
                                            "empties"]}
    return Decision("choose_region", [player], "Your disc shows the king's region: put your "
                    "Grande from the Castillo in another region", {"choices": opts,
                                                                   "why": why}, "I9")


def set_leaving(state: State, board: Board, player: int, region: int) -> None:
    """Keep where ``player``'s Grande goes when the Castillo empties (an answer
    :func:`leaving_decision` accepted, I9)."""
    leaving = state.ext.setdefault(EXT, {}).setdefault("leaving", {})
    leaving.setdefault("to", {})[str(player)] = board.place_id(region)


def _leaving_of(state: State) -> dict[str, Any]:
    out: dict[str, Any] = (state.ext.get(EXT) or {}).get("leaving") or {}
    return out


def _grandes_leave(ctx: HookContext, discs: Any, moves: Any) -> None:
    """I9: the Castillo has emptied; each Grande in it goes with its owner's caballeros to
    the owner's disc region or, the disc showing the king's region, where the owner put it
    (when nobody was asked, as in a direct call of the scoring, the first other region of
    the scoring order)."""
    state, board = ctx.state, ctx.board
    chosen = _leaving_of(state).get("to") or {}
    for p in range(state.players):
        if state.grandes[p] != board.castillo:
            continue
        to = discs[p]
        if to == state.king:
            rid = chosen.get(str(p))
            to = board.index[rid] if rid in board.index else next(
                r for r in board.scoring_order if r != state.king and board.is_region(r))
        state.set_grande(p, to)
    _drop(state, "leaving")


def _score_discs(engine: FlowEngine, state: State, flow: Flow, discs: list[int],
                 events: Events) -> None:
    """The base game's general scoring with these discs (B6); the log tells where each
    Grande in the Castillo went (I9) from the scoring's result, before the regions score
    (:attr:`elgrande.model.score_results.GeneralScoring.grandes`)."""
    base.score_discs(engine, state, flow, discs, events)


def _discs_apply(engine: FlowEngine, state: State, flow: Flow, player: int, norm: Any,
                 events: Events) -> None:
    """B6.1, I9: the discs are all set: if a Grande in the Castillo has its owner's disc
    on the king's region, its owner first says where it goes (phase ``LEAVING``)."""
    flow.secret = {**flow.secret, str(player): norm}  # replaced: copies share it
    if len(flow.secret) < state.players:
        return
    b = engine.board
    index, secret = b.index, flow.secret
    discs = []
    for p in range(state.players):  # (a loop: no comprehension function made)
        discs.append(index[secret[str(p)]])
    flow.secret = {}
    asks = leaving_asks(state, b, discs, {})
    if not asks:
        _score_discs(engine, state, flow, discs, events)
        return
    state.ext.setdefault(EXT, {})["leaving"] = {"discs": [b.place_id(d) for d in discs],
                                                "to": {}}
    events.append({"event": "note", "text": "The discs show: " + ", ".join(
        f"{seat(p)} {b.places[d].name}" for p, d in enumerate(discs)) + "; " + ", ".join(
        seat(p) for p in asks) + " will put their Grande from the Castillo in another "
        "region (I9)."})
    flow.phase = LEAVING


def _leaving_decide(engine: FlowEngine, state: State, flow: Flow,
                    events: Events) -> Decision | None:
    b = engine.board
    leaving = _leaving_of(state)
    discs = [b.index[r] for r in leaving["discs"]]
    asks = leaving_asks(state, b, discs, leaving.get("to") or {})
    if asks:
        return leaving_decision(b, state, asks[0])
    _score_discs(engine, state, flow, discs, events)
    return None


def _leaving_apply(engine: FlowEngine, state: State, flow: Flow, player: int, norm: Any,
                   events: Events) -> None:
    set_leaving(state, engine.board, player, engine.board.index[norm])
    events.append({"event": "note", "player": player,
                   "text": f"{seat(player)} puts their Grande from the Castillo in "
                   f"{engine.board.place_name(norm)} (I9)."})
