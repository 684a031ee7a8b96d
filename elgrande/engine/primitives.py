"""The effect primitives: one small registered implementation per declared signature
(:mod:`elgrande.dsl.signatures`).

A primitive has two steps. ``start(ctx, call)`` looks at the state and either does its
work at once (nothing to decide) and returns None, or returns the :class:`Decision` to ask.
``finish(ctx, call, decision, answer)`` applies an answer that the decision has already
checked. Every rule of B5.2 and B8.1-B8.7 is enforced here (the king's region closed,
nothing out of the Castillo, send effects take what there is), so no card can break
them by accident: a script's region set is cut down to what the rules allow, and an
answer outside it is refused with the rule that forbids it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

import attr

from elgrande.dsl import ast
from elgrande.dsl.rule_params import DURATIONS, RULE_PARAMS, number_value
from elgrande.engine.choice_sources import outside_card, taken_from
from elgrande.engine.context import Ctx

# apply_placement also re-exported from its old home (a rules module imports it here)
from elgrande.engine.court import apply_court, court_decision
from elgrande.engine.court import apply_placement as apply_placement
from elgrande.engine.decisions import Decision
from elgrande.engine.option_size import offer, reasons_size, size, which_size
from elgrande.engine.pieces import move_finish, move_start
from elgrande.engine.regions import regions
from elgrande.engine.room import room_in, within_room
from elgrande.engine.rule_params import RULE, expires_for
from elgrande.engine.sinks import spared
from elgrande.engine.step_decisions import keep, kept, king_bound
from elgrande.engine.values import limits, mode_limits, quantity
from elgrande.model import marks
from elgrande.model.board import Board
from elgrande.model.counted import counted, noun
from elgrande.model.hook_context import HookContext
from elgrande.model.scoring import score_points, score_region_json
from elgrande.model.seats import seat
from elgrande.model.state import NOBODY, Lasting

StartFn = Callable[[Ctx, "ast.Call"], Decision | None]
#: A finish returns None, or a follow-up decision of the same statement (a piece's mover).
FinishFn = Callable[[Ctx, "ast.Call", Decision, Any], Decision | None]


# attr.s (not attrs.frozen): mypyc makes it a native class, whose fields compiled code reads
# directly (docs/compiled.md); init=False and an __init__ of its own, which mypyc
# compiles (attrs' generated one stays interpreted code); frozen: it sets through
# object.__setattr__
@attr.s(auto_attribs=True, frozen=True, order=False, init=False, repr=False, eq=False)
class Primitive:
    """A registered primitive: its name (a key of SIGNATURES) and its two steps."""

    name: str
    start: StartFn
    finish: FinishFn

    def __init__(self, name: str, start: StartFn, finish: FinishFn) -> None:
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "start", start)
        object.__setattr__(self, "finish", finish)


PRIMITIVES: Final[dict[str, Primitive]] = {}


def primitive(name: str, finish: FinishFn | None = None) -> Callable[[StartFn], StartFn]:
    """Register ``start`` (decorated) and ``finish`` for the declared primitive ``name``.

    ``name`` is declared in :data:`elgrande.dsl.signatures.SIGNATURES` (a test checks every
    registered name: the engine does not import the declarations, which the parser,
    checker and docs read).
    """
    def deco(fn: StartFn) -> StartFn:
        PRIMITIVES[name] = Primitive(name, fn, finish or _no_finish)
        return fn

    return deco


def _no_finish(ctx: Ctx, call: ast.Call, d: Decision, answer: Any) -> None:
    raise AssertionError(f"{call.name} asks nothing")  # pragma: no cover


# -- helpers ---------------------------------------------------------------------------------
def _king_refusal(ctx: Ctx) -> dict[str, list[str]]:
    k = ctx.state.king
    if k < 0:
        return {}
    place = ctx.board.places[k]  # (its id: ctx.rid(k))
    return {place.id: ["B5.2", f"{place.name} is the king's region: "
                       "nothing may enter or leave it"]}


def _castillo_source_refusal(ctx: Ctx, rule: str) -> dict[str, list[str]]:
    b = ctx.board  # (the id: ctx.rid(b.castillo))
    return {b.places[b.castillo].id: [rule, "caballeros never leave the Castillo by a "
                                      "special action"]}


def _movers(ctx: Ctx, own: Any, whose: Any) -> list[int]:
    """Whose caballeros a move may take (its ``own`` and ``whose`` arguments): player
    indices, NOBODY for neutral ones."""
    if own:
        return [ctx.subject]
    if isinstance(whose, ast.PlayerVar):
        return [int(ctx.run.env[whose.name])]
    if isinstance(whose, ast.Me):  # the card's player
        return [ctx.run.actor]
    out = list(range(ctx.state.players))
    if isinstance(whose, ast.Opponents):
        out.remove(ctx.subject)
    out.append(NOBODY)
    return out


def _mode_limits(ctx: Ctx, call: ast.Call, mode: str, qty_n: int | None,
                 available: int) -> tuple[int, int, int | None]:
    """:func:`~elgrande.engine.values.limits` of a quantity's ``mode`` and whole number
    ``qty_n`` (as cached for ``call``; a number expression, ``qty_n`` None with mode
    ``up_to``/``exactly``, is evaluated now), and the card's number (None for ``all``,
    ``all or some``)."""
    n = None if mode == "all" or mode == "all_or_some" else (
        quantity(ctx, call.kw.get("qty")) if qty_n is None else qty_n)
    lo, hi = mode_limits(mode, n, available)
    return lo, hi, n


#: The place ids of each board met, by ``id``: (the board, kept so that its id is not
#: reused; ``[place.id for place in board.places]``). Board and Place are attrs classes,
#: whose attributes compiled code reads through generic look-ups.
_PLACE_IDS: Final[dict[int, tuple[Board, list[str]]]] = {}


def _place_ids(b: Board) -> list[str]:
    """The ids of ``b``'s places by index (read only)."""
    hit = _PLACE_IDS.get(id(b))
    if hit is None or hit[0] is not b:
        if len(_PLACE_IDS) >= 64:  # many boards loaded in one process
            _PLACE_IDS.clear()
        hit = _PLACE_IDS[id(b)] = (b, [p.id for p in b.places])
    return hit[1]


