"""The one ``move`` statement (B8.2, B5.2, B1.2, B6.9, C8, C10, I8): every piece kind is
moved by it, through the mover its set's rules module declares (engine/pieces.py), with
the same decisions and answer forms as the statements it replaced; refusals cite the rule.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from prompt_util import bare

from elgrande import new_game
from elgrande.dsl.checker import check_script
from elgrande.dsl.parser import parse
from elgrande.dsl.signatures import PIECE_KINDS, SIGNATURES
from elgrande.engine import movers
from elgrande.engine.decisions import Decision
from elgrande.engine.interpreter import Interpreter
from elgrande.engine.modules import find_module
from elgrande.errors import IllegalMove
from elgrande.play.game import Game, play_random

CARD = "hb-move"
BASE, IK, COL = ("base",), ("base", "intrigue-king"), ("base", "colonies")
EXAMPLES = Path(__file__).resolve().parent.parent / "examples" / "homebrew"




def _game(sets: tuple[str, ...] = BASE, players: int = 3) -> Game:
    g = new_game(players, sets=sets, seed=3, fill="provisional" if len(sets) > 1 else None)
    s, b = g.state, g.library.board
    s.king = b.index["aragon"]
    return g


class _Move:
    """A script run as card ``CARD`` by player 0 on ``g``'s state."""

    def __init__(self, g: Game, script: str, actor: int = 0) -> None:
        self.g = g
        self.interp = Interpreter(g.library.board, {CARD: parse(script)}, g._engine.rules)
        self.run = self.interp.begin(CARD, actor)
        self.events: list[dict[str, Any]] = []
        self.d: Decision | None = self.interp.advance(g.state, self.run, self.events)

    def answer(self, a: Any) -> Decision | None:
        assert self.d is not None
        self.d = self.interp.answer(self.g.state, self.run, self.d.players[0], a, self.events)
        return self.d

    def refused(self, a: Any) -> str:
        """The rule a refused answer cites (the state unchanged)."""
        before = self.g.to_json()
        with pytest.raises(IllegalMove) as exc:
            self.answer(a)
        assert self.g.to_json() == before
        return str(exc.value.rule)


def test_b8_1_one_move_statement_and_fewer_statements_than_the_one_offs() -> None:
    """The registry holds one ``move`` and none of the statements it replaced (23 before;
    15 now, with the card forms, the rule change and points: caballeros to and from a court and
    the provinces are moves too); every declared piece kind has a mover registered by a
    rules module."""
    import elgrande.rules.colonies  # noqa: F401  (the modules register their movers)
    import elgrande.rules.intrigue_king  # noqa: F401

    gone = {"move_caballeros", "move_king", "move_grande", "move_scoreboard",
            "grande_into_castillo", "take_inquisitor", "move_black_caballeros",
            "move_limit_table", "seat_limit_table", "place_caballeros", "send_caballeros",
            "bring_to_court"}
    assert "move" in SIGNATURES and not gone & set(SIGNATURES)
    assert len(SIGNATURES) == 15 < 23
    shipped = {k for m in ("base", "colonies", "intrigue_king") for k in find_module(m).movers}
    assert shipped == set(PIECE_KINDS)


def test_i8_movers_are_a_games_not_the_process() -> None:
    """Each game moves pieces with its own modules' movers (``Rules.movers``): Intrigue &
    the King's Grande mover in its games only; a base game made after one in the same
    process moves a Grande with the base game's mover (B1.2, not I8)."""
    ik = _game(IK, players=4)
    assert ik._engine.rules.movers["grande"] is find_module("intrigue_king").movers["grande"]
    g = _game(players=4)
    assert g._engine.rules.movers["grande"].start is movers.move_grande
    assert "grand inquisitor" not in g._engine.rules.movers
    s, b = g.state, g.library.board
    s.grandes[:] = [b.index["galicia"], b.index["valencia"], b.index["seville"],
                    b.index["catalonia"]]
    m = _Move(g, "move grande of opponents to adjacent to it\n")
    assert m.d is not None and m.d.rule == "B1.2"
    assert bare(m.d.prompt) == "Choose the player whose Grande moves"


def test_b8_2_caballeros_move_by_the_one_statement() -> None:
    g = _game()
    s, b = g.state, g.library.board
    gal, bas = b.index["galicia"], b.index["basque"]
    s.caballeros[gal][0] = 2
    m = _Move(g, "move up to 2 own caballeros from galicia to basque\n")
    assert m.d is not None and m.d.kind == "move_caballeros" and m.d.rule == "B8.2"
    before = s.caballeros[bas][0]
    m.answer([{"from": "galicia", "to": "basque", "player": 0, "n": 2}])
    assert s.caballeros[gal][0] == 0 and s.caballeros[bas][0] == before + 2


