"""The layer order of elgrande is a contract: each folder imports only the folders below it,
no two modules import each other (directly or round a circle), the engine knows no rules
module, facade or tool, and the model imports neither the engine nor the data loading. The
contracts are ``[tool.importlinter]`` in pyproject.toml; import-linter checks them here, so
the test command and CI do. The old module paths (``elgrande.game``, ``elgrande.bots``, ...)
still work for one release, as deprecated aliases of the modules' new homes."""

from __future__ import annotations

import importlib
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

#: Each old module path and where the module lives now.
MOVED = {
    "elgrande.bots": "elgrande.players.bots",
    "elgrande.bots_ismcts": "elgrande.players.ismcts",
    "elgrande.chronicle": "elgrande.play.chronicle",
    "elgrande.diskcache": "elgrande.files.diskcache",
    "elgrande.fields": "elgrande.model.fields",
    "elgrande.game": "elgrande.play.game",
    "elgrande.narrate": "elgrande.play.narrate",
    "elgrande.plain": "elgrande.model.plain",
    "elgrande.records": "elgrande.play.records",
    "elgrande.resources": "elgrande.files.resources",
    "elgrande.saved": "elgrande.play.saved",
    "elgrande.seeds": "elgrande.play.seeds",
}


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