#: What :func:`_move` reads of each move call met, by ``id``: (the call, kept so that its
#: id is not reused; source, to, qty's mode, qty's number, single source, the prompt,
#: own, whose). Scripts never change; the AST's attributes are generic look-ups in the
#: compiled build.
_MoveArgs = tuple["ast.Call", Any, Any, str, int | None, bool, str, Any, Any]
_MOVE_ARGS: Final[dict[int, _MoveArgs]] = {}


def _move_args(call: ast.Call) -> _MoveArgs:
    """``call``'s entry of :data:`_MOVE_ARGS`, made at its first use."""
    hit = _MOVE_ARGS.get(id(call))
    if hit is None or hit[0] is not call:
        if len(_MOVE_ARGS) >= 4096:  # many libraries loaded in one process
            _MOVE_ARGS.clear()
        source = call.kw.get("source")
        qty: ast.Qty = call.kw.get("qty")
        n = qty.n
        prompt = _move_prompt(call, qty.mode.replace('_', ' '), n)
        hit = _MOVE_ARGS[id(call)] = (call, source, call.kw.get("to"), qty.mode, n,
                                      _single(source), prompt, call.kw.get("own"),
                                      call.kw.get("whose"))
    return hit


def _move_prompt(call: ast.Call, mode: str, n: int | None) -> str:
    """The prompt of a move of caballeros (B8.2): how many and whose, e.g. ``"Move up to 2
    of your caballeros"``, ``"Move up to 2 caballeros of other players"`` (a card moving
    both asks twice: the two steps read apart)."""
    whose = call.kw.get("whose")
    many = f"{mode}{' ' + str(n) if n is not None else ''}"
    if call.kw.get("own") or isinstance(whose, ast.Me):
        return f"Move {many} of your caballeros"
    cab = noun(n, "caballero")
    if isinstance(whose, ast.Opponents):
        return f"Move {many} {cab} of other players"
    return f"Move {many} {cab}"


def _single(node: Any) -> bool:
    return isinstance(node, (ast.Name, ast.Castillo, ast.King))


