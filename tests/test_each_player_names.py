"""Inside ``each player:`` each player in turn is the one who acts (B8.7): every
primitive's events carry that player and its log lines name them; inside ``for each
player p`` the card's player acts (on ``p`` where the statement says so). A statement that
finds nothing to do for a player says so in the log. Each primitive of the card language
(``elgrande/dsl/signatures.py``) runs inside both blocks, in games of the sets it needs."""

from __future__ import annotations

import random
from typing import Any

import pytest

from elgrande.dsl import ast
from elgrande.dsl.parser import parse
from elgrande.dsl.signatures import PIECE_KINDS, SIGNATURES
from elgrande.engine.interpreter import Interpreter
from elgrande.play.game import Game, new_game
from elgrande.play.narrate import words

BASE, IK, COL = ("base",), ("base", "intrigue-king"), ("base", "colonies")

#: case -> (a statement, its form inside ``for each player p``, sets): every primitive,
#: and the one ``move`` with every piece kind it moves
STATEMENTS: dict[str, tuple[str, str, tuple[str, ...]]] = {
    "choose": ("x = choose number from 1 to 3", "x = choose player from p", BASE),
    "move_caballeros": ("move up to 2 own caballeros from regions to anywhere",
                        "move up to 2 caballeros of p from regions to anywhere", BASE),
    "place_caballeros": ("move up to 2 own caballeros from court to anywhere", "", BASE),
    "send_caballeros": ("move 1 own caballero from regions to provinces",
                        "move 1 caballero of p from regions to provinces", BASE),
    "bring_to_court": ("move up to 2 caballeros from provinces to court", "", BASE),
    "score": ("score regions with value 4", "", BASE),
    "move_king": ("move the king to adjacent to king", "", BASE),
    "move_grande": ("move own grande to mainland regions except king",
                    "move grande of p to mainland regions except king", BASE),
    "move_scoreboard": ("move a scoreboard to anywhere except king", "", BASE),
    "take_back_power_card": ("take back a power card", "", BASE),
    "keep": ("keep veto until end of next round", "", BASE),
    "secret_choice": ("each other player secretly chooses region pick from mainland regions",
                      "", BASE),
    "pass_": ("pass", "", BASE),
    "change_rule": ("close castillo to placement and moves until next scoring", "", BASE),
    "bridge": ("bridge galicia and aragon", "", IK),
    "lay_scoreboard": ("lay scoreboard to anywhere except king", "", IK),
    "move_grande_into_castillo": ("move grande of opponents to castillo", "", IK),
    "move_grand_inquisitor": ("move the grand inquisitor to court", "", COL),
    "move_black_caballeros": ("move up to 2 black caballeros from regions except king to "
                              "regions except king", "", COL),
    "move_limit_table": ("move the limit table to mainland regions except king", "", COL),
    "choose_card": ("c = choose card from open action cards",
                    "c = choose card from held cards of p", BASE),
    "draw_card": ("c = draw card from region cards", "c = draw card from held cards of p",
                  BASE),
    "move_card": ("move card kings-card to removed", "move card kings-card to held cards of p",
                  BASE),
    "carry_out": ("carry out kings-card", "", BASE),
    "points": ("lose 1 point", "gain 2 points", BASE),
}
CARD = "hb-each"


def test_every_primitive_and_piece_kind_has_a_statement_here() -> None:
    calls = [parse(plain).body.body[0] for plain, _, _ in STATEMENTS.values()]
    assert {c.name for c in calls if isinstance(c, ast.Call)} == set(SIGNATURES)
    assert {c.arg("piece") for c in calls if isinstance(c, ast.Call) and c.name == "move"} \
        == set(PIECE_KINDS)


def _position(sets: tuple[str, ...], seed: int) -> Game:
    """A 3-player game some way in: caballeros on the board, played power cards."""
    g = new_game(3, sets=sets, seed=seed, fill="provisional" if len(sets) > 1 else None)
    rng = random.Random(seed)
    for _ in range(60):
        d = g.pending
        assert d is not None
        g.answer(d.players[0], d.random_answer(rng, d.players[0]))
    return g


def _run(g: Game, script: str, actor: int, seed: int) -> list[dict[str, Any]]:
    """Run ``script`` as card ``CARD`` by ``actor`` on ``g``'s state (random answers);
    the events it made."""
    tree = parse(script)
    interp = Interpreter(g.library.board, {CARD: tree}, g._engine.rules)
    run = interp.begin(CARD, actor)
    events: list[dict[str, Any]] = []
    rng = random.Random(seed)
    d = interp.advance(g.state, run, events)
    while d is not None:
        p = d.players[0]
        d = interp.answer(g.state, run, p, d.random_answer(rng, p), events)
    return [e for e in events if e.get("card") == CARD]


CASES = [(name, block) for name in STATEMENTS for block in ("each", "for")]


@pytest.mark.parametrize("name,block", CASES, ids=[f"{n}-{b}" for n, b in CASES])
def test_B8_7_the_player_who_acts_is_named_in_events_and_log(name: str, block: str) -> None:
    plain, with_p, sets = STATEMENTS[name]
    script = (f"each player:\n  {plain}\n" if block == "each"
              else f"for each player p:\n  {with_p or plain}\n")
    actor = 1
    for seed in range(3):
        g = _position(sets, seed)
        names = g.names
        events = _run(g, script, actor, seed)
        for e in events:
            want = e["player"]
            if block == "for":
                assert want == actor, (script, e)
            lines = words(e, g.library.board, names, {})
            assert lines, e
            if e["event"] != "reveal":  # the secret choices name every chooser
                assert names[want] in lines[0], (script, e, lines)
        # each turn of the loop says something: what was done, or that nothing was
        assert {e["player"] for e in events} == ({0, 1, 2} if block == "each" else {actor})
        assert len(events) >= 3, (script, events)


def test_a_send_with_nothing_there_says_so_in_the_log() -> None:
    g = _position(BASE, 0)
    b = g.library.board
    for r in range(len(g.state.caballeros)):
        g.state.provinces[2] += g.state.caballeros[r][2]
        g.state.caballeros[r][2] = 0
    events = _run(g, "each player:\n  move 1 own caballero from regions to provinces\n", 0, 0)
    lines = [ln for e in events for ln in words(e, b, g.names, {})]
    assert f"  {g.names[2]} has nothing to send." in lines
    assert sum(" sends 1 caballero " in ln for ln in lines) == 2
