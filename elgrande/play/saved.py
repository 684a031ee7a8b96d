"""Checks of saved games and record headers before anything is built from them: a
saved game is untrusted input.

A saved game is what :meth:`elgrande.game.Game.to_json` gives: ``format``
(:data:`FORMAT`), ``header``, ``names``, ``state``, ``flow``, ``history`` and ``log``; a save
of an older format (:data:`FORMATS`) is first converted (:func:`upgrade`).
:func:`check_saved` checks it in two passes
and raises one :class:`SavedGameError` naming the bad field's path
(``state.caballeros[3][1]``):

1. structure and types (:mod:`elgrande.model.saved_shapes`), derived from the attrs classes
   (``State``, ``Flow``, ``Run``, ``Frame``, ``Decision``, ``Lasting``: field names from
   ``attrs.fields``, types from their annotations), so the check follows those classes when
   they change. An ``int`` is never a ``bool``; integers, strings, lists and nesting are
   bounded;
2. what the board says: the player count matches the names (2..5, B1.0), every place
   index is on the board, the king and the Grandes stand in mainland regions (B5, B1.2),
   mobile scoreboards lie on the board or off it (B6.9), hands and discards hold
   power cards of the set (B1.3), counts are not negative and every player has all their
   caballeros (B1.1), card ids are known, and every decision waits for real players.

:func:`check_header` checks a record header (the first line of a game record) alone.
"""

from __future__ import annotations

import copy
import random
import re
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from elgrande.data.library import Library, load_library
from elgrande.engine import decisions as dec
from elgrande.engine.context import Run
from elgrande.engine.decisions import Decision
from elgrande.engine.flow import PART_TYPES, Flow, FlowEngine, engine_for
from elgrande.errors import ElGrandeError, IllegalMove, SavedGameError
from elgrande.files.resources import cards_dir
from elgrande.model.board import Board
from elgrande.model.hook_context import HookContext
from elgrande.model.saved_shapes import (
    MAX_DEPTH,
    MAX_INT,
    MAX_LIST,
    MAX_NAME,
    MAX_STR,
    _fail,
    _int,
    _kind,
    _list,
    _str,
    plain,
    record,
    typed,
)
from elgrande.model.seats import named
from elgrande.model.state import NOBODY, OFF_BOARD, State
from elgrande.play.seeds import SEED_RANGE, is_seed

__all__ = ["FORMAT", "FORMATS", "MAX_DEPTH", "MAX_INT", "MAX_LIST", "MAX_NAME", "MAX_STR",
           "SavedGameError", "check_header", "check_saved", "plain", "record", "typed",
           "upgrade"]

_SET_ID = re.compile(r"[a-z0-9][a-z0-9_-]{0,39}\Z")

#: The format of a saved game that :meth:`elgrande.game.Game.to_json` writes (its
#: ``"format"`` field). 3: the action stacks and the face-up offer are in the state
#: (``state.stacks``, ``state.offer``, ``state.offer_origin``). 2 (no ``"format"`` field:
#: commits 2274f0c to cab47c7): they were the base rules module's flow part
#: (``flow.parts.base.stacks``, ``.offer``, ``.origin``). :func:`upgrade` reads 2.
FORMAT = 3
#: The formats :func:`check_saved` reads.
FORMATS = (2, 3)


# -- record headers -----------------------------------------------------------------------
def known_sets() -> set[str]:
    """The ids of the shipped card sets (folders of ``cards/`` with a ``set.yaml``)."""
    return {p.name for p in cards_dir().iterdir() if (p / "set.yaml").is_file()}


def _strings(h: Mapping[str, Any], key: str, path: str, most: int = 100) -> list[str]:
    v = h.get(key, [])
    if not isinstance(v, list) or len(v) > most:
        _fail(f"{path}.{key}", f"must be a list of at most {most} strings")
    for i, x in enumerate(v):
        if not isinstance(x, str) or not x or len(x) > 4096:
            _fail(f"{path}.{key}[{i}]", "must be a non-empty string")
    return list(v)


