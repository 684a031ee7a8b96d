"""Homebrew card validation: every problem in a set of card files, not just the first.

``validate(paths)`` loads card files exactly as the engine does (``read_file``,
``check_fields``, ``build_card``/``parse``, ``check_script`` against the board's place ids)
but keeps going after a problem, so a designer sees them all at once:

- per file: the YAML error (``E-YAML``), every schema error (``E-SCHEMA-*``), the syntax
  error of each effect script in it (``E-SYNTAX``), every checker problem (``E-UNKNOWN-*``,
  ``E-UNDEFINED``, ``E-TYPE``, ``E-RANGE``, ``W-*``);
- across files: duplicate ids (``E-DUPLICATE-ID``), errata for unknown cards
  (``E-UNKNOWN-CARD``), power cards that disagree with the set manifest
  (``E-POWER-MISMATCH``);
- ``W-NEVER-ACTS``: an effect that can never change the game (every statement is
  ``pass``, or it only acts on places the rules keep empty or closed), when no more
  specific warning already says so;
- a **smoke play** of every valid action/King's card: its special action is carried out
  in ``smoke`` random positions, every decision answered at random, now and then with a
  garbage answer that must be refused (``IllegalMove``) without changing anything.
  Reported: an exception other than ``IllegalMove`` or a refused legal answer
  (``E-RUNTIME``), a step-budget overrun (``E-BUDGET``), a broken caballero count
  (``E-RUNTIME``, B1.1), a garbage answer accepted or a refused answer that changed the
  state (``E-RUNTIME``); each with the command that reproduces it.

The shipped sets (``("base",)`` by default) are loaded alongside the files checked, so a
homebrew id cannot clash with a shipped one; only problems in the files checked are
reported. Diagnostics are sorted by path, line, column and code; nothing depends on the
clock.
"""

from __future__ import annotations

import difflib
import json
import random
import shlex
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

import attrs
import yaml

from elgrande.data.cards import (
    CardDef,
    Erratum,
    build_card,
    build_erratum,
    card_files,
    check_fields,
    duplicate_id,
    parse_effect,
    read_file,
)
from elgrande.data.kinds import Kinds, load_kinds, shipped_set_ids
from elgrande.data.manifests import load_board
from elgrande.data.yamlpos import Positions
from elgrande.dsl import ast
from elgrande.dsl.checker import check_script
from elgrande.engine.decisions import Decision
from elgrande.engine.interpreter import BudgetExceeded, Interpreter, block_at
from elgrande.errors import CardError, IllegalMove
from elgrande.model.board import Board
from elgrande.model.state import State

#: Decisions one smoke-played effect may ask before it counts as running away.
MAX_DECISIONS = 400
#: How often (0..1) a smoke play first tries a garbage answer.
GARBAGE_RATE = 0.2
#: Answers no decision accepts (the ones a decision lists as legal are skipped).
GARBAGE: tuple[Any, ...] = (
    None, "no-such-region", -7, 10**6, 3.5, True, {"no-such-region": 99},
    [{"from": "no-such-region", "to": "no-such-region", "n": 99}],
    {"scoreboard": "no-such-scoreboard", "to": "no-such-region"}, {"provinces": -1},
)
#: Most random answers given to reach a smoke position.
MAX_PREFIX = 300

SEVERITIES = ("error", "warning")


class NoCardFiles(ValueError):
    """A path given to :func:`validate` holds no card file (a usage error)."""


