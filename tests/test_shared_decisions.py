"""The base game's decisions made once and shared (docs/performance.md, "The base game's
own decisions"): the offer (B4.4), order (B4.5), placement (B4.3) and secret-disc (B6.1)
decisions are made once per card, step and player (the placements: per king's region,
player and limit; the discs: per players asked) and handed to every game that asks them;
decisions never change once made, so no game's play may change one."""

from __future__ import annotations

import random
from typing import Any

from elgrande.engine import court
from elgrande.engine.decisions import Decision
from elgrande.play.game import Game, new_game
from elgrande.play.playouts import play_out
from elgrande.rules import base


def _pending_of(kind: str, rule: str, game: Game, rng: random.Random) -> list[Decision]:
    """Every pending decision of ``kind`` with rule ``rule`` of ``game`` played out with
    random answers on the checked path."""
    seen = []
    while not game.over:
        d = game.pending
        assert d is not None
        if d.kind == kind and d.rule == rule:
            seen.append(d)
        game.answer(d.players[0], d.random_answer(rng, d.players[0]))
    return seen


def test_two_games_asking_the_same_offer_get_the_same_decision() -> None:
    """B4.4, B4.5, B4.3, B6.1: the same game played twice asks the very same decision
    objects (made once, then shared), equal to what a fresh one would say."""
    for kind, rule in (("choose_option", "B4.4"), ("choose_option", "B4.5"),
                       ("place_caballeros", "B4.3"), ("secret_region", "B6.1")):
        one = _pending_of(kind, rule, new_game(3, seed=5, logging=False), random.Random(5))
        two = _pending_of(kind, rule, new_game(3, seed=5, logging=False), random.Random(5))
        assert one and len(one) == len(two)
        assert all(a is b for a, b in zip(one, two, strict=True)), rule
        assert all(Decision.from_json(a.to_json()) == a for a in one)


def _shared(game: Game) -> dict[Any, dict[str, Any]]:
    """Every decision the base module keeps to share, and the placements ``game``'s engine
    keeps, as JSON, by where it is kept."""
    out: dict[Any, dict[str, Any]] = {}
    for name in ("_OFFER_DECISIONS", "_ORDER_DECISIONS"):
        for key, d in getattr(base, name).items():
            out[(name, key)] = d.to_json()
    for key, d in game._engine.memo.get(court._DECIDED_MEMO, {}).items():
        out[("placements", key)] = d.to_json()
    return out


def _play_and_copy(seeds: range, checked: int) -> None:
    """Seeded games of 2-4 players: ``checked`` answers on the checked path, then a copy
    and the game itself played out on the trusted path."""
    for seed in seeds:
        g = new_game(2 + seed % 3, seed=seed, logging=False)
        rng = random.Random(seed)
        for _ in range(checked):
            d = g.pending
            assert d is not None
            g.answer(d.players[0], d.random_answer(rng, d.players[0]))
        c = g.copy()
        play_out(c, rng)
        play_out(g, random.Random(seed + 100))


def test_no_game_changes_a_shared_decision() -> None:
    """Decisions never change once made: seeded games on the checked and the trusted path
    (and their copies) leave every shared decision as it was made."""
    for seed in range(3):
        play_out(new_game(3, seed=seed, logging=False), random.Random(seed))
    one = new_game(3, seed=0, logging=False)  # (every base game has the same engine)
    before = _shared(one)
    assert before and any(k[0] == "placements" for k in before)
    _play_and_copy(range(3, 9), 60)
    after = _shared(one)
    assert {k: after[k] for k in before} == before


def test_the_intrigue_and_king_offer_is_shared_too() -> None:
    """I6: the optional special action's offer of an Intrigue & the King game is made once
    per card, step and player and shared as B4.4's is, and no game changes it."""
    from elgrande.rules.intrigue_king import special

    def game(seed: int) -> Game:
        return new_game(4, sets=("base", "intrigue-king"), seed=seed, logging=False,
                        fill="provisional")

    one = _pending_of("choose_option", "I6", game(3), random.Random(3))
    two = _pending_of("choose_option", "I6", game(3), random.Random(3))
    assert one and len(one) == len(two)
    assert all(a is b for a, b in zip(one, two, strict=True))
    before = {k: d.to_json() for k, d in special._OFFER_DECISIONS.items()}
    for seed in range(4, 7):
        play_out(game(seed), random.Random(seed))
    assert {k: special._OFFER_DECISIONS[k].to_json() for k in before} == before