def test_b8_2_caballeros_never_leave_the_castillo() -> None:
    g = _game()
    s, b = g.state, g.library.board
    s.caballeros[b.castillo][0] = 2
    s.caballeros[b.index["galicia"]][0] = 1
    m = _Move(g, "move up to 2 own caballeros from anywhere to basque or galicia\n")
    assert m.d is not None
    assert "castillo" not in m.d.options["sources"]
    assert m.refused([{"from": "castillo", "to": "basque", "player": 0, "n": 1}]) == "B8.2"


def test_b5_2_the_king_moves_by_the_one_statement_never_into_the_castillo() -> None:
    g = _game()
    m = _Move(g, "move the king to adjacent to it or castillo\n")
    d = m.d
    assert d is not None and d.kind == "choose_region" and d.rule == "B5.2"
    assert sorted(d.options["choices"]) == ["basque", "catalonia", "new_castile",
                                            "old_castile", "valencia"]
    assert m.refused("castillo") == "B5.2"
    m.answer("basque")
    assert g.state.king == g.library.board.index["basque"]


def test_b1_2_own_grande_moves_never_into_the_kings_region() -> None:
    g = _game()
    s, b = g.state, g.library.board
    s.grandes[0] = b.index["basque"]
    m = _Move(g, "move own grande to adjacent to own grande\n")
    d = m.d
    assert d is not None and d.kind == "choose_region"
    assert bare(d.prompt) == "Move your Grande to a region of your choice"
    assert "aragon" not in d.options["choices"]
    assert m.refused("aragon") == "B5.2"
    m.answer("galicia")
    assert s.grandes[0] == b.index["galicia"]
    assert [e for e in m.events if e["event"] == "grande"][0]["to"] == "galicia"


def test_b5_2_a_grande_in_the_kings_region_stays() -> None:
    g = _game()
    s, b = g.state, g.library.board
    s.grandes[0] = s.king
    m = _Move(g, "move own grande to regions\n")
    assert m.d is None and s.grandes[0] == b.index["aragon"]


def test_b1_2_another_players_grande_moves_to_a_region_adjacent_to_it() -> None:
    """``move grande of opponents to adjacent to it``: the decider chooses whose among
    those that can go (one in the king's region is refused, B5.2), then where."""
    g = _game(players=4)
    s, b = g.state, g.library.board
    s.grandes[:] = [b.index["galicia"], b.index["aragon"], b.index["seville"],
                    b.index["catalonia"]]
    m = _Move(g, "move grande of opponents to adjacent to it\n")
    d = m.d
    assert d is not None and d.kind == "choose_player" and d.players == [0]
    assert d.options["choices"] == [2, 3]
    assert m.refused(1) == "B5.2"
    d = m.answer(2)
    assert d is not None and d.kind == "choose_region" and d.options["owner"] == 2
    assert sorted(d.options["choices"]) == ["granada", "new_castile"]
    assert m.answer("granada") is None
    assert s.grandes == [b.index["galicia"], b.index["aragon"], b.index["granada"],
                         b.index["catalonia"]]


def test_i8_i9_an_opponents_grande_into_the_castillo_never_out_of_it() -> None:
    """I8 opens the Castillo to a Grande (hook ``grande_places``) and its mover's choice
    cites the set's rules: your own Grande (I8), one in the Castillo already (I9)."""
    g = _game(IK, players=4)
    s, b = g.state, g.library.board
    s.grandes[:] = [b.index["valencia"], b.index["catalonia"], b.castillo, b.index["seville"]]
    m = _Move(g, "move grande of opponents to castillo\n")
    d = m.d
    assert d is not None and d.kind == "choose_player" and d.options["choices"] == [1, 3]
    assert d.rule == "I8" and m.refused(2) == "I9" and m.refused(0) == "I8"
    assert m.answer(3) is None
    assert s.grandes[3] == b.castillo


def test_b8_2_a_grande_in_the_castillo_never_leaves_it_by_a_move() -> None:
    g = _game(players=4)
    s, b = g.state, g.library.board
    s.grandes[:] = [b.index["galicia"], b.castillo, b.index["seville"], b.index["catalonia"]]
    m = _Move(g, "move grande of opponents to adjacent to it\n")
    assert m.d is not None and m.d.options["choices"] == [2, 3]
    assert m.refused(1) == "B8.2"


def test_b1_2_without_a_set_that_opens_it_no_grande_goes_into_the_castillo() -> None:
    g = _game()
    m = _Move(g, "move grande of opponents to castillo\n")
    assert m.d is None
    assert all(x != g.library.board.castillo for x in g.state.grandes)