@attrs.frozen(slots=True)
class Diagnostic:
    """One problem in a card file.

    Attributes:
        path: the file; line, column: 1-based (0 when unknown);
        severity: ``"error"`` or ``"warning"``; code: a stable code (``E-SYNTAX``);
        message: what is wrong; hint: how to fix it ('' when none).
    """

    path: str
    line: int
    column: int
    severity: str
    code: str
    message: str
    hint: str = ""

    @classmethod
    def from_error(cls, err: CardError) -> Diagnostic:
        """The diagnostic of a :class:`CardError`."""
        return cls(err.path, err.line, err.column, err.severity, err.code, err.message,
                   err.hint)

    def key(self) -> tuple[str, int, int, int, str, str]:
        """Sort key: path, line, column, errors before warnings, code, message."""
        return (self.path, self.line, self.column, SEVERITIES.index(self.severity)
                if self.severity in SEVERITIES else 2, self.code, self.message)

    def to_json(self) -> dict[str, Any]:
        """``{path, line, column, severity, code, message, hint}``."""
        return {"path": self.path, "line": self.line, "column": self.column,
                "severity": self.severity, "code": self.code, "message": self.message,
                "hint": self.hint}

    def format(self, source: Sequence[str] = ()) -> str:
        """``path:line:col: severity CODE: message``, then the source line with a caret
        under the column (when ``source``, the file's lines, has it), then the hint."""
        loc = self.path + (f":{self.line}:{self.column}" if self.line else "")
        out = [f"{loc}: {self.severity} {self.code}: {self.message}"]
        if 0 < self.line <= len(source):
            text = source[self.line - 1].rstrip("\r\n")
            col = max(self.column, 1)
            pad = "".join(ch if ch == "\t" else " " for ch in text[: col - 1])
            out.append("  " + text)
            out.append("  " + pad + "^")
        if self.hint:
            out.append(f"  hint: {self.hint}")
        return "\n".join(out)


@attrs.define
class Report:
    """The result of :func:`validate`.

    Attributes:
        diagnostics: every problem, sorted (see :meth:`Diagnostic.key`).
        files: the files checked; cards: the cards (and errata) they define;
        smoked: the cards smoke-played; trials: positions per card.
    """

    diagnostics: list[Diagnostic]
    files: list[str]
    cards: int = 0
    smoked: int = 0
    trials: int = 0

    @property
    def errors(self) -> list[Diagnostic]:
        """The diagnostics of severity error."""
        return [d for d in self.diagnostics if d.severity == "error"]

    @property
    def warnings(self) -> list[Diagnostic]:
        """The diagnostics of severity warning."""
        return [d for d in self.diagnostics if d.severity != "error"]

    def exit_code(self, strict: bool = False) -> int:
        """0 when clean (warnings allowed unless ``strict``), else 1."""
        if self.errors or (strict and self.warnings):
            return 1
        return 0

    def to_json(self) -> list[dict[str, Any]]:
        """The diagnostics as a JSON list."""
        return [d.to_json() for d in self.diagnostics]

    def format_text(self, strict: bool = False) -> str:
        """Every diagnostic with its source line and caret, then a summary line."""
        cache: dict[str, list[str]] = {}
        blocks = [d.format(_source(d.path, cache)) for d in self.diagnostics]
        ne, nw = len(self.errors), len(self.warnings)
        summary = f"{len(self.files)} file{'s' if len(self.files) != 1 else ''} checked"
        if self.smoked:
            summary += (f", {self.smoked} card{'s' if self.smoked != 1 else ''} smoke-played "
                        f"in {self.trials} position{'s' if self.trials != 1 else ''} each")
        summary += f": {ne} error{'s' if ne != 1 else ''}, {nw} warning{'s' if nw != 1 else ''}"
        if strict and nw:
            summary += " (--strict: warnings fail)"
        return "\n".join([*blocks, summary])


def _source(path: str, cache: dict[str, list[str]]) -> list[str]:
    if path not in cache:
        try:
            cache[path] = Path(path).read_text(encoding="utf-8").splitlines()
        except (OSError, UnicodeDecodeError):
            cache[path] = []
    return cache[path]


# -- loading ----------------------------------------------------------------------------------
@attrs.define
class _Entry:
    data: Any
    path: str
    pos: Positions


class _Collector:
    """Diagnostics for the checked files only, without repeats."""

    def __init__(self, checked: set[str]) -> None:
        self.checked = checked
        self.found: dict[tuple[Any, ...], Diagnostic] = {}

    def add(self, err: CardError | Diagnostic) -> None:
        d = err if isinstance(err, Diagnostic) else Diagnostic.from_error(err)
        if d.path in self.checked:
            self.found.setdefault((d.path, d.line, d.column, d.code, d.message), d)

    def has_errors(self, path: str) -> bool:
        return any(d.path == path and d.severity == "error" for d in self.found.values())

    def has_any(self, path: str) -> bool:
        return any(d.path == path for d in self.found.values())


def _files(paths: Iterable[str | Path]) -> list[str]:
    out: list[str] = []
    seen: set[Path] = set()
    for p in paths:
        files = card_files(p)
        if not files:
            raise NoCardFiles(f"no card files (*.yaml, *.yml) under {p}")
        for f in files:
            key = f.resolve()
            if key not in seen:
                seen.add(key)
                out.append(str(f))
    return out


