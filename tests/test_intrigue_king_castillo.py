"""Card 35's kind of action, a Grande in the Castillo (RULES.md I8, I9), through the
facade with the shipped provisional fill: the primitive, the Grande bonus in the Castillo,
the Grande's leaving at the general scoring (the king's region on the disc: its owner's
decision), refusals, copies, JSON and record replay. The scenario cases IK12-IK21 check
the same rules position by position.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from elgrande import new_game
from elgrande.dsl.parser import parse
from elgrande.dsl.render import render
from elgrande.errors import IllegalMove
from elgrande.play.game import Game, play_random
from elgrande.play.records import record_lines, replay
from elgrande.rules import intrigue_king as ik
from elgrande.rules.base import DISCS
from elgrande.tools.cli import main

SETS = ("base", "intrigue-king")


def at_first_scoring(players: int = 3, seed: int = 5) -> Game:
    """A game with the shipped fill at the secret discs of its first general scoring."""
    g = new_game(players, sets=SETS, fill="provisional", seed=seed)
    rng = random.Random(seed)
    while g.pending is not None and g.flow.phase != DISCS:
        d = g.pending
        g.answer(d.players[0], d.random_answer(rng, d.players[0]))
    assert g.flow.phase == DISCS
    return g


def castillo_grande(g: Game, owner: int, caballeros: int = 0) -> None:
    """Put ``owner``'s Grande (and ``caballeros`` of theirs from the provinces) into the
    Castillo, as card 35 and a placement would."""
    b = g.library.board
    g.state.grandes[owner] = b.castillo
    g.state.provinces[owner] -= caballeros
    g.state.caballeros[b.castillo][owner] += caballeros


def set_discs(g: Game, discs: dict[int, str]) -> list[dict[str, Any]]:
    """Every player sets their secret disc (``basque`` unless given); the events."""
    events: list[dict[str, Any]] = []
    for p in range(g.state.players):
        events += g.answer(p, discs.get(p, "basque"))
    return events


def test_I8_card_35_script_parses_renders_and_is_compulsory() -> None:
    """I6, I8: the card file's script is the one move of an opponent's Grande into the
    Castillo; the action is compulsory."""
    g = new_game(3, sets=SETS, fill="provisional", seed=1)
    card = g.library.card("ik-35")
    assert card.optional is False and card.script is not None
    call = card.script.body.body[0]
    assert [c.name for c in card.script.body.body] == ["move"]
    assert call.arg("piece") == "grande" and type(call.arg("whose")).__name__ == "Opponents"
    text = render(parse("move grande of opponents to castillo\n"))
    assert "Castillo" in text and "opponent" in text


def test_I9_disc_on_the_kings_region_asks_the_owner_where_the_grande_goes() -> None:
    """I9: the owner of a Grande in the Castillo whose disc shows the king's region puts it
    in another mainland region; the king's region and the Castillo are refused (B5.2, I9)
    and a refusal changes nothing; their caballeros go to court (B6.3)."""
    g = at_first_scoring()
    b = g.library.board
    castillo_grande(g, 1, 2)
    king = b.place_id(g.state.king)
    court = g.state.court[1] + g.state.caballeros[b.castillo][1]
    set_discs(g, {1: king})
    d = g.pending
    assert d is not None and d.rule == "I9" and d.players == [1] and g.flow.phase == ik.LEAVING
    assert king not in d.options["choices"] and "castillo" not in d.options["choices"]
    snap = json.dumps(g.to_json(), sort_keys=True)
    for bad, rule in ((king, "B5.2"), ("castillo", "I9")):
        with pytest.raises(IllegalMove) as exc:
            g.answer(1, bad)
        assert exc.value.rule == rule
        assert json.dumps(g.to_json(), sort_keys=True) == snap
    with pytest.raises(IllegalMove):
        g.answer(0, d.options["choices"][0])               # not player 0's decision (I9)
    for viewer in (0, 1):                  # nothing hidden here: the discs are revealed
        seen = Game.from_view(g.view(viewer), random.Random(viewer))
        assert seen.pending is not None and seen.pending.to_json() == d.to_json()
    c = g.copy()
    rebuilt = Game.from_json(json.loads(snap))
    to = next(r for r in d.options["choices"] if r != b.place_id(g.state.grandes[0]))
    g.answer(1, to)
    assert json.dumps(c.to_json(), sort_keys=True) == snap      # the copy is independent
    rebuilt.answer(1, to)
    assert rebuilt.to_json() == g.to_json()
    assert g.state.grandes[1] == b.index[to]
    assert g.state.caballeros[b.castillo] == [0] * 3
    assert g.state.court[1] == court
    assert any("Grande leaves the Castillo" in line for line in g.log)
    assert "intrigue_king" not in g.state.ext or "leaving" not in g.state.ext["intrigue_king"]


def test_I9_the_grande_bonus_in_the_castillo_then_it_leaves_with_the_caballeros() -> None:
    """I9, B6.2, B6.6: the Castillo is scored with the Grande in it (its owner, sole
    first, takes the bonus); then it goes with its owner's caballeros to the disc's region,
    no question asked."""
    g = at_first_scoring()
    b = g.library.board
    for p in range(3):                                   # an empty Castillo but for player 2
        g.state.provinces[p] += g.state.caballeros[b.castillo][p]
        g.state.caballeros[b.castillo][p] = 0
    castillo_grande(g, 2, 3)
    dest = next(r for r in b.regions if r != g.state.king)
    before = len(g.history)
    events = set_discs(g, {2: b.place_id(dest)})
    assert len(g.history) == before + 3                  # the discs only: nothing asked
    scoring = next(e for e in events if e.get("event") == "general_scoring")
    castillo = scoring["result"]["castillo"]
    line = next(ln for ln in castillo["lines"] if ln["participant"] == 2)
    assert ["grande", 2] in line["bonuses"]
    assert g.state.grandes[2] == dest and g.state.caballeros[dest][2] >= 3


def test_I9_a_record_with_the_leaving_decision_replays_and_checks() -> None:
    """DESIGN.md 6, I9: a random game (4 players, seed 1) whose record holds the I9
    decision (a disc on the king's region) replays to the same game, answer by answer,
    and so do its JSON and a copy."""
    g = play_random(new_game(4, sets=SETS, fill="provisional", seed=1), random.Random(1))
    assert any("will put their Grande from the Castillo" in line for line in g.log)
    assert any("puts their Grande from the Castillo in" in line for line in g.log)
    again = replay(record_lines(g))
    assert again.to_json() == g.to_json() and again.log == g.log
    assert Game.from_json(json.loads(json.dumps(g.to_json()))).to_json() == g.to_json()


def test_I8_I9_whole_games_with_the_shipped_fill_put_grandes_in_the_castillo() -> None:
    """I8, I9: random games with the shipped fill play card 35; some Grande goes into the
    Castillo and leaves it again; the records replay."""
    seen_in = seen_out = 0
    for seed in range(6):
        g = play_random(new_game(4, sets=SETS, fill="provisional", seed=seed),
                        random.Random(seed))
        assert g.over and g.state.conservation_errors(g.library.board) == []
        seen_in += sum("Grande to Castillo" in line for line in g.log)
        seen_out += sum("Grande leaves the Castillo" in line for line in g.log)
        again = replay(record_lines(g), logging=False)
        assert again.state.to_json() == g.state.to_json()
    assert seen_in and seen_out


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_I1_I9_cli_plays_and_checks_full_games_with_the_shipped_fill(
        players: int, tmp_path: Path) -> None:
    """I1-I9 from the command line: ``elgrande play --players N --sets base,intrigue-king --fill
    provisional --seed 1 --record R`` plays a full game whose log shows the card play and
    the King, Intrigue and Caballero cards, and ``elgrande check R`` accepts the record."""
    rec = tmp_path / f"ik{players}.jsonl"
    run = CliRunner().invoke(main, ["play", "--players", str(players), "--sets",
                                    "base,intrigue-king", "--fill", "provisional", "--seed",
                                    "1", "--record", str(rec)])
    assert run.exit_code == 0, run.output
    out = run.output
    assert "provisional data" in out and "plays card" in out
    assert "Caballero card" in out and "King card" in out and "Intrigue card" in out
    assert "== Game over ==" in out or "Final scores" in out
    check = CliRunner().invoke(main, ["check", str(rec)])
    assert check.exit_code == 0, check.output
    assert "answers legal" in check.output
