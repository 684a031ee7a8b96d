"""Which places of a card's region choice would make the card do nothing (f28: a
homebrew card offered every region, also those where none of the player's caballeros could move in,
and nothing told them apart). Each enabled place stays enabled (B8: the card lets the
player choose it, and choosing it is legal); its label only says "(the card would do
nothing there)".

How it is known: the choice is answered on a copy of the game (``game.copy()``) for each
offered place; the place does nothing where the card's steps after the choice make no
effect event of the card (a move, a placement, a scoring in which somebody scores,
points: not the choice's own "choose", a "nothing" aside, nor the scoring of a region
where nobody gains a point) and the card's run is over. Only for a card whose steps
after the choice (a choice of its script's top level) read the board alone: moves,
scorings, points, further choices of the player (:data:`BOARD_CALLS`), no card, stack or
hand (:data:`HIDDEN_NODES`), no lasting rule or trigger. So the copy's hidden parts
(the stacks' order, hands, the seed) never decide a label (B8.5a: the Castillo's counts
are said aloud, so they are the board's too).
"""

from __future__ import annotations

from typing import Any, Final

from elgrande.dsl import ast
from elgrande.dsl.choice_words import steps_after
from elgrande.engine.decisions import Decision
from elgrande.errors import IllegalMove
from elgrande.model.marks import USE
from elgrande.play.game import Game
from elgrande.play.narrate import is_effect

#: The statements a card's steps after its region choice may call for the hint to be
#: given: each reads the board only (B8.2 moves, B8.6 scorings, points, a choice of the
#: player); any other (a card drawn, moved or carried out, a secret choice, a kept card,
#: a lasting rule, a bridge or a scoreboard laid) leaves the choice without hints.
BOARD_CALLS: Final = frozenset({"move", "score", "points", "choose", "pass_"})
#: Parts of a script that read cards, stacks or hands (hidden, B8.5a) or keep a trigger
#: (a lasting effect no event of the answer shows): none may follow the choice.
HIDDEN_NODES: Final = (ast.CardHolder, ast.CardPlace, ast.CardRef, ast.RegionOfCard,
                       ast.Holds, ast.When)
#: What a place's label adds where the card would do nothing there.
IDLE: Final = " (the card would do nothing there)"
#: The events of a card's step that do nothing on the board: its choices, "nothing to".
_NO_EFFECT: Final = frozenset({"choose", "nothing"})


def board_only(steps: list[ast.Node] | None) -> bool:
    """Whether ``steps`` (a card's statements after its choice, or None) read the board
    alone (:data:`BOARD_CALLS`, no :data:`HIDDEN_NODES`; B8.5a: nothing hidden); False for
    None."""
    if steps is None:
        return False
    for step in steps:
        for n in ast.walk(step):
            if isinstance(n, HIDDEN_NODES) or (isinstance(n, ast.Call)
                                               and n.name not in BOARD_CALLS):
                return False
    return True


def _running(game: Game, card: str) -> bool:
    run = game.flow.run
    while run is not None:
        if run.card == card:
            return True
        run = run.inner
    return False


def does_nothing(game: Game, seat: int, card: str, value: str) -> bool:
    """B8: whether answering the pending choice with ``value`` (as ``seat``) on a copy of
    ``game`` ends card ``card``'s run with no effect event of the card (see module doc).
    An answer the engine refuses counts as doing something (no hint). Raises nothing."""
    copy = game.copy()
    try:
        events = copy.answer(seat, value)
    except IllegalMove:
        return False
    did = any(is_effect(e) and e.get("card") == card and e.get("event") not in _NO_EFFECT
              and not _scores_nobody(e) for e in events)
    return not did and not _running(copy, card)


def _scores_nobody(e: dict[str, Any]) -> bool:
    """B6.5, B8.6 (f32: the special scoring offered empty regions with no hint): whether
    ``e`` is a card's scoring of one place in which nobody gains a point (no line with
    points or a bonus: an empty region, B6.5)."""
    result = e.get("result") if e.get("event") == "score" else None
    lines = result.get("lines") if isinstance(result, dict) else None
    if not isinstance(lines, list):
        return False
    return not any(isinstance(x, dict) and (x.get("points") or any(
        isinstance(b, list) and len(b) == 2 and b[1] for b in x.get("bonuses") or ()))
        for x in lines)


def idle_words(game: Game, d: Decision, options: list[dict[str, Any]]) -> None:
    """f28, B8: at a card's region choice (``d`` of kind ``choose_region`` whose prompt
    holds the card's use marker, the card under way, its steps after the choice reading
    the board only: :func:`board_only`), each enabled place option where the card would
    do nothing (:func:`does_nothing`) gets :data:`IDLE` after its label and ``"idle":
    True``; it stays enabled (a label with a note already, page_words.empty_source_words'
    "Galicia (no caballeros)", keeps its words). At most one copy of the game per option. Changes
    ``options`` (the controls' options, a place's with ``"place"``) in place; raises
    nothing."""
    m = USE.search(d.prompt) if d.kind == "choose_region" else None
    if m is None or not d.players:
        return
    card = m.group(1)
    if not _running(game, card) or \
            not board_only(steps_after(game.library.scripts.get(card), m.group(2))):
        return
    for o in options:
        place = o.get("place")
        if o.get("enabled") and isinstance(place, str) and \
                does_nothing(game, d.players[0], card, place):
            label = str(o.get("label", place))
            if not label.endswith(")"):  # a note already says it: "Galicia (no caballeros)"
                o["label"] = label + IDLE
            o["idle"] = True
