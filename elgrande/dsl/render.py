"""English rendering of effect scripts, for card previews, docs and error hints.

:func:`render` turns a whole :class:`~elgrande.dsl.ast.Script` into plain English
sentences, one per top-level statement; :func:`render_node` turns any single node into a
phrase. Primitive statements are rendered from the ``render`` template of their
declaration in :data:`~elgrande.dsl.signatures.SIGNATURES`: each ``{param}`` is replaced by
the rendered argument, chosen by the parameter's declared type:

- ``qty``: ``up to N``, ``N``, ``all``, ``all or some``;
- ``players`` (``whose``): the whole caballeros noun phrase, read together with the call's
  ``qty`` and ``own``: ``of your caballeros``, ``caballeros of any player``, ``of your
  opponents' caballeros``, ``caballeros of player 'p'``;
- ``regions``/``region``: a region-set phrase; after ``to``, ``in``, ``from`` or
  ``choose`` it names one region to pick (``any region``), elsewhere (``score {where}``)
  every region of the set (``every region``);
- ``flag``: the optional words of the primitive's ``phrase`` (``, first position only``)
  when true, nothing when false;
- ``var``: the name in quotes; ``each``, ``kind``, ``duration``, ``choice``:
  their words.

At top level the deciding player is "you" (imperative sentences, "your"); inside ``each
[other] player:`` the subject is that player ("sends", "their"). Variables assigned by
``choose`` and ``secretly chooses`` are tracked while rendering, so a later mention reads
"the region chosen as 'source'" or "their chosen region 'dest'"; any other name is taken
for a region id and title-cased (``old_castile`` -> "Old Castile").
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

import attrs

from elgrande.dsl import ast
from elgrande.dsl.english import conjugate_first as _conjugate_first
from elgrande.dsl.english import swap_pronouns as _swap_pronouns
from elgrande.dsl.english import tidy as _tidy
from elgrande.dsl.plain_methods import PlainMethods
from elgrande.dsl.region_forms import Mode, form_of, is_region_set
from elgrande.dsl.render_moves import (
    king_elsewhere,
    one_caballero,
    owner,
    piece_words,
    several,
    several_from,
)
from elgrande.dsl.render_moves import template as template_of
from elgrande.dsl.rule_params import DURATIONS, RULE_PARAMS, number_value
from elgrande.dsl.signatures import SIGNATURES, Param, Signature
from elgrande.model.fields import factory

#: Words after which a region-set placeholder means "one region to pick".
_PICK_WORDS = frozenset({"to", "in", "into", "onto", "from", "choose", "chooses"})

_COMPARE = {">=": "is at least", "<=": "is at most", "==": "is", "!=": "is not",
            ">": "is more than", "<": "is less than"}
_NEGATE = {">=": "<", "<": ">=", "<=": ">", ">": "<=", "==": "!=", "!=": "=="}


@attrs.frozen(slots=True, repr=False, eq=False)
class _Ctx(PlainMethods):
    """Rendering context.

    ``third``: the subject is a player of an ``each`` clause ("they"), not the decider;
    ``in_each``: inside an ``each [other] player:`` block (secret choices read "their");
    ``court``: what a ``court`` atom means in the current call; ``names``: the printed
    names of the off-board spaces and tokens the sets declare; ``variables``: names
    assigned so far and their kind (shared, filled in order while rendering).
    """

    third: bool = False
    in_each: bool = False
    court: str | None = None
    names: Mapping[str, str] = factory(dict)  # set-declared names: id -> name
    # factory(): the optional mypyc build cannot type attrs.field (elgrande/model/fields.py)
    variables: dict[str, str] = factory(dict)

    @property
    def poss(self) -> str:
        """The deciding player's possessive."""
        return "their" if self.third else "your"


# -- public API ----------------------------------------------------------------------------
def render(script: ast.Script, names: Mapping[str, str] | None = None) -> str:
    """Render a whole effect script as English sentences.

    Each top-level statement becomes one sentence, capitalised and ending with ``.``;
    nested blocks become sub-clauses. An empty script reads "Do nothing.". ``names``:
    the printed names of the sets' off-board spaces and tokens, by id (else a space
    reads as a region id, a token "the ID"; elgrande.tools.docs.loading.declared_names).
    """
    ctx = _Ctx(names=names or {})
    sentences = [_sentence(_stmt(s, ctx, top=True)) for s in script.body.body]
    return " ".join(sentences) if sentences else "Do nothing."


