"""C3: a Grande may be moved into a new area (France, the ship, America, the
Mediterranean), never the king's region or the Castillo, while secret discs still show the
mainland regions only; a Grande is no caballero. C4: France holds at most three caballeros,
black ones included, whatever way they come in (placement from court, ship, special
actions' moves and placements, the Grand Inquisitor card's black caballeros), each refusal
citing C4 through the one room rule (:func:`elgrande.rules.colonies.room_left`)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_game_properties import GAMES

from elgrande.engine.decisions import Decision
from elgrande.errors import IllegalMove
from elgrande.model.hook_context import HookContext
from elgrande.model.state import NOBODY
from elgrande.play.game import Game, new_game
from elgrande.rules.colonies import _placement_room, room_left, ship_moves
from elgrande.tools.board_svg import board_svg, public_view
from elgrande.tools.scenario import setup_case

SETS = ["base", "colonies"]
AREAS = ["france", "ship", "america", "mediterranean"]


def _case(position: dict[str, Any], sets: list[str] | None = None) -> Any:
    data: dict[str, Any] = {
        "id": "T", "title": "t", "rules": ["C3", "C4"], "sets": sets or SETS,
        "players": ["red", "blue", "yellow"],
        "position": {"king": "galicia",
                     "grandes": {"red": "catalonia", "blue": "granada", "yellow": "seville"},
                     **position},
        "do": [], "expect": {}}
    return setup_case(data)


def _begin(case: Any, card: str, actor: int = 0) -> tuple[Any, Decision | None]:
    interp = case.engine.interpreter
    run = interp.begin(card, actor)
    return run, interp.advance(case.state, run, [])


def _france(case: Any) -> int:
    return int(case.board.index["france"])


def _in_france(case: Any) -> int:
    i = _france(case)
    return sum(case.state.caballeros[i]) + case.state.neutral[i]


# -- C3: the Grande ------------------------------------------------------------------------------
def test_c3_move_your_grande_offers_every_new_area_but_not_the_kings_region() -> None:
    case = _case({"king": "france"})
    run, d = _begin(case, "move-your-grande")
    assert d is not None and d.kind == "choose_region"
    legal = d.legal_answers(0)
    assert legal is not None
    assert {"ship", "america", "mediterranean"} <= set(legal)
    assert "france" not in legal and "castillo" not in legal and "catalonia" not in legal
    with pytest.raises(IllegalMove) as exc:
        d.check("france", 0)
    assert exc.value.rule == "B5.2"
    rng = random.Random(3)
    assert all(d.random_answer(rng, 0) in legal for _ in range(50))
    case.engine.interpreter.answer(case.state, run, 0, "mediterranean")
    assert case.state.grandes[0] == case.board.index["mediterranean"]


def test_c3_base_game_move_your_grande_still_offers_the_mainland_only() -> None:
    case = _case({}, sets=["base"])
    _run, d = _begin(case, "move-your-grande")
    assert d is not None
    legal = d.legal_answers(0)
    assert legal is not None and len(legal) == 7   # 9 regions less the king's and its own
    assert all(case.board.is_region(case.board.index[r]) for r in legal)


def test_c3_a_grande_in_a_new_area_moves_on_to_another() -> None:
    case = _case({"grandes": {"red": "america", "blue": "granada", "yellow": "seville"}})
    run, d = _begin(case, "move-your-grande")
    assert d is not None and "america" not in d.legal_answers(0)    # it must move
    case.engine.interpreter.answer(case.state, run, 0, "ship")
    assert case.state.grandes[0] == case.board.index["ship"]


def test_c3_a_grande_in_france_takes_no_place_and_stays_when_caballeros_leave() -> None:
    case = _case({"king": "catalonia", "france": ["blue", "yellow"],
                  "grandes": {"red": "france", "blue": "granada", "yellow": "seville"}})
    assert _placement_room(HookContext(case.state, case.board, [], 0), {})["france"][0] == 1
    case = _case({"france": ["red", "red"],
                  "grandes": {"red": "france", "blue": "granada", "yellow": "seville"}})
    run, d = _begin(case, "intrigue-move-own-from-one-region")
    assert d is not None
    case.engine.interpreter.answer(case.state, run, 0,
                                   [{"from": "france", "to": "aragon", "n": 2}])
    assert case.state.grandes[0] == _france(case) and _in_france(case) == 0


def test_c3_own_grande_denotes_the_new_area_it_stands_in() -> None:
    from elgrande.dsl import ast
    from elgrande.engine.context import Ctx, Run
    from elgrande.engine.regions import regions
    case = _case({"grandes": {"red": "ship", "blue": "granada", "yellow": "seville"}})
    ctx = Ctx(case.state, case.board, Run(card="t", actor=0, frames=[]), 0,
              rules=case.engine.rules)
    assert regions(ctx, ast.OwnGrande()) == [case.board.index["ship"]]


def test_c3_grande_bonus_in_america_needs_the_majority_without_the_viceroy() -> None:
    from elgrande.model.scoring import score_region
    case = _case({"grandes": {"red": "america", "blue": "granada", "yellow": "seville"},
                  "america": {"viceroy": "red", "others": {"red": 2, "blue": 1}}})
    result = score_region(case.state, case.board, case.board.index["america"],
                          rules=case.engine.rules)
    red = next(ln for ln in result.lines if ln.participant == 0)
    assert ("grande", 2) in red.bonuses and ("Viceroy", 5) in red.bonuses


def test_c13_conspiracy_moves_a_grande_out_of_a_new_area_to_the_disc_region() -> None:
    from elgrande.model.hook_context import HookContext
    case = _case({"grandes": {"red": "america", "blue": "granada", "yellow": "seville"}})
    interp = case.engine.interpreter  # the card's script keeps its trigger (C13)
    assert interp.advance(case.state, interp.begin("conspiracy", 0), []) is None
    discs = [case.board.index["aragon"], case.board.index["basque"],
             case.board.index["valencia"]]
    hooks = HookContext(case.state, case.board, [], -1, case.engine)
    case.engine.rules.castillo_emptied(hooks, discs, [])
    assert not case.state.lasting  # spent: its body is due (the scoring pauses for it)
    assert case.state.grandes[0] == case.board.index["america"]
    assert case.engine.rules.asides(hooks, None) is None  # the pause: the body runs
    assert case.state.grandes[0] == case.board.index["aragon"]


def test_c3_the_board_picture_draws_a_grande_in_a_new_area() -> None:
    game = new_game(3, sets=SETS, fill="provisional", seed=5, logging=False)
    game.state.grandes[1] = game.library.board.index["mediterranean"]
    svg = board_svg(public_view(game), game.library.board)
    assert '<g class="grande" data-place="mediterranean" data-player="1">' in svg


def test_c3_secret_discs_still_show_the_mainland_only() -> None:
    """C3: a Grande may stand in a new area, but the discs never name one (B6.1)."""
    game = new_game(3, sets=SETS, fill="provisional", seed=2, logging=False)
    d = game.pending
    assert d is not None and d.kind == "secret_region"
    for opts in d.options["per_player"].values():
        assert not set(opts) & set(AREAS)


# -- C4: France holds three, black ones included --------------------------------------------------
def test_c4_placement_from_court_counts_the_black_caballero_in_france() -> None:
    case = _case({"king": "catalonia", "france": ["blue", "yellow"],
                  "inquisitor": {"regions": {"france": 1}, "holder": None}})
    assert room_left(case.state, _france(case), 3) == 0
    room = _placement_room(HookContext(case.state, case.board, [], 0), {})
    assert room["france"][:2] == [0, "C4"]


def test_c4_grand_inquisitor_card_cannot_fill_france_past_three() -> None:
    case = _case({"france": ["blue", "yellow"],
                  "inquisitor": {"regions": {"aragon": 2}, "holder": None}})
    run, d = _begin(case, "grand-inquisitor-card")
    assert d is not None and d.kind == "move_caballeros"
    assert d.options["room"]["france"][:2] == [1, "C4"]
    before = case.state.copy()
    with pytest.raises(IllegalMove) as exc:
        case.engine.interpreter.answer(case.state, run, 0,
                                       [{"from": "aragon", "to": "france", "player": NOBODY,
                                         "n": 2}])
    assert exc.value.rule == "C4" and case.state == before
    rng = random.Random(1)
    for _ in range(200):   # the random answer never overfills France
        moves = d.applied(d.random_answer(rng, 0), 0)
        assert sum(n for _s, t, _w, n in moves if t == "france") <= 1
    case.engine.interpreter.answer(case.state, run, 0,
                                   [{"from": "aragon", "to": "france", "player": NOBODY,
                                     "n": 1}])
    assert _in_france(case) == 3 and case.state.neutral[_france(case)] == 1


def test_c4_black_caballeros_into_a_room_that_binds_no_more_than_fits() -> None:
    """Only France open to the black caballeros, with room for one: at most one moves."""
    case = _case({"france": ["blue", "yellow"],
                  "inquisitor": {"regions": {"aragon": 2}, "holder": None}})
    # (a direct check of the decision's bounds: the card's set is every region)
    run, d = _begin(case, "grand-inquisitor-card")
    assert d is not None and d.options["max"] == 2 and d.options["room"]["france"][0] == 1
    case2 = _case({"france": ["blue", "yellow", "red"],
                   "inquisitor": {"regions": {"aragon": 2}, "holder": None}})
    _run, d2 = _begin(case2, "grand-inquisitor-card")
    assert d2 is not None and d2.options["room"]["france"][0] == 0
    with pytest.raises(IllegalMove) as exc:
        d2.check([{"from": "aragon", "to": "france", "player": NOBODY, "n": 1}], 0)
    assert exc.value.rule == "C4"


def test_c4_a_move_of_all_caballeros_into_one_full_place_moves_only_what_fits() -> None:
    """B8.7 as much as possible, C4: an effect moving every caballero of a source into a
    place with room for fewer asks which go, never more than fit."""
    from elgrande.engine.primitives import within_room
    assert within_room({"france": [1, "C4", "x"]}, ["france"], 3, 3) == (1, 1)
    assert within_room({"france": [1, "C4", "x"]}, ["france", "aragon"], 3, 3) == (3, 3)
    assert within_room({"france": [0, "C4", "x"]}, ["france"], 0, 2) == (0, 0)


def test_c4_ship_cannot_sail_into_france_full_with_a_black_caballero() -> None:
    case = _case({"king": "catalonia", "france": ["blue", "yellow"],
                  "inquisitor": {"regions": {"france": 1}, "holder": None},
                  "ship": {"captain": "blue", "others": {"red": 1}}})
    moves = ship_moves(case.engine, case.state, 0)
    assert {"from": "ship", "to": "america", "disc": None} in moves
    assert not [m for m in moves if m.get("to") == "france"]
    case.state.neutral[_france(case)] = 0     # the black caballero gone: France has room
    moves = ship_moves(case.engine, case.state, 0)
    assert {"from": "ship", "to": "france", "disc": None} in moves


def _france_ok(game: Game) -> None:
    b = game.library.board
    i = b.index["france"]
    assert sum(game.state.caballeros[i]) + game.state.neutral[i] <= 3      # C4
    castillo = -1 if "intrigue-king" in game.library.figures else b.castillo  # (I8 may)
    for g in game.state.grandes:                                           # B1.2, C3
        assert g >= 0 and g != castillo


@settings(GAMES, max_examples=8)
@given(players=st.integers(2, 5), seed=st.integers(0, 2**32 - 1),
       answer_seed=st.integers(0, 2**32 - 1))
def test_c3_c4_random_colonies_games_keep_france_to_three_and_grandes_in_play(
        players: int, seed: int, answer_seed: int) -> None:
    """Random answers are always legal (the game accepts each) and never put a fourth
    caballero into France (C4) or a Grande into the Castillo (B1.2)."""
    _play_checked(players, seed, answer_seed)


def _play_checked(players: int, seed: int, answer_seed: int,
                  sets: list[str] | None = None) -> None:
    game = new_game(players, sets=sets or SETS, fill="provisional", seed=seed,
                    logging=False)
    rng = random.Random(answer_seed)
    while game.pending is not None:
        d = game.pending
        game.answer(d.players[0], d.random_answer(rng, d.players[0]))
        _france_ok(game)
    assert game.over


@pytest.mark.parametrize("seed", [87, 99])
def test_c4_seeded_games_that_once_put_a_fourth_caballero_into_france(seed: int) -> None:
    """Two seeded 5-player games whose random answers filled France past three before
    every way in asked the one room rule (C4)."""
    _play_checked(5, seed, seed)


def test_c3_random_colonies_games_move_grandes_into_new_areas() -> None:
    """The new options are offered and taken: over a few seeded random games some Grande
    ends a move in a new area (C3)."""
    seen = False
    for seed in range(12):
        game = new_game(4, sets=SETS, fill="provisional", seed=seed, logging=False)
        b = game.library.board
        areas = {b.index[a] for a in AREAS}
        rng = random.Random(seed)
        while game.pending is not None and not seen:
            d = game.pending
            game.answer(d.players[0], d.random_answer(rng, d.players[0]))
            _france_ok(game)
            seen = any(g in areas for g in game.state.grandes)
        if seen:
            break
    assert seen


# -- C3 with Intrigue & the King (X): the I8/I9 rules about Grandes -------------------------------
BOTH = ["base", "intrigue-king", "colonies"]


def test_c3_i8_card_35_puts_a_grande_from_america_into_the_castillo() -> None:
    case = _case({"grandes": {"red": "aragon", "blue": "america", "yellow": "seville"}},
                 sets=BOTH)
    run, d = _begin(case, "ik-35")
    assert d is not None and d.kind == "choose_player" and 1 in d.options["choices"]
    case.engine.interpreter.answer(case.state, run, 0, 1)
    assert case.state.grandes[1] == case.board.castillo


def test_c3_i8_card_13_moves_a_grande_out_of_france_to_a_mainland_disc_region() -> None:
    """Card 13's secret disc shows the mainland regions only (C3, B6.1); a Grande standing
    in France goes from there to the region on its owner's disc."""
    case = _case({"grandes": {"red": "aragon", "blue": "france", "yellow": "seville"}},
                 sets=BOTH)
    run, d = _begin(case, "ik-13")
    assert d is not None and d.kind == "secret_region"
    for opts in d.options["per_player"].values():
        assert not set(opts) & set(AREAS) and "galicia" not in opts   # nor the king's
    interp = case.engine.interpreter
    d = interp.answer(case.state, run, 1, "basque")
    assert d is not None
    d = interp.answer(case.state, run, 2, "valencia")
    while d is not None:   # each moves their Grande to their disc's region (one choice)
        assert d.kind == "choose_region" and len(d.options["choices"]) == 1
        d = interp.answer(case.state, run, d.players[0], d.options["choices"][0])
    assert case.state.grandes[1] == case.board.index["basque"]
    assert case.state.grandes[2] == case.board.index["valencia"]


