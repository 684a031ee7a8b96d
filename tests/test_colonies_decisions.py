"""The Colonies' decisions beside the cards' own: the limit-table seating (C8, C10: the
Inquisitor's holder, else the acting player, chooses; automatic when there is no real
choice), the holder's extra caballero to court or board (C8), the new discs the acting
player may take at once (C7), and a carrier that others cannot move to the Castillo (C7).
Each with a legal and an illegal answer."""

from __future__ import annotations

import random
from typing import Any

import pytest

from elgrande.engine.decisions import Decision
from elgrande.errors import IllegalMove
from elgrande.model.hook_context import HookContext
from elgrande.model.state import NOBODY
from elgrande.play.game import Game, new_game
from elgrande.rules.colonies import (
    BONUS,
    FRESH,
    NAME,
    RELOCATE,
    SEAT,
    _placement_limit,
    own_pieces,
    pieces,
    seat_decision,
    settle_table,
)
from elgrande.tools.scenario import setup_case

SETS = ("base", "colonies")


def _case(seated: dict[str, int], valencia: dict[str, int], holder: str | None = None) -> Any:
    data: dict[str, Any] = {
        "id": "T", "title": "t", "rules": ["C10"], "sets": list(SETS),
        "players": ["red", "blue", "yellow"],
        "position": {"king": "galicia",
                     "grandes": {"red": "catalonia", "blue": "granada", "yellow": "seville"},
                     "regions": {"valencia": valencia},
                     "limit_table": {"region": "valencia", "seats": 3, "seated": seated}},
        "do": [], "expect": {}}
    if holder is not None:
        data["position"]["inquisitor"] = {"holder": holder}
    return setup_case(data)


def _move_one(case: Any, actor: int) -> tuple[Any, Decision | None]:
    """Carry out 'move own caballeros from one region' for ``actor``: one from Valencia to
    Aragon; return the run and the decision pending after it."""
    interp = case.engine.interpreter
    run = interp.begin("intrigue-move-own-from-one-region", actor)
    d = interp.advance(case.state, run, [])
    assert d is not None and d.kind == "move_caballeros"
    d = interp.answer(case.state, run, actor, [{"from": "valencia", "to": "aragon", "n": 1}])
    if d is not None and RELOCATE in d.options:  # C11: the other caballero stays put
        d = interp.answer(case.state, run, actor, 0)
    return run, d


def test_c10_vacancy_is_chosen_by_the_acting_player_when_nobody_holds_the_inquisitor() -> None:
    case = _case({"red": 2, "blue": 1}, {"red": 2, "blue": 2, "yellow": 1})
    run, d = _move_one(case, actor=0)
    assert d is not None and d.rule == "C10" and d.players == [0]
    assert d.options[SEAT] == [1, 2]                     # the colours standing beside
    table = own_pieces(case.state, case.board).table  # live: changed by the answers below
    assert table.vacant == 1
    before = case.state.copy()
    with pytest.raises(IllegalMove) as exc:
        case.engine.interpreter.answer(case.state, run, 0, 2)
    assert exc.value.rule == "C10" and case.state == before      # refused: nothing changed
    with pytest.raises(IllegalMove):
        case.engine.interpreter.answer(case.state, run, 1, 0)    # not blue's decision
    assert case.engine.interpreter.answer(case.state, run, 0, 0) is None
    assert table.seated == [1, 2, 0] and table.vacant == 0


def test_c8_c10_vacancy_is_chosen_by_the_inquisitors_holder() -> None:
    case = _case({"red": 2, "blue": 1}, {"red": 2, "blue": 2, "yellow": 1}, holder="yellow")
    run, d = _move_one(case, actor=0)
    assert d is not None and d.players == [2]                       # C8: the holder
    case.engine.interpreter.answer(case.state, run, 2, 1)
    assert case.state.to_json()["ext"][NAME]["table"]["seated"] == [1, 1, 1]


