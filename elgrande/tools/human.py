"""A human seat at the table: ``elgrande play --bots human,greedy,greedy,greedy``.

:class:`HumanSeat` answers like a bot (``answer(view)``), but asks a person: it reads
lines from one text stream and writes to another (a terminal, or strings in tests). At
each decision it shows a board summary from the seat's own view only (B8.5a: no other
hand, no unrevealed secret choice), the prompt, and the legal answers, numbered when they
are few, else the answer form with an example. Typed input:

- a number picks a listed answer; otherwise JSON (``{"aragon": 2}``) or a bare region id;
- ``?`` explains the decision, its rule id and answer form; ``r`` answers at random;
- ``q`` stops the game (:class:`Quit`): the ``play`` command saves the record and ends;
  Ctrl-C does the same (at the prompt at once; while a bot thinks, after its answer).

A refused answer (checked by the decision first, then by the engine) prints the refusal
with its rule id and the same question is asked again. :func:`play` drives a game with a
mix of bots and human seats.
"""

from __future__ import annotations

import json
import random
from typing import Any, TextIO

from elgrande.data.library import load_library
from elgrande.engine.decisions import Decision
from elgrande.errors import IllegalMove

#: Listed answers are numbered up to this many; beyond, the answer form is shown.
NUMBERED = 12

#: What each decision kind asks, in a sentence (the rule id comes from the decision).
EXPLAIN = {
    "choose_power_card": "Play one power card from your hand, face up; a value another "
                         "player already played this round cannot be played. The highest "
                         "card takes its turn first; the caballeros printed on the card "
                         "are how many you may bring from your provinces to your court.",
    "bring_to_court": "Bring caballeros from your provinces to your court, up to the "
                      "number on your power card; only when the provinces are empty may "
                      "they come from regions (never the Castillo or the king's region).",
    "choose_action_card": "Take one of the open action cards: its number is how many "
                          "caballeros you may place, its text your special action.",
    "choose_option": "Choose whether to place your caballeros before or after carrying out "
                     "the card's special action.",
    "place_caballeros": "Place caballeros from your court in the regions adjacent to the "
                        "king's region or in the Castillo (never in the king's region), up "
                        "to the card's number.",
    "choose_region": "Choose a region.",
    "choose_number": "Choose a number.",
    "choose_player": "Choose a player (by seat index).",
    "secret_region": "Choose a region in secret (your disc); all choices are revealed "
                     "together.",
    "move_caballeros": "Move caballeros as the special action allows.",
    "send_caballeros": "Send caballeros as the special action demands.",
    "move_scoreboard": "Place or move a mobile scoreboard onto a region or the Castillo.",
}

#: What a decision asks where its rule gives its kind another meaning (rule id -> sentence).
EXPLAIN_BY_RULE = {
    "I1": "Choose the cards of your hand for this game from your set (by value); the "
          "others are out of the game, and nobody sees your choice.",
    "I3": "Play one card from your hand, face up; a value another player already played "
          "this round cannot be played. The highest card takes the King card and the "
          "highest Caballero card; its heads are how many caballeros you may bring from "
          "your provinces to your court.",
    "X2": "Take one of the open action cards, or none: its special action becomes one "
          "you may carry out instead of "
          "your own; you still place your Caballero card's number. At most two players "
          "a round take one, each a different card.",
    "C13": "Remove one open action card: nobody may take it this round.",
}


class Quit(Exception):
    """The human typed ``q``, pressed Ctrl-C, or the input ended: stop the game where it
    is."""


def _forms() -> dict[str, str]:
    """Answer forms by decision kind, from the decisions module's table (plain text)."""
    from elgrande.tools.docs import answer_forms

    return {k: v.replace("``", "") for k, v in answer_forms()}


