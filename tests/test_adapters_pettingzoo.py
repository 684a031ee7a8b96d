"""The PettingZoo adapter passes PettingZoo's own api_test and seed_test (2-5 players) and
plays whole games with masked random actions. Skipped when the extra ``[pettingzoo]`` is
not installed."""

from __future__ import annotations

import warnings

import pytest

pytest.importorskip(
    "pettingzoo",
    reason="the [pettingzoo] extra is not installed (pip install 'elgrande[pettingzoo]')")

from pettingzoo.test import api_test, seed_test  # noqa: E402
from pettingzoo.utils.wrappers import OrderEnforcingWrapper  # noqa: E402

from elgrande.adapters.pettingzoo import ElGrandeEnv, env, raw_env  # noqa: E402


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_pettingzoo_api_test_and_seed_test_pass(players: int) -> None:
    """PettingZoo's api_test and seed_test (Dict observations with action_mask)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)  # "use a Box or Discrete" advice
        api_test(ElGrandeEnv(players=players, variant="six_rounds"), num_cycles=60,
                 verbose_progress=False)
    seed_test(lambda: ElGrandeEnv(players=players, variant="six_rounds"), num_cycles=30)


def test_pettingzoo_masked_random_play_finishes_with_shared_victory_rewards() -> None:
    """A whole game through the AEC loop; rewards at the end sum to 1 (a tie shares)."""
    e = env(players=2, variant="six_rounds")
    e.reset(seed=5)
    for i, a in enumerate(e.possible_agents):
        e.action_space(a).seed(i)
    total = {a: 0.0 for a in e.possible_agents}
    steps = 0
    for agent in e.agent_iter():
        obs, reward, termination, truncation, _ = e.last()
        total[agent] += reward
        if termination or truncation:
            e.step(None)
            continue
        assert obs["action_mask"].sum() >= 1
        e.step(e.action_space(agent).sample(obs["action_mask"]))
        steps += 1
    assert steps > 6 * 2 * 3  # six rounds, two players, at least bid, card and DONE
    assert sum(total.values()) == pytest.approx(1.0)
    assert e.stepper.over


def test_pettingzoo_env_is_raw_env_in_the_stock_wrappers_and_passes_api_test() -> None:
    """As PettingZoo's classic environments: ``env`` wrapped, ``raw_env`` bare."""
    wrapped = env(players=3, variant="six_rounds")
    assert isinstance(wrapped, OrderEnforcingWrapper)
    assert isinstance(wrapped.unwrapped, ElGrandeEnv)
    assert type(raw_env(players=3)) is ElGrandeEnv
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        api_test(wrapped, num_cycles=30, verbose_progress=False)


def test_pettingzoo_step_before_reset_says_to_reset_first() -> None:
    e = raw_env(players=2)
    with pytest.raises(RuntimeError, match=r"reset\(\) before step\(\)"):
        e.step(0)


def test_B2_pettingzoo_reset_without_a_seed_draws_one_that_no_observation_shows() -> None:
    """reset() with no seed ever given: a seed from the operating system (64 bits), in no
    observation; reset(seed=s) plays game s, and later resets follow from s."""
    a, b = raw_env(players=2), raw_env(players=2)
    a.reset()
    b.reset()
    sa, sb = a.stepper.game.header["seed"], b.stepper.game.header["seed"]
    assert sa != sb and min(sa, sb) > 2**32
    obs = a.observe(a.agent_selection)
    assert not any(float(sa) == x for x in obs["observation"])
    a.reset(seed=7)
    assert a.stepper.game.header["seed"] == 7
    a.reset()
    b.reset(seed=7)
    b.reset()
    assert a.stepper.game.header["seed"] == b.stepper.game.header["seed"]


def test_pettingzoo_sets_as_one_string_is_refused() -> None:
    with pytest.raises(ValueError, match="not the string 'base'"):
        ElGrandeEnv(players=2, sets="base")  # type: ignore[arg-type]
