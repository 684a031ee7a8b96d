"""Scenario cases: small exact rules situations with the right answer.

A case file (format: ``shared/cases/README.md``) gives a position, steps and expected
results. :func:`run_case` sets the position up, runs the steps and compares; it returns a
:class:`CaseResult` naming what differed. Steps are looked up in :data:`STEPS`; the engine
registers the ``special`` step (card special actions) when it is importable.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

import attrs

from elgrande.data import yamlpos
from elgrande.data.manifests import load_board
from elgrande.errors import DataError, ElGrandeError, IllegalMove, ScenarioError
from elgrande.model import placement, scoring
from elgrande.model.board import Board
from elgrande.model.state import NOBODY, OFF_BOARD, Lasting, State


@attrs.define
class Case:
    """A loaded case: its raw data, the board, the player names and the set-up state."""

    id: str
    title: str
    path: str
    data: dict[str, Any]
    board: Board
    names: list[str]
    state: State
    first_bidder: int | None = None
    log: list[str] = attrs.field(factory=list)

    def player(self, name: Any) -> int:
        """The index of player ``name``.

        Raises:
            ScenarioError: unknown name.
        """
        if name in self.names:
            return self.names.index(name)
        raise ScenarioError(f"{self.id}: unknown player {name!r} (players: {self.names})")

    def place(self, place_id: Any) -> int:
        """The index of region/place ``place_id``.

        Raises:
            ScenarioError: unknown id, with a close match.
        """
        try:
            return self.board.place_index(str(place_id))
        except KeyError as exc:
            raise ScenarioError(f"{self.id}: {exc.args[0]}") from None


@attrs.frozen
class CaseResult:
    """The outcome of one case: ``passed`` and, when not, the differences in words."""

    id: str
    title: str
    path: str
    passed: bool
    differences: tuple[str, ...] = ()

    def line(self) -> str:
        """One line for the runner's output."""
        status = "pass" if self.passed else "FAIL"
        out = f"{self.id:<6} {status}  {self.title}"
        if self.differences:
            out += "\n" + "\n".join(f"         - {d}" for d in self.differences)
        return out


StepFn = Callable[[Case, Any], None]
#: Step name -> function(case, argument). Functions raise IllegalMove for refusals.
STEPS: dict[str, StepFn] = {}


def step(name: str) -> Callable[[StepFn], StepFn]:
    """Register a scenario step under ``name`` (decorator)."""

    def deco(fn: StepFn) -> StepFn:
        STEPS[name] = fn
        return fn

    return deco


def load_case(path: str | Path) -> Case:
    """Read a case file and set its position up.

    Raises:
        DataError: YAML errors. ScenarioError: a position that cannot be set up
        (unknown names, caballeros not conserved).
    """
    path = Path(path)
    data, _pos = yamlpos.load(path.read_text(encoding="utf-8"), str(path))
    if not isinstance(data, dict):
        raise ScenarioError(f"{path}: a case must be a mapping")
    return setup_case(data, str(path))


def setup_case(data: dict[str, Any], path: str = "") -> Case:
    """Build a :class:`Case` from already-loaded case data (see :func:`load_case`)."""
    cid = str(data.get("id", Path(path).stem))
    sets = data.get("sets") or ["base"]
    board = load_board(sets)
    names = [str(n) for n in data.get("players") or []]
    if not (board.min_players <= len(names) <= board.max_players):
        raise ScenarioError(f"{cid}: {len(names)} players; the game takes "
                            f"{board.min_players}-{board.max_players} (B1.0)")
    state = State.empty(board, len(names))
    case = Case(cid, str(data.get("title", "")), path, data, board, names, state)
    pos = data.get("position") or {}
    state.round = int(pos.get("round", 0))
    if "king" not in pos:
        raise ScenarioError(f"{cid}: the position must give the king's region")
    state.king = case.place(pos["king"])
    for name, where in (pos.get("grandes") or {}).items():
        state.grandes[case.player(name)] = case.place(where)
    missing = [names[p] for p in range(len(names)) if state.grandes[p] == OFF_BOARD]
    if missing:
        raise ScenarioError(f"{cid}: no Grande position for {missing}")
    for region, by_player in (pos.get("regions") or {}).items():
        for name, n in (by_player or {}).items():
            state.caballeros[case.place(region)][case.player(name)] = int(n)
    for name, n in (pos.get("castillo") or {}).items():
        state.caballeros[board.castillo][case.player(name)] = int(n)
    for name, n in (pos.get("court") or {}).items():
        state.court[case.player(name)] = int(n)
    for place_id, sb_id in (pos.get("scoreboards") or {}).items():
        try:
            state.scoreboards[board.scoreboard_index(str(sb_id))] = case.place(place_id)
        except KeyError as exc:
            raise ScenarioError(f"{cid}: {exc.args[0]}") from None
    for name, n in (pos.get("scores") or {}).items():
        state.scores[case.player(name)] = int(n)
    for name, hand in (pos.get("hands") or {}).items():
        p = case.player(name)
        state.hands[p] = sorted(int(v) for v in hand)
        state.discards[p] = sorted(set(board.power_cards) - set(state.hands[p]))
    for name, taken in (pos.get("vetoes") or {}).items():
        for r in taken if isinstance(taken, list) else [taken]:
            state.lasting.append(Lasting("veto", case.player(name), int(r) + 1))
    inq = pos.get("inquisitor")
    if inq:
        for region, n in (inq.get("regions") or {}).items():
            state.neutral[case.place(region)] = int(n)
        holder = inq.get("holder")
        state.neutral_holder = NOBODY if holder is None else case.player(holder)
    provinces = pos.get("provinces") or {}
    for p in range(len(names)):
        if names[p] in provinces:
            state.provinces[p] = int(provinces[names[p]])
        else:
            state.provinces[p] = board.caballeros_per_player - state.court[p] - state.on_board(p)
    problems = state.conservation_errors(board)
    if problems:
        raise ScenarioError(f"{cid}: position does not conserve caballeros: {problems}")
    return case


