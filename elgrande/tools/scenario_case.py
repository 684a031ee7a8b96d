"""Scenario cases read and set up: the keys a case may have, :class:`Case` (a position ready
to run) and :class:`CaseResult`, :func:`load_case` / :func:`setup_case` (the ``position``
of a case file, format: ``tests/cases/README.md``). Running the steps and comparing the
expectations is :mod:`elgrande.tools.scenario`'s job.
"""

from __future__ import annotations

import contextlib
from collections.abc import Container, Iterator, Mapping
from pathlib import Path
from typing import Any

import attrs

from elgrande.data import yamlpos
from elgrande.data.library import load_library
from elgrande.data.sets import set_folder
from elgrande.engine.flow import Flow, FlowEngine, engine_for
from elgrande.engine.scenario_keys import ScenarioKeys, scenario_keys
from elgrande.errors import ElGrandeError, IllegalMove, ScenarioError
from elgrande.model.board import Board
from elgrande.model.hook_context import HookContext
from elgrande.model.seats import named
from elgrande.model.state import NOBODY, OFF_BOARD, Lasting, State
from elgrande.rules import base as base_rules

#: The keys a case may have (``tests/cases/README.md``); anything else is an error of the
#: case, never ignored. Keys of the format that the sets in play cannot use yet make the
#: case fail, naming the key.
CASE_KEYS = frozenset({"id", "title", "rules", "source", "sets", "fill", "players",
                       "position", "do", "expect", "errata", "notes", "cards",
                       "set_folders"})
POSITION_KEYS = frozenset({"round", "king", "grandes", "regions", "castillo", "court",
                           "provinces", "scoreboards", "scores", "hands", "vetoes",
                           "inquisitor", "limit_table", "france", "ship", "america",
                           "mediterranean", "carriers", "supply", "offer", "held"})
EXPECT_KEYS = frozenset({"points", "regions", "castillo", "court", "provinces", "king",
                         "grandes", "scoreboards", "turn_order", "next_first_bidder",
                         "illegal", "france", "ship", "america", "mediterranean",
                         "limit_table", "carriers", "supply", "offer", "caballero_cards",
                         "king_card", "intrigue_card", "taken", "action_choices", "held"})
#: Keys of each step's argument (a mapping); ``bids`` maps players to values.
STEP_KEYS: dict[str, frozenset[str] | None] = {
    "score": None, "first_only": None, "general_scoring": frozenset({"discs", "grandes"}),
    "place": frozenset({"player", "limit", "to"}),
    "court": frozenset({"player", "limit", "from_provinces", "from_regions"}),
    "special": frozenset({"player", "card", "answers"}), "bids": None,
    "ship": frozenset({"player", "answers"}), "turn": frozenset({"player", "answers"}),
    "take": frozenset({"player", "card", "open"}), "follow_up": None,
    "turn_start": frozenset({"player", "answers"}),
}
#: Position and expectation keys the engine can set up or compare today.
SUPPORTED_POSITION = frozenset({"round", "king", "grandes", "regions", "castillo", "court",
                                "provinces", "scoreboards", "scores", "hands", "vetoes",
                                "inquisitor", "offer", "held"})
SUPPORTED_EXPECT = frozenset({"points", "regions", "castillo", "court", "provinces", "king",
                              "grandes", "scoreboards", "turn_order", "next_first_bidder",
                              "illegal", "offer", "held"})


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
    engine: FlowEngine
    first_bidder: int | None = None
    log: list[str] = attrs.field(factory=list)
    #: the turn's flow data the steps share, as a game's (the offer of action cards, C13)
    flow: Flow = attrs.field(factory=lambda: Flow([1], [], 0, parts={
        "base": base_rules.BaseRound([], 0)}))
    #: the player of the last step that names one (whose turn the steps play): a ``ship``
    #: step of another player starts that player's turn (C5: nobody has sailed in it yet)
    turn_player: int | None = None

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
    """The outcome of one case: ``passed`` and, when not, the differences in words;
    ``problem``: what is wrong with the case itself (it cannot be read, set up or run as
    written), naming the key, else ''."""

    id: str
    title: str
    path: str
    passed: bool
    differences: tuple[str, ...] = ()
    problem: str = ""

    def line(self) -> str:
        """The runner's output for the case: one line, and a line per difference (a
        problem of the case is one line naming its file and the key)."""
        status = "pass" if self.passed else "FAIL"
        if self.problem:
            return f"{self.id:<6} {status}  {self.path}: {self.problem}"
        out = f"{self.id:<6} {status}  {self.title}"
        if self.differences:
            out += "\n" + "\n".join(f"         - {d}" for d in self.differences)
        return out


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


