"""Lasting rule changes (``change PARAM [in SET] to VALUE DURATION``, ``close SET to placement
and moves DURATION``): the parameters the base rules module declares (where this turn's
placement from court goes and how many it places, B4.3; places closed to placement and
moves, B5.2; how caballeros count in a ranking, B6.5), their English, the checker's
errors, the hooks that read a change and the durations that end it. The homebrew test
cards are in ``tests/fixtures/rule_changes/``."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from test_game_properties import answer_randomly

from elgrande.dsl import ast
from elgrande.dsl.checker import check_script
from elgrande.dsl.parser import parse
from elgrande.dsl.render import render
from elgrande.dsl.rule_params import RULE_PARAMS, change_problems
from elgrande.engine.court import placement_decision
from elgrande.engine.interpreter import Interpreter
from elgrande.engine.modules import find_module, load_rules
from elgrande.errors import CardError, IllegalMove
from elgrande.model.hook_context import HookContext
from elgrande.model.scoring import score_region
from elgrande.play.game import Game, new_game
from elgrande.rules.base_data import placement_limit

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "rule_changes"
BASE = find_module("base")
PARAMS = {p.name: p for p in BASE.rule_params}
CARD = "hb-test"


def _game(seed: int, cards: list[str] | None = None, steps: int = 40) -> Game:
    """A 3-player base game with the homebrew test cards, some way in."""
    return answer_randomly(new_game(3, seed=seed, logging=False,
                                     cards=cards if cards is not None else [str(FIXTURES)]),
                           steps, seed)


def _homebrew(tmp_path: Path, effect: str) -> str:
    """A folder with one homebrew card of ``effect``."""
    body = "\n".join("  " + ln for ln in effect.strip().splitlines())
    (tmp_path / "card.yaml").write_text(
        f"id: {CARD}\nset: homebrew\nkind: action\ntitle: Test\nstack: 2\ncopies: 1\n"
        f"text: a test card\neffect: |\n{body}\nrules: [B4.3]\n", encoding="utf-8")
    return str(tmp_path)


def _run(g: Game, script: str, actor: int, answers: list[Any] | None = None,
         card: str = CARD) -> list[dict[str, Any]]:
    """Run ``script`` as card ``card`` of ``actor`` on ``g``'s state with the game's
    rules, answering with ``answers`` in order; the events."""
    interp = Interpreter(g.library.board, {card: parse(script)}, g._engine.rules)
    run = interp.begin(card, actor)
    events: list[dict[str, Any]] = []
    todo = list(answers or [])
    d = interp.advance(g.state, run, events)
    while d is not None:
        d = interp.answer(g.state, run, d.players[0], todo.pop(0), events)
    return events


def _rule_records(g: Game) -> list[Any]:
    return [x for x in g.state.lasting if x.kind == "rule"]


# -- declarations ----------------------------------------------------------------------------------
def test_b4_3_b5_2_b6_5_the_base_rules_module_declares_its_changeable_parameters() -> None:
    assert set(PARAMS) == {"placement number", "placement places", "closed", "ranking count"}
    assert {n: (p.type, p.rule) for n, p in PARAMS.items()} == {
        "placement number": ("number", "B4.3"), "placement places": ("regions", "B4.3"),
        "closed": ("flag", "B5.2"), "ranking count": ("number", "B6.5")}
    assert all(RULE_PARAMS[n] is p for n, p in PARAMS.items())  # registered when made
    assert PARAMS["closed"].where and PARAMS["ranking count"].where
    assert not PARAMS["closed"].own and PARAMS["placement number"].own
    assert PARAMS["ranking count"].own


def test_b4_3_a_base_game_whose_cards_change_no_rule_composes_none_of_their_hooks() -> None:
    rules = new_game(3, seed=1, logging=False)._engine.rules
    assert rules.changed == () and rules.param_placement_key is None
    for hook in ("placement_limit", "placement_targets", "placement_refused",
                 "placement_room", "movable", "sendable", "ranking_counts", "turn_end",
                 "scored", "scoring_step"):
        assert rules.composed[hook] is None, hook


def test_b5_2_b6_5_only_the_changed_parameters_hooks_are_composed() -> None:
    rules = _game(1, steps=0)._engine.rules
    assert {p.name for p in rules.changed} == {"closed", "ranking count"}
    assert rules.placement_limit is None  # no card changes the placement number
    assert rules.movable is not None and rules.ranking_counts is not None
    assert rules.composed["castillo_emptied"] is not None  # 'until next scoring' ends
    assert rules.scored is not None and rules.turn_end is None  # no 'this turn' change


# -- English ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("script, words", [
    ("change placement number to up to 5 this turn",
     "This turn, you may place up to 5 caballeros from your court (not the number your "
     "cards give)."),
    ("change placement places to adjacent to king or castillo until end of next round",
     "Until the end of next round, your placement from court may go to"),
    ("close castillo to placement and moves until next scoring",
     "Until the next general scoring is over, no caballero may be placed in the Castillo, "
     "nor moved or sent into or out of it."),
    ("change ranking count in aragon to 2 this round",
     "Until the end of this round, each of your caballeros in Aragon counts as 2 in its "
     "ranking."),
])
def test_each_rule_parameter_renders_what_the_change_does(script: str, words: str) -> None:
    assert render(parse(script)).startswith(words)


def test_b8_7_a_change_inside_each_player_reads_for_that_player() -> None:
    text = render(parse("each player:\n  change placement number to 3 this turn\n"))
    assert "this turn, they may place up to 3 caballeros from their court" in text


# -- the checker -------------------------------------------------------------------------------
def _problems(script: str) -> list[CardError]:
    return check_script(parse(script, "c.yaml", 5, 3), "c.yaml",
                        ["aragon", "castillo", "galicia"], rule_params=PARAMS)


def test_an_unknown_rule_parameter_is_an_error_at_its_position() -> None:
    (p,) = _problems("change placment number to up to 3 this turn")
    assert (p.code, p.line, p.column) == ("E-RULE-PARAM", 5, 3)
    assert "placement number" in p.hint


@pytest.mark.parametrize("script, code, column", [
    ("change ranking count in aragon to castillo this round", "E-RULE-VALUE", 37),
    ("change placement places to 3 this turn", "E-RULE-VALUE", 30),
    ("change ranking count to 2 this round", "E-RULE-PARAM", 3),
    ("change placement number in aragon to 2 this turn", "E-RULE-PARAM", 30),
])
def test_a_wrong_value_type_or_places_is_an_error_at_its_position(script: str, code: str,
                                                                  column: int) -> None:
    (p,) = _problems(script)
    assert (p.code, p.line, p.column) == (code, 5, column)


def test_a_rule_change_cannot_last_once_and_a_kept_card_not_this_turn() -> None:
    call = parse("change placement number to 3 this turn").body.body[0]
    assert isinstance(call, ast.Call)
    odd = ast.replace(call, args=tuple((k, "once" if k == "until" else v)
                                       for k, v in call.args))
    assert [c for _, c, _, _ in change_problems(odd, PARAMS)] == ["E-RULE-DURATION"]
    assert [p.code for p in _problems("keep veto this turn")] == ["E-TYPE"]


@pytest.mark.parametrize("script, code", [
    ("change placement number to 3 once", "E-RULE-DURATION"),
    ("change placement number to 3 while held", "E-RULE-DURATION"),
    ("keep veto this turn", "E-TYPE"),
    ("keep veto once", "E-TYPE"),
])
def test_a_duration_the_declaration_does_not_allow_is_one_error(script: str,
                                                                 code: str) -> None:
    """The checker reads each statement's allowed durations from its signature
    (``Param.allowed``, ``Param.refusal``): one error, at the statement, naming them."""
    (p,) = _problems(script)
    assert (p.code, p.line, p.column) == (code, 5, 3)
    assert "cannot last" in p.message and "'until end of next round'" in p.hint


def test_the_declared_durations_are_the_ones_the_engine_ends() -> None:
    from elgrande.dsl.rule_params import DURATIONS
    from elgrande.dsl.signatures import DURATION_WORDS, SIGNATURES, WHEN_DURATION

    assert set(SIGNATURES["change_rule"].param("until").allowed) == set(DURATIONS)
    assert set(WHEN_DURATION.allowed) == set(DURATION_WORDS)
    for duration in DURATION_WORDS:  # a trigger may last any of them
        assert not _problems(f"when turn starts {DURATION_WORDS[duration]}:\n    pass")


def test_loading_the_rules_refuses_a_card_that_changes_an_undeclared_parameter() -> None:
    with pytest.raises(CardError) as exc:
        load_rules(["base"], ["veto"], scripts={CARD: parse("change hand size to 3 this round")})
    assert exc.value.code == "E-RULE-PARAM" and CARD in str(exc.value)


def test_the_homebrew_test_cards_validate_cleanly() -> None:
    from click.testing import CliRunner

    from elgrande.tools.cli import main

    result = CliRunner().invoke(main, ["validate", str(FIXTURES), "--strict"])
    assert result.exit_code == 0, result.output
    assert "2 cards smoke-played" in result.output


# -- B4.3: the placement number and places ----------------------------------------------------
def test_b4_3_a_changed_placement_number_holds_for_its_maker_this_turn(tmp_path: Path) -> None:
    g = _game(3, [_homebrew(tmp_path, "change placement number to up to 6 this turn")], 0)
    eng, st = g._engine, g.state
    st.court[1] = 9
    _run(g, "change placement number to up to 6 this turn", 1)
    assert eng.rules.placement_limit(eng.hooks(st, 1), 2) == 6
    assert eng.rules.placement_limit(eng.hooks(st, 0), 2) == 2  # another player's: as before
    d = placement_decision(eng, st, 1, eng.rules.placement_limit(eng.hooks(st, 1), 2))
    assert d is not None and d.options["max"] == 6
    eng.rules.turn_end(eng.hooks(st, 1), "")  # the turn is over: so is the change
    assert _rule_records(g) == [] and eng.rules.placement_limit(eng.hooks(st, 1), 2) == 2



def test_b4_3_the_placement_limit_reads_the_changes_hooks_only_while_a_lasting_effect_is_live(
        tmp_path: Path) -> None:
    """A rule change's hooks read the live changes only (``RuleParam.hooks``): with no
    lasting effect the turn's limit is the modules' hooks' (here none: the card's number),
    with one live it is the change's (``rules/base_data.placement_limit``)."""
    g = _game(3, [_homebrew(tmp_path, "change placement number to up to 6 this turn")], 0)
    eng, st, flow = g._engine, g.state, g.flow
    assert eng.rules.placement_limit is not None and eng.rules.modules_placement_limit is None
    flow.card = next(c for c in g.library.cards.cards.values() if c.place).id
    flow.turn_order, flow.turn_i = [1, 0, 2], 0
    number = g.library.cards.cards[flow.card].place
    assert not st.lasting and placement_limit(eng, st, flow) == number
    _run(g, "change placement number to up to 6 this turn", 1)
    assert st.lasting and placement_limit(eng, st, flow) == 6
    flow.turn_order = [0, 1, 2]  # another player's turn: as the card says
    assert placement_limit(eng, st, flow) == number


