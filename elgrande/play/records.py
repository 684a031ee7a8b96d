"""Game records: JSON Lines. The first line is the header (sets, players, variant, seed,
errata, fill, engine version, and the sha256 of every card file and set manifest in play,
``hashes``); each further line is one accepted answer
``{"player": i, "kind": decision kind, "answer": ...}``. Replaying a record reproduces
the game exactly (the engine is deterministic given the seed and the answers).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from elgrande.data.fingerprint import differences, fingerprint, homebrew_name
from elgrande.data.manifests import load_board
from elgrande.engine.decisions import shown
from elgrande.errors import ElGrandeError, IllegalMove
from elgrande.files.resources import cards_dir
from elgrande.play.game import Game, new_game
from elgrande.play.saved import SavedGameError, check_header


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


def replay(lines: Iterable[str | bytes], logging: bool = True,
           cards: Sequence[str] | None = None,
           record_dir: str | Path | None = None,
           notes: list[str] | None = None,
           set_paths: Sequence[str] | None = None) -> Game:
    """Replay a record.

    Args:
        lines: the record's lines (text, or bytes decoded as UTF-8).
        logging: keep the game's log in words.
        cards: homebrew card folders or files to use instead of the ones the header names
            (the user's consent to read them).
        record_dir: the folder the record was read from. When given, the header's own
            ``cards`` paths are read only if they lie inside it (a record from elsewhere
            cannot make ``check`` read arbitrary files); else pass ``cards``.
        notes: when given, a line is appended to it naming the shipped card files that
            changed since the record was made (the record then replays with today's
            cards: the shipped cards of the installed version are its rules).

    Returns:
        The game after the last answer (over, for a complete record).
    Raises:
        RecordError: text that is not UTF-8 or not JSON, a bad header (every field is
        checked before anything is built, :func:`elgrande.play.saved.check_header`), homebrew
        cards or sets from other folders that differ from the ones the record was played
        with (by content hash: we cannot vouch for them), an answer
        by the wrong player, of the wrong kind, or illegal (with the rule id); each with
        its line number. A pending decision whose options name a ``skip`` answer (one a
        rules module added since older records were written, e.g. C6's) is answered so
        when the record's line answers a decision of another kind, or one of the same kind
        that refuses the line's answer (C10/C11's sends with a choice of kinds).
    """
    it = iter(enumerate(lines, 1))
    try:
        n, first = next(it)
    except StopIteration:
        raise RecordError(1, "empty record") from None
    raw = _json(n, first)
    if isinstance(raw, dict):
        _set_paths(n, raw, set_paths)
    try:
        header = check_header(raw)
    except SavedGameError as exc:
        raise RecordError(n, f"bad header: {exc}") from None
    folders = _card_paths(n, header, cards, record_dir)
    try:
        board = load_board(header.get("sets", ["base"]),
                           [Path(p) for p in header.get("set_paths", [])])
    except ElGrandeError as exc:
        raise RecordError(n, f"bad header: {exc}") from None
    if "hashes" in header:
        recorded = header.get("cards", [])
        names = ([homebrew_name(c) for c in recorded] if cards is not None
                 and len(recorded) == len(folders) else None)  # the same folders, moved
        now = fingerprint(board.set_dirs, folders, names)
        changed = _changed_shipped(header["hashes"], now, board.set_dirs)
        if changed is None:  # named first: what is not a shipped card file of today
            raise RecordError(n, "this record was played with other cards: "
                              + (_other_differences(header["hashes"], now, board.set_dirs)
                                 or differences(header["hashes"], now)))
        if changed and notes is not None:
            notes.append(f"shipped card files changed since this record was made: {changed}; "
                         "replayed with today's cards (the rules of this version)")
    try:
        game = new_game(header["players"], sets=header.get("sets", ["base"]),
                        seed=header.get("seed", 0),
                        variant=header.get("variant", "standard"),
                        errata=header.get("errata", ()), cards=folders,
                        start_player=header.get("start_player"), logging=logging,
                        set_paths=header.get("set_paths", ()),
                        fill=header.get("fill"),
                        beginner=bool(header.get("beginner", False)))
    except (ValueError, ElGrandeError) as exc:
        raise RecordError(n, f"bad header: {exc}") from None
    game.header["fill"] = header.get("fill")
    for n, raw in it:
        if not _text(n, raw).strip():
            continue
        entry = _json(n, raw)
        if not isinstance(entry, dict) or "player" not in entry or "answer" not in entry:
            raise RecordError(n, "each answer line needs 'player' and 'answer'")
        d = game.pending
        while d is not None and "skip" in d.options and entry.get("kind") not in (None, d.kind):
            # a decision a rules module added since the record was written: declined
            game.answer(d.players[0], d.options["skip"])
            d = game.pending
        if d is None:
            raise RecordError(n, "the game is already over", "B7.1")
        if entry.get("kind") not in (None, d.kind):
            raise RecordError(n, f"the record answers a {shown(entry['kind'])} decision, but "
                              f"the game asks {d.kind!r} ({game.in_words(d.prompt)})")
        player = entry["player"]
        if isinstance(player, bool) or not isinstance(player, int):
            raise RecordError(n, f"'player' must be a player index, not {shown(player)}")
        who = game.names[player] if 0 <= player < len(game.names) else f"player {player}"
        while True:
            try:
                game.answer(player, entry["answer"])
                break
            except IllegalMove as exc:
                d = game.pending
                if d is not None and "skip" in d.options:
                    # an added decision of the same kind (e.g. C10/C11's send with a choice
                    # of kinds, once automatic): declined, the line answers the next one
                    game.answer(d.players[0], d.options["skip"])
                    if game.pending is not None:
                        continue
                raise RecordError(n, f"illegal answer by {who}: {exc.message}",
                                  exc.rule) from None
    return game


def _changed_shipped(recorded: Any, now: dict[str, str],
                     set_dirs: Sequence[Path]) -> str | None:
    """How the card files of a record's header ``hashes`` differ from ``now``: ``""`` when
    they agree, the differences in words when only files of the sets shipped with this
    version differ (their cards are today's rules), None when a homebrew file or a file of
    a set from another folder differs (a record of other cards)."""
    if not isinstance(recorded, dict):
        return None
    shipped = _shipped(set_dirs)
    of_shipped = {k for k in now if k.split("/", 1)[0] + "/" in shipped}
    own = set(now) - of_shipped  # homebrew keys (and sets from other folders)
    diff = {k for k in set(recorded) | set(now) if recorded.get(k) != now.get(k)}
    if any(k in own or k.split("/", 1)[0] + "/" not in shipped for k in diff):
        return None
    return differences(recorded, now)


def _shipped(set_dirs: Sequence[Path]) -> set[str]:
    """The key prefixes (``"base/"``) of the sets shipped with this version."""
    shipped_root = cards_dir().resolve()
    return {f"{d.name}/" for d in map(Path, set_dirs) if d.resolve().parent == shipped_root}


def _other_differences(recorded: Any, now: dict[str, str], set_dirs: Sequence[Path]) -> str:
    """:func:`differences` of the card files that are not of a shipped set (a record's
    header ``hashes`` and ``now``): what makes it a record of other cards."""
    if not isinstance(recorded, dict):
        return ""
    shipped = _shipped(set_dirs)

    def other(d: dict[str, str]) -> dict[str, str]:
        return {k: v for k, v in d.items() if k.split("/", 1)[0] + "/" not in shipped}

    return differences(other(recorded), other(now))


def _set_paths(n: int, header: dict[str, Any], given: Sequence[str] | None) -> None:
    """Put ``given`` (``--set`` folders' parents) in place of the header's ``set_paths``;
    without them, refuse a header whose homebrew sets are not where it says (a record
    moved without its sets), naming them."""
    if given is not None:
        header["set_paths"] = [str(Path(p).resolve()) for p in given]
        return
    paths = header.get("set_paths")
    if not isinstance(paths, list) or not all(isinstance(p, str) for p in paths):
        return  # the header check words it
    sets = header.get("sets")
    names = [s for s in sets if isinstance(s, str)] if isinstance(sets, list) else []
    lost = [s for s in names if not any((Path(p) / s / "set.yaml").is_file() for p in paths)
            and not (cards_dir() / s / "set.yaml").is_file()]
    if lost:
        raise RecordError(n, f"the game was played with the homebrew set {lost[0]!r} from "
                          f"{' or '.join(paths) or 'a folder the header does not name'}, "
                          "which is not found from here (pass the set's folder with --set)")


def _card_paths(n: int, header: dict[str, Any], cards: Sequence[str] | None,
                record_dir: str | Path | None) -> list[str]:
    if cards is not None:
        paths = [str(c) for c in cards]
    else:
        paths = list(header.get("cards", []))
        if record_dir is not None:
            home = Path(record_dir).resolve()
            for c in paths:
                p = (home / c).resolve()
                if not p.is_relative_to(home):
                    raise RecordError(n, f"the game was played with homebrew cards from {c!r}"
                                      ", outside the record's folder: pass them with --cards "
                                      "to read them")
            paths = [str((home / c).resolve()) for c in paths]
    named = paths if cards is not None else list(header.get("cards", []))
    missing = [(c, said) for c, said in zip(paths, named, strict=True) if not Path(c).exists()]
    if missing and (cards is not None or record_dir is None):
        raise RecordError(n, f"the game was played with homebrew cards from "
                          f"{missing[0][0]!r}, which is not found from here (pass its "
                          "folder with --cards)")
    if missing:  # looked for beside the record (f23: the path alone read as a wrong guess)
        raise RecordError(n, f"the game was played with homebrew cards the record calls "
                          f"{missing[0][1]!r}; they are not found beside the record "
                          f"({missing[0][0]}): pass the folder that holds those cards with "
                          "--cards")
    return paths


def _text(n: int, raw: str | bytes) -> str:
    if isinstance(raw, str):
        return raw
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise RecordError(n, f"not UTF-8 text (byte {raw[exc.start]:#04x} at column "
                          f"{exc.start + 1})") from None


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def _json(n: int, raw: str | bytes) -> Any:
    text = _text(n, raw)
    if "\x00" in text:
        raise RecordError(n, "not JSON: a binary file (NUL byte)")
    try:
        return json.loads(text.rstrip("\r\n"), parse_constant=_no_constant)
    except json.JSONDecodeError as exc:
        raise RecordError(n, f"not JSON: {exc.msg}: column {exc.colno}") from None
    except RecursionError:
        raise RecordError(n, "not a record line: nested too deep") from None
    except ValueError as exc:  # a number too long to convert, NaN or Infinity
        why = ("a number with more than 4300 digits" if "digits" in str(exc) else str(exc))
        raise RecordError(n, f"not JSON a record can hold: {why}") from None
