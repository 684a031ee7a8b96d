"""The round and turn flow, driven through the Game facade (RULES.md B2-B8). Each test
names the rule it checks. Games are driven to a chosen situation by answering decisions
deliberately (a *policy*), everything else answered by a fixed default."""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest

from elgrande.data.library import load_library
from elgrande.dsl import ast
from elgrande.engine.decisions import Decision
from elgrande.errors import IllegalMove
from elgrande.model.state import OFF_BOARD, Lasting
from elgrande.play.game import Game, new_game
from elgrande.rules.base import part

LIB = load_library(("base",))
BOARD = LIB.board

Policy = Callable[[Game, Decision], Any]


def veto_card_id() -> str:
    """The action card whose effect keeps a Veto (found from the data, not by name)."""
    for c in LIB.cards.of_kind("action"):
        if c.script is None:
            continue
        for stmt in c.script.body.body:
            if isinstance(stmt, ast.Call) and stmt.name == "keep" and stmt.arg("kind") == "veto":
                return c.id
    raise AssertionError("no Veto card in the base set")


VETO = veto_card_id()


def default_answer(game: Game, d: Decision) -> Any:
    """A fixed answer: lowest power card, nothing to court, the first open card, place
    first, place nothing, decline special actions, never play a Veto, first region."""
    ph = game.flow.phase
    if ph == "offer":
        return 1  # decline
    if ph == "veto":
        return 0  # let it be
    if d.kind == "bring_to_court":
        return 0
    if d.kind == "place_caballeros":
        return {}
    legal = d.legal_answers(d.players[0])
    if legal:
        return legal[0]
    return d.random_answer(random.Random(0), d.players[0])


def step(game: Game, policy: Policy | None = None) -> None:
    """Answer the pending decision by ``policy`` (when it returns non-None) or the
    default."""
    d = game.pending
    assert d is not None
    a = policy(game, d) if policy else None
    if a is None:
        a = default_answer(game, d)
    game.answer(d.players[0], a)


def run_until(game: Game, stop: Callable[[Game], bool], policy: Policy | None = None,
              limit: int = 3000) -> Game:
    """Answer decisions until ``stop(game)`` holds (checked before each answer)."""
    for _ in range(limit):
        if game.pending is None or stop(game):
            return game
        step(game, policy)
    raise AssertionError("stop condition never reached")


def bids(values: dict[int, int]) -> Policy:
    """A policy playing the power card ``values[player]`` in the bidding phase."""
    def pol(g: Game, d: Decision) -> Any:
        if g.flow.phase == "bid" and d.players[0] in values:
            return values[d.players[0]]
        return None
    return pol


def both(*policies: Policy) -> Policy:
    def pol(g: Game, d: Decision) -> Any:
        for p in policies:
            a = p(g, d)
            if a is not None:
                return a
        return None
    return pol


def snapshot(game: Game) -> str:
    return json.dumps(game.to_json(), sort_keys=True)


def refused(game: Game, player: int, answer: Any, *rules: str) -> IllegalMove:
    """Assert ``answer`` is refused with one of ``rules`` and changes nothing."""
    before = snapshot(game)
    with pytest.raises(IllegalMove) as info:
        game.answer(player, answer)
    assert info.value.rule in rules, info.value
    assert snapshot(game) == before
    return info.value


def at(phase: str, actor: int | None = None) -> Callable[[Game], bool]:
    return lambda g: g.flow.phase == phase and (actor is None or g.flow.actor == actor)


def put_on_offer(game: Game, card: str) -> None:
    """Make ``card`` open this round (swapped with the open card of its stack)."""
    slot = LIB.card(card).stack - 1
    stack = game.state.stacks[slot]
    i = stack.index(card)
    stack[i], game.state.offer[slot] = game.state.offer[slot], card


# -- B2 setup ------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("seed", [0, 1, 17])
def test_b2_setup(players: int, seed: int) -> None:
    """B2.1-B2.4: king and Grandes in distinct mainland regions, 2 caballeros in each
    Grande's region, 7 in court, 21 in provinces, scores 0, scoreboards off the board."""
    s = new_game(players, seed=seed).state
    places = [s.king, *s.grandes]
    assert len(set(places)) == players + 1
    assert all(p in BOARD.regions for p in places)
    for p in range(players):
        assert s.caballeros[s.grandes[p]][p] == 2
        assert s.on_board(p) == 2
        assert s.court[p] == 7
        assert s.provinces[p] == 21
    assert s.scores == [0] * players
    assert all(x == OFF_BOARD for x in s.scoreboards)
    assert s.conservation_errors(BOARD) == []


