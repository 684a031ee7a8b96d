"""The scenario runner runs what a game runs, with the Colonies: a ``special`` step ends
with the sets' ``special_action_done`` hooks (C7: a 7th-stack card's gold and goods appear; C13:
a removed card leaves the offer) and the follow-up decisions a game asks then; card data
no source gives is reported missing, never read as 0; ``ship`` steps of two players are
two turns (C5); every follow-up decision a Colonies move raises is declared with its
answer form (docs/dsl.md) and can be answered in a case."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest
import yaml

from elgrande.engine.modules import find_module
from elgrande.model.hook_context import HookContext
from elgrande.play.game import new_game
from elgrande.players.bots import make_bot
from elgrande.rules import colonies as col
from elgrande.tools import docs
from elgrande.tools.scenario import run_case, setup_case

CASES = Path(__file__).resolve().parent / "cases"


def _case(name: str) -> dict[str, Any]:
    path = next(CASES.glob(f"{name}-*.yaml"))
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


def _run(data: dict[str, Any]) -> tuple[bool, list[str], Any]:
    case = setup_case(copy.deepcopy(data), str(CASES / "x.yaml"))
    result = run_case(case)
    return result.passed, list(result.differences), case


def test_c7_a_special_step_puts_out_the_cards_gold_and_goods_as_a_game_does() -> None:
    ok, diffs, case = _run(_case("TC07h"))
    assert ok, diffs
    ext = col.pieces(case.state)
    assert ext is not None and ext.free["america"] == {"gold": 1}
    # the game's own hook on the same card and state gives the same discs
    game = new_game(2, sets=("base", "colonies"), fill="provisional", seed=3, logging=False)
    before = col.pieces(game.state)
    assert before is not None
    supply = dict(before.supply)
    flow = game.flow.copy()
    flow.card = "conspiracy"
    col._special_action_done(HookContext(game.state, game.library.board, [], flow.actor,
                                         game._engine, flow))
    after = col.pieces(game.state)
    assert after is not None
    assert {d: supply[d] - after.supply[d] for d in supply} == {"gold": 1, "goods": 1}


def test_c7_unknown_disc_counts_without_a_fill_are_missing_card_data_not_zero() -> None:
    data = _case("TC07h")
    del data["fill"]
    ok, diffs, case = _run(data)
    assert not ok
    assert len(diffs) == 1
    assert "card data missing" in diffs[0] and "conspiracy: gold, goods" in diffs[0]
    assert "fill" in diffs[0] and "<data>" not in diffs[0]
    ext = col.pieces(case.state)
    assert ext is None or not any(ext.free.values())  # nothing appeared


def test_c7_the_take_at_once_must_be_answered_after_the_actions_answers() -> None:
    data = _case("TC07i")
    ok, diffs, _ = _run(data)
    assert ok, diffs
    data["do"][0]["special"]["answers"] = []
    ok, diffs, _ = _run(data)
    assert not ok and "still waits" in diffs[0] and "(C7)" in diffs[0]
    data["do"][0]["special"]["answers"] = [0]  # takes nothing: the gold lies free
    data["expect"] = {"america": {"viceroy": "blue", "others": {"red": 1}, "gold": 1}}
    ok, diffs, _ = _run(data)
    assert ok, diffs
    data["do"][0]["special"]["answers"] = [1, 0]  # nothing asked after the take
    ok, diffs, _ = _run(data)
    assert not ok and "are over" in diffs[0]


def test_c13_a_removed_card_leaves_the_offer_after_the_special_step() -> None:
    ok, diffs, case = _run(_case("TC13b"))
    assert ok, diffs
    assert case.state.offer == ["kings-card", "", "the-king-returns"]


def test_c5_ship_steps_of_two_players_are_two_turns_of_one_player_one() -> None:
    ok, diffs, _ = _run(_case("TC05e"))
    assert ok, diffs
    ok, diffs, _ = _run(_case("TC05f"))
    assert ok, diffs
    data = _case("TC05e")  # blue's step between red's two: red's second is a new turn
    data["do"].insert(1, {"ship": {"player": "blue", "answers": []}})
    data["do"][2] = {"ship": {"player": "red", "answers": [{"from": "mediterranean",
                                                            "to": "ship"}]}}
    data["expect"] = {"ship": {"captain": "red"}, "mediterranean": {"others": {"blue": 1}}}
    ok, diffs, _ = _run(data)
    assert ok, diffs


def test_c10_a_seat_left_by_a_court_step_is_answered_by_a_follow_up_step() -> None:
    data = _case("TC10g")
    ok, diffs, _ = _run(data)
    assert ok, diffs
    data["do"][1] = {"follow_up": [0]}  # blue sits instead
    ok, diffs, _ = _run(data)
    assert not ok and "seated" in diffs[0]
    data["do"][1] = {"follow_up": [5]}
    ok, diffs, _ = _run(data)
    assert not ok and "refused" in diffs[0]
    data["do"][1] = {"follow_up": [1, 1]}
    ok, diffs, _ = _run(data)
    assert not ok and "no follow-up decision waits" in diffs[0]
    del data["do"][1]
    data["do"].append({"follow_up": []})
    ok, diffs, _ = _run(data)
    assert not ok and "still waits" in diffs[0] and "(C10)" in diffs[0]


def test_c10_c11_c7_every_follow_up_decision_is_declared_and_documented() -> None:
    rules = {f.rule for f in find_module("colonies").follow_ups}
    assert rules == {"C7", "C10", "C11"}
    keys = {"C7": col.FRESH, "C10": col.SEAT, "C11": col.RELOCATE}
    page = (Path(__file__).resolve().parent.parent / "docs" / "dsl.md").read_text(
        encoding="utf-8")
    assert "## Follow-up decisions" in page
    for f in docs.follow_ups():
        assert f.kind == "choose_option" and keys[f.rule] in f.answer
        assert f.answer.split(":")[0].replace("``", "`") in page
        assert "step" in f.step
    readme = (CASES / "README.md").read_text(encoding="utf-8")
    assert "follow_up: [answers]" in readme and "Follow-up decisions" in readme


@pytest.mark.parametrize("seed", range(6))
def test_c10_c11_c7_the_follow_ups_games_ask_are_the_declared_ones(seed: int) -> None:
    """Every decision a Colonies game asks outside a statement's own decisions carries the
    option key of a declared follow-up (C7, C10, C11)."""
    declared = {col.FRESH: "C7", col.SEAT: "C10", col.RELOCATE: "C11"}
    game = new_game(3 + seed % 3, sets=("base", "colonies"), fill="provisional", seed=seed,
                    logging=False)
    bots = [make_bot("random", 100 * seed + p) for p in range(len(game.names))]
    while game.pending is not None:
        d = game.pending
        for key, rule in declared.items():
            if key in d.options:
                assert d.rule == rule and d.kind == "choose_option"
        p = d.players[0]
        game.answer(p, bots[p].answer(game.view(p)))