def _places(case: Case, ids: Sequence[Any]) -> list[int]:
    return [case.place(i) for i in ids]


@step("score")
def _score(case: Case, arg: Any) -> None:
    for rs in scoring.score_regions(case.state, case.board, _places(case, arg)):
        case.log.append(rs.describe(case.board, case.names))


@step("first_only")
def _first_only(case: Case, arg: Any) -> None:
    for rs in scoring.score_regions(case.state, case.board, _places(case, arg), first_only=True):
        case.log.append(rs.describe(case.board, case.names))


@step("general_scoring")
def _general(case: Case, arg: Any) -> None:
    discs_by_name = (arg or {}).get("discs") or {}
    discs = [OFF_BOARD] * case.state.players
    for name, region in discs_by_name.items():
        discs[case.player(name)] = case.place(region)
    result = scoring.general_scoring(case.state, case.board, discs)
    case.log.append(result.castillo.describe(case.board, case.names))
    case.log.extend(r.describe(case.board, case.names) for r in result.regions)


def _placemap(case: Case, m: Mapping[Any, Any] | None) -> dict[int, int]:
    return {case.place(k): int(v) for k, v in (m or {}).items()}


@step("place")
def _place(case: Case, arg: Any) -> None:
    placement.apply_place(case.state, case.board, case.player(arg["player"]), int(arg["limit"]),
                          _placemap(case, arg.get("to")))


@step("court")
def _court(case: Case, arg: Any) -> None:
    placement.apply_court(case.state, case.board, case.player(arg["player"]), int(arg["limit"]),
                          int(arg.get("from_provinces", 0)),
                          _placemap(case, arg.get("from_regions")))


@step("bids")
def _bids(case: Case, arg: Any) -> None:
    order = list((arg or {}).items())
    if not order:
        raise ScenarioError(f"{case.id}: empty bids step")
    first = case.player(order[0][0])
    expected = placement.bidding_order(first, case.state.players)
    work = case.state.copy()  # the step is refused whole: no bid of it stays played
    for i, (name, value) in enumerate(order):
        placement.apply_bid(work, case.player(name), int(value),
                            expected[i] if i < len(expected) else None)
    case.state = work
    case.first_bidder = first


def _compare(case: Case, expect: Mapping[str, Any], before: State, diffs: list[str]) -> None:
    s, b = case.state, case.board
    if "points" in expect:
        want = {case.player(n): int(v) for n, v in (expect["points"] or {}).items()}
        for p in range(s.players):
            got = s.scores[p] - before.scores[p]
            if got != want.get(p, 0):
                diffs.append(f"points of {case.names[p]}: expected {want.get(p, 0)}, got {got}")
    for region, by_player in (expect.get("regions") or {}).items():
        r = case.place(region)
        for name, n in (by_player or {}).items():
            got = s.caballeros[r][case.player(name)]
            if got != int(n):
                diffs.append(f"{region} {name}: expected {n}, got {got}")
    for key, row in (("castillo", None), ("court", s.court), ("provinces", s.provinces)):
        for name, n in (expect.get(key) or {}).items():
            p = case.player(name)
            got = s.caballeros[b.castillo][p] if row is None else row[p]
            if got != int(n):
                diffs.append(f"{key} {name}: expected {n}, got {got}")
    if "king" in expect and s.king != case.place(expect["king"]):
        diffs.append(f"king: expected {expect['king']}, got {b.place_id(s.king)}")
    for name, where in (expect.get("grandes") or {}).items():
        got = s.grandes[case.player(name)]
        if got != case.place(where):
            diffs.append(f"Grande of {name}: expected {where}, got {b.place_id(got)}")
    for place_id, sb_id in (expect.get("scoreboards") or {}).items():
        i = b.scoreboard_index(str(sb_id))
        if s.scoreboards[i] != case.place(place_id):
            at = s.scoreboards[i]
            diffs.append(f"scoreboard {sb_id}: expected on {place_id}, got "
                         f"{b.place_id(at) if at != OFF_BOARD else 'off the board'}")
    if "turn_order" in expect:
        got_names = [case.names[p] for p in placement.turn_order(s.bids)]
        if got_names != list(expect["turn_order"]):
            diffs.append(f"turn order: expected {expect['turn_order']}, got {got_names}")
    if "next_first_bidder" in expect:
        got_p = placement.next_first_bidder(s.bids)
        if case.names[got_p] != expect["next_first_bidder"]:
            diffs.append(f"next first bidder: expected {expect['next_first_bidder']}, "
                         f"got {case.names[got_p]}")


