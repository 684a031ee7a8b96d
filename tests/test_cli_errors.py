"""No traceback reaches a user, and the small things users noticed
(item 9): the log of ``elgrande play``, ``docs --cards``, the shipped examples, py.typed.

All through click's CliRunner on ``elgrande.tools.cli.main``.
"""

from __future__ import annotations

import re
import sys
import tomllib
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

import elgrande
from elgrande.errors import CardError
from elgrande.tools.cli import main

REPO = Path(__file__).resolve().parent.parent


def _run(*args: str) -> Result:
    return CliRunner().invoke(main, list(args))


# -- item 8: one guard, and each known traceback fixed at its cause -----------------------


def test_an_unexpected_exception_is_one_internal_error_line_and_exit_3(
        monkeypatch: pytest.MonkeyPatch) -> None:
    def boom() -> str:
        raise ZeroDivisionError("division by zero")

    monkeypatch.setattr("elgrande.tools.schema.schema_text", boom)
    result = _run("schema")
    assert result.exit_code == 3
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1
    assert lines[0].startswith("internal error: ZeroDivisionError: division by zero")
    assert "report" in lines[0] and "README" in lines[0]


def test_an_elgrande_error_is_one_line_and_exit_1(monkeypatch: pytest.MonkeyPatch) -> None:
    def bad() -> str:
        raise CardError("x.yaml", "broken card", 3, 1)

    monkeypatch.setattr("elgrande.tools.schema.schema_text", bad)
    result = _run("schema")
    assert result.exit_code == 1
    assert result.stderr.splitlines() == ["error: x.yaml:3:1: broken card"]


def test_click_usage_errors_keep_their_own_status() -> None:
    assert _run("play", "--players", "9").exit_code == 2
    assert _run("no-such-command").exit_code == 2


def test_schema_out_into_a_missing_folder_makes_it(tmp_path: Path) -> None:
    out = tmp_path / "new" / "deeper" / "schema.json"
    result = _run("schema", "--out", str(out))
    assert result.exit_code == 0, result.output
    assert out.read_text(encoding="utf-8").startswith("{")


def test_docs_out_into_a_missing_folder_makes_it(tmp_path: Path) -> None:
    out = tmp_path / "new" / "docs"
    result = _run("docs", "--out", str(out))
    assert result.exit_code == 0, result.output
    assert (out / "cards.md").is_file()


@pytest.mark.parametrize("bots", [",,", ",", "greedy,,random", " , "])
def test_play_refuses_empty_bot_names(bots: str) -> None:
    result = _run("play", "-n", "3", "-b", bots, "-q")
    assert result.exit_code == 2
    assert "name a bot" in result.output
    assert "Final scores" not in result.output


# -- item 9: the log of a game --------------------------------------------------------------


@pytest.fixture(scope="module")
def log() -> str:
    result = _run("play", "-n", "4", "-s", "2")
    assert result.exit_code == 0, result.output
    return result.output


def test_final_scores_are_printed_once_by_seat(log: str) -> None:
    finals = [ln for ln in log.splitlines() if "Final scores" in ln]
    assert len(finals) == 1
    assert re.fullmatch(r"Final scores: red \d+, yellow \d+, blue \d+, green \d+", finals[0])
    assert "== Game over ==" in log


def test_placements_inside_special_actions_are_indented(log: str) -> None:
    """A card's caballeros from the court (B5.1) are said placed "from the court" (h44,
    f35), indented under the card's line; no indented line says "places caballeros: ..."
    (the turn's placement's words, B4.3)."""
    lines = log.splitlines()
    inner = [i for i, ln in enumerate(lines)
             if re.match(r"  \w+ places \d+ caballeros? from the court", ln)]
    assert inner
    assert not [ln for ln in lines if re.match(r"  \w+ places caballeros", ln)]
    for i in inner:  # under a "carries out the special action" line
        j = i - 1
        while lines[j].startswith("  "):
            j -= 1
        assert "carries out the special action" in lines[j]


def test_a_special_action_that_does_nothing_says_so() -> None:
    found = False
    for seed in (1, 3, 4):
        lines = _run("play", "-n", "4", "-s", str(seed)).output.splitlines()
        for i, ln in enumerate(lines[:-1]):
            if " carries out the special action of " in ln:
                assert lines[i + 1].startswith("  "), (ln, lines[i + 1])
                found = found or lines[i + 1] == "  (nothing done)"
    assert found


