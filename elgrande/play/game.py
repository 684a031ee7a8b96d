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

import random
import weakref
from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

from elgrande.data.kinds import set_names
from elgrande.data.library import (
    Library,
    library_fingerprint,
    load_library,
    provisional_header,
    provisional_log,
)
from elgrande.engine.decisions import (
    KINDS,
    MAX_INT,
    MIN_INT,
    SMALL_INT,
    Decision,
    check_seat,
    plain_answer,
)
from elgrande.engine.draws import draw_key
from elgrande.engine.flow import Flow, FlowEngine, engine_for, setup
from elgrande.engine.modules import OVER
from elgrande.errors import IllegalMove
from elgrande.files import VERSION as __version__
from elgrande.model.blank import blank, pure
from elgrande.model.board import Board
from elgrande.model.hook_context import HookContext
from elgrande.model.serial import to_plain
from elgrande.model.state import State
from elgrande.play.chronicle import Chronicle, Trail
from elgrande.play.narrate import Labels
from elgrande.play.seeds import check_seed, draw_seed
from elgrande.play.words import CardTitles, card_label, in_words

if TYPE_CHECKING:  # imported on a lazy view's first use: a game that shows none needs none
    from elgrande.play.views import View

#: The libraries whose card data was found complete (docs/library.md), by id.
_COMPLETE: Final[dict[int, weakref.ref[Library]]] = {}
#: Header fields a view never shows: they let a player derive hidden things (the seed
#: gives the order of the action stacks).
_PRIVATE_HEADER: Final = ("seed",)
#: This module runs as Python source: :meth:`Game.copy` skips the constructor call.
_PURE: Final = pure(__name__)


