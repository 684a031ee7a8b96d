"""Scenario cases: small exact rules situations with the right answer.

A case file (format: ``tests/cases/README.md``) gives a position, steps and expected
results. :func:`run_case` sets the position up, runs the steps and compares; it returns a
:class:`CaseResult` naming what differed. Steps are looked up in :data:`STEPS`; the engine
registers the ``special`` step (card special actions) when it is importable. Reading a case
and setting its position up is :mod:`elgrande.tools.scenario_case`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from elgrande.engine import court
from elgrande.engine.court import apply_court, court_decision
from elgrande.engine.decisions import Decision
from elgrande.engine.flow import Flow
from elgrande.errors import DataError, ElGrandeError, IllegalMove, ScenarioError
from elgrande.model import placement, scoring
from elgrande.model.hook_context import HookContext
from elgrande.model.seats import named
from elgrande.model.state import OFF_BOARD, State
from elgrande.play.words import in_words
from elgrande.rules import base as base_rules
from elgrande.tools.scenario_case import (
    _SHAPE_ERRORS,
    CASE_KEYS,
    EXPECT_KEYS,
    POSITION_KEYS,
    STEP_KEYS,
    SUPPORTED_EXPECT,
    SUPPORTED_POSITION,
    Case,
    CaseResult,
    _at,
    _count,
    _one_line,
    _scenario_keys,
    _without_id,
    check_case_keys,
    load_case,
    setup_case,
)

__all__ = ["CASE_KEYS", "EXPECT_KEYS", "POSITION_KEYS", "STEPS", "STEP_KEYS",
           "SUPPORTED_EXPECT", "SUPPORTED_POSITION", "Case", "CaseResult", "case_files",
           "check_case_keys", "follow_up", "load_case", "run_case", "run_file", "setup_case",
           "step"]


StepFn = Callable[[Case, Any], None]
#: Step name -> function(case, argument). Functions raise IllegalMove for refusals.
STEPS: dict[str, StepFn] = {}


def step(name: str) -> Callable[[StepFn], StepFn]:
    """Register a scenario step under ``name`` (decorator)."""

    def deco(fn: StepFn) -> StepFn:
        STEPS[name] = fn
        return fn

    return deco


def _places(case: Case, ids: Any) -> list[int]:
    if not isinstance(ids, list):
        raise ScenarioError(f"{case.id}: a scoring step takes a list of region ids")
    return [case.place(i) for i in ids]


def _arg(case: Case, arg: Any, key: str, name: str) -> Any:
    if not isinstance(arg, Mapping) or key not in arg:
        raise ScenarioError(f"{case.id}: the {name} step needs '{key}'")
    return arg[key]


# Every step below calls the functions the game calls for the same rule: the score
# primitive's scoring, the base module's placement, court, power-card and general-scoring
# decisions and their apply functions, and the interpreter for special actions.
@step("score")
def _score(case: Case, arg: Any) -> None:
    for rs in scoring.score_regions(case.state, case.board, _places(case, arg),
                                    rules=case.engine.rules):
        case.log.append(rs.describe(case.board, case.names))


@step("first_only")
def _first_only(case: Case, arg: Any) -> None:
    for rs in scoring.score_regions(case.state, case.board, _places(case, arg), first_only=True,
                                    rules=case.engine.rules):
        case.log.append(rs.describe(case.board, case.names))


@step("general_scoring")
def _general(case: Case, arg: Any) -> None:
    discs_by_name = (arg or {}).get("discs") or {}
    if not isinstance(discs_by_name, Mapping):
        raise ScenarioError(f"{case.id}: discs must map players to regions")
    if (arg or {}).get("grandes"):
        raise ScenarioError(f"{case.id}: general_scoring 'grandes' (where a Grande leaving "
                            "the Castillo goes) needs a set that puts a Grande there")
    discs = [OFF_BOARD] * case.state.players
    for name, region in discs_by_name.items():
        discs[case.player(name)] = case.place(region)
    result = base_rules.general_scoring(case.engine, case.state, discs)
    case.log.append(result.castillo.describe(case.board, case.names))
    case.log.extend(r.describe(case.board, case.names) for r in result.regions)


def _idmap(case: Case, m: Any, where: str) -> dict[str, int]:
    if m is None:
        return {}
    if not isinstance(m, Mapping):
        raise ScenarioError(f"{case.id}: {where} must map region ids to counts")
    return {case.board.place_id(case.place(k)): _count(v, case.id, f"{where}.{k}")
            for k, v in m.items()}


def _answer(case: Case, d: Decision | None, answer: Any, player: int, rule: str,
            nothing: str) -> Any:
    """Check ``answer`` with decision ``d`` (None: nothing may be done, so only an empty
    answer is legal)."""
    if d is None:
        empty = not answer or (isinstance(answer, Mapping) and not answer.get("provinces")
                               and not answer.get("regions"))
        if not empty:
            raise IllegalMove(rule, nothing)
        return None
    return d.check(answer, player)


@step("place")
def _place(case: Case, arg: Any) -> None:
    p = case.player(_arg(case, arg, "player", "place"))
    limit = _count(_arg(case, arg, "limit", "place"), case.id, "place.limit")
    to = _idmap(case, arg.get("to"), "place.to")
    d = court.placement_decision(case.engine, case.state, p, limit)
    norm = _answer(case, d, to, p, "B4.3", "no caballero can be placed: the court is empty "
                   "or the action card allows none")
    if norm is not None:
        court.apply_placement_answer(case.engine, case.state, p, norm, [])


@step("court")
def _court(case: Case, arg: Any) -> None:
    p = case.player(_arg(case, arg, "player", "court"))
    limit = _count(_arg(case, arg, "limit", "court"), case.id, "court.limit")
    answer = {"provinces": _count(arg.get("from_provinces", 0), case.id,
                                  "court.from_provinces"),
              "regions": _idmap(case, arg.get("from_regions"), "court.from_regions")}
    d = court_decision(case.state, case.board, p, limit)
    norm = _answer(case, d, answer, p, "B4.1", "no caballero can come to court now")
    if norm is not None:
        apply_court(case.state, case.board, p, norm, case.engine.rules)


@step("bids")
def _bids(case: Case, arg: Any) -> None:
    if not isinstance(arg, Mapping):
        raise ScenarioError(f"{case.id}: bids map players to values, in playing order")
    order = list(arg.items())
    if not order:
        raise ScenarioError(f"{case.id}: empty bids step")
    first = case.player(order[0][0])
    work = case.state.copy()  # the step is refused whole: no bid of it stays played
    work.bids = []
    for i, (name, value) in enumerate(order):
        p = case.player(name)
        if i >= work.players:
            raise IllegalMove("B3.2", f"{name} has already played a power card this round")
        d = base_rules.bid_decision(work, first, i)
        if d.players != [p]:
            raise IllegalMove("B3.3", f"it is {case.names[d.players[0]]}'s turn to play a "
                              f"power card, not {name}'s")
        base_rules.apply_bid_answer(work, p, int(d.check(value, p)), [])
    case.state = work
    case.first_bidder = first


def _compare(case: Case, expect: Mapping[str, Any], before: State, diffs: list[str]) -> None:
    s, b = case.state, case.board
    for key in sorted(set(expect) - SUPPORTED_EXPECT):  # the rules modules' own pieces
        for keys in _scenario_keys(case.engine):
            found = None if keys.expect is None else keys.expect(case, key, expect[key],
                                                                  before)
            if found is not None:
                diffs.extend(found)
                break
        else:
            diffs.append(f"the expectation {key!r} is not supported yet with sets "
                         f"{list(b.sets)}")
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
    if "offer" in expect:  # the open action cards, less those taken or removed (C13)
        got_o = [c for c in s.offer if c]
        want_o = [str(c) for c in expect["offer"] or []]
        if got_o != want_o:
            diffs.append(f"offer: expected {want_o}, got {got_o}")
    for name, cards in (expect.get("held") or {}).items():
        p = case.player(name)
        got_h = s.held[p] if p < len(s.held) else []
        if sorted(got_h) != sorted(str(c) for c in cards or []):
            diffs.append(f"held by {name}: expected {cards}, got {got_h}")
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
    if not isinstance(expect, Mapping):
        return _fail(case, ["expect must be a mapping"])
    illegal = expect.get("illegal")
    allowed = [illegal] if isinstance(illegal, str) else illegal or []
    if not isinstance(allowed, list) or not all(isinstance(r, str) for r in allowed):
        return _fail(case, ["expect.illegal must be a rule id or a list of rule ids"])
    start = case.state.copy()
    diffs: list[str] = []
    for i, st in enumerate(steps):
        if not isinstance(st, dict) or len(st) != 1:
            return _fail(case, [f"step {i + 1} must be a mapping with one key"])
        (name, arg), = st.items()
        fn = _step_fn(case, name)
        if fn is None:
            return _fail(case, [f"step {i + 1}: step {name!r} is not supported with sets "
                                f"{list(case.board.sets)}"])
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
        except DataError as exc:  # card data a step uses, unknown and no fill given
            text = exc.message + (f" ({exc.hint})" if exc.hint else "") if not exc.path \
                else str(exc)
            return _fail(case, [f"step {i + 1} ({name}): {text}"])
        except ElGrandeError as exc:
            return _fail(case, [f"step {i + 1} ({name}): {_without_id(_one_line(exc), case.id)}"])
        except _SHAPE_ERRORS:
            return _fail(case, [f"step {i + 1} ({name}): a value of the wrong shape (see "
                                "tests/cases/README.md for this step)"])
        if isinstance(arg, Mapping) and arg.get("player") in case.names:
            case.turn_player = case.names.index(arg["player"])
    if allowed:
        diffs.append(f"expected the last step to be refused citing {allowed}, but it was "
                     "carried out")
    problems = case.state.conservation_errors(case.board)
    diffs.extend(problems)
    for key in expect:  # key by key, so that a malformed one is named
        try:
            with _at(case.id, f"expect.{key}"):
                _compare(case, {key: expect[key]}, start, diffs)
        except ScenarioError as exc:
            return _fail(case, [_without_id(str(exc), case.id)])
    return _done(case, diffs)


def _step_fn(case: Case, name: str) -> StepFn | None:
    """The step ``name``: a rules module's (its scenario keys' ``step``, e.g. a module that
    changes what ``bids`` means) before the built-in one."""
    for keys in _scenario_keys(case.engine):
        fn = None if keys.step is None else keys.step(case, name)
        if fn is not None:
            return fn
    return STEPS.get(name)


def _done(case: Case, diffs: list[str]) -> CaseResult:
    return CaseResult(case.id, case.title, case.path, not diffs,
                      tuple(named(d, case.names) for d in diffs))


def _fail(case: Case, problem: list[str]) -> CaseResult:
    """A case that cannot be run as written: one problem, naming the key or step."""
    return _problem(case.id, case.title, case.path, named(problem[0], case.names))


def _problem(cid: str, title: str, path: str, text: str) -> CaseResult:
    text = _without_id(" ".join(text.split()), cid)
    return CaseResult(cid, title, path, False, (text,), text)


def run_file(path: str | Path) -> CaseResult:
    """Load and run one case file. A file that cannot be read or set up, or a malformed
    case (any unexpected shape of its data), is a failed result with a one-line problem
    naming the key: the runner then goes on with the other cases."""
    stem = Path(path).stem
    try:
        case = load_case(path)
    except ScenarioError as exc:  # "<case id or file>: <key>: what is wrong"
        cid, sep, rest = _one_line(exc).partition(": ")
        named = sep and " " not in cid
        return _problem(cid if named and cid != str(path) else stem, "", str(path),
                        rest if named else _one_line(exc))
    except UnicodeDecodeError as exc:
        return _problem(stem, "", str(path), f"not UTF-8 text (byte {exc.object[exc.start]:#04x}"
                        f" at offset {exc.start})")
    except OSError as exc:
        return _problem(stem, "", str(path), f"cannot be read ({exc.strerror or 'an error'})")
    except ElGrandeError as exc:
        return _problem(stem, "", str(path), _one_line(exc))
    except _SHAPE_ERRORS:
        return _problem(stem, "", str(path), "a value of the wrong shape (see "
                        "tests/cases/README.md)")
    try:
        return run_case(case)
    except Exception as exc:  # noqa: BLE001 - the runner goes on with the other cases
        return _problem(case.id, case.title, case.path, "the case could not be run "
                        f"({type(exc).__name__} in the runner): please report it")


def case_files(paths: Sequence[str | Path]) -> list[Path]:
    """Expand files and folders (recursively, ``*.yaml``/``*.yml``) into sorted case files."""
    out: list[Path] = []
    for p in map(Path, paths):
        if p.is_dir():
            out.extend(sorted(q for q in p.rglob("*") if q.suffix in (".yaml", ".yml")
                              and q.is_file()))
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
    """Carry out a card's special action with the answers given, in order, as a game does
    (B4.4): the card's script with its decisions (a secret choice takes one answer: a
    mapping player -> region; a rules module's follow-up decisions inside it, such as the
    relocations a move left unused (C11) or a limit-table seat (C10), take the next
    answers), then the sets' ``special_action_done`` hooks (the gold and goods printed on a
    7th-stack card appear, C7; a removed card leaves the offer, C13), then the follow-up
    decisions a game asks between phases (a seat, C10; the new discs the player may take
    at once, C7), answered by the answers left. A card a fill plays with no special action
    (docs/cards.md) is carried out with no effect. Runs on a copy and commits only
    when the whole action succeeds, so a refused answer changes nothing.

    Raises:
        ScenarioError: an unknown card, answers left over or missing (naming the decision
        still waiting). MissingCardData: card data the action uses is unknown and the case
        names no fill. IllegalMove: a refused answer.
    """
    lib = case.engine.lib
    engine = case.engine
    actor = case.player(_arg(case, arg, "player", "special"))
    card = str(_arg(case, arg, "card", "special"))
    if card not in lib.scripts and card not in lib.cards.cards:
        raise ScenarioError(f"{case.id}: unknown card {card!r}")
    answers = arg.get("answers") or []
    if not isinstance(answers, list):
        raise ScenarioError(f"{case.id}: answers must be a list")
    work = case.state.copy()
    flow = case.flow.copy()
    flow.turn_order, flow.turn_i, flow.card = [actor], 0, card
    flow.phase = base_rules.SPECIAL
    interp = engine.interpreter
    events: list[dict[str, Any]] = []
    run = interp.begin(card, actor) if card in lib.scripts else None
    decision = interp.advance(work, run, events) if run is not None else None
    over = False  # the script is over and the special_action_done hooks have run
    for raw in answers:
        if decision is None and not over:
            decision, over = _special_over(case, work, flow, events), True
        if decision is None:
            raise ScenarioError(f"{case.id}: answer {raw!r} given but the special action "
                                "and its follow-up decisions are over")
        if over or run is None:
            decision = _follow_up_answer(case, work, flow, decision, raw, events)
        elif decision.kind == "secret_region":
            if not isinstance(raw, dict):
                raise ScenarioError(f"{case.id}: a secret choice takes {{player: region}}")
            for name, region in raw.items():
                decision = interp.answer(work, run, case.player(name), region, events)
        else:
            decision = interp.answer(work, run, decision.players[0],
                                     _answer_names(case, raw), events)
    if decision is None and not over:
        decision = _special_over(case, work, flow, events)
    if decision is not None:
        raise ScenarioError(f"{case.id}: the special action still waits for "
                            f"{decision.kind} ({decision.rule}) by player(s) "
                            f"{[case.names[p] for p in decision.players]}: "
                            f"{in_words(decision.prompt, case.names, lib)}")
    case.state = work
    case.flow = flow


@step("follow_up")
def _follow_up(case: Case, arg: Any) -> None:
    """The step ``follow_up: [answers]``: answer, in order, the decisions a rules module
    asks between a turn's phases after the previous step (a limit-table seat a ``court``
    or ``ship`` step left empty, C10), as a game asks them of the player whose turn it is
    (the last step's player). Refused whole.

    Raises:
        ScenarioError: no decision waits for an answer given, or one still waits after
        the last. IllegalMove: a refused answer.
    """
    answers = arg if isinstance(arg, list) else [arg]
    _follow_ups(case, max(case.turn_player or 0, 0), answers, None)


@step("turn_start")
def _turn_start(case: Case, arg: Any) -> None:
    """The step ``turn_start: {player, answers}``: the player's turn begins (B4) as a
    game's does: the sets' ``turn_start`` hooks hear of it (the triggers ``when turn
    starts`` listen to), then the decisions asked before the turn's first phase (a
    trigger's body) are answered in order by ``answers``. Refused whole.

    Raises:
        ScenarioError: an answer with no decision waiting, or one still waiting after
        the last. IllegalMove: a refused answer.
    """
    p = case.player(_arg(case, arg, "player", "turn_start"))
    answers = arg.get("answers") or []
    if not isinstance(answers, list):
        raise ScenarioError(f"{case.id}: answers must be a list")
    _follow_ups(case, p, answers, case.engine.rules.turn_start)


def _follow_ups(case: Case, player: int, answers: list[Any],
                event: Callable[..., None] | None) -> None:
    """On copies of the case's state and flow, with ``player``'s turn: the named
    ``event`` hook when given, then answer the follow-up decisions asked between phases
    with ``answers``, in order; the case takes the copies when all went through.

    Raises:
        ScenarioError: an answer with no decision waiting, or one still waiting after
        the last. IllegalMove: a refused answer.
    """
    work = case.state.copy()
    flow = case.flow.copy()
    flow.turn_order, flow.turn_i, flow.phase = [player], 0, ""
    events: list[dict[str, Any]] = []
    if event is not None:
        event(HookContext(work, case.board, events, player, case.engine, flow))
    decision = follow_up(case, work, flow, events)
    for raw in answers:
        if decision is None:
            raise ScenarioError(f"{case.id}: answer {raw!r} given but no follow-up decision "
                                "waits")
        decision = _follow_up_answer(case, work, flow, decision, raw, events)
    if decision is not None:
        raise ScenarioError(f"{case.id}: a follow-up decision still waits: {decision.kind} "
                            f"({decision.rule}) by {[case.names[p] for p in decision.players]}"
                            f": {in_words(decision.prompt, case.names, case.engine.lib)}")
    case.state = work
    case.flow = flow


def _special_over(case: Case, state: State, flow: Flow,
                  events: list[dict[str, Any]]) -> Decision | None:
    """The special action's script is over: run the sets' ``special_action_done`` hooks
    (as the base game's turn does) and return the first follow-up decision a game asks
    next."""
    done = case.engine.rules.special_action_done
    if done is not None:
        done(HookContext(state, case.board, events, flow.actor, case.engine, flow))
    flow.phase = ""  # between the turn's phases
    return follow_up(case, state, flow, events)


def follow_up(case: Case, state: State, flow: Flow,
              events: list[dict[str, Any]]) -> Decision | None:
    """The side decision a rules module asks between a turn's phases (an aside, hook
    ``aside``: a limit-table seat, C10; new discs to take at once, C7), pushed on
    ``flow.asides`` as a game pushes it, or None."""
    if flow.asides:
        return flow.asides[-1].decision
    ask = case.engine.rules.asides
    if ask is None:
        return None
    aside = ask(HookContext(state, case.engine.board, events, flow.actor, case.engine, flow),
                None)
    if aside is None:
        return None
    flow.asides.append(aside)
    return aside.decision


def _follow_up_answer(case: Case, state: State, flow: Flow, d: Decision, raw: Any,
                      events: list[dict[str, Any]]) -> Decision | None:
    """Answer follow-up decision ``d`` (the top aside of ``flow.asides``) with ``raw``, as
    a game does (checked by ``d``, applied by its module's ``aside_apply`` hook); the next
    follow-up decision, or None.

    Raises:
        IllegalMove: a refused answer.
    """
    if not flow.asides or flow.asides[-1].decision is not d:
        raise ScenarioError(f"{case.id}: no rules module takes the answer to {d.prompt}")
    norm = d.check(raw, d.players[0])
    aside = flow.asides.pop()
    case.engine.rules.apply_aside(
        HookContext(state, case.engine.board, events, flow.actor, case.engine, flow),
        aside, norm)
    return follow_up(case, state, flow, events)
