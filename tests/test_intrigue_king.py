"""Intrigue & the King as a rules module (RULES.md I1-I7): whole games through the facade.

These tests use the test fill ``tests/fills/ik-test.yaml`` (the provisional values, with
the inferred actions of 63, 90, 93 and 110 optional); the shipped provisional fill plays
in tests/test_intrigue_king_castillo.py, tests/test_intrigue_king_rules_audit.py and the
properties.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml

from elgrande import new_game
from elgrande.engine.decisions import Decision
from elgrande.engine.flow import Flow
from elgrande.errors import IllegalMove
from elgrande.model.hook_context import HookContext
from elgrande.play.game import Game, play_random
from elgrande.players.bots import make_bot
from elgrande.rules import intrigue_king as ik
from elgrande.tools.scenario import STEPS, Case, setup_case

SETS = ("base", "intrigue-king")
FILL = str(Path(__file__).parent / "fills" / "ik-test.yaml")

Chooser = Callable[[Game, Decision, int], Any]


def ik_game(players: int = 4, seed: int = 1, **kw: Any) -> Game:
    """An Intrigue & the King game with the test fill."""
    return new_game(players, sets=SETS, fill=FILL, seed=seed, **kw)


def drive(g: Game, until: Callable[[Game], bool], rng: random.Random,
          choose: Chooser | None = None) -> None:
    """Answer at random (or with ``choose``, None meaning random) until ``until(g)``."""
    while g.pending is not None and not until(g):
        d = g.pending
        p = d.players[0]
        a = choose(g, d, p) if choose else None
        g.answer(p, d.random_answer(rng, p) if a is None else a)


def past_setup(players: int = 4, seed: int = 1) -> Game:
    """A game after the deck choice and the setup discs, at the first card play (I1, I2)."""
    g = ik_game(players, seed)
    drive(g, lambda g: g.pending is not None and g.pending.rule == "I3", random.Random(seed))
    return g


def test_I1_deck_choice_is_one_secret_decision_of_every_player() -> None:
    g = ik_game(4)
    d = g.pending
    assert d is not None and d.kind == "choose_cards" and d.players == [0, 1, 2, 3]
    values = d.options["per_player"]["0"]
    assert d.options["count"] == 13 and len(values) >= 13
    before = g.to_json()
    for bad in (values[:12], values[:12] + [values[0]], values[:12] + [999], "all"):
        with pytest.raises(IllegalMove) as exc:
            g.answer(0, bad)
        assert exc.value.rule == "I1"
    assert g.to_json() == before
    g.answer(2, values[-13:])
    assert g.pending is not None and g.pending.players == [0, 1, 3]
    assert g.view(0)["flow"]["secret"] == {}  # the others' choices are hidden (I1)
    for p in (0, 1, 3):
        g.answer(p, values[:13])
    assert g.state.hands[2] == sorted(values[-13:]) and g.state.hands[0] == values[:13]


def test_I1_beginner_option_offers_only_multiples_of_ten() -> None:
    g = ik_game(3, beginner=True)
    assert g.pending is not None
    values = g.pending.options["per_player"]["0"]
    assert values and all(v % 10 == 0 for v in values)
    assert values == [v for v in ik.deck_values(g.library) if v % 10 == 0]
    assert g.header["beginner"] is True
    assert len(ik_game(3).pending.options["per_player"]["0"]) > len(values)  # type: ignore


def test_I2_setup_disc_places_one_caballero_from_court_king_region_stays() -> None:
    g = ik_game(4)
    drive(g, lambda g: g.pending is not None and g.pending.rule == "I2", random.Random(1))
    court = g.state.court[:]
    king = g.library.board.place_id(g.state.king)
    other = next(g.library.board.place_id(r) for r in g.library.board.regions
                 if r != g.state.king and g.state.caballeros[r][1] == 0)
    with pytest.raises(IllegalMove) as exc:
        g.answer(0, "castillo")
    assert exc.value.rule == "I2"
    g.answer(0, king)
    g.answer(1, other)
    g.answer(2, other)
    g.answer(3, other)
    assert g.state.court[0] == court[0]                      # king's region: stays (I2)
    assert g.state.court[1] == court[1] - 1
    assert g.state.caballeros[g.library.board.index[other]][1] == 1
    assert g.pending is not None and g.pending.rule == "I3"


def test_I3_no_value_twice_and_the_lowest_card_plays_first_next_round() -> None:
    g = past_setup(4)
    first = g.pending.players[0]  # type: ignore[union-attr]
    v = g.state.hands[first][0]
    g.answer(first, v)
    nxt = g.pending.players[0]  # type: ignore[union-attr]
    assert nxt == (first + 1) % 4
    if v in g.state.hands[nxt]:
        with pytest.raises(IllegalMove) as exc:
            g.answer(nxt, v)
        assert exc.value.rule == "I3"
    drive(g, lambda g: g.state.round == 2 and g.pending is not None
          and g.pending.rule == "I3", random.Random(2))
    lowest = min((vals[-1], p) for p, vals in enumerate(g.state.discards))[1]
    assert g.pending is not None and g.pending.players == [lowest]


def test_I3_I7_refusals_of_a_card_play_this_round_first_an_earlier_rounds_value_kept_I3() -> None:
    """I3, I7: the refusals name this round's cards first (in play order), then the
    player's earlier cards; a value played this round that the player played in an earlier
    round keeps its I3 refusal; a value refused for the first time is written too."""
    s = past_setup(4).state.copy()
    s.hands = [[1, 2], [3, 4], [6, 10], [7, 8, 11, 12]]
    s.discards = [[], [], [], [5, 9, 9973]]  # (9973: a value no earlier decision refused)
    s.bids = [[1, 7], [2, 5]]
    d = ik.bid_decision(s, 1, 2)  # the third card of the round: seat 3's
    assert d.players == [3] and d.options["choices"] == [8, 11, 12]
    why = d.options["why"]
    assert list(why) == ["7", "5", "9", "9973"]
    assert [why[k][0] for k in why] == ["I3", "I3", "I7", "I7"]
    s.bids = [[1, 7]]  # no clash: the earlier cards' refusals added at once
    d = ik.bid_decision(s, 1, 1)
    assert d.players == [2] and list(d.options["why"]) == ["7"]
    s.discards = [[], [], [5, 9], []]
    d = ik.bid_decision(s, 1, 1)
    assert list(d.options["why"]) == ["7", "5", "9"]
    assert [v[0] for v in d.options["why"].values()] == ["I3", "I7", "I7"]


def test_I4_court_is_the_cards_heads_and_placement_the_caballero_cards_number() -> None:
    g = past_setup(4)
    drive(g, lambda g: g.pending is not None and g.pending.kind == "place_caballeros",
          random.Random(3))
    p = g.flow.actor
    a = ik.awards(g.library, g.state)
    assert g.pending is not None
    assert g.pending.options["max"] == min(a.caballero[p], g.state.court[p])
    assert g.flow.turn_order == sorted(range(4), key=lambda q: -ik.played_value(g.state, q))
    heads = ik.card_of_value(g.library, ik.played_value(g.state, p)).heads
    assert ik._court_limit(HookContext(g.state, g.library.board, [], p, g._engine), 99) == heads
    to = g.pending.options["to"][0]
    with pytest.raises(IllegalMove) as exc:   # over the Caballero card's number (I4, B4.3)
        g.answer(p, {to: g.pending.options["max"] + 1})
    assert exc.value.rule in ("B4.3", "I4")


def _first_turn_card_decision(players: int, seed: int) -> Game:
    g = past_setup(players, seed)
    drive(g, lambda g: g.flow.phase in ("card", "order", "offer", "special", "place")
          and g.flow.turn_i == 0 and g.flow.turn_order != [], random.Random(seed))
    return g


def test_I5_with_four_players_the_king_card_holder_carries_out_only_its_action() -> None:
    g = _first_turn_card_decision(4, 5)
    assert g.flow.actor == ik.awards(g.library, g.state).king
    assert g.flow.card == ik.cards_of(g.library).king  # no choice was offered (I5)
    assert ik.action_choices(g.library, g.state, g.flow.actor) == [g.flow.card]


def test_I5_with_three_players_the_holder_chooses_which_action() -> None:
    g = past_setup(3, 6)
    drive(g, lambda g: g.flow.phase == "card", random.Random(6))
    d = g.pending
    assert d is not None and d.rule == "I5" and len(d.options["labels"]) == 2
    with pytest.raises(IllegalMove):
        g.answer(g.flow.actor, 2)
    g.answer(g.flow.actor, 1)
    assert g.flow.card == ik.cards_of(g.library).king


def test_I6_an_action_without_you_may_is_not_offered_for_declining() -> None:
    """The Intrigue card's action is compulsory (I6): its holder is never asked to decline;
    the King card's says "you may": its holder is (I5, I6)."""
    rng = random.Random(7)
    seen_intrigue = seen_king = False
    for seed in range(6):
        g = past_setup(4, seed)
        while g.pending is not None and g.state.round <= 2:
            d = g.pending
            if d.rule == "I6":
                assert g.flow.card != ik.cards_of(g.library).intrigue
                seen_king |= g.flow.card == ik.cards_of(g.library).king
            if g.flow.phase == "special" and g.flow.card == ik.cards_of(g.library).intrigue:
                seen_intrigue = True
            g.answer(d.players[0], d.random_answer(rng, d.players[0]))
    assert seen_intrigue and seen_king


