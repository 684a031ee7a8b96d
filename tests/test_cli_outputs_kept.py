"""A file the user names as an output (``play --record``, ``schema --out``, ``board
--out``) is not overwritten without ``--force``: one ``error: ...`` line, exit 1, before
any work, the file unchanged (docs/cli.md)."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from elgrande.tools.cli import main

KEPT = "someone's own file\n"


def _run(*args: str) -> tuple[int, str, str]:
    r = CliRunner().invoke(main, list(args))
    return r.exit_code, r.stdout, r.stderr


def test_named_output_files_are_kept_without_force(tmp_path: Path) -> None:
    rec = tmp_path / "game.jsonl"
    assert _run("play", "-n", "2", "-s", "3", "-q", "-b", "random", "--record",
                str(rec))[0] == 0
    made = rec.read_text(encoding="utf-8")
    mine = tmp_path / "mine.txt"
    for command in (["play", "-n", "2", "-s", "4", "-q", "-b", "random", "--record"],
                    ["play", "-n", "2", "-b", "human,random", "-r"],  # no prompt shown
                    ["schema", "--out"],
                    ["board", f"{rec}:3", "--out"]):
        mine.write_text(KEPT, encoding="utf-8")
        status, out, err = _run(*command, str(mine))
        assert status == 1, (command, out, err)
        assert err.splitlines() == [f"error: {mine} exists: choose another file, or add "
                                    "--force to overwrite it"], command
        assert out == "" and "Traceback" not in err  # no game played, nothing written
        assert mine.read_text(encoding="utf-8") == KEPT, command
        if "human,random" not in command:  # --force: overwritten
            assert _run(*command, str(mine), "--force")[0] == 0, command
            assert mine.read_text(encoding="utf-8") != KEPT, command
    assert rec.read_text(encoding="utf-8") == made  # the record the board read is kept