def check_header(h: Any, path: str = "header") -> dict[str, Any]:
    """Check a record header before anything is built from it; return a copy.

    Fields: ``players`` a list of 2..5 distinct non-empty names of at most
    :data:`MAX_NAME` characters, or a count 2..5 (B1.0); ``seed`` an integer
    from 0 to 2**64-1 (:mod:`elgrande.seeds`);
    ``start_player`` a seat or null; ``sets`` a non-empty list of shipped set ids;
    ``variant`` a string; ``errata`` and ``cards`` lists of strings; ``hashes`` a mapping
    of file keys to sha256 hex strings; ``fill`` and ``elgrande`` plain data.

    Raises:
        SavedGameError: the first bad field, e.g. ``header.seed: must be an integer``.
    """
    if not isinstance(h, dict):
        _fail(path, f"the header must be a mapping, not {_kind(h)}")
    seed = h.get("seed", 0)  # a seed is checked against the seeds' own range (B2)
    if not is_seed(seed):
        _fail(f"{path}.seed", f"must be {SEED_RANGE}")
    out = {str(k): seed if k == "seed" else plain(v, f"{path}.{k}") for k, v in h.items()}
    players = h.get("players")
    if type(players) is int and 2 <= players <= 5:  # a count: names p1, p2, ...
        players = [f"p{i + 1}" for i in range(players)]
    if not isinstance(players, list) or not 2 <= len(players) <= 5:
        _fail(f"{path}.players", "must be a list of 2 to 5 player names (B1.0)")
    for i, n in enumerate(players):
        if not isinstance(n, str) or not n.strip() or len(n) > MAX_NAME \
                or not n.isprintable():
            _fail(f"{path}.players[{i}]", f"a player name is a non-empty printable string of "
                  f"at most {MAX_NAME} characters")
    if len(set(players)) != len(players):
        _fail(f"{path}.players", "player names must be distinct")
    sp = h.get("start_player")
    if sp is not None and (isinstance(sp, bool) or not isinstance(sp, int)
                           or not 0 <= sp < len(players)):
        _fail(f"{path}.start_player", f"must be a seat from 0 to {len(players) - 1}")
    sets = h.get("sets", ["base"])
    if not isinstance(sets, list) or not 1 <= len(sets) <= 10:
        _fail(f"{path}.sets", "must be a list of card set ids, e.g. [\"base\"]")
    known = set(known_sets())
    for folder in _strings(h, "set_paths", path):  # sets beside the shipped ones
        root = Path(folder)
        if root.is_dir():
            known |= {d.name for d in root.iterdir() if (d / "set.yaml").is_file()}
    for i, s in enumerate(sets):
        if not isinstance(s, str) or not _SET_ID.match(s) or s not in known:
            _fail(f"{path}.sets[{i}]", f"unknown card set (shipped: {', '.join(sorted(known))})")
    if len(set(sets)) != len(sets):
        _fail(f"{path}.sets", "a card set is named twice")
    variant = h.get("variant", "standard")
    if not isinstance(variant, str) or not 0 < len(variant) <= 40:
        _fail(f"{path}.variant", "must be a variant id such as \"standard\"")
    fill = h.get("fill")
    if fill is not None and (not isinstance(fill, str) or not 0 < len(fill) <= 4096):
        _fail(f"{path}.fill", "must be a fill's name or path (docs/rules.md), or null")
    _strings(h, "errata", path)
    _strings(h, "cards", path)
    hashes = h.get("hashes", {})
    if not isinstance(hashes, dict) or len(hashes) > MAX_LIST or not all(
            isinstance(k, str) and isinstance(v, str) and re.fullmatch(r"[0-9a-f]{64}", v)
            for k, v in hashes.items()):
        _fail(f"{path}.hashes", "must map card file keys to sha256 hex digests")
    return out


# -- pass 2: what the board says -----------------------------------------------------------
def _seat(v: Any, n: int, path: str, neutral: bool = False) -> None:
    if not (0 <= v < n or (neutral and v == NOBODY)):
        _fail(path, f"no player {v} in a {n}-player game")


def _region(b: Board, v: int, path: str, castillo: bool = False) -> None:
    """A region or an expansion area (where the king and Grandes stand, B1.2, C3); the
    Castillo only when ``castillo`` (a Grande put there, I8)."""
    if not 0 <= v < len(b.places) or (b.is_castillo(v) and not castillo):
        _fail(path, f"{v} is not a region of the board")


def _length(v: list[Any], n: int, path: str) -> None:
    if len(v) != n:
        _fail(path, f"has {len(v)} entries, not {n}")


