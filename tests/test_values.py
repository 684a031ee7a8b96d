"""Numbers, players and conditions of the card language (docs/dsl.md, "Conditions and
numbers"): how they parse, what the checker says of them, their English, and what they
are in a game (engine/values.py). A bring's ``up to N`` brings up to N (B4.1), a plain
N and ``exactly N`` as many as can, up to N (B8.7); ``each other player`` goes clockwise
from the acting player's left (B8.7). The example card ``examples/homebrew/windfall.yaml``
validates, reads as it plays and plays in seeded games."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from elgrande.dsl import ast
from elgrande.dsl.checker import check_script
from elgrande.dsl.parser import keywords, parse
from elgrande.dsl.render import render
from elgrande.engine.context import Ctx, Frame, Run
from elgrande.engine.interpreter import Interpreter
from elgrande.engine.values import MAX_VALUE, condition, limits, number, quantity
from elgrande.errors import CardError
from elgrande.play.game import Game, new_game
from elgrande.players.bots import make_bot, play

ROOT = Path(__file__).resolve().parent.parent
WINDFALL = ROOT / "examples" / "homebrew" / "windfall.yaml"
IDS = ["castile", "aragon", "galicia", "castillo"]
CARD = "hb-values"


def _stmt(src: str) -> Any:
    return parse(src).body.body[0]


def _cond(src: str) -> Any:
    return _stmt(f"if {src}:\n    pass\n").cond


def _problems(src: str) -> list[CardError]:
    return check_script(parse(src), "card.yaml", IDS)


def _codes(src: str) -> list[tuple[str, int, int]]:
    return [(p.code, p.line, p.column) for p in _problems(src)]


# -- parsing ----------------------------------------------------------------------------------
def test_number_forms_parse_to_their_nodes() -> None:
    c = _cond("highest score - score of me + rank of p >= caballeros of p in provinces")
    assert isinstance(c, ast.Compare)
    assert c.left == ast.Add(left=ast.Sub(left=ast.HighestScore(line=1, column=4),
                                          right=ast.ScoreOf(player=ast.Me(line=1, column=29),
                                                            line=1, column=20),
                                          line=1, column=4),
                             right=ast.RankOf(player=ast.PlayerVar(name="p", line=1,
                                                                   column=42),
                                              line=1, column=34), line=1, column=4)
    assert isinstance(c.right, ast.CountOf) and isinstance(c.right.where, ast.Provinces)
    assert isinstance(_cond("caballeros of me in court > 0").left.where, ast.Court)
    assert isinstance(_cond("caballeros of me in (castile or aragon) > 0").left.where, ast.Union)
    assert isinstance(_cond("n == 2").left, ast.NumVar)


def test_quantities_take_number_expressions_and_exactly() -> None:
    q = _stmt("move 2 caballeros from provinces to court\n").arg("qty")
    assert (q.mode, q.n, q.value, q.said) == ("exactly", 2, None, False)
    q = _stmt("move exactly 2 caballeros from provinces to court\n").arg("qty")
    assert (q.mode, q.n, q.said) == ("exactly", 2, True)
    q = _stmt("move up to n + 1 own caballeros from castile to aragon\n").arg("qty")
    assert q.mode == "up_to" and q.n is None and isinstance(q.value, ast.Add)
    q = _stmt("move score of me own caballeros from regions to provinces\n").arg("qty")
    assert q.mode == "exactly" and isinstance(q.value, ast.ScoreOf)


def test_conditions_not_binds_closest_or_loosest() -> None:
    c = _cond("not 1 > 2 and 2 > 1 or set colonies is in play")
    assert isinstance(c, ast.Or) and isinstance(c.left, ast.And)
    assert isinstance(c.left.left, ast.Not) and isinstance(c.right, ast.SetInPlay)
    c = _cond("1 > 2 or 2 > 1 and 3 > 1")
    assert isinstance(c, ast.Or) and isinstance(c.right, ast.And)
    # after a region test an 'or' continues the region set (as before)
    c = _cond("x is castile or aragon")
    assert isinstance(c, ast.IsIn) and isinstance(c.set, ast.Union)


# -- the checker ------------------------------------------------------------------------------
def test_a_player_where_a_number_is_wanted_is_a_type_error_at_its_position() -> None:
    src = ("p = choose player from opponents\nif p > 2:\n"
           "    move 1 caballero from provinces to court\n")
    assert _codes(src) == [("E-TYPE", 2, 4)]
    src = "p = choose player from opponents\nmove p caballeros from provinces to court\n"
    assert _codes(src) == [("E-TYPE", 2, 6)]


def test_a_number_or_region_where_a_player_is_wanted_is_a_type_error() -> None:
    src = ("n = choose number from 1 to 3\nif score of n > 2:\n"
           "    move n caballeros from provinces to court\n")
    assert [c for c, *_ in _codes(src)] == ["E-TYPE"]
    assert [c for c, *_ in _codes("if castile > 2:\n    pass\n")] == ["E-TYPE"]


def test_an_unknown_variable_in_a_number_is_an_error_with_its_position() -> None:
    [p] = _problems("move 1 caballero from provinces to court\nif 1 > m:\n    pass\n")
    assert (p.code, p.line, p.column, p.severity) == ("E-UNDEFINED", 2, 8, "error")
    [p] = _problems("move rank of q caballeros from provinces to court\n")
    assert (p.code, p.line, p.column) == ("E-UNDEFINED", 1, 14)


def test_a_choice_never_read_decides_nothing_and_is_a_warning() -> None:
    [p] = _problems("n = choose number from 1 to 3\nmove 2 caballeros from provinces to court\n")
    assert (p.code, p.severity, p.line, p.column) == ("W-CHOICE-DECIDES-NOTHING", "warning",
                                                       1, 1)
    [p] = _problems("n = choose number from 2 to 2\nmove n caballeros from provinces to court\n")
    assert p.code == "W-CHOICE-DECIDES-NOTHING" and "one number" in p.message
    [p] = _problems("each other player secretly chooses region pick from mainland regions\n"
                    "move 1 caballero from provinces to court\n")
    assert p.code == "W-CHOICE-DECIDES-NOTHING"
    assert _problems("r = choose region from regions\nscore r\n") == []


def test_an_unused_for_each_variable_is_a_warning() -> None:
    [p] = _problems("for each other player q:\n    move 1 caballero from provinces to court\n")
    assert (p.code, p.severity, p.line) == ("W-UNUSED-VARIABLE", "warning", 1)
    assert _problems("for each other player q:\n    move 1 caballero of q from regions "
                     "to provinces\n") == []


def test_new_words_are_reserved() -> None:
    for word in ("me", "rank", "highest", "exactly", "set", "play"):
        assert word in keywords()


def test_every_reserved_word_as_a_variable_s_name_is_e_redefined_not_a_syntax_error() -> None:
    """docs/dsl.md#reserved: a reserved name gives E-REDEFINED, also where the parser
    stops at the '=' (``pass = ...``: 'pass' is a statement), at the word's column."""
    for word in sorted(keywords()):
        src = (f"  {word} = choose number from 1 to 3\n"
               "move 1 caballero from provinces to court\n")
        try:
            problems = [(p.code, p.line, p.column, p.message) for p in _problems(src)]
        except CardError as err:
            problems = [(err.code, err.line, err.column, err.message)]
        assert problems[0][:3] == ("E-REDEFINED", 1, 3), (word, problems)
        assert f"{word!r} is a word of the effect language" in problems[0][3], word


