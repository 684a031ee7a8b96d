"""The never-acts analysis (``W-NEVER-ACTS``): an effect that can never change the game
(every statement is ``pass`` or only chooses, or every statement that would act draws on
places the rules keep closed or empty: B5.2, B8.2, B8.7).

What a region set may denote is over-approximated by each form's declaration
(:func:`elgrande.dsl.region_forms.possible`, ``exact``), so a warning is given only when
it is certain.
"""

from __future__ import annotations

from typing import Any

from elgrande.dsl import ast
from elgrande.dsl.caballero_moves import form
from elgrande.dsl.region_forms import COURT_FORM, PlaceSets
from elgrande.dsl.region_forms import KING as _KING
from elgrande.dsl.region_forms import possible as _possible
from elgrande.model.board import Board


def place_sets(board: Board) -> PlaceSets:
    """The board's places as the analysis sees them (ids; first values of places and
    mobile scoreboards, B6.9)."""
    firsts = {p.values[0] for p in board.places} | {s.values[0] for s in board.scoreboards}
    return PlaceSets(ids=frozenset(board.index), castillo=board.place_id(board.castillo),
                     scoring=frozenset(board.place_id(r) for r in board.scoring_order),
                     mainland=frozenset(board.place_id(r) for r in board.regions),
                     first_values=frozenset(firsts))


class _Places:
    """The analysis's view of the board and what a region set may denote."""

    def __init__(self, board: Board) -> None:
        self.sets = place_sets(board)
        self.castillo = self.sets.castillo

    def possible(self, e: Any, env: dict[str, frozenset[str]]) -> frozenset[str]:
        """Every place ``e`` might denote in some position."""
        return _possible(self.sets, e, env)


#: The last board analysed and its places (a validate asks for every card of one board;
#: a Board is immutable, so its places are found once).
_LAST: dict[int, tuple[Board, _Places]] = {}


def _places_of(board: Board) -> _Places:
    got = _LAST.get(id(board))
    if got is None or got[0] is not board:
        _LAST.clear()
        got = _LAST[id(board)] = (board, _Places(board))
    return got[1]


def never_acts(script: ast.Script, board: Board) -> tuple[str, str] | None:
    """Why ``script`` can never change the game and a hint, or None when it may.

    Over-approximates what each region set may denote, so it only says so when it is
    certain: every statement is ``pass`` (or only chooses), or every statement that would
    act draws on places the rules keep closed or empty (B5.2, B8.2, B8.7) or on no place.
    """
    places = _places_of(board)
    reasons: list[tuple[str, str]] = []
    if _block_never(script.body, places, {}, reasons):
        acting = [r for r in reasons if r[0] != _CHOOSING[0]] or reasons
        unique = list(dict.fromkeys(acting))
        if not unique:
            return "it does nothing", "write what the card does"
        return "; ".join(r[0] for r in unique[:3]), unique[0][1]
    return None


_PASSING = ("it only passes", "write what the card does instead of 'pass'")
_CHOOSING = ("choosing alone changes nothing", "use the chosen value in a later statement")
_SOURCE = ("caballeros never leave the Castillo or the king's region, and 'court' is a "
           "source only of 'send'; pick a source with regions in it")
_DEST = "nothing enters the king's region; pick a destination with regions in it"
_NO_REGION = "the king and the Grandes go only to mainland regions other than the king's"


def _block_never(block: ast.Block, pl: _Places, env: dict[str, frozenset[str]],
                 reasons: list[tuple[str, str]]) -> bool:
    return all([_stmt_never(s, pl, env, reasons) for s in block.body])


def _stmt_never(s: ast.Node, pl: _Places, env: dict[str, frozenset[str]],
                reasons: list[tuple[str, str]]) -> bool:
    if isinstance(s, (ast.EachPlayer, ast.ForEachPlayer)):
        return _block_never(s.body, pl, env, reasons)
    if isinstance(s, ast.Either):
        return all([_block_never(b, pl, dict(env), reasons) for b in s.branches])
    if isinstance(s, ast.If):
        then = _block_never(s.then, pl, dict(env), reasons)
        other = s.otherwise is None or _block_never(s.otherwise, pl, dict(env), reasons)
        return then and other
    if not isinstance(s, ast.Call):
        return False
    return _call_never(s, pl, env, reasons)


