"""Rules modules: the flow is a driver over the phase table of the
modules in play; a toy module (tests/toy_rules.py, set tests/toy/toy) adds a phase and two
hooks without any edit to the driver, and a game with it runs to the end."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest
import toy_rules

from elgrande.engine import flow as flow_module
from elgrande.engine.modules import HOOKS, Phase, RulesModule, find_module, load_rules
from elgrande.errors import DataError
from elgrande.play.game import Game, new_game
from elgrande.play.records import record_lines, replay

TOY_SETS = str(Path(__file__).resolve().parent / "toy")
ENGINE = Path(flow_module.__file__).resolve().parent


def toy_game(seed: int, players: int = 3) -> Game:
    return new_game(players, sets=("base", "toy"), seed=seed, set_paths=[TOY_SETS])


def play_out(game: Game, seed: int) -> list[tuple[str, int, object]]:
    rng = random.Random(seed)
    asked = []
    while game.pending is not None:
        d = game.pending
        p = d.players[0]
        a = d.random_answer(rng, p)
        asked.append((d.prompt, p, a))
        game.answer(p, a)
    return asked


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_toy_module_game_runs_to_the_end(seed: int) -> None:
    game = toy_game(seed)
    asked = play_out(game, seed)
    assert game.over
    omens = [x for x in asked if x[0].startswith("Pray for an omen")]
    turns = sum(1 for line in game.log if line.startswith("Turn order:")) * 3
    assert len(omens) == turns  # the inserted phase runs before every turn's court phase
    assert game.state.conservation_errors(game.library.board) == []


def test_the_new_phase_runs_before_the_court_and_pays_its_point() -> None:
    game = toy_game(5)
    while not (game.pending and game.pending.prompt.startswith("Pray")):
        d = game.pending
        assert d is not None
        game.answer(d.players[0], d.random_answer(random.Random(0), d.players[0]))
    p = game.pending.players[0]
    before = game.state.scores[p]
    game.answer(p, 0)
    assert game.state.scores[p] == before + toy_rules.OMEN_POINTS
    assert game.pending is not None and game.pending.kind in ("bring_to_court",
                                                              "choose_action_card")


def test_the_placement_targets_hook_adds_the_grande_region() -> None:
    from elgrande.engine.court import placement_decision

    game = toy_game(7)
    eng = game._engine
    s = game.state
    b = game.library.board
    s.court[0] = 5
    d = placement_decision(eng, s, 0, 3)
    assert d is not None
    g = b.place_id(s.grandes[0])
    assert g in d.options["to"]
    plain = new_game(3, seed=7)
    plain.state.court[0] = 5
    from elgrande.engine.court import placement_decision as pd

    d2 = pd(plain._engine, plain.state, 0, 3)
    assert d2 is not None
    if not b.adjacent(s.king, s.grandes[0]):
        assert g not in d2.options["to"]  # only the toy module adds it


def test_the_area_bonus_hook_pays_the_castillo_leader() -> None:
    from elgrande.model.scoring import score_region

    game = toy_game(9)
    s, b = game.state, game.library.board
    s.caballeros[b.castillo][1] = 3
    s.provinces[1] -= 3
    before = s.scores[1]
    result = score_region(s, b, b.castillo, rules=game._engine.rules)
    line = next(ln for ln in result.lines if ln.participant == 1)
    assert ("toy", toy_rules.CASTILLO_BONUS) in line.bonuses
    assert line.total == result.values[0] + toy_rules.CASTILLO_BONUS  # sole first + bonus
    assert s.scores[1] == before + line.total


def test_a_toy_game_record_replays() -> None:
    game = toy_game(4)
    play_out(game, 4)
    again = replay(record_lines(game), logging=False)
    assert again.over and again.state.to_json() == game.state.to_json()


def test_a_later_module_replaces_a_phase_of_the_same_name() -> None:
    base = find_module("base")
    calls = []

    def decide(*args: object) -> None:
        calls.append(args)

    other = RulesModule("other", phases=(Phase("bid", decide, lambda *a: None),))
    rules = load_rules(["base"])
    assert rules.phase("bid").decide is not decide
    from elgrande.engine.modules import Rules

    composed = Rules([base, other])
    assert composed.phase("bid").decide is decide


def test_turn_hooks_compose_as_fold_and_each_in_load_order() -> None:
    """The hooks called at every turn (B4.1, B4.3, B4) are composed once per Rules:
    nothing without one, the function itself for one, in load order for several."""
    from elgrande.engine.modules import Rules

    base = find_module("base")
    seen: list[str] = []

    def plus_one(ctx: object, limit: int) -> int:
        seen.append("plus_one")
        return limit + 1

    def double(ctx: object, limit: int) -> int:
        seen.append("double")
        return limit * 2

    def start(name: str):  # noqa: ANN202 - a turn_start hook that notes its module
        return lambda ctx: seen.append(name)

    a = RulesModule("a", hooks={"court_limit": plus_one, "turn_start": start("a")})
    b = RulesModule("b", hooks={"court_limit": double, "turn_start": start("b")})
    alone = Rules([base])
    assert alone.court_limit is None and alone.turn_start is None
    assert Rules([base, a]).court_limit is plus_one
    both = Rules([base, a, b])
    assert both.court_limit is not None and both.turn_start is not None
    assert both.court_limit(None, 3) == 8  # (3 + 1) * 2: a, then b
    assert both.court_limit(None, 3) == both.fold("court_limit", None, 3)
    seen.clear()
    both.turn_start(None)
    assert seen == ["a", "b"]
    assert Rules([base, b, a]).court_limit(None, 3) == 7  # 3 * 2 + 1


def test_move_hooks_compose_as_fold_and_each_in_load_order() -> None:
    """The hooks of the special actions' moves and sends (B8.2, B8.7) are composed once
    per Rules, as fold and each compose them: nothing without one, the function itself
    for one, in load order for several."""
    from elgrande.engine.modules import Rules

    base = find_module("base")
    seen: list[tuple[str, int]] = []

    def less(ctx: object, place: int, owner: int, to: list[str], n: int) -> int:
        return n - len(to)

    def half(ctx: object, place: int, owner: int, to: list[str], n: int) -> int:
        return n // 2

    def send_less(ctx: object, place: int, owner: int, n: int) -> int:
        return n - place

    def send_half(ctx: object, place: int, owner: int, n: int) -> int:
        return n // 2

    def moved(name: str):  # noqa: ANN202 - a moved hook that notes its module
        return lambda ctx, src, dst, player, n: seen.append((name, n))

    a = RulesModule("a", hooks={"movable": less, "sendable": send_less, "moved": moved("a")})
    b = RulesModule("b", hooks={"movable": half, "sendable": send_half, "moved": moved("b")})
    alone = Rules([base])
    assert alone.movable is None and alone.sendable is None and alone.moved is None
    one = Rules([base, a])
    assert one.movable is less and one.sendable is send_less
    both = Rules([base, a, b])
    assert both.movable is not None and both.sendable is not None and both.moved is not None
    assert both.movable(None, 0, 1, ["x"], 9) == 4  # (9 - 1) // 2: a, then b
    assert both.movable(None, 0, 1, ["x"], 9) == both.fold("movable", None, 0, 1, ["x"], 9)
    assert Rules([base, b, a]).movable is not None
    assert Rules([base, b, a]).movable(None, 0, 1, ["x"], 9) == 3  # 9 // 2 - 1
    assert both.sendable(None, 3, 1, 9) == 3  # (9 - 3) // 2
    assert both.sendable(None, 3, 1, 9) == both.fold("sendable", None, 3, 1, 9)
    both.moved(None, 0, 1, 2, 5)
    assert seen == [("a", 5), ("b", 5)]


def test_hooks_are_declared_once_and_unknown_ones_are_refused() -> None:
    for name in ("setup", "offer", "placement_targets", "placement_limit", "arrive", "leave",
                 "ranking_counts", "area_bonus", "scoring_order", "round_end"):
        assert name in HOOKS
    with pytest.raises(ValueError, match="unknown hook"):
        RulesModule("bad", hooks={"no_such_hook": print})


def test_only_modules_of_the_rules_package_load_by_name() -> None:
    with pytest.raises(DataError, match="unknown rules module"):
        find_module("os")
    with pytest.raises(DataError):
        find_module("../base")


def test_a_lasting_kind_without_a_module_is_refused() -> None:
    with pytest.raises(DataError, match="no rules"):
        load_rules(["base"], ["curse"])


SET_WORDS = re.compile(r"range\(1, 5\)|veto|colonies|intrigue|france|inquisitor|limit.table|"
                       r"viceroy|ambassador|king'?s card|\"action\"|\"power\"",
                       re.IGNORECASE)


def test_the_engine_knows_no_set_card_kind_or_stack_count() -> None:
    hits = [f"{p.name}:{i}: {line.strip()}" for p in sorted(ENGINE.glob("*.py"))
            for i, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
            if SET_WORDS.search(line)]
    assert hits == []


def test_b3_a_phase_inserted_before_another_is_declared_with_precedes() -> None:
    """A phase inserted before another (B4's court here) is declared with ``precedes``."""
    from elgrande.engine.modules import Phase

    def nothing(*args: object) -> None:
        return None  # pragma: no cover

    assert Phase("omen", nothing, nothing, precedes="court").precedes == "court"


def test_the_rules_modules_table_never_imports_the_flow_driver() -> None:
    """The driver (engine/flow.py) imports the phase and hook table (engine/modules.py),
    never the other way round, not even for type checking: no import circle."""
    import ast as pyast

    import elgrande.engine.modules as modules
    from elgrande.files.resources import python_source

    tree = pyast.parse(python_source(modules))
    imported = {n.module for n in pyast.walk(tree) if isinstance(n, pyast.ImportFrom)}
    imported |= {a.name for n in pyast.walk(tree) if isinstance(n, pyast.Import)
                 for a in n.names}
    assert "elgrande.engine.flow" not in imported


# -- hooks of one shape, grouped by concern; named events ------------------------------------------
def test_every_hook_has_one_group_one_composition_and_takes_the_context_first() -> None:
    """Every hook is declared once, in one concern's group, with how the modules compose
    it, and its signature takes the hook context first (B4-B8 extension points)."""
    from elgrande.engine.modules import HOOK_GROUPS, HOOK_KINDS

    names = [h for group in HOOK_GROUPS.values() for h in group]
    assert len(names) == len(set(names)) == len(HOOKS)
    assert set(HOOK_KINDS) == set(HOOKS)
    assert set(HOOK_GROUPS) >= {"turn", "placement", "movement", "scoring", "view", "saved"}
    side = set(HOOK_GROUPS["side decisions"])
    for name, doc in HOOKS.items():
        assert doc.startswith(f"{name}("), name
        if name not in side:
            assert doc.startswith((f"{name}(ctx)", f"{name}(ctx, ")), name
    assert "special_action_done" in HOOKS and "special_done" not in HOOKS
    assert not {"case_position", "case_step", "case_expect"} & set(HOOKS)


def _hooked_game(tmp_path: Path, name: str, hooks: dict[str, Any], seed: int) -> Game:
    """A 3-player game of the base game and a set ``name`` (in ``tmp_path``) whose rules
    module ``toy_<name>`` has only ``hooks``."""
    from elgrande.engine.modules import register_module

    register_module(RulesModule(f"toy_{name}", hooks=hooks))
    folder = tmp_path / name
    folder.mkdir()
    (folder / "set.yaml").write_text(f"set: {name}\ntitle: {name} (tests only)\n"
                                     f"extends: base\nrules: toy_{name}\n")
    return new_game(3, sets=("base", name), seed=seed, set_paths=[str(tmp_path)],
                    logging=False)


def test_b3_b4_b6_named_events_are_heard_in_the_order_of_play(tmp_path: Path) -> None:
    """The named events (turn start and end, round start and end, an action card taken,
    the special action done, each step of a general scoring: B3.1, B3.5, B4, B4.2, B4.4,
    B4.6, B6.2-B6.4) reach a module listening to them, with the acting player in the
    context, in the order a game plays them."""
    heard: list[tuple[Any, ...]] = []

    def note(name: str):  # noqa: ANN202 - a listener that notes the event and its player
        return lambda ctx, *own: heard.append((name, ctx.player, *own))

    events = ("round_start", "turn_start", "card_taken", "special_action_done", "turn_end",
              "round_end", "scoring_step")
    game = _hooked_game(tmp_path, "listener", {e: note(e) for e in events}, 5)
    play_out(game, 5)
    assert game.flow.phase == "over"
    kinds = [h[0] for h in heard]
    assert kinds[0] == "round_start" and kinds[1] == "turn_start"
    turns = kinds.count("turn_start")
    assert turns == kinds.count("turn_end") == kinds.count("card_taken") > 0
    assert kinds.count("round_start") == kinds.count("round_end") == turns // 3
    for i, h in enumerate(heard):
        if h[0] == "card_taken":  # the actor took the card between turn start and end
            start = max(j for j in range(i) if heard[j][0] == "turn_start")
            assert heard[start][1] == h[1] >= 0 and isinstance(h[2], str)
    steps = [h[2:] for h in heard if h[0] == "scoring_step"]
    board = game.library.board
    assert steps[0] == ("castillo", board.castillo) and steps[1] == ("emptied", -1)
    assert [s[1] for s in steps[2:2 + len(board.scoring_order)]] == list(board.scoring_order)
    assert len(steps) == 3 * (2 + len(board.scoring_order))  # three general scorings


def test_each_set_registers_its_scenario_keys_in_its_own_code() -> None:
    """The scenario runner reads the sets' scenario keys from what each rules module
    registers (tests/cases/README.md): the tools name no set."""
    from elgrande.engine.scenario_keys import ScenarioKeys, scenario_keys
    from elgrande.tools import scenario

    assert scenario_keys(find_module("base")) is None
    for name, has_position in (("colonies", True), ("intrigue_king", False)):
        keys = scenario_keys(find_module(name))
        assert isinstance(keys, ScenarioKeys)
        assert (keys.position is not None) == has_position and keys.step is not None
        assert keys.expect is not None
    from elgrande.tools import scenario_case

    for module in (scenario, scenario_case):
        source = Path(module.__file__).read_text()
        assert "colonies" not in source and "intrigue_king" not in source


def test_b4_1_b4_3_limit_hooks_get_the_actor_s_context_and_the_card_s_number(
        tmp_path: Path) -> None:
    """The court and placement limit hooks (B4.1, B4.3) are called with the acting
    player's context, carrying this step's flow and events sink, and the placement
    limit with the turn's card's number (the order decision hands over the number it
    read: rules/base.py, base_data.placement_limit)."""
    got: list[tuple[str, int, int, Any, int]] = []

    def court_limit(ctx: Any, limit: int) -> int:
        ctx.events.append({"event": "toy_court_limit", "player": ctx.player})
        got.append(("court", ctx.player, ctx.flow.actor, ctx.flow, limit))
        return limit

    def placement_limit(ctx: Any, limit: int) -> int:
        got.append(("place", ctx.player, ctx.flow.actor, ctx.flow, limit))
        return limit

    game = _hooked_game(tmp_path, "limits", {"court_limit": court_limit,
                                             "placement_limit": placement_limit}, 3)
    rng = random.Random(3)
    courts = places = 0
    while game.pending is not None:
        d = game.pending
        p = d.players[0]
        got.clear()
        events = game.answer(p, d.random_answer(rng, p))
        for kind, player, actor, flow, limit in got:
            assert player == actor and flow is game.flow
            if kind == "court":  # its events go to this answer's sink
                courts += 1
                assert {"event": "toy_court_limit", "player": player} in events
            else:  # the card's number (B4.3)
                places += 1
                assert limit == int(game.library.cards.cards[flow.card].place)
    assert courts > 10 and places > 10
