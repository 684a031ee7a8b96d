"""Parse effect scripts with the Lark grammar ``grammar/effects.lark`` into the typed AST.

The LALR parser is built once per process (:mod:`elgrande.dsl.lark_parser`, whose names
this module also gives: its tables are cached per user, :func:`cache_file`). :func:`parse`
shifts every node's position by where the script starts in its card file, and turns
Lark's errors into a :class:`CardError` whose message names what was expected in words,
never a parser token (:mod:`elgrande.dsl.syntax_errors`).
"""

from __future__ import annotations

from typing import Any

from lark import Token, Transformer, UnexpectedInput, v_args
from lark.exceptions import VisitError
from lark.indenter import DedentError

from elgrande.dsl import ast
from elgrande.dsl.lark_parser import _ScriptIndenter as _ScriptIndenter
from elgrande.dsl.lark_parser import build_parser as build_parser
from elgrande.dsl.lark_parser import cache_file as cache_file
from elgrande.dsl.lark_parser import grammar as grammar
from elgrande.dsl.lark_parser import keywords as keywords
from elgrande.dsl.lark_parser import parser
from elgrande.dsl.region_forms import FORMS, RegionForm
from elgrande.dsl.signatures import SIGNATURES
from elgrande.errors import CardError

#: Most statements a script may have; and the deepest nesting. A homebrew card beyond
#: these is refused at load time.
MAX_SCRIPT_CHARS = 20_000
MAX_DEPTH = 12
#: Deepest nesting of AST nodes (statements, expressions) a script may have.
MAX_EXPRESSION_DEPTH = 60


