"""`elgrande simulate`: determinism across jobs, resume, the JSON Lines schema,
the summary's numbers on a hand-made results file, the report, one-line CLI errors."""

from __future__ import annotations

import json
import math
import statistics
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from browser import Tab
from click.testing import CliRunner
from conftest import examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from elgrande.play.game import new_game
from elgrande.players.bots import make_bot, play
from elgrande.tools import sim_report as rep
from elgrande.tools import simulate as sim
from elgrande.tools.cli import main

ROOT = Path(__file__).resolve().parent.parent
HOMEBREW = str(ROOT / "examples" / "homebrew")
SHORT = sim.SimConfig(players=(2, 3), bots=("random",), variant="six_rounds")


def _run(tmp: Path, seeds: range, jobs: int, cfg: sim.SimConfig = SHORT,
         resume: bool = False) -> list[dict[str, Any]]:
    sets = [sim.ResultSet("games", cfg, tmp / "games.jsonl")]
    return sim.run_games(sets, seeds, jobs=jobs, resume=resume, progress=False)["games"]


def test_same_seeds_give_the_same_file_whatever_the_jobs(tmp_path: Path) -> None:
    _run(tmp_path / "one", range(1, 7), jobs=1)
    _run(tmp_path / "two", range(1, 7), jobs=2)
    one = (tmp_path / "one" / "games.jsonl").read_bytes()
    assert one == (tmp_path / "two" / "games.jsonl").read_bytes()
    assert [json.loads(x)["seed"] for x in one.splitlines()] == list(range(1, 7))


def test_a_game_is_the_game_elgrande_play_plays_with_its_seed() -> None:
    cfg = sim.SimConfig(players=(3,), bots=("greedy", "random"), variant="six_rounds",
                        cards=(HOMEBREW,))
    rec = sim.play_one(cfg, 5)
    game = new_game(3, seed=5, variant="six_rounds", cards=(HOMEBREW,), logging=False)
    play(game, [make_bot(k, 5 * 100 + p) for p, k in enumerate(["greedy", "random",
                                                                 "random"])])
    assert rec["scores"] == game.state.scores
    assert rec["winners"] == game.winners()
    assert rec["answers"] == len(game.history)


def test_lines_follow_the_schema_and_sources_add_up_to_the_score(tmp_path: Path) -> None:
    recs = _run(tmp_path, range(1, 4), jobs=1)
    lines = (tmp_path / "games.jsonl").read_text().splitlines()
    assert len(lines) == 3
    for line, rec in zip(lines, recs, strict=True):
        assert line == json.dumps(rec, sort_keys=True, separators=(",", ":"))
        assert tuple(sorted(rec)) == sim.SCHEMA_KEYS
        n = rec["players"]
        assert n == SHORT.players_for(rec["seed"]) and rec["bots"] == ["random"] * n
        assert rec["variant"] == "six_rounds" and rec["sets"] == ["base"]
        for p in range(n):
            pts = rec["points"][p]
            assert sum(pts.values()) == rec["scores"][p]
            assert all(k == sim.OTHER or k.split(":")[0] in ("general", "special")
                       for k in pts)
            assert sum(r[p] for r in rec["round_points"].values()) == rec["scores"][p]
        assert any(k.startswith("general:") for k in rec["points"][0])
        top = max(rec["scores"])
        assert rec["winners"] == [p for p in range(n) if rec["scores"][p] == top]
        assert {t["round"] for t in rec["taken"]} == set(range(1, 7))
        assert all(0 <= t["seat"] < n and t["card"] for t in rec["taken"])


