"""The base game's rule parameters a card may change for a while (``change PARAM [in SET]
to VALUE DURATION``, :mod:`elgrande.dsl.rule_params`): where this turn's placement from
court may go and how many it places (B4.3), places closed to placement and moves (as the
king's region is, B5.2), how caballeros count in a place's ranking (B6.5). Each is read
by the hooks below from the live changes (:mod:`elgrande.engine.rule_params`), composed
only when a card in play changes it.
"""

from __future__ import annotations

from typing import Any, Final

from elgrande.dsl.rule_params import RuleParam
from elgrande.engine.rule_params import latest, live, refusal
from elgrande.model.hook_context import HookContext
from elgrande.model.state import Lasting, State

PLACEMENT_NUMBER: Final = "placement number"
PLACEMENT_PLACES: Final = "placement places"
CLOSED: Final = "closed"
RANKING_COUNT: Final = "ranking count"


# -- B4.3: how many, and where, this turn's placement from court goes ---------------------------
def _placement_limit(ctx: HookContext, limit: int) -> int:
    """B4.3: the placement number a card of ctx.player changed."""
    state = ctx.state
    if not state.lasting:
        return limit
    x = latest(state, PLACEMENT_NUMBER, ctx.player)
    return limit if x is None else int(x.data["value"])


def _placement_targets(ctx: HookContext, places: list[int]) -> list[int]:
    """B4.3: where ctx.player's placement from court may go, as a card of theirs changed
    it (the king's region stays closed, B5.2: the caller leaves it out)."""
    state = ctx.state
    if not state.lasting:
        return places
    x = latest(state, PLACEMENT_PLACES, ctx.player)
    return places if x is None else [int(r) for r in x.data["value"]]


# -- B5.2: places closed to placement and moves ---------------------------------------------------
def closed(state: State) -> dict[int, Lasting]:
    """The places a card closed to placement and moves, each with the latest change that
    closed it."""
    out: dict[int, Lasting] = {}
    for x in live(state, CLOSED):
        for r in x.data.get("in") or ():
            out[int(r)] = x
    return out


def _why(ctx: HookContext, place: int, x: Lasting) -> list[str]:
    return refusal(x, "B5.2", f"{ctx.board.places[place].name} is closed to placement and "
                   "moves")


def _closed_targets(ctx: HookContext, places: list[int]) -> list[int]:
    """B5.2: no placement goes into a closed place."""
    if not ctx.state.lasting:
        return places
    shut = closed(ctx.state)
    return [r for r in places if r not in shut] if shut else places


def _closed_refused(ctx: HookContext, refused: dict[str, list[str]]) -> dict[str, list[str]]:
    """B5.2: a placement into a closed place is refused citing the card that closed it."""
    if not ctx.state.lasting:
        return refused
    for r, x in closed(ctx.state).items():
        refused[ctx.board.places[r].id] = _why(ctx, r, x)
    return refused


def _closed_room(ctx: HookContext, room: dict[str, Any]) -> dict[str, Any]:
    """B5.2: a closed place takes no caballero (placed or moved), citing the card."""
    if not ctx.state.lasting:
        return room
    for r, x in closed(ctx.state).items():
        room[ctx.board.places[r].id] = [0, *_why(ctx, r, x)]
    return room


def _closed_movable(ctx: HookContext, place: int, owner: int, to: list[str], n: int) -> int:
    """B5.2: no caballero moves out of a closed place."""
    if n and ctx.state.lasting and place in closed(ctx.state):
        return 0
    return n


def _closed_sendable(ctx: HookContext, place: int, owner: int, n: int) -> int:
    """B5.2: no caballero is sent out of a closed place."""
    if n and ctx.state.lasting and place in closed(ctx.state):
        return 0
    return n


# -- B6.5: how caballeros count in a ranking ------------------------------------------------------
def _counted(state: State) -> dict[int, dict[int, int]]:
    """Place -> player -> what each of that player's caballeros there counts in its
    ranking, as the player's latest change of it says."""
    out: dict[int, dict[int, int]] = {}
    for x in live(state, RANKING_COUNT):
        for r in x.data.get("in") or ():
            out.setdefault(int(r), {})[x.player] = int(x.data["value"])
    return out


def _ranking_counts(ctx: HookContext, place: int,
                    ranking: tuple[list[int], list[int]]) -> tuple[list[int], list[int]]:
    """B6.5: each caballero of a player who changed how theirs count in this place counts
    as the change says."""
    if not ctx.state.lasting:
        return ranking
    k = _counted(ctx.state).get(place)
    if not k:
        return ranking
    who, counts = ranking
    return who, [c * k.get(p, 1) for p, c in zip(who, counts, strict=True)]


def _ranking_places(ctx: HookContext) -> list[int]:
    """The places whose ranking a change counts otherwise (B6.5)."""
    return sorted(_counted(ctx.state)) if ctx.state.lasting else []


#: The base game's rule parameters, in the order their hooks compose (a closed place is
#: left out of the places a change of placement places opened).
BASE_PARAMS: Final = (
    RuleParam(PLACEMENT_NUMBER, "number",
              "you may place up to {value} caballeros from your court (not the number "
              "your cards give)", "B4.3",
              doc="how many caballeros the player who made the change places from court "
                  "in their turn (B4.3)",
              hooks={"placement_limit": _placement_limit}),
    RuleParam(PLACEMENT_PLACES, "regions",
              "your placement from court may go to {value} (never the king's region)",
              "B4.3",
              doc="where the caballeros the player who made the change places from court "
                  "in their turn may go (B4.3, B5.1; never the king's region, B5.2)",
              hooks={"placement_targets": _placement_targets}, placement_key=True),
    RuleParam(CLOSED, "flag",
              "no caballero may be placed in {where}, nor moved or sent into or out of it",
              "B5.2", where=True, own=False,
              doc="places closed to every player's placement, moves and sends, as the "
                  "king's region is (B5.2); written 'close SET to placement and moves'",
              hooks={"placement_targets": _closed_targets,
                     "placement_refused": _closed_refused, "placement_room": _closed_room,
                     "movable": _closed_movable, "sendable": _closed_sendable},
              placement_key=True),
    RuleParam(RANKING_COUNT, "number",
              "each of your caballeros in {where} counts as {value} in its ranking", "B6.5",
              where=True,
              doc="what each caballero of the player who made the change counts in the "
                  "ranking of the places at a scoring (B6.5; 1 by the rules)",
              hooks={"ranking_counts": _ranking_counts, "scoring_places": _ranking_places}),
)