def test_a_special_action_s_decisions_made_once_are_shared() -> None:
    """B5.2, B8: the King's card's move of the king and a card's choice of a region among
    sets of the board and the king only are made once per card, king's region and
    deciding player and handed to every game that asks them (docs/performance.md,
    "Special actions"); a choice among places that depend on the caballeros is made
    afresh."""
    from elgrande.engine import step_decisions

    kings = [_pending_of("choose_region", "B5.2", new_game(3, seed=5, logging=False),
                         random.Random(5)) for _ in range(2)]
    assert kings[0] and len(kings[0]) == len(kings[1])
    assert all(a is b for a, b in zip(*kings, strict=True))
    assert all(a.prompt.startswith("{card:") for a in kings[0])  # named for the card
    kept = {id(v[2]) for v in step_decisions._KEPT.values()}
    seed = next(s for s in range(20) if any(  # a game whose cards choose a region
        id(d) in kept for d in _pending_of("choose_region", "B8",
                                           new_game(3, seed=s, logging=False),
                                           random.Random(s))))
    chosen = [_pending_of("choose_region", "B8", new_game(3, seed=seed, logging=False),
                          random.Random(seed)) for _ in range(2)]
    assert len(chosen[0]) == len(chosen[1])
    shared = [(a, b) for a, b in zip(*chosen, strict=True) if id(a) in kept]
    assert shared and all(a is b for a, b in shared)
    assert all(a is not b for a, b in zip(*chosen, strict=True) if id(a) not in kept)
    assert all(Decision.from_json(a.to_json()) == a for a, _ in shared)


def test_no_game_changes_a_special_action_s_shared_decision() -> None:
    """Decisions never change once made: seeded games on the checked and the trusted path
    (and their copies) leave every special action's decision kept as it was made."""
    from elgrande.engine import step_decisions

    for seed in range(4):
        play_out(new_game(3, seed=seed, logging=False), random.Random(seed))
    before = {k: v[2].to_json() for k, v in step_decisions._KEPT.items()}
    assert before
    _play_and_copy(range(4, 10), 80)
    after = {k: v[2].to_json() for k, v in step_decisions._KEPT.items()}
    assert {k: after[k] for k in before if k in after} == before


def test_the_intrigue_and_king_deck_and_setup_disc_decisions_are_shared() -> None:
    """I1, I2: the secret deck choice and setup disc of an Intrigue & the King game are made
    once per players asked (the deck: and beginner option) and shared by every game of the
    library, equal to what a fresh one would say, and no game changes them."""
    from elgrande.rules.intrigue_king import cache_of, deck, setup_disc_decision

    def game(seed: int) -> Game:
        return new_game(4, sets=("base", "intrigue-king"), seed=seed, logging=False,
                        fill="provisional")

    for kind, rule in (("choose_cards", "I1"), ("secret_region", "I2")):
        one = _pending_of(kind, rule, game(3), random.Random(3))
        two = _pending_of(kind, rule, game(4), random.Random(4))
        assert len(one) == len(two) == 4  # one per player left to answer, 4 down to 1
        assert all(a is b for a, b in zip(one, two, strict=True)), rule
        assert all(Decision.from_json(a.to_json()) == a for a in one)
    g = game(5)
    shared = cache_of(g.library).secret
    before = {k: d.to_json() for k, d in shared.items()}
    assert len(before) >= 8
    values, n = deck._deck_offer(g.library, False)  # what each decision offers
    assert shared[("deck", False, (1, 2, 3))].to_json() == Decision(
        "choose_cards", [1, 2, 3], f"Choose {n} of your cards for this game (secretly)",
        {"per_player": {str(p): values for p in (1, 2, 3)}, "count": n}, "I1").to_json()
    assert setup_disc_decision(g.library.board, g.state, set()) is \
        shared[("setup_disc", False, (0, 1, 2, 3))]
    for seed in range(6, 9):
        play_out(game(seed), random.Random(seed))
    assert {k: shared[k].to_json() for k in before} == before