def test_b2_same_seed_same_setup() -> None:
    """B2: the setup is drawn from the seed: same seed, same setup (and stacks); other seeds
    give other setups."""
    a, b = new_game(4, seed=42), new_game(4, seed=42)
    assert a.state.to_json() == b.state.to_json()
    assert a.flow.to_json() == b.flow.to_json()
    setups = {json.dumps([g.state.king, g.state.grandes, g.state.stacks])
              for g in (new_game(4, seed=s) for s in range(10))}
    assert len(setups) > 1


def test_b2_5_start_player() -> None:
    """B2.5: the start player plays the first power card (given, or drawn from the seed)."""
    for sp in range(4):
        g = new_game(4, seed=3, start_player=sp)
        assert g.pending is not None and g.pending.kind == "choose_power_card"
        assert g.pending.players == [sp]
        assert g.header["start_player"] == sp


# -- B3 rounds ------------------------------------------------------------------------------


def test_b3_1_five_cards_on_offer() -> None:
    """B3.1: the top card of each of the four stacks plus the King's card are on offer."""
    g = new_game(4, seed=9)
    offer = g.state.offer
    assert len(offer) == 5
    assert offer[4] == part(g.flow).reused[0]
    assert LIB.card(part(g.flow).reused[0]).kind == "king"
    for i in range(4):
        assert LIB.card(offer[i]).stack == i + 1
        assert Counter(g.state.stacks[i] + [offer[i]]) == Counter(LIB.deck(i + 1))
    run_until(g, at("card"))
    assert g.pending is not None and sorted(g.pending.options["choices"]) == sorted(offer)


def test_b3_2_cannot_bid_a_value_played_this_round() -> None:
    """B3.2: a value already played this round by another player is refused (state
    unchanged) and is not among the legal answers."""
    g = new_game(3, seed=2, start_player=0)
    g.answer(0, 7)
    d = g.pending
    assert d is not None and d.players == [1]
    assert 7 not in d.legal_answers()
    e = refused(g, 1, 7, "B3.2")
    assert "7" in e.message
    g.answer(1, 8)
    refused(g, 2, 7, "B3.2")
    refused(g, 2, 8, "B3.2")
    g.answer(2, 6)
    assert g.state.bids == [[0, 7], [1, 8], [2, 6]]


def test_b3_2_played_cards_are_gone() -> None:
    """B3.2: a power card played in an earlier round is discarded and cannot be played
    again."""
    g = new_game(2, seed=2, start_player=0)
    run_until(g, lambda g: g.flow.round == 2, bids({0: 5, 1: 9}))
    assert 5 in g.state.discards[0] and 5 not in g.state.hands[0]
    d = g.pending
    assert d is not None and d.kind == "choose_power_card"
    p = d.players[0]
    gone = 5 if p == 0 else 9
    refused(g, p, gone, "B3.2")


def test_b3_3_lowest_card_bids_first_next_round() -> None:
    """B3.3: round 1 starts with the start player; the next round starts with the player
    of the lowest card (not the player who laid the last power card)."""
    g = new_game(4, seed=4, start_player=0)
    order: list[int] = []

    def pol(g: Game, d: Decision) -> Any:
        if g.flow.phase == "bid" and g.flow.round == 1:
            order.append(d.players[0])
            return {0: 13, 1: 2, 2: 10, 3: 5}[d.players[0]]
        return None

    run_until(g, lambda g: g.flow.round == 2, pol)
    assert order == [0, 1, 2, 3]  # clockwise from the start player (B3.2)
    assert g.pending is not None and g.pending.kind == "choose_power_card"
    assert g.pending.players == [1]
    assert part(g.flow).first_bidder == 1


def test_b3_4_turn_order_highest_first() -> None:
    """B3.4: turns go from the highest power card down."""
    g = new_game(4, seed=4, start_player=0)
    actors: list[int] = []

    def pol(g: Game, d: Decision) -> Any:
        if g.flow.phase == "card":
            actors.append(g.flow.actor)
        return None

    run_until(g, lambda g: g.flow.round == 2, both(bids({0: 6, 1: 2, 2: 11, 3: 9}), pol))
    assert actors == [2, 3, 0, 1]