def _unknown_keys(where: str, given: Any, known: frozenset[str], cid: str) -> None:
    if not isinstance(given, Mapping):
        raise ScenarioError(f"{cid}: {where} must be a mapping, not {type(given).__name__}")
    bad = sorted(str(k) for k in given if k not in known)
    if bad:
        raise ScenarioError(f"{cid}: unknown key {bad[0]!r} in {where} (known: "
                            f"{', '.join(sorted(known))})")


def check_case_keys(data: Mapping[str, Any], cid: str) -> None:
    """Refuse any key the case format does not have, in the case, its position, its steps
    and its expectations (``tests/cases/README.md``).

    Raises:
        ScenarioError: naming the first unknown key and where it is.
    """
    _unknown_keys("the case", data, CASE_KEYS, cid)
    _unknown_keys("position", data.get("position") or {}, POSITION_KEYS, cid)
    _unknown_keys("expect", data.get("expect") or {}, EXPECT_KEYS, cid)
    steps = data.get("do") or []
    if not isinstance(steps, list):
        raise ScenarioError(f"{cid}: 'do' must be a list of steps")
    for i, st in enumerate(steps, 1):
        if not isinstance(st, Mapping) or len(st) != 1:
            raise ScenarioError(f"{cid}: step {i} must be a mapping with one key (the step)")
        (name, arg), = st.items()
        if name not in STEP_KEYS:
            raise ScenarioError(f"{cid}: unknown step {name!r} in step {i} (known: "
                                f"{', '.join(sorted(STEP_KEYS))})")
        keys = STEP_KEYS[name]
        if keys is not None:
            _unknown_keys(f"step {i} ({name})", arg or {}, keys, cid)


