"""The layer order of elgrande is a contract: each folder imports only the folders below it,
no two modules import each other (directly or round a circle), the engine knows no rules
module, facade or tool, and the model imports neither the engine nor the data loading. The
contracts are ``[tool.importlinter]`` in pyproject.toml; import-linter checks them here, so
the test command and CI do. The old module paths (``elgrande.game``, ``elgrande.bots``, ...)
still work for one release, as deprecated aliases of the modules' new homes, and nothing of
the project imports them."""

from __future__ import annotations

import ast
import importlib
import subprocess
import sys
from pathlib import Path

import pytest

from elgrande import MOVED

ROOT = Path(__file__).resolve().parent.parent


def test_the_import_contracts_of_pyproject_hold() -> None:
    pytest.importorskip(
        "importlinter.cli", reason="import-linter is not installed (the [test] extra has it)")
    # in a process of its own: import-linter sets up logging and its console on the streams
    run = (f"import sys; from importlinter.cli import lint_imports; "
           f"sys.exit(lint_imports(config_filename={str(ROOT / 'pyproject.toml')!r}, "
           f"no_cache=True, no_logo=True))")
    done = subprocess.run([sys.executable, "-c", run], cwd=ROOT, capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "0 broken" in done.stdout


@pytest.mark.parametrize("old", sorted(MOVED))
def test_an_old_module_path_warns_and_is_the_moved_module(old: str) -> None:
    new = importlib.import_module(MOVED[old])
    kept = sys.modules.pop(old, None)
    try:
        with pytest.warns(DeprecationWarning, match=rf"{old} is deprecated: import {MOVED[old]}"):
            alias = importlib.import_module(old)
        assert alias is new
        assert sys.modules[old] is new
    finally:
        if kept is not None:
            sys.modules[old] = kept


def test_the_documented_names_keep_working_from_the_package_and_the_old_paths() -> None:
    import elgrande

    with pytest.warns(DeprecationWarning):
        sys.modules.pop("elgrande.bots", None)
        from elgrande.bots import make_bot, play  # the README's names
    from elgrande.players import bots

    assert (make_bot, play) == (bots.make_bot, bots.play)
    assert elgrande.new_game is importlib.import_module("elgrande.play.game").new_game
    assert elgrande.Game is importlib.import_module("elgrande.play.game").Game


def _imported(tree: ast.AST) -> list[tuple[int, str]]:
    """``(line, module)`` of every absolute import in ``tree`` (``from m import x``: ``m``
    and ``m.x``)."""
    out: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out += [(node.lineno, a.name) for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            out.append((node.lineno, node.module))
            out += [(node.lineno, f"{node.module}.{a.name}") for a in node.names]
    return out


@pytest.mark.slow
def test_nothing_of_the_project_imports_an_old_module_path() -> None:
    found = []
    for folder in ("elgrande", "tests", "benchmarks"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            if path.name == "test_layers.py" or "fixtures" in path.parts:
                continue  # the fixtures' scripts run against older commits: old paths
            tree = ast.parse(path.read_text(encoding="utf-8"))
            found += [f"{path.relative_to(ROOT)}:{line} {name}"
                      for line, name in _imported(tree) if name in MOVED]
    assert not found
