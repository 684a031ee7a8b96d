"""Card scripts compiled once (elgrande/engine/compiled.py) and the size of a decision's
options charged to a card's work budget (elgrande/engine/option_size.py, B8): the counter
charges exactly what the walk over the options charged before, in seeded games of every
shipped set and the homebrew examples; compiled conditions give the truth and charge the
work that the evaluator (engine/values.py) gives and charges, node by node; a script is
compiled once per process, with closures only."""

from __future__ import annotations

import ast as pyast
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from elgrande.data.library import load_library
from elgrande.dsl import ast
from elgrande.engine import compiled as compiled_mod
from elgrande.engine import interpreter as interp_mod
from elgrande.engine.compiled import EITHER, compile_condition, compiled, either_size
from elgrande.engine.context import BudgetExceeded, Ctx, Frame, Run
from elgrande.engine.option_size import options_size, size, which_size
from elgrande.engine.values import condition
from elgrande.play.game import new_game

ROOT = Path(__file__).resolve().parent.parent
HOMEBREW = str(ROOT / "examples" / "homebrew")
OVERBUDGET = str(Path(__file__).resolve().parent / "overbudget")
#: The games played: new_game keyword arguments (every shipped set, the homebrew examples).
GAMES: list[dict[str, Any]] = [
    {"sets": ("base",)},
    {"sets": ("base", "colonies"), "fill": "provisional"},
    {"sets": ("base", "intrigue-king"), "fill": "provisional"},
    {"sets": ("base", "intrigue-king", "colonies"), "fill": "provisional"},
    {"sets": ("base",), "cards": [HOMEBREW]},
    {"sets": ("base",), "cards": [OVERBUDGET]},
]


def walk(options: Any) -> int:
    """The walk the interpreter charged before the counter (one unit per value visited,
    each container one more: a mapping's values, not its keys)."""
    if isinstance(options, dict):
        return 1 + sum(walk(v) for v in options.values())
    if isinstance(options, (list, tuple)):
        return 1 + sum(walk(v) for v in options)
    return 1


@pytest.mark.parametrize("kw", GAMES, ids=lambda kw: "+".join(kw["sets"]) + (
    "+cards" if "cards" in kw else ""))
def test_the_counter_charges_what_the_walk_charged(kw: dict[str, Any],
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[tuple[str, bool, int, int]] = []

    def check(ctx: Ctx, d: Any) -> int:
        said = ctx.offered is d  # counted as built (else walked)
        n = options_size(ctx, d)
        seen.append((d.kind, said, n, walk(d.options)))
        return n

    monkeypatch.setattr(interp_mod, "options_size", check)
    for seed in range(4):
        g = new_game(4, seed=seed, logging=False, **kw)
        rng = random.Random(seed)
        while g.pending is not None:
            d = g.pending
            g.answer(d.players[0], d.random_answer(rng, d.players[0]))
    assert any(said for _, said, _, _ in seen), "no decision counted as built"
    assert all(a == b for _, _, a, b in seen), [p for p in seen if p[2] != p[3]][:5]


def test_the_black_caballeros_mover_says_its_size(monkeypatch: pytest.MonkeyPatch) -> None:
    """C8: the Colonies' mover of black caballeros counts its decision as it builds it
    (no walk), the count the walk gives."""
    seen: list[tuple[bool, int, int]] = []

    def check(ctx: Ctx, d: Any) -> int:
        said = ctx.offered is d
        n = options_size(ctx, d)
        if d.kind == "move_caballeros" and d.rule == "C8":
            seen.append((said, n, walk(d.options)))
        return n

    monkeypatch.setattr(interp_mod, "options_size", check)
    for seed in range(6):
        g = new_game(4, seed=seed, logging=False, sets=("base", "colonies"),
                     fill="provisional")
        rng = random.Random(seed)
        while g.pending is not None:
            d = g.pending
            g.answer(d.players[0], d.random_answer(rng, d.players[0]))
    assert seen and all(said and n == w for said, n, w in seen), seen


@given(st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=3),
                    lambda inner: st.lists(inner, max_size=4)
                    | st.dictionaries(st.text(max_size=3), inner, max_size=4)
                    | st.lists(inner, max_size=3).map(tuple), max_leaves=20))
def test_the_size_of_any_options_is_the_walks(options: Any) -> None:
    assert size(options) == walk(options)


_PLAIN = st.none() | st.booleans() | st.integers() | st.text(max_size=3)
_ANY = st.recursive(_PLAIN, lambda inner: st.lists(inner, max_size=3)
                    | st.dictionaries(st.text(max_size=3), inner, max_size=3), max_leaves=8)
#: move_which's kinds, ``{place: {player: [key, [[value, n], ...]]}}``, with parts of other
#: shapes now and then
_KINDS = st.dictionaries(st.text(max_size=3), st.dictionaries(
    st.text(max_size=2), st.tuples(_PLAIN, st.lists(st.lists(_PLAIN, min_size=2, max_size=2)
                                                    | _ANY, max_size=4)).map(list)
    | _ANY, max_size=3) | _ANY, max_size=3)


@given(_KINDS)
def test_the_size_of_move_which_kinds_is_the_walks(kinds: dict[str, Any]) -> None:
    """B8.2: the kinds a mover names (C10, C11) are counted in loops, as the walk counts."""
    assert which_size(kinds) == walk(kinds)


