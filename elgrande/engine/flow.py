"""The flow of a game of El Grande: setup (B2), rounds (B3), turns (B4), Veto windows
(B8.4), general scorings (B6) and the end (B7), driven through pending decisions.

The flow's position is a :class:`Flow` (plain data). :class:`FlowEngine` moves it on:
``advance`` runs until some player must decide; ``answer`` checks an answer with the
pending decision (refusing it with :class:`IllegalMove` before anything changes) and
applies it. Every choice the rules give a player is a decision: the power card, how many
caballeros to bring to court, the action card, placing before or after the special
action, how many caballeros to place and where, carrying out or declining the special
action, playing a Veto, each choice inside a card, and the secret disc at scoring.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

import attrs

from elgrande.engine import decisions as dec
from elgrande.engine.context import Run
from elgrande.engine.decisions import Decision
from elgrande.engine.interpreter import Interpreter
from elgrande.engine.primitives import apply_court, apply_placement, court_decision
from elgrande.errors import IllegalMove
from elgrande.model import placement, scoring
from elgrande.model.state import State

if TYPE_CHECKING:
    from elgrande.data.library import Library

dec.kind("choose_action_card", dec._pick_check, dec._pick_legal)

#: Flow phases.
BID, COURT, CARD, ORDER, PLACE, OFFER, VETO, SPECIAL, DISCS, OVER = (
    "bid", "court", "card", "order", "place", "offer", "veto", "special", "discs", "over")


@attrs.define(slots=True)
class Flow:
    """Where the game is in its rounds and turns (plain data).

    Attributes:
        rounds: the rounds played (B3.7 variants skip some); scoring_after: after which.
        round_i: index into ``rounds`` of the current round.
        phase: one of the phase names above.
        stacks: the four action stacks (card ids, top first; the order is hidden).
        king_card: the King's card id; king_used: whether it was taken this round.
        offer: the open action cards, one slot per stack then the King's card; '' = taken.
        first_bidder: who plays the first power card this round (B3.3).
        bid_i: how many power cards have been played this round.
        turn_order: this round's turn order (B3.4); turn_i: whose turn (index).
        slot: the offer slot of the card taken this turn (-1: none yet).
        place_first, placed, special_done: the turn's progress (B4.5).
        run: the special action being carried out.
        veto_chain: players who played a Veto in the current window (B8.4);
        veto_queue: players still to be asked in it.
        secret: disc answers already given at a scoring (hidden until all are in).
        kept: the current card is kept by its taker (a Veto) instead of returning.
        pending: the decision waiting for an answer.
    """

    rounds: list[int]
    scoring_after: list[int]
    stacks: list[list[str]]
    king_card: str
    first_bidder: int
    round_i: int = -1
    phase: str = BID
    offer: list[str] = attrs.field(factory=list)
    king_used: bool = False
    bid_i: int = 0
    turn_order: list[int] = attrs.field(factory=list)
    turn_i: int = 0
    slot: int = -1
    card: str = ""
    place_first: bool = True
    placed: bool = False
    special_done: bool = False
    run: Run | None = None
    veto_chain: list[int] = attrs.field(factory=list)
    veto_queue: list[int] = attrs.field(factory=list)
    secret: dict[str, Any] = attrs.field(factory=dict)
    kept: bool = False
    pending: Decision | None = None

    def copy(self) -> Flow:
        """An independent copy."""
        return Flow(self.rounds[:], self.scoring_after[:], [s[:] for s in self.stacks],
                    self.king_card, self.first_bidder, self.round_i, self.phase,
                    self.offer[:], self.king_used, self.bid_i, self.turn_order[:], self.turn_i,
                    self.slot, self.card, self.place_first, self.placed, self.special_done,
                    self.run.copy() if self.run else None, self.veto_chain[:],
                    self.veto_queue[:], dict(self.secret), self.kept,
                    Decision.from_json(self.pending.to_json()) if self.pending else None)

    def to_json(self) -> dict[str, Any]:
        """Plain JSON-able data."""
        return attrs.asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Flow:
        """Rebuild from :meth:`to_json`."""
        d = dict(data)
        d["run"] = Run.from_json(d["run"]) if d.get("run") else None
        d["pending"] = Decision.from_json(d["pending"]) if d.get("pending") else None
        return cls(**d)

    @property
    def round(self) -> int:
        """The current round number (0 before the first)."""
        return self.rounds[self.round_i] if 0 <= self.round_i < len(self.rounds) else 0

    @property
    def actor(self) -> int:
        """The player whose turn it is (-1 outside turns)."""
        if self.phase in (BID, DISCS, OVER) or not self.turn_order:
            return -1
        return self.turn_order[self.turn_i]


def setup(lib: Library, players: int, seed: int, variant: str = "standard",
          start_player: int | None = None) -> tuple[State, Flow, list[dict[str, Any]]]:
    """Set a game up (B2) with seeded shuffles.

    Args:
        lib: the loaded library; players: 2..5; seed: the shuffle seed;
        variant: ``"standard"`` or a variant of the set manifest (``"short"``, B3.7);
        start_player: who plays the first power card (B2.5), else drawn from the seed.
    Returns:
        ``(state, flow, events)``.
    Raises:
        ValueError: a player count or variant the sets do not allow.
    """
    b = lib.board
    if not b.min_players <= players <= b.max_players:
        raise ValueError(f"El Grande takes {b.min_players}-{b.max_players} players, "
                         f"not {players} (B1.0)")
    if variant not in b.variants:
        raise ValueError(f"unknown variant {variant!r}; known: {', '.join(sorted(b.variants))}")
    rng = random.Random(seed)
    state = State.empty(b, players)
    region_cards = list(b.regions)
    rng.shuffle(region_cards)
    state.king = region_cards[0]                                   # B2.1
    for p in range(players):                                        # B2.2, B2.3
        g = region_cards[1 + p]
        state.grandes[p] = g
        state.caballeros[g][p] = b.setup_grande_region
        state.court[p] = b.setup_court
        state.provinces[p] -= b.setup_grande_region + b.setup_court
    stacks = []
    for s in range(1, 5):                                           # B1.4
        deck = lib.deck(s)
        rng.shuffle(deck)
        stacks.append(deck)
    kings = lib.cards.of_kind("king")
    first = rng.randrange(players) if start_player is None else start_player
    v = b.variants[variant]
    flow = Flow(list(v.rounds), list(v.scoring_after), stacks, kings[0].id if kings else "",
                first)
    events = [{"event": "setup", "king": b.place_id(state.king),
               "grandes": [b.place_id(g) for g in state.grandes], "start": first,
               "variant": variant}]
    return state, flow, events


class FlowEngine:
    """Moves a game's :class:`Flow` on. Holds no game data itself.

    Args:
        lib: the loaded library (board, cards, interpreter).
    """

    def __init__(self, lib: Library) -> None:
        self.lib = lib
        self.board = lib.board
        self.interpreter = Interpreter(lib.board, lib.scripts)

    # -- public --
    def advance(self, state: State, flow: Flow, events: list[dict[str, Any]]) -> Decision | None:
        """Run until a decision is pending (returned and kept in ``flow.pending``) or the
        game is over (None)."""
        while flow.phase != OVER:
            d = self._step(state, flow, events)
            if d is not None:
                flow.pending = d
                return d
        flow.pending = None
        return None

    def answer(self, state: State, flow: Flow, player: int, answer: Any,
               events: list[dict[str, Any]]) -> Decision | None:
        """Apply ``player``'s answer to the pending decision, then advance.

        Raises:
            IllegalMove: the answer is refused; state and flow are unchanged.
        """
        d = flow.pending
        if d is None:
            raise IllegalMove("B7.1", "the game is over")
        if player not in d.players:
            raise IllegalMove(_turn_rule(flow), f"it is not player {player}'s decision "
                              f"(waiting for {d.players}: {d.prompt})")
        if flow.phase == SPECIAL:
            assert flow.run is not None
            nxt = self.interpreter.answer(state, flow.run, player, answer, events)
            if nxt is not None:
                flow.pending = nxt
                return nxt
            self._special_over(state, flow, events)
            return self.advance(state, flow, events)
        norm = d.check(answer, player)
        self._apply(state, flow, player, norm, events)
        return self.advance(state, flow, events)

    # -- steps --
    def _step(self, state: State, flow: Flow, events: list[dict[str, Any]]) -> Decision | None:
        ph = flow.phase
        if flow.round_i < 0:
            self._begin_round(state, flow, events)
            return None
        if ph == BID:
            return self._bid_decision(state, flow)
        if ph == COURT:
            p = flow.actor
            value = dict((q, v) for q, v in state.bids)[p]
            d = court_decision(state, self.board, p, self.board.power_cards.get(value, 0))
            if d is None:
                flow.phase = CARD
            return d
        if ph == CARD:
            choices = [c for c in flow.offer if c]
            if not choices:  # pragma: no cover - five cards, at most five players
                self._end_turn(state, flow, events)
                return None
            return Decision("choose_action_card", [flow.actor], "Choose one of the open "
                            "action cards", {"choices": choices, "why": {}}, "B4.2")
        if ph == ORDER:
            if not self._can_place(state, flow):
                flow.place_first = False
                flow.phase = OFFER
                return None
            return Decision("choose_option", [flow.actor], "Place caballeros first, or carry "
                            "out the special action first?",
                            {"labels": ["place caballeros first",
                                        "special action first"]}, "B4.5")
        if ph == PLACE:
            d = self._place_decision(state, flow)
            if d is None:
                self._placed(state, flow, events)
            return d
        if ph == OFFER:
            if flow.special_done:
                self._next_part(state, flow, events)
                return None
            return Decision("choose_option", [flow.actor], "Carry out the special action, "
                            "or decline it?", {"labels": ["carry out the special action",
                                                          "decline it"]}, "B4.4")
        if ph == VETO:
            if not flow.veto_queue:
                cancelled = len(flow.veto_chain) % 2 == 1
                events.append({"event": "veto_result", "player": flow.actor,
                               "cancelled": cancelled, "chain": flow.veto_chain[:]})
                flow.veto_chain = []
                if cancelled:
                    flow.special_done = True
                    self._next_part(state, flow, events)
                else:
                    self._start_special(state, flow, events)
                return None
            p = flow.veto_queue[0]
            last = flow.veto_chain[-1] if flow.veto_chain else flow.actor
            return Decision("choose_option", [p], f"Player {last} is about to "
                            f"{'veto' if flow.veto_chain else 'carry out a special action'}"
                            ": play your Veto?", {"labels": ["let it be", "play a Veto"]},
                            "B8.4")
        if ph == SPECIAL:
            assert flow.run is not None
            return flow.run.pending
        if ph == DISCS:
            remaining = [p for p in range(state.players) if str(p) not in flow.secret]
            opts = [self.board.place_id(r) for r in self.board.regions]
            return Decision("secret_region", remaining, "Set your secret disc to a region",
                            {"per_player": {str(p): opts for p in remaining}}, "B6.1")
        raise AssertionError(f"unknown phase {ph}")  # pragma: no cover

    def _bid_decision(self, state: State, flow: Flow) -> Decision:
        p = (flow.first_bidder + flow.bid_i) % state.players
        played = {v: q for q, v in state.bids}
        choices = [v for v in state.hands[p] if v not in played]
        why = {str(v): ["B3.2", f"power card {v} was already played this round by player "
                        f"{q}"] for v, q in played.items()}
        return Decision("choose_power_card", [p], "Play a power card", {"choices": choices,
                        "why": why}, "B3.2")

    def _can_place(self, state: State, flow: Flow) -> bool:
        return state.court[flow.actor] > 0 and self._stack_number(flow) > 0

    def _stack_number(self, flow: Flow) -> int:
        return self.lib.card(flow.card).stack

    def _taken(self, flow: Flow) -> str:
        return flow.card

    def _place_decision(self, state: State, flow: Flow) -> Decision | None:
        p = flow.actor
        limit = min(self._stack_number(flow), state.court[p])
        if limit <= 0:
            return None
        b = self.board
        targets = placement.placement_targets(state, b)
        refused = {b.place_id(r): ["B5.1", f"{b.places[r].name} is not adjacent to the "
                                   "king's region"] for r in b.regions if r not in targets}
        refused[b.place_id(state.king)] = ["B5.2", "the king's region is closed"]
        return Decision("place_caballeros", [p], f"Place up to {limit} caballero(s) from your "
                        "court next to the king or in the Castillo",
                        {"to": [b.place_id(r) for r in targets], "min": 0, "max": limit,
                         "refused": refused}, "B4.3")

    # -- applying answers --
    def _apply(self, state: State, flow: Flow, player: int, norm: Any,
               events: list[dict[str, Any]]) -> None:
        ph = flow.phase
        b = self.board
        if ph == BID:
            placement.apply_bid(state, player, int(norm))
            events.append({"event": "bid", "player": player, "value": int(norm)})
            flow.bid_i += 1
            if flow.bid_i == state.players:
                flow.turn_order = placement.turn_order(state.bids)
                flow.turn_i = 0
                events.append({"event": "turn_order", "order": flow.turn_order[:]})
                self._begin_turn(flow)
        elif ph == COURT:
            apply_court(state, b, player, norm)
            events.append({"event": "court", "player": player, "provinces": norm["provinces"],
                           "regions": norm["regions"]})
            flow.phase = CARD
        elif ph == CARD:
            flow.slot = flow.offer.index(norm)
            flow.card = norm
            flow.offer[flow.slot] = ""
            if flow.slot == 4:
                flow.king_used = True
            events.append({"event": "card", "player": player, "card": norm})
            flow.phase = ORDER
        elif ph == ORDER:
            flow.place_first = norm == 0
            flow.phase = PLACE if flow.place_first else OFFER
        elif ph == PLACE:
            apply_placement(state, b, player, norm)
            events.append({"event": "place", "player": player, "to": dict(norm)})
            self._placed(state, flow, events)
        elif ph == OFFER:
            if norm == 1:
                events.append({"event": "decline", "player": player})
                flow.special_done = True
                self._next_part(state, flow, events)
            else:
                holders = self._veto_holders(state, flow, exclude=player)
                if holders:
                    flow.phase = VETO
                    flow.veto_chain = []
                    flow.veto_queue = holders
                    events.append({"event": "announce", "player": player,
                                   "card": self._taken(flow)})
                else:
                    self._start_special(state, flow, events)
        elif ph == VETO:
            if norm == 1:
                self._spend_veto(state, player)
                flow.veto_chain.append(player)
                events.append({"event": "veto", "player": player})
                flow.veto_queue = self._veto_holders(state, flow, exclude=player,
                                                     start=player)
            else:
                flow.veto_queue.pop(0)
        elif ph == DISCS:
            flow.secret[str(player)] = norm
            if len(flow.secret) == state.players:
                discs = [b.index[flow.secret[str(p)]] for p in range(state.players)]
                flow.secret = {}
                result = scoring.general_scoring(state, b, discs)
                events.append({"event": "general_scoring", "result": result,
                               "round": flow.round})
                self._after_scoring(state, flow, events)

    # -- turn parts --
    def _begin_turn(self, flow: Flow) -> None:
        flow.phase = COURT
        flow.slot = -1
        flow.card = ""
        flow.placed = flow.special_done = flow.kept = False
        flow.place_first = True

    def _placed(self, state: State, flow: Flow, events: list[dict[str, Any]]) -> None:
        flow.placed = True
        self._next_part(state, flow, events)

    def _next_part(self, state: State, flow: Flow, events: list[dict[str, Any]]) -> None:
        if flow.placed and flow.special_done:
            self._end_turn(state, flow, events)
        elif not flow.placed and (flow.special_done or flow.place_first):
            flow.phase = PLACE
        else:
            flow.phase = OFFER

    def _start_special(self, state: State, flow: Flow, events: list[dict[str, Any]]) -> None:
        interp = self.interpreter
        flow.run = interp.begin(self._taken(flow), flow.actor)
        flow.phase = SPECIAL
        events.append({"event": "special", "player": flow.actor, "card": self._taken(flow)})
        d = interp.advance(state, flow.run, events)
        if d is None:
            self._special_over(state, flow, events)

    def _special_over(self, state: State, flow: Flow, events: list[dict[str, Any]]) -> None:
        if any(x.card == flow.card and x.data.get("taken") == state.round
               and x.player == flow.actor for x in state.lasting):
            flow.kept = True  # a kept card (a Veto) stays with its taker (B8.4)
        flow.run = None
        flow.special_done = True
        self._next_part(state, flow, events)

    def _end_turn(self, state: State, flow: Flow, events: list[dict[str, Any]]) -> None:
        card = self._taken(flow)
        if flow.slot in range(4) and not flow.kept:                  # B4.6
            flow.stacks[flow.slot].append(card)
        events.append({"event": "end_turn", "player": flow.actor, "card": card,
                       "kept": flow.kept})
        flow.turn_i += 1
        if flow.turn_i < len(flow.turn_order):
            self._begin_turn(flow)
        else:
            self._end_round(state, flow, events)

    # -- rounds --
    def _begin_round(self, state: State, flow: Flow, events: list[dict[str, Any]]) -> None:
        before = state.round
        flow.round_i += 1
        state.round = flow.round
        for x in state.lasting:  # a skipped round (B3.7) does not count: "next round" is
            if x.expires and before < x.expires < state.round:  # the next one played
                x.expires = state.round
        state.bids = []
        flow.bid_i = 0
        flow.turn_order = []
        flow.turn_i = 0
        flow.offer = [s.pop(0) if s else "" for s in flow.stacks] + [flow.king_card]  # B3.1
        flow.king_used = False
        flow.phase = BID
        events.append({"event": "round", "round": flow.round, "offer": flow.offer[:],
                       "first_bidder": flow.first_bidder})

    def _end_round(self, state: State, flow: Flow, events: list[dict[str, Any]]) -> None:
        discarded = [c for c in flow.offer[:4] if c]                 # B3.5
        flow.offer = []
        flow.first_bidder = placement.next_first_bidder(state.bids)  # B3.3
        expired = [x for x in state.lasting if x.expires and x.expires <= state.round]
        state.lasting = [x for x in state.lasting if x not in expired]  # B8.4
        events.append({"event": "end_round", "round": flow.round, "discarded": discarded,
                       "expired": [x.player for x in expired]})
        if flow.round in flow.scoring_after:                         # B3.6
            flow.phase = DISCS
            flow.secret = {}
        else:
            self._next_round(state, flow, events)

    def _after_scoring(self, state: State, flow: Flow, events: list[dict[str, Any]]) -> None:
        if flow.round == flow.scoring_after[-1] or flow.round_i + 1 >= len(flow.rounds):
            flow.phase = OVER                                        # B3.6, B7.1
            events.append({"event": "game_over", "scores": state.scores[:]})
        else:
            self._next_round(state, flow, events)

    def _next_round(self, state: State, flow: Flow, events: list[dict[str, Any]]) -> None:
        if flow.round_i + 1 >= len(flow.rounds):
            flow.phase = OVER
            events.append({"event": "game_over", "scores": state.scores[:]})
            return
        self._begin_round(state, flow, events)

    # -- vetoes (B8.4) --
    def _veto_holders(self, state: State, flow: Flow, exclude: int,
                      start: int | None = None) -> list[int]:
        n = state.players
        first = (flow.actor if start is None else start)
        live = {x.player for x in state.lasting if x.kind == "veto"
                and (not x.expires or x.expires >= state.round)}
        order = [(first + i) % n for i in range(1, n + 1)]
        return [p for p in order if p in live and p != exclude]

    def _spend_veto(self, state: State, player: int) -> None:
        mine = [x for x in state.lasting if x.kind == "veto" and x.player == player]
        mine.sort(key=lambda x: x.expires)
        state.lasting.remove(mine[0])


def _turn_rule(flow: Flow) -> str:
    return {BID: "B3.3", DISCS: "B6.1", VETO: "B8.4"}.get(flow.phase, "B3.4")
