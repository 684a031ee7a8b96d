"""Shared test helpers: where the scenario cases are, the boards, and a state builder.

Scenario cases (format: ``shared/cases/README.md``) are collected from two folders:

- ``$ELGRANDE_CASES`` if set, else ``<repo root>/../shared/cases`` (found relative to this
  file, so the suite works from any working directory), when that folder exists: a clone
  with nothing beside it runs the project's own cases only, unless
  ``ELGRANDE_REQUIRE_SHARED=1`` (``.ci/run`` sets it), which makes a missing shared folder
  a failure;
- the expansion cases the project implements: ``$ELGRANDE_EXPANSION_CASES`` (folders
  separated by ``os.pathsep``) if set, else ``<repo root>/../shared/expansion-cases/<set>``
  for each set in :data:`EXPANSION_CASE_SETS`, when present (the same
  ``ELGRANDE_REQUIRE_SHARED=1`` rule applies, ``tests/test_scenarios.py``);
- ``tests/cases/`` (this project's own cases; they cover every rule the shared cases
  cover, a test checks). A folder named twice (``ELGRANDE_CASES=tests/cases``) is
  collected once.

Any test that takes a ``scenario_case`` argument is parametrized over every case file, with
the case's ``id`` as the test id.

Two sizes of run (``pyproject.toml``, ``[tool.pytest.ini_options]``): the default run
(``pytest -n 2``, the README's command) leaves out the tests marked ``slow`` and the
browser tests (marked ``browser`` here, by the fixtures they use) and runs every
hypothesis property with the ``quick`` profile; the slow run (``HYPOTHESIS_PROFILE=full
pytest -m "slow or hypothesis or browser"``, ``.ci/run``) runs the sweeps over many seeds,
the browser tests and every property at full size. A sweep keeps a small sample of its
cases in the default run (:func:`sample`), a property a few examples (:func:`examples`), so
every rule keeps a test there (``tests/test_rule_coverage.py``).

When ``ELGRANDE_REQUIRE_INSTALLED`` is set (``.ci/run`` sets it), the session refuses to
start unless ``elgrande`` is imported from the environment's site-packages rather than
from the checkout, so CI tests what a user installs.
"""

from __future__ import annotations

import functools
import os
import sys
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest
import yaml
from browser import chromium, new_tab, tab  # noqa: F401 (the browser tests' fixtures)
from hypothesis import settings

import elgrande
from elgrande.data.library import load_library
from elgrande.data.manifests import load_board
from elgrande.engine.court import (
    apply_court,
    apply_placement_answer,
    court_decision,
    placement_decision,
)
from elgrande.engine.flow import FlowEngine, engine_for
from elgrande.errors import IllegalMove
from elgrande.model.board import Board
from elgrande.model.state import NOBODY, State
from elgrande.rules.base import apply_bid_answer, bid_decision
from elgrande.tools.scenario import case_files

# -- the two sizes of run ----------------------------------------------------------------

#: Hypothesis profiles: ``quick`` (the default run) and ``full`` (the slow run); choose with
#: ``HYPOTHESIS_PROFILE``. No deadline: the machine is shared and examples play whole games.
settings.register_profile("quick", max_examples=10, deadline=None)
settings.register_profile("full", max_examples=100, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "quick"))


def full_size() -> bool:
    """Whether this is the slow run's size (``HYPOTHESIS_PROFILE=full``)."""
    return settings.get_current_profile_name() == "full"