def test_b3_5_unchosen_cards_discarded_kings_card_stays() -> None:
    """B3.5, B4.6: after the round the unchosen open cards leave the game; the taken ones
    are back under their stacks; the King's card is on offer again."""
    g = new_game(2, seed=8, start_player=0)
    start = Counter(c for s in g.state.stacks for c in s) + Counter(g.state.offer[:4])
    offered = g.state.offer[:4]
    taken: list[str] = []

    def pol(g: Game, d: Decision) -> Any:
        if g.flow.phase == "card":
            c = next(c for c in d.options["choices"] if c != part(g.flow).reused[0])
            taken.append(c)
            return c
        return None

    run_until(g, lambda g: g.flow.round == 2, pol)
    assert len(taken) == 2
    unchosen = Counter(offered) - Counter(taken)
    now = Counter(c for s in g.state.stacks for c in s) + Counter(g.state.offer[:4])
    assert now == start - unchosen
    assert g.state.offer[4] == part(g.flow).reused[0]


@pytest.mark.parametrize("variant", ["standard", "short", "six_rounds"])
def test_b3_6_scorings_after_rounds_3_6_9(variant: str) -> None:
    """B3.6 (B3.7): the secret-disc decisions of a scoring come after all turns of each
    scoring round, for every player; the game ends after the last scoring."""
    g = new_game(3, seed=6, variant=variant)
    seen: list[int] = []

    def pol(g: Game, d: Decision) -> Any:
        if d.kind == "secret_region" and g.flow.phase == "discs":
            if d.players == [0, 1, 2]:
                seen.append(g.flow.round)
                assert d.rule == "B6.1"
                assert len(g.state.bids) == 3 and g.flow.turn_i == 3  # every turn done
                assert "castillo" not in d.options["per_player"]["0"]        # B6.1
                assert len(d.options["per_player"]["0"]) == len(BOARD.regions)
        return None

    run_until(g, lambda g: False, pol)
    assert g.over
    assert seen == list(BOARD.variants[variant].scoring_after)
    assert g.flow.round == BOARD.variants[variant].rounds[-1]


def test_b6_3_castillo_emptied_at_scoring() -> None:
    """B6.3: after the discs are revealed the Castillo is empty; Castillo caballeros go to
    the disc's region, or to court for the king's region."""
    g = new_game(2, seed=1, start_player=0)
    run_until(g, at("discs"))
    s, c = g.state, BOARD.castillo
    s.caballeros[c] = [3, 2]
    s.provinces = [s.provinces[0] - 3, s.provinces[1] - 2]
    king = BOARD.place_id(s.king)
    other = next(BOARD.place_id(r) for r in BOARD.regions if r != s.king)
    court0 = s.court[0]
    in_other = s.caballeros[BOARD.index[other]][1]
    g.answer(0, king)
    g.answer(1, other)
    assert g.state.caballeros[c] == [0, 0]
    assert g.state.court[0] == court0 + 3
    assert g.state.caballeros[BOARD.index[other]][1] == in_other + 2
    assert g.state.conservation_errors(BOARD) == []


def test_b3_7_short_game_rounds() -> None:
    """B3.7a: the short game plays rounds 2, 3, 5, 6, 8, 9."""
    g = new_game(4, seed=3, variant="short")
    assert g.flow.round == 2 and g.state.round == 2
    rounds: list[int] = []

    def pol(g: Game, d: Decision) -> Any:
        if not rounds or rounds[-1] != g.flow.round:
            rounds.append(g.flow.round)
        return None

    run_until(g, lambda g: False, pol)
    assert rounds == [2, 3, 5, 6, 8, 9]
    assert g.over


# -- B4 a turn ------------------------------------------------------------------------------


def test_b4_1_court_limit_from_power_card() -> None:
    """B4.1: up to N caballeros from the provinces, N from the power card (value 1: 6;
    value 13: 0, so no court decision at all)."""
    g = new_game(2, seed=5, start_player=0)
    run_until(g, lambda g: g.flow.phase != "bid", bids({0: 1, 1: 13}))
    # player 1 (13 -> 0 caballeros) goes first and brings nobody: straight to the card
    d = g.pending
    assert d is not None and d.kind == "choose_action_card" and d.players == [1]
    run_until(g, at("court", 0))
    d = g.pending
    assert d is not None and d.kind == "bring_to_court" and d.players == [0]
    assert d.options["limit"] == BOARD.power_cards[1] == 6
    refused(g, 0, 7, "B4.1")
    refused(g, 0, {"provinces": 7}, "B4.1")
    refused(g, 0, {"provinces": 2, "regions": {BOARD.place_id(g.state.grandes[0]): 1}},
            "B4.1")  # regions only once the provinces are empty
    prov, court = g.state.provinces[0], g.state.court[0]
    g.answer(0, 6)
    assert g.state.provinces[0] == prov - 6
    assert g.state.court[0] == court + 6
    assert g.pending is not None and g.pending.kind == "choose_action_card"


