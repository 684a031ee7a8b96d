"""What a card does with a choice it asks for, in words: the sentences of the statements
that use the chosen name, with the name said as "that region" or "that player" (B8: a
special action does what its card says; the prompt of a card's choice says it).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Final

from elgrande.dsl import ast
from elgrande.dsl.caballero_moves import names_place
from elgrande.dsl.render import render, render_after, render_choice_set
from elgrande.model.marks import USE, bound_values
from elgrande.model.seats import seat

#: The renderer's phrases for a chosen name (:mod:`elgrande.dsl.render`) and what a
#: prompt says instead: the chooser reads them ("that region" is the one being chosen).
_SAID: Final = (("the region chosen as '{v}'", "that region"),
                ("their chosen region '{v}'", "the region they choose"),
                ("a region chosen as '{v}'", "a region chosen"),
                ("the regions chosen as '{v}'", "the regions chosen"),
                (" (as '{v}')", ""),
                ("player '{v}'", "that player"),
                ("the number '{v}'", "that number"))
#: A special action said in this many words or fewer is told in the B4.5 question.
_BRIEF_WORDS: Final = 14

#: The phrases of another name already bound when the choice is asked, by what the name
#: holds (:func:`_bound_kind`); the prompt says its value instead (:func:`_bound_said`).
_BOUND: Final = {"region": ("the region chosen as '{v}'",),
                 "player": ("player '{v}'",),
                 "number": ("the number '{v}'", "'{v}'")}

#: The phrases of the other names (chosen before or after): said without the name.
_OTHERS: Final = ((r" \(call it '\w+'\)", ""),
                  (r"the region chosen as '\w+'", "the other chosen region"),
                  (r"their chosen region '\w+'", "their chosen region"),
                  (r"(a|the) (regions?) chosen as '\w+'", r"\1 \2 chosen"),
                  (r"player '\w+'", "the chosen player"),
                  (r"the number '\w+'", "the chosen number"))


#: A name's introduction in a rendered choice ("choose a region ... (call it 'source')").
_CALLED: Final = re.compile(r" \(call it '(\w+)'\)")


def names_unsaid(text: str) -> str:
    """B8 (f34: "(call it 'source')" on an either card's option and in its log line, a
    script's name nobody at the table knows): ``text``, rendered script words that
    introduce exactly one chosen name, without it: the introduction dropped and the
    name's phrases said as the chooser reads them (:data:`_SAID`: "the region chosen as
    'source'" reads "that region"); ``text`` as it is where it introduces none or several
    names, or names one in a phrase :data:`_SAID` does not know. Raises nothing."""
    names = _CALLED.findall(text)
    if len(names) != 1:
        return text
    v = names[0]
    out = text.replace(f" (call it '{v}')", "")
    for phrase, said in _SAID:
        out = out.replace(phrase.format(v=v), said)
    return text if f"'{v}'" in out else out


def _choosing(script: ast.Script, var: str) -> ast.Node | None:
    """The statement of ``script`` whose call chooses ``var`` (``choose`` or
    ``secret_choice``), or None."""
    for node in ast.walk(script):
        if isinstance(node, ast.Block):
            for s in node.body:
                if isinstance(s, ast.Call) and s.name in ("choose", "secret_choice") \
                        and s.arg("var") == var:
                    return s
    return None


def _uses(node: ast.Node, var: str) -> bool:
    """Whether ``node`` reads the name ``var`` (a region, player, number or the picks of
    a secret choice)."""
    return any(not isinstance(n, ast.Call) and getattr(n, "name", None) == var
               for n in ast.walk(node))


def takes_from_choice(script: ast.Script | None, var: str) -> bool:
    """Whether a move of ``script`` takes its pieces from the place its choice ``var``
    chose itself (``move ... from var to ...``, B8.2: the chosen place is a source), not
    only from places named from it (``from adjacent to var``: the choice is where they
    go). False for no script. Raises nothing."""
    if script is None:
        return False
    return any(isinstance(n, ast.Call) and n.name == "move"
               and names_place(n.arg("source"), lambda p: isinstance(p, ast.Name)
                               and p.name == var) for n in ast.walk(script))


def steps_after(script: ast.Script | None, var: str) -> list[ast.Node] | None:
    """B8: the statements of ``script`` after the choice of ``var`` where that choice is a
    statement of the script's top level (asked once: no loop, condition or player part
    holds it), in order; None for no script or no such choice. Raises nothing."""
    if script is None:
        return None
    body = script.body.body
    for i, s in enumerate(body):
        if isinstance(s, ast.Call) and s.name in ("choose", "secret_choice") \
                and s.arg("var") == var:
            return list(body[i + 1:])
    return None


def _and(steps: list[str]) -> str:
    """``steps`` (sentences without their full stops) as one: "a, b, and c"; the later
    ones start in lower case."""
    steps = [steps[0]] + [t[:1].lower() + t[1:] for t in steps[1:]]
    if len(steps) == 1:
        return steps[0]
    # a loop, a condition or an exception ends before the next step (f25, f27: "... loses
    # 1 point and gain 2 points", "... except the king's region and gain 1 point")
    for i, t in enumerate(steps[:-1]):
        if t.lower().startswith(_COMPOUND) or " except " in t:
            return _and(steps[:i + 1]) + "; then " + _and(steps[i + 1:])
    return ", ".join(steps[:-1]) + (", and " if len(steps) > 2 else " and ") + steps[-1]


#: The steps that hold other steps (a loop, a condition): a step after one (or after a
#: step ending in an exception, "... except the king's region") is said after "; then ",
#: not joined to its last words by "and".
_COMPOUND: Final = ("for each ", "if ")


def _bound_kind(script: ast.Script, name: str) -> str:
    """What the name ``name`` of ``script`` holds: "region", "player" or "number" (the
    kind of the ``choose`` that binds it), or "player" for another name (a loop's
    ``for each player p``); "" for a secret choice's picks."""
    stmt = _choosing(script, name)
    if stmt is None:
        return "player"
    if not isinstance(stmt, ast.Call) or stmt.name != "choose":
        return ""
    choice = stmt.arg("choice")
    if isinstance(choice, ast.RegionChoice):
        return "region"
    return "number" if isinstance(choice, ast.NumberChoice) else "player"


