"""Syntax errors of an effect script in words (B8): what the parser found and what it
expected, an unknown statement with its likely meaning, an article the language does not
write, and a reserved word taken for a variable's name (``pass = choose ...``:
``E-REDEFINED``, as the checker says of any other reserved name; docs/dsl.md#reserved).

Only :func:`syntax_error` is public: :func:`elgrande.dsl.parser.parse` turns Lark's
``UnexpectedInput`` into the :class:`~elgrande.errors.CardError` it returns.
"""

from __future__ import annotations

import difflib
import re
from functools import lru_cache
from typing import Final

from lark import Token, UnexpectedCharacters, UnexpectedInput
from lark.exceptions import UnexpectedEOF, UnexpectedToken

from elgrande.dsl.caballero_moves import RETIRED
from elgrande.dsl.lark_parser import keywords, parser
from elgrande.errors import CardError

#: Words for grammar terminals, so errors read like "expected a number".
_WORDS = {
    "NAME": "a name (a region id or a variable)", "INT": "a number", "_NL": "the end of the line",
    "_INDENT": "an indented block", "_DEDENT": "the end of the block",
    "$END": "the end of the script",
    "COLON": "':'", "COMMA": "','", "EQUAL": "'='", "LPAR": "'('", "RPAR": "')'",
    "OWN": "'own'", "_CABALLEROS": "'caballeros'", "COMPARE": "a comparison (>=, <=, ==, ...)",
    "FIRST_POSITION_ONLY": "'first position only'",
}


def _expected_words(expected: set[str]) -> str:
    words: list[str] = []
    for name in sorted(expected):
        if name in _WORDS:
            w = _WORDS[name]
        else:
            try:
                pat = parser().get_terminal(name).pattern
                w = f"'{pat.value}'" if pat.type == "str" else name.lower()
            except KeyError:
                w = name.lower()
        if w not in words:
            words.append(w)
    if len(words) > 8:
        words = words[:8] + ["..."]
    return ", ".join(words)


#: Words a designer may reach for, and the statements that do what they likely mean.
_SYNONYMS: dict[str, tuple[str, ...]] = {
    "shift": ("move",), "transfer": ("move",), "relocate": ("move",),
    "go": ("move",), "put": ("move",), "add": ("move",), "deploy": ("move",),
    "drop": ("move",), "remove": ("move",), "return": ("move",),
    "banish": ("move",), "exile": ("move",), "recall": ("move",),
    "gain": ("move",), "count": ("score",), "tally": ("score",), "hold": ("keep",),
    "skip": ("pass",), "nothing": ("pass",), "when": ("if",), "while": ("if",),
    "elif": ("if",), "otherwise": ("else",), "every": ("each",), "all": ("each",),
}


def _keywords(accepts: set[str]) -> list[str]:
    """The keywords among the terminals ``accepts`` of the parser, in alphabetical order."""
    p = parser()
    words = []
    for name in accepts:
        try:
            pattern = p.get_terminal(name).pattern
        except KeyError:  # $END
            continue
        if pattern.type == "str":
            words.append(pattern.value)
    return sorted(words)


@lru_cache(maxsize=1)
def _statement_words() -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The words a statement may start with and the words after ``NAME =``, read from the
    grammar's parse tables (one source: a statement added to the grammar is listed)."""
    state = parser().parse_interactive("")
    first = _keywords(state.accepts())  # type: ignore[no-untyped-call]
    state.feed_token(Token("NAME", "x"))
    state.feed_token(Token("EQUAL", "="))
    return tuple(first), tuple(_keywords(state.accepts()))  # type: ignore[no-untyped-call]


def _unknown_statement(exc: UnexpectedToken,
                       text: str) -> tuple[tuple[int, int], str, str] | None:
    """When a line starts with a word that is no statement (the parser then expected
    ``=`` after it, taking it for a variable): its script position, the message
    ``unknown statement 'shift' (did you mean 'send' or 'move'?)`` and a hint."""
    if set(exc.accepts or exc.expected or ()) != {"EQUAL"}:
        return None
    tok = exc.token
    line_no = (tok.line or 1) if tok.type not in ("$END",) else text.count("\n")
    lines = text.split("\n")
    if not 1 <= line_no <= len(lines):
        return None
    line = lines[line_no - 1]
    end = (tok.column or 1) - 1 if tok.type not in ("_NL", "$END", "_DEDENT") else len(line)
    m = re.fullmatch(r"(\s*)([a-z_][a-z0-9_]*)\s*", line[:end].split("#")[0])
    if m is None:
        return None
    word = m.group(2)
    if word in RETIRED:  # a statement of the language's version 1 (one 'move' now)
        return (line_no, len(m.group(1)) + 1), f"'{word}' is no statement any more: " \
            "caballeros go from and to a court and the provinces by 'move'", RETIRED[word]
    known, assigned = _statement_words()
    close = difflib.get_close_matches(word, known, n=2, cutoff=0.6)
    close = close or [w for w in _SYNONYMS.get(word, ()) if w in known]
    if close:
        guess = " or ".join(f"'{w}'" for w in close)
        msg = f"unknown statement {word!r} (did you mean {guess}?)"
    else:
        msg = f"unknown statement {word!r}"
    hint = ("a statement starts with " + ", ".join(f"'{w}'" for w in known)
            + ", or is " + " or ".join(f"'NAME = {w} ...'" for w in assigned))
    return (line_no, len(m.group(1)) + 1), msg, hint