def test_b4_2_must_take_an_open_card() -> None:
    """B4.2: the player must choose one of the open cards: no other card, no pass; a card
    taken is no longer open to the next player."""
    g = new_game(3, seed=5, start_player=0)
    run_until(g, at("card"), bids({0: 13, 1: 12, 2: 11}))
    d = g.pending
    assert d is not None and d.kind == "choose_action_card" and d.players == [0]
    open_cards = [c for c in g.state.offer if c]
    assert sorted(d.legal_answers()) == sorted(open_cards)
    for bad in (None, "", "no-such-card", 0):
        refused(g, 0, bad, "B4.2")
    closed = next(c for c in LIB.cards.cards if c not in open_cards)
    refused(g, 0, closed, "B4.2")
    g.answer(0, open_cards[0])
    run_until(g, at("card", 1))
    d = g.pending
    assert d is not None
    assert open_cards[0] not in d.options["choices"]
    refused(g, 1, open_cards[0], "B4.2")


def _placing_game(king: str) -> Game:
    g = new_game(2, seed=5, start_player=0)
    g.state.king = BOARD.index[king]
    run_until(g, at("card", 0), bids({0: 13, 1: 12}))
    g.answer(0, part(g.flow).reused[0])  # places up to 5
    assert g.pending is not None and g.flow.phase == "order"
    g.answer(0, 0)  # place first
    return g


def test_b4_3_b5_1_placement_adjacent_to_king_or_castillo() -> None:
    """B4.3, B5.1, B5.2: court caballeros go to regions adjacent to the king's region or the
    Castillo; never elsewhere, never the king's region; at most the card's number."""
    king = BOARD.place_id(BOARD.regions[0])
    g = _placing_game(king)
    d = g.pending
    assert d is not None and d.kind == "place_caballeros" and d.players == [0]
    k = BOARD.index[king]
    adjacent = {BOARD.place_id(r) for r in BOARD.regions if r != k and BOARD.adjacent(k, r)}
    assert set(d.options["to"]) == adjacent | {"castillo"}
    far = next(BOARD.place_id(r) for r in BOARD.regions
               if r != k and not BOARD.adjacent(k, r))
    refused(g, 0, {far: 1}, "B5.1")
    refused(g, 0, {king: 1}, "B5.2")
    limit = LIB.card(part(g.flow).reused[0]).stack
    assert d.options["max"] == min(limit, g.state.court[0])
    refused(g, 0, {"castillo": d.options["max"] + 1}, "B4.3")
    near = sorted(adjacent)[0]
    court = g.state.court[0]
    before_near = g.state.caballeros[BOARD.index[near]][0]
    g.answer(0, {near: 2, "castillo": 1})
    assert g.state.court[0] == court - 3
    assert g.state.caballeros[BOARD.index[near]][0] == before_near + 2
    assert g.state.caballeros[BOARD.castillo][0] == 1
    # B4.5: placement is done whole: the next decision is the special action, not more
    # placing
    assert g.pending is not None and g.flow.phase == "offer"


def test_b4_5_place_before_or_after_the_special_action() -> None:
    """B4.5: both orders are offered and reachable; each part is done whole."""
    g = new_game(2, seed=5, start_player=0)
    run_until(g, at("card", 0), bids({0: 13, 1: 12}))
    g.answer(0, part(g.flow).reused[0])
    d = g.pending
    assert d is not None and d.kind == "choose_option" and d.rule == "B4.5"
    assert len(d.options["labels"]) == 2
    first, second = g.copy(), g.copy()
    # place first, then the special action
    first.answer(0, 0)
    assert first.pending is not None and first.pending.kind == "place_caballeros"
    first.answer(0, {"castillo": 1})
    assert first.flow.phase == "offer"
    first.answer(0, 0)  # carry out: move the king
    assert first.pending is not None and first.pending.kind == "choose_region"
    first.answer(0, first.pending.options["choices"][0])
    assert first.flow.actor == 1  # the turn is over: no second placement
    # special action first, then place
    second.answer(0, 1)
    assert second.flow.phase == "offer"
    second.answer(0, 0)
    d = second.pending
    assert d is not None and d.kind == "choose_region"
    second.answer(0, d.options["choices"][0])
    d = second.pending
    assert d is not None and d.kind == "place_caballeros" and d.players == [0]
    # the placement is next to the king's new region
    k = second.state.king
    assert set(d.options["to"]) == {BOARD.place_id(r) for r in BOARD.regions
                                    if r != k and BOARD.adjacent(k, r)} | {"castillo"}
    second.answer(0, {})
    assert second.flow.actor == 1


