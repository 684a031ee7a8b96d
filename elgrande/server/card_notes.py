"""What the page of ``elgrande serve`` says about the action card whose special action is
under way (B8): the card's printed text beside each of its decisions, and the true reason
a region choice of the card leaves out the Castillo.

The engine refuses the Castillo in a region choice that leaves it out with B8: the card's
set of places does not hold it. When the card takes caballeros from the chosen region
(``source = choose region ...`` then ``move ... from source to ...``) the page adds why a
card is written so (B8.2: caballeros never leave the Castillo by a special action), under
the same rule id.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from elgrande.dsl import ast
from elgrande.engine.decisions import Decision
from elgrande.engine.interpreter import block_at
from elgrande.errors.rule_ids import title
from elgrande.play.game import Game
from elgrande.rules.base_data import CARD_TAKEN_PHASES

#: The rule a choice among the card's own places cites (B8: a special action does what
#: its card says).
CARD_RULE = "B8"


def _card(game: Game) -> Any:
    """The loaded card of the turn under way (B4-B8: from its taking to the end of its
    special action, or while its script runs), or None."""
    cid = game.flow.card
    if not cid or (game.flow.run is None and game.flow.phase not in CARD_TAKEN_PHASES):
        return None  # (the last turn's card stays in the flow until the next turn)
    try:
        return game.library.card(cid)
    except KeyError:
        return None


def card_under_way(game: Game) -> dict[str, Any] | None:
    """``{"id", "title", "text", "stack"}`` of the action card whose special action is
    under way (public once taken, B8), or None between special actions.

    Args:
        game: the game (its ``flow.card``).
    """
    card = _card(game)
    if card is None:
        return None
    return {"id": card.id, "title": card.title, "text": card.text, "stack": card.stack}


def _chosen_var(game: Game) -> tuple[ast.Script, str] | None:
    """The script and the variable of the region choice the run under way is asking
    (the statement at the interpreter's position, B8), or None."""
    run = game.flow.run
    while run is not None and run.inner is not None:  # a card carried out by the card
        run = run.inner
    if run is None or not run.frames:
        return None
    script = game.library.scripts.get(run.card)
    if script is None:
        return None
    f = run.frames[-1]
    body = block_at(script, f.path).body
    if f.pc >= len(body):
        return None
    stmt = body[f.pc]
    if isinstance(stmt, ast.Call) and stmt.name == "choose" and \
            isinstance(stmt.arg("choice"), ast.RegionChoice):
        return script, str(stmt.arg("var"))
    return None


def _a_source(script: ast.Script, var: str) -> bool:
    """Whether ``var`` stands in the source of a move of the script (caballeros leave
    the chosen region)."""
    for node in ast.walk(script):
        if isinstance(node, ast.Call) and node.name == "move":
            source = node.arg("source")
            if any(isinstance(n, ast.Name) and n.name == var for n in ast.walk(source)):
                return True
    return False


def not_named(game: Game, d: Decision, value: Any) -> dict[str, Any] | None:
    """The refusal of the Castillo (``value``) in the card's region choice ``d`` when the
    card takes caballeros from the chosen region: ``{"rule", "title", "why"}``, the
    engine's reason (B8: the card's places do not hold the Castillo) and why a card is
    written so (B8.2: caballeros never leave the Castillo by a special action); else
    None (the engine's reason stands).

    Args:
        game: the game whose pending decision is ``d``.
        d: a pick decision.
        value: the option the decision leaves out (a place id for a region choice).
    """
    board = game.library.board
    if d.kind != "choose_region" or value != board.places[board.castillo].id:
        return None
    found = _chosen_var(game)
    if found is None or not _a_source(*found):
        return None
    why = d.options.get("why", {}).get(value)
    if not why or why[0] != CARD_RULE:
        return None
    return {"rule": CARD_RULE, "title": title(CARD_RULE),
            "why": f"{why[1]}: caballeros never leave the "
                   f"{board.places[board.castillo].name} by a special action (B8.2)"}


def uploaded(game: Game, folder: Path | None) -> list[dict[str, Any]]:
    """``[{"id", "title", "stack"}]`` of the cards ``game`` loaded from the uploaded
    folder ``folder`` (the host is told which cards were loaded), in id order; [] for
    none.

    Args:
        game: a game made with ``cards=[folder]``.
        folder: the checked homebrew folder, or None.
    """
    if folder is None:
        return []
    root = folder.resolve()
    out = []
    for card in game.library.cards.cards.values():
        path = getattr(card, "path", None)
        if path and Path(path).resolve().is_relative_to(root):
            out.append({"id": card.id, "title": card.title, "stack": card.stack})
    return sorted(out, key=lambda c: str(c["id"]))
