"""Points a card gives or takes: ``gain N points`` / ``lose N points`` (the ``points``
statement): the deciding player's score changes (``as p:`` makes it p's), N is a number
expression evaluated when the statement runs, and a score never goes below 0 (B2.4:
scores start at 0; the rules name no score below it). Its English, checker errors, log
line and never-acts analysis. The example card is ``examples/homebrew/tribute.yaml``
(scenario cases HB06, HB07)."""

from __future__ import annotations

from typing import Any

import pytest

from elgrande.data.manifests import load_board
from elgrande.dsl.checker import check_script, keywords
from elgrande.dsl.parser import parse
from elgrande.dsl.render import render
from elgrande.engine.interpreter import Interpreter
from elgrande.play.game import Game, new_game
from elgrande.play.narrate import words
from elgrande.tools.validate.never_acts import never_acts

CARD = "hb-points"


def _run(g: Game, script: str, actor: int, answers: list[Any] | None = None
         ) -> list[dict[str, Any]]:
    """Run ``script`` as card ``CARD`` of ``actor`` on ``g``'s state, answering with
    ``answers`` in order; the card's events."""
    interp = Interpreter(g.library.board, {CARD: parse(script)}, g._engine.rules)
    run = interp.begin(CARD, actor)
    events: list[dict[str, Any]] = []
    todo = list(answers or [])
    d = interp.advance(g.state, run, events)
    while d is not None:
        d = interp.answer(g.state, run, d.players[0], todo.pop(0), events)
    return [e for e in events if e.get("card") == CARD]


def _game(scores: list[int]) -> Game:
    g = new_game(3, seed=1, logging=False)
    g.state.scores[:] = scores
    return g


@pytest.mark.rule("B2.4")
def test_b2_4_the_deciding_player_loses_at_most_what_they_have() -> None:
    g = _game([10, 1, 5])
    events = _run(g, "lose 2 points", 1)
    assert g.state.scores == [10, 0, 5]
    (e,) = [e for e in events if e["event"] == "points"]
    assert (e["decider"], e["way"], e["asked"], e["change"], e["score"]) == \
        (1, "lose", 2, -1, 0)
    (line,) = words(e, g.library.board, g.names, {})
    assert line == (f"  {g.names[1]} would lose 2 points but loses 1 (a score never goes "
                    "below 0); score now 0.")
    # f25 read "loses 0 points of 1" as a fraction
    (none,) = words({**e, "asked": 1, "change": 0}, g.library.board, g.names, {})
    assert none == (f"  {g.names[1]} would lose 1 point but loses none (a score never goes "
                    "below 0); score now 0.")


@pytest.mark.rule("B7.1")
def test_b7_1_as_p_makes_p_lose_and_the_card_player_gains_a_number_expression() -> None:
    g = _game([3, 12, 20])
    script = ("for each other player p:\n    if score of p > score of me:\n"
              "        as p:\n            lose 2 points\n"
              "n = choose number from 1 to 3\ngain n + 1 points\n")
    events = _run(g, script, 0, [2])
    assert g.state.scores == [6, 10, 18]
    gains = [(e["decider"], e["change"]) for e in events if e["event"] == "points"]
    assert gains == [(1, -2), (2, -2), (0, 3)]
    lines = [ln for e in events if e["event"] == "points"
             for ln in words(e, g.library.board, g.names, {})]
    assert lines[0].startswith(f"  {g.names[1]} loses 2 points") and \
        lines[-1] == f"  {g.names[0]} gains 3 points; score now 6."


def test_a_number_below_0_changes_nothing() -> None:
    g = _game([4, 4, 4])
    _run(g, "gain 2 - 5 points\nlose 0 - 3 points", 0)
    assert g.state.scores == [4, 4, 4]


@pytest.mark.parametrize("script, words_", [
    ("lose 2 points", "Lose 2 points (never more than your score)."),
    ("gain 1 point", "Gain 1 point."),
    ("gain score of me points", "Gain your score points."),
    ("each other player:\n    lose 1 point",
     "Each other player, clockwise from your left: loses 1 point (never more than their "
     "score)."),
    ("for each other player p:\n    as p:\n        gain 2 points",
     "For each other player 'p', clockwise from your left: player 'p' gains 2 points."),
])
def test_points_read_as_they_play(script: str, words_: str) -> None:
    assert render(parse(script)) == words_


@pytest.mark.parametrize("script, code", [
    ("lose m points", "E-UNDEFINED"),
    ("x = choose region from regions\ngain x points", "E-TYPE"),
    ("p = choose player from opponents\ngain p points", "E-TYPE"),
])
def test_the_checker_reads_the_number_as_a_quantity(script: str, code: str) -> None:
    problems = [p for p in check_script(parse(script, "c.yaml"), "c.yaml",
                                        ["aragon", "castillo"]) if p.severity == "error"]
    assert [p.code for p in problems] == [code]


def test_gain_and_lose_are_reserved_words() -> None:
    assert {"gain", "lose", "point", "points"} <= keywords()


def test_gaining_or_losing_0_points_never_acts() -> None:
    board = load_board(("base",))
    found = never_acts(parse("lose 0 points\n"), board)
    assert found is not None and "0 points" in found[0]
    assert never_acts(parse("gain 1 point\n"), board) is None
    assert never_acts(parse("n = choose number from 0 to 2\nlose n points\n"), board) is None