def test_b4_4_declining_the_special_action() -> None:
    """B4.4: the player may decline the special action: nothing of it happens."""
    g = new_game(2, seed=5, start_player=0)
    run_until(g, at("card", 0), bids({0: 13, 1: 12}))
    g.answer(0, part(g.flow).reused[0])
    g.answer(0, 1)  # special action first
    d = g.pending
    assert d is not None and d.rule == "B4.4" and g.flow.phase == "offer"
    refused(g, 0, 2, "B4.4")
    king = g.state.king
    carried = g.copy()
    g.answer(0, 1)  # decline
    assert g.state.king == king
    assert g.pending is not None and g.pending.kind == "place_caballeros"
    carried.answer(0, 0)  # carry it out: the King's card moves the king
    assert carried.pending is not None and carried.pending.kind == "choose_region"
    to = carried.pending.options["choices"][0]
    carried.answer(0, to)
    assert carried.state.king == BOARD.index[to] != king


def test_b4_6_taken_card_goes_under_its_stack() -> None:
    """B4.6: the used card goes under its stack; the King's card does not (it is marked
    used for the round)."""
    g = new_game(2, seed=7, start_player=0)
    run_until(g, at("card", 0), bids({0: 13, 1: 12}))
    card = g.state.offer[0]
    size = len(g.state.stacks[0])
    g.answer(0, card)
    run_until(g, at("card", 1))
    assert g.state.stacks[0][-1] == card
    assert len(g.state.stacks[0]) == size + 1
    g.answer(1, part(g.flow).reused[0])
    assert g.state.offer[4] == ""  # taken: turned over for this round (B4.6)
    run_until(g, lambda g: g.flow.round == 2)
    assert all(part(g.flow).reused[0] not in s for s in g.state.stacks)
    assert g.state.offer[4] == part(g.flow).reused[0]


def test_b4_6_kept_veto_does_not_return_to_its_stack() -> None:
    """B4.6, B8.4: a Veto taken and carried out is kept by its taker, not put under the
    stack; declined, it goes back under the stack."""
    for carry, kept in ((0, True), (1, False)):
        g = new_game(2, seed=7, start_player=0)
        put_on_offer(g, VETO)
        slot = LIB.card(VETO).stack - 1
        in_stack = g.state.stacks[slot].count(VETO)
        run_until(g, at("card", 0), bids({0: 13, 1: 12}))
        g.answer(0, VETO)
        run_until(g, at("offer", 0))
        g.answer(0, carry)
        run_until(g, at("card", 1))
        vetoes = [x for x in g.state.lasting if x.kind == "veto"]
        if kept:
            assert [(x.player, x.expires) for x in vetoes] == [(0, g.flow.round + 1)]
            assert g.state.stacks[slot].count(VETO) == in_stack
        else:
            assert vetoes == []
            assert g.state.stacks[slot][-1] == VETO
            assert g.state.stacks[slot].count(VETO) == in_stack + 1


# -- B8.4 Veto ---------------------------------------------------------------------------------


def _veto_game(holders: list[int], expires: int = 2, taken: int = 1) -> Game:
    """3 players; round 1; turn order 0, 1, 2; each of ``holders`` holds a Veto; player
    0 is about to carry out the King's card (special action first)."""
    g = new_game(3, seed=11, start_player=0)
    g.state.lasting = [Lasting("veto", p, expires, VETO, {"taken": taken}) for p in holders]
    run_until(g, at("card", 0), bids({0: 13, 1: 12, 2: 11}))
    g.answer(0, part(g.flow).reused[0])
    g.answer(0, 1)  # special action first
    assert g.flow.phase == "offer"
    return g


def _is_veto_window(d: Decision | None, player: int) -> bool:
    return (d is not None and d.kind == "choose_option" and d.rule == "B8.4"
            and d.players == [player])


def test_b8_4_holder_is_asked_before_the_special_action() -> None:
    """B8.4: while a live Veto is held by another player, the special action is announced
    and the holder is asked first; letting it be carries it out, the Veto kept."""
    g = _veto_game([2])
    king = g.state.king
    g.answer(0, 0)  # carry out
    d = g.pending
    assert _is_veto_window(d, 2)
    assert g.state.king == king  # nothing done yet
    refused(g, 0, 0, "B8.4", "B3.4")  # only the holder answers now
    g.answer(2, 0)  # let it be
    assert g.pending is not None and g.pending.kind == "choose_region"
    assert g.pending.players == [0]
    assert [x.player for x in g.state.lasting] == [2]


def test_b8_4_veto_cancels_the_special_action() -> None:
    """B8.4: playing the Veto cancels the special action (the placement still follows);
    the Veto is spent."""
    g = _veto_game([2])
    king = g.state.king
    g.answer(0, 0)
    g.answer(2, 1)  # play the Veto
    assert g.state.king == king
    assert g.state.lasting == []
    d = g.pending
    assert d is not None and d.kind == "place_caballeros" and d.players == [0]
    g.answer(0, {})
    assert g.flow.actor == 1


