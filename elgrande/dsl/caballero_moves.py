"""What a ``move ... caballeros`` does by its places: the one ``move`` statement moves
caballeros between regions, the Castillo, off-board spaces, a court and the provinces,
and the pair of places says which rules apply (read by the checker, the English, the
engine's caballeros mover and ``validate``):

- ``from provinces to court``: a bring (B4.1): up to N (``up to N``) or as many as can
  (``N``); when the provinces run short the rest may come from the player's regions;
- ``from court to SET`` (the court alone): a placement (B5.1), not only next to the king;
- ``... to provinces`` or ``... to court`` (from regions, spaces and/or the court): a send
  (B8.7): one player's caballeros, who has fewer sends what they have. A move of one
  player's caballeros (``own``, ``of p``) to an off-board space is a send too (the engine
  sees the space);
- anything else: a move (B8.2).

The forms keep the decision kinds, answers and events of the statements they replaced
(``place``, ``send``, ``bring``: :data:`RETIRED` gives a script that still uses one the
``move`` form to write instead).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final, Literal

from elgrande.dsl import ast

Form = Literal["move", "place", "send", "bring"]

#: The decision kind (and, for the log's "nothing to ..." line, the statement name) of
#: each form: the names of the statements the one ``move`` replaced.
DECISION_KINDS: Final[dict[str, str]] = {
    "move": "move_caballeros", "place": "place_caballeros", "send": "send_caballeros",
    "bring": "bring_to_court"}


def _arg(call: ast.Call, key: str) -> Any:
    for k, v in call.args:
        if k == key:
            return v
    return None


def has_place(node: object, kind: type[ast.Node]) -> bool:
    """Whether region-set expression ``node`` names a place of class ``kind``
    (``ast.Court``, ``ast.Provinces``) anywhere in it (``court or regions``)."""
    return names_place(node, lambda n: isinstance(n, kind))


def names_place(node: object, test: Callable[[object], bool]) -> bool:
    """B8.2: whether region-set expression ``node`` names, as one of its own places, a place
    expression for which ``test`` holds: ``node`` itself, an item of a union (``A or
    B``), the base of an exception (``A except B``) or either part of ``A otherwise B``
    (not places named from one: ``adjacent to A``)."""
    if test(node):
        return True
    if isinstance(node, ast.Union):
        return any(names_place(p, test) for p in node.items)
    if isinstance(node, ast.Except):
        return names_place(node.base, test)
    if isinstance(node, ast.Otherwise):
        return names_place(node.first, test) or names_place(node.fallback, test)
    return False


def form(call: ast.Call) -> Form:
    """The form of ``call`` by its places (see module doc): ``"move"`` for a call that is
    no move of caballeros."""
    if call.name != "move" or _arg(call, "piece") != "caballeros":
        return "move"
    to = _arg(call, "to")
    source = _arg(call, "source")
    if isinstance(to, ast.Court):
        return "bring" if isinstance(source, ast.Provinces) else "send"
    if isinstance(to, ast.Provinces):
        return "send"
    if isinstance(source, ast.Court):
        return "place"
    return "move"


def statement_name(call: ast.Call) -> str:
    """The name the log gives statement ``call`` ("nothing to ..."): a caballeros move's
    form's old statement name, else the call's name."""
    f = form(call)
    return "move" if f == "move" else DECISION_KINDS[f]


#: The statements the one ``move`` replaced, with what a script writes instead (the
#: parser's hint for a script that still uses one).
RETIRED: Final[dict[str, str]] = {
    "place": "'place QTY own caballeros from court to SET' is now "
             "'move QTY own caballeros from court to SET'",
    "send": "'send QTY own caballeros from SET to provinces' is now 'move QTY own "
            "caballeros from SET to provinces' (also 'to court', 'to SPACE')",
    "bring": "'bring N caballeros to court' (up to N) is now "
             "'move up to N caballeros from provinces to court'",
}


#: A problem of a call: (node, error code, message, hint), as the checker reports it.
Problem = tuple["ast.Node", str, str, str]


def place_problems(call: ast.Call) -> list[Problem]:
    """What is wrong with the places of ``move`` call ``call`` (the checker's errors): the
    provinces only as the source of a bring to court (B4.1); ``court`` and ``provinces``
    alone after ``to``; a court or the provinces for caballeros only; a court with other
    sources only in a send; whose caballeros a bring, a placement (the deciding player's)
    and a send (one player's: ``own`` or ``of p``) take."""
    if call.name != "move":
        return []
    source, to = _arg(call, "source"), _arg(call, "to")
    out: list[Problem] = []
    if _arg(call, "piece") != "caballeros":
        for node in (source, to):
            if has_place(node, ast.Provinces):
                out.append((call, "E-TYPE", "only caballeros go from or to the provinces",
                            "e.g. 'move 2 own caballeros from court to provinces'"))
        return out
    whose = _arg(call, "whose")
    if has_place(source, ast.Provinces) and not (
            isinstance(source, ast.Provinces) and isinstance(to, ast.Court)):
        out.append((source, "E-TYPE", "caballeros come from the provinces only to court, and "
                    "from the provinces alone (B4.1)",
                    "write 'move up to N caballeros from provinces to court'"))
    for kind, word in ((ast.Court, "court"), (ast.Provinces, "provinces")):
        if has_place(to, kind) and not isinstance(to, kind):
            out.append((to, "E-TYPE", f"'{word}' stands alone after 'to'",
                        f"write '... to {word}' in a statement of its own"))
    f = form(call)
    if f in ("bring", "place") and whose is not None and not isinstance(whose, ast.Me):
        where, word = ("the provinces", "provinces") if f == "bring" else ("your court", "court")
        out.append((whose, "E-TYPE", f"caballeros from {where} are your own: no 'of ...'",
                    f"write 'move ... own caballeros from {word} to ...'"))
    if f == "send" and isinstance(whose, (ast.AnyPlayer, ast.Opponents)):
        out.append((whose, "E-TYPE", "a move to the provinces or to court takes the "
                    "caballeros of one player: 'own' (the deciding player's) or 'of p'",
                    "write 'each other player: move ... own caballeros ...' or "
                    "'for each other player p: move ... caballeros of p ...'"))
    elif f == "send" and whose is None and not _arg(call, "own"):
        out.append((call, "E-TYPE", "say whose caballeros go to the provinces or to court",
                    "write 'move ... own caballeros ...' or '... caballeros of p ...'"))
    if f == "move" and has_place(source, ast.Court) and not isinstance(to, ast.Name):
        out.append((call, "E-TYPE", "caballeros from a court and other places go together "
                    "only to the provinces, to court or to an off-board space (B8.7)",
                    "from the court alone they are placed: 'move ... own caballeros from "
                    "court to SET'"))
    return out


#: The forms for the docs: (how a script writes it, what it does, the decision it asks,
#: the rule ids it follows).
FORM_DOCS: Final[tuple[tuple[str, str, str, tuple[str, ...]], ...]] = (
    ("move QTY [own] caballeros from provinces to court",
     "bring: from your provinces to your court; when they run short, the rest may come "
     "from your regions (not the Castillo, not the king's region)", "bring_to_court",
     ("B4.1",)),
    ("move QTY [own] caballeros from court to SET",
     "place: from your court onto the regions or the Castillo of the set, not only next "
     "to the king (never into the king's region)", "place_caballeros", ("B5.1", "B5.2")),
    ("move QTY own caballeros|caballeros of p from SET to provinces|court|SPACE",
     "send: one player's caballeros from court, regions and spaces of the set (never the "
     "Castillo or the king's region) to their provinces, their court or an off-board "
     "space; who has fewer sends what they have", "send_caballeros", ("B8.7", "B5.2")),
    ("move QTY [own] caballeros [of WHO] from SET to SET",
     "move: between regions, the Castillo (in only) and off-board spaces", "move_caballeros",
     ("B8.2", "B5.2")),
)


#: The rule ids each form other than a plain move follows (a plain move: its piece
#: kind's, :data:`elgrande.dsl.signatures.PIECE_KINDS`).
FORM_RULES: Final[dict[str, tuple[str, ...]]] = {
    "bring": FORM_DOCS[0][3], "place": FORM_DOCS[1][3], "send": FORM_DOCS[2][3]}
