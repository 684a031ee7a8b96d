"""What the engine says to people (issue 30): refusal reasons cite the rule that
excludes an answer (B3.2, B8), prompts are whole sentences naming what they act on
(B4.3, B4.4, B8.2), and log lines read as English (B8.2, B8.5)."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest
from prompt_util import bare
from test_game_properties import answer_randomly

from elgrande.dsl.parser import parse
from elgrande.dsl.render import render
from elgrande.engine.context import Run
from elgrande.engine.decisions import Decision
from elgrande.engine.interpreter import Interpreter
from elgrande.errors import IllegalMove
from elgrande.play.game import Game, new_game
from elgrande.play.narrate import NOTHING_AFTER, card_labels, story, words
from elgrande.rules.base import order_prompt

CARD = "hb-words"




def _position(seed: int = 0, steps: int = 60) -> Game:
    """A 3-player base game some way in: caballeros on the board, played power cards."""
    return answer_randomly(new_game(3, sets=("base",), seed=seed), steps, seed)


def _start(g: Game, script: str, actor: int = 1) -> tuple[Interpreter, Run, Decision | None,
                                                          list[dict[str, Any]]]:
    """Run ``script`` as card ``CARD`` by ``actor`` on ``g``'s state up to its first
    decision."""
    interp = Interpreter(g.library.board, {CARD: parse(script)}, g._engine.rules)
    run = interp.begin(CARD, actor)
    events: list[dict[str, Any]] = []
    return interp, run, interp.advance(g.state, run, events), events


def test_B3_2_a_power_card_still_in_hand_is_refused_as_such() -> None:
    g = _position()
    actor = 1
    _, _, d, _ = _start(g, "take back a power card\n", actor)
    assert d is not None and d.kind == "choose_power_card"
    in_hand = g.state.hands[actor][0]
    with pytest.raises(IllegalMove) as err:
        d.check(in_hand, actor)
    assert err.value.rule == "B3.2"
    assert err.value.message == ("this card is still in your hand: only a power card you "
                                 "have played (and so discarded) can be taken back")
    # one reason for every card in hand: the page's folded line shows it (not only the
    # rule's title, which is about playing the cards)
    assert {tuple(w) for w in d.options["why"].values()} == {("B3.2", err.value.message)}
    # the card's own rule (its ``rules`` field) is the one cited, and the page shows
    # "RULE: title — reason": B3.2's title is about playing the cards, so the reason says
    # on its own what is wrong and what may be taken back
    assert "B3.2" in g.library.card("take-back-a-power-card").rules
    played = g.state.discards[actor][0]
    assert d.check(played, actor) == played


def test_the_king_never_stays_where_he_is() -> None:
    g = _position()
    b = g.library.board
    _, _, d, _ = _start(g, "move the king to regions\n")
    assert d is not None and d.kind == "choose_region"
    assert bare(d.prompt) == "Move the king to another region of your choice"
    here = b.place_id(g.state.king)
    assert here not in d.options["choices"]
    with pytest.raises(IllegalMove) as err:
        d.check(here, 1)
    assert err.value.rule == "B8" and "moves him to another region" in err.value.message
    with pytest.raises(IllegalMove) as err:
        d.check(b.place_id(b.castillo), 1)
    assert err.value.rule == "B5.2"


def test_B8_2_a_move_names_the_owner_only_when_another_players() -> None:
    g = _position()
    b, names = g.library.board, g.names
    a, c = b.regions[0], b.regions[1]
    e = {"event": "move", "card": CARD, "player": 1, "decider": 1,
         "moves": [{"player": 1, "n": 2, "from": b.place_id(a), "to": b.place_id(c)},
                   {"player": 0, "n": 1, "from": b.place_id(c), "to": b.place_id(a)}]}
    an, cn = b.places[a].name, b.places[c].name
    assert words(e, b, names, {}) == [
        f"  {names[1]} moves 2 caballeros from {an} to {cn}; 1 caballero of {names[0]} "
        f"from {cn} to {an}."]


def test_B8_5_a_reveal_with_no_secret_choices_says_so() -> None:
    g = _position()
    e = {"event": "reveal", "card": CARD, "player": 1, "picks": {}}
    assert words(e, g.library.board, g.names, {}) == ["  Nobody had a secret choice to make."]


def test_B8_2_a_choice_after_which_nothing_moved_says_so() -> None:
    g = _position()
    b, names = g.library.board, g.names
    rid = b.place_id(b.regions[0])
    chose = {"event": "choose", "card": CARD, "player": 1, "chooser": 1, "region": rid}
    placed = {"event": "place", "player": 1, "to": {rid: 1}}
    lines = story([chose, placed], b, names, {})
    assert lines[1] == NOTHING_AFTER + ": nothing there for the card to do)"  # no state
    assert NOTHING_AFTER == "  (nothing done after the choice"
    assert f"chooses {b.places[b.regions[0]].name} for " in lines[0]
    # across two answers: the log's last line is the choice, and the player then chose
    # nothing at the card's next step (h41, f29: said so)
    assert story([placed], b, names, {}, last=lines[0])[0] == \
        f"{NOTHING_AFTER}: {names[1]} chose to do nothing more)"
    # a choice that something followed gets no note
    moved = {"event": "move", "card": CARD, "player": 1, "decider": 1,
             "moves": [{"player": 1, "n": 1, "from": rid, "to": b.place_id(b.regions[1])}]}
    assert NOTHING_AFTER not in story([chose, moved, placed], b, names, {})


def test_B8_2_a_placement_into_a_chosen_region_names_it() -> None:
    g = _position()
    b = g.library.board
    actor = 1
    g.state.court[actor] = 5
    script = ("x = choose region from regions except king\n"
              "move up to 2 own caballeros from court to x\n")
    interp, run, d, events = _start(g, script, actor)
    assert d is not None and d.kind == "choose_region"
    region = d.options["choices"][0]
    d = interp.answer(g.state, run, actor, region, events)
    assert d is not None and d.kind == "place_caballeros"
    assert bare(d.prompt) == f"Place up to 2 caballeros from your court in " \
                       f"{b.places[b.index[region]].name}"
    g.state.court[actor] = 1
    _, _, one, _ = _start(g, "move up to 3 own caballeros from court to regions\n", actor)
    assert one is not None and bare(one.prompt) == "Place up to 1 caballero from your court"


def test_B8_2_own_and_other_players_moves_read_apart() -> None:
    g = _position()
    prompts = []
    for script in ("move up to 2 own caballeros from regions to anywhere\n",
                   "move up to 2 caballeros of opponents from regions to anywhere\n",
                   "move up to 1 caballeros of any player from regions to anywhere\n"):
        _, _, d, _ = _start(g, script)
        assert d is not None and d.kind == "move_caballeros", script
        prompts.append(d.prompt)
    assert [bare(x) for x in prompts] == ["Move up to 2 of your caballeros",
                       "Move up to 2 caballeros of other players", "Move up to 1 caballero"]


@pytest.mark.rule("B8.2")
def test_B8_2_once_the_source_is_chosen_the_move_asks_what_is_left() -> None:
    """B8.2: after a card's source region is chosen, its move names the source and asks
    what is left to choose (whose, where to, how many), not where from; a move from many
    sources keeps asking where from."""
    g = _position()
    b, s = g.library.board, g.state
    script = ("x = choose region from regions except king\n"
              "move up to 5 caballeros of any player from x to anywhere\n")
    _, _, d, _ = _start(g, script)
    assert d is not None and d.kind == "choose_region"
    for want in (2, 1):  # a region holding caballeros of two players or more, then of one
        region = next(r for r in d.options["choices"]
                      if sum(n > 0 for n in s.caballeros[b.index[r]]) == want)
        interp, run, d2, _ = _start(g, script)
        assert d2 is not None
        m = interp.answer(g.state, run, 1, region, [])
        assert m is not None and m.kind == "move_caballeros"
        whose = "whose, " if want > 1 else ""
        assert bare(m.prompt) == (f"Move up to 5 caballeros from '{region}': choose "
                                   f"{whose}where to and how many")
        assert g.in_words(m.prompt).endswith(f"move up to 5 caballeros from "
                                             f"{b.place_name(region)}: choose {whose}where "
                                             "to and how many")
    _, _, many, _ = _start(g, "move up to 2 caballeros of any player from regions to anywhere\n")
    assert many is not None and bare(many.prompt) == "Move up to 2 caballeros"


def test_B4_5_the_order_question_leads_to_the_B4_4_one_without_repeating_it() -> None:
    g = new_game(4, sets=("base",), seed=3)
    rng = random.Random(3)
    while (d := g.pending) is not None and d.rule != "B4.5":
        g.answer(d.players[0], d.random_answer(rng, d.players[0]))
    assert d is not None
    card = g.library.card(g.flow.card)
    assert d.prompt.startswith(f"{{card:{card.id}}}: ")
    said = g.in_words(d.prompt)
    assert said.startswith(f"{card.title}: When will you carry out its special action")
    assert said.endswith(": before or after placing your caballeros? (You may also decline "
                         "it.)")
    assert "{" not in said
    assert d.options["labels"] == ["after placing my caballeros",
                                   "before placing my caballeros"]
    g.answer(d.players[0], 1)
    offer = g.pending
    assert offer is not None and offer.rule == "B4.4"
    said = g.in_words(offer.prompt)
    assert "you chose to carry out the special action first" in said
    assert said.endswith("Carry it out now, before you place your caballeros, or decline it?")


def test_B8_the_log_names_a_card_by_its_title_and_tells_shared_titles_apart_in_words() -> None:
    g = new_game(4, sets=("base",), seed=2)
    cards = g.library.cards.cards
    offer = next(ln for ln in g.log if ln.startswith("Open action cards: "))
    labels = card_labels(cards.values())
    titles = [c.title for c in cards.values()]
    named = 0
    for cid, c in cards.items():
        assert f"[{cid}]" not in offer, offer
        if f" {c.title}" not in offer or c.kind == "power":
            continue
        if titles.count(c.title) > 1:
            assert labels[cid] != c.title and labels[cid].startswith(c.title + " ("), labels
        if labels[cid] in offer:
            named += 1
    assert named >= 3, offer
    assert len(set(labels.values())) == len(labels), "two cards share a label"
    by_id = {cid: labels[cid] for cid in cards}
    assert by_id["intrigue-four-any"] == "Intrigue (move any 4 Caballeros on the board)"
    assert by_id["special-scoring-castillo"] == "Special Scoring (score the Castillo)"
    assert by_id["special-scoring-any-one-region-stack-3"].endswith(", stack 3)")
    # f36: a phrase offering a choice is not cut before its second alternative
    assert by_id["intrigue-place-two-or-move-own-from-one-region"].endswith(
        " or move all of your own Caballeros from one region)")


def test_B8_cards_sharing_a_title_on_different_stacks_are_told_apart_by_stack() -> None:
    class Face:
        def __init__(self, id: str, title: str, stack: int, text: str) -> None:
            self.id, self.title, self.stack, self.text = id, title, stack, text

    faces = [Face("a", "Spy", 1, "Spy: Look."), Face("b", "Spy", 2, "Spy: Look."),
             Face("c", "Recruiters", 1, ""), Face("d", "Twin", 1, ""),
             Face("e", "Twin", 1, "")]
    assert card_labels(faces) == {"a": "Spy (stack 1)", "b": "Spy (stack 2)",
                                  "c": "Recruiters", "d": "Twin (face unknown, 1 of 2 such)",
                                  "e": "Twin (face unknown, 2 of 2 such)"}


def test_B8_a_region_outside_the_cards_choice_cites_the_card_not_the_king() -> None:
    g = _position()
    b = g.library.board
    _, _, d, _ = _start(g, "x = choose region from regions with value 4\nscore x\n")
    assert d is not None and d.kind == "choose_region"
    outside = next(b.place_id(r) for r in b.regions
                   if r != g.state.king and b.place_id(r) not in d.options["choices"])
    with pytest.raises(IllegalMove) as err:
        d.check(outside, 1)
    assert err.value.rule == "B8"
    assert err.value.message == "not one of the places this card lets you choose"
    assert d.options["why"][outside] == ["B8", err.value.message]  # the choice's own reason
    assert all(k in d.options["why"] for k in (p.id for p in b.places if p.kind != "space")
               if k not in d.options["choices"])


def test_B1_2_moving_a_piece_asks_in_a_whole_sentence() -> None:
    g = _position()
    _, _, d, _ = _start(g, "move own grande to mainland regions except king\n")
    assert d is not None and bare(d.prompt) == "Move your Grande to a region of your choice"


def test_B4_4_a_card_s_either_choice_names_the_card() -> None:
    """A card's own 'either' choice (B4.4: the card's player picks a branch) names the card
    whose branches they are, as a card's other choices do, never a bare 'Choose one'."""
    g = _position()
    _, _, d, _ = _start(g, "either:\n  gain 1 point\nor:\n  pass\n")
    assert d is not None and d.kind == "choose_option" and d.rule == "B4.4"
    shown = g.in_words(d.prompt)
    assert shown.endswith(": choose one") and shown != "Choose one" and "{" not in shown
    assert CARD in shown  # a card the library does not hold is named by its id


