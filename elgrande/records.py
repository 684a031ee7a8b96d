"""Game records: JSON Lines. The first line is the header (sets, players, variant, seed,
errata, engine version); each further line is one accepted answer
``{"player": i, "kind": decision kind, "answer": ...}``. Replaying a record reproduces
the game exactly (the engine is deterministic given the seed and the answers).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from elgrande.errors import ElGrandeError, IllegalMove
from elgrande.game import Game, new_game


class RecordError(ElGrandeError):
    """A record that cannot be replayed.

    Attributes:
        line: the 1-based line of the record at fault.
        rule: the rule id when an answer was illegal, else ''.
        message: what is wrong.
    """

    def __init__(self, line: int, message: str, rule: str = "") -> None:
        super().__init__(f"line {line}: " + (f"[{rule}] " if rule else "") + message)
        self.line = line
        self.rule = rule
        self.message = message


def record_lines(game: Game) -> list[str]:
    """The record of ``game`` as JSON lines (header first)."""
    # Answers keep their key order: it is the order the player gave (and the log tells).
    return [json.dumps(game.header, sort_keys=True)] + [
        json.dumps(h) for h in game.history]


def write_record(game: Game, path: str | Path) -> None:
    """Write ``game``'s record to ``path``."""
    Path(path).write_text("\n".join(record_lines(game)) + "\n", encoding="utf-8")


def replay(lines: Iterable[str], logging: bool = True,
           cards: Sequence[str] | None = None) -> Game:
    """Replay a record.

    Args:
        lines: the record's lines.
        logging: keep the game's log in words.
        cards: homebrew card folders to use instead of the ones the header names.

    Returns:
        The game after the last answer (over, for a complete record).
    Raises:
        RecordError: bad JSON, a bad header, an answer by the wrong player, of the wrong
        kind, or illegal (with the rule id), each with its line number.
    """
    it = iter(enumerate(lines, 1))
    try:
        n, first = next(it)
    except StopIteration:
        raise RecordError(1, "empty record") from None
    header = _json(n, first)
    if not isinstance(header, dict) or "players" not in header:
        raise RecordError(n, "the first line must be the header with 'players'")
    folders = [str(c) for c in (cards if cards is not None else header.get("cards", ()))]
    missing = [c for c in folders if not Path(c).is_dir()]
    if missing:
        raise RecordError(n, f"the game was played with homebrew cards from {missing[0]!r}, "
                          "which is not found from here (pass its folder with --cards)")
    try:
        game = new_game(header["players"], sets=header.get("sets", ["base"]),
                        seed=int(header.get("seed", 0)),
                        variant=header.get("variant", "standard"),
                        errata=header.get("errata", ()), cards=folders,
                        start_player=header.get("start_player"), logging=logging,
                        set_paths=header.get("set_paths", ()),
                        fill=header.get("fill"),
                        beginner=bool(header.get("beginner", False)))
    except (ValueError, ElGrandeError) as exc:
        raise RecordError(n, f"bad header: {exc}") from None
    for n, raw in it:
        if not raw.strip():
            continue
        entry = _json(n, raw)
        if not isinstance(entry, dict) or "player" not in entry or "answer" not in entry:
            raise RecordError(n, "each answer line needs 'player' and 'answer'")
        d = game.pending
        if d is None:
            raise RecordError(n, "the game is already over", "B7.1")
        if entry.get("kind") not in (None, d.kind):
            raise RecordError(n, f"the record answers a {entry['kind']!r} decision, but the "
                              f"game asks {d.kind!r} ({d.prompt})")
        player = entry["player"]
        if isinstance(player, bool) or not isinstance(player, int):
            raise RecordError(n, f"'player' must be a player index, not {player!r}")
        who = game.names[player] if 0 <= player < len(game.names) else f"player {player}"
        try:
            game.answer(player, entry["answer"])
        except IllegalMove as exc:
            raise RecordError(n, f"illegal answer by {who}: {exc.message}", exc.rule) from None
    return game


def _json(n: int, raw: str) -> Any:
    try:
        return json.loads(raw)
    except json.JSONDecodeError as exc:
        raise RecordError(n, f"not JSON: {exc.msg}") from None