def render_node(node: ast.Node) -> str:
    """Render one AST node (statement, region set, player set, number, condition, ...) as
    an English phrase, lower case and without a final full stop. A whole
    :class:`~elgrande.dsl.ast.Script` is rendered as by :func:`render`.

    Rendered alone, a node knows no earlier assignments: a name reads as a region id.
    """
    if isinstance(node, ast.Script):
        return render(node)
    return _any(node, _Ctx())


# -- statements ------------------------------------------------------------------------------
def _sentence(text: str) -> str:
    text = text.strip()
    if not text:
        text = "do nothing"
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


def _stmt(node: ast.Node, ctx: _Ctx, top: bool = False) -> str:
    if isinstance(node, ast.Call):
        return _call(node, ctx)
    if isinstance(node, ast.EachPlayer):
        inner = attrs.evolve(ctx, third=True, in_each=True)
        return f"{_each_header(node.each, ctx)}: {_block(node.body, inner)}"
    if isinstance(node, ast.ForEachPlayer):
        ctx.variables[node.var] = "player"
        return (f"for each {_each_order(node.each, ctx, named=node.var)}: "
                f"{_block(node.body, ctx)}")
    if isinstance(node, ast.Either):
        branches = [_block(b, ctx) for b in node.branches]
        if not branches:
            return _do_nothing(ctx)
        if top:
            return "either: " + ". Or: ".join(branches)
        return "either " + ", or ".join(branches)
    if isinstance(node, ast.If):
        cond = _cond(node.cond, ctx)
        then = _block(node.then, ctx)
        orelse = _block(node.otherwise, ctx) if node.otherwise is not None else None
        multi = len(node.then.body) > 1 or (
            node.otherwise is not None and len(node.otherwise.body) > 1)
        if top and multi:
            text = f"if {cond}: {then}"
            return text + (f". Otherwise: {orelse}" if orelse is not None else "")
        text = f"if {cond}, {then}"
        return text + (f"; otherwise, {orelse}" if orelse is not None else "")
    if isinstance(node, ast.As):
        if isinstance(node.player, ast.Me):  # the card's player again: "you", imperative
            mine = attrs.evolve(ctx, third=False)
            return _block(node.body, mine) if not ctx.third else \
                f"you {_block(node.body, mine)}"
        inner = attrs.evolve(ctx, third=True)
        return f"{_one_player(node.player, ctx)} {_block(node.body, inner)}"
    if isinstance(node, ast.When):
        return _when(node, ctx)
    if isinstance(node, ast.Block):
        return _block(node, ctx)
    return _any(node, ctx)


def _one_player(node: Any, ctx: _Ctx) -> str:
    """One player (``me``, a variable) as a subject: "you" (``me`` is the card's player
    wherever it stands), "player 'p'"."""
    if isinstance(node, ast.Me):
        return "you"
    if isinstance(node, ast.PlayerVar):
        return f"player '{node.name}'"
    return _any(node, ctx) if isinstance(node, ast.Node) else str(node)


def _who(node: Any, ctx: _Ctx) -> str:
    """The players a ``when``'s ``of PLAYERS`` names, as a noun phrase."""
    if node is None or isinstance(node, ast.AnyPlayer):
        return "any player"
    if isinstance(node, ast.Opponents):
        return f"one of {ctx.poss} opponents"
    return _one_player(node, ctx)


#: How each duration of a trigger reads (after the event).
_DURATIONS = {"once": "", "this turn": " this turn",
              "end of this round": " until the end of this round",
              "end of next round": " until the end of next round",
              "next scoring": " until the next general scoring is over",
              "while held": " while a court holds this card (its holder counts as you)"}


