"""Intrigue & the King with the Colonies (RULES.md X1-X3): the composition of the two rules
modules, through the facade and the CLI.

Whole games play with the shipped ``provisional`` fills of both sets (EXPANSIONS.md 6.3).
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from test_intrigue_king import drive

from elgrande import new_game
from elgrande.engine.decisions import Decision
from elgrande.engine.flow import engine_for
from elgrande.errors import IllegalMove
from elgrande.model.hook_context import HookContext
from elgrande.play.game import Game, play_random
from elgrande.rules import base
from elgrande.rules import colonies as col
from elgrande.rules import intrigue_king as ik
from elgrande.rules.base_data import placement_limit
from elgrande.tools.cli import main

SETS = ("base", "intrigue-king", "colonies")
FILL = "provisional"
INQUISITOR = "grand-inquisitor-card"

Chooser = Callable[[Game, Decision, int], Any]


def x_game(players: int = 4, seed: int = 1, **kw: Any) -> Game:
    """A game of both expansions with the shipped provisional fill."""
    return new_game(players, sets=SETS, fill=FILL, seed=seed, **kw)


def past_setup(players: int = 4, seed: int = 1) -> Game:
    """A game at its first card play (I3): deck choice and setup discs done."""
    g = x_game(players, seed)
    drive(g, lambda g: g.flow.phase == base.BID, random.Random(seed))
    return g


# -- X1: setup --------------------------------------------------------------------------------
def test_X1_setup_as_the_colonies_with_the_deck_choice_and_one_setup_disc() -> None:
    """X1: no base power or action cards; each player chooses 13 cards (I1); then ONE
    secret setup disc, the Colonies' (C2), places 2 caballeros; 12 caballeros were taken
    (2 with the Grande, 9 to court, the score marker); black caballeros, limit table and
    discs are out; round 1 offers the Grand Inquisitor card and the top 7th-stack card."""
    g = x_game(4, seed=3)
    lib = g.library
    assert not lib.of_role("bid") and not [c for c in lib.cards.cards.values()
                                            if c.set == "base"]
    rules = g._engine.rules
    assert rules.preceding[base.ROUND] == [ik.DECK, col.SETUP_DISC]
    assert rules.phase(col.SETUP_DISC).decide is col._setup_disc_decide
    d = g.pending
    assert d is not None and d.kind == "choose_cards" and d.options["count"] == 13
    for p in range(4):
        g.answer(p, d.options["per_player"][str(p)][:13])
    assert all(len(h) == 13 for h in g.state.hands)
    d = g.pending
    assert d is not None and d.kind == "secret_region" and d.rule == "C2"
    king = g.library.board.place_id(g.state.king)
    target = next(r for r in d.options["per_player"]["0"] if r != king)
    b = g.library.board
    had = list(g.state.caballeros[b.index[target]])
    for p in range(4):
        g.answer(p, target)
    assert g.flow.phase == base.BID  # one setup disc only: the I2 phase did not run
    assert [n - h for n, h in zip(g.state.caballeros[b.index[target]], had,
                                  strict=True)] == [2, 2, 2, 2]
    assert g.state.court == [7, 7, 7, 7]
    assert sum(g.state.neutral) == 4 and col.pieces(g.state) is not None
    offer = [c for c in g.state.offer if c]
    assert INQUISITOR in offer and len(offer) == 2
    assert lib.card(next(c for c in offer if c != INQUISITOR)).role == "stack"


def test_X1_deck_choice_and_setup_disc_refusals() -> None:
    """X1 (I1, C2): 12 cards are refused (I1); a new area is no setup-disc region (C3)."""
    g = x_game(3, seed=5)
    d = g.pending
    assert d is not None
    with pytest.raises(IllegalMove) as exc:
        g.answer(0, d.options["per_player"]["0"][:12])
    assert exc.value.rule == "I1"
    for p in range(3):
        g.answer(p, d.options["per_player"][str(p)][:13])
    before = json.dumps(g.to_json(), sort_keys=True)
    with pytest.raises(IllegalMove):
        g.answer(0, "france")
    assert json.dumps(g.to_json(), sort_keys=True) == before


def test_X1_the_sets_load_in_one_order_whatever_order_they_are_given_in() -> None:
    """X1-X3: any order of the three sets loads base, intrigue-king, colonies and plays the
    same game; the record names them in that order."""
    games = [new_game(3, sets=s, fill=FILL, seed=2) for s in
             (SETS, ("colonies", "base", "intrigue-king"), ("intrigue-king", "colonies", "base"))]
    for g in games:
        play_random(g, random.Random(2))
    assert all(g.header["sets"] == list(SETS) for g in games)
    assert games[0].log == games[1].log == games[2].log


# -- X2: the Grand Inquisitor card and the 7th-stack card ---------------------------------------
def _at_take(g: Game, rng: random.Random) -> Decision:
    drive(g, lambda g: g.pending is not None and g.pending.rule == ik.TAKE_RULE, rng)
    assert g.pending is not None
    return g.pending


def test_X2_take_then_one_special_action_and_the_caballero_cards_placement() -> None:
    """X2: a player takes the Grand Inquisitor card; their action choices are their own
    (or King/Intrigue) plus that card; carrying it out moves the Inquisitor to their court;
    the placement stays the Caballero card's number, whatever action is chosen."""
    g = past_setup(4, seed=7)
    d = _at_take(g, random.Random(7))
    p = d.players[0]
    assert INQUISITOR in d.options["choices"] and ik.NO_CARD in d.options["choices"]
    g.answer(p, INQUISITOR)
    choice = g.pending
    assert choice is not None and choice.rule == "I5"
    assert choice.options["cards"] == ik.action_choices(g.library, g.state, p)
    assert choice.options["cards"][-1] == INQUISITOR
    g.answer(p, choice.options["cards"].index(INQUISITOR))
    assert g.flow.card == INQUISITOR
    limit = placement_limit(g._engine, g.state, g.flow)
    g.flow.card = ik.cards_of(g.library).by_value[ik.played_value(g.state, p)]
    assert placement_limit(g._engine, g.state, g.flow) == limit
    g.flow.card = INQUISITOR

    def carry_out(g: Game, d: Decision, q: int) -> Any:
        return 0 if d.rule in ("B4.4", "I6", "B4.5") else None
    drive(g, lambda g: g.flow.actor != p, random.Random(1), carry_out)
    assert g.state.neutral_holder == p                          # C8 with X2


