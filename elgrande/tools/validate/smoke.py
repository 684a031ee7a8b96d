"""Smoke play: every valid action/King's card is carried out in random positions, every
decision answered at random, now and then with a garbage answer that must be refused
(``IllegalMove``) without changing anything.

Reported: an exception other than ``IllegalMove`` or a refused legal answer
(``E-RUNTIME``), a work-budget overrun (``E-BUDGET``, located at the statement running
when the budget ran out), a card whose smoke play in one position takes longer than
:data:`SMOKE_SECONDS` (``E-SLOW``), a broken caballero count (``E-RUNTIME``, B1.1), a
garbage answer accepted or a refused answer that changed the state (``E-RUNTIME``); each
with the command that reproduces it. Positions and answers come from seeds only; the clock
is read only for the time bound.
"""

from __future__ import annotations

import json
import random
import shlex
import time
from collections.abc import Sequence
from typing import Any

import attrs

from elgrande.data.cards import CardDef, parse_effect
from elgrande.data.manifests import read_manifest
from elgrande.engine.decisions import Decision
from elgrande.engine.interpreter import BudgetExceeded, Interpreter, block_at
from elgrande.engine.modules import find_module, load_rules
from elgrande.errors import DataError, IllegalMove
from elgrande.model.board import Board
from elgrande.model.seats import named
from elgrande.model.state import State
from elgrande.tools.validate.diagnostics import Diagnostic
from elgrande.tools.validate.load import Loaded

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
#: Wall-clock seconds the smoke play of one card may take in one position (each trial has
#: its own, so ``--smoke N`` does not fail a valid card for a large N, and the command a
#: problem prints, ``--smoke 1 --seed S``, plays that position under the same bound); a card
#: past it is reported (``E-SLOW``) and its remaining trials dropped, instead of holding
#: validation up.
SMOKE_SECONDS = 10.0

class _Positions:
    """Random positions by trial seed (the same seed gives the same position)."""

    def __init__(self, sets: tuple[str, ...], set_paths: Sequence[str] = (),
                 fill: str | None = None) -> None:
        self.sets = sets
        self.set_paths = tuple(set_paths)
        self.fill = fill
        self.cache: dict[int, State] = {}

    def get(self, trial_seed: int) -> State:
        if trial_seed not in self.cache:
            self.cache[trial_seed] = random_position(trial_seed, self.sets, self.set_paths,
                                                     self.fill)
        return self.cache[trial_seed]


def random_position(trial_seed: int, sets: Sequence[str] = ("base",),
                    set_paths: Sequence[str] = (), fill: str | None = None) -> State:
    """A random but legal-looking position: a new game of 2..5 players played on with
    random answers for a random number of decisions, then (half the time) some of each
    player's caballeros scattered from the provinces into court, regions and the Castillo
    and the king moved (counts conserved, B1.1)."""
    from elgrande.play.game import new_game  # a tool above the game layer

    rng = random.Random(trial_seed)
    players = rng.randint(2, 5)
    game = new_game(players, sets=tuple(sets), seed=rng.randrange(2**31), logging=False,
                    set_paths=set_paths, fill=fill)
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
                    state.add_caballeros(places[rng.randrange(len(places))], p, 1)
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
               trials: int, seed: int, files: Sequence[str] = (),
               seconds: float = SMOKE_SECONDS) -> list[Diagnostic]:
    """Play ``card``'s special action in ``trials`` random positions (trial ``i`` with seed
    ``seed + i``); the first problem of each code, located at the statement running in
    ``path``. ``files`` (default: the card's file) go into the command that reproduces a
    problem. A trial past ``seconds`` of wall-clock time (its own position: making the
    position is not counted) is reported as ``E-SLOW`` at the statement running (located,
    never a hang) and the remaining trials are dropped."""
    found: dict[str, Diagnostic] = {}
    shown = " ".join(shlex.quote(f) for f in (files or [card.path]))
    for i in range(trials):
        trial_seed = seed + i
        start = positions.get(trial_seed)
        problem = _trial(card, path, interp, start, trial_seed, shown, seconds)
        if problem is not None and problem.code not in found:
            found[problem.code] = problem
        if problem is not None and problem.code == "E-SLOW":
            break
    return list(found.values())


