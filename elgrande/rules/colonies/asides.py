"""The Colonies' side decisions (C7, C10, C11): which one is asked now (hook ``aside``),
applying its answer (``aside_apply``), and their description for docs/dsl.md
(:data:`FOLLOW_UPS`).
"""

from __future__ import annotations

from typing import Any, Final

from elgrande.engine.context import Aside, Run
from elgrande.engine.decisions import Decision
from elgrande.engine.modules import FollowUp
from elgrande.model.hook_context import HookContext
from elgrande.rules.base import SPECIAL as SPECIAL_PHASE
from elgrande.rules.colonies.discs import FRESH, apply_fresh, fresh_decision
from elgrande.rules.colonies.figures import NAME
from elgrande.rules.colonies.limit_table import SEAT, apply_seat, seat_decision
from elgrande.rules.colonies.offices import _forget_dropped
from elgrande.rules.colonies.pieces import Pieces, pieces
from elgrande.rules.colonies.relocations import RELOCATE, apply_relocation, relocation_decision


def _aside(ctx: HookContext, run: Run | None) -> Aside | None:
    """The side decisions of this module, asked at once when a move calls for them: a
    seat a move emptied (C10: filled at once; e.g. after a court step took a seated
    caballero), the relocations a move left unused (C11, :func:`relocation_decision`,
    inside a special action only) and the new discs the acting player may take at once
    (C7, between phases only). ``run``: the special action's position between two of its
    statements, None between phases (then not inside a special action: its statements
    ask). Called at a pause while ``state.due`` is set (the setters of ``dropped``,
    ``fresh``, ``relocation`` and ``table.vacant`` set it; the driver clears it): it is
    set again while one of them stays, so the next pause asks again."""
    state = ctx.state
    got = state.ext.get(NAME)
    if got is None:
        return None  # as _forget_dropped, seat_decision and the others: nothing to do
    ext: Pieces | None = got if type(got) is Pieces else pieces(state)  # else plain JSON
    # the common case first: nothing dropped, no seat waiting, nothing to take or relocate
    if ext is None or ext.dropped is None and ext.fresh is None \
            and not ext.relocation and not ext.table.vacant:
        return None
    b = ctx.board
    if NAME not in b.sets:  # not in_play
        return None
    state.due = True  # something stays to ask, here or at a later pause
    if run is None and ctx.flow is not None and ctx.flow.phase == SPECIAL_PHASE:
        return None  # the special action's statements ask (run given)
    if ext.dropped is not None:
        _forget_dropped(state)
    d: Decision | None = None
    if run is not None:
        if ext.relocation:
            d = relocation_decision(state, b)
        if d is None and ext.table.vacant:
            d = seat_decision(state, b, ctx.player)
    else:
        if ext.table.vacant:
            d = seat_decision(state, b, ctx.player)
        if d is None and ext.fresh:
            d = fresh_decision(state, b)
    return None if d is None else Aside(NAME, d)


def _aside_apply(ctx: HookContext, aside: Aside, answer: Any) -> None:
    """Apply a checked answer to an aside of :func:`_aside`: the option key of its
    decision says which (C10 seat, C11 relocation, C7 new disc)."""
    d, norm = aside.decision, int(answer)
    if SEAT in d.options:
        apply_seat(ctx.state, ctx.board, d, norm, ctx.events)
    elif RELOCATE in d.options:
        apply_relocation(ctx.state, ctx.board, d, norm, ctx.events)
    elif FRESH in d.options:
        apply_fresh(ctx.engine, ctx.state, d, norm, ctx.events)
    else:
        raise ValueError(f"not a side decision of the {NAME} module: {d.prompt}")


#: The decisions this module asks after a move (docs/dsl.md, "Follow-up decisions"), each
#: with its answer form and how a scenario case answers it.
FOLLOW_UPS: Final = (
    FollowUp("C11", "choose_option",
             "inside a special action, after a move (move caballeros, move black "
             "caballeros) that spent fewer relocations than it allows, while one can "
             "still be spent in place; asked again after each one spent",
             f'an option index into ``options["labels"]``: 0 spends no more; option i '
             f'does ``options["{RELOCATE}"][i - 1]``: ``{{"strip": office, "in": area}}`` '
             'strips an office held by a colour the move moves (1 relocation), '
             '``{"appoint": office, "player": p, "in": area}`` appoints a plain caballero '
             "to an office stripped in this action (a second relocation), "
             '``{"unseat": p}`` takes a seated caballero off the limit table (1 '
             'relocation), ``{"seat": p}`` seats a caballero standing beside it in an '
             "empty seat (a second relocation); black caballeros are player -1",
             "the next answer of the ``special`` step, after the move's own answer"),
    FollowUp("C10", "choose_option",
             "when a limit-table seat is empty and caballeros of more than one colour "
             "stand beside the table (with one colour it sits at once): inside a special "
             "action after the statement that emptied it, else between the turn's phases "
             "(after a special action, a court or ship move, at a general scoring); the "
             "Inquisitor's holder chooses, else the acting player (after the table moved: "
             "its mover); asked once per empty seat",
             f'an option index into ``options["labels"]``; ``options["{SEAT}"][i]`` is '
             "the colour option i seats (a player index, -1 a black caballero)",
             "the next answer of the ``special`` step (inside the action, or after its "
             "own answers when the seat opens between phases); after a ``court`` or "
             "``ship`` step, a ``follow_up: [answers]`` step"),
    FollowUp("C7", "choose_option",
             "after a 7th-stack card's special action was carried out (not declined), "
             "when its new gold or goods lie where the acting player has a plain "
             "caballero (no office, carrying nothing) or the Viceroy (C6); asked again "
             "after each disc taken",
             f'an option index into ``options["labels"]``: 0 takes no more; option i '
             f'makes ``options["{FRESH}"][i - 1]``, ``{{"take": disc, "in": area}}``: a '
             'caballero there takes that disc (``"office": "viceroy"``: the Viceroy gives '
             "up the office and takes it, C6; these options come last)",
             "the answers of the ``special`` step after the action's own"),
)
