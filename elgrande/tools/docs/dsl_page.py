"""The effect-language reference page (``dsl.md``, HTML ``dsl.html``): primitives,
control structures, region sets, conditions and parts read from the grammar, lasting
effects, the decision answer forms (the engine's and the rules modules' own), the
follow-up decisions the rules modules declare, and the grammar itself.
"""

from __future__ import annotations

import ast as pyast
import inspect
import re
from collections.abc import Iterable
from typing import Any

from elgrande.data.manifests import load_board
from elgrande.dsl import ast
from elgrande.dsl.caballero_moves import FORM_DOCS
from elgrande.dsl.parser import keywords, parse
from elgrande.dsl.region_forms import FORMS
from elgrande.dsl.signatures import LASTING_KINDS, PIECE_KINDS, SIGNATURES
from elgrande.engine import decisions
from elgrande.engine.modules import FollowUp, RulesModule, find_module
from elgrande.files.resources import grammar_dir, is_compiled, python_source
from elgrande.tools.docs.document import (
    Code,
    Element,
    Heading,
    Inline,
    Items,
    Page,
    Para,
    Table,
    _anchor,
    _code,
    _generated,
    _link,
    _rst,
    _strong,
    _t,
)
from elgrande.tools.docs.loading import _rule_link, _rule_links, shipped_rule_params


def grammar_text() -> str:
    """The text of ``grammar/effects.lark``."""
    return (grammar_dir() / "effects.lark").read_text(encoding="utf-8")


def grammar_alternatives(rule: str, text: str | None = None) -> list[tuple[str, str]]:
    """The alternatives of grammar rule ``rule`` as written: ``(expansion, alias)``."""
    lines = (text if text is not None else grammar_text()).splitlines()
    out: list[tuple[str, str]] = []
    inside = False
    for line in lines:
        code = line.split("//", 1)[0].rstrip()
        m = re.match(rf"^\??{re.escape(rule)}(?:\.\d+)?\s*:(.*)$", code)
        if m:
            inside = True
            rest = m.group(1)
        elif inside and re.match(r"^\s+\|", code):
            rest = code.strip()[1:]
        else:
            if inside and code.strip():
                break
            continue
        expansion, _, alias = rest.partition("->")
        if expansion.strip():
            out.append((expansion.strip(), alias.strip()))
    return out


_SYMBOLS = {"set_expr": "SET", "set_union": "SET", "set_term": "SET", "set_atom": "SET",
            "INT": "N", "NAME": "NAME", "_CABALLEROS": "caballeros", "OWN": "own",
            "COMPARE": "OP", "number": "NUMBER", "cond": "COND", "at_least": "[at least N]",
            "suite": "BLOCK", "FIRST_POSITION_ONLY": "first position only",
            "each": "each [other] player",
            "cond_and": "COND", "cond_not": "COND", "cond_atom": "COND",
            "number_atom": "NUMBER", "player": "PLAYER", "count_place": "PLACE",
            "card_ref": "CARD", "card_place": "CARDS", "card_dest": "CARDS",
            "card_holder": "PLAYER", "token_at": "the TOKEN"}
_EXAMPLES = {"SET": "castillo", "N": "4", "NAME": "pick", "[at least N]": "", "OP": ">=",
             "NUMBER": "2", "COND": "2 >= 1", "PLAYER": "me", "PLACE": "castillo",
             "CARDS": "open action cards", "CARD": "c", "TOKEN": "legate"}


def syntax(expansion: str) -> str:
    """A grammar expansion as a designer reads it: ``"adjacent" "to" set_atom`` ->
    ``adjacent to SET``."""
    words = []
    for tok in re.findall(r'"[^"]*"|[A-Za-z_][A-Za-z0-9_]*|[()*+?]', expansion):
        if tok.startswith('"'):
            words.append(tok[1:-1])
        else:
            words.append(_SYMBOLS.get(tok, tok.upper() if tok[0].islower() else tok))
    text = " ".join(words)
    text = re.sub(r"\( (.*?) \) ?([*+?])", r"(\1)\2", text)
    text = text.replace("NAME +", "TOKEN")  # a token's id: one or more words
    return re.sub(r" ([:,])", r"\1", text)


