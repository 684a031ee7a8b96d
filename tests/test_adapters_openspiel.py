"""The OpenSpiel adapter passes OpenSpiel's own random-simulation test (2-5 players, with
serialisation) and OpenSpiel's MCTS plays it; information states hide what the view hides
(B8.5a). Skipped when the extra ``[openspiel]`` is not installed."""

from __future__ import annotations

import json

import pytest

pyspiel = pytest.importorskip(
    "pyspiel", reason="the [openspiel] extra is not installed (pip install 'elgrande[openspiel]')")

import numpy as np  # noqa: E402
from open_spiel.python.algorithms import evaluate_bots, mcts  # noqa: E402

import elgrande.adapters.openspiel  # noqa: E402, F401 - registers python_el_grande


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_openspiel_random_simulation_test_passes(players: int) -> None:
    """OpenSpiel's random_sim_test (chance, simultaneous secret choices, serialisation)."""
    game = pyspiel.load_game("python_el_grande", {"players": players, "variant": "six_rounds"})
    assert game.num_players() == players
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_openspiel_random_simulation_test_passes_with_sequential_secret_choices() -> None:
    """simultaneous=false: the same game with sequential dynamics."""
    game = pyspiel.load_game("python_el_grande", {"players": 3, "variant": "short",
                                                  "simultaneous": False})
    assert game.get_type().dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_openspiel_mcts_bot_plays_a_game() -> None:
    """OpenSpiel's own MCTSBot (random rollouts, tiny budget) plays a whole game."""
    game = pyspiel.load_game("python_el_grande", {"players": 2, "variant": "six_rounds",
                                                  "simultaneous": False})
    rng = np.random.RandomState(0)
    bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=2,
                       evaluator=mcts.RandomRolloutEvaluator(1, rng), random_state=rng)
    returns = evaluate_bots.evaluate_bots(game.new_initial_state(),
                                          [bot, pyspiel.make_uniform_random_bot(1, 1)], rng)
    assert sorted(returns) in ([0.0, 1.0], [0.5, 0.5])


def _to_simultaneous_node(state: pyspiel.State, rng: np.random.RandomState) -> None:
    while not state.is_simultaneous_node():
        assert not state.is_terminal()
        if state.is_chance_node():
            state.apply_action(7)
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))


def test_secret_discs_are_one_simultaneous_node_and_stay_hidden() -> None:
    """B6.2: at a scoring every player picks a disc region at once; the views (and so the
    information states) show only one's own choice, never the seed or others' hands."""
    game = pyspiel.load_game("python_el_grande", {"players": 3, "variant": "six_rounds"})
    state = game.new_initial_state()
    assert state.is_chance_node() and len(state.chance_outcomes()) == 2**16
    rng = np.random.RandomState(3)
    _to_simultaneous_node(state, rng)
    acting = state.stepper.to_act()
    assert len(acting) > 1
    for p in range(3):
        legal = state.legal_actions(p)
        assert legal and (p in acting or legal == [game.space.done])
    info = state.information_state_string(acting[0])
    view = json.loads(info.split("|")[0])
    assert "seed" not in view["header"]
    assert [h is None for h in view["state"]["hands"]].count(False) == 1
    state.apply_actions([state.legal_actions(p)[0] for p in range(3)])
    assert not state.is_simultaneous_node() or state.stepper.to_act() != acting
    assert len(state.observation_tensor(0)) == game.observation_tensor_size()


@pytest.mark.parametrize("seeds", [0, -5, 2**20 + 1])
def test_openspiel_seeds_out_of_range_are_refused_with_the_range(seeds: int) -> None:
    """``seeds`` counts the chance outcomes (game seeds 0..seeds-1): 1 to 2**20."""
    with pytest.raises(ValueError, match=r"from 1 to 1048576"):
        pyspiel.load_game("python_el_grande", {"players": 2, "seeds": seeds})


def test_openspiel_a_huge_seeds_is_refused_before_pybind11_sees_it() -> None:
    from elgrande.adapters.openspiel import ElGrandeGame

    with pytest.raises(ValueError, match=r"from 1 to 1048576"):
        ElGrandeGame({"players": 2, "seeds": 10**12})


def test_openspiel_a_small_seeds_lists_that_many_outcomes() -> None:
    game = pyspiel.load_game("python_el_grande", {"players": 2, "seeds": 3})
    assert game.max_chance_outcomes() == 3
    assert [a for a, _ in game.new_initial_state().chance_outcomes()] == [0, 1, 2]


def test_openspiel_information_state_tensor_is_as_declared() -> None:
    """provides_information_state_tensor=False, and asking for one says so."""
    game = pyspiel.load_game("python_el_grande", {"players": 2})
    assert not game.get_type().provides_information_state_tensor
    state = game.new_initial_state()
    state.apply_action(4)
    with pytest.raises(ValueError, match="no information state tensor"):
        state.information_state_tensor(0)
    assert state.information_state_string(0) and len(state.observation_tensor(0)) > 0


def test_openspiel_sets_as_one_name_is_that_set() -> None:
    game = pyspiel.load_game("python_el_grande", {"players": 2, "sets": "base"})
    state = game.new_initial_state()
    state.apply_action(1)
    assert state.stepper.game.header["sets"] == ["base"]


def test_I1_B8_5a_information_states_hide_every_kind_declared_secret() -> None:
    """The information record reads the decision kinds' declaration: the others' I1 card
    choices and secret discs read "?", one's own stays."""
    import random
    from types import SimpleNamespace

    from elgrande.adapters.openspiel import information_record
    from elgrande.engine.decisions import secret_kinds
    from elgrande.play.game import new_game

    g = new_game(3, sets=("base", "intrigue-king"), seed=4, fill="provisional",
                 logging=False)
    rng = random.Random(4)
    while g.pending is not None and g.flow.round < 4:
        d = g.pending
        g.answer(d.players[0], d.random_answer(rng, d.players[0]))
    record = information_record(SimpleNamespace(game=g), 0)  # type: ignore[arg-type]
    declared = secret_kinds()
    kinds = {h[1] for h in record}
    assert {"choose_cards", "secret_region"} <= kinds
    for (p, kind, shown), h in zip(record, g.history, strict=True):
        if kind in declared:
            assert shown == (h["answer"] if p == 0 else "?")
        else:
            assert shown == h["answer"]