def test_b6_9_a_mobile_scoreboard_moves_by_the_one_statement() -> None:
    g = _game()
    b = g.library.board
    m = _Move(g, "move a scoreboard to anywhere except king\n")
    d = m.d
    assert d is not None and d.kind == "move_scoreboard" and d.rule == "B6.9"
    sb = b.scoreboards[0].id
    m.answer({"scoreboard": sb, "to": "galicia"})
    assert g.state.scoreboards[0] == b.index["galicia"]


def test_c8_black_caballeros_move_by_the_one_statement() -> None:
    g = _game(COL)
    s, b = g.state, g.library.board
    m = _Move(g, "move up to 2 black caballeros from regions except king to regions except "
              "king\n")
    d = m.d
    assert d is not None and d.kind == "move_caballeros" and d.rule == "C8"
    src = next(iter(d.options["sources"]))
    to = next(t for t in d.options["to"] if t != src)
    before = s.neutral[b.index[to]]
    m.answer([{"from": src, "to": to, "player": -1, "n": 1}])
    assert s.neutral[b.index[to]] == before + 1


def test_c8_the_grand_inquisitor_goes_to_the_movers_court() -> None:
    g = _game(COL)
    _Move(g, "move the grand inquisitor to court\n", actor=1)
    assert g.state.neutral_holder == 1


def test_c10_the_limit_table_moves_and_its_new_regions_caballeros_sit() -> None:
    from elgrande.rules.colonies import own_pieces

    g = _game(COL)
    s, b = g.state, g.library.board
    table = own_pieces(s, b).table
    m = _Move(g, "move the limit table to mainland regions except king\n")
    d = m.d
    assert d is not None and d.kind == "choose_region" and d.rule == "C10"
    assert "aragon" not in d.options["choices"] and table.region not in d.options["choices"]
    to = next(r for r in d.options["choices"] if sum(s.caballeros[b.index[r]]) <= table.seats)
    m.answer(to)
    assert table.region == to
    r = b.index[to]
    assert sum(table.seated) + table.black == sum(s.caballeros[r]) + s.neutral[r]


@pytest.mark.parametrize("script,code", [
    ("move the spy to regions\n", "E-UNKNOWN-NAME"),
    ("move 2 the king to regions\n", "E-TYPE"),
    ("move grande to regions\n", "E-TYPE"),
    ("move own the king to regions\n", "E-TYPE"),
    ("move up to 2 caballeros to regions\n", "E-SYNTAX"),
    ("move up to 2 own caballeros from adjacent to it to regions\n", "E-TYPE"),
    ("move the king to castillo\n", "W-CASTILLO-TARGET"),
    ("move the limit table to court\n", "E-TYPE"),
])
def test_b8_1_the_checker_knows_what_each_piece_kind_takes(script: str, code: str) -> None:
    ids = [p.id for p in _game().library.board.places]
    try:
        problems = check_script(parse(script), "x.yaml", ids)
    except Exception as exc:  # a syntax error of the parser
        assert getattr(exc, "code", None) == code
        return
    assert code in [p.code for p in problems], problems


def test_b1_2_marching_orders_plays_in_seeded_games() -> None:
    """The example card plays in seeded random games with no exception (a sample; the
    benchmark plays more)."""
    for seed in range(6):
        g = new_game(3 + seed % 3, seed=seed, cards=[str(EXAMPLES)], logging=False)
        play_random(g, random.Random(seed))
        assert g.over


def test_b1_2_a_game_saved_between_whose_grande_and_where_loads_and_plays_on() -> None:
    """The region of the chosen player's Grande is asked after the player (the same
    statement): a game saved there loads (the decision worked out again) and plays on."""
    import json

    for seed in range(40):
        g = new_game(4, seed=seed, cards=[str(EXAMPLES)], logging=False)
        rng = random.Random(seed)
        while g.pending is not None:
            d = g.pending
            if d.kind == "choose_region" and "owner" in d.options:
                again = Game.from_json(json.loads(json.dumps(g.to_json())))
                assert again.pending is not None and again.pending.to_json() == d.to_json()
                answer = d.options["choices"][0]
                g.answer(d.players[0], answer)
                again.answer(d.players[0], answer)
                mine, theirs = g.to_json(), again.to_json()
                mine.pop("log", None)
                theirs.pop("log", None)
                assert theirs == mine
                return
            g.answer(d.players[0], d.random_answer(rng, d.players[0]))
    pytest.fail("no seed reached the choice of the region after the player")


def test_c8_a_move_of_black_caballeros_takes_a_number_expression() -> None:
    """The quantity of any counted piece is read by one function (a variable here)."""
    g = _game(COL)
    m = _Move(g, "n = choose number from 1 to 2\nmove up to n black caballeros from regions "
              "except king to regions except king\n")
    assert m.d is not None and m.d.kind == "choose_number"
    d = m.answer(1)
    assert d is not None and d.kind == "move_caballeros" and d.options["max"] == 1
