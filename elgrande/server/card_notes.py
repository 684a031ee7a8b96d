"""What the page of ``elgrande serve`` says about the action card whose special action is
under way (B8): the card's printed text beside each of its decisions, and the true reason
a region choice of the card leaves out the Castillo.

The engine refuses the Castillo in a region choice that leaves it out with B8.2's "caballeros
never leave the Castillo by a special action", which is the reason when the chosen region
is where caballeros are taken from, and the wrong one when the card puts caballeros there
(``target = choose region from regions`` then ``move ... from court to target``): the
Castillo is then out because the card's set of places does not hold it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from elgrande.dsl import ast
from elgrande.engine.decisions import Decision
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


def _chosen_var(script: ast.Script, prompt: str) -> str | None:
    """The variable of the script's region choice asked with ``prompt`` (the engine's
    ``Choose a region (VAR)``), or None."""
    for node in ast.walk(script):
        if isinstance(node, ast.Call) and node.name == "choose":
            var = node.arg("var")
            if isinstance(node.arg("choice"), ast.RegionChoice) and \
                    prompt == f"Choose a region ({var})":
                return str(var)
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
    card never takes caballeros from the chosen region: ``{"rule", "title", "why"}`` (the
    card's places do not hold the Castillo), else None (the engine's reason stands).

    Args:
        game: the game whose pending decision is ``d``.
        d: a pick decision.
        value: the option the decision leaves out (a place id for a region choice).
    """
    if d.kind != "choose_region" or value != game.library.board.places[
            game.library.board.castillo].id:
        return None
    card = _card(game)
    script = getattr(card, "script", None)
    if not isinstance(script, ast.Script):
        return None
    var = _chosen_var(script, d.prompt)
    if var is None or _a_source(script, var):
        return None
    return {"rule": CARD_RULE, "title": title(CARD_RULE),
            "why": f"the Castillo is not one of the places this card lets you choose as "
                   f"{var!r}"}


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