def _bound_said(text: str, script: ast.Script, bound: Mapping[str, int],
                place_ids: Sequence[str]) -> str:
    """``text`` with each name of ``bound`` (already chosen when the prompt is made) said
    by its value: a region as its quoted place id (``'catalonia'``, which the layer that
    knows the board names), a player as a seat marker, a number as itself (B8)."""
    for name, value in bound.items():
        kind = _bound_kind(script, name)
        if kind == "region":
            if not 0 <= value < len(place_ids):
                continue
            said = f"'{place_ids[value]}'"
        elif kind:
            said = seat(value) if kind == "player" else str(value)
        else:
            continue
        for phrase in _BOUND[kind]:
            text = text.replace(phrase.format(v=name), said)
    # a number chosen as 1 before its caballeros: "up to 1 caballero of ... to a region"
    text = re.sub(r"\b((?:up to |exactly )?1 (?:of \w+ )?caballeros\b[^.;]*?) to regions\b",
                  r"\1 to a region", text)
    return re.sub(r"\b((?:up to |exactly )?1) caballeros\b", r"\1 caballero", text)


def choice_use(script: ast.Script | None, var: str, bound: Mapping[str, int] | None = None,
               place_ids: Sequence[str] = ()) -> str:
    """What the card of ``script`` does with its choice ``var``: `` Then: <steps>``
    (every statement after the choice, in order: none is left out, those after the last
    that uses it too, B8), or "" when none says (no script, a name no statement
    uses). Raises nothing.

    Args:
        script: the card's parsed effect script, or None.
        var: the name the choice is assigned to (``target = choose region ...``).
        bound: the other names the effect has bound when the choice is asked, by value
            (a place index, a seat, a number: :func:`elgrande.model.marks.bound_values`):
            said as the place (its quoted id in ``place_ids``), the player (a seat
            marker) or the number, not as "the other chosen region".
        place_ids: the board's place ids by index.
    """
    stmt = _choosing(script, var) if script is not None else None
    if script is None or stmt is None:
        return ""
    after = render_after(script, stmt)
    if not any(_uses(node, var) for node, _ in after):
        return ""
    said = [text.strip().rstrip(".") for _, text in after]  # every step, in order
    text = _and(said) + "."
    for phrase, instead in _SAID:
        text = text.replace(phrase.format(v=var), instead)
    if bound:
        text = _bound_said(text, script, bound, place_ids)
    text = _loop_names_said(text, script)
    for pattern, instead in _OTHERS:
        text = re.sub(pattern, instead, text)
    return " Then: " + text[0].lower() + text[1:]