class _ToAst(Transformer[Token, Any]):
    """Lark tree -> AST; positions shifted into the card file."""

    def __init__(self, line0: int, col0: int) -> None:
        super().__init__()
        self.line0 = line0
        self.col0 = col0

    def _pos(self, meta: Any) -> dict[str, int]:
        if getattr(meta, "empty", True):
            return {"line": self.line0, "column": self.col0}
        return self.at(meta.line, meta.column)

    def at(self, line: int, column: int) -> dict[str, int]:
        """File position of script position ``(line, column)`` (both 1-based)."""
        return {"line": self.line0 + line - 1, "column": self.col0 + column - 1}

    def _tok(self, tok: Token) -> dict[str, int]:
        return self.at(tok.line or 1, tok.column or 1)

    # -- top level and blocks --
    @v_args(meta=True)
    def start(self, meta: Any, items: list[Any]) -> ast.Script:
        p = self._pos(meta)
        return ast.Script(body=ast.Block(body=tuple(items), **p), **p)

    @v_args(meta=True)
    def suite(self, meta: Any, items: list[Any]) -> ast.Block:
        return ast.Block(body=tuple(items), **self._pos(meta))

    # -- statements --
    def _call(self, name: str, meta: Any, items: list[Any]) -> ast.Call:
        sig = SIGNATURES[name]
        values = [i for i in items if not (isinstance(i, Token) and i.type == "OWN")]
        if len(values) != len(sig.params):  # pragma: no cover - grammar/signature drift
            raise AssertionError(f"{name}: {len(values)} parts for {len(sig.params)} params")
        args = []
        for p, v in zip(sig.params, values, strict=True):
            if isinstance(v, Token):
                v = str(v)
            args.append((p.name, v))
        return ast.Call(name=name, args=tuple(args), **self._pos(meta))

    @v_args(meta=True)
    def assign(self, meta: Any, items: list[Any]) -> ast.Call:
        return self._call("choose", meta, items)

    @v_args(meta=True)
    def pass_(self, meta: Any, items: list[Any]) -> ast.Call:
        return self._call("pass_", meta, [])

    @v_args(meta=True)
    def score(self, meta: Any, items: list[Any]) -> ast.Call:
        return self._call("score", meta, [items[0], len(items) > 1])

    @v_args(meta=True)
    def move(self, meta: Any, items: list[Any]) -> ast.Call:
        """The one ``move``: ``[qty] own piece whose [from SET] to SET``."""
        qty = items[0] if isinstance(items[0], ast.Qty) else None
        rest = items[1:] if qty is not None else items
        own, piece, whose, places = rest[0], rest[1], rest[2], rest[3:]
        source = places[0] if len(places) > 1 else None
        args = (("qty", qty), ("own", own), ("whose", whose), ("piece", piece),
                ("source", source), ("to", places[-1]))
        return ast.Call(name="move", args=args, **self._pos(meta))

    def caballeros_piece(self, items: list[Any]) -> str:
        return "caballeros"

    def black_caballeros_piece(self, items: list[Any]) -> str:
        return "black caballeros"

    def king_piece(self, items: list[Any]) -> str:
        return "king"

    def grande_piece(self, items: list[Any]) -> str:
        return "grande"

    def scoreboard_piece(self, items: list[Any]) -> str:
        return "scoreboard"

    def named_piece(self, items: list[Any]) -> str:
        return " ".join(str(i) for i in items)

    @v_args(meta=True)
    def each_player(self, meta: Any, items: list[Any]) -> ast.EachPlayer:
        return ast.EachPlayer(each=items[0], body=items[1], **self._pos(meta))

    @v_args(meta=True)
    def for_each_player(self, meta: Any, items: list[Any]) -> ast.ForEachPlayer:
        return ast.ForEachPlayer(each=items[0], var=str(items[1]), body=items[2],
                                 **self._pos(meta))

    @v_args(meta=True)
    def either(self, meta: Any, items: list[Any]) -> ast.Either:
        return ast.Either(branches=tuple(items), **self._pos(meta))

    @v_args(meta=True)
    def if_(self, meta: Any, items: list[Any]) -> ast.If:
        return ast.If(cond=items[0], then=items[1], otherwise=items[2] if len(items) > 2
                      else None, **self._pos(meta))

    # -- deciders and triggers --
    @v_args(meta=True)
    def as_(self, meta: Any, items: list[Any]) -> ast.As:
        return ast.As(player=items[0], body=items[1], **self._pos(meta))

    @v_args(meta=True)
    def when_(self, meta: Any, items: list[Any]) -> ast.When:
        (event, where), whose, duration, body = items
        return ast.When(event=event, where=where, whose=whose, duration=duration,
                        body=body, **self._pos(meta))

    @v_args(meta=True)
    def me(self, meta: Any, items: list[Any]) -> ast.Me:
        return ast.Me(**self._pos(meta))

    # -- parts --
    @v_args(meta=True)
    def region_choice(self, meta: Any, items: list[Any]) -> ast.RegionChoice:
        return ast.RegionChoice(set=items[0], **self._pos(meta))

    @v_args(meta=True)
    def number_choice(self, meta: Any, items: list[Any]) -> ast.NumberChoice:
        return ast.NumberChoice(low=int(items[0]), high=int(items[1]), **self._pos(meta))

    @v_args(meta=True)
    def player_choice(self, meta: Any, items: list[Any]) -> ast.PlayerChoice:
        return ast.PlayerChoice(players=items[0], **self._pos(meta))

    @v_args(meta=True)
    def each_player_set(self, meta: Any, items: list[Any]) -> ast.Each:
        return ast.Each(others=False, having=items[0] if items else None, **self._pos(meta))

    @v_args(meta=True)
    def each_other_player_set(self, meta: Any, items: list[Any]) -> ast.Each:
        return ast.Each(others=True, having=items[0] if items else None, **self._pos(meta))

    def having(self, items: list[Any]) -> Any:
        values = [i for i in items if not isinstance(i, Token)]
        return values[0] if values else None

    def _qty(self, mode: str, meta: Any, number: ast.Node | None,
             said: bool = False) -> ast.Qty:
        """A quantity of ``number`` (None for ``all``, ``all or some``): a whole number in
        ``n``, another expression in ``value``."""
        pos = self._pos(meta)
        line, column = pos["line"], pos["column"]
        if isinstance(number, ast.Int):
            return ast.Qty(mode=mode, n=number.value, said=said, line=line, column=column)
        return ast.Qty(mode=mode, value=number, said=said, line=line, column=column)

    @v_args(meta=True)
    def up_to(self, meta: Any, items: list[Any]) -> ast.Qty:
        return self._qty("up_to", meta, items[0])

    @v_args(meta=True)
    def exactly(self, meta: Any, items: list[Any]) -> ast.Qty:
        return self._qty("exactly", meta, items[0])

    @v_args(meta=True)
    def exactly_said(self, meta: Any, items: list[Any]) -> ast.Qty:
        return self._qty("exactly", meta, items[0], said=True)

    @v_args(meta=True)
    def all_(self, meta: Any, items: list[Any]) -> ast.Qty:
        return self._qty("all", meta, None)

    @v_args(meta=True)
    def all_or_some(self, meta: Any, items: list[Any]) -> ast.Qty:
        return self._qty("all_or_some", meta, None)

    def own(self, items: list[Any]) -> bool:
        return bool(items)

    def whose(self, items: list[Any]) -> Any:
        return items[0] if items else None

    @v_args(meta=True)
    def any_player(self, meta: Any, items: list[Any]) -> ast.AnyPlayer:
        return ast.AnyPlayer(**self._pos(meta))

    @v_args(meta=True)
    def opponents(self, meta: Any, items: list[Any]) -> ast.Opponents:
        return ast.Opponents(**self._pos(meta))

    def player_var(self, items: list[Any]) -> ast.PlayerVar:
        return ast.PlayerVar(name=str(items[0]), **self._tok(items[0]))

    def this_round(self, items: list[Any]) -> str:
        return "end of this round"

    def next_round(self, items: list[Any]) -> str:
        return "end of next round"

    def next_scoring(self, items: list[Any]) -> str:
        return "next scoring"

    def this_turn(self, items: list[Any]) -> str:
        return "this turn"

    # -- lasting rule changes (elgrande/dsl/rule_params.py) --
    @v_args(meta=True)
    def change_rule(self, meta: Any, items: list[Any]) -> ast.Call:
        param, *rest = items
        if len(rest) == 2:  # no 'in SET'
            rest.insert(0, None)
        return self._call("change_rule", meta, [param, *rest])

    @v_args(meta=True)
    def close_rule(self, meta: Any, items: list[Any]) -> ast.Call:
        return self._call("change_rule", meta, ["closed", items[0], True, items[1]])

    def rule_param(self, items: list[Any]) -> str:
        return " ".join(str(t) for t in items)

    # a rule change's numbers: number expressions, but a bare NAME value is a region set
    # (a number parameter reads a number variable there: dsl/rule_params.py number_value)
    @v_args(meta=True)
    def rule_up_to(self, meta: Any, items: list[Any]) -> ast.Qty:
        return self._qty("up_to", meta, items[0])

    @v_args(meta=True)
    def rule_number(self, meta: Any, items: list[Any]) -> ast.Qty:
        return self._qty("exactly", meta, items[0])

    # -- points: ``gain N points`` / ``lose N points``, the way a word --
    def gain(self, items: list[Any]) -> str:
        return "gain"

    def lose(self, items: list[Any]) -> str:
        return "lose"

    # -- region sets: built from their declarations (elgrande/dsl/region_forms.py) --
    def at_least(self, items: list[Any]) -> int | None:
        return int(items[0]) if items else None

    # -- conditions and numbers --
    @v_args(meta=True)
    def is_in(self, meta: Any, items: list[Any]) -> ast.IsIn:
        return ast.IsIn(item=items[0], set=items[1], **self._pos(meta))

    @v_args(meta=True)
    def compare(self, meta: Any, items: list[Any]) -> ast.Compare:
        return ast.Compare(left=items[0], op=str(items[1]), right=items[2], **self._pos(meta))

    @v_args(meta=True)
    def not_(self, meta: Any, items: list[Any]) -> ast.Not:
        return ast.Not(cond=items[0], **self._pos(meta))

    def int_(self, items: list[Any]) -> ast.Int:
        return ast.Int(value=int(items[0]), **self._tok(items[0]))

    @v_args(meta=True)
    def count_all(self, meta: Any, items: list[Any]) -> ast.CountAll:
        return ast.CountAll(where=items[-1], **self._pos(meta))

    @v_args(meta=True)
    def count_own(self, meta: Any, items: list[Any]) -> ast.CountOwn:
        return ast.CountOwn(where=items[-1], **self._pos(meta))

    # -- number expressions, players and the conditions of version 2 --
    def _binary(self, cls: type[ast.Binary], meta: Any, items: list[Any]) -> ast.Binary:
        return cls(left=items[0], right=items[1], **self._pos(meta))

    @v_args(meta=True)
    def or_(self, meta: Any, items: list[Any]) -> ast.Binary:
        return self._binary(ast.Or, meta, items)

    @v_args(meta=True)
    def and_(self, meta: Any, items: list[Any]) -> ast.Binary:
        return self._binary(ast.And, meta, items)

    @v_args(meta=True)
    def set_in_play(self, meta: Any, items: list[Any]) -> ast.SetInPlay:
        return ast.SetInPlay(set_name=str(items[0]), **self._pos(meta))

    @v_args(meta=True)
    def add(self, meta: Any, items: list[Any]) -> ast.Binary:
        return self._binary(ast.Add, meta, items)

    @v_args(meta=True)
    def sub(self, meta: Any, items: list[Any]) -> ast.Binary:
        return self._binary(ast.Sub, meta, items)

    def num_var(self, items: list[Any]) -> ast.NumVar:
        return ast.NumVar(name=str(items[0]), **self._tok(items[0]))

    @v_args(meta=True)
    def score_of(self, meta: Any, items: list[Any]) -> ast.ScoreOf:
        return ast.ScoreOf(player=items[-1], **self._pos(meta))

    @v_args(meta=True)
    def highest_score(self, meta: Any, items: list[Any]) -> ast.HighestScore:
        return ast.HighestScore(**self._pos(meta))

    @v_args(meta=True)
    def rank_of(self, meta: Any, items: list[Any]) -> ast.RankOf:
        return ast.RankOf(player=items[-1], **self._pos(meta))

    @v_args(meta=True)
    def count_of(self, meta: Any, items: list[Any]) -> ast.CountOf:
        return ast.CountOf(player=items[0], where=items[1], **self._pos(meta))

    def count_place(self, items: list[Any]) -> Any:
        return items[0]

    # -- cards as objects --
    def _place(self, meta: Any, kind: str, n: int = 0,
               holder: ast.CardHolder | None = None) -> ast.CardPlace:
        p = self._pos(meta)
        return ast.CardPlace(kind=kind, n=n, holder=holder, line=p["line"],
                             column=p["column"])

    @v_args(meta=True)
    def open_cards(self, meta: Any, items: list[Any]) -> ast.CardPlace:
        return self._place(meta, "open")

    @v_args(meta=True)
    def stack_cards(self, meta: Any, items: list[Any]) -> ast.CardPlace:
        return self._place(meta, "stack", int(items[0]))

    @v_args(meta=True)
    def region_cards(self, meta: Any, items: list[Any]) -> ast.CardPlace:
        return self._place(meta, "region")

    @v_args(meta=True)
    def held_cards(self, meta: Any, items: list[Any]) -> ast.CardPlace:
        return self._place(meta, "held", holder=items[0])

    @v_args(meta=True)
    def held_by_me(self, meta: Any, items: list[Any]) -> ast.CardPlace:
        return self._place(meta, "held", holder=self.holder_me(meta, []))

    @v_args(meta=True)
    def removed_cards(self, meta: Any, items: list[Any]) -> ast.CardPlace:
        return self._place(meta, "removed")

    @v_args(meta=True)
    def holder_me(self, meta: Any, items: list[Any]) -> ast.CardHolder:
        p = self._pos(meta)
        return ast.CardHolder(line=p["line"], column=p["column"])

    def holder_var(self, items: list[Any]) -> ast.CardHolder:
        p = self._tok(items[0])
        return ast.CardHolder(name=str(items[0]), line=p["line"], column=p["column"])

    @v_args(meta=True)
    def this_card(self, meta: Any, items: list[Any]) -> ast.CardRef:
        p = self._pos(meta)
        return ast.CardRef(line=p["line"], column=p["column"])

    def card_name(self, items: list[Any]) -> ast.CardRef:
        p = self._tok(items[0])
        return ast.CardRef(name=str(items[0]), line=p["line"], column=p["column"])

    @v_args(meta=True)
    def hold_card(self, meta: Any, items: list[Any]) -> ast.Call:
        """``hold this card``: ``move card this card to me``."""
        to = self.held_by_me(meta, [])
        return self._call("move_card", meta, [self.this_card(meta, []), to])

    @v_args(meta=True)
    def holds(self, meta: Any, items: list[Any]) -> ast.Holds:
        return ast.Holds(holder=items[0], card=items[1], **self._pos(meta))


