"""The English renderer (elgrande/dsl/render.py): key words of sample scripts, every node
type renders without raising, and every primitive's template is filled completely."""

from __future__ import annotations

import inspect
from pathlib import Path
from typing import Any

import pytest
import yaml

from elgrande.dsl import ast
from elgrande.dsl.parser import parse
from elgrande.dsl.render import render, render_node
from elgrande.dsl.signatures import SIGNATURES

# (script, words the rendering must contain)
SCRIPTS: list[tuple[str, list[str]]] = [
    ("""\
source = choose region from regions with own caballeros except king
move all or some own caballeros from source to anywhere
""", ["Choose a region with your caballeros", "king's region", "'source'",
      "all or some of your caballeros", "any region or the Castillo"]),
    ("""\
move up to 2 own caballeros from court to anywhere
""", ["Place up to 2 of your caballeros", "court", "any region or the Castillo"]),
    ("""\
either:
    move up to 2 own caballeros from court to anywhere
or:
    source = choose region from regions with own caballeros except king
    move all or some own caballeros from source to anywhere
""", ["Either:", "Or:", "up to 2", "court", "all or some", "king's region", "'source'"]),
    ("""\
source = choose region from regions except king
move up to 5 caballeros of any player from source to anywhere
""", ["up to 5", "any player", "king's region", "'source'", "the Castillo"]),
    ("""\
move up to 3 caballeros of opponents from regions to anywhere
""", ["up to 3", "any other player", "any region or the Castillo"]),
    ("""\
keep veto until end of next round
""", ["Keep this card as a veto until the end of next round"]),
    ("""\
each other player: move all own caballeros from court to provinces
""", ["Each other player", "clockwise from your left", "sends all of their caballeros",
      "their court", "provinces"]),
    ("""\
each other player: move 3 own caballeros from court or regions to provinces
""", ["Each other player", "sends 3 of their caballeros", "their court or any region",
      "provinces"]),
    ("""\
for each player p: move 1 caballero of p from regions to provinces
""", ["For each player 'p'", "1 caballero of player 'p'", "any region", "provinces"]),
    ("""\
each other player secretly chooses region pick from (regions with at least 2 own caballeros \
except king) otherwise (regions with own caballeros except king)
each other player: move 2 own caballeros from pick to provinces
""", ["Each other player secretly chooses", "at least 2 of their caballeros",
      "king's region", "or if there is none", "'pick'", "sends 2 of their caballeros",
      "their chosen region 'pick'", "provinces"]),
    ("""\
target = choose region from anywhere
score target
""", ["any region or the Castillo", "'target'", "Score the region chosen as 'target'"]),
    ("""\
score regions with value 6 and 7
""", ["Score every region", "6 or 7"]),
    ("""\
score regions, first position only
""", ["Score every region", "first position only"]),
    ("""\
score regions with fewest caballeros
""", ["fewest caballeros", "empty ones ignored"]),
    ("""\
move a scoreboard to anywhere except king
""", ["scoreboard", "any region or the Castillo", "except the king's region"]),
    ("""\
move the king to adjacent to king
""", ["Move the king to a region adjacent to the king's region"]),
    ("""\
move grande of opponents to castillo
""", ["Move an opponent's Grande to the Castillo"]),
    ("""\
p = choose player from opponents
move grande of p to adjacent to grande of p
""", ["Move the Grande of player 'p' to a region adjacent to the region of the Grande of "
      "player 'p'"]),
    ("""\
move the grand inquisitor to court
move up to 2 black caballeros from regions except king to regions except king
""", ["Take the Grand Inquisitor into your court", "Move up to 2 black caballeros"]),
    ("""\
move the limit table to mainland regions except king
""", ["Move the limit table to one of the nine regions of Spain", "you choose who sits"]),
    ("""\
target = choose region from regions except king
each other player secretly chooses region dest from mainland regions
each other player:
    if dest is king or target:
        move all own caballeros from target to court
    else:
        move all own caballeros from target to dest
""", ["secretly", "nine regions of Spain", "'dest'",
      "if their chosen region 'dest' is the king's region or the region chosen as 'target'",
      "sends all of their caballeros", "to their court", "otherwise", "moves all"]),
    ("""\
move own grande to mainland regions except king
""", ["Move your Grande", "regions of Spain", "except the king's region"]),
    ("""\
take back a power card
""", ["power card", "your hand"]),
    ("""\
move up to 2 caballeros from provinces to court
""", ["Bring up to 2 caballeros", "provinces", "court"]),
    ("""\
each player secretly chooses region pick from mainland regions
score pick chosen by exactly one player
""", ["Each player secretly chooses", "'pick'", "exactly one player"]),
    ("""\
if own caballeros in target >= 2:
    score target
""", ["If the number of your caballeros in Target is at least 2", "score Target"]),
]


