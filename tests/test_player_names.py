"""Texts for people name each player as the log does (B3.4): a refusal, a decision's
prompt, its option labels and the reasons an option is closed call a player by the game's
name for them (``Cy``; ``p3`` with the default names), never by the engine's seat index,
at the library (``Game.answer``, ``Game.in_words``), the command line's human seat and the
server's controls; answers, records and option keys keep the seats as numbers."""

from __future__ import annotations

import io
import random
import re

import pytest

import elgrande
from elgrande.errors import IllegalMove
from elgrande.model.seats import SEAT, named, seat
from elgrande.play.game import Game
from elgrande.server.controls import controls
from elgrande.tools.human import HumanSeat

NAMES = ["Ana", "Ben", "Cy"]
#: A seat as the engine counted players in its texts before: never in a text for people.
OLD_SEAT = re.compile(r"\b[Pp]layer -?\d")


def _until_bid_of(g: Game, player: int) -> tuple[int, int]:
    """Play power cards (the lowest legal) until ``player`` has played one and another
    player must play: (that player, the value ``player`` played)."""
    while True:
        d = g.pending
        assert d is not None and d.kind == "choose_power_card"
        p = d.players[0]
        why = d.options.get("why", {})
        shown = [v for v, (_rule, text) in why.items() if text.endswith(seat(player))]
        if p != player and shown:
            return p, int(shown[0])
        g.answer(p, min(d.options["choices"]))


@pytest.mark.rule("B3.2", "B3.4")
@pytest.mark.parametrize(("names", "shown"), [(NAMES, "Cy"), (3, "p3")])
def test_b3_2_a_refusal_names_the_player_by_the_games_name(names: list[str] | int,
                                                            shown: str) -> None:
    g = elgrande.new_game(names, seed=4, start_player=2)
    p, value = _until_bid_of(g, 2)
    with pytest.raises(IllegalMove) as exc:
        g.answer(p, value)
    assert exc.value.rule == "B3.2"
    assert exc.value.message == f"power card {value} was already played this round by {shown}"
    assert "{seat" not in str(exc.value) and not OLD_SEAT.search(str(exc.value))
    assert g.history[-1]["player"] != p or g.pending is not None  # nothing changed


@pytest.mark.rule("B3.4")
def test_b3_4_an_answer_of_a_player_not_asked_names_both_players() -> None:
    g = elgrande.new_game(NAMES, seed=4, start_player=0)
    with pytest.raises(IllegalMove) as exc:
        g.answer(2, 1)
    assert exc.value.message.startswith("it is not Cy's decision (waiting for Ana: ")
    d = g.pending
    assert d is not None
    with pytest.raises(IllegalMove) as exc:  # the decision's own check: the engine's words
        d.check(1, 2)
    assert exc.value.message.startswith(f"{seat(2)} is not the one")
    assert g.in_words(exc.value.message) == ("Cy is not the one to answer this decision "
                                             "(waiting for Ana)")
    assert named(exc.value.message, ["x", "y"]).startswith("player 2 is not")  # no name


def _veto_prompt(names: list[str] | int) -> tuple[Game, int]:
    """A 3-player base game (seed 3, random answers) at its first Veto question (B8.4),
    and the seat of the player about to carry out the special action."""
    g = elgrande.new_game(names, seed=3)
    rng = random.Random(3)
    while g.pending is not None:
        d = g.pending
        if d.rule == "B8.4" and d.kind == "choose_option":
            m = SEAT.search(d.prompt)
            assert m is not None, d.prompt
            return g, int(m.group(1))
        g.answer(d.players[0], d.random_answer(rng, d.players[0]))
    raise AssertionError("no Veto question in this game")