def test_I7_played_cards_are_public_hands_and_chosen_cards_hidden() -> None:
    g = past_setup(4)
    drive(g, lambda g: len(g.state.bids) == 4, random.Random(8))
    v = g.view(0)
    assert all(v["state"]["discards"][p] == g.state.discards[p] for p in range(4))
    assert all(len(d) == 1 for d in v["state"]["discards"])
    assert v["state"]["hands"][0] == g.state.hands[0]
    assert v["state"]["hands"][1:] == [None, None, None]


def test_I1_views_of_games_differing_only_in_hidden_cards_are_equal() -> None:
    """Two games whose only difference is player 1's chosen cards give player 0 equal views
    (I1, B8.5a); a game rebuilt from the view plays on (greedy bot)."""
    views = []
    for pick in (slice(0, 13), slice(-13, None)):
        g = ik_game(3, seed=4)
        values = g.pending.options["per_player"]["0"]  # type: ignore[union-attr]
        g.answer(0, values[:13])
        g.answer(1, values[pick])
        g.answer(2, values[:13])
        views.append(json.dumps(g.view(0), sort_keys=True))
    assert views[0] == views[1]
    rebuilt = Game.from_view(json.loads(views[0]), random.Random(1))
    assert len(rebuilt.state.hands[1]) == 13
    bot = make_bot("greedy", 1)
    g = ik_game(3, seed=4)
    while g.pending is not None:
        p = g.pending.players[0]
        g.answer(p, bot.answer(g.view(p)))
    assert g.over


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_I3_I4_whole_games_with_random_answers(players: int) -> None:
    g = play_random(ik_game(players, seed=players), random.Random(players))
    assert g.over and max(g.state.scores) > 0
    assert all(len(d) == 9 for d in g.state.discards)  # one card a round (I3, I7)
    assert g.state.conservation_errors(g.library.board) == []
    assert any("Caballero card" in line for line in g.log)
    assert any("special action unknown" in line for line in g.log)
    replay = Game.from_json(json.loads(json.dumps(g.to_json())))
    assert replay.to_json() == g.to_json()