# -- English -----------------------------------------------------------------------------------
def test_b4_1_a_bring_reads_as_its_quantity_says() -> None:
    up_to = render(parse("move up to 2 caballeros from provinces to court\n"))
    assert "Bring up to 2 caballeros from your provinces to your court" in up_to
    assert "Bring 2 caballeros" in render(parse("move 2 caballeros from provinces to court\n"))
    assert "Bring exactly 2 caballeros" in render(parse(
        "move exactly 2 caballeros from provinces to court\n"))
    text = render(parse("each player:\n    move up to 2 caballeros from provinces to court\n"))
    assert "brings up to 2 caballeros" in text and "brings 2" not in text


def test_b8_7_each_other_player_reads_clockwise_from_your_left() -> None:
    text = render(parse("each other player:\n    move 1 own caballero from regions to "
                        "provinces\n"))
    assert "Each other player, clockwise from your left:" in text
    assert "in turn order" not in text
    text = render(parse("for each other player p:\n    move 1 caballero of p from regions "
                        "to provinces\n"))
    assert "clockwise from your left" in text


def test_any_player_says_it_includes_you() -> None:
    text = render(parse("move up to 2 caballeros of any player from castile to aragon\n"))
    assert "any player (you included)" in text
    text = render(parse("move up to 2 caballeros of opponents from castile to aragon\n"))
    assert "any other player" in text
    assert "you included" in render(parse("p = choose player from any player\n"
                                          "move 1 caballero of p from regions to provinces\n"))