def check_state(st: Mapping[str, Any], b: Board, players: int,
                hand_values: set[int] | None = None, where: str = "state") -> None:
    """Check a state's saved form (after :func:`record`) against the board: counts and
    scores not negative, every player's caballeros all there (B1.1), places on the board,
    the round within the game (``where``: its path, e.g. an undo snapshot's).

    Raises:
        SavedGameError: at the bad field's path.
    """
    if st["players"] != players:
        _fail(f"{where}.players", f"is {st['players']}, but the game names {players} players")
    places = len(b.places)
    _length(st["caballeros"], places, f"{where}.caballeros")
    for i, row in enumerate(st["caballeros"]):
        _length(row, players, f"{where}.caballeros[{i}]")
        for p, c in enumerate(row):
            if c < 0:
                _fail(f"{where}.caballeros[{i}][{p}]", "a caballero count cannot be negative")
    _length(st["neutral"], places, f"{where}.neutral")
    for key in ("court", "provinces", "grandes", "scores", "hands", "discards"):
        _length(st[key], players, f"{where}.{key}")
    for key in ("neutral", "court", "provinces"):
        for i, c in enumerate(st[key]):
            if c < 0:
                _fail(f"{where}.{key}[{i}]", "a caballero count cannot be negative")
    for i, c in enumerate(st["scores"]):
        if not 0 <= c <= 10_000:  # points are never taken away (B6, B7)
            _fail(f"{where}.scores[{i}]", "a score is a whole number from 0")
    _region(b, st["king"], f"{where}.king")
    for p, g in enumerate(st["grandes"]):
        _region(b, g, f"{where}.grandes[{p}]", castillo=True)
    _length(st["scoreboards"], len(b.scoreboards), f"{where}.scoreboards")
    for i, at in enumerate(st["scoreboards"]):  # a region or the Castillo (B6.9)
        if at != OFF_BOARD and not 0 <= at < len(b.places):
            _fail(f"{where}.scoreboards[{i}]", f"{at} is not a place of the board")
    values = set(b.power_cards) if hand_values is None else hand_values
    for key in ("hands", "discards"):
        for p, cards in enumerate(st[key]):
            for i, v in enumerate(cards):
                if v not in values:
                    _fail(f"{where}.{key}[{p}][{i}]", f"{v} is not a card of the set")
            if len(set(cards)) != len(cards):
                _fail(f"{where}.{key}[{p}]", "holds a card twice")
    full = sorted(b.power_cards)
    for p in range(players):
        both = st["hands"][p] + st["discards"][p]
        if hand_values is None and sorted(both) != full:  # every power card is in hand or
            _fail(f"{where}.hands[{p}]", "hand and played power cards must make up the set")
        if len(set(both)) != len(both):  # played (B1.3, B3.2); a card is held or played
            _fail(f"{where}.hands[{p}]", "a card is both in hand and played")
    bidders: set[int] = set()
    for i, bid in enumerate(st.get("bids", [])):
        if len(bid) != 2:
            _fail(f"{where}.bids[{i}]", "a bid is [player, power card]")
        _seat(bid[0], players, f"{where}.bids[{i}][0]")
        if bid[0] in bidders:
            _fail(f"{where}.bids[{i}][0]", "a player plays one power card a round (B3.2)")
        bidders.add(bid[0])
        if bid[1] not in values:  # (a card may since have been taken back, B8)
            _fail(f"{where}.bids[{i}][1]", f"{bid[1]} is not a card of the set")
    for i, x in enumerate(st.get("lasting", [])):
        _seat(x["player"], players, f"{where}.lasting[{i}].player")
        if not 0 <= x["expires"] <= 99:
            _fail(f"{where}.lasting[{i}].expires", "not a round of a game")
    _seat(st.get("neutral_holder", NOBODY), players, f"{where}.neutral_holder", neutral=True)
    if st.get("held"):  # cards held in a court (a save made before has none: empty)
        _length(st["held"], players, f"{where}.held")
    if not 0 <= st.get("round", 0) <= 99:
        _fail(f"{where}.round", "out of range")
    state = State.from_json(dict(st))
    problems = state.conservation_errors(b)
    if problems:  # the seats as the file counts them: 'player 0' is its first
        _fail(where, named(problems[0], ()))


def _decision(d: Mapping[str, Any], players: int, path: str) -> None:
    if d["kind"] not in dec.KINDS:
        _fail(f"{path}.kind", f"unknown decision kind {d['kind']!r}")
    if not d["players"]:
        _fail(f"{path}.players", "a decision waits for at least one player")
    for i, p in enumerate(d["players"]):
        _seat(p, players, f"{path}.players[{i}]")
    decision = Decision.from_json(d)
    try:  # the options must be of the kind's shape: list and draw an answer from them
        decision.legal_answers()
        answer = decision.random_answer(random.Random(0))
        decision.check(answer)
    except IllegalMove:
        pass
    except Exception:  # noqa: BLE001 - any other failure means malformed options
        _fail(f"{path}.options", f"not the options of a {d['kind']!r} decision")


def _cards(v: Any, lib: Library, path: str) -> None:
    if isinstance(v, str):
        if v and v not in lib.cards.cards:
            _fail(path, f"unknown card id {v!r}")
    elif isinstance(v, list):
        for i, x in enumerate(v):
            _cards(x, lib, f"{path}[{i}]")


