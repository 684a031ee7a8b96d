"""Why a card's placement from court refuses a place (B8, f17): a card that places its
caballeros in places of its own (``move up to 2 own caballeros from court to dest``, the
region it chose) refuses every other place because the card names its places, not because
of the king (B5.1 allows special actions to place elsewhere). The engine's refusal of such
a place is the generic "X is not a region caballeros may be placed in now (allowed: Y)",
cited with the decision's rule (B5.1), which read as if the king forbade places next to
him; the page says the card's own reason instead: "this card places only in Seville, the
region it chose". Likewise a card's region choice refusing the king's region (the engine's
B5.2 reason, "nothing may enter or leave it") says the rule that fits a special action,
B8.1: "Old Castile is the king's region, closed to every special action" (h41: B8's "this
card chooses a region other than the king's region" only repeated the prompt). And a
card's region choice refusing the Castillo says a reason that fits the choice's use (f28,
:func:`castillo_reason`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from elgrande.dsl import ast as dsl_ast
from elgrande.dsl.choice_words import choice_limit, takes_from_choice
from elgrande.dsl.render import render_after, render_statement
from elgrande.engine.choice_sources import OUTSIDE_CARD
from elgrande.engine.decisions import Decision
from elgrande.engine.interpreter import block_at
from elgrande.engine.movers import KING_PROMPT
from elgrande.errors.rule_ids import title
from elgrande.model.marks import USE, bound_values
from elgrande.play.game import Game

#: The rule of a card's own places (B8: a special action does what its card says).
CARD_RULE = "B8"

#: The kinds of an answer that chooses a region (the region a card then uses).
REGION_CHOICES = frozenset({"choose_region", "secret_region"})


def _names(names: list[str]) -> str:
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} or {names[-1]}"


#: The kind of the answer that takes a turn's action card: a card's run starts after it.
TAKE_CARD = "choose_action_card"


def chosen_region(game: Game) -> str | None:
    """The region the card under way chose (B8): the latest answer of a region choice
    (:data:`REGION_CHOICES`) since the turn's action card was taken (``game.history``),
    a location id; None when none was chosen since (f18: Pilgrims' Road chooses, then
    brings to court, then places there: its choice is no longer the last answer)."""
    for h in reversed(game.history):
        kind = h.get("kind")
        if kind == TAKE_CARD:
            return None
        answer = h.get("answer")
        if kind in REGION_CHOICES and isinstance(answer, str):
            return answer
    return None


def card_place_words(game: Game, d: Decision, options: list[dict[str, Any]],
                     name_of: Callable[[str], str]) -> None:
    """B8: give every option of a card's placement from court (``d`` of kind
    ``place_caballeros`` with rule B5.1, not the turn's placement, B4.3) refused at a
    place (its ``"place"``, a location id) outside the card's places (``d.options["to"]``)
    and with no refusal of its own (the king's region keeps B5.2's) the card's reason,
    rule B8: "this card places only in Seville" (places named by ``name_of(place id)``),
    ", the region it chose" added where the card chose that one region this turn
    (:func:`chosen_region`). Changes ``options`` in place; raises nothing."""
    if d.kind != "place_caballeros" or d.rule != "B5.1":
        return
    to = [str(t) for t in d.options.get("to", [])]
    own = d.options.get("refused", {})
    if not to:
        return
    why = f"this card places only in {_names([name_of(t) for t in to])}"
    if len(to) == 1 and chosen_region(game) == to[0]:
        why += ", the region it chose"
    for o in options:
        place = o.get("place")
        if o.get("enabled") or not place or place in to or place in own:
            continue
        o.update({"rule": CARD_RULE, "title": title(CARD_RULE), "why": why, "whole": True})


def card_move_words(game: Game, d: Decision, options: list[dict[str, Any]],
                    name_of: Callable[[str], str]) -> None:
    """B8: a card's move of caballeros (``d`` of kind ``move_caballeros``) from the one
    region the card chose this turn (:func:`chosen_region`), or to it alone, names that
    region in the reason of every destination outside the card's (``d.options["to"]``)
    refused by the move's own rule (the king's region keeps B5.2's): "this card moves
    caballeros from Catalonia, the region it chose, only to Aragon or the Castillo" (f18:
    "not a region these caballeros may move to" said neither), or "this card moves
    caballeros only to Seville, the region it chose"; rule B8. Places are named by
    ``name_of(place id)``. Changes ``options`` in place; raises nothing."""
    if d.kind != "move_caballeros":
        return
    chosen = chosen_region(game)
    to = [str(t) for t in d.options.get("to", [])]
    sources = {str(s) for s in d.options.get("sources", {})}
    if chosen is None or not to:
        return
    if to == [chosen]:
        why = f"this card moves caballeros only to {name_of(chosen)}, the region it chose"
    elif sources == {chosen}:
        why = (f"this card moves caballeros from {name_of(chosen)}, the region it chose, "
               f"only to {_names([name_of(t) for t in to if t != chosen])}")
    else:
        return
    for o in options:
        place = o.get("place")
        if o.get("enabled") or not place or place in to or o.get("rule") != d.rule:
            continue
        o.update({"rule": CARD_RULE, "title": title(CARD_RULE), "why": why, "whole": True})


#: The rule of a special action kept out of the king's region (B8.1, after B5.2).
KING_CLOSED_RULE: Final = "B8.1"
#: Why a card's region choice refuses the king's region (``{king}``: its name), B8.1.
KING_CLOSED: Final = "{king} is the king's region, closed to every special action"


def card_choice_words(game: Game, d: Decision, options: list[dict[str, Any]]) -> None:
    """B8.1 (the king's region stays closed to every special action): at a card's region
    choice (``d`` of a kind in :data:`REGION_CHOICES` whose prompt holds the card's use
    marker, :data:`elgrande.model.marks.USE`) whose card limits the choice
    (:func:`elgrande.dsl.choice_words.choice_limit` says something), the king's region's
    option, refused with the engine's B5.2 reason ("nothing may enter or leave it", which
    reads wrong where the card only chooses a region), gets rule B8.1, its title and
    "Old Castile is the king's region, closed to every special action" (h41: the card's
    limit, "this card chooses a region other than the king's region", only repeated the
    prompt). The decision and its stored reasons are unchanged; a card whose limit says
    nothing (any region) keeps the engine's. Changes ``options`` in place; raises
    nothing."""
    m = USE.search(d.prompt) if d.kind in REGION_CHOICES else None
    king = game.state.king
    if m is None or king < 0:
        return
    lib = game.library
    ids = [p.id for p in lib.board.places]
    if not choice_limit(lib.scripts.get(m.group(1)), m.group(2), bound_values(m.group(3)),
                        ids):
        return
    why = KING_CLOSED.format(king=lib.board.places[king].name)
    for o in options:
        if o.get("enabled") or o.get("place") != ids[king] or o.get("rule") != "B5.2":
            continue
        o.update({"rule": KING_CLOSED_RULE, "title": title(KING_CLOSED_RULE), "why": why,
                  "whole": True})


#: The rule of the king's region (B5.2), which the Castillo never is.
KING_REGION_RULE: Final = "B5.2"
#: The rule of where caballeros are taken from (B8.2: never out of the Castillo).
SOURCE_RULE: Final = "B8.2"
#: The rule that the map's regions are not the Castillo (B1.6: nine mainland regions and
#: the Castillo): the king stands only in a region (B2.1, B8.8, I5).
MAP_RULE: Final = "B1.6"


def castillo_reason(game: Game, d: Decision, rule: str, why: str) -> tuple[str, str]:
    """The rule and words a card's region choice ``d`` gives for refusing the Castillo,
    from the engine's own (``rule``, ``why``: ``d.options["why"]``'s, stored unchanged)
    fitted to what the choice is for (f28):

    - the king's move (B5.2 "the king never goes into the Castillo": the Castillo is not
      the king's region, so B5.2's title "the king's region is closed" did not fit):
      B1.6, "the king never goes into the Castillo, which is not a region";
    - a choice whose name is no move's source itself, only a place named from it
      (``move ... from adjacent to target to target``: the choice is where caballeros
      go; the engine's B8.2 "caballeros never leave the Castillo ..." read wrong): B8,
      "the Castillo is not one of the places this card lets you choose" (the engine's
      words where its choice is not a source);
    - else the engine's own.

    Args:
        game: the game (its board, the king's place, the cards' scripts).
        d: the pending region choice (its prompt's use marker names the card and name).
        rule, why: the engine's reason for the Castillo.
    Raises nothing."""
    board = game.library.board
    name = board.places[board.castillo].name
    if rule == KING_REGION_RULE and board.castillo != game.state.king:
        return MAP_RULE, f"{why}, which is not a region"
    m = USE.search(d.prompt) if rule == SOURCE_RULE else None
    if m is not None and not takes_from_choice(game.library.scripts.get(m.group(1)),
                                               m.group(2)):
        return CARD_RULE, f"the {name} is {OUTSIDE_CARD}"
    return rule, why


def _asking_statement(game: Game) -> tuple[dsl_ast.Script, dsl_ast.Node] | None:
    """The card script under way and its statement now asking (the innermost run's
    innermost frame, B8), or None (no card, no script known, a frame past its block)."""
    run = game.flow.run
    while run is not None and run.inner is not None:
        run = run.inner
    script = game.library.scripts.get(run.card) if run is not None else None
    if run is None or script is None or not run.frames:
        return None
    frame = run.frames[-1]
    body = block_at(script, frame.path).body
    return (script, body[frame.pc]) if 0 <= frame.pc < len(body) else None


#: The engine's prompt of a card's king move (B8) as it reads inside a card's prompt.
_KING_STEP: Final = KING_PROMPT[0].lower() + KING_PROMPT[1:]


def king_move_prompt(game: Game, d: Decision, prompt: str) -> str:
    """B8 (f30: "move the king to another region of your choice" read as any region where
    the card allows only the regions next to him, and did not say the card's next step):
    ``prompt`` (the controls' prompt in words) of a card's king move with the engine's
    words for the move replaced by the card's own sentence for it ("move the king to a
    region adjacent to the king's region") and the card's steps after it ("Then: gain 2
    points."). Display-time: the stored prompt is unchanged. ``prompt`` as it is for any
    other decision; raises nothing."""
    if d.kind != "choose_region" or _KING_STEP not in prompt:
        return prompt
    found = _asking_statement(game)
    if found is None:
        return prompt
    script, stmt = found
    said = render_statement(script, stmt).strip().rstrip(".")
    if not said.lower().startswith("move the king"):
        return prompt
    out = prompt.replace(_KING_STEP, said[0].lower() + said[1:], 1)
    after = [text.strip().rstrip(".") for _, text in render_after(script, stmt)]
    if after:
        out = out.rstrip(".") + ". Then: " + "; ".join(a[0].lower() + a[1:] for a in after) + "."
    return out


def king_move_reasons(game: Game, d: Decision, options: list[dict[str, Any]]) -> None:
    """B8 (f30: a king's move refused every region not next to him under the decision's
    rule B5.2, whose title "the king's region is closed" read as if each were the king's):
    at a card's king move (the engine's :data:`KING_PROMPT`), an option refused under rule
    B5.2 at a place other than the king's region gets the card's own reason, rule B8:
    "this card moves the king only to: Aragon, Old Castile, ..." (the places it offers).
    Changes ``options`` in place; raises nothing."""
    if d.kind != "choose_region" or _KING_STEP not in d.prompt.replace(KING_PROMPT, _KING_STEP) \
            or game.flow.run is None:
        return
    board = game.library.board
    king = board.place_id(game.state.king) if 0 <= game.state.king < len(board.places) \
        else None
    allowed = [board.place_name(str(o["place"])) for o in options
               if o.get("enabled") and o.get("place")]
    why = "this card moves the king only to: " + ", ".join(allowed)
    for o in options:
        if o.get("enabled") or o.get("rule") != "B5.2" or not o.get("place") \
                or o.get("place") == king:
            continue
        o.update({"rule": CARD_RULE, "title": title(CARD_RULE), "why": why, "whole": False})
