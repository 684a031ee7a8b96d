"""Seeded whole games of the Colonies (C1-C13) and of both expansions (X1-X3) end with no
exception, caballeros conserved (B1.1) and the black ones on the board (C1): a sample of
``benchmarks/expansion_soak.py``, which plays 1,000 of each (``benchmarks/results/``);
3 of each in the default run, 10 in the slow run."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from conftest import sample

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))

import expansion_soak  # noqa: E402


@pytest.mark.parametrize("games", sample([3, 10], keep=1))
def test_c1_x1_seeded_colonies_and_combined_games_end_cleanly(capsys, games: int) -> None:  # type: ignore[no-untyped-def]
    assert expansion_soak.main(["--games", str(games), "--first-seed", "7"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out == [row for row in out if row.startswith("sets ")]  # no failure printed
    assert [row.split(":")[0] for row in out] == ["sets base,colonies",
                                              "sets base,intrigue-king,colonies"]
    for row in out:
        assert f"games {games}," in row and row.endswith("exceptions 0")
        answers = int(row.split("answers ")[1].split(",")[0])
        assert answers > games * 100  # whole games were played, not set-ups


def test_soak_counts_a_failing_game_as_an_exception(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    import colonies

    def broken(*args, **kwargs):  # type: ignore[no-untyped-def]
        raise ValueError("a rules bug")

    monkeypatch.setattr(colonies, "play", broken)
    result = expansion_soak.soak(2, ("base", "colonies"))
    assert result["games"] == 2 and result["exceptions"] == 2
    assert "a rules bug" in str(result["failures"])