def _case(players: list[str], extra: str = "") -> Case:
    """A scenario position of two players in round 2 (provisional fill)."""
    data = yaml.safe_load(f"""
id: t
sets: [base, intrigue-king]
fill: provisional
players: {players}
position:
  round: 2
  king: galicia
  grandes: {{red: aragon, blue: catalonia}}
  court: {{red: 7, blue: 7}}
{extra}""")
    return setup_case(data)


def test_I8_card_15_places_up_to_five_this_turn_still_next_to_the_king() -> None:
    case = _case(["red", "blue"])
    eng, st = case.engine, case.state
    st.bids = [[0, 15], [1, 93]]                     # red: the lower card, Caballero card 4
    assert ik._placement_limit(HookContext(st, eng.board, [], 0, eng), 0) == 4   # I4
    targets = ik.base.placement_targets(eng, st, 0)
    STEPS["special"](case, {"player": "red", "card": "ik-15", "answers": []})
    st = case.state
    limit = eng.rules.placement_limit  # the card's change is read after the I4 hook
    assert limit(HookContext(st, eng.board, [], 0, eng), 0) == 5   # I8
    blue = HookContext(st, eng.board, [], 1, eng)
    assert limit(blue, 0) == 5   # blue's Caballero card, unchanged
    assert ik.base.placement_targets(eng, st, 0) == targets  # I9: still next to the king
    eng.rules.turn_end(HookContext(st, eng.board, [], 0, eng, Flow([2], [])), "ik-15")
    assert limit(HookContext(st, eng.board, [], 0, eng), 0) == 4   # the turn is over
    assert st.lasting == [] and "intrigue_king" not in st.ext