def _add_region_forms() -> None:
    """Give the transformer one method per region-set form (from the declarations)."""
    for form in FORMS.values():

        def make(f: RegionForm) -> Any:
            @v_args(meta=True)
            def fn(self: _ToAst, meta: Any, items: list[Any]) -> ast.Node:
                pos = self._tok(items[0]) if f.at_token else self._pos(meta)
                return f.node(**f.build(items), **pos)
            return fn

        setattr(_ToAst, form.name, make(form))


_add_region_forms()


def _add_calls() -> None:
    """Give the transformer one method per primitive rule (from the declarations)."""
    for name in SIGNATURES:
        if hasattr(_ToAst, name):
            continue

        def make(n: str) -> Any:
            @v_args(meta=True)
            def fn(self: _ToAst, meta: Any, items: list[Any]) -> ast.Call:
                return self._call(n, meta, items)
            return fn

        setattr(_ToAst, name, make(name))


_add_calls()


def _add_events() -> None:
    """Give the transformer one method per event of a ``when`` (its grammar alias is its
    words joined by ``_``): ``(words, the region set of an arrival or None)``; and one
    per duration a trigger adds (its words)."""
    for words in ast.EVENTS:

        def make(w: str) -> Any:
            def fn(self: _ToAst, items: list[Any]) -> tuple[str, Any]:
                return (w, items[-1] if items else None)
            return fn

        setattr(_ToAst, words.replace(" ", "_"), make(words))
    for words in ("this turn", "once", "while held"):

        def said(w: str) -> Any:
            return lambda self, items: w

        setattr(_ToAst, words.replace(" ", "_"), said(words))


