"""A card that runs past its work budget is undone whole and the game goes on: the state
is exactly as it was before the card began, the special action counts as carried out
with no effect, and the log and the event's typed error say why."""

from __future__ import annotations

import random
from pathlib import Path

from elgrande.play.game import new_game

CARDS = str(Path(__file__).resolve().parent / "overbudget")
CARD = "hb-runaway"


def test_a_card_over_budget_is_undone_and_the_game_goes_on() -> None:
    g = new_game(5, seed=3, cards=[CARDS])
    rng = random.Random(3)
    while not (g.pending and g.pending.kind == "choose_action_card"):
        d = g.pending
        assert d is not None
        g.answer(d.players[0], d.random_answer(rng, d.players[0]))
    actor = g.pending.players[0]
    offer = g.state.offer
    offer[0] = CARD  # the runaway card is on offer (as if turned up from its stack)
    g._engine.advance(g.state, g.flow, [])  # the decision offers it
    g.answer(actor, CARD)
    while g.pending and g.pending.rule == "B4.5":
        g.answer(actor, 1)  # the special action first
    assert g.pending is not None and g.pending.rule == "B4.4"
    assert "before you place your caballeros" in g.in_words(g.pending.prompt)  # (B4.5)
    before = g.state.to_json()
    events = g.answer(actor, 0)  # carry it out: it runs past the budget
    void = [e for e in events if e["event"] == "special_void"]
    assert len(void) == 1 and void[0]["error"]["work"] > void[0]["error"]["budget"]
    after = g.state.to_json()
    assert after == before  # nothing of the card stays: scores untouched
    assert any("is void and undone" in line for line in g.log)
    assert g.pending is not None  # the game goes on
    while g.pending is not None:
        d = g.pending
        g.answer(d.players[0], d.random_answer(rng, d.players[0]))
    assert g.over
