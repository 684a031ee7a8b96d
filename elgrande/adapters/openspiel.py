"""El Grande as an OpenSpiel game: ``pyspiel.load_game("python_el_grande", {...})``.

Importing this module registers the game (extra ``[openspiel]``)::

    import pyspiel
    import elgrande.adapters.openspiel  # registers python_el_grande
    game = pyspiel.load_game("python_el_grande", {"players": 4})

Parameters: ``players`` (2..5, default 4), ``sets`` (card sets joined by ``+``, default
``"base"``), ``variant`` (``standard``, ``short``, ``six_rounds``), ``fill`` (an expansion
fill, default none), ``simultaneous`` (default true), ``seeds`` (chance outcomes of the
first node, 1 to :data:`MAX_SEEDS`, default 2**16).

- **Chance**: the first node chooses the game's seed among ``seeds`` equally likely
  outcomes (game seeds 0 .. seeds-1); every shuffle and draw of the game follows from it
  (B2). No player's information state or observation contains it, but the outcomes are
  public (explicit chance): an algorithm that tries every one and compares its first
  observation finds the seed, and with it the order of every hidden stack (16 bits with
  the default; docs/ai.md says so). Use the engine (:func:`elgrande.new_game` without a
  seed) where hidden information must stay hidden.
- **Actions**: the fixed integer space of :mod:`elgrande.adapters.actions`; a decision
  takes one or more actions of its player (placements one caballero at a time, then DONE).
- **Simultaneous nodes**: a secret disc choice with several players (``secret_region``,
  B6.2, and the special scorings that ask for secret choices) is one simultaneous node:
  each of those players picks at once; the others play DONE (a pass). With
  ``simultaneous=false`` the game's dynamics are sequential and the secret choosers
  answer one after the other, each blind to the others' choices (their information
  states hide them): OpenSpiel algorithms that need sequential games (its MCTS) use that.
- **Information**: ``observation_string`` is the player's view (``game.view(p)`` without
  the seed, plus the player's partial answer) as JSON; ``information_state_string`` adds
  the record of every answer so far, others' unrevealed secret choices as ``"?"``
  (perfect recall of what the player saw); ``observation_tensor`` is
  :class:`elgrande.adapters.stepping.Observer`'s vector. There is no information state
  tensor (no fixed-size vector recalls every answer): ``information_state_tensor`` raises
  ``ValueError``, as ``provides_information_state_tensor=False`` says.
- **Returns**: each winner gets ``1 / (number of winners)``, the others 0 (constant sum 1).
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pyspiel

from elgrande.adapters.stepping import Observer, Stepper, start_game
from elgrande.engine.decisions import answer_as_seen
from elgrande.play.game import Game

SHORT_NAME = "python_el_grande"
#: Chance outcomes (seeds) of the first node, by default and at most (the outcomes are
#: listed, one tuple each).
SEEDS = 2**16
MAX_SEEDS = 2**20
#: An upper bound on the actions of one game (checked by the tests' random games).
MAX_GAME_LENGTH = 6000

_PARAMS: dict[str, Any] = {"players": 4, "sets": "base", "variant": "standard", "fill": "",
                           "simultaneous": True, "seeds": SEEDS}


def _game_type(simultaneous: bool) -> pyspiel.GameType:
    return pyspiel.GameType(
        short_name=SHORT_NAME,
        long_name="El Grande (elgrande rules engine)",
        dynamics=(pyspiel.GameType.Dynamics.SIMULTANEOUS if simultaneous
                  else pyspiel.GameType.Dynamics.SEQUENTIAL),
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.CONSTANT_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=5,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_PARAMS)


def _start(params: dict[str, Any], seed: int) -> Game:
    """A new engine game for the parameters."""
    return start_game(int(params["players"]), [x for x in str(params["sets"]).split("+") if x],
                      seed, str(params["variant"]), str(params["fill"]))


class ElGrandeGame(pyspiel.Game):  # type: ignore[misc]
    """The OpenSpiel game (see the module docstring for the parameters).

    Raises:
        ValueError: bad players, sets, variant or fill (from :func:`elgrande.new_game`);
        ``seeds`` not an integer from 1 to :data:`MAX_SEEDS` (a number beyond a C++
        ``int`` passed through ``pyspiel.load_game`` is refused by OpenSpiel's own
        parameter parsing first).
    """

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        p = dict(_PARAMS)
        p.update(params or {})
        seeds = p["seeds"]
        if isinstance(seeds, bool) or not isinstance(seeds, int) \
                or not 1 <= seeds <= MAX_SEEDS:
            raise ValueError(f"seeds (the chance outcomes of the first node: game seeds 0 to "
                             f"seeds-1) must be an integer from 1 to {MAX_SEEDS} (2**20), "
                             f"not {seeds!r:.40}")
        probe = _start(p, 0)
        self.observer = Observer(probe)
        self.space = self.observer.space
        n = int(p["players"])
        info = pyspiel.GameInfo(num_distinct_actions=self.space.size,
                                max_chance_outcomes=int(p["seeds"]), num_players=n,
                                min_utility=0.0, max_utility=1.0, utility_sum=1.0,
                                max_game_length=MAX_GAME_LENGTH)
        super().__init__(_game_type(bool(p["simultaneous"])), info, p)
        self.params = p

    def new_initial_state(self) -> ElGrandeState:
        """The state before the seed is drawn (a chance node)."""
        return ElGrandeState(self)

    def make_py_observer(self, iig_obs_type: Any = None,
                         params: dict[str, Any] | None = None) -> ElGrandeObserver:
        """The observer for strings and tensors (perfect recall: information states)."""
        return ElGrandeObserver(self, iig_obs_type or pyspiel.IIGObservationType(
            perfect_recall=False))


class _Holder:
    """Holds the stepper; deep-copies by :meth:`Stepper.copy` (the library is shared)."""

    def __init__(self, stepper: Stepper | None) -> None:
        self.stepper = stepper

    def __deepcopy__(self, memo: dict[int, Any]) -> _Holder:
        return _Holder(self.stepper.copy() if self.stepper is not None else None)


class ElGrandeState(pyspiel.State):  # type: ignore[misc]
    """A state of :class:`ElGrandeGame`."""

    def __init__(self, game: ElGrandeGame) -> None:
        super().__init__(game)
        self._params = game.params
        self._space = game.space
        self._held = _Holder(None)

    @property
    def stepper(self) -> Stepper | None:
        """The engine game driven by actions (None before the chance node)."""
        return self._held.stepper

    def current_player(self) -> int:
        """CHANCE before the seed, SIMULTANEOUS at a joint secret choice, TERMINAL at the
        end, else the acting player."""
        s = self.stepper
        if s is None:
            return int(pyspiel.PlayerId.CHANCE)
        if s.over:
            return int(pyspiel.PlayerId.TERMINAL)
        acting = s.to_act()
        return int(pyspiel.PlayerId.SIMULTANEOUS) if len(acting) > 1 else acting[0]

    def _legal_actions(self, player: int) -> list[int]:
        s = self.stepper
        if s is None or s.over:
            return []
        if player in s.to_act():
            return s.legal_actions(player)
        return [self._space.done] if len(s.to_act()) > 1 else []

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The seeds, equally likely."""
        n = int(self._params["seeds"])
        return [(i, 1.0 / n) for i in range(n)]

    def _apply_action(self, action: int) -> None:
        s = self.stepper
        if s is None:
            self._held = _Holder(Stepper(_start(self._params, int(action)),
                                         bool(self._params["simultaneous"])))
            return
        s.step(s.to_act()[0], int(action))

    def _apply_actions(self, actions: list[int]) -> None:
        s = self.stepper
        assert s is not None
        s.step_all({p: int(actions[p]) for p in s.to_act()})

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"seed {action}"
        return self._space.describe(int(action))

    def is_terminal(self) -> bool:
        """True once the game has ended."""
        s = self.stepper
        return s is not None and s.over

    def returns(self) -> list[float]:
        """Shares of the victory (0 for everyone until the end)."""
        s = self.stepper
        if s is None:
            return [0.0] * int(self._params["players"])
        return s.returns()

    def __str__(self) -> str:
        s = self.stepper
        if s is None:
            return "seed not drawn"
        g = s.game
        partial = {str(p): b.actions for p, b in sorted(s.builders.items())}
        return json.dumps({"seed": g.header["seed"], "scores": g.state.scores,
                           "answers": g.history, "partial": partial}, sort_keys=True)