def test_scoring_lines_say_caballeros_and_points(log: str) -> None:
    assert re.search(r"\w+ \d+ caballeros? -> \d+ points?", log)
    assert not re.search(r"\w+ \d+ -> \d+", log)


def test_a_board_summary_follows_each_general_scoring(log: str) -> None:
    assert log.count("Board now:") == 3
    after = log.split("Board now:")[1].splitlines()[1:12]
    assert any("[king" in ln or ", king" in ln for ln in after)
    assert any("Grande" in ln for ln in after)


def test_the_short_game_says_which_rounds_are_played() -> None:
    out = _run("play", "-n", "3", "-s", "2", "--variant", "short").output
    setup = out.splitlines()[:3]
    assert any("rounds 2, 3, 5, 6, 8 and 9 are played" in ln for ln in setup), setup
    assert out.splitlines()[2] == "== Round 2 =="


# -- item 9: docs, examples, packaging ------------------------------------------------------


def test_docs_with_cards_needs_out_so_the_shipped_docs_are_not_overwritten() -> None:
    before = (REPO / "docs" / "cards.md").read_text(encoding="utf-8")
    result = _run("docs", "--cards", str(REPO / "examples" / "homebrew"))
    assert result.exit_code == 2
    assert "--out" in result.output
    assert (REPO / "docs" / "cards.md").read_text(encoding="utf-8") == before


def test_elgrande_examples_shows_and_copies_the_shipped_examples(tmp_path: Path) -> None:
    shown = _run("examples")
    assert shown.exit_code == 0
    where = Path(shown.output.strip())
    assert (where / "homebrew").is_dir()
    out = tmp_path / "ex"
    copied = _run("examples", "--out", str(out))
    assert copied.exit_code == 0, copied.output
    names = sorted(p.name for p in (out / "homebrew").glob("*.yaml"))
    assert names == sorted(p.name for p in (REPO / "examples" / "homebrew").glob("*.yaml"))
    again = _run("examples", "--out", str(out))
    assert again.exit_code == 2 and "exists" in again.output
    played = _run("play", "-n", "3", "-q", "--cards", str(out / "homebrew"))
    assert played.exit_code == 0, played.output


def test_the_wheel_ships_examples_and_py_typed() -> None:
    conf = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    include = conf["tool"]["hatch"]["build"]["targets"]["wheel"]["force-include"]
    assert include["examples"] == "elgrande/examples"
    assert conf["tool"]["hatch"]["build"]["targets"]["wheel"]["packages"] == ["elgrande"]
    assert (Path(elgrande.__file__).parent / "py.typed").is_file()


def test_bots_play_is_typed_against_the_bot_protocol() -> None:
    import typing

    from elgrande.players import bots

    hints = typing.get_type_hints(bots.play)
    assert "Bot" in str(hints["bots"])
    assert sys.modules["elgrande.players.bots"].Bot is bots.Bot


def test_a_reader_that_goes_away_gets_no_error_line() -> None:
    """``elgrande rules | head -1``: a closed pipe ends the command without an
    ``error: [Errno 32] Broken pipe`` line (nor a traceback) on stderr."""
    import os
    import subprocess

    read, write = os.pipe()
    os.close(read)  # the reader is gone before the first line is written
    code = ("import sys; from elgrande.tools.cli import main; "
            "sys.argv = ['elgrande', 'rules']; main()")
    try:
        proc = subprocess.run([sys.executable, "-c", code], stdout=write,
                              stderr=subprocess.PIPE, timeout=120, check=False)
    finally:
        os.close(write)
    err = proc.stderr.decode()
    assert proc.returncode == 1
    assert "Errno" not in err and "Traceback" not in err and "Exception" not in err, err


# -- a short --bots list fills the other seats with the last bot named, never a human -------


