"""Properties over random positions (hypothesis): caballeros are conserved (B1.1), scores
never go down, a refused move changes nothing (DESIGN.md 3), and states copy and round-trip
through JSON exactly."""

from __future__ import annotations

import json
from typing import Any

import pytest
from conftest import bid, court, engine_of, examples, place
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from elgrande.engine.court import placement_targets
from elgrande.errors import IllegalMove
from elgrande.model.board import Board
from elgrande.model.scoring import general_scoring, score_regions
from elgrande.model.state import NOBODY, OFF_BOARD, Lasting, State

#: the game's engines' boards, so that moves go through the game's decisions (conftest)
BOARDS = (engine_of(("base",)).board, engine_of(("base", "colonies")).board)

PROPS = settings(max_examples=examples(100), deadline=None,
                 suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def _split(draw: st.DrawFn, total: int, parts: int) -> list[int]:
    """``total`` cut into ``parts`` non-negative counts."""
    cuts = sorted(draw(st.lists(st.integers(0, total), min_size=parts - 1,
                                max_size=parts - 1)))
    return [b - a for a, b in zip([0, *cuts], [*cuts, total], strict=True)]


@st.composite
def positions(draw: st.DrawFn) -> tuple[Board, State]:
    """A random but lawful position: 2-5 players, any king, any Grandes, each player's
    caballeros spread over provinces, court, regions and the Castillo, mobile scoreboards
    on distinct places or off the board, scores, hands, bids and Veto cards."""
    board = draw(st.sampled_from(BOARDS))
    players = draw(st.integers(board.min_players, board.max_players))
    s = State.empty(board, players)
    regions = list(board.regions)
    s.round = draw(st.integers(0, 9))
    s.king = draw(st.sampled_from(regions))
    s.grandes = draw(st.lists(st.sampled_from(regions), min_size=players, max_size=players))
    n = len(board.places)
    for p in range(players):
        total = board.caballeros_per_player
        # the provinces: empty (B4.1's shortfall case), a few, or any number
        s.provinces[p] = draw(st.sampled_from([0, draw(st.integers(1, 4)),
                                               draw(st.integers(0, total))]))
        parts = _split(draw, total - s.provinces[p], n + 1)
        s.court[p] = parts[0]
        for i in range(n):
            s.caballeros[i][p] = parts[1 + i]
    if board.neutral_caballeros:
        for _ in range(draw(st.integers(0, board.neutral_caballeros))):
            s.neutral[draw(st.sampled_from(regions))] += 1
        s.neutral_holder = draw(st.sampled_from([NOBODY, *range(players)]))
    used: set[int] = set()
    for i in range(len(board.scoreboards)):
        where = draw(st.sampled_from([OFF_BOARD, board.castillo,
                                      *(r for r in regions if r not in used)]))
        if where in used:
            where = OFF_BOARD
        if where != OFF_BOARD:
            used.add(where)
        s.scoreboards[i] = where
    s.scores = draw(st.lists(st.integers(0, 150), min_size=players, max_size=players))
    cards = sorted(board.power_cards)
    for p in range(players):
        hand = draw(st.sets(st.sampled_from(cards), min_size=1))
        s.hands[p] = sorted(hand)
        s.discards[p] = sorted(set(cards) - hand)
    played: set[int] = set()
    first = draw(st.integers(0, players - 1))  # power cards so far, clockwise (B3.2)
    for i in range(draw(st.integers(0, players))):
        p = (first + i) % players
        free = [v for v in s.hands[p] if v not in played]
        if not free:
            break
        v = draw(st.sampled_from(free))
        bid(s, first, p, v)
        played.add(v)
    for _ in range(draw(st.integers(0, 2))):
        s.lasting.append(Lasting("veto", draw(st.integers(0, players - 1)),
                                 draw(st.integers(0, 10)), "card-id",
                                 {"taken": draw(st.integers(0, 9))}))
    assert s.conservation_errors(board) == []
    return board, s


def _without_scores(s: State) -> dict[str, Any]:
    d = s.to_json()
    del d["scores"]
    return d


@PROPS
@given(positions(), st.data())
def test_B1_1_general_scoring_conserves_caballeros(
        pos: tuple[Board, State], data: st.DataObject) -> None:
    board, s = pos
    discs = data.draw(st.lists(st.sampled_from(board.regions), min_size=s.players,
                               max_size=s.players))
    before = s.copy()
    result = general_scoring(s, board, discs)
    assert s.conservation_errors(board) == []
    assert all(c == 0 for c in s.caballeros[board.castillo])  # B6.3
    assert s.neutral == before.neutral and s.provinces == before.provinces
    for p in range(s.players):
        assert s.scores[p] >= before.scores[p]
        back = before.caballeros[board.castillo][p] if discs[p] == s.king else 0
        assert s.court[p] == before.court[p] + back
    assert result.points(s.players) == [a - b for a, b in zip(s.scores, before.scores,
                                                                 strict=True)]


@PROPS
@given(positions(), st.data(), st.booleans())
def test_B1_1_special_scoring_changes_only_scores(
        pos: tuple[Board, State], data: st.DataObject, first_only: bool) -> None:
    board, s = pos
    places = data.draw(st.lists(st.sampled_from([*board.regions, board.castillo]),
                                max_size=4, unique=True))
    before = s.copy()
    results = score_regions(s, board, places, first_only=first_only)
    assert _without_scores(s) == _without_scores(before)
    gained = [a - b for a, b in zip(s.scores, before.scores, strict=True)]
    assert all(g >= 0 for g in gained)
    assert sum(gained) == sum(t for rs in results for p, t in rs.points().items()
                              if p != NOBODY)
    for rs in results:  # B6.5: only participants with caballeros there
        assert all(ln.caballeros > 0 and ln.rank >= 1 for ln in rs.lines)
        if first_only:
            assert all(ln.points == 0 for ln in rs.lines if ln.rank != 1)


@st.composite
def moves(draw: st.DrawFn, board: Board, s: State, kind: str) -> tuple[Any, ...]:
    """Arguments of a random move of ``kind``: a move that is mostly legal, then, half
    the time, one thing made wrong, so that every check is reached from both sides."""
    n = len(board.places)
    player = draw(st.integers(0, s.players - 1))
    wrong = draw(st.booleans())

    def counts(places: list[int], budget: int) -> dict[int, int]:
        """1 to 3 of ``places`` with counts adding up to at most ``budget``."""
        keys = draw(st.lists(st.sampled_from(places), min_size=1, max_size=3, unique=True))
        out = {}
        for k in keys:
            out[k] = draw(st.integers(1, min(3, budget))) if budget > 0 else 0
            budget -= out[k]
        return out

    def spoil(m: dict[int, int], extra: list[int]) -> dict[int, int]:
        how = draw(st.sampled_from(["place", "count", "index"]))
        if how == "place":
            m[draw(st.sampled_from(extra))] = 1
        elif how == "count":
            m[draw(st.sampled_from(sorted(m)))] = -1
        else:
            m[draw(st.sampled_from([-1, n]))] = 1
        return m

    # no unknown players: the decisions answer one seat, and seats are checked where
    # answers enter (Game.answer, B3.3/B3.4: test_placement.test_B3_4_unknown_player_...)
    p = player
    if kind == "place":
        to: dict[int, int] = counts(placement_targets(engine_of(board.sets), s, p),
                                    s.court[p] - 1)
        if wrong:
            to = spoil(to, list(range(n)))
        total = sum(v for v in to.values() if v > 0)
        return (player, draw(st.sampled_from([total, total + 1, max(total - 1, 0), 5])), to)
    if kind == "court":
        provinces = s.provinces[p]
        if draw(st.booleans()):  # from the provinces only
            taken = draw(st.integers(0, provinces + (2 if wrong else 0)))
            low = max(taken - wrong, 0)
            return (player, draw(st.integers(low, low + 6)), taken, {})
        mine = [r for r in range(n) if s.caballeros[r][p]] or [board.castillo]
        regions = {k: min(v, s.caballeros[k][p]) for k, v in counts(mine, 6).items()}
        taken = provinces  # B4.1: the provinces emptied, the rest from regions
        if wrong:
            how = draw(st.sampled_from(["early", "spoil", "more"]))
            if how == "early":
                taken = draw(st.integers(0, max(provinces - 1, 0)))
            elif how == "spoil":
                regions = spoil(regions, [board.castillo, s.king, *range(n)])
            else:
                k = draw(st.sampled_from(sorted(regions)))
                regions[k] = s.caballeros[k][p] + 1
        total = taken + sum(v for v in regions.values() if v > 0)
        limit = max(total - 1, 0) if wrong and draw(st.booleans()) else total  # a card's N >= 0
        return (player, limit, taken, regions)
    if kind == "bid":
        played = [v for _p, v in s.bids]
        # the round's first bidder: who played first, else anyone (B3.2)
        first = s.bids[0][0] if s.bids else draw(st.integers(0, s.players - 1))
        if draw(st.booleans()):  # mostly the player whose turn it is
            player = p = (first + len(s.bids)) % s.players
        free = [v for v in s.hands[p] if v not in played] or [1]
        value = draw(st.sampled_from(free))
        if wrong:
            how = draw(st.sampled_from(["played", "discarded", "range", "turn"]))
            if how == "played" and played:
                value = draw(st.sampled_from(played))
            elif how == "discarded" and s.discards[p]:
                value = draw(st.sampled_from(s.discards[p]))
            elif how == "turn":
                player = draw(st.integers(0, s.players - 1))
            else:
                value = draw(st.sampled_from([0, 14]))
        return (first, player, value)
    discs = draw(st.lists(st.sampled_from(board.regions), min_size=s.players,
                          max_size=s.players))
    if wrong:
        how = draw(st.sampled_from(["castillo", "index", "count"]))
        if how == "count":
            discs = discs[1:] if draw(st.booleans()) else [*discs, discs[0]]
        else:
            i = draw(st.integers(0, s.players - 1))
            discs[i] = board.castillo if how == "castillo" else draw(st.sampled_from([-1, n]))
    return (discs,)


def _check_done(kind: str, args: tuple[Any, ...], board: Board, old: State, s: State) -> None:
    """What must hold after a move the engine carried out."""
    assert s.conservation_errors(board) == []
    if kind == "place":  # B4.3, B5.1, B5.2
        player, limit, to = args
        placed = {p: n for p, n in to.items() if n}
        assert sum(placed.values()) <= limit
        assert old.king not in placed
        assert set(placed) <= set(placement_targets(engine_of(board.sets), old, player))
    elif kind == "court":  # B4.1
        player, limit, from_provinces, from_regions = args
        assert s.court[player] - old.court[player] <= limit
        assert s.caballeros[board.castillo] == old.caballeros[board.castillo]
        assert s.caballeros[old.king] == old.caballeros[old.king]
        if any(from_regions.values()):
            assert old.provinces[player] == from_provinces and s.provinces[player] == 0
    elif kind == "bid":  # B3.2
        first, player, value = args
        assert len(old.bids) < s.players and player == (first + len(old.bids)) % s.players
        assert value in old.hands[player]
        assert all(p != player and v != value for p, v in old.bids)
    else:  # B6.1
        (discs,) = args
        assert len(discs) == s.players and all(board.is_region(d) for d in discs)


@pytest.mark.parametrize("kind", ["place", "court", "bid", "general_scoring"])
@settings(PROPS, max_examples=examples(150))
@given(pos=positions(), data=st.data())
def test_refused_move_leaves_the_state_unchanged(
        kind: str, pos: tuple[Board, State], data: st.DataObject) -> None:
    board, s = pos
    args = data.draw(moves(board, s, kind))
    old = s.copy()
    before = s.to_json()
    try:
        if kind == "place":
            place(s, board, *args)
        elif kind == "court":
            court(s, board, *args)
        elif kind == "bid":
            bid(s, *args)
        else:
            general_scoring(s, board, *args)
    except IllegalMove as exc:
        event(f"{kind} refused: {exc.rule} {exc.message[:30]}")
        assert exc.rule and exc.message
        assert s.to_json() == before
        return
    event(f"{kind} done")
    _check_done(kind, args, board, old, s)


@PROPS
@given(positions())
def test_state_round_trips_through_json(pos: tuple[Board, State]) -> None:
    _board, s = pos
    text = json.dumps(s.to_json())
    again = State.from_json(json.loads(text))
    assert again == s
    assert again.to_json() == s.to_json()


@PROPS
@given(positions())
def test_copy_is_independent(pos: tuple[Board, State]) -> None:
    _board, s = pos
    before = s.to_json()
    c = s.copy()
    assert c == s
    # the lists a copy shares are replaced whole, never changed in place (State
    # docstring): changed through the State's methods
    c.add_caballeros(0, 0, 1)
    c.add_neutral(0, 1)
    c.court[0] += 1
    c.provinces[0] -= 1
    c.set_grande(0, OFF_BOARD)
    c.king = OFF_BOARD
    c.set_scoreboard(0, 0)
    c.scores[0] += 1
    c.set_hand(0, c.hands[0] + [99])
    c.set_discards(0, c.discards[0] + [99])
    c.bids = [[pair[0], 99] for pair in c.bids] + [[0, 98]]
    for x in c.lasting:
        x.data["taken"] = -5
        x.expires += 1
    c.add_lasting(Lasting("veto", 0, 1))
    c.round += 1
    c.neutral_holder = 0 if c.neutral_holder != 0 else NOBODY
    assert s.to_json() == before
    assert c != s