class Game:
    """A game in progress: state, flow position and pending decision, plus a chronicle
    (history and log) that copies share.

    Attributes:
        library: board and cards; names: player names by index; state: the pieces;
        flow: rounds, turns and the pending decision; header: the record header (sets,
        players, variant, seed, errata, engine version).
        log: what happened, in plain words (if ``logging``); history: every accepted
        answer ``{"player", "kind", "answer"}`` (a game record). Both are lists made
        fresh on each access.

    ``chronicle`` (a copy's fork; ``logging`` is then its own), ``engine`` (the
    library's :func:`~elgrande.engine.flow.engine_for`) and ``record`` (the accepted
    answers so far as a persistent chain of nodes ``(earlier, player, kind, answer)``,
    None when there is none, never changed: a copy shares it) with ``answered`` (its
    length) are passed by :meth:`copy`.
    """

    def __init__(self, library: Library, names: list[str], state: State, flow: Flow,
                 header: dict[str, Any], logging: bool = True,
                 chronicle: Chronicle | None = None, engine: FlowEngine | None = None,
                 record: tuple[Any, int, str, Any] | None = None, answered: int = 0) -> None:
        self.library = library
        self.names = names
        self.state = state
        self.flow = flow
        self.header = header
        self._engine: FlowEngine = engine_for(library) if engine is None else engine
        if chronicle is None:
            # the library never changes; the chronicles share its titles (worked out
            # when a line first names a card)
            chronicle = Chronicle(library.board, names, CardTitles(library), logging,
                                  labels=_labels(self._engine, state.players) if logging
                                  else None)
        self.chronicle = chronicle
        self._record = record
        self._answered = answered

    @property
    def logging(self) -> bool:
        """Whether events are narrated into ``log``."""
        return self.chronicle.logging

    @property
    def log(self) -> list[str]:
        """The game so far in words (empty when not logging)."""
        return self.chronicle.log.to_list()

    @log.setter
    def log(self, lines: Sequence[str]) -> None:
        ch = self.chronicle
        if not ch.logging:  # shared with the copies (Chronicle.fork): one of its own first
            ch = self.chronicle = Chronicle(ch.board, ch.names, ch.titles, False,
                                            labels=ch.labels, card=ch.card, seen=ch.seen)
        ch.log = Trail(lines)

    @property
    def history(self) -> list[dict[str, Any]]:
        """Every accepted answer so far, in order (what a record holds)."""
        entries: list[dict[str, Any]] = []
        node = self._record
        while node is not None:
            entries.append({"player": node[1], "kind": node[2], "answer": node[3]})
            node = node[0]
        entries.reverse()
        return entries

    @history.setter
    def history(self, entries: Sequence[dict[str, Any]]) -> None:
        node: tuple[Any, int, str, Any] | None = None
        for e in entries:
            node = (node, e["player"], e["kind"], e["answer"])
        self._record, self._answered = node, len(entries)

    # -- decisions --
    @property
    def pending(self) -> Decision | None:
        """The decision waiting for an answer, or None when the game is over."""
        return self.flow.pending

    @property
    def over(self) -> bool:
        """True after the last scoring (B3.6, B7.1)."""
        return self.flow.phase == OVER

    def answer(self, player: Any, answer: Any) -> list[dict[str, Any]]:
        """Give ``player``'s answer (form: see :mod:`elgrande.engine.decisions`).

        ``player`` is a seat (an int); typed ``Any`` so that the compiled build too
        refuses anything else (a bool, a float, None) with IllegalMove, not TypeError.

        Returns:
            The events this answer caused, in order, as JSON data (``{"event": "score",
            ...}``; scorings carry their structured result as dicts,
            :meth:`~elgrande.model.score_results.RegionScore.to_json`): what the log narrates,
            for tools that tally points by source.
        Raises:
            IllegalMove: refused, with the rule id; the game is unchanged.
        """
        d = self.flow.pending
        if d is None:
            raise IllegalMove("B7.1", "the game is over")
        seated = type(player) is int and player in d.players  # (the engine's check: known)
        if not seated and (type(player) is not int or not MIN_INT <= player <= MAX_INT):
            check_seat(player)  # a seat is an int, never True or 1.0
        t = type(answer)  # ints and strings are plain already; the rest is copied
        checked = False
        if t is dict:  # the common mapping answer: checked and copied at once
            got = None
            if seated:
                try:
                    got = KINDS[d.kind].plain_checked(d, player, answer)
                except KeyError:  # (a kind not registered: copied and checked as before)
                    pass
            if got is None:
                answer = plain_answer(answer, d.rule or "B4.4")  # what the history keeps
            else:
                answer, checked = got, True
        # (an int past SMALL_INT or negative: plain_answer's full test of MAX_INT)
        elif t is not str and (t is not int or not 0 <= answer <= SMALL_INT):
            answer = plain_answer(answer, d.rule or "B4.4")
        events: list[dict[str, Any]] = []
        try:
            self._engine.answer(self.state, self.flow, player, answer, events, False, seated,
                                checked)
        except IllegalMove as exc:  # the engine counts seats; a player reads names
            raise self._named(exc) from exc.__cause__  # (a chain of triggers: TriggerLimit)
        self._record = (self._record, player, d.kind, answer)  # made a dict when read
        self._answered += 1
        if self.chronicle.logging and events:
            self.chronicle.narrate(events, self.state)
        return events

    def answer_trusted(self, player: int, answer: Any, record: bool = False
                       ) -> list[dict[str, Any]]:
        """The trusted path (docs/performance.md): give ``player``'s answer taken from the
        pending decision's legal set (:meth:`Decision.random_answer` or
        :meth:`Decision.legal_answers` for ``player``, one who must answer, B3.4),
        without checking it again where a phase would only check it
        (:meth:`~elgrande.engine.flow.FlowEngine.answer_trusted`), and without keeping it
        in the history or narrating it unless ``record`` (then as :meth:`answer` does).
        The events that triggers and rules modules listen to fire as on the checked path;
        the game is the same as :meth:`answer` would make it.

        Returns:
            The events this answer caused (as :meth:`answer`).
        Raises:
            IllegalMove: only where the answer is still checked (a side decision, a
            special action); any other answer than a legal one may break the game.
        """
        d = self.flow.pending
        events: list[dict[str, Any]] = []
        try:
            self._engine.answer_trusted(self.state, self.flow, player, answer, events)
        except IllegalMove as exc:
            raise self._named(exc) from exc.__cause__
        if record and d is not None:
            t = type(answer)
            if t is not str and t is not int:
                answer = plain_answer(answer, d.rule or "B4.4")
            self._record = (self._record, player, d.kind, answer)
            self._answered += 1
            ch = self.chronicle
            if ch.logging and events:
                ch.narrate(events, self.state)
        return events

    def in_words(self, text: str) -> str:
        """A text of the engine (a decision's prompt or option label, a reason an option is
        closed, a refusal) as the players read it: each player it names (a seat marker,
        :func:`~elgrande.model.seats.seat`) by this game's name for them, as the log
        names them (B3.4), each card it marks by its title and what the card does with a
        choice (B8), each place id by the board's name for it
        (:func:`elgrande.play.words.in_words`)."""
        return in_words(text, self.names, self.library)

    def card_label(self, cid: str) -> str:
        """How every text for people names card ``cid`` (its title, told apart from the
        other cards with that title, B8; :func:`elgrande.play.words.card_label`); an id
        the library does not hold as itself."""
        return card_label(self.library, cid)

    def _named(self, exc: IllegalMove) -> IllegalMove:
        """Refusal ``exc`` of the engine with its players named (:meth:`in_words`)."""
        return IllegalMove(exc.rule, in_words(exc.message, self.names, self.library))

    # -- results --
    def winners(self) -> list[int]:
        """The players with the most points (a tie is a shared victory, B7.1)."""
        top = max(self.state.scores)
        return [p for p, s in enumerate(self.state.scores) if s == top]

    # -- copies and JSON --
    def copy(self, into: Game | None = None) -> Game:
        """An independent copy: state, flow position and pending decision are copied; the
        library is shared (read-only), and so are history and log up to now (later
        answers go to each game's own record and chronicle). Cost independent of the
        game's length. ``into``: a game of the same library the caller no longer needs
        (a search's scratch), made the copy in place and returned."""
        if into is not None:
            into.state, into.flow = self.state.copy(), self.flow.copy()
            into.chronicle = self.chronicle.fork()
            into._record, into._answered = self._record, self._answered
            into.names, into.header = self.names, self.header
            return into
        ch = self.chronicle
        if _PURE:  # without the constructor call (elgrande.model.blank): the same fields
            c: Game = blank(Game)
            c.library = self.library
            c.names = self.names
            c.state = self.state.copy()
            c.flow = self.flow.copy()
            c.header = self.header
            c._engine = self._engine
            c.chronicle = ch if not ch.logging else ch.fork()  # Chronicle.fork
            c._record = self._record
            c._answered = self._answered
            return c
        # a constructor call, not Game.__new__: mypyc's native classes allow no instance
        # without __init__ (docs/compiled.md)
        return Game(self.library, self.names, self.state.copy(), self.flow.copy(), self.header,
                    True, self.chronicle.fork(), self._engine, self._record, self._answered)

    def to_json(self) -> dict[str, Any]:
        """The whole game as plain data (JSON-able), sharing no list with the game; its
        ``"format"`` is :data:`elgrande.saved.FORMAT` (what :meth:`from_json` reads: this
        format and the older ones)."""
        from elgrande.play.saved import FORMAT  # the saved-game checks: not at start

        return {"format": FORMAT, "header": to_plain(self.header), "names": self.names[:],
                "state": self.state.to_json(), "flow": self.flow.to_json(),
                "history": to_plain(self.history), "log": self.log}

    @classmethod
    def from_json(cls, data: dict[str, Any], logging: bool = True) -> Game:
        """Rebuild a game written by :meth:`to_json` (loads the library it names); the
        game shares nothing with ``data``.

        Raises:
            SavedGameError: bad data, naming the bad field (:mod:`elgrande.saved`), or a
            ``format`` this version does not read.
        """
        from elgrande.play.saved import check_saved  # a saved game's checks, on first load

        lib, data = check_saved(data)
        engine_for(lib)  # the rules modules register their flow parts
        h = data["header"]
        g = cls(lib, data["names"], State.from_json(data["state"]),
                Flow.from_json(data["flow"]), h, logging)
        g.history = data["history"]
        g.log = data["log"] if logging else []
        if not g.state.draw_key and isinstance(h.get("seed"), int):  # saved before the key
            g.state.draw_key = draw_key(h["seed"])
        return g

    # -- hidden information (B8.5a) --
    def view(self, player: int) -> dict[str, Any]:
        """What ``player`` may see (B8.5a), as JSON-able data.

        Hidden: the other players' hands (``None``; their discards are public), the order
        of the action stacks, every secret choice not yet revealed except the player's
        own, and anything from which one of these could be derived (no seed, no random
        state). Keys: ``player``, ``names``, ``header``, ``state``, ``flow`` (with the
        hidden parts removed by the rules modules), ``pending`` (the decision if this
        player must answer it, else None). :meth:`lazy_view` is the same mapping, built
        key by key as it is read.
        """
        st, fl = self.view_state_flow(player)
        view = {"player": player, "names": self.view_names(), "header": self.view_header(),
                "state": st, "flow": fl, "pending": self.view_pending(player)}
        if self.library.provisional:  # docs/library.md: every view says so
            view["provisional"] = True
        return view

    def lazy_view(self, player: int) -> View:
        """:meth:`view` as a read-only mapping whose keys are built when first read, for
        bots that read little of it (:mod:`elgrande.play.views`; ``dict()`` of it equals
        :meth:`view`). Read it before the game takes another answer (else
        :class:`~elgrande.play.views.StaleView`)."""
        from elgrande.play.views import View

        pending = self.flow.pending
        return View(self, player, bool(self.library.provisional),
                    pending if pending is not None and player in pending.players else None)

    def answered(self) -> int:
        """How many answers the game took (its history's length): a view's position."""
        return self._answered

    def view_state_flow(self, player: int) -> tuple[dict[str, Any], dict[str, Any]]:
        """The ``state`` and ``flow`` of ``player``'s view (B8.5a; :meth:`view`): JSON
        with the other players' hands, the draw key and the others' secrets removed, and
        what the rules modules' ``hide`` hooks remove."""
        st = self.state.to_json()
        st["hands"] = [h if p == player else None for p, h in enumerate(st["hands"])]
        del st["draw_key"]  # the key of the draws during play: nobody knows them before
        fl = self.flow.to_json()
        mine = str(player)
        fl["secret"] = {k: v for k, v in fl["secret"].items() if k == mine}
        run = fl["run"]
        while run is not None:  # the run, and the run of a card it carries out
            run["secret"] = {k: v for k, v in run["secret"].items() if k == mine}
            run = run.get("inner")
        self._engine.rules.each("hide", HookContext(self.state, self.library.board, [], player,
                                                    self._engine, self.flow), st, fl, player)
        return st, fl

    def view_names(self) -> list[str]:
        """The ``names`` of a view (a fresh list)."""
        return self.names[:]

    def view_header(self) -> dict[str, Any]:
        """The ``header`` of a view: the record header but its private fields (the seed)."""
        return {k: v for k, v in self.header.items() if k not in _PRIVATE_HEADER}

    def view_pending(self, player: int) -> dict[str, Any] | None:
        """The ``pending`` of ``player``'s view: the decision's JSON if ``player`` must
        answer it, else None."""
        pending = self.flow.pending
        return pending.to_json() if pending and player in pending.players else None

    @classmethod
    def from_view(cls, view: Mapping[str, Any], rng: random.Random) -> Game:
        """A game consistent with what ``view`` shows, the hidden parts drawn at random
        by the rules modules (stack order shuffled, others' hands and unrevealed secret
        choices drawn from what is possible). For bots that search: it uses nothing the
        viewing player may not see. Many draws from one view: :class:`Determiniser`
        (the same games, the view read once).

        A lazy view (:meth:`lazy_view`) of a game that has not moved on since gives the
        same game by :meth:`determinised`, from copies of the game's own pieces.
        """
        from elgrande.play.views import View

        source = view.source() if isinstance(view, View) else None
        if isinstance(source, Game):  # one draw: the pieces copied once, not twice
            return source.determinised(int(view["player"]), rng)
        return Determiniser(view).draw(rng)

    def determinised(self, player: int, rng: random.Random, key: int | None = None) -> Game:
        """``Game.from_view(self.view(player), rng)``, the same game drawn with the same
        numbers of ``rng``, built from copies of the state and flow instead of the view's
        JSON (:meth:`hidden_pieces`) with the hidden parts drawn again by the rules
        modules (``determinise``). ``key``: the drawn game's draw key
        (:meth:`Determiniser.draw`)."""
        state, flow = self.hidden_pieces(player)
        return _drawn(self.library, self._engine, state, flow, player, self.lazy_view(player),
                      rng, self.view_names(), self.view_header(), key)

    def hidden_pieces(self, player: int) -> tuple[State, Flow]:
        """Copies of the state and flow with what ``player``'s view hides removed (B8.5a:
        the other players' hands, the others' secret choices, and the rules modules'
        ``hide_pieces``): the pieces :class:`Determiniser` draws from."""
        state = self.state.copy()
        flow = self.flow.copy()
        for p in range(len(state.hands)):
            if p != player:
                state.set_hand(p, [])
        mine = str(player)
        flow.secret = {k: v for k, v in flow.secret.items() if k == mine}
        run = flow.run
        while run is not None:  # the run, and the run of a card it carries out
            run.secret = {k: v for k, v in run.secret.items() if k == mine}
            run = run.inner
        self._engine.rules.each("hide_pieces", HookContext(state, self.library.board, [],
                                                           player, self._engine, flow), player)
        return state, flow


