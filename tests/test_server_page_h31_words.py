"""The words of h31 (issue 30, f23) without a browser: a card's source region holding
nobody says "(no caballeros)" only where the card takes caballeros from it (B8.2), and a
mobile scoreboard's move in two parts, the Castillo's saying B6.9."""

from __future__ import annotations

from typing import Any

import pytest

from elgrande import new_game
from elgrande.dsl.parser import parse
from elgrande.engine.choice_sources import moves_from_its_one_choice
from elgrande.engine.decisions import Decision
from elgrande.server.page_words import (
    empty_source_words,
    scoreboard_words,
)


def _options(game: Any) -> list[dict[str, Any]]:
    board = game.library.board
    return [{"label": board.place_name(p.id), "place": p.id, "enabled": True}
            for p in board.places if p.kind == "region"]


@pytest.mark.rule("B8", "B8.2")
@pytest.mark.parametrize(("script", "said"), [
    ("source = choose region from regions except king\n"
     "move up to 5 caballeros of any player from source to anywhere\n", True),
    # f24: caballeros gathered from the regions adjacent to the one chosen, into it
    ("dest = choose region from regions except king\n"
     "move up to 2 own caballeros from adjacent to dest to dest\n", False),
    ("target = choose region from anywhere\nscore target\n", False),
    ("a = choose region from regions except king\n"
     "b = choose region from regions except king\n"
     "move up to 2 own caballeros from a to b\n", False),
])
def test_no_caballeros_is_said_only_where_the_card_moves_from_the_region_chosen(
        script: str, said: bool) -> None:
    assert moves_from_its_one_choice(parse(script)) is said


@pytest.mark.rule("B8", "B8.2")
def test_no_card_under_way_no_note() -> None:
    """A region choice of no card under way (no script to read) keeps its labels."""
    g = new_game(3, seed=5)
    castillo = g.library.board.place_id(g.library.board.castillo)
    source = Decision("choose_region", [0], "p", {"choices": [], "why": {
        castillo: ["B8.2", "caballeros never leave the Castillo by a special action"]}}, "B8")
    opts = _options(g)
    empty_source_words(g, source, opts)
    assert not any("no caballeros" in o["label"] for o in opts)


@pytest.mark.rule("B6.9")
def test_a_scoreboards_move_in_two_parts_and_the_castillo_said() -> None:
    g = new_game(3, seed=5)
    board = g.library.board
    sb = board.scoreboards[0].id
    region = next(p.id for p in board.places if p.kind == "region")
    w = scoreboard_words(g, sb, region)
    assert w["short"] == f"to {board.place_name(region)}"
    assert w["group"] == f"Scoreboard {sb}, beside the board"
    assert w["label"] == f"scoreboard {sb} (beside the board) to {board.place_name(region)}"
    c = scoreboard_words(g, sb, board.place_id(board.castillo))
    castillo = board.place_name(board.castillo)
    assert c["short"] == f"to the {castillo} (B6.9: the {castillo} is scored with this " \
        "scoreboard's values)"
    assert c["label"].endswith(c["short"])