def check_offer(st: Mapping[str, Any], lib: Library, reused: Any,
                where: str = "state") -> None:
    """Check the action stacks and the face-up offer of a state's saved form (after
    :func:`record`): as many stacks as the set has (B1.4), known card ids, an offer of one
    card per stack and per card on offer every round (``reused``: the flow's; more when a
    special action put a card into the offer) or none between rounds (B3.1), each slot's
    stack index (or -1); the cards held in the courts: known card ids, one list per
    player (none in an old save).

    Raises:
        SavedGameError: at the bad field's path (``state.stacks[0][2]``).
    """
    for key in ("stacks", "offer"):
        _cards(st.get(key, []), lib, f"{where}.{key}")
    n_stacks = len(lib.board.stacks) or 4
    stacks, offer, origin = st.get("stacks", []), st.get("offer", []), st.get("offer_origin", [])
    if len(stacks) != n_stacks:
        _fail(f"{where}.stacks", f"has {len(stacks)} action stacks, not {n_stacks} (B1.4)")
    n_open = n_stacks + (len(reused) if isinstance(reused, list) else 0)
    if offer and len(offer) < n_open:
        _fail(f"{where}.offer", f"has {len(offer)} open cards, not {n_open} (B3.1)")
    held = st.get("held", [])
    _cards(held, lib, f"{where}.held")
    if held and len(held) != st.get("players"):
        _fail(f"{where}.held", "one list of held cards per player")
    for i, o in enumerate(origin):
        if not -1 <= o < n_stacks:
            _fail(f"{where}.offer_origin[{i}]", "each open card's stack index (or -1)")
    if len(origin) != len(offer):
        _fail(f"{where}.offer_origin", "one stack index per open card")


def check_rounds(st: Mapping[str, Any], fl: Mapping[str, Any]) -> None:
    """Cross-checks of state and flow where the flow has the fields: the state's round is
    the flow's current round; one bid per power card played this round; every player in
    this round's turn order has played a power card (B3.2-B3.4).

    Raises:
        SavedGameError: at the field that disagrees.
    """
    rounds, i = fl.get("rounds"), fl.get("round_i")
    if isinstance(i, int) and i < 0 and st.get("round", 0) != 0:
        _fail("flow.round_i", f"is {i} (before the first round), but the state is in round "
              f"{st.get('round')}")
    if isinstance(rounds, list) and st.get("round", 0) not in (0, *rounds):
        _fail("state.round", f"is {st.get('round')}, not a round of this game {rounds} (B3.7)")
    if isinstance(rounds, list) and isinstance(i, int) and 0 <= i < len(rounds) \
            and st.get("round") != rounds[i]:
        _fail("state.round", f"is {st.get('round')}, but the flow is in round {rounds[i]}")
    bids = st.get("bids", [])
    base = (fl.get("parts") or {}).get("base")
    part = base if isinstance(base, dict) else fl
    if isinstance(part.get("bid_i"), int) and part["bid_i"] != len(bids):
        _fail("flow.parts.base.bid_i", f"is {part['bid_i']}, but {len(bids)} power cards "
              "were played")
    order = fl.get("turn_order")
    if isinstance(order, list) and order and set(order) != {b[0] for b in bids}:
        _fail("flow.turn_order", "must be the players who played a power card (B3.4)")
    offer, slot = st.get("offer", []), part.get("slot", -1)
    if offer and isinstance(slot, int) and not -1 <= slot < len(offer):
        _fail("flow.parts.base.slot", "not an offer slot")


