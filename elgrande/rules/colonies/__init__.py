"""Grand Inquisitor & the Colonies as a rules module (C1-C13).

The module keeps its own pieces in ``state.ext["colonies"]`` (a :class:`Pieces`, written as
plain data in JSON; see :func:`pieces`): the offices of the new areas (Ambassador, Envoy,
Captain, Viceroy: C4-C6), the limit table and who sits at it (C10), the free gold and
goods discs lying in the areas, the carriers and the supply (C7). Every figure (office
points, seats, disc values, the areas the king may enter) comes from the set manifest
(``cards/colonies/set.yaml``, :class:`elgrande.data.expansions.Figures`).

Caballeros in the new areas are ordinary places of the board; the neutral (black)
caballeros are ``state.neutral`` and count for ``state.neutral_holder`` (C8) or, unheld,
for nobody (C9: :mod:`elgrande.model.scoring`).

Scoring hooks: ``ranking_counts`` (C10 only seated caballeros count at the limit table; C6
the Viceroy is not counted in America), ``area_bonus`` (C4-C6 office points; C12 first
position only), ``scoring_order`` (C12). ``arrive``/``leave`` keep offices and seats up to
date. The scenario hooks set up and compare the Colonies keys of the case format
(``tests/cases/README.md``; :mod:`.cases`).

Decisions beside the cards' own (each a ``choose_option``, answer: an option index; the
options name what each index does): the ship moves (C5), the holder's extra caballero to
court or board (C8, phase ``inquisitor_bonus``), the seat of a limit-table vacancy
(``seat_colours``: the Inquisitor's holder, else the acting player, or the table's mover;
C8, C10), the Castillo's arrivals at the table (``castillo_seat_colours``, the holder; C10),
the new discs the acting player may take at once (``fresh_takes``, C7) and a move's unused
relocations in place (``relocations``, C11). They are asides (hook ``aside``), asked at
once: inside a special action between two statements, elsewhere between phases.
A decision is asked only when there is a real choice.

Which caballeros leave is the mover's choice (C10, C11): a move entry may name a seated or
a standing caballero at the limit table, an office holder or a plain one in France, on the
ship or in America (hooks ``move_which`` and ``leaving``; a send's parts and ship moves
likewise); the Viceroy
may give up the office to take a disc (C6). Interpretations [decision], named so they can be
changed: a move entry naming none takes plain caballeros before carriers and officers, and
standing ones before seated ones (the order before answers could say); an effect
of another player that may send caballeros to the Castillo does not move the owner's
carriers at all (C7); a carrier moved into France or the Castillo drops its disc (C7); an
office stripped by a relocation may be filled by appointment in the same action (C11).

Files, one per mechanic (each opens with the rule ids it implements): :mod:`.figures` (the
manifest's figures and the board's geometry), :mod:`.pieces` (``state.ext["colonies"]``),
:mod:`.offices` (offices and seats as caballeros come and go, C4-C6, C10),
:mod:`.limit_table` (C10), :mod:`.relocations` (C11), :mod:`.placement` (C3-C6),
:mod:`.scoring` (C4-C6, C10, C12), :mod:`.setup` (C2), :mod:`.ship` and
:mod:`.ship_labels` (C5-C7), :mod:`.discs` (C7), :mod:`.castillo` (C10 at a general
scoring), :mod:`.inquisitor` (C8, C9, C11), :mod:`.cards` (C13), :mod:`.asides` (the side
decisions), :mod:`.summary` (the log), :mod:`.saved` (loading checks), :mod:`.cases` (the
scenario keys). This file only assembles :data:`MODULE` and re-exports the names other
code imports.
"""

from __future__ import annotations

from typing import Any

from elgrande.engine.modules import Phase, RulesModule
from elgrande.model.hook_context import HookContext
from elgrande.rules.colonies.asides import FOLLOW_UPS, _aside, _aside_apply
from elgrande.rules.colonies.cards import _turn_start
from elgrande.rules.colonies.castillo import _DISCS, _castillo_emptied
from elgrande.rules.colonies.discs import FRESH, _movable, _sendable, _special_action_done
from elgrande.rules.colonies.figures import BLACK, EMPTY, NAME, figures, in_play, ship_figures
from elgrande.rules.colonies.inquisitor import (
    BONUS,
    INQUISITOR_MOVERS,
    _bonus_apply,
    _bonus_decide,
    _court_limit,
    _move_black,
    _placement_limit,
    _take_inquisitor,
)
from elgrande.rules.colonies.limit_table import (
    SEAT,
    TABLE_MOVER,
    _move_table,
    seat_decision,
    settle_table,
    standing,
)
from elgrande.rules.colonies.offices import (
    OFFICE_KEY,
    _arrive,
    _leave,
    _leaving,
    _move_which,
    _moved,
)
from elgrande.rules.colonies.pieces import Pieces, Table, own_pieces, pieces
from elgrande.rules.colonies.placement import (
    _grande_places,
    _king_places,
    _placement_refused,
    _placement_room,
    _placement_targets,
    _room_places,
    room_left,
)
from elgrande.rules.colonies.relocations import RELOCATE, _relocated
from elgrande.rules.colonies.scoring import (
    _area_bonus,
    _ranking_counts,
    _scoring_order,
    _scoring_places,
)
from elgrande.rules.colonies.setup import (
    ROUND,
    SETUP_DISC,
    _determinise,
    _setup,
    _setup_disc_apply,
    _setup_disc_decide,
)
from elgrande.rules.colonies.ship import (
    SHIP,
    _ship_apply,
    _ship_decide,
    apply_ship_move,
    ship_moves,
)
from elgrande.rules.colonies.summary import _board_summary, _log_changes