# -- choose ----------------------------------------------------------------------------------
def _choose_finish(ctx: Ctx, call: ast.Call, d: Decision, answer: Any) -> None:
    ch = call.kw.get("choice")
    var = call.kw.get("var")
    if isinstance(ch, ast.RegionChoice):
        ctx.run.env[var] = ctx.board.index[answer]
        if not spared(ctx.events):  # (an unread sink's counted, not made)
            ctx.event("choose", region=answer, var=var, chooser=ctx.subject)
    elif isinstance(ch, ast.PlayerChoice):  # the log names the chosen player (``chosen``)
        ctx.run.env[var] = int(answer)
        if not spared(ctx.events):
            ctx.event("choose", chosen=int(answer), var=var, chooser=ctx.subject)
    else:
        ctx.run.env[var] = int(answer)
        if not spared(ctx.events):
            ctx.event("choose", value=answer, var=var, chooser=ctx.subject)


@primitive("choose", _choose_finish)
def _choose(ctx: Ctx, call: ast.Call) -> Decision | None:
    ch = call.kw.get("choice")
    var = call.kw.get("var")
    if isinstance(ch, ast.RegionChoice):
        key: tuple[Any, ...] | None = None
        if not ctx.run.env and king_bound(ctx, ch.set):  # made once per key, then shared
            key = (id(call), id(ctx.board), ctx.run.card, ctx.state.king, ctx.subject)
            d = kept(ctx, call, key)
            if d is not None:
                return d
        work = ctx.run.work
        opts = [r for r in regions(ctx, ch.set) if r >= 0]
        if len(opts) == 1:  # taken for the player, said as an answered choice is (B8)
            ctx.run.env[var] = opts[0]
            if not spared(ctx.events):  # (an unread sink's counted, not made)
                ctx.event("choose", region=ctx.rid(opts[0]), var=var, chooser=ctx.subject,
                          only=True)
            return None
        if not opts:  # nothing to choose: the log says so (as inside each player:)
            ctx.run.env[var] = None
            ctx.event("nothing", statement="choose")
            return None
        why = {k: v for k, v in _king_refusal(ctx).items()
               if ctx.state.king not in opts}
        if ctx.board.castillo not in opts:  # B8.2 where caballeros are taken from, else
            why[ctx.rid(ctx.board.castillo)] = (  # the card's places lack it (B8)
                _castillo_source_refusal(ctx, "B8.2")[ctx.rid(ctx.board.castillo)]
                if taken_from(call) else
                ["B8", f"the {ctx.board.places[ctx.board.castillo].name} is not one of the "
                 "places this card lets you choose"])
        outside_card(ctx.board, opts, why)  # B8: the card's places do not hold them
        places = ctx.board.places
        choices: list[str] = []  # the places' ids (ctx.rid), in a plain loop
        for r in opts:
            choices.append(places[r].id)  # size: the mapping, the list and each one
        d = Decision("choose_region", [ctx.subject], _asks(ctx, "choose a region", var),
                     {"choices": choices, "why": why}, "B8")  # its places
        if key is not None:
            return keep(ctx, call, key, d, work, 2 + len(choices) + reasons_size(why))
        return offer(ctx, d, 2 + len(choices) + reasons_size(why))
    if isinstance(ch, ast.NumberChoice):
        return Decision("choose_number", [ctx.subject],
                        _asks(ctx, f"choose a number from {ch.low} to {ch.high}", var),
                        {"choices": list(range(ch.low, ch.high + 1))}, "B8.1")
    s = ctx.state
    if isinstance(ch.players, ast.Opponents):
        ps = [p for p in range(s.players) if p != ctx.subject]
    elif isinstance(ch.players, ast.PlayerVar):
        ps = [int(ctx.run.env[ch.players.name])]
    elif isinstance(ch.players, ast.Me):  # the card's player
        ps = [ctx.run.actor]
    else:
        ps = list(range(s.players))
    return Decision("choose_player", [ctx.subject], _asks(ctx, "choose a player", var),
                    {"choices": ps}, "B8.1")