def _reserved_name(exc: UnexpectedToken, text: str) -> tuple[tuple[int, int], str] | None:
    """When the parser stopped at the ``=`` after a line's only word and that word is
    reserved (``pass = choose ...``): the word's script position and the word."""
    tok = exc.token
    if tok.type != "EQUAL" or not tok.line or not tok.column:
        return None
    line = text.split("\n")[tok.line - 1]
    m = re.fullmatch(r"(\s*)([a-z_][a-z0-9_]*)\s*", line[:tok.column - 1])
    if m is None or m.group(2) not in keywords():
        return None
    return (tok.line, len(m.group(1)) + 1), m.group(2)


#: An English article written before a word the card language takes bare ("adjacent to
#: the king" for ``adjacent to king``).
_ARTICLE: Final = re.compile(r"(?:^|(?<=\s))(the|a|an)[ \t]+$", re.IGNORECASE)


def _article_before(exc: UnexpectedToken, text: str) -> str:
    """A hint when the token ``exc`` stopped at follows an article the language does not
    write ("to the king"): the script read again without it gets further (or through);
    '' when not. Parses once more, on a syntax error only."""
    tok = exc.token
    start = getattr(tok, "start_pos", None)
    if not isinstance(start, int) or tok.type in ("_NL", "_INDENT", "_DEDENT", "$END"):
        return ""
    m = _ARTICLE.search(text, 0, start)
    if m is None:
        return ""
    again = text[:m.start()] + text[start:]
    try:
        parser().parse(again)
    except UnexpectedInput as later:
        if (getattr(later, "pos_in_stream", None) or 0) <= m.start() + len(str(tok)):
            return ""
    except Exception:  # (any other failure: no hint)
        return ""
    before = re.search(r"(\S+)[ \t]+$", text[:m.start()])
    said = f"'{before.group(1)} {tok}'" if before else f"'{tok}'"
    return f"write {said}, without '{m.group(1)}'"


def syntax_error(exc: UnexpectedInput, text: str, path: str, line0: int,
                 col0: int) -> CardError:
    """The :class:`CardError` for the parser's ``exc`` on the script ``text`` whose first
    character is at ``line0``:``col0`` of the card file ``path`` (1-based): ``E-SYNTAX``
    with the file position, what was found and what was expected in words, or
    ``E-REDEFINED`` for a reserved word written as a variable's name (B8)."""
    sline = getattr(exc, "line", 1) or 1
    scol = getattr(exc, "column", 1) or 1
    if sline < 1:
        sline, scol = text.count("\n"), 1
    fline, fcol = line0 + sline - 1, col0 + scol - 1
    if isinstance(exc, UnexpectedCharacters):
        at = exc.pos_in_stream or 0
        ch = text[at] if at < len(text) else "?"
        msg = f"unexpected character {ch!r}"
        hint = "names are lowercase letters, digits and '_'"
    elif isinstance(exc, UnexpectedEOF):
        msg = "the script ends too early"
        hint = f"expected {_expected_words(set(exc.expected))}"
    elif isinstance(exc, UnexpectedToken) and (word := _reserved_name(exc, text)):
        (sline, scol), name = word
        return CardError(path, f"{name!r} is a word of the effect language; a variable needs "
                         "another name", line0 + sline - 1, col0 + scol - 1,
                         f"for example '{name}_choice' (docs/dsl.md#reserved lists the words)",
                         code="E-REDEFINED")
    elif isinstance(exc, UnexpectedToken) and (unknown := _unknown_statement(exc, text)):
        (sline, scol), msg, hint = unknown
        fline, fcol = line0 + sline - 1, col0 + scol - 1
    elif isinstance(exc, UnexpectedToken):
        tok = exc.token
        found = ("the line ends too early" if tok.type == "_NL" else
                 "unexpected indentation" if tok.type == "_INDENT" else
                 "the block ends too early" if tok.type == "_DEDENT" else
                 "the script ends too early" if tok.type == "$END" else
                 f"unexpected {str(tok)!r}")
        msg = found
        hint = f"expected {_expected_words(set(exc.accepts or exc.expected))}"
        article = _article_before(exc, text)
        if article:
            hint = f"{article}; {hint}"
        if tok.type in ("_INDENT", "_DEDENT"):
            hint = "indentation does not match a block: indent only after a line ending in ':'"
    else:  # pragma: no cover
        msg, hint = str(exc), ""
    return CardError(path, f"syntax error: {msg}", fline, fcol, hint, code="E-SYNTAX")
