"""The README and the hand-written docs stay true: its first lines, its library example,
every `elgrande` command of its tour, the card-language line it quotes, the links between
them, and the bot example of docs/architecture.md."""

from __future__ import annotations

import random
import re
import shlex
import tomllib
from pathlib import Path

import pytest
from click.testing import CliRunner

from elgrande.dsl.parser import parse
from elgrande.tools.cli import main

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")
#: The hand-written pages (the generated ones are checked by tests/test_docs.py).
HAND_WRITTEN = ["README.md", "docs/architecture.md", "docs/performance.md", "docs/compiled.md",
                "docs/library.md", "docs/cli.md", "docs/homebrew.md", "docs/ai.md", "docs/serve.md"]
#: What the README's commands may be shortened to here, and why: a balance run of 200
#: games is the README's advice, 4 games on one worker prove the same command line.
SHORTER = {"--games 200": "--games 4 --jobs 1"}


def _blocks(lang: str, text: str = README) -> list[str]:
    return re.findall(rf"```{lang}\n(.*?)```", text, re.S)


def test_readme_opens_with_the_two_newcomer_commands() -> None:
    block = re.search(r"```sh\n(.*?)```", README, re.S)
    assert block is not None and README.index("```sh") < 40
    lines = [ln for ln in block.group(1).splitlines() if ln.strip()]
    assert lines == [
        "python3 -m venv .venv && .venv/bin/pip install . && .venv/bin/elgrande play "
        "--players 4 --seed 1",
        "python3 -m venv .venv && .venv/bin/pip install '.[test]' && .venv/bin/python -m "
        "pytest -n 2",
    ]


def test_readme_library_example_runs_a_whole_game(capsys: object) -> None:
    block = re.search(r"```python\n(.*?)```", README, re.S)
    assert block is not None
    scope: dict[str, object] = {}
    exec(compile(block.group(1), "README.md", "exec"), scope)  # noqa: S102 - our own README
    game = scope["game"]
    assert game.over  # type: ignore[attr-defined]
    assert game.winners()  # type: ignore[attr-defined]


def test_readme_bots_example_plays_a_game(capsys: pytest.CaptureFixture[str]) -> None:
    block = next(b for b in _blocks("python") if "make_bot" in b)
    scope: dict[str, object] = {}
    exec(compile(block, "README.md", "exec"), scope)  # noqa: S102 - our own README
    game = scope["game"]
    assert game.over  # type: ignore[attr-defined]
    assert str(game.winners()) in capsys.readouterr().out  # type: ignore[attr-defined]


def _tour_commands() -> list[str]:
    lines = [ln.strip() for block in _blocks("sh")[1:] for ln in block.splitlines()]
    return [ln for ln in lines if ln.startswith("elgrande ")]


def test_the_tour_shows_each_use_with_a_command() -> None:
    used = {shlex.split(c)[1] for c in _tour_commands()}
    assert {"play", "check", "validate", "rules", "docs", "simulate", "board",
            "show"} <= used