def test_X2_a_card_already_taken_is_refused_and_the_refusal_changes_nothing() -> None:
    """X2: the card the first taker took is refused to the next player (rule X2)."""
    g = past_setup(4, seed=11)
    rng = random.Random(11)
    d = _at_take(g, rng)
    first = d.players[0]
    g.answer(first, INQUISITOR)
    d = _at_take(g, rng)
    assert d.players[0] != first and INQUISITOR not in d.options["choices"]
    before = json.dumps(g.to_json(), sort_keys=True)
    with pytest.raises(IllegalMove) as exc:
        g.answer(d.players[0], INQUISITOR)
    assert exc.value.rule == "X2" and "already taken" in exc.value.message
    # the card by its label in words (the one every text uses), never a marker
    assert exc.value.message.startswith(f"{g.card_label(INQUISITOR)} was already taken")
    assert "{" not in exc.value.message
    assert json.dumps(g.to_json(), sort_keys=True) == before


def test_X2_a_third_player_is_not_asked_and_take_decision_refuses_him() -> None:
    """X2: after two takes nobody else is asked that round; the decision built for a third
    player offers nothing and refuses every open card (rule X2)."""
    g = past_setup(5, seed=13)
    rng = random.Random(13)
    takers = []
    for _ in range(2):
        d = _at_take(g, rng)
        takers.append(d.players[0])
        g.answer(d.players[0], next(c for c in d.options["choices"] if c != ik.NO_CARD))
    rnd = g.flow.round
    drive(g, lambda g: g.flow.round != rnd or (g.pending is not None
                                               and g.pending.rule == ik.TAKE_RULE),
          rng)
    assert g.flow.round != rnd
    third = next(q for q in range(5) if q not in takers)
    offer = ["seventh-stack-6", INQUISITOR]
    state = g.state.copy()
    state.ext.setdefault(ik.EXT, {})["takes"] = [[q, c, -1] for q, c in zip(takers, offer,
                                                                           strict=True)]
    d = ik.take_decision(g.library, state, ["", ""], third)
    assert d.options["choices"] == [ik.NO_CARD]
    with pytest.raises(IllegalMove) as exc:
        d.check(INQUISITOR, third)
    assert exc.value.rule == "X2"