def _when(node: ast.When, ctx: _Ctx) -> str:
    """``when EVENT [of PLAYERS] DURATION: BLOCK`` in words: "the next time ..." for
    ``once``, else "each time ... until ...", then what happens (``of me``: "your", the
    card's player's, in any block)."""
    me = isinstance(node.whose, ast.Me)
    who = _who(node.whose, ctx)
    event = {"turn starts": ("your turn" if me else f"the turn of {who}") + " starts",
             "turn ends": ("your turn" if me else f"the turn of {who}") + " ends",
             "round starts": "a round starts", "round ends": "a round ends",
             "card taken": f"{who} {'take' if who in ('you', 'they') else 'takes'} an "
             "action card",
             "castillo emptied": "a general scoring has emptied the Castillo",
             "regions scored": "a general scoring has scored the regions",
             "caballeros arrive": ("your caballeros" if me else
                                   f"caballeros of {who}") + " arrive in "
             + (_set(node.where, ctx, "any") if node.where is not None else "a region"),
             }[node.event]
    when = "the next time" if node.duration == "once" else "each time"
    bound = {"disc": "disc"} if node.event == "castillo emptied" else {}
    body = _block(node.body, attrs.evolve(ctx, variables={**ctx.variables, **bound}))
    return f"{when} {event}{_DURATIONS.get(node.duration, '')}: {body}"


def _block(block: ast.Block, ctx: _Ctx) -> str:
    parts = [_stmt(s, ctx) for s in block.body]
    return "; ".join(p for p in parts if p) or _do_nothing(ctx)


def _do_nothing(ctx: _Ctx) -> str:
    return "does nothing" if ctx.third else "do nothing"


def _having(each: ast.Each, ctx: _Ctx) -> str:
    if each.having is None:
        return ""
    inner = attrs.evolve(ctx, third=True, in_each=True)
    return f" with caballeros in {_set(each.having, inner, 'any')}"


def _each_header(each: ast.Each, ctx: _Ctx) -> str:
    return "each " + _each_order(each, ctx)


def _each_order(each: ast.Each, ctx: _Ctx, named: str | None = None) -> str:
    """``[other] player[ 'p'][ with ...], clockwise from your left`` (B8.7: the players
    of an ``each`` go clockwise from the acting player, who goes first in ``each
    player``)."""
    var = f" '{named}'" if named is not None else ""
    who = "them" if ctx.third else "you"
    if each.others:
        left = "their" if ctx.third else "your"
        return f"other player{var}{_having(each, ctx)}, clockwise from {left} left"
    return f"player{var}{_having(each, ctx)}, starting with {who} and going clockwise"


def _each(each: Any, ctx: _Ctx | None = None) -> str:
    if isinstance(each, ast.Each):
        base = "each other player" if each.others else "each player"
        return base + (_having(each, ctx) if ctx is not None else "")
    return "each player"


# -- primitive calls ---------------------------------------------------------------------------
_PLACEHOLDER = re.compile(r"(\{\w+\})")


def _call(call: ast.Call, ctx: _Ctx) -> str:
    sig = SIGNATURES.get(call.name)
    if sig is None:
        return _unknown_call(call, ctx)
    if call.name == "change_rule":
        return _change(call, ctx)
    has_each = any(p.type == "each" for p in sig.params)
    # A primitive with an "each" part has those players as its subject: "own" is theirs.
    arg_ctx = attrs.evolve(ctx, third=True) if has_each else ctx
    arg_ctx = attrs.evolve(arg_ctx, court=_court(call, arg_ctx))
    out: list[str] = []
    previous = ""
    template = template_of(sig, call, ctx.names)
    for piece in _PLACEHOLDER.split(template):
        if piece == "{owner}":
            out.append(owner(call, arg_ctx.poss))
            continue
        if piece.startswith("{") and piece.endswith("}"):
            name = piece[1:-1]
            try:
                param = sig.param(name)
            except KeyError:
                out.append(piece)
                continue
            words = previous.split()
            mode: Mode = "any" if words and words[-1].lower() in _PICK_WORDS else "every"
            said = _arg(sig, param, call, arg_ctx, mode)
            out.append(several(call, said) if name == "to" else
                       several_from(call, said) if name == "source" else said)
        else:
            literal = _swap_pronouns(piece) if ctx.third else piece
            out.append(literal)
            previous = literal
    text = king_elsewhere(call, _tidy("".join(out)))
    if ctx.third and not has_each and not template.startswith("{"):
        text = _conjugate_first(text)
    _assign(sig, call, ctx)
    return text