def _example(expansion: str) -> str:
    text = syntax(expansion)
    while True:
        new = re.sub(r"\(([^()]*)\)\*|\(([^()]*)\)\?", "", text)
        new = re.sub(r"\(([^()]*)\)\+", r"\1", new)
        if new == text:
            break
        text = new
    for sym, ex in sorted(_EXAMPLES.items(), key=lambda kv: -len(kv[0])):
        text = text.replace(sym, ex)
    return " ".join(text.split())


def _doc_of(node: Any) -> Inline:
    doc = inspect.getdoc(type(node)) or ""
    return _rst(doc.split("\n\n", 1)[0])


def _explain(expansion: str, alias: str, where: str) -> Inline:
    """The docstring of the AST node an example of ``expansion`` parses to."""
    if not alias:
        return _t("Brackets group an expression.") if '"("' in expansion else _t()
    if where == "set":  # region-set forms: their declared docs entry
        form = FORMS.get(alias)
        return _rst(form.doc) if form is not None else _t()
    ex = _example(expansion)
    try:
        stmt = parse(f"if {ex if where == 'cond' else ex + ' >= 1'}:\n    pass\n").body.body[0]
        assert isinstance(stmt, ast.If)
        node = stmt.cond if where == "cond" else stmt.cond.left  # type: ignore[attr-defined]
        return _doc_of(node)
    except Exception:  # noqa: BLE001 - an example the grammar refuses explains nothing
        return _t()


def _alternatives_table(rules: Iterable[str], where: str) -> Table:
    rows = []
    for rule in rules:
        for expansion, alias in grammar_alternatives(rule):
            if re.fullmatch(r"[a-z_]+", expansion):
                continue  # a pass-through to a lower rule
            rows.append((_t(_code(syntax(expansion))), _explain(expansion, alias, where)))
    return Table(("Written", "Meaning"), tuple(rows))


def answer_forms() -> list[tuple[str, str]]:
    """``(decision kind, answer form)`` from the table in the docstring of
    :mod:`elgrande.engine.decisions`."""
    doc = decisions.__doc__ or ""
    if is_compiled(decisions):  # the compiled build keeps no module docstring
        doc = pyast.get_docstring(pyast.parse(python_source(decisions)), clean=False) or ""
    lines = doc[doc.index("Answer forms"):].splitlines()
    rules = [i for i, line in enumerate(lines) if re.fullmatch(r"=+ +=+", line.strip())]
    if len(rules) < 3:
        return []
    split = lines[rules[0]].index(" =") + 1
    rows: list[tuple[str, str]] = []
    for line in lines[rules[1] + 1: rules[2]]:
        kind, answer = line[:split].strip(), line[split:].strip()
        if kind:
            rows.append((kind, answer))
        elif rows:
            rows[-1] = (rows[-1][0], rows[-1][1] + " " + answer)
    return rows


def _shipped_modules() -> list[tuple[str, RulesModule]]:
    """``(set id, rules module)`` of every shipped set that names a rules module, in set
    order."""
    from elgrande.data.kinds import shipped_set_ids
    from elgrande.data.manifests import read_manifest

    out: list[tuple[str, RulesModule]] = []
    for set_id in shipped_set_ids():
        rules = read_manifest(set_id)[0].get("rules")
        if isinstance(rules, str) and rules:
            out.append((set_id, find_module(rules)))
    return out


def module_answer_forms() -> list[tuple[str, str]]:
    """``(decision kind (set), answer form)`` the shipped sets' rules modules add to the
    answer forms (their ``answer_docs``)."""
    return [(f"{kind} ({set_id})", form) for set_id, module in _shipped_modules()
            for kind, form in module.answer_docs]


