"""The game facade: a rules-checked game of El Grande driven through pending decisions.

    game = new_game(["ana", "ben", "cy", "di"], seed=1)
    while game.pending is not None:
        d = game.pending
        game.answer(d.players[0], d.random_answer(rng))
    print(game.state.scores)

An answer is checked before anything changes: a refused one raises
:class:`~elgrande.errors.IllegalMove` (with its rule id) and leaves the game exactly as it
was. ``copy()``, ``to_json()``/``from_json()`` work at every decision point, in the
middle of a special action too.
"""

from __future__ import annotations

import copy as _copy
import random
import re
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from elgrande import __version__
from elgrande.data.fingerprint import library_fingerprint
from elgrande.data.library import Library, load_library
from elgrande.data.saved import check_saved
from elgrande.engine.decisions import Decision, check_seat, plain_answer
from elgrande.engine.flow import DISCS, OVER, Flow, FlowEngine, setup
from elgrande.errors import IllegalMove
from elgrande.model.state import State
from elgrande.narrate import story

_PLAYER = re.compile(r"\bplayer (\d+)")


class Game:
    """A game in progress.

    Attributes:
        library: board and cards; names: player names by index; state: the pieces;
        flow: rounds and turns; log: what happened, in plain words (if ``logging``);
        history: every accepted answer ``{"player", "kind", "answer"}`` (a game record);
        header: the record header (sets, players, variant, seed, errata, engine version).
    """

    def __init__(self, library: Library, names: list[str], state: State, flow: Flow,
                 header: dict[str, Any], logging: bool = True) -> None:
        self.library = library
        self.names = names
        self.state = state
        self.flow = flow
        self.header = header
        self.log: list[str] = []
        self.history: list[dict[str, Any]] = []
        self.logging = logging
        self._engine = FlowEngine(library)
        self._titles = {c.id: c.title for c in library.cards.cards.values()}

    # -- decisions --
    @property
    def pending(self) -> Decision | None:
        """The decision waiting for an answer, or None when the game is over."""
        return self.flow.pending

    @property
    def over(self) -> bool:
        """True after the last scoring (B3.6, B7.1)."""
        return self.flow.phase == OVER

    def answer(self, player: int, answer: Any) -> list[dict[str, Any]]:
        """Give ``player``'s answer (form: see :mod:`elgrande.engine.decisions`).

        Returns:
            The events this answer caused, in order, as plain dicts (``{"event": "score",
            ...}``; scorings carry their structured result): what the log narrates, for
            tools that tally points by source.
        Raises:
            IllegalMove: refused, with the rule id; the game is unchanged.
        """
        d = self.flow.pending
        if d is None:
            raise IllegalMove("B7.1", "the game is over")
        check_seat(player)  # a seat is an int, never True or 1.0 (issue 9)
        answer = plain_answer(answer, d.rule or "B4.4")  # what the history keeps: a copy
        kind = d.kind
        events: list[dict[str, Any]] = []
        try:
            self._engine.answer(self.state, self.flow, player, answer, events)
        except IllegalMove as exc:  # the engine counts seats; a player reads names
            raise IllegalMove(exc.rule, _PLAYER.sub(self._seat_name, exc.message)) from None
        self.history.append({"player": player, "kind": kind, "answer": answer})
        self._narrate(events)
        return events

    def _seat_name(self, m: re.Match[str]) -> str:
        p = int(m.group(1))
        return self.names[p] if 0 <= p < len(self.names) else m.group(0)

    def _narrate(self, events: list[dict[str, Any]]) -> None:
        if not self.logging:
            return
        self.log.extend(story(events, self.library.board, self.names, self._titles,
                              self.state, self.log[-1] if self.log else ""))

    # -- results --
    def winners(self) -> list[int]:
        """The players with the most points (a tie is a shared victory, DATA.md)."""
        top = max(self.state.scores)
        return [p for p, s in enumerate(self.state.scores) if s == top]

    # -- copies and JSON --
    def copy(self) -> Game:
        """An independent copy (the library is shared: it is read-only)."""
        g = Game(self.library, self.names[:], self.state.copy(), self.flow.copy(),
                 dict(self.header), self.logging)
        g.log = self.log[:]
        g.history = _copy.deepcopy(self.history)
        return g

    def to_json(self) -> dict[str, Any]:
        """The whole game as plain data (JSON-able), sharing no list with the game."""
        return {"header": _copy.deepcopy(self.header), "names": self.names[:],
                "state": self.state.to_json(), "flow": self.flow.to_json(),
                "history": _copy.deepcopy(self.history), "log": self.log[:]}

    @classmethod
    def from_json(cls, data: dict[str, Any], logging: bool = True) -> Game:
        """Rebuild a game written by :meth:`to_json` (loads the library it names); the
        game shares nothing with ``data``.

        Raises:
            SavedGameError: bad data, naming the bad field (:mod:`elgrande.data.saved`).
        """
        lib, data = check_saved(data)
        h = data["header"]
        g = cls(lib, data["names"], State.from_json(data["state"]),
                Flow.from_json(data["flow"]), h, logging)
        g.history = data["history"]
        g.log = data["log"]
        return g

    # -- hidden information (B8.5a) --
    def view(self, player: int) -> dict[str, Any]:
        """What ``player`` may see (B8.5a), as JSON-able data.

        Hidden: the other players' hands (``None``; their discards are public), the order
        of the action stacks (each stack's cards are given sorted), and every secret
        choice not yet revealed except the player's own. Keys: ``player``, ``names``,
        ``header``, ``state``, ``flow`` (with the hidden parts removed), ``pending`` (the
        decision if this player must answer it, else None).
        """
        st = self.state.to_json()
        st["hands"] = [h if p == player else None for p, h in enumerate(st["hands"])]
        fl = self.flow.to_json()
        fl["stacks"] = [sorted(s) for s in fl["stacks"]]
        mine = str(player)
        fl["secret"] = {k: v for k, v in fl["secret"].items() if k == mine}
        if fl["run"] is not None:
            fl["run"]["secret"] = {k: v for k, v in fl["run"]["secret"].items() if k == mine}
        pending = self.flow.pending
        return {"player": player, "names": self.names[:], "header": dict(self.header),
                "state": st, "flow": fl,
                "pending": pending.to_json() if pending and player in pending.players
                else None}

    @classmethod
    def from_view(cls, view: dict[str, Any], rng: random.Random) -> Game:
        """A game consistent with what ``view`` shows, the hidden parts drawn at random
        (stack order shuffled, others' unrevealed secret choices drawn from their
        options; hands follow from the public discards). For bots that search: it uses
        nothing the viewing player may not see.
        """
        h = view["header"]
        lib = load_library(h["sets"], h.get("errata", ()), h.get("cards", ()))
        st = dict(view["state"])
        full = sorted(lib.board.power_cards)
        st["hands"] = [hand if hand is not None else
                       [v for v in full if v not in st["discards"][p]]
                       for p, hand in enumerate(st["hands"])]
        state = State.from_json(st)
        flow = Flow.from_json(view["flow"])
        for stack in flow.stacks:
            rng.shuffle(stack)
        me = str(view["player"])
        if flow.phase == DISCS:
            opts = [lib.board.place_id(r) for r in lib.board.regions]
            answered = set(range(state.players))
            if flow.pending is not None:
                answered -= set(flow.pending.players)
            for p in answered:
                if str(p) != me:
                    flow.secret[str(p)] = rng.choice(opts)
        run = flow.run
        if run is not None and run.pending is not None and run.pending.kind == "secret_region":
            per = run.pending.options["per_player"]
            for p, opts in per.items():
                if p != me and int(p) not in run.pending.players:
                    run.secret[p] = rng.choice(opts)
        g = cls(lib, list(view["names"]), state, flow, dict(h), logging=False)
        return g