def examples(full: int, quick: int | None = None) -> int:
    """A property's number of examples: ``full`` with the ``full`` profile, else ``quick``
    (default: a tenth of ``full``, at least 2)."""
    if full_size():
        return full
    return quick if quick is not None else max(2, full // 10)


def sample(cases: Sequence[Any], keep: int = 3) -> list[Any]:
    """Parameters for a sweep: the first ``keep`` of ``cases`` run in the default run, the
    rest are marked ``slow`` (the slow run plays them)."""
    return [c if i < keep
            else pytest.param(*(c if isinstance(c, tuple) else (c,)), marks=pytest.mark.slow)
            for i, c in enumerate(cases)]


TESTS_DIR = Path(__file__).resolve().parent
REPO_ROOT = TESTS_DIR.parent
OWN_CASES = TESTS_DIR / "cases"


def shared_cases_dir() -> Path:
    """The shared cases folder: ``$ELGRANDE_CASES`` or ``<repo>/../shared/cases``."""
    env = os.environ.get("ELGRANDE_CASES")
    return Path(env) if env else REPO_ROOT.parent / "shared" / "cases"


#: The sets whose shared expansion cases (``../shared/expansion-cases/<set>``) are collected.
EXPANSION_CASE_SETS = ("colonies", "intrigue-king")


def expansion_cases_dirs() -> list[Path]:
    """The shared expansion case folders: ``$ELGRANDE_EXPANSION_CASES`` (``os.pathsep``
    separated) or ``<repo>/../shared/expansion-cases/<set>`` per implemented set."""
    env = os.environ.get("ELGRANDE_EXPANSION_CASES")
    if env is not None:
        return [Path(p) for p in env.split(os.pathsep) if p]
    return [REPO_ROOT.parent / "shared" / "expansion-cases" / s for s in EXPANSION_CASE_SETS]


def shared_required() -> bool:
    """Whether the shared cases must be present (``ELGRANDE_REQUIRE_SHARED=1``)."""
    return os.environ.get("ELGRANDE_REQUIRE_SHARED", "") not in ("", "0")




def case_folders() -> list[Path]:
    """The case folders that exist, shared first, each once (by resolved path)."""
    out: list[Path] = []
    for d in (shared_cases_dir(), *expansion_cases_dirs(), OWN_CASES):
        if d.is_dir() and all(d.resolve() != o.resolve() for o in out):
            out.append(d)
    return out


def all_case_files() -> list[Path]:
    """Every case file of the case folders, shared ones first, each folder sorted, each
    file once."""
    seen: set[Path] = set()
    out: list[Path] = []
    for f in case_files(case_folders()):
        if f.resolve() not in seen:
            seen.add(f.resolve())
            out.append(f)
    return out


#: PyYAML's C loader where it is built (the case ids are read at every collection).
_CASE_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


@functools.cache
def case_id(path: Path) -> str:
    """The ``id`` written in a case file (its stem if it has none or cannot be read)."""
    try:
        data = yaml.load(path.read_text(encoding="utf-8"), Loader=_CASE_LOADER)
    except (OSError, yaml.YAMLError):
        return path.stem
    if isinstance(data, dict) and data.get("id") is not None:
        return str(data["id"])
    return path.stem


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "scenario_case" in metafunc.fixturenames:
        files = all_case_files()
        metafunc.parametrize("scenario_case", files, ids=[case_id(f) for f in files])


#: What a browser test may meet once on a loaded machine and not again: Playwright's
#: timeouts, an element redrawn under its action, a page that stayed put
#: (:meth:`browser.Tab.wait_past`). Such a test runs once more (pytest-rerunfailures);
#: the rerun is reported ("R", "rerun" in the summary), so a flaky test stays visible. Any
#: other failure, and a second one, fails the run.
BROWSER_RERUN = [r"TimeoutError", r"not attached to the DOM", r"the page stayed at n"]


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark every browser test ``browser`` (before ``-m`` chooses: the default run leaves
    them out, ``pytest -m browser`` and ``.ci/run`` run them), and let one that meets a
    browser's timeout run once more."""
    rerun = config.pluginmanager.hasplugin("rerunfailures")
    for item in items:
        # ``tab`` and ``new_tab`` ask for ``chromium``: every browser test's closure holds it
        if "chromium" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.browser)
            if rerun:
                item.add_marker(pytest.mark.flaky(reruns=1, only_rerun=BROWSER_RERUN))


def pytest_report_header(config: pytest.Config) -> list[str]:
    compiled = sorted(p.name.split(".")[0] for p in Path(elgrande.__file__).parent.rglob("*.so"))
    return [f"elgrande imported from: {Path(elgrande.__file__).parent}",
            f"compiled modules (the optional mypyc build): {', '.join(compiled) or 'none'}",
            f"shared cases: {shared_cases_dir()}"]


def pytest_configure(config: pytest.Config) -> None:
    if os.environ.get("ELGRANDE_REQUIRE_INSTALLED"):
        pkg = Path(elgrande.__file__).resolve()
        prefix = Path(sys.prefix).resolve()
        if not pkg.is_relative_to(prefix) or pkg.is_relative_to(REPO_ROOT / "elgrande"):
            raise pytest.UsageError(
                f"elgrande was imported from {pkg}, not from the installed package under "
                f"{prefix}: the checkout shadows the installation")


# -- boards and states ------------------------------------------------------------------


@pytest.fixture(scope="session")
def board() -> Board:
    """The base game board."""
    return load_board(("base",))


@pytest.fixture(scope="session")
def colonies_board() -> Board:
    """The base game plus Grand Inquisitor & the Colonies."""
    return load_board(("base", "colonies"))


StateBuilder = Callable[..., State]