def test_b8_4_veto_against_veto_restores_the_action() -> None:
    """B8.4: a Veto can cancel a Veto, which restores the first special action."""
    g = _veto_game([2, 0])
    g.answer(0, 0)
    assert _is_veto_window(g.pending, 2)
    g.answer(2, 1)  # veto
    assert _is_veto_window(g.pending, 0)  # the actor may veto the veto
    g.answer(0, 1)
    assert g.state.lasting == []
    d = g.pending
    assert d is not None and d.kind == "choose_region" and d.players == [0]


def test_b8_4_three_vetoes_cancel() -> None:
    """B8.4: veto, veto against it, and a third veto: the special action is cancelled."""
    g = _veto_game([1, 2, 0])
    king = g.state.king
    g.answer(0, 0)
    assert _is_veto_window(g.pending, 1)
    g.answer(1, 1)  # 1 vetoes 0
    assert g.pending is not None and g.pending.players[0] in (0, 2)
    g.answer(g.pending.players[0], 1)  # vetoes 1's veto
    last = g.pending
    assert last is not None and last.rule == "B8.4"
    g.answer(last.players[0], 1)  # the third veto
    while g.flow.phase == "veto":
        g.answer(g.pending.players[0], 0)  # type: ignore[union-attr]
    assert g.state.king == king
    assert g.pending is not None and g.pending.kind == "place_caballeros"


def test_b8_4_no_window_without_a_live_veto() -> None:
    """B8.4: with no Veto held by another player (none at all, only the actor's own, or
    only an expired one), the special action runs at once."""
    for holders in ([], [0]):
        g = _veto_game(holders)
        g.answer(0, 0)
        assert g.pending is not None and g.pending.kind == "choose_region", holders
    # an expired Veto: taken in round 1, so it expired at the end of round 2
    g = new_game(3, seed=11, start_player=0)
    run_until(g, lambda g: g.flow.round == 3)
    g.state.lasting = [Lasting("veto", 2, 2, VETO, {"taken": 1})]
    run_until(g, at("card", 0), bids({0: 10, 1: 9, 2: 8}))
    g.answer(0, part(g.flow).reused[0])
    g.answer(0, 1)
    g.answer(0, 0)
    assert g.pending is not None and g.pending.kind == "choose_region"


def test_b8_4_placement_cannot_be_vetoed() -> None:
    """B8.4: a Veto cannot stop the placement of caballeros from court: no window opens
    before placing."""
    g = new_game(3, seed=11, start_player=0)
    g.state.lasting = [Lasting("veto", 2, 2, VETO, {"taken": 1})]
    run_until(g, at("card", 0), bids({0: 13, 1: 12, 2: 11}))
    g.answer(0, part(g.flow).reused[0])
    g.answer(0, 0)  # place first
    d = g.pending
    assert d is not None and d.kind == "place_caballeros" and d.players == [0]
    g.answer(0, {"castillo": 1})
    assert g.state.caballeros[BOARD.castillo][0] == 1
    assert g.flow.phase == "offer"


def _take_veto_in_round_1(variant: str = "standard") -> Game:
    """Player 2 takes the Veto card in the first round and carries it out."""
    g = new_game(3, seed=11, start_player=0, variant=variant)
    put_on_offer(g, VETO)
    first = g.flow.round

    pol = _player_2_takes_the_veto(in_round=None)

    run_until(g, at("card", 0), both(bids({0: 13, 1: 12, 2: 11}), pol))
    run_until(g, lambda g: g.flow.round != first, pol)
    return g


def _player_2_takes_the_veto(in_round: int | None) -> Any:
    """A policy: at the card choice (in round ``in_round``, or any), player 2 takes the
    Veto card and the others take another card; player 2 carries its special action out."""
    def pol(g: Game, d: Decision) -> Any:
        if g.flow.phase == "card" and in_round in (None, g.flow.round):
            if g.flow.actor == 2:
                return VETO
            return next(c for c in d.options["choices"] if c != VETO)
        if g.flow.phase == "offer" and g.flow.actor == 2:
            return 0
        return None
    return pol


def _king_turn_asks(g: Game, player: int) -> bool:
    """Drive the current round to player 0's turn, take the King's card and carry it out;
    True if ``player`` is then asked for a Veto."""
    run_until(g, at("card", 0), bids({0: max(g.state.hands[0])}))  # others: their lowest
    assert g.flow.turn_order[0] == 0
    g.answer(0, part(g.flow).reused[0])
    g.answer(0, 1)
    g.answer(0, 0)
    return _is_veto_window(g.pending, player)