def _shown(path: Path) -> str:
    """``path`` relative to the working directory when it is below it (shorter messages)."""
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)


def _scripts_in(data: dict[str, Any], kinds: Kinds) -> list[tuple[Any, ...]]:
    """Key paths of every effect script written in a card or erratum mapping."""
    keys: list[tuple[Any, ...]] = []
    kind = kinds.get(data.get("kind"))
    if isinstance(data.get("effect"), str) and kind is not None and "effect" in kind.fields:
        keys.append(("effect",))
    for i, e in enumerate(data.get("errata") or []):
        if isinstance(e, dict) and isinstance((e.get("replaces") or {}).get("effect"), str):
            keys.append(("errata", i, "replaces", "effect"))
    if isinstance((data.get("replaces") or {}).get("effect"), str) \
            and data.get("kind") == "erratum":
        keys.append(("replaces", "effect"))
    return keys


def _get(data: Any, key: tuple[Any, ...]) -> Any:
    for k in key:
        data = data[k]
    return data


def _unique(cid: str, path: str, pos: Positions, seen: dict[str, str],
            out: _Collector) -> bool:
    err = duplicate_id(cid, path, pos, seen)
    if err is not None:
        out.add(err)
    return err is None


def _set_ids(paths: Sequence[str | Path]) -> set[str]:
    """The ids of the card sets whose manifests (``set.yaml``) lie under ``paths``."""
    ids: set[str] = set()
    for p in map(Path, paths):
        manifests = [p] if p.name == "set.yaml" else (
            list(p.rglob("set.yaml")) if p.is_dir() else [])
        for m in manifests:
            try:
                data = yaml.safe_load(m.read_text(encoding="utf-8"))
            except (OSError, yaml.YAMLError):
                continue
            if isinstance(data, dict) and isinstance(data.get("set"), str):
                ids.add(data["set"])
    return ids


