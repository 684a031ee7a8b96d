"""Deciders (``as PLAYER:``) and triggers (``when EVENT [of PLAYERS] DURATION:``) of the card
language: parsing, English, checking, and how they play (B8: a card's effect; B4: a turn's
start; B6.3: a general scoring's steps; the chain limit that bounds every script)."""

from __future__ import annotations

import random
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from elgrande.adapters.stepping import Stepper
from elgrande.dsl.checker import check_script
from elgrande.dsl.parser import parse
from elgrande.dsl.render import render
from elgrande.engine.movers import KING_PROMPT
from elgrande.engine.triggers import TRIGGER, TRIGGER_LIMIT, TriggerLimit
from elgrande.errors import CardError, IllegalMove, SavedGameError
from elgrande.model.hook_context import HookContext
from elgrande.model.state import Lasting
from elgrande.play.game import Game, new_game

REPO = Path(__file__).resolve().parent.parent
SPY = REPO / "examples" / "homebrew" / "spy.yaml"


def _card(folder: Path, cid: str, effect: str, stack: int = 1) -> Path:
    body = "\n".join("  " + line for line in effect.strip("\n").splitlines())
    (folder / f"{cid}.yaml").write_text(
        f"id: {cid}\nset: homebrew\nkind: action\ntitle: \"{cid}\"\nstack: {stack}\n"
        f"copies: 1\ntext: \"{cid}\"\neffect: |\n{body}\nrules: [B8.1]\n"
        "source: \"tests\"\n", encoding="utf-8")
    return folder


def _at_offer(folder: Path | str, card: str, seed: int = 3, logging: bool = False) -> Game:
    """A seeded game played at random until a player may carry out a special action,
    with ``card`` put in the place of the card they took (no Veto held)."""
    g = new_game(4, seed=seed, cards=(str(folder),), logging=logging)
    rng = random.Random(seed)
    while True:
        d = g.pending
        assert d is not None
        if d.rule == "B4.4" and d.kind == "choose_option":  # carry out or decline
            g.flow.card = card
            g.state.lasting = []
            return g
        g.answer(d.players[0], d.random_answer(rng))


def _play_until(g: Game, stop: Any, rng: random.Random, limit: int = 2000) -> None:
    for _ in range(limit):
        d = g.pending
        if d is None or stop(g):
            return
        g.answer(d.players[0], d.random_answer(rng))
    raise AssertionError("never reached")


# -- the language -----------------------------------------------------------------------------
def test_b8_when_and_as_parse_into_their_nodes() -> None:
    s = parse("t = choose player from opponents\nwhen turn starts of t once:\n"
              "    as t:\n        move 1 own caballero from court to provinces\n")
    when = s.body.body[1]
    assert type(when).__name__ == "When" and when.event == "turn starts"
    assert when.duration == "once" and when.whose.name == "t"
    assert type(when.body.body[0]).__name__ == "As"


@pytest.mark.parametrize(("duration", "words"), [
    ("once", "the next time"), ("this round", "until the end of this round"),
    ("until end of next round", "until the end of next round"),
    ("until next scoring", "until the next general scoring is over"),
    ("while held", "while a court holds this card"), ("this turn", "this turn")])
def test_b8_every_duration_reads_in_english(duration: str, words: str) -> None:
    text = render(parse(f"when round starts {duration}:\n    score king\n"))
    assert words in text.lower() and "a round starts" in text


def test_b8_the_spy_renders_what_it_does() -> None:
    import yaml  # noqa: PLC0415 - one test

    text = render(parse(yaml.safe_load(SPY.read_text(encoding="utf-8"))["effect"]))
    assert "Choose another player (call it 'target')" in text
    assert "The next time the turn of player 'target' starts: player 'target' sends 1 of " \
        "their caballeros from their court to the provinces" in text


