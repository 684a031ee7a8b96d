"""Pictures for the guides: a board before and after a homebrew card's special action.

A picture case is a scenario case (``tests/cases/README.md``: players, position, one
``special`` step with its answers) plus ``cards`` (the homebrew folder, relative to the
case file); the two SVG file names are :data:`GUIDE_PICTURES`. :func:`before_after` sets the
position up, draws it, carries the special action out with the card loaded from that
folder, and draws the result (public views: no hand is shown).

``python -m elgrande.tools.pictures`` rewrites the pictures of ``docs/homebrew.md`` from
``docs/pictures/smugglers.yaml``; a test checks that the committed ones are fresh.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from elgrande.data import yamlpos
from elgrande.data.library import load_library
from elgrande.errors import ScenarioError
from elgrande.model.state import State
from elgrande.tools.board_svg import board_svg
from elgrande.tools.scenario import STEPS, Case, setup_case

#: The guide's picture case, relative to the repository root.
GUIDE_CASE = Path("docs") / "pictures" / "smugglers.yaml"
#: The two pictures it makes (before, after), written into docs/.
GUIDE_PICTURES = ["homebrew-before.svg", "homebrew-after.svg"]


def _view(case: Case, state: State, title: str) -> dict[str, Any]:
    hidden = state.to_json()
    hidden["hands"] = [None] * state.players
    return {"state": hidden, "names": case.names, "player": None,
            "flow": None, "title": title}


def before_after(case_path: str | Path) -> tuple[str, str, list[str]]:
    """Draw a picture case.

    Args:
        case_path: the case file (YAML).
    Returns:
        ``(svg before, svg after, output file names)``.
    Raises:
        ScenarioError: a bad case, a card not found, answers that do not finish the
        special action (the scenario runner's ``special`` step carries it out).
        IllegalMove: an answer the rules refuse.
    """
    path = Path(case_path)
    data, _pos = yamlpos.load(path.read_text(encoding="utf-8"), str(path))
    if not isinstance(data, dict):
        raise ScenarioError(f"{path}: a picture case must be a mapping")
    case = setup_case(data, str(path))
    steps = data.get("do") or []
    if len(steps) != 1 or "special" not in steps[0]:
        raise ScenarioError(f"{path}: a picture case has one 'special' step")
    step = steps[0]["special"]
    folders = data.get("cards") or []
    lib = load_library(case.board.sets, (), [str(path.parent / f) for f in (
        [folders] if isinstance(folders, str) else folders)])
    card = str(step["card"])
    if card not in lib.cards.cards:
        raise ScenarioError(f"{path}: card {card!r} is not in the case's 'cards' folders")
    title = lib.cards.cards[card].title
    actor = case.player(step["player"])
    before = _view(case, case.state, f"Before {case.names[actor]} plays {title}")
    STEPS["special"](case, step)  # carries the special action out on case.state
    work = case.state
    after = _view(case, work, f"After {case.names[actor]} plays {title}")
    return board_svg(before, lib.board), board_svg(after, lib.board), list(GUIDE_PICTURES)


def write_guide_pictures(root: str | Path = ".") -> list[Path]:
    """Rewrite the homebrew guide's pictures under ``root/docs``; returns their paths."""
    svg_before, svg_after, names = before_after(Path(root) / GUIDE_CASE)
    out = []
    for name, svg in zip(names, (svg_before, svg_after), strict=True):
        p = Path(root) / "docs" / name
        p.write_text(svg, encoding="utf-8")
        out.append(p)
    return out


if __name__ == "__main__":  # pragma: no cover
    for p in write_guide_pictures():
        print(f"wrote {p}")
