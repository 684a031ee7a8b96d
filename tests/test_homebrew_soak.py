"""A sample of ``benchmarks/homebrew_soak.py``: a few seeded whole games with the example
homebrew cards (with the base game, and with the Colonies) and of each example set; the
benchmark plays 1,000 of each (benchmarks/results/homebrew_soak_*.txt)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))

import homebrew_soak  # noqa: E402

RUNS = homebrew_soak.runs()


def test_the_soak_covers_every_example_card_and_set() -> None:
    labels = [label for label, _, _ in RUNS]
    assert labels[:2] == ["cards with base", "cards with base,colonies"]
    assert "set rome" in labels
    watched = set(RUNS[0][2])
    assert {"hb-spy", "hb-windfall", "hb-patron", "hb-ambush", "hb-second-wind",
            "hb-marching-orders", "hb-tribute"} <= watched


@pytest.mark.parametrize(("label", "options", "watched"), RUNS, ids=[r[0] for r in RUNS])
def test_b1_1_example_cards_and_sets_play_seeded_games_without_an_exception(
        label: str, options: dict[str, object], watched: list[str]) -> None:
    result = homebrew_soak.soak(3, 0, options, watched)
    assert result["exceptions"] == 0, result["failures"]
    assert result["answers"] > 0