def test_resume_plays_only_the_missing_and_failed_seeds(tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch
                                                        ) -> None:
    _run(tmp_path, range(1, 4), jobs=1)
    first = (tmp_path / "games.jsonl").read_text().splitlines()
    broken = {**json.loads(first[1]), "error": "RuntimeError: boom"}
    (tmp_path / "games.jsonl").write_text(first[0] + "\n" + sim.record_line(broken) + "\n"
                                          + first[2] + "\n")
    played: list[int] = []
    real = sim.play_one

    def spy(cfg: sim.SimConfig, seed: int, paths: Any = None) -> dict[str, Any]:
        played.append(seed)
        return real(cfg, seed, paths)

    monkeypatch.setattr(sim, "play_one", spy)
    recs = _run(tmp_path, range(1, 6), jobs=1, resume=True)
    assert sorted(played) == [2, 4, 5]
    assert [r["seed"] for r in recs] == [1, 2, 3, 4, 5]
    again = (tmp_path / "games.jsonl").read_text().splitlines()
    assert again[:3] == first
    with pytest.raises(sim.SimError, match="--resume"):
        _run(tmp_path, range(1, 6), jobs=1)
    other = sim.SimConfig(players=(2, 3), bots=("greedy",), variant="six_rounds")
    with pytest.raises(sim.SimError, match="bots"):
        _run(tmp_path, range(1, 6), jobs=1, cfg=other, resume=True)


