"""Which caballero acts, as the player chooses (Colonies): the Viceroy may give up the office
to carry gold or goods (C6: at the ship moves of a turn's start and at the take at once after
a 7th-stack card, C7); moving caballeros out of the limit table's region the mover chooses a
seated or a standing one (C10, C11); moving them out of France, the ship or America, an
office holder or a plain caballero (C4-C6, C11), in move answers (``"seated"``,
``"office"``) and ship moves alike. Each from the position a player meets, with a legal and
a refused answer, and random games using every variant."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from elgrande.engine.decisions import Decision
from elgrande.engine.modules import find_module
from elgrande.engine.scenario_keys import scenario_keys
from elgrande.errors import IllegalMove
from elgrande.model.hook_context import HookContext
from elgrande.play.game import Game, new_game
from elgrande.rules.colonies import (
    EMPTY,
    FRESH,
    RELOCATE,
    SHIP,
    _leave,
    _ranking_counts,
    own_pieces,
    ship_moves,
)
from elgrande.tools.scenario import setup_case

SETS = ("base", "colonies")
RED, BLUE = 0, 1


def _case(position: dict[str, Any], players: int = 2) -> Any:
    names = ["red", "blue", "yellow"][:players]
    grandes = dict(zip(names, ["catalonia", "granada", "seville"], strict=False))
    return setup_case({"id": "T", "title": "t", "rules": ["C11"], "sets": list(SETS),
                       "players": names,
                       "position": {"king": "galicia", "grandes": grandes, **position},
                       "do": [], "expect": {}})


def _relocation(case: Any, actor: int, source: str) -> tuple[Any, Decision]:
    """Start 'move up to five caballeros of any player from one region' on ``source``;
    the run and its move decision."""
    interp = case.engine.interpreter
    run = interp.begin("intrigue-five-from-one-region", actor)
    d = interp.advance(case.state, run, [])
    if d is not None and d.kind == "choose_region":
        d = interp.answer(case.state, run, actor, source)
    assert d is not None and d.kind == "move_caballeros"
    return run, d


def _game_at_ship(seed: int) -> Game:
    """A 2-player Colonies game answered at random until a ship decision is pending."""
    for k in range(30):
        game = new_game(2, sets=SETS, fill="provisional", seed=seed + k, logging=False)
        rng = random.Random(seed + k)
        for _ in range(3000):
            if game.flow.phase == SHIP and game.pending is not None:
                return game
            d = game.pending
            assert d is not None
            game.answer(d.players[0], d.random_answer(rng, d.players[0]))
    raise AssertionError("no ship decision met")  # pragma: no cover


def _america_with_viceroy(game: Game, p: int, plain: int, gold: int) -> None:
    """Put ``p``'s Viceroy (and ``plain`` other caballeros) in America with ``gold`` free
    gold discs, then ask the pending decision again."""
    s, b = game.state, game.library.board
    ext = own_pieces(s, b)
    america = b.index["america"]
    for q in range(s.players):
        s.provinces[q] += s.caballeros[america][q]
        s.caballeros[america][q] = 0
    s.caballeros[america][p] = 1 + plain
    s.provinces[p] -= 1 + plain
    ext.offices["viceroy"] = p
    ext.carriers = [c for c in ext.carriers if c[0] != "america"]
    ext.free["america"] = {"gold": gold}
    ext.sailed = None
    game.flow.pending = game._engine.advance(s, game.flow, [])


def test_c6_the_viceroy_gives_up_the_office_to_take_gold_at_the_start_of_the_turn() -> None:
    game = _game_at_ship(seed=5)
    p = game.flow.actor
    _america_with_viceroy(game, p, plain=0, gold=1)
    d = game.pending
    assert d is not None and d.rule == "C5"
    labels = d.options["labels"]
    resign = labels.index("the Viceroy in America gives up the office and takes a gold disc")
    assert "a caballero in America takes a gold disc" not in labels  # no plain one there
    assert labels[-1] == labels[resign]  # the office holder's choices last (indices kept)
    # asked only for the office holder's choices: a record older than C6's choice, whose
    # next line answers another decision, declines it (records.replay)
    officers_only = all("gives up" in x or x.startswith(("move the Captain", "move the Viceroy"))
                        for x in labels[1:])
    assert (d.options.get("skip") == 0) == officers_only
    s, b = game.state, game.library.board
    america = b.index["america"]
    # the Viceroy does not rank
    assert _ranking_counts(HookContext(s, b, []), america, ([p], [1]))[1] == [0]
    before = s.copy()
    with pytest.raises(IllegalMove):
        game.answer(p, len(labels))
    assert game.state == before
    game.answer(p, resign)
    ext = own_pieces(game.state, b)
    assert ext.offices["viceroy"] == EMPTY and ["america", p, "gold"] in ext.carriers
    assert ext.free["america"].get("gold", 0) == 0
    # from now on the caballero counts for America's ranking like any other
    assert _ranking_counts(HookContext(game.state, b, []), america, ([p], [1]))[1] == [1]


def test_c6_with_a_plain_caballero_beside_the_viceroy_both_takes_are_offered() -> None:
    game = _game_at_ship(seed=9)
    p = game.flow.actor
    _america_with_viceroy(game, p, plain=1, gold=1)
    d = game.pending
    assert d is not None
    moves = ship_moves(game._engine, game.state, p)
    assert {"take": "gold", "in": "america"} in moves
    assert {"take": "gold", "in": "america", "office": "viceroy"} in moves
    assert "skip" not in d.options  # a decision older records answer too
    game.answer(p, 1 + moves.index({"take": "gold", "in": "america"}))
    ext = own_pieces(game.state, game.library.board)
    assert ext.offices["viceroy"] == p  # a plain caballero took it: the Viceroy stays


def test_c6_c7_the_viceroy_gives_up_the_office_to_take_new_gold_at_once() -> None:
    game = _game_at_ship(seed=3)
    while game.flow.phase != "card":
        d = game.pending
        assert d is not None
        game.answer(d.players[0], d.random_answer(random.Random(0), d.players[0]))
    p = game.flow.actor
    _america_with_viceroy(game, p, plain=0, gold=0)
    s, b = game.state, game.library.board
    ext = own_pieces(s, b)
    ext.free["america"] = {"gold": 1}
    s.due = True  # as the module does when it sets fresh discs
    ext.fresh = {"player": p, "discs": {"america": {"gold": 1}}}
    game.flow.pending = game._engine.advance(s, game.flow, [])
    d = game.pending
    assert d is not None and d.rule == "C7" and FRESH in d.options
    assert d.options[FRESH] == [{"take": "gold", "in": "america", "office": "viceroy"}]
    assert d.options["labels"][1] == ("the Viceroy in America gives up the office and "
                                      "takes a gold disc")
    game.answer(p, 1)
    assert ext.offices["viceroy"] == EMPTY and ["america", p, "gold"] in ext.carriers


def test_c6_a_take_naming_an_office_the_player_does_not_hold_is_refused() -> None:
    case = _case({"america": {"viceroy": "blue", "others": {"red": 1}, "gold": 1}})
    before = case.state.copy()
    keys = scenario_keys(find_module("colonies"))
    assert keys is not None and keys.step is not None
    step = keys.step(case, SHIP)
    assert step is not None
    with pytest.raises(IllegalMove) as exc:
        step(case, {"player": "red", "answers": [{"take": "gold", "in": "america",
                                                   "office": "viceroy"}]})
    assert exc.value.rule == "C5" and case.state == before


def test_c11_the_mover_chooses_the_viceroy_to_leave_america() -> None:
    case = _case({"america": {"viceroy": "blue", "others": {"blue": 1}}})
    run, d = _relocation(case, RED, "america")
    assert d.options["which"]["america"]["1"] == ["office", [[None, 1], ["viceroy", 1]]]
    before = case.state.copy()
    interp = case.engine.interpreter
    for bad in ([{"from": "america", "to": "mediterranean", "player": BLUE, "n": 2,
                  "office": "viceroy"}],                          # one Viceroy
                [{"from": "america", "to": "mediterranean", "player": BLUE,
                  "office": "captain"}]):                         # not an office held there
        with pytest.raises(IllegalMove):
            interp.answer(case.state, run, RED, bad)
        assert case.state == before
    interp.answer(case.state, run, RED, [{"from": "america", "to": "mediterranean",
                                          "player": BLUE, "office": "viceroy"}])
    ext = own_pieces(case.state, case.board)
    assert ext.offices["viceroy"] == EMPTY   # C6: empty until a caballero arrives
    assert case.state.caballeros[case.board.index["america"]][BLUE] == 1


def test_c11_a_move_naming_no_office_moves_a_plain_caballero_as_before() -> None:
    case = _case({"america": {"viceroy": "blue", "others": {"blue": 1}}})
    run, d = _relocation(case, RED, "america")
    assert d.applied([{"from": "america", "to": "ship", "player": BLUE}], RED) == [
        ("america", "ship", BLUE, 1, ("office", None))]
    case.engine.interpreter.answer(case.state, run, RED, [
        {"from": "america", "to": "ship", "player": BLUE}])
    ext = own_pieces(case.state, case.board)
    assert ext.offices["viceroy"] == BLUE and ext.offices["captain"] == BLUE


def test_c4_c11_the_mover_chooses_which_office_holder_leaves_france() -> None:
    case = _case({"france": ["red", "red", "blue"]})  # red: Ambassador and Envoy
    run, d = _relocation(case, BLUE, "france")
    kinds = d.options["which"]["france"]["0"]
    assert kinds == ["office", [["envoy", 1], ["ambassador", 1]]]  # the later one first
    case.engine.interpreter.answer(case.state, run, BLUE, [
        {"from": "france", "to": "aragon", "player": RED, "office": "ambassador"}])
    ext = own_pieces(case.state, case.board)
    assert ext.offices["ambassador"] == EMPTY and ext.offices["envoy"] == RED


def test_c10_c11_the_mover_chooses_a_seated_caballero_and_the_seat_is_refilled() -> None:
    case = _case({"regions": {"valencia": {"red": 2, "blue": 2}},
                  "limit_table": {"region": "valencia", "seats": 3,
                                  "seated": {"red": 1, "blue": 2}}}, players=3)
    run, d = _relocation(case, RED, "valencia")
    assert d.options["which"]["valencia"] == {"0": ["seated", [[False, 1], [True, 1]]],
                                              "1": ["seated", [[True, 2]]]}
    before = case.state.copy()
    with pytest.raises(IllegalMove):   # blue has no caballero standing beside the table
        case.engine.interpreter.answer(case.state, run, RED, [
            {"from": "valencia", "to": "aragon", "player": BLUE, "seated": False}])
    assert case.state == before
    d2 = case.engine.interpreter.answer(case.state, run, RED, [
        {"from": "valencia", "to": "aragon", "player": BLUE, "n": 1, "seated": True}])
    table = own_pieces(case.state, case.board).table
    assert table.seated == [2, 1, 0]   # C10: red's standing caballero sat down at once
    assert d2 is None or RELOCATE in d2.options


def test_c10_c11_a_move_naming_no_seat_takes_a_standing_caballero_as_before() -> None:
    case = _case({"regions": {"valencia": {"red": 2, "blue": 2}},
                  "limit_table": {"region": "valencia", "seats": 3,
                                  "seated": {"red": 1, "blue": 2}}}, players=3)
    run, _d = _relocation(case, RED, "valencia")
    case.engine.interpreter.answer(case.state, run, RED, [
        {"from": "valencia", "to": "aragon", "player": RED}])
    assert own_pieces(case.state, case.board).table.seated == [1, 2, 0]


def test_c11_a_key_naming_a_kind_where_there_is_no_choice_is_refused() -> None:
    """C11: a move may name which caballero leaves only where there is a choice; naming it
    elsewhere (a region without the limit table, or an office in a place without one) is
    refused, and the game is unchanged."""
    case = _case({"regions": {"valencia": {"red": 2, "blue": 2}}}, players=3)
    run, d = _relocation(case, RED, "valencia")
    assert "which" not in d.options
    before = case.state.copy()
    for key, value in (("seated", True), ("office", "viceroy"), ("office", None)):
        with pytest.raises(IllegalMove) as err:
            case.engine.interpreter.answer(case.state, run, RED, [
                {"from": "valencia", "to": "aragon", "player": BLUE, key: value}])
        assert err.value.rule == "B8.2" and "chooses nothing here" in str(err.value)
        assert case.state == before


def test_b8_2_a_base_game_move_refuses_a_colonies_key() -> None:
    """B8.2: in a game without the Colonies a move entry takes from, to, player and n only
    (the Colonies' keys are not part of its answers)."""
    game = new_game(3, seed=2, logging=False)
    rng = random.Random(2)
    for _ in range(3000):
        d = game.pending
        assert d is not None
        if d.kind == "move_caballeros":
            src = next(iter(d.options["sources"]))
            who = int(next(iter(d.options["sources"][src])))
            dst = next(t for t in d.options["to"] if t != src)
            with pytest.raises(IllegalMove):
                d.check([{"from": src, "to": dst, "player": who, "office": None}])
            return
        game.answer(d.players[0], d.random_answer(rng, d.players[0]))
    raise AssertionError("no move decision met")  # pragma: no cover


def test_c5_c11_the_captain_may_sail_rather_than_a_plain_caballero() -> None:
    game = _game_at_ship(seed=11)
    p = game.flow.actor
    s, b = game.state, game.library.board
    ext = own_pieces(s, b)
    ship = b.index["ship"]
    s.provinces[p] += s.caballeros[ship][p]
    s.caballeros[ship][p] = 2
    s.provinces[p] -= 2
    ext.offices["captain"] = p
    ext.carriers = [c for c in ext.carriers if c[0] != "ship"]
    ext.sailed = None
    game.flow.pending = game._engine.advance(s, game.flow, [])
    moves = ship_moves(game._engine, s, p)
    captain = [m for m in moves if m.get("office") == "captain"]
    assert captain and all(m["from"] == "ship" for m in captain)
    assert len(captain) == len([m for m in moves if m.get("from") == "ship"
                                and m.get("disc") is None and "office" not in m])
    d = game.pending
    assert d is not None
    label = d.options["labels"][1 + moves.index(captain[0])]
    assert label.startswith("move the Captain from Ship to")
    game.answer(p, 1 + moves.index(captain[0]))
    assert ext.offices["captain"] == EMPTY and s.caballeros[ship][p] == 1


def test_c5_c11_an_office_taken_on_arrival_this_turn_is_not_offered_to_move_again() -> None:
    game = _game_at_ship(seed=13)
    p = game.flow.actor
    s, b = game.state, game.library.board
    ext = own_pieces(s, b)
    ship, america = b.index["ship"], b.index["america"]
    for q in range(s.players):
        s.provinces[q] += s.caballeros[america][q]
        s.caballeros[america][q] = 0
    s.caballeros[ship][p] += 1
    s.caballeros[america][p] = 1
    s.provinces[p] -= 2
    ext.offices["viceroy"] = EMPTY
    ext.carriers = [c for c in ext.carriers if c[0] != "america" and c[1] != p]
    ext.sailed = None
    game.flow.pending = game._engine.advance(s, game.flow, [])
    moves = ship_moves(game._engine, s, p)
    sail = {"from": "ship", "to": "america", "disc": None}
    assert sail in moves
    game.answer(p, 1 + moves.index(sail))
    assert ext.offices["viceroy"] == p  # the arrival took the empty office
    assert not [m for m in ship_moves(game._engine, s, p)
                if m.get("office") == "viceroy" and "from" in m]  # (taking is no move)


def test_c7_a_carrier_is_forced_out_only_when_no_plain_caballero_is_left_to_leave() -> None:
    # plain caballeros leave first [decision]; the last one out of America is the carrier:
    # its disc returns to the supply and the departure names it (``dropped``, C7, C11)
    case = _case({"america": {"others": {"red": 2}}, "carriers": {"red": {"america": "gold"}}})
    s, b = case.state, case.engine.board
    ext = own_pieces(s, b)
    america, supply = b.index["america"], ext.supply["gold"]
    ctx = case.engine.hooks(s, RED)
    s.add_caballeros(america, RED, -1)
    _leave(ctx, america, RED, 1)
    assert ext.carriers == [["america", RED, "gold"]] and ext.supply["gold"] == supply
    s.add_caballeros(america, RED, -1)
    _leave(ctx, america, RED, 1)
    assert ext.carriers == [] and ext.supply["gold"] == supply + 1
    assert ext.dropped == [["america", RED, "gold"]]


def test_c6_c10_c11_random_games_use_every_variant_of_which_caballero_acts() -> None:
    """legal and random answers offer every variant: random Colonies games move office
    holders and plain caballeros, seated and standing ones, the Captain or Viceroy by ship,
    and the Viceroy gives up the office to take a disc, at the ship moves and at once;
    they send office holders and seated caballeros by name, or a plain count."""
    seen: Counter[str] = Counter()
    for seed in range(200):
        game = new_game(4, sets=SETS, fill="provisional", seed=seed, logging=False)
        rng = random.Random(seed)
        while game.pending is not None:
            d = game.pending
            p = d.players[0]
            a = d.random_answer(rng, p)
            if d.kind == "move_caballeros":
                for m in a:
                    _count_kinds(seen, "", m)
            elif d.kind == "send_caballeros" and "which" in d.options:
                for v in a.values():  # C10, C11: a send's parts name kinds too
                    for part in v if isinstance(v, list) else [{"count": None}]:
                        _count_kinds(seen, "send ", part)
            elif d.kind == "choose_option" and d.rule in ("C5", "C7") and a > 0:
                label = d.options["labels"][a]
                if "gives up the office" in label:
                    seen[f"resign {d.rule}"] += 1
                elif label.startswith(("move the Captain", "move the Viceroy")):
                    seen["ship officer"] += 1
            game.answer(p, a)
        if seen.keys() >= WANTED:
            break
    assert seen.keys() >= WANTED, seen


def _count_kinds(seen: Counter[str], prefix: str, m: dict[str, Any]) -> None:
    """Count the kinds of caballeros a move entry or a send's part names (``count``: a
    send's plain count)."""
    for key in ("office", "seated", "count"):
        if key in m:
            v = m[key]
            seen[f"{prefix}{key}=" + ("plain" if v is None else "holder"
                                      if isinstance(v, str) else str(v))] += 1


#: The variants random games must show (C6, C10, C11), moves and sends.
WANTED = frozenset({"office=plain", "office=holder", "seated=True", "seated=False",
                    "resign C5", "resign C7", "ship officer", "send count=plain",
                    "send office=holder", "send seated=True"})


def test_c10_c11_the_action_space_encodes_which_caballero_leaves_exactly() -> None:
    """B3.4 with C10/C11: after ``FROM valencia, red`` a ``PICK j`` chooses a standing (0)
    or a seated (1) caballero; the masks allow exactly the legal answers (on the move
    decision of the limit table's region, cut to two destinations to be enumerated)."""
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).parent))
    from test_adapters_actions import _check_decision

    from elgrande.adapters.actions import ActionSpace, AnswerBuilder, encode

    case = _case({"regions": {"valencia": {"red": 2, "blue": 1}},
                  "limit_table": {"region": "valencia", "seats": 2,
                                  "seated": {"red": 1, "blue": 1}}}, players=3)
    _run, met = _relocation(case, BLUE, "valencia")
    d = Decision(met.kind, met.players, met.prompt,
                 {**met.options, "to": ["aragon", "castillo"], "max": 2}, met.rule)
    assert d.options["which"]["valencia"]["0"] == ["seated", [[False, 1], [True, 1]]]
    space = ActionSpace.for_board(case.board, 3)
    assert _check_decision(space, d, BLUE, random.Random(1)) == "exact"
    seq = encode(space, d, BLUE, [{"from": "valencia", "to": "aragon", "player": RED,
                                   "seated": True}])
    assert seq == [space.source("valencia", RED), space.pick(1), space.loc("aragon"),
                   space.done]
    b = AnswerBuilder(space, d, BLUE)
    b.apply(space.source("valencia", RED))
    assert b.legal_actions() == [space.pick(0), space.pick(1)]
    b.apply(space.pick(0))
    assert space.loc("aragon") in b.legal_actions()