def _well_formed(text: str) -> None:
    assert text, "empty rendering"
    assert text.endswith("."), text
    assert text[0].isupper(), text
    assert "{" not in text and "}" not in text, text
    assert "  " not in text, text
    assert "None" not in text, text


@pytest.mark.parametrize("script,words", SCRIPTS,
                         ids=[s.splitlines()[0][:40] for s, _ in SCRIPTS])
def test_sample_scripts(script: str, words: list[str]) -> None:
    text = render(parse(script))
    _well_formed(text)
    for w in words:
        assert w in text, f"{w!r} not in {text!r}"


def test_one_sentence_per_top_level_statement() -> None:
    text = render(parse("score regions\nmove the king to adjacent to king\ntake back a power "
                        "card\n"))
    assert text == ("Score every region. Move the king to a region adjacent to the king's "
                    "region. Take one of your played power cards back into your hand.")


def test_empty_script() -> None:
    assert render(ast.Script(body=ast.Block(body=()))) == "Do nothing."


def test_region_id_is_title_cased() -> None:
    assert render_node(ast.Name(name="old_castile")) == "Old Castile"
    assert render(parse("score old_castile\n")) == "Score Old Castile."


def test_quantities() -> None:
    assert render_node(ast.Qty(mode="up_to", n=3)) == "up to 3"
    assert render_node(ast.Qty(mode="exactly", n=2)) == "2"
    assert render_node(ast.Qty(mode="all")) == "all"
    assert render_node(ast.Qty(mode="all_or_some")) == "all or some"


def test_conditions() -> None:
    cond = ast.Not(cond=ast.Compare(left=ast.CountAll(where=ast.King()), op="<",
                                    right=ast.Int(value=3)))
    assert render_node(cond) == "the number of caballeros in the king's region is at least 3"
    text = render(parse("if not castillo is king:\n    pass\nelse:\n    score king\n"))
    assert text == ("If the Castillo is not the king's region, do nothing; otherwise, "
                    "score the king's region.")


# -- every node type --------------------------------------------------------------------------
_R = ast.King()
_BLOCK = ast.Block(body=(ast.Call(name="pass_", args=()),))

