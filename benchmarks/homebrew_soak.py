"""Soak run of the example homebrew cards and sets: seeded whole games with the cards of
``examples/homebrew/`` in the stacks (and, per example set in ``examples/sets/``, games of
that set), random and greedy bots; every game must end with no exception and its
caballeros conserved (B1.1). For each homebrew card it counts the games in which the card
was taken (a ``choose_action_card`` answer naming it), so a card that never came up is seen.

    python benchmarks/homebrew_soak.py                       # 1,000 games of each
    python benchmarks/homebrew_soak.py --games 20 --sets-only
    python benchmarks/homebrew_soak.py --games 100 --card-sets base

Game i (seeds ``--first-seed`` on): 2 + i % 4 players; seat p plays greedy when
(i + p) % 3 == 0, else random (the loop of ``benchmarks/colonies.py``, shared). It prints a line per
run (``cards: games N, answers A, seconds T, exceptions E``), a line per card (``card ID:
taken in K games``), the first failures with their tracebacks, and exits 1 when a game
failed or a card was never taken.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import yaml

from elgrande.play.game import Game

sys.path.insert(0, str(Path(__file__).resolve().parent))
from colonies import run  # noqa: E402 - the soak loop shared with the other soak runs

REPO = Path(__file__).resolve().parent.parent
HOMEBREW = REPO / "examples" / "homebrew"
SETS = REPO / "examples" / "sets"


def example_sets(root: Path = SETS) -> list[Path]:
    """The example set folders (each holding a ``set.yaml``), sorted by name."""
    if not root.is_dir():
        return []
    return sorted(p for p in root.iterdir() if (p / "set.yaml").is_file())


def card_ids(folder: Path) -> list[str]:
    """The ids of the cards in the YAML files under ``folder`` (a set's own ``set.yaml``
    left out), sorted."""
    ids = []
    for path in sorted(folder.rglob("*.yaml")):
        if path.name == "set.yaml":
            continue
        data: Any = yaml.safe_load(path.read_text(encoding="utf-8"))
        if isinstance(data, dict) and isinstance(data.get("id"), str):
            ids.append(data["id"])
    return sorted(ids)


def soak(games: int, first: int, options: dict[str, Any],
         watched: list[str]) -> dict[str, Any]:
    """Play ``games`` seeded games with :func:`new_game` ``options`` (seeds ``first`` on),
    counting per card of ``watched`` the games in which it was taken.

    Returns:
        ``{"games", "answers", "seconds", "exceptions", "failures", "taken"}``.
    """
    taken: Counter[str] = Counter()

    def count(game: Game) -> None:
        seen = {str(h.get("answer")) for h in game.history
                if h.get("kind") == "choose_action_card"}
        taken.update(c for c in watched if c in seen)

    more = {k: v for k, v in options.items() if k not in ("sets", "fill")}
    _played, _ok, failures, seconds, _per, answers = run(
        games, first, tuple(options.get("sets", ("base",))), options.get("fill"),
        float("inf"), more, count)
    return {"games": games, "answers": answers, "seconds": round(seconds, 1),
            "exceptions": len(failures), "failures": failures, "taken": taken}


def runs(sets_only: bool = False, card_sets: tuple[str, ...] = ("base", "base,colonies")
         ) -> list[tuple[str, dict[str, Any], list[str]]]:
    """The soak runs: (label, :func:`new_game` options, the card ids watched): the example
    cards with each set list of ``card_sets`` (comma-separated), then each example set."""
    out: list[tuple[str, dict[str, Any], list[str]]] = []
    if not sets_only and HOMEBREW.is_dir():
        for spec in card_sets:
            sets = tuple(x for x in spec.split(",") if x)
            fill = "provisional" if sets != ("base",) else None  # the expansions' fill
            out.append((f"cards with {spec}", {"cards": (str(HOMEBREW),), "sets": sets,
                                               "fill": fill}, card_ids(HOMEBREW)))
    for folder in example_sets():
        data: Any = yaml.safe_load((folder / "set.yaml").read_text(encoding="utf-8"))
        name = str(data.get("name") or folder.name) if isinstance(data, dict) else folder.name
        out.append((f"set {name}", {"sets": ("base", name),
                                    "set_paths": (str(folder.parent),)},
                    card_ids(folder)))
    return out


def main(argv: list[str] | None = None) -> int:
    """Command line: see the module docstring. Returns the exit status."""
    ap = argparse.ArgumentParser(description=" ".join((__doc__ or "").split("\n\n")[0].split()))
    ap.add_argument("--games", type=int, default=1000, help="games per run")
    ap.add_argument("--first-seed", type=int, default=0)
    ap.add_argument("--sets-only", action="store_true", help="only the example sets")
    ap.add_argument("--card-sets", nargs="+", default=["base", "base,colonies"],
                    help="set lists the example cards are played with (default: "
                         "%(default)s)")
    args = ap.parse_args(argv)
    bad = 0
    for label, options, watched in runs(args.sets_only, tuple(args.card_sets)):
        r = soak(args.games, args.first_seed, options, watched)
        print(f"{label}: games {r['games']}, answers {r['answers']}, seconds {r['seconds']}, "
              f"exceptions {r['exceptions']}")
        for card in watched:
            print(f"  card {card}: taken in {r['taken'][card]} games")
            bad += r["taken"][card] == 0
        for f in r["failures"][:5]:
            print(f)
        bad += r["exceptions"]
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