def _change(call: ast.Call, ctx: _Ctx) -> str:
    """A lasting rule change in words: its duration, then what the declaring rules
    module's English says the parameter now is (:mod:`elgrande.dsl.rule_params`)."""
    name, where, value = str(call.arg("param")), call.arg("where"), call.arg("value")
    until = str(call.arg("until"))
    when = DURATIONS.get(until, f"until {until}")
    places = _set(where, ctx, "every") if where is not None else ""
    param = RULE_PARAMS.get(name)
    number = number_value(value, param)
    if number is not None:
        shown = str(number.n) if number.value is None else _number(number.value, ctx)
    elif isinstance(value, bool):
        shown = "on" if value else "off"
    else:
        shown = _set(value, ctx, "any")
    if param is None:  # a parameter of no rules module loaded here
        text = f"the rule '{name}'" + (f" in {places}" if places else "") + f" is {shown}"
    else:
        text = param.english.replace("{value}", shown).replace("{where}", places)
    text = f"{when}, {text}"
    return _tidy(_swap_pronouns(text) if ctx.third else text)


def _assign(sig: Signature, call: ast.Call, ctx: _Ctx) -> None:
    """Remember the variable a primitive assigns, and what it holds."""
    for p in sig.params:
        if p.type != "var":
            continue
        name = call.arg(p.name)
        if not isinstance(name, str):
            continue
        choice = call.arg("choice")
        source = call.arg("source")
        if isinstance(source, ast.CardPlace):  # a card statement: a card or region card
            ctx.variables[name] = "region card" if source.kind == "region" else \
                "drawn card" if call.name == "draw_card" else "card"
            continue
        if any(q.type == "each" for q in sig.params):
            kind = "secret"
        elif isinstance(choice, ast.NumberChoice):
            kind = "number"
        elif isinstance(choice, ast.PlayerChoice):
            kind = "player"
        else:
            kind = "region"
        ctx.variables[name] = kind


def _arg(sig: Signature, param: Param, call: ast.Call, ctx: _Ctx, mode: Mode) -> str:
    value = call.arg(param.name)
    kind = param.type
    if kind == "players":
        return _caballeros(call, value, ctx)
    if kind == "flag":
        return _flag_text(sig, param) if value else ""
    if value is None:
        return ""
    if kind == "var":
        return f"'{value}'"
    if kind == "qty":
        return _qty(value, ctx)
    if kind in ("regions", "region"):  # ("own" in an "each" part: that player's)
        return _swap_pronouns(_set(value, ctx, mode)) if ctx.third else _set(value, ctx, mode)
    if kind == "choice":
        return _choice(value, ctx)
    if kind == "each":
        return _each(value, ctx)
    if kind == "duration":
        return f"the {value}"
    if kind == "way":  # gain|lose N points
        return _conjugate_first(str(value)) if ctx.third else str(value)
    if kind == "points":
        return _points(value, call, ctx)
    if kind in ("cardplace", "carddest", "cardref"):
        return _card_words(value, ctx, kind, call.name)
    if isinstance(value, ast.Node):
        return _any(value, ctx)
    return str(value)


# -- cards as objects ------------------------------------------------------------------------------
def _holder(holder: ast.CardHolder, ctx: _Ctx) -> str:
    """Whose court: "your court" / "the court of player 'p'"."""
    return f"{ctx.poss} court" if holder.name is None else f"the court of player '{holder.name}'"


