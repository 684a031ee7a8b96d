"""What the special actions of a random base game cost, in instructions, by part.

    python benchmarks/special_instructions.py [--games 5] [--players 3] [--warm 2]

A profiler's per-call costs mislead on code of many small calls, and a special action
cannot be left out of a game without changing the game, so each part is counted by
running it twice: a fresh process plays ``--games`` seeded random games on the trusted
path (``benchmarks/instructions.py --workload trusted``'s games, after ``--warm`` games)
where every call of a part is made first on copies of the state and the run (its result
thrown away), then for real; the same games with only the copies made are subtracted, so
what is left is the part's own cost, counted by valgrind (``valgrind --tool=cachegrind
--cache-sim=no``). The parts:

- ``interpreter``: every call of ``Interpreter.advance`` and ``Interpreter.answer`` from
  outside the interpreter (the statements run, the primitives they call, the answers
  checked and the budget charged: everything of a special action but the flow around it
  and its undo point);
- ``primitives``: every primitive's two steps (``start``, ``finish``);
- ``<name>.start`` / ``<name>.finish``: one primitive's step, for the busiest ones;
- ``undo point``: the ``State.copy`` a special action keeps to undo a card over its budget,
  counted by taking it twice.

Prints each part's instructions per game and its share of the game's own instructions
(the game counted as ``instructions.py`` counts it). Every process runs with
``PYTHONHASHSEED=0`` and a private cache folder warmed first. ``--worker MODE ARG N P W`` is the
process that is counted (internal).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve()
sys.path.insert(0, str(HERE.parent))

#: The primitive steps counted one by one.
STEPS = (("move", "start"), ("move", "finish"), ("score", "start"), ("choose", "start"),
         ("choose", "finish"), ("secret_choice", "start"), ("keep", "start"))


def _copies(ctx: Any) -> Any:
    """A context like ``ctx`` over copies of its state and run (its own events)."""
    from elgrande.engine.context import Ctx

    run = ctx.run.copy()
    run.own()
    return Ctx(ctx.state.copy(), ctx.board, run, ctx.subject, [], ctx.rules, ctx.budget)


def _twice_interpreter(twice: bool) -> None:
    """Make every outside call of the interpreter's ``advance`` and ``answer`` run first on
    copies (``twice``) or only make the copies."""
    from elgrande.engine import interpreter

    cls = interpreter.Interpreter
    advance, answer = cls.advance, cls.answer
    depth = [0]

    def on_copies(call: Any, state: Any, run: Any, *rest: Any) -> None:
        s, r = state.copy(), run.copy()
        r.own()
        if twice:
            depth[0] += 1
            try:
                call(s, r, *rest)
            except Exception:  # noqa: BLE001, S110 - the copy's fate is not counted
                pass
            depth[0] -= 1

    def advance2(self: Any, state: Any, run: Any, events: Any = None) -> Any:
        if not depth[0]:
            on_copies(lambda s, r: advance(self, s, r, []), state, run)
        depth[0] += 1
        try:
            return advance(self, state, run, events)
        finally:
            depth[0] -= 1

    def answer2(self: Any, state: Any, run: Any, player: int, raw: Any,
                events: Any = None, checked: bool = False) -> Any:
        if not depth[0]:
            on_copies(lambda s, r: answer(self, s, r, player, raw, [], checked), state, run)
        depth[0] += 1
        try:
            return answer(self, state, run, player, raw, events, checked)
        finally:
            depth[0] -= 1

    cls.advance, cls.answer = advance2, answer2  # type: ignore[method-assign]


def _twice_primitives(twice: bool, only: str) -> None:
    """Make every primitive step (``only``: ``name.step``, else all) run first on copies
    (``twice``) or only make the copies."""
    from elgrande.engine import primitives as prims

    def wrapped(name: str, p: Any) -> Any:
        def start(ctx: Any, call: Any) -> Any:
            c = _copies(ctx)
            if twice and only in ("", f"{name}.start"):
                try:
                    p.start(c, call)
                except Exception:  # noqa: BLE001, S110 - the copy's fate is not counted
                    pass
            return p.start(ctx, call)

        def finish(ctx: Any, call: Any, d: Any, answer: Any) -> Any:
            c = _copies(ctx)
            if twice and only in ("", f"{name}.finish"):
                try:
                    p.finish(c, call, d, answer)
                except Exception:  # noqa: BLE001, S110 - the copy's fate is not counted
                    pass
            return p.finish(ctx, call, d, answer)

        return prims.Primitive(name, start, finish)

    for name, p in list(prims.PRIMITIVES.items()):
        prims.PRIMITIVES[name] = wrapped(name, p)


def _twice_undo(twice: bool) -> None:
    """Make each special action's undo point (``State.copy`` as the card begins) taken twice
    (``twice``), else once as usual."""
    from elgrande.engine import interpreter
    from elgrande.model.state import State

    cls = interpreter.Interpreter
    begin = cls.begin

    def begin2(self: Any, card: str, actor: int) -> Any:
        if twice:
            _LAST[0].copy()
        return begin(self, card, actor)

    copy = State.copy

    def copy2(self: Any) -> Any:
        _LAST[0] = self
        return copy(self)

    State.copy = copy2  # type: ignore[method-assign]
    cls.begin = begin2  # type: ignore[method-assign]


_LAST: list[Any] = [None]


def worker(mode: str, arg: str, games: int, players: int, warm: int) -> None:
    """Play ``games`` seeded random games on the trusted path after ``warm`` games, with
    the part ``arg`` run twice (``mode`` "twice"), its copies only ("copies") or nothing
    changed ("plain")."""
    import gc
    import random

    from bench_worker import any_new_game, play_trusted, warm_renderer  # this folder

    new_game = any_new_game()
    new_game(players, seed=0, logging=False)
    if warm:
        warm_renderer()
    for seed in range(1000, 1000 + warm):
        play_trusted(new_game(players, seed=seed, logging=False), random.Random(seed))
    twice = mode == "twice"
    if mode != "plain":
        if arg == "interpreter":
            _twice_interpreter(twice)
        elif arg == "undo point":
            _twice_undo(twice)
        else:
            _twice_primitives(twice, "" if arg == "primitives" else arg)
    gc.collect()
    for seed in range(games):
        play_trusted(new_game(players, seed=seed, logging=False), random.Random(seed))


#: Every process's environment (set by :func:`main`): hashing seeded and a private cache
#: folder (warmed by a first run), as in ``instructions.py``, so that no other process's
#: cache writes count.
ENV: dict[str, str] = {}


def _count(argv: list[str]) -> int:
    from instructions import count_instructions  # this folder

    return count_instructions(sys.executable, ENV, [str(HERE), "--worker", *argv])[0]


def main() -> None:
    """Count each part (see the module's docstring) and print the table."""
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=5)
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--warm", type=int, default=2)
    ap.add_argument("--worker", nargs=5)
    a = ap.parse_args()
    if a.worker:
        mode, arg, games, players, warm = a.worker
        worker(mode, arg, int(games), int(players), int(warm))
        return
    if subprocess.run(["which", "valgrind"], capture_output=True).returncode:
        print("valgrind is not installed: nothing counted")
        return
    ENV.update(os.environ, PYTHONHASHSEED="0",
               XDG_CACHE_HOME=tempfile.mkdtemp(prefix="elgrande-special-"))
    common = [str(a.games), str(a.players), str(a.warm)]
    # warms the caches first (bytecode, card caches): a first counted run, not used (a
    # first run without valgrind leaves the first counted one dearer still)
    _count(["plain", "-", "0", str(a.players), str(a.warm)])
    zero = _count(["plain", "-", "0", str(a.players), str(a.warm)])
    game = (_count(["plain", "-", *common]) - zero) / a.games
    print(f"# special actions of a random base game, {a.players} players, trusted path, "
          f"{a.games} seeded games after {a.warm} (valgrind --tool=cachegrind "
          f"--cache-sim=no; each part run twice, minus its copies only)")
    print(f"game: {game / 1e6:.2f}M instructions per game")
    parts = ["interpreter", "primitives", *(f"{n}.{s}" for n, s in STEPS), "undo point"]
    for part in parts:
        twice = _count(["twice", part, *common])
        copies = _count(["copies", part, *common])
        own = (twice - copies) / a.games
        print(f"{part:24s} {own / 1e3:8.0f}k per game  {100 * own / game:5.1f}%", flush=True)


if __name__ == "__main__":
    main()