EXAMPLES: list[ast.Node] = [
    ast.Node(),
    ast.Name(name="target"), ast.AllRegions(), ast.MainlandRegions(), ast.Anywhere(),
    ast.Castillo(), ast.King(), ast.OwnGrande(), ast.Court(), ast.Adjacent(of=_R),
    ast.WithValue(values=(4, 5)),
    ast.MostCaballeros(), ast.FewestCaballeros(), ast.WithOwn(), ast.WithOwn(at_least=3),
    ast.ChosenOnce(name="pick"), ast.Union(items=(_R, ast.Castillo())),
    ast.Except(base=ast.AllRegions(), items=(_R, ast.Name(name="x"))),
    ast.Otherwise(first=ast.WithOwn(at_least=2), fallback=ast.WithOwn()),
    ast.AnyPlayer(), ast.Opponents(), ast.PlayerVar(name="p"),
    ast.Each(others=True), ast.Each(others=False),
    ast.Qty(mode="up_to", n=1), ast.Qty(mode="exactly", n=4), ast.Qty(mode="all"),
    ast.Qty(mode="all_or_some"),
    ast.Int(value=2), ast.CountAll(where=_R), ast.CountOwn(where=ast.AllRegions()),
    ast.IsIn(item=ast.Name(name="d"), set=ast.Union(items=(_R, ast.Castillo()))),
    ast.Compare(left=ast.CountOwn(where=_R), op=">", right=ast.Int(value=1)),
    ast.Not(cond=ast.IsIn(item=ast.Castillo(), set=_R)),
    ast.Not(cond=ast.Not(cond=ast.Compare(left=ast.Int(value=1), op="==",
                                          right=ast.Int(value=1)))),
    ast.RegionChoice(set=ast.Anywhere()), ast.NumberChoice(low=1, high=4),
    ast.PlayerChoice(players=ast.Opponents()), ast.PlayerChoice(players=ast.AnyPlayer()),
    ast.Call(name="score", args=(("where", ast.AllRegions()), ("first_only", True))),
    ast.Call(name="no_such_primitive", args=(("x", _R),)),
    ast.Call(name="move", args=()),
    ast.GrandeOf(name="p"), ast.It(),
    _BLOCK, ast.Block(body=()),
    ast.EachPlayer(each=ast.Each(others=False), body=_BLOCK),
    ast.ForEachPlayer(each=ast.Each(others=True), var="p", body=_BLOCK),
    ast.Either(branches=(_BLOCK, _BLOCK)), ast.Either(branches=()),
    ast.If(cond=ast.IsIn(item=_R, set=_R), then=_BLOCK),
    ast.If(cond=ast.IsIn(item=_R, set=_R), then=_BLOCK, otherwise=_BLOCK),
    ast.Script(body=_BLOCK),
    # numbers, players and conditions of the language's version 2
    ast.Me(), ast.Provinces(), ast.NumVar(name="n"), ast.HighestScore(),
    ast.ScoreOf(player=ast.Me()), ast.RankOf(player=ast.PlayerVar(name="p")),
    ast.CountOf(player=ast.Me(), where=ast.Provinces()),
    ast.CountOf(player=ast.PlayerVar(name="p"), where=_R),
    ast.Add(left=ast.NumVar(name="n"), right=ast.Int(value=1)),
    ast.Sub(left=ast.HighestScore(), right=ast.ScoreOf(player=ast.Me())),
    ast.And(left=ast.SetInPlay(set_name="colonies"), right=ast.IsIn(item=_R, set=_R)),
    ast.Or(left=ast.SetInPlay(set_name="colonies"), right=ast.IsIn(item=_R, set=_R)),
    ast.SetInPlay(set_name="intrigue_king"), ast.Binary(left=_R, right=_R),
    ast.CardHolder(), ast.CardHolder(name="p"), ast.CardPlace(kind="open"),
    ast.CardPlace(kind="held", holder=ast.CardHolder(name="p")), ast.CardRef(),
    ast.CardRef(name="c"), ast.Holds(holder=ast.CardHolder(), card=ast.CardRef(name="c")),
    ast.RegionOfCard(card=ast.CardRef(name="r")), ast.RegionOfToken(token="legate"),
    ast.As(player=ast.PlayerVar(name="p"), body=_BLOCK),
    ast.As(player=ast.Me(), body=_BLOCK),
    ast.When(event="turn starts", whose=ast.PlayerVar(name="p"), duration="once", body=_BLOCK),
    ast.When(event="caballeros arrive", where=_R, whose=ast.Me(), duration="while held",
             body=_BLOCK),
    ast.When(event="card taken", whose=ast.Opponents(), duration="end of this round",
             body=_BLOCK),
]


