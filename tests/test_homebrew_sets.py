"""Homebrew sets: a folder with a ``set.yaml`` adds stacks, standing cards, off-board spaces
and card kinds (docs/homebrew.md, "Sets"); ``--set DIR`` plays, checks, validates,
documents and simulates with it; the example set ``examples/sets/rome``."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from elgrande.data.library import load_library
from elgrande.data.manifests import load_board
from elgrande.data.sets import set_folder
from elgrande.errors import CardError, DataError
from elgrande.play.game import new_game, play_random
from elgrande.rules.base import general_scoring
from elgrande.tools.cli import main
from elgrande.tools.validate import validate

ROOT = Path(__file__).resolve().parent.parent
ROME = ROOT / "examples" / "sets" / "rome"
SETS = str(ROME.parent)


def _rome_game(seed: int, players: int = 4):  # type: ignore[no-untyped-def]
    return new_game(players, sets=("base", "rome"), seed=seed, set_paths=[SETS])


def _case(tmp_path: Path, card: str, card_text: str, head: str, rest: str) -> None:
    """Write ``card_text`` as ``c/<card>.yaml`` and run a two-player scenario case of
    ``head`` (case keys), the king in Seville, and ``rest`` (more position, steps,
    expectations); it must pass."""
    from elgrande.tools import scenario as sc

    (tmp_path / "c").mkdir()
    (tmp_path / "c" / f"{card}.yaml").write_text(card_text, encoding="utf-8")
    case = tmp_path / "case.yaml"
    case.write_text(f"id: X\ntitle: {card}\ncards: [c]\n{head}players: [red, blue]\n"
                    "position:\n  king: seville\n  grandes: {red: galicia, blue: aragon}\n"
                    + rest, encoding="utf-8")
    result = sc.run_file(case)
    assert result.passed, result.line()


def _set(tmp_path: Path, name: str, body: str, cards: dict[str, str] | None = None) -> Path:
    d = tmp_path / name
    d.mkdir(parents=True)
    (d / "set.yaml").write_text(f"set: {name}\ntitle: {name}\nextends: base\n" + body,
                                encoding="utf-8")
    for fname, text in (cards or {}).items():
        (d / fname).write_text(text, encoding="utf-8")
    return d


# -- the manifest: stacks, standing cards, spaces -------------------------------------------
def test_b1_4_a_homebrew_set_adds_a_sixth_stack_and_a_standing_card() -> None:
    lib = load_library(("base", "rome"), set_paths=[SETS])
    assert lib.board.stacks == (1, 2, 3, 4, 6)
    assert sorted(lib.deck(6)) == ["rome-exile", "rome-jubilee", "rome-return"]
    assert [c.id for c in lib.of_role("standing")] == ["kings-card", "rome-legate"]
    assert lib.offer_slots() == [1, 2, 3, 4, 5, 6, 8]


def test_b3_1_b3_5_every_round_offers_the_sixth_stack_top_and_the_standing_card() -> None:
    g = _rome_game(3)
    rounds = 0
    rng = random.Random(3)
    seen_sixth = False
    while g.pending is not None and rounds < 4:
        if g.pending.kind == "choose_power_card" and g.state.bids == []:
            rounds += 1
            assert "rome-legate" in g.state.offer  # B3.5: never discarded
            assert "kings-card" in g.state.offer
            seen_sixth |= any(c.startswith("rome-") and c != "rome-legate"
                              for c in g.state.offer)
        d = g.pending
        g.answer(d.players[0], d.random_answer(rng, d.players[0]))
    assert rounds == 4
    assert seen_sixth


def test_a_set_without_homebrew_keys_keeps_the_base_board() -> None:
    base = load_board(("base",))
    assert base.spaces == () and base.stacks == (1, 2, 3, 4)
    assert "spaces" not in base.rules_modules


def test_b6_4_a_space_that_scores_is_scored_after_the_regions_then_returns(
        tmp_path: Path) -> None:
    _set(tmp_path, "forum", "spaces:\n  - {id: forum, name: Forum, scores: true, "
         "values: [3, 1, 0], returns: provinces}\n")
    g = new_game(2, sets=("base", "forum"), seed=1, set_paths=[str(tmp_path)])
    b = g.library.board
    forum = b.index["forum"]
    assert b.scoring_order[-1] == forum
    s = g.state
    s.caballeros[forum][0] = 2
    s.provinces[0] -= 2
    before, provinces = s.scores[:], s.provinces[:]
    result = general_scoring(g._engine, s, [b.regions[0], b.regions[0]])
    assert s.scores[0] - before[0] >= 3
    assert result.regions[-1].place == forum and result.regions[-1].values == (3, 1, 0)
    assert s.caballeros[forum] == [0, 0]
    assert s.provinces[0] == provinces[0] + 2


def test_b5_2_a_game_with_the_king_in_a_space_plays_to_the_end(tmp_path: Path) -> None:
    """A space with ``king: true`` may hold the king: no region is then the king's; the
    placement, scoring, views and pictures go on without him (B5.2)."""
    from elgrande.tools.board_svg import board_svg

    _set(tmp_path, "exile", "spaces:\n  - {id: elba, name: Elba, king: true}\n")
    for seed in (1, 2):
        g = new_game(3, sets=("base", "exile"), seed=seed, set_paths=[str(tmp_path)])
        elba = g.library.board.index["elba"]
        g.state.king = elba
        play_random(g, random.Random(seed))
        assert g.over
        svg = board_svg(g.view(0), g.library.board)
        assert "Elba" in svg or "elba" in svg


def test_b5_2_the_king_moves_into_a_space_that_allows_him(tmp_path: Path) -> None:
    card = ("id: hb-to-elba\nset: homebrew\nkind: action\ntitle: Exile\nstack: 1\n"
            "text: 'Move the king to Elba.'\neffect: |\n  move king to elba\n")
    _set(tmp_path / "s", "exile", "spaces:\n  - {id: elba, name: Elba, king: true}\n")
    _case(tmp_path, "hb-to-elba", card, "set_folders: [s/exile]\n",
          "do:\n  - special: {player: red, card: hb-to-elba, answers: [elba]}\n"
          "expect:\n  king: elba\n")


@pytest.mark.parametrize(("body", "where", "words"), [
    ("spaces:\n  - {id: rome, returns: home}\n", 5, "'returns' must be one of"),
    ("spaces:\n  - {id: aragon}\n", 5, "is the id of a place already"),
    ("spaces:\n  - {id: rome, colour: red}\n", 5, "unknown field 'colour'"),
    ("spaces:\n  - {id: rome, values: [1, 0, 0]}\n", 5, "for a space that scores"),
    ("spaces: rome\n", 4, "must be a list"),
    ("add_stacks: [4]\n", 4, "stack 4 is in play already"),
    ("add_stacks: [six]\n", 4, "must be a list of stack numbers"),
])
def test_a_bad_set_manifest_is_an_error_at_its_line(tmp_path: Path, body: str, where: int,
                                                    words: str) -> None:
    _set(tmp_path, "bad", body)
    with pytest.raises(DataError) as err:
        load_board(("base", "bad"), [tmp_path])
    assert err.value.line == where
    assert words in err.value.message
    assert err.value.message.startswith("E-SET-")


def test_a_set_folder_must_carry_its_id_and_not_a_shipped_one(tmp_path: Path) -> None:
    d = _set(tmp_path, "mine", "")
    assert set_folder(d) == ("mine", tmp_path.resolve())
    (d / "set.yaml").write_text("set: other\n", encoding="utf-8")
    with pytest.raises(DataError, match="E-SET-FOLDER.*must be the name of its folder"):
        set_folder(d)
    with pytest.raises(DataError, match="E-SET-FOLDER: a set folder holds a set.yaml"):
        set_folder(tmp_path)
    base = _set(tmp_path / "x", "base", "")
    with pytest.raises(DataError, match="shipped set"):
        set_folder(base)


# -- a statement of a set not in play --------------------------------------------------------
_INQ = ("id: hb-inq\nset: homebrew\nkind: action\ntitle: Inq\nstack: 2\n"
        "text: 'Move a piece of the Colonies.'\neffect: |\n  {}\n")


@pytest.mark.parametrize("statement", [  # the move of a piece kind of a set not in play
    "move the grand inquisitor to court", "move the limit table to regions except king",
    "move up to 2 black caballeros from regions to regions"])
def test_a_statement_of_a_set_not_in_play_is_refused_naming_the_set(
        tmp_path: Path, statement: str) -> None:
    (tmp_path / "inq.yaml").write_text(_INQ.format(statement), encoding="utf-8")
    with pytest.raises(CardError) as err:
        new_game(4, seed=1, cards=[str(tmp_path)])
    assert err.value.code == "E-SET-NOT-IN-PLAY"
    assert "'colonies'" in err.value.message
    assert (err.value.line, err.value.column) == (8, 3)
    report = validate([str(tmp_path)], smoke=2)
    assert [d.code for d in report.diagnostics] == ["E-SET-NOT-IN-PLAY"]
    meant = validate([str(tmp_path)], smoke=2, sets=("base", "colonies"), fill="provisional")
    assert not [d for d in meant.diagnostics if d.severity == "error"]


# -- the example set and the command line -----------------------------------------------------
def test_the_rome_example_validates_clean() -> None:
    report = validate([str(ROME)], smoke=5)
    assert report.diagnostics == []
    assert report.cards == 4


def test_rome_plays_seeded_four_player_games_and_exiles_return() -> None:
    returned = 0
    for seed in range(1, 9):
        g = _rome_game(seed)
        play_random(g, random.Random(seed))
        assert g.over
        rome = g.library.board.index["rome"]
        assert sum(g.state.caballeros[rome]) == 0  # the last general scoring emptied it
        returned += sum(1 for line in g.log if line.startswith("  Rome: "))
    assert returned > 0


def test_play_with_set_records_it_and_a_fresh_process_checks_the_record(
        tmp_path: Path) -> None:
    rec = tmp_path / "rome.jsonl"
    result = CliRunner().invoke(main, ["play", "--set", str(ROME), "--seed", "7", "-q",
                                       "--record", str(rec)])
    assert result.exit_code == 0, result.output
    header = json.loads(rec.read_text(encoding="utf-8").splitlines()[0])
    assert header["sets"] == ["base", "rome"]
    assert header["set_paths"] == [SETS]
    assert any(k.startswith("rome/") for k in header["hashes"])
    fresh = subprocess.run([sys.executable, "-m", "elgrande.tools.cli", "check", str(rec)],
                           capture_output=True, text=True, cwd=tmp_path, check=False,
                           env={"ELGRANDE_NO_CACHE": "1", "PATH": ""})
    assert fresh.returncode == 0, fresh.stderr
    assert "answers legal" in fresh.stdout


def test_check_of_a_record_moved_with_its_set_needs_set(tmp_path: Path) -> None:
    import shutil

    rec = tmp_path / "r.jsonl"
    assert CliRunner().invoke(main, ["play", "--set", str(ROME), "--seed", "2", "-q",
                                     "--record", str(rec)]).exit_code == 0
    lines = rec.read_text(encoding="utf-8").splitlines()
    header = json.loads(lines[0])
    header["set_paths"] = [str(tmp_path / "gone")]
    rec.write_text("\n".join([json.dumps(header), *lines[1:]]) + "\n", encoding="utf-8")
    lost = CliRunner().invoke(main, ["check", str(rec)])
    assert lost.exit_code == 1
    assert "homebrew set 'rome'" in lost.output and "--set" in lost.output
    copy = tmp_path / "mine" / "rome"
    shutil.copytree(ROME, copy)
    ok = CliRunner().invoke(main, ["check", str(rec), "--set", str(copy)])
    assert ok.exit_code == 0, ok.output
    exile = copy / "stack6" / "exile.yaml"
    exile.write_text(exile.read_text(encoding="utf-8") + "# changed\n", encoding="utf-8")
    changed = CliRunner().invoke(main, ["check", str(rec), "--set", str(copy)])
    assert changed.exit_code == 1
    assert "rome/stack6/exile.yaml changed" in changed.output


def test_validate_docs_and_simulate_take_set(tmp_path: Path) -> None:
    ok = CliRunner().invoke(main, ["validate", str(ROOT / "examples" / "homebrew"),
                                   "--set", str(ROME), "--smoke", "2"])
    assert ok.exit_code == 0, ok.output
    docs = CliRunner().invoke(main, ["docs", "--set", str(ROME), "--out", str(tmp_path / "d")])
    assert docs.exit_code == 0, docs.output
    assert "rome-legate" in (tmp_path / "d" / "cards.md").read_text(encoding="utf-8")
    sim = CliRunner().invoke(main, ["simulate", "--set", str(ROME), "--games", "2", "-j", "1",
                                    "--out", str(tmp_path / "sim"), "--no-progress"])
    assert sim.exit_code == 0, sim.output
    games = (tmp_path / "sim" / "games.jsonl").read_text(encoding="utf-8").splitlines()
    assert all(json.loads(x)["sets"] == ["base", "rome"] for x in games)


def test_set_of_a_folder_without_a_manifest_is_a_clean_error(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["play", "--set", str(tmp_path), "-q"])
    assert result.exit_code == 1
    assert "E-SET-FOLDER" in result.output


def test_the_fixed_action_space_plays_a_game_with_a_space() -> None:
    """The adapters' action space (a LOC per place) covers Rome: every decision of a Rome
    game answered through masked actions is legal."""
    from elgrande.adapters.actions import ActionSpace, AnswerBuilder

    g = new_game(4, sets=("base", "rome"), seed=4, set_paths=[SETS], logging=False)
    space = ActionSpace.for_game(g)
    assert space.loc("rome") >= 0
    rng = random.Random(4)
    while g.pending is not None:
        d = g.pending
        p = d.players[0]
        b = AnswerBuilder(space, d, p)
        while not b.complete:
            legal = b.legal_actions()
            assert legal
            b.apply(rng.choice(legal))
        g.answer(p, b.answer())
    assert g.over


@pytest.mark.parametrize("sets", [("base",), ("base", "colonies"), ("base", "intrigue-king"),
                                  ("base", "intrigue-king", "colonies")])
def test_shipped_cards_use_only_statements_of_their_sets(sets: tuple[str, ...]) -> None:
    """Why a game's check of statements skips the shipped cards (engine/statements.py)."""
    from elgrande.engine.flow import engine_for
    from elgrande.engine.statements import missing_sets

    lib = load_library(sets, fill="provisional" if len(sets) > 1 else None)
    engine_for(lib)  # the sets' rules modules loaded
    for c in lib.cards.cards.values():
        if c.script is not None:
            assert missing_sets(c.script, c.path, lib.board) == [], c.id