def choice_limit(script: ast.Script | None, var: str, bound: Mapping[str, int] | None = None,
                 place_ids: Sequence[str] = ()) -> str:
    """The regions the card of ``script`` lets its region choice ``var`` take, in words as
    the chooser reads them after "choose" (B8: a card chooses among the places it names):
    "a region other than the king's region", "a region adjacent to the Castillo", "one of
    the nine regions of Spain other than 'aragon'" (a region already chosen said by its
    quoted place id in ``place_ids``, as :func:`choice_use` says it); "" where the card
    limits nothing ("any region"), for no script, or for a name no region choice binds.
    Raises nothing.

    Args:
        script: the card's parsed effect script, or None.
        var: the name the choice is assigned to.
        bound: the other names the effect has bound already, by value (as for
            :func:`choice_use`).
        place_ids: the board's place ids by index.
    """
    stmt = _choosing(script, var) if script is not None else None
    if script is None or stmt is None:
        return ""
    text = render_choice_set(script, stmt)
    if bound:
        text = _bound_said(text, script, bound, place_ids)
    text = _loop_names_said(text, script)
    for pattern, instead in _OTHERS:
        text = re.sub(pattern, instead, text)
    text = re.sub(r"^any region(?:, except\b| except\b)", "a region other than", text)
    text = re.sub(r"^any region\b", "a region", text)
    text = re.sub(r",? except\b", " other than", text) if text.startswith("one of ") else \
        text.replace(", except ", ", other than ")
    return "" if text in ("", "a region") else text


#: A card's region choice in a prompt of the engine, "choose a region" right before its
#: use marker (:data:`elgrande.model.marks.USE`: groups 1-3 the card, name, bound names).
_CHOOSE_A_REGION: Final = re.compile(r"\bchoose a region(?=\." + USE.pattern + ")")


#: What follows "the Castillo" in a card's limit where the choice is scored (h41, f29:
#: "may the Castillo count as a region here?"; B6.2).
SCORED_CASTILLO: Final = " (scored like a region, B6.2)"


def scores_choice(script: ast.Script | None, var: str) -> bool:
    """Whether a ``score`` statement of ``script`` scores the place its choice ``var``
    chose (``score target``, B8.6). False for no script. Raises nothing."""
    return script is not None and any(
        isinstance(n, ast.Call) and n.name == "score" and names_place(
            n.arg("where"), lambda p: isinstance(p, ast.Name) and p.name == var)
        for n in ast.walk(script))


def limits_said(text: str, scripts: Mapping[str, ast.Script | None],
                place_ids: Sequence[str] = ()) -> str:
    """``text`` (a prompt of the engine, markers still in it) with each card's "choose a
    region" said with the card's limit (:func:`choice_limit`): "choose a region other than
    the king's region" (B8: the buttons and the card's text said it, the prompt did
    not); a limit naming the Castillo for a choice the card scores (:func:`scores_choice`)
    says why it is offered: "choose a region or the Castillo (scored like a region,
    B6.2)" (:data:`SCORED_CASTILLO`). Display-time words only: the decision's stored
    prompt keeps its own. ``scripts``: the cards' scripts by card id; ``place_ids``: the
    board's place ids by index. Raises nothing."""
    def one(m: re.Match[str]) -> str:
        script = scripts.get(m.group(1))
        limit = choice_limit(script, m.group(2), bound_values(m.group(3)), place_ids)
        if " or the Castillo" in limit and scores_choice(script, m.group(2)):
            limit = limit.replace(" or the Castillo", " or the Castillo" + SCORED_CASTILLO, 1)
        return f"choose {limit}" if limit else m.group(0)
    return _CHOOSE_A_REGION.sub(one, text) if "choose a region" in text else text


def _loop_names_said(text: str, script: ast.Script) -> str:
    """``text`` with each player name no choice binds (a loop's, ``for each other player
    p``) said as a loop says it: "for each other player, ...", then "that player" (f25:
    "for each other the chosen player", though nobody chose them)."""
    for name in dict.fromkeys(re.findall(r"player '(\w+)'", text)):
        if _choosing(script, name) is not None:
            continue
        text = re.sub(rf"\b(each (?:other )?player) '{name}'", r"\1", text)
        text = text.replace(f"player '{name}'", "that player")
    return text


def action_brief(script: ast.Script | None) -> str:
    """What the special action of ``script`` does, in brief for the B4.5 question:
    ``" (keep this card as a veto until the end of next round)"`` (its English,
    :func:`elgrande.dsl.render.render`, one sentence of at most :data:`_BRIEF_WORDS`
    words and no chosen names), or "" when it takes longer to say or there is no script.

    Args:
        script: the card's parsed effect script, or None.
    """
    if script is None or not script.body.body:
        return ""
    text = render(script).strip()
    if (not text or "'" in text or len(text.split()) > _BRIEF_WORDS
            or text.rstrip(".").count(".") > 0):
        return ""
    return " (" + text[0].lower() + text[1:].rstrip(".") + ")"
