"""The trusted path (Game.answer_trusted, elgrande.play.playouts) plays the checked path's
games: the same answers drawn from the same rng give the same final state, flow, record
and events, in the base game, Colonies, Intrigue & the King and both (a sample here;
benchmarks/trusted_equivalence.py plays thousands). The batch API for search is
reproducible and leaves the position alone; the ismcts bot makes the same choices run to
run, and the same as with checked rollouts."""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any

import pytest

from elgrande.adapters.stepping import Stepper, action_playouts
from elgrande.errors import IllegalMove
from elgrande.play.game import Determiniser, Game, new_game
from elgrande.play.playouts import Playout, play_out, playouts, random_policy
from elgrande.players.ismcts import ISMCTSBot

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))

from trusted_equivalence import DEFAULT_SETS, both_ways  # noqa: E402


@pytest.mark.parametrize("sets", DEFAULT_SETS)
@pytest.mark.parametrize("seed", range(8))
def test_the_trusted_path_plays_the_checked_paths_games(sets: str, seed: int) -> None:
    """B3.4: a seeded random game on the trusted path gives the checked path's events at
    every answer and ends in the same state and flow; with ``record`` its history (the
    record) and the whole saved game are the same too (a sample of
    benchmarks/trusted_equivalence.py)."""
    why, decisions, _, _ = both_ways(tuple(sets.split(",")), seed)
    assert why is None and decisions > 50


def test_the_bare_trusted_path_keeps_no_history() -> None:
    """Without ``record`` no answer goes into the history."""
    g = new_game(3, seed=1, logging=False)
    assert play_out(g, random.Random(1)) > 50 and g.over and g.history == []


def test_a_playout_stops_at_its_depth() -> None:
    """A playout answers at most ``depth`` decisions (none for 0 or less), and goes on
    from where it stopped as one played through would have."""
    whole, parts = new_game(3, seed=4, logging=False), new_game(3, seed=4, logging=False)
    n = play_out(whole, random.Random(4))
    rng = random.Random(4)
    assert play_out(parts, rng, depth=0) == 0 and play_out(parts, rng, depth=-2) == 0
    assert play_out(parts, rng, depth=7) == 7 and not parts.over
    assert play_out(parts, rng) == n - 7 and parts.over
    assert parts.state.to_json() == whole.state.to_json()


@pytest.mark.parametrize("sets", DEFAULT_SETS)
def test_kinds_applied_as_they_are_apply_their_legal_answers_unchanged(sets: str) -> None:
    """The trusted path applies an answer of a kind marked ``as_is`` without asking its
    ``trusted``: for every such decision of seeded games, ``trusted`` gives the answer
    itself back, and the other kinds are asked; a move's (B8.2) gives ``check``'s moves
    without checking them again (Colonies' declared kinds of caballeros: ``check``)."""
    from elgrande.engine.decisions import KINDS
    from elgrande.engine.decisions.decision import DecisionKind

    seen = set()
    moved = 0
    for seed in range(3):
        kw: dict[str, Any] = {} if sets == "base" else {"fill": "provisional"}
        g = new_game(3, sets=tuple(sets.split(",")), seed=seed, logging=False, **kw)
        rng = random.Random(seed)
        while g.pending is not None:
            d = g.pending
            p = d.players[0]
            a = d.random_answer(rng, p)
            k = KINDS[d.kind]
            if k.as_is:
                assert k.trusted(d, p, a) is a
                seen.add(d.kind)
            elif d.kind == "move_caballeros":
                assert k.trusted(d, p, a) == k.check(d, p, a)
                moved += 1
            g.answer_trusted(p, a)
    assert {"choose_option", "secret_region"} <= seen  # (and the cards each set plays)
    # B4.1, B4.3: a placement's and a court's legal answers too (check's normal form)
    assert KINDS["place_caballeros"].as_is and KINDS["bring_to_court"].as_is
    assert moved and type(KINDS["move_caballeros"]).trusted is not DecisionKind.trusted
    assert {"place_caballeros", "bring_to_court"} <= seen


#: The base turn's own events, which an ``UnreadEvents`` sink does not get (B3, B4:
#: nothing in the rules reads them back).
_BASE_TURN = frozenset({"round", "bid", "turn_order", "court", "card", "place", "decline",
                        "special", "end_turn", "end_round"})