#: What other code imports from the package (the primitives are registered by importing it).
__all__ = [
    'BLACK', 'BONUS', 'EMPTY', 'FOLLOW_UPS', 'FRESH', 'NAME', 'OFFICE_KEY',
    'Pieces', 'RELOCATE', 'ROUND', 'SEAT', 'SETUP_DISC', 'SHIP', 'Table', '_DISCS',
    '_area_bonus', '_arrive', '_aside', '_aside_apply', '_board_summary', '_bonus_apply',
    '_bonus_decide', '_castillo_emptied', '_check_saved', '_court_limit',
    '_determinise', '_grande_places', '_king_places', '_leave', '_leaving', '_log_changes',
    '_movable', '_move_black', '_move_table', '_move_which', '_moved', '_placement_limit',
    '_placement_refused', '_placement_room', '_placement_targets', '_ranking_counts',
    '_relocated', '_scoring_order', '_scoring_places',
    '_sendable', '_setup', '_setup_disc_apply', '_setup_disc_decide', '_ship_apply',
    '_ship_decide', '_special_action_done', '_take_inquisitor', '_turn_start',
    'apply_ship_move', 'figures', 'in_play', 'own_pieces', 'pieces', 'room_left',
    'seat_decision', 'settle_table', 'ship_figures', 'ship_moves', 'standing', 'MODULE',
]



def _check_saved(ctx: HookContext, lib: Any, st: dict[str, Any], fl: dict[str, Any]) -> None:
    """Hook ``check_saved`` (C4-C8, C10): :mod:`.saved`'s check of a saved game being loaded,
    imported on the first load (a game that is not loaded imports none of the checks).

    Raises:
        SavedGameError: naming the bad field.
    """
    from elgrande.rules.colonies.saved import _check_saved as check

    check(ctx, lib, st, fl)


MODULE = RulesModule(
    name=NAME,
    phases=(Phase(SETUP_DISC, _setup_disc_decide, _setup_disc_apply, precedes=ROUND,
                  turn_rule="C2", goes_to=()),
            Phase(SHIP, _ship_decide, _ship_apply, precedes="court", turn_rule="C5",
                  goes_to=()),
            Phase(BONUS, _bonus_decide, _bonus_apply, precedes="court", turn_rule="C8",
                  goes_to=()),
            _DISCS),
    placement_key=(),  # C4-C6: the placement hooks depend on the king's region alone
    hook_places={"placement_room": _room_places},  # C4: the areas with a capacity only
    holder_hooks=("court_limit", "placement_limit"),  # C8: the Inquisitor's holder's turns
    movers={m.kind: m for m in (*INQUISITOR_MOVERS, TABLE_MOVER)},  # C8, C10, C11
    answer_docs=(
        ("move_caballeros", "C10, C11, which caballeros leave: ``\"seated\": true`` a "
         "caballero seated at the limit table (its seat is then refilled as C10 says; "
         "``false``: one standing beside it), ``\"office\": id`` the holder of that office "
         "(``ambassador``, ``envoy``, ``captain``, ``viceroy``; ``null``: a caballero holding "
         "none), e.g. ``{\"from\": \"america\", \"to\": \"ship\", \"player\": 1, "
         "\"office\": \"viceroy\"}``; without the key, standing and plain caballeros leave "
         "first (the later office first)"),
        ("send_caballeros", "C10, C11, which caballeros are sent from France, the ship, "
         "America or the limit table's region: a source's count may be parts naming them as "
         "moves do, e.g. ``{\"america\": [{\"n\": 1, \"office\": \"viceroy\"}, "
         "{\"n\": 1}]}`` or ``{the table's region id: {\"n\": 1, \"seated\": true}}`` (a seat so "
         "opened is refilled as C10 says; an office so left stays empty until an arrival, "
         "C4-C6); a plain count sends standing and plain caballeros first (the later office "
         "first)"),
        ("choose_option", "the ship moves (C5) and the new discs taken at once (C7): an option "
         "index into ``options[\"labels\"]``; the options include the Captain sailing or the "
         "Viceroy boarding rather than a plain caballero (C11) and the Viceroy giving up the "
         "office to take a disc (C6); as a mapping (scenario ``ship`` steps, "
         "``options[\"fresh_takes\"]``): ``{\"from\", \"to\", \"disc\"}`` or ``{\"take\": "
         "disc, \"in\": area}``, with ``\"office\": id`` for the office holder's move or take"),
    ),
    follow_ups=FOLLOW_UPS,
    scenario="elgrande.rules.colonies.cases",
    hooks={
        # turn
        "setup": _setup, "turn_start": _turn_start,
        "special_action_done": _special_action_done,
        # placement
        "court_limit": _court_limit, "placement_limit": _placement_limit,
        "placement_targets": _placement_targets, "placement_refused": _placement_refused,
        "placement_room": _placement_room, "king_places": _king_places,
        "grande_places": _grande_places,
        # movement
        "movable": _movable, "sendable": _sendable, "move_which": _move_which,
        "leaving": _leaving, "leave": _leave, "arrive": _arrive, "moved": _moved,
        "relocated": _relocated,
        # scoring
        "castillo_emptied": _castillo_emptied, "scoring_order": _scoring_order,
        "scoring_places": _scoring_places, "ranking_counts": _ranking_counts,
        "area_bonus": _area_bonus,
        # view
        "board_summary": _board_summary, "log_changes": _log_changes,
        "determinise": _determinise,
        # saved-game checks
        "check_saved": _check_saved,
        # side decisions
        "aside": _aside, "aside_apply": _aside_apply,
    },
)
