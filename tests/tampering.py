"""Tampered saved games (the generator behind tests/test_tampered_saves.py and
benchmarks/tamper.py): saves of every set taken at random points of random games, edited
at random leaves (a key or item deleted, a value of another type, an out-of-range integer,
an emptied list, dict keys shuffled), then loaded and, when accepted, played to the end
with random answers and drawn as a board picture.

An outcome is ``"refused"`` (:class:`~elgrande.saved.SavedGameError` on load), ``"played"``
(loaded, the board drawn, played to its end) or a failure: ``"crash: ..."`` (any other
exception, in loading, drawing or playing) or ``"no end"`` (still running after
:data:`MAX_ANSWERS` answers).
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Iterator
from typing import Any

from elgrande.play.game import Game, new_game
from elgrande.play.saved import SavedGameError

#: The card sets of the saves: the base game, each expansion and both (provisional fill).
SETS: dict[str, tuple[tuple[str, ...], str | None]] = {
    "base": (("base",), None),
    "colonies": (("base", "colonies"), "provisional"),
    "intrigue-king": (("base", "intrigue-king"), "provisional"),
    "both": (("base", "intrigue-king", "colonies"), "provisional"),
}
#: A loaded game still running after this many answers has failed.
MAX_ANSWERS = 4000
#: What a leaf may become: values of other types and integers out of every range.
REPLACEMENTS: list[Any] = [None, True, "x", "aragon", 1.5, [], {}, [0], {"x": 1},
                           0, 1, -1, 2, 7, 99, -997, 10 ** 6, 10 ** 20]


def saves(name: str, seed: int, count: int) -> list[dict[str, Any]]:
    """``count`` saves (JSON round-tripped) of one random game of the set ``name`` (a key
    of :data:`SETS`), 2 + seed % 4 players, taken at random decisions."""
    sets, fill = SETS[name]
    rng = random.Random(seed)
    g = new_game(2 + seed % 4, sets=sets, seed=seed, fill=fill)
    positions: list[Game] = []
    while g.pending is not None:
        positions.append(g.copy())
        d = g.pending
        g.answer(d.players[0], d.random_answer(rng, d.players[0]))
    picked = rng.sample(positions, min(count, len(positions)))
    return [json.loads(json.dumps(p.to_json())) for p in picked]


def _nodes(x: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[tuple[Any, ...], Any]]:
    yield path, x
    if isinstance(x, dict):
        for k, v in x.items():
            yield from _nodes(v, (*path, k))
    elif isinstance(x, list):
        for i, v in enumerate(x):
            yield from _nodes(v, (*path, i))


def _parent(data: Any, path: tuple[Any, ...]) -> Any:
    for k in path[:-1]:
        data = data[k]
    return data


def reordered(x: Any, rng: random.Random) -> Any:
    """``x`` with the keys of every dict in a random order (the same data)."""
    if isinstance(x, dict):
        keys = list(x)
        rng.shuffle(keys)
        return {k: reordered(x[k], rng) for k in keys}
    if isinstance(x, list):
        return [reordered(v, rng) for v in x]
    return x


def mutate(data: dict[str, Any], rng: random.Random) -> tuple[dict[str, Any], str]:
    """A tampered copy of the save ``data`` and what was done (``"delete state.x"``):
    one random edit at a random node (the log's lines aside)."""
    out = copy.deepcopy(data)
    nodes = [(p, v) for p, v in _nodes(out) if p and p[0] != "log"]
    path, value = rng.choice(nodes)
    where = ".".join(map(str, path))
    how = rng.choice(["delete", "replace", "replace", "int", "empty", "shuffle"])
    parent = _parent(out, path)
    if how == "delete":
        del parent[path[-1]]
    elif how == "int" or (how == "empty" and not isinstance(value, (list, dict))):
        how = "int"
        base = value if isinstance(value, int) and not isinstance(value, bool) else 0
        parent[path[-1]] = rng.choice([-1, -997, base + 1, base - 1, base + 100, 10 ** 9])
    elif how == "empty":
        parent[path[-1]] = type(value)()
    elif how == "shuffle":
        return reordered(out, rng), "shuffle"
    else:
        parent[path[-1]] = copy.deepcopy(rng.choice(REPLACEMENTS))
    return out, f"{how} {where}"


def outcome(data: dict[str, Any], seed: int = 0) -> str:
    """Load ``data``; when accepted, draw its board (as ``elgrande board``) and play it
    to the end with random answers. Returns ``"refused"``, ``"played"``, ``"no end"`` or
    ``"crash: <where>: <exception>"``."""
    from elgrande.tools import board_svg

    try:
        g = Game.from_json(data, logging=False)
    except SavedGameError:
        return "refused"
    except Exception as exc:  # noqa: BLE001 - what the test counts
        return f"crash: load: {type(exc).__name__}: {exc}"
    try:
        board_svg.board_svg(board_svg.view_for(g, None), g.library.board)
        for p in range(len(g.names)):
            g.view(p)
    except Exception as exc:  # noqa: BLE001
        return f"crash: board: {type(exc).__name__}: {exc}"
    rng = random.Random(seed)
    try:
        for _ in range(MAX_ANSWERS):
            d = g.pending
            if d is None:
                return "played"
            p = d.players[0]
            g.answer(p, d.random_answer(rng, p))
    except Exception as exc:  # noqa: BLE001
        return f"crash: play: {type(exc).__name__}: {exc}"
    return "no end"