def setup_case(data: dict[str, Any], path: str = "") -> Case:
    """Build a :class:`Case` from already-loaded case data (see :func:`load_case`).

    Raises:
        ScenarioError: an unknown key, an unknown name, a bad count, a value of the wrong
        shape, or a position that does not conserve caballeros; each names the key.
    """
    cid = str(data.get("id", Path(path).stem))
    check_case_keys(data, cid)
    sets = data.get("sets") or ["base"]
    if not isinstance(sets, list) or not all(isinstance(x, str) for x in sets):
        raise ScenarioError(f"{cid}: 'sets' must be a list of set ids")
    errata = data.get("errata") or []
    if not isinstance(errata, list) or not all(isinstance(e, str) for e in errata):
        raise ScenarioError(f"{cid}: 'errata' must be a list of erratum ids")
    fill = data.get("fill")
    if fill is not None and not isinstance(fill, str):
        raise ScenarioError(f"{cid}: 'fill' must name a fill (e.g. provisional)")
    extra = data.get("cards") or []  # homebrew card folders, relative to the case file
    if isinstance(extra, str):
        extra = [extra]
    if not isinstance(extra, list) or not all(isinstance(f, str) for f in extra):
        raise ScenarioError(f"{cid}: 'cards' must name homebrew card folders")
    missing = [f for f in extra if not (Path(path).parent / f).exists()]
    if missing:
        raise ScenarioError(f"{cid}: 'cards' names no such folder or file: {missing[0]!r} "
                            "(homebrew card folders, relative to the case file)")
    folders = data.get("set_folders") or []  # homebrew sets' folders, relative to the case
    if not isinstance(folders, list) or not all(isinstance(f, str) for f in folders):
        raise ScenarioError(f"{cid}: 'set_folders' must name homebrew set folders (each "
                            "holding a set.yaml)")
    with _at(cid, "set_folders"):
        own = [set_folder(Path(path).parent / f) for f in folders]
    sets = [*sets, *(s for s, _ in own if s not in sets)]
    with _at(cid, "sets, errata, fill or cards"):
        lib = load_library(sets, errata, [str(Path(path).parent / f) for f in extra], fill,
                           [str(r) for _, r in own])
    board = lib.board
    engine = engine_for(lib)
    players = data.get("players") or []
    if not isinstance(players, list) or not all(isinstance(n, str) for n in players) \
            or len(set(players)) != len(players):
        raise ScenarioError(f"{cid}: 'players' must list the players' names (colours), each "
                            "once, in seat order")
    names = list(players)
    if not (board.min_players <= len(names) <= board.max_players):
        raise ScenarioError(f"{cid}: players: {len(names)} players; the game takes "
                            f"{board.min_players}-{board.max_players} (B1.0)")
    state = State.empty(board, len(names))
    hand = engine.rules.last("initial_hand", HookContext(state, board, [])) or []
    state.hands = [list(hand) for _ in names]
    case = Case(cid, str(data.get("title", "")), path, data, board, names, state, engine)
    pos = data.get("position") or {}
    with _at(cid, "position.round"):
        state.round = _count(pos.get("round", 0), cid, "position.round")
    if "king" not in pos:
        raise ScenarioError(f"{cid}: position.king: the position must give the king's "
                            "region")
    with _at(cid, "position.king"):
        state.king = case.place(pos["king"])
    with _at(cid, "position.grandes"):
        for name, where in _mapping(pos, "grandes").items():
            state.set_grande(case.player(name), case.place(where))
    missing = [names[p] for p in range(len(names)) if state.grandes[p] == OFF_BOARD]
    if missing:
        raise ScenarioError(f"{cid}: position.grandes: no Grande position for {missing}")
    with _at(cid, "position.regions"):
        for region, by_player in _mapping(pos, "regions").items():
            for name, n in (by_player or {}).items():
                state.set_caballeros(case.place(region), case.player(name), _count(
                    n, cid, f"position.regions.{region}.{name}"))
    with _at(cid, "position.castillo"):
        for name, n in _mapping(pos, "castillo").items():
            state.set_caballeros(board.castillo, case.player(name), _count(
                n, cid, f"position.castillo.{name}"))
    with _at(cid, "position.court"):
        for name, n in _mapping(pos, "court").items():
            state.court[case.player(name)] = _count(n, cid, f"position.court.{name}")
    with _at(cid, "position.scoreboards"):
        for place_id, sb_id in _mapping(pos, "scoreboards").items():
            try:
                state.set_scoreboard(board.scoreboard_index(str(sb_id)), case.place(place_id))
            except KeyError as exc:
                raise ScenarioError(f"{cid}: {exc.args[0]}") from None
    with _at(cid, "position.scores"):
        for name, n in _mapping(pos, "scores").items():
            state.scores[case.player(name)] = _count(n, cid, f"position.scores.{name}")
    # the values a hand holds: the power cards (B3.2), or the cards held in hand instead (I1)
    dealt = {c.value for c in lib.of_role("hand")} or set(board.power_cards)
    with _at(cid, "position.hands"):
        for name, hand in _mapping(pos, "hands").items():
            p = case.player(name)
            if not isinstance(hand, list):
                raise ScenarioError(f"{cid}: position.hands.{name} must be a list of values")
            values = sorted(_count(v, cid, f"position.hands.{name}") for v in hand)
            unknown = [v for v in values if v not in dealt]
            if unknown or len(set(values)) < len(values):
                raise ScenarioError(f"{cid}: position.hands.{name}: {unknown or values} is not "
                                    "a hand of distinct power card values of the sets in play "
                                    f"({', '.join(map(str, sorted(dealt)))}) (B3.2)")
            state.set_hand(p, values)
            state.set_discards(p, sorted(set(board.power_cards) - set(state.hands[p])))
    with _at(cid, "position.vetoes"):
        for name, taken in _mapping(pos, "vetoes").items():
            for r in taken if isinstance(taken, list) else [taken]:
                state.add_lasting(Lasting("veto", case.player(name),
                                          _count(r, cid, f"position.vetoes.{name}") + 1))
    with _at(cid, "position.offer"):  # the open action cards (B3.1; after the actor's)
        if "offer" in pos:
            state.offer = _card_list(pos["offer"], cid, "position.offer",
                                     engine.lib.cards.cards)
            state.offer_origin = [-1] * len(state.offer)
    with _at(cid, "position.held"):  # the cards held in each court
        held = _mapping(pos, "held")
        if held:
            state.held = [[] for _ in names]
            for name, cards in held.items():
                state.held[case.player(name)] = _card_list(
                    cards, cid, f"position.held.{name}", engine.lib.cards.cards)
    inq = pos.get("inquisitor")
    if inq:
        with _at(cid, "position.inquisitor"):
            for region, n in _mapping(inq, "regions").items():
                r = case.place(region)
                state.add_neutral(r, _count(n, cid, f"position.inquisitor.regions.{region}")
                                  - state.neutral[r])
            holder = inq.get("holder")
            state.neutral_holder = NOBODY if holder is None else case.player(holder)
    for key in sorted(set(pos) - SUPPORTED_POSITION):  # the rules modules' own pieces
        with _at(cid, f"position.{key}"):
            if not any(keys.position(case, key, pos[key]) for keys in _scenario_keys(engine)
                       if keys.position is not None):
                raise ScenarioError(f"{cid}: the position key {key!r} is not supported yet "
                                    f"with sets {list(board.sets)}")
    with _at(cid, "position.provinces"):
        provinces = _mapping(pos, "provinces")
        unknown = [n for n in provinces if n not in names]
        if unknown:
            case.player(unknown[0])
        for p in range(len(names)):
            if names[p] in provinces:
                state.provinces[p] = _count(provinces[names[p]], cid,
                                            f"position.provinces.{names[p]}")
            else:
                state.provinces[p] = (board.caballeros_per_player - state.court[p]
                                      - state.on_board(p))
    problems = state.conservation_errors(board)
    if problems:
        raise ScenarioError(f"{cid}: position does not conserve caballeros: "
                            + "; ".join(named(p, names) for p in problems))
    return case


