"""``elgrande serve`` run in a clone of the repository writes its database (``games.db``
and SQLite's ``-wal``/``-shm``/``-journal`` files) and its uploads (``uploads/``) in the
folder it runs in (docs/serve.md, ``--db`` and ``--data-dir``): git ignores them, so a
clone stays clean."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def test_what_serve_writes_in_a_clone_is_ignored_by_git() -> None:
    """Each file ``elgrande serve`` writes by default is ignored; the sources are not."""
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        pytest.skip("not a git clone")
    written = ["games.db", "games.db-wal", "games.db-shm", "games.db-journal",
               "uploads/upload-1/cards.yaml"]
    run = subprocess.run(["git", "check-ignore", "--no-index", *written, "README.md",
                          "elgrande/server/app.py"], cwd=ROOT, capture_output=True,
                         text=True, check=False)
    assert sorted(run.stdout.split()) == sorted(written)
