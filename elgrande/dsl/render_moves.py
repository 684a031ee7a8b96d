"""How a ``move`` statement reads in English (the renderer's part for moves,
:mod:`elgrande.dsl.render`): its template by the piece and the form of a caballeros move
(:mod:`elgrande.dsl.caballero_moves`), whose piece it takes, and its destination and
source sets in the plural where the caballeros may be split among several regions of them
(B5.1, B8.2, B8.7).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from elgrande.dsl import ast
from elgrande.dsl.caballero_moves import form
from elgrande.dsl.signatures import PIECE_KINDS, Signature

#: The English of a caballeros move by its form (:mod:`elgrande.dsl.caballero_moves`):
#: a bring, a placement from court and a send read as those; a move reads as its kind's.
PLACE_TEMPLATES: Final = {
    "bring": "bring {qty} caballeros from your provinces to your court",
    "place": "place {qty} of your caballeros from your court in {to}",
    "send": "send {qty} {whose} from {source} to {to}",
}

#: The forms whose caballeros may be split among the regions of their ``to`` set: a
#: placement from court (B5.1: each caballero to any region of the set) and a move (B8.2:
#: one source at most, never one destination only). A send goes to one place.
_SPLIT_FORMS: Final = frozenset({"place", "move"})

#: The forms whose caballeros may come from several regions of their ``source`` set where
#: it is not one place (B8.2: "one region" only for a card naming one; B8.7: a send takes
#: from all of the player's places). A placement comes from the court, a bring from the
#: provinces.
_GATHER_FORMS: Final = frozenset({"move", "send"})

#: The source sets of one place: a move from one of them takes from one region only (the
#: engine's ``single_source``, B8.2).
_ONE_PLACE: Final = (ast.Name, ast.Castillo, ast.King)


def several(call: ast.Call, to: str) -> str:
    """The words ``to`` of ``call``'s ``to`` set, in the plural where its caballeros may
    be split among several regions of it: "regions adjacent to ..." for "a region adjacent
    to ...", for a placement from court (B5.1) or a move of caballeros (B8.2); ``to`` as
    it is for one caballero, a set of one place (a name, the Castillo, the king's region),
    another piece (the king, a Grande: one region) or words not starting "a region "."""
    return _plural(call, "to", _SPLIT_FORMS, to)


def several_from(call: ast.Call, source: str) -> str:
    """The words ``source`` of ``call``'s ``source`` set, in the plural where its
    caballeros may come from several regions of it: "from regions adjacent to ..." for
    "from a region adjacent to ...", for a move (B8.2) or a send (B8.7) of more than one
    caballero whose source is no single place (the engine's ``single_source``: a name, the
    Castillo, the king's region); ``source`` as it is otherwise."""
    return _plural(call, "source", _GATHER_FORMS, source)


def _plural(call: ast.Call, key: str, forms: frozenset[str], words: str) -> str:
    """``words`` (the set of ``call``'s ``key`` argument) as "regions ..." for "a region
    ...", where ``call`` moves several caballeros in one of ``forms`` and the set is no
    single place (:data:`_ONE_PLACE`)."""
    if (call.arg("piece") != "caballeros" or form(call) not in forms or one_caballero(call)
            or isinstance(call.arg(key), _ONE_PLACE)):
        return words
    return "regions " + words[len("a region "):] if words.startswith("a region ") else words


def one_caballero(call: ast.Call) -> bool:
    """Whether ``call``'s quantity is one caballero at most (``1``, ``up to 1``; B8.2)."""
    qty = call.arg("qty")
    return isinstance(qty, ast.Qty) and qty.n == 1 and qty.mode in ("exactly", "up_to")


def template(sig: Signature, call: ast.Call, names: Mapping[str, str]) -> str:
    """B8.2: the English template of ``call`` (``{param}`` placeholders): a ``move``'s is its
    form's (:data:`PLACE_TEMPLATES`) or its piece kind's
    (:data:`~elgrande.dsl.signatures.PIECE_KINDS`; an undeclared piece by its declared
    name in ``names``), any other call's its declaration's ``sig.render``."""
    if call.name == "move":
        piece = call.arg("piece")
        kind = PIECE_KINDS.get(str(piece))
        place = PLACE_TEMPLATES.get(form(call))
        if place is not None:  # caballeros from or to a court or the provinces
            return place
        if kind is not None:
            into = kind.into_castillo if isinstance(call.arg("to"), ast.Castillo) else ""
            return kind.render + into
        return f"move {piece_words(str(piece), names)} to {{to}}" if piece is not None \
            else sig.render
    return sig.render


#: A king's move to every region but his own, as the renderer says it, and as people say it.
_KING_ANY: Final = ("the king to any region, except the king's region",
                    "the king to another region")


def king_elsewhere(call: ast.Call, text: str) -> str:
    """B5.2, B8.1 (f34, f36: "move the king to any region, except the king's region" read
    oddly): a ``move`` of the king to every region but his own says "another region";
    ``text`` (the statement's rendered words) as it is otherwise."""
    if call.name == "move" and str(call.arg("piece")) == "king":
        return text.replace(*_KING_ANY)
    return text


def piece_words(token: str, names: Mapping[str, str]) -> str:
    """A token by its declared name in ``names`` ("the Legate"), else "the ID" (B8)."""
    return names.get(token) or f"the {token}"


def owner(call: ast.Call, poss: str) -> str:
    """B8.2: whose piece a ``move`` takes, with the piece: "your Grande" (``poss`` the deciding
    player's possessive), "an opponent's Grande", "any player's Grande", "the Grande of
    player 'p'"."""
    name = str(call.arg("piece"))
    noun = "Grande" if name == "grande" else name
    whose = call.arg("whose")
    if isinstance(whose, ast.PlayerVar):
        return f"the {noun} of player '{whose.name}'"
    said = {ast.Opponents: f"an opponent's {noun}", ast.AnyPlayer: f"any player's {noun}"}
    return said.get(type(whose), f"{poss} {noun}")