@pytest.mark.rule("B8.4")
def test_b8_4_a_prompt_names_the_player_in_the_library_the_cli_and_the_server() -> None:
    g, actor = _veto_prompt(NAMES)
    d = g.pending
    assert d is not None
    assert actor == g.flow.actor
    said = f"{NAMES[actor]} is about to carry out a special action: play your Veto?"
    assert g.in_words(d.prompt) == said
    default, _ = _veto_prompt(3)  # the same game with the default names
    assert default.pending is not None
    assert default.in_words(default.pending.prompt).startswith(f"p{actor + 1} is about to")
    assert NAMES[actor] in "\n".join(g.log[-8:])  # the log calls them so too
    me = d.players[0]
    out = io.StringIO()
    human = HumanSeat(io.StringIO("1\n"), out, seed=1)
    human.answer(g.view(me))
    assert f"Decision [B8.4]: {said}" in out.getvalue()
    c = controls(g, me)
    assert c is not None and c["prompt"] == said
    assert d.options["labels"] == [str(x) for x in d.options["labels"]]  # keys unchanged


@pytest.mark.rule("B3.2")
def test_b3_2_the_servers_controls_give_the_reason_an_option_is_closed_in_names() -> None:
    g = elgrande.new_game(NAMES, seed=4, start_player=2)
    p, value = _until_bid_of(g, 2)
    c = controls(g, p)
    assert c is not None
    closed = [o for o in c["options"] if not o["enabled"] and o.get("value") == value]
    assert closed and closed[0]["why"] == f"power card {value} was already played this " \
                                          "round by Cy"


@pytest.mark.rule("B3.2")
def test_b3_2_the_human_seat_prints_a_refusal_with_the_players_name() -> None:
    g = elgrande.new_game(NAMES, seed=4, start_player=2)
    p, value = _until_bid_of(g, 2)
    out = io.StringIO()
    human = HumanSeat(io.StringIO(f"{value}\nr\n"), out, seed=1)
    human.answer(g.view(p))
    assert (f"Refused [B3.2]: power card {value} was already played this round by Cy"
            in out.getvalue())


def _texts(g: Game) -> list[str]:
    """The texts of the pending decision for people: prompt, labels, reasons."""
    d = g.pending
    assert d is not None
    out = [d.prompt, *(x for x in d.options.get("labels", ()) if isinstance(x, str))]
    why = d.options.get("why")
    if isinstance(why, dict):
        out += [w[1] for w in why.values() if isinstance(w, list) and len(w) == 2]
    return out


@pytest.mark.rule("B3.4")
@pytest.mark.parametrize("sets", [("base",), ("base", "intrigue-king"), ("base", "colonies")])
def test_b3_4_engine_texts_name_players_only_by_seat_marker(sets: tuple[str, ...]) -> None:
    """Every prompt, label and reason of seeded random games writes a player as a seat
    marker (never ``player N``), and reads with the names once shown; so do the log's
    notes."""
    fill = "provisional" if len(sets) > 1 else None
    marked = 0
    for seed in range(2):
        g = elgrande.new_game(NAMES, sets=sets, seed=seed, fill=fill)
        rng = random.Random(seed)
        while g.pending is not None:
            for text in _texts(g):
                assert not OLD_SEAT.search(text), text
                marked += "{seat" in text
                shown = g.in_words(text)
                assert "{seat" not in shown and not OLD_SEAT.search(shown), shown
            d = g.pending
            assert d is not None
            other = next((q for q in range(len(NAMES)) if q not in d.players), None)
            if other is not None:  # a refusal names who answered and who is asked
                with pytest.raises(IllegalMove) as exc:
                    g.answer(other, 0)
                said = exc.value.message
                assert said.startswith(f"it is not {NAMES[other]}'s decision (waiting for "
                                       f"{NAMES[d.players[0]]}"), said
                assert "{seat" not in said and not OLD_SEAT.search(said), said
            g.answer(d.players[0], d.random_answer(rng, d.players[0]))
        assert not any("{seat" in line or OLD_SEAT.search(line) for line in g.log)
    assert marked > 0
