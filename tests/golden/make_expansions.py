"""Write the expansions' golden records: seeded Colonies, Intrigue & the King and combined
games played by bots, each with its final digest.

    python tests/golden/make_expansions.py   # rewrites tests/golden/expansions/*

A golden record pins an expansion's behaviour as ``make.py``'s records pin the base game's
(``tests/test_golden_expansions.py``): every record must replay to its final digest, and
the same seeds and bots must write the same answer lines. Regenerate only when a rule was
wrong, and name the rule in the commit.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
OUT = HERE / "expansions"
sys.path.insert(0, str(HERE))

import make  # noqa: E402

#: (sets, players, variant, bots) of each game; the seed is 101 + its index.
CONFIGS: list[tuple[tuple[str, ...], int, str, str]] = [
    (("base", "colonies"), 2, "standard", "random"),
    (("base", "colonies"), 3, "standard", "greedy,random"),
    (("base", "colonies"), 4, "standard", "random"),
    (("base", "colonies"), 5, "short", "greedy,random"),
    (("base", "intrigue-king"), 2, "standard", "random"),
    (("base", "intrigue-king"), 3, "six_rounds", "greedy,random"),
    (("base", "intrigue-king"), 4, "standard", "random"),
    (("base", "intrigue-king"), 5, "standard", "greedy,random"),
    (("base", "intrigue-king", "colonies"), 2, "standard", "greedy,random"),
    (("base", "intrigue-king", "colonies"), 3, "standard", "random"),
    (("base", "intrigue-king", "colonies"), 4, "short", "greedy,random"),
    (("base", "intrigue-king", "colonies"), 5, "standard", "random"),
]


def digest(game: Any) -> str:
    """:func:`make.digest`'s fields plus the black caballeros by place, the lasting effects
    and every expansion's part of the state (``state.ext``), as plain JSON."""
    b = game.library.board
    s = game.state
    data = {
        "base": make.digest(game),
        "neutral": {b.place_id(i): s.neutral[i] for i in range(len(b.places))},
        "ext": game.to_json()["state"]["ext"],
        "lasting": game.to_json()["state"]["lasting"],
    }
    return hashlib.sha256(json.dumps(data, sort_keys=True).encode()).hexdigest()


def play(index: int) -> Any:
    """Play game ``index`` as ``elgrande play --fill provisional`` does."""
    from elgrande.play.game import new_game
    from elgrande.players.bots import make_bot
    from elgrande.players.bots import play as play_game

    sets, n, variant, bots = CONFIGS[index]
    seed = 101 + index
    names = ["red", "yellow", "blue", "green", "white"][:n]
    kinds = bots.split(",")
    agents = [make_bot(kinds[i % len(kinds)], seed * 100 + i) for i in range(n)]
    game = new_game(names, sets=sets, seed=seed, variant=variant, fill="provisional",
                    logging=False)
    return play_game(game, agents)


def name(index: int) -> str:
    sets, n, variant, bots = CONFIGS[index]
    tag = "-".join(s for s in sets if s != "base")
    return f"x{index + 1:02d}-{tag}-{n}p-{variant}-{bots.replace(',', '-')}"


def main() -> None:
    sys.path.insert(0, str(HERE.parent.parent))
    from elgrande.play.records import record_lines

    OUT.mkdir(exist_ok=True)
    digests = {}
    for i in range(len(CONFIGS)):
        game = play(i)
        (OUT / f"{name(i)}.jsonl").write_text("\n".join(record_lines(game)) + "\n",
                                              encoding="utf-8")
        digests[name(i)] = digest(game)
        print(name(i), len(game.history), game.state.scores)
    (OUT / "digests.json").write_text(json.dumps(digests, indent=1, sort_keys=True) + "\n",
                                      encoding="utf-8")


if __name__ == "__main__":
    main()
