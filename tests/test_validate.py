"""``elgrande validate``: every problem of a card file, located, with a stable code.

The corpus ``tests/validate_corpus/`` holds broken cards, one fault each, with the exact
diagnostics expected (see its README). The shipped cards and the homebrew examples must
be clean, smoke play included.
"""

from __future__ import annotations

import json
import random
import re
import shlex
import shutil
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from elgrande.data.manifests import load_board
from elgrande.dsl.parser import parse
from elgrande.engine.decisions import Decision
from elgrande.errors import IllegalMove
from elgrande.files.resources import cards_dir
from elgrande.tools.cli import main
from elgrande.tools.validate import Diagnostic, garbage_for, never_acts, random_position, validate

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "tests" / "validate_corpus"
CASES = sorted([p for p in CORPUS.glob("*.yaml")] + [p for p in CORPUS.iterdir() if p.is_dir()])
EXPECTED = re.compile(r"^(?:(?P<file>[^:\s]+):)?(?P<line>\d+):(?P<col>\d+): "
                      r"(?P<sev>error|warning) (?P<code>[A-Z]-[A-Z-]+)(?: \| (?P<text>.+))?$")
#: Smoke trials per corpus case (enough for the runtime and budget cases).
SMOKE = "5"


def run(*args: str) -> Any:
    return CliRunner().invoke(main, ["validate", *args])


def expected(case: Path) -> list[dict[str, Any]]:
    lines = case.with_suffix(".expected") if case.is_file() else case.parent / (
        case.name + ".expected")
    out = []
    for line in lines.read_text(encoding="utf-8").splitlines():
        if not line.strip():
            continue
        m = EXPECTED.match(line.strip())
        assert m, f"{lines}: bad expectation line {line!r}"
        out.append(m.groupdict())
    return out


def test_the_corpus_is_big_enough() -> None:
    assert len(CASES) >= 30
    for case in CASES:
        assert expected(case), f"{case.name}: no expectation"
    codes = {e["code"] for case in CASES for e in expected(case)}
    assert {"E-YAML", "E-SCHEMA-MISSING", "E-SCHEMA-TYPE", "E-SCHEMA-UNKNOWN-FIELD",
            "E-SYNTAX", "E-UNKNOWN-REGION", "E-UNDEFINED", "E-TYPE", "E-RANGE",
            "E-UNKNOWN-NAME", "E-DUPLICATE-ID", "W-KING-CLOSED", "W-CASTILLO-SOURCE",
            "W-CASTILLO-TARGET", "W-NO-EFFECT", "W-NEVER-ACTS", "W-UNKNOWN-RULE", "E-REDEFINED",
            "E-BUDGET", "E-UNKNOWN-STACK"} <= codes


