"""The log says why (issue 30, f29): a card's choice followed by nothing says why as far
as the events tell (B8.2, elgrande.play.narrate_after.after_choice), and a round after
the game's first says who plays first and why (B3.3, first_player)."""

from __future__ import annotations

import random
import re

import pytest

from elgrande.play.game import Game, new_game, play_random
from elgrande.play.narrate import NOTHING_AFTER, story

CARD = "hb-words"
FIRST = re.compile(r"^First to play this round: (.+) \(B3\.3: they took the last turn of "
                   r"(round \d+|the previous round)\)\.$")


def _game() -> Game:
    g = new_game(["Ana", "Greta", "Randy"], sets=("base",), seed=3)
    return g


def _chose(g: Game, region: int, chooser: int = 2) -> dict[str, object]:
    return {"event": "choose", "card": CARD, "player": chooser, "chooser": chooser,
            "region": g.library.board.place_id(region), "var": "source"}


@pytest.mark.rule("B8.2")
def test_b8_2_a_choice_the_card_ended_after_says_what_the_region_held() -> None:
    g = _game()
    b, s, names = g.library.board, g.state.copy(), g.names
    a, c = b.regions[0], b.regions[1]
    s.caballeros[a] = [0, 3, 0]  # Greta's, none of Randy's
    s.caballeros[c] = [0, 0, 0]
    s.neutral[c] = 0
    end = {"event": "end_turn", "player": 2, "card": CARD, "kept": False}
    lines = story([_chose(g, a), end], b, names, {}, s)
    assert lines[1] == f"{NOTHING_AFTER}: Randy has no caballeros in {b.places[a].name})"
    lines = story([_chose(g, c), end], b, names, {}, s)
    assert lines[1] == f"{NOTHING_AFTER}: nobody has caballeros in {b.places[c].name})"
    s.caballeros[a] = [0, 0, 2]
    s.court[2] = 0
    lines = story([_chose(g, a), end], b, names, {}, s)
    assert lines[1] == f"{NOTHING_AFTER}: Randy's court is empty)"
    s.court[2] = 4  # nothing the events tell: said so, not guessed
    assert story([_chose(g, a), end], b, names, {}, s)[1] == \
        f"{NOTHING_AFTER}: nothing there for the card to do)"
    # caballeros placed after the choice: the state says nothing of the choice's time
    s.caballeros[a] = [0, 0, 0]
    placed = {"event": "place", "player": 2, "to": {b.place_id(c): 1}}
    lines = story([_chose(g, a), end, placed], b, names, {}, s)
    assert lines[1] == f"{NOTHING_AFTER}: nothing there for the card to do)", lines


@pytest.mark.rule("B8.2")
def test_b8_2_a_choice_followed_by_an_empty_answer_says_the_player_chose_nothing() -> None:
    """f29: "Randy chooses Seville for Intrigue (...)" then the card's move answered with
    none: the next answer's note says Randy chose to do nothing more."""
    g = _game()
    b, names = g.library.board, g.names
    (choice,) = story([_chose(g, b.regions[0])], b, names, {}, g.state)  # a decision next
    placed = {"event": "place", "player": 2, "to": {b.place_id(b.regions[1]): 1}}
    lines = story([placed], b, names, {}, g.state, last=choice)
    assert lines[0] == f"{NOTHING_AFTER}: Randy chose to do nothing more)"
    assert lines[1].startswith("Randy places caballeros")


def _played(seed: int, variant: str = "standard") -> Game:
    g = new_game(["Ana", "Greta", "Randy"], sets=("base",), seed=seed, variant=variant)
    return play_random(g, random.Random(seed))


@pytest.mark.rule("B3.3")
@pytest.mark.parametrize("variant", ["standard", "short"])
def test_b3_3_every_later_round_says_who_plays_first_and_why(variant: str) -> None:
    """Each round but the game's first has a line under its heading naming who plays
    first, the player whose power card is the round's first line "NAME plays power card
    N." (kept as the page reads it: one bid a line, nothing after the number), the one
    who played the lowest card of the round before (B3.3)."""
    g = _played(5, variant)
    log = g.log
    heads = [i for i, ln in enumerate(log) if ln.startswith("== Round ")]
    assert len(heads) == (9 if variant == "standard" else 6)
    assert not any(FIRST.match(ln) for ln in log[:heads[1]])  # the first round: setup says
    bid = re.compile(r"^(Ana|Greta|Randy) plays \D+ (\d+)\.$")  # the page's isBid
    last_low = None
    for k, h in enumerate(heads):
        end = heads[k + 1] if k + 1 < len(heads) else len(log)
        bids = [bid.match(ln) for ln in log[h:end]]
        played = [(m.group(1), int(m.group(2))) for m in bids if m]
        assert len(played) == 3, log[h:end]
        firsts = [FIRST.match(ln) for ln in log[h:end] if ln.startswith("First to play")]
        if k:
            (m,) = firsts
            assert m is not None and m.group(1) == played[0][0] == last_low
            if variant == "standard":
                assert m.group(2) == f"round {k}"
        else:
            assert not firsts
        last_low = min(played, key=lambda p: p[1])[0]