def run_case(case: Case) -> CaseResult:
    """Run the steps of a loaded case and compare with its ``expect``."""
    data = case.data
    steps = data.get("do") or []
    expect = data.get("expect") or {}
    illegal = expect.get("illegal")
    allowed = [illegal] if isinstance(illegal, str) else list(illegal or [])
    start = case.state.copy()
    diffs: list[str] = []
    for i, st in enumerate(steps):
        if not isinstance(st, dict) or len(st) != 1:
            return _fail(case, [f"step {i + 1} must be a mapping with one key"])
        (name, arg), = st.items()
        fn = STEPS.get(name)
        if fn is None:
            return _fail(case, [f"step {name!r} is not supported (known: {sorted(STEPS)})"])
        last = i == len(steps) - 1
        snapshot = case.state.to_json()
        try:
            fn(case, arg)
        except IllegalMove as exc:
            if last and allowed:
                if exc.rule not in allowed:
                    diffs.append(f"refused citing {exc.rule}, expected one of {allowed}: "
                                 f"{exc.message}")
                if case.state.to_json() != snapshot:
                    diffs.append("the refused step changed the state")
                return _done(case, diffs)
            return _fail(case, [f"step {i + 1} ({name}) refused: {exc}"])
        except (ScenarioError, DataError, ElGrandeError) as exc:
            return _fail(case, [f"step {i + 1} ({name}): {exc}"])
    if allowed:
        diffs.append(f"expected the last step to be refused citing {allowed}, but it was "
                     "carried out")
    problems = case.state.conservation_errors(case.board)
    diffs.extend(problems)
    _compare(case, expect, start, diffs)
    return _done(case, diffs)


def _done(case: Case, diffs: list[str]) -> CaseResult:
    return CaseResult(case.id, case.title, case.path, not diffs, tuple(diffs))


def _fail(case: Case, diffs: list[str]) -> CaseResult:
    return CaseResult(case.id, case.title, case.path, False, tuple(diffs))


def run_file(path: str | Path) -> CaseResult:
    """Load and run one case file; a file that cannot be set up is a failed result."""
    try:
        case = load_case(path)
    except (ScenarioError, DataError) as exc:
        return CaseResult(Path(path).stem, "", str(path), False, (str(exc),))
    return run_case(case)


def case_files(paths: Sequence[str | Path]) -> list[Path]:
    """Expand files and folders (recursively, ``*.yaml``/``*.yml``) into sorted case files."""
    out: list[Path] = []
    for p in map(Path, paths):
        if p.is_dir():
            out.extend(sorted(q for q in p.rglob("*") if q.suffix in (".yaml", ".yml")))
        else:
            out.append(p)
    return out


def _answer_names(case: Case, answer: Any) -> Any:
    """Scenario answers may name players: turn names into indices (``player`` keys of
    moves)."""
    if isinstance(answer, list):
        return [_answer_names(case, a) for a in answer]
    if isinstance(answer, dict) and "player" in answer and answer["player"] in case.names:
        return {**answer, "player": case.player(answer["player"])}
    return answer


@step("special")
def _special(case: Case, arg: Any) -> None:
    """Carry out a card's special action with the answers given, in order. A secret
    choice takes one answer: a mapping player -> region. Runs on a copy and commits only
    when the whole action succeeds, so a refused answer changes nothing."""
    from elgrande.data.library import load_library

    extra = case.data.get("cards") or []  # homebrew folders, relative to the case file
    folders = [str(Path(case.path).parent / f) for f in ([extra] if isinstance(extra, str)
                                                         else extra)]
    lib = load_library(case.board.sets, case.data.get("errata") or (), folders)
    actor = case.player(arg["player"])
    card = str(arg["card"])
    if card not in lib.cards.cards:
        raise ScenarioError(f"{case.id}: unknown card {card!r}")
    work = case.state.copy()
    from elgrande.engine.interpreter import Interpreter

    interp = Interpreter(lib.board, lib.scripts)
    run = interp.begin(card, actor)
    events: list[dict[str, Any]] = []
    decision = interp.advance(work, run, events)
    for raw in arg.get("answers") or []:
        if decision is None:
            raise ScenarioError(f"{case.id}: answer {raw!r} given but the special action "
                                "is over")
        if decision.kind == "secret_region":
            if not isinstance(raw, dict):
                raise ScenarioError(f"{case.id}: a secret choice takes {{player: region}}")
            for name, region in raw.items():
                decision = interp.answer(work, run, case.player(name), region, events)
        else:
            decision = interp.answer(work, run, decision.players[0],
                                     _answer_names(case, raw), events)
    if decision is not None:
        raise ScenarioError(f"{case.id}: the special action still waits for "
                            f"{decision.kind} by player(s) {decision.players}: "
                            f"{decision.prompt}")
    case.state = work