class Determiniser:
    """Games consistent with one view (B8.5a), the view read once: each :meth:`draw`
    copies the state and flow it shows and lets the rules modules draw the hidden parts
    (:meth:`Game.from_view` is one draw; the same game for the same ``rng`` state). A
    lazy view of a game that has not moved on since draws from copies of that game's
    own pieces (:meth:`Game.hidden_pieces`, taken once), without reading the view's JSON.

    Args:
        view: a view (:meth:`Game.view` or :meth:`Game.lazy_view`); never changed, but
            kept (the rules modules' ``determinise`` hooks read it at each draw): do not
            change it meanwhile.
    """

    def __init__(self, view: Mapping[str, Any]) -> None:
        from elgrande.play.views import View

        self.player = int(view["player"])
        self._view = view
        #: the draws' chronicle (they narrate nothing: one shared, as copies share it)
        self._chronicle: Chronicle | None = None
        source = view.source() if isinstance(view, View) else None
        if isinstance(source, Game):  # its pieces, what the view hides removed, once
            self.library, self._engine = source.library, source._engine
            self._state, self._flow = source.hidden_pieces(self.player)
            self._names, self._header = source.view_names(), source.view_header()
            return
        h = view["header"]
        self.library = load_library(h["sets"], h.get("errata", ()), h.get("cards", ()),
                                    h.get("fill"), h.get("set_paths", ()))
        self._engine = engine_for(self.library)
        st = dict(view["state"])
        st["hands"] = [hand if hand is not None else [] for hand in st["hands"]]
        self._state = State.from_json(st)
        self._flow = Flow.from_json(view["flow"])
        self._names = list(view["names"])
        self._header = dict(h)

    def draw(self, rng: random.Random, key: int | None = None) -> Game:
        """A game of the view with its hidden parts drawn from ``rng`` (a fresh state and
        flow, sharing no list with the view or another draw).

        Args:
            rng: the generator the rules modules draw the hidden parts from.
            key: the drawn game's draw key (the draws of cards during play, 1 ..
                :data:`~elgrande.engine.cards.KEY_RANGE`; no view shows the real one).
                None (:meth:`Game.from_view`): one hashed from ``rng``'s state, so that
                no number is drawn from ``rng`` for it (a greedy bot's draws stay those
                of earlier versions); a search draws its own (the ``ismcts`` bot's
                :data:`~elgrande.players.ismcts.KEY_BITS`: reading the whole state of
                ``rng`` costs as much as the rest of a draw).
        """
        g = _drawn(self.library, self._engine, self._state.copy(), self._flow.copy(),
                   self.player, self._view, rng, self._names[:], dict(self._header), key,
                   self._chronicle)
        self._chronicle = g.chronicle
        return g


