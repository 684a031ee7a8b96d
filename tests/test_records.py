"""Game records (DESIGN.md 6): record_lines / write_record / replay, and the ``elgrande
play`` and ``elgrande check`` commands (click's CliRunner on ``elgrande.tools.cli.main``)."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from elgrande.play.game import Game, new_game, play_random
from elgrande.play.records import RecordError, record_lines, replay, write_record
from elgrande.tools.cli import main


def _played(players: int = 3, seed: int = 4, variant: str = "standard",
            logging: bool = True) -> Game:
    return play_random(new_game(players, seed=seed, variant=variant, logging=logging),
                       random.Random(seed))


@pytest.fixture(scope="module")
def game() -> Game:
    return _played()


# -- record_lines / write_record / replay ----------------------------------------------------


def test_record_header_then_one_line_per_answer(game: Game) -> None:
    """DESIGN.md 6: a header (sets, players, variant, seed, engine version) then one line
    per accepted answer."""
    lines = record_lines(game)
    header = json.loads(lines[0])
    for key in ("sets", "players", "variant", "seed", "elgrande", "start_player"):
        assert key in header
    assert header["players"] == game.names
    assert header["seed"] == 4 and header["variant"] == "standard"
    assert len(lines) == 1 + len(game.history)
    for raw, h in zip(lines[1:], game.history, strict=True):
        entry = json.loads(raw)
        assert set(entry) == {"player", "kind", "answer"}
        assert entry == json.loads(json.dumps(h))


def test_replay_reproduces_the_game_bit_for_bit(game: Game, tmp_path: Path) -> None:
    """DESIGN.md 6: replaying a record reproduces state, flow, history and log."""
    path = tmp_path / "g.jsonl"
    write_record(game, path)
    text = path.read_text(encoding="utf-8")
    assert text.endswith("\n")
    again = replay(text.splitlines(), logging=True)
    assert again.over
    assert again.state.to_json() == game.state.to_json()
    assert again.flow.to_json() == game.flow.to_json()
    assert again.log == game.log
    assert again.state.scores == game.state.scores


def test_replay_of_a_partial_record_stops_at_the_same_decision(game: Game) -> None:
    lines = record_lines(game)
    part = replay(lines[:41], logging=False)
    assert not part.over
    assert len(part.history) == 40
    again = new_game(game.names, seed=4, start_player=game.header["start_player"],
                     logging=False)
    for h in game.history[:40]:
        again.answer(h["player"], h["answer"])
    assert part.pending is not None and again.pending is not None
    assert part.pending.to_json() == again.pending.to_json()
    assert part.state.to_json() == again.state.to_json()


def test_replay_skips_blank_lines(game: Game) -> None:
    lines = record_lines(game)
    spaced = [lines[0], "", *lines[1:5], "   ", *lines[5:]]
    assert replay(spaced, logging=False).state.to_json() == game.state.to_json()


def test_short_variant_record_replays() -> None:
    g = _played(4, 9, "short", logging=False)
    again = replay(record_lines(g), logging=False)
    assert again.header["variant"] == "short"
    assert again.state.to_json() == g.state.to_json()


def _edit(lines: list[str], n: int, **changes: object) -> list[str]:
    """``lines`` with line ``n`` (1-based) changed."""
    out = lines[:]
    entry = json.loads(out[n - 1])
    entry.update(changes)
    out[n - 1] = json.dumps(entry)
    return out


def test_replay_refuses_an_illegal_answer_with_rule_and_line(game: Game) -> None:
    """B3.2: the second power card repeats the first: refused, with the rule and line."""
    lines = record_lines(game)
    first = json.loads(lines[1])
    assert first["kind"] == "choose_power_card"
    bad = _edit(lines, 3, answer=first["answer"])
    with pytest.raises(RecordError) as info:
        replay(bad, logging=False)
    assert info.value.line == 3
    assert info.value.rule == "B3.2"
    assert "[B3.2]" in str(info.value) and "line 3" in str(info.value)


def test_replay_refuses_a_wrong_player(game: Game) -> None:
    lines = record_lines(game)
    who = json.loads(lines[2])["player"]
    bad = _edit(lines, 2, player=(who + 1) % len(game.names))
    with pytest.raises(RecordError) as info:
        replay(bad, logging=False)
    assert info.value.line == 2
    assert info.value.rule.startswith("B3")


def test_replay_refuses_a_wrong_kind(game: Game) -> None:
    lines = record_lines(game)
    with pytest.raises(RecordError) as info:
        replay(_edit(lines, 2, kind="place_caballeros"), logging=False)
    assert info.value.line == 2


def test_replay_refuses_an_answer_after_the_end(game: Game) -> None:
    lines = record_lines(game)
    lines.append(lines[-1])  # one answer too many
    with pytest.raises(RecordError) as info:
        replay(lines, logging=False)
    assert info.value.line == len(lines)
    assert info.value.rule == "B7.1"


@pytest.mark.parametrize("lines,line", [
    ([], 1),
    (["{not json"], 1),
    (["[1, 2]"], 1),
    (['{"players": 9}'], 1),                                      # bad header: 9 players
    (['{"players": 3, "variant": "marathon"}'], 1),               # unknown variant
    (['{"players": 3, "seed": 1}', '{"player": 0}'], 2),          # no answer
    (['{"players": 3, "seed": 1}', '{"player": 0, "answer": 1', ''], 2),  # truncated line
])
def test_replay_refuses_bad_records(lines: list[str], line: int) -> None:
    with pytest.raises(RecordError) as info:
        replay(lines, logging=False)
    assert info.value.line == line


# -- the command line ----------------------------------------------------------------------


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, Path]:
    path = tmp_path_factory.mktemp("rec") / "game.jsonl"
    result = CliRunner().invoke(main, ["play", "--players", "4", "--seed", "5",
                                       "--record", str(path)])
    assert result.exit_code == 0, result.output
    return result.output, path


def _final(output: str) -> str:
    lines = [ln for ln in output.splitlines() if ln.startswith("Final scores:")]
    assert lines, output
    return lines[-1]


def test_cli_play_prints_the_game(played: tuple[str, Path]) -> None:
    """`elgrande play` prints rounds, bids, turns, scoring tables and the final scores."""
    out, _ = played
    for r in range(1, 10):
        assert f"== Round {r} ==" in out
    assert "== Round 10 ==" not in out
    assert len(re.findall(r"plays power card \d+", out)) == 9 * 4
    assert out.count("Turn order:") == 9
    assert len(re.findall(r"^\w+ takes ", out, re.M)) == 9 * 4
    for r in (3, 6, 9):
        assert f"Scoring after round {r}" in out
    assert out.count("Points this scoring:") == 3
    assert re.search(r"^Final scores: red \d+, yellow \d+, blue \d+, green \d+$", out, re.M)
    assert re.search(r"^Winner: \w+", out, re.M)


def test_cli_play_writes_a_record(played: tuple[str, Path]) -> None:
    out, path = played
    lines = path.read_text(encoding="utf-8").splitlines()
    m = re.search(r"\((\d+) answers\)", out)
    assert m and int(m.group(1)) == len(lines) - 1
    header = json.loads(lines[0])
    assert header["players"] == ["red", "yellow", "blue", "green"] and header["seed"] == 5
    game = replay(lines, logging=False)
    assert game.over
    scores = ", ".join(f"{n} {s}" for n, s in zip(game.names, game.state.scores,
                                                  strict=True))
    assert _final(out) == f"Final scores: {scores}"


def test_cli_play_is_deterministic(played: tuple[str, Path]) -> None:
    out, _ = played
    again = CliRunner().invoke(main, ["play", "--players", "4", "--seed", "5"])
    assert again.exit_code == 0
    assert _final(again.output) == _final(out)


def test_cli_play_quiet() -> None:
    result = CliRunner().invoke(main, ["play", "-n", "2", "-s", "3", "-b", "random", "-q"])
    assert result.exit_code == 0
    assert "== Round" not in result.output
    assert re.search(r"^Final scores: red \d+, yellow \d+$", result.output, re.M)


def test_cli_check_accepts_the_record(played: tuple[str, Path]) -> None:
    """`elgrande check FILE` exits 0 and prints the same final scores."""
    out, path = played
    result = CliRunner().invoke(main, ["check", str(path)])
    assert result.exit_code == 0, result.output
    assert "answers legal" in result.output
    assert _final(result.output) == _final(out)


def test_cli_check_names_the_rule_and_line(played: tuple[str, Path],
                                           tmp_path: Path) -> None:
    """A hand-edited record whose second power card repeats the first: exit 1, [B3.2],
    line 3."""
    _, path = played
    lines = path.read_text(encoding="utf-8").splitlines()
    first = json.loads(lines[1])
    bad = tmp_path / "bad.jsonl"
    bad.write_text("\n".join(_edit(lines, 3, answer=first["answer"])) + "\n",
                   encoding="utf-8")
    result = CliRunner().invoke(main, ["check", str(bad)])
    assert result.exit_code == 1
    assert "[B3.2]" in result.output
    assert f"{bad}:3:" in result.output


def test_cli_check_refuses_a_placement_out_of_reach(played: tuple[str, Path],
                                                    tmp_path: Path) -> None:
    """B5.1/B5.2: a placement edited into the king's region is refused."""
    _, path = played
    lines = path.read_text(encoding="utf-8").splitlines()
    game = replay(lines[:1], logging=False)
    n = 2  # the line of the first placement from court
    while True:
        entry = json.loads(lines[n - 1])
        if entry["kind"] == "place_caballeros" and game.flow.phase == "place":
            break
        game.answer(entry["player"], entry["answer"])
        n += 1
    king = game.library.board.place_id(game.state.king)
    bad = tmp_path / "king.jsonl"
    bad.write_text("\n".join(_edit(lines, n, answer={king: 1})) + "\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["check", str(bad)])
    assert result.exit_code == 1
    assert "[B5.2]" in result.output and f":{n}:" in result.output


def test_cli_check_truncated_record(played: tuple[str, Path], tmp_path: Path) -> None:
    """A record that stops before the end of the game exits 1."""
    _, path = played
    lines = path.read_text(encoding="utf-8").splitlines()
    short = tmp_path / "short.jsonl"
    short.write_text("\n".join(lines[:-10]) + "\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["check", str(short)])
    assert result.exit_code == 1
    assert "ends before the game is over" in result.output
    assert "Final scores" not in result.output


def test_cli_check_record_cut_mid_line(played: tuple[str, Path], tmp_path: Path) -> None:
    """A record cut in the middle of a line exits 1 naming that line."""
    _, path = played
    text = path.read_text(encoding="utf-8")
    cut = tmp_path / "cut.jsonl"
    cut.write_text(text[: len(text) // 2], encoding="utf-8")
    n = cut.read_text(encoding="utf-8").count("\n") + 1
    result = CliRunner().invoke(main, ["check", str(cut)])
    assert result.exit_code == 1
    assert f":{n}:" in result.output and "not JSON" in result.output


def test_cli_check_missing_file() -> None:
    result = CliRunner().invoke(main, ["check", "/nonexistent/record.jsonl"])
    assert result.exit_code == 2


def test_cli_check_a_homebrew_game_needs_its_card_folder(tmp_path: Path) -> None:
    """A record names its homebrew folder by absolute path; moved away, check says so
    (not a false illegal answer) and --cards points at the new place."""
    import shutil

    src = Path(__file__).resolve().parent.parent / "examples" / "homebrew"
    cards = tmp_path / "mine"
    shutil.copytree(src, cards)
    rec = tmp_path / "game.jsonl"
    run = CliRunner().invoke(main, ["play", "--players", "3", "--seed", "4", "-q",
                                    "--cards", str(cards), "--record", str(rec)])
    assert run.exit_code == 0, run.output
    assert CliRunner().invoke(main, ["check", str(rec)]).exit_code == 0
    moved = tmp_path / "moved"
    cards.rename(moved)
    lost = CliRunner().invoke(main, ["check", str(rec)])
    assert lost.exit_code == 1
    assert "not found" in lost.output and "--cards" in lost.output
    found = CliRunner().invoke(main, ["check", str(rec), "--cards", str(moved)])
    assert found.exit_code == 0, found.output
