"""The Colonies' setup (C2): black caballeros and the limit table in drawn regions, the
setup discs of gold and goods, and the secret setup disc phase (with the drawing of the
discs a view hides, B8.5a).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, Final

from elgrande.engine.decisions import Decision
from elgrande.engine.flow import Flow, FlowEngine
from elgrande.engine.modules import Events
from elgrande.model.hook_context import HookContext
from elgrande.model.seats import seat
from elgrande.model.state import State
from elgrande.rules.colonies.figures import NAME, colonies_board, figures, remember_figures
from elgrande.rules.colonies.offices import _arrive
from elgrande.rules.colonies.pieces import fresh_pieces

#: The phase of the secret setup disc (C2), the first of a Colonies game.
SETUP_DISC: Final = "setup_disc"


#: The phase the setup disc is inserted before: the base game's first round.
ROUND: Final = "round"


def _setup(ctx: HookContext, rng: random.Random, start_player: int | None) -> None:
    """C2 after the base setup (which put 2 caballeros in each Grande's region and 9 in
    court: the manifest's figures; the score marker is no caballero, B1.1): 2 black
    caballeros in each of 2 more drawn regions, the limit table (by player count) in one
    more, the setup discs (1 gold in America, 2 goods in the Mediterranean)."""
    engine, state, events = ctx.engine, ctx.state, ctx.events
    b = engine.board
    if NAME in engine.lib.figures:  # the library's (a fill applied): no manifest is read
        remember_figures(b, engine.lib.figures[NAME])
    fig = figures(b)
    ext = state.ext[NAME] = fresh_pieces(b, state.players)
    taken = {state.king, *state.grandes}
    left = [r for r in b.regions if r not in taken]
    rng.shuffle(left)
    n_neutral = int(fig.setup.get("neutral_regions", 0))
    per = int(fig.setup.get("neutral_per_region", 0))
    for r in left[:n_neutral]:
        state.add_neutral(r, per)
    n_table = int(fig.setup.get("limit_table_regions", 0))
    for r in left[n_neutral:n_neutral + n_table]:
        ext.table.region = b.place_id(r)
    for area, discs in (fig.setup.get("discs") or {}).items():
        for d, n in discs.items():
            ext.free.setdefault(area, {})
            ext.free[area][d] = ext.free[area].get(d, 0) + int(n)
            ext.supply[d] -= int(n)
    names = ", ".join(b.places[r].name for r in left[:n_neutral])
    table = ext.table.region
    events.append({"event": "colonies_setup",
                   "neutral": {b.place_id(r): state.neutral[r] for r in left[:n_neutral]},
                   "limit_table": table, "seats": ext.table.seats,
                   "free": {a: dict(d) for a, d in ext.free.items() if d},
                   "text": f"Colonies: {per} black caballeros of the Grand Inquisitor in "
                           f"each of {names}; the limit table ({ext.table.seats} "
                           f"seats) in {b.places[b.index[table]].name if table else 'no region'}"
                           "; discs: " + ", ".join(
                               f"{n} {d} in {b.places[b.index[a]].name}"
                               for a, ds in ext.free.items() for d, n in ds.items() if n)
                           + "; the new areas: " + ", ".join(
                               pl.name for pl in b.places if pl.kind == "area") + "."})


def _setup_disc_decide(engine: FlowEngine, state: State, flow: Flow,
                       events: Events) -> Decision | None:
    """C2: each player secretly chooses a region with the disc (the 9 mainland regions)."""
    g = colonies_board(engine.board)
    n = int(g.fig.setup.get("disc_caballeros", 0))
    if not n:
        engine.resume(flow)
        return None
    remaining = [p for p in range(state.players) if str(p) not in flow.secret]
    opts = g.region_ids[:]
    return Decision("secret_region", remaining, f"Set your secret disc: {n} caballeros go "
                    "there from your court (the king's region: they stay in court)",
                    {"per_player": {str(p): opts for p in remaining}}, "C2")


def _setup_disc_apply(engine: FlowEngine, state: State, flow: Flow, player: int, norm: Any,
                      events: Events) -> None:
    """C2: when every disc is set they are revealed and each player places the setup
    caballeros from court in the chosen region (none when it is the king's region)."""
    flow.secret = {**flow.secret, str(player): norm}  # replaced: copies share it
    if len(flow.secret) < state.players:
        return
    b = engine.board
    n = int(figures(b).setup.get("disc_caballeros", 0))
    chosen = {}  # by seat as a string: events are JSON data
    hooks = HookContext(state, b, events, -1, engine, flow)
    for p in range(state.players):
        r = b.index[flow.secret[str(p)]]
        chosen[str(p)] = b.place_id(r)
        k = min(n, state.court[p])
        if r == state.king or k <= 0:
            continue
        state.court[p] -= k
        state.add_caballeros(r, p, k)
        _arrive(hooks, r, p, k)
    flow.secret = {}
    events.append({"event": "setup_disc", "discs": chosen,
                   "text": "Setup discs: " + ", ".join(
                       f"{seat(int(p))} {b.places[b.index[r]].name}" for p, r in chosen.items())
                   + f" ({n} caballeros from court each; none in the king's region)."})
    engine.resume(flow)


def _determinise(ctx: HookContext, viewer: int, view: Mapping[str, Any],
                 rng: random.Random) -> None:
    """Draw the setup discs a view hides (C2; B8.5a)."""
    engine, state, flow = ctx.engine, ctx.state, ctx.flow
    if flow.phase == SETUP_DISC:
        from elgrande.rules.base import draw_secret_discs

        draw_secret_discs(engine, state, flow, viewer, rng)
