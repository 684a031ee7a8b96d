"""f19: at a secret disc whose prompt says what the king's region means (C2's opening disc
of the Colonies: "2 caballeros go there from your court (the king's region: they stay in
court)"; I2's of Intrigue & the King; B6.1's at a general scoring), the king's region's
own button says it, so that nobody has to reread the prompt; the other regions' buttons
are their names, and the engine's prompt is unchanged."""

from __future__ import annotations

import random

import httpx
import pytest
from serve_util import seat_state, token_of
from test_server_page import create

from elgrande.play.game import Game, new_game
from elgrande.server.controls import controls


def _king_label(g: Game, c: dict[str, object]) -> tuple[str, list[str]]:
    """The king's region's option label and the other places' labels."""
    b = g.library.board
    king = b.place_id(g.state.king)
    opts = c["options"]
    assert isinstance(opts, list)
    mine = [o["label"] for o in opts if o.get("place") == king]
    assert len(mine) == 1, mine
    return mine[0], [o["label"] for o in opts if o.get("place") != king]


@pytest.mark.rule("C2", "B5.2")
def test_the_colonies_opening_disc_s_king_region_button_says_the_caballeros_stay(
        server: str) -> None:
    made = create(server, 4, 7, {}, ["base", "colonies"])
    g = new_game(4, sets=["base", "colonies"], seed=7, fill="provisional", logging=False)
    name = g.library.board.place_name(g.state.king)
    with httpx.Client(base_url=server) as client:
        st = seat_state(client, made["game"], token_of(made["seats"][1]))
    c = st["controls"]
    assert c["kind"] == "secret_region" and c["rule"] == "C2"
    assert c["prompt"].endswith("(the king's region: they stay in court)")  # unchanged
    king = [o for o in c["options"] if o["label"].startswith(name)]
    assert [o["label"] for o in king] == [f"{name} (the king's region: your 2 stay in court)"]
    assert king[0]["enabled"] and king[0]["place"] == g.library.board.place_id(g.state.king)
    others = [o["label"] for o in c["options"] if o is not king[0]]
    assert others and not any("king" in lab for lab in others)
    assert {o["label"] for o in c["options"]} & {g.library.board.place_name(r)
                                                 for r in g.library.board.regions}


def _until(g: Game, kind: str, rule: str, rng: random.Random) -> None:
    while g.pending is not None and not (g.pending.kind == kind and g.pending.rule == rule):
        d = g.pending
        g.answer(d.players[0], d.random_answer(rng, d.players[0]))
    assert g.pending is not None


@pytest.mark.rule("I2", "B6.1")
@pytest.mark.parametrize(("sets", "rule", "said"), [
    (("base", "intrigue-king"), "I2", "your caballero stays in court"),
    (("base",), "B6.1", "back to your court"),
])
def test_other_discs_say_the_king_s_region_on_its_button(
        sets: tuple[str, ...], rule: str, said: str) -> None:
    g = new_game(3, sets=list(sets), seed=2, fill="provisional" if len(sets) > 1 else None,
                 logging=False)
    _until(g, "secret_region", rule, random.Random(2))
    d = g.pending
    assert d is not None
    c = controls(g, d.players[0])
    assert c is not None
    king, others = _king_label(g, c)
    assert king == f"{g.library.board.place_name(g.state.king)} (the king's region: {said})"
    assert not any("king's region" in lab for lab in others)