def check_flow(fl: Mapping[str, Any], lib: Library, players: int,
               variant: str = "standard", interjected: bool = False) -> None:
    """Check a flow's saved form (after :func:`record`): card ids known, seats in range,
    decisions valid, side decisions (asides) of modules in play, a running special action
    positioned inside its card's script. Fields are looked up by name where present, so
    the check tolerates a changed Flow. ``interjected``: a flow of an earlier version
    whose special action waits for a module's side decision (see :func:`_upgrade`).

    Raises:
        SavedGameError: at the bad field's path.
    """
    base = (fl.get("parts") or {}).get("base")
    part = base if isinstance(base, dict) else fl  # the base rules module's own fields
    pre = "flow.parts.base" if isinstance(base, dict) else "flow"
    if "reused" in part:
        _cards(part["reused"], lib, f"{pre}.reused")
    if "card" in fl:
        _cards(fl["card"], lib, "flow.card")
    from elgrande.rules import base as base_rules  # the turn's phases once a card is taken

    if fl.get("phase") in base_rules.CARD_TAKEN_PHASES and not fl.get("card"):
        _fail("flow.card", "a turn past its action card has one (B4)")
    rounds = fl.get("rounds")
    v = lib.board.variants.get(variant)
    if v is None:
        _fail("header.variant", f"unknown variant {variant!r} (B3.7: "
              f"{', '.join(sorted(lib.board.variants))})")
    if isinstance(rounds, list) and rounds != list(v.rounds):
        _fail("flow.rounds", f"must be the rounds of the {variant} game {list(v.rounds)} (B3.7)")
    if fl.get("scoring_after") != list(v.scoring_after):
        _fail("flow.scoring_after", f"must be the scorings of the {variant} game "
              f"{list(v.scoring_after)} (B3.6, B3.7)")
    if isinstance(rounds, list):
        if not rounds or rounds != sorted(set(rounds)) or not all(1 <= r <= 99 for r in rounds):
            _fail("flow.rounds", "must be the rounds played, ascending (B3.7)")
        if isinstance(fl.get("round_i"), int) and not -1 <= fl["round_i"] < len(rounds):
            _fail("flow.round_i", "not a round of the game")
    order = fl.get("turn_order")
    if isinstance(order, list) and order and sorted(order) != list(range(players)):
        _fail("flow.turn_order", "must list every player once (B3.4)")
    if isinstance(fl.get("turn_i"), int) and isinstance(order, list) and not (
            0 <= fl["turn_i"] <= len(order)):
        _fail("flow.turn_i", "not a turn of the turn order")
    if isinstance(part.get("first_bidder"), int):
        _seat(part["first_bidder"], players, f"{pre}.first_bidder")
    if isinstance(part.get("bid_i"), int) and not 0 <= part["bid_i"] <= players:
        _fail(f"{pre}.bid_i", f"not a count of power cards played by {players} players")
    if isinstance(part.get("before"), dict):  # the undo snapshot of a special action
        hand = {c.value for c in lib.of_role("hand")}
        check_state(part["before"], lib.board, players, hand or None, f"{pre}.before")
        check_offer(part["before"], lib, part.get("reused"), f"{pre}.before")
    secret = fl.get("secret")
    if isinstance(secret, dict):  # secret answers given so far: {seat: answer} (B6.1)
        pending = fl.get("pending")
        for k, v in secret.items():
            if not k.isdigit() or int(k) >= players:
                _fail(f"flow.secret.{k}", "not a player of the game")
            kind = pending.get("kind") if isinstance(pending, dict) else None
            if kind == "secret_region" and (
                    not isinstance(v, str) or v not in lib.board.index):
                _fail(f"flow.secret.{k}", "must be a region id")
            per = (pending.get("options") or {}).get("per_player") \
                if isinstance(pending, dict) else None
            if kind in dec.KINDS and isinstance(per, dict) and str(k) in per:
                try:  # the answer given must be one the decision takes from that player
                    dec.KINDS[str(kind)].check(Decision.from_json(dict(pending or {})), int(k), v)
                except Exception:  # noqa: BLE001 - refused, or options it cannot read
                    _fail(f"flow.secret.{k}", f"not an answer of the {kind!r} decision")
    for i, p in enumerate(fl.get("turn_order") or []):
        if isinstance(p, int):
            _seat(p, players, f"flow.turn_order[{i}]")
    for key in ("veto_chain", "veto_queue"):
        for i, p in enumerate(part.get(key) or []):
            if isinstance(p, int):
                _seat(p, players, f"{pre}.{key}[{i}]")
    if isinstance(fl.get("pending"), dict):
        _decision(fl["pending"], players, "flow.pending")
    _asides(fl.get("asides") or [], lib, players, "flow.asides", fl.get("pending"))
    run = fl.get("run")
    if isinstance(run, dict) and fl.get("phase") == base_rules.SPECIAL \
            and run.get("pending") is None:  # (else the flow would never reach a decision)
        _fail("flow.run.pending", "a running special action waits for a decision")
    if isinstance(run, dict):
        _seat(run["actor"], players, "flow.run.actor")
        script = lib.scripts.get(run["card"])
        if script is None:
            _fail("flow.run.card", f"{run['card']!r} is not a card with a special action")
        from elgrande.engine.interpreter import block_at

        asides = run.get("asides") or []  # a module's side decision between statements
        _asides(asides, lib, players, "flow.run.asides", run.get("pending"))
        interjected = interjected or bool(asides)
        if not run["frames"] and not interjected:
            _fail("flow.run.frames", "a running special action has at least one block")
        for key in ("steps", "work"):
            if run.get(key, 0) < 0:
                _fail(f"flow.run.{key}", "a count cannot be negative")
        for i, f in enumerate(run["frames"]):
            if any(k < 0 for k in f["path"]):
                _fail(f"flow.run.frames[{i}].path", "not a block of the card's script")
            for j, x in enumerate(f.get("rest") or []):
                if f.get("var"):
                    if not 0 <= x < len(lib.board.places):
                        _fail(f"flow.run.frames[{i}].rest[{j}]", "not a place of the board")
                else:
                    _seat(x, players, f"flow.run.frames[{i}].rest[{j}]")
            try:
                body = block_at(script, f["path"]).body
            except Exception:  # noqa: BLE001 - a path that leads nowhere in the script
                _fail(f"flow.run.frames[{i}].path", "not a block of the card's script")
            if not 0 <= f["pc"] <= len(body):
                _fail(f"flow.run.frames[{i}].pc", "not a statement of its block")
            _seat(f["subject"], players, f"flow.run.frames[{i}].subject")
        if isinstance(run.get("pending"), dict):
            _decision(run["pending"], players, "flow.run.pending")
            last = run["frames"][-1] if run["frames"] else None
            if last is not None and not interjected and \
                    last["pc"] >= len(block_at(script, last["path"]).body):
                _fail("flow.run.frames", "the pending decision has no statement")


