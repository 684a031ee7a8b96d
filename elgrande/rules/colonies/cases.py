"""The Colonies' keys of the scenario-case format (``tests/cases/README.md``): the areas
(``france``, ``ship``, ``america``, ``mediterranean``), ``limit_table``, ``carriers``,
and ``supply`` of a position and of an expectation (C1, C4-C10), and the
``ship`` step (C5). Registered through :attr:`elgrande.rules.colonies.MODULE`'s
``scenario`` and read by the scenario runner only (:mod:`elgrande.tools.scenario`).
"""

from __future__ import annotations

from typing import Any

from elgrande.engine.modules import Events
from elgrande.engine.scenario_keys import ScenarioKeys
from elgrande.errors import IllegalMove, ScenarioError
from elgrande.model.board import Board
from elgrande.model.state import State
from elgrande.rules.colonies.figures import EMPTY, _areas, figures
from elgrande.rules.colonies.offices import OFFICE_KEY
from elgrande.rules.colonies.pieces import own_pieces
from elgrande.rules.colonies.placement import room_left
from elgrande.rules.colonies.ship import SHIP, apply_ship_move, ship_moves


# -- the ship step (C5) ----------------------------------------------------------------------------
def _ship_step(case: Any, arg: Any) -> None:
    """The scenario step ``ship: {player: P, answers: [...]}``: the ship moves of P's turn
    start, answers as the decision's option indices (0 stops) or as mappings of
    :func:`ship_moves` (``{from, to, disc}``, ``{take, in}``; ``"office": id`` for the
    office holder's move or take, C6, C11). A ship step of another player than the last
    one's starts a new turn: nobody has sailed in it yet (C5)."""
    p = case.player(arg.get("player"))
    before = case.state.copy()
    if case.turn_player not in (None, p):  # another player's turn: nobody sailed in it
        own_pieces(case.state, case.board).sailed = None
    try:
        _ship_answers(case, p, arg.get("answers") or [])
    except IllegalMove:
        case.state.set_to(before)  # a refused step changes nothing
        raise


def _ship_refusal(state: State, board: Board, move: dict[str, Any]) -> tuple[str, str]:
    """The rule a ship move not on offer breaks: C4 when it sails into a full area (the
    one room rule, :func:`room_left`), else C5; and the reason, for the refusal."""
    to = move.get("to")
    cap = figures(board).capacity.get(to) if isinstance(to, str) else None
    if cap is not None and to in board.index and not room_left(state, board.index[to],
                                                                  int(cap)):
        return "C4", f": {board.places[board.index[to]].name} holds at most {cap} caballeros"
    return "C5", ""


def _ship_answers(case: Any, p: int, answers: list[Any]) -> None:
    events: Events = []
    for ans in answers:
        moves = ship_moves(case.engine, case.state, p)
        if isinstance(ans, int) and not isinstance(ans, bool):
            if ans == 0:
                return
            if not 1 <= ans <= len(moves):
                raise IllegalMove("C5", f"no ship move {ans} (there are {len(moves)})")
            m = moves[ans - 1]
        else:
            want = dict(ans or {})
            if "take" not in want:
                want.setdefault("disc", None)
            if OFFICE_KEY in want and want[OFFICE_KEY] is None:
                del want[OFFICE_KEY]  # a plain caballero: the move naming no office
            match = [x for x in moves if x == want]
            if not match:
                rule, why = _ship_refusal(case.state, case.board, want)
                raise IllegalMove(rule, f"{ans!r} is not a ship move {case.names[p]} may "
                                  f"make now{why}")
            m = match[0]
        apply_ship_move(case.engine, case.state, p, m, events)


# -- scenario cases (tests/cases/README.md, Colonies keys) ----------------------------------------
def _who(case: Any, name: Any) -> int:
    if name is None:
        return EMPTY
    return int(case.player(name))


