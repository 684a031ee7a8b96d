"""Tokens a set declares as data (``pieces:`` in its set.yaml; docs/homebrew.md, "Sets"):
the one ``move`` statement moves every one (B8.1), never into or out of the king's region
(B5.2); conditions and region sets read where one stands; views, the board picture and
the log show it; saved games carry it; a bad declaration or an undeclared token is a clean
error (the example set ``examples/sets/rome``, its invented Legate)."""

from __future__ import annotations

import copy
import random
from pathlib import Path
from typing import Any

import pytest

from elgrande.data.manifests import load_board
from elgrande.dsl.parser import parse
from elgrande.engine.decisions import Decision
from elgrande.engine.interpreter import Interpreter
from elgrande.engine.tokens import NAME, token_places
from elgrande.errors import CardError, DataError, IllegalMove, SavedGameError
from elgrande.play.game import Game, new_game
from elgrande.tools.board_svg import board_svg, public_view

ROOT = Path(__file__).resolve().parent.parent
SETS = str(ROOT / "examples" / "sets")
CARD = "rome-legate"


def _rome(seed: int = 3) -> Game:
    g = new_game(3, sets=("base", "rome"), seed=seed, set_paths=[SETS])
    g.state.king = g.library.board.index["aragon"]
    return g


class _Run:
    """A script run as the Legate's card by player 0 on ``g``'s state."""

    def __init__(self, g: Game, script: str) -> None:
        self.g = g
        self.interp = Interpreter(g.library.board, {CARD: parse(script)}, g._engine.rules)
        self.run = self.interp.begin(CARD, 0)
        self.events: list[dict[str, Any]] = []
        self.d: Decision | None = self.interp.advance(g.state, self.run, self.events)

    def answer(self, a: Any) -> Decision | None:
        assert self.d is not None
        self.d = self.interp.answer(self.g.state, self.run, 0, a, self.events)
        return self.d


def test_b8_1_a_declared_token_starts_at_its_place_and_moves_by_the_one_statement() -> None:
    g = _rome()
    b = g.library.board
    assert b.tokens["legate"].name == "the Legate" and "tokens" in b.rules_modules
    assert g.state.ext[NAME] == {"legate": "rome"}
    m = _Run(g, "move the legate to regions or rome\n")
    d = m.d
    assert d is not None and d.kind == "choose_region" and d.rule == "B8.1"
    assert "rome" not in d.options["choices"] and "aragon" not in d.options["choices"]
    assert "galicia" in d.options["choices"]
    before = g.to_json()
    with pytest.raises(IllegalMove) as exc:
        m.answer("aragon")
    assert str(exc.value.rule) == "B5.2" and g.to_json() == before
    assert m.answer("galicia") is None
    assert token_places(g.state, b) == {"legate": "galicia"}
    [e] = [e for e in m.events if e["event"] == "token"]
    assert e["text"] == "{who} moves the Legate from Rome to Galicia."


def test_b5_2_a_token_in_the_kings_region_stays() -> None:
    g = _rome()
    g.state.ext[NAME]["legate"] = "aragon"
    assert _Run(g, "move the legate to regions or rome\n").d is None
    assert g.state.ext[NAME] == {"legate": "aragon"}


def test_b8_1_conditions_and_region_sets_read_where_a_token_stands() -> None:
    g = _rome()
    b = g.library.board
    script = ("if the legate is in regions:\n    move the king to adjacent to region of "
              "the legate\n")
    assert _Run(g, script).d is None  # the Legate is in Rome, no region
    g.state.ext[NAME]["legate"] = "galicia"
    m = _Run(g, script)
    assert m.d is not None and set(m.d.options["choices"]) == {
        b.places[r].id for r in b.places[b.index["galicia"]].adjacent
        if b.is_region(r)} - {"aragon"}


def test_b8_1_views_the_board_picture_and_the_log_show_a_token() -> None:
    g = _rome()
    g.state.ext[NAME]["legate"] = "galicia"
    view = public_view(g)
    assert view["state"]["ext"][NAME] == {"legate": "galicia"}
    svg = board_svg(view, g.library.board)
    assert ('<g class="token" data-place="galicia" data-token="legate"><title>the Legate'
            in svg)
    rng = random.Random(2)
    for _ in range(3000):  # the Legate's card is on offer every round (B3.5)
        d = g.pending
        if d is None:
            break
        g.answer(d.players[0], d.random_answer(rng, d.players[0]))
    assert any("moves the Legate from" in line for line in g.log)
    assert any(line.startswith("    the Legate: ") for line in g.log)  # the board summary