def _card_words(node: Any, ctx: _Ctx, kind: str, statement: str = "") -> str:
    """The words of a card place (``cardplace``: a source; ``carddest``: where a card goes,
    with its preposition) or of a card (``cardref``); ``statement`` the primitive's name
    (a draw says how the card is drawn)."""
    if isinstance(node, ast.CardRef):
        if node.name is None:
            return "this card"
        k = ctx.variables.get(node.name)
        if k == "card":
            return f"the card chosen as '{node.name}'"
        if k == "region card":
            return f"the region card drawn as '{node.name}'"
        if k == "drawn card":
            return f"the card drawn as '{node.name}'"
        return f"the card '{node.name}'"
    if not isinstance(node, ast.CardPlace):
        return _any(node, ctx) if isinstance(node, ast.Node) else str(node)
    place = node.kind
    if kind == "carddest":
        if place == "open":
            return "into the open action cards (anyone may take it this round)"
        if place == "stack":
            return f"under stack {node.n}"
        if place == "held" and node.holder is not None:
            return f"into {_holder(node.holder, ctx)} (held there)"
        return "out of this round's offer (nobody may take it this round)"
    draw = statement == "draw_card"
    if place == "open":
        return "the open action cards" + (" (at random)" if draw else "")
    if place == "stack":
        return f"stack {node.n}" + (" (its top card)" if draw else "")
    if place == "region":
        return "the region cards (at random; the deck is whole again after the draw)"
    if place == "held" and node.holder is not None:
        return f"the cards held in {_holder(node.holder, ctx)}" + \
            (" (at random)" if draw else "")
    return "the cards removed this round" + (" (at random)" if draw else "")


def _flag_text(sig: Signature, param: Param) -> str:
    """The words of an optional flag, read from the bracketed parts of the primitive's
    ``phrase`` that hold no placeholder (``[, first position only]``, ``[own]``)."""
    optional: list[str] = [m for m in re.findall(r"\[([^\]]*)\]", sig.phrase)
                if not re.search(r"\b[A-Z]{2,}\b", m)]
    flags = [p.name for p in sig.params if p.type == "flag"]
    if len(optional) == len(flags) and param.name in flags:
        words = str(optional[flags.index(param.name)])
    else:
        words = ", " + param.name.replace("_", " ")
    return words if words.startswith(",") else " " + words


def _court(call: ast.Call, ctx: _Ctx) -> str | None:
    """Whose court a ``court`` source or destination means in this call."""
    if call.name == "move" and call.arg("piece") != "caballeros":
        return None  # a piece taken into a court: the deciding player's
    whose = call.arg("whose")
    if call.arg("own") is True and whose is None:
        return f"{ctx.poss} court"
    if isinstance(whose, ast.PlayerVar):
        return f"the court of player '{whose.name}'"
    if isinstance(whose, ast.Me):
        return "the court of the card's player" if ctx.third else "your court"
    if any(k == "own" for k, _ in call.args):
        return "court"
    return None


def _caballeros(call: ast.Call, whose: Any, ctx: _Ctx) -> str:
    """The caballeros noun phrase that follows the call's quantity."""
    has_qty = isinstance(call.arg("qty"), ast.Qty)
    noun = "caballero" if one_caballero(call) else "caballeros"
    of = "of " if has_qty else ""
    if whose is None:
        if call.arg("own") is True:
            return f"{of}{ctx.poss} caballeros"
        return f"{noun} of any player ({_self(ctx)} included)"
    if isinstance(whose, ast.AnyPlayer):
        return f"{noun} of any player ({_self(ctx)} included)"
    if isinstance(whose, ast.Opponents):
        return f"{noun} of any other player"
    if isinstance(whose, ast.PlayerVar):
        return f"{noun} of player '{whose.name}'"
    if isinstance(whose, ast.Me):
        return f"{noun} of the card's player" if ctx.third else f"{of}your caballeros"
    return f"{noun} of {_any(whose, ctx)}" if isinstance(whose, ast.Node) else noun


def _unknown_call(call: ast.Call, ctx: _Ctx) -> str:
    words = call.name.replace("_", " ").strip()
    args = [_any(v, ctx) if isinstance(v, ast.Node) else str(v)
            for _, v in call.args if v is not None and v is not False]
    return " ".join([words, *args]).strip()