#: The Python errors a case value of an unexpected shape can raise in the code that reads
#: it: each becomes a :class:`ScenarioError` naming the key (:func:`_at`).
_SHAPE_ERRORS = (KeyError, TypeError, ValueError, AttributeError, IndexError, OverflowError,
                 ZeroDivisionError, RecursionError, MemoryError)


@contextlib.contextmanager
def _at(cid: str, where: str) -> Iterator[None]:
    """Name ``where`` (a key path such as ``position.france``) in every problem of the
    case found inside: a ScenarioError or a card-data error gets ``where`` in front, a
    Python error from a value of an unexpected shape becomes a ScenarioError naming it."""
    try:
        yield
    except ScenarioError as exc:
        text = _without_id(str(exc), cid)
        if text.startswith(where.split(".")[0]):
            raise
        raise ScenarioError(f"{cid}: {where}: {text}") from None
    except IllegalMove:
        raise
    except ElGrandeError as exc:
        raise ScenarioError(f"{cid}: {where}: {_one_line(exc)}") from None
    except _SHAPE_ERRORS:
        raise ScenarioError(f"{cid}: {where}: a value of the wrong shape (see "
                            "tests/cases/README.md for this key)") from None


def _without_id(text: str, cid: str) -> str:
    return text[len(cid) + 2:] if text.startswith(f"{cid}: ") else text


def _mapping(data: Any, key: str) -> Mapping[Any, Any]:
    """``data[key]`` as a mapping (absent or null: empty).

    Raises:
        ScenarioError: another shape.
    """
    value = data.get(key) if isinstance(data, Mapping) else None
    if value is None:
        return {}
    if not isinstance(value, Mapping):
        raise ScenarioError(f"{key} must be a mapping, not {_shape(value)}")
    return value


def _shape(value: Any) -> str:
    """What kind of value ``value`` is, in words (for a case writer)."""
    for t, word in ((bool, "true/false"), (int, "a number"), (float, "a number"),
                    (str, "a text"), (list, "a list"), (Mapping, "a mapping")):
        if isinstance(value, t):
            return word
    return "null" if value is None else "another value"


def _card_list(given: Any, cid: str, where: str, known: Container[str]) -> list[str]:
    """A case's list of card ids (None: none), each one of ``known``.

    Raises:
        ScenarioError: not a list (a string would be read letter by letter), or an id
        no set in play has.
    """
    if given is None:
        return []
    if not isinstance(given, list):
        raise ScenarioError(f"{cid}: {where} must be a list of card ids")
    bad = [c for c in given if str(c) not in known]
    if bad:
        raise ScenarioError(f"{cid}: {where}: no such card: {bad[0]!r}")
    return [str(c) for c in given]


def _count(v: Any, cid: str, where: str) -> int:
    """A whole number >= 0 from a case, or a ScenarioError naming where it is."""
    if isinstance(v, bool) or not isinstance(v, int) or v < 0:
        raise ScenarioError(f"{cid}: {where} must be a whole number >= 0, not {v!r}")
    return v


def _one_line(exc: BaseException) -> str:
    text = " ".join(str(exc).split()) or type(exc).__name__
    return text if len(text) <= 300 else text[:297] + "..."


def _scenario_keys(engine: FlowEngine) -> list[ScenarioKeys]:
    """The scenario-case keys the rules modules in play register
    (:attr:`elgrande.engine.modules.RulesModule.scenario`), in load order."""
    out = []
    for m in engine.rules.modules:
        keys = scenario_keys(m)
        if keys is not None:
            out.append(keys)
    return out
