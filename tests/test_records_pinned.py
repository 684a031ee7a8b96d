"""Records that pin what they replay: the header carries the
engine version, sets, errata, fill and the sha256 of every card file and set manifest in
play; ``check`` against other cards says which files differ (exit 1), never "illegal
answer" later; every header field and every line is checked, so bad bytes, deep nesting,
huge numbers and hostile headers give ``file:line: message`` and exit 1."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from elgrande.data.fingerprint import differences, fingerprint
from elgrande.data.manifests import load_board
from elgrande.play.game import new_game
from elgrande.play.records import RecordError, record_lines, replay
from elgrande.tools.cli import main

HOMEBREW = Path(__file__).resolve().parent.parent / "examples" / "homebrew"


def _play(*args: str) -> Result:
    return CliRunner().invoke(main, ["play", "-n", "3", "-s", "4", "-q", "-b", "random",
                                     *args])


def _check(*args: str) -> Result:
    return CliRunner().invoke(main, ["check", *args])


def _no_traceback(result: Result) -> None:
    assert result.exception is None or isinstance(result.exception, SystemExit), \
        repr(result.exception)
    assert "Traceback" not in result.output


def test_header_pins_version_sets_errata_fill_and_card_hashes() -> None:
    h = new_game(3, seed=1, errata=()).header
    assert h["elgrande"] and h["sets"] == ["base"] and h["errata"] == []
    assert "fill" in h and h["fill"] is None
    hashes = h["hashes"]
    assert "base/set.yaml" in hashes
    assert any(k.startswith("base/stack1/") and k.endswith(".yaml") for k in hashes)
    assert all(len(v) == 64 for v in hashes.values())
    assert hashes == fingerprint(load_board(("base",)).set_dirs)
    json.dumps(h)


def test_homebrew_files_are_keyed_by_their_folder_name(tmp_path: Path) -> None:
    mine = tmp_path / "mine"
    shutil.copytree(HOMEBREW, mine)
    one = next(iter(sorted(mine.glob("*.yaml"))))
    b = load_board(("base",))
    assert f"mine/{one.name}" in fingerprint(b.set_dirs, [mine])
    assert f"mine/{one.name}" in fingerprint(b.set_dirs, [one])


def test_differences_name_changed_missing_and_added_files() -> None:
    old = {"a/x.yaml": "1" * 64, "a/y.yaml": "2" * 64}
    new = {"a/x.yaml": "3" * 64, "a/z.yaml": "4" * 64}
    assert differences(old, new) == "a/x.yaml changed, a/y.yaml missing, a/z.yaml added"
    assert differences(old, dict(old)) == ""


@pytest.fixture()
def homebrew_record(tmp_path: Path) -> tuple[Path, Path]:
    cards = tmp_path / "mine"
    shutil.copytree(HOMEBREW, cards)
    rec = tmp_path / "game.jsonl"
    run = _play("--cards", str(cards), "--record", str(rec))
    assert run.exit_code == 0, run.output
    return rec, cards


def test_check_against_changed_cards_says_which_files_differ(
        homebrew_record: tuple[Path, Path]) -> None:
    rec, cards = homebrew_record
    assert _check(str(rec)).exit_code == 0
    victim = sorted(cards.glob("*.yaml"))[0]
    victim.write_text(victim.read_text(encoding="utf-8") + "\n# edited\n", encoding="utf-8")
    result = _check(str(rec))
    assert result.exit_code == 1
    assert "this record was played with other cards" in result.output
    assert f"mine/{victim.name} changed" in result.output
    assert "illegal" not in result.output and f"{rec}:1:" in result.output
    victim.unlink()
    (cards / "new-card.yaml").write_text((HOMEBREW / victim.name).read_text(encoding="utf-8"),
                                         encoding="utf-8")
    result = _check(str(rec))
    assert result.exit_code == 1
    assert f"mine/{victim.name} missing" in result.output
    assert "mine/new-card.yaml added" in result.output


def test_a_record_without_hashes_still_replays(homebrew_record: tuple[Path, Path]) -> None:
    rec, cards = homebrew_record
    lines = rec.read_text(encoding="utf-8").splitlines()
    header = json.loads(lines[0])
    del header["hashes"], header["fill"]
    game = replay([json.dumps(header), *lines[1:]], logging=False, cards=[str(cards)])
    assert game.over


def test_play_cards_with_a_single_file_records_a_path_check_finds(tmp_path: Path) -> None:
    cards = tmp_path / "mine"
    shutil.copytree(HOMEBREW, cards)
    one = sorted(cards.glob("*.yaml"))[0]
    rec = tmp_path / "one.jsonl"
    run = _play("--cards", str(one), "--record", str(rec))
    assert run.exit_code == 0, run.output
    assert json.loads(rec.read_text(encoding="utf-8").splitlines()[0])["cards"] == \
        [str(one.resolve())]
    result = _check(str(rec))
    assert result.exit_code == 0, result.output


def test_check_reads_homebrew_cards_outside_the_records_folder_only_with_consent(
        tmp_path: Path) -> None:
    cards = tmp_path / "cards" / "mine"
    shutil.copytree(HOMEBREW, cards)
    (tmp_path / "records").mkdir()
    rec = tmp_path / "records" / "game.jsonl"
    assert _play("--cards", str(cards), "--record", str(rec)).exit_code == 0
    refused = _check(str(rec))
    assert refused.exit_code == 1
    assert "outside the record's folder" in refused.output and "--cards" in refused.output
    assert _check(str(rec), "--cards", str(cards)).exit_code == 0


def test_play_record_into_a_missing_folder_makes_it_as_every_output_does(
        tmp_path: Path) -> None:
    rec = tmp_path / "nowhere" / "game.jsonl"
    result = _play("--record", str(rec))
    assert result.exit_code == 0, result.output
    assert _check(str(rec)).exit_code == 0


def _header(**fields: object) -> str:
    h: dict[str, object] = {"players": ["a", "b", "c"], "seed": 1, "sets": ["base"],
                            "variant": "standard"}
    h.update(fields)
    return json.dumps(h)


BAD_RECORDS: list[tuple[str, bytes, int, str]] = [
    ("billion players", _header(players=1000000000).encode(), 1, "header.players"),
    ("players a string", _header(players="abcd").encode(), 1, "header.players"),
    ("seed null", _header(seed=None).encode(), 1, "header.seed"),
    ("seed a list", _header(seed=[1]).encode(), 1, "header.seed"),
    ("seed Infinity", _header().replace('"seed": 1', '"seed": Infinity').encode(), 1,
     "not JSON"),
    ("seed 7.9", _header(seed=7.9).encode(), 1, "header.seed"),
    ("start player 99", _header(start_player=99).encode(), 1, "header.start_player"),
    ("start player a string", _header(start_player="1").encode(), 1, "header.start_player"),
    ("sets null", _header(sets=None).encode(), 1, "header.sets"),
    ("non-UTF-8 byte", _header().encode() + b"\n{\"player\": 0, \"answer\": \"\xff\"}\n", 2,
     "not UTF-8"),
    ("nested 200,000 deep", _header().encode() + b"\n" + b"[" * 200_000 + b"]" * 200_000,
     2, "nested too deep"),
    ("5,000-digit integer", _header().encode() + b"\n{\"player\": 0, \"answer\": "
     + b"9" * 5000 + b"}\n", 2, "not JSON"),
    ("binary file", bytes(range(256)) * 4, 1, "not"),
    ("unterminated string", _header().encode() + b'\n{"not json\n', 2,
     "not JSON: Unterminated string"),
    ("header nested deep", b"[" * 100_000, 1, "nested too deep"),
]


@pytest.mark.parametrize("name,data,line,words", BAD_RECORDS, ids=[b[0] for b in BAD_RECORDS])
def test_check_refuses_bad_records_with_file_line_and_exit_1(
        tmp_path: Path, name: str, data: bytes, line: int, words: str) -> None:
    rec = tmp_path / "bad.jsonl"
    rec.write_bytes(data)
    result = _check(str(rec))
    assert result.exit_code == 1, result.output
    assert result.output.startswith(f"error: {rec}:{line}:"), result.output[:300]
    assert result.stdout == ""  # on stderr, as board and show say it
    assert words in result.output
    assert len(result.output.splitlines()) == 1
    _no_traceback(result)


def test_replay_takes_bytes_and_names_the_line() -> None:
    lines = record_lines(new_game(3, seed=2, logging=False))
    with pytest.raises(RecordError) as info:
        replay([lines[0].encode(), b"\xc3\x28"], logging=False)
    assert info.value.line == 2


def test_random_edits_of_a_record_are_replayed_or_refused_never_crash() -> None:
    """Seeded random edits of a record (a character, a field, a line dropped): replay
    gives a game or a RecordError, nothing else."""
    import random

    from elgrande.play.game import play_random

    lines = record_lines(play_random(new_game(3, seed=4, logging=False), random.Random(4)))
    rng = random.Random(1)
    values: list[object] = [0, -1, 99, 10 ** 20, True, None, "x", "aragon", [], {}, 1.5]
    refused = 0
    for _ in range(60):
        edited = list(lines)
        i = rng.randrange(len(edited))
        if rng.random() < 0.3:
            j = rng.randrange(len(edited[i]))
            edited[i] = edited[i][:j] + rng.choice('"[]{}0x,:') + edited[i][j + 1:]
        else:
            entry = json.loads(edited[i])
            entry[rng.choice(sorted(entry))] = rng.choice(values)
            edited[i] = json.dumps(entry)
        try:
            replay(edited, logging=True)
        except RecordError:
            refused += 1
    assert refused > 30


def test_a_record_whose_cards_are_not_beside_it_names_them_as_it_calls_them(
        tmp_path: Path) -> None:
    """f23: a record from ``elgrande serve`` names its cards' folder by a relative name
    ("mycards"); checked from another folder, the refusal says that name, where it was
    looked for and how to pass the cards (it said only the joined path)."""
    cards = tmp_path / "mycards"
    shutil.copytree(HOMEBREW, cards)
    rec = tmp_path / "game.jsonl"
    assert _play("--cards", str(cards), "--record", str(rec)).exit_code == 0
    lines = rec.read_text(encoding="utf-8").splitlines()
    header = json.loads(lines[0])
    header["cards"] = ["mycards"]
    (tmp_path / "dl").mkdir()
    moved = tmp_path / "dl" / "game.jsonl"
    moved.write_text("\n".join([json.dumps(header), *lines[1:]]) + "\n", encoding="utf-8")
    refused = _check(str(moved))
    assert refused.exit_code == 1
    assert "the record calls 'mycards'" in refused.output, refused.output
    assert str(tmp_path / "dl" / "mycards") in refused.output and "--cards" in refused.output
    assert _check(str(moved), "--cards", str(cards)).exit_code == 0