def information_record(stepper: Stepper, player: int) -> list[Any]:
    """Every accepted answer so far as ``player`` saw it: others' answers of a kind
    declared secret (:func:`~elgrande.engine.decisions.answer_as_seen`: secret discs, I1's
    card choice) as ``"?"`` (revealed discs are in the view's state)."""
    out: list[Any] = []
    for h in stepper.game.history:
        seen, _ = answer_as_seen(h["kind"], h["player"], h["answer"], player)
        out.append([h["player"], h["kind"], h["answer"] if seen else "?"])
    return out


class ElGrandeObserver:
    """OpenSpiel's PyObserver: ``tensor``/``dict`` (the observation vector) and strings."""

    def __init__(self, game: ElGrandeGame, iig_obs_type: Any) -> None:
        self.observer = game.observer
        self.perfect_recall = bool(iig_obs_type.perfect_recall)
        self.tensor = np.zeros(self.observer.size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: ElGrandeState, player: int) -> None:
        """Fill ``tensor`` for ``player`` (zeros before the seed is drawn).

        Raises:
            ValueError: for an information state (perfect recall): the game provides no
            information state tensor (``provides_information_state_tensor=False``).
        """
        if self.perfect_recall:
            raise ValueError("python_el_grande provides no information state tensor (no "
                             "fixed-size vector recalls every answer): use "
                             "information_state_string, or observation_tensor")
        s = state.stepper
        if s is None:
            self.tensor.fill(0.0)
        else:
            self.tensor[:] = self.observer.vector(s, player)

    def string_from(self, state: ElGrandeState, player: int) -> str:
        """The view as JSON (with the record of answers for an information state)."""
        s = state.stepper
        if s is None:
            return f"player {player}: seed not drawn"
        text = s.view_string(player)
        if self.perfect_recall:
            text += "|" + json.dumps(information_record(s, player), sort_keys=True)
        return text


pyspiel.register_game(_game_type(True), ElGrandeGame)
