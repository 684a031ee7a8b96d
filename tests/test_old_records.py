"""Records and saved games written by an older commit (``tests/fixtures/v2274f0c``) still
load: a record replays (B1-B8, C, I, X rules unchanged in what it answered), a saved game
loads and plays on to the end."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from elgrande.game import Game
from elgrande.records import replay

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "v2274f0c"
RECORDS = sorted(FIXTURES.glob("record-*.jsonl"))
SAVES = sorted(FIXTURES.glob("save-*.json"))


def test_fixtures_cover_every_set() -> None:
    assert [p.stem for p in RECORDS] == [
        "record-base", "record-both", "record-colonies", "record-intrigue-king"]
    assert {p.stem.split("-")[1] for p in SAVES} >= {"base", "both", "colonies", "intrigue"}


@pytest.mark.parametrize("path", RECORDS, ids=[p.stem for p in RECORDS])
def test_old_record_replays_to_the_end(path: Path) -> None:
    game = replay(path.read_text(encoding="utf-8").splitlines(), logging=False)
    assert game.over


@pytest.mark.parametrize("path", SAVES, ids=[p.stem for p in SAVES])
def test_old_save_loads_and_plays_on(path: Path) -> None:
    game = Game.from_json(json.loads(path.read_text(encoding="utf-8")))
    rng = random.Random(path.stem)
    answers = 0
    while game.pending is not None and answers < 2000:
        d = game.pending
        p = d.players[0]
        game.answer(p, d.random_answer(rng, p))
        answers += 1
    assert game.over