# -- parts ---------------------------------------------------------------------------------------
def _qty(q: Any, ctx: _Ctx | None = None) -> str:
    """A quantity as it plays: ``up to N`` reads "up to N", ``exactly N`` "exactly N" and
    a plain N "N" (as many as can, B8.7)."""
    if not isinstance(q, ast.Qty):
        return str(q)
    n = str(q.n) if q.value is None else _number(q.value, ctx or _Ctx())
    if q.mode == "up_to":
        return f"up to {n}"
    if q.mode == "exactly":
        return f"exactly {n}" if q.said else n
    if q.mode == "all":
        return "all"
    if q.mode == "all_or_some":
        return "all or some"
    return q.mode.replace("_", " ") + (f" {q.n}" if q.n is not None else "")


def _choice(node: Any, ctx: _Ctx) -> str:
    if isinstance(node, ast.RegionChoice):
        return _set(node.set, ctx, "any")
    if isinstance(node, ast.NumberChoice):
        return f"a number from {node.low} to {node.high}"
    if isinstance(node, ast.PlayerChoice):
        p = node.players
        if isinstance(p, ast.AnyPlayer):
            return f"a player ({_self(ctx)} included)"
        if isinstance(p, ast.Opponents):
            return "another player"
        return _any(p, ctx)
    return _any(node, ctx) if isinstance(node, ast.Node) else str(node)


def _players(node: ast.Node, ctx: _Ctx) -> str:
    if isinstance(node, ast.AnyPlayer):
        return f"any player ({_self(ctx)} included)"
    if isinstance(node, ast.Opponents):
        return "any other player"
    if isinstance(node, ast.PlayerVar):
        return f"player '{node.name}'"
    if isinstance(node, ast.Me):
        return "you"
    return _fallback(node)


# -- region sets ------------------------------------------------------------------------------
@attrs.frozen(slots=True, repr=False, eq=False)
class _Words(PlainMethods):
    """What a region-set form's English (:data:`elgrande.dsl.region_forms.FORMS`) may ask
    of the renderer."""

    ctx: _Ctx

    @property
    def poss(self) -> str:
        return self.ctx.poss

    @property
    def court(self) -> str | None:
        return self.ctx.court

    def set(self, node: Any, mode: Mode, nested: bool = False) -> str:
        return _set(node, self.ctx, mode, nested)

    def name(self, name: str, mode: Mode) -> str:
        return _name(name, self.ctx, mode)

    def piece(self, token: str) -> str:
        return piece_words(token, self.ctx.names)


def _set(node: Any, ctx: _Ctx, mode: Mode, nested: bool = False) -> str:
    """A region-set phrase, by the form's declared words; ``nested`` inside a union or an
    ``otherwise`` (exceptions are then put in brackets so the commas stay readable)."""
    form = form_of(node)
    if form is not None:
        return form.words(node, _Words(ctx), mode, nested)
    if isinstance(node, ast.Node):
        return _any(node, ctx)
    return str(node)


def _name(name: str, ctx: _Ctx, mode: Mode) -> str:
    kind = ctx.variables.get(name)
    if kind == "region":
        return f"the region chosen as '{name}'"
    if kind == "secret":
        if ctx.in_each:
            return f"their chosen region '{name}'"
        return f"a region chosen as '{name}'" if mode == "any" else \
            f"the regions chosen as '{name}'"
    if kind == "player":
        return f"player '{name}'"
    if kind == "number":
        return f"the number '{name}'"
    if kind in ("card", "region card", "drawn card"):
        return _card_words(ast.CardRef(name=name), ctx, "cardref")
    if kind == "disc":
        return f"the region on {ctx.poss} secret disc"
    return ctx.names.get(name) or " ".join(w.capitalize() for w in name.split("_") if w) or name