def test_c10_no_real_choice_seats_at_once() -> None:
    case = _case({"red": 2, "blue": 1}, {"red": 2, "blue": 3})
    _run, d = _move_one(case, actor=0)
    assert d is None                                     # one colour beside: no decision
    assert case.state.to_json()["ext"][NAME]["table"]["seated"] == [1, 2, 0]


def test_c10_arrivals_do_not_take_a_seat_waiting_for_the_seating_choice() -> None:
    case = _case({"red": 2, "blue": 1}, {"red": 2, "blue": 2, "yellow": 1})
    _run, d = _move_one(case, actor=0)
    s, b = case.state, case.board
    assert d is not None
    r = b.index["valencia"]
    s.neutral[r] += 1
    case.engine.rules.each("arrive", HookContext(s, b, []), r, NOBODY, 1)  # a black one
    assert own_pieces(s, b).table.black == 0  # it stands: the seat is chosen
    d2 = seat_decision(s, b, 0)
    assert d2 is not None and d2.options[SEAT] == [1, 2, NOBODY]


def test_c10_a_court_step_vacancy_is_asked_between_phases() -> None:
    game = _game_at(lambda g: g.flow.phase == "card", seed=5)
    s, b = game.state, game.library.board
    p = game.flow.actor
    t = own_pieces(s, b).table
    r = b.index[t.region]
    q = (p + 1) % s.players
    s.caballeros[r] = [0] * s.players
    s.caballeros[r][p], s.caballeros[r][q] = 1, 1
    s.neutral[r] = 1
    t.seats, t.seated, t.black = 1, [0] * s.players, 0
    t.seated[p] = 1
    s.caballeros[r][p] -= 1
    s.court[p] += 1
    game._engine.rules.each("leave", HookContext(s, b, [], p), r, p, 1)  # as a court step
    assert t.vacant == 1
    game.flow.pending = game._engine.advance(s, game.flow, [])
    d = game.pending
    assert d is not None and d.rule == "C10" and SEAT in d.options
    with pytest.raises(IllegalMove):
        game.answer(d.players[0], 5)
    game.answer(d.players[0], d.options[SEAT].index(NOBODY))
    assert t.black == 1 and t.vacant == 0
    assert game.pending is not None and SEAT not in game.pending.options


def _game_at(stop: Any, seed: int, holder: int | None = None, limit: int = 3000) -> Game:
    """A 3-player Colonies game answered at random until ``stop(game)``."""
    for k in range(20):
        game = new_game(3, sets=SETS, fill="provisional", seed=seed + k, logging=False)
        rng = random.Random(seed + k)
        for _ in range(limit):
            if holder is not None and game.flow.phase != "setup_disc":
                game.state.neutral_holder = holder
            if stop(game):
                return game
            d = game.pending
            assert d is not None
            game.answer(d.players[0], d.random_answer(rng, d.players[0]))
    raise AssertionError("no game reached the position")  # pragma: no cover


def test_c8_holder_chooses_court_or_board_for_the_extra_caballero() -> None:
    game = _game_at(lambda g: g.flow.phase == BONUS, seed=1, holder=0)
    d = game.pending
    assert d is not None and d.rule == "C8" and d.players == [0] and len(d.options["labels"]) == 2
    # a whole question, its labels read as the answers
    assert d.prompt.endswith("where does your extra caballero go this turn?"), d.prompt
    before = game.state.copy()
    with pytest.raises(IllegalMove) as exc:
        game.answer(0, 2)
    assert exc.value.rule == "C8" and game.state == before
    court = game.copy()
    court.answer(0, 0)
    board = game.copy()
    board.answer(0, 1)
    eng = game._engine
    assert court.state.to_json()["ext"][NAME]["bonus"] == "court"
    assert board.state.to_json()["ext"][NAME]["bonus"] == "board"
    assert _placement_limit(HookContext(board.state, eng.board, [], 0, eng), 4) == 5
    assert _placement_limit(HookContext(court.state, eng.board, [], 0, eng), 4) == 4
    if court.flow.phase == "court" and court.pending is not None:
        assert board.pending is not None and board.flow.phase == "court"
        assert court.pending.options["limit"] == board.pending.options["limit"] + 1