_add_events()


def parse(script: str, path: str = "", line: int = 1, column: int = 1) -> ast.Script:
    """Parse an effect script into an AST.

    Args:
        script: the script text (a YAML string's content).
        path: the card file, for errors.
        line, column: 1-based file position of the script's first character; block
            scalars pass the column of their content's indentation.
    Returns:
        The :class:`ast.Script`, every node positioned in the card file.
    Raises:
        CardError: ``E-SYNTAX`` with the file position, what was found and what was
        expected in words; ``E-TOO-LARGE`` for scripts over the size or depth limit.
    """
    if len(script) > MAX_SCRIPT_CHARS:
        raise CardError(path, f"effect script is longer than {MAX_SCRIPT_CHARS} characters",
                        line, column, "split the card", code="E-TOO-LARGE")
    text = script if script.endswith("\n") else script + "\n"
    too_deep = CardError(path, f"the script nests blocks or expressions too deeply (at most "
                         f"{MAX_DEPTH} blocks and {MAX_EXPRESSION_DEPTH} levels of expression)",
                         line, column, "flatten the script", code="E-TOO-LARGE")
    try:
        tree = parser().parse(text)
    except UnexpectedInput as exc:
        from elgrande.dsl.syntax_errors import syntax_error  # (on a syntax error only)

        raise syntax_error(exc, text, path, line, column) from None
    except DedentError:
        raise CardError(path, "syntax error: a line is indented less than its block but "
                        "more than the block around it", line, column,
                        "indent each block's lines alike", code="E-SYNTAX") from None
    except RecursionError:
        raise too_deep from None
    try:
        result: ast.Script = _ToAst(line, column).transform(tree)
    except RecursionError:
        raise too_deep from None
    except VisitError as exc:
        if isinstance(exc.orig_exc, RecursionError):
            raise too_deep from None
        raise CardError(path, f"internal error reading the script: {exc.orig_exc}", line,
                        column, code="E-INTERNAL") from None  # pragma: no cover
    if _depth(result) > MAX_DEPTH or _expression_depth(result) > MAX_EXPRESSION_DEPTH:
        raise too_deep
    return result


