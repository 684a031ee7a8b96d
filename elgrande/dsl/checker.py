"""The static checker for effect scripts, run when cards are loaded.

It finds what the grammar cannot: unknown names (with "did you mean"), type errors (a
number where a region is expected), out-of-range numbers, undefined variables, unknown
lasting effects, and rule-safety problems (an effect the rules will always refuse, such as
moving caballeros into the king's region, is a warning at load time). Every problem is a
:class:`CardError` with a stable code, the file position and a hint.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import lru_cache
from typing import Any

import attrs

from elgrande.dsl import ast
from elgrande.dsl.caballero_moves import place_problems
from elgrande.dsl.region_forms import (
    CARD,
    IT,
    NUMBER,
    PLAYER,
    REGION,
    REGION_CARD,
    REGION_MAP,
    form_of,
)
from elgrande.dsl.rule_params import RULE_PARAMS, RuleParam, change_problems, number_value
from elgrande.dsl.signatures import (
    LASTING_KINDS,
    PIECE_KINDS,
    SIGNATURES,
    WHEN_DURATION,
    Param,
    PieceKind,
    duration_problem,
)
from elgrande.errors import CardError
from elgrande.files import diskcache

#: The largest caballero count a script may name when the set's is not given (the most a
#: player has in any set: 36 with the Colonies, C1).
MAX_COUNT = 36
#: The largest number a ``choose number`` may offer.
MAX_NUMBER = 99


@lru_cache(maxsize=1)
def keywords() -> frozenset[str]:
    """The grammar's reserved words (:func:`elgrande.dsl.parser.keywords`), memoised by
    the grammar's text so that checking a loaded script needs no parser."""
    from elgrande.files.resources import grammar_dir

    grammar = grammar_dir() / "effects.lark"
    key = diskcache.text_key("keywords", grammar.read_text("utf-8"))
    hit = diskcache.PARSED.get(key, near=grammar)
    if isinstance(hit, frozenset) and all(isinstance(w, str) for w in hit):
        return hit
    from elgrande.dsl import parser  # builds the parser (imports Lark)

    words = parser.keywords()
    diskcache.PARSED.put(key, words, near=grammar)
    return words


#: Events of a ``when`` that are nobody's (no ``of PLAYERS``).
#: The reserved words that name players where a player variable may stand (an
#: undefined name close to one gets it as its hint).
PLAYER_WORDS = ("opponents", "me", "any player")

_NOBODYS = frozenset({"round starts", "round ends", "castillo emptied", "regions scored"})


#: Variable types (REGION, ...) are declared with the region-set forms, which check them.
__all__ = ["MAX_COUNT", "MAX_NUMBER", "NUMBER", "PLAYER", "REGION", "REGION_MAP", "Checker",
           "check_script"]


@attrs.define(repr=False, eq=False)
class _Scope:
    vars: dict[str, str]
    in_each: bool


