"""Golden records of the expansions (C, I, X rules): seeded Colonies, Intrigue & the King
and combined games pin what the expansions do, as ``test_golden.py`` does for the base game.

Every record in ``tests/golden/expansions/`` must replay to its final digest, and the same
seeds and bots must write the same answer lines. A rule fix that changes a game rewrites
them (``python tests/golden/make_expansions.py``) and names the rule in its commit.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

GOLDEN = Path(__file__).resolve().parent / "golden"
sys.path.insert(0, str(GOLDEN))

import make_expansions as make  # noqa: E402

from elgrande.play.records import record_lines, replay  # noqa: E402

OUT = GOLDEN / "expansions"
DIGESTS: dict[str, str] = json.loads((OUT / "digests.json").read_text(encoding="utf-8"))
INDICES = list(range(len(make.CONFIGS)))


def test_every_configuration_has_a_record() -> None:
    assert sorted(DIGESTS) == sorted(make.name(i) for i in INDICES)
    assert sorted(p.stem for p in OUT.glob("*.jsonl")) == sorted(DIGESTS)


@pytest.mark.parametrize("index", INDICES, ids=[make.name(i) for i in INDICES])
def test_expansion_record_replays_to_the_same_final_position(index: int) -> None:
    name = make.name(index)
    lines = (OUT / f"{name}.jsonl").read_text(encoding="utf-8").splitlines()
    game = replay(lines, logging=False)
    assert game.over
    assert make.digest(game) == DIGESTS[name]


@pytest.mark.parametrize("index", INDICES, ids=[make.name(i) for i in INDICES])
def test_expansion_seeds_write_the_same_answers(index: int) -> None:
    name = make.name(index)
    lines = (OUT / f"{name}.jsonl").read_text(encoding="utf-8").splitlines()
    again = record_lines(make.play(index))
    assert again[1:] == lines[1:]
    old, new = json.loads(lines[0]), json.loads(again[0])
    assert {k: new.get(k) for k in old if k not in ("elgrande", "hashes")} == \
        {k: v for k, v in old.items() if k not in ("elgrande", "hashes")}
