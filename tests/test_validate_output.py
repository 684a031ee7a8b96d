"""``elgrande validate``'s whole output on the corpus of bad cards, word for word.

``tests/validate_corpus/`` checks each case's codes and positions; this pins everything
else a designer reads (messages, hints, the source line shown, the order) for the corpus
validated as one folder, so a faster loader or checker cannot change what is said.
Regenerate ``tests/validate_output/corpus.json`` only for an intended change of
the diagnostics.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from elgrande.files.resources import cards_dir
from elgrande.tools.cli import main

ROOT = Path(__file__).resolve().parent.parent
EXPECTED = ROOT / "tests" / "validate_output" / "corpus.json"


def test_the_corpus_diagnostics_are_unchanged_word_for_word(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    got = CliRunner().invoke(main, ["validate", "tests/validate_corpus", "--smoke", "0",
                                    "--format", "json"])
    assert got.exit_code == 1
    # the shipped cards are named where they are installed (a plain install: site-packages)
    shown = got.output.replace(f"{cards_dir()}/", "cards/")
    assert json.loads(shown) == json.loads(EXPECTED.read_text(encoding="utf-8"))