def build_state(
    board: Board,
    players: int = 4,
    king: str = "galicia",
    grandes: tuple[str, ...] | None = None,
    regions: Mapping[str, Mapping[int, int]] | None = None,
    castillo: Mapping[int, int] | None = None,
    court: Mapping[int, int] | None = None,
    provinces: Mapping[int, int] | None = None,
    scoreboards: Mapping[str, str] | None = None,
    neutral: Mapping[str, int] | None = None,
    holder: int = NOBODY,
    scores: Mapping[int, int] | None = None,
) -> State:
    """A state from readable pieces: players are indices, places are data ids.

    Provinces default to each player's remaining caballeros (B1.1), so the state conserves
    caballeros unless ``provinces`` says otherwise.
    """
    s = State.empty(board, players)
    s.king = board.place_index(king)
    default_grandes = ("aragon", "seville", "catalonia", "granada", "valencia")
    s.grandes = [board.place_index(g) for g in (grandes or default_grandes[:players])]
    for region, by_player in (regions or {}).items():
        for p, n in by_player.items():
            s.caballeros[board.place_index(region)][p] = n
    for p, n in (castillo or {}).items():
        s.caballeros[board.castillo][p] = n
    for p, n in (court or {}).items():
        s.court[p] = n
    for place, sb in (scoreboards or {}).items():
        s.scoreboards[board.scoreboard_index(sb)] = board.place_index(place)
    for region, n in (neutral or {}).items():
        s.neutral[board.place_index(region)] = n
    s.neutral_holder = holder
    for p, n in (scores or {}).items():
        s.scores[p] = n
    for p in range(players):
        if provinces is not None and p in provinces:
            s.provinces[p] = provinces[p]
        else:
            s.provinces[p] = board.caballeros_per_player - s.court[p] - s.on_board(p)
    return s


@pytest.fixture(scope="session")
def make_state(board: Board) -> StateBuilder:
    """``make_state(players=4, king="galicia", regions={"aragon": {0: 3}}, ...)`` on the
    base board (see :func:`build_state`)."""

    def make(**kw: Any) -> State:
        return build_state(board, **kw)

    return make


# -- the game's placement, court and power-card paths (one code path per rule) ------------


@functools.cache
def engine_of(sets: tuple[str, ...]) -> FlowEngine:
    """The game's engine for a board of ``sets`` (loaded once per session)."""
    return engine_for(load_library(sets))


def _place_ids(board: Board, m: Mapping[Any, int]) -> dict[Any, int]:
    """``{place index: n}`` as an answer ``{region id: n}``; keys that are not place
    indices stay as they are (for the decisions' own refusal)."""
    return {board.place_id(k) if isinstance(k, int) and 0 <= k < len(board.places) else k: n
            for k, n in m.items()}


def place(s: State, board: Board, player: int, limit: int, to: Mapping[Any, int]) -> None:
    """Place from court as the game does (B4.3): the base rules' placement decision, its
    check, then its apply; when nothing can be placed only an empty answer is legal (as
    the scenario runner's ``place`` step)."""
    engine = engine_of(tuple(board.sets))
    answer = _place_ids(board, to)
    d = placement_decision(engine, s, player, limit)
    if d is None:
        if any(answer.values()):
            raise IllegalMove("B4.3", "no caballero can be placed")
        return
    apply_placement_answer(engine, s, player, d.check(answer, player), [])


def court(s: State, board: Board, player: int, limit: int, provinces: int,
          regions: Mapping[Any, int] | None = None) -> None:
    """Bring caballeros to court as the game does (B4.1): the court decision, its check,
    then :func:`apply_court`; when none can come only an empty answer is legal."""
    answer = {"provinces": provinces, "regions": _place_ids(board, regions or {})}
    d = court_decision(s, board, player, limit)
    if d is None:
        if provinces or any(answer["regions"].values()):
            raise IllegalMove("B4.1", "no caballero can come to court now")
        return
    apply_court(s, board, player, d.check(answer, player), engine_of(tuple(board.sets)).rules)


def bid(s: State, first: int, player: int, value: int) -> None:
    """Play a power card as the game does (B3.2, B3.3): the decision of the next bid of a
    round begun by ``first``, refused for a player whose turn it is not (as the scenario
    runner's ``bids`` step), checked, then applied."""
    if len(s.bids) >= s.players:
        raise IllegalMove("B3.2", f"player {player} has already played a power card this round")
    d = bid_decision(s, first, len(s.bids))
    if d.players != [player]:
        raise IllegalMove("B3.3", f"it is player {d.players[0]}'s turn to play a power card, "
                          f"not player {player}'s")
    apply_bid_answer(s, player, int(d.check(value, player)), [])


@pytest.fixture(scope="session")
def _shared_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """One real ``elgrande serve`` process per test process (each xdist worker), on a
    fresh SQLite database: started once, not once per module (its start-up was a second
    or more of each of some 40 modules)."""
    pytest.importorskip("uvicorn", reason="elgrande serve needs the [serve] extra")
    from serve_util import page_server

    yield from page_server(tmp_path_factory.mktemp("serve"))


@pytest.fixture(scope="module")
def server(_shared_server: str) -> str:
    """The base URL of a real ``elgrande serve`` process on a SQLite database, shared by
    the modules a test process runs: each test makes its own games (a module that needs a
    server of its own, killed or started with other options, defines ``server``)."""
    return _shared_server