def _asides(asides: list[Any], lib: Library, players: int, path: str, pending: Any) -> None:
    """Check a stack of side decisions (``Aside`` fields, types checked by
    :func:`record`): each of a rules module in play that applies asides, a valid
    decision, and the top one's the pending decision."""
    appliers = engine_for(lib).rules.aside_appliers
    for i, a in enumerate(asides):
        if a["module"] not in appliers:
            _fail(f"{path}[{i}].module", "not a rules module in play that asks side "
                  "decisions")
        _decision(a["decision"], players, f"{path}[{i}].decision")
    if asides and asides[-1]["decision"] != pending:
        _fail(path, "the top side decision is not the pending decision")


def _upgrade(fl: Any) -> tuple[Any, bool, bool]:
    """A flow saved by an earlier version in today's form (a copy when anything
    changes): ``resume`` is now ``entering``; a special action's ``interjected`` flag (its
    pending decision was a module's, between two statements) and a flow saved without
    ``asides`` (a module's decision between phases was told by its rule alone) become
    asides, found by :func:`check_position` asking the rules modules again. Returns the
    flow, whether its asides are to be found so, and whether it had the flag set."""
    if not isinstance(fl, dict) or "asides" in fl:
        return fl, False, False
    fl = dict(fl)
    if "resume" in fl and "entering" not in fl:
        fl["entering"] = fl.pop("resume")
    run = fl.get("run")
    interjected = False
    if isinstance(run, dict):
        fl["run"] = run = dict(run)
        interjected = run.pop("interjected", False) is True
    return fl, True, interjected


def _canon(x: Any) -> Any:
    """``x`` with every list sorted and every mapping's keys in order: the options of a
    decision built from a saved game whose keys come in another order (a module lists
    options in the order of its mappings) compare equal."""
    if isinstance(x, dict):
        return sorted((k, _canon(v)) for k, v in x.items())
    if isinstance(x, list):
        return sorted((_canon(v) for v in x), key=repr)
    return x


def _same(want: Decision | None, got: Decision | None) -> bool:
    """Whether a saved decision is the one worked out again: the same kind, players and
    options, an ``either``'s labels compared by count only (they are its branches in
    English, which a later version may word better, B4.4), the reasons options are
    closed (``why``) by option and rule only (their English too: a player was once
    written ``player 3``, now by seat marker)."""
    if want is None or got is None:
        return want is got
    if want.kind != got.kind:
        return False
    w, g = want.options, got.options
    if isinstance(w, dict) and isinstance(g, dict):
        w, g = _unworded(w, g), _unworded(g, w)
    if w != g and _canon(w) != _canon(g):
        return False
    if want.kind == "secret_region":  # players drop out as they answer
        return bool(want.players) and set(want.players) <= set(got.players)
    return want.players == got.players


def _unworded(o: dict[str, Any], other: dict[str, Any]) -> dict[str, Any]:
    """Options ``o`` without their English where :func:`_same` compares none: no
    ``labels`` when ``other`` has as many, ``why`` as option -> rule id for the options
    both name a reason for (a later version may name a reason an earlier did not: the
    king's own region when he moves, B8; a power card still in hand, B3.2), and without
    the keys a later version added (:data:`_ADDED`) when ``other`` lacks them."""
    o = {k: v for k, v in o.items() if k not in _ADDED or k in other}
    labels = o.get("labels")
    if isinstance(labels, list) and isinstance(other.get("labels"), list) \
            and len(labels) == len(other["labels"]):
        o = {k: v for k, v in o.items() if k != "labels"}
    why = o.get("why")
    if isinstance(why, dict):
        known = other.get("why")
        known = known if isinstance(known, dict) else {}
        o = {**o, "why": {k: _RECITED.get(v[0], v[0]) if isinstance(v, list) and v else v
                          for k, v in why.items() if k in known}}
    return o


#: Keys of a decision's options a later version added, which a save made before lacks: a
#: move's card number and the caballeros it may take (what bounds its ``max``, B8.2); the
#: order a choice's options are shown in and the answers another question follows (B4.5).
_ADDED = frozenset({"allowed", "available", "shown", "follows"})
#: Rule ids a reason was cited by before a later version cited the rule that applies:
#: the Castillo left out of a card's region choice cited B8.2 (caballeros never leave
#: it) before B8 (the card's places do not hold it), so a save of either compares alike.
_RECITED = {"B8.2": "B8"}