def test_I8_card_20_places_into_any_region_but_never_the_kings() -> None:
    case = _case(["red", "blue"])
    eng = case.engine
    case.state.bids = [[0, 20], [1, 93]]
    before = ik.base.placement_targets(eng, case.state, 0)
    STEPS["special"](case, {"player": "red", "card": "ik-20", "answers": []})
    st = case.state
    b = eng.board
    after = ik.base.placement_targets(eng, st, 0)
    assert set(before) < set(after) and b.castillo in after
    assert st.king not in after and set(after) == set(b.regions) - {st.king} | {b.castillo}
    red = HookContext(st, eng.board, [], 0, eng)
    assert eng.rules.placement_limit(red, 0) == 4   # the number stays the Caballero card's
    d = ik.base.placement_decision(eng, st, 0, 4)
    assert d is not None
    with pytest.raises(IllegalMove) as exc:
        d.check({b.place_id(st.king): 1}, 0)
    assert exc.value.rule == "B5.2"


def _before_card_40() -> tuple[Game, dict[int, int], random.Random]:
    """A 4-player game at round 1's first card to play (I3), every hand the same, and the
    cards each seat plays then: seat 1 card 40 (a Veto kept as the cards are revealed)."""
    g = ik_game(4, seed=2)
    deck = [10, 13, 15, 20, 23, 30, 40, 50, 60, 70, 75, 80, 90]
    rng = random.Random(2)
    for p in range(4):
        g.answer(p, deck)
    drive(g, lambda g: g.pending is not None and g.pending.rule == "I3", rng)
    return g, {0: 90, 1: 40, 2: 10, 3: 80}, rng


def test_I8_card_40_is_a_veto_usable_in_the_turns_before_its_holders() -> None:
    """Card 40's Veto (B8.4) is live once the cards are revealed: its holder (third in
    turn order) cancels the King card's action in the first turn; their own turn carries
    out no further special action (I8)."""
    g, plays, rng = _before_card_40()
    while g.pending is not None and g.pending.rule == "I3":
        p = g.pending.players[0]
        g.answer(p, plays[p])
    assert any(x.kind == "veto" and x.player == 1 for x in g.state.lasting)
    vetoed = False
    while g.flow.turn_i == 0 and g.pending is not None:
        d = g.pending
        if d.rule == "I6":
            g.answer(d.players[0], 0)                    # carry out the King card's action
        elif d.rule == "B8.4":
            assert d.players == [1]
            events = g.answer(1, 1)                      # play the Veto
            vetoed = any(e.get("event") == "veto_result" and e["cancelled"] for e in events)
        else:
            g.answer(d.players[0], d.random_answer(rng, d.players[0]))
    assert vetoed and not any(x.kind == "veto" for x in g.state.lasting)
    log: list[str] = []
    while g.pending is not None and g.state.round == 1:
        d = g.pending
        log += [str(e) for e in g.answer(d.players[0], d.random_answer(rng, d.players[0]))]
    assert any("in effect since the cards were revealed" in line for line in log)


def test_I8_the_bridge_counts_as_adjacency_for_region_forms_too() -> None:
    """The ``adjacent`` hook (I8, B5.1): the bridge's two regions are adjacent, others
    keep the board's adjacency."""
    case = _case(["red", "blue"])
    b, st = case.board, case.state
    g, v, a = b.index["galicia"], b.index["valencia"], b.index["aragon"]
    assert not ik._adjacent(HookContext(st, b, []), g, v, b.adjacent(g, v)) \
        and ik.bridge(st) is None
    STEPS["special"](case, {"player": "red", "card": "ik-63", "answers": ["galicia",
                                                                          "valencia"]})
    st = case.state
    assert ik.bridge(st) == tuple(sorted((g, v)))
    ctx = HookContext(st, b, [])
    assert ik._adjacent(ctx, v, g, False) and not ik._adjacent(ctx, a, g, False)
    assert case.engine.rules.fold("adjacent", ctx, g, v, False)