def _asks(ctx: Ctx, what: str, var: str) -> str:
    """The prompt of the card's choice ``what`` assigned to ``var``: the card (its title
    marker) and what it does with the choice (a use marker carrying the names the effect
    has bound already, so that the words say "from Catalonia", not "from the other chosen
    region"), shown in words by the layer that knows the cards (:mod:`elgrande.model.marks`,
    B8). Raises nothing."""
    cid = ctx.run.card
    bound = {k: v for k, v in ctx.run.env.items()  # the script's names, not the engine's
             if type(v) is int and k != var and k.isidentifier()}
    return f"{marks.card(cid)}: {what}.{marks.use(cid, var, bound)}"


def hook_context(ctx: Ctx) -> HookContext:
    """The rules modules' hook context (:data:`elgrande.engine.modules.HOOK_GROUPS`) of a
    special action's statement: its state, board and events, the deciding player; no
    engine or flow (a statement's hooks need neither). Built once per statement or answer
    and handed to every hook it calls."""
    return HookContext(ctx.state, ctx.board, ctx.events, ctx.subject)


# -- move caballeros (B8.2) ----------------------------------------------------------------------
def _apply_moves(ctx: Ctx, moves: list[tuple[Any, ...]]) -> None:
    """Carry out checked moves ``(from, to, player, n)``, or ``(from, to, player, n, (key,
    value))`` for caballeros of a kind a rules module declared (``move_which``: its
    ``leaving`` hooks hear of it first) (B8.2)."""
    s, idx = ctx.state, ctx.board.index
    rules = ctx.rules
    leaving = leave = arrive = moved = None
    hooks: HookContext | None = None
    if rules is not None and rules.hears_moves and moves:
        leaving, leave, arrive, moved = rules.leaving, rules.leave, rules.arrive, rules.moved
        # one context for the whole answer; what the hooks tell follows the move's event
        hooks = HookContext(s, ctx.board, [], ctx.subject)
    for m in moves:
        src, dst, who, n = m[0], m[1], m[2], m[3]
        a, b = idx[src], idx[dst]
        if hooks is not None and leaving is not None and len(m) > 4:
            leaving(hooks, a, who, n, m[4][0], m[4][1])
        if who == NOBODY:
            s.add_neutral(a, -n)
            s.add_neutral(b, n)
        else:
            s.add_caballeros(a, who, -n)
            s.add_caballeros(b, who, n)
        if hooks is not None:
            if leave is not None:
                leave(hooks, a, who, n)
            if arrive is not None:
                arrive(hooks, b, who, n)
            if moved is not None:
                moved(hooks, a, b, who, n)
    if moves and not spared(ctx.events):  # (an unread sink's counted, not made)
        ctx.event("move", decider=ctx.subject, moves=[_move_entry(m) for m in moves])
        if hooks is not None and hooks.events:  # e.g. a carried disc delivered (C7)
            ctx.events.extend(hooks.events)


def _move_entry(m: tuple[Any, ...]) -> dict[str, Any]:
    """A checked move as the answer's mapping (the kind's key when it names one)."""
    out = {"from": m[0], "to": m[1], "player": m[2], "n": m[3]}
    if len(m) > 4:
        out[m[4][0]] = m[4][1]
    return out


def move_caballeros_finish(ctx: Ctx, call: ast.Call, d: Decision, answer: Any) -> None:
    """Apply a checked ``move_caballeros`` answer (B8.2) and tell the rules modules
    (``relocated``)."""
    _apply_moves(ctx, answer)
    relocated = ctx.rules.relocated if ctx.rules is not None else None
    if relocated is not None:
        relocated(hook_context(ctx), d.options, answer)