def test_b8_4_veto_lasts_this_round_and_the_next() -> None:
    """B8.4: a Veto taken in round r can be used in round r + 1 and is discarded at the
    end of round r + 1."""
    g = _take_veto_in_round_1()
    assert g.flow.round == 2
    held = [x for x in g.state.lasting if x.kind == "veto"]
    assert [(x.player, x.expires) for x in held] == [(2, 2)]
    assert _king_turn_asks(g.copy(), 2)       # live in round 2
    run_until(g, lambda g: g.flow.round == 3)
    assert [x for x in g.state.lasting if x.kind == "veto"] == []
    assert not _king_turn_asks(g, 2)          # gone in round 3


def test_b8_4_veto_next_round_in_the_short_game() -> None:
    """B8.4, B3.7: in the short game the round after round 3 is round 5: a Veto taken in
    round 3 can be used there."""
    g = new_game(3, seed=11, start_player=0, variant="short")
    run_until(g, lambda g: g.flow.round == 3)
    put_on_offer(g, VETO)

    pol = _player_2_takes_the_veto(in_round=3)

    run_until(g, at("card", 0), both(bids({0: 13, 1: 12, 2: 11}), pol))
    run_until(g, lambda g: g.flow.round == 5, pol)
    assert [x.player for x in g.state.lasting if x.kind == "veto"] == [2]
    assert _king_turn_asks(g, 2)


# -- the flow's shape: declared phase moves, no endless flow (B3, B4) ------------------------------
def _observed(engine: Any, games: Callable[[], None]) -> dict[str, set[str]]:
    """The phase moves ``games`` make with ``engine`` (one decide, apply or answer call
    of a phase: the phase before and after it, when they differ)."""
    from elgrande.engine.modules import Phase

    seen: dict[str, set[str]] = {}

    def watch(fn: Any) -> Any:
        def watched(eng: Any, state: Any, flow: Any, *rest: Any) -> Any:
            was = flow.phase
            try:
                return fn(eng, state, flow, *rest)
            finally:
                if flow.phase != was:
                    seen.setdefault(was, set()).add(flow.phase)
        return watched

    phases = engine.rules.phases
    kept = dict(phases)
    for name, ph in kept.items():
        phases[name] = Phase(name, watch(ph.decide), watch(ph.apply),
                             watch(ph.answer) if ph.answer else None, ph.precedes,
                             ph.turn_rule, ph.goes_to)
    try:
        games()
    finally:
        phases.update(kept)
    return seen


@pytest.mark.parametrize("sets", [("base",), ("base", "colonies"), ("base", "intrigue-king"),
                                  ("base", "colonies", "intrigue-king")])
def test_b3_b4_every_phase_moves_the_flow_only_where_it_declares(sets: tuple[str, ...]) -> None:
    """B3, B4 (and the expansions' inserted and replaced phases): every phase of the
    shipped sets declares where it moves the flow (``Phase.goes_to``), and random games
    move it nowhere else."""
    from elgrande.engine.flow import engine_for
    from elgrande.play.game import play_random

    fill = None if sets == ("base",) else "provisional"
    first = new_game(3, sets=sets, seed=0, logging=False, fill=fill)
    engine = engine_for(first.library)
    declared = {name: engine.rules.goes_to(name) for name in engine.rules.phases}
    assert all(v is not None for v in declared.values()), declared

    def games() -> None:
        for seed in range(3):
            for players in (3, 5):
                g = new_game(players, sets=sets, seed=seed, logging=False, fill=fill)
                play_random(g, random.Random(seed))

    seen = _observed(engine, games)
    assert seen  # the games moved through the phases
    for was, went in seen.items():
        assert went <= (declared[was] or set()), (was, went - (declared[was] or set()))


def test_b3_a_flow_that_never_reaches_a_decision_stops_naming_its_phases() -> None:
    """A rules module whose phases hand the flow to each other without ever asking a
    decision (a toy module that loops) stops the driver after a bound with an internal
    error naming the phases it cycles through, instead of running forever."""
    from elgrande.engine.flow import FlowEngine
    from elgrande.engine.modules import Phase, RulesModule, load_rules, register_module
    from elgrande.errors import FlowLoopError

    def to(nxt: str) -> Any:
        def decide(engine: Any, state: Any, flow: Any, events: Any) -> None:
            flow.phase = nxt
        return decide

    def nothing(*args: Any) -> None:
        raise AssertionError("nothing is asked")  # pragma: no cover

    register_module(RulesModule(name="toy_loop", phases=(
        Phase("spin_a", to("spin_b"), nothing, goes_to=("spin_b",)),
        Phase("spin_b", to("spin_a"), nothing, goes_to=("spin_a",)))))
    engine = FlowEngine(LIB, load_rules(["base", "toy_loop"]))
    g = new_game(3, seed=1, logging=False)
    flow = g.flow.copy()
    flow.phase = "spin_a"
    with pytest.raises(FlowLoopError) as exc:
        engine.advance(g.state.copy(), flow, [])
    assert exc.value.phases == ["spin_a", "spin_b"]
    assert "spin_a, spin_b" in str(exc.value)