@pytest.mark.parametrize(("src", "code"), [
    ("when round starts of me once:\n    pass\n", "E-TYPE"),
    ("as opponents:\n    pass\n", "E-TYPE"),
    ("when turn ends once:\n    each player secretly chooses region x from regions\n",
     "E-TRIGGER-SECRET"),
    ("keep veto once\n", "E-TYPE"),
    ("as q:\n    pass\n", "E-UNDEFINED"),
    ("when turn starts of q once:\n    pass\n", "E-UNDEFINED"),
])
def test_b8_the_checker_refuses_triggers_and_deciders_that_cannot_play(src: str,
                                                                     code: str) -> None:
    probs = check_script(parse(src), "x.yaml", ["castilla", "aragon", "castillo"])
    assert code in [p.code for p in probs if p.severity == "error"]


@pytest.mark.parametrize("src", [
    "when castillo emptied until next scoring:\n    score king\n",
    "when castillo emptied until next scoring:\n    move king to anywhere\n",
    "when regions scored once:\n    either:\n        pass\n    or:\n        pass\n"])
def test_b6_3_a_scoring_step_trigger_may_decide(src: str) -> None:
    probs = check_script(parse(src), "x.yaml", ["castilla"])
    assert [p for p in probs if p.severity == "error"] == []


def test_b8_the_spy_validates(tmp_path: Path) -> None:
    from click.testing import CliRunner  # noqa: PLC0415

    from elgrande.tools.cli import main  # noqa: PLC0415

    r = CliRunner().invoke(main, ["validate", "--strict", "--smoke", "5", str(SPY)])
    assert r.exit_code == 0, r.output


def test_b8_keep_still_reads_until() -> None:
    s = parse("keep veto until end of next round\n")
    assert s.body.body[0].arg("until") == "end of next round"
    with pytest.raises(CardError):
        parse("keep veto end of next round\n")


# -- deciders ----------------------------------------------------------------------------------
def test_b8_under_as_p_the_decisions_views_and_action_masks_are_ps(tmp_path: Path) -> None:
    _card(tmp_path, "hb-t-as", "target = choose player from opponents\nas target:\n"
          "    move king to adjacent to king\n")
    g = _at_offer(tmp_path, "hb-t-as")
    actor = g.flow.actor
    g.answer(actor, 0)
    d = g.pending
    assert d is not None and d.kind == "choose_player" and d.players == [actor]
    target = [p for p in d.options["choices"] if p != actor][0]
    g.answer(actor, target)
    d = g.pending
    assert d is not None and d.kind == "choose_region" and d.players == [target]
    assert g.view(target)["pending"] is not None and g.view(actor)["pending"] is None
    st = Stepper(g)
    assert st.to_act() == [target]
    assert st.legal_actions(target) and st.legal_actions(actor) == []
    with pytest.raises(IllegalMove):
        g.answer(actor, d.options["choices"][0])
    g.answer(target, d.options["choices"][0])
    assert g.library.board.place_id(g.state.king) == d.options["choices"][0]


# -- triggers ----------------------------------------------------------------------------------
def test_b4_the_spy_makes_its_target_send_a_court_caballero_at_their_next_turn() -> None:
    g = _at_offer(SPY.parent, "hb-spy")
    actor = g.flow.actor
    g.answer(actor, 0)
    d = g.pending
    assert d is not None and d.kind == "choose_player"
    target = (actor + 1) % 4
    g.answer(actor, target)
    kept = [x for x in g.state.lasting if x.kind == TRIGGER]
    assert len(kept) == 1 and kept[0].player == actor and kept[0].data["of"] == [target]
    g.state.provinces[target] -= 3  # something to send at their turn's start
    g.state.court[target] += 3
    rng = random.Random(5)
    sent: list[dict[str, Any]] = []
    while not sent:
        d = g.pending
        assert d is not None and not (g.flow.actor == target and d.kind == "place_caballeros")
        events = g.answer(d.players[0], d.random_answer(rng))
        sent = [e for e in events if e["event"] == "send" and e["card"] == "hb-spy"]
    assert sent[0]["decider"] == sent[0]["owner"] == target == g.flow.actor
    assert sent[0]["taken"] == {"court": 1} and sent[0]["to"] == "provinces"
    assert not [x for x in g.state.lasting if x.kind == TRIGGER]  # once: spent
    assert g.pending is not None and g.pending.kind == "bring_to_court"  # then B4.1