def move_caballeros(ctx: Ctx, call: ast.Call) -> Decision | None:
    """The mover of caballeros (``move QTY [own] caballeros [of WHO] from SET to SET``,
    B8.2): none out of the Castillo, none into or out of the king's region (B5.2); the
    rules modules' rooms and limits (``movable``, ``placement_room``, ``move_which``)."""
    s, b = ctx.state, ctx.board
    king = s.king
    _, source, dest, mode, qty_n, single, prompt, own, whose = _move_args(call)
    ids = _place_ids(b)
    movers = _movers(ctx, own, whose)
    seats: list[tuple[str, int]] = []  # each mover's id in the options, and the mover
    players: list[tuple[str, int]] = []  # the same without the neutral ones,
    nobody: str | None = None  # whose id, when they move (NOBODY comes last: _movers)
    for p in movers:
        seats.append((str(p), p))
        if p == NOBODY:
            nobody = str(p)
        else:
            players.append((str(p), p))
    castillo = b.castillo
    srcs: list[int] = []  # plain loops, not comprehensions (a function each in CPython 3.11)
    for r in regions(ctx, source):
        if r >= 0 and r != castillo and r != king:
            srcs.append(r)
    to: list[str] = []
    only = -1  # the one destination (-1: none; -2: more than one place)
    for r in regions(ctx, dest):
        if r >= 0 and r != king:
            to.append(ids[r])
            if only == -1:
                only = r
            elif r != only:
                only = -2
    rules = ctx.rules
    movable = rules.movable if rules is not None else None
    hooks = hook_context(ctx) if movable is not None else None
    caballeros, neutral = s.caballeros, s.neutral
    sources: dict[str, dict[str, int]] = {}
    sized = 1  # the size of ``sources`` (option_size.size), sized as it is built
    available = 0
    # plain loops over typed lists (no generators: the compiled build runs them natively)
    for r in srcs:
        if only == r or only == -1:
            continue  # its caballeros have nowhere else to go
        row, nr = caballeros[r], neutral[r]
        owners: dict[str, int] = {}
        if movable is None:  # each mover's count there, the neutral ones last
            for key, p in players:
                n = row[p]
                if n > 0:
                    owners[key] = n
                    available += n
            if nobody is not None and nr > 0:
                owners[nobody] = nr
                available += nr
        else:
            to_ids: list[str] | None = None  # the destinations other than r, once needed
            for key, p in seats:
                n = nr if p == NOBODY else row[p]  # the neutral or the player's
                if n > 0:  # the modules' limit (a fold, B8.2)
                    if to_ids is None:  # (one id per place: to without r's id;
                        to_ids = to[:]  # list.remove, in C, not a comprehension's)
                        if ids[r] in to_ids:
                            to_ids.remove(ids[r])
                    n = movable(hooks, r, p, to_ids, n)
                    if n > 0:
                        owners[key] = n
                        available += n
        if owners:  # (a destination other than r: there are two, or the one is not r)
            sources[ids[r]] = owners
            sized += 1 + len(owners)
    if not sources:
        return None  # nothing to move, or nowhere else to go
    lo, hi, allowed = _mode_limits(ctx, call, mode, qty_n, available)
    room = room_in(ctx, ctx.subject, to)
    if room:
        lo, hi = within_room(room, to, lo, hi)
    if hi == 0:
        return None
    every = mode == "all" and hi == available  # (with too little room: as many as fit)
    if every and len(to) == 1:
        _apply_moves(ctx, [(src, to[0], int(who), n) for src, owners in sources.items()
                           for who, n in owners.items() if src != to[0]])
        return None
    king_refusal = _king_refusal(ctx)
    refused_from = {**_castillo_source_refusal(ctx, "B8.2"), **king_refusal}
    options = {"sources": sources, "to": to, "min": lo, "max": hi, "single_source": single,
               "all": every, "refused_from": refused_from, "refused_to": king_refusal,
               "allowed": allowed, "available": available}  # what bounds ``max`` (B8.2)
    # the mapping, its six plain values, ``to`` and ``sources``, then the small rest
    sized += 8 + len(to) + reasons_size(refused_from) + reasons_size(king_refusal)
    if room:
        options["room"] = room
        sized += size(room)
    which = rules.move_which if rules is not None else None
    if which is not None:
        kinds = which(hook_context(ctx), sources)
        if kinds:
            options["which"] = kinds
            sized += which_size(kinds)
    if len(sources) == 1 and len(to) == 1:  # both places fixed: said plainly (B8.2)
        src, owners = next(iter(sources.items()))
        prompt = f"{prompt} from '{src}' to '{to[0]}'" + (
            ": choose whose and how many" if len(owners) > 1 else "")
    elif len(sources) == 1:  # the source is chosen (or the only one): what is asked now
        src, owners = next(iter(sources.items()))
        prompt = (f"{prompt} from '{src}': choose {'whose, ' if len(owners) > 1 else ''}"
                  "where to and how many")
    elif len(to) == 1:  # the destination fixed: from where
        prompt = f"{prompt} to '{to[0]}': choose from where and how many"
    return offer(ctx, Decision("move_caballeros", [ctx.subject], prompt, options, "B8.2"),
                 sized)