def _drawn(lib: Library, engine: FlowEngine, state: State, flow: Flow, me: int,
           view: Mapping[str, Any], rng: random.Random, names: list[str],
           header: dict[str, Any], key: int | None = None,
           chronicle: Chronicle | None = None) -> Game:
    """The game of ``me``'s view whose hidden parts were removed from ``state`` and
    ``flow``, with them drawn again (:meth:`Game.from_view`, :meth:`Game.determinised`);
    ``key``: its draw key (None: one read from the rng's state, no number drawn);
    ``chronicle``: a chronicle that narrates nothing to share (None: a new one)."""
    state.draw_key = draw_key(hash(rng.getstate()[1])) if key is None else key
    engine.rules.each("determinise", HookContext(state, lib.board, [], me, engine, flow),
                      me, view, rng)
    run = flow.run
    while run is not None and run.inner is not None:  # a carried-out card decides
        run = run.inner
    if run is not None and run.pending is not None and run.pending.kind == "secret_region":
        per = run.pending.options["per_player"]
        for p, opts in per.items():
            if p != str(me) and int(p) not in run.pending.players:
                run.secret[p] = rng.choice(opts)
    return Game(lib, names, state, flow, header, False, chronicle, engine)


def _labels(engine: FlowEngine, players: int) -> Labels | None:
    """What a logged game's narration marks (:class:`~elgrande.narrate.Labels`): the
    values a fill supplied, and the rules modules' lines of the board summary; None when
    there is neither (the base game). The library's part is kept in the engine's memo."""
    lib = engine.lib
    got = engine.memo.get("game.provisional")
    if got is None:
        got = engine.memo["game.provisional"] = (
            {c.id: frozenset(c.provisional) | ({"no_action"} if c.no_action else frozenset())
             for c in lib.cards.cards.values() if c.provisional or c.no_action},
            any("heads" in c.provisional for c in lib.of_role("hand")))
    marks, heads = got
    every = frozenset((["court"] if heads else [])
                      + (["place"] if any(f"caballero_cards.{players}" in f.provisional
                                          for f in lib.figures.values()) else []))
    summary, told = engine.rules.composed["board_summary"], engine.rules.composed["log_changes"]
    more = partial(_view_hook, summary) if summary is not None else None
    changes = partial(_view_hook, told) if told is not None else None
    if not marks and not every and more is None and changes is None:
        return None
    return Labels(marks, every, more, changes)


