"""Intrigue & the King's keys of the scenario-case format (``tests/cases/README.md``): the
``bids`` step with card values (I3), the ``take`` step (X2), the ``general_scoring`` step
with where a Grande leaving the Castillo goes (I9), and the expectations ``taken``,
``action_choices`` (I5, X2), ``caballero_cards``, ``king_card`` and ``intrigue_card`` (I4).
Registered through :attr:`elgrande.rules.intrigue_king.MODULE`'s ``scenario`` and read by
the scenario runner only (:mod:`elgrande.tools.scenario`), whose loaded case these steps
take as :class:`Case` (the part of it they use, a protocol: the rules import no tool).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

from elgrande.engine.flow import FlowEngine
from elgrande.engine.scenario_keys import ScenarioKeys
from elgrande.errors import IllegalMove, ScenarioError
from elgrande.model.board import Board
from elgrande.model.state import OFF_BOARD, State
from elgrande.rules import base
from elgrande.rules.intrigue_king.card_play import apply_bid, bid_decision
from elgrande.rules.intrigue_king.cards import awards
from elgrande.rules.intrigue_king.castillo import leaving_asks, leaving_decision, set_leaving
from elgrande.rules.intrigue_king.offer import apply_take, take_decision, taken_card, takes
from elgrande.rules.intrigue_king.special import action_choices


class Case(Protocol):
    """What these scenario keys use of the scenario runner's loaded case
    (:class:`elgrande.tools.scenario.Case`): its id, board, engine, player names, the
    state the steps change, the log and the first player of the round's card play (I3)."""

    id: str
    board: Board
    names: list[str]
    state: State
    engine: FlowEngine
    first_bidder: int | None
    log: list[str]

    def player(self, name: Any) -> int:
        """The player index of ``name``.

        Raises:
            ScenarioError: unknown name.
        """

    def place(self, place_id: Any) -> int:
        """The place index of ``place_id``.

        Raises:
            ScenarioError: unknown id.
        """


def _case_general_scoring(case: Case, arg: Any) -> None:
    """The ``general_scoring`` step (B6) with ``grandes: {player: region}``: where a
    Grande leaving the Castillo goes when its owner's disc shows the king's region (I9),
    checked by :func:`leaving_decision`."""
    arg = arg or {}
    discs_by_name = arg.get("discs") or {}
    where = arg.get("grandes") or {}
    if not isinstance(discs_by_name, Mapping) or not isinstance(where, Mapping):
        raise ScenarioError(f"{case.id}: discs and grandes map players to regions")
    discs = [OFF_BOARD] * case.state.players
    for name, region in discs_by_name.items():
        discs[case.player(name)] = case.place(region)
    work = case.state.copy()
    asks = leaving_asks(work, case.board, discs, {})
    for p in asks:
        if case.names[p] not in where:
            raise ScenarioError(f"{case.id}: {case.names[p]}'s disc shows the king's region: "
                                "say where their Grande goes (general_scoring: grandes)")
    for name, region in where.items():
        p = case.player(name)
        if p not in asks:
            raise IllegalMove("I9", f"{name}'s Grande does not leave the Castillo for a region "
                              "of its owner's choice")
        rid = leaving_decision(case.board, work, p).check(region, p)
        set_leaving(work, case.board, p, case.board.index[rid])
    result = base.general_scoring(case.engine, work, discs)
    case.state = work
    case.log.append(result.castillo.describe(case.board, case.names))
    case.log.extend(r.describe(case.board, case.names) for r in result.regions)


# -- scenario steps and expectations ----------------------------------------------------------
def _case_bids(case: Case, arg: Any) -> None:
    """The ``bids`` step with card values (I3): refused whole, nothing played."""
    if not isinstance(arg, Mapping) or not arg:
        raise ScenarioError(f"{case.id}: bids map players to card values, in playing order")
    order = list(arg.items())
    first = case.player(order[0][0])
    work = case.state.copy()
    work.bids = []
    for i, (name, value) in enumerate(order):
        p = case.player(name)
        if i >= work.players:
            raise IllegalMove("I3", f"{name} has already played a card this round")
        d = bid_decision(work, first, i)
        if d.players != [p]:
            raise IllegalMove("I3", f"it is {case.names[d.players[0]]}'s turn to play a "
                              f"card, not {name}'s")
        apply_bid(work, p, int(d.check(value, p)), [])
    case.state = work
    case.first_bidder = first


def _case_take(case: Case, arg: Any) -> None:
    """The ``take`` step ``{player, card, open}`` (X2): the player takes ``card`` (or
    ``none``) from the open action cards ``open`` (default: every card on offer each
    round or dealt from a stack, less those taken); refused whole, nothing changed."""
    if not isinstance(arg, Mapping) or "player" not in arg or "card" not in arg:
        raise ScenarioError(f"{case.id}: take needs a player and a card")
    lib = case.engine.lib
    p = case.player(arg["player"])
    open_ = arg.get("open")
    if open_ is None:
        open_ = [c.id for role in (base.STANDING, "stack") for c in lib.of_role(role)]
    offer = [str(c) for c in open_ if str(c) not in {t[1] for t in takes(case.state)}]
    d = take_decision(lib, case.state, offer, p)
    card = d.check(arg["card"], p)
    work = case.state.copy()
    apply_take(lib, work, offer, [-1] * len(offer), p, str(card), [])
    case.state = work


def _case_step(case: Case, name: str) -> Any:
    return {"bids": _case_bids, "general_scoring": _case_general_scoring,
            "take": _case_take}.get(name)


def _case_expect(case: Case, key: str, value: Any, before: State) -> list[str] | None:
    if key == "taken":  # X2: player -> the card taken this round (none: '')
        want_t = {n: str(v or "") for n, v in (value or {}).items()}
        got_t = {n: taken_card(case.state, case.player(n)) for n in want_t}
        return [] if got_t == want_t else [f"taken: expected {want_t}, got {got_t}"]
    if key == "action_choices":  # I5, X2: player -> the cards whose action they may choose
        want_c = {n: [str(c) for c in v] for n, v in (value or {}).items()}
        got_c = {n: action_choices(case.engine.lib, case.state, case.player(n))
                 for n in want_c}
        return [] if got_c == want_c else [f"action choices: expected {want_c}, got {got_c}"]
    if key not in ("caballero_cards", "king_card", "intrigue_card"):
        return None
    a = awards(case.engine.lib, case.state)
    if key == "caballero_cards":
        want = {case.player(n): int(v) for n, v in (value or {}).items()}
        got = {p: a.caballero.get(p, 0) for p in want}
        return [] if got == want else [f"Caballero cards: expected {value}, got "
                                       f"{ {case.names[p]: n for p, n in got.items()} }"]
    holder = a.king if key == "king_card" else a.intrigue
    what = "King card" if key == "king_card" else "Intrigue card"
    return [] if case.names[holder] == value else [
        f"{what}: expected {value}, got {case.names[holder]}"]


#: Intrigue & the King's scenario-case keys.
SCENARIO = ScenarioKeys(step=_case_step, expect=_case_expect)
