"""The early deal of homebrew cards (elgrande/play/early_deal.py): a seed picked so that
chosen cards come up soonest, the rules unchanged (B3.1), checked by playing the game to
the reveal; and the chance of a stack's card coming up at all (B3.1, B3.7)."""

from __future__ import annotations

import random
from fractions import Fraction
from pathlib import Path

import pytest

from elgrande.data.library import Library, load_library
from elgrande.engine.flow import setup
from elgrande.play.early_deal import deal_chance, early_seed, reveal_rounds
from elgrande.play.game import Game, new_game
from elgrande.players.bots import make_bot

HOMEBREW = Path(__file__).parent / "homebrew_serve"
NAMES = ["a", "b", "c", "d"]


@pytest.fixture(scope="module")
def lib() -> Library:
    return load_library(["base"], (), [str(HOMEBREW)])


def homebrew_ids(library: Library) -> list[str]:
    root = HOMEBREW.resolve()
    return sorted(c.id for c in library.cards.cards.values()
                  if getattr(c, "path", None) and Path(c.path).resolve().is_relative_to(root))


def play_until(game: Game, rnd: int, seed: int = 1) -> None:
    """Answer with random bots until round ``rnd`` has begun (its offer is turned up)."""
    rng = random.Random(seed)
    while game.pending is not None and game.flow.round < rnd:
        p = game.pending.players[0]
        game.answer(p, make_bot("random", rng.randrange(2 ** 31)).answer(game.lazy_view(p)))


def first_offers(game: Game, until: int = 99) -> dict[str, int]:
    """Play with random bots to the end or past round ``until``; the round each card was
    first on offer."""
    seen: dict[str, int] = {}
    rng = random.Random(7)
    while True:
        for c in game.state.offer:
            if c:
                seen.setdefault(c, game.flow.round)
        if game.pending is None or game.flow.round > until:
            return seen
        p = game.pending.players[0]
        game.answer(p, make_bot("random", rng.randrange(2 ** 31)).answer(game.lazy_view(p)))


def test_the_seed_found_reveals_the_card_in_round_1(lib: Library) -> None:
    ids = homebrew_ids(lib)
    assert len(ids) == 3
    for cid in ids:
        deal = early_seed(lib, 4, "standard", [cid], rng=random.Random(cid))
        assert deal.rounds == {cid: 1}
        assert deal.tried < 2000  # stopped as soon as a seed did it
        game = new_game(NAMES, seed=deal.seed, cards=[str(HOMEBREW)])
        assert game.flow.round == 1
        assert cid in game.state.offer  # turned up by the real round start (B3.1)


def test_two_cards_of_one_stack_come_up_in_rounds_1_and_2(lib: Library) -> None:
    ids = homebrew_ids(lib)
    by_stack: dict[int, list[str]] = {}
    for c in ids:
        by_stack.setdefault(lib.card(c).stack, []).append(c)
    pair = next(v for v in by_stack.values() if len(v) == 2)  # two cards share a stack
    deal = early_seed(lib, 4, "standard", ids, rng=random.Random(3))
    assert sorted(deal.rounds[c] or 0 for c in pair) == [1, 2]  # one card of a stack a round
    assert all(deal.rounds[c] == 1 for c in ids if c not in pair)
    game = new_game(NAMES, seed=deal.seed, cards=[str(HOMEBREW)])
    late = next(c for c in pair if deal.rounds[c] == 2)
    assert late not in game.state.offer
    play_until(game, 2)
    assert game.flow.round == 2 and late in game.state.offer


def test_reveal_rounds_agree_with_a_whole_game(lib: Library) -> None:
    ids = sorted(lib.cards.cards)
    for seed in (11, 12):
        state, _, _ = setup(lib, 3, seed, "standard")
        predicted = reveal_rounds(state, list(lib.board.variants["standard"].rounds), ids)
        played = first_offers(new_game(3, seed=seed, cards=[str(HOMEBREW)], logging=False))
        stacked = {c for s in lib.board.stacks for c in lib.deck(s)}
        for c in stacked:
            assert predicted[c] == played.get(c), c
        assert all(predicted[c] == 1 for c in ids if c not in stacked)  # in play at once