def test_c7_the_actor_may_take_new_discs_at_once() -> None:
    game = _game_at(lambda g: g.flow.phase == "card", seed=3)
    s, b = game.state, game.library.board
    p = game.flow.actor
    ext = own_pieces(s, b)
    america = b.index["america"]
    s.caballeros[america][p] += 1
    s.court[p] -= 1
    ext.offices = {k: (v if v != p else -1) for k, v in ext.offices.items()}
    ext.free["america"] = {"gold": 1}
    s.due = True  # as the module does when it sets fresh discs
    ext.fresh = {"player": p, "discs": {"america": {"gold": 1}}}
    game.flow.pending = game._engine.advance(s, game.flow, [])
    d = game.pending
    assert d is not None and d.rule == "C7" and FRESH in d.options and d.players == [p]
    before = s.copy()
    with pytest.raises(IllegalMove):
        game.answer(p, len(d.options["labels"]))
    assert game.state == before
    game.answer(p, 1)
    assert ["america", p, "gold"] in ext.carriers
    assert ext.free["america"].get("gold", 0) == 0 and ext.fresh is None or \
        not ext.fresh["discs"]["america"]
    assert game.pending is not None and FRESH not in game.pending.options


def test_c10_settle_keeps_no_seat_empty_while_caballeros_stand_beside() -> None:
    case = _case({"red": 1}, {"red": 1, "blue": 2})
    settle_table(case.state, case.board)
    assert case.state.to_json()["ext"][NAME]["table"]["seated"] == [1, 2, 0]


def test_colonies_decisions_are_encoded_exactly_by_the_action_space() -> None:
    """B3.4 with the Colonies: the seating (C10), bonus (C8), new-disc (C7) and ship (C5)
    decisions are choose_option decisions the fixed action space encodes exactly; a seeded
    Colonies game's decisions (a sample of the common ones) pass the adapter's checks."""
    from test_adapters_actions import _check_decision

    from elgrande.adapters.actions import ActionSpace

    rng = random.Random(7)
    g = new_game(3, sets=SETS, fill="provisional", seed=7, logging=False)
    space = ActionSpace.for_game(g)
    seen: set[str] = set()
    i = 0
    while g.pending is not None:
        d = g.pending
        ours = d.rule.startswith("C") or d.kind != "choose_option"
        if ours and (d.rule.startswith("C") or i % 9 == 0):
            for p in d.players:
                seen.add(f"{d.rule}:{_check_decision(space, d, p, rng)}")
        i += 1
        g.answer(d.players[0], d.random_answer(rng, d.players[0]))
    assert "C2:exact" in seen or "C2:enumerated" in seen, sorted(seen)
    case = _case({"red": 2, "blue": 1}, {"red": 2, "blue": 2, "yellow": 1})
    _run, d2 = _move_one(case, actor=0)
    assert d2 is not None
    assert _check_decision(ActionSpace.for_board(case.board, 3), d2, 0, rng) == "exact"