def test_the_set_manifest_schema_is_current_and_accepts_every_manifest() -> None:
    """``cards/set-schema.json`` is generated from the manifest declarations: regenerate it
    with ``elgrande schema --manifest --out cards/set-schema.json``."""
    import yaml

    from elgrande.tools.schema import set_schema, set_schema_text

    jsonschema = pytest.importorskip("jsonschema")
    assert (ROOT / "cards" / "set-schema.json").read_text(encoding="utf-8") == \
        set_schema_text()
    check = jsonschema.Draft202012Validator(set_schema())
    for path in [ROME / "set.yaml", *sorted((ROOT / "cards").glob("*/set.yaml"))]:
        assert not list(check.iter_errors(yaml.safe_load(path.read_text(encoding="utf-8")))), \
            path
    bad = {"set": "x", "spaces": [{"id": "rome", "returns": "home"}]}
    assert list(check.iter_errors(bad))


def test_a_saved_game_with_a_space_loads_again() -> None:
    """A saved game of a set with a space: its header names the set and its folder."""
    from elgrande.play.game import Game

    g = _rome_game(3)
    rng = random.Random(1)
    for _ in range(150):
        d = g.pending
        assert d is not None
        g.answer(d.players[0], d.random_answer(rng, d.players[0]))
    rome = g.library.board.index["rome"]
    g.state.caballeros[rome][1] += 1
    g.state.provinces[1] -= 1
    again = Game.from_json(g.to_json())
    assert again.state.caballeros[rome] == g.state.caballeros[rome]
    assert again.library.board.spaces == g.library.board.spaces