def validate(paths: Sequence[str | Path], smoke: int = 50, seed: int = 1,
             sets: Sequence[str] = ("base",)) -> Report:
    """Check the card files under ``paths`` and report every problem.

    Args:
        paths: card files and/or folders (searched like ``load_folders`` does).
        smoke: random positions each valid action/King's card is played in (0: none).
        seed: the first trial's seed; trial ``i`` uses ``seed + i``, so a failure in
            trial ``i`` reproduces with ``smoke=1, seed=seed + i``.
        sets: the shipped sets loaded alongside (board and card ids).
    Returns:
        The :class:`Report`.
    Raises:
        NoCardFiles: a path holds no card file. DataError: a bad shipped set manifest.
    """
    checked = _files(paths)
    # a set validated in its own folder (e.g. a checkout's cards/ while the installed
    # package ships the same set) replaces the shipped copy instead of clashing with it;
    # a shipped set found there is loaded too, so its card kinds are known
    replaced = _set_ids(paths)
    played = tuple(sets)  # smoke play runs in positions of these sets' games
    sets = (*sets, *(s for s in shipped_set_ids() if s in replaced and s not in sets))
    board = load_board(tuple(sets))
    kinds = load_kinds(tuple(sets))
    checked_keys = {Path(f).resolve() for f in checked}
    shipped = [_shown(f) for d in board.set_dirs if d.name not in replaced
               for f in card_files(d) if f.resolve() not in checked_keys]
    out = _Collector(set(checked))
    region_ids = list(board.index)

    entries: list[_Entry] = []
    for f in [*shipped, *checked]:
        try:
            data, pos = read_file(f)
        except CardError as err:
            out.add(err)
            continue
        entries.append(_Entry(data, f, pos))

    # every script written in a file: syntax and checker problems where they are written
    for e in entries:
        if e.path not in out.checked or not isinstance(e.data, dict):
            continue
        for key in _scripts_in(e.data, kinds):
            try:
                script = parse_effect(_get(e.data, key), e.path, e.pos, key)
            except CardError as err:
                out.add(err)
                continue
            for problem in check_script(script, e.path, region_ids):
                out.add(problem)

    seen: dict[str, str] = {}
    errata: dict[str, Erratum] = {}
    for e in entries:
        if isinstance(e.data, dict) and e.data.get("kind") == "erratum":
            errs = check_fields(e.data, e.path, e.pos, kinds)
            for problem in errs:
                out.add(problem)
            if errs:
                continue
            er = build_erratum(e.data, e.path, e.pos, kinds)
            if _unique(er.id, e.path, e.pos, seen, out):
                errata[er.id] = er
    by_card: dict[str, list[Erratum]] = {}
    for er in errata.values():
        if not er.optional:
            by_card.setdefault(er.card, []).append(er)

    cards: dict[str, CardDef] = {}
    origin: dict[str, str] = {}  # card id -> the file its effect comes from
    for e in entries:
        if isinstance(e.data, dict) and e.data.get("kind") == "erratum":
            continue
        errs = check_fields(e.data, e.path, e.pos, kinds)
        for problem in errs:
            out.add(problem)
        if errs:
            continue
        cid = e.data.get("id")
        applied = by_card.get(cid, []) if isinstance(cid, str) else []
        try:
            card = build_card(e.data, e.path, e.pos, applied, kinds)
        except CardError as err:
            out.add(err)
            continue
        if not _unique(card.id, e.path, e.pos, seen, out):
            continue
        cards[card.id] = card
        src = e.path
        for er in sorted(applied, key=lambda x: x.date):
            if "effect" in er.replaces:
                src = er.path
        origin[card.id] = src
        if card.script is not None:
            for problem in check_script(card.script, src, region_ids):
                out.add(problem)
        if card.role == "bid" and board.power_cards.get(card.value) != card.court:
            line, col = e.pos.get(("court",))
            out.add(CardError(e.path, f"power card {card.value} brings {card.court} "
                              "caballeros to court, but the set manifest says "
                              f"{board.power_cards.get(card.value)}", line, col,
                              "make the card file and set.yaml agree",
                              code="E-POWER-MISMATCH"))
    for er in errata.values():
        if er.card not in cards:
            close = difflib.get_close_matches(er.card, cards, n=1)
            line, col = er.positions.get(("card",))
            out.add(CardError(er.path, f"erratum for unknown card {er.card!r}", line, col,
                              f"did you mean {close[0]!r}?" if close else
                              "an erratum names the id of a loaded card",
                              code="E-UNKNOWN-CARD"))

    # never-acting effects (only when nothing more specific was said about the script)
    playable = [c for c in cards.values() if c.script is not None
                and (c.path in out.checked or origin[c.id] in out.checked)]
    for c in playable:
        src = origin[c.id]
        if out.has_any(src) or c.script is None:
            continue
        why = never_acts(c.script, board)
        if why is not None:
            out.add(Diagnostic(src, c.script.line, c.script.column, "warning", "W-NEVER-ACTS",
                               f"this effect can never change the game: {why[0]}", why[1]))

    smoked = 0
    if smoke > 0:
        runnable = [c for c in playable
                    if not out.has_errors(c.path) and not out.has_errors(origin[c.id])]
        scripts = {c.id: c.script for c in runnable if c.script is not None}
        play_board = load_board(played)
        interp = Interpreter(play_board, scripts)
        positions = _Positions(played)
        for c in sorted(runnable, key=lambda x: x.id):
            smoked += 1
            files = list(dict.fromkeys([c.path, origin[c.id]]))
            for d in smoke_card(c, origin[c.id], interp, positions, smoke, seed, files):
                out.add(d)
        # optional errata are played too, as the card they change would be with them on
        for er in sorted(errata.values(), key=lambda x: x.id):
            if not (er.optional and er.path in out.checked and "effect" in er.replaces
                    and er.card in cards and not out.has_errors(er.path)):
                continue
            script = parse_effect(str(er.replaces["effect"]), er.path, er.positions,
                                  ("replaces", "effect"))
            variant = attrs.evolve(cards[er.card], script=script, path=er.path,
                                   effect=str(er.replaces["effect"]))
            smoked += 1
            files = [cards[er.card].path, er.path]
            for d in smoke_card(variant, er.path, Interpreter(play_board, {variant.id: script}),
                                positions, smoke, seed, files):
                out.add(d)

    diags = sorted(out.found.values(), key=Diagnostic.key)
    ncards = sum(1 for e in entries if e.path in out.checked)
    return Report(diags, checked, ncards, smoked, smoke if smoked else 0)


# -- never-acting effects ---------------------------------------------------------------------
_KING, _COURT = "@king", "@court"


