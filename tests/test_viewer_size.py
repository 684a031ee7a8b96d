"""The replay viewer stays small for a long game: what its steps have in common (the
board's SVG tags) is embedded once, and the page still opens at any step with that step's
board, log and caption (``elgrande show``; B8.5a views unchanged)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from browser import Tab
from click.testing import CliRunner
from test_viewer import _data

from elgrande.tools.cli import main
from elgrande.tools.viewer import frames

#: Largest page allowed for the 5-player game with both expansions (bytes).
LIMIT = 2_000_000
CABALLEROS = re.compile(r'<g class="caballeros" data-place="([^"]+)" data-player="(\d+)" '
                        r'data-count="(\d+)"')


@pytest.fixture(scope="module")
def long_game(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """The 5-player game with both expansions, seed 1, greedy bots, and its page."""
    d = tmp_path_factory.mktemp("long")
    rec = d / "game.jsonl"
    r = CliRunner().invoke(main, [
        "play", "--players", "5", "--sets", "base,intrigue-king,colonies", "--fill",
        "provisional", "--seed", "1", "--bots", "greedy", "--variant", "standard", "-q",
        "--record", str(rec)])
    assert r.exit_code == 0, r.output
    r = CliRunner().invoke(main, ["show", str(rec), "--out", str(d / "view")])
    assert r.exit_code == 0, r.output
    return rec, d / "view" / "index.html"


def test_the_viewer_of_a_long_five_player_game_with_both_expansions_is_under_2_mb(
        long_game: tuple[Path, Path]) -> None:
    rec, page = long_game
    assert len(rec.read_text("utf-8").splitlines()) > 250  # a whole game
    assert page.stat().st_size < LIMIT, page.stat().st_size


def test_every_step_of_the_page_rebuilds_the_board_of_that_step(
        long_game: tuple[Path, Path]) -> None:
    rec, page = long_game
    full = frames(rec.read_text("utf-8").splitlines(), None)
    data = _data(page)
    pieces, steps = data["pieces"], data["steps"]
    assert isinstance(pieces, list) and isinstance(steps, list)
    assert len(steps) == len(full["steps"])
    for st, want in zip(steps, full["steps"], strict=True):
        assert "".join(pieces[k] for k in st["parts"]) == want["svg"]
        assert {k: st[k] for k in ("did", "log", "scores", "round")} == {
            k: want[k] for k in ("did", "log", "scores", "round")}


def test_chromium_opens_the_long_game_at_any_step_with_its_board_log_and_caption(
        long_game: tuple[Path, Path], tab: Tab) -> None:
    rec, page = long_game
    full = frames(rec.read_text("utf-8").splitlines(), None)
    last = len(full["steps"]) - 1
    p = tab.page
    for n in (0, 1, last // 2, last):
        p.goto(page.as_uri() + f"#step={n}")
        p.reload()  # a new address with only a new #step: open it afresh
        want = full["steps"][n]
        assert re.match(rf"step {n} / {last}\b", p.locator("#pos").inner_text())
        board = p.locator("#board").inner_html()
        assert sorted(CABALLEROS.findall(board)) == sorted(CABALLEROS.findall(want["svg"]))
        assert board.count("<g ") == want["svg"].count("<g ")
        assert p.locator("#did").inner_text() == want["did"]
        assert p.locator("#log").text_content() == "\n".join(full["log"][:want["log"]])
    tab.assert_quiet()