@pytest.mark.parametrize(("names", "players", "seats"), [
    (["human", "greedy", "greedy"], 4, ["human", "greedy", "greedy", "greedy"]),
    (["human", "random"], 5, ["human", "random", "random", "random", "random"]),
    (["random", "human"], 3, ["random", "human", "random"]),
    (["human"], 3, ["human", "greedy", "greedy"]),
    (["greedy", "random"], 2, ["greedy", "random"]),
])
def test_a_short_bot_list_fills_with_the_last_bot_and_never_a_second_human(
        names: list[str], players: int, seats: list[str]) -> None:
    from elgrande.players.bots import seat_bots

    assert seat_bots(names, players) == seats


def test_play_seats_one_human_when_the_bot_list_is_shorter_than_the_table() -> None:
    r = CliRunner().invoke(main, ["play", "-n", "4", "--bots", "human,greedy,greedy", "-q",
                                  "--seed", "3"], input="r\n" * 5000)
    assert r.exit_code == 0, r.output
    assert "Players: red (human), yellow (greedy), blue (greedy), green (greedy)" in r.output


# -- I1: Intrigue & the King has no action-card stacks: homebrew action cards are refused ----


def test_i1_new_game_refuses_homebrew_action_cards_with_intrigue_and_the_king() -> None:
    from elgrande.errors import CardError
    from elgrande.play.game import new_game

    for sets in (("base", "intrigue-king"), ("base", "intrigue-king", "colonies")):
        with pytest.raises(CardError, match="no action-card stacks") as ei:
            new_game(3, sets=sets, fill="provisional", cards=(str(REPO / "examples/homebrew"),),
                     logging=False)
        assert ei.value.code == "E-KIND-RETIRED" and "Intrigue & the King" in str(ei.value)
    game = new_game(3, sets=("base", "colonies"), fill="provisional", logging=False,
                    cards=(str(REPO / "examples/homebrew"),))  # stacks there: played
    assert any(c.set == "homebrew" for c in game.library.cards.cards.values())


@pytest.mark.parametrize("command", [["play", "-q"], ["simulate", "-g", "1", "--fresh"]])
def test_i1_every_command_refuses_homebrew_cards_with_intrigue_and_the_king_in_one_line(
        command: list[str], tmp_path: Path) -> None:
    out = ["--out", str(tmp_path / "sim")] if command[0] == "simulate" else []
    r = _run(*command, *out, "--sets", "base,intrigue-king", "--fill", "provisional",
             "--cards", str(REPO / "examples/homebrew"))
    assert r.exit_code == 1, r.output
    lines = r.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ")
    assert "has no place in a game with Intrigue & the King" in lines[0]
    assert "no action-card stacks" in lines[0]


# -- bad option values and output paths: exit 2, the same way for every command ---------


@pytest.mark.parametrize("command", [["play", "-q"], ["simulate", "-g", "1", "--fresh"]])
@pytest.mark.parametrize(("option", "value"), [
    ("--sets", "base,nope"), ("--sets", "colonies"), ("--errata", "nope"), ("--fill", "nope")])
def test_a_bad_set_erratum_or_fill_is_a_usage_error_naming_the_option(
        command: list[str], option: str, value: str, tmp_path: Path) -> None:
    out = ["--out", str(tmp_path / "sim")] if command[0] == "simulate" else []
    r = _run(*command, *out, option, value)
    assert r.exit_code == 2, r.output
    assert f"Invalid value for '{option}'" in r.output
    assert "Traceback" not in r.output and "Players:" not in r.output


def _record(tmp_path: Path) -> Path:
    rec = tmp_path / "r.jsonl"
    assert _run("play", "-n", "2", "-s", "3", "-q", "-b", "random", "--record",
                str(rec)).exit_code == 0
    return rec


def _outputs(tmp_path: Path, where: Path) -> list[list[str]]:
    rec = str(_record(tmp_path))
    return [["play", "-n", "2", "-q", "-b", "random", "--record", str(where / "r.jsonl")],
            ["schema", "--out", str(where / "s.json")],
            ["board", rec, "--out", str(where / "b.svg")],
            ["show", rec, "--out", str(where / "viewer")],
            ["examples", "--out", str(where / "examples")],
            ["simulate", "-g", "1", "--variant", "six_rounds", "-n", "2", "--jobs", "1",
             "--out", str(where / "sim")]]


