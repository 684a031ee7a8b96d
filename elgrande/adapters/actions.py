"""A fixed-size integer action space for El Grande (B3.4: every decision, one step at a time).

Every pending decision of the engine (:mod:`elgrande.engine.decisions`) is answered by a
*sequence* of small integer actions; at every step a mask says which actions are legal,
and the mask is exact: an action is legal if and only if the partial answer it makes can
still be completed to an answer the engine accepts (``decision.check``). Sequences are
canonical (caballeros one at a time, in a fixed order), so action sequences and the
engine's normalised answers correspond one to one (:func:`encode` and
:class:`AnswerBuilder` are inverse).

The space depends on the configuration only (the board of the card sets and the player
count ``n``). With ``L`` the locations (``"provinces"``, ``"court"``, then the board's
places in board order: the 9 regions and the Castillo in the base game), ``C = n + 1``
colours (players ``0..n-1``, then the neutral caballeros) and ``K`` pick slots, the
actions are, in order::

    [0, K)                 PICK j    the j-th entry of the decision's list
    [K, K+L)               LOC l     one caballero to / from location l (or: the
                                     destination l of the move being built)
    [K+L, K+L+L*C)         FROM l,c  move one caballero of colour c out of location l
    K+L+L*C                DONE      the answer is complete (also: pass, for a player
                                     with nothing to choose at a simultaneous node)

How each decision kind is answered:

- ``choose_region``, ``choose_number``, ``choose_player``, ``choose_power_card``,
  ``choose_action_card``, ``secret_region``: one ``PICK j``, j indexing
  ``options["choices"]`` (or ``options["per_player"][p]``); ``choose_option``: ``PICK j``
  for label j; ``move_scoreboard``: ``PICK j`` for the j-th (scoreboard, region) pair,
  scoreboards in option order, then their regions in option order.
- ``choose_cards`` (I1): ``PICK j`` per entry of ``options["per_player"][p]`` chosen,
  j strictly increasing, ``options["count"]`` of them, then ``DONE``; the answer is the
  chosen entries in list order.
- ``place_caballeros``: ``LOC l`` per caballero placed in l, locations in non-decreasing
  order, then ``DONE``.
- ``send_caballeros``: ``LOC l`` per caballero sent from l (``court`` or a place), in
  non-decreasing order, then ``DONE``. Where a rules module declares kinds of the owner's
  caballeros in l (``options["which"]``, e.g. C10/C11) and there is more than one,
  ``LOC l`` is followed by ``PICK j`` (the j-th kind, in the declared order); the order is
  then (location, kind).
- ``bring_to_court``: ``LOC provinces`` per caballero from the provinces, then ``LOC r``
  per caballero from region r (only once the provinces are empty, B4.1), then ``DONE``.
- ``move_caballeros``: per caballero ``FROM l,c`` then ``LOC`` of its destination, in
  non-decreasing (source, colour, destination) order, then ``DONE``. Where a rules module
  declares kinds of caballeros in a source (``options["which"]``, e.g. C10/C11: an office
  holder or a plain caballero, seated or standing) and that colour there has more than
  one kind, ``FROM l,c`` is followed by ``PICK j`` (the j-th kind, in the declared order)
  before the ``LOC``; the order is then (source, colour, kind, destination).

    space = ActionSpace.for_game(game)
    b = AnswerBuilder(space, game.pending, player)
    while not b.complete:
        b.apply(rng.choice(b.legal_actions()))
    game.answer(player, b.answer())
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import attrs

from elgrande.engine.decisions import Decision, send_taken, send_value
from elgrande.model.board import Board
from elgrande.play.game import Game

#: Pick slots at least (more when the board has more places times scoreboards). The longest
#: option list of the shipped sets is the Colonies' relocations in place (C11): with 5
#: players and the black caballeros up to 4 strips, 24 appointments, 6 unseatings, 6
#: seatings and "no more", 41 in all.
MIN_PICKS = 64
#: The two locations that are not places: where caballeros wait, and the court.
PROVINCES, COURT_LOCATION = "provinces", "court"
PICK_KINDS = frozenset({"choose_region", "choose_number", "choose_player", "choose_option",
                        "choose_power_card", "choose_action_card", "secret_region",
                        "move_scoreboard"})
DIST_KINDS = frozenset({"place_caballeros", "send_caballeros", "bring_to_court"})
#: Kinds answered by several different entries of a list (I1: the cards kept), ``count``
#: of them.
SUBSET_KINDS = frozenset({"choose_cards"})


@attrs.frozen
class ActionSpace:
    """The action layout for ``players`` players on ``board`` (see the module docstring).

    Attributes:
        players: the player count n; locations: the location ids, in order;
        picks: K; size: the number of distinct actions.
    """

    players: int
    locations: tuple[str, ...]
    picks: int

    @classmethod
    def for_board(cls, board: Board, players: int) -> ActionSpace:
        """The space of a configuration (a board and 2..5 players)."""
        locs = (PROVINCES, COURT_LOCATION, *(p.id for p in board.places))
        picks = max(MIN_PICKS, len(board.power_cards), len(board.places) * len(board.scoreboards))
        return cls(players, locs, picks)

    @classmethod
    def for_game(cls, game: Game) -> ActionSpace:
        """The space of ``game``'s configuration."""
        return cls.for_board(game.library.board, game.state.players)

    # -- layout --
    @property
    def colours(self) -> int:
        """C = n + 1 (the neutral caballeros last)."""
        return self.players + 1

    @property
    def size(self) -> int:
        """The number of distinct actions."""
        n_loc = len(self.locations)
        return self.picks + n_loc + n_loc * self.colours + 1

    @property
    def done(self) -> int:
        """The DONE action."""
        return self.size - 1

    def pick(self, j: int) -> int:
        """The action PICK j (j in [0, K))."""
        return j

    def loc(self, location: str) -> int:
        """The action LOC for a location id."""
        return self.picks + self.locations.index(location)

    def source(self, location: str, colour: int) -> int:
        """The action FROM location, colour (``-1`` is neutral)."""
        c = colour if colour >= 0 else self.players
        return self.picks + len(self.locations) + self.locations.index(location) * self.colours + c

    def colour_index(self, colour: int) -> int:
        """Colour order in canonical moves: players 0..n-1, then the neutral caballeros."""
        return colour if colour >= 0 else self.players

    def describe(self, action: int) -> str:
        """A short name for an action (``"PICK 3"``, ``"LOC aragon"``, ...).

        Raises:
            ValueError: outside the space.
        """
        n_loc = len(self.locations)
        if not 0 <= action < self.size:
            raise ValueError(f"action {action} is outside [0, {self.size})")
        if action < self.picks:
            return f"PICK {action}"
        a = action - self.picks
        if a < n_loc:
            return f"LOC {self.locations[a]}"
        a -= n_loc
        if a < n_loc * self.colours:
            c = a % self.colours
            who = "neutral" if c == self.players else f"player {c}"
            return f"FROM {self.locations[a // self.colours]} {who}"
        return "DONE"


