"""The game log of the card language's choices and triggers (B8.1: a chosen player named;
B8: a trigger's lines under its card and event, a runaway chain marked undone) and of a
homebrew space's return at a general scoring (B6.3: after the Castillo is emptied)."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from test_triggers import _at_offer

from elgrande.engine.context import BudgetExceeded
from elgrande.engine.triggers import Triggers, _fires, _quiet
from elgrande.model.hook_context import HookContext
from elgrande.play.game import new_game, play_random
from elgrande.play.narrate import story, words

REPO = Path(__file__).resolve().parent.parent
HOMEBREW = REPO / "examples" / "homebrew"
SETS = REPO / "examples" / "sets"


def test_b8_1_the_log_names_the_chosen_player_and_the_trigger_that_fires() -> None:
    g = _at_offer(HOMEBREW, "hb-spy", logging=True)
    actor = g.flow.actor
    target = (actor + 1) % 4
    names = g.names
    g.answer(actor, 0)
    g.answer(actor, target)
    # the card that asks is named by its title, never the script's name for the choice
    assert f"  {names[actor]} chooses {names[target]} for Spy [hb-spy]." in g.log
    assert not any("(target)" in line or f"chooses {target} " in line for line in g.log)
    g.state.provinces[target] -= 3  # something to send at their turn's start
    g.state.court[target] += 3
    head = f"Spy [hb-spy]: the turn of {names[target]} starts:"
    rng = random.Random(5)
    for _ in range(200):
        if head in g.log:
            break
        d = g.pending
        assert d is not None
        g.answer(d.players[0], d.random_answer(rng))
    i = g.log.index(head)
    assert g.log[i + 1] == (f"  {names[target]} sends 1 caballero (1 from court) to the "
                            "provinces.")


def test_b8_a_trigger_whose_body_does_nothing_says_so_in_one_line() -> None:
    g = new_game(4, seed=1, logging=False)
    b = g.library.board
    events: list[dict[str, Any]] = []
    ctx = HookContext(g.state, b, events, 0)
    head = _fires(ctx, {"card": "hb-spy", "actor": 0, "on": ["turn_start", 2, -1]})
    _quiet(ctx, head, None)  # the body ran to its end and told nothing
    names = ["red", "blue", "green", "yellow"]
    assert words(head, b, names, {"hb-spy": "Spy"}) == [
        "Spy [hb-spy]: the turn of green starts: nothing happens."]
    busy = _fires(ctx, {"card": "hb-spy", "actor": 0, "on": ["round_end", -1, -1]})
    events.append({"event": "score", "card": "hb-spy"})
    _quiet(ctx, busy, None)
    assert words(busy, b, names, {"hb-spy": "Spy"}) == ["Spy [hb-spy]: the round ends:"]


def test_b8_a_body_over_budget_after_earlier_answers_marks_their_lines_undone() -> None:
    g = new_game(4, seed=1, logging=False)
    b = g.library.board
    ctx = HookContext(g.state, b, [], 0)
    triggers = Triggers(b, {"arrive"})
    triggers._first = _fires(ctx, {"card": "hb-spy", "actor": 0, "on": ["arrive", 0, b.castillo]})
    events: list[dict[str, Any]] = []  # a later answer's: the chain began in an earlier one
    triggers._void(HookContext(g.state, b, events, 0), BudgetExceeded("hb-spy", 5001))
    (line,) = story(events, b, ["red", "blue", "green", "yellow"])
    assert line.strip().startswith("Runaway triggers stopped: card 'hb-spy' spent 5001 units")
    assert ("Undone: every line above from the chain's first trigger line (hb-spy "
            "[hb-spy], on caballeros arriving) to here; the turn goes on from before "
            "that line") in line


def test_b6_3_the_log_tells_a_spaces_return_after_the_castillo_is_emptied() -> None:
    g = new_game(4, sets=("base", "rome"), seed=1, set_paths=[str(SETS)])
    play_random(g, random.Random(1))
    log = g.log
    back = [i for i, line in enumerate(log) if line.startswith("  Rome: ")]
    assert back
    for i in back:
        head = max(j for j in range(i) if log[j].startswith("-- Scoring after round"))
        assert log[head + 1].startswith("Discs: ")  # revealed before the return
        castillo = next(j for j in range(head, i) if log[j].startswith("  Castillo ("))
        assert head < castillo < i
        points = next(j for j in range(i, len(log)) if log[j].startswith("Points this"))
        assert all(" caballero from the Castillo to " not in log[j]
                   and " caballeros from the Castillo to " not in log[j]
                   for j in range(i, points))  # the Castillo emptied before it


def test_b8_a_body_over_budget_in_one_answer_is_left_out_of_the_log() -> None:
    g = new_game(4, seed=1, logging=False)
    b = g.library.board
    events: list[dict[str, Any]] = [{"event": "bid", "player": 0, "value": 3}]
    ctx = HookContext(g.state, b, events, 0)
    triggers = Triggers(b, {"arrive"})
    triggers._first = _fires(ctx, {"card": "hb-spy", "actor": 0, "on": ["arrive", 0, b.castillo]})
    events.append({"event": "score", "card": "hb-spy", "player": 0, "text": "a body's line"})
    triggers._void(ctx, BudgetExceeded("hb-spy", 5001))
    lines = story(events, b, ["red", "blue", "green", "yellow"])
    assert lines[0] == "red plays power card 3."  # what came before the chain stays
    assert len(lines) == 2 and "Runaway triggers stopped: card 'hb-spy' spent 5001 units" \
        in lines[1] and "Undone and left out of the log: all the triggers did; the turn " \
        "goes on" in lines[1]


def test_c13_a_conspiracy_grande_move_is_told_once_in_the_scoring() -> None:
    g = new_game(4, sets=("base", "colonies"), seed=1, fill="provisional")
    rng = random.Random(1)
    fired = False
    while g.pending is not None and not fired:
        d = g.pending
        n = len(g.log)
        events = g.answer(d.players[0], d.random_answer(rng))
        fired = any(e["event"] == "trigger_fires" and e["card"] == "conspiracy"
                    for e in events)
    assert fired, "the seed plays Conspiracy before a general scoring"
    (moved,) = [e for e in events if e["event"] == "grande" and e["card"] == "conspiracy"]
    scoring = g.log[n:]
    rest = next(i for i, line in enumerate(scoring) if line.startswith("Points this"))
    told = [line for line in scoring[:rest] if "Grande" in line]
    assert len(told) == 1 and "moves their Grande to" in told[0], told
    assert moved["to"] in told[0].lower().replace(" ", "_")
    result = next(e for e in events if e["event"] == "general_scoring")["result"]
    assert result["grandes"] == []  # the trigger's own lines tell its move