def test_B4_5_the_order_question_says_what_a_veto_s_special_action_is() -> None:
    """B4.5, B8.4: a Veto's special action is keeping the card; the question says so."""
    g = new_game(4, sets=("base",), seed=3)
    d = g.pending
    assert d is not None
    veto = next(c for c in g.library.cards.cards.values()
                if c.script is not None and render(c.script).startswith("Keep this card"))
    prompt = order_prompt(veto.id)
    said = g.in_words(prompt)
    assert said == (f"{veto.title}: When will you carry out its special action (keep this card "
                    "as a veto until the end of next round): before or after placing your "
                    "caballeros? (You may also decline it.)")
    long = next(c for c in g.library.cards.cards.values()
                if c.script is not None and len(render(c.script).split()) > 20)
    assert g.in_words(order_prompt(long.id)) == (
        f"{g.card_label(long.id)}: When will you carry out its special action: before or "
        "after placing your caballeros? (You may also decline it.)")


def test_B4_5_the_order_question_s_stored_text_is_the_marker_in_its_template() -> None:
    """B4.5, I6: the order question a saved game stores is its template with the card's
    markers put in, for a declinable and a compulsory action alike (the prompt is joined
    around the ``{does}`` marker, not formatted: the same text)."""
    assert order_prompt("c7") == ("{card:c7}: When will you carry out its special action"
                                  "{does:c7}: before or after placing your caballeros? "
                                  "(You may also decline it.)")
    assert order_prompt("c7", True) == ("{card:c7}: When will you carry out its special "
                                        "action{does:c7}: before or after placing your "
                                        "caballeros?")