def _take_seventh(seed: int, carry_out_taken: bool) -> bool:
    """Play a 3-player game to its first take of a 7th-stack card, then carry out the
    taken card's action or the player's own; check the discs (C7) and where the card goes
    at round end (B4.6). False when no 7th-stack card was taken first."""
    g = past_setup(3, seed=seed)
    rng = random.Random(seed)
    d = _at_take(g, rng)
    p = d.players[0]
    card = next((c for c in d.options["choices"] if c not in (ik.NO_CARD, INQUISITOR)), None)
    if card is None:
        return False
    g.answer(p, card)
    choice = g.pending
    assert choice is not None and choice.rule == "I5"
    supply = dict(col.own_pieces(g.state, g.library.board).supply)
    g.answer(p, choice.options["cards"].index(card) if carry_out_taken else 0)

    def carry_out(g: Game, d: Decision, q: int) -> Any:
        return 0 if d.rule in ("B4.4", "I6") and q == p else None
    drive(g, lambda g: g.flow.actor != p, rng, carry_out)
    after = col.own_pieces(g.state, g.library.board).supply
    if carry_out_taken:
        assert sum(after.values()) < sum(supply.values())
    else:
        assert after == supply
    rnd = g.flow.round
    drive(g, lambda g: g.flow.round != rnd, rng)
    kept = any(x.card == card for x in g.state.lasting)
    assert (card in g.state.stacks[-1]) != kept
    return True


def test_X2_discs_appear_only_when_the_seventh_stack_card_is_carried_out() -> None:
    """X2, C7: the taker who carries out their own card's action puts out no discs; one who
    carries out the 7th-stack card's action does; the taken card goes back under the 7th
    stack at round end (B4.6) unless kept as a Veto (X3)."""
    seeds = iter(range(60))
    for carry in (True, False):
        assert any(_take_seventh(seed, carry) for seed in seeds)


def test_X_court_limit_is_the_cards_heads_and_the_inquisitor_holders_one_more() -> None:
    """I4 then C8 (the hooks fold in load order: Intrigue & the King, then the Colonies):
    the played card's heads, plus one for the Grand Inquisitor's holder."""
    g = past_setup(4, seed=3)
    drive(g, lambda g: g.flow.phase != base.BID, random.Random(3))
    p = g.flow.actor
    heads = ik.card_of_value(g.library, ik.played_value(g.state, p)).heads
    st = g.state.copy()
    fold = g._engine.rules.fold
    st.neutral_holder = p
    ctx = HookContext(st, g.library.board, [], p, g._engine)
    assert fold("court_limit", ctx, 0) == heads + 1
    st.neutral_holder = (p + 1) % 4
    assert fold("court_limit", ctx, 0) == heads