def _area_spec(case: Any, area: str, value: Any) -> tuple[list[int], dict[str, int],
                                                           dict[str, int]]:
    """A case's area key as (counts per player, office -> holder, free discs): a list
    names caballeros in arrival order (offices in arrival order: C4); a mapping names the
    office holders by office id (``captain``, ``viceroy``), ``others`` and free discs by
    disc id."""
    fig = figures(case.board)
    offices = sorted((o for o in fig.offices if o.area == area), key=lambda o: o.arrival)
    counts = [0] * case.state.players
    held = {o.id: EMPTY for o in offices}
    free: dict[str, int] = {}
    if isinstance(value, list):
        for i, name in enumerate(value):
            if name is None:  # (_who's EMPTY would count for the last seat)
                raise ScenarioError(f"{case.id}: {area} lists players in arrival order: "
                                    f"item {i + 1} names nobody")
            p = _who(case, name)
            counts[p] += 1
            if i < len(offices):
                held[offices[i].id] = p
        return counts, held, free
    if not isinstance(value, dict):
        raise ScenarioError(f"{case.id}: {area} must be a list of players or a mapping")
    discs = {d.id for d in fig.discs}
    for key, v in value.items():
        if key in held:
            held[key] = _who(case, v)
            if held[key] >= 0:
                counts[held[key]] += 1
        elif key == "others":
            for name, n in (v or {}).items():
                counts[_who(case, name)] += int(n)
        elif key in discs:
            free[key] = int(v)
        else:
            raise ScenarioError(f"{case.id}: unknown key {key!r} in {area} (known: "
                                f"{', '.join(sorted([*held, 'others', *discs]))})")
    return counts, held, free


def _default_supply(state: State, board: Board) -> None:
    ext = own_pieces(state, board)
    for d in figures(board).discs:
        out = sum(f.get(d.id, 0) for f in ext.free.values())
        out += sum(1 for c in ext.carriers if c[2] == d.id)
        ext.supply[d.id] = d.supply - out


def _case_position(case: Any, key: str, value: Any) -> bool:
    """Set up the Colonies keys of a case's position: the areas (``france``, ``ship``,
    ``america``, ``mediterranean``), ``limit_table``, ``carriers`` and ``supply``."""
    s, b = case.state, case.board
    ext = own_pieces(s, b)
    if key in _areas(b):
        counts, held, free = _area_spec(case, key, value)
        s.caballeros[b.index[key]] = counts
        ext.offices.update(held)
        ext.free[key] = free
    elif key == "limit_table":
        if not isinstance(value, dict) or "region" not in value:
            raise ScenarioError(f"{case.id}: limit_table needs a region")
        table = ext.table
        table.region = str(b.place_id(case.place(value["region"])))
        table.seats = int(value.get("seats", table.seats))
        table.seated = [0] * s.players
        for name, n in (value.get("seated") or {}).items():
            table.seated[_who(case, name)] = int(n)
        table.black = int(value.get("black", 0))
    elif key == "carriers":
        ext.carriers = [[str(b.place_id(case.place(a))), _who(case, name), str(d)]
                           for name, by_area in (value or {}).items()
                           for a, d in (by_area or {}).items()]
    elif key == "supply":
        ext.supply.update({str(k): int(v) for k, v in (value or {}).items()})
        return True
    else:
        return False
    _default_supply(s, b)
    return True


def _case_expect(case: Any, key: str, value: Any, before: State) -> list[str] | None:
    """Compare a Colonies expectation key with the state after the steps."""
    s, b = case.state, case.board
    ext = own_pieces(s, b)
    if key in _areas(b):
        counts, held, free = _area_spec(case, key, value)
        got = (s.caballeros[b.index[key]], {k: ext.offices[k] for k in held},
               {k: v for k, v in ext.free.get(key, {}).items() if v})
        want = (counts, held, {k: v for k, v in free.items() if v})
        return [] if got == want else [f"{key}: expected {want}, got {got}"]
    if key == "limit_table":
        t = ext.table
        diffs = []
        if "region" in value and t.region != b.place_id(case.place(value["region"])):
            diffs.append(f"limit table: expected in {value['region']}, got {t.region!r}")
        if "seats" in value and t.seats != int(value["seats"]):
            diffs.append(f"limit table seats: expected {value['seats']}, got {t.seats}")
        if "seated" in value:
            want_seated = [0] * s.players
            for name, n in (value["seated"] or {}).items():
                want_seated[_who(case, name)] = int(n)
            if want_seated != t.seated:
                diffs.append(f"seated: expected {want_seated}, got {t.seated}")
        return diffs
    if key == "carriers":
        want_c = sorted([str(b.place_id(case.place(a))), _who(case, name), str(d)]
                        for name, by_area in (value or {}).items()
                        for a, d in (by_area or {}).items())
        got_c = sorted(ext.carriers)
        return [] if want_c == got_c else [f"carriers: expected {want_c}, got {got_c}"]
    if key == "supply":
        diffs = [f"supply {k}: expected {v}, got {ext.supply.get(k, 0)}"
                 for k, v in (value or {}).items() if ext.supply.get(k, 0) != int(v)]
        return diffs
    return None


def _step(case: Any, name: str) -> Any:
    """The Colonies' own scenario steps: ``ship`` (C5)."""
    return _ship_step if name == SHIP else None


#: The Colonies' scenario-case keys.
SCENARIO = ScenarioKeys(position=_case_position, step=_step, expect=_case_expect)