def test_every_command_of_the_readme_tour_runs(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    # in order, in an empty folder beside a link to the examples: `check`, `board` and
    # `show` read the record `play` wrote; the human seat quits at once (`q`)
    (tmp_path / "examples").symlink_to(ROOT / "examples", target_is_directory=True)
    monkeypatch.chdir(tmp_path)
    commands = _tour_commands()
    assert len(commands) >= 9
    for command in commands:
        for long, short in SHORTER.items():
            command = command.replace(long, short)
        args = shlex.split(command)[1:]
        result = CliRunner().invoke(main, args, input="q\n" if "human" in command else None)
        assert result.exit_code == 0, f"{command}: {result.output}{result.exception!r}"
    assert (tmp_path / "board.svg").read_text(encoding="utf-8").startswith("<svg")
    assert (tmp_path / "replay" / "index.html").is_file()
    assert (tmp_path / "sim" / "baseline.jsonl").is_file()
    assert (tmp_path / "mine.jsonl").is_file()


def test_the_pip_extras_the_readme_names_exist() -> None:
    with (ROOT / "pyproject.toml").open("rb") as f:
        extras = set(tomllib.load(f)["project"]["optional-dependencies"])
    named = set(re.findall(r"pip install '\.\[([a-z,]+)\]'", README))
    named = {e for group in named for e in group.split(",")}
    assert named and named <= extras


def test_the_card_line_the_readme_quotes_is_a_shipped_example_that_parses() -> None:
    m = re.search(r"effect\s+script such as `([^`]+)`\s+\(`([^`]+)`\)", README)
    assert m is not None
    line, path = m.groups()
    assert line in (ROOT / path).read_text(encoding="utf-8")
    assert parse(line + "\n").body


def _anchors(text: str) -> set[str]:
    ids = set(re.findall(r'<a id="([^"]+)"></a>', text))
    for heading in re.findall(r"^#+ (.+)$", text, re.M):
        slug = re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")
        ids.add(slug)
    return ids


@pytest.mark.parametrize("page", HAND_WRITTEN)
def test_links_of_the_hand_written_pages_resolve(page: str) -> None:
    path = ROOT / page
    text = path.read_text(encoding="utf-8")
    for target in re.findall(r"\]\(([^)\s]+)\)", text):
        if re.match(r"[a-z]+:", target):
            continue  # a web address
        file, _, anchor = target.partition("#")
        dest = (path.parent / file).resolve() if file else path
        assert dest.exists(), f"{page}: {target}"
        if anchor and dest.suffix == ".md":
            assert anchor in _anchors(dest.read_text(encoding="utf-8")), f"{page}: {target}"


@pytest.mark.parametrize("page", HAND_WRITTEN)
def test_the_pages_cite_no_issue_numbers_or_files_a_clone_lacks(page: str) -> None:
    text = (ROOT / page).read_text(encoding="utf-8")
    assert not re.search(r"\bissues? #?\d+", text, re.I), page
    for name in ("DESIGN.md", "RULES.md", "EXPANSIONS.md", "DATA.md"):
        assert name not in text, f"{page} cites {name}"


def test_the_readme_keeps_the_sections_code_and_messages_point_to() -> None:
    # the README's "Compiled build" section leads to docs/compiled.md (which code comments
    # cite); the CLI's internal-error line names "Reporting problems"
    for heading in ("## Compiled build", "## Reporting problems"):
        assert heading in README


def test_the_architecture_bot_example_plays_a_game() -> None:
    from elgrande import new_game
    from elgrande.players.bots import BOTS, make_bot, play

    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    block = next(b for b in _blocks("python", text) if "class FirstBot" in b)
    scope: dict[str, object] = {}
    try:
        exec(compile(block, "architecture.md", "exec"), scope)  # noqa: S102 - our own docs
        game = new_game(3, seed=2, variant="six_rounds", logging=False)
        play(game, [make_bot("first", 1), make_bot("greedy", 2), make_bot("random", 3)])
    finally:
        BOTS.pop("first", None)
    assert game.over and game.winners()


def test_the_architecture_set_manifest_example_loads(tmp_path: Path) -> None:
    # the manifest of docs/architecture.md, with the toy rules module (tests/toy_rules.py)
    # standing in for the module a new set would write
    import toy_rules

    from elgrande import new_game

    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    block = next(b for b in _blocks("yaml", text) if "set: myset" in b)
    (tmp_path / "myset").mkdir()
    (tmp_path / "myset" / "set.yaml").write_text(
        block.replace("rules: myset", f"rules: {toy_rules.MODULE.name}"), encoding="utf-8")
    game = new_game(4, sets=("base", "myset"), set_paths=[str(tmp_path)], seed=1)
    rng = random.Random(0)
    for _ in range(40):  # the toy module's phase asks before the first turn's court phase
        d = game.pending
        assert d is not None
        if d.prompt.startswith("Pray for an omen"):
            break
        game.answer(d.players[0], d.random_answer(rng, d.players[0]))
    else:
        pytest.fail("the set's rules module was not in play")


def test_the_architecture_names_only_hooks_the_engine_has() -> None:
    # the "Where does my rule go?" table: a hook renamed or removed in the engine must be
    # renamed or removed there too
    from elgrande.engine.modules import HOOKS

    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    table = text[text.index("## Where does my rule go?"):text.index("A worked case")]
    rows = [line.split("|") for line in table.splitlines() if line.startswith("| ")][1:]
    named = {h for row in rows for h in re.findall(r"`([a-z_]+)`", row[2])}
    assert len(named) > 20
    assert named - {"before"} <= set(HOOKS), named - set(HOOKS)
