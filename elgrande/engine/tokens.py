"""The tokens a set declares as data (``pieces:`` in its manifest,
:class:`elgrande.model.declared.Token`): where each one stands and the one mover of the
``move`` statement that moves every one of them (``move the NAME to SET``; docs/homebrew.md,
"Sets"). No token has code of its own: its name, printed name and first place are data.

Where the tokens stand is kept in ``state.ext["tokens"]`` (:data:`NAME`): token id ->
place id (``""``: off the board), plain data, so copies, saves and views carry it as
they carry every rules module's pieces; a game saved before its set declared a token
has none there, and each token then stands at its start.
"""

from __future__ import annotations

from typing import Any, Final

from elgrande.dsl import ast
from elgrande.engine.choice_sources import outside_card
from elgrande.engine.context import Ctx
from elgrande.engine.decisions import Decision
from elgrande.engine.regions import evaluates, regions
from elgrande.model.board import CASTILLO, Board
from elgrande.model.state import State

#: The key of the tokens' places in ``State.ext`` (and the name of the rules module that
#: sets them up and checks them in a saved game, :mod:`elgrande.rules.tokens`).
NAME: Final = "tokens"
#: The event a token's move makes (its ``text`` says itself in the log).
EVENT: Final = "token"


def token_places(state: State, board: Board) -> dict[str, str]:
    """Token id -> the id of the place it stands in (``""``: off the board), for every
    token of ``board``: what ``state`` keeps, else each token's start (read only)."""
    kept = state.ext.get(NAME)
    if isinstance(kept, dict):
        return {t: str(kept.get(t, tok.start)) for t, tok in board.tokens.items()}
    return {t: tok.start for t, tok in board.tokens.items()}


def token_at(state: State, board: Board, token: str) -> int:
    """The index of the place token ``token`` stands in; -1 off the board.

    Raises:
        KeyError: no such token on ``board``."""
    at = token_places(state, board)[token]
    return board.index[at] if at else -1


def _to(ctx: Ctx, call: ast.Call, token: str) -> tuple[list[int], int]:
    """Where ``token`` may go by ``call`` and where it stands: the move's ``to`` places
    other than its own, the Castillo (it holds caballeros only, B1.2) and the king's region
    (B5.2); none while it stands in the king's region or outside the move's ``from``."""
    s, b = ctx.state, ctx.board
    at = token_at(s, b, token)
    source = call.arg("source")
    if (at >= 0 and at == s.king) or (source is not None and at not in regions(ctx, source)):
        return [], at
    places = b.places
    return [r for r in regions(ctx, call.arg("to"))
            if r >= 0 and r != at and r != s.king and places[r].kind != CASTILLO], at


def move_token(ctx: Ctx, call: ast.Call) -> Decision | None:
    """The mover of every token a set declares (``move the NAME to SET``, B8.1): the
    deciding player chooses one of the places of ``SET`` it may go to (:func:`_to`:
    never into or out of the king's region, B5.2); nothing happens when there is none."""
    token = str(call.arg("piece"))
    dests, _at = _to(ctx, call, token)
    if not dests:
        return None
    b = ctx.board
    why: dict[str, list[str]] = {}
    if ctx.state.king >= 0:
        why[ctx.rid(ctx.state.king)] = ["B5.2", f"{b.places[ctx.state.king].name} is the "
                                        "king's region: nothing may enter or leave it"]
    why[ctx.rid(b.castillo)] = ["B1.2", "the Castillo holds caballeros only"]
    outside_card(b, dests, why)  # B8: the card names the places the token may go to
    return Decision("choose_region", [ctx.subject], f"Move {b.tokens[token].name} to a place "
                    "of your choice",
                    {"choices": [ctx.rid(r) for r in dests], "why": why}, "B8.1")


def move_token_finish(ctx: Ctx, call: ast.Call, d: Decision, answer: Any) -> None:
    """Move the token as a checked answer (a place id among the choices) says, with an
    event the log words (B8.1)."""
    s, b = ctx.state, ctx.board
    token = str(call.arg("piece"))
    places = s.ext.get(NAME)
    if not isinstance(places, dict):
        places = s.ext[NAME] = token_places(s, b)
    before = places.get(token, b.tokens[token].start)
    places[token] = str(answer)
    name = b.tokens[token].name
    frm = b.place_name(before) if before else "off the board"
    ctx.event(EVENT, decider=ctx.subject, token=token, frm=before, to=str(answer),
              text=f"{{who}} moves {name} from {frm} to {b.place_name(answer)}.")


@evaluates("region_of_token", "RegionOfToken")
def _region_of_token(ctx: Ctx, node: ast.RegionOfToken) -> list[int]:
    """``region of the NAME``: the place where the token stands (none off the board, or
    for a token no set in play declares; B8.1)."""
    if node.token not in ctx.board.tokens:
        return []
    at = token_at(ctx.state, ctx.board, node.token)
    return [at] if at >= 0 else []