def test_i4_the_placement_limit_without_lasting_effects_is_the_caballero_cards_hook_alone() -> None:
    """I4: an Intrigue & the King game whose cards change the placement number composes
    the Caballero card's hook with the change's; without them, the module's hook itself."""
    from elgrande.rules import intrigue_king as ik

    rules = new_game(4, seed=1, logging=False, sets=("base", "intrigue-king"),
                     fill="provisional")._engine.rules
    assert rules.placement_limit is not ik._placement_limit
    assert rules.modules_placement_limit is ik._placement_limit

VARIABLE_LIMIT = "n = choose number from 1 to 3\nchange placement number to up to n this turn"


@pytest.mark.parametrize("script, value", [
    (VARIABLE_LIMIT, 3),
    ("n = choose number from 1 to 3\nchange placement number to n + 2 this turn", 5),
    ("n = choose number from 1 to 3\nchange placement number to n this turn", 3),
    ("change placement number to score of me + 1 this turn", None),
])
def test_b4_3_a_changed_placement_number_may_come_from_a_number_expression(
        tmp_path: Path, script: str, value: int | None) -> None:
    """``up to N`` and ``N`` take number expressions, as quantities do, evaluated when the
    change is made (a bare number variable too: the parameter takes a number)."""
    g = _game(3, [_homebrew(tmp_path, script)], 0)
    eng, st = g._engine, g.state
    st.court[1] = 9
    st.scores[1] = 4
    events = _run(g, script, 1, [3] if script.startswith("n =") else [])
    want = 5 if value is None else value
    assert [x.data["value"] for x in _rule_records(g)] == [want]
    assert eng.rules.placement_limit(eng.hooks(st, 1), 2) == want
    assert any(f"to {want} (this turn" in str(e.get("text")) for e in events)
    assert not _problems(script)