_PILGRIMS = ("id: hb-pilgrims\nset: homebrew\nkind: action\ntitle: Pilgrims\nstack: 2\n"
             "text: 'Send up to 2 of your caballeros from court to Rome.'\neffect: |\n"
             "  move up to 2 own caballeros from court to {to}\n")


def test_b8_7_a_send_goes_to_a_space_and_says_so(tmp_path: Path) -> None:
    _case(tmp_path, "hb-pilgrims", _PILGRIMS.format(to="rome"), f"set_folders: [{ROME}]\n",
          "  court: {red: 3}\n"
          "do:\n  - special: {player: red, card: hb-pilgrims, answers: [{court: 2}]}\n"
          "expect:\n  court: {red: 1}\n  regions: {rome: {red: 2}}\n")
    g = new_game(2, seed=1, cards=[str(tmp_path / "c")], set_paths=[SETS],
                 sets=("base", "rome"))
    from elgrande.play.narrate import words

    line = words({"event": "send", "player": 0, "decider": 0, "owner": 0, "to": "rome",
                  "taken": {"court": 2}, "card": "hb-pilgrims"}, g.library.board,
                 ["red", "blue"])
    assert line[0].endswith("to Rome.")


def test_b8_7_a_send_to_a_place_that_is_no_space_is_refused(tmp_path: Path) -> None:
    text = _PILGRIMS.format(to="aragon").replace("from court", "from court or regions")
    (tmp_path / "pilgrims.yaml").write_text(text, encoding="utf-8")
    with pytest.raises(CardError) as err:
        load_library(("base",), extra=[str(tmp_path)])
    assert err.value.code == "E-SEND-PLACE" and (err.value.line, err.value.column) == (8, 3)
    report = validate([str(tmp_path)], smoke=0)
    assert [d.code for d in report.diagnostics] == ["E-SEND-PLACE"]


