"""B8.4 (f22): when a Veto is held but nobody plays it, the log says so ("Nobody plays a
Veto: ..."), not "carried out after the Veto(s)", which read as if one had been played;
after a Veto is played the log keeps saying the result after the Veto(s)."""

from __future__ import annotations

import random

from elgrande import new_game


def test_a_veto_held_but_not_played_is_said_so() -> None:
    nobody = after = 0
    for seed in range(60):
        g = new_game(4, seed=seed)
        rng = random.Random(seed)
        while g.pending is not None:
            p = g.pending.players[0]
            g.answer(p, g.pending.random_answer(rng, p))
        log = list(g.log)
        for i, line in enumerate(log):
            if line.startswith("Nobody plays a Veto: the special action of "):
                nobody += 1
                assert "plays a Veto." not in log[i - 1], log[i - 1:i + 1]
            if "after the Veto(s)." in line:
                after += 1
                assert log[i - 1].endswith("plays a Veto."), log[i - 1:i + 1]
        if nobody and after:
            break
    assert nobody and after, (nobody, after)