class HumanSeat:
    """A seat played by a person through text streams.

    Args:
        inp: where answers are read, a line each (``sys.stdin``).
        out: where the board summary and questions are written (``sys.stdout``).
        seed: seed of the ``r`` (random answer) generator.
    """

    name = "human"

    def __init__(self, inp: TextIO, out: TextIO, seed: int = 0) -> None:
        self.inp = inp
        self.out = out
        self.rng = random.Random(seed)
        self.cards: dict[str, Any] = {}
        #: True while waiting for a line (a Ctrl-C then stops at once, see :func:`play`).
        self.reading = False

    # -- the screen --
    def _say(self, text: str = "") -> None:
        self.out.write(text + "\n")
        self.out.flush()

    def show_log(self, lines: list[str]) -> None:
        """Print what happened since the seat last looked (public log lines)."""
        for line in lines:
            self._say(f"  | {line}")

    def summary(self, view: dict[str, Any]) -> str:
        """The board as ``view`` shows it, in a few lines (B8.5a: only the seat's view)."""
        h = view["header"]
        lib = load_library(h["sets"], h.get("errata", ()), h.get("cards", ()))
        self.cards = dict(lib.cards.cards)
        b = lib.board
        st, fl = view["state"], view["flow"]
        names = view["names"]
        me = view["player"]
        rounds = fl.get("rounds") or []
        i = fl.get("round_i", -1)
        rnd = rounds[i] if 0 <= i < len(rounds) else 0
        lines = [f"=== Round {rnd} · {fl.get('phase')} · {names[me]} (you) ==="]
        lines.append("Scores: " + ", ".join(
            f"{n} {s} (court {c}, provinces {pr})" for n, s, c, pr in
            zip(names, st["scores"], st["court"], st["provinces"], strict=True)))
        king = b.places[st["king"]].name if st["king"] >= 0 else "not placed"
        lines.append(f"King: {king}. Your hand: "
                     + (" ".join(map(str, st["hands"][me])) or "empty") + ".")
        bids = st.get("bids") or []
        if bids:
            lines.append("Power cards this round: " + ", ".join(
                f"{names[p]} {v}" for p, v in bids))
        width = max(len(p.name) for p in b.places)
        for p in b.places:
            row = st["caballeros"][p.index]
            who = ", ".join(f"{names[q]} {n}" for q, n in enumerate(row) if n) or "-"
            marks = [f"Grande of {names[q]}" for q, g in enumerate(st["grandes"])
                     if g == p.index]
            if st["king"] == p.index:
                marks.insert(0, "KING")
            sbs = [sb.id for sb in b.scoreboards if st["scoreboards"][sb.index] == p.index]
            values = ("scoreboard " + sbs[0]) if sbs else "/".join(map(str, p.values))
            extra = f"  [{'; '.join(marks)}]" if marks else ""
            lines.append(f"  {p.name:<{width}}  {values:<14} {who}{extra}")
        offer = [c for c in fl.get("offer") or [] if c]
        if offer:
            lines.append("Open action cards: " + "; ".join(
                f"{self.cards[c].title if c in self.cards else c} [{c}]" for c in offer))
        return "\n".join(lines)

    def _listed(self, d: Decision, me: int) -> list[Any] | None:
        """The answers to number, or None (many, or plain values typed as they are)."""
        legal = d.legal_answers(me)
        if legal is None or len(legal) > NUMBERED or self._values(d, legal):
            return None
        return legal

    @staticmethod
    def _values(d: Decision, legal: list[Any]) -> bool:
        """True when the answers are plain numbers typed as themselves (power cards)."""
        return d.kind != "choose_option" and all(
            isinstance(a, int) and not isinstance(a, bool) for a in legal)

    def _label(self, d: Decision, a: Any) -> str:
        if d.kind == "choose_option":
            return str(d.options["labels"][a])
        if d.kind == "choose_action_card" and a in self.cards:
            c = self.cards[a]
            return f"{c.title} [{a}], places {c.stack}" if c.stack else f"{c.title} [{a}]"
        return a if isinstance(a, str) else json.dumps(a)

    def ask(self, d: Decision, me: int) -> None:
        """Print the prompt and the answers (numbered, or the form with an example)."""
        self._say(f"Decision [{d.rule or '-'}]: {d.prompt}")
        listed = self._listed(d, me)
        if listed is not None:
            for n, a in enumerate(listed, 1):
                self._say(f"  {n}) {self._label(d, a)}")
        else:
            legal = d.legal_answers(me)
            if legal is not None and self._values(d, legal):
                self._say("  Answer one of: " + " ".join(map(str, legal)))
                self._say("  (? explains, r answers at random, q saves and quits)")
                return
            form = _forms().get(d.kind, "")
            example = d.random_answer(random.Random(0), me)
            self._say(f"  Answer as: {form}" if form else "  Answer as JSON")
            o = d.options
            if isinstance(o.get("to"), list):
                self._say(f"  to: {', '.join(map(str, o['to']))}"
                          + (f" (at most {o['max']} caballeros)" if "max" in o else ""))
            if isinstance(o.get("sources"), dict):
                self._say(f"  from: {', '.join(map(str, o['sources']))}")
            self._say(f"  e.g. {json.dumps(example)}")
        self._say("  (? explains, r answers at random, q saves and quits)")

    def explain(self, d: Decision) -> None:
        """Print what the decision is, its rule id and its answer form (``?``)."""
        self._say(f"{d.kind} (rule {d.rule or '-'}): "
                  + EXPLAIN_BY_RULE.get(d.rule or "", EXPLAIN.get(
                      d.kind, "A choice the rules or a card give you.")))
        form = _forms().get(d.kind)
        if form:
            self._say(f"Answer form: {form}")
        if d.kind == "choose_action_card":
            for cid in d.options.get("choices") or []:
                c = self.cards.get(cid)
                if c is not None:
                    self._say(f"  {c.title} [{cid}]: {c.text}")

    def refused(self, exc: IllegalMove) -> None:
        """Print a refusal; the same question follows."""
        self._say(f"Refused [{exc.rule}]: {exc.message}")

    # -- answering --
    def _parse(self, text: str, listed: list[Any] | None, rule: str = "B4.4") -> Any:
        if listed is not None and text.isdigit():
            n = int(text)
            if not 1 <= n <= len(listed):
                raise IllegalMove(rule, f"choose a number from 1 to {len(listed)}")
            return listed[n - 1]
        try:
            return json.loads(text)
        except json.JSONDecodeError:
            return text

    def answer(self, view: dict[str, Any]) -> Any:
        """Ask the person for the answer to ``view["pending"]``; loops until the answer
        passes the decision's check.

        Raises:
            Quit: ``q`` typed, Ctrl-C (KeyboardInterrupt) while waiting, or the input
            ended.
        """
        me = view["player"]
        d = Decision.from_json(view["pending"])
        self._say(self.summary(view))
        while True:
            self.ask(d, me)
            self.out.write("> ")
            self.out.flush()
            self.reading = True
            try:
                line = self.inp.readline()
            except KeyboardInterrupt:
                self._say("")
                raise Quit("interrupted") from None
            finally:
                self.reading = False
            if not line:
                self._say("")
                raise Quit("end of input")
            text = line.strip()
            if text == "q":
                raise Quit("quit")
            if text == "?":
                self.explain(d)
                continue
            if text == "r":
                a = d.random_answer(self.rng, me)
                self._say(f"(random: {self._label(d, a)})")
                return a
            if not text:
                continue
            try:
                a = self._parse(text, self._listed(d, me), d.rule or "B4.4")
                d.check(a, me)
            except IllegalMove as exc:
                self.refused(exc)
                continue
            return a


