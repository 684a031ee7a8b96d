"""The ``elgrande serve`` command: part of the ``elgrande`` command (through the
``elgrande.commands`` entry point), its help works, and without the ``[serve]`` extra it
says so in one line instead of a traceback."""

from __future__ import annotations

import socket
import subprocess
import sys

import pytest
from click.testing import CliRunner

from elgrande.server.command import serve


def test_serve_is_an_elgrande_command_with_help() -> None:
    out = subprocess.run([sys.executable, "-m", "elgrande", "serve", "--help"],
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    for option in ("--host", "--port", "--db", "--max-body", "--answers-per-second"):
        assert option in out.stdout
    assert "127.0.0.1" in out.stdout and "sqlite:///games.db" in out.stdout


@pytest.mark.parametrize("missing", ["uvicorn", "starlette", "sqlalchemy"])
def test_without_the_extra_serve_says_what_to_install_in_one_line(
        monkeypatch: pytest.MonkeyPatch, missing: str) -> None:
    for name in list(sys.modules):  # as if the package were not installed
        if name == missing or name.startswith(missing + ".") or name.startswith(
                "elgrande.server.") and name != "elgrande.server.command":
            monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, missing, None)  # type: ignore[arg-type]
    result = CliRunner().invoke(serve, ["--port", "1"])
    assert result.exit_code == 1
    assert "[serve]" in result.output and missing in result.output
    assert len(result.output.strip().splitlines()) == 1
    assert "Traceback" not in result.output


def test_a_busy_port_is_said_in_one_line() -> None:
    pytest.importorskip("uvicorn", reason="elgrande serve needs the [serve] extra")
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        out = subprocess.run([sys.executable, "-m", "elgrande", "serve", "--port", str(port)],
                             capture_output=True, text=True, timeout=120)
    assert out.returncode == 1
    assert f"127.0.0.1:{port} is in use" in out.stderr
    assert "Traceback" not in out.stderr + out.stdout