# -- numbers and conditions ----------------------------------------------------------------------
def _number(node: Any, ctx: _Ctx) -> str:
    if isinstance(node, ast.Int):
        return str(node.value)
    if isinstance(node, ast.CountAll):
        return f"the number of caballeros in {_set(node.where, ctx, 'all')}"
    if isinstance(node, ast.CountOwn):
        return f"the number of {ctx.poss} caballeros in {_set(node.where, ctx, 'all')}"
    if isinstance(node, ast.NumVar):
        return f"'{node.name}'"
    if isinstance(node, ast.Add):
        return f"{_number(node.left, ctx)} plus {_number(node.right, ctx)}"
    if isinstance(node, ast.Sub):
        return f"{_number(node.left, ctx)} minus {_number(node.right, ctx)}"
    if isinstance(node, ast.ScoreOf):
        return _of(node.player, ctx, "score")
    if isinstance(node, ast.HighestScore):
        return "the highest score"
    if isinstance(node, ast.RankOf):
        return _of(node.player, ctx, "rank") + " (1 for the leader)"
    if isinstance(node, ast.CountOf):
        where = node.where
        place = _counted_place(where)
        if place:
            return f"the number of caballeros in {_of(node.player, ctx, place)}"
        return (f"the number of {_of(node.player, ctx, 'caballeros', article=False)} in "
                f"{_set(where, ctx, 'all')}")
    if isinstance(node, ast.Node):
        return _any(node, ctx)
    return str(node)


#: The number expressions (:func:`_number` words them).
_NUMBERS = (ast.Int, ast.CountAll, ast.CountOwn, ast.NumVar, ast.Add, ast.Sub, ast.ScoreOf,
            ast.HighestScore, ast.RankOf, ast.CountOf)


def _counted_place(node: Any) -> str:
    """``"court"`` or ``"provinces"`` (the region forms) where a player's caballeros are
    counted, else ""."""
    f = form_of(node)
    return f.name if f is not None and f.name in ("court", "provinces") else ""


def _self(ctx: _Ctx) -> str:
    """The deciding player as the object of "... included"."""
    return "them" if ctx.third else "you"


def _player(node: Any, ctx: _Ctx) -> str:
    """One player: ``me`` is the card's player ("you"; inside ``each player:``, where
    another player decides, "the card's player"); a variable "player 'p'"."""
    if isinstance(node, ast.Me):
        return "the card's player" if ctx.third else "you"
    if isinstance(node, ast.PlayerVar):
        return f"player '{node.name}'"
    return _any(node, ctx) if isinstance(node, ast.Node) else str(node)


def _of(node: Any, ctx: _Ctx, noun: str, article: bool = True) -> str:
    """A player's ``noun``: "your score", "the score of player 'p'" (``article``: "the"
    before it), "the score of the card's player"."""
    if isinstance(node, ast.Me) and not ctx.third:
        return f"your {noun}"
    return f"{'the ' if article else ''}{noun} of {_player(node, ctx)}"


def _cond(node: Any, ctx: _Ctx, negate: bool = False) -> str:
    if isinstance(node, ast.Not):
        return _cond(node.cond, ctx, not negate)
    if isinstance(node, ast.IsIn):
        verb = "is not" if negate else "is"
        return f"{_set(node.item, ctx, 'any')} {verb} {_set(node.set, ctx, 'any')}"
    if isinstance(node, ast.Compare):
        op = _NEGATE.get(node.op, node.op) if negate else node.op
        words = _COMPARE.get(op, op)
        return f"{_number(node.left, ctx)} {words} {_number(node.right, ctx)}"
    if isinstance(node, (ast.And, ast.Or)):  # negated: De Morgan
        joint = " and " if isinstance(node, ast.And) != negate else " or "
        left, right = _cond(node.left, ctx, negate), _cond(node.right, ctx, negate)
        if isinstance(node.right, (ast.And, ast.Or)) and type(node.right) is not type(node):
            right = f"({right})"  # "a or (b and c)"; the left side groups first anyway
        if isinstance(node.left, (ast.And, ast.Or)) and type(node.left) is not type(node):
            left = f"({left})"
        return left + joint + right
    if isinstance(node, ast.SetInPlay):
        words = "is not" if negate else "is"
        return f"the set '{node.set_name}' {words} in play"
    if isinstance(node, ast.Holds):
        me = node.holder.name is None
        who = "you" if me else f"player '{node.holder.name}'"
        verb = ("hold" if me else "holds") if not negate else \
            ("do not hold" if me else "does not hold")
        court = "your" if me else "their"
        return f"{who} {verb} {_card_words(node.card, ctx, 'cardref')} in {court} court"
    text = _any(node, ctx) if isinstance(node, ast.Node) else str(node)
    return f"it is not the case that {text}" if negate else text