class _Places:
    """What a region-set expression may denote, over-approximated: place ids, ``@king``
    (the king's region, wherever it is) and ``@court``."""

    def __init__(self, board: Board) -> None:
        self.board = board
        self.castillo = board.place_id(board.castillo)
        self.scoring = frozenset(board.place_id(r) for r in board.scoring_order)
        self.mainland = frozenset(board.place_id(r) for r in board.regions)
        self.everything = self.scoring | {self.castillo}
        firsts = {p.values[0] for p in board.places} | {s.values[0] for s in board.scoreboards}
        self.first_values = frozenset(firsts)

    def possible(self, e: Any, env: dict[str, frozenset[str]]) -> frozenset[str]:
        """Every place ``e`` might denote in some position."""
        if isinstance(e, ast.Name):
            if e.name in env:
                return env[e.name]
            return frozenset({e.name}) if e.name in self.board.index else self.everything
        if isinstance(e, ast.Except):
            drop: set[str] = set()
            for item in e.items:
                drop |= self.exact(item, env)
            return self.possible(e.base, env) - drop
        if isinstance(e, ast.Union):
            return frozenset().union(*(self.possible(i, env) for i in e.items))
        if isinstance(e, ast.Otherwise):
            return self.possible(e.first, env) | self.possible(e.fallback, env)
        if isinstance(e, ast.Adjacent):
            return self.scoring if self.possible(e.of, env) - {_COURT} else frozenset()
        if isinstance(e, ast.WithValue):
            return self.scoring if set(e.values) & self.first_values else frozenset()
        if isinstance(e, (ast.MostCaballeros, ast.FewestCaballeros, ast.WithOwn)):
            return self.scoring
        if isinstance(e, ast.ChosenOnce):
            return env.get(e.name, self.everything)
        exact = self.exact(e, env)
        return exact if exact or isinstance(e, ast.Node) else self.everything

    def exact(self, e: Any, env: dict[str, frozenset[str]]) -> frozenset[str]:
        """The places ``e`` certainly denotes in every position (empty when unsure)."""
        if isinstance(e, ast.AllRegions):
            return self.scoring
        if isinstance(e, ast.MainlandRegions):
            return self.mainland
        if isinstance(e, ast.Anywhere):
            return self.everything
        if isinstance(e, ast.Castillo):
            return frozenset({self.castillo})
        if isinstance(e, ast.King):
            return frozenset({_KING})
        if isinstance(e, ast.Court):
            return frozenset({_COURT})
        if isinstance(e, ast.Name) and e.name not in env and e.name in self.board.index:
            return frozenset({e.name})
        if isinstance(e, ast.Union):
            parts = [self.exact(i, env) for i in e.items]
            return frozenset().union(*parts) if all(parts) else frozenset()
        return frozenset()


def never_acts(script: ast.Script, board: Board) -> tuple[str, str] | None:
    """Why ``script`` can never change the game and a hint, or None when it may.

    Over-approximates what each region set may denote, so it only says so when it is
    certain: every statement is ``pass`` (or only chooses), or every statement that would
    act draws on places the rules keep closed or empty (B5.2, B8.2, B8.7) or on no place.
    """
    places = _Places(board)
    reasons: list[tuple[str, str]] = []
    if _block_never(script.body, places, {}, reasons):
        acting = [r for r in reasons if r[0] != _CHOOSING[0]] or reasons
        unique = list(dict.fromkeys(acting))
        if not unique:
            return "it does nothing", "write what the card does"
        return "; ".join(r[0] for r in unique[:3]), unique[0][1]
    return None


_PASSING = ("it only passes", "write what the card does instead of 'pass'")
_CHOOSING = ("choosing alone changes nothing", "use the chosen value in a later statement")
_SOURCE = ("caballeros never leave the Castillo or the king's region, and 'court' is a "
           "source only of 'send'; pick a source with regions in it")
_DEST = "nothing enters the king's region; pick a destination with regions in it"
_NO_REGION = "the king and the Grandes go only to mainland regions other than the king's"


def _block_never(block: ast.Block, pl: _Places, env: dict[str, frozenset[str]],
                 reasons: list[tuple[str, str]]) -> bool:
    return all([_stmt_never(s, pl, env, reasons) for s in block.body])