def _expression_depth(node: Any) -> int:
    """How deeply nodes nest in ``node`` (an iterative walk: it cannot overflow)."""
    best = 0
    stack: list[tuple[Any, int]] = [(node, 1)]
    while stack:
        n, k = stack.pop()
        best = max(best, k)
        if isinstance(n, ast.Node):
            for f in ast.fields(type(n)):
                v = getattr(n, f)
                for x in (v if isinstance(v, tuple) else (v,)):
                    if isinstance(x, tuple) and len(x) == 2:
                        x = x[1]
                    if isinstance(x, ast.Node):
                        stack.append((x, k + 1))
    return best


def _depth(node: Any) -> int:
    """How deeply blocks nest in ``node``."""
    best = 0
    stack: list[tuple[Any, int]] = [(node, 0)]
    while stack:
        n, k = stack.pop()
        if isinstance(n, ast.Block):
            k += 1
            best = max(best, k)
            stack.extend((s, k) for s in n.body)
        elif isinstance(n, (ast.EachPlayer, ast.ForEachPlayer, ast.As, ast.When)):
            stack.append((n.body, k))
        elif isinstance(n, ast.Either):
            stack.extend((b, k) for b in n.branches)
        elif isinstance(n, ast.If):
            stack.append((n.then, k))
            if n.otherwise is not None:
                stack.append((n.otherwise, k))
        elif isinstance(n, ast.Script):
            stack.append((n.body, k))
    return best