def test_a_rule_change_from_a_number_variable_reads_and_checks_as_a_quantity() -> None:
    assert render(parse(VARIABLE_LIMIT)).endswith(
        "This turn, you may place up to 'n' caballeros from your court (not the number your "
        "cards give).")
    assert render(parse("change placement number to score of me + 1 this turn")).startswith(
        "This turn, you may place up to your score plus 1 caballeros")
    for script in ("change placement number to up to m this turn",
                   "change placement number to m this turn",
                   "change placement number to m + 1 this turn"):
        (p,) = _problems(script)  # as for a quantity: an unknown variable
        assert "'m' is neither a variable set earlier" in p.message
    # a number variable where a region set is wanted stays an error
    (p,) = _problems("n = choose number from 1 to 3\nchange placement places to n this turn")
    assert "'n' is a number" in p.message


def test_b4_3_b5_2_changed_placement_places_never_take_the_kings_region(
        tmp_path: Path) -> None:
    effect = "change placement places to anywhere this turn"
    g = _game(4, [_homebrew(tmp_path, effect)], 0)
    eng, st, b = g._engine, g.state, g.library.board
    st.court[0] = 5
    before = placement_decision(eng, st, 0, 3)
    _run(g, effect, 0)
    d = placement_decision(eng, st, 0, 3)
    assert before is not None and d is not None
    assert set(d.options["to"]) == {b.place_id(r) for r in [*b.regions, b.castillo]
                                    if r != st.king} > set(before.options["to"])
    with pytest.raises(IllegalMove) as exc:
        d.check({b.place_id(st.king): 1}, 0)
    assert exc.value.rule == "B5.2"
    other = placement_decision(eng, st, 1, 3) if st.court[1] else None
    if other is not None:  # another player's placement: next to the king as before
        assert set(other.options["to"]) < set(d.options["to"])


