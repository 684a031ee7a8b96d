"""The work budget bounds the time of any effect the checker accepts.

    python benchmarks/budget.py [--trials 20] [--budget N]

Builds worst-case homebrew effects that pass the checker (big scripts near the size limit,
four nested player loops, heavy region-set expressions, wide unions, deep ``adjacent``
chains, decisions with many options) and plays each one in random positions with random
answers, timing every play with ``time.perf_counter``. Prints, per effect, the slowest
play in milliseconds and the work units it spent; the budget is right when every slowest
play stays well under 50 ms. ``tests/test_budget.py`` checks that these effects are
accepted by the checker and stopped (or finished) by the budget.
"""

from __future__ import annotations

import argparse
import random
import time

from elgrande.data.manifests import load_board
from elgrande.dsl.parser import MAX_SCRIPT_CHARS, parse
from elgrande.engine.context import WORK_BUDGET
from elgrande.engine.interpreter import BudgetExceeded, Interpreter

_LOOPS = ["for each player pa:", "for each player pb:", "for each player pc:",
          "for each player pd:"]


def _nest(body: list[str]) -> str:
    """``body`` inside the four nested loops."""
    lines = [("    " * i) + head for i, head in enumerate(_LOOPS)]
    pad = "    " * len(_LOOPS)
    return "\n".join(lines + [pad + b for b in body]) + "\n"


def _fill(make: object, *, looped: bool = True) -> str:
    """As many statements from ``make(i)`` as fit under the script size limit."""
    assert callable(make)
    body: list[str] = []
    i = 0
    while True:
        candidate = body + [str(make(i))]
        text = _nest(candidate) if looped else "\n".join(candidate) + "\n"
        if len(text) > MAX_SCRIPT_CHARS - 10:
            break
        body = candidate
        i += 1
    return _nest(body) if looped else "\n".join(body) + "\n"


def _deep(depth: int) -> str:
    return "adjacent to " * depth + "regions"


def worst_cases() -> dict[str, str]:
    """Effect scripts the checker accepts, each heavy in another way."""
    wide = " or ".join(["regions"] * 40)
    return {
        "passes in loops": _fill(lambda i: "pass"),
        "scores in loops": _fill(lambda i: "score regions"),
        "deep adjacent in loops": _fill(lambda i: f"score {_deep(25)}"),
        "wide unions in loops": _fill(lambda i: f"score ({wide}) except castillo"),
        "conditions in loops": _fill(
            lambda i: "if caballeros in (anywhere or regions with most caballeros) >= 0: "
                      "score regions with fewest caballeros"),
        "moves in loops": _fill(
            lambda i: "move all or some caballeros of any player from anywhere to anywhere"),
        "secret choices": _fill(
            lambda i: f"each player secretly chooses region s{i} from anywhere", looped=False),
        "either in loops": _nest(["either:", "    score regions", "or:",
                                  *["    score regions"] * 300]),
        "one wide union": "score (" + " or ".join(["anywhere"] * 1600) + ")\n",
    }


def play(interp: Interpreter, card: str, rng: random.Random) -> tuple[float, int]:
    """One play of ``card`` from a fresh position: (milliseconds spent in the engine, the
    random answers' making left out; work units)."""
    from elgrande.tools.validate import random_position

    state = random_position(rng.randrange(10**6))
    run = interp.begin(card, rng.randrange(state.players))
    spent = 0.0
    t = time.perf_counter()
    try:
        d = interp.advance(state, run, [])
        spent += time.perf_counter() - t
        while d is not None:
            p = d.players[0]
            answer = d.random_answer(rng, p)
            t = time.perf_counter()
            d = interp.answer(state, run, p, answer, [])
            spent += time.perf_counter() - t
    except BudgetExceeded:
        spent += time.perf_counter() - t
    return spent * 1000, run.work


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--trials", type=int, default=20)
    ap.add_argument("--budget", type=int, default=WORK_BUDGET)
    args = ap.parse_args()
    board = load_board(("base",))
    cases = worst_cases()
    scripts = {f"case-{i}": parse(text) for i, text in enumerate(cases.values())}
    interp = Interpreter(board, scripts, budget=args.budget)
    rng = random.Random(1)
    print(f"budget {args.budget} units, {args.trials} plays each")
    for (name, text), card in zip(cases.items(), scripts, strict=True):
        worst = max((play(interp, card, rng) for _ in range(args.trials)),
                    key=lambda r: r[0])
        print(f"{name:26} {len(text):6} chars  slowest {worst[0]:7.2f} ms  "
              f"({worst[1]} units)")


if __name__ == "__main__":
    main()