@pytest.mark.rule("B8")
def test_B8_a_card_sharing_its_title_is_told_apart_in_its_prompts_and_the_page() -> None:
    """B8: two action cards with one printed title (the base game's Intrigue cards) are
    named in a prompt, an option label and the page's words by the log's label for them
    (``"Intrigue (move any 4 ...)"``), each its own; a card whose title is its own keeps
    the plain title."""
    from elgrande.model.marks import card
    from elgrande.server.page_words import held_lines

    g = new_game(4, sets=("base",), seed=3)
    cards = g.library.cards.cards
    title = Counter(c.title for c in cards.values()).most_common(1)[0][0]
    shared = sorted(c.id for c in cards.values() if c.title == title)
    assert len(shared) > 2
    said = [g.in_words(f"{card(cid)}: choose") for cid in shared]
    assert len(set(said)) == len(shared), said
    assert all(s.startswith(f"{title} (") and s.endswith("): choose") for s in said), said
    assert said == [f"{g.chronicle.titles[cid]}: choose" for cid in shared]
    own = next(c for c in cards.values() if sum(d.title == c.title for d in cards.values()) == 1)
    assert g.in_words(f"{card(own.id)}: choose") == f"{own.title}: choose"
    view = {"state": {"players": 2, "held": [[shared[0]], [own.id]], "lasting": []}}
    assert held_lines(g, view) == [[g.card_label(shared[0])], [own.title]]
    assert g.card_label(shared[0]) != title and g.card_label("no-such-card") == "no-such-card"


def test_B6_1_a_disc_set_to_the_castillo_is_refused_in_the_rule_s_words() -> None:
    """B6.1: the disc shows a mainland region; the refusal says so, and a long list of
    allowed answers is counted, not listed."""
    g = new_game(4, sets=("base",), seed=3)
    rng = random.Random(1)
    while (d := g.pending) is not None and d.rule != "B6.1":
        g.answer(d.players[0], d.random_answer(rng, d.players[0]))
    assert d is not None and d.kind == "secret_region"
    castillo = g.library.board.place_id(g.library.board.castillo)
    with pytest.raises(IllegalMove) as ei:
        g.answer(d.players[0], castillo)
    name = g.library.board.places[g.library.board.castillo].name
    assert ei.value.rule == "B6.1"
    assert g.in_words(ei.value.message) == (
        f"the disc shows one of the nine mainland regions; the {name} is not one of them")
    with pytest.raises(IllegalMove) as ei:
        g.answer(d.players[0], "nowhere")
    assert ei.value.message == ("'nowhere' is not one of the allowed answers (regions), the "
                                "9 the question offers")
