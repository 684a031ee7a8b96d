"""I1, I8, I9, X2: the checks of this module's pieces of a saved game being loaded."""

from __future__ import annotations

from typing import Any

from elgrande.model.hook_context import HookContext
from elgrande.rules.intrigue_king.cards import DECK, EXT, OPTIONS
from elgrande.rules.intrigue_king.deck import _deck_offer


def _check_saved(ctx: HookContext, lib: Any, st: dict[str, Any], fl: dict[str, Any]) -> None:
    """The Intrigue & the King pieces of a saved game being loaded (``state.ext``'s
    ``intrigue_king``): this turn's placement change (I8: a player, a count, regions),
    the cards taken from the offer this round and who was asked (X2), the players whose
    card stayed (I5), the bridge's two regions (I8) and the scoreboard laid out (I8).

    Raises:
        SavedGameError: naming the bad field.
    """
    from elgrande.errors import SavedGameError

    players = ctx.state.players

    if fl.get("phase") == DECK:  # the cards chosen so far, secretly (I1)
        opts = (st.get("ext") or {}).get(OPTIONS)
        values, count = _deck_offer(lib, isinstance(opts, dict) and bool(opts.get("beginner")))
        for k, v in (fl.get("secret") or {}).items():
            if not isinstance(v, list) or len(v) != count or len(set(v)) != count \
                    or not all(type(x) is int and x in values for x in v):
                raise SavedGameError(f"flow.secret.{k}", f"{count} different cards of the "
                                     "set (I1)")
    if fl.get("phase") != DECK:  # the cards chosen (I1): held or played, all of them
        opts = (st.get("ext") or {}).get(OPTIONS)
        n = _deck_offer(lib, isinstance(opts, dict) and bool(opts.get("beginner")))[1]
        for p in range(players):
            if len(st["hands"][p]) + len(st["discards"][p]) != n:
                raise SavedGameError(f"state.hands[{p}]", f"the {n} cards chosen (I1) are "
                                     "held or played")
    mine = (st.get("ext") or {}).get(EXT)
    if mine is None:
        return
    pre = f"state.ext.{EXT}"
    b = lib.board

    def fail(path: str, message: str) -> None:
        raise SavedGameError(f"{pre}{path}", message)

    def is_int(v: Any, lo: int, hi: int) -> bool:
        return type(v) is int and lo <= v < hi

    if not isinstance(mine, dict):
        fail("", "a mapping of this module's pieces")
    for k in mine:
        if k not in ("turn", "takes", "asked", "held", "bridge", "laid", "leaving"):
            fail(f".{k}", "unknown Intrigue & the King piece")
    turn = mine.get("turn")
    if turn is not None:
        if not isinstance(turn, dict) or not is_int(turn.get("player"), 0, players) \
                or not set(turn) <= {"player", "place", "into"}:
            fail(".turn", "this turn's change: {player, place, into} (I8)")
        if "place" in turn and not is_int(turn["place"], 0, 100):
            fail(".turn.place", "a count of caballeros (I8)")
        into = turn.get("into")
        if into is not None and (not isinstance(into, list) or not all(
                is_int(r, 0, len(b.places)) for r in into)):
            fail(".turn.into", "a list of places (I8)")
    for key in ("asked", "held"):
        seen = mine.get(key)
        if seen is not None and (not isinstance(seen, list) or not all(
                is_int(p, 0, players) for p in seen)):
            fail(f".{key}", "a list of players (X2, I5)")
    for i, t in enumerate(mine.get("takes") or []):
        if not isinstance(t, list) or len(t) != 3 or not is_int(t[0], 0, players) \
                or t[1] not in lib.cards.cards or not is_int(t[2], -1, len(b.stacks) or 4):
            fail(f".takes[{i}]", "a card taken: [player, card id, stack] (X2)")
    ends = mine.get("bridge")
    if ends is not None and (not isinstance(ends, list) or len(ends) != 2 or not all(
            is_int(r, 0, len(b.places)) for r in ends)):
        fail(".bridge", "the bridge's two places (I8)")
    laid = mine.get("laid")
    if laid is not None and laid not in {sb.id for sb in b.scoreboards}:
        fail(".laid", "not a mobile scoreboard (I8)")
    leaving = mine.get("leaving")
    if leaving is not None:  # I9: the discs shown, where Grandes leave the Castillo to
        shown, to = leaving.get("discs", []), leaving.get("to", {})
        if not isinstance(leaving, dict) or not set(leaving) <= {"discs", "to"} \
                or not isinstance(shown, list) or not isinstance(to, dict) \
                or any(r not in b.index for r in shown) or any(
                    not k.isdigit() or int(k) >= players or r not in b.index
                    for k, r in to.items()):
            fail(".leaving", "the discs shown and each player's region (I9)")