def test_a_card_not_dealt_from_a_stack_counts_as_round_1(lib: Library) -> None:
    stacked = {c for s in lib.board.stacks for c in lib.deck(s)}
    other = sorted(c for c in lib.cards.cards if c not in stacked)[0]
    deal = early_seed(lib, 4, "standard", [other], rng=random.Random(1))
    assert deal.rounds == {other: 1} and deal.tried == 1
    assert deal_chance(lib, other, "standard") is None


def test_the_short_variant_counts_its_own_rounds(lib: Library) -> None:
    cid = homebrew_ids(lib)[0]
    first = lib.board.variants["short"].rounds[0]
    deal = early_seed(lib, 4, "short", [cid], rng=random.Random(5))
    assert deal.rounds == {cid: first}
    game = new_game(NAMES, seed=deal.seed, variant="short", cards=[str(HOMEBREW)])
    assert game.flow.round == first and cid in game.state.offer


def test_deal_chance_is_the_share_of_a_stack_the_rounds_turn_up(lib: Library) -> None:
    cid = homebrew_ids(lib)[0]
    n = len(lib.deck(lib.card(cid).stack))
    rounds = len(lib.board.variants["standard"].rounds)
    got = deal_chance(lib, cid, "standard")
    assert got is not None and got.size == n and got.copies == 1
    assert got.draws == rounds and got.chance == Fraction(rounds, n)
    short = deal_chance(lib, cid, "short")
    assert short is not None and short.chance == Fraction(len(lib.board.variants["short"]
                                                                .rounds), n)
    # the figure against the deals themselves: the share of 400 seeds that turn it up
    hits = 0
    for seed in range(400):
        state, _, _ = setup(lib, 4, seed, "standard")
        hits += reveal_rounds(state, list(range(1, rounds + 1)), [cid])[cid] is not None
    assert abs(hits / 400 - float(got.chance)) < 0.07


def test_deal_chance_of_a_card_with_copies(lib: Library) -> None:
    deck = next(lib.deck(s) for s in lib.board.stacks
                if any(lib.deck(s).count(c) == 3 for c in lib.deck(s)))
    cid = next(c for c in deck if deck.count(c) == 3)
    n, d = len(deck), len(lib.board.variants["standard"].rounds)
    got = deal_chance(lib, cid, "standard")
    below = n - d  # the places the game's rounds never turn up
    never = Fraction(below * (below - 1) * (below - 2), n * (n - 1) * (n - 2))  # all 3 there
    assert got is not None and got.copies == 3 and got.size == n
    assert got.chance == 1 - never


def test_errors(lib: Library) -> None:
    with pytest.raises(ValueError, match="at least one card"):
        early_seed(lib, 4, "standard", [])
    with pytest.raises(ValueError, match="not in this game's library: nope"):
        early_seed(lib, 4, "standard", ["nope"])
    with pytest.raises(ValueError, match="tries"):
        early_seed(lib, 4, "standard", homebrew_ids(lib)[:1], tries=0)
    with pytest.raises(ValueError, match="B1.0"):
        early_seed(lib, 9, "standard", homebrew_ids(lib)[:1])
    with pytest.raises(ValueError, match="not in this game's library"):
        deal_chance(lib, "nope", "standard")
    with pytest.raises(ValueError, match="unknown variant"):
        deal_chance(lib, homebrew_ids(lib)[0], "longest")


def test_with_the_colonies_the_cards_come_up_when_said() -> None:
    """The Colonies set up more (and ask a question before round 1): the stacks' deal is
    still read from the real set-up, and the game shows the cards when it said."""
    lib = load_library(["base", "colonies"], (), [str(HOMEBREW)], "provisional")
    ids = homebrew_ids(lib)
    deal = early_seed(lib, 5, "standard", ids, rng=random.Random(2))
    game = new_game(5, sets=["base", "colonies"], fill="provisional", seed=deal.seed,
                    cards=[str(HOMEBREW)], logging=False)
    seen = {c: r for c, r in first_offers(game, until=2).items() if c in ids}
    assert seen == deal.rounds and sorted(seen.values()) == [1, 1, 2]