def test_c6_c11_colonies_move_decisions_with_kinds_pass_the_action_space_checks() -> None:
    """B3.4: the first move decisions naming kinds of caballeros met in seeded 4-player
    Colonies games are encoded exactly (or, when too large to enumerate, walked: every
    masked-in action completes to a legal answer)."""
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).parent))
    from test_adapters_actions import _check_decision

    from elgrande.adapters.actions import ActionSpace

    proved: Counter[str] = Counter()
    for seed in range(3):
        game = new_game(4, sets=SETS, fill="provisional", seed=seed, logging=False)
        space = ActionSpace.for_game(game)
        rng = random.Random(seed)
        while game.pending is not None and sum(proved.values()) < 2 * (seed + 1):
            d = game.pending
            p = d.players[0]
            if d.kind == "move_caballeros" and "which" in d.options:
                proved[_check_decision(space, d, p, rng)] += 1
            game.answer(p, d.random_answer(rng, p))
    assert sum(proved.values()) >= 2, proved


def _send(case: Any, actor: int, card: str = "send-one-of-each-player") -> tuple[Any, Decision]:
    """Start ``card`` (a send to the provinces) for ``actor``; the run and its first send
    decision."""
    interp = case.engine.interpreter
    run = interp.begin(card, actor)
    d = interp.advance(case.state, run, [])
    assert d is not None and d.kind == "send_caballeros"
    return run, d