def _stmt_never(s: ast.Node, pl: _Places, env: dict[str, frozenset[str]],
                reasons: list[tuple[str, str]]) -> bool:
    if isinstance(s, (ast.EachPlayer, ast.ForEachPlayer)):
        return _block_never(s.body, pl, env, reasons)
    if isinstance(s, ast.Either):
        return all([_block_never(b, pl, dict(env), reasons) for b in s.branches])
    if isinstance(s, ast.If):
        then = _block_never(s.then, pl, dict(env), reasons)
        other = s.otherwise is None or _block_never(s.otherwise, pl, dict(env), reasons)
        return then and other
    if not isinstance(s, ast.Call):
        return False
    return _call_never(s, pl, env, reasons)


def _zero(q: Any) -> bool:
    return isinstance(q, ast.Qty) and q.mode in ("up_to", "exactly") and q.n == 0


def _call_never(c: ast.Call, pl: _Places, env: dict[str, frozenset[str]],
                reasons: list[tuple[str, str]]) -> bool:
    name = c.name
    if name in ("pass_",):
        reasons.append(_PASSING)
        return True
    if name == "choose":
        ch = c.arg("choice")
        if isinstance(ch, ast.RegionChoice):
            env[c.arg("var")] = pl.possible(ch.set, env) - {_COURT}
        reasons.append(_CHOOSING)
        return True
    if name == "secret_choice":
        env[c.arg("var")] = pl.possible(c.arg("source"), env) - {_COURT}
        reasons.append(_CHOOSING)
        return True
    if _zero(c.arg("qty")):
        reasons.append((f"line {c.line} moves 0 caballeros", "use a number above 0"))
        return True
    closed_src = {pl.castillo, _KING, _COURT}
    if name == "move_caballeros":
        if not pl.possible(c.arg("source"), env) - closed_src:
            reasons.append((f"the source on line {c.line} is always empty or closed",
                            _SOURCE))
            return True
        if not pl.possible(c.arg("to"), env) - {_KING, _COURT}:
            reasons.append((f"the destination on line {c.line} is always closed", _DEST))
            return True
        return False
    if name == "send_caballeros":
        src = pl.possible(c.arg("source"), env) - {pl.castillo, _KING}
        if c.arg("to") == "court":
            src -= {_COURT}
        if not src:
            reasons.append((f"the source on line {c.line} is always empty or closed",
                            _SOURCE))
            return True
        return False
    if name in ("place_caballeros", "move_scoreboard"):
        if not pl.possible(c.arg("to"), env) - {_KING, _COURT}:
            reasons.append((f"the destination on line {c.line} is always closed", _DEST))
            return True
        return False
    if name in ("move_king", "move_grande"):
        if not pl.possible(c.arg("to"), env) - {pl.castillo, _KING, _COURT}:
            reasons.append((f"line {c.line} has no region to go to", _NO_REGION))
            return True
        return False
    if name == "score":
        if not pl.possible(c.arg("where"), env) - {_COURT}:
            reasons.append((f"line {c.line} scores no region",
                            "no region has that value; check the values printed on the board"))
            return True
        return False
    return False


# -- smoke play -------------------------------------------------------------------------------
class _Positions:
    """Random positions by trial seed (the same seed gives the same position)."""

    def __init__(self, sets: tuple[str, ...]) -> None:
        self.sets = sets
        self.cache: dict[int, State] = {}

    def get(self, trial_seed: int) -> State:
        if trial_seed not in self.cache:
            self.cache[trial_seed] = random_position(trial_seed, self.sets)
        return self.cache[trial_seed]


def random_position(trial_seed: int, sets: Sequence[str] = ("base",)) -> State:
    """A random but legal-looking position: a new game of 2..5 players played on with
    random answers for a random number of decisions, then (half the time) some of each
    player's caballeros scattered from the provinces into court, regions and the Castillo
    and the king moved (counts conserved, B1.1)."""
    from elgrande.game import new_game  # a tool above the game layer

    rng = random.Random(trial_seed)
    players = rng.randint(2, 5)
    game = new_game(players, sets=tuple(sets), seed=rng.randrange(2**31), logging=False)
    for _ in range(rng.randint(0, MAX_PREFIX)):
        d = game.pending
        if d is None:
            break
        p = d.players[0]
        try:
            game.answer(p, d.random_answer(rng, p))
        except IllegalMove:  # pragma: no cover - the flow's own business
            break
    state = game.state.copy()
    if rng.random() < 0.5:
        b = game.library.board
        places = [*b.scoring_order, b.castillo]
        for p in range(state.players):
            for _ in range(rng.randint(0, state.provinces[p])):
                state.provinces[p] -= 1
                if rng.random() < 0.2:
                    state.court[p] += 1
                else:
                    state.caballeros[places[rng.randrange(len(places))]][p] += 1
        if rng.random() < 0.5:
            state.king = b.regions[rng.randrange(len(b.regions))]
    return state


