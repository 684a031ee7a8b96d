"""The words of h31 (issue 30, f23) without a browser: a card's source region holding
nobody says "(no caballeros)" only where the card takes caballeros from it (B8.2), and a
mobile scoreboard's move in two parts, the Castillo's saying B6.9."""

from __future__ import annotations

from typing import Any

import pytest

from elgrande import new_game
from elgrande.engine.decisions import Decision
from elgrande.server.page_words import empty_source_words, scoreboard_words


def _options(game: Any) -> list[dict[str, Any]]:
    board = game.library.board
    return [{"label": board.place_name(p.id), "place": p.id, "enabled": True}
            for p in board.places if p.kind == "region"]


@pytest.mark.rule("B8", "B8.2")
def test_no_caballeros_is_said_only_at_a_source_choice() -> None:
    g = new_game(3, seed=5)
    board, s = g.library.board, g.state
    empty = {board.place_id(i) for i in range(len(board.places))
             if board.places[i].kind == "region" and sum(s.caballeros[i]) + s.neutral[i] == 0}
    assert empty  # before any placement most regions hold nobody's
    castillo = board.place_id(board.castillo)
    source = Decision("choose_region", [0], "p", {"choices": [], "why": {
        castillo: ["B8.2", "caballeros never leave the Castillo by a special action"]}}, "B8")
    opts = _options(g)
    empty_source_words(g, source, opts)
    for o in opts:
        assert o["label"].endswith(" (no caballeros)") == (o["place"] in empty), o
    other = Decision("choose_region", [0], "p", {"choices": [], "why": {
        castillo: ["B8", "not one of the places this card lets you choose"]}}, "B8")
    opts = _options(g)
    empty_source_words(g, other, opts)  # a card placing in the region chosen: no note
    assert not any("no caballeros" in o["label"] for o in opts)
    refused = [{**o, "enabled": False} for o in _options(g)]
    empty_source_words(g, source, refused)  # a refused region keeps its label
    assert not any("no caballeros" in o["label"] for o in refused)


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
    assert c["short"] == f"to the {board.place_name(board.castillo)} (B6.9: scored with its " \
        "values)"
    assert c["label"].endswith(c["short"])