def test_c11_the_sender_chooses_the_viceroy_to_leave_america() -> None:
    """C11, C6: sending blue's caballeros from America, the sender may send the Viceroy
    (a part naming the office); the office then stays empty; refused parts leave the game
    unchanged."""
    case = _case({"america": {"viceroy": "blue", "others": {"blue": 1}}})
    run, d = _send(case, RED)
    assert d.options["owner"] == BLUE and d.options["sources"] == {"america": 2}
    assert d.options["which"]["america"] == ["office", [[None, 1], ["viceroy", 1]]]
    assert d.legal_answers() == [{"america": 1},
                                 {"america": [{"n": 1, "office": "viceroy"}]}]
    before = case.state.copy()
    interp = case.engine.interpreter
    for bad in ({"america": {"n": 2, "office": "viceroy"}},      # one Viceroy
                {"america": {"n": 1, "office": "captain"}},      # not held there
                {"america": {"n": 1, "seated": True}},           # no limit table there
                {"america": [{"n": 1, "office": "viceroy"}, {"n": 1}]},  # 2, not 1
                {"america": {"n": 0}},                           # n >= 1
                {"america": "viceroy"}):                         # not a count or parts
        with pytest.raises(IllegalMove) as err:
            interp.answer(case.state, run, RED, bad)
        assert err.value.rule == "B8.7" and case.state == before
    interp.answer(case.state, run, RED, {"america": {"n": 1, "office": "viceroy"}})
    ext = own_pieces(case.state, case.board)
    assert ext.offices["viceroy"] == EMPTY   # C6: empty until a caballero arrives
    assert case.state.caballeros[case.board.index["america"]][BLUE] == 1


