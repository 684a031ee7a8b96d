"""A mobile scoreboard's move said as people read it (B6.9, f21): its buttons name the
scoreboard and where it lies now ("scoreboard 8-4-0 (beside the board) to Galicia"), and
the log says a scoreboard laid from beside the board is placed, one on the board moved."""

from __future__ import annotations

import random

from elgrande import new_game
from elgrande.server.controls import controls


def test_scoreboard_buttons_say_which_and_where_and_the_log_says_placed_or_moved() -> None:
    seen_buttons = seen_placed = seen_moved = False
    for seed in range(40):
        g = new_game(4, seed=seed)
        rng = random.Random(seed)
        while g.pending is not None:
            d = g.pending
            p = d.players[0]
            if d.kind == "move_scoreboard":
                labels = [o["label"] for o in controls(g, p)["options"]]
                on_board = [sb for sb, at in zip(g.library.board.scoreboards,
                                                 g.state.scoreboards, strict=True) if at >= 0]
                assert all(lab.startswith("scoreboard ") for lab in labels), labels
                assert any("(beside the board) to " in lab or "(now on " in lab
                           for lab in labels), labels
                assert any("(now on " in lab for lab in labels) == bool(on_board), labels
                seen_buttons = True
            before = len(g.log)
            g.answer(p, d.random_answer(rng, p))
            new = g.log[before:]
            seen_placed |= any(" places mobile scoreboard " in line for line in new)
            seen_moved |= any(" moves mobile scoreboard " in line for line in new)
        if seen_buttons and seen_placed and seen_moved:
            break
    assert seen_buttons and seen_placed and seen_moved, (seen_buttons, seen_placed, seen_moved)