def make_seat(kind: str, seed: int, inp: TextIO | None = None,
              out: TextIO | None = None) -> Any:
    """A seat for ``elgrande play``: ``human`` (on stdin/stdout unless given) or a bot
    by name (:func:`elgrande.bots.make_bot`).

    Raises:
        ValueError: unknown bot name.
    """
    import sys

    from elgrande.bots import make_bot

    if kind == "human":
        return HumanSeat(inp or sys.stdin, out or sys.stdout, seed)
    return make_bot(kind, seed)


def play(game: Any, seats: list[Any], max_answers: int = 100_000) -> bool:
    """Play ``game`` to its end with ``seats[p]`` answering player ``p``'s decisions.

    Human seats see the log lines new since their last decision, and an answer the
    engine refuses is shown to them and asked again (the game is unchanged, B8.1).
    Ctrl-C stops the game as ``q`` does: at a human's prompt at once, else once the answer
    being made is played (never inside ``game.answer``, so the game is whole).

    Returns:
        True when the game ended, False when a human quit (the game stays where it was).
    """
    humans = [s for s in seats if isinstance(s, HumanSeat)]
    stop: list[bool] = []

    def interrupted(signum: int, frame: Any) -> None:
        if any(h.reading for h in humans):
            raise KeyboardInterrupt
        stop.append(True)

    import signal
    import threading

    main = threading.current_thread() is threading.main_thread()
    before = signal.signal(signal.SIGINT, interrupted) if main and humans else None
    try:
        return _play(game, seats, max_answers, stop)
    finally:
        if before is not None:
            signal.signal(signal.SIGINT, before)


def _play(game: Any, seats: list[Any], max_answers: int, stop: list[bool]) -> bool:
    """:func:`play`'s loop; ``stop`` gets an entry when Ctrl-C was pressed."""
    seen = {id(s): 0 for s in seats if isinstance(s, HumanSeat)}
    n = 0
    while game.pending is not None:
        if stop:
            for s in seats:
                if isinstance(s, HumanSeat):
                    s._say("")
            return False
        p = game.pending.players[0]
        seat = seats[p]
        if not isinstance(seat, HumanSeat):
            game.answer(p, seat.answer(game.view(p)))
        else:
            seat.show_log(game.log[seen[id(seat)]:])
            seen[id(seat)] = len(game.log)
            while True:
                try:
                    a = seat.answer(game.view(p))
                except Quit:
                    return False
                try:
                    game.answer(p, a)
                    break
                except IllegalMove as exc:
                    seat.refused(exc)
        n += 1
        if n > max_answers:  # pragma: no cover - a flow bug
            raise RuntimeError("the game did not end")
    for s in seats:
        if isinstance(s, HumanSeat):
            s.show_log(game.log[seen[id(s)]:])
            seen[id(s)] = len(game.log)
    return True
