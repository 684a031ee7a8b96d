"""Play the homebrew examples (``examples/homebrew/``) in many seeded games: every game
must end with no exception and caballeros conserved (B1.1).

    python benchmarks/homebrew_examples.py [--games 1000] [--sets base] [--seed0 0]

Each game: 3 to 5 players by seed, the example cards shuffled into their stacks, random
answers (``random_answer`` with ``random.Random(seed)``), logging off. Prints how many
games ended, how often each example was taken as a player's action card (B4.2), and the
first failure (its seed and traceback) if any; exit status 1 on a failure.
"""

from __future__ import annotations

import argparse
import random
import sys
import traceback
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from elgrande.play.game import new_game  # noqa: E402

EXAMPLES = str(ROOT / "examples" / "homebrew")


def play(seed: int, sets: tuple[str, ...], taken: Counter[str]) -> None:
    """Play seeded game ``seed`` with the examples; count the examples taken.

    Raises:
        AssertionError: caballeros not conserved at the end.
    """
    g = new_game(3 + seed % 3, sets=sets, seed=seed, cards=[EXAMPLES], logging=False,
                 fill="provisional" if len(sets) > 1 else None)
    rng = random.Random(seed)
    while g.pending is not None:
        d = g.pending
        p = d.players[0]
        a = d.random_answer(rng, p)
        if d.kind == "choose_action_card" and g.flow.run is None and str(a).startswith("hb-"):
            taken[str(a)] += 1  # a player's action card of the turn (B4.2)
        g.answer(p, a)
    assert not g.state.conservation_errors(g.library.board)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--sets", default="base")
    ap.add_argument("--seed0", type=int, default=0)
    args = ap.parse_args()
    sets = tuple(args.sets.split(","))
    taken: Counter[str] = Counter()
    for seed in range(args.seed0, args.seed0 + args.games):
        try:
            play(seed, sets, taken)
        except Exception:  # noqa: BLE001 - reported with its seed
            print(f"seed {seed}: failed")
            traceback.print_exc()
            return 1
    print(f"{args.games} games with {', '.join(sets)} and the homebrew examples: no "
          f"exception; examples taken: {dict(sorted(taken.items()))}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