@pytest.mark.parametrize("players, seed", [(3, 11), (5, 12)])
def test_c4_random_combined_games_keep_france_to_three(players: int, seed: int) -> None:
    """X: with both expansions every way into France keeps to C4's three as well."""
    _play_checked(players, seed, seed, sets=BOTH)


def test_c4_an_effect_moving_all_into_a_france_with_less_room_asks_which_go(
        tmp_path: Any) -> None:
    """B8.7 (as much as possible), C4: a homebrew 'move all own caballeros ... to France'
    with room for one in France asks which one goes, and refuses two citing C4."""
    folder = tmp_path / "hb"
    folder.mkdir()
    (folder / "exodus.yaml").write_text(
        "id: hb-exodus\nset: homebrew\nkind: action\ntitle: Exodus\nstack: 4\ncopies: 1\n"
        "text: \"Exodus: all your caballeros go to France.\"\n"
        "effect: |\n  move all own caballeros from regions except king to france\n"
        "rules: [B8.2]\nsource: a test\n", encoding="utf-8")
    data: dict[str, Any] = {
        "id": "T", "title": "t", "rules": ["C4"], "sets": SETS, "cards": [str(folder)],
        "players": ["red", "blue", "yellow"],
        "position": {"king": "galicia", "france": ["blue", "yellow"],
                     "grandes": {"red": "catalonia", "blue": "granada", "yellow": "seville"},
                     "regions": {"aragon": {"red": 2}, "basque": {"red": 1}}},
        "do": [], "expect": {}}
    case = setup_case(data)
    run, d = _begin(case, "hb-exodus")
    assert d is not None and d.kind == "move_caballeros"
    assert (d.options["min"], d.options["max"], d.options["all"]) == (1, 1, False)
    with pytest.raises(IllegalMove) as exc:
        d.check([{"from": "aragon", "to": "france", "n": 2}], 0)
    assert exc.value.rule == "C4"
    case.engine.interpreter.answer(case.state, run, 0,
                                   [{"from": "basque", "to": "france", "n": 1}])
    assert _in_france(case) == 3 and case.state.caballeros[case.board.index["aragon"]][0] == 2
