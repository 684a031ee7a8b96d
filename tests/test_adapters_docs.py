"""Every example in docs/ai.md runs (those needing an extra are skipped without it)."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import pytest

AI_MD = (Path(__file__).resolve().parent.parent / "docs" / "ai.md").read_text(encoding="utf-8")
BLOCKS = re.findall(r"```python\n(.*?)```", AI_MD, re.S)
NEEDS = {"pyspiel": "[openspiel]", "pettingzoo": "[pettingzoo]"}


def test_ai_doc_has_an_example_per_adapter_and_the_bot() -> None:
    """One example each: the action space, OpenSpiel, PettingZoo, the ismcts bot."""
    assert len(BLOCKS) == 4
    for word in ("AnswerBuilder", "pyspiel.load_game", "agent_iter", "ISMCTSBot"):
        assert any(word in b for b in BLOCKS), word


@pytest.mark.parametrize("i", range(len(BLOCKS)))
def test_ai_doc_example_runs(i: int, capsys: pytest.CaptureFixture[str]) -> None:
    """The i-th python block of docs/ai.md runs to its end and prints its result."""
    code = BLOCKS[i]
    for module, extra in NEEDS.items():
        if f"import {module}" in code or f"from elgrande.adapters.{module}" in code \
                or (module == "pyspiel" and "adapters.openspiel" in code):
            if importlib.util.find_spec(module) is None:
                pytest.skip(f"the {extra} extra is not installed")
    exec(compile(code, f"docs/ai.md block {i}", "exec"), {})  # noqa: S102 - our own docs
    assert capsys.readouterr().out.strip()