def _node_classes() -> set[type]:
    return {c for _, c in inspect.getmembers(ast, inspect.isclass)
            if issubclass(c, ast.Node) and c.__module__ == ast.__name__}


def test_examples_cover_every_node_type() -> None:
    missing = _node_classes() - {type(e) for e in EXAMPLES}
    assert not missing, f"add rendering examples for {sorted(c.__name__ for c in missing)}"


@pytest.mark.parametrize("node", EXAMPLES, ids=lambda n: type(n).__name__)
def test_every_node_renders(node: ast.Node) -> None:
    text = render_node(node)
    assert isinstance(text, str) and text
    assert "{" not in text and "None" not in text, text


@pytest.mark.parametrize("node", [e for e in EXAMPLES if isinstance(
    e, (ast.Call, ast.EachPlayer, ast.ForEachPlayer, ast.Either, ast.If))],
    ids=lambda n: type(n).__name__)
def test_every_statement_renders_in_a_script(node: ast.Node) -> None:
    for body in ((node,), (ast.EachPlayer(each=ast.Each(others=True),
                                          body=ast.Block(body=(node,))),)):
        text = render(ast.Script(body=ast.Block(body=body)))
        assert text.endswith(".") and text[0].isupper(), text


# -- every primitive's template ---------------------------------------------------------------
def _sample(ptype: str, name: str) -> Any:
    return {
        "var": "v", "choice": ast.RegionChoice(set=ast.AllRegions()),
        "qty": ast.Qty(mode="up_to", n=2), "flag": True, "players": ast.Opponents(),
        "region": ast.King(), "regions": ast.Anywhere(),
        "each": ast.Each(others=True), "kind": "veto", "duration": "next scoring",
        "cardplace": ast.CardPlace(kind="stack", n=2),
        "carddest": ast.CardPlace(kind="held", holder=ast.CardHolder()),
        "cardref": ast.CardRef(name="c"), "way": "lose", "points": ast.Int(value=2),
    }.get(ptype, ast.Castillo())


@pytest.mark.parametrize("name", sorted(SIGNATURES))
@pytest.mark.parametrize("inside_each", [False, True])
def test_every_primitive_template_is_filled(name: str, inside_each: bool) -> None:
    sig = SIGNATURES[name]
    call = ast.Call(name=name, args=tuple((p.name, _sample(p.type, p.name))
                                          for p in sig.params))
    stmt: ast.Node = call
    if inside_each:
        stmt = ast.EachPlayer(each=ast.Each(others=True), body=ast.Block(body=(call,)))
    _well_formed(render(ast.Script(body=ast.Block(body=(stmt,)))))
    flagless = ast.replace(call, args=tuple((k, False if v is True else v)
                                            for k, v in call.args))
    _well_formed(render(ast.Script(body=ast.Block(body=(flagless,)))))


# -- the shipped cards ----------------------------------------------------------------------------
_CARDS = Path(__file__).resolve().parent.parent / "cards"


def _card_effects() -> list[tuple[str, str]]:
    out = []
    for path in sorted(_CARDS.rglob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        if isinstance(data, dict) and isinstance(data.get("effect"), str):
            out.append((str(path.relative_to(_CARDS)), data["effect"]))
    return out


@pytest.mark.parametrize("path,effect", _card_effects() or [("none", "pass\n")],
                         ids=lambda x: x if x.endswith(".yaml") else "")
def test_shipped_cards_render(path: str, effect: str) -> None:
    _well_formed(render(parse(effect, path)))


def test_b8_another_players_court_reads_the_court_of_player() -> None:
    text = render(parse("p = choose player from opponents\n"
                        "c = choose card from held cards of p\n"
                        "move card c to held cards of p\n"))
    assert "the cards held in the court of player 'p' (call it 'c')" in text
    assert "into the court of player 'p' (held there)" in text
    assert "''s" not in text
    mine = render(parse("c = choose card from held cards of me\n"))
    assert "the cards held in your court" in mine