def test_numbers_and_conditions_read_in_words() -> None:
    text = render(parse(
        "n = choose number from 1 to 3\n"
        "if highest score - score of me >= 20 and not set colonies is in play:\n"
        "    move up to n + 1 own caballeros from castile to aragon\n"
        "if rank of me == 1 or caballeros of me in provinces < 3:\n"
        "    move exactly n caballeros from provinces to court\n"))
    assert "the highest score minus your score is at least 20" in text
    assert "the set 'colonies' is not in play" in text
    assert "move up to 'n' plus 1 of your caballeros" in text
    assert "your rank (1 for the leader) is 1" in text
    assert "the number of caballeros in your provinces is less than 3" in text
    assert "bring exactly 'n' caballeros" in text


def test_a_negated_and_reads_as_or() -> None:
    text = render(parse("if not set colonies is in play:\n    pass\n"))
    assert "is not in play" in text
    c = ast.Not(cond=ast.And(left=ast.SetInPlay(set_name="a"), right=ast.SetInPlay(set_name="b")))
    text = render(ast.Script(body=ast.Block(body=(ast.If(cond=c, then=ast.Block(
        body=(ast.Call(name="pass_", args=()),))),))))
    assert "the set 'a' is not in play or the set 'b' is not in play" in text


# -- values in a game --------------------------------------------------------------------------
def _game(seed: int = 1, players: int = 3, sets: tuple[str, ...] = ("base",)) -> Game:
    return new_game(players, seed=seed, sets=sets,
                    fill="provisional" if len(sets) > 1 else None)


def _ctx(g: Game, actor: int = 0, env: dict[str, Any] | None = None) -> Ctx:
    run = Run(CARD, actor, [Frame([], 0, actor)], env)
    return Ctx(g.state, g.library.board, run, actor)


def test_scores_ranks_and_counts_are_read_from_the_state() -> None:
    g = _game()
    s = g.state
    s.scores[:] = [10, 30, 10]
    s.provinces[1], s.court[1] = 7, 4
    castile = g.library.board.index["old_castile"]
    s.caballeros[castile][1] = 3
    ctx = _ctx(g, actor=0, env={"p": 1, "n": 2, "nobody": None})
    assert number(ctx, _cond("highest score - score of me > 0").left) == 20
    assert number(ctx, _cond("rank of me > 0").left) == 2  # tied second: one has more
    assert number(ctx, _cond("rank of p > 0").left) == 1
    assert number(ctx, _cond("caballeros of p in provinces > 0").left) == 7
    assert number(ctx, _cond("caballeros of p in court > 0").left) == 4
    assert number(ctx, _cond("caballeros of p in old_castile > 0").left) == 3
    assert number(ctx, _cond("n + n - 1 > 0").left) == 3
    assert number(ctx, _cond("score of nobody > 0").left) == 0  # nobody chosen: 0


def test_conditions_and_or_not_and_the_sets_in_play() -> None:
    g = _game(sets=("base", "intrigue-king"))
    ctx = _ctx(g)
    assert condition(ctx, _cond("set intrigue_king is in play"))
    assert condition(ctx, _cond("set base is in play and not set colonies is in play"))
    assert condition(ctx, _cond("set colonies is in play or 1 < 2"))
    assert not condition(ctx, _cond("set colonies is in play or 2 < 1"))


def _run(g: Game, script: str, actor: int, answers: list[Any]) -> list[dict[str, Any]]:
    """Run ``script`` by ``actor`` on ``g``'s state with ``answers`` in order; the
    decisions met (kind, options)."""
    interp = Interpreter(g.library.board, {CARD: parse(script)}, g._engine.rules)
    run = interp.begin(CARD, actor)
    events: list[dict[str, Any]] = []
    met: list[dict[str, Any]] = []
    d = interp.advance(g.state, run, events)
    for a in answers:
        assert d is not None, f"no decision for answer {a!r}"
        met.append({"kind": d.kind, **d.options})
        d = interp.answer(g.state, run, d.players[0], a, events)
    assert d is None, f"a decision left: {d.kind}"
    return met