def test_b8_7_a_move_to_a_space_of_a_set_not_in_play_is_refused(tmp_path: Path) -> None:
    (tmp_path / "pilgrims.yaml").write_text(_PILGRIMS.format(to="rome"), encoding="utf-8")
    with pytest.raises(CardError) as err:
        load_library(("base",), extra=[str(tmp_path)])
    assert "rome" in str(err.value) and (err.value.line, err.value.column) == (8, 45)


def test_b1_4_a_stack_kind_without_its_stack_is_refused(tmp_path: Path) -> None:
    """A set whose stack kind's slot is no stack in play (no ``add_stacks``): its cards
    would never be dealt."""
    kinds = ("card_kinds:\n  lost-action:\n    doc: lost\n    role: stack\n    slot: 6\n"
             "    requires: [title, text, effect]\n")
    card = ("id: lost-one\nset: lost\nkind: lost-action\ntitle: Lost\ntext: 'Bring 1.'\n"
            "effect: |\n  move up to 1 caballeros from provinces to court\n")
    d = _set(tmp_path, "lost", kinds, {"one.yaml": card})
    with pytest.raises(CardError) as err:
        load_library(("base", "lost"), set_paths=[str(tmp_path)])
    assert err.value.code == "E-STACK" and "stack 6" in err.value.message
    report = validate([str(d)], smoke=0)
    assert [(x.code, x.line) for x in report.diagnostics] == [("E-STACK", 3)]