# -- side decisions (asides), with a toy module ----------------------------------------------------
#: The points each option of the toy aside gives (both odd: the aside is not asked again).
_TOY_POINTS = [1, 3]


def _toy_aside(ctx: Any, run: Any) -> Any:
    """A toy module's side decision between phases: before the action card is chosen
    (B4), a player whose score is even takes 1 or 3 points."""
    from elgrande.engine.context import Aside

    p = ctx.player
    ctx.state.due = True  # asked at every pause (a real module: when a change calls for it)
    if run is not None or ctx.flow.phase != "card" or ctx.state.scores[p] % 2:
        return None
    return Aside("toy_aside", Decision("choose_option", [p], "Take 1 or 3 points",
                                       {"labels": ["1 point", "3 points"]}, "B4.4"),
                 {"points": _TOY_POINTS})


def _toy_aside_apply(ctx: Any, aside: Any, answer: Any) -> None:
    ctx.state.scores[ctx.player] += aside.data["points"][answer]
    ctx.events.append({"event": "toy_points", "player": ctx.player})


def test_b4_a_module_side_decision_is_asked_before_the_phase_and_applied_by_it() -> None:
    """A rules module's side decision (an aside) between phases: the driver asks it
    before the phase decides, keeps it on the flow's stack (copied and saved with the
    flow), refuses a wrong answer with nothing changed, and hands a checked answer to the
    module's ``aside_apply`` hook; the game then goes on to the phase's decision."""
    from elgrande.engine.flow import Flow, FlowEngine
    from elgrande.engine.modules import RulesModule, load_rules, register_module

    register_module(RulesModule(name="toy_aside", hooks={"aside": _toy_aside,
                                                         "aside_apply": _toy_aside_apply}))
    engine = FlowEngine(LIB, load_rules(["base", "toy_aside"]))
    g = new_game(3, seed=2, logging=False)
    state, flow = g.state.copy(), g.flow.copy()
    rng = random.Random(2)
    asked = 0
    d = flow.pending
    while d is not None:
        p = d.players[0]
        if flow.asides:
            asked += 1
            assert flow.asides[-1].decision is d and flow.phase == "card"
            again = Flow.from_json(json.loads(json.dumps(flow.to_json())))
            assert again.asides[0].to_json() == flow.asides[0].to_json()
            snapshot = (state.to_json(), json.dumps(flow.to_json(), sort_keys=True))
            with pytest.raises(IllegalMove):
                engine.answer(state, flow, p, 2, [])  # no third option
            assert snapshot == (state.to_json(), json.dumps(flow.to_json(), sort_keys=True))
            before = state.scores[p]
            events: list[dict[str, Any]] = []
            d = engine.answer(state, flow, p, 1, events)
            assert state.scores[p] == before + 3 and events[0]["event"] == "toy_points"
            assert not flow.asides and d is not None and d.rule != "B4.4"  # the card choice
            continue
        d = engine.answer(state, flow, p, d.random_answer(rng, p), [])
    assert asked > 0 and flow.phase == "over"


def test_b4_the_owner_of_each_pending_decision_takes_the_raw_answer() -> None:
    """FlowEngine.answer has one path: every phase has an ``answer`` (its own, or the
    check of the pending decision's kind then its ``apply``), and a refused answer to a
    phase's decision leaves state and flow as they were."""
    from elgrande.engine.flow import engine_for

    engine = engine_for(LIB)
    assert all(callable(ph.answer) for ph in engine.rules.phases.values())
    g = new_game(3, seed=5, logging=False)
    d = g.pending
    assert d is not None and d.kind == "choose_power_card"
    snapshot = json.dumps(g.to_json(), sort_keys=True)
    with pytest.raises(IllegalMove):
        engine.answer(g.state, g.flow, d.players[0], 99, [])  # no such power card
    assert json.dumps(g.to_json(), sort_keys=True) == snapshot
    assert engine.answer(g.state, g.flow, d.players[0], d.options["choices"][0], []) is not None