def garbage_for(d: Decision, player: int) -> list[Any]:
    """The :data:`GARBAGE` answers to try on ``d``: those it does not list as legal."""
    legal = d.legal_answers(player)
    return [g for g in GARBAGE if legal is None or g not in legal]


def _snapshot(state: State, run: Any) -> str:
    return json.dumps([state.to_json(), run.to_json()], sort_keys=True, default=repr)


def smoke_card(card: CardDef, path: str, interp: Interpreter, positions: _Positions,
               trials: int, seed: int, files: Sequence[str] = ()) -> list[Diagnostic]:
    """Play ``card``'s special action in ``trials`` random positions (trial ``i`` with seed
    ``seed + i``); the first problem of each code, located at the statement running in
    ``path``. ``files`` (default: the card's file) go into the command that reproduces a
    problem."""
    found: dict[str, Diagnostic] = {}
    shown = " ".join(shlex.quote(f) for f in (files or [card.path]))
    for i in range(trials):
        trial_seed = seed + i
        problem = _trial(card, path, interp, positions.get(trial_seed), trial_seed, shown)
        if problem is not None and problem.code not in found:
            found[problem.code] = problem
    return list(found.values())


def _trial(card: CardDef, path: str, interp: Interpreter, start: State,
           trial_seed: int, files: str) -> Diagnostic | None:
    assert card.script is not None
    script = card.script
    rng = random.Random(f"{trial_seed}:answers")
    state = start.copy()
    actor = rng.randrange(state.players)
    run = interp.begin(card.id, actor)
    events: list[dict[str, Any]] = []
    board = interp.board
    where = f"(reproduce: elgrande validate {files} --smoke 1 --seed {trial_seed})"

    def at(code: str, msg: str, hint: str = "") -> Diagnostic:
        line, col = script.line, script.column
        if run.frames:
            f = run.frames[-1]
            body = block_at(script, f.path).body
            if f.pc < len(body):
                line, col = body[f.pc].line, body[f.pc].column
        return Diagnostic(path, line, col, "error", code,
                          f"smoke play of {card.id!r} with {state.players} players, "
                          f"player {actor} acting: {msg} {where}", hint)

    try:
        d = interp.advance(state, run, events)
        asked = 0
        while d is not None:
            asked += 1
            if asked > MAX_DECISIONS:
                return at("E-BUDGET", f"the effect asked more than {MAX_DECISIONS} decisions",
                          "make the effect shorter")
            try:
                json.loads(json.dumps(run.to_json()))
            except (TypeError, ValueError) as exc:
                return at("E-RUNTIME", f"the effect's position is not plain JSON data: {exc}")
            p = d.players[0]
            if rng.random() < GARBAGE_RATE:
                options = garbage_for(d, p)
                garbage = options[rng.randrange(len(options))]
                before = _snapshot(state, run)
                try:
                    interp.answer(state, run, p, garbage, [])
                except IllegalMove:
                    if _snapshot(state, run) != before:
                        return at("E-RUNTIME", f"the refused answer {garbage!r} to a "
                                  f"{d.kind} decision changed the state",
                                  "a refusal must leave the game exactly as it was")
                else:
                    return at("E-RUNTIME", f"the garbage answer {garbage!r} to a {d.kind} "
                              "decision was accepted")
            answer = d.random_answer(rng, p)
            kind = d.kind
            try:
                d = interp.answer(state, run, p, answer, events)
            except IllegalMove as exc:
                return at("E-RUNTIME", f"the random legal answer {answer!r} to a {kind} "
                          f"decision was refused: {exc}")
    except BudgetExceeded as exc:
        return at("E-BUDGET", str(exc), "each statement run counts; nested 'each player' "
                  "blocks multiply")
    except Exception as exc:  # noqa: BLE001 - any crash is what a smoke play looks for
        return at("E-RUNTIME", f"{type(exc).__name__}: {exc}",
                  "the engine could not run this statement: simplify the effect around it, "
                  "and report it (an effect that passes the checker should always run)")
    problems = state.conservation_errors(board)
    if problems:
        return at("E-RUNTIME", "caballeros were created or lost: " + "; ".join(problems))
    return None
