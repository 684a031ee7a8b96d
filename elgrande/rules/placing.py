"""The B4.3 placement decision made again without building it again, for the expansion
rules modules whose placement hooks depend on nothing but the king's region.

:func:`elgrande.rules.base.placement_decision` folds the modules' ``placement_targets``,
``placement_refused`` and ``placement_room`` hooks each time; with no such hook it shares
what it derived per king's region. A module whose hooks depend on the king's region alone
(Colonies: C4-C6; Intrigue & the King while no card changed this turn's placement and no
bridge is laid, I8) replaces the ``place`` phase with :func:`place_decide`: the first
decision for a king's region and a number is the base game's own, the later ones share its
places and refusals and compute only the room left (the same decision; a test compares).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from elgrande.engine.decisions import Decision
from elgrande.engine.flow import Flow, FlowEngine
from elgrande.engine.modules import Events, Phase
from elgrande.model.state import State
from elgrande.rules import base

#: ``room(state, board, player, places)``: the room entries (place id -> [n, rule,
#: message]) of the places ``places`` (ids) as the module's ``placement_room`` hook and
#: the base game give them, or None for a module with no such hook.
RoomFn = Callable[[State, Any, int, list[str]], dict[str, Any]]

def placement(engine: FlowEngine, state: State, player: int, limit: int,
              room: RoomFn | None, module: str) -> Decision | None:
    """:func:`elgrande.rules.base.placement_decision` for ``player`` and ``limit`` (B4.3),
    for the rules module ``module`` (its name) whose placement hooks depend on the king's
    region alone (the caller checks), ``room`` its room entries. None when nothing can be
    placed. The decisions made so far are kept in ``engine.memo["placing.<module>"]``:
    (king's region, number) -> (the places' ids, the refusals, the prompt)."""
    limit = min(limit, state.court[player])
    if limit <= 0:
        return None
    made = engine.memo.get("placing." + module)
    if made is None:
        made = engine.memo["placing." + module] = {}
    hit = made.get((state.king, limit))
    if hit is None:
        d = base.placement_decision(engine, state, player, limit)
        if d is None:  # (limit > 0 and caballeros in court: never)
            return None
        hit = made[(state.king, limit)] = (d.options["to"], d.options["refused"], d.prompt)
    to, refused, prompt = hit
    options: dict[str, Any] = {"to": to[:], "min": 0, "max": limit, "refused": refused}
    if room is not None:
        got = room(state, engine.board, player, to)
        if got:
            options["room"] = got
    return Decision("place_caballeros", [player], prompt, options, "B4.3")


def place_phase(module: str, hooks: Mapping[str, Sequence[Callable[..., Any]]],
                room: RoomFn | None, unchanged: Callable[[State], bool] | None = None) -> Phase:
    """The ``place`` phase (B4.3) of the rules module ``module`` (its name), replacing the
    one before it: while the placement hooks in play are exactly ``hooks`` (hook name ->
    the functions, this module's; checked once per engine) and ``unchanged(state)`` says
    they change nothing but by the king's region, its decision is :func:`placement` (as
    the base game's ``place`` phase asks it; ``room``: the module's room entries); else,
    and for every answer, the phase it replaced decides and carries out."""
    key = module + ".fast_place"

    def decide(engine: FlowEngine, state: State, flow: Flow,
               events: Events) -> Decision | None:
        fast = engine.memo.get(key)
        if fast is None:
            h = engine.rules.hooks
            fast = engine.memo[key] = all(list(h[n]) == list(fns) for n, fns in hooks.items())
        if fast and (unchanged is None or unchanged(state)):
            d = placement(engine, state, flow.actor, base._placement_limit(engine, state, flow),
                          room, module)
            if d is None:  # as the base game's place phase: nothing to place
                base._placed(engine, state, flow, events)
            return d
        wrapped: Decision | None = engine.rules.replaced[phase].decide(engine, state, flow,
                                                                       events)
        return wrapped

    def apply(engine: FlowEngine, state: State, flow: Flow, player: int, norm: Any,
              events: Events) -> None:
        engine.rules.replaced[phase].apply(engine, state, flow, player, norm, events)

    phase = Phase(base.PLACE, decide, apply)
    return phase
