"""The replay viewer: ``elgrande show RECORD --out DIR`` writes one static page
that steps through the game; public or one player's view (B8.5a); tested in headless
Chromium through Playwright when both are installed (tests/browser.py: steps forward and
back, the board changes, no console message)."""

from __future__ import annotations

import html
import json
import re
import shutil
from pathlib import Path

import pytest
from browser import Tab
from click.testing import CliRunner
from test_board_svg import counts, played

from elgrande.play.records import record_lines
from elgrande.tools.cli import main
from elgrande.tools.viewer import frames


@pytest.fixture(scope="module")
def record(tmp_path_factory: pytest.TempPathFactory) -> Path:
    g = played(11, 10_000, 3)
    assert g.over
    path = tmp_path_factory.mktemp("rec") / "game.jsonl"
    path.write_text("\n".join(record_lines(g)) + "\n", encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def page(record: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("view")
    r = CliRunner().invoke(main, ["show", str(record), "--out", str(out)])
    assert r.exit_code == 0, r.output
    return out / "index.html"


def _data(page: Path) -> dict[str, object]:
    text = page.read_text(encoding="utf-8")
    m = re.search(r'<script type="application/json" id="data">(.*?)</script>', text, re.S)
    assert m
    data = json.loads(m.group(1))
    assert isinstance(data, dict)
    return data


def test_one_step_per_answer_and_the_board_of_each(record: Path) -> None:
    lines = record.read_text(encoding="utf-8").splitlines()
    data = frames(lines, None)
    steps = data["steps"]
    assert len(steps) == len(lines)  # the set-up position, then one per answer
    assert steps[0]["log"] <= steps[-1]["log"] == len(data["log"])
    assert steps[-1]["scores"] != [0, 0, 0]
    assert counts(steps[0]["svg"]) != counts(steps[-1]["svg"])
    assert steps[5]["did"].startswith("Answer 5: ")
    # each answer said in words, as the log says it: no engine kind, no JSON
    for st in steps[1:]:
        assert not re.search(r"\((choose|place|move|secret)_\w+\)|[{\[]\"", st["did"]), st["did"]
    placed = [st["did"] for st in steps if " places caballeros: " in st["did"]]
    assert placed and all(re.search(r"\d+ in [A-Z]|: none", d) for d in placed), placed


def test_the_chart_marks_where_each_round_begins(page: Path) -> None:
    """B3: the score chart's axis names each round where its answers begin (the replay
    had only "answer N"), in order, one label a round."""
    text = page.read_text(encoding="utf-8")
    labels = [int(x) for x in re.findall(r'<text class="round-label"[^>]*>(\d+)</text>', text)]
    xs = [float(x) for x in re.findall(r'<text class="round-label" x="([\d.]+)"', text)]
    assert labels == list(range(1, 10)), labels
    assert xs == sorted(xs) and len(set(xs)) == len(xs)
    # the axis in plain words (it said "rounds (each one's first answer)", "answer 228")
    assert "each number: where that round begins" in text
    assert re.search(r">\d+ choices in all</text>", text) and ">answer " not in text


def test_B8_5a_the_public_viewer_holds_no_hand_and_no_secret_before_its_time(
        record: Path) -> None:
    lines = record.read_text(encoding="utf-8").splitlines()
    public = frames(lines, None)
    assert not any('class="hand"' in s["svg"] for s in public["steps"])
    secret = [s["did"] for s in public["steps"] if "set their secret disc" in s["did"]]
    assert secret and all("set their secret disc (secret)." in d for d in secret)
    # B8.5: the discs are shown together once the last is set, never before
    revealed = [d for d in secret if " Revealed: " in d]
    assert revealed and len(revealed) < len(secret)
    mine = frames(lines, 0)
    assert all(s["svg"].count('class="hand"') == 1 for s in mine["steps"])
    own = [s["did"] for s in mine["steps"] if "Set your secret disc" in s["did"]
           and s["did"].split(" — ")[0].endswith(mine["names"][0])]
    assert own and not any(d.endswith("secret).") for d in own)
    assert all(not d.endswith(("'.", '".')) for d in own)  # a place's name, not its id


#: A game of every set combination (the expansions with the provisional fill).
EVERY_SET = [("base",), ("base", "intrigue-king"), ("base", "colonies"),
             ("base", "intrigue-king", "colonies")]


def _random_record(sets: tuple[str, ...], seed: int, path: Path) -> list[dict[str, object]]:
    import random

    import elgrande

    g = elgrande.new_game(3, sets=sets, seed=seed, logging=False,
                          fill="provisional" if len(sets) > 1 else None)
    rng = random.Random(seed)
    while g.pending is not None:
        d = g.pending
        g.answer(d.players[0], d.random_answer(rng, d.players[0]))
    path.write_text("\n".join(record_lines(g)) + "\n", encoding="utf-8")
    return g.history


@pytest.mark.slow
def test_B8_5a_every_declared_secret_kind_stays_hidden_on_every_page_of_every_set(
        tmp_path: Path) -> None:
    """Every decision kind declared secret in the registry (all sets' rules modules
    loaded) is met in the games, and on the public page and every ``--as`` page no other
    player's answer of such a kind is shown: its caption reads the declared words; an
    answer never made public (I1's card choice) is nowhere on another player's page."""
    from elgrande.engine.decisions import NEVER, secret_kinds

    met: set[str] = set()
    for n, sets in enumerate(EVERY_SET):
        rec = tmp_path / f"game{n}.jsonl"
        history = _random_record(sets, 3 + n, rec)
        declared = secret_kinds()  # every rules module of ``sets`` is imported by now
        for who in [None, "0", "1", "2"]:
            out = tmp_path / f"view{n}-{who}"
            args = ["show", str(rec), "--out", str(out)] + (["--as", who] if who else [])
            r = CliRunner().invoke(main, args)
            assert r.exit_code == 0, r.output
            page = (out / "index.html").read_text(encoding="utf-8")
            data = _data(out / "index.html")
            steps, names = data["steps"], data["names"]
            viewer = None if who is None else int(who)
            for i, h in enumerate(history, 1):
                secret = declared.get(str(h["kind"]))
                if secret is None or h["player"] == viewer:
                    continue
                met.add(str(h["kind"]))
                did = steps[i]["did"]  # type: ignore[index]
                shown = h["answer"] if isinstance(h["answer"], str) else json.dumps(
                    h["answer"])
                before, _, reveal = did.partition(" Revealed: ")
                assert shown not in before and secret.hidden(h["answer"]) in before, did
                if secret.until == NEVER:
                    assert not reveal
                    assert html.escape(shown) not in page and shown not in page
                elif reveal:  # the last of the choices: all are shown together (B8.5)
                    said = f"{names[h['player']]} {shown}".replace("_", " ")  # type: ignore[index]
                    assert said.lower() in reveal.lower(), reveal  # the place by its name
    assert set(secret_kinds()) <= met and "choose_cards" in met and "secret_region" in met


def test_the_page_is_self_contained(page: Path) -> None:
    text = page.read_text(encoding="utf-8")
    assert not re.search(r'(src|href)="(https?:)?//', text)
    assert "<link" not in text
    data = _data(page)
    assert len(data["steps"]) > 50  # type: ignore[arg-type]


def test_cli_show_refuses_an_unknown_player(record: Path, tmp_path: Path) -> None:
    r = CliRunner().invoke(main, ["show", str(record), "--out", str(tmp_path), "--as", "zed"])
    assert r.exit_code == 2 and "no player 'zed'" in r.output  # a bad --as value
    r = CliRunner().invoke(main, ["show", str(record), "--out", str(tmp_path), "--as", "p2"])
    assert r.exit_code == 0 and "(as p2)" in (tmp_path / "index.html").read_text("utf-8")


def _open(tab: Tab, url: str) -> None:
    tab.page.goto(url)
    tab.page.wait_for_function("window.elgrandeViewer !== undefined")


def _step(tab: Tab) -> int:
    return int(tab.page.evaluate("window.elgrandeViewer.step()"))


def test_chromium_steps_forward_and_back_and_the_board_changes(page: Path, tab: Tab) -> None:
    """The buttons and the keys step the game; the board at the end differs from the
    start and comes back when stepped home; no console message."""
    _open(tab, page.as_uri())
    p = tab.page
    last = int(p.evaluate("window.elgrandeViewer.count")) - 1
    board = p.locator("#board")
    start = board.inner_html()
    p.keyboard.press("ArrowRight")
    assert _step(tab) == 1
    p.get_by_role("button", name="next step").click()
    assert _step(tab) == 2
    p.keyboard.press("End")
    assert _step(tab) == last
    assert board.inner_html() != start
    assert board.locator("g.caballeros").count() > 0
    assert len(p.locator("#log").inner_text().split("\n")) > 10
    p.keyboard.press("ArrowLeft")
    assert _step(tab) == last - 1
    p.get_by_role("button", name="previous step").click()
    assert _step(tab) == last - 2
    p.keyboard.press("Home")
    assert _step(tab) == 0 and board.inner_html() == start
    p.get_by_role("button", name="last step").click()
    assert p.locator("#pos").inner_text().startswith(f"step {last} / {last}")
    tab.assert_quiet()


def test_chromium_opens_the_step_named_in_the_address(page: Path, tab: Tab) -> None:
    _open(tab, page.as_uri() + "#step=5")
    assert re.match(r"step 5 / \d+", tab.page.locator("#pos").inner_text())
    data = _data(page)
    steps = data["steps"]
    assert isinstance(steps, list)
    assert tab.page.locator("#did").inner_text() == steps[5]["did"]
    tab.assert_quiet()


@pytest.mark.parametrize("content", [b"", b"\xd0\xff\x00binary", b'{"a": 1}\n'])
def test_cli_show_and_board_refuse_unreadable_files_without_a_traceback(
        tmp_path: Path, content: bytes) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_bytes(content)
    for args in (["show", str(bad), "--out", str(tmp_path / "v")],
                 ["board", str(bad), "--out", str(tmp_path / "b.svg")]):
        r = CliRunner().invoke(main, args)
        assert r.exit_code == 1, (args, r.output)
        assert r.output.startswith("error: ") and len(r.output.splitlines()) == 1
        assert "Traceback" not in r.output


def test_board_and_show_read_a_records_homebrew_cards_from_cards_as_check_does(
        tmp_path: Path) -> None:
    """A record of a homebrew game whose card folder moved: board and show refuse it in one
    line (exit 1) naming --cards, and draw it given --cards, as ``elgrande check`` does."""
    cards = tmp_path / "hb"
    shutil.copytree(Path(__file__).resolve().parent.parent / "examples" / "homebrew", cards)
    rec = tmp_path / "games" / "R.jsonl"
    rec.parent.mkdir()
    r = CliRunner().invoke(main, ["play", "-n", "2", "--seed", "3", "-q", "--cards",
                                  str(cards), "--record", str(rec)])
    assert r.exit_code == 0, r.output
    moved = cards.rename(tmp_path / "hb-moved")
    for cmd, out in (("board", tmp_path / "b.svg"), ("show", tmp_path / "v")):
        bad = CliRunner().invoke(main, [cmd, str(rec), "--out", str(out)])
        assert bad.exit_code == 1 and "--cards" in bad.output, bad.output
        assert len(bad.output.splitlines()) == 1
        good = CliRunner().invoke(main, [cmd, str(rec), "--out", str(out), "--cards",
                                         str(moved)])
        assert good.exit_code == 0, good.output
    assert (tmp_path / "b.svg").read_text("utf-8").startswith("<svg")
    assert (tmp_path / "v" / "index.html").exists()