# -- place from court (B5.1 for special actions; the rule's home: engine/court.py) ----------------
def place_finish(ctx: Ctx, call: ast.Call, d: Decision, answer: Any) -> None:
    """Apply a checked ``place_caballeros`` answer of a move from court (B5.1)."""
    apply_placement(ctx.state, ctx.board, ctx.subject, answer, ctx.rules, ctx.events)
    if answer and not spared(ctx.events):  # (an unread sink's counted, not made)
        ctx.event("place", decider=ctx.subject, to=dict(answer))


def place_from_court(ctx: Ctx, call: ast.Call) -> Decision | None:
    """The placement of ``move QTY [own] caballeros from court to SET`` (B5.1 for a
    special action: not only next to the king; never into the king's region, B5.2): the
    deciding player's caballeros, as many as the quantity and the rooms allow ("up to"
    said only when fewer may be placed)."""
    s, p = ctx.state, ctx.subject
    dests = [r for r in regions(ctx, call.kw.get("to")) if r >= 0 and r != s.king]
    lo, hi = limits(ctx, call.kw.get("qty"), s.court[p])
    if hi == 0 or not dests:
        return None
    places = ctx.board.places
    to: list[str] = []  # the places' ids (ctx.rid), in a plain loop
    for r in dests:
        to.append(places[r].id)
    room = room_in(ctx, p, to)
    if room:
        lo, hi = within_room(room, to, lo, hi)
        if hi == 0:
            return None
    options = {"to": to, "min": lo, "max": hi, "refused": _king_refusal(ctx)}
    if room:
        options["room"] = room
    where = f" in {ctx.board.places[dests[0]].name}" if len(dests) == 1 else ""
    many = ("up to " if lo < hi else "") + counted(hi, "caballero") + " from your court"
    return Decision("place_caballeros", [p], f"Place {many}{where}", options, "B5.1")


# -- bring to court (B4.1; the rule's home: engine/court.py) -------------------------------------
def bring_finish(ctx: Ctx, call: ast.Call, d: Decision, answer: Any) -> None:
    """Apply a checked ``bring_to_court`` answer (B4.1)."""
    _bring_apply(ctx, answer)


def _bring_apply(ctx: Ctx, answer: dict[str, Any]) -> None:
    """Bring the subject's caballeros to court as a checked bring answer says (B4.1)."""
    apply_court(ctx.state, ctx.board, ctx.subject, answer, ctx.rules, ctx.events)
    if spared(ctx.events):  # (an unread sink's counted, not made)
        return
    ctx.event("court", decider=ctx.subject, provinces=answer["provinces"],
              regions=dict(answer["regions"]))  # (the event's own: the answer is kept)


def bring_to_court(ctx: Ctx, call: ast.Call) -> Decision | None:
    """The bring of ``move QTY caballeros from provinces to court`` (B4.1): from the
    provinces, the rest from the player's regions when the provinces run short."""
    qty: ast.Qty = call.kw.get("qty")
    limit = bring_limit(ctx, qty)
    return court_decision(ctx.state, ctx.board, ctx.subject, limit)


def bring_limit(ctx: Ctx, qty: ast.Qty) -> int:
    """The most caballeros a bring of ``qty`` may still bring to court once its forced part
    is brought: ``up to N`` is up to N (B4.1: nothing forced); ``N`` and ``exactly N``
    (as many as can, B8.7) first bring min(N, provinces) from the provinces (no choice),
    and the rest, when the provinces ran short, may come from regions as B4.1 allows (the
    decision, up to the rest); ``all`` and ``all or some`` are up to every caballero
    (99)."""
    n = quantity(ctx, qty)
    if n is None:
        return 99
    p, s = ctx.subject, ctx.state
    if qty.mode == "exactly":
        first = min(n, s.provinces[p])
        if first > 0:
            _bring_apply(ctx, {"provinces": first, "regions": {}})
        return n - first
    return n