# -- X3 ----------------------------------------------------------------------------------------
def test_X3_turn_over_action_card_is_a_veto_only_with_both_expansions() -> None:
    """X3: with both sets the 7th stack's Remove Action Card ("Turn over action card") keeps
    a Veto (B8.4); with the Colonies alone it removes an open card (C13)."""
    both = x_game(3).library.card("remove-action-card")
    alone = new_game(3, sets=("base", "colonies"), fill="provisional").library.card(
        "remove-action-card")
    assert both.effect.strip() == "keep veto until end of next round"
    assert "X3" in both.rules
    assert alone.effect.strip() == ("c = choose card from open action cards\n"
                                    "move card c to removed")
    g = past_setup(4, seed=2)
    st = g.state.copy()
    run = g._engine.interpreter.begin("remove-action-card", 1)
    g._engine.interpreter.advance(st, run, [])
    assert [(x.kind, x.player) for x in st.lasting] == [(base.VETO_KIND, 1)]


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_X1_X3_whole_games_with_random_answers(players: int) -> None:
    """X1-X3: whole games end; every round at most two players took an open card, each a
    different one."""
    g = x_game(players, seed=players)
    rng = random.Random(players)
    while g.pending is not None:
        d = g.pending
        g.answer(d.players[0], d.random_answer(rng, d.players[0]))
        takes = ik.takes(g.state)
        assert len(takes) <= 2 and len({c for _, c, _ in takes}) == len(takes)
        assert len({q for q, _, _ in takes}) == len(takes)
    assert g.over and any("(X2)" in line for line in g.log)


@pytest.mark.parametrize("players", [2, 5])
def test_X_done_when_play_and_check_from_the_cli(tmp_path: Path, players: int) -> None:
    """X1-X3 from the command line, with both expansions (sets in any order): a full game
    whose log shows the card play, the awards and the open 6th/7th-stack cards; check
    accepts the record."""
    rec = tmp_path / "x.jsonl"
    r = CliRunner().invoke(main, ["play", "--players", str(players), "--sets",
                                  "colonies,base,intrigue-king", "--fill", FILL, "--seed", "1",
                                  "--record", str(rec)])
    assert r.exit_code == 0, r.output
    assert "Awards (I3)" in r.output and "Grand Inquisitor" in r.output
    assert "7th-stack card" in r.output or "(X2)" in r.output
    r = CliRunner().invoke(main, ["check", str(rec)])
    assert r.exit_code == 0, r.output
    assert "legal" in r.output


def test_X1_a_game_saved_in_its_opening_without_a_phase_to_resume_plays_on() -> None:
    """A game saved in the deck choice or the setup disc before the opening phases were
    inserted before the first round (no phase being ``entering`` in its flow) goes on to the
    round."""
    g = x_game(3, seed=9)
    for phase in (ik.DECK, col.SETUP_DISC):
        drive(g, lambda g, phase=phase: g.flow.phase == phase,
              random.Random(9))
        data = g.to_json()
        assert data["flow"]["entering"] == base.ROUND
        data["flow"]["entering"] = ""
        old = Game.from_json(data)
        play_random(old, random.Random(9))
        assert old.over


def test_X1_I9_C10_both_discs_phases_compose_a_grande_leaving_the_castillo_is_asked() -> None:
    """Both modules replace the discs phase: the Colonies' one (C10 seating) wraps the one
    it replaced, Intrigue & the King's (I9), so with both sets a Grande in the Castillo
    whose owner's disc shows the king's region is still asked where it goes."""
    from test_intrigue_king_castillo import castillo_grande, set_discs

    g = x_game(3, seed=5)
    rng = random.Random(5)
    drive(g, lambda g: g.flow.phase == base.DISCS, rng)
    rules = engine_for(g.library).rules
    assert rules.phases[base.DISCS].apply.__module__ == "elgrande.rules.colonies.castillo"
    assert rules.beneath(rules.phases[base.DISCS]).apply.__module__ == \
        "elgrande.rules.intrigue_king.castillo"
    castillo_grande(g, 1, 0)
    set_discs(g, {1: g.library.board.place_id(g.state.king)})
    drive(g, lambda g: g.pending is not None and g.pending.rule != "C10", rng)
    d = g.pending
    assert d is not None and d.rule == "I9" and d.players == [1]