#: A special action's own events (B8: a region scored, the king, a Grande, a scoreboard
#: or caballeros moved, a choice, ...), which an ``UnreadEvents`` sink gets as ``UNMADE``.
_SPECIAL_OWN = frozenset({"score", "king", "grande", "scoreboard", "choose", "move", "place",
                          "court", "send", "take_back", "keep", "reveal"})


def _told(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """``events`` without the base turn's own, a special action's own as ``UNMADE``."""
    from elgrande.engine import UNMADE

    return [UNMADE if e["event"] in _SPECIAL_OWN and "card" in e else e for e in events
            if e["event"] not in _BASE_TURN or "card" in e and e["event"] in _SPECIAL_OWN]


def test_an_unread_events_sink_spares_the_base_turns_events() -> None:
    """B3, B4, B8: a whole game answered into an ``UnreadEvents`` sink (a playout's) makes
    the same game and the same events as into a list, but for the base turn's own events,
    which it does not get (nothing in the rules reads them back), and a special action's
    own, which it gets as the one shared ``UNMADE`` (counted: the work budget charges
    each event); a list gets them all."""
    from elgrande.engine import UNMADE, UnreadEvents

    read, unread = new_game(3, seed=2, logging=False), new_game(3, seed=2, logging=False)
    rng = random.Random(2)
    seen: set[str] = set()
    unmade: set[str] = set()
    while read.pending is not None:
        d = read.pending
        p = d.players[0]
        a = d.random_answer(rng, p)
        sinks: list[list[dict[str, Any]]] = [[], UnreadEvents()]
        for game, sink in zip((read, unread), sinks, strict=True):
            game._engine.answer_trusted(game.state, game.flow, p, a, sink)
        assert read.state.to_json() == unread.state.to_json()
        assert read.flow.to_json() == unread.flow.to_json()
        scored = "general_scoring"  # (its JSON spared: the tests below)
        told = [e for e in sinks[0] if e["event"] != scored]
        kept = iter(e for e in sinks[1] if e["event"] != scored)
        nxt = next(kept, None)
        for e in told:  # the unread sink's: the list's in order, some of the turn's left out
            if e == nxt or nxt is UNMADE and e["event"] in _SPECIAL_OWN and "card" in e:
                if nxt is UNMADE:
                    unmade.add(e["event"])
                nxt = next(kept, None)
            else:
                assert e["event"] in _BASE_TURN, e
                seen.add(e["event"])
        assert nxt is None
    assert unread.pending is None and seen == _BASE_TURN
    assert {"score", "king", "choose"} <= unmade <= _SPECIAL_OWN
    assert UNMADE == {"event": "unmade"}  # never changed


def test_an_unread_events_sink_spares_only_the_scorings_json() -> None:
    """B6.4: a general scoring answered into an ``UnreadEvents`` sink (a playout's) makes
    the same game and the same events, but for the scoring's result as JSON, which only a
    reader of the events would use (and the base turn's own events: above)."""
    from elgrande.engine import UnreadEvents

    g = new_game(3, seed=1, logging=False)
    rng = random.Random(1)
    while g.flow.phase != "discs":
        assert play_out(g, rng, depth=1) == 1
    read, unread = g.copy(), g.copy()
    sinks: list[list[dict[str, Any]]] = [[], UnreadEvents()]
    for game, sink in zip((read, unread), sinks, strict=True):
        pick = random.Random(2)
        while game.flow.phase == "discs":
            d = game.pending
            assert d is not None
            p = d.players[0]
            game._engine.answer_trusted(game.state, game.flow, p, d.random_answer(pick, p),
                                        sink)
    assert read.state.to_json() == unread.state.to_json()
    assert read.flow.to_json() == unread.flow.to_json()
    told = [e for e in sinks[0] if e["event"] == "general_scoring"]
    spared = [e for e in sinks[1] if e["event"] == "general_scoring"]
    assert len(told) == len(spared) == 1 and told[0]["result"]["regions"]
    assert spared[0]["result"] is None and {**spared[0], "result": told[0]["result"]} == told[0]
    assert [e for e in _told(sinks[0]) if e not in told] == [
        e for e in sinks[1] if e not in spared]


def test_an_unread_events_sink_spares_a_score_action_s_event() -> None:
    """B8.6: a card's ``score`` action answered into an ``UnreadEvents`` sink (a
    playout's) makes the same game and the same events, but for the scored regions'
    events, with their result as JSON, which only a reader of the events would use: the
    sink gets ``UNMADE`` for each (and the base turn's own events are left out)."""
    from elgrande.engine import UNMADE, UnreadEvents

    read, unread = new_game(3, seed=1, logging=False), new_game(3, seed=1, logging=False)
    sinks: list[list[dict[str, Any]]] = [[], UnreadEvents()]
    rng = random.Random(1)
    told: list[dict[str, Any]] = []
    while not told and read.pending is not None:
        d = read.pending
        p = d.players[0]
        a = d.random_answer(rng, p)
        for game, sink in zip((read, unread), sinks, strict=True):
            sink.clear()
            game._engine.answer_trusted(game.state, game.flow, p, a, sink)
        told = [e for e in sinks[0] if e["event"] == "score"]
        assert read.state.to_json() == unread.state.to_json()
        assert _told(sinks[0]) == sinks[1]
    assert told and told[0]["result"]["lines"] is not None
    assert sinks[1].count(UNMADE) >= len(told)  # counted, not made


def test_a_trusted_answer_causes_the_same_events_and_narration() -> None:
    """The events that rules modules and triggers listen to fire on the trusted path: each
    answer returns the checked path's events, and a logging game told to record narrates
    the same log."""
    checked = new_game(4, seed=5)
    trusted = checked.copy()
    rng = random.Random(5)
    while checked.pending is not None:
        d = checked.pending
        p = d.players[0]
        a = d.random_answer(rng, p)
        assert trusted.answer_trusted(p, a, record=True) == checked.answer(p, a)
    assert trusted.log == checked.log and trusted.history == checked.history


def test_the_checked_path_still_refuses_and_changes_nothing() -> None:
    """B3.4: beside the trusted path, ``answer`` still checks: a refused answer leaves
    the game exactly as it was."""
    g = new_game(3, seed=2, logging=False)
    before = g.to_json()
    d = g.pending
    assert d is not None
    with pytest.raises(IllegalMove):
        g.answer(d.players[0], "no such answer")
    assert g.to_json() == before


def test_playouts_are_reproducible_and_leave_the_position_alone() -> None:
    """B7.1: ``playouts`` plays n games to their end from a position (never changing it),
    the same for the same seed whether it reuses one scratch game or not; its results are
    those of checked playouts drawing from the same rng in turn."""
    g = new_game(4, seed=9, logging=False)
    rng = random.Random(0)
    for _ in range(30):
        d = g.pending
        assert d is not None
        g.answer(d.players[0], d.random_answer(rng, d.players[0]))
    before = g.to_json()
    got = playouts(g, 5, seed=3)
    assert g.to_json() == before
    assert got == playouts(g, 5, seed=3)
    kept = playouts(g, 5, seed=3, reuse=False)
    assert [(r.scores, r.winners) for r in kept] == [(r.scores, r.winners) for r in got]
    assert all(r.game is not None and r.game.over for r in kept)
    rng = random.Random(3)
    for r in got:
        c = g.copy()
        while c.pending is not None:
            d = c.pending
            c.answer(d.players[0], d.random_answer(rng, d.players[0]))
        assert (r.scores, r.over) == (c.state.scores, True)
        top = max(c.state.scores)
        assert r.winners == [p for p, s in enumerate(c.state.scores) if s == top]
    assert len({tuple(r.scores) for r in got}) > 1  # different games


def test_playouts_stop_at_a_depth_and_take_a_policy() -> None:
    """A depth stops each playout early (not over); a policy answers instead of the random
    one; a negative count is refused."""
    g = new_game(3, seed=4, logging=False)
    short = playouts(g, 3, depth=7, seed=1)
    assert all(r.decisions == 7 and not r.over for r in short)
    firsts: list[int] = []

    def first(d: Any, p: int, rng: random.Random) -> Any:
        firsts.append(p)
        legal = d.legal_answers(p)
        return legal[0] if legal else random_policy(d, p, rng)

    r = playouts(g, 1, policy=first)[0]
    assert isinstance(r, Playout) and r.over and len(firsts) == r.decisions
    with pytest.raises(ValueError, match="0 or more"):
        playouts(g, -1)


def test_a_trusted_stepper_plays_the_checked_steppers_game() -> None:
    """The adapters' stepper on the trusted path (its actions' answers unchecked) plays
    the same game as the checked one for the same actions, and a copy made into a
    scratch stepper is independent of the stepper it copies."""
    for seed in range(3):
        checked = Stepper(new_game(3, seed=seed, logging=False))
        trusted = Stepper(new_game(3, seed=seed, logging=False), trusted=True)
        rng = random.Random(seed)
        scratch = trusted.copy()
        while not checked.over:
            p = checked.to_act()[0]
            a = rng.choice(checked.legal_actions(p))
            assert trusted.legal_actions(p) == checked.legal_actions(p)
            checked.step(p, a)
            trusted.step(p, a)
            if len(checked.game.history) == 40:
                scratch = trusted.copy(into=scratch)
                assert scratch.game.to_json() == trusted.game.to_json()
        assert trusted.over and trusted.game.to_json() == checked.game.to_json()
        assert len(scratch.game.history) == 40 and not scratch.over


def _views(seed: int, n: int) -> list[dict[str, Any]]:
    g = new_game(4, seed=seed, logging=False)
    rng = random.Random(seed)
    views: list[dict[str, Any]] = []
    while g.pending is not None and len(views) < n:
        d = g.pending
        p = d.players[0]
        if rng.random() < 0.4:
            views.append(g.view(p))
        g.answer(p, d.random_answer(rng, p))
    return views


def test_a_determiniser_draws_the_games_of_from_view() -> None:
    """B8.5a: Determiniser(view).draw(rng) is Game.from_view(view, rng), draw after draw
    (the view read once)."""
    for v in _views(3, 8):
        draws = Determiniser(v)
        r1, r2 = random.Random(1), random.Random(1)
        for _ in range(3):
            assert draws.draw(r1).to_json() == Game.from_view(v, r2).to_json()


class _CheckedRollouts(ISMCTSBot):
    """The ismcts bot with its rollouts on the checked path (as before the trusted one)."""

    def _rollout(self, g: Game, p: int) -> float:
        for _ in range(self.depth):
            d = g.pending
            if d is None:
                break
            q = d.players[0]
            g.answer(q, d.random_answer(self.rng, q))
        return self._value(g, p)


def test_ismcts_makes_the_same_choices_run_to_run_and_with_checked_rollouts() -> None:
    """For the same seed and iteration budget the ismcts bot answers the same views the
    same way every time, and as a bot whose rollouts take the checked path."""
    views = _views(6, 12)
    one = [ISMCTSBot(4, iterations=15).answer(v) for v in views]
    again = [ISMCTSBot(4, iterations=15).answer(v) for v in views]
    checked = [_CheckedRollouts(4, iterations=15).answer(v) for v in views]
    assert one == again == checked


def test_action_playouts_are_the_checked_steppers_games_fed_their_actions() -> None:
    """Integer-action playouts (the adapters' batch API, on the trusted path) never change
    the position and are reproducible; fed the same actions, a checked stepper plays each
    one to the same end."""
    start = Stepper(new_game(3, seed=8, logging=False))
    for _ in range(3):  # the power cards of the first round
        p = start.to_act()[0]
        start.step(p, start.legal_actions(p)[0])
    before = start.game.to_json()
    taken: list[list[tuple[int, int]]] = []

    def chooser(s: Stepper, p: int, rng: random.Random) -> int:
        legal = s.legal_actions(p)
        a = legal[rng.randrange(len(legal))]
        taken[-1].append((p, a))
        return a

    results = []
    for seed in (1, 2):
        taken.append([])
        results.extend(action_playouts(start, 1, chooser, seed=seed))
    assert start.game.to_json() == before
    assert action_playouts(start, 2, seed=5) == action_playouts(start, 2, seed=5)
    for played, r in zip(taken, results, strict=True):
        checked = start.copy()
        for p, a in played:
            checked.step(p, a)
        assert checked.over and r.over and checked.game.state.scores == r.scores
    short = action_playouts(start, 2, seed=5, depth=6)
    assert [r.decisions for r in short] == [6, 6] and not any(r.over for r in short)