def test_c11_a_send_naming_no_office_sends_a_plain_caballero_as_before() -> None:
    case = _case({"america": {"viceroy": "blue", "others": {"blue": 1}}})
    run, d = _send(case, RED)
    for same in ({"america": 1}, {"america": {"n": 1}}, {"america": [{"office": None}]}):
        assert d.applied(same, RED) == {"america": 1}   # the default: one normal form
    assert d.options["skip"] == {"america": 1}   # older records sent the default
    case.engine.interpreter.answer(case.state, run, RED, {"america": 1})
    assert own_pieces(case.state, case.board).offices["viceroy"] == BLUE


def test_c10_c11_the_sender_chooses_a_seated_caballero_and_the_seat_is_refilled() -> None:
    """C10, C11: sending blue's caballeros from the limit table's region, the sender may
    send a seated one; the seat it opens is filled at once from those standing beside
    (blue's and yellow's: the acting player chooses)."""
    case = _case({"regions": {"valencia": {"blue": 2, "yellow": 2}, "aragon": {"yellow": 1}},
                  "limit_table": {"region": "valencia", "seats": 2,
                                  "seated": {"blue": 1, "yellow": 1}}}, players=3)
    run, d = _send(case, RED)
    assert d.options["owner"] == BLUE
    assert d.options["which"] == {"valencia": ["seated", [[False, 1], [True, 1]]]}
    before = case.state.copy()
    with pytest.raises(IllegalMove):   # one seated blue caballero only
        case.engine.interpreter.answer(case.state, run, RED,
                                       {"valencia": [{"seated": True}, {"seated": True}]})
    assert case.state == before
    seat = case.engine.interpreter.answer(case.state, run, RED,
                                          {"valencia": {"n": 1, "seated": True}})
    assert case.state.caballeros[case.board.index["valencia"]][BLUE] == 1
    assert own_pieces(case.state, case.board).table.seated == [0, 0, 1]  # a seat open
    assert seat is not None and seat.players == [RED]   # C10: who sits, blue or yellow
    case.engine.interpreter.answer(case.state, run, RED, 1)   # yellow
    assert own_pieces(case.state, case.board).table.seated == [0, 0, 2]