def _trial(card: CardDef, path: str, interp: Interpreter, start: State,
           trial_seed: int, files: str, seconds: float = float("inf")) -> Diagnostic | None:
    assert card.script is not None
    deadline = time.perf_counter() + seconds
    script = card.script
    rng = random.Random(f"{trial_seed}:answers")
    state = start.copy()
    actor = rng.randrange(state.players)
    run = interp.begin(card.id, actor)
    events: list[dict[str, Any]] = []
    board = interp.board
    where = f"(reproduce: elgrande validate {files} --smoke 1 --seed {trial_seed})"

    def at(code: str, msg: str, hint: str = "", where_: tuple[int, int] = (0, 0)
           ) -> Diagnostic:
        line, col = where_ if where_[0] else (script.line, script.column)
        if run.frames and not where_[0]:
            f = run.frames[-1]
            body = block_at(script, f.path).body
            if f.pc < len(body):
                line, col = body[f.pc].line, body[f.pc].column
        return Diagnostic(path, line, col, "error", code,
                          f"smoke play of {card.id!r} with {state.players} players, "
                          f"player {actor} acting: {named(msg, ())} {where}", hint)

    try:
        d = interp.advance(state, run, events)
        asked = 0
        while d is not None:
            asked += 1
            if asked > MAX_DECISIONS:
                return at("E-BUDGET", f"the effect asked more than {MAX_DECISIONS} decisions",
                          "make the effect shorter")
            if time.perf_counter() > deadline:
                return at("E-SLOW", _slow(seconds), "make the effect shorter or simpler")
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
        return at("E-BUDGET", str(exc), "each statement run, loop turn, place examined and "
                  "option offered counts; nested 'each player' blocks multiply",
                  (exc.line, exc.column))
    except Exception as exc:  # noqa: BLE001 - any crash is what a smoke play looks for
        return at("E-RUNTIME", f"{type(exc).__name__}: {exc}",
                  "the engine could not run this statement: simplify the effect around it, "
                  "and report it (an effect that passes the checker should always run)")
    problems = state.conservation_errors(board)
    if problems:
        return at("E-RUNTIME", "caballeros were created or lost: " + "; ".join(problems))
    if time.perf_counter() > deadline:
        return at("E-SLOW", _slow(seconds), "make the effect shorter or simpler")
    return None


def _slow(seconds: float) -> str:
    return f"the smoke play of this card in this position took longer than {seconds:g} s"


def _register_primitives(sets: set[str]) -> None:
    """Import the rules modules of the shipped sets among ``sets``: a module registers the
    primitives its cards' statements need (even on a board without that set)."""
    for set_id in sorted(sets):
        try:
            name = read_manifest(set_id)[0].get("rules")
        except DataError:
            continue  # a homebrew set: no module of its own
        if isinstance(name, str):
            find_module(name)


def smoke_all(loaded: Loaded, board: Board, smoke: int, seed: int,
              sets: Sequence[str], set_paths: Sequence[str] = (),
              fill: str | None = None) -> int:
    """Smoke-play every playable card without errors (and every optional erratum that
    replaces an effect, as its card would be with it on) in ``smoke`` positions each;
    problems go to ``loaded.out``. Returns how many were played."""
    out, cards, origin = loaded.out, loaded.cards, loaded.origin
    runnable = [c for c in loaded.playable
                if not out.has_errors(c.path) and not out.has_errors(origin[c.id])]
    scripts = {c.id: c.script for c in runnable if c.script is not None}
    # the positions are the board's: its rules modules' hooks; the cards' own rules
    # modules register the primitives their statements need (e.g. C8, I8)
    rules = load_rules(board.rules_modules, list(board.lasting_kinds), scripts=scripts)
    _register_primitives({c.set for c in runnable})
    interp = Interpreter(board, scripts, rules)
    positions = _Positions(tuple(sets), set_paths, fill)
    smoked = 0
    for c in sorted(runnable, key=lambda x: x.id):
        smoked += 1
        files = list(dict.fromkeys([c.path, origin[c.id]]))
        for d in smoke_card(c, origin[c.id], interp, positions, smoke, seed, files):
            out.add(d)
    for er in sorted(loaded.errata.values(), key=lambda x: x.id):
        if not (er.optional and er.path in out.checked and "effect" in er.replaces
                and er.card in cards and not out.has_errors(er.path)):
            continue
        script = parse_effect(str(er.replaces["effect"]), er.path, er.positions,
                              ("replaces", "effect"))
        variant = attrs.evolve(cards[er.card], script=script, path=er.path,
                               effect=str(er.replaces["effect"]))
        smoked += 1
        files = [cards[er.card].path, er.path]
        for d in smoke_card(variant, er.path, Interpreter(board, {variant.id: script}, rules),
                            positions, smoke, seed, files):
            out.add(d)
    return smoked