def test_b8_a_triggers_decision_waits_for_its_player_and_survives_a_save(
        tmp_path: Path) -> None:
    _card(tmp_path, "hb-t-wait", "target = choose player from opponents\n"
          "when turn starts of target once:\n    as target:\n        move king to anywhere\n")
    g = _at_offer(tmp_path, "hb-t-wait")
    actor = g.flow.actor
    g.answer(actor, 0)
    target = (actor + 1) % 4
    g.answer(actor, target)
    rng = random.Random(5)
    _play_until(g, lambda g: g.pending.rule == "B5" or g.pending.prompt.endswith(KING_PROMPT[1:]),
                rng)
    d = g.pending
    assert d.kind == "choose_region" and d.players == [target] and g.flow.actor == target
    assert g.view(target)["pending"] is not None and g.view(actor)["pending"] is None
    assert Stepper(g).legal_actions(target) and Stepper(g).legal_actions(actor) == []
    saved = Game.from_json(g.to_json(), logging=False)  # a game saved while it waits
    to = d.options["choices"][0]
    g.answer(target, to)
    assert g.library.board.place_id(g.state.king) == to
    assert not [x for x in g.state.lasting if x.kind == TRIGGER]  # once: spent
    assert g.pending is not None and g.pending.kind == "bring_to_court"
    saved.answer(target, to)
    assert saved.state.to_json() == g.state.to_json()


#: A trigger that sets itself off: each body moves one more caballero into the Castillo.
_LOOP = ("when caballeros arrive in castillo of me this round:\n"
         "    move 1 own caballero from regions except king to castillo\n")


def _looping(folder: Path, cid: str, effect: str, n: int,
             seed: int = 3) -> tuple[Game, int, int, list[Any]]:
    """A game at the offer of card ``cid`` (``effect``) whose player has ``n`` more
    caballeros in a region beside the king's: (game, player, that region, the move of one
    of them into the Castillo)."""
    _card(folder, cid, effect)
    g = _at_offer(folder, cid, seed, logging=True)
    actor = g.flow.actor
    b = g.library.board
    r = next(i for i in range(len(b.places)) if b.is_region(i) and i != g.state.king)
    g.state.provinces[actor] -= n
    g.state.caballeros[r][actor] += n
    return g, actor, r, [{"from": b.place_id(r), "to": "castillo", "player": actor, "n": 1}]


#: The loop's body, able to move none (the answer that ends the chain).
_LOOP_UP_TO = _LOOP.replace("move 1", "move up to 1")


def _refused_then_goes_on(g: Game, actor: int, move: list[Any]) -> int:
    """Answer ``move`` until an answer is refused (the chain past its limit): the game is
    then exactly as before it (saved form, log, history, pending decision); moving none
    is then accepted. Returns how many answers were accepted before the refused one."""
    for accepted in range(TRIGGER_LIMIT + 3):
        d = g.pending
        assert d is not None and d.kind == "move_caballeros" and d.players == [actor]
        before, log, history = g.to_json(), g.log, g.history
        try:
            g.answer(actor, move)
        except IllegalMove as exc:
            assert exc.rule == "B8" and f"more than {TRIGGER_LIMIT} times" in exc.message
            assert "refused" in exc.message and isinstance(exc.__cause__, TriggerLimit)
            assert g.to_json() == before and g.log == log and g.history == history
            assert g.pending == d
            g.answer(actor, [])  # another answer: the game goes on
            assert g.history[-1]["answer"] == []
            return accepted
    raise AssertionError("never refused")


def test_b8_a_trigger_firing_itself_past_the_limit_is_refused_inside_a_special_action(
        tmp_path: Path) -> None:
    g, actor, r, move = _looping(tmp_path, "hb-t-loop", _LOOP_UP_TO + "move 1 own caballero "
                                 "from regions except king to castillo\n", 12)
    g.answer(actor, 0)
    assert _refused_then_goes_on(g, actor, move) == TRIGGER_LIMIT + 1  # the card's, then 8
    assert g.flow.run is None and "triggers" not in g.state.ext  # the action is over
    assert not [e for e in g.log if "void" in e or "Runaway" in e]