# -- B5.2: a place closed to placement and moves ------------------------------------------------
def _quarantine(g: Game, actor: int, region: str) -> None:
    script = (FIXTURES / "quarantine.yaml").read_text(encoding="utf-8")
    effect = script.split("effect: |\n", 1)[1].split("rules:", 1)[0]
    _run(g, "\n".join(ln.strip() for ln in effect.splitlines()) + "\n", actor, [region],
         card="hb-quarantine")


def _open_region(g: Game) -> str:
    b, st = g.library.board, g.state
    return next(b.place_id(r) for r in b.regions if r != st.king and r != b.castillo)


def test_b5_2_a_closed_region_refuses_placement_citing_the_card() -> None:
    g = _game(5)
    eng, st, b = g._engine, g.state, g.library.board
    target = next(b.place_id(r) for r in sorted(b.places[st.king].adjacent) if r != b.castillo)
    _quarantine(g, 0, target)
    (x,) = _rule_records(g)
    assert (x.data["param"], x.data["until"], x.card) == ("closed", "next scoring",
                                                          "hb-quarantine")
    st.court[1] = 4
    d = placement_decision(eng, st, 1, 4)
    assert d is not None and target not in d.options["to"]
    rule, why = d.options["refused"][target]
    assert rule == "B5.2" and "hb-quarantine" in why and "closed" in why
    with pytest.raises(IllegalMove) as exc:
        d.check({target: 1}, 1)
    assert exc.value.rule == "B5.2" and "hb-quarantine" in str(exc.value)