def test_a_card_moving_an_undeclared_token_is_refused(tmp_path: Path) -> None:
    (tmp_path / "c.yaml").write_text(
        "id: hb-legate\nset: homebrew\nkind: action\ntitle: L\nstack: 2\ntext: 'x'\n"
        "effect: |\n  move the legate to regions\n", encoding="utf-8")
    with pytest.raises(CardError) as err:
        new_game(3, seed=1, cards=[str(tmp_path)])
    assert err.value.code == "E-UNKNOWN-NAME"
    assert "no set in play declares it" in err.value.message
    assert (err.value.line, err.value.column) == (8, 3)
    (tmp_path / "c.yaml").write_text(
        "id: hb-legate\nset: homebrew\nkind: action\ntitle: L\nstack: 2\ntext: 'x'\n"
        "effect: |\n  if the legate is in regions:\n    move the king to regions\n",
        encoding="utf-8")
    with pytest.raises(CardError, match="unknown piece 'legate'"):
        new_game(3, seed=1, cards=[str(tmp_path)])
    new_game(3, sets=("base", "rome"), seed=1, cards=[str(tmp_path)], set_paths=[SETS])


@pytest.mark.parametrize(("body", "line", "words"), [
    ("pieces: legate\n", 4, "must be a list"),
    ("pieces:\n  - {id: Legate}\n", 5, "lowercase words"),
    ("pieces:\n  - {id: legate, colour: red}\n", 5, "unknown field 'colour'"),
    ("pieces:\n  - {id: legate, start: nowhere}\n", 5, "'start' must be a region"),
    ("pieces:\n  - {id: legate, start: castillo}\n", 5, "'start' must be a region"),
    ("pieces:\n  - {id: grand inquisitor}\n", 5, "is taken"),
    ("pieces:\n  - {id: to}\n", 5, "lowercase words"),
    ("pieces:\n  - {id: legate, owned: true}\n", 5, "'owned' may only be false"),
    ("pieces:\n  - {id: legate}\n  - {id: legate}\n", 6, "is taken"),
])
def test_a_bad_piece_declaration_is_an_error_at_its_line(tmp_path: Path, body: str,
                                                         line: int, words: str) -> None:
    d = tmp_path / "bad"
    d.mkdir()
    (d / "set.yaml").write_text("set: bad\ntitle: bad\nextends: base\n" + body,
                                encoding="utf-8")
    with pytest.raises(DataError) as err:
        load_board(("base", "bad"), [tmp_path])
    assert err.value.message.startswith("E-SET-PIECE")
    assert words in err.value.message and err.value.line == line


def _played(seed: int = 5, steps: int = 60) -> Game:
    g = _rome(seed)
    rng = random.Random(seed)
    for _ in range(steps):
        d = g.pending
        assert d is not None
        g.answer(d.players[0], d.random_answer(rng, d.players[0]))
    return g


def test_a_saved_game_with_a_token_loads_again_and_a_tampered_one_is_refused() -> None:
    g = _played()
    g.state.ext[NAME]["legate"] = "galicia"
    saved = g.to_json()
    again = Game.from_json(copy.deepcopy(saved))
    assert again.state.ext[NAME] == {"legate": "galicia"} and again.to_json() == saved
    old = copy.deepcopy(saved)  # saved before the set declared its token
    del old["state"]["ext"][NAME]
    assert token_places(Game.from_json(old).state, g.library.board) == {"legate": "rome"}
    for bad, field in [({"legate": "nowhere"}, "legate"), ({"legate": "castillo"}, "legate"),
                       ({"legate": "rome", "eagle": "rome"}, ""), ([], "")]:
        tampered = copy.deepcopy(saved)
        tampered["state"]["ext"][NAME] = bad
        with pytest.raises(SavedGameError) as err:
            Game.from_json(tampered)
        assert err.value.path == f"state.ext.{NAME}" + (f".{field}" if field else "")


def test_b8_1_the_english_words_a_token_move_and_where_it_stands() -> None:
    from elgrande.dsl.render import render

    assert render(parse("move the legate to regions or rome\nif not the legate is in "
                        "regions:\n    move the king to adjacent to region of the legate\n")) \
        == ("Move the legate to any region or Rome. If the place of the legate is not any "
            "region, move the king to a region adjacent to the place of the legate.")