# -- any node --------------------------------------------------------------------------------------
def _any(node: ast.Node, ctx: _Ctx) -> str:
    if isinstance(node, ast.Script):
        return render(node)
    if isinstance(node, (ast.Call, ast.EachPlayer, ast.ForEachPlayer, ast.Either, ast.If,
                         ast.Block, ast.As, ast.When)):
        return _stmt(node, ctx)
    if is_region_set(node):
        return _set(node, ctx, "any")
    if isinstance(node, (ast.AnyPlayer, ast.Opponents, ast.PlayerVar, ast.Me)):
        return _players(node, ctx)
    if isinstance(node, ast.Each):
        return _each(node, ctx)
    if isinstance(node, ast.Qty):
        return _qty(node)
    if isinstance(node, _NUMBERS):
        return _number(node, ctx)
    if isinstance(node, ast.Me):
        return _player(node, ctx)
    if isinstance(node, (ast.IsIn, ast.Compare, ast.Not, ast.And, ast.Or, ast.SetInPlay)):
        return _cond(node, ctx)
    if isinstance(node, (ast.RegionChoice, ast.NumberChoice, ast.PlayerChoice)):
        return _choice(node, ctx)
    if isinstance(node, ast.CardRef):
        return _card_words(node, ctx, "cardref")
    if isinstance(node, ast.CardPlace):
        return _card_words(node, ctx, "cardplace")
    if isinstance(node, ast.CardHolder):
        return "you" if node.name is None else f"player '{node.name}'"
    if isinstance(node, ast.Holds):
        return _cond(node, ctx)
    return _fallback(node)


def _fallback(node: ast.Node) -> str:
    """Words for a node type this module does not know (never raises)."""
    words = re.sub(r"(?<!^)(?=[A-Z])", " ", type(node).__name__).lower()
    return words or "something"


def _points(n: Any, call: ast.Call, ctx: _Ctx) -> str:
    """``N points`` of a points statement; a loss says a score never goes below 0."""
    said = _number(n, ctx)
    floor = f" (never more than {ctx.poss} score)" if call.arg("way") == "lose" else ""
    return f"{said} {'point' if said == '1' else 'points'}{floor}"


def _known(script: ast.Script) -> _Ctx:
    """A context knowing every name ``script`` assigns (rendered once, words dropped)."""
    ctx = _Ctx()
    for s in script.body.body:
        _stmt(s, ctx, top=True)
    return ctx


def render_choice_set(script: ast.Script, statement: ast.Node) -> str:
    """The region set a region choice of ``script`` (``statement``: a ``choose region``
    or ``secretly chooses region`` call) offers, in words as its chooser reads them,
    "you" (B8: a card's choice is of the places it names): "a region with your caballeros,
    except the king's region", "any region"; the script's names known as assigned.
    "" for a statement that chooses no region."""
    if not isinstance(statement, ast.Call):
        return ""
    choice = statement.arg("choice")
    where = choice.set if isinstance(choice, ast.RegionChoice) else \
        statement.arg("source") if statement.name == "secret_choice" else None
    if where is None:
        return ""
    return _set(where, _Ctx(variables=_known(script).variables), "any")


def render_statement(script: ast.Script, statement: ast.Node) -> str:
    """``statement`` of ``script`` in one sentence as :func:`render` writes it (the
    script's names known as assigned, B8). Raises nothing for a parsed statement."""
    return _sentence(_stmt(statement, _known(script), top=True))


def render_after(script: ast.Script, statement: ast.Node) -> list[tuple[ast.Node, str]]:
    """The statements after ``statement`` in its block, each with its sentence as
    :func:`render` writes it (the script's names known as assigned, B8: what a special
    action does); [] when ``statement`` is in no block of ``script``."""
    ctx = _known(script)  # every assignment of the script known to the sentences
    for block in ast.walk(script):
        if isinstance(block, ast.Block) and any(s is statement for s in block.body):
            i = next(j for j, s in enumerate(block.body) if s is statement)
            return [(s, _sentence(_stmt(s, ctx, top=True))) for s in block.body[i + 1:]]
    return []