def test_a_game_that_raises_is_a_failed_line(monkeypatch: pytest.MonkeyPatch) -> None:
    def boom(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("boom")

    monkeypatch.setattr(sim, "_play", boom)
    rec = sim.play_one(SHORT, 3)
    assert rec["error"] == "RuntimeError: boom" and rec["seed"] == 3
    assert rep.summarize([rec])["failed"] == [3]


# -- the summary on a hand-made results file --
def _game(seed: int, scores: list[int], taken: list[tuple[int, int, str]],
          rounds: dict[str, list[int]], bots: tuple[str, str] = ("greedy", "random")
          ) -> dict[str, Any]:
    top = max(scores)
    return {"seed": seed, "players": 2, "bots": list(bots), "sets": ["base"],
            "variant": "standard", "errata": [], "cards": [], "scores": scores,
            "winners": [p for p, s in enumerate(scores) if s == top],
            "points": [{"general:a": s - 2, sim.OTHER: 2} for s in scores],
            "round_points": rounds, "answers": 1,
            "taken": [{"round": r, "seat": p, "card": c} for r, p, c in taken]}


TINY = [
    _game(2, [30, 20], [(1, 0, "x"), (1, 1, "y"), (2, 0, "x")],
          {"1": [10, 4], "2": [20, 16]}),
    _game(1, [10, 20], [(1, 1, "x")], {"1": [10, 20]}),
    _game(3, [25, 25], [(1, 0, "y")], {"1": [25, 25]}),
]


def test_summary_numbers_on_a_tiny_results_file() -> None:
    s = rep.summarize(TINY, homebrew=["y"], titles={"x": "Ex"})
    assert s["games"] == 3 and s["failed"] == []
    seat0, seat1 = s["seats"]
    # seat 0 won games 2 and 3 (a tie is a shared win), seat 1 games 1 and 3
    assert (seat0["wins"], seat0["n"], seat0["win_rate"]) == (2, 3, 0.6667)
    assert seat0["bot"] == "greedy" and seat1["bot"] == "random"
    assert seat0["mean_points"] == pytest.approx(65 / 3, abs=1e-4)
    sd = math.sqrt(((30 - 65 / 3) ** 2 + (10 - 65 / 3) ** 2 + (25 - 65 / 3) ** 2) / 2)
    half = 1.959964 * sd / math.sqrt(3)
    assert seat0["points_ci"] == pytest.approx([65 / 3 - half, 65 / 3 + half], abs=1e-3)
    lo, hi = rep.wilson(2, 3)
    assert seat0["win_ci"] == [round(lo, 4), round(hi, 4)]
    assert lo == pytest.approx(0.2077, abs=1e-4) and hi == pytest.approx(0.9385, abs=1e-4)
    assert [b["bot"] for b in s["bots"]] == ["greedy", "random"]
    general, other = s["sources"]
    # six player-games: 130 points in all, 2 of each from "other"
    assert general["source"] == "general:a"
    assert general["mean_points"] == pytest.approx(130 / 6 - 2, abs=1e-4)
    assert other == {"source": "other", "mean_points": 2.0, "points_ci": [2.0, 2.0]}
    x, y = s["cards"]
    assert (x["card"], x["title"], x["homebrew"], x["taken"]) == ("x", "Ex", False, 3)
    assert x["per_game"] == 1.0
    # x: game 2 round 1 seat 0 (+3 over the mean 7), round 2 (+2 over 18), game 1 seat 1
    # (+5 over 15): mean 10/3; takers: (game 2, seat 0) won, (game 1, seat 1) won
    assert x["gain_vs_table"] == pytest.approx(10 / 3, abs=1e-4)
    assert (x["takers"], x["wins"], x["win_rate"]) == (2, 2, 1.0)
    # y: game 2 seat 1 (-3), game 3 seat 0 (0); takers won 1 of 2 (game 3's tie)
    assert (y["card"], y["homebrew"], y["gain_vs_table"]) == ("y", True, -1.5)
    assert (y["takers"], y["wins"], y["win_rate"]) == (2, 1, 0.5)


def test_baseline_comparison_tests_rates_and_means() -> None:
    z, p = rep.two_proportion(60, 100, 40, 100)
    assert z == pytest.approx(2.8284, abs=1e-4) and p == pytest.approx(0.00468, abs=1e-4)
    t, p = rep.welch([1, 2, 3, 4], [2, 3, 4, 5])
    assert t == pytest.approx(-1.0954, abs=1e-4) and p == pytest.approx(0.2733, abs=1e-3)
    # the baseline: seat 0 scores 6 less in every game, and wins only game 2
    base = [_game(g["seed"], [g["scores"][0] - 6, g["scores"][1]], [], g["round_points"])
            for g in TINY]
    c = rep.compare(TINY, base)
    assert c["games"] == c["baseline_games"] == 3
    seat0 = c["seats"][0]
    assert seat0["win"]["win_rate"] == 0.6667 and seat0["win"]["baseline_win_rate"] == 0.3333
    z, p = rep.two_proportion(2, 3, 1, 3)
    assert (seat0["win"]["z"], seat0["win"]["p"]) == (round(z, 4), round(p, 4))
    assert seat0["win"]["significant"] is False
    se = math.sqrt(2 * statistics.variance([30, 10, 25]) / 3)  # Welch, equal variances here
    assert seat0["points"]["diff"] == 6.0
    assert seat0["points"]["t"] == pytest.approx(6 / se, abs=1e-4)
    assert c["cards"] == []  # no card was taken in the baseline
    text = rep.format_summary(rep.summarize(TINY), c)
    assert "2p seat 0" in text and "Against the baseline" in text


# -- the report --
class _Figures(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.figures: list[str] = []
        self.svgs = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "figure":
            self.figures.append(dict(attrs).get("id") or "")
        if tag == "svg":
            self.svgs += 1


def _report(tmp: Path) -> Path:
    pytest.importorskip("matplotlib", reason="the [report] extra (matplotlib) is not "
                        "installed")
    base = [_game(g["seed"], g["scores"][::-1], [(1, 0, "x")], g["round_points"])
            for g in TINY]
    s, b = rep.summarize(TINY, ["y"]), rep.summarize(base)
    return rep.write_report(tmp / "report", s, TINY, "elgrande simulate ...", b, base,
                            rep.compare(TINY, base))


def test_report_is_one_page_with_its_figures_inline(tmp_path: Path) -> None:
    index = _report(tmp_path)
    assert index == tmp_path / "report" / "index.html"
    data = json.loads((tmp_path / "report" / "summary.json").read_text())
    assert data["summary"]["games"] == 3 and data["comparison"]["cards"][0]["card"] == "x"
    page = _Figures()
    page.feed(index.read_text())
    assert page.figures == ["win-by-seat", "points-by-seat", "cards", "sources"]
    assert page.svgs >= 4
    assert "src=\"http" not in index.read_text()


def test_report_opens_in_headless_chromium(tmp_path: Path, tab: Tab) -> None:
    """The report opens in Chromium with its figures drawn (each inline SVG has a size)
    and nothing on the console."""
    index = _report(tmp_path)
    p = tab.page
    p.goto(index.resolve().as_uri())
    assert p.locator("svg").count() >= 4
    assert p.get_by_text("Win rate by seat").first.is_visible()
    for fig in ("win-by-seat", "points-by-seat", "cards", "sources"):
        box = p.locator(f"figure#{fig} svg").first.bounding_box()
        assert box is not None and box["width"] > 50 and box["height"] > 50, fig
    tab.assert_quiet()


# -- the command --
def _cli(*args: str) -> Any:
    return CliRunner().invoke(main, ["simulate", "--no-progress", *args])


def test_simulate_command_writes_results_summary_and_report(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib", reason="the [report] extra is not installed")
    out, report = tmp_path / "out", tmp_path / "report"
    r = _cli("--games", "2", "--players", "2", "--variant", "six_rounds", "--cards",
             HOMEBREW, "--baseline", "base", "--out", str(out), "--report", str(report),
             "--jobs", "1")
    assert r.exit_code == 0, r.output
    assert "By seat" in r.output and "Against the baseline" in r.output
    assert len((out / "games.jsonl").read_text().splitlines()) == 2
    assert len((out / "baseline.jsonl").read_text().splitlines()) == 2
    summary = json.loads((out / "summary.json").read_text())
    assert summary["summary"]["games"] == 2 and summary["comparison"] is not None
    assert {c["card"] for c in summary["summary"]["cards"] if c["homebrew"]} <= {
        f"hb-{p.stem}" for p in Path(HOMEBREW).glob("*.yaml")}
    assert (report / "index.html").exists()
    again = _cli("--games", "2", "--players", "2", "--variant", "six_rounds", "--cards",
                 HOMEBREW, "--out", str(out), "--jobs", "1")
    assert again.exit_code == 2
    assert "--resume" in again.output


@pytest.mark.parametrize("args, words", [
    (["--bots", "clever"], "unknown bot"),
    (["--players", "7"], "2 to 5"),
    (["--players", "four"], "--players"),
    (["--baseline", "no/such/folder"], "--baseline"),
    (["--resume", "--fresh"], "exclude"),
    (["--backend", "spark"], "backend"),
])
def test_simulate_usage_errors_are_one_line(tmp_path: Path, args: list[str],
                                            words: str) -> None:
    r = _cli("--games", "1", "--out", str(tmp_path), *args)
    assert r.exit_code == 2
    assert words in r.output
    assert "Traceback" not in r.output
    assert sum(1 for ln in r.output.splitlines() if ln.startswith("Error")) == 1


def test_simulate_refuses_missing_card_data_up_front_and_takes_comma_separated_sets(
        tmp_path: Path) -> None:
    """EXPANSIONS.md 6.2: as play does, simulate refuses a set whose card data is missing
    before playing any game (one line, exit 1); --sets takes base,colonies as play does."""
    r = _cli("--games", "1", "--out", str(tmp_path / "a"), "--sets", "base,colonies")
    assert r.exit_code == 1 and r.output.startswith("error: ") and "--fill" in r.output
    assert not (tmp_path / "a" / "games.jsonl").exists()
    ok = _cli("--games", "1", "--players", "2", "--out", str(tmp_path / "b"), "--sets",
              "base,colonies", "--fill", "provisional", "--jobs", "1", "--no-progress")
    assert ok.exit_code == 0, ok.output
    assert len((tmp_path / "b" / "games.jsonl").read_text().splitlines()) == 1


def test_report_without_matplotlib_refuses_before_any_game_is_played(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """--report needs the [report] extra: the refusal comes first, not after the games."""
    import importlib.util

    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec",
                        lambda name, *a: None if name == "matplotlib" else real(name, *a))
    r = _cli("--games", "1", "--players", "2", "--out", str(tmp_path / "out"), "--report",
             str(tmp_path / "report"), "--jobs", "1")
    assert r.exit_code == 2 and "matplotlib" in r.output
    assert not (tmp_path / "out" / "games.jsonl").exists()


def test_progress_bar_is_drawn_only_on_a_terminal_unless_asked(tmp_path: Path,
                                                               capsys: Any) -> None:
    """By default (progress None) a captured stderr gets no progress frames; --progress
    (True) draws them anyway."""
    cfg = sim.SimConfig(players=(2,), bots=("random",), variant="six_rounds")
    sim.run_games([sim.ResultSet("games", cfg, tmp_path / "a.jsonl")], range(1, 2), jobs=1,
                  progress=None)
    assert capsys.readouterr().err == ""
    sim.run_games([sim.ResultSet("games", cfg, tmp_path / "b.jsonl")], range(1, 2), jobs=1,
                  progress=True)
    assert "game" in capsys.readouterr().err


# -- --resume checks every line it reads back, and the settings it was played with ---------

RESUME_ARGS = ("--games", "3", "--players", "2,3", "--variant", "six_rounds", "--jobs", "1")


@pytest.fixture(scope="module")
def results_file(tmp_path_factory: pytest.TempPathFactory) -> str:
    out = tmp_path_factory.mktemp("resume")
    r = _cli(*RESUME_ARGS, "--out", str(out))
    assert r.exit_code == 0, r.output
    return (out / "games.jsonl").read_text(encoding="utf-8")


def _resume(tmp: Path, text: str, *more: str) -> Any:
    tmp.mkdir(parents=True, exist_ok=True)
    (tmp / "games.jsonl").write_text(text, encoding="utf-8")
    return _cli(*RESUME_ARGS, "--out", str(tmp), "--resume", *more)


def _edit(text: str, line: int, change: Any) -> str:
    rows = text.splitlines()
    rec = json.loads(rows[line])
    change(rec)
    rows[line] = json.dumps(rec)
    return "\n".join(rows) + "\n"


def _refused(r: Any, *words: str) -> None:
    assert r.exit_code == 1, r.output
    lines = r.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), r.output
    assert "games.jsonl" in lines[0] and all(w in lines[0] for w in words), lines[0]


@pytest.mark.parametrize(("change", "words"), [
    (lambda r: r["scores"].__setitem__(0, "80"), ["scores/0", "not of type 'integer'"]),
    (lambda r: r.__setitem__("winners", [9]), ["winners/0"]),
    (lambda r: r.__setitem__("winners", [(r["winners"][0] + 1) % r["players"]]),
     ["winners", "most points"]),
    (lambda r: r["points"][0].__setitem__("other", 10**6), ["points of seat 0"]),
    (lambda r: r.__setitem__("taken", "all"), ["taken"]),
    (lambda r: r.pop("round_points"), ["round_points"]),
    (lambda r: r.__setitem__("surprise", 1), ["surprise"]),
    (lambda r: r["taken"][0].__setitem__("seat", 1.0), ["taken/0/seat"]),  # no list index
    (lambda r: r["scores"].__setitem__(0, 10**400), ["scores/0"]),  # no float either
])
def test_resume_refuses_an_edited_results_line_in_one_line(
        results_file: str, tmp_path: Path, change: Any, words: list[str]) -> None:
    text = _edit(results_file, 0, change)
    _refused(_resume(tmp_path, text), ":1:", *words)
    assert (tmp_path / "games.jsonl").read_text(encoding="utf-8") == text  # left alone


@pytest.mark.parametrize(("option", "value", "key"), [
    ("--bots", "greedy", "bots"), ("--players", "3,2", "players"),
    ("--sets", "base,colonies", "sets"), ("", "provisional", "fill"),
    ("--errata", "send-one-each-opponent", "errata"), ("--cards", HOMEBREW, "cards"),
    ("--variant", "short", "variant")])
def test_resume_refuses_a_results_file_of_other_settings(
        results_file: str, tmp_path: Path, option: str, value: str, key: str) -> None:
    args = list(RESUME_ARGS)
    if option in args:
        args[args.index(option) + 1] = value
    elif option:
        args += [option, value]
    if option == "--sets":
        args += ["--fill", "provisional"]
    text = results_file
    if not option:  # no fill of the base set to ask for: the file says it had one
        text = "".join(_edit(results_file, i, lambda r: r.__setitem__(key, value))
                       .splitlines(keepends=True)[i] for i in range(3))
    (tmp_path / "games.jsonl").write_text(text, encoding="utf-8")
    r = _cli(*args, "--out", str(tmp_path), "--resume")
    _refused(r, f"played with {key}")


def test_resume_refuses_a_game_given_twice(results_file: str, tmp_path: Path) -> None:
    first = results_file.splitlines()[0]
    _refused(_resume(tmp_path, results_file + first + "\n"), ":4:", "also on line 1")


def test_a_missing_ray_extra_leaves_no_results_file(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    monkeypatch.setitem(sys.modules, "ray", None)  # import ray fails as without the extra
    r = _cli("--games", "1", "--players", "2", "--out", str(tmp_path / "out"),
             "--backend", "ray")
    assert r.exit_code == 2 and "pip install 'elgrande[ray]'" in r.output
    assert not (tmp_path / "out" / "games.jsonl").exists()


_JSON = st.recursive(st.none() | st.booleans() | st.integers(-3, 10**3) | st.floats()
                     | st.integers(-3, 5).map(float) | st.just(10**400) | st.text(max_size=4),
                     lambda inner: st.lists(inner, max_size=3)
                     | st.dictionaries(st.text(max_size=4), inner, max_size=3), max_leaves=6)


@st.composite
def _edited(draw: st.DrawFn, text: str) -> str:
    """``text`` (a results file) with one edit: a value anywhere replaced, a key dropped
    or added, a line dropped, cut short or doubled."""
    rows = text.splitlines()
    i = draw(st.integers(0, len(rows) - 1))
    how = draw(st.sampled_from(["value", "drop key", "add key", "drop line", "cut", "twice"]))
    if how == "drop line":
        del rows[i]
    elif how == "cut":
        rows[i] = rows[i][:draw(st.integers(0, len(rows[i]) - 1))]
    elif how == "twice":
        rows.insert(draw(st.integers(0, len(rows))), rows[i])
    else:
        rec = json.loads(rows[i])
        node: Any = rec
        while True:  # walk down to a container to edit
            keys = list(node) if isinstance(node, dict) else list(range(len(node)))
            if not keys:
                break
            k = draw(st.sampled_from(keys))
            if not isinstance(node[k], dict | list) or draw(st.booleans()):
                break
            node = node[k]
        if isinstance(node, dict) and how == "add key":
            node[draw(st.text(max_size=6))] = draw(_JSON)
        elif isinstance(node, dict) and how == "drop key" and node:
            del node[draw(st.sampled_from(sorted(node)))]
        elif node:
            node[draw(st.sampled_from(list(node) if isinstance(node, dict)
                                      else list(range(len(node)))))] = draw(_JSON)
        rows[i] = json.dumps(rec)
    return "\n".join(rows) + "\n"


@settings(max_examples=examples(60), deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_an_edited_results_file_is_refused_cleanly_or_resumed_correctly(
        results_file: str, tmp_path: Path, data: st.DataObject) -> None:
    text = data.draw(_edited(results_file))
    out = tmp_path / f"edit{abs(hash(text))}"
    r = _resume(out, text)
    assert r.exit_code in (0, 1), r.output  # never an internal error (3) or a usage error
    if r.exit_code == 1:
        _refused(r)
        return
    final = {rec["seed"]: rec for rec in sim.read_results(out / "games.jsonl")}
    original = {rec["seed"]: rec for rec in map(json.loads, results_file.splitlines())}
    edited = {rec["seed"]: rec for rec in map(json.loads, filter(str.strip, text.splitlines()))}
    for seed in {1, 2, 3} | set(edited):  # a line kept as it was read, or played again
        kept = edited.get(seed)
        assert final[seed] == (kept if kept and "error" not in kept else original[seed])
    summary = json.loads((out / "summary.json").read_text())["summary"]
    assert summary["games"] == 3 and summary["failed"] == []
