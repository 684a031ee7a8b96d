"""The human seat (issue 15): ``elgrande play --bots human,...`` asks a person through
text streams, shows only the seat's own view (B8.5a), refuses illegal input with the
rule and asks again, explains (``?``), answers at random (``r``) and quits (``q``)."""

from __future__ import annotations

import io
import random
from pathlib import Path
from typing import Any

from click.testing import CliRunner

import elgrande
from elgrande.bots import make_bot
from elgrande.records import replay
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
    assert "Refused [B3.2]: 99 is not one of the allowed answers" in text
    assert "Refused [B3.2]: 'banana' is not one of the allowed answers" in text
    assert "choose_power_card (rule B3.2)" in text and "Answer form: a power-card value" in text
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
    other.state.hands[1] = other.state.hands[1][:3]   # a different hidden hand
    human, _out = seat("")
    mine = human.summary(g.view(0))
    assert mine == human.summary(other.view(0))
    assert "Your hand: " + " ".join(map(str, g.state.hands[0])) in mine
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
            assert kinds["place"] == {to: 1} and f"to: {to}" in out.getvalue()
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
