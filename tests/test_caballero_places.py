"""The one ``move`` of caballeros between every kind of place (elgrande/dsl/caballero_moves.py):
from the provinces to court (a bring, B4.1), from court to regions (a placement, B5.1),
from court, regions and spaces to the provinces, to court or to an off-board space (a
send, B8.7), between regions (a move, B8.2). Each pair plays in a real game with the
decision kind, answers and events of the statement it replaced; the retired statements
(``place``, ``send``, ``bring``) are refused with the ``move`` to write; the grammar has
fewer statements."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from elgrande import new_game
from elgrande.dsl.checker import check_script
from elgrande.dsl.parser import parse
from elgrande.dsl.signatures import SIGNATURES
from elgrande.engine.interpreter import Interpreter
from elgrande.errors import CardError
from elgrande.files.resources import grammar_dir
from elgrande.play.game import Game

ROOT = Path(__file__).resolve().parent.parent
SETS = ROOT / "examples" / "sets"
CARD = "test-card"


def _game(sets: tuple[str, ...] = ("base",), players: int = 3) -> Game:
    extra: dict[str, Any] = {"set_paths": [SETS]} if "rome" in sets else {}
    g: Game = new_game(players, seed=1, sets=sets, **extra)
    return g


def _run(g: Game, script: str, answers: list[Any], actor: int = 0,
         env: dict[str, Any] | None = None) -> tuple[list[Any], list[dict[str, Any]]]:
    """Run ``script`` by ``actor`` with ``answers``: the decisions met and the events."""
    interp = Interpreter(g.library.board, {CARD: parse(script)}, g._engine.rules)
    run = interp.begin(CARD, actor)
    run.env.update(env or {})
    events: list[dict[str, Any]] = []
    met: list[Any] = []
    d = interp.advance(g.state, run, events)
    for a in answers:
        assert d is not None, f"no decision for answer {a!r}"
        met.append(d)
        d = interp.answer(g.state, run, d.players[0], a, events)
    assert d is None, f"a decision left: {d.kind}"
    return met, events


def _some_region(g: Game, owner: int) -> str:
    """A region (not the king's) where ``owner`` has caballeros, with some put there."""
    b, s = g.library.board, g.state
    r = next(r for r in b.scoring_order if r != s.king and b.is_region(r))
    s.caballeros[r][owner] += 3
    return b.places[r].id


# -- each pair of places ------------------------------------------------------------------
def test_b4_1_from_provinces_to_court_is_a_bring() -> None:
    g = _game()
    s = g.state
    court, provinces = s.court[0], s.provinces[0]
    [d], events = _run(g, "move up to 2 caballeros from provinces to court\n",
                       [{"provinces": 2, "regions": {}}])
    assert d.kind == "bring_to_court" and d.options["limit"] == 2
    assert (s.court[0], s.provinces[0]) == (court + 2, provinces - 2)
    assert [e["event"] for e in events] == ["court"]


def test_b4_1_a_bring_takes_the_rest_from_regions_when_the_provinces_run_short() -> None:
    g = _game()
    s = g.state
    region = _some_region(g, 0)
    s.provinces[0] = 1
    court = s.court[0]
    [d], _ = _run(g, "move 3 caballeros from provinces to court\n",
                  [{"provinces": 0, "regions": {region: 2}}])
    assert d.kind == "bring_to_court" and d.options["limit"] == 2  # 1 forced, 2 asked
    assert s.provinces[0] == 0 and s.court[0] == court + 3


def test_b5_1_from_court_alone_to_regions_is_a_placement() -> None:
    g = _game()
    s, b = g.state, g.library.board
    s.court[0] = 5
    to = next(b.places[r].id for r in b.scoring_order if r != s.king and b.is_region(r))
    before = s.caballeros[b.index[to]][0]
    [d], events = _run(g, "move 3 own caballeros from court to anywhere\n", [{to: 3}])
    assert d.kind == "place_caballeros" and d.options["max"] == 3
    assert s.court[0] == 2 and s.caballeros[b.index[to]][0] == before + 3
    assert any(e["event"] == "place" for e in events)


def test_b8_7_from_court_or_regions_to_provinces_is_a_send_of_one_player() -> None:
    g = _game()
    s = g.state
    region = _some_region(g, 1)
    s.court[1] = 2
    provinces = s.provinces[1]
    [d], events = _run(g, "move 2 caballeros of p from court or regions to provinces\n",
                       [{"court": 1, region: 1}], env={"p": 1})
    assert d.kind == "send_caballeros" and d.options["owner"] == 1
    assert s.provinces[1] == provinces + 2 and s.court[1] == 1
    [e] = [e for e in events if e["event"] == "send"]
    assert e["to"] == "provinces" and e["owner"] == 1


def test_b8_7_from_a_region_to_court_is_a_send_without_a_choice() -> None:
    g = _game()
    s, b = g.state, g.library.board
    region = _some_region(g, 0)
    n, court = s.caballeros[b.index[region]][0], s.court[0]
    met, events = _run(g, f"move all own caballeros from {region} to court\n", [])
    assert met == [] and s.court[0] == court + n and s.caballeros[b.index[region]][0] == 0
    assert [e["to"] for e in events if e["event"] == "send"] == ["court"]


def test_b8_7_one_players_caballeros_to_an_off_board_space_are_a_send() -> None:
    g = _game(("base", "rome"), players=2)
    s, b = g.state, g.library.board
    region = _some_region(g, 1)
    [d], events = _run(g, f"move up to 2 caballeros of p from {region} to rome\n",
                       [{region: 2}], env={"p": 1})
    assert d.kind == "send_caballeros"
    assert s.caballeros[b.index["rome"]][1] == 2
    assert [e["to"] for e in events if e["event"] == "send"] == ["rome"]


def test_b8_2_anyones_caballeros_to_an_off_board_space_are_a_move() -> None:
    g = _game(("base", "rome"), players=2)
    region = _some_region(g, 1)
    [d], _ = _run(g, f"move 1 caballero from {region} to rome\n",
                  [[{"from": region, "to": "rome", "player": 1, "n": 1}]])
    assert d.kind == "move_caballeros"
    assert g.state.caballeros[g.library.board.index["rome"]][1] == 1


def test_b8_2_between_regions_is_a_move() -> None:
    g = _game()
    s, b = g.state, g.library.board
    region = _some_region(g, 0)
    to = next(b.places[r].id for r in b.scoring_order
              if r != s.king and b.is_region(r) and b.places[r].id != region)
    [d], _ = _run(g, f"move 2 own caballeros from {region} to {to}\n",
                  [[{"from": region, "to": to, "player": 0, "n": 2}]])
    assert d.kind == "move_caballeros" and s.caballeros[b.index[to]][0] >= 2


# -- the checker --------------------------------------------------------------------------
@pytest.mark.parametrize("script", [
    "move 2 own caballeros from provinces to castillo\n",      # provinces only to court
    "move 2 own caballeros from provinces or regions to court\n",
    "move 2 own caballeros from regions to court or castillo\n",  # court alone after 'to'
    "move 2 caballeros of opponents from regions to provinces\n",  # one player's
    "move 2 caballeros from regions to provinces\n",            # whose: say it
    "p = choose player from opponents\nmove 2 caballeros of p from court to castillo\n",
    "move 2 own caballeros from court or regions to castillo\n",
    "move the king to provinces\n",
])
def test_b8_7_wrong_places_or_owners_are_type_errors(script: str) -> None:
    codes = [p.code for p in check_script(parse(script), "card.yaml",
                                          set(_game().library.board.index))
             if p.severity == "error"]
    assert "E-TYPE" in codes, (script, codes)


# -- the retired statements ---------------------------------------------------------------
@pytest.mark.parametrize(("old", "hint"), [
    ("place up to 2 own caballeros from court to anywhere\n", "move QTY own caballeros from court"),
    ("each player:\n    send 2 own caballeros from regions to provinces\n", "to provinces"),
    ("bring 2 caballeros to court\n", "move up to N caballeros from provinces to court"),
])
def test_a_retired_statement_is_a_clean_card_error_with_the_move_to_write(
        old: str, hint: str) -> None:
    with pytest.raises(CardError) as err:
        parse(old, "old.yaml")
    word = old.split()[0] if not old.startswith("each") else "send"
    assert err.value.code == "E-SYNTAX" and f"'{word}' is no statement" in err.value.message
    assert hint in err.value.hint


def test_the_grammar_has_fewer_statement_rules() -> None:
    """``?simple_stmt``'s alternatives besides ``assign`` and ``pass``: 17 before the
    caballeros' places joined ``move``, 15 or fewer now with ``gain/lose N points`` (and
        the registry likewise)."""
    text = (grammar_dir() / "effects.lark").read_text(encoding="utf-8")
    block = re.search(r"\?simple_stmt:(.*?)\n\n", text, re.S)
    assert block is not None
    alts = [a.strip().split()[0] for a in block.group(1).split("|") if a.strip()]
    statements = [a for a in alts if a not in ("assign", '"pass"')]
    assert len(statements) <= 15, statements
    assert not {"place_caballeros", "send_caballeros", "bring_to_court"} & set(SIGNATURES)


# -- a property over every form -------------------------------------------------------------
_FORMS = {
    "move up to 2 caballeros from provinces to court\n": {"bring_to_court"},
    "move 2 caballeros from provinces to court\n": {"bring_to_court"},
    "move all or some own caballeros from court to anywhere\n": {"place_caballeros"},
    "move 3 own caballeros from court or regions to provinces\n": {"send_caballeros"},
    "move up to 2 caballeros of p from regions to court\n": {"send_caballeros"},
    "move up to 3 caballeros of any player from regions to anywhere\n": {"move_caballeros"},
}


@settings(max_examples=40, deadline=None)
@given(script=st.sampled_from(sorted(_FORMS)), seed=st.integers(0, 10_000),
       provinces=st.integers(0, 3), court=st.integers(0, 4))
def test_b1_1_every_form_keeps_each_players_caballeros(script: str, seed: int,
                                                       provinces: int, court: int) -> None:
    """Whatever form and legal answers, no caballero is made or lost (B1.1), and the
    decisions are those of the form's rules."""
    g = _game()
    s = g.state
    s.provinces[0], s.court[0] = provinces, court
    totals = [s.provinces[p] + s.court[p] + sum(row[p] for row in s.caballeros)
              for p in range(s.players)]
    rng = random.Random(seed)
    interp = Interpreter(g.library.board, {CARD: parse(script)}, g._engine.rules)
    run = interp.begin(CARD, 0)
    run.env["p"] = 1
    events: list[dict[str, Any]] = []
    d = interp.advance(s, run, events)
    kinds = set()
    while d is not None:
        kinds.add(d.kind)
        d = interp.answer(s, run, d.players[0], d.random_answer(rng, d.players[0]), events)
    assert kinds <= _FORMS[script]
    assert totals == [s.provinces[p] + s.court[p] + sum(row[p] for row in s.caballeros)
                      for p in range(s.players)]