def check_position(st: Mapping[str, Any], fl: Mapping[str, Any], lib: Library,
                   adopt: bool = False) -> dict[str, Any]:
    """Check that the game can go on from a saved position: on copies, the engine works
    out the decision it is at again, which must be the saved one (kind, players,
    options), and so the side decisions (asides) the rules modules ask there, which must
    be the saved ones (modules ask them again from the same position, hook ``aside``).
    A corrupt flow (a turn order, stack, round index or script position that does not
    fit) fails here instead of in a later answer.

    Args:
        adopt: a flow saved before asides were kept (see :func:`_upgrade`): its asides
            are the ones found, not compared.
    Returns:
        The flow ``fl`` (a copy), with the asides found when ``adopt``.
    Raises:
        SavedGameError: path ``flow.pending``, ``flow.run.pending`` or their asides.
    """
    engine = FlowEngine(lib)
    raw = dict(fl)
    if isinstance(raw.get("run"), dict) and raw["run"].get("pending") is not None:
        state = State.from_json(copy.deepcopy(dict(st)))
        run = Run.from_json(copy.deepcopy(raw["run"]))
        run.steps = 0
        found = _replayed("flow.run.", "special action", run,
                          lambda: engine.interpreter.advance(state, run, []), adopt)
        if adopt:
            raw["run"] = dict(raw["run"], asides=found)
    state = State.from_json(copy.deepcopy(dict(st)))
    flow = Flow.from_json(copy.deepcopy(raw))
    found = _replayed("flow.", "game", flow, lambda: engine.advance(state, flow, []), adopt)
    if adopt:
        raw["asides"] = found
    return raw


def _replayed(path: str, what: str, holder: Run | Flow,
              go_on: Callable[[], Decision | None], adopt: bool) -> list[dict[str, Any]]:
    """Work out again, on ``holder`` (a copy of a saved run or flow, its pending decision
    and asides cleared here), the decision ``go_on`` reaches and the asides the modules
    push on the way; the decision must be the saved one, and so the asides unless
    ``adopt``. Returns the asides found (saved forms).

    Raises:
        SavedGameError: at ``path`` + ``pending`` or ``asides``.
    """
    want, saved = holder.pending, [a.to_json() for a in holder.asides]
    holder.pending, holder.asides = None, []
    try:
        got = go_on()
    except Exception:  # noqa: BLE001 - any failure of the engine here is corrupt data
        _fail(f"{path}pending", f"the {what} cannot go on from this position")
    if not _same(want, got):
        _fail(f"{path}pending", f"is not the decision the {what} is at")
    found = [a.to_json() for a in holder.asides]
    if not adopt and not _same_asides(saved, found):
        _fail(f"{path}asides", f"are not the side decisions the {what} is at")
    return found


def _same_asides(saved: list[dict[str, Any]], found: list[dict[str, Any]]) -> bool:
    """Whether two stacks of asides (saved forms) are the same: modules, data, and
    decisions as :func:`_same` compares them."""
    return len(saved) == len(found) and all(
        a["module"] == b["module"] and a["data"] == b["data"]
        and _same(Decision.from_json(a["decision"]), Decision.from_json(b["decision"]))
        for a, b in zip(saved, found, strict=True))


# -- the whole saved game ------------------------------------------------------------------
def upgrade(data: dict[str, Any]) -> dict[str, Any]:
    """A saved game of an older format (:data:`FORMATS`) as the current format writes it
    (a new top-level dict; the parts it changes are copied). Format 2 to 3: the action
    stacks, the offer and its stack indices move from ``flow.parts.base`` into the state
    and into the undo snapshot of a running special action (where format 2 kept none, so
    undoing it left them as they were: the snapshot gets the current ones). Data of the
    wrong shape is left in place for the checks to name.

    Raises:
        SavedGameError: ``format`` not one of :data:`FORMATS`.
    """
    version = data.get("format", 2)
    if type(version) is not int or version not in FORMATS:
        _fail("format", f"{version!r} is not a saved-game format this version reads "
              f"({', '.join(map(str, FORMATS))})")
    out = dict(data)
    out.pop("format", None)
    if version >= 3:
        return out
    st, fl = out.get("state"), out.get("flow")
    parts = fl.get("parts") if isinstance(fl, dict) else None
    part = parts.get("base") if isinstance(parts, dict) else None
    if not isinstance(st, dict) or not isinstance(fl, dict) or not isinstance(parts, dict) \
            or not isinstance(part, dict):
        return out
    st, part = dict(st), dict(part)
    moved = {new: part.pop(old) for old, new in _MOVED if old in part}
    st.update(moved)
    before = part.get("before")
    if isinstance(before, dict):
        part["before"] = {**before, **copy.deepcopy(moved)}
    out["state"] = st
    out["flow"] = {**fl, "parts": {**parts, "base": part}}
    return out