def test_b6_3_a_trigger_on_the_emptied_castillo_runs_at_the_step_then_ends(
        tmp_path: Path) -> None:
    _card(tmp_path, "hb-t-step", "when castillo emptied until next scoring:\n    score king\n")
    g = _at_offer(tmp_path, "hb-t-step")
    actor = g.flow.actor
    g.answer(actor, 0)
    assert [x.data["event"] for x in g.state.lasting] == ["castillo_emptied"]
    rng = random.Random(2)
    seen: list[dict[str, Any]] = []
    for _ in range(3000):
        d = g.pending
        if d is None:
            break
        seen = g.answer(d.players[0], d.random_answer(rng))
        if any(e["event"] == "general_scoring" for e in seen):
            break
    scores = [e for e in seen if e["event"] == "score" and e.get("card") == "hb-t-step"]
    assert len(scores) == 1
    assert not [x for x in g.state.lasting if x.kind == TRIGGER]


def test_b8_a_while_held_trigger_follows_the_card_to_its_new_holder(tmp_path: Path) -> None:
    _card(tmp_path, "hb-t-held", "when turn starts of me while held:\n    score king\n")
    g = _at_offer(tmp_path, "hb-t-held")
    actor = g.flow.actor
    g.answer(actor, 0)
    (x,) = [x for x in g.state.lasting if x.kind == TRIGGER]
    other = (actor + 1) % 4
    engine = g._engine
    hooks = engine.rules.composed["turn_start"]
    g.state.held = [[] for _ in range(4)]
    g.state.held[other].append("hb-t-held")
    hooks(HookContext(g.state, g.library.board, [], actor, engine, g.flow))
    assert x.player == other  # the new holder is "me" now
    g.state.held[other].clear()
    hooks(HookContext(g.state, g.library.board, [], other, engine, g.flow))
    assert x not in g.state.lasting  # no court holds it: over


def test_b8_state_held_is_empty_and_old_saves_load_without_it() -> None:
    g = new_game(3, seed=1, logging=False)
    assert not any(g.state.held)  # nobody holds a card
    data = g.to_json()
    del data["state"]["held"]  # a game saved before the field
    assert not any(Game.from_json(data, logging=False).state.held)
    data["state"]["held"] = [[], []]
    with pytest.raises(SavedGameError):
        Game.from_json(data, logging=False)


def test_b8_a_base_game_keeps_no_triggers_module() -> None:
    g = new_game(3, seed=1, logging=False)
    rules = g._engine.rules
    assert "triggers" not in [m.name for m in rules.modules]
    assert rules.asides is None and not rules.hears_moves


def test_b8_a_lasting_trigger_survives_copies_independently() -> None:
    g = _at_offer(SPY.parent, "hb-spy")
    actor = g.flow.actor
    g.answer(actor, 0)
    g.answer(actor, (actor + 1) % 4)
    c = g.copy()
    c.state.lasting[0].player = 9
    c.state.lasting[0].data["subject"] = 9
    assert isinstance(g.state.lasting[0], Lasting)
    assert g.state.lasting[0].player == actor == g.state.lasting[0].data["subject"]