def test_c10_the_holder_seats_the_castillo_arrivals_when_they_outnumber_the_free_seats() -> None:
    game = _game_at(lambda g: g.flow.phase == "discs" and not g.flow.secret
                    and (pc := pieces(g.state)) is not None and pc.table.region
                    and g.library.board.index[pc.table.region] != g.state.king, seed=2)
    s, b = game.state, game.library.board
    t = own_pieces(s, b).table
    r = b.index[t.region]
    s.neutral_holder = 2
    for p in range(3):  # keep 36 caballeros each (B1.1): move them via the provinces
        s.provinces[p] += s.caballeros[b.castillo][p] + s.caballeros[r][p]
        s.caballeros[b.castillo][p] = s.caballeros[r][p] = 0
    s.neutral[r] = 0
    s.caballeros[r][0] = 1
    s.provinces[0] -= 1
    t.seats, t.seated, t.black, t.vacant = 2, [1, 0, 0], 0, 0
    for p in (0, 1):
        s.caballeros[b.castillo][p] = 2
        s.provinces[p] -= 2
    for p in range(3):
        game.answer(p, t.region if p < 2 else b.place_id(b.regions[0]) if
                    b.regions[0] != r else b.place_id(b.regions[1]))
    d = game.pending
    assert d is not None and d.rule == "C10" and d.players == [2]
    assert d.options["castillo_seat_colours"] == [0, 1]
    before = s.copy()
    with pytest.raises(IllegalMove) as exc:
        game.answer(2, 2)
    assert exc.value.rule == "C10" and game.state == before
    with pytest.raises(IllegalMove):
        game.answer(0, 0)                                 # not the holder's turn to seat
    game.answer(2, 1)                                     # blue takes the one free seat
    assert t.seated[:2] == [1, 1] and s.caballeros[r][:2] == [3, 2]
    assert own_pieces(s, b).castillo_seating is None and own_pieces(s, b).castillo_chosen is None


def test_c1_a_colonies_position_holds_36_caballeros_per_player_not_37() -> None:
    """C1: six more caballeros per colour (36 in play) and four black ones; a position with
    a 37th caballero is refused."""
    from elgrande.errors import ScenarioError

    case = _case({"red": 1}, {"red": 1})
    assert case.board.caballeros_per_player == 36 and case.board.neutral_caballeros == 4
    assert case.state.total(0) == 36
    data: dict[str, Any] = {
        "id": "T", "title": "t", "rules": ["C1"], "sets": list(SETS), "players": ["red", "blue"],
        "position": {"king": "galicia", "grandes": {"red": "catalonia", "blue": "granada"},
                     "court": {"red": 37}, "provinces": {"red": 0}},
        "do": [], "expect": {}}
    with pytest.raises(ScenarioError, match="conserve"):
        setup_case(data)


def test_c8_c11_black_caballeros_never_go_to_the_provinces_even_for_the_holder() -> None:
    """C8/C11: the black caballeros count as the holder's but an effect sending the
    holder's caballeros to the provinces never takes them."""
    data: dict[str, Any] = {
        "id": "T", "title": "t", "rules": ["C8"], "sets": list(SETS), "players": ["red", "blue"],
        "position": {"king": "galicia", "grandes": {"red": "catalonia", "blue": "granada"},
                     "inquisitor": {"regions": {"aragon": 2}, "holder": "red"},
                     "regions": {"aragon": {"blue": 1}}},
        "do": [], "expect": {}}
    case = setup_case(data)
    interp = case.engine.interpreter
    run = interp.begin("send-one-of-each-player", 1)
    assert interp.advance(case.state, run, []) is None
    aragon = case.board.index["aragon"]
    assert case.state.neutral[aragon] == 2 and case.state.provinces[0] == 36
    run = interp.begin("send-one-of-each-player", 0)          # red's own card: blue's go
    assert interp.advance(case.state, run, []) is None
    assert case.state.caballeros[aragon][1] == 0 and case.state.neutral[aragon] == 2


def test_c8_the_black_caballeros_move_is_asked_in_a_players_words() -> None:
    from elgrande.play.game import new_game
    from elgrande.play.views import pending_decision

    for seed in range(40):
        game = new_game(3, sets=["base", "colonies"], fill="provisional", seed=seed)
        rng = random.Random(seed)
        while game.pending is not None:
            d = game.pending
            if d.rule == "C8" and d.kind == "move_caballeros":
                assert "eposition up to " in d.prompt and "black caballero" in d.prompt
                assert "player" not in d.prompt and "-1" not in d.prompt, d.prompt
                return
            p = d.players[0]
            game.answer(p, pending_decision(game.view(p)).random_answer(rng, p))
    raise AssertionError("no game of 40 moved the black caballeros (C8)")
