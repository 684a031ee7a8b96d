"""Set manifests (``cards/<set>/set.yaml``): finding, reading and checking them, and
building the :class:`~elgrande.model.board.Board` of a combination of sets.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any

import attrs

from elgrande.data import map as board_map
from elgrande.data import yamlpos
from elgrande.data.set_pieces import Entry, build_tokens, piece_entries
from elgrande.data.sets import _manifest, set_names, shipped_set_ids
from elgrande.data.sets import read_manifest as read_manifest
from elgrande.errors import DataError, SettingError
from elgrande.model.board import (
    AREA,
    CASTILLO,
    REGION,
    SPACE,
    Board,
    Place,
    Scoreboard,
    Variant,
)
from elgrande.model.declared import Space

#: Where a space's caballeros may return at a general scoring (``returns:``).
RETURNS = ("court", "provinces")
#: The rules module that gives off-board spaces their rules (:mod:`elgrande.rules.spaces`),
#: turned on by any set that declares a space.
SPACES_MODULE = "spaces"
#: The rules module that sets up and checks the tokens sets declare (``pieces:``,
#: :mod:`elgrande.rules.tokens`), turned on for any set that declares one.
TOKENS_MODULE = "tokens"


def set_order(sets: Iterable[str], search: Sequence[Path] = ()) -> tuple[str, ...]:
    """The load order of ``sets``: the given order, except that each set comes after the
    set it ``extends`` and after the sets in play its manifest's ``load_after`` names
    (X1-X3: the Colonies after Intrigue & the King, whatever order a user gives). Stable:
    sets already in a valid order keep it. Cached per (sets, search). A cycle or a
    missing set leaves the order as given (:func:`load_board` then says what is wrong).

    Raises:
        DataError: an unknown set, a manifest that cannot be read, or a ``load_after``
        that is not a list of set ids (located in the manifest).
    """
    return _set_order(set_names(sets), tuple(Path(p) for p in search))


@lru_cache(maxsize=32)
def _set_order(given: tuple[str, ...], search: tuple[Path, ...]) -> tuple[str, ...]:
    after: dict[str, list[str]] = {}
    for s in dict.fromkeys(given):
        data, pos, path = _manifest(s, search)
        raw = data.get("load_after") or []
        if not isinstance(raw, list) or not all(isinstance(x, str) for x in raw):
            line, col = pos.get(("load_after",))
            raise DataError(path, "'load_after' must be a list of set ids", line, col)
        ext = data.get("extends")
        after[s] = [d for d in [*([ext] if isinstance(ext, str) else []), *raw]
                    if d in given and d != s]
    out: list[str] = []
    left = list(given)
    while left:
        ready = next((s for s in left if all(d in out for d in after[s])), None)
        if ready is None:
            return given
        out.append(ready)
        left.remove(ready)
    return tuple(out)


def load_board(sets: Iterable[str] = ("base",), search: Sequence[Path] = ()) -> Board:
    """Load and validate the board for ``sets`` (e.g. ``("base", "colonies")``).

    Later sets override the scalar settings of earlier ones (``extends`` is checked).
    Cached per (sets, search).

    Raises:
        DataError: with file, line and column, when the data is inconsistent: duplicate
        ids, unknown or asymmetric adjacency, values that increase, a bad power table.
    """
    return _load_board(set_names(sets), tuple(Path(p) for p in search))


@lru_cache(maxsize=32)
def _load_board(sets: tuple[str, ...], search: tuple[Path, ...]) -> Board:
    if not sets:
        raise DataError("", "no card set given", hint="use at least 'base'")
    merged: dict[str, Any] = {}
    where: dict[str, tuple[str, yamlpos.Positions]] = {}
    dirs: list[Path] = []
    modules: list[str] = []
    maps: list[board_map.Section] = []
    spaces: list[tuple[Any, tuple[Any, ...], str, str, yamlpos.Positions]] = []
    more_stacks: list[tuple[int, str, yamlpos.Positions, int]] = []
    pieces: list[Entry] = []
    for s in sets:
        data, pos, path = _manifest(s, search)
        _check_keys(data, path, pos)
        spaces += _space_entries(data, s, path, pos)
        pieces += piece_entries(data, s, path, pos)
        more_stacks += _more_stacks(data, path, pos)
        if "map" in data:
            maps.append((s, data["map"], path, pos))
        dirs.append(Path(path).parent)
        mod = data.get("rules")
        if mod is not None:
            if not isinstance(mod, str) or not mod.isidentifier():
                line, col = pos.get(("rules",))
                raise DataError(path, f"'rules' must name a rules module, got {mod!r}", line,
                                col, "e.g. 'rules: base' for elgrande/rules/base.py")
            modules.append(mod)
        ext = data.get("extends")
        if ext is not None and ext not in sets[: sets.index(s)]:
            _extends_error(s, ext, sets, search, path, pos)
        for k, v in data.items():
            if k in ("map", "spaces", "add_stacks", "pieces"):  # built apart (above)
                continue
            if k == "lasting_kinds" and isinstance(v, dict) and isinstance(merged.get(k), dict):
                v = {**merged[k], **v}  # each set adds its kinds
            merged[k] = v
            where[k] = (path, pos)
    if spaces and SPACES_MODULE not in modules:
        modules.append(SPACES_MODULE)
    if pieces and TOKENS_MODULE not in modules:
        modules.append(TOKENS_MODULE)
    board = _build(merged, where, sets, tuple(dirs), tuple(modules), spaces)
    if more_stacks:
        board = attrs.evolve(board, stacks=_add_stacks(board.stacks, more_stacks))
    if pieces:
        board = attrs.evolve(board, tokens=build_tokens(pieces, board))
    return attrs.evolve(board, map=board_map.build_map(maps, [p.id for p in board.places]))


@lru_cache(maxsize=1)
def _manifest_keys() -> tuple[str, ...]:
    """The keys a set manifest may use: the homebrew keys and every key of a shipped
    manifest (the data says which keys there are)."""
    keys = dict.fromkeys(HOMEBREW_KEYS)
    for sid in shipped_set_ids():
        keys.update(dict.fromkeys(map(str, _manifest(sid, ())[0])))
    return tuple(keys)


def _check_keys(data: dict[str, Any], path: str, pos: yamlpos.Positions) -> None:
    """Check that the manifest ``data`` uses only known keys (as card files do).

    Raises:
        DataError: the unknown keys, all in one error (``E-SCHEMA-UNKNOWN-FIELD``) at the
            first one's position, each with its own position and a did-you-mean.
    """
    known = _manifest_keys()
    bad: list[tuple[int, int, str]] = []
    for key in data:
        if key not in known:
            close = difflib.get_close_matches(str(key), known, n=1)
            line, col = pos.key_at.get((key,), pos.get((key,)))
            bad.append((line, col, repr(key) + (f" (did you mean {close[0]!r}?)" if close
                                                else "")))
    if not bad:
        return
    hint = "known keys: " + ", ".join(sorted(known))
    if len(bad) == 1:
        line, col, said = bad[0]
        raise DataError(path, f"E-SCHEMA-UNKNOWN-FIELD: unknown key {said} in the set "
                        "manifest", line, col, hint)
    raise DataError(path, f"E-SCHEMA-UNKNOWN-FIELD: {len(bad)} unknown keys in the set "
                    "manifest: " + "; ".join(f"{said} at line {line}, column {col}"
                                             for line, col, said in bad),
                    bad[0][0], bad[0][1], hint)


def _known_sets(search: tuple[Path, ...]) -> list[str]:
    """The ids of the shipped sets and of the sets in the folders ``search``."""
    found = [p.name for root in search if root.is_dir() for p in root.iterdir()
             if (p / "set.yaml").is_file()]
    return list(dict.fromkeys([*shipped_set_ids(), *found]))


def _extends_error(s: str, ext: Any, sets: tuple[str, ...], search: tuple[Path, ...],
                   path: str, pos: yamlpos.Positions) -> None:
    """Raise the error of set ``s`` whose manifest ``extends`` set ``ext``, which is not
    loaded before it.

    Raises:
        DataError: ``ext`` is no set at all (a problem in the manifest, exit 1), with a
            did-you-mean among the sets there are (``E-SET-EXTENDS``).
        SettingError: ``ext`` is a set, not in play or loaded after ``s`` (the option
            ``--sets`` must name it; its hint says how).
    """
    line, col = pos.get(("extends",))
    known = [k for k in _known_sets(search) if k != s]
    if not isinstance(ext, str) or ext not in known:
        close = difflib.get_close_matches(str(ext), known, n=1, cutoff=0.6)
        raise DataError(path, f"E-SET-EXTENDS: set {s!r} extends {ext!r}, an unknown set"
                        + (f" (did you mean {close[0]!r}?)" if close else ""), line, col,
                        "sets there are: " + ", ".join(known))
    if ext in sets:
        hint = f"load sets in the order {ext}, {s}"
    elif ext in shipped_set_ids():
        hint = "play with --sets " + ",".join(
            [*(x for x in sets if x in shipped_set_ids()), ext])
    else:
        hint = f"play with the set {ext!r} too (--set DIR, its folder)"
    raise SettingError("sets", f"set {s!r} extends {ext!r}, which is not loaded before it",
                       hint, path, line, col)


def _space_entries(data: dict[str, Any], set_id: str, path: str, pos: yamlpos.Positions
                   ) -> list[tuple[Any, tuple[Any, ...], str, str, yamlpos.Positions]]:
    """A manifest's ``spaces:`` entries as ``(entry, position key, set, path, positions)``.

    Raises:
        DataError: ``spaces`` is not a list (E-SET-SPACE, located)."""
    raw = data.get("spaces")
    if raw is None:
        return []
    if not isinstance(raw, list):
        line, col = pos.get(("spaces",))
        raise DataError(path, "E-SET-SPACE: 'spaces' must be a list of off-board spaces, "
                        "e.g. [{id: rome, name: Rome, returns: court}]", line, col)
    return [(e, ("spaces", i), set_id, path, pos) for i, e in enumerate(raw)]


def _more_stacks(data: dict[str, Any], path: str, pos: yamlpos.Positions
                 ) -> list[tuple[int, str, yamlpos.Positions, int]]:
    """A manifest's ``add_stacks:`` (stack numbers added to those of the sets before it)
    as ``(stack, path, positions, index)``.

    Raises:
        DataError: not a list of stack numbers (E-SET-STACKS, located)."""
    raw = data.get("add_stacks")
    if raw is None:
        return []
    if not isinstance(raw, list) or not all(
            isinstance(x, int) and not isinstance(x, bool) and 1 <= x <= 99 for x in raw):
        line, col = pos.get(("add_stacks",))
        raise DataError(path, f"E-SET-STACKS: 'add_stacks' must be a list of stack numbers "
                        f"(1 to 99), got {raw!r}", line, col, "e.g. add_stacks: [6]")
    return [(x, path, pos, i) for i, x in enumerate(raw)]


def _add_stacks(stacks: tuple[int, ...], more: list[tuple[int, str, yamlpos.Positions, int]]
                ) -> tuple[int, ...]:
    """``stacks`` with the ``add_stacks`` entries ``more`` after them (B1.4: each a stack
    shuffled face down, its top card on offer every round).

    Raises:
        DataError: a stack number already in play (E-SET-STACKS, located)."""
    out = list(stacks)
    for n, path, pos, i in more:
        if n in out:
            line, col = pos.get(("add_stacks", i))
            raise DataError(path, f"E-SET-STACKS: stack {n} is in play already (stacks "
                            f"{', '.join(map(str, out))})", line, col,
                            "choose a stack number no set in play uses")
        out.append(n)
    return tuple(out)


def _err(where: dict[str, tuple[str, yamlpos.Positions]], key: str, sub: tuple[Any, ...],
         msg: str, hint: str = "") -> DataError:
    path, pos = where.get(key, ("", yamlpos.Positions()))
    line, col = pos.get((key, *sub))
    return DataError(path, msg, line, col, hint)


def _values(where: dict[str, tuple[str, yamlpos.Positions]], key: str, sub: tuple[Any, ...],
            raw: Any) -> tuple[int, int, int]:
    if (not isinstance(raw, list) or len(raw) != 3
            or not all(isinstance(v, int) and v >= 0 for v in raw)):
        raise _err(where, key, sub, f"values must be three non-negative integers, got {raw!r}")
    if not raw[0] >= raw[1] >= raw[2]:
        raise _err(where, key, sub, f"values must not increase from 1st to 3rd, got {raw!r}")
    return (raw[0], raw[1], raw[2])


def _build(m: dict[str, Any], where: dict[str, tuple[str, yamlpos.Positions]],
           sets: tuple[str, ...], dirs: tuple[Path, ...], modules: tuple[str, ...],
           spaces: Sequence[tuple[Any, tuple[Any, ...], str, str, yamlpos.Positions]] = ()
           ) -> Board:
    for key in ("regions", "castillo", "scoreboards", "power_cards", "caballeros_per_player",
                "rounds", "scoring_after", "paid_ranks", "min_players", "max_players"):
        if key not in m:
            raise _err(where, "set", (), f"set manifest lacks required field {key!r}")
    raw_regions = m["regions"]
    if not isinstance(raw_regions, list) or not raw_regions:
        raise _err(where, "regions", (), "regions must be a non-empty list")
    raw_places: list[tuple[dict[str, Any], str, tuple[Any, ...], str]] = []
    for i, r in enumerate(raw_regions):
        raw_places.append((r, REGION, ("regions", i), "regions"))
    raw_places.append((m["castillo"], CASTILLO, ("castillo",), "castillo"))
    for i, a in enumerate(m.get("areas") or []):
        raw_places.append((a, AREA, ("areas", i), "areas"))
    first_space = len(raw_places)
    for e, sub, _set, path, pos in spaces:
        raw_places.append((_space_entry(e, sub, path, pos), SPACE, ("spaces", sub[1]),
                           "spaces"))
    index: dict[str, int] = {}
    for i, (r, _kind, sub, key) in enumerate(raw_places):
        if i >= first_space:  # a space: its own manifest locates its errors
            _e, ssub, _set, spath, spos = spaces[i - first_space]
            if r["id"] in index:
                line, col = spos.get((*ssub, "id"))
                raise DataError(spath, f"E-SET-SPACE: the space id {r['id']!r} is the id of "
                                "a place already on the board", line, col,
                                "place ids must be unique: choose another id")
            index[r["id"]] = i
            continue
        if not isinstance(r, dict) or not isinstance(r.get("id"), str):
            raise _err(where, key, sub[1:], "each place needs a string 'id'")
        if r["id"] in index:
            raise _err(where, key, sub[1:] + ("id",), f"duplicate region id {r['id']!r}",
                       "region ids must be unique")
        index[r["id"]] = i
    adjacency: list[set[int]] = []
    for i, (r, kind, sub, key) in enumerate(raw_places):
        adj: set[int] = set()
        listed = list(r.get("adjacent") or [])
        added = list(r.get("borders") or []) if kind == AREA else []
        for j, a in enumerate(listed + added):
            field = "adjacent" if j < len(listed) else "borders"
            j = j if j < len(listed) else j - len(listed)
            if a not in index:
                import difflib

                close = difflib.get_close_matches(str(a), index, n=1)
                raise _err(where, key, sub[1:] + (field, j),
                           f"unknown region {a!r} in the adjacency of {r['id']!r}",
                           f"did you mean {close[0]!r}?" if close else "")
            if index[a] == i:
                raise _err(where, key, sub[1:] + (field, j), f"{a!r} is adjacent to itself")
            adj.add(index[a])
        adjacency.append(adj)
    # an expansion area's 'borders' are new borders on both sides: the regions of an
    # earlier set gain them without repeating that set's region list (France, C4)
    for i, (r, kind, _sub, _key) in enumerate(raw_places):
        if kind == AREA:
            for a in r.get("borders") or []:
                adjacency[index[a]].add(i)
    places = [Place(i, r["id"], str(r.get("name", r["id"])), kind,
                    _values(where, key, sub[1:] + ("values",), r.get("values"))
                    if kind != SPACE else r["values"],
                    frozenset(adjacency[i]), bool(r.get("coastal", False)))
              for i, (r, kind, sub, key) in enumerate(raw_places)]
    declared = tuple(Space(i, r["id"], bool(r.get("king", False)), bool(r.get("scores")),
                           str(r.get("returns") or ""), spaces[i - first_space][2])
                     for i, (r, kind, _sub, _key) in enumerate(raw_places) if kind == SPACE)
    for p in places:
        for q in p.adjacent:
            if p.index not in places[q].adjacent:
                _r, _kind, sub, key = raw_places[p.index]
                raise _err(where, key, sub[1:] + ("adjacent",),
                           f"adjacency is not symmetric: {p.id!r} lists {places[q].id!r} "
                           f"but {places[q].id!r} does not list {p.id!r}",
                           f"add {p.id!r} to the adjacency of {places[q].id!r}")
    boards: list[Scoreboard] = []
    for i, sb in enumerate(m["scoreboards"] or []):
        if not isinstance(sb, dict) or not isinstance(sb.get("id"), str):
            raise _err(where, "scoreboards", (i,), "each mobile scoreboard needs an 'id'")
        boards.append(Scoreboard(i, sb["id"], _values(where, "scoreboards", (i, "values"),
                                                      sb.get("values"))))
    power = m["power_cards"]
    if not isinstance(power, dict) or not power:
        raise _err(where, "power_cards", (), "power_cards must map value -> caballeros")
    table: dict[int, int] = {}
    last = None
    for v in sorted(power, key=lambda x: (not isinstance(x, int), x)):
        n = power[v]
        if not isinstance(v, int) or not isinstance(n, int) or n < 0:
            raise _err(where, "power_cards", (v,), f"bad power card entry {v!r}: {n!r}")
        if last is not None and n > last:
            raise _err(where, "power_cards", (v,),
                       f"power card {v} brings more caballeros ({n}) than a lower card",
                       "caballeros to court do not increase with the value")
        last = n
        table[v] = n
    regions = tuple(p.index for p in places if p.kind == REGION)
    setup = m.get("setup") or {}
    variants = {
        name: Variant(name, tuple(v["rounds"]), tuple(v["scoring_after"]))
        for name, v in (m.get("variants") or {}).items()
    }
    rounds = int(m["rounds"])
    variants["standard"] = Variant("standard", tuple(range(1, rounds + 1)),
                                   tuple(m["scoring_after"]))
    neutral = m.get("neutral") or {}
    paid = {int(k): int(v) for k, v in m["paid_ranks"].items()}
    castillo = index[m["castillo"]["id"]]
    return Board(
        sets=sets,
        places=tuple(places),
        index=index,
        regions=regions,
        castillo=castillo,
        scoring_order=regions + tuple(p.index for p in places if p.kind == AREA)
        + tuple(sp.index for sp in declared if sp.scores),
        scoreboards=tuple(boards),
        power_cards=table,
        caballeros_per_player=int(m["caballeros_per_player"]),
        setup_grande_region=int(setup.get("grande_region", 0)),
        setup_court=int(setup.get("court", 0)),
        paid_ranks=paid,
        king_bonus=int(m.get("king_bonus", 0)),
        grande_bonus=int(m.get("grande_bonus", 0)),
        min_players=int(m["min_players"]),
        max_players=int(m["max_players"]),
        variants=variants,
        neutral_caballeros=int(neutral.get("caballeros", 0)),
        neutral_name=str(neutral.get("name", "")),
        set_dirs=dirs,
        rules_modules=modules,
        stacks=_stacks(where, m.get("stacks")),
        lasting_kinds=_lasting(where, m.get("lasting_kinds")),
        spaces=declared,
    )


#: The fields of an off-board space (``spaces:`` entries of a set manifest): name ->
#: (JSON type, what it means); the checks below and ``cards/set-schema.json`` read it.
SPACE_FIELDS: dict[str, tuple[str, str]] = {
    "id": ("string", "the place id scripts name (lowercase letters, digits, _), unique on "
           "the board"),
    "name": ("string", "the printed name (default: the id)"),
    "king": ("boolean", "true: the king may be moved there by a card (no region is then "
             "the king's region, B5.2); default false"),
    "scores": ("boolean", "true: scored at each general scoring after the regions, with "
               "'values' (B6.4); default false (never scored)"),
    "values": ("values", "points for 1st, 2nd, 3rd when it scores"),
    "returns": ("returns", "court or provinces: where the caballeros in it go at the next "
                "general scoring, once the Castillo is emptied (B6.3); default: they stay"),
}
#: The keys a homebrew set's manifest uses beside a shipped set's (``cards/set-schema.json``
#: describes them): name -> what it means.
HOMEBREW_KEYS: dict[str, str] = {
    "set": "the set's id: the name of its folder",
    "title": "the set's name as shown",
    "extends": "the set it adds to (loaded before it), e.g. base",
    "add_stacks": "action stacks added to those of the sets before it (B1.4): each a stack "
                  "number, dealt from the cards of kinds with role 'stack' and that slot",
    "spaces": "off-board spaces: places that are not regions (docs/homebrew.md, 'Sets')",
    "pieces": "tokens: pieces with no code of their own that 'move the ID to SET' moves "
              "(docs/homebrew.md, 'Sets')",
    "card_kinds": "the set's card kinds: role (stack, standing, ...), the fields each "
                  "requires and allows, slot (its stack or offer slot), count",
    "map": "where the set's places are drawn: {width, height, places: {id: {box | "
           "polygon, label}}}",
}


def _space_entry(e: Any, sub: tuple[Any, ...], path: str, pos: yamlpos.Positions
                 ) -> dict[str, Any]:
    """A checked ``spaces:`` entry (``values`` made a tuple; ``(0, 0, 0)`` when it does not
    score).

    Raises:
        DataError: an entry that is not a mapping, an unknown field, a bad id, values or
            ``returns`` (E-SET-SPACE, with the file position)."""
    def fail(msg: str, field: tuple[Any, ...] = (), hint: str = "") -> DataError:
        line, col = pos.get((*sub, *field))
        return DataError(path, f"E-SET-SPACE: {msg}", line, col, hint)

    if not isinstance(e, dict):
        raise fail("each space is a mapping such as {id: rome, name: Rome, returns: court}")
    for k in e:
        if k not in SPACE_FIELDS:
            raise fail(f"unknown field {k!r} of a space", (k,),
                       "fields: " + ", ".join(SPACE_FIELDS))  # (types: the schema)
    sid = e.get("id")
    if not isinstance(sid, str) or not sid.isidentifier() or sid != sid.lower():
        raise fail(f"a space needs an 'id' of lowercase letters, digits and _, got {sid!r}",
                   ("id",))
    for flag in ("king", "scores"):
        if flag in e and not isinstance(e[flag], bool):
            raise fail(f"{flag!r} must be true or false, got {e[flag]!r}", (flag,))
    if "name" in e and not isinstance(e["name"], str):
        raise fail(f"'name' must be text, got {e['name']!r}", ("name",))
    ret = e.get("returns")
    if ret is not None and ret not in RETURNS:
        raise fail(f"'returns' must be one of {', '.join(RETURNS)}, got {ret!r}",
                   ("returns",))
    raw = e.get("values")
    if e.get("scores"):
        if (not isinstance(raw, list) or len(raw) != 3
                or not all(isinstance(v, int) and not isinstance(v, bool) and v >= 0
                           for v in raw) or not raw[0] >= raw[1] >= raw[2]):
            raise fail(f"a space that scores needs 'values': three non-negative integers "
                       f"that do not increase, got {raw!r}", ("values",))
        values = (raw[0], raw[1], raw[2])
    elif raw is not None:
        raise fail("'values' is for a space that scores: add 'scores: true' or remove them",
                   ("values",))
    else:
        values = (0, 0, 0)
    return {**e, "values": values}


def _lasting(where: dict[str, tuple[str, yamlpos.Positions]], raw: Any) -> dict[str, str]:
    if raw is None:
        return {}
    if not isinstance(raw, dict) or not all(isinstance(k, str) and k.isidentifier()
                                            and isinstance(v, str) for k, v in raw.items()):
        raise _err(where, "lasting_kinds", (), "lasting_kinds must map a kind name to what "
                   "it does, e.g. {veto: 'cancels ...'}")
    return dict(raw)


def _stacks(where: dict[str, tuple[str, yamlpos.Positions]], raw: Any) -> tuple[int, ...]:
    if raw is None:
        return ()
    if (not isinstance(raw, list) or not all(isinstance(x, int) and not isinstance(x, bool)
                                              and x >= 0 for x in raw)
            or len(set(raw)) != len(raw)):
        raise _err(where, "stacks", (), f"stacks must be a list of distinct stack numbers, "
                   f"got {raw!r}")
    return tuple(raw)