def test_b4_1_a_bring_of_up_to_2_brings_up_to_2() -> None:
    g = _game()
    s = g.state
    before = s.court[0]
    [d] = _run(g, "move up to 2 caballeros from provinces to court\n", 0, [0])
    assert d["kind"] == "bring_to_court" and d["limit"] == 2
    assert s.court[0] == before  # none was a legal answer


@pytest.mark.parametrize("qty", ["exactly 2", "2"])
def test_b4_1_b8_7_exactly_2_or_a_plain_2_brings_2_without_a_choice(qty: str) -> None:
    g = _game()
    s = g.state
    court, provinces = s.court[0], s.provinces[0]
    assert _run(g, f"move {qty} caballeros from provinces to court\n", 0, []) == []
    assert (s.court[0], s.provinces[0]) == (court + 2, provinces - 2)


def test_a_chosen_number_is_the_quantity() -> None:
    g = _game()
    s = g.state
    court = s.court[0]
    met = _run(g, "n = choose number from 1 to 3\n"
               "move exactly n caballeros from provinces to court\n",
               0, [3])
    assert [m["kind"] for m in met] == ["choose_number"]
    assert s.court[0] == court + 3
    met = _run(g, "n = choose number from 1 to 3\n"
               "move up to n - 1 caballeros from provinces to court\n",
               0, [3, 1])
    assert met[1]["limit"] == 2


def test_a_quantity_below_zero_does_nothing() -> None:
    g = _game()
    court = g.state.court[0]
    assert _run(g, "move exactly 1 - 5 caballeros from provinces to court\n", 0, []) == []
    assert g.state.court[0] == court


# -- properties ---------------------------------------------------------------------------------
def _numbers() -> st.SearchStrategy[ast.Node]:
    leaves = st.one_of(
        st.integers(0, 99).map(lambda v: ast.Int(value=v)),
        st.just(ast.HighestScore()), st.just(ast.ScoreOf(player=ast.Me())),
        st.just(ast.RankOf(player=ast.Me())), st.just(ast.NumVar(name="n")),
        st.just(ast.CountOf(player=ast.PlayerVar(name="p"), where=ast.Provinces())))
    return st.recursive(leaves, lambda sub: st.one_of(
        st.builds(lambda a, b: ast.Add(left=a, right=b), sub, sub),
        st.builds(lambda a, b: ast.Sub(left=a, right=b), sub, sub)), max_leaves=12)


_GAME = _game(seed=3)


@settings(max_examples=150, deadline=None)
@given(expr=_numbers(), mode=st.sampled_from(["up_to", "exactly"]), said=st.booleans(),
       available=st.integers(0, 40), scores=st.lists(st.integers(0, 200), min_size=3,
                                                       max_size=3), n=st.integers(0, 3))
def test_a_quantity_is_never_negative_nor_more_than_can_be_taken(
        expr: ast.Node, mode: str, said: bool, available: int, scores: list[int],
        n: int) -> None:
    g = _GAME
    g.state.scores[:] = scores
    ctx = _ctx(g, env={"n": n, "p": 1})
    v = number(ctx, expr)
    assert -MAX_VALUE <= v <= MAX_VALUE
    q = ast.Qty(mode=mode, value=expr, said=said)
    got = quantity(ctx, q)
    assert got is not None and got == max(0, v)
    lo, hi = limits(ctx, q, available)
    assert 0 <= lo <= hi <= available
    assert hi == min(got, available)
    assert lo == (0 if mode == "up_to" else hi)  # a plain N as exactly N (B8.7)


# -- the example card -----------------------------------------------------------------------------
def _windfall() -> Any:
    import yaml
    data = yaml.safe_load(WINDFALL.read_text(encoding="utf-8"))
    return data, parse(data["effect"])


def test_windfall_validates_with_no_problem() -> None:
    _data, script = _windfall()
    assert check_script(script, str(WINDFALL), IDS) == []


def test_windfall_reads_as_it_plays() -> None:
    _data, script = _windfall()
    text = render(script)
    assert text == (
        "Choose a number from 1 to 3 (call it 'n'). If the highest score minus your score "
        "is at least 20, bring 'n' plus 1 caballeros from your provinces to your "
        "court; otherwise, bring 'n' caballeros from your provinces to your court.")


