"""The page's controls (elgrande.server.controls): built from the fixed action space only,
over seeded games of every set (B3.4: every decision of every kind answered by the mouse).

At every decision a policy clicks enabled options (in any order), and the answer
``answer_from_actions`` makes is one the engine accepts; the enabled options are exactly
those the action space's mask allows (checked against the mask itself in canonical order,
and for small decisions against the engine's list of legal answers, order free); every
disabled option names a known rule; secret choices say so and show only the seat's own
options.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from conftest import sample

from elgrande.adapters.actions import (
    DIST_KINDS,
    PICK_KINDS,
    SUBSET_KINDS,
    ActionSpace,
    AnswerBuilder,
    encode,
)
from elgrande.engine.decisions import KINDS, secret_kinds
from elgrande.errors import IllegalMove
from elgrande.errors.rule_ids import title
from elgrande.play.game import Game, new_game
from elgrande.server.card_faces import printed_words
from elgrande.server.card_places import king_move_prompt
from elgrande.server.controls import answer_from_actions, controls
from elgrande.server.page_words import card_prompt, prompt_places

SETS = [("base",), ("base", "colonies"), ("base", "intrigue-king"),
        ("base", "colonies", "intrigue-king")]
#: The decision kinds seeded games of each set must meet.
MET = {
    ("base",): {"choose_power_card", "bring_to_court", "choose_action_card", "choose_option",
                "secret_region", "place_caballeros", "choose_region", "move_caballeros"},
    ("base", "colonies"): {"send_caballeros", "move_scoreboard"},
    ("base", "intrigue-king"): {"choose_cards", "choose_player"},
    ("base", "colonies", "intrigue-king"): {"choose_cards"},
}


def _game(sets: tuple[str, ...], players: int, seed: int) -> Game:
    fill = "provisional" if len(sets) > 1 else None
    return new_game(players, sets=sets, seed=seed, fill=fill, logging=False)


def _units_of(c: dict[str, Any]) -> list[tuple[int, ...]]:
    return sorted(tuple(u) for u in c["units"])


def _legal_unit_sets(g: Game, space: ActionSpace, p: int) -> list[list[tuple[int, ...]]] | None:
    """The unit multisets of every legal answer of ``p`` (None when not listed)."""
    d = g.pending
    assert d is not None
    listed = d.legal_answers(p)
    if listed is None or len(listed) > 80:
        return None
    out = []
    for a in listed:
        seq = encode(space, d, p, a)
        c = controls(g, p, space, seq[:-1] if d.kind not in PICK_KINDS else [])
        assert c is not None
        out.append(_units_of(c) if d.kind not in PICK_KINDS else [tuple(seq)])
    return out


def _contains(big: list[tuple[int, ...]], small: list[tuple[int, ...]]) -> bool:
    rest = list(big)
    for u in small:
        if u not in rest:
            return False
        rest.remove(u)
    return True


def _key_after(c: dict[str, Any], unit: tuple[int, ...], last: tuple[int, ...]) -> bool:
    """Whether ``unit`` comes after ``last`` in canonical order (a move by (source, colour,
    kind, destination), a count by its actions)."""
    if c["form"] != "moves" or not last:
        return unit >= last
    k = (unit[0], unit[1] if len(unit) == 3 else 0, unit[-1])
    return k >= (last[0], last[1] if len(last) == 3 else 0, last[-1])


def _check_options(g: Game, space: ActionSpace, p: int, c: dict[str, Any],
                   legal_sets: list[list[tuple[int, ...]]] | None) -> None:
    """Enabled options are exactly what the mask allows; disabled ones name a rule."""
    d = g.pending
    assert d is not None
    b: AnswerBuilder | None = AnswerBuilder(space, d, p)
    for a in c["actions"]:  # the units come back in canonical order
        if a not in b.legal_actions():  # they need more units before them to be legal
            assert not c["done"]["enabled"]
            b = None
            break
        b.apply(a)
    last = tuple(c["units"][-1]) if c["units"] else ()
    for o in c["options"]:
        if not o["enabled"]:
            assert o["rule"] and title(o["rule"]), o
            assert o["why"], o
        if o["unit"] is None:
            assert not o["enabled"]
            continue
        unit = tuple(o["unit"])
        if b is None:
            pass
        elif c["form"] == "pick":
            assert o["enabled"] == (unit[0] in b.legal_actions())
        elif _key_after(c, unit, last):  # appended in canonical order: the mask allows it
            x = b.copy()
            ok = True
            for a in unit:
                if a not in x.legal_actions():
                    ok = False
                    break
                x.apply(a)
            assert o["enabled"] or not ok, (d.kind, o, c["units"])
        if c["form"] == "subset":  # any different entries up to the count (I1)
            assert o["enabled"] == (not o["count"] and c["total"] < c["max"])
        if legal_sets is not None and c["form"] != "pick":
            want = _units_of(c) + [unit]
            assert o["enabled"] == any(_contains(s, sorted(want)) for s in legal_sets), o
    if c["done"] is not None and b is not None:
        assert c["done"]["enabled"] == (space.done in b.legal_actions())


def _play(sets: tuple[str, ...], players: int, seed: int, every: int = 1) -> set[str]:
    """Play a whole game by clicks on enabled options; check the controls on the way."""
    g = _game(sets, players, seed)
    space = ActionSpace.for_game(g)
    rng = random.Random(seed)
    met: set[str] = set()
    i = 0
    while g.pending is not None:
        d = g.pending
        i += 1
        p = d.players[rng.randrange(len(d.players))]
        for q in range(players):
            if q not in d.players:
                assert controls(g, q, space) is None
        actions: list[int] = []
        while True:
            c = controls(g, p, space, actions)
            said = g.in_words(prompt_places(g, d, d.prompt))  # the areas named too (f17)
            said = card_prompt(g, p, said, c is not None and c["card"] is not None)  # f20
            said = king_move_prompt(g, d, said)  # f30: a card's king move in its own words
            assert c is not None and c["kind"] == d.kind and c["prompt"] == said
            assert c["secret"] == (d.kind in secret_kinds())
            if i % every == 0 or d.kind not in met:
                legal = _legal_unit_sets(g, space, p) if d.kind != "choose_cards" else None
                _check_options(g, space, p, c, legal)
            enabled = [o for o in c["options"] if o["enabled"]]
            assert enabled or (c["done"] or {}).get("enabled"), (d.kind, c["units"])
            if c["form"] == "pick":
                actions = rng.choice(enabled)["unit"]
                break
            if c["done"]["enabled"] and (not enabled or rng.random() < 0.35):
                actions = actions + c["done"]["unit"]
                break
            # the page adds a unit anywhere; sometimes it takes one back
            units = [u for u in c["units"]]
            if units and rng.random() < 0.15:
                units.pop(rng.randrange(len(units)))
            else:
                units.insert(rng.randrange(len(units) + 1), rng.choice(enabled)["unit"])
            actions = [a for u in units for a in u]
        met.add(d.kind)
        g.answer(p, answer_from_actions(g, p, actions, space))
    return met


@pytest.mark.slow
@pytest.mark.parametrize(("sets", "players", "seed"), sample(
    [(s, 4, 3) for s in SETS] + [(s, n, seed) for s in SETS for n in (2, 3, 5)
                                 for seed in (1, 2)], keep=4))
def test_B3_4_every_decision_of_a_seeded_game_answered_by_clicks(
        sets: tuple[str, ...], players: int, seed: int) -> None:
    """B3.4: a whole game of each set answered by clicking enabled options: every answer is
    accepted, options are enabled exactly where the mask allows them, and the set's
    decision kinds are met."""
    met = _play(sets, players, seed, every=2 if players == 4 else 5)
    assert {"choose_power_card", "bring_to_court", "place_caballeros", "choose_option"} <= met


@pytest.mark.slow
@pytest.mark.parametrize("sets", SETS)
def test_B3_4_seeded_games_of_each_set_meet_its_decision_kinds(sets: tuple[str, ...]) -> None:
    """B3.4: seeded 4-player games of each set, answered by clicks, meet every decision
    kind the set adds (and the base game's)."""
    want = MET[sets] | MET[("base",)]
    if "intrigue-king" in sets:  # I1: no action cards of their own
        want.discard("choose_action_card")
    met: set[str] = set()
    for seed in range(8):
        met |= _play(sets, 4, seed, every=50)
        if want <= met:
            break
    assert want <= met, sorted(want - met)


def test_B3_4_the_action_space_covers_every_decision_kind() -> None:
    """B3.4: every registered decision kind (the expansions' too) has an action encoding,
    so the page needs no code of its own for any set."""
    _game(SETS[-1], 3, 0)  # loads every rules module
    assert set(KINDS) <= PICK_KINDS | DIST_KINDS | SUBSET_KINDS | {"move_caballeros"}


def _until(g: Game, kind: str, rng: random.Random) -> None:
    while g.pending is not None and g.pending.kind != kind:
        d = g.pending
        g.answer(d.players[0], d.random_answer(rng, d.players[0]))
    assert g.pending is not None


@pytest.mark.rule("B5.2", "B5.1")
def test_B5_2_the_kings_region_is_shown_disabled_with_its_rule() -> None:
    """B5.2/B5.1: the placement's options are every place; the king's region and those not
    next to it are disabled with the rule that forbids them, and an answer sent by hand
    into the king's region is refused with B5.2."""
    g = _game(("base",), 4, 3)
    _until(g, "place_caballeros", random.Random(0))
    d = g.pending
    assert d is not None
    p = d.players[0]
    c = controls(g, p)
    assert c is not None and c["form"] == "counts"
    king = g.library.board.places[g.state.king].id
    by_place = {o["place"]: o for o in c["options"]}
    assert by_place[king]["enabled"] is False and by_place[king]["rule"] == "B5.2"
    assert by_place[king]["title"] == "the king's region is closed"
    # f14: the move's one wording, the region named (not the title again)
    name = g.library.board.places[g.state.king].name
    assert by_place[king]["why"] == f"{name} is the king's region: nothing may enter or leave it"
    assert any(o["rule"] == "B5.1" for o in c["options"] if not o["enabled"])
    space = ActionSpace.for_game(g)
    with pytest.raises(IllegalMove) as exc:
        answer_from_actions(g, p, [space.loc(king), space.done])
    assert exc.value.rule == "B5.2"
    with pytest.raises(IllegalMove) as exc:
        controls(g, p, space, [space.loc(king)])
    assert exc.value.rule == "B5.2"


def test_answer_from_actions_refuses_bad_sequences_with_a_rule() -> None:
    """B3.4: an unfinished answer, an action out of the space, a seat with nothing to
    decide, a second pick: each refused with a rule id, and the game unchanged."""
    g = _game(("base",), 3, 5)
    _until(g, "place_caballeros", random.Random(1))
    d = g.pending
    assert d is not None
    p = d.players[0]
    space = ActionSpace.for_game(g)
    before = g.view(None)
    ok = [o for o in controls(g, p, space)["options"] if o["enabled"]]  # type: ignore[index]
    bad: list[Any] = [ok[0]["unit"], [space.size], [-1], ["x"], [space.done, space.done]]
    for actions in bad:
        with pytest.raises(IllegalMove) as exc:
            answer_from_actions(g, p, actions, space)
        assert exc.value.rule
    other = next(q for q in range(3) if q not in d.players)
    with pytest.raises(IllegalMove) as exc:
        answer_from_actions(g, other, [space.done], space)
    assert exc.value.rule == "B3.4"
    assert g.view(None) == before
    assert answer_from_actions(g, p, [*ok[0]["unit"], space.done], space)


def test_B8_5_a_secret_disc_is_marked_secret_and_shows_only_the_seats_own_choices() -> None:
    """B8.5: the secret disc's controls say secret, are the same for every seat choosing
    (their own options) and read nothing of another seat's choice."""
    g = _game(("base",), 4, 2)
    _until(g, "secret_region", random.Random(2))
    d = g.pending
    assert d is not None and len(d.players) > 1
    first, second = d.players[0], d.players[1]
    c1 = controls(g, second)
    g.answer(first, d.options["choices"][0] if "choices" in d.options
             else d.options["per_player"][str(first)][0])
    c2 = controls(g, second)
    assert c1 is not None and c2 is not None and c1["secret"] and c1 == c2
    assert controls(g, first) is None


@pytest.mark.rule("I1")
def test_I1_the_card_choice_is_a_subset_of_exactly_count_cards() -> None:
    """I1: the card choice is a subset form: DONE only at the count, the others disabled
    once it is reached, and the answer is the chosen cards."""
    g = _game(("base", "intrigue-king"), 3, 1)
    d = g.pending
    assert d is not None and d.kind == "choose_cards"
    n = d.options["count"]
    c = controls(g, 0)
    assert c is not None and c["form"] == "subset" and c["secret"] and c["max"] == n
    assert c["done"]["enabled"] is False and c["done"]["rule"] == "I1"
    picked = [o["unit"][0] for o in c["options"][:n]][::-1]  # any order
    c = controls(g, 0, None, picked)
    assert c is not None and c["done"]["enabled"] and not any(
        o["enabled"] for o in c["options"])
    answer = answer_from_actions(g, 0, [*picked, c["done"]["unit"][0]])
    assert answer == sorted(d.options["per_player"]["0"][:n])


def test_B4_2_an_action_card_choice_shows_each_cards_text_and_stack() -> None:
    """B4.2, B3.1: the cards on offer are open; each option of the choice carries the card's
    printed text and its stack, so the page can say what the card does."""
    g = _game(("base",), 3, 5)
    _until(g, "choose_action_card", random.Random(0))
    d = g.pending
    assert d is not None
    c = controls(g, d.players[0])
    assert c is not None and c["options"]
    for o in c["options"]:
        card = g.library.card(o["value"])
        assert o["label"] == g.chronicle.titles[card.id]
        # a misprint marked [sic], regions named by value glossed (f28)
        assert o["text"] == printed_words(card)
        assert o["label"].startswith(card.title) and o["text"]
        assert o["stack"] == card.stack


def test_controls_reply_gives_the_mask_after_a_partial_answer_or_a_refusal() -> None:
    """The controls route: the options after the units sent, a spectator's none, and a
    422 refusal (rule, title, message, the rule's text) for a unit the mask forbids or a
    malformed list (B5.2, B3.4)."""
    from elgrande.errors.rule_ids import lookup
    from elgrande.server.controls import controls_reply, parse_actions

    g = _game(("base",), 4, 3)
    _until(g, "place_caballeros", random.Random(0))
    d = g.pending
    assert d is not None
    p = d.players[0]
    space = ActionSpace.for_game(g)
    first = next(o for o in controls(g, p, space)["options"] if o["enabled"])  # type: ignore[index]
    code, body = controls_reply(g, p, ",".join(map(str, first["unit"])), space)
    assert code == 200 and body["controls"]["total"] == 1
    assert controls_reply(g, None, "") == (200, {"controls": None})
    king = g.library.board.places[g.state.king].id
    code, body = controls_reply(g, p, str(space.loc(king)), space)
    assert code == 422 and body["ok"] is False and body["rule"] == "B5.2"
    assert body["title"] == "the king's region is closed"
    assert body["rule_text"] == lookup("B5.2").text and body["error"]
    for bad in ("1,x", "-1", "9" * 9, ",".join(["1"] * 500)):
        code, body = controls_reply(g, p, bad, space)
        assert code == 422 and body["rule"] == "B3.4", bad
    assert parse_actions(None) == [] and parse_actions(" 3, 4") == [3, 4]


def test_B8_5a_the_replay_page_of_a_seat_holds_no_others_secret() -> None:
    """B8.5a: the replay of a game in progress, as one seat sees it, embeds the seat's own
    secret disc and no other seat's unrevealed one."""
    import json
    import re

    from elgrande.server.replay import replay_page

    g = new_game(4, sets=("base", "colonies"), fill="provisional", seed=1, logging=True)
    d = g.pending
    assert d is not None and d.kind == "secret_region"
    g.answer(0, d.options["per_player"]["0"][0])
    g.answer(1, d.options["per_player"]["1"][-1])
    page = replay_page(g, 0)
    data = json.loads(re.search(r'id="data">(.*?)</script>', page, re.S).group(1))  # type: ignore[union-attr]
    did = [s["did"] for s in data["steps"]]
    assert "(as p1)" in page
    own = g.library.board.place_name(d.options["per_player"]["0"][0])
    assert did[1].endswith(" " + own + "."), did[1]  # the seat's own, by its name
    assert did[2] == "Answer 2: p2 set their secret disc (secret)."


@pytest.mark.rule("B6.1")
def test_B6_1_the_disc_says_so_when_the_seat_has_no_caballero_in_the_castillo() -> None:
    """B6.1, B6.3 (f32): every player sets a disc; a seat with none in the Castillo is
    told its disc moves none of its caballeros, a seat with some is not."""
    g = _game(("base",), 4, 2)
    _until(g, "secret_region", random.Random(2))
    d = g.pending
    assert d is not None and d.rule == "B6.1"
    castillo = g.library.board.castillo
    row = g.state.caballeros[castillo]
    for seat in d.players:
        c = controls(g, seat)
        assert c is not None
        said = "You have no caballeros in the Castillo now" in str(c["note"])
        assert said == (row[seat] == 0), (seat, row, c["note"])
    assert any(row[s] == 0 for s in d.players) and any(row[s] > 0 for s in d.players), row