def _view_hook(fn: Callable[..., list[Any]], state: State, board: Board,
               *args: Any) -> list[Any]:
    """Call a view hook (``board_summary``, ``log_changes``) as the narration does, with
    ``(state, board, *args)``: its context made of them (nobody acting, no events)."""
    return fn(HookContext(state, board, []), *args)


def new_game(players: int | Sequence[str], sets: Iterable[str] = ("base",),
             seed: Any = None,
             variant: str = "standard", errata: Iterable[str] = (),
             cards: Sequence[str] = (), start_player: int | None = None,
             logging: bool = True, fill: str | None = None,
             set_paths: Sequence[str] = (), beginner: bool = False) -> Game:
    """Start a game (B2 setup with seeded shuffles) and run to the first decision.

    Args:
        players: a count (2..5; names become ``p1``..) or a list of names in seat order.
        sets: card sets (``("base",)``), in any order: they load, and the record names
            them, in :func:`~elgrande.data.manifests.set_order` (``base, intrigue-king,
            colonies``: X1-X3).
        seed: shuffle seed, :data:`~elgrande.seeds.SEED_MIN` .. :data:`~elgrande.seeds.
            SEED_MAX` (0 to 2**64-1): the same seed and answers give the same game (B2).
            Typed ``Any`` so that any other value is refused with the ValueError below in
            the compiled build too (docs/compiled.md), not a TypeError at the call.
            None (the default): a seed drawn from the operating system
            (:func:`~elgrande.seeds.draw_seed`), kept in ``header["seed"]`` (the record),
            never in a view. A small seed you choose can be guessed, and with it every
            hidden stack: games between people should leave it out.
        variant: ``"standard"``, ``"short"`` (rounds 2,3,5,6,8,9) or ``"six_rounds"``
            (B3.7).
        errata: ids of optional errata to switch on.
        cards: extra (homebrew) card folders.
        start_player: who plays the first power card (default: drawn from the seed).
        logging: keep ``game.log`` in words (turn off for fast simulation).
        fill: a fill for card data no source gives (``"provisional"``, or a fill file's
            path; docs/library.md): the game then plays with provisional data.
        set_paths: folders holding card sets beyond the shipped ones (``<set>/set.yaml``).
        beginner: the beginner option of a set with a hand of combined cards (I1): only
            the values divisible by 10; kept in the record header and ``state.ext``.
    Raises:
        ValueError: bad player count, variant or seed, ``sets`` given as one string, or
            ``beginner`` with no set in play that has the option.
        CardError: bad card data.
        MissingCardData: a card in play has an unknown field and no fill supplies it
        (docs/library.md; the error lists every card and field).
    """
    names = ([f"p{i + 1}" for i in range(players)] if isinstance(players, int)
             else [str(n) for n in players])
    sets = set_names(sets)
    seed = draw_seed() if seed is None else check_seed(seed)
    lib = load_library(sets, errata, cards, fill, set_paths)
    seen = _COMPLETE.get(id(lib))
    if seen is None or seen() is not lib:  # a library never changes: checked once
        lib.require_complete()
        _COMPLETE[id(lib)] = weakref.ref(lib)
    if beginner and "beginner" not in engine_for(lib).rules.game_options:
        raise ValueError("no set in play "
                         f"({', '.join(lib.board.sets)}) has the beginner option (I1)")
    state, flow, events = setup(lib, len(names), seed, variant, start_player)
    if beginner:  # a game option the rules modules read (I1)
        state.ext["options"] = {"beginner": True}
    header = {"elgrande": __version__, "sets": list(lib.board.sets), "players": names,
              "variant": variant, "seed": seed, "errata": sorted(errata),
              "cards": [str(Path(c).resolve()) for c in cards],
              "start_player": next(e["start"] for e in events if e.get("event") == "setup"),
              "fill": None, **provisional_header(lib),
              "hashes": library_fingerprint(lib, cards)}  # what the record replays
    if beginner:
        header["beginner"] = True
    if set_paths:
        header["set_paths"] = [str(Path(c).resolve()) for c in set_paths]
    g = Game(lib, names, state, flow, header, logging)
    g.chronicle.log.extend(provisional_log(lib) if logging else [])
    more: list[dict[str, Any]] = []
    g._engine.advance(g.state, g.flow, more)
    g.chronicle.narrate(events + more, g.state)
    return g


def play_random(game: Game, rng: random.Random) -> Game:
    """Answer every decision at random until the game ends (a playout)."""
    while game.flow.pending is not None:
        d = game.flow.pending
        p = d.players[0]
        game.answer(p, d.random_answer(rng, p))
    return game
