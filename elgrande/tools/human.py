"""A human seat at the table: ``elgrande play --bots human,greedy,greedy,greedy``.

:class:`HumanSeat` answers like a bot (``answer(view)``), but asks a person: it reads
lines from one text stream and writes to another (a terminal, or strings in tests). At
each decision it shows a board summary from the seat's own view only (B8.5a: no other
hand, no unrevealed secret choice), the prompt, and the legal answers, numbered when they
are few, else how to type one with an example, all in the game's words (place names,
player colours, what each power card brings; see :data:`HOW`). Typed input:

- a number picks a listed answer; otherwise the answer in words (``Aragon 2, Castillo 1``,
  ``2 of blue from Aragon to Castillo``, ``old castile``, ``blue``) or JSON as a record
  holds it (``{"aragon": 2}``);
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
import re
from typing import Any, TextIO

from elgrande.data.card_fields import text_as_shown
from elgrande.data.library import Library, load_library
from elgrande.engine.decisions import Decision
from elgrande.errors import IllegalMove
from elgrande.model.seats import named
from elgrande.play.words import in_words

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
    "choose_player": "Choose a player (by colour).",
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


#: Each phase of a round in words (the flow's phase names), for the summary's heading.
PHASES = {"bid": "playing power cards", "court": "bringing caballeros to court",
          "order": "turns", "card": "taking action cards", "place": "placing caballeros",
          "offer": "action cards", "veto": "vetoes", "special": "special actions",
          "discs": "secret discs", "castillo_grande": "the Castillo", "over": "game over",
          "round": "a new round", "setup_disc": "setting up"}

#: How to type each decision kind's answer, in a player's words (``{e}``: an example in
#: that form). JSON (as in a record) is read too.
HOW = {
    "choose_region": "Type a region's name.",
    "secret_region": "Type a region's name (nobody else sees it).",
    "choose_number": "Type a number.",
    "choose_player": "Type a player's colour.",
    "choose_option": "Type the number of your choice.",
    "choose_power_card": "Type the value of the card you play.",
    "choose_action_card": "Type the number of a card (or its name in [brackets]).",
    "choose_cards": "Type the values of the cards you keep, separated by spaces, e.g. {e}.",
    "place_caballeros": "Type each place and how many caballeros go there, e.g. {e} "
                        "('none' places none).",
    "send_caballeros": "Type where they come from and how many, e.g. {e} ('court' is your "
                       "court).",
    "bring_to_court": "Type how many come from the provinces, e.g. {e}; from regions: "
                      "'provinces 0, PLACE 1'.",
    "move_caballeros": "Type each move as 'HOW MANY [of COLOUR] from PLACE to PLACE', "
                       "moves separated by commas, e.g. {e} ('none' moves none).",
    "move_scoreboard": "Type the scoreboard and where it goes, e.g. {e}.",
}


class Quit(Exception):
    """The human typed ``q``, pressed Ctrl-C, or the input ended: stop the game where it
    is."""


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
        #: what :meth:`summary` learns from the view: the board, the players' colours and
        #: the caballeros each hand card brings (by value)
        self.board: Any = None
        self.lib: Library | None = None
        self.names: list[str] = []
        self.heads: dict[int, int] = {}
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
        lib = load_library(h["sets"], h.get("errata", ()), h.get("cards", ()), h.get("fill"))
        self.cards = dict(lib.cards.cards)
        self.lib = lib
        b = self.board = lib.board
        st, fl = view["state"], view["flow"]
        names = self.names = list(view["names"])
        #: caballeros each hand card brings to court, by value (power cards B1.3, I3)
        self.heads = {c.value: c.court or c.heads for c in self.cards.values()
                      if c.role in ("bid", "hand") and c.value}
        me = view["player"]
        rounds = fl.get("rounds") or []
        i = fl.get("round_i", -1)
        rnd = rounds[i] if 0 <= i < len(rounds) else 0
        phase = PHASES.get(str(fl.get("phase")), str(fl.get("phase")))
        lines = [f"=== Round {rnd} · {phase} · {names[me]} (you) ==="]
        lines.append("Scores: " + ", ".join(
            f"{n} {s} (court {c}, provinces {pr})" for n, s, c, pr in
            zip(names, st["scores"], st["court"], st["provinces"], strict=True)))
        king = b.places[st["king"]].name if st["king"] >= 0 else "not placed"
        lines.append(f"King: {king}. Your hand: "
                     + (", ".join(map(self._card, st["hands"][me])) or "empty") + ".")
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
        offer = [c for c in st.get("offer") or [] if c]
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

    # -- game words --
    def _card(self, value: Any) -> str:
        """A hand card with the caballeros it brings: ``"13 (brings 6)"``."""
        n = self.heads.get(value) if isinstance(value, int) else None
        return f"{value} (brings {n})" if n is not None else str(value)

    def _place(self, pid: Any) -> str:
        """A place's name from its id (``old_castile`` -> ``Old Castile``); court too."""
        if pid == "court":
            return "your court"
        return self.board.place_name(pid) if self.board is not None else str(pid)

    def _player(self, p: Any) -> str:
        """A player's colour from a seat number (-1: the neutral caballeros)."""
        names = self.names
        if isinstance(p, int) and 0 <= p < len(names):
            return str(names[p])
        b = self.board
        return (b.neutral_name or "neutral") if b is not None and p == -1 else f"player {p}"

    def _colour(self, p: Any) -> str:
        """A player's colour as typed (the neutral caballeros: ``black``)."""
        return "black" if p == -1 else self._player(p)

    def words(self, text: str) -> str:
        """``text`` (a prompt, a label or a refusal from the engine) with its players by
        their names, cards by their titles and place ids as names
        (:func:`elgrande.play.words.in_words`, B3.4)."""
        if self.lib is None:
            return named(text, self.names)
        return in_words(text, self.names, self.lib)

    def _counts(self, where: dict[str, Any], sep: str) -> str:
        """``{place id or seat: n}`` as ``"2 in Aragon, 1 in the Castillo"``."""
        parts = []
        for k, n in where.items():
            who = self._player(int(k)) if str(k).lstrip("-").isdigit() else self._place(k)
            if isinstance(n, list):  # a send's parts naming kinds of caballeros (C10, C11)
                n = " + ".join(f"{p.get('n', 1)} (" + ", ".join(
                    f"{key} {json.dumps(v)}" for key, v in p.items() if key != "n") + ")"
                    for p in n if isinstance(p, dict))
            parts.append(f"{n} {sep} {who}" if sep else f"{n} of {who}")
        return ", ".join(parts) or "none"

    def _label(self, d: Decision, a: Any) -> str:
        """Answer ``a`` to ``d`` in the game's words."""
        k = d.kind
        if k == "choose_option":
            return named(str(d.options["labels"][a]), self.names)
        if k == "choose_action_card" and a in self.cards:
            c = self.cards[a]
            return (f"{c.title} [{a}], places {c.stack} caballero{'s' if c.stack != 1 else ''}"
                    if c.stack else f"{c.title} [{a}]")
        if k in ("choose_region", "secret_region") and isinstance(a, str):
            return self._place(a)
        if k == "choose_player" and isinstance(a, int):
            return self._player(a)
        if k == "choose_power_card":
            return self._card(a)
        if k == "choose_cards" and isinstance(a, list):
            return ", ".join(map(self._card, a))
        if k == "place_caballeros" and isinstance(a, dict):
            return self._counts(a, "" if all(str(x).isdigit() for x in a) and a else "in")
        if k == "send_caballeros" and isinstance(a, dict):
            return self._counts(a, "from")
        if k == "bring_to_court":
            if isinstance(a, int):
                return f"{a or 'none'} from the provinces"
            if isinstance(a, dict):
                regions = a.get("regions") or {}
                if not regions:
                    return f"{a.get('provinces', 0) or 'none'} from the provinces"
                return (f"{a.get('provinces', 0)} from the provinces, "
                        + self._counts(regions, "from"))
        if k == "move_caballeros" and isinstance(a, list):
            return "; ".join(
                f"{m.get('n')} of {self._player(m.get('player'))} from "
                f"{self._place(m.get('from'))} to {self._place(m.get('to'))}"
                if "player" in m else f"{m.get('n')} from {self._place(m.get('from'))} to "
                f"{self._place(m.get('to'))}" for m in a if isinstance(m, dict)) or "none"
        if k == "move_scoreboard" and isinstance(a, dict):
            return f"scoreboard {a.get('scoreboard')} to {self._place(a.get('to'))}"
        return a if isinstance(a, str) else json.dumps(a)

    def _typed(self, d: Decision, a: Any) -> str:
        """Answer ``a`` as a person types it (what :meth:`_parse` reads back)."""
        k = d.kind
        def at(r: Any) -> str:
            return self._player(int(r)) if str(r).isdigit() else (
                "court" if r == "court" else self._place(r))

        if k in ("place_caballeros", "send_caballeros") and isinstance(a, dict) \
                and all(isinstance(n, int) for n in a.values()):
            return ", ".join(f"{at(r)} {n}" for r, n in a.items()) or "none"
        if k == "bring_to_court" and isinstance(a, dict):
            regions = a.get("regions") or {}
            return (str(a.get("provinces", 0)) if not regions else
                    f"provinces {a.get('provinces', 0)}, "
                    + ", ".join(f"{at(r)} {n}" for r, n in regions.items()))
        if k == "move_caballeros" and isinstance(a, list):
            return ", ".join(
                f"{m['n']}{' of ' + self._colour(m['player']) if 'player' in m else ''} "
                f"from {at(m['from'])} to {at(m['to'])}" for m in a) or "none"
        if k == "move_scoreboard" and isinstance(a, dict):
            return f"{a.get('scoreboard')} to {at(a.get('to'))}"
        if k == "choose_cards" and isinstance(a, list):
            return " ".join(map(str, a))
        if k == "choose_player" and isinstance(a, int):
            return self._player(a)
        return a if isinstance(a, str) else json.dumps(a)

    def ask(self, d: Decision, me: int) -> None:
        """Print the prompt and the answers (numbered, or how to type one, with an
        example), in the game's words."""
        self._say(f"Decision [{d.rule or '-'}]: {self.words(d.prompt)}")
        listed = self._listed(d, me)
        if listed is not None:
            for n, a in enumerate(listed, 1):
                self._say(f"  {n}) {self._label(d, a)}")
        else:
            legal = d.legal_answers(me)
            if legal is not None and self._values(d, legal):
                self._say("  " + HOW.get(d.kind, "Type one of these.") + " You may play: "
                          + ", ".join(self._label(d, a) for a in legal) + ".")
                self._say("  (? explains, r answers at random, q saves and quits)")
                return
            example = self._typed(d, d.random_answer(random.Random(0), me))
            self._say("  " + HOW.get(d.kind, "Type your answer, e.g. {e}.").format(e=example))
            o = d.options
            if d.kind == "choose_cards":
                mine = (o.get("per_player") or {}).get(str(me), [])
                self._say(f"  Choose {o.get('count')} of: " + ", ".join(map(self._card, mine)))
            if isinstance(o.get("to"), list):
                self._say("  To: " + ", ".join(map(self._place, o["to"]))
                          + (f" (at most {o['max']} caballeros)" if "max" in o else ""))
            if isinstance(o.get("room"), dict) and o["room"]:
                self._say("  Room left: " + ", ".join(
                    f"{self._place(r)} {v[0] if isinstance(v, list) else v}"
                    for r, v in o["room"].items()))
            src = o.get("sources")
            if isinstance(src, dict):
                self._say("  From: " + ", ".join(
                    f"{self._place(r)} ({self._counts(n, '')})" if isinstance(n, dict)
                    else f"{self._place(r)} ({n})" for r, n in src.items()))
            if d.kind == "bring_to_court":
                self._say(f"  Up to {o.get('limit')}: the provinces hold "
                          f"{o.get('provinces')}" + (", regions: " + self._counts(
                              o["regions"], "in") if o.get("regions") else "") + ".")
        self._say("  (? explains, r answers at random, q saves and quits)")

    def explain(self, d: Decision) -> None:
        """Print what the decision is, its rule id and how to answer (``?``)."""
        self._say(f"About this decision (rule {d.rule or '-'}): "
                  + EXPLAIN_BY_RULE.get(d.rule or "", EXPLAIN.get(
                      d.kind, "A choice the rules or a card give you.")))
        how = HOW.get(d.kind)
        if how:
            self._say("How to answer: " + how.replace(", e.g. {e}", "").replace(
                " e.g. {e}", ""))
        if d.kind == "choose_action_card":
            for cid in d.options.get("choices") or []:
                c = self.cards.get(cid)
                if c is not None:
                    self._say(f"  {c.title} [{cid}]: {text_as_shown(c.text, c.data)}")

    def refused(self, exc: IllegalMove) -> None:
        """Print a refusal; the same question follows."""
        self._say(f"Refused [{exc.rule}]: {self.words(exc.message)}")

    # -- answering --
    def _parse(self, text: str, listed: list[Any] | None, rule: str = "B4.4",
               d: Decision | None = None) -> Any:
        """Read typed ``text``: a listed answer's number, JSON, or the decision's answer
        typed in words (place names or ids, colours; see :data:`HOW`)."""
        if listed is not None and text.isdigit():
            n = int(text)
            if not 1 <= n <= len(listed):
                raise IllegalMove(rule, f"choose a number from 1 to {len(listed)}")
            return listed[n - 1]
        try:
            return json.loads(text)
        except json.JSONDecodeError:
            pass
        k = d.kind if d is not None else ""
        if k == "choose_option" and listed is not None:
            raise IllegalMove(rule, f"type a number from 1 to {len(listed)}")
        try:
            if k in ("choose_region", "secret_region"):
                return self._place_id(text, rule)
            if k == "choose_player":
                return self._seat(text, rule)
            if k == "choose_cards":
                return [int(x) for x in re.split(r"[\s,]+", text) if x]
            if k in ("place_caballeros", "send_caballeros", "bring_to_court"):
                counts = self._pairs(text, rule)
                if k != "bring_to_court":
                    return counts
                return {"provinces": counts.pop("provinces", 0), "regions": counts}
            if k == "move_caballeros":
                return self._moves(text, rule)
            if k == "move_scoreboard":
                m = re.fullmatch(r"\s*(\S+)\s+to\s+(.+?)\s*", text)
                if m:
                    return {"scoreboard": m.group(1), "to": self._place_id(m.group(2), rule)}
        except ValueError:
            raise IllegalMove(rule, f"cannot read {text!r}: "
                              + HOW.get(k, "").replace(", e.g. {e}", "")) from None
        return text

    def _place_id(self, text: str, rule: str) -> str:
        """The id of the place named ``text`` (its id or name, any case; "court")."""
        key = text.strip().lower().replace("_", " ")
        b = self.board
        if key in ("court", "your court", "provinces"):
            return key.split()[-1]
        if b is not None:
            for p in b.places:
                if key in (p.id.replace("_", " "), p.name.lower()):
                    return str(p.id)
        raise IllegalMove(rule, f"no place is called {text.strip()!r}")

    def _seat(self, text: str, rule: str) -> int:
        """The seat of the player whose colour is ``text``."""
        for i, n in enumerate(self.names):
            if text.strip().lower() == str(n).lower():
                return i
        raise IllegalMove(rule, f"no player is called {text.strip()!r}")

    def _pairs(self, text: str, rule: str) -> dict[Any, int]:
        """``"aragon 2, old castile 1"`` (or ``"2 aragon"``; ``none``) as ``{id: n}``;
        a colour's count is keyed by its seat (a seating)."""
        if text.strip().lower() in ("none", "nothing", "-"):
            return {}
        out: dict[Any, int] = {}
        for part in (x for x in re.split(r"\s*,\s*|\s+and\s+", text.strip()) if x):
            m = re.fullmatch(r"(\d+)\s+(?:in\s+|from\s+|of\s+)?(.+)|(.+?)\s+(\d+)", part)
            if not m:
                raise ValueError(part)
            n, name = (m.group(1), m.group(2)) if m.group(1) else (m.group(4), m.group(3))
            try:
                key: Any = str(self._seat(name, rule))
            except IllegalMove:
                key = self._place_id(name, rule)
            out[key] = out.get(key, 0) + int(n)
        return out

    def _moves(self, text: str, rule: str) -> list[dict[str, Any]]:
        """``"2 from aragon to castillo, 1 of blue from galicia to basque"`` as moves."""
        if text.strip().lower() in ("none", "nothing", "-"):
            return []
        out = []
        for part in (x for x in re.split(r"\s*[,;]\s*", text.strip()) if x):
            m = re.fullmatch(r"(\d+)\s+(?:of\s+(\S+)\s+)?from\s+(.+?)\s+to\s+(.+)", part)
            if not m:
                raise ValueError(part)
            move: dict[str, Any] = {"from": self._place_id(m.group(3), rule),
                                    "to": self._place_id(m.group(4), rule),
                                    "n": int(m.group(1))}
            if m.group(2):
                b = self.board
                neutral = (b.neutral_name or "").lower() if b is not None else ""
                move["player"] = -1 if m.group(2).lower() in (neutral, "black", "neutral") \
                    else self._seat(m.group(2), rule)
            out.append(move)
        return out

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
            listed = self._listed(d, me)
            try:
                a = self._parse(text, listed, d.rule or "B4.4", d)
                d.check(a, me)
            except IllegalMove as exc:
                self.refused(self._reworded(exc, d, me, text, listed))
                continue
            return a

    def _reworded(self, exc: IllegalMove, d: Decision, me: int, text: str,
                  listed: list[Any] | None) -> IllegalMove:
        """``exc`` as the seat says it: an answer not among the choices names the choices
        in the game's words (the numbers to type when they are numbered), an answer of
        the wrong shape says how to type one; other refusals stay (same rule id)."""
        msg = exc.message
        if "is not one of the allowed answers" in msg or msg.startswith("choose an option"):
            if listed is not None:
                return IllegalMove(exc.rule, f"{text!r} is not one of the choices: type a "
                                   f"number from 1 to {len(listed)}")
            legal = d.legal_answers(me)
            if legal is not None:
                return IllegalMove(exc.rule, f"{text!r} is not one of the choices: "
                                   + ", ".join(self._label(d, a) for a in legal))
        if msg.startswith("answer with") and d.kind in HOW:
            return IllegalMove(exc.rule, f"cannot read {text!r}: "
                               + HOW[d.kind].replace(", e.g. {e}", "").replace(" e.g. {e}", ""))
        return exc


def make_seat(kind: str, seed: int, inp: TextIO | None = None,
              out: TextIO | None = None) -> Any:
    """A seat for ``elgrande play``: ``human`` (on stdin/stdout unless given) or a bot
    by name (:func:`elgrande.players.bots.make_bot`).

    Raises:
        ValueError: unknown bot name.
    """
    import sys

    from elgrande.players.bots import make_bot

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
        if not isinstance(seat, HumanSeat):  # a bot: the view built as it reads it
            game.answer(p, seat.answer(game.lazy_view(p)))
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