def test_every_command_makes_a_missing_output_folder(tmp_path: Path) -> None:
    where = tmp_path / "new" / "deeper"
    for command in _outputs(tmp_path, where):
        r = _run(*command)
        assert r.exit_code == 0, (command, r.output)
        assert Path(command[command.index("--out" if "--out" in command else "--record")
                             + 1]).exists(), command


def test_every_command_refuses_an_output_it_cannot_write_in_one_sentence_exit_2(
        tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder\n")
    for command in [*_outputs(tmp_path, blocker), ["docs", "--out", str(blocker / "d")]]:
        r = _run(*command)
        assert r.exit_code == 2, (command, r.output)
        errors = [ln for ln in r.output.splitlines() if ln.startswith("Error:")]
        assert len(errors) == 1 and "cannot be written" in errors[0], (command, r.output)
        assert "[Errno" not in r.output and "Traceback" not in r.output
    assert blocker.read_text() == "not a folder\n"


def test_play_checks_its_record_path_before_the_first_answer(tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    r = CliRunner().invoke(main, ["play", "-n", "2", "--bots", "human,random", "--record",
                                  str(blocker / "r.jsonl")], input="r\n" * 500)
    assert r.exit_code == 2, r.output
    assert "Decision" not in r.output and "Winner" not in r.output  # no game was played
    assert "'--record'" in r.output and "cannot be written" in r.output


# -- one form for a refusal: `error: ...` on stderr, the same in every command ------------


def test_check_board_and_show_refuse_a_bad_record_in_the_same_form(tmp_path: Path) -> None:
    rec = _record(tmp_path)
    lines = rec.read_text(encoding="utf-8").splitlines()
    bad = tmp_path / "bad.jsonl"
    bad.write_text("\n".join([*lines[:3], "{not json", *lines[4:]]) + "\n", encoding="utf-8")
    for command in (["check", str(bad)], ["board", str(bad), "--out", str(tmp_path / "b.svg")],
                    ["show", str(bad), "--out", str(tmp_path / "v")]):
        r = _run(*command)
        assert r.exit_code == 1, (command, r.output)
        assert r.stdout == "", command
        [line] = r.stderr.splitlines()
        assert line.startswith(f"error: {bad}:4: "), (command, line)
    short = tmp_path / "short.jsonl"
    short.write_text("\n".join(lines[:5]) + "\n", encoding="utf-8")
    r = _run("check", str(short))
    assert r.exit_code == 1 and r.stdout == ""
    assert r.stderr.startswith(f"error: {short}: the record ends before the game is over")


def test_an_unknown_rule_id_is_an_error_line() -> None:
    unknown = "B" + "99.9"  # not a rule id (spelled apart: the citation scan skips it)
    r = _run("rules", unknown)
    assert r.exit_code == 1 and r.stdout == ""
    assert r.stderr.startswith(f"error: unknown rule id '{unknown}'")
    assert len(r.stderr.splitlines()) == 1


@pytest.mark.parametrize("command", ["validate", "scenario"])
def test_validate_and_scenario_agree_on_a_folder_with_nothing_to_run(
        command: str, tmp_path: Path) -> None:
    r = _run(command, str(tmp_path))
    assert r.exit_code == 2, r.output
    assert "no " in r.output and str(tmp_path) in r.output and "Traceback" not in r.output


def test_board_and_show_as_a_player_not_in_the_game_is_a_bad_option_value(
        tmp_path: Path) -> None:
    rec = str(_record(tmp_path))
    for command in (["board", rec, "--out", str(tmp_path / "b.svg")],
                    ["show", rec, "--out", str(tmp_path / "v")]):
        r = _run(*command, "--as", "purple")
        assert r.exit_code == 2, (command, r.output)
        assert "Invalid value for '--as'" in r.output and "no player 'purple'" in r.output


def test_a_file_system_error_is_a_sentence_not_an_errno(monkeypatch: pytest.MonkeyPatch
                                                        ) -> None:
    import errno

    def full() -> str:
        raise OSError(errno.ENOSPC, "No space left on device", "/dev/full")

    monkeypatch.setattr("elgrande.tools.schema.schema_text", full)
    r = _run("schema")
    assert r.exit_code == 1
    assert r.stderr == "error: /dev/full: no space left on device\n"
