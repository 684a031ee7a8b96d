"""B8: a card's king move on the page (f30): its prompt says the card's own places for the
king and its steps after the move, and the regions it refuses say the card's reason, never
"X is the king's region" for a region that is not."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_card_fixed_places import _find, _folder

from elgrande.server.controls import controls

#: f30's homebrew card: the king to a region next to him and 2 points, or caballeros to court.
PROGRESS = """id: hb-royal-progress
set: homebrew
kind: action
title: "Royal Progress"
stack: 2
copies: 1
text: "Either move the King to an adjacent region and gain 2 points, or bring up to 2 \\
Caballeros from your provinces to your court."
effect: |
  either:
    move the king to adjacent to king
    gain 2 points
  or:
    move up to 2 caballeros from provinces to court
"""


@pytest.mark.rule("B8")
def test_b8_a_card_s_king_move_says_its_places_its_next_step_and_its_reason(
        tmp_path: Path) -> None:
    g = _find(_folder(tmp_path, PROGRESS), lambda g, ev: g.pending is not None
              and g.pending.kind == "choose_region" and g.flow.run is not None
              and g.flow.run.card == "hb-royal-progress")
    d = g.pending
    c = controls(g, d.players[0])
    assert c["prompt"] == ("Royal Progress: move the king to a region adjacent to the "
                           "king's region. Then: gain 2 points."), c["prompt"]
    board = g.library.board
    king = board.place_id(g.state.king)
    allowed = [o["place"] for o in c["options"] if o.get("enabled")]
    assert allowed, c["options"]
    refused = [o for o in c["options"] if not o.get("enabled") and o.get("place") != king
               and board.is_region(board.index[o["place"]])]
    assert refused, c["options"]
    for o in refused:
        assert "is the king's region" not in o["why"], o
        assert o["rule"] == "B8" and o["why"].startswith(
            "this card moves the king only to: "), o
        assert all(board.place_name(p) in o["why"] for p in allowed), o
