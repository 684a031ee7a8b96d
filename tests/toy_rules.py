"""A toy rules module (DESIGN.md 2a test of the design): it plugs into the base game
without any edit to the driver.

- a new phase ``omen``, inserted before every turn's ``court`` phase: the player whose
  turn it is may take 1 point ("pray") or pass;
- hook ``placement_targets``: the player's own Grande's region is always a placement
  target (unless it is the king's region);
- hook ``area_bonus``: the sole leader of the Castillo gets 1 more point when it is scored.
"""

from __future__ import annotations

from typing import Any

from elgrande.engine.decisions import Decision
from elgrande.engine.flow import Flow, FlowEngine
from elgrande.engine.modules import Phase, RulesModule, register_module
from elgrande.model.hook_context import HookContext
from elgrande.model.scoring import participants
from elgrande.model.state import State

OMEN_POINTS = 1
CASTILLO_BONUS = 1


def omen_decide(engine: FlowEngine, state: State, flow: Flow,
                events: list[dict[str, Any]]) -> Decision:
    return Decision("choose_option", [flow.actor], "Pray for an omen (1 point) or pass?",
                    {"labels": ["pray", "pass"]}, "B4.4")


def omen_apply(engine: FlowEngine, state: State, flow: Flow, player: int, norm: Any,
               events: list[dict[str, Any]]) -> None:
    if norm == 0:
        state.scores[player] += OMEN_POINTS
        events.append({"event": "omen", "player": player})
    engine.resume(flow)


def grande_region_target(ctx: HookContext, places: list[int]) -> list[int]:
    state = ctx.state
    g = state.grandes[ctx.player]
    return places if g in places or g == state.king else [*places, g]


def castillo_leader_bonus(ctx: HookContext, place: int,
                          first_only: bool) -> list[tuple[int, str, int]]:
    if place != ctx.board.castillo:
        return []
    who, counts = participants(ctx.state, place)
    top = max(counts, default=0)
    leaders = [w for w, c in zip(who, counts, strict=True) if c == top and c > 0]
    return [(leaders[0], "toy", CASTILLO_BONUS)] if len(leaders) == 1 else []


MODULE = register_module(RulesModule(
    name="toy",
    phases=(Phase("omen", omen_decide, omen_apply, precedes="court"),),
    hooks={"placement_targets": grande_region_target, "area_bonus": castillo_leader_bonus},
))