@pytest.mark.parametrize(("mine", "leader", "chosen", "brought"),
                         [(10, 30, 2, 3), (11, 30, 2, 2), (0, 0, 1, 1), (5, 40, 3, 4)])
def test_b4_1_windfall_brings_the_chosen_number_and_one_more_when_trailing_by_20(
        mine: int, leader: int, chosen: int, brought: int) -> None:
    g = _game()
    s = g.state
    s.scores[:] = [mine, leader, 0]
    court = s.court[0]
    _data, script = _windfall()
    interp = Interpreter(g.library.board, {"hb-windfall": script}, g._engine.rules)
    run = interp.begin("hb-windfall", 0)
    events: list[dict[str, Any]] = []
    d = interp.advance(s, run, events)
    assert d is not None and d.kind == "choose_number"
    assert interp.answer(s, run, 0, chosen, events) is None
    assert s.court[0] == court + brought


def test_windfall_plays_in_seeded_games() -> None:
    """Seeded whole games with the example cards in the stacks (random bots, the sample of
    benchmarks/homebrew_soak.py): no exception, caballeros conserved (B1.1), and the
    windfall was taken and carried out."""
    carried = 0
    for seed in range(6):
        g = new_game(3 + seed % 2, seed=seed, cards=(str(WINDFALL),), logging=False)
        play(g, [make_bot("random", 100 * seed + p) for p in range(g.state.players)])
        assert g.over and g.state.conservation_errors(g.library.board) == []
        carried += sum(1 for h in g.history if h.get("kind") == "choose_number")
        if carried and seed >= 5:
            break
    assert carried > 0


# -- elgrande validate ----------------------------------------------------------------------
_CARD = """id: hb-sample
set: homebrew
kind: action
title: "Sample"
stack: 1
copies: 1
text: "A sample."
effect: |
{effect}rules: [B4.1]
"""


def _validate(tmp_path: Path, effect: str) -> list[tuple[str, str, int, int]]:
    from elgrande.tools.validate import validate

    card = tmp_path / "sample.yaml"
    card.write_text(_CARD.format(effect="".join(f"  {ln}\n" for ln in effect.splitlines())),
                    encoding="utf-8")
    report = validate([card], smoke=0)
    return [(d.severity, d.code, d.line, d.column) for d in report.diagnostics]


def test_validate_shows_the_checker_warnings_with_their_positions(tmp_path: Path) -> None:
    got = _validate(tmp_path,
                    "n = choose number from 1 to 3\nmove 2 caballeros from provinces to court")
    assert got == [("warning", "W-CHOICE-DECIDES-NOTHING", 9, 3)]
    got = _validate(tmp_path, "p = choose player from opponents\nif p > 1:\n"
                              "    move 2 caballeros from provinces to court")
    assert got == [("error", "E-TYPE", 10, 6)]


def test_validate_a_quantity_of_whole_numbers_below_one_never_acts(tmp_path: Path) -> None:
    assert _validate(tmp_path, "move exactly 2 - 3 caballeros from provinces to court") == [
        ("warning", "W-NEVER-ACTS", 9, 3)]
    assert _validate(tmp_path, "move exactly 3 - 2 caballeros from provinces to court") == []


def test_b8_7_a_move_and_a_send_take_a_number_expression_as_their_quantity() -> None:
    g = _game()
    s = g.state
    b = g.library.board
    aragon, galicia = b.index["aragon"], b.index["galicia"]
    s.king = b.index["valencia"]
    s.caballeros[aragon][0] = 5
    s.scores[:] = [2, 0, 0]
    met = _run(g, "move up to score of me + 1 own caballeros from aragon to galicia\n", 0,
               [[{"from": "aragon", "to": "galicia", "n": 3}]])
    assert met[0]["kind"] == "move_caballeros" and met[0]["max"] == 3
    assert (s.caballeros[aragon][0], s.caballeros[galicia][0]) == (2, 3)
    provinces = s.provinces[0]
    # a plain N sends as many as can, up to N: 2 of the 2 left, no choice
    assert _run(g, "move score of me + 1 own caballeros from aragon to provinces\n", 0,
                []) == []
    assert (s.caballeros[aragon][0], s.provinces[0]) == (0, provinces + 2)
