"""Golden records: the base game's behaviour is pinned by 40 seeded games.

Every record in ``tests/golden/`` must replay to its recorded final digest, and playing
the same configuration again (same seed, same bots) must give the same answer lines.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

GOLDEN = Path(__file__).resolve().parent / "golden"
sys.path.insert(0, str(GOLDEN))

import make  # noqa: E402

from elgrande.play.records import record_lines, replay  # noqa: E402

DIGESTS: dict[str, str] = json.loads((GOLDEN / "digests.json").read_text(encoding="utf-8"))
INDICES = list(range(len(make.CONFIGS)))


def test_there_are_forty_golden_records() -> None:
    assert len(DIGESTS) == 40
    assert sorted(p.stem for p in GOLDEN.glob("*.jsonl")) == sorted(DIGESTS)


@pytest.mark.parametrize("index", INDICES, ids=[make.name(i) for i in INDICES])
def test_golden_record_replays_to_the_same_final_position(index: int) -> None:
    name = make.name(index)
    lines = (GOLDEN / f"{name}.jsonl").read_text(encoding="utf-8").splitlines()
    game = replay(lines, logging=False)
    assert game.over
    assert make.digest(game) == DIGESTS[name]


@pytest.mark.parametrize("index", INDICES, ids=[make.name(i) for i in INDICES])
def test_playing_the_same_seeds_writes_the_same_answers(index: int) -> None:
    name = make.name(index)
    lines = (GOLDEN / f"{name}.jsonl").read_text(encoding="utf-8").splitlines()
    again = record_lines(make.play(index))
    assert again[1:] == lines[1:]
    old, new = json.loads(lines[0]), json.loads(again[0])
    assert {k: new.get(k) for k in old if k != "elgrande"} == \
        {k: v for k, v in old.items() if k != "elgrande"}