# -- a set folder's own errors: its manifest's keys, what it extends, how it is named -----

def test_a_misspelled_manifest_key_is_an_unknown_field_with_a_suggestion(tmp_path: Path
                                                                        ) -> None:
    _set(tmp_path, "typo", "titel: Typo\n")
    with pytest.raises(DataError) as err:
        load_board(("base", "typo"), [tmp_path])
    assert (err.value.line, err.value.column) == (4, 1)
    assert err.value.message.startswith("E-SCHEMA-UNKNOWN-FIELD: unknown key 'titel'")
    assert "did you mean 'title'?" in err.value.message


def test_a_set_extending_an_unknown_set_is_an_input_error_with_a_suggestion(
        tmp_path: Path) -> None:
    d = tmp_path / "ext"
    d.mkdir()
    (d / "set.yaml").write_text("set: ext\ntitle: ext\nextends: bsae\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["validate", "--smoke", "0", "--set", str(d), str(d)])
    assert result.exit_code == 1, result.output
    assert "E-SET-EXTENDS" in result.output and "did you mean 'base'?" in result.output
    assert "--sets" not in result.output


def test_a_set_extending_an_expansion_not_in_play_hints_the_sets_option(tmp_path: Path
                                                                        ) -> None:
    from elgrande.data.kinds import shipped_set_ids

    other = next(s for s in shipped_set_ids() if s != "base")
    d = tmp_path / "ext"
    d.mkdir()
    (d / "set.yaml").write_text(f"set: ext\ntitle: ext\nextends: {other}\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["validate", "--smoke", "0", "--set", str(d), str(d)])
    assert result.exit_code == 2, result.output
    assert f"--sets base,{other}" in result.output


def test_validate_of_a_set_folder_reports_its_broken_manifest(tmp_path: Path) -> None:
    import shutil

    d = tmp_path / "rome"
    shutil.copytree(ROME, d)
    with (d / "set.yaml").open("a", encoding="utf-8") as f:
        f.write("card_kinds: [\n")
    result = CliRunner().invoke(main, ["validate", "--smoke", "0", str(d)])
    assert result.exit_code == 1
    assert "set.yaml" in result.output and "YAML syntax error" in result.output
    assert "card kind" not in result.output


def test_validate_of_a_set_manifest_checks_the_set_not_a_card() -> None:
    result = CliRunner().invoke(main, ["validate", "--smoke", "0", str(ROME / "set.yaml")])
    assert result.exit_code == 0, result.output
    assert "E-SCHEMA" not in result.output


def test_a_set_folder_given_as_cards_to_play_or_simulate_hints_set() -> None:
    result = CliRunner().invoke(main, ["play", "--cards", str(ROME), "-q", "--seed", "1"])
    assert result.exit_code == 2
    assert f"with --set {ROME}" in result.output
    sim = CliRunner().invoke(main, ["simulate", "--cards", str(ROME), "--games", "1"])
    assert sim.exit_code == 2 and f"with --set {ROME}" in sim.output


@pytest.mark.parametrize("command", [["check", "{rec}"], ["board", "{rec}", "-o", "{out}.svg"],
                                     ["show", "{rec}", "-o", "{out}"],
                                     ["docs", "--out", "{out}"]])
def test_a_set_folder_given_as_cards_to_check_board_show_or_docs_hints_set(
        tmp_path: Path, command: list[str]) -> None:
    """The same refusal as play and simulate (one function, ``_cards_not_sets``)."""
    rec = tmp_path / "r.jsonl"
    rec.write_text("{}\n", encoding="utf-8")
    args = [a.format(rec=rec, out=tmp_path / "out") for a in command]
    result = CliRunner().invoke(main, [*args, "--cards", str(ROME)])
    assert result.exit_code == 2, result.output
    assert f"with --set {ROME}" in result.output


def test_board_and_show_of_a_record_moved_with_its_set_take_set(tmp_path: Path) -> None:
    import shutil

    rec = tmp_path / "r.jsonl"
    assert CliRunner().invoke(main, ["play", "--set", str(ROME), "--seed", "2", "-q",
                                     "--record", str(rec)]).exit_code == 0
    lines = rec.read_text(encoding="utf-8").splitlines()
    header = json.loads(lines[0])
    header["set_paths"] = [str(tmp_path / "gone")]
    rec.write_text("\n".join([json.dumps(header), *lines[1:21]]) + "\n", encoding="utf-8")
    copy = tmp_path / "mine" / "rome"
    shutil.copytree(ROME, copy)
    for command in (["board", f"{rec}:5", "-o", str(tmp_path / "b.svg")],
                    ["show", str(rec), "-o", str(tmp_path / "v")]):
        lost = CliRunner().invoke(main, command)
        assert lost.exit_code == 1 and "homebrew set 'rome'" in lost.output, lost.output
        ok = CliRunner().invoke(main, [*command, "--set", str(copy)])
        assert ok.exit_code == 0, ok.output
    assert (tmp_path / "b.svg").is_file() and (tmp_path / "v" / "index.html").is_file()


def test_several_misspelled_manifest_keys_are_all_reported_in_one_error(
        tmp_path: Path) -> None:
    _set(tmp_path, "typos", "titel: Typos\nstakcs: {}\nzzz: 1\n")
    with pytest.raises(DataError) as err:
        load_board(("base", "typos"), [tmp_path])
    assert (err.value.line, err.value.column) == (4, 1)
    msg = err.value.message
    assert msg.startswith("E-SCHEMA-UNKNOWN-FIELD: 3 unknown keys in the set manifest: ")
    assert "'titel' (did you mean 'title'?) at line 4, column 1" in msg
    assert "'stakcs' (did you mean 'stacks'?) at line 5, column 1" in msg
    assert "'zzz' at line 6, column 1" in msg
    result = CliRunner().invoke(main, ["validate", "--smoke", "0", str(tmp_path / "typos")])
    assert result.exit_code == 1
    assert result.output.count("E-SCHEMA-UNKNOWN-FIELD") == 1 and "'zzz'" in result.output


def test_b8_2_a_space_that_scores_is_still_no_region(tmp_path: Path) -> None:
    """A space with ``scores: true`` is scored at a general scoring (B6.4) but stays a
    space (docs/homebrew.md, "Off-board spaces"): ``regions``, ``anywhere`` and ``regions
    with own caballeros`` never hold it, and no caballero comes from it to court (B4.1)."""
    from elgrande.dsl import ast
    from elgrande.engine.context import Ctx, Frame, Run
    from elgrande.engine.court import court_decision
    from elgrande.engine.regions import region_order, regions

    _set(tmp_path, "forum", "spaces:\n  - {id: forum, name: Forum, scores: true, "
         "values: [3, 1, 0]}\n")
    g = new_game(2, sets=("base", "forum"), seed=1, set_paths=[str(tmp_path)])
    b, s = g.library.board, g.state
    forum = b.index["forum"]
    assert forum in b.scoring_order and forum not in region_order(b)
    s.caballeros[forum][0] = 2
    s.provinces[0] = 0  # B4.1: caballeros come from the regions only now
    ctx = Ctx(s, b, Run("t", 0, [Frame([], 0, 0)]), 0)
    for node in (ast.AllRegions(), ast.Anywhere(), ast.WithOwn()):
        got = regions(ctx, node)
        assert got and forum not in got, node
    d = court_decision(s, b, 0, 3)
    assert d is None or "forum" not in d.options["regions"]