class Checker:
    """Checks one script.

    Args:
        path: the card file (for errors).
        region_ids: the place ids the board knows (regions, ``castillo``, areas).
        lasting_kinds: kinds a ``keep`` may name (default: the declared ones).
        max_count: the most caballeros a count may name (the set's caballeros per
            player, B1.1).
        rule_params: the rule parameters a ``change`` may name (the rules modules' in
            play, :mod:`elgrande.dsl.rule_params`); None: not known here (the names and
            value types are checked when the rules are loaded).
        card_ids: the ids of the cards loaded, which a card named by its id must be one
            of (``E-UNKNOWN-CARD``); None: not known here.
        stacks: the stack numbers in play, which a ``stack N`` must be one of
            (``E-UNKNOWN-STACK``); None: not known here.
        elsewhere: the places of sets not in play -> the ``--sets`` value that has them
            (e.g. ``"base,<expansion>"``), for the hint of an unknown region.
        tokens: the ids of the tokens the sets in play declare (``pieces:``), which a
            ``move the NAME`` and ``region of the NAME`` may name beside the piece kinds.
    """

    def __init__(self, path: str, region_ids: Iterable[str],
                 lasting_kinds: Iterable[str] = tuple(LASTING_KINDS),
                 max_count: int = MAX_COUNT,
                 rule_params: Mapping[str, RuleParam] | None = None,
                 card_ids: Iterable[str] | None = None,
                 stacks: Iterable[int] | None = None,
                 elsewhere: Mapping[str, str] | None = None,
                 tokens: Iterable[str] = ()) -> None:
        self.path = path
        self.tokens = set(tokens)
        self.elsewhere: Mapping[str, str] = elsewhere or {}
        self.region_ids = set(region_ids)
        self.lasting = set(lasting_kinds)
        self.max_count = max_count
        self.rule_params = rule_params
        self.card_ids = None if card_ids is None else sorted(set(card_ids))
        self.stacks = None if stacks is None else sorted(set(stacks))
        self.problems: list[CardError] = []
        #: The variables the script sets: (the statement, the name, what sets it).
        self.assigned: list[tuple[ast.Node, str, str]] = []

    # -- reporting --
    def error(self, node: ast.Node, code: str, msg: str, hint: str = "") -> None:
        """Record an error at ``node``."""
        self.problems.append(CardError(self.path, msg, node.line, node.column, hint, code))

    def warn(self, node: ast.Node, code: str, msg: str, hint: str = "") -> None:
        """Record a warning at ``node`` (an error under ``--strict``)."""
        self.problems.append(CardError(self.path, msg, node.line, node.column, hint, code,
                                       severity="warning"))

    # -- entry --
    def check(self, script: ast.Script) -> list[CardError]:
        """Check ``script``; returns every problem found (errors and warnings)."""
        self.block(script.body, _Scope({}, False))
        self.unused(script)
        if all(isinstance(s, ast.Call) and s.name == "pass_" for s in script.body.body):
            self.warn(script, "W-NO-EFFECT", "this effect does nothing",
                      "write what the card does, or leave it out for a card without one")
        return self.problems

    def block(self, block: ast.Block, scope: _Scope) -> None:
        """Check each statement in order; assignments extend ``scope``."""
        for stmt in block.body:
            self.stmt(stmt, scope)

    def stmt(self, s: ast.Node, scope: _Scope) -> None:
        """Check one statement."""
        if isinstance(s, ast.Call):
            self.call(s, scope)
        elif isinstance(s, ast.EachPlayer):
            self.each(s.each, scope)
            self.block(s.body, _Scope(dict(scope.vars), True))
        elif isinstance(s, ast.ForEachPlayer):
            self.each(s.each, scope)
            inner = dict(scope.vars)
            self.bind(s, s.var, scope)
            self.assigned.append((s, s.var, "for"))
            inner[s.var] = PLAYER
            self.block(s.body, _Scope(inner, scope.in_each))
        elif isinstance(s, ast.Either):
            # a branch's variables stay inside the branch
            for b in s.branches:
                self.block(b, _Scope(dict(scope.vars), scope.in_each))
        elif isinstance(s, ast.If):
            self.cond(s.cond, scope)
            self.block(s.then, _Scope(dict(scope.vars), scope.in_each))
            if s.otherwise is not None:
                self.block(s.otherwise, _Scope(dict(scope.vars), scope.in_each))
        elif isinstance(s, ast.As):
            self.one_player(s.player, scope)
            self.block(s.body, _Scope(dict(scope.vars), scope.in_each))
        elif isinstance(s, ast.When):
            self.when(s, scope)
        else:  # pragma: no cover - parser produces only the above
            self.error(s, "E-INTERNAL", f"unexpected statement {type(s).__name__}")

    # -- deciders and triggers --
    def one_player(self, p: Any, scope: _Scope) -> None:
        """Check a ``PLAYER`` that must name one player (``me`` or a player variable)."""
        if isinstance(p, (ast.AnyPlayer, ast.Opponents)):
            self.error(p, "E-TYPE", "'as' names one player who decides the block",
                       "write 'as me:' or 'as p:' with p a chosen player")
        else:
            self.players(p, scope)

    def when(self, w: ast.When, scope: _Scope) -> None:
        """Check a trigger: whose event it is, the places of an arrival, its body (run
        later with the variables of now; on a general scoring's step the scoring waits
        for its decisions); no body makes a secret choice."""
        self.duration(w, "when", WHEN_DURATION, w.duration)
        if w.whose is not None and w.event in _NOBODYS:
            self.error(w.whose, "E-TYPE", f"'{w.event}' is nobody's event: 'of ...' names "
                       "whose turn, card or caballeros", "leave out 'of ...'")
        elif w.whose is not None:
            self.players(w.whose, scope)
        if w.where is not None:
            self.regions(w.where, scope)
        inner = dict(scope.vars)
        own = scope.in_each
        if w.event == "castillo emptied":  # each player's secret disc (B6.1), as a choice:
            inner["disc"] = REGION_MAP     # the deciding player's own
            own = True
        self.block(w.body, _Scope(inner, own))
        for n in ast.walk(w.body):
            if isinstance(n, ast.Call) and n.name == "secret_choice":
                self.error(n, "E-TRIGGER-SECRET", "a trigger's body cannot make a secret "
                           "choice (it runs between the steps of the game, one player at "
                           "a time)", "let one player choose with 'as p:' instead")

    def call(self, c: ast.Call, scope: _Scope) -> None:
        """Check a primitive call against its declaration."""
        sig = SIGNATURES.get(c.name)
        if sig is None:
            import difflib  # a suggestion only (not imported with the module)
            close = difflib.get_close_matches(c.name, SIGNATURES, n=1)
            self.error(c, "E-UNKNOWN-PRIMITIVE", f"unknown primitive {c.name!r}",
                       f"did you mean {close[0]!r}?" if close else "")
            return
        for p in sig.params:
            v = c.arg(p.name)
            if p.type == "qty":
                if v is not None:  # an optional quantity (a move of one piece)
                    self.qty(v, scope)
            elif p.type == "players" and v is not None:
                self.players(v, scope)
            elif p.type == "regions":
                self.regions(v, _it_scope(c, p.name, scope),
                             allow_court=(c.name == "move" and c.arg("piece") == "caballeros")
                             or _court_piece(c, p.name))
            elif p.type == "kind" and v not in self.lasting:
                import difflib  # a suggestion only (not imported with the module)
                close = difflib.get_close_matches(str(v), self.lasting, n=1)
                self.error(c, "E-UNKNOWN-NAME", f"unknown lasting effect {v!r}",
                           f"did you mean {close[0]!r}?" if close else
                           "known: " + ", ".join(sorted(self.lasting)))
            elif p.type == "duration":
                self.duration(c, sig.phrase.split()[0], p, v)
            elif p.type == "points":
                self.number(v, scope)
            elif p.type == "choice":
                self.choice(v, scope)
            elif p.type == "each":
                self.each(v, scope)
            elif p.type == "rule_value":
                self.rule_value(c, v, scope)
        if c.name == "change_rule":
            for node, code, msg, hint in change_problems(c, self.rule_params, duration=False):
                self.error(node, code, msg, hint)
        if c.arg("own") and c.arg("whose") is not None:
            self.error(c.arg("whose"), "E-TYPE", "'own' and 'of ...' name whose caballeros "
                       "twice", "keep one: 'own caballeros' or 'caballeros of ...'")
        if c.name == "move":
            self.move(c)
            for node, code, msg, hint in place_problems(c):
                self.error(node, code, msg, hint)
        if c.name == "choose":
            ch = c.arg("choice")
            self.bind(c, c.arg("var"), scope)
            self.assigned.append((c, c.arg("var"), "choice"))
            scope.vars[c.arg("var")] = (NUMBER if isinstance(ch, ast.NumberChoice) else
                                        PLAYER if isinstance(ch, ast.PlayerChoice) else REGION)
        elif c.name == "secret_choice":
            self.bind(c, c.arg("var"), scope)
            self.assigned.append((c, c.arg("var"), "choice"))
            scope.vars[c.arg("var")] = REGION_MAP
        elif c.name in ("choose_card", "draw_card", "move_card", "carry_out"):
            self.card_call(c, scope)
        self.safety(c)

    def rule_value(self, c: ast.Call, v: Any, scope: _Scope) -> None:
        """Check a rule change's value: a number (its expression's variables, as for a
        quantity; a bare name for a parameter that takes a number, or, the parameter
        unknown here, a number variable) or a region set."""
        param = (self.rule_params if self.rule_params is not None else RULE_PARAMS).get(
            str(c.arg("param")))
        q = number_value(v, param, {k for k, t in scope.vars.items() if t == NUMBER})
        if q is not None:
            self.qty(q, scope)
        elif not isinstance(v, bool):
            self.regions(v, scope)

    def duration(self, node: ast.Node, statement: str, param: Param, value: object) -> None:
        """Check a statement's duration against the durations its declaration allows
        (``Param.allowed``; an error with the parameter's ``refusal`` code)."""
        bad = duration_problem(statement, param, value)
        if bad is not None:
            self.error(node, *bad)

    def bind(self, node: ast.Node, name: str, scope: _Scope) -> None:
        """Check that a new variable ``name`` is really new: not a region id, not set
        before (a variable keeps one meaning for the whole script)."""
        if name in keywords():
            self.error(node, "E-REDEFINED", f"{name!r} is a word of the effect language; a "
                       "variable needs another name", f"for example '{name}_choice'")
        elif name in self.region_ids:
            self.error(node, "E-REDEFINED", f"{name!r} is a region id; a variable needs "
                       "another name", f"for example '{name}_choice'")
        elif name in scope.vars:
            self.error(node, "E-REDEFINED", f"the variable {name!r} is already set "
                       f"(to a {scope.vars[name]})", "give the new choice another name")

    def move(self, c: ast.Call) -> None:
        """Check a ``move``'s piece kind against the declared kinds (PIECE_KINDS) and the
        parts that kind takes: a quantity and a source (counted kinds), whose (owned)."""
        name = str(c.arg("piece"))
        kind = PIECE_KINDS.get(name)
        if kind is None and name in self.tokens:  # a token a set in play declares
            kind = TOKEN_KIND
        if kind is None:
            import difflib  # a suggestion only (not imported with the module)
            close = difflib.get_close_matches(name, [*PIECE_KINDS, *self.tokens], n=1)
            self.error(c, "E-UNKNOWN-NAME", f"unknown piece {name!r}: no set in play "
                       "declares it", f"did you mean {close[0]!r}?" if close else
                       "known: " + ", ".join([*(k.written for k in PIECE_KINDS.values()),
                                              *(f"the {t}" for t in sorted(self.tokens))]))
            return
        if kind.counted and c.arg("qty") is None:
            self.error(c, "E-SYNTAX", f"say how many {name} move",
                       f"e.g. 'move up to 2 {name} from ... to ...'")
        if kind.counted and c.arg("source") is None:
            self.error(c, "E-SYNTAX", f"say where the {name} come from",
                       f"'move ... {name} from SET to SET'")
        if not kind.counted and c.arg("qty") is not None:
            self.error(c.arg("qty"), "E-TYPE", f"there is one {name} to move: no quantity",
                       f"write 'move {kind.written} to ...'")
        named = c.arg("own") or c.arg("whose") is not None
        if named and not kind.owned:
            self.error(c, "E-TYPE", f"the {name} belongs to no player: no 'own' or 'of ...'",
                       f"write 'move {kind.written} to ...'")
        if kind.owned and not kind.counted and not named:
            self.error(c, "E-TYPE", f"say whose {name} moves",
                       f"'own {name}' or '{name} of p', '{name} of opponents'")

    # -- parts --
    def each(self, e: ast.Each, scope: _Scope) -> None:
        """Check a player set's ``with own caballeros in SET`` filter."""
        if e.having is not None:
            self.regions(e.having, _Scope(scope.vars, True))

    def qty(self, q: ast.Qty, scope: _Scope | None = None) -> None:
        """Range-check a quantity; type-check its number expression (``scope``: the
        variables set so far)."""
        if q.n is not None and not (0 <= q.n <= self.max_count):
            self.error(q, "E-RANGE", f"{q.n} caballeros is out of range",
                       f"use 0..{self.max_count} (a player has {self.max_count} caballeros)")
        if q.value is not None:
            self.number(q.value, scope if scope is not None else _Scope({}, False))

    def choice(self, ch: Any, scope: _Scope) -> None:
        """Check a choose clause."""
        if isinstance(ch, ast.RegionChoice):
            self.regions(ch.set, scope)
        elif isinstance(ch, ast.NumberChoice):
            if ch.low > ch.high:
                self.error(ch, "E-RANGE", f"the range {ch.low} to {ch.high} is empty",
                           f"write 'from {ch.high} to {ch.low}'")
            elif ch.high > MAX_NUMBER:
                self.error(ch, "E-RANGE", f"numbers up to {ch.high} are out of range",
                           f"choose from 0..{MAX_NUMBER}")
            elif ch.low == ch.high:
                self.warn(ch, "W-CHOICE-DECIDES-NOTHING", f"the choice offers one number "
                          f"only ({ch.low}): it decides nothing",
                          f"write the number {ch.low} where the variable is read, or widen "
                          "the range")
        elif isinstance(ch, ast.PlayerChoice):
            self.players(ch.players, scope)

    def players(self, p: Any, scope: _Scope) -> None:
        """Check a whose-clause."""
        if isinstance(p, ast.PlayerVar):
            t = scope.vars.get(p.name)
            if t is None:
                self.undefined(p, p.name, scope, player=True)
            elif t != PLAYER:
                self.error(p, "E-TYPE", f"{p.name!r} is a {t}, not a player",
                           "bind players with 'for each player p:' or 'p = choose player'")

    def undefined(self, node: ast.Node, name: str, scope: _Scope,
                  player: bool = False) -> None:
        """Report an undefined name with the closest known one; ``player``: the name
        stands where players are named, so the reserved players words
        (:data:`PLAYER_WORDS`) come first and the hint sets a player."""
        import difflib  # a suggestion only (not imported with the module)
        close = difflib.get_close_matches(name, PLAYER_WORDS, n=1) if player else []
        known = list(scope.vars) + sorted(self.region_ids)
        close = close or difflib.get_close_matches(name, known, n=1)
        what = "player" if player else "region"
        self.error(node, "E-UNDEFINED", f"{name!r} is neither a variable set earlier nor a "
                   "region id", f"did you mean {close[0]!r}?" if close else
                   f"set it first with 'NAME = choose {what} from ...'")

    def regions(self, e: Any, scope: _Scope, allow_court: bool = False) -> None:
        """Check a region-set expression by its form's declared check
        (:data:`elgrande.dsl.region_forms.FORMS`); ``allow_court``: ``court`` may stand
        here (the source of a send effect)."""
        form = form_of(e)
        if form is not None:
            form.check(self, e, scope, allow_court)

    def cond(self, c: Any, scope: _Scope) -> None:
        """Check a condition."""
        if isinstance(c, ast.IsIn):
            self.regions(c.item, scope)
            self.regions(c.set, scope)
        elif isinstance(c, ast.Compare):
            for side in (c.left, c.right):
                if isinstance(side, ast.Int) and not 0 <= side.value <= 99:
                    self.error(side, "E-RANGE", f"{side.value} is out of range", "use 0..99")
                else:
                    self.number(side, scope)
        elif isinstance(c, ast.Not):
            self.cond(c.cond, scope)
        elif isinstance(c, (ast.And, ast.Or)):
            self.cond(c.left, scope)
            self.cond(c.right, scope)
        elif isinstance(c, ast.Holds):
            self.card_holder(c.holder, scope)
            self.card_ref(c.card, scope)

    # -- numbers, players and unused variables (values of the language's version 2) --
    def number(self, n: Any, scope: _Scope) -> None:
        """Type-check a number expression: a variable must hold a number (E-TYPE for a
        player or a region, E-UNDEFINED for a name never set); players are ``me`` or
        player variables; counted places are region sets (or court/provinces)."""
        if isinstance(n, ast.NumVar):
            t = scope.vars.get(n.name)
            if t is None and n.name in self.region_ids:
                self.error(n, "E-TYPE", f"{n.name!r} is a region, not a number",
                           "count it: 'caballeros in NAME'")
            elif t is None:
                self.undefined(n, n.name, scope)
            elif t != NUMBER:
                self.error(n, "E-TYPE", f"{n.name!r} is a {t}, not a number",
                           "set numbers with 'NAME = choose number from LO to HI'"
                           + ("; a player's number: 'score of NAME', 'rank of NAME'"
                              if t == PLAYER else ""))
        elif isinstance(n, (ast.Add, ast.Sub)):
            self.number(n.left, scope)
            self.number(n.right, scope)
        elif isinstance(n, (ast.ScoreOf, ast.RankOf)):
            self.player(n.player, scope)
        elif isinstance(n, ast.CountOf):
            self.player(n.player, scope)
            self.regions(n.where, scope, allow_court=True)  # court, provinces allowed
        elif isinstance(n, (ast.CountAll, ast.CountOwn)):
            self.regions(n.where, scope)

    def player(self, p: Any, scope: _Scope) -> None:
        """Check one player: ``me`` or a variable holding a player."""
        if isinstance(p, ast.PlayerVar):
            self.players(p, scope)

    def unused(self, script: ast.Script) -> None:
        """Warn about variables the script sets and never reads: a choice nobody reads
        decides nothing (W-CHOICE-DECIDES-NOTHING), a ``for each player p`` whose ``p`` is
        never read (W-UNUSED-VARIABLE)."""
        if not self.assigned:
            return
        read = _names_read(script)
        for node, name, how in self.assigned:
            if name in read:
                continue
            if how == "choice":
                self.warn(node, "W-CHOICE-DECIDES-NOTHING", f"the choice {name!r} decides "
                          "nothing: no statement reads it",
                          f"use {name!r} in a later statement, or leave the choice out")
            else:
                self.warn(node, "W-UNUSED-VARIABLE", f"the variable {name!r} is never read",
                          f"write 'each player:' instead, or use {name!r} in the block")

    # -- cards as objects --
    def card_call(self, c: ast.Call, scope: _Scope) -> None:
        """Check a card statement: its card place (face-down places are drawn from, never
        chosen from; the removed cards and the region cards receive nothing), its card
        and the variable it sets (a card, or a region card drawn from the region cards)."""
        src = c.arg("source")
        if isinstance(src, ast.CardPlace):
            self.card_place(src, scope)
            if c.name == "choose_card" and src.kind in ("stack", "region"):
                self.error(src, "E-TYPE", "a stack and the region cards are face down: "
                           "nobody chooses from them", "write 'NAME = draw card from ...'")
            self.bind(c, c.arg("var"), scope)
            scope.vars[c.arg("var")] = REGION_CARD if src.kind == "region" else CARD
        card = c.arg("card")
        if isinstance(card, ast.CardRef):
            self.card_ref(card, scope)
        to = c.arg("to")
        if isinstance(to, ast.CardPlace):
            self.card_place(to, scope)
            if to.kind == "region":
                self.error(to, "E-TYPE", "nothing goes into the region cards (the deck is "
                           "whole again after each draw, B2.1)", "move the card elsewhere")
            if card is not None and card.name is not None and \
                    scope.vars.get(card.name) == REGION_CARD:
                self.error(card, "E-TYPE", f"{card.name!r} is a region card: it goes back "
                           "to the region cards by itself", "use 'region of NAME'")
        if c.name == "carry_out" and card is not None and card.name is None:
            self.error(card, "E-TYPE", "a card cannot carry out its own special action",
                       "name another card: 'carry out c'")
        if c.name == "carry_out" and card is not None and card.name is not None and \
                scope.vars.get(card.name) == REGION_CARD:
            self.error(card, "E-TYPE", f"{card.name!r} is a region card: it has no special "
                       "action", "use 'region of NAME'")

    def card_place(self, place: ast.CardPlace, scope: _Scope) -> None:
        """Check a card place: a stack's number, a holder variable."""
        if place.kind == "stack" and not 1 <= place.n <= MAX_NUMBER:
            self.error(place, "E-RANGE", f"stack {place.n} is out of range",
                       "the stacks are numbered from 1")
        elif place.kind == "stack" and self.stacks is not None and place.n not in self.stacks:
            self.error(place, "E-UNKNOWN-STACK", f"no set in play has a stack {place.n}",
                       "the stacks in play: " + ", ".join(map(str, self.stacks)))
        if place.holder is not None:
            self.card_holder(place.holder, scope)

    def card_holder(self, holder: ast.CardHolder, scope: _Scope) -> None:
        """Check a holder: ``me`` or a player variable."""
        if holder.name is not None:
            self.players(ast.PlayerVar(name=holder.name, line=holder.line,
                                       column=holder.column), scope)

    def card_ref(self, ref: ast.CardRef, scope: _Scope) -> None:
        """Check a card: a name that is a variable must hold a card; any other name is
        a card id (the card files' ids: data)."""
        t = scope.vars.get(ref.name) if ref.name is not None else None
        if t is not None and t not in (CARD, REGION_CARD):
            self.error(ref, "E-TYPE", f"{ref.name!r} is a {t}, not a card",
                       "set a card with 'NAME = choose card from ...'")
        elif ref.name is not None and t is None and "-" not in ref.name and \
                ref.name in self.region_ids:
            self.error(ref, "E-TYPE", f"{ref.name!r} is a region, not a card")
        elif ref.name is not None and t is None and self.card_ids is not None and \
                ref.name not in self.card_ids:
            import difflib  # a suggestion only (not imported by every check)

            close = difflib.get_close_matches(ref.name, self.card_ids, n=1)
            self.error(ref, "E-UNKNOWN-CARD", f"unknown card or variable {ref.name!r}",
                       f"did you mean {close[0]!r}?" if close else
                       "a card is named by the id of a loaded card, or a card variable")

    # -- rule safety --
    def safety(self, c: ast.Call) -> None:
        """Warn about effects the rules always refuse (B5.2, B8.2, B8.7)."""
        to = c.arg("to")
        src = c.arg("source")
        piece = c.arg("piece") if c.name == "move" else None
        if piece in ("caballeros", "grande", "scoreboard", "black caballeros") \
                and isinstance(to, ast.King):
            self.warn(to, "W-KING-CLOSED", "nothing may enter the king's region (B5.2): this "
                      "is always refused", "write 'anywhere except king'")
        if piece in ("caballeros", "black caballeros") and isinstance(src, ast.King):
            self.warn(src, "W-KING-CLOSED", "nothing may leave the king's region (B5.2): this "
                      "is always refused", "choose another source")
        if piece in ("caballeros", "black caballeros") and isinstance(src, ast.Castillo):
            self.warn(src, "W-CASTILLO-SOURCE", "caballeros never leave the Castillo by a "
                      "special action (B8.2, B8.7): this is always refused",
                      "choose a region as the source")
        if (piece == "king" or piece == "grande" and c.arg("own")) \
                and isinstance(to, ast.Castillo):
            self.warn(to, "W-CASTILLO-TARGET", "the king and your own Grande never go into "
                      "the Castillo (B1.2, B5.2): this is always refused",
                      "use 'mainland regions'")


