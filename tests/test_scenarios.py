"""Every scenario case (shared and own) must pass; the runner and the CLI report them."""

from __future__ import annotations

import textwrap
from collections import Counter
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner
from conftest import (
    OWN_CASES,
    all_case_files,
    case_folders,
    case_id,
    expansion_cases_dirs,
    shared_cases_dir,
    shared_required,
)

from elgrande.tools.cli import main
from elgrande.tools.scenario import run_file


def test_scenario_case(scenario_case: Path) -> None:
    result = run_file(scenario_case)
    assert result.passed, f"{scenario_case}:\n{result.line()}"


def test_shared_cases_folder_is_found_when_required() -> None:
    folder = shared_cases_dir()
    if not folder.is_dir() and not shared_required():
        pytest.skip(f"no shared cases at {folder} (ELGRANDE_REQUIRE_SHARED=1 makes this fail)")
    assert folder.is_dir(), (f"shared cases not found at {folder}; set ELGRANDE_CASES or "
                             "put shared/ beside the repository")
    assert list(folder.rglob("*.yaml")), f"no case files under {folder}"


def test_shared_expansion_cases_are_found_when_required() -> None:
    for folder in expansion_cases_dirs():
        if not folder.is_dir() and not shared_required():
            pytest.skip(f"no expansion cases at {folder}")
        assert folder.is_dir(), f"expansion cases not found at {folder}"
        assert list(folder.rglob("*.yaml")), f"no case files under {folder}"
        assert folder in case_folders()


def _rules_of(files: list[Path]) -> set[str]:
    rules: set[str] = set()
    for f in files:
        data = yaml.safe_load(f.read_text(encoding="utf-8"))
        if isinstance(data, dict):
            rules.update(str(r) for r in data.get("rules") or [])
    return rules


def test_own_cases_cover_every_rule_the_shared_cases_cover() -> None:
    folder = shared_cases_dir()
    if not folder.is_dir() or folder.resolve() == OWN_CASES.resolve():
        pytest.skip(f"no shared cases at {folder}")
    shared = sorted(folder.rglob("*.yaml"))
    own = sorted(OWN_CASES.glob("*.yaml"))
    missing = _rules_of(shared) - _rules_of(own)
    assert not missing, f"rules only the shared cases check: {sorted(missing)}"