def _scripts() -> list[ast.Script]:
    out: list[ast.Script] = []
    for kw in GAMES:
        lib = load_library(kw["sets"], fill=kw.get("fill"), extra=kw.get("cards", ()))
        out.extend(lib.scripts.values())
    return out


def test_an_either_is_charged_its_decisions_walk_and_a_script_compiles_once() -> None:
    eithers = 0
    for script in _scripts():
        code = compiled(script)
        assert compiled(script) is code  # once per parsed script
        for block in [code.top, *code.blocks.values()]:
            for step in block.steps:
                if step.kind == EITHER:
                    eithers += 1
                    n = len(step.node.branches)
                    assert step.size == either_size(n) == walk({"labels": ["x"] * n})
    assert eithers > 0


def _loop_frames(script: ast.Script, path: tuple[int, ...]) -> bool:
    """Whether the interpreter's frames for the block at ``path`` (one per block from
    the top, or from a ``when`` body, where a trigger's run starts) hold an ``each
    player`` or ``for each player`` block above the bottom one (as it decided before)."""
    blocks: list[Any] = []  # the statement each frame's block belongs to, from the top
    block = script.body
    for i in range(0, len(path), 2):
        stmt = block.body[path[i]]
        blocks.append(stmt)
        block = interp_mod.block_at(script, list(path[: i + 2]))
    when = max((k for k, s in enumerate(blocks) if isinstance(s, ast.When)), default=-1)
    above = blocks[when + 1:]  # the frames above the bottom one
    return any(isinstance(s, (ast.EachPlayer, ast.ForEachPlayer)) for s in above)


def test_a_blocks_loop_flag_is_what_its_frames_said() -> None:
    for script in _scripts():
        code = compiled(script)
        assert not code.top.looping
        for path, block in code.blocks.items():
            assert block.looping == _loop_frames(script, path), path
            assert [s.node for s in block.steps] == \
                list(interp_mod.block_at(script, list(path)).body)


# -- conditions ---------------------------------------------------------------------------------
_NUMBERS = st.recursive(
    st.integers(-12000, 12000).map(lambda v: ast.Int(value=v))
    | st.just(ast.HighestScore()) | st.just(ast.ScoreOf(player=ast.Me()))
    | st.sampled_from(["n", "nobody"]).map(lambda v: ast.NumVar(name=v)),
    lambda inner: st.builds(ast.Add, left=inner, right=inner)
    | st.builds(ast.Sub, left=inner, right=inner), max_leaves=6)
_CONDITIONS = st.recursive(
    st.builds(ast.Compare, op=st.sampled_from([">=", "<=", "==", "!=", ">", "<"]),
              left=_NUMBERS, right=_NUMBERS)
    | st.builds(ast.SetInPlay, set_name=st.sampled_from(["base", "colonies"])),
    lambda inner: st.builds(ast.Not, cond=inner) | st.builds(ast.And, left=inner, right=inner)
    | st.builds(ast.Or, left=inner, right=inner), max_leaves=5)


def _ctx(budget: int) -> Ctx:
    g = new_game(3, seed=0, logging=False)
    g.state.scores[:] = [7, 12, 3]
    run = Run("hb-cond", 1, [Frame([], 0, 1)], {"n": 4, "nobody": None})
    return Ctx(g.state, g.library.board, run, 1, budget=budget)


def _outcome(f: Any, budget: int) -> tuple[Any, int]:
    ctx = _ctx(budget)
    try:
        return f(ctx), ctx.run.work
    except BudgetExceeded as exc:
        return "over", exc.work


@settings(max_examples=150, deadline=None)
@given(_CONDITIONS, st.integers(0, 12))
def test_a_compiled_condition_is_the_evaluators(node: Any, budget: int) -> None:
    compiled_cond = compile_condition(node)
    for b in (budget, 5000):  # stopped at the same node, or run through alike
        assert _outcome(compiled_cond, b) == _outcome(lambda c: condition(c, node), b)


def test_the_compiler_makes_closures_only() -> None:
    tree = pyast.parse(Path(compiled_mod.__file__).read_text())
    called = {n.func.id for n in pyast.walk(tree)
              if isinstance(n, pyast.Call) and isinstance(n.func, pyast.Name)}
    assert not called & {"eval", "exec", "compile", "__import__"}


def test_an_either_s_decision_is_made_once_per_card_and_player_and_shared() -> None:
    """B4.4, B8: an ``either``'s decision depends on its card and the deciding player
    only: made once and handed out again (decisions are never changed once made), one
    for each player, in every game of the process."""
    made: dict[tuple[str, int], Any] = {}
    asked = 0
    for seed in range(12):
        g = new_game(4, sets=("base", "intrigue-king"), fill="provisional", seed=seed,
                     logging=False)
        rng = random.Random(seed)
        while g.pending is not None:
            d = g.pending
            p = d.players[0]
            if d.rule == "B4.4" and d.prompt.endswith(": choose one"):
                asked += 1
                assert made.setdefault((d.prompt, p), d) is d
                assert d.players == [p] and d.kind == "choose_option"
                assert len(d.options["labels"]) >= 2
            g.answer(p, d.random_answer(rng, p))
    assert asked > len(made) > 1