# -- scoring (B8.6) ------------------------------------------------------------------------------
@primitive("score")
def _score(ctx: Ctx, call: ast.Call) -> Decision | None:
    first_only = bool(call.kw.get("first_only"))
    scored = []
    rules = ctx.rules
    hooks = None  # one context for the whole scoring, made when a hook needs it
    if rules is not None and (rules.scoring_hooks or rules.scored is not None):
        hooks = hook_context(ctx)
    for r in regions(ctx, call.kw.get("where")):
        if r < 0:
            continue
        # its result as JSON: for a reader of the events (none made in a playout, as B6.4's)
        if spared(ctx.events):  # (an unread sink's counted, not made)
            score_points(ctx.state, ctx.board, r, first_only, rules, hooks)
        else:
            ctx.event("score", result=score_region_json(ctx.state, ctx.board, r, first_only,
                                                        rules, hooks))
        scored.append(r)
    if hooks is not None and scored and rules is not None and rules.scored is not None:
        rules.scored(hooks, scored)
    return None


# -- the one move: dispatched to the piece kind's mover (engine/pieces.py) ------------------------
primitive("move", move_finish)(move_start)


# -- power cards, lasting effects ------------------------------------------------------------------
def _take_back_finish(ctx: Ctx, call: ast.Call, d: Decision, answer: Any) -> None:
    p = ctx.subject
    ctx.state.take_back_power_card(p, answer)
    if not spared(ctx.events):  # (an unread sink's counted, not made)
        ctx.event("take_back", decider=p, value=answer)


#: Why a card still in hand cannot be taken back (B3.2, whose title is about playing the
#: cards: the reason says it all itself, one for every card, folded into one line).
IN_HAND: Final = ("this card is still in your hand: only a power card you have played (and "
                  "so discarded) can be taken back")


@primitive("take_back_power_card", _take_back_finish)
def _take_back(ctx: Ctx, call: ast.Call) -> Decision | None:
    """B3.2: take one of your played power cards back into your hand.

    A statement of its own, used by one card, because the card forms (``choose card``,
    ``move card``: elgrande/engine/cards.py) do not fit it honestly: those move action
    cards, each a distinct id in one place at a time (the offer, a stack, a court), while
    power cards are values (every player holds a 1 .. 13 of their own, so a value names no
    one card), they live in each player's hand and played pile and nowhere else, and the
    answer is a value (the AI action space's power-card answers). A general form would add
    two card places (hand, played) and a value type used by this card only."""
    discards = sorted(set(ctx.state.discards[ctx.subject]))
    if not discards:
        return None
    why = {str(v): ["B3.2", IN_HAND] for v in ctx.state.hands[ctx.subject]}
    return offer(ctx, Decision("choose_power_card", [ctx.subject], "Take back one of your "
                               "played power cards", {"choices": discards, "why": why},
                               "B3.2"),
                 2 + len(discards) + reasons_size(why))  # sized as built, not walked


@primitive("keep")
def _keep(ctx: Ctx, call: ast.Call) -> Decision | None:
    """B8.4: keep this card as a lasting kind a rules module gives meaning (the base
    game's card kept to cancel another's special action). That kind stays no trigger:
    it is no script run at an event but the base module's reaction window, which the
    flow opens before each special action (the holders asked in turn). Every other
    lasting effect of a card is a trigger (``when``, :mod:`elgrande.engine.triggers`)
    or a lasting rule change."""
    until = call.kw.get("until")
    r = ctx.state.round
    expires = r if until == "end of this round" else r + 1 if until == "end of next round" else 0
    ctx.state.add_lasting(Lasting(str(call.kw.get("kind")), ctx.subject, expires,
                                  ctx.run.card, {"until": until, "taken": r}))
    if not spared(ctx.events):  # (an unread sink's counted, not made)
        ctx.event("keep", kind=call.kw.get("kind"), until=until)
    return None