def _zero(q: Any) -> bool:
    """A quantity always 0: ``0``, ``up to 0``, or a number expression of whole numbers
    only that is 0 or less (a quantity below 0 is 0)."""
    if not isinstance(q, ast.Qty) or q.mode not in ("up_to", "exactly"):
        return False
    if q.value is None:
        return q.n == 0
    v = _constant(q.value)
    return v is not None and v <= 0


def _constant(node: Any) -> int | None:
    """The value of a number expression of whole numbers, ``+`` and ``-`` only; None when
    it reads the game (a score, a count, a variable)."""
    if isinstance(node, ast.Int):
        return node.value
    if isinstance(node, (ast.Add, ast.Sub)):
        a, b = _constant(node.left), _constant(node.right)
        if a is None or b is None:
            return None
        return a + b if isinstance(node, ast.Add) else a - b
    return None


def _call_never(c: ast.Call, pl: _Places, env: dict[str, frozenset[str]],
                reasons: list[tuple[str, str]]) -> bool:
    name = c.name
    if name in ("pass_",):
        reasons.append(_PASSING)
        return True
    if name == "choose":
        ch = c.arg("choice")
        if isinstance(ch, ast.RegionChoice):
            env[c.arg("var")] = pl.possible(ch.set, env) - {COURT_FORM}
        reasons.append(_CHOOSING)
        return True
    if name == "secret_choice":
        env[c.arg("var")] = pl.possible(c.arg("source"), env) - {COURT_FORM}
        reasons.append(_CHOOSING)
        return True
    if name == "points" and (_constant(c.arg("n")) or 0) <= 0 and \
            _constant(c.arg("n")) is not None:
        reasons.append((f"line {c.line} gains or loses 0 points", "use a number above 0"))
        return True
    if _zero(c.arg("qty")):
        reasons.append((f"line {c.line} moves 0 caballeros", "use a number above 0"))
        return True
    closed_src = {pl.castillo, _KING, COURT_FORM}
    piece = c.arg("piece") if name == "move" else None
    kind = form(c)
    if kind == "bring":  # from the provinces, else the regions (B4.1)
        return False
    if kind == "send":
        src = pl.possible(c.arg("source"), env) - {pl.castillo, _KING}
        if isinstance(c.arg("to"), ast.Court):
            src -= {COURT_FORM}
        if not src:
            reasons.append((f"the source on line {c.line} is always empty or closed",
                            _SOURCE))
            return True
        return False
    if kind == "place" or piece == "scoreboard":
        if not pl.possible(c.arg("to"), env) - {_KING, COURT_FORM}:
            reasons.append((f"the destination on line {c.line} is always closed", _DEST))
            return True
        return False
    if piece in ("caballeros", "black caballeros"):
        if not pl.possible(c.arg("source"), env) - closed_src:
            reasons.append((f"the source on line {c.line} is always empty or closed",
                            _SOURCE))
            return True
        if not pl.possible(c.arg("to"), env) - {_KING, COURT_FORM}:
            reasons.append((f"the destination on line {c.line} is always closed", _DEST))
            return True
        return False
    if piece == "king" or piece == "grande" and c.arg("own"):
        if not pl.possible(c.arg("to"), env) - {pl.castillo, _KING, COURT_FORM}:
            reasons.append((f"line {c.line} has no region to go to", _NO_REGION))
            return True
        return False
    if name == "score":
        if not pl.possible(c.arg("where"), env) - {COURT_FORM}:
            reasons.append((f"line {c.line} scores no region",
                            "no region has that value; check the values printed on the board"))
            return True
        return False
    return False
