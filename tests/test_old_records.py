"""Records and saved games written by older commits (``tests/fixtures/v2274f0c``, and
``tests/fixtures/vcab47c7`` of saved-game format 2) still load: a record replays (B1-B8,
C, I, X rules unchanged in what it answered) and passes ``elgrande check``, also when a
shipped card file changed since (``check`` names it and replays with today's cards), a
saved game loads and plays on to the end."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from elgrande.play.game import Game
from elgrande.play.records import replay
from elgrande.tools.cli import main

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "v2274f0c"
COMMITS = ("v2274f0c", "vcab47c7")
RECORDS = sorted(FIXTURES.parent.glob("v*/record-*.jsonl"))
SAVES = sorted(FIXTURES.parent.glob("v*/save-*.json"))


def _id(p: Path) -> str:
    return f"{p.parent.name}-{p.stem}"


@pytest.mark.parametrize("commit", COMMITS)
def test_fixtures_cover_every_set(commit: str) -> None:
    records = [p.stem for p in RECORDS if p.parent.name == commit]
    saves = [p for p in SAVES if p.parent.name == commit]
    assert records == [
        "record-base", "record-both", "record-colonies", "record-intrigue-king"]
    assert {p.stem.split("-")[1] for p in saves} >= {"base", "both", "colonies", "intrigue"}


def test_b8_saves_inside_a_special_action_of_each_set_are_kept() -> None:
    inside = {_id(p).rsplit("-", 1)[0] for p in SAVES
              if json.loads(p.read_text(encoding="utf-8"))["flow"]["run"] is not None}
    assert {f"vcab47c7-save-{s}" for s in ("base", "both", "colonies", "intrigue-king")} \
        <= inside


@pytest.mark.parametrize("path", RECORDS, ids=_id)
def test_old_record_replays_to_the_end(path: Path) -> None:
    game = replay(path.read_text(encoding="utf-8").splitlines(), logging=False)
    assert game.over


@pytest.mark.parametrize("path", SAVES, ids=_id)
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


def _check(path: Path) -> Result:
    return CliRunner().invoke(main, ["check", str(path)])


@pytest.mark.parametrize("path", RECORDS, ids=_id)
def test_old_record_passes_check(path: Path) -> None:
    result = _check(path)
    assert result.exit_code == 0, result.output
    assert "answers legal" in result.output and "Traceback" not in result.output


def _with_header(path: Path, tmp_path: Path, change: Callable[[dict[str, Any]], None]) -> Path:
    lines = path.read_text(encoding="utf-8").splitlines()
    header = json.loads(lines[0])
    change(header)
    out = tmp_path / path.name
    out.write_text("\n".join([json.dumps(header), *lines[1:]]) + "\n", encoding="utf-8")
    return out


@pytest.mark.parametrize("name", ["record-base", "record-both"])
def test_b1_check_names_a_changed_shipped_card_file_and_replays_with_todays_cards(
        name: str, tmp_path: Path) -> None:
    key = ""

    def alter(header: dict[str, Any]) -> None:
        nonlocal key
        key = sorted(k for k in header["hashes"] if k.count("/") >= 2)[0]  # a card file
        header["hashes"][key] = "0" * 64

    rec = _with_header(FIXTURES / f"{name}.jsonl", tmp_path, alter)
    result = _check(rec)
    assert result.exit_code == 0, result.output
    assert f"{key} changed" in result.output and "today's cards" in result.output
    assert "answers legal" in result.output
    notes: list[str] = []
    replay(rec.read_text(encoding="utf-8").splitlines(), logging=False, notes=notes)
    assert len(notes) == 1 and key in notes[0]


def test_b1_a_changed_shipped_file_is_named_beside_an_answer_made_illegal(
        tmp_path: Path) -> None:
    path = FIXTURES / "record-base.jsonl"
    lines = path.read_text(encoding="utf-8").splitlines()
    header = json.loads(lines[0])
    header["hashes"]["base/set.yaml"] = "1" * 64
    first = json.loads(lines[1])
    first["answer"] = "nowhere"  # an answer no rule allows
    rec = tmp_path / "bad.jsonl"
    rec.write_text("\n".join([json.dumps(header), json.dumps(first), *lines[2:]]) + "\n",
                   encoding="utf-8")
    result = _check(rec)
    assert result.exit_code == 1
    assert "base/set.yaml changed" in result.output and f"{rec}:2:" in result.output


def test_b1_a_card_file_of_no_shipped_set_in_the_header_still_fails_check(
        tmp_path: Path) -> None:
    rec = _with_header(FIXTURES / "record-colonies.jsonl", tmp_path,
                       lambda h: h["hashes"].update({"mine/card.yaml": "2" * 64}))
    result = _check(rec)
    assert result.exit_code == 1
    assert "this record was played with other cards" in result.output
    assert "mine/card.yaml missing" in result.output
