"""A player's box on the page's board shows the cards they hold face up (B8.4: a Veto
kept until the end of the next round), from the public view only: every viewer, a
spectator too, sees the same line, and no hand is ever in it."""

from __future__ import annotations

import random
import re

from elgrande.play.game import new_game
from elgrande.server.page_words import held_lines
from elgrande.tools.board_svg import board_svg, public_view


def test_B8_4_a_kept_veto_shows_in_its_holder_s_box_for_every_viewer() -> None:
    """Seed 3: a Veto is taken in round 3 and kept until the end of round 4; the
    holder's box says so, for the holder, another seat and a spectator alike; before,
    no box holds anything."""
    g = new_game(3, sets=["base"], seed=3, logging=False)
    rng = random.Random(3)
    while g.pending is not None:
        views = [g.view(p) for p in range(3)] + [public_view(g)]
        vetoes = [e for e in g.state.lasting if e.kind == "veto"]
        lines = [held_lines(g, v) for v in views]
        if vetoes:
            holder = vetoes[0].player
            title = g.library.card(vetoes[0].card).title
            want = f"{title} (until the end of round {vetoes[0].expires})"
            assert all(x[holder] == [want] for x in lines), lines
            svg = board_svg(views[3], g.library.board, None, lines[3])
            box = re.search(rf'<g class="player" data-player="{holder}".*?</g>', svg, re.S)
            assert box is not None and f"holds: {want}" in box.group(0)
            assert svg.count('class="holds"') == sum(1 for x in lines[3] if x)
            break
        assert all(x == [[], [], []] for x in lines), lines
        d = g.pending
        p = d.players[0]
        g.answer(p, d.random_answer(rng, p))
    else:
        raise AssertionError("no Veto kept in this game")


def test_B8_4_a_veto_kept_past_the_last_round_is_held_until_the_game_s_end() -> None:
    """f26: a Veto taken in the last round said "until the end of round 10" in a game of
    9 rounds: past the last round it says "until the game's end"."""
    g = new_game(3, sets=["base"], seed=3, logging=False)
    rng = random.Random(3)
    while not any(e.kind == "veto" for e in g.state.lasting):
        d = g.pending
        assert d is not None, "no Veto kept in this game"
        g.answer(d.players[0], d.random_answer(rng, d.players[0]))
    view = public_view(g)
    veto = next(e for e in view["state"]["lasting"] if e["kind"] == "veto")
    title = g.library.card(veto["card"]).title
    last = max(g.flow.rounds)
    late = {**view, "state": {**view["state"], "lasting": [{**veto, "expires": last + 1}]}}
    assert held_lines(g, late)[veto["player"]] == [f"{title} (until the game's end)"]
    ends = {**view, "state": {**view["state"], "lasting": [{**veto, "expires": last}]}}
    assert held_lines(g, ends)[veto["player"]] == [f"{title} (until the end of round {last})"]
