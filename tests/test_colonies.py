"""Grand Inquisitor & the Colonies (C1-C13) in whole games: the setup (C2), the offer of
seven cards, the ship phase (C5), the Inquisitor card (C8), and hypothesis properties over
random Colonies games (conservation with 36 caballeros, refused answers change nothing,
copy/JSON/record replay identical, views hide what they must)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from conftest import examples
from hypothesis import given, settings
from hypothesis import strategies as st
from test_game_properties import GAMES, _bad_answers, answer_randomly
from test_game_properties import _base_invariants as _invariants
from test_game_properties import play as play_game

from elgrande.errors import DataError, IllegalMove
from elgrande.model.state import State
from elgrande.play.game import Game, new_game
from elgrande.play.records import record_lines, replay
from elgrande.play.saved import SavedGameError
from elgrande.rules.colonies import NAME, SETUP_DISC, SHIP, Pieces, figures, pieces, ship_moves

SETS = ("base", "colonies")
FILL = "provisional"
FEW = settings(GAMES, max_examples=examples(6))


def colonies_game(players: int, seed: int) -> Game:
    """A Colonies game with the shipped provisional fill (EXPANSIONS.md 6)."""
    return new_game(players, sets=SETS, fill=FILL, seed=seed, logging=False)


def play(players: int, seed: int, answer_seed: int, before: Any = None) -> Game:
    """Play a random Colonies game to the end, checking the invariants (B1.1 with 36)."""
    return play_game(players, "standard", seed, answer_seed, before=before,
                     game=colonies_game(players, seed), invariants=_invariants)


# -- setup (C2) -----------------------------------------------------------------------------------
@pytest.mark.parametrize("players, seats", [(2, 6), (3, 6), (4, 10), (5, 10)])
def test_c2_setup_black_caballeros_limit_table_discs_and_caballeros(players: int,
                                                                    seats: int) -> None:
    game = colonies_game(players, seed=players)
    s, b = game.state, game.library.board
    ext = s.to_json()["ext"][NAME]  # the plain form
    black = [r for r in b.regions if s.neutral[r]]
    assert len(black) == 2 and all(s.neutral[r] == 2 for r in black)             # C2
    table = b.index[ext["table"]["region"]]
    assert ext["table"]["seats"] == seats                                         # C2, C10
    assert table not in black and table != s.king and table not in s.grandes
    assert ext["free"]["america"] == {"gold": 1}
    assert ext["free"]["mediterranean"] == {"goods": 2}
    assert ext["supply"] == {"gold": 4, "goods": 9}
    for p in range(players):
        assert s.total(p) == 36                                                   # B1.1
        assert (s.provinces[p], s.court[p], s.caballeros[s.grandes[p]][p]) == (25, 9, 2)
    assert s.neutral_holder == -1                                                 # C2
    assert game.flow.phase == SETUP_DISC and game.pending is not None
    assert game.pending.kind == "secret_region" and game.pending.rule == "C2"


def test_c2_setup_disc_places_two_from_court_but_not_in_the_kings_region() -> None:
    game = colonies_game(3, seed=7)
    s, b = game.state, game.library.board
    other = next(r for r in b.regions if r != s.king)
    game.answer(0, b.place_id(s.king))
    game.answer(1, b.place_id(other))
    before = s.caballeros[other][1]
    game.answer(2, b.place_id(other))
    assert s.court[0] == 9                                   # king's region: stay in court
    assert s.court[1] == s.court[2] == 7
    assert s.caballeros[other][1] == before + 2
    assert game.flow.phase != SETUP_DISC


def test_c2_setup_disc_refuses_a_new_area() -> None:
    game = colonies_game(3, seed=7)
    with pytest.raises(IllegalMove) as exc:
        game.answer(0, "france")
    assert exc.value.rule in ("C2", "C3", "B6.1")


def test_c2_seven_cards_on_offer_each_round() -> None:
    game = colonies_game(4, seed=3)
    for p in range(4):
        game.answer(p, game.library.board.place_id(game.state.king))
    offer = game.state.offer
    assert len(offer) == figures(game.library.board).setup["offer"] == 7
    kinds = {game.library.card(c).kind for c in offer}
    assert {"king", "inquisitor", "colonies-action"} <= kinds


# -- the ship phase (C5) ---------------------------------------------------------------------------
def _to_first_turn(game: Game) -> None:
    rng = random.Random(0)
    while game.flow.phase not in (SHIP, "court", "card"):
        d = game.pending
        assert d is not None
        game.answer(d.players[0], d.random_answer(rng, d.players[0]))


def test_c5_ship_phase_runs_before_court_when_a_ship_caballero_can_move() -> None:
    game = colonies_game(3, seed=11)
    s, b = game.state, game.library.board
    for p in range(3):
        s.court[p] -= 1
        s.caballeros[b.index["ship"]][p] += 1
    _to_first_turn(game)
    assert game.flow.phase == SHIP
    d = game.pending
    assert d is not None and d.kind == "choose_option" and d.rule == "C5"
    moves = ship_moves(game._engine, s, d.players[0])
    assert len(d.options["labels"]) == 1 + len(moves)
    assert all(m.get("to") != b.place_id(s.king) for m in moves)                  # B5.2
    with pytest.raises(IllegalMove):
        game.answer(d.players[0], len(moves) + 1)
    game.answer(d.players[0], 0)
    assert game.flow.phase != SHIP


def test_c5_c8_a_ship_phase_with_nothing_to_ask_goes_on_as_resume_would() -> None:
    """C5, C8: no ship move and no Inquisitor: _ship_decide goes on past the bonus phase,
    which would ask nothing, itself: the flow ends where FlowEngine.resume and the bonus
    phase would take it, with the same pieces (the stale bonus choice cleared)."""
    from elgrande.rules.colonies import BONUS, _bonus_decide, _ship_decide

    game = colonies_game(3, seed=11)
    _to_first_turn(game)
    assert game.flow.phase == "court" and game.flow.entering == ""
    engine = game._engine
    short, slow = game.copy(), game.copy()
    for g in (short, slow):
        g.flow.phase, g.flow.entering = SHIP, "court"  # the turn's start (_begin_turn)
        g.state.neutral_holder = -1
        own = g.state.ext[NAME]
        assert isinstance(own, Pieces)
        own.bonus = "court"  # a stale choice: both ways clear it (C8)
    assert _ship_decide(engine, short.state, short.flow, []) is None
    engine.resume(slow.flow)
    assert slow.flow.phase == BONUS
    assert _bonus_decide(engine, slow.state, slow.flow, []) is None
    assert (short.flow.phase, short.flow.entering) == (slow.flow.phase, slow.flow.entering) \
        == ("court", "")
    assert short.state.to_json() == slow.state.to_json()
    assert pieces(short.state).bonus == ""  # type: ignore[union-attr]


# -- whole games (hypothesis) ----------------------------------------------------------------------
players_st = st.integers(2, 5)
seed_st = st.integers(0, 2**32 - 1)


@settings(GAMES, max_examples=examples(10))
@given(players=players_st, seed=seed_st, answer_seed=seed_st)
def test_colonies_games_end_and_conserve_36_caballeros(players: int, seed: int,
                                                       answer_seed: int) -> None:
    """B1.1 (36 with the Colonies), B3.6, B7.1: every random Colonies game ends."""
    game = play(players, seed, answer_seed)
    assert game.over and game.winners()
    assert all(game.state.total(p) == 36 for p in range(players))
    assert sum(game.state.neutral) == game.library.board.neutral_caballeros


def _refuse(game: Game, player: int, answer: Any) -> None:
    before = json.dumps(game.to_json(), sort_keys=True)
    with pytest.raises(IllegalMove) as exc:
        game.answer(player, answer)
    assert exc.value.rule[0] in "BC" and exc.value.message
    assert json.dumps(game.to_json(), sort_keys=True) == before


@FEW
@given(players=players_st, seed=seed_st, answer_seed=seed_st)
def test_colonies_refused_answers_change_nothing(players: int, seed: int,
                                                 answer_seed: int) -> None:
    kinds: set[str] = set()

    def before(game: Game, i: int) -> None:
        d = game.pending
        assert d is not None
        if d.kind in kinds and i % 5:
            return
        p = d.players[0]
        for q in [q for q in (-1, *range(players), players) if q not in d.players][:2]:
            _refuse(game, q, d.random_answer(random.Random(i), p))
        for bad in _bad_answers(game, d, p):
            _refuse(game, p, bad)
        kinds.add(d.kind)

    play(players, seed, answer_seed, before=before)
    assert {"secret_region", "choose_power_card", "choose_action_card"} <= kinds


@FEW
@given(players=players_st, seed=seed_st, answer_seed=seed_st, fork=st.integers(0, 80))
def test_colonies_copy_json_and_record_replay_are_identical(players: int, seed: int,
                                                            answer_seed: int,
                                                            fork: int) -> None:
    shadows: list[Game] = []

    def before(game: Game, i: int) -> None:
        data = json.loads(json.dumps(game.to_json()))
        rebuilt = Game.from_json(data)
        assert rebuilt.to_json() == data
        c = game.copy()
        assert c.to_json() == game.to_json()
        if i == fork:
            shadows.append(rebuilt)

    game = play(players, seed, answer_seed, before=before)
    for s in shadows:
        for h in game.history[len(s.history):]:
            s.answer(h["player"], json.loads(json.dumps(h["answer"])))
        assert s.state.to_json() == game.state.to_json()
    again = replay(record_lines(game), logging=False)
    assert again.state.to_json() == game.state.to_json()
    assert again.flow.to_json() == game.flow.to_json()


@FEW
@given(players=players_st, seed=seed_st, answer_seed=seed_st)
def test_colonies_views_hide_hands_and_setup_discs(players: int, seed: int,
                                                   answer_seed: int) -> None:
    """B8.5a: a view shows the public Colonies pieces and hides others' hands and secret
    (setup) discs."""
    def before(game: Game, i: int) -> None:
        if i % 20 and game.flow.phase != SETUP_DISC:
            return
        for v in range(players):
            view = game.view(v)
            assert set(view["flow"]["secret"]) <= {str(v)}
            assert all(h is None for q, h in enumerate(view["state"]["hands"]) if q != v)
            assert view["state"]["ext"][NAME] == game.state.ext[NAME]

    play(players, seed, answer_seed, before=before)


# -- the pieces' object and its plain form (state.ext["colonies"]) ---------------------------------
def _mid_game(seed: int = 4, answers: int = 150) -> Game:
    return answer_randomly(colonies_game(4, seed), answers, seed)


def test_colonies_pieces_copy_is_independent_of_the_original() -> None:
    """Game.copy and State.copy copy the Colonies pieces: changing every mutable piece of
    the copy (C4-C13) leaves the original and its JSON as they were."""
    game = _mid_game()
    before = json.dumps(game.to_json(), sort_keys=True)
    c = game.copy()
    p = pieces(c.state)
    assert p is not None and p is not pieces(game.state)
    p.offices[next(iter(p.offices))] = 3
    p.table.seated[0] += 5
    p.table.region = "nowhere"
    p.free.setdefault("america", {})["gold"] = 9
    for f in p.free.values():
        f["goods"] = 7
    p.carriers.append(["america", 0, "gold"])
    for car in p.carriers:
        car[1] = 9
    p.supply["gold"] = -4
    p.sailed = {"ship": 3}
    p.open = ["x"]
    assert json.dumps(game.to_json(), sort_keys=True) == before
    assert c.state != game.state


def test_colonies_pieces_read_from_json_are_decoded_once_and_equal() -> None:
    """A state read from JSON holds the plain form until the module first reads it; it
    then holds the same pieces, equal to the plain form, and writes the same JSON."""
    game = _mid_game(seed=6, answers=120)
    data = json.loads(json.dumps(game.to_json()))
    back = Game.from_json(data)
    assert type(back.state.ext[NAME]) is dict
    assert back.state == game.state  # a plain form equals the object
    got = pieces(back.state)
    assert isinstance(got, Pieces) and pieces(back.state) is got
    assert back.to_json() == data


def test_colonies_unknown_piece_in_a_saved_state_is_refused() -> None:
    """A saved game whose Colonies pieces hold a key the module does not know is refused
    when read (the saved-game check replays the position), never half read."""
    game = _mid_game(seed=2, answers=40)
    data = json.loads(json.dumps(game.to_json()))
    data["state"]["ext"][NAME]["treasure"] = 1
    with pytest.raises(SavedGameError):
        Game.from_json(data)
    state = State.from_json(data["state"])
    with pytest.raises(DataError, match="treasure"):
        pieces(state)
