"""The human seat: ``elgrande play --bots human,...`` asks a person through
text streams, shows only the seat's own view (B8.5a), refuses illegal input with the
rule and asks again, explains (``?``), answers at random (``r``) and quits (``q``)."""

from __future__ import annotations

import io
import random
import re
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

import elgrande
from elgrande.engine.decisions import Decision
from elgrande.play.records import replay
from elgrande.players.bots import make_bot
from elgrande.tools.cli import main
from elgrande.tools.human import HumanSeat, play


def seat(text: str) -> tuple[HumanSeat, io.StringIO]:
    out = io.StringIO()
    return HumanSeat(io.StringIO(text), out, seed=1), out


def test_yes_r_plays_a_full_game_that_check_accepts(tmp_path: Path) -> None:
    rec = tmp_path / "R.jsonl"
    r = CliRunner().invoke(main, ["play", "--players", "2", "--bots", "human,random",
                                  "--seed", "1", "--record", str(rec)], input="r\n" * 5000)
    assert r.exit_code == 0, r.output
    assert "Final scores:" in r.output and "Decision [B3.2]: Play a power card" in r.output
    c = CliRunner().invoke(main, ["check", str(rec)])
    assert c.exit_code == 0 and "answers legal" in c.output, c.output


def test_q_saves_the_record_so_far_and_stops(tmp_path: Path) -> None:
    rec = tmp_path / "R.jsonl"
    r = CliRunner().invoke(main, ["play", "-n", "3", "--bots", "human,greedy,random",
                                  "--seed", "2", "--record", str(rec)],
                           input="r\nr\nr\nq\n")
    assert r.exit_code == 0, r.output
    assert "Game stopped after" in r.output and "Record written" in r.output
    with rec.open(encoding="utf-8") as fh:
        game = replay(fh, logging=False)
    assert not game.over and len(game.history) >= 3
    assert CliRunner().invoke(main, ["check", str(rec)]).exit_code == 1  # not over yet


def test_B8_1_illegal_input_is_refused_with_its_rule_and_asked_again() -> None:
    g = elgrande.new_game(2, seed=1, start_player=0)
    human, out = seat("99\nbanana\n?\n5\nq\n")
    assert play(g, [human, make_bot("random", 1)]) is False
    text = out.getvalue()
    assert text.count("Decision [B3.2]: Play a power card") == 4
    assert "Refused [B3.2]: '99' is not one of the choices: 1 (brings 6), 2 (brings 5)" in text
    assert "Refused [B3.2]: 'banana' is not one of the choices" in text
    assert "About this decision (rule B3.2)" in text
    assert "How to answer: Type the value of the card you play." in text
    assert g.history[0] == {"player": 0, "kind": "choose_power_card", "answer": 5}


def test_an_engine_refusal_is_shown_and_the_same_decision_asked_again() -> None:
    """An answer that passes the decision's own check but that the engine refuses (here:
    a seat that answers for a game whose rules changed) leaves the game unchanged."""
    g = elgrande.new_game(2, seed=1, start_player=0)
    human, out = seat("r\nq\n")
    before = g.to_json()

    class Refusing:  # the game, but its engine refuses every answer
        def __getattr__(self, name: str) -> Any:
            return getattr(g, name)

        def answer(self, p: int, a: object) -> list[dict[str, object]]:
            from elgrande.errors import IllegalMove

            raise IllegalMove("B3.2", "refused by the engine")

    # a wrapper, not g.answer = ...: the compiled build's Game takes no new attributes
    assert play(Refusing(), [human, make_bot("random", 1)]) is False
    assert "Refused [B3.2]: refused by the engine" in out.getvalue()
    assert out.getvalue().count("Decision [") == 2
    assert g.to_json() == before


def test_few_answers_are_numbered_and_a_number_picks_one() -> None:
    g = elgrande.new_game(2, seed=3)
    rng = random.Random(3)
    while g.pending is not None and g.pending.kind != "bring_to_court":
        d = g.pending
        g.answer(d.players[0], d.random_answer(rng, d.players[0]))
    assert g.pending is not None
    p = g.pending.players[0]
    legal = g.pending.legal_answers(p)
    assert legal is not None and len(legal) > 1
    human, out = seat("2\n")
    answer = human.answer(g.view(p))
    assert answer == legal[1]
    assert "  1) " in out.getvalue() and "  2) " in out.getvalue()