# -- secret choices (B8.5) ------------------------------------------------------------------------
def each_order(ctx: Ctx, each: ast.Each) -> list[int]:
    """Players of ``each player`` (the actor first) or ``each other player`` (from the
    actor's left), clockwise (B8.7); with ``having``, only those with caballeros there."""
    n, a = ctx.state.players, ctx.run.actor
    order: list[int] = []  # plain loops, not a comprehension and a generator
    for i in range(1 if each.others else 0, n):
        order.append((a + i) % n)
    if each.having is not None:  # evaluated for each player ("own" = theirs)
        saved, kept = ctx.subject, []
        caballeros = ctx.state.caballeros
        for p in order:
            ctx.subject = p
            for r in regions(ctx, each.having):
                if r >= 0 and caballeros[r][p]:
                    kept.append(p)
                    break
        ctx.subject = saved
        order = kept
    return order


def _secret_finish(ctx: Ctx, call: ast.Call, d: Decision, answer: Any) -> None:
    picks = {p: (ctx.board.index[r] if r is not None else None) for p, r in answer.items()}
    ctx.run.env[call.kw.get("var")] = picks
    if not spared(ctx.events):  # (an unread sink's counted, not made)
        ctx.event("reveal", var=call.kw.get("var"), picks=dict(answer))


@primitive("secret_choice", _secret_finish)
def _secret(ctx: Ctx, call: ast.Call) -> Decision | None:
    per: dict[str, list[str]] = {}
    sized = 1  # the size of ``per`` (option_size.size), as it is built
    fixed: dict[str, Any] = {}
    saved = ctx.subject
    places = ctx.board.places
    for p in each_order(ctx, call.kw.get("each")):
        ctx.subject = p
        opts: list[str] = []  # the places' ids (ctx.rid), in a plain loop
        for r in regions(ctx, call.kw.get("source")):
            if r >= 0:
                opts.append(places[r].id)
        if len(opts) > 1:
            per[str(p)] = opts
            sized += 1 + len(opts)
        else:
            fixed[str(p)] = opts[0] if opts else None
    ctx.subject = saved
    if not per:
        _secret_finish(ctx, call, Decision("secret_region", [], "", {}), fixed)
        return None
    ctx.run.secret = fixed
    why = _king_refusal(ctx)
    return offer(ctx, Decision("secret_region", [int(p) for p in per],
                               _asks(ctx, "secretly choose a region", call.kw.get("var")),
                               {"per_player": per, "why": why}, "B8.5"),
                 1 + sized + reasons_size(why))


@primitive("pass_")
def _pass(ctx: Ctx, call: ast.Call) -> Decision | None:
    return None


# -- lasting rule changes (a rules module's declared parameters: engine/rule_params.py) ----------
@primitive("change_rule")
def _change_rule(ctx: Ctx, call: ast.Call) -> Decision | None:
    """Change a rule parameter a rules module in play declares, for the call's duration:
    a ``rule`` lasting record of the deciding player, read by the declaring module's hooks
    (B4.3, B5.2, B6.5 as the parameter's rule says). Region sets and number expressions
    are evaluated now (a number never below 0)."""
    value: Any = call.kw.get("value")
    name = str(call.kw.get("param"))
    number = number_value(value, RULE_PARAMS.get(name))
    if number is not None:
        value = quantity(ctx, number) or 0
    elif not isinstance(value, bool):
        value = sorted({r for r in regions(ctx, value) if r >= 0})
    where = call.kw.get("where")
    places = None if where is None else sorted({r for r in regions(ctx, where) if r >= 0})
    until = str(call.kw.get("until"))
    s = ctx.state
    s.add_lasting(Lasting(RULE, ctx.subject, expires_for(until, s.round), ctx.run.card,
                          {"param": name, "value": value, "in": places, "until": until}))
    names = ctx.board.places
    shown = ", ".join(names[r].name for r in value) if isinstance(value, list) else \
        "on" if value is True else str(value)
    at = f" in {', '.join(names[r].name for r in places)}" if places else ""
    ctx.event("note", text=f"{seat(ctx.subject)} changes the rule '{name}'{at} to {shown} "
              f"({DURATIONS.get(until, until)}; card {ctx.run.card}).")
    return None