def test_b8_7_a_base_game_send_refuses_parts_naming_kinds() -> None:
    """B8.7: without a choice of kinds (the base game) a send's sources take counts only;
    a part naming a kind is refused and the position is unchanged."""
    case = setup_case({"id": "T", "title": "t", "rules": ["B8.7"], "sets": ["base"],
                       "players": ["red", "blue"],
                       "position": {"king": "galicia",
                                    "grandes": {"red": "catalonia", "blue": "granada"},
                                    "regions": {"valencia": {"blue": 1},
                                                "aragon": {"blue": 1}}},
                       "do": [], "expect": {}})
    run, d = _send(case, RED)
    assert "which" not in d.options and d.options["owner"] == BLUE
    before = case.state.copy()
    for bad in ({"valencia": {"n": 1, "seated": True}}, {"valencia": [{"n": 1}]}):
        with pytest.raises(IllegalMove) as err:
            case.engine.interpreter.answer(case.state, run, RED, bad)
        assert err.value.rule == "B8.7" and case.state == before


def test_c10_c11_the_action_space_encodes_which_caballero_is_sent_exactly() -> None:
    """B3.4 with C10/C11: after ``LOC valencia`` a ``PICK j`` chooses a standing (0) or a
    seated (1) caballero to send; the masks allow exactly the legal answers."""
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).parent))
    from test_adapters_actions import _check_decision

    from elgrande.adapters.actions import ActionSpace, AnswerBuilder, encode

    case = _case({"regions": {"valencia": {"red": 3, "blue": 2}, "aragon": {"red": 1}},
                  "limit_table": {"region": "valencia", "seats": 3,
                                  "seated": {"red": 1, "blue": 2}}}, players=3)
    _run, met = _send(case, RED)
    assert met.options["which"]["valencia"] == ["seated", [[False, 2], [True, 1]]]
    space = ActionSpace.for_board(case.board, 3)
    for lo, hi in ((0, 2), (1, 1), (2, 3), (4, 4)):
        d = Decision(met.kind, met.players, met.prompt, {**met.options, "min": lo, "max": hi},
                     met.rule)
        assert _check_decision(space, d, RED, random.Random(lo)) == "exact"
    assert encode(space, met, RED, {"valencia": {"n": 1, "seated": True}}) == [
        space.loc("valencia"), space.pick(1), space.done]
    b = AnswerBuilder(space, met, RED)
    b.apply(space.loc("valencia"))
    assert b.legal_actions() == [space.pick(0), space.pick(1)]
    b.apply(space.pick(1))
    assert b.legal_actions() == [space.done]
    b.apply(space.done)
    assert b.answer() == {"valencia": [{"n": 1, "seated": True}]}


@pytest.mark.parametrize("seed", [39, 253])
def test_c10_c11_records_from_before_the_send_choice_replay_sending_the_default(
        seed: int) -> None:
    """A send that chooses among kinds of caballeros (C10, C11) is a decision older records
    lack (it was carried out at once, standing and plain caballeros first): replaying such a
    record answers it with its ``skip`` answer (the default), also where the record's next
    line answers another send (seed 253), and ends in the same game."""
    from elgrande.play.records import record_lines, replay

    game = new_game(4, sets=SETS, fill="provisional", seed=seed, logging=False)
    rng = random.Random(seed)
    added: list[int] = []
    while game.pending is not None:
        d = game.pending
        if d.kind == "send_caballeros" and "skip" in d.options:
            added.append(len(record_lines(game)))
            game.answer(d.players[0], d.options["skip"])
            continue
        game.answer(d.players[0], d.random_answer(rng, d.players[0]))
    assert added
    lines = record_lines(game)
    old = [line for i, line in enumerate(lines) if i not in added]
    replayed = replay(old, logging=False)
    a, b = game.to_json(), replayed.to_json()
    a.pop("log")
    b.pop("log")
    assert a == b
