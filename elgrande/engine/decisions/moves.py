"""Kinds whose answer moves pieces on the board: caballeros between regions
(``move_caballeros``, B8.2, B5.2, a place's room, the kinds of caballeros a rules module
declares) and a mobile scoreboard (``move_scoreboard``, B6.9).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from elgrande.engine.decisions.chance import Random, draw_below, draw_choice, draw_int, draw_sample
from elgrande.engine.decisions.decision import Decision, DecisionKind, _rule, register
from elgrande.engine.decisions.forms import (
    ANSWER_KEYS,
    _extra,
    _refused,
    _take_kind,
    answer_keys,
    is_int,
    refuse_unknown_keys,
    shown,
)
from elgrande.errors import IllegalMove
from elgrande.model.counted import noun
from elgrande.model.seats import seat

# -- moves ---------------------------------------------------------------------------------


def _which_moves(which: Mapping[str, Any], moves: list[tuple[Any, ...]],
                 entries: list[Mapping[str, Any]], rule: str) -> list[tuple[Any, ...]]:
    """:meth:`MoveKind.check`'s moves with the declared kinds of caballeros (``which``):
    what each entry names, checked against how many of that kind there are, then the
    entries naming none, resolved in the kinds' listed order.

    Raises:
        IllegalMove: ``rule``; a kind not declared for that place and player, or more of a
        kind than there are.
    """
    keys = {str(kw[0]) for owners in which.values() for kw in owners.values()}
    left: dict[tuple[str, int], list[list[Any]]] = {}
    for (src, _dst, who, n), m in zip(moves, entries, strict=True):
        kinds = which.get(src, {}).get(str(who))
        named = [k for k in keys if k in m]
        if not named:
            continue
        if kinds is None or named != [kinds[0]]:
            raise IllegalMove(rule, f"{shown(named[0])} names no kind of {seat(who)}'s "
                              f"caballeros in {src}: {shown(m)}")
        rest = left.setdefault((src, who), [[v, k] for v, k in kinds[1]])
        _take_kind(rest, m[kinds[0]], n, rule, f"of {seat(who)} in {src}: {shown(m)}")
    out: list[tuple[Any, ...]] = []
    for (src, dst, who, n), m in zip(moves, entries, strict=True):
        kinds = which.get(src, {}).get(str(who))
        if kinds is None:
            out.append((src, dst, who, n))
        elif kinds[0] in m:
            out.append((src, dst, who, n, (kinds[0], m[kinds[0]])))
        else:  # the kinds in their listed order (the module's default)
            rest = left.setdefault((src, who), [[v, k] for v, k in kinds[1]])
            for kind_n in rest:
                take = min(n, kind_n[1])
                if take > 0:
                    kind_n[1] -= take
                    n -= take
                    out.append((src, dst, who, take, (kinds[0], kind_n[0])))
    return out


#: A player's id in a move decision's sources (its ``str``) -> the player.
_SEATS: Final[dict[str, int]] = {str(i): i for i in range(8)}


def _random_sources(o: Mapping[str, Any], rng: Random) -> dict[str, dict[str, int]]:
    """The sources a random move answer draws from (one, drawn, for a single source)."""
    sources: dict[str, dict[str, int]] = dict(o["sources"])  # typed: iterated natively
    if o.get("single_source") and not o.get("all"):
        enough = [s for s in sorted(sources) if sum(sources[s].values()) >= o.get("min", 0)]
        src = draw_choice(rng, enough or sorted(sources))
        sources = {src: sources[src]}
    return sources


def _which_random(d: Decision, rng: Random, which: Mapping[str, Any]) -> Any:
    """:meth:`MoveKind.random` where a module declared kinds of caballeros (``which``): each
    caballero that may move is of one kind, and a move entry names it."""
    o = d.options
    sources = _random_sources(o, rng)
    units: list[tuple[str, int, Any]] = []
    for s, owners in sources.items():
        for key, n in owners.items():
            kinds = which.get(s, {}).get(key)
            if kinds is None:
                units += [(s, int(key), None)] * n
            else:
                for value, k in kinds[1]:
                    units += [(s, int(key), (kinds[0], value))] * k
    k = len(units) if o.get("all") else draw_int(rng, o.get("min", 0),
                                                  min(o["max"], len(units)))
    moves: dict[tuple[str, str, int, Any], int] = {}
    room = {t: r[0] for t, r in o.get("room", {}).items()}
    for s, who, kind_of in draw_sample(rng, units, k):
        dests = [t for t in o["to"] if t != s and room.get(t, 1) > 0]
        if not dests:
            continue
        t = dests[draw_below(rng, len(dests))]
        if t in room:
            room[t] -= 1
        moves[(s, t, who, kind_of)] = moves.get((s, t, who, kind_of), 0) + 1
    out: list[dict[str, Any]] = []
    for (s, t, who, kind_of), n in moves.items():
        m: dict[str, Any] = {"from": s, "to": t, "player": who, "n": n}
        if kind_of is not None:
            m[kind_of[0]] = kind_of[1]
        out.append(m)
    return out


_MOVE_FIELDS: Final = ("from", "to", "player", "n")


answer_keys("move_caballeros", *_MOVE_FIELDS)


class MoveKind(DecisionKind):
    """Caballeros moved between regions (B8.2, B5.2): a list of moves ``[{"from": id,
    "to": id, "player": i, "n": k}]``; the engine applies them as ``(from, to, player, n)``
    tuples."""

    def check(self, d: Decision, p: int, answer: Any) -> list[tuple[Any, ...]]:
        """options: sources {id: {player: available}}, to [ids], min, max, single_source,
        all (every caballero of the listed colours in the one source must move),
        refused_from / refused_to {id: [rule, msg]}, optional which {id: {player: [key,
        [[value, n], ...]]}} (kinds of caballeros a rules module declared, ``move_which``).

        Returns a list of (from, to, player, n), or (from, to, player, n, (key, value)) for
        caballeros of a declared kind (an entry naming none takes the kinds in their listed
        order, after what other entries name)."""
        o = d.options
        rule = _rule(d, "B8.2")
        if not isinstance(answer, list):
            raise IllegalMove(rule, "answer with a list of moves "
                              "[{from: region, to: region, player: i, n: k}]")
        out: list[tuple[Any, ...]] = []
        outflow: dict[tuple[str, int], int] = {}
        which = o.get("which")  # kinds of caballeros a module declared (move_which)
        named: list[Mapping[str, Any]] = []
        known = ANSWER_KEYS.get("move_caballeros", frozenset())
        for m in answer:
            if (type(m) is not dict and not isinstance(m, Mapping)  # (a dict: no abc check)
                    or "from" not in m or "to" not in m):
                raise IllegalMove(rule, f"a move needs 'from' and 'to': {shown(m)}")
            extra: list[Any] = []  # a module's keys (one pass: unknown ones refused)
            for k in m:
                if k not in _MOVE_FIELDS:
                    if k not in known:
                        refuse_unknown_keys("move_caballeros", m, rule)
                    extra.append(k)
            src, dst = m["from"], m["to"]
            if not isinstance(src, str) or not isinstance(dst, str):
                raise IllegalMove(rule, f"a move's 'from' and 'to' are region ids: {shown(m)}")
            n = m.get("n", 1)
            if not is_int(n) or n < 1:
                raise IllegalMove(rule, f"a move's 'n' must be a whole number >= 1, got "
                                  f"{shown(n)}")
            if src not in o["sources"]:
                _refused(o, "refused_from", src)
                raise IllegalMove(rule, f"{shown(src)} is not a region this effect moves "
                                  "caballeros from")
            if dst not in o["to"] or dst == src:
                _refused(o, "refused_to", dst)
                if len(o["to"]) == 1 and dst != src:  # the card's one destination (B8)
                    raise IllegalMove(rule, f"{shown(dst)} is not where this card moves "
                                      f"caballeros: only to {shown(o['to'][0])}")
                raise IllegalMove(rule, f"{shown(dst)} is not a region these caballeros may "
                                  "move to")
            owners = o["sources"][src]
            if "player" in m:
                who = m["player"]
            elif len(owners) == 1:
                who = int(next(iter(owners)))
            else:
                raise IllegalMove(rule, f"say whose caballeros move from {src} ('player')")
            if not is_int(who) or str(who) not in owners:
                raise IllegalMove(rule, f"this effect cannot move "
                                  f"{seat(who) if is_int(who) else 'player ' + shown(who)}'s "
                                  f"caballeros from {src}")
            if extra:  # a module's key: only where it declared a choice of that kind (move_which)
                kinds = which.get(src, {}).get(str(who)) if which is not None else None
                if kinds is None or extra != [kinds[0]]:
                    raise IllegalMove(rule, f"{shown(extra[0])} chooses nothing here: "
                                      f"{seat(who)}'s caballeros in {src} are all of one kind")
            key = (src, who)
            outflow[key] = outflow.get(key, 0) + n
            if outflow[key] > owners[str(who)]:
                have = owners[str(who)]
                raise IllegalMove(rule, f"{seat(who)} has {have} movable "
                                  f"{noun(have, 'caballero')} in {src}, not {outflow[key]}")
            out.append((src, dst, who, n))
            if which is not None:
                named.append(m)
        if which is not None:
            out = _which_moves(which, out, named, rule)
        inflow: dict[str, int] = {}
        rooms = o.get("room", {})
        total = 0  # (summed here: no generator, no set of the sources)
        several = False  # more than one source
        for mv in out:
            dst, n = mv[1], mv[3]
            total += n
            if mv[0] != out[0][0]:
                several = True
            inflow[dst] = inflow.get(dst, 0) + n
            room = rooms.get(dst)
            if room is not None and inflow[dst] > room[0]:
                raise IllegalMove(room[1], f"{dst!r} has room for {room[0]} more "
                                  f"{noun(room[0], 'caballero')}, "
                                  f"not {inflow[dst]}: {room[2]}")
        if o.get("single_source") and several:
            raise IllegalMove(rule, "this effect moves caballeros out of one region only")
        if o.get("all"):
            need = sum(sum(owners.values()) for owners in o["sources"].values())
            if total != need:
                raise IllegalMove(rule, f"all {need} caballeros must move, not {total}")
        if total > o["max"]:
            raise IllegalMove(rule, f"at most {o['max']} caballeros may move, not {total}")
        if total < o.get("min", 0):
            raise IllegalMove(rule, f"at least {o['min']} caballeros must move, not {total}")
        return out

    def trusted(self, d: Decision, p: int, answer: Any) -> Any:
        """A legal answer in normal form (every entry with its four keys, as :meth:`plain`,
        :meth:`legal` and :meth:`random` give it) as :meth:`check`'s ``(from, to, player,
        n)`` tuples, in its order, unchecked (B8.2; the trusted path's contract); with
        kinds of caballeros declared (``which``) :meth:`check` resolves them.

        Raises:
            IllegalMove: only where :meth:`check` is asked (``which``).
        """
        if "which" in d.options:
            return self.check(d, p, answer)
        return [(m["from"], m["to"], m["player"], m["n"]) for m in answer]

    def legal(self, d: Decision, p: int) -> list[Any] | None:
        o = d.options
        if o["max"] == 0 or not o["sources"]:
            return [[]] if o.get("min", 0) == 0 else None
        return None

    def random(self, d: Decision, p: int, rng: Random) -> Any:
        o = d.options
        which = o.get("which")
        if which is not None:
            return _which_random(d, rng, which)  # kinds of caballeros to choose too
        sources = _random_sources(o, rng)
        # the caballeros that may move, counted (one unit each, by source and owner in
        # their order): a draw of k of them takes the same numbers as a sample of k of a
        # list of them would (draw_sample reads only its length), and the j-th is found
        # by its source's and owner's counts; the list is not made
        total = 0
        for owners in sources.values():
            total += sum(owners.values())
        if o.get("all"):
            k = total
        else:
            k = draw_int(rng, o.get("min", 0), min(o["max"], total))
        moves: dict[tuple[str, str, int], int] = {}
        room: dict[str, int] = {}
        rooms = o.get("room")
        if rooms:  # (a loop: no comprehension's function when there is none)
            for t, r in rooms.items():
                room[t] = r[0]
        to: list[str] = list(o["to"])
        by_source: dict[str, list[str]] = {}  # without room limits: the same for every unit
        who: int
        for j in draw_sample(rng, range(total), k):
            s, key = "", ""
            for src, owners in sources.items():  # the j-th unit's source and owner
                for seat_id, n in owners.items():
                    if j < n:
                        s, key = src, seat_id
                        break
                    j -= n
                else:
                    continue
                break
            w = _SEATS.get(key)  # int(key), the common seats looked up
            who = int(key) if w is None else w
            if room:
                dests = [t for t in to if t != s and room.get(t, 1) > 0]
            else:
                got = by_source.get(s)
                if got is None:  # (C list calls, no comprehension's function)
                    got = by_source[s] = to[:]
                    while s in got:
                        got.remove(s)
                dests = got
            if not dests:
                continue
            t = dests[draw_below(rng, len(dests))]
            if t in room:
                room[t] -= 1
            moves[(s, t, who)] = moves.get((s, t, who), 0) + 1
        out: list[dict[str, Any]] = []  # (a loop: one or two moves, no comprehension)
        for (s, t, who), n in moves.items():
            out.append({"from": s, "to": t, "player": who, "n": n})
        return out

    def plain(self, norm: Any, answer: Any) -> list[dict[str, Any]]:
        """The checked moves as plain data, each with every key: ``(from, to, player, n)``,
        and the kind of caballeros a module declared (``(key, value)``, ``which``) when
        named."""
        out: list[dict[str, Any]] = []
        for x in norm:
            m: dict[str, Any] = {"from": x[0], "to": x[1], "player": x[2], "n": x[3]}
            if len(x) > 4:
                m[x[4][0]] = x[4][1]
            out.append(m)
        return out


register(MoveKind("move_caballeros"))


# -- mobile scoreboards --------------------------------------------------------------------------
class ScoreboardKind(DecisionKind):
    """A mobile scoreboard moved (B6.9): ``{"scoreboard": "8-4-0", "to": region id}``; the
    engine applies it as ``(scoreboard, to)``."""

    def check(self, d: Decision, p: int, answer: Any) -> tuple[str, str]:
        """options: moves {scoreboard id: [destination ids]}, refused {id: [rule, msg]}."""
        o = d.options
        if not isinstance(answer, Mapping) or "scoreboard" not in answer or "to" not in answer:
            raise IllegalMove("B6.9", "answer with {scoreboard: id, to: region}")
        refuse_unknown_keys("move_scoreboard", answer, "B6.9")
        sb, to = answer["scoreboard"], answer["to"]
        if not isinstance(sb, str) or not isinstance(to, str):
            raise IllegalMove("B6.9", f"name the scoreboard and the region by their ids: "
                              f"{shown(answer)}")
        if sb not in o["moves"]:
            _refused(o, "refused_board", sb)
            raise IllegalMove("B6.9", f"mobile scoreboard {shown(sb)} cannot be moved now")
        if to not in o["moves"][sb]:
            _refused(o, "refused", to)
            raise IllegalMove("B6.9", f"mobile scoreboard {sb} cannot go to {shown(to)}")
        return sb, to

    def plain(self, norm: Any, answer: Any) -> dict[str, Any]:
        """The checked move of a mobile scoreboard as plain data."""
        return {"scoreboard": norm[0], "to": norm[1], **_extra(answer, ("scoreboard", "to"))}

    def legal(self, d: Decision, p: int) -> list[Any]:
        return [{"scoreboard": sb, "to": t} for sb, ts in d.options["moves"].items()
                for t in ts]


answer_keys("move_scoreboard", "scoreboard", "to")
register(ScoreboardKind("move_scoreboard"))
