"""Tampered saves, reordered keys and junk answer keys, counted over many games of every
set (the longer run of tests/test_tampered_saves.py and tests/test_answers_plain.py).

    python benchmarks/tamper.py                          # 10 games a set, 4 saves, 30 edits
    python benchmarks/tamper.py --games 3 --edits 10     # a quick look

Per set (base; Colonies, Intrigue & the King and both with the provisional fill): saves
taken at random decisions of seeded random games, each edited at random leaves
(tests/tampering.py: a key or item deleted, a value of another type, an out-of-range
integer, an emptied list, dict keys shuffled), then loaded: refused with SavedGameError,
or loaded, its board drawn as ``elgrande board`` draws it, and played to the end with
random answers. A failure is any other exception (or no end). Every save is also loaded
with its keys shuffled (it must load), and at every keyed decision (court, moves, mobile
scoreboard) a legal answer with one key more must be refused, the game unchanged.
Exit status 1 when anything failed.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from tampering import SETS, mutate, outcome, reordered, saves  # noqa: E402

from elgrande.errors import IllegalMove  # noqa: E402
from elgrande.play.game import Game, new_game  # noqa: E402

KEYED = ("bring_to_court", "move_caballeros", "move_scoreboard")


def junk_answers(name: str, seed: int) -> tuple[int, int, list[str]]:
    """Answers with one unknown key at every keyed decision of one game: (tried,
    refused with the game unchanged, failures)."""
    sets, fill = SETS[name]
    g = new_game(2 + seed % 4, sets=sets, seed=seed, fill=fill, logging=False)
    rng = random.Random(seed)
    tried = refused = 0
    failed: list[str] = []
    while g.pending is not None:
        d = g.pending
        p = d.players[0]
        good = d.random_answer(rng, p)
        if d.kind in KEYED:
            if d.kind == "move_caballeros":
                bad = [{**m, "junk": 1} for m in good] or [{"from": "x", "to": "y", "junk": 1}]
            elif isinstance(good, dict):
                bad = {**good, "junk": 1}
            else:
                bad = {"provinces": good, "regions": {}, "junk": 1}
            before = json.dumps(g.to_json(), sort_keys=True)
            tried += 1
            try:
                g.answer(p, bad)
                failed.append(f"{name} seed {seed}: {d.kind} answer with junk accepted")
            except IllegalMove:
                if json.dumps(g.to_json(), sort_keys=True) == before:
                    refused += 1
                else:
                    failed.append(f"{name} seed {seed}: {d.kind} refusal changed the game")
        g.answer(p, good)
    return tried, refused, failed


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=10, help="games per set (seeds 100..)")
    ap.add_argument("--saves", type=int, default=4, help="saves per game")
    ap.add_argument("--edits", type=int, default=30, help="tampered copies per save")
    args = ap.parse_args()
    start = time.perf_counter()
    counts: dict[str, Counter[str]] = {}
    failures: list[str] = []
    for name in SETS:
        c = counts[name] = Counter()
        for seed in range(100, 100 + args.games):
            for k, save in enumerate(saves(name, seed, args.saves)):
                rng = random.Random(seed * 1000 + k)
                Game.from_json(reordered(save, rng), logging=False)  # raises if refused
                c["reordered loaded"] += 1
                for e in range(args.edits):
                    data, how = mutate(save, rng)
                    got = outcome(data, e)
                    c["tampered"] += 1
                    c[got.split(":")[0]] += 1
                    if how == "shuffle":
                        c["shuffled"] += 1
                    if got not in ("refused", "played") or (how == "shuffle" and got != "played"):
                        failures.append(f"{name} seed {seed} save {k}: {how}: {got}")
            tried, refused, failed = junk_answers(name, seed)
            c["junk answers"] += tried
            c["junk refused, unchanged"] += refused
            failures += failed
    print(f"tampered saves ({args.games} games a set, {args.saves} saves a game, "
          f"{args.edits} edits a save; seeds 100..{99 + args.games})")
    keys = ["tampered", "refused", "played", "crash", "no end", "shuffled",
            "reordered loaded", "junk answers", "junk refused, unchanged"]
    width = [max(9, len(k) + 2) for k in keys]
    print(f"{'set':<14}" + "".join(f"{k:>{w}}" for k, w in zip(keys, width, strict=True)))
    for name, c in counts.items():
        print(f"{name:<14}" + "".join(f"{c[k]:>{w}}" for k, w in zip(keys, width, strict=True)))
    print(f"failures: {len(failures)}")
    for f in failures[:50]:
        print("  " + f)
    print(f"time: {time.perf_counter() - start:.0f} s")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