def test_I9_card_93_lays_an_off_board_scoreboard_first_and_it_returns_after_scoring() -> None:
    case = _case(["red", "blue"], "  scoreboards: {seville: 8-4-0}\n  castillo: {red: 1}")
    b = case.board
    lay = {"scoreboard": "4-0-0", "to": "granada"}
    with pytest.raises(IllegalMove):  # the board beside the board goes first (I8)
        STEPS["special"](case, {"player": "red", "card": "ik-93", "answers": [
            {"scoreboard": "8-4-0", "to": "granada"}]})
    STEPS["special"](case, {"player": "red", "card": "ik-93", "answers": [lay]})
    st = case.state
    assert st.scoreboards == [b.index["seville"], b.index["granada"]]
    # one laid by this card is out: a second such action moves one on the board (I9)
    STEPS["special"](case, {"player": "blue", "card": "ik-93", "answers": [
        {"scoreboard": "8-4-0", "to": "valencia"}]})
    assert case.state.scoreboards == [b.index["valencia"], b.index["granada"]]
    STEPS["special"](case, {"player": "blue", "card": "ik-110", "answers": []})  # a scoring
    assert case.state.scoreboards == [b.index["valencia"], -1]   # back beside the board
    assert "intrigue_king" not in case.state.ext


def test_I3_a_card_play_decision_shows_its_hand_only_to_its_player() -> None:
    """B8.5a, I1: during card play the pending decision's choices (the player's hand) are
    hidden from the others; a game rebuilt from such a view plays on."""
    g = past_setup(4, seed=9)
    d = g.pending
    assert d is not None and d.rule == "I3"
    p = d.players[0]
    other = (p + 1) % 4
    assert g.view(p)["flow"]["pending"]["options"]["choices"] == d.options["choices"]
    assert g.view(other)["flow"]["pending"]["options"]["choices"] == []
    rebuilt = Game.from_view(g.view(other), random.Random(3))
    assert rebuilt.pending is not None and len(rebuilt.pending.options["choices"]) == 13
    assert rebuilt.state.hands[other] == g.state.hands[other]
    play_random(rebuilt, random.Random(4))
    assert rebuilt.over


def test_I1_cli_beginner_option_plays_only_values_divisible_by_ten(tmp_path: Path) -> None:
    """I1: ``elgrande play --beginner`` chooses hands from the 18 values divisible by 10;
    the record replays with the option and ``check`` accepts it."""
    from click.testing import CliRunner

    from elgrande.play.records import replay
    from elgrande.tools.cli import main

    rec = tmp_path / "R.jsonl"
    r = CliRunner().invoke(main, ["play", "--players", "3", "--sets", "base,intrigue-king",
                                  "--fill", "provisional", "--beginner", "--seed", "2", "-q",
                                  "--record", str(rec)])
    assert r.exit_code == 0, r.output
    game = replay(rec.read_text("utf-8").splitlines(), logging=False)
    played = {v for p in range(3) for v in game.state.discards[p]}
    assert played and all(v % 10 == 0 for v in played)
    c = CliRunner().invoke(main, ["check", str(rec)])
    assert c.exit_code == 0 and "answers legal" in c.output


def test_I1_beginner_option_refused_without_a_set_that_has_it() -> None:
    """I1's beginner option belongs to a set whose players choose combined cards: asked
    for in a base game it is refused (a ValueError, a usage error at the CLI), not
    silently ignored."""
    from click.testing import CliRunner

    from elgrande.tools.cli import main

    with pytest.raises(ValueError, match=r"\(base\) has the beginner option \(I1\)"):
        new_game(3, seed=1, beginner=True)
    r = CliRunner().invoke(main, ["play", "--players", "3", "--beginner", "-q"])
    assert r.exit_code == 2 and "beginner option (I1)" in r.output
    assert "Traceback" not in r.output


def test_I8_a_card_run_at_reveal_past_its_budget_is_undone_whole() -> None:
    """A card whose action only keeps a lasting effect runs as the cards are revealed (I8);
    past its work budget it is undone whole (B8: the ``special_void`` event, no lasting
    effect kept, the answer not refused), as a special action is."""
    from elgrande.engine.flow import engine_for

    g, plays, rng = _before_card_40()
    interp = engine_for(g.library).interpreter
    budget = interp.budget
    events: list[dict[str, Any]] = []
    try:
        interp.budget = 0  # every card now runs past its budget
        while g.pending is not None and g.pending.rule == "I3":
            p = g.pending.players[0]
            events += g.answer(p, plays[p])
    finally:
        interp.budget = budget
    void = [e for e in events if e.get("event") == "special_void"]
    assert [(e["player"], e["error"]["budget"]) for e in void] == [(1, 0)]
    assert not any(x.kind == "veto" for x in g.state.lasting)
    assert g.pending is not None  # the game goes on
