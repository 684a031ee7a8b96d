"""Lines of a card's special action that :func:`elgrande.play.narrate.words` leaves to
this module (h44: fresh users read neither which branch of an "either ... or ..." card
was taken nor that a card's "move ... from your court" was a move from the court): the
branch a player chose, caballeros a card moves from the court, and the named event a
card's trigger heard.

Words only (log lines are not stored); the events are the engine's
(``elgrande.engine``), read as they are, with defaults for fields an older version did
not put in them.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any, Final

from elgrande.model.board import Board
from elgrande.model.counted import counted
from elgrande.model.seats import named

#: A card named in an engine text: ``{card:ID}``.
CARD_REF: Final = re.compile(r"\{card:([^}]+)\}")


def option_line(e: dict[str, Any], names: Sequence[str], card: Callable[[str], str]) -> str:
    """The line of ``choose`` event ``e`` of an ``either: ... or: ...`` statement (B4.4:
    the player carries out the special action in the branch they pick; the event's
    ``option``, 0-based, and ``label``, the branch as the decision's option showed it),
    in the third person (f36: spectators read it too; :func:`third_person`): ``'  Randy
    chooses, for Intrigue: place up to 2 of their caballeros from their court in any
    region or the Castillo.'``; the players and cards the label names by name (``card``:
    card id -> its name in the log); ``'  Randy chooses option 2 for Intrigue.'`` for an
    event without a label. Raises KeyError for an event without ``chooser``."""
    label = str(e.get("label") or "")
    if label:
        from elgrande.dsl.choice_words import names_unsaid  # (only where a label is said)

        label = named(names_unsaid(label), names)
        label = CARD_REF.sub(lambda m: card(m.group(1)), label) if "{card:" in label \
            else label
        for_ = f", for {card(e['card'])}" if e.get("card") else ""
        return f"  {names[e['chooser']]} chooses{for_}: {third_person(label).rstrip('.')}."
    for_ = f" for {card(e['card'])}" if e.get("card") else ""
    return f"  {names[e['chooser']]} chooses option {int(e.get('option', 0)) + 1}{for_}."


def third_person(text: str) -> str:
    """``text`` (an option's label of an either card's choice, B4.4, said to the player
    choosing) said of them for the log every seat and spectator reads: "you", "your" ...
    made "they", "their" ... (``"Your Grande"`` -> ``"Their Grande"``). Raises
    nothing."""
    from elgrande.dsl.english import swap_pronouns  # (only where a label is said)

    text = swap_pronouns(text)
    return re.sub(r"\b(You|Your|Yours|Yourself)\b",
                  lambda m: swap_pronouns(m.group(1).lower()).capitalize(), text)


def from_court_line(e: dict[str, Any], board: Board, names: Sequence[str]) -> str:
    """The line of ``place`` event ``e`` made by a card's special action (``move QTY
    caballeros from court to SET``: B5.1, a special action may put caballeros from the
    court anywhere but in the king's region; not the turn's placement, B4.3, whose line
    says "places caballeros: ..."), in the card language's verb (f35: "place up to 2 of
    your caballeros from your court in that region"): ``"  Randy places 2 caballeros from
    the court in Aragon."``; in several places ``"  Randy places 3 caballeros from the
    court: 1 in Aragon, 2 in Castillo."``. The mover is the event's ``decider`` (else its
    ``player``). Raises KeyError for an event without ``to``."""
    to: dict[str, int] = e["to"]
    who = names[e.get("decider", e["player"])]
    total = sum(to.values())

    def where(r: str) -> str:
        return board.place_name(r) if r in board.index else r
    if len(to) == 1:
        (r,) = to
        return f"  {who} places {counted(total, 'caballero')} from the court in {where(r)}."
    parts = ", ".join(f"{n} in {where(r)}" for r, n in to.items())
    return f"  {who} places {counted(total, 'caballero')} from the court: {parts}."


def fired_on(e: dict[str, Any], board: Board, names: Sequence[str]) -> str:
    """The named event a ``trigger_fires`` event heard, in words: ``"the turn of green
    starts"``, ``"caballeros of red arrive in Aragon"``."""
    on, p, at = e.get("on"), e.get("of", -1), e.get("at", -1)
    who = names[p] if isinstance(p, int) and 0 <= p < len(names) else "a player"
    if on in ("turn_start", "turn_end"):
        return f"the turn of {who} {'starts' if on == 'turn_start' else 'ends'}"
    if on == "card_taken":
        return f"{who} takes a card"
    if on == "arrive":
        where = board.place_name(at) if isinstance(at, int) and at >= 0 else "a place"
        return f"caballeros of {who} arrive in {where}"
    return _ON_WORDS.get(str(on), str(on))


#: The named events that name no player, in the log's words (:func:`fired_on`).
_ON_WORDS: Final = {"round_start": "the round starts", "round_end": "the round ends",
                    "castillo_emptied": "the Castillo is emptied",
                    "regions_scored": "the regions are scored"}