def test_B8_5a_the_summary_shows_only_the_seats_own_view() -> None:
    g = elgrande.new_game(3, seed=5)
    other = g.copy()
    other.state.set_hand(1, other.state.hands[1][:3])   # a different hidden hand
    human, _out = seat("")
    mine = human.summary(g.view(0))
    assert mine == human.summary(other.view(0))
    assert "Your hand: " + ", ".join(f"{v} (brings {g.library.cards.cards[f'power-{v}'].court})"
                                     for v in g.state.hands[0]) in mine
    assert mine.count("hand") == 1


def test_json_answers_and_bare_ids_are_read_as_typed() -> None:
    g = elgrande.new_game(2, seed=3)
    rng = random.Random(3)
    kinds: dict[str, object] = {}
    while g.pending is not None and len(kinds) < 2:
        d = g.pending
        p = d.players[0]
        if d.kind == "place_caballeros" and d.options["to"] and "place" not in kinds:
            to = d.options["to"][0]
            human, out = seat(f'{{"{to}": 1}}\n')
            kinds["place"] = human.answer(g.view(p))
            name = g.library.board.places[g.library.board.index[to]].name
            assert kinds["place"] == {to: 1} and f"To: {name}" in out.getvalue()
        elif d.kind == "choose_action_card" and "card" not in kinds:
            human, _ = seat(f"{d.options['choices'][-1]}\n")
            kinds["card"] = human.answer(g.view(p))
            assert kinds["card"] == d.options["choices"][-1]
        g.answer(p, d.random_answer(rng, p))
    assert set(kinds) == {"place", "card"}


def test_X2_and_I3_decisions_are_explained_by_their_rule() -> None:
    """``?`` at a decision whose rule gives its kind another meaning explains that rule:
    playing a card (I3) and taking the Inquisitor or 7th-stack card (X2)."""
    g = elgrande.new_game(4, sets=("base", "intrigue-king", "colonies"), fill="provisional",
                          seed=1)
    rng = random.Random(1)
    seen: dict[str, str] = {}
    while g.pending is not None and len(seen) < 2:
        d = g.pending
        if d.rule in ("I3", "X2") and d.rule not in seen:
            human, out = seat("")
            human.explain(d)
            seen[d.rule] = out.getvalue()
        g.answer(d.players[0], d.random_answer(rng, d.players[0]))
    assert "takes the King card" in seen["I3"] and "power card" not in seen["I3"]
    assert "At most two players" in seen["X2"] and "Caballero card's number" in seen["X2"]


class _CtrlC(io.StringIO):
    """Input that answers ``lines`` and then is interrupted (Ctrl-C) at the prompt."""

    def __init__(self, lines: str) -> None:
        super().__init__(lines)

    def readline(self, size: int | None = -1) -> str:
        line = super().readline()
        if not line:
            raise KeyboardInterrupt
        return line


def test_ctrl_c_at_the_prompt_stops_the_game_as_q_does() -> None:
    g = elgrande.new_game(2, seed=1, start_player=0)
    out = io.StringIO()
    human = HumanSeat(_CtrlC("r\n"), out, seed=1)
    assert play(g, [human, make_bot("random", 1)]) is False
    assert g.history and g.history[0]["player"] == 0 and not g.over
    assert not human.reading


def test_ctrl_c_in_play_saves_the_record_and_says_where(tmp_path: Path) -> None:
    """``elgrande play`` with a human seat, interrupted by SIGINT at the prompt: the record
    so far is written (to --record, or a free file name when none is given), the path is
    printed and the exit status is q's (0)."""
    import os
    import signal
    import subprocess
    import sys
    import time

    exe = str(Path(sys.executable).parent / "elgrande")
    for record in (["--record", str(tmp_path / "R.jsonl")], []):
        proc = subprocess.Popen(
            [exe, "play", "-n", "3", "--bots", "human,greedy", "--seed", "2", *record],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
            cwd=tmp_path, text=True)
        assert proc.stdin is not None and proc.stdout is not None
        proc.stdin.write("r\nr\n")
        proc.stdin.flush()
        seen = ""
        deadline = time.monotonic() + 60
        while seen.count("> ") < 3 and time.monotonic() < deadline:
            seen += os.read(proc.stdout.fileno(), 4096).decode()
        proc.send_signal(signal.SIGINT)
        rest, err = proc.communicate(timeout=60)
        out = seen + rest
        assert proc.returncode == 0, (out, err)
        assert "Traceback" not in err and "Aborted" not in out + err
        m = [ln for ln in out.splitlines() if ln.startswith("Game stopped after")]
        assert m and "Record written to " in m[0], out
        path = tmp_path / m[0].split("Record written to ", 1)[1].rstrip(".")
        game = replay(path.read_text("utf-8").splitlines(), logging=False)
        assert len(game.history) >= 2 and not game.over
    assert (tmp_path / "R.jsonl").exists() and (tmp_path / "elgrande-stopped.jsonl").exists()


