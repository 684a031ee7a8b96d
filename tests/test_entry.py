"""The ``elgrande`` console script (:mod:`elgrande.tools.entry`): the command line run as
its own process, with the garbage collector kept from work that frees nothing."""

from __future__ import annotations

import gc
import sys
import tomllib
from pathlib import Path

import pytest

from elgrande.tools import entry

ROOT = Path(__file__).resolve().parent.parent


def test_the_console_script_is_the_entry_run() -> None:
    scripts = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["project"]["scripts"]
    assert scripts["elgrande"] == "elgrande.tools.entry:run"


@pytest.mark.parametrize(("target", "status"), [("examples/homebrew", 0),
                                                 ("tests/validate_corpus", 1)])
def test_the_entry_exits_with_the_command_status_and_the_collector_on(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], target: str,
        status: int) -> None:
    monkeypatch.chdir(ROOT)
    monkeypatch.setattr(sys, "argv", ["elgrande", "validate", target, "--smoke", "0"])
    try:
        with pytest.raises(SystemExit) as exc:
            entry.run()
        assert exc.value.code == status
        assert gc.isenabled()  # off only while the modules were imported
        assert "files checked" in capsys.readouterr().out
    finally:
        gc.unfreeze()  # this test process goes on: its objects are collected again


def test_python_dash_m_elgrande_runs_the_elgrande_command(tmp_path: Path) -> None:
    import subprocess

    out = subprocess.run([sys.executable, "-m", "elgrande", "validate",
                          str(ROOT / "examples" / "homebrew"), "--smoke", "0"],
                         capture_output=True, text=True, cwd=tmp_path, timeout=120)
    assert out.returncode == 0, out.stderr
    assert "files checked" in out.stdout
    bad = subprocess.run([sys.executable, "-m", "elgrande", "rules", "B" + "99.9"],
                         capture_output=True, text=True, cwd=tmp_path, timeout=120)
    assert bad.returncode == 1 and "cannot be directly executed" not in bad.stderr