#: Format 2's fields of the base rules module's flow part and their names in the state.
_MOVED = (("stacks", "stacks"), ("offer", "offer"), ("origin", "offer_origin"))


def check_saved(data: Any) -> tuple[Library, dict[str, Any]]:
    """Check a saved game (what :meth:`Game.to_json` gives) before anything is built.

    Returns:
        ``(library, copy)``: the library its header names, and a deep copy of ``data``
        that shares no list or dict with it (so two games loaded from one dict are
        independent).
    Raises:
        SavedGameError: one error naming the bad field's path (``header`` when the
        card sets or files it names do not load).
    """
    if not isinstance(data, dict):
        _fail("", f"a saved game is a mapping, not {_kind(data)}")
    for key in ("header", "names", "state", "flow"):
        if key not in data:
            _fail(key, "missing")
    for key in data:
        if key not in ("format", "header", "names", "state", "flow", "history", "log"):
            _fail(str(key), "unknown part of a saved game")
    data = upgrade(data)
    header = check_header(data["header"])
    names = typed(data["names"], list[str], "names")
    if names != header["players"]:
        _fail("names", "must be the header's players")
    state = record(data["state"], State, "state")
    raw_flow, adopt, interjected = _upgrade(data["flow"])
    flow = record(raw_flow, Flow, "flow")
    history = []
    for i, h in enumerate(_list(data.get("history", []), "history")):
        if not isinstance(h, dict) or set(h) != {"player", "kind", "answer"}:
            _fail(f"history[{i}]", "an answer is {player, kind, answer}")
        _seat(_int(h["player"], f"history[{i}].player"), len(names), f"history[{i}].player")
        history.append({"player": h["player"], "kind": _str(h["kind"], f"history[{i}].kind"),
                        "answer": plain(h["answer"], f"history[{i}].answer")})
    log = typed(data.get("log", []), list[str], "log")
    try:
        lib = load_library(header.get("sets", ["base"]), header.get("errata", []),
                           header.get("cards", []), header.get("fill"),
                           header.get("set_paths", []))
    except ElGrandeError as exc:
        _fail("header", f"its cards do not load: {exc}")
    try:  # a game plays with every card field known (docs/library.md), as new_game
        lib.require_complete()
    except ElGrandeError as exc:
        _fail("header.fill", f"card data is missing without a fill: {exc}")
    b = lib.board
    if not b.min_players <= len(names) <= b.max_players:
        _fail("names", f"El Grande takes {b.min_players}-{b.max_players} players (B1.0)")
    engine_for(lib)  # the rules modules in play register their flow parts
    for name in b.rules_modules:
        if name in PART_TYPES and name not in (flow.get("parts") or {}):
            _fail("flow.parts", f"the {name} rules module's part is missing")
    for name, raw in list((flow.get("parts") or {}).items()):
        cls = PART_TYPES.get(name)
        if cls is None or name not in b.rules_modules:
            _fail(f"flow.parts.{name}", "no rules module in play keeps this part")
        flow["parts"][name] = record(raw, cls, f"flow.parts.{name}")
    hand = {c.value for c in lib.of_role("hand")}  # cards held in hand instead (I1)
    check_state(state, b, len(names), hand or None)
    base_part = (flow.get("parts") or {}).get("base")
    check_offer(state, lib, base_part.get("reused") if isinstance(base_part, dict) else None)
    check_flow(flow, lib, len(names), header.get("variant", "standard"), interjected)
    engine = engine_for(lib)
    hooks: HookContext | None = None
    for module in engine.rules.modules:  # each module's own parts
        hook = module.hooks.get("check_saved")
        if hook is not None:
            if hooks is None:  # the context of the hooks: the state as it will be read
                try:
                    read = State.from_json(copy.deepcopy(state))
                except Exception as exc:  # noqa: BLE001 - data check_state did not foresee
                    _fail("state", f"not the state of a game ({type(exc).__name__})")
                hooks = HookContext(read, b, [], -1, engine)
            try:
                hook(hooks, lib, state, flow)
            except SavedGameError:
                raise
            except Exception as exc:  # noqa: BLE001 - data the module's check did not foresee
                _fail(f"state.ext.{module.name}", f"not the {module.name} pieces of a game "
                      f"({type(exc).__name__})")
    check_rounds(state, flow)
    flow = check_position(state, flow, lib, adopt)
    return lib, {"header": header, "names": names, "state": state, "flow": flow,
                 "history": history, "log": log}


__all__ = ["FORMAT", "FORMATS", "SavedGameError", "check_flow", "check_header",
           "check_offer", "check_saved", "check_state", "known_sets", "plain", "record",
           "typed", "upgrade"]
