"""The README's first lines and its library example stay true."""

from __future__ import annotations

import re
from pathlib import Path

README = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")


def test_readme_opens_with_the_two_newcomer_commands() -> None:
    block = re.search(r"```sh\n(.*?)```", README, re.S)
    assert block is not None and README.index("```sh") < 40
    lines = [ln for ln in block.group(1).splitlines() if ln.strip()]
    assert len(lines) == 2
    assert "pip install ." in lines[0] and "elgrande play" in lines[0]
    assert "pip install '.[test]'" in lines[1] and "pytest" in lines[1]


def test_readme_library_example_runs_a_whole_game(capsys: object) -> None:
    block = re.search(r"```python\n(.*?)```", README, re.S)
    assert block is not None
    scope: dict[str, object] = {}
    exec(compile(block.group(1), "README.md", "exec"), scope)  # noqa: S102 - our own README
    game = scope["game"]
    assert game.over  # type: ignore[attr-defined]
    assert game.winners()  # type: ignore[attr-defined]