#: What the checker knows of every token a set declares: one piece, nobody's, not counted.
TOKEN_KIND = PieceKind("token", "the NAME", "move the {piece} to {to}", rules=("B8.1", "B5.2"))


def _it_scope(c: ast.Call, param: str, scope: _Scope) -> _Scope:
    """``scope``, where ``it`` may stand for the moved piece's place: in the ``to`` of a
    move of the king or a Grande."""
    if c.name == "move" and param == "to" and c.arg("piece") in ("king", "grande"):
        return _Scope({**scope.vars, IT: REGION}, scope.in_each)
    return scope


def _court_piece(c: ast.Call, param: str) -> bool:
    """Whether ``court`` may stand as the ``to`` of move ``c`` (a kind whose place is a
    court, e.g. a figure taken into it)."""
    if c.name != "move" or param != "to":
        return False
    kind = PIECE_KINDS.get(str(c.arg("piece")))
    return kind is not None and kind.court


def _names_read(script: ast.Script) -> set[str]:
    """Every name the script may read: each text field of its nodes but a statement's
    name, a ``for each`` variable and the variables a statement sets (reading too many is
    safe: an unused-variable warning is then left out, never given wrongly)."""
    read: set[str] = set()
    for node in ast.walk(script):
        if isinstance(node, ast.Call):
            sig = SIGNATURES.get(node.name)
            for k, v in node.args:
                if isinstance(v, str) and not (sig is not None and any(
                        p.name == k and p.type == "var" for p in sig.params)):
                    read.add(v)
            continue
        for f in ast.fields(type(node)):
            v = getattr(node, f)
            if isinstance(v, str) and not (isinstance(node, ast.ForEachPlayer) and f == "var"):
                read.add(v)
    return read