def _pick_list(d: Decision, p: int) -> list[Any]:
    """The list a PICK indexes, for ``p``."""
    o = d.options
    if d.kind == "choose_option":
        return list(range(len(o["labels"])))
    if d.kind == "move_scoreboard":
        return [{"scoreboard": sb, "to": t} for sb, ts in o["moves"].items() for t in ts]
    return list(o["choices"] if "choices" in o else o["per_player"][str(p)])


class AnswerBuilder:
    """The partial answer of ``player`` to ``decision``, built one action at a time.

    Args:
        space: the configuration's :class:`ActionSpace`.
        decision: the pending decision; player: who answers (one of its players).
    Raises:
        ValueError: an unknown decision kind, or a list longer than the pick slots.
    """

    def __init__(self, space: ActionSpace, decision: Decision, player: int) -> None:
        self.space = space
        self.decision = decision
        self.player = player
        self.actions: list[int] = []
        self.complete = False
        self._answer: Any = None
        kind = decision.kind
        if kind not in PICK_KINDS | DIST_KINDS | SUBSET_KINDS | {"move_caballeros"}:
            raise ValueError(f"no action encoding for decision kind {kind!r}")
        self._picks = _pick_list(decision, player) if kind in PICK_KINDS | SUBSET_KINDS \
            else []
        if len(self._picks) > space.picks:
            raise ValueError(f"{kind}: {len(self._picks)} choices exceed the "
                             f"{space.picks} pick slots")
        self.counts: dict[str, int] = {}  # distributions: location -> caballeros
        self.last = -1  # distributions: index of the last location used
        # moves: (src, colour, kind, dst) -> n (kind 0 where the module declares none)
        self.units: dict[tuple[int, int, int, int], int] = {}
        self.outflow: dict[tuple[str, int], int] = {}
        self.kind_outflow: dict[tuple[str, int, int], int] = {}
        self.inflow: dict[str, int] = {}  # moves: destination -> caballeros (its room, C4)
        self.last_key: tuple[int, int, int, int] = (-1, -1, -1, -1)
        self.holding: tuple[str, int] | None = None  # a FROM waiting for its destination
        self.holding_kind: int | None = None  # its kind (PICK), where one is chosen
        self.which: Mapping[str, Any] = (decision.options.get("which") or {}) \
            if kind in ("move_caballeros", "send_caballeros") else {}
        # sends: (location, kind) -> n where a location's kinds are chosen, the last one
        self.kind_counts: dict[tuple[str, int], int] = {}
        self.last_kind = 0
        self.chosen: list[int] = []  # subsets: the entries picked, ascending
        self._init_bounds()

    @property
    def entries(self) -> list[Any]:
        """The list a PICK indexes (pick and subset kinds; else empty)."""
        return list(self._picks)

    def copy(self) -> AnswerBuilder:
        """An independent copy (the decision is shared: it is never changed)."""
        b = AnswerBuilder.__new__(AnswerBuilder)
        b.__dict__.update(self.__dict__)
        b.actions = self.actions[:]
        b.counts = dict(self.counts)
        b.units = dict(self.units)
        b.outflow = dict(self.outflow)
        b.kind_outflow = dict(self.kind_outflow)
        b.kind_counts = dict(self.kind_counts)
        b.inflow = dict(self.inflow)
        b.chosen = self.chosen[:]
        return b

    # -- bounds --
    def _init_bounds(self) -> None:
        o = self.decision.options
        self.lo = self.hi = 0
        if self.decision.kind in ("place_caballeros", "send_caballeros"):
            self.lo, self.hi = o.get("min", 0), o["max"]
        elif self.decision.kind == "bring_to_court":
            self.lo, self.hi = 0, o["limit"]
        elif self.decision.kind == "move_caballeros":
            if o.get("all"):
                need = sum(sum(w.values()) for w in o["sources"].values())
                self.lo, self.hi = max(need, o.get("min", 0)), min(need, o["max"])
            else:
                self.lo, self.hi = o.get("min", 0), o["max"]

    @property
    def total(self) -> int:
        """Caballeros in the partial answer."""
        return sum(self.counts.values()) if self.counts else sum(self.units.values())

    # -- the mask --
    def legal_actions(self) -> list[int]:
        """The legal actions now, ascending (empty once complete)."""
        if self.complete:
            return []
        kind = self.decision.kind
        if kind in PICK_KINDS:
            return list(range(len(self._picks)))
        if kind in SUBSET_KINDS:
            return self._subset_legal()
        if kind in DIST_KINDS:
            return self._dist_legal()
        return self._move_legal()

    def kinds(self, source: str, who: int) -> list[Any] | None:
        """The declared kinds ``[[value, n], ...]`` of ``who``'s caballeros in ``source``
        when a PICK chooses among them (more than one), else None."""
        got = self.which.get(source, {}).get(str(who))
        return got[1] if got is not None and len(got[1]) > 1 else None

    def send_kinds(self, source: str) -> list[Any] | None:
        """A send's declared kinds ``[[value, n], ...]`` of the owner's caballeros in
        ``source`` when a PICK chooses among them (more than one), else None."""
        got = self.which.get(source)
        return got[1] if got is not None and len(got[1]) > 1 else None

    def _send_left(self, loc: str, j: int) -> int:
        """How many of ``loc``'s caballeros of kind ``j`` or later may still be sent there
        in canonical order (the kinds are chosen: :meth:`send_kinds`)."""
        kinds = self.send_kinds(loc)
        assert kinds is not None
        return sum(kn - self.kind_counts.get((loc, i), 0)
                   for i, (_v, kn) in enumerate(kinds) if i >= j)

    def mask(self) -> list[bool]:
        """``legal_actions`` as a list of ``space.size`` booleans."""
        m = [False] * self.space.size
        for a in self.legal_actions():
            m[a] = True
        return m

    def _subset_legal(self) -> list[int]:
        """A later entry while enough are left to reach the count, DONE at the count."""
        need = int(self.decision.options["count"]) - len(self.chosen)
        if need <= 0:
            return [self.space.done]
        start = self.chosen[-1] + 1 if self.chosen else 0
        return [j for j in range(start, len(self._picks)) if len(self._picks) - j >= need]

    def _dist_caps(self) -> dict[str, int]:
        """location -> how many more caballeros it can take/give (ignoring the total)."""
        o = self.decision.options
        kind = self.decision.kind
        if kind == "place_caballeros":  # a place's room, where declared (C4)
            room = o.get("room") or {}
            return {t: room[t][0] - self.counts.get(t, 0) if t in room else self.hi
                    for t in o["to"]}
        if kind == "send_caballeros":
            return {s: n - self.counts.get(s, 0) for s, n in o["sources"].items()}
        caps = {PROVINCES: min(o["provinces"], self.hi) - self.counts.get(PROVINCES, 0)}
        for r, n in o["regions"].items():
            caps[r] = n - self.counts.get(r, 0)
        return caps

    def _dist_legal(self) -> list[int]:
        sp = self.space
        o = self.decision.options
        t = self.total
        out: list[int] = []
        caps = self._dist_caps()
        if self.which:  # a send whose kinds are chosen: after LOC l, j at the latest
            for loc in caps:
                if self.send_kinds(loc) is not None:
                    j = self.last_kind if sp.locations.index(loc) == self.last else 0
                    caps[loc] = self._send_left(loc, j)
            if self.holding is not None:
                return self._send_kind_legal(self.holding[0], caps)
        idx = {loc: sp.locations.index(loc) for loc in caps if loc in sp.locations}
        court = self.decision.kind == "bring_to_court"
        for loc, i in sorted(idx.items(), key=lambda x: x[1]):
            if i < self.last or caps[loc] <= 0 or t + 1 > self.hi:
                continue
            if court and loc != PROVINCES and self.counts.get(PROVINCES, 0) < o["provinces"]:
                continue  # regions only once the provinces are empty (B4.1)
            # after one more here, can the minimum still be reached (locations >= i)?
            more = sum(c for other, c in caps.items() if idx.get(other, -1) >= i) - 1
            if t + 1 + more >= self.lo:
                out.append(sp.picks + i)
        if self.lo <= t <= self.hi:
            out.append(sp.done)
        return out

    def _send_kind_legal(self, loc: str, caps: dict[str, int]) -> list[int]:
        """The PICK j that may follow ``LOC loc`` in a send (the caballero's kind): j no
        earlier than the last kind there, one of it left, and the minimum still reachable
        (``caps``: what each location can still give)."""
        kinds = self.send_kinds(loc)
        assert kinds is not None
        i = self.space.locations.index(loc)
        start = self.last_kind if i == self.last else 0
        later = sum(c for other, c in caps.items()
                    if other != loc and self.space.locations.index(other) > i)
        t = self.total  # the LOC already counted
        return [self.space.pick(j) for j in range(start, len(kinds))
                if kinds[j][1] - self.kind_counts.get((loc, j), 0) > 0
                and t + self._send_left(loc, j) - 1 + later >= self.lo]

    def _move_cap(self, key: tuple[int, int, int, int], outflow: dict[tuple[str, int], int],
                  kind_outflow: dict[tuple[str, int, int], int], first: str | None) -> int:
        """How many more unit moves can follow the last one ``key`` (canonical order)."""
        o = self.decision.options
        sp = self.space
        per_source: dict[str, int] = {}
        for s, owners in o["sources"].items():
            if o.get("single_source") and first is not None and s != first:
                continue
            si = sp.locations.index(s)
            has_dst = any(d != s for d in o["to"])
            for w, n in owners.items():
                who = int(w)
                rest = n - outflow.get((s, who), 0)
                if rest <= 0:
                    continue
                k = (si, sp.colour_index(who))
                if k < key[:2]:
                    continue
                kinds = self.kinds(s, who) if k == key[:2] else None
                if kinds is not None:  # only the same or a later kind may follow
                    rest = sum(kn - kind_outflow.get((s, who, j), 0)
                               for j, (_v, kn) in enumerate(kinds) if j >= key[2])
                if k == key[:2] or has_dst:  # the same key may repeat its destination
                    per_source[s] = per_source.get(s, 0) + rest
        room = o.get("room") or {}
        cap = sum(room[d][0] - self.inflow.get(d, 0) for d in o["to"]) \
            if room and all(d in room for d in o["to"]) else self.hi  # the places' room (C4)
        if o.get("single_source") and first is None:
            return min(max(per_source.values(), default=0), cap)
        return min(sum(per_source.values()), cap)

    def _move_feasible_after(self, s: str, who: int, dst: str, j: int = 0) -> bool:
        """Can the answer still be completed after the unit move (s, who) -> dst, of kind
        ``j`` (0 where no kind is chosen)?"""
        o = self.decision.options
        sp = self.space
        if dst not in o["to"] or dst == s:
            return False
        room = o.get("room", {}).get(dst)
        if room is not None and self.inflow.get(dst, 0) + 1 > room[0]:
            return False  # no room left there (C4)
        key = (sp.locations.index(s), sp.colour_index(who), j, sp.locations.index(dst))
        if key < self.last_key:
            return False
        if self.outflow.get((s, who), 0) + 1 > o["sources"][s].get(str(who), 0):
            return False
        kinds = self.kinds(s, who)
        kind_outflow = self.kind_outflow
        if kinds is not None:
            if self.kind_outflow.get((s, who, j), 0) + 1 > kinds[j][1]:
                return False
            kind_outflow = dict(kind_outflow)
            kind_outflow[(s, who, j)] = kind_outflow.get((s, who, j), 0) + 1
        t = self.total + 1
        if t > self.hi:
            return False
        first = s if o.get("single_source") else None
        if first is not None and self.units:
            src0 = sp.locations[next(iter(self.units))[0]]
            if src0 != s:
                return False
        outflow = dict(self.outflow)
        outflow[(s, who)] = outflow.get((s, who), 0) + 1
        return t + self._move_cap(key, outflow, kind_outflow, first) >= self.lo

    def _feasible_kinds(self, s: str, who: int) -> list[int]:
        """The kinds ``j`` a unit move of (s, who) may be of (``[0]`` where none is
        chosen), those with some destination still feasible."""
        kinds = self.kinds(s, who)
        js = range(len(kinds)) if kinds is not None else range(1)
        to = self.decision.options["to"]
        return [j for j in js if any(self._move_feasible_after(s, who, d, j) for d in to)]

    def _move_legal(self) -> list[int]:
        sp = self.space
        o = self.decision.options
        if self.holding is not None:
            s, who = self.holding
            if self.holding_kind is None and self.kinds(s, who) is not None:
                return [sp.pick(j) for j in self._feasible_kinds(s, who)]
            j = self.holding_kind or 0
            return [sp.loc(d) for d in sorted(o["to"], key=sp.locations.index)
                    if self._move_feasible_after(s, who, d, j)]
        out: list[int] = []
        for s in o["sources"]:
            for w in o["sources"][s]:
                who = int(w)
                if self._feasible_kinds(s, who):
                    out.append(sp.source(s, who))
        out.sort()
        if self.lo <= self.total <= self.hi:
            out.append(sp.done)
        return out

    # -- applying --
    def allows(self, action: int) -> bool:
        """Whether ``action`` is legal now: ``action in self.legal_actions()``, computed
        for that one action (a move's source or destination without the whole mask)."""
        sp = self.space
        if self.complete or not 0 <= action < sp.size:
            return False
        if self.decision.kind != "move_caballeros" or action == sp.done:
            return action in self.legal_actions()
        o = self.decision.options
        n_loc = len(sp.locations)
        if self.holding is None:
            a = action - sp.picks - n_loc
            if not 0 <= a < n_loc * sp.colours:
                return False
            c = a % sp.colours
            s, who = sp.locations[a // sp.colours], c if c < sp.players else -1
            return str(who) in o["sources"].get(s, {}) and bool(self._feasible_kinds(s, who))
        s, who = self.holding
        if self.holding_kind is None and self.kinds(s, who) is not None:
            return action < sp.picks and action in self._feasible_kinds(s, who)
        d = action - sp.picks
        return 0 <= d < n_loc and self._move_feasible_after(s, who, sp.locations[d],
                                                            self.holding_kind or 0)

    def apply(self, action: int, check: bool = True) -> None:
        """Add one action to the partial answer (``check`` False: one already known to be
        legal, e.g. by :meth:`allows`).

        Raises:
            ValueError: the action is not legal now (see :meth:`legal_actions`).
        """
        if check and action not in self.legal_actions():
            raise ValueError(f"action {action} is not legal now for {self.decision.kind} "
                             f"(legal: {self.legal_actions()})")
        self.actions.append(action)
        sp = self.space
        kind = self.decision.kind
        if kind in PICK_KINDS:
            self._finish(self._picks[action])
            return
        if action == sp.done:
            self._finish(self._built())
            return
        if kind in SUBSET_KINDS:
            self.chosen.append(action)
            return
        if kind in DIST_KINDS:
            if action < sp.picks:  # the kind of the caballero sent (a send's PICK)
                assert self.holding is not None
                loc = self.holding[0]
                self.kind_counts[(loc, action)] = self.kind_counts.get((loc, action), 0) + 1
                self.last_kind = action
                self.holding = None
                return
            loc = sp.locations[action - sp.picks]
            self.counts[loc] = self.counts.get(loc, 0) + 1
            if self.which and self.send_kinds(loc) is not None:
                if action - sp.picks != self.last:
                    self.last_kind = 0
                self.holding = (loc, -1)  # its kind comes next
            self.last = action - sp.picks
            return
        if self.holding is None:
            a = action - sp.picks - len(sp.locations)
            c = a % sp.colours
            self.holding = (sp.locations[a // sp.colours], c if c < sp.players else -1)
            return
        if action < sp.picks:  # the kind of the caballero held
            self.holding_kind = action
            return
        s, who = self.holding
        j = self.holding_kind or 0
        di = action - sp.picks
        key = (sp.locations.index(s), sp.colour_index(who), j, di)
        self.units[key] = self.units.get(key, 0) + 1
        self.outflow[(s, who)] = self.outflow.get((s, who), 0) + 1
        self.inflow[sp.locations[di]] = self.inflow.get(sp.locations[di], 0) + 1
        if self.kinds(s, who) is not None:
            self.kind_outflow[(s, who, j)] = self.kind_outflow.get((s, who, j), 0) + 1
        self.last_key = key
        self.holding = None
        self.holding_kind = None

    def _built(self) -> Any:
        sp = self.space
        kind = self.decision.kind
        if kind in SUBSET_KINDS:
            return [self._picks[j] for j in self.chosen]
        if kind == "bring_to_court":
            regions = {k: v for k, v in self.counts.items() if k != PROVINCES}
            return {"provinces": self.counts.get(PROVINCES, 0), "regions": regions}
        if kind in DIST_KINDS:
            if self.which:
                return {loc: send_value(self.which[loc], [
                    self.kind_counts.get((loc, j), 0) for j in range(len(self.which[loc][1]))])
                    if self.send_kinds(loc) is not None else n
                    for loc, n in self.counts.items()}
            return dict(self.counts)
        out: list[dict[str, Any]] = []
        for (si, ci, j, di), n in sorted(self.units.items()):
            src, who = sp.locations[si], ci if ci < sp.players else -1
            m: dict[str, Any] = {"from": src, "to": sp.locations[di], "player": who, "n": n}
            if self.kinds(src, who) is not None:
                key, kinds = self.which[src][str(who)]
                m[key] = kinds[j][0]
            out.append(m)
        return out

    def _finish(self, answer: Any) -> None:
        self.complete = True
        self._answer = answer

    def answer(self) -> Any:
        """The structured answer (for ``game.answer``).

        Raises:
            ValueError: not complete yet.
        """
        if not self.complete:
            raise ValueError("the answer is not complete yet")
        return self._answer


def encode(space: ActionSpace, decision: Decision, player: int, answer: Any) -> list[int]:
    """The canonical action sequence of a structured answer (inverse of
    :class:`AnswerBuilder`).

    Raises:
        IllegalMove: the engine refuses the answer (``decision.check``).
    """
    norm = decision.applied(answer, player)
    kind = decision.kind
    if kind in PICK_KINDS:
        picks = _pick_list(decision, player)
        if kind == "move_scoreboard":
            norm = {"scoreboard": norm[0], "to": norm[1]}
        return [picks.index(norm)]
    if kind in SUBSET_KINDS:
        entries = _pick_list(decision, player)
        return sorted(entries.index(v) for v in norm) + [space.done]
    order = space.locations.index
    out: list[int] = []
    if kind in DIST_KINDS:
        counts: Mapping[str, int] = norm
        if kind == "bring_to_court":
            counts = {PROVINCES: norm["provinces"], **norm["regions"]}
        which = decision.options.get("which") or {} if kind == "send_caballeros" else {}
        for loc in sorted(counts, key=order):
            kinds = which.get(loc)
            if kinds is not None and len(kinds[1]) > 1:
                for j, k in enumerate(send_taken(kinds, counts[loc])):
                    out.extend([space.loc(loc), space.pick(j)] * k)
            else:
                out.extend([space.loc(loc)] * counts[loc])
        return out + [space.done]
    units: dict[tuple[int, int, int, int], int] = {}
    which = decision.options.get("which") or {}
    for m in norm:
        src, dst, who, n = m[0], m[1], m[2], m[3]
        j = 0
        kinds = which.get(src, {}).get(str(who))
        if len(m) > 4 and kinds is not None and len(kinds[1]) > 1:
            j = [i for i, (v, _n) in enumerate(kinds[1])
                 if type(v) is type(m[4][1]) and v == m[4][1]][0]
        key = (order(src), space.colour_index(who), j, order(dst))
        units[key] = units.get(key, 0) + n
    for (si, ci, j, di), n in sorted(units.items()):
        who = ci if ci < space.players else -1
        src = space.locations[si]
        kinds = which.get(src, {}).get(str(who))
        pick = [space.pick(j)] if kinds is not None and len(kinds[1]) > 1 else []
        out.extend([space.source(src, who), *pick, space.picks + di] * n)
    return out + [space.done]