def test_a_case_folder_named_twice_is_collected_once(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ELGRANDE_CASES", str(OWN_CASES))
    monkeypatch.setenv("ELGRANDE_EXPANSION_CASES", str(OWN_CASES))
    assert case_folders() == [OWN_CASES]
    files = all_case_files()
    assert len(files) == len({f.resolve() for f in files}) == len(list(OWN_CASES.rglob("*.y*ml")))


def test_own_cases_folder_has_cases() -> None:
    assert list(OWN_CASES.glob("*.yaml"))


def test_case_ids_are_unique() -> None:
    ids = Counter(case_id(f) for f in all_case_files())
    assert [i for i, n in ids.items() if n > 1] == []


PASSING = """\
id: TMP-PASS
title: sole first takes the left value
rules: [B6.5]
sets: [base]
players: [red, blue, green]
position:
  king: galicia
  grandes: {red: aragon, blue: seville, green: catalonia}
  regions:
    granada: {red: 2, blue: 1}
do:
  - score: [granada]
expect:
  points: {red: 6, blue: 3}
"""

FAILING = PASSING.replace("TMP-PASS", "TMP-FAIL").replace("red: 6", "red: 99")


def _write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


def _case_lines(output: str) -> list[str]:
    """The per-case lines of the CLI output (difference lines are indented)."""
    return [ln for ln in output.splitlines()[:-1] if ln and not ln[0].isspace()]


def test_runner_reports_differences(tmp_path: Path) -> None:
    result = run_file(_write(tmp_path, "fail.yaml", FAILING))
    assert not result.passed
    assert result.id == "TMP-FAIL"
    assert "points of red: expected 99, got 6" in result.differences
    assert "points of red: expected 99, got 6" in result.line()


def test_runner_fails_a_case_expecting_a_refusal_that_does_not_come(tmp_path: Path) -> None:
    text = PASSING.replace("points: {red: 6, blue: 3}", "illegal: B6.5")
    result = run_file(_write(tmp_path, "c.yaml", text))
    assert not result.passed
    assert any("was carried out" in d for d in result.differences)


def test_runner_fails_a_refusal_citing_another_rule(tmp_path: Path) -> None:
    text = """\
    id: TMP-RULE
    title: wrong rule expected
    players: [red, blue]
    position:
      king: galicia
      grandes: {red: aragon, blue: seville}
      court: {red: 3}
    do:
      - place: {player: red, limit: 3, to: {galicia: 1}}
    expect:
      illegal: B6.1
    """
    result = run_file(_write(tmp_path, "c.yaml", text))
    assert not result.passed
    assert any("refused citing B5.2" in d for d in result.differences)


def test_runner_fails_a_position_that_does_not_conserve_caballeros(tmp_path: Path) -> None:
    text = PASSING.replace("granada: {red: 2, blue: 1}", "granada: {red: 31}")
    result = run_file(_write(tmp_path, "c.yaml", text))
    assert not result.passed
    assert "conserve" in " ".join(result.differences)


def test_cli_scenario_prints_a_line_per_case_and_exits_1_on_failure(tmp_path: Path) -> None:
    _write(tmp_path, "a-pass.yaml", PASSING)
    _write(tmp_path, "b-fail.yaml", FAILING)
    out = CliRunner().invoke(main, ["scenario", str(tmp_path)])
    assert out.exit_code == 1, out.output
    lines = _case_lines(out.output)
    assert len(lines) == 2
    assert lines[0].startswith("TMP-PASS") and "pass" in lines[0]
    assert lines[1].startswith("TMP-FAIL") and "FAIL" in lines[1]
    assert "expected 99, got 6" in out.output
    assert out.output.splitlines()[-1] == "1 passed, 1 failed"


def test_cli_scenario_exits_0_when_every_case_passes(tmp_path: Path) -> None:
    path = _write(tmp_path, "a-pass.yaml", PASSING)
    out = CliRunner().invoke(main, ["scenario", str(path)])
    assert out.exit_code == 0, out.output
    assert out.output.splitlines() == [_case_lines(out.output)[0], "1 passed, 0 failed"]


def test_cli_scenario_counts_a_case_that_cannot_be_set_up_as_failed(tmp_path: Path) -> None:
    _write(tmp_path, "bad.yaml", PASSING.replace("king: galicia", "king: galisia"))
    out = CliRunner().invoke(main, ["scenario", str(tmp_path)])
    assert out.exit_code == 1
    assert "galicia" in out.output  # the did-you-mean hint
    assert out.output.splitlines()[-1] == "0 passed, 1 failed"


def test_cli_scenario_over_all_cases_agrees_with_the_runner() -> None:
    files = all_case_files()
    folders = [str(d) for d in case_folders()]
    out = CliRunner().invoke(main, ["scenario", *folders])
    lines = _case_lines(out.output)
    assert [ln.split()[0] for ln in lines] == [case_id(f) for f in files]
    failed = sum(not run_file(f).passed for f in files)
    assert out.output.splitlines()[-1] == f"{len(files) - failed} passed, {failed} failed"
    assert out.exit_code == (1 if failed else 0)


# -- unknown keys and malformed cases ------------------------------------------------------
@pytest.mark.parametrize("old,new,key", [
    ("  king: galicia", "  king: galicia\n  kingg: aragon", "kingg"),
    ("  - score: [granada]", "  - score: [granada]\n  - scoer: [granada]", "scoer"),
    ("  points: {red: 6, blue: 3}", "  points: {red: 6, blue: 3}\n  pionts: {}", "pionts"),
    ("title: sole", "titel: x\ntitle: sole", "titel"),
    ("  - score: [granada]", "  - place: {player: red, limit: 1, to: {}, extra: 1}",
     "extra"),
])
def test_a_case_with_an_unknown_key_fails_naming_the_key(tmp_path: Path, old: str, new: str,
                                                         key: str) -> None:
    text = PASSING.replace(old, new)
    assert text != PASSING
    result = run_file(_write(tmp_path, "c.yaml", text))
    assert not result.passed
    assert any(repr(key) in d for d in result.differences), result.differences


@pytest.mark.parametrize("old,new", [
    ("  - score: [granada]", "  - place: {player: red, to: {basque: 1}}"),
    ("  points: {red: 6, blue: 3}", "  points: 5"),
    ("position:\n  king: galicia\n  grandes: {red: aragon, blue: seville, green: catalonia}"
     "\n  regions:\n    granada: {red: 2, blue: 1}", "position: [1]"),
    ("  - score: [granada]", "  - score: granada"),
    ("    granada: {red: 2, blue: 1}", "    granada: {red: two}"),
    ("  - score: [granada]", "  - bids: [1, 2]"),
])
def test_a_malformed_case_is_one_failed_line_and_the_runner_goes_on(tmp_path: Path, old: str,
                                                                    new: str) -> None:
    text = PASSING.replace(old, new)
    assert text != PASSING
    _write(tmp_path, "a-bad.yaml", text)
    _write(tmp_path, "b-good.yaml", PASSING.replace("TMP-PASS", "TMP-GOOD"))
    out = CliRunner().invoke(main, ["scenario", str(tmp_path)])
    assert out.exception is None or isinstance(out.exception, SystemExit), out.output
    assert "Traceback" not in out.output
    lines = out.output.splitlines()
    assert lines[-1] == "1 passed, 1 failed"
    fail = [ln for ln in lines if "FAIL" in ln]
    assert len(fail) == 1 and len(lines) == 3  # the problem is one line: file and key
    assert "a-bad.yaml: " in fail[0]


def test_the_place_step_runs_the_games_placement_decision() -> None:
    """One code path per rule: a refused placement cites the rule the game's decision
    cites, and an accepted one changes the state as the game's placement does."""
    from elgrande.data.library import load_library
    from elgrande.engine.court import placement_decision
    from elgrande.engine.flow import engine_for

    eng = engine_for(load_library(("base",)))
    import yaml

    case = yaml.safe_load(PASSING)
    case["position"]["court"] = {"red": 3}
    from elgrande.tools.scenario import setup_case

    c = setup_case(case)
    d = placement_decision(eng, c.state, 0, 2)
    assert d is not None and d.rule == "B4.3"
    assert "castillo" in d.options["to"]