def check_script(script: ast.Script, path: str, region_ids: Iterable[str],
                 max_count: int = MAX_COUNT,
                 lasting_kinds: Iterable[str] | None = None,
                 rule_params: Mapping[str, RuleParam] | None = None,
                 card_ids: Iterable[str] | None = None,
                 stacks: Iterable[int] | None = None,
                 elsewhere: Mapping[str, str] | None = None,
                 tokens: Iterable[str] = ()) -> list[CardError]:
    """Check ``script`` (from card file ``path``) against the board's ``region_ids``;
    caballero counts may go up to ``max_count`` (the set's caballeros per player, B1.1);
    a ``keep`` may name the ``lasting_kinds`` of the sets in play (their manifests'
    ``lasting_kinds``; default: every kind the language declares); a ``change`` may name
    the ``rule_params`` of the rules modules in play (None: not checked here); a card
    named by its id must be one of ``card_ids`` and a ``stack N`` one of ``stacks`` (the
    cards loaded and the stacks in play; None: not checked here); an unknown region that
    is a place of a set not in play is hinted with ``elsewhere`` (place -> ``--sets``); a
    piece may be one of the ``tokens`` the sets in play declare.

    Returns:
        Every problem, errors and warnings (``severity``), in source order.
    """
    kinds = tuple(LASTING_KINDS) if lasting_kinds is None else tuple(lasting_kinds)
    probs = Checker(path, region_ids, max_count=max_count, lasting_kinds=kinds,
                    rule_params=rule_params, card_ids=card_ids, stacks=stacks,
                    elsewhere=elsewhere, tokens=tokens).check(script)
    return sorted(probs, key=lambda e: (e.line, e.column))