@settings(max_examples=4, deadline=None)
@given(st.integers(min_value=1, max_value=40))
def test_b8_a_chain_between_phases_past_the_limit_is_refused(seed: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        g, actor, r, move = _looping(Path(folder), "hb-t-chain", _LOOP_UP_TO, 12, seed=seed)
        b = g.library.board
        engine = g._engine
        g.answer(actor, 0)
        assert g.flow.run is None  # the special action is over: between phases now
        events: list[dict[str, Any]] = []
        engine.rules.composed["arrive"](HookContext(g.state, b, events, actor, engine, g.flow),
                                        b.castillo, actor, 1)  # an arrival outside a trigger
        engine.advance(g.state, g.flow, events)
        assert _refused_then_goes_on(g, actor, move) == TRIGGER_LIMIT
        assert "triggers" not in g.state.ext and g.pending is not None


def test_b8_triggers_hear_cards_taken_and_turn_and_round_ends(tmp_path: Path) -> None:
    _card(tmp_path, "hb-t-ears",
          "when card taken of opponents until end of next round:\n    score king\n"
          "when turn ends of me this turn:\n    score castillo\n"
          "when round ends once:\n    score king\n")
    g = _at_offer(tmp_path, "hb-t-ears")
    actor, r = g.flow.actor, g.state.round
    g.answer(actor, 0)
    assert len([x for x in g.state.lasting if x.kind == TRIGGER]) == 3
    rng = random.Random(9)
    fired: list[tuple[int, str, int]] = []  # (round, what scored, whose turn)
    b = g.library.board
    while g.pending is not None and g.state.round <= r + 1:
        d = g.pending
        for e in g.answer(d.players[0], d.random_answer(rng)):
            if e["event"] == "score" and e.get("card") == "hb-t-ears" \
                    and e["player"] == actor:  # (another may take the card later)
                fired.append((g.state.round, b.place_id(e["result"]["place"]), e["player"]))
    castillo = [f for f in fired if f[1] == "castillo"]
    assert len(castillo) == 1 and castillo[0][0] == r  # this turn's end only
    takes = [f for f in fired if f[1] != "castillo"]
    assert len(takes) >= 2  # opponents' cards taken (and the round's end, once)
    assert not [x for x in g.state.lasting if x.kind == TRIGGER and x.player == actor]


def test_b8_a_game_saved_inside_a_special_action_while_a_trigger_waits_goes_on(
        tmp_path: Path) -> None:
    g, actor, r, move = _looping(tmp_path, "hb-t-loop2", _LOOP + "move 1 own caballero "
                                 "from regions except king to castillo\n", 3)
    g.answer(actor, 0)
    g.answer(actor, move)  # the card's move: the trigger's body now waits (a run's aside)
    assert g.flow.run is not None and g.flow.run.asides
    saved = Game.from_json(g.to_json(), logging=False)
    for game in (g, saved):
        game.answer(actor, move)
    assert saved.state.to_json() == g.state.to_json()
    assert saved.pending == g.pending


def test_b8_seeded_games_with_the_homebrew_examples_play_the_spy() -> None:
    kept = sent = 0
    for seed in range(1, 16):
        g = new_game(4, seed=seed, cards=(str(SPY.parent),), logging=False)
        rng = random.Random(seed)
        while g.pending is not None:
            d = g.pending
            for e in g.answer(d.players[0], d.random_answer(rng)):
                kept += e["event"] == "trigger"
                sent += e["event"] == "send" and e.get("card") == "hb-spy"
        assert g.over
    assert kept and sent


def test_b8_7_me_is_the_cards_player_even_when_another_decides(tmp_path: Path) -> None:
    _card(tmp_path, "hb-t-me", "t = choose player from opponents\nas t:\n"
          "    move 1 caballero of me from court to provinces\n")
    text = render(parse("t = choose player from opponents\nas t:\n"
                        "    move 1 caballero of me from court to provinces\n"))
    assert "Player 't' sends 1 caballero of the card's player from the court of the " \
        "card's player to the provinces" in text
    g = _at_offer(tmp_path, "hb-t-me")
    actor = g.flow.actor
    t = (actor + 1) % 4
    g.state.provinces[actor] -= 2
    g.state.court[actor] += 2
    court = g.state.court[:]
    g.answer(actor, 0)
    events = g.answer(actor, t)
    (sent,) = [e for e in events if e["event"] == "send"]
    assert sent["decider"] == t and sent["owner"] == actor
    assert g.state.court[actor] == court[actor] - 1 and g.state.court[t] == court[t]


#: Triggers on both steps of the next general scoring that ask their player.
_STEPS_CARD = ("when castillo emptied until next scoring:\n"
               "    move 1 own caballero from court to regions\n"
               "when regions scored once:\n    either:\n        score king\n"
               "    or:\n        pass\n")


def _at_step(folder: Path, seed: int = 3) -> tuple[Game, int]:
    """A game whose card ``hb-t-steps`` (:data:`_STEPS_CARD`) was carried out, played at
    random until its player is asked at the emptied Castillo: (game, that player)."""
    _card(folder, "hb-t-steps", _STEPS_CARD)
    g = _at_offer(folder, "hb-t-steps", seed, logging=True)
    actor = g.flow.actor
    g.answer(actor, 0)
    g.state.provinces[actor] -= 1
    g.state.court[actor] += 1  # one caballero in court to place at the step, at least
    rng = random.Random(seed)
    _play_until(g, lambda g: g.flow.phase == "scoring", rng)
    return g, actor


def test_b6_3_a_trigger_at_the_emptied_castillo_asks_and_the_scoring_waits(
        tmp_path: Path) -> None:
    g, actor = _at_step(tmp_path)
    d = g.pending
    assert d is not None and d.kind == "place_caballeros" and d.players == [actor]
    told = [line for line in g.log if line.startswith("-- Scoring after round")]
    assert told and g.log[-1].endswith("the Castillo is emptied:")  # regions not yet scored
    assert "scoring" in g.state.ext and g.state.ext["scoring"]["step"] == "regions"
    others = [p for p in range(4) if p != actor]
    assert g.view(actor)["pending"] is not None
    assert all(g.view(p)["pending"] is None for p in others)
    assert Stepper(g).legal_actions(actor) and all(not Stepper(g).legal_actions(p)
                                                   for p in others)
    saved = Game.from_json(g.to_json())  # a game saved in the middle of the scoring
    assert saved.pending == d and saved.flow.phase == "scoring"
    scores = g.state.scores[:]
    for game in (g, saved):
        events: list[dict[str, Any]] = []
        while game.pending is not None and game.pending.kind == "place_caballeros":
            at = game.pending  # (another player may have taken the card later: theirs too)
            events += game.answer(at.players[0], {at.options["to"][0]: 1})
        kinds = [e["event"] for e in events]
        assert "place" in kinds and kinds.index("place") < kinds.index("general_scoring_rest")
        assert game.state.scores != scores  # the regions scored after the answers
        then = game.pending  # the trigger on the regions scored asks next (either)
        assert then is not None and then.kind == "choose_option" and then.players == [actor]
        assert game.flow.phase == "scoring" and game.state.ext["scoring"] == {"step": "end"}
        assert sum(line.startswith("Points this scoring") for line in game.log) == 1
    assert saved.to_json()["state"] == g.to_json()["state"]
    for game in (g, saved):
        while game.flow.phase == "scoring" and game.pending is not None:
            game.answer(game.pending.players[0], 0)
        assert "scoring" not in game.state.ext and game.pending is not None
        assert not [x for x in game.state.lasting if x.kind == TRIGGER
                    and x.data["event"] == "castillo_emptied"]  # next scoring: over
    assert saved.to_json()["state"] == g.to_json()["state"]


def test_b6_3_a_paused_scoring_saved_with_bad_data_is_refused(tmp_path: Path) -> None:
    g, actor = _at_step(tmp_path)
    data = g.to_json()
    data["state"]["ext"]["scoring"] = {"step": "later"}
    with pytest.raises(SavedGameError):
        Game.from_json(data, logging=False)
    data = g.to_json()
    del data["state"]["ext"]["scoring"]
    with pytest.raises(SavedGameError):
        Game.from_json(data, logging=False)


def test_b8_only_cards_whose_triggers_can_chain_make_answers_kept(tmp_path: Path) -> None:
    colonies = new_game(3, sets=("base", "colonies"), seed=1, fill="provisional",
                        logging=False)
    assert colonies._engine.rules.asides is not None  # Conspiracy keeps a trigger (C13),
    assert colonies._engine.triggers is None  # on a scoring's step: it cannot chain
    g, actor, r, move = _looping(tmp_path, "hb-t-keeps", _LOOP_UP_TO, 3)
    triggers = g._engine.triggers
    assert triggers is not None and triggers.keepers == {"hb-t-keeps"}
    assert triggers.may_chain(g.state, "hb-t-keeps", False)  # the card of this turn
    assert not triggers.may_chain(g.state, "", False)  # nothing kept yet
    g.answer(actor, 0)  # it keeps its trigger on arrivals
    assert triggers.may_chain(g.state, "", False)