def test_an_engine_crash_in_smoke_play_is_reported_with_a_seed(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """No shipped primitive is known to crash; a broken one must still be reported as
    E-RUNTIME with a reproducing command, not raised."""
    import attrs

    from elgrande.engine import primitives

    for name, prim in list(primitives.PRIMITIVES.items()):
        def crash(ctx: Any, call: Any, _start: Any = prim.start) -> Any:
            if ctx.run.card.startswith("hb-"):  # only the homebrew cards under test
                raise ZeroDivisionError("boom")
            return _start(ctx, call)

        monkeypatch.setitem(primitives.PRIMITIVES, name, attrs.evolve(prim, start=crash))
    report = validate([ROOT / "examples" / "homebrew"], smoke=2)
    runtime = [d for d in report.diagnostics if d.code == "E-RUNTIME"]
    assert runtime, report.diagnostics
    assert all("ZeroDivisionError" in d.message and "reproduce: elgrande validate" in d.message
               for d in runtime)


@pytest.mark.parametrize("case", CASES, ids=[c.stem for c in CASES])
def test_each_broken_card_gives_exactly_its_diagnostic(case: Path) -> None:
    result = run(str(case), "--format", "json", "--smoke", SMOKE)
    assert result.exit_code in (0, 1), result.output
    got = json.loads(result.output)
    want = expected(case)
    base = case if case.is_dir() else case.parent

    def where(d: dict[str, Any]) -> tuple[str, int, int, str, str]:
        rel = Path(d["path"]).resolve().relative_to(base.resolve()).as_posix()
        return (rel if case.is_dir() else "", d["line"], d["column"], d["severity"],
                d["code"])

    assert sorted(where(d) for d in got) == sorted(
        (e["file"] or "", int(e["line"]), int(e["col"]), e["sev"], e["code"]) for e in want)
    for e in want:
        if e["text"]:
            d = next(d for d in got if d["code"] == e["code"])
            assert e["text"] in d["message"] + " " + d["hint"]
    errors = any(e["sev"] == "error" for e in want)
    assert result.exit_code == (1 if errors else 0)


def test_every_diagnostic_has_a_located_message_and_known_severity() -> None:
    report = validate([CORPUS], smoke=0)
    assert report.diagnostics
    for d in report.diagnostics:
        assert d.line >= 1 and d.column >= 1, d
        assert d.severity in ("error", "warning") and d.message
        assert re.fullmatch(r"[EW]-[A-Z-]+", d.code)


def test_text_output_shows_the_line_and_a_caret_under_the_column() -> None:
    case = CORPUS / "unknown-region.yaml"
    result = run(str(case), "--smoke", "0")
    assert result.exit_code == 1
    lines = result.output.splitlines()
    head = next(i for i, line in enumerate(lines) if "E-UNKNOWN-REGION" in line)
    assert re.match(rf"{re.escape(str(case))}:9:9: error E-UNKNOWN-REGION: ", lines[head])
    source, caret = lines[head + 1], lines[head + 2]
    assert source == "    score aragn"
    assert caret.index("^") == source.index("aragn")
    assert lines[head + 3] == "  hint: did you mean 'aragon'?"
    assert lines[-1].endswith("1 error, 0 warnings")


def test_all_problems_of_one_file_are_reported_not_just_the_first(tmp_path: Path) -> None:
    card = tmp_path / "many.yaml"
    card.write_text("id: hb-many\nset: homebrew\nkind: action\ntitle: Many\n"
                    "stack: 12\ntittle: x\neffect: |\n  score aragn\n", encoding="utf-8")
    result = run(str(card), "--format", "json", "--smoke", "0")
    codes = sorted(d["code"] for d in json.loads(result.output))
    # text missing, stack out of range, unknown field; the script is still checked
    assert codes == ["E-SCHEMA-MISSING", "E-SCHEMA-TYPE", "E-SCHEMA-UNKNOWN-FIELD",
                     "E-UNKNOWN-REGION"]
    assert result.exit_code == 1


@pytest.mark.parametrize("where", ["installed", "checkout"])
def test_the_shipped_cards_are_clean_smoke_play_included(where: str) -> None:
    # the cards elgrande ships (inside the installed package) and the checkout's cards/:
    # a set validated in its own folder replaces the shipped copy, so no E-DUPLICATE-ID
    folder = cards_dir() if where == "installed" else ROOT / "cards"
    result = CliRunner().invoke(main, ["validate", str(folder)])
    assert result.exit_code == 0, result.output
    assert result.output.strip().endswith("0 errors, 0 warnings"), result.output
    assert "smoke-played in 50 positions" in result.output


def test_the_homebrew_examples_are_clean_even_strictly() -> None:
    result = run(str(ROOT / "examples" / "homebrew"), "--strict")
    assert result.exit_code == 0, result.output
    cards = len(list((ROOT / "examples" / "homebrew").glob("*.yaml")))
    assert f"{cards} cards smoke-played" in result.output


def test_json_output_is_a_list_of_diagnostics() -> None:
    result = run(str(CORPUS / "unknown-field.yaml"), "--format", "json", "--smoke", "0")
    data = json.loads(result.output)
    assert isinstance(data, list) and len(data) == 1
    assert set(data[0]) == {"path", "line", "column", "severity", "code", "message", "hint"}
    assert data[0]["hint"] == "did you mean 'notes'?"
    clean = run(str(ROOT / "examples" / "homebrew"), "--format", "json", "--smoke", "0")
    assert clean.exit_code == 0 and json.loads(clean.output) == []


def test_strict_turns_a_warning_into_a_failure() -> None:
    case = str(CORPUS / "move-into-king.yaml")
    assert run(case, "--smoke", "0").exit_code == 0
    strict = run(case, "--smoke", "0", "--strict")
    assert strict.exit_code == 1
    assert "--strict" in strict.output


def test_usage_errors_exit_2(tmp_path: Path) -> None:
    assert run(str(tmp_path / "no-such-folder")).exit_code == 2
    assert run().exit_code == 2
    assert run(str(tmp_path)).exit_code == 2  # a folder without card files
    assert run(str(ROOT / "cards"), "--format", "xml").exit_code == 2


def test_a_smoke_failure_reproduces_with_the_command_it_prints() -> None:
    report = validate([CORPUS / "budget-nested-loops.yaml"], smoke=10)
    [d] = report.diagnostics
    command = re.search(r"\(reproduce: elgrande validate (.+?)\)", d.message)
    assert command is not None
    args = shlex.split(command.group(1))
    assert args[1:3] == ["--smoke", "1"]
    again = run(*args, "--format", "json")
    assert again.exit_code == 1
    [d2] = json.loads(again.output)
    assert (d2["code"], d2["line"], d2["column"]) == ("E-BUDGET", d.line, d.column)


def test_the_same_seed_gives_the_same_report() -> None:
    paths = [ROOT / "examples" / "homebrew", CORPUS / "budget-nested-loops.yaml"]
    a = validate(paths, smoke=3, seed=11)
    b = validate(paths, smoke=3, seed=11)
    assert a.to_json() == b.to_json()
    assert random_position(7).to_json() == random_position(7).to_json()


def test_random_positions_conserve_caballeros() -> None:
    board = load_board(("base",))
    for seed in range(20):
        state = random_position(seed)
        assert state.conservation_errors(board) == []
        assert 2 <= state.players <= 5


@pytest.mark.parametrize("script, acts", [
    ("pass\n", False),
    ("each player:\n    pass\n", False),
    ("either:\n    pass\nor:\n    move up to 0 own caballeros from regions to anywhere\n",
     False),
    ("move up to 3 caballeros of any player from anywhere except regions to regions\n",
     False),
    ("move 2 own caballeros from court to court\n", False),
    ("x = choose region from castillo\nmove the king to x\n", False),
    ("score regions with value 99\n", False),
    ("move up to 3 caballeros of any player from regions to anywhere\n", True),
    ("move 2 own caballeros from court to provinces\n", True),
    ("score castillo\n", True),
    ("score king\n", True),
    ("x = choose region from regions\nmove the king to x\n", True),
    ("keep veto until next scoring\n", True),
    ("if 1 > 2:\n    pass\nelse:\n    take back a power card\n", True),
])
def test_never_acts_only_when_certain(script: str, acts: bool) -> None:
    board = load_board(("base",))
    assert (never_acts(parse(script), board) is None) == acts


def test_garbage_answers_are_never_listed_as_legal() -> None:
    d = Decision("choose_number", [0], "", {"choices": [0, 1, 2]})
    assert all(g not in [0, 1, 2] for g in garbage_for(d, 0))
    rng = random.Random(1)
    assert garbage_for(d, 0)[rng.randrange(len(garbage_for(d, 0)))] not in (0, 1, 2)


def test_a_garbage_mapping_is_refused_by_bring_to_court() -> None:
    """A smoke play found it once: unknown keys were read as "bring none"."""
    d = Decision("bring_to_court", [0], "", {"limit": 2, "provinces": 5, "regions": {},
                                             "refused": {}})
    with pytest.raises(IllegalMove):
        d.check({"no-such-region": 99}, 0)


def test_diagnostic_format_without_a_source_line() -> None:
    d = Diagnostic("x.yaml", 0, 0, "error", "E-IO", "cannot read the file", "")
    assert d.format() == "x.yaml: error E-IO: cannot read the file"
    d = Diagnostic("x.yaml", 2, 3, "warning", "W-NO-EFFECT", "nothing", "do something")
    assert d.format(["a", "\tbcd"]).splitlines() == [
        "x.yaml:2:3: warning W-NO-EFFECT: nothing", "  \tbcd", "  \t ^", "  hint: do something"]


def test_part_of_a_set_checked_outside_the_package_replaces_the_shipped_part(
        tmp_path: Path) -> None:
    """A checkout's ``cards/base/stack1`` (another copy than the installed package's) is
    checked in place of the shipped stack 1: no duplicate ids against the package."""
    root = Path(__file__).resolve().parent.parent / "cards" / "base"
    copy = tmp_path / "cards" / "base"
    shutil.copytree(root / "stack1", copy / "stack1")
    shutil.copy(root / "set.yaml", copy / "set.yaml")
    report = validate([copy / "stack1"], smoke=0)
    assert [d.code for d in report.diagnostics] == []
    assert report.cards == len(list((copy / "stack1").glob("*.yaml")))


def test_an_erratum_of_another_sets_card_is_not_unknown_when_that_set_is_not_loaded() -> None:
    """X3: Intrigue & the King's erratum of a Colonies card (``with_set: colonies``) applies
    only with both sets; validating Intrigue & the King alone reports no unknown card."""
    folder = Path(__file__).resolve().parent.parent / "cards" / "intrigue-king"
    report = validate([folder], smoke=0)
    assert [d.code for d in report.diagnostics] == []


class _Clock:
    """A clock for smoke play that moves one second each time it is read."""

    def __init__(self) -> None:
        self.now = 0.0

    def perf_counter(self) -> float:
        self.now += 1.0
        return self.now


def _muster(monkeypatch: pytest.MonkeyPatch) -> tuple[Any, Any, Any, _Clock]:
    from elgrande.data.library import load_library
    from elgrande.engine.interpreter import Interpreter
    from elgrande.engine.modules import load_rules
    from elgrande.tools.validate import smoke

    lib = load_library(("base",), extra=(str(ROOT / "examples" / "homebrew"),))
    card = lib.cards.cards["hb-muster"]
    interp = Interpreter(lib.board, {card.id: card.script},
                         load_rules(lib.board.rules_modules, list(lib.board.lasting_kinds)))
    clock = _Clock()
    monkeypatch.setattr(smoke, "time", clock)
    return card, interp, smoke._Positions(("base",)), clock


def _reads_per_trial(monkeypatch: pytest.MonkeyPatch, seeds: range) -> dict[int, float]:
    from elgrande.tools.validate import smoke

    card, interp, positions, clock = _muster(monkeypatch)
    reads = {}
    for s in seeds:
        before = clock.now
        assert smoke.smoke_card(card, card.path, interp, positions, 1, s,
                                seconds=float("inf")) == []
        reads[s] = clock.now - before
    return reads


def test_smoke_time_bound_is_per_position_so_many_positions_pass(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from elgrande.tools.validate import smoke

    reads = _reads_per_trial(monkeypatch, range(1, 41))
    card, interp, positions, _ = _muster(monkeypatch)
    found = smoke.smoke_card(card, card.path, interp, positions, 40, 1,
                             seconds=max(reads.values()))  # each position within it
    assert found == []


def test_an_e_slow_smoke_problem_reproduces_with_the_command_it_prints(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from elgrande.tools.validate import smoke

    reads = _reads_per_trial(monkeypatch, range(1, 41))
    bound = max(reads.values()) - 1.5  # only the longest positions pass it
    assert min(reads.values()) < bound
    card, interp, positions, _ = _muster(monkeypatch)
    [slow] = smoke.smoke_card(card, card.path, interp, positions, 40, 1, seconds=bound)
    assert slow.code == "E-SLOW" and "in this position" in slow.message
    again = re.search(r"\(reproduce: elgrande validate (.+) --smoke 1 --seed (\d+)\)",
                      slow.message)
    assert again is not None and shlex.split(again.group(1)) == [card.path]
    seed = int(again.group(2))
    assert reads[seed] > bound  # the position reported is one that is slow by itself
    assert [d.code for d in smoke.smoke_card(card, card.path, interp, positions, 1, seed,
                                             seconds=bound)] == ["E-SLOW"]


def test_the_unknown_statement_hint_lists_every_statement_word_of_the_grammar() -> None:
    from elgrande.dsl.parser import grammar
    from elgrande.errors import CardError

    with pytest.raises(CardError) as err:
        parse("shift 1 caballeros\n")
    listed = set(re.findall(r"'(\w+)'", err.value.hint.split(", or is")[0]))
    # each statement rule of the grammar starts with one of the listed words
    text = grammar()
    for rule in ("hold_card", "close_rule", "change_rule", "when_", "as_", "move_card"):
        body = re.search(rf"^{rule}:\s*\"(\w+)\"", text, re.M)
        assert body is not None and body.group(1) in listed, rule
    assert "'NAME = draw ...'" in err.value.hint and "'NAME = choose ...'" in err.value.hint


_NOWHERE = """\
id: hb-nothing
kind: action
set: base
title: Nothing
text: Nothing at all.
stack: 1
effect: |
  carry out hb-nothing-here
  c = draw card from stack 9
  move card c to stack 9
  if me holds hb-nowhere:
      move up to 1 caballeros from provinces to court
"""


def test_b1_4_a_card_or_stack_not_in_play_is_an_error_at_its_statement(tmp_path: Path
                                                                      ) -> None:
    (tmp_path / "nothing.yaml").write_text(_NOWHERE, encoding="utf-8")
    got = run(str(tmp_path), "--strict", "--smoke", "0", "--format", "json")
    assert got.exit_code == 1
    found = {(d["line"], d["column"], d["code"]): d for d in json.loads(got.output)}
    assert set(found) == {(8, 13, "E-UNKNOWN-CARD"), (9, 22, "E-UNKNOWN-STACK"),
                          (10, 18, "E-UNKNOWN-STACK"), (11, 15, "E-UNKNOWN-CARD")}
    assert found[(8, 13, "E-UNKNOWN-CARD")]["hint"] == "did you mean 'hb-nothing'?"
    assert found[(9, 22, "E-UNKNOWN-STACK")]["hint"] == "the stacks in play: 1, 2, 3, 4"


def test_a_card_named_by_a_loaded_id_or_a_set_stack_is_accepted(tmp_path: Path) -> None:
    text = _NOWHERE.replace("hb-nothing-here", "hb-nothing").replace("hb-nowhere",
                                                                      "hb-nothing")
    (tmp_path / "nothing.yaml").write_text(text.replace("stack 9", "stack 4"),
                                           encoding="utf-8")
    got = run(str(tmp_path), "--smoke", "0", "--format", "json")
    assert not [d for d in json.loads(got.output) if d["code"].startswith("E-UNKNOWN")]


def test_the_library_refuses_a_card_id_no_card_has(tmp_path: Path) -> None:
    from elgrande.data.library import load_library
    from elgrande.errors import CardError

    (tmp_path / "nothing.yaml").write_text(_NOWHERE, encoding="utf-8")
    with pytest.raises(CardError) as err:
        load_library(("base",), extra=[tmp_path])
    assert err.value.code == "E-UNKNOWN-CARD"
    assert (err.value.line, err.value.column) == (8, 13)


def test_a_region_of_an_expansion_not_in_play_hints_the_sets_that_have_it(tmp_path: Path
                                                                          ) -> None:
    from elgrande.data.kinds import shipped_set_ids
    from elgrande.data.manifests import set_order

    base = load_board(("base",))
    adding = [(s, [p for p in load_board(set_order(("base", s))).index if p not in base.index])
              for s in shipped_set_ids() if s != "base"]
    assert any(places for _, places in adding)  # an expansion adds places
    for other, places in adding:
        if not places:
            continue
        place = places[0]
        (tmp_path / "far.yaml").write_text(
            "id: hb-far\nkind: action\nset: base\ntitle: Far\ntext: Far away.\nstack: 1\n"
            f"effect: |\n  score {place}\n", encoding="utf-8")
        got = run(str(tmp_path), "--smoke", "0", "--format", "json")
        [diag] = json.loads(got.output)
        assert (diag["code"], diag["line"], diag["column"]) == ("E-UNKNOWN-REGION", 8, 9)
        assert diag["hint"].endswith(f"play with --sets base,{other}"), diag["hint"]
        assert run(str(tmp_path), "--smoke", "0", "--sets", f"base,{other}").exit_code == 0