def new_game(players: int | Sequence[str], sets: Iterable[str] = ("base",), seed: int = 0,
             variant: str = "standard", errata: Iterable[str] = (),
             cards: Sequence[str] = (), start_player: int | None = None,
             logging: bool = True) -> Game:
    """Start a game (B2 setup with seeded shuffles) and run to the first decision.

    Args:
        players: a count (2..5; names become ``p1``..) or a list of names in seat order.
        sets: card sets (``("base",)``).
        seed: shuffle seed: the same seed and answers give the same game.
        variant: ``"standard"``, ``"short"`` (rounds 2,3,5,6,8,9) or ``"six_rounds"``
            (B3.7).
        errata: ids of optional errata to switch on.
        cards: extra (homebrew) card folders.
        start_player: who plays the first power card (default: drawn from the seed).
        logging: keep ``game.log`` in words (turn off for fast simulation).
    Raises:
        ValueError: bad player count or variant. CardError: bad card data.
    """
    names = ([f"p{i + 1}" for i in range(players)] if isinstance(players, int)
             else [str(n) for n in players])
    sets = tuple(sets)
    lib = load_library(sets, errata, cards)
    state, flow, events = setup(lib, len(names), seed, variant, start_player)
    header = {"elgrande": __version__, "sets": list(sets), "players": names,
              "variant": variant, "seed": seed, "errata": sorted(errata),
              "cards": [str(Path(c).resolve()) for c in cards],
              "start_player": flow.first_bidder, "fill": None,
              "hashes": library_fingerprint(lib, cards)}  # what the record replays
    g = Game(lib, names, state, flow, header, logging)
    more: list[dict[str, Any]] = []
    g._engine.advance(g.state, g.flow, more)
    g._narrate(events + more)
    return g


def play_random(game: Game, rng: random.Random) -> Game:
    """Answer every decision at random until the game ends (a playout)."""
    while game.flow.pending is not None:
        d = game.flow.pending
        p = d.players[0]
        game.answer(p, d.random_answer(rng, p))
    return game
