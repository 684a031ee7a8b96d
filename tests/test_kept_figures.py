"""B4.3, B5.1, B5.2, C4-C7, C11, I9: the figures the engine keeps between decisions instead
of recomputing them (the places a caballero from court may go next to the king and why the
others are refused, kept by the king's region and the rules modules' placement keys; the
Colonies ship's destinations, kept by the king's region; the greedy outlook's place points,
kept by what decides them) equal a full recomputation at every decision of seeded random
base, Colonies, Intrigue & the King and combined games.

A full recomputation here folds the rules modules' hooks afresh from the board's adjacency,
so a kept figure that a hook would change without its key changing (a seated caballero, an
office, the Viceroy, a closed region) fails here.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from conftest import sample

from elgrande.engine import court
from elgrande.model.scoring import score_region
from elgrande.play.game import Game, new_game
from elgrande.players.ismcts import ISMCTSBot
from elgrande.players.simple import outlook

#: The sets of the games played (each with the provisional fills but the base game's).
SETS = [("base",), ("base", "colonies"), ("base", "intrigue-king"),
        ("base", "intrigue-king", "colonies")]
#: (sets, players, seed): one game of each set first (the default run), then 2-5 players
#: of each set with other seeds (the slow run).
GAMES = [(sets, 3 + i % 3, 1 + i) for i, sets in enumerate(SETS)] + [
    (sets, players, 10 * players + 4 * k + i) for players in (2, 3, 4, 5)
    for i, sets in enumerate(SETS) for k in range(2)]


def full_placement(g: Game, player: int) -> tuple[list[str], dict[str, list[str]]]:
    """Where ``player`` may place caballeros from court now and why the other regions are
    refused (B4.3, B5.1, B5.2), from the board's adjacency with every module's
    ``placement_targets`` and ``placement_refused`` hooks folded afresh (nothing kept)."""
    eng, st = g._engine, g.state
    b, king = eng.board, st.king
    targets = [r for r in b.regions if r != king and r in b.places[king].adjacent]
    targets.append(b.castillo)
    fold = eng.rules.placement_targets
    if fold is not None:
        targets = [t for t in fold(eng.hooks(st, player), targets) if t != king]
    refused = {b.place_id(r): ["B5.1", f"{b.places[r].name} is not adjacent to the king's "
                               "region"] for r in b.regions if r not in targets}
    refused[b.place_id(king)] = ["B5.2", "the king's region is closed"]
    fold = eng.rules.placement_refused
    if fold is not None:
        refused = fold(eng.hooks(st, player), dict(refused))
    return [b.places[r].id for r in targets], refused


def full_room(g: Game, player: int, to: list[str]) -> dict[str, Any]:
    """The room left in the places of ``to`` (C4), the ``placement_room`` hooks folded
    afresh."""
    fold = g._engine.rules.placement_room
    if fold is None:
        return {}
    return {k: v for k, v in fold(g._engine.hooks(g.state, player), {}).items() if k in to}


def check_placement(g: Game) -> int:
    """Compare every player's kept placement places and refusals with
    :func:`full_placement`; and the pending B4.3 decision's, room included. Returns how
    many placements were compared."""
    eng, st = g._engine, g.state
    n = 0
    for p in range(st.players):
        if not st.court[p]:
            continue
        d = court.placement_decision(eng, st, p, st.court[p])
        assert d is not None
        to, refused = full_placement(g, p)
        assert (d.options["to"], d.options["refused"]) == (to, refused), p
        n += 1
    d = g.pending
    if d is not None and d.kind == "place_caballeros" and d.rule == "B4.3":
        p = d.players[0]
        to, refused = full_placement(g, p)
        assert d.options["to"] == to
        assert d.options["refused"] == refused
        assert d.options.get("room", {}) == full_room(g, p, to)
        n += 1
    return n


def check_ship(g: Game) -> int:
    """Compare every player's Colonies ship moves (destinations kept by the king's region)
    with the same moves made from an empty keep (C4-C7, C11). Returns how many players'
    moves were compared (0 without Colonies)."""
    if "colonies" not in g.header.get("sets", ()):
        return 0
    from elgrande.rules.colonies.figures import colonies_board
    from elgrande.rules.colonies.ship import ship_moves

    eng, st = g._engine, g.state
    cb = colonies_board(eng.board)
    n = 0
    for p in range(st.players):
        kept = ship_moves(eng, st, p)
        saved = cb.dests
        cb.dests = {}
        try:
            fresh = ship_moves(eng, st, p)
        finally:
            cb.dests = saved
        assert kept == fresh, p
        n += bool(kept)
    return n


def check_outlook(g: Game, memo: dict[Any, Any]) -> None:
    """Compare the outlook with its place points kept over the game (``memo``) with the
    outlook from scoring every place on a copy (B6.5-B6.9, B5.3)."""
    b, st = g.library.board, g.state
    scratch = st.copy()
    for r in (*b.scoring_order, b.castillo):
        score_region(scratch, b, r)
    for p in range(st.players):
        others = [scratch.scores[q] for q in range(st.players) if q != p]
        assert outlook(st, g, p, memo) == scratch.scores[p] - max(others)


@pytest.mark.parametrize("sets,players,seed", sample(GAMES, keep=len(SETS)))
def test_B4_3_kept_figures_equal_a_full_recomputation_at_every_decision(
        sets: tuple[str, ...], players: int, seed: int) -> None:
    g = new_game(players, sets=sets, seed=seed, logging=False,
                 fill="provisional" if len(sets) > 1 else None)
    rng = random.Random(seed)
    memo: dict[Any, Any] = {}
    placements = ships = 0
    while g.pending is not None:
        before = g.state.to_json()
        placements += check_placement(g)
        ships += check_ship(g)
        check_outlook(g, memo)
        assert g.state.to_json() == before  # the comparisons changed nothing
        d = g.pending
        g.answer(d.players[0], d.random_answer(rng, d.players[0]))
    assert placements > 50
    if "colonies" in sets and players >= 4:
        assert ships > 0  # somebody sailed or could have


def test_B5_2_a_refused_answer_leaves_the_kept_placement_figures_as_recomputed() -> None:
    g = new_game(3, sets=("base", "intrigue-king", "colonies"), seed=21, logging=False,
                 fill="provisional")
    rng = random.Random(21)
    tried = 0
    while g.pending is not None and tried < 5:
        d = g.pending
        p = d.players[0]
        if d.kind == "place_caballeros" and d.rule == "B4.3":
            king = g.library.board.place_id(g.state.king)
            before = g.state.to_json()
            with pytest.raises(Exception, match="B5.2|king"):
                g.answer(p, {king: 1})
            assert g.state.to_json() == before
            check_placement(g)
            tried += 1
        g.answer(p, d.random_answer(rng, p))
    assert tried == 5


def test_I8_a_bridge_from_the_kings_region_is_not_hidden_by_the_kept_placement_places(
        ) -> None:
    from elgrande.rules.intrigue_king import EXT

    g = new_game(3, sets=("base", "intrigue-king"), seed=3, logging=False,
                 fill="provisional")
    rng = random.Random(3)
    while not g.state.court[0] or g.state.king < 0:
        d = g.pending
        assert d is not None
        g.answer(d.players[0], d.random_answer(rng, d.players[0]))
    g = g.copy()
    b, king = g.library.board, g.state.king
    assert check_placement(g)  # kept for this king's region, no bridge
    far = next(r for r in b.regions if r != king and r not in b.places[king].adjacent)
    g.state.ext.setdefault(EXT, {})["bridge"] = sorted((king, far))
    assert check_placement(g)
    to, _ = full_placement(g, 0)
    assert b.place_id(far) in to  # I8: the bridge's other end is next to the king


class _FreshOutlookBot(ISMCTSBot):
    """An ismcts bot whose outlook keeps nothing between evaluations."""

    def outlook_memo(self, game: Game) -> dict[Any, Any]:
        return {}


@pytest.mark.parametrize("sets", SETS[:2])
def test_B6_5_the_ismcts_search_answers_alike_with_its_outlook_kept(
        sets: tuple[str, ...]) -> None:
    g = new_game(3, sets=sets, seed=5, logging=False,
                 fill="provisional" if len(sets) > 1 else None)
    rng = random.Random(5)
    kept, fresh = ISMCTSBot(5, iterations=12), _FreshOutlookBot(5, iterations=12)
    asked = 0
    while g.pending is not None and asked < 6:
        d = g.pending
        p = d.players[0]
        if rng.random() < 0.2:
            a = kept.answer(g.view(p))
            assert fresh.answer(g.view(p)) == a
            assert kept.rng.random() == fresh.rng.random()  # the same draws were made
            asked += 1
        else:
            a = d.random_answer(rng, p)
        g.answer(p, a)
    assert asked == 6 and kept._memo  # the kept outlook held places' points