def follow_ups() -> list[FollowUp]:
    """The follow-up decisions every shipped set's rules module declares, in set order."""
    return [f for _, module in _shipped_modules() for f in module.follow_ups]


def dsl_page() -> Page:
    """The effect-language reference page."""
    body: list[Element] = [
        Para(_t(_generated(), " See also the ", _link("card reference", "cards#top"),
                " and the ", _link("rules reference", "rules#top"), ".")),
        Para(_t("A card's ", _code("effect"), " is a script in this language: one statement "
                "per line; a line ending in ", _code(":"), " opens a block indented below it; ",
                _code("#"), " starts a comment. A NAME is a region id of the board or a "
                "variable set earlier by ", _code("choose"), " or ", _code("secretly chooses"),
                ". Each statement is a primitive declared once in ",
                _code("elgrande/dsl/signatures.py"), "; the parser, the checker, the English "
                "renderer, the engine and this page all read that declaration.")),
        Heading(2, _t("Statements (primitives)"), "primitives"),
        Items(tuple(_t(_link(name, f"#primitive-{name}"), ": ", _code(sig.phrase))
                    for name, sig in SIGNATURES.items())),
    ]
    from elgrande.dsl import signatures

    sdoc = signatures.__doc__ or ""
    if "Parameter types:" in sdoc:
        body.append(Para(_t(_strong("Parameter types:"), " ",
                            _rst(sdoc.split("Parameter types:", 1)[1]))))
    for name, sig in SIGNATURES.items():
        body.append(Heading(3, _t(name), f"primitive-{name}"))
        body.append(Code(sig.phrase, "text"))
        body.append(Para(_t(sig.summary)))
        if sig.params:
            body.append(Table(("Parameter", "Type", "Optional", "Meaning"), tuple(
                (_t(_code(p.name)), _t(p.type), _t("yes" if p.optional else "no"), _t(p.doc))
                for p in sig.params)))
        facts: list[Inline] = []
        if sig.rules:
            facts.append(_t("Rules: ", _rule_links(sig.rules)))
        if sig.decides:
            facts.append(_t("May ask: ", *[_t(", " if i else "", _link(k, f"#answer-{k}"))
                                           for i, k in enumerate(sig.decides)]))
        facts.append(_t("Reads in English as: ", _code(sig.render)))
        if sig.single_use:
            facts.append(_t("A statement of its own (at most one card uses it): ",
                            sig.single_use))
        body.append(Items(tuple(facts)))
    body.append(Heading(2, _t("Control structures"), "control"))
    rows = []
    for expansion, _alias in grammar_alternatives("compound_stmt"):
        for rule in expansion.split("|"):
            rule = rule.strip()
            cls = getattr(ast, "".join(w.capitalize() for w in rule.split("_") if w), None)
            for exp, _a in grammar_alternatives(rule):
                rows.append((_t(_code(syntax(exp))),
                             _rst((inspect.getdoc(cls) or "").split("\n\n", 1)[0])
                             if cls is not None else _t()))
    body.append(Table(("Written", "Meaning"), tuple(rows)))
    body.append(Heading(2, _t("Region sets"), "region-sets"))
    body.append(Para(_t("Wherever a statement takes a SET, any of these may be written; a "
                        "statement picks one region of it or acts on every region of it, as "
                        "its summary says. Each form is declared once in ",
                        _code("elgrande/dsl/region_forms.py"), " (its grammar rule, check, "
                        "English and this entry) and evaluated once in ",
                        _code("elgrande/engine/regions.py"), ".")))
    body.append(_alternatives_table(("set_expr", "set_union", "set_term", "set_atom"), "set"))
    board = load_board(("base",))
    body.append(Para(_t("Region ids of the base board (a NAME that is no variable must be "
                        "one of these):")))
    body.append(Table(("Id", "Name", "Kind"), tuple(
        (_t(_code(p.id)), _t(p.name), _t(p.kind)) for p in board.places)))
    body.append(Heading(2, _t("Conditions and numbers"), "conditions"))
    body.append(Para(_t("A condition joins tests with ", _code("and"), ", ", _code("or"),
                        " and ", _code("not"), " (", _code("not"), " binds closest, ",
                        _code("or"), " loosest). After a region test (", _code("X is A or B"),
                        ") an ", _code("or"), " continues the region set: write such a test "
                        "last or after ", _code("and"), ". ", _code("set NAME is in play"),
                        " names a card set as its folder does, ", _code("_"), " for ",
                        _code("-"), " (", _code("set intrigue_king is in play"), ").")))
    body.append(_alternatives_table(("cond", "cond_and", "cond_not", "cond_atom"), "cond"))
    body.append(Para(_t("Numbers are whole numbers: a value below 0 where a quantity is "
                        "wanted is 0. ", _code("me"), " is the card's player (who carries out "
                        "the special action); a variable may hold a player (", _code(
                            "p = choose player from opponents"), ") or a number (",
                        _code("n = choose number from 1 to 3"), "). A quantity (", _code("QTY"),
                        ") takes any number: ", _code("move n caballeros from provinces to "
                                                      "court"), ", ",
                        _code("move up to n + 1 ..."), ", ", _code("exactly 2"), ". A plain ",
                        _code("N"), " (or ", _code("exactly N"), ") moves as many as it can, "
                        "up to N (B8.7); ", _code("up to N"), " lets the player move fewer "
                        "(a bring of the power cards is up to N, B4.1).")))
    body.append(_alternatives_table(("number", "number_atom"), "number"))
    body.append(Para(_t(_code("PLAYER"), ": ", _code("me"), " or a variable holding a player; ",
                        _code("PLACE"), ": ", _code("court"), ", ", _code("provinces"),
                        " or a region set (", _code("SET"), ").")))
    body.append(Heading(2, _t("Parts"), "parts"))
    rows = []
    for rule in ("choice", "qty", "whose", "players", "each", "duration"):
        alts = [syntax(e) for e, _a in grammar_alternatives(rule)]
        rows.append((_t(rule.upper()), _t(*[_t(" | " if i else "", _code(a))
                                            for i, a in enumerate(alts)])))
    body.append(Table(("Part", "Written"), tuple(rows)))
    body.append(Heading(2, _t("Reserved words"), "reserved"))
    body.append(Para(_t("These words belong to the language (its grammar): no variable may "
                        "take one as its name (", _code("E-REDEFINED"), ").")))
    body.append(Para(_t(*[_t(", " if i else "", _code(w))
                          for i, w in enumerate(sorted(keywords()))])))
    body.append(Heading(2, _t("Lasting effects"), "lasting"))
    body.append(Table(("Kind", "What it does"), tuple(
        (_t(_code(k)), _t(v)) for k, v in sorted(LASTING_KINDS.items()))))
    body.append(Heading(2, _t("Rule parameters"), "rule-parameters"))
    body.append(Para(_t("What ", _code("change PARAM [in SET] to VALUE DURATION"), " (and ",
                        _code("close SET to placement and moves DURATION"), ", the flag ",
                        _code("closed"), ") may change: each parameter is declared by the "
                        "rules module of its set (", _code("rule_params"), ": its value type, "
                        "its English and the hooks that read a change); a change lasts ",
                        _code("this turn"), ", ", _code("this round"), ", ",
                        _code("until end of next round"), " or ", _code("until next scoring"),
                        " (over when that general scoring is), and a later change of the same "
                        "parameter wins while both last. A placement or move it refuses "
                        "cites the card and the rule.")))
    body.append(Table(("Parameter (set)", "Value", "In SET", "Whose", "What it is"), tuple(
        (_t(_code(p.name), f" ({set_id})"), _t(p.type), _t("required" if p.where else "no"),
         _t("the changer's" if p.own else "everyone's"), _t(p.doc or p.english, "; ",
                                                             _rule_link(p.rule)))
        for set_id, p in shipped_rule_params())))
    body.append(Heading(2, _t("Pieces"), "pieces"))
    body.append(Para(_t("What the one ", _link("move", "#primitive-move"), " statement moves. "
                        "Each kind is declared once in ", _code("elgrande/dsl/signatures.py"),
                        " (PIECE_KINDS); its mover, which keeps its rules, is declared by "
                        "the rules module of the set that has it and composed per game (",
                        _code("elgrande/engine/pieces.py"), "). Counted kinds take a "
                        "quantity and a ", _code("from"), " set; owned kinds say whose (",
                        _code("own"), ", ", _code("of WHO"), "). Beside these, a token a "
                        "set in play declares as data (", _code("pieces:"), " in its "
                        "manifest, ", _code("docs/homebrew.md"), ") is written ",
                        _code("the ID"), ", nobody's and not counted, and moved by the one "
                        "token mover (B8.1; never into or out of the king's region, B5.2).")))
    body.append(Table(("Written", "Counted", "Owned", "Reads in English as", "Rules"), tuple(
        (_t(_code(k.written)), _t("yes" if k.counted else "no"),
         _t("yes" if k.owned else "no"), _t(_code(k.render)), _rule_links(k.rules))
        for k in PIECE_KINDS.values())))
    body.append(Para(_t("Caballeros also move from and to a court and the provinces; the "
                        "places say which rules the move follows (",
                        _code("elgrande/dsl/caballero_moves.py"), "). ", _code("court"),
                        " and ", _code("provinces"), " are the deciding player's (or, with ",
                        _code("of p"), ", p's).")))
    body.append(Table(("Written", "What it does", "Decision", "Rules"), tuple(
        (_t(_code(w)), _t(doc), _t(_code(kind)), _rule_links(rules))
        for w, doc, kind, rules in FORM_DOCS)))
    body.append(Heading(2, _t("Decisions and answer forms"), "answers"))
    body.append(Para(_t("A statement that needs a choice stops the engine with a pending "
                        "decision; a player (or bot) answers it in one of these forms. A "
                        "refused answer raises ", _code("IllegalMove"), " with a rule id and "
                        "changes nothing.")))
    body.append(Table(("Decision", "Answer"), tuple(
        (_t(_anchor(f"answer-{k}"), _code(k)), _rst(a)) for k, a in answer_forms())))
    added = module_answer_forms()
    if added:
        body.append(Para(_t("What the expansions' rules modules add to these answers:")))
        body.append(Table(("Decision (set)", "Answer"), tuple(
            (_t(_code(k)), _rst(a)) for k, a in added)))
    body.append(Heading(2, _t("Follow-up decisions"), "follow-ups"))
    body.append(Para(_t("Beside the decisions its statements ask, a set's rules module may "
                        "ask a decision of its own after a move: an aside (hooks ",
                        _code("aside"), " and ", _code("aside_apply"), "), asked before the "
                        "next statement of a special action or before the next phase decides, "
                        "and answered like any decision. Each is declared once in its module "
                        "(", _code("follow_ups"), "); a scenario case answers it as the last "
                        "column says (", _code("tests/cases/README.md"), ").")))
    body.append(Table(("Rule", "Decision", "Asked", "Answer", "In a scenario case"), tuple(
        (_rule_link(f.rule), _t(_link(f.kind, f"#answer-{f.kind}")), _t(f.when), _rst(f.answer),
         _rst(f.step)) for f in follow_ups())))
    body.append(Heading(2, _t("Grammar"), "grammar"))
    body.append(Para(_t("The whole grammar, ", _code("grammar/effects.lark"), " (Lark, LALR):")))
    body.append(Code(grammar_text().rstrip("\n"), "lark"))
    return Page("dsl", "The effect language", tuple(body))


