"""Write the golden records: seeded games played by bots, each with its final digest.

    python tests/golden/make.py        # rewrites tests/golden/*.jsonl and digests.json

A golden record pins the base game's behaviour: after any change to the engine, every
record must replay to the same final digest, and ``play`` with the same seeds and bots
must write the same answer lines (``tests/test_golden.py``). Regenerate only when a rule
was wrong, and say which in the commit.
"""

from __future__ import annotations

import hashlib
import json
import sys
from itertools import product
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent

#: (players, variant, errata, bots) of each golden game; the seed is its index + 1.
CONFIGS: list[tuple[int, str, tuple[str, ...], str]] = []
for n, variant, errata, bots in product(
        (2, 3, 4, 5), ("standard", "short", "six_rounds"), ((), ("send-one-each-opponent",)),
        ("random", "greedy,random")):
    CONFIGS.append((n, variant, errata, bots))
CONFIGS = [c for i, c in enumerate(CONFIGS) if i % 6 != 5]  # 40 of the 48


def digest(game: Any) -> str:
    """A hash of the final position in board ids and plain numbers, independent of how
    the state is laid out in memory: scores, every caballero by place and player, court,
    provinces, king, Grandes, mobile scoreboards, hands and discards."""
    b = game.library.board
    s = game.state
    places = {b.place_id(i): [s.caballeros[i][p] for p in range(s.players)]
              for i in range(len(b.places))}
    data = {
        "scores": list(s.scores), "places": places, "court": list(s.court),
        "provinces": list(s.provinces), "king": b.place_id(s.king),
        "grandes": [b.place_id(g) for g in s.grandes],
        "scoreboards": [b.place_id(x) if x >= 0 else None for x in s.scoreboards],
        "hands": [sorted(power_values(game, h)) for h in s.hands],
        "discards": [sorted(power_values(game, d)) for d in s.discards],
    }
    return hashlib.sha256(json.dumps(data, sort_keys=True).encode()).hexdigest()


def power_values(game: Any, cards: list[Any]) -> list[int]:
    """Power-card values of a hand or discard pile (values, or card ids of power cards)."""
    out = []
    for c in cards:
        out.append(c if isinstance(c, int) else game.library.card(c).value)
    return out


def play(index: int) -> Any:
    """Play golden game ``index`` as ``elgrande play`` does (same names and bot seeds)."""
    from elgrande.play.game import new_game
    from elgrande.players.bots import make_bot
    from elgrande.players.bots import play as play_game

    n, variant, errata, bots = CONFIGS[index]
    seed = index + 1
    names = ["red", "yellow", "blue", "green", "white"][:n]
    kinds = bots.split(",")
    agents = [make_bot(kinds[i % len(kinds)], seed * 100 + i) for i in range(n)]
    game = new_game(names, seed=seed, variant=variant, errata=errata, logging=False)
    return play_game(game, agents)


def name(index: int) -> str:
    n, variant, errata, bots = CONFIGS[index]
    tag = "errata" if errata else "plain"
    return f"g{index + 1:02d}-{n}p-{variant}-{tag}-{bots.replace(',', '-')}"


def main() -> None:
    sys.path.insert(0, str(HERE.parent.parent))
    from elgrande.play.records import record_lines

    digests = {}
    for i in range(len(CONFIGS)):
        game = play(i)
        (HERE / f"{name(i)}.jsonl").write_text("\n".join(record_lines(game)) + "\n",
                                               encoding="utf-8")
        digests[name(i)] = digest(game)
        print(name(i), len(game.history), game.state.scores)
    (HERE / "digests.json").write_text(json.dumps(digests, indent=1, sort_keys=True) + "\n",
                                       encoding="utf-8")


if __name__ == "__main__":
    main()