#: Lines typed at every decision: a wrong answer of each shape, then ``?``, then ``r``.
WRONG = ["99", '{"aragon": 99}', "banana", "[]", "{}", "-1", "aragon 9", "red", "0",
         '[{"from": "aragon", "to": "castillo", "player": 1, "n": 9}]',
         '{"provinces": 99, "regions": {}}', "9 from galicia to castillo"]
#: What reads like code at a human seat (the seat's own lines; typed input and the log
#: are not its words).
CODE = re.compile(r'options\[|\{"|\[\{|\b[Pp]layer -?\d|seat|index|\(numbers\)|'
                  r'\(region ids\)|[a-z]+_[a-z]+|Answer form|Answer as|0-based')


@pytest.mark.parametrize("sets", [("base",), ("base", "colonies"), ("base", "intrigue-king")],
                         ids=["base", "colonies", "intrigue-king"])
def test_B8_1_every_prompt_and_refusal_at_the_seat_speaks_the_games_words(
        sets: tuple[str, ...]) -> None:
    """A whole game of three human seats, each answer preceded by a wrong one and ``?``:
    no prompt, listed answer, help or refusal reads like code; the hand shows what each
    card brings; an Intrigue & the King hand choice lists the cards one may pick."""
    typed = "".join(f"{WRONG[i % len(WRONG)]}\n?\nr\n" for i in range(3000))
    g = elgrande.new_game(3, sets=sets, seed=4, fill="provisional" if len(sets) > 1 else None)
    out = io.StringIO()
    seats = [HumanSeat(io.StringIO(typed), out, seed=p) for p in range(3)]
    assert play(g, seats) is True and g.over
    text = out.getvalue()
    own = [ln.split("Refused ", 1)[-1] for ln in text.splitlines()
           if not ln.startswith(("  |", "> ")) or "Refused [" in ln]
    said = [re.sub(r"'[^']*'", "''", ln) for ln in own]  # typed input quoted back
    bad = [ln for ln in said if CODE.search(ln)]
    assert not bad, bad[:5]
    assert "Refused [" in text and "About this decision (rule " in text
    assert re.search(r"Your hand: \d+ \(brings \d+\), ", text)
    assert re.search(r"You may play: \d+ \(brings \d+\)", text)
    if "intrigue-king" in sets:
        assert re.search(r"Choose 13 of: 10 \(brings \d+\), 13 \(brings \d+\)", text)


def test_answers_typed_in_the_games_words_are_read() -> None:
    """Place names (any case, spaces for ``_``), colours, and the typed forms of moves,
    placements, sends and bringing to court."""
    g = elgrande.new_game(["red", "yellow", "blue"], seed=3)
    human, _ = seat("")
    human.summary(g.view(0))

    def read(kind: str, text: str) -> Any:
        return human._parse(text, None, "B8.1", Decision(kind, [0], "", {}))

    assert read("choose_region", "old castile") == "old_castile"
    assert read("choose_region", "Basque Country") == "basque"
    assert read("choose_player", "Blue") == 2
    assert read("place_caballeros", "Aragon 2, castillo 1") == {"aragon": 2, "castillo": 1}
    assert read("place_caballeros", "none") == {}
    assert read("send_caballeros", "court 1 and 2 from new castile") == {
        "court": 1, "new_castile": 2}
    assert read("bring_to_court", "provinces 1, valencia 1") == {
        "provinces": 1, "regions": {"valencia": 1}}
    assert read("bring_to_court", "3") == 3
    assert read("move_caballeros", "2 of blue from aragon to castillo, 1 from galicia to "
                "old castile") == [
        {"from": "aragon", "to": "castillo", "n": 2, "player": 2},
        {"from": "galicia", "to": "old_castile", "n": 1}]
    assert read("move_scoreboard", "8-4-0 to seville") == {"scoreboard": "8-4-0",
                                                           "to": "seville"}
    assert read("choose_cards", "10 13, 15") == [10, 13, 15]
