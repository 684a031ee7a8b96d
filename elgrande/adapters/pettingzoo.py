"""El Grande as a PettingZoo AEC environment (extra ``[pettingzoo]``).

    from elgrande.adapters.pettingzoo import env
    e = env(players=4)
    e.reset()                 # a seed from the OS; reset(seed=1) replays game 1
    for agent in e.agent_iter():
        obs, reward, termination, truncation, info = e.last()
        if termination or truncation:
            action = None
        else:
            action = e.action_space(agent).sample(obs["action_mask"])
        e.step(action)

Agents ``player_0`` .. ``player_{n-1}`` (seat order). Observations are dicts:
``observation`` (float32, :class:`elgrande.adapters.stepping.Observer`'s vector of the
agent's view, B8.5a: nothing hidden from it) and ``action_mask`` (int8, the exact mask of
:mod:`elgrande.adapters.actions`). Actions are that module's integers; a decision may take
several actions of the same agent. Secret choices (``secret_region``) are answered one
agent after the other, each blind to the others' choices (AEC has one agent at a time).
``reset(seed=s)`` starts the engine game with seed ``s`` (0 to 2**64-1; all shuffles and
draws follow, B2); without a seed, the game seed is drawn from the generator an earlier
``reset(seed=...)`` seeded, or, if there was none, from the operating system
(:func:`elgrande.play.seeds.draw_seed`): a small seed can be guessed, and with it the hidden
stacks. No observation contains the seed. Rewards come at the end: each winner gets
``1 / (number of winners)``, the others 0.

As PettingZoo's turn-based classic environments do, :func:`env` is :func:`raw_env`
wrapped in PettingZoo's stock wrappers (an illegal action ends the game with reward -1 for
its agent, actions out of bounds are refused, calls out of order are refused);
:func:`raw_env` (and :class:`ElGrandeEnv`) is the bare environment, which raises
``ValueError`` for a masked-out action.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from elgrande.adapters.stepping import Observer, Stepper, start_game
from elgrande.data.kinds import set_names
from elgrande.play.seeds import SEED_MAX, check_seed, draw_seed


class ElGrandeEnv(AECEnv):  # type: ignore[misc]
    """The AEC environment.

    Args:
        players: 2..5; sets: card sets; variant: ``standard``, ``short``, ``six_rounds``;
        fill: an expansion fill (none by default); render_mode: None or ``"ansi"``.
    Raises:
        ValueError: bad players, sets (one string such as ``"base"`` too) or variant (from
        :func:`elgrande.new_game`).
    """

    metadata = {"render_modes": ["ansi"], "name": "el_grande_v0", "is_parallelizable": False}

    def __init__(self, players: int = 4, sets: tuple[str, ...] = ("base",),
                 variant: str = "standard", fill: str = "",
                 render_mode: str | None = None) -> None:
        super().__init__()
        self._config: dict[str, Any] = {"players": players, "sets": set_names(sets),
                                        "variant": variant, "fill": fill}
        probe = start_game(seed=0, **self._config)
        self._observer = Observer(probe)
        n_actions = self._observer.space.size
        self.possible_agents = [f"player_{i}" for i in range(players)]
        self.render_mode = render_mode
        self._obs_spaces = {a: spaces.Dict({
            "observation": spaces.Box(0.0, np.inf, (self._observer.size,), np.float32),
            "action_mask": spaces.Box(0, 1, (n_actions,), np.int8)})
            for a in self.possible_agents}
        self._act_spaces = {a: spaces.Discrete(n_actions) for a in self.possible_agents}
        self._stepper: Stepper | None = None

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The observation space of ``agent`` (the same object every call)."""
        return self._obs_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The action space of ``agent`` (the same object every call)."""
        return self._act_spaces[agent]

    @property
    def stepper(self) -> Stepper:
        """The engine game behind the environment.

        Raises:
            RuntimeError: before :meth:`reset`.
        """
        if self._stepper is None:
            raise RuntimeError("call reset() first")
        return self._stepper

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a game: seed ``seed`` (0 to 2**64-1), else one drawn from the generator
        an earlier ``reset(seed=...)`` seeded, else one from the operating system.

        Raises:
            ValueError: a seed out of range.
        """
        rng: np.random.Generator | None = getattr(self, "_np_rng", None)
        if seed is not None:
            game_seed = check_seed(seed)
            self._np_rng = np.random.default_rng(game_seed)
        elif rng is not None:
            game_seed = int(rng.integers(0, SEED_MAX, dtype=np.uint64, endpoint=True))
        else:
            game_seed = draw_seed()
        self._stepper = Stepper(start_game(seed=game_seed, **self._config),
                                simultaneous=False)
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.agents[self.stepper.to_act()[0]]

    def observe(self, agent: str) -> dict[str, Any]:
        """The agent's observation dict (``observation``, ``action_mask``)."""
        p = self.possible_agents.index(agent)
        s = self.stepper
        mask = np.zeros(self._observer.space.size, np.int8)
        mask[s.legal_actions(p)] = 1
        return {"observation": np.asarray(self._observer.vector(s, p), np.float32),
                "action_mask": mask}

    def step(self, action: Any) -> None:
        """Apply the selected agent's action (None once it is terminated).

        Raises:
            ValueError: a masked-out action. RuntimeError: before :meth:`reset`.
        """
        if self._stepper is None:
            raise RuntimeError("call reset() before step(): there is no game yet")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        s = self.stepper
        s.step(self.possible_agents.index(agent), int(action))
        self._cumulative_rewards[agent] = 0.0
        if s.over:
            for a, r in zip(self.agents, s.returns(), strict=True):
                self.rewards[a] = r
                self.terminations[a] = True
        else:
            self.agent_selection = self.possible_agents[s.to_act()[0]]
        self._accumulate_rewards()

    def render(self) -> str | None:
        """A line of scores (``ansi``), else nothing."""
        if self.render_mode != "ansi" or self._stepper is None:
            return None
        g = self.stepper.game
        return (f"round {g.flow.round}: scores " +
                ", ".join(f"{n} {s}" for n, s in zip(g.names, g.state.scores, strict=True)))

    def close(self) -> None:
        """Nothing to release."""


def raw_env(**kwargs: Any) -> ElGrandeEnv:
    """A new bare :class:`ElGrandeEnv` (keyword arguments as its constructor)."""
    return ElGrandeEnv(**kwargs)


def env(**kwargs: Any) -> AECEnv:
    """A new :class:`ElGrandeEnv` (keyword arguments as its constructor) in PettingZoo's
    stock wrappers, as its classic environments: an illegal action ends the game (reward
    -1 for the agent), out-of-bounds actions and calls out of order are refused."""
    e: AECEnv = wrappers.TerminateIllegalWrapper(raw_env(**kwargs), illegal_reward=-1)
    e = wrappers.AssertOutOfBoundsWrapper(e)
    return wrappers.OrderEnforcingWrapper(e)