def test_b5_2_b8_2_a_closed_region_refuses_moves_in_and_out_citing_the_card() -> None:
    g = _game(6)
    st, b = g.state, g.library.board
    full = [r for r in b.regions if r != st.king and sum(st.caballeros[r]) > 0]
    shut = b.place_id(full[0])
    _quarantine(g, 0, shut)
    interp = Interpreter(b, {CARD: parse("move up to 3 caballeros of any player from "
                                         "regions to regions\n")}, g._engine.rules)
    run = interp.begin(CARD, 0)
    d = interp.advance(st, run, [])
    assert d is not None and d.kind == "move_caballeros"
    assert shut not in d.options["sources"]  # nothing leaves it
    rule, _why = d.options["room"][shut][1:]
    assert rule == "B5.2"
    src = next(iter(d.options["sources"]))
    who = int(next(iter(d.options["sources"][src])))
    with pytest.raises(IllegalMove) as exc:
        d.check([{"from": src, "to": shut, "player": who, "n": 1}], 0)
    assert exc.value.rule == "B5.2" and "hb-quarantine" in str(exc.value)


def test_b5_2_a_closed_region_lasts_until_the_next_general_scoring_is_over() -> None:
    g = _game(7, steps=5)
    _quarantine(g, 0, _open_region(g))
    rng = random.Random(7)
    while True:
        d = g.pending
        assert d is not None
        events = g.answer(d.players[0], d.random_answer(rng, d.players[0]))
        scoring = any(e["event"] == "general_scoring" for e in events)
        if not _rule_records(g):
            break
        assert not scoring  # it held up to the scoring
    seen_scoring = scoring
    assert seen_scoring  # it ended with the scoring, not before


# -- B6.5: how caballeros count in a ranking --------------------------------------------------
def test_b6_5_a_changed_ranking_count_doubles_the_changers_caballeros_there() -> None:
    g = _game(8)
    st, b, rules = g.state, g.library.board, g._engine.rules
    r = next(r for r in b.regions if st.caballeros[r][0] and sum(st.caballeros[r]) >
             st.caballeros[r][0])
    before = score_region(st.copy(), b, r, False, rules)
    _run(g, "rallied = choose region from regions with own caballeros\nchange ranking "
         "count in rallied to 2 until next scoring\n", 0, [b.place_id(r)], card="hb-rally")
    after = score_region(st.copy(), b, r, False, rules, HookContext(st, b, []))
    want = {ln.participant: ln.caballeros * (2 if ln.participant == 0 else 1)
            for ln in before.lines if ln.caballeros}
    assert {ln.participant: ln.caballeros for ln in after.lines if ln.caballeros} == want
    assert rules.scoring_places(HookContext(st, b, [])) >= {r}


def test_b6_5_b8_6_a_ranking_count_changed_this_round_counts_in_a_special_scoring() -> None:
    g = _game(9)
    st, b = g.state, g.library.board
    r = next(r for r in b.regions if r != st.king and st.caballeros[r][1] > 0
             and sum(st.caballeros[r]) > st.caballeros[r][1])
    events = _run(g, f"change ranking count in {b.place_id(r)} to 3 this round\n"
                  f"score {b.place_id(r)}\n", 1)
    (scored,) = [e for e in events if e["event"] == "score"]
    counts = {ln["participant"]: ln["caballeros"] for ln in scored["result"]["lines"]
              if ln["caballeros"]}
    assert counts == {p: (3 if p == 1 else 1) * n for p, n in enumerate(st.caballeros[r]) if n}
    assert _rule_records(g)[0].expires == st.round  # it ends with the round (B8.4)


# -- seeded games ----------------------------------------------------------------------------------
def test_the_rule_change_test_cards_play_through_seeded_games() -> None:
    made = 0
    for seed in range(12):
        g = new_game(3, seed=seed, cards=[str(FIXTURES)], logging=False)
        rng = random.Random(seed)
        while not g.over:
            d = g.pending
            assert d is not None
            g.answer(d.players[0], d.random_answer(rng, d.players[0]))
            made += len(_rule_records(g)) > 0
    assert made > 0  # some game played one of them


def test_b8_4_a_saved_game_keeps_a_live_rule_change() -> None:
    g = _game(10)
    _quarantine(g, 1, _open_region(g))
    again = Game.from_json(g.to_json(), logging=False)
    assert [(x.kind, x.player, x.expires, x.card, x.data) for x in again.state.lasting] == \
        [(x.kind, x.player, x.expires, x.card, x.data) for x in g.state.lasting]
    assert _rule_records(again)[0].data["param"] == "closed"
