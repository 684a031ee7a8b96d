"""A card's places the player does not choose are said, not taken silently (B8, B8.2,
B4.1): a region choice with one possible region is logged as the card's choice and
named by the later prompts of the card; a move whose source and destination the card
fixed says both and refuses other destinations with the card's one; a bring to court
names the true reason each place is closed. Real seeded games of the base rules with
homebrew cards written to a tmp folder."""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from elgrande.errors import IllegalMove
from elgrande.play.game import Game, new_game
from elgrande.play.narrate import ONLY

#: A card whose first choice often has one region only (the player's caballeros stand in
#: one region early on), the one f13's playtest used.
BORDER = """id: hb-border-march
set: homebrew
kind: action
title: "Border March"
stack: 3
copies: 1
text: "Border March: Choose a region where you have Caballeros. Move up to 2 of your \
Caballeros from it to one adjacent region, then bring 1 Caballero to your court."
effect: |
  source = choose region from regions with own caballeros except king
  dest = choose region from adjacent to source except king
  move up to 2 own caballeros from source to dest
  move 1 caballero from provinces to court
"""
#: A card whose region choice follows a number and a player chosen before it.
LEVY = """id: hb-levy
set: homebrew
kind: action
title: "Levy"
stack: 2
copies: 1
text: "Levy: choose a number and an opponent, then a region: move that many of their \
caballeros from it to an adjacent region."
effect: |
  n = choose number from 1 to 2
  p = choose player from opponents
  r = choose region from regions except king
  move up to n caballeros of p from r to adjacent to r except king
"""
#: A card whose region choice never has a region.
VOID = """id: hb-void
set: homebrew
kind: action
title: "Void"
stack: 3
copies: 1
text: "Void: choose a region (there is none)."
effect: |
  r = choose region from regions except regions
  move up to 2 own caballeros from court to r
"""


def _folder(tmp: Path, *cards: str) -> Path:
    for i, text in enumerate(cards):
        (tmp / f"card{i}.yaml").write_text(text, encoding="utf-8")
    return tmp


def _find(folder: Path, hit: Callable[[Game, list[dict[str, Any]]], bool],
          seeds: int = 80) -> Game:
    """The first seeded 4-player game played at random until ``hit(game, events of the
    last answer)`` holds."""
    for seed in range(seeds):
        g = new_game(4, sets=["base"], seed=seed, cards=[folder], logging=True)
        rng = random.Random(seed)
        for _ in range(800):
            d = g.pending
            if d is None:
                break
            events = g.answer(d.players[0], d.random_answer(rng, d.players[0]))
            if hit(g, events):
                return g
    raise AssertionError("no seeded game reaches the position")


def _only(card: str, var: str) -> Callable[[Game, list[dict[str, Any]]], bool]:
    return lambda g, events: any(
        e.get("event") == "choose" and e.get("only") and e.get("card") == card
        and e.get("var") == var for e in events)


@pytest.mark.rule("B8", "B8.2")
def test_b8_a_region_choice_with_one_region_is_logged_and_named_by_the_card_s_next_steps(
        tmp_path: Path) -> None:
    g = _find(_folder(tmp_path, BORDER), _only("hb-border-march", "source"))
    board = g.library.board
    # the log says which region the card took, and why no choice was asked
    line = next(x for x in g.log if ONLY in x)
    source = line.split(": ")[1].split(",")[0]
    assert line == f"  {g.names[g.pending.players[0]]}'s region for Border March: " \
        f"{source}{ONLY}.", line
    src_id = next(p.id for p in board.places if p.name == source)
    # the next choice names that region instead of "the other chosen region"
    d = g.pending
    assert d is not None and d.kind == "choose_region"
    said = g.in_words(d.prompt)
    assert said.startswith(f"Border March: choose a region adjacent to {source}, other than "
                           "the king's region. Then: move up to 2 of your "
                           f"caballeros from {source} to that region and bring 1 "), said
    assert "other chosen region" not in said and not re.search(r"'\w+'", said)
    # the move whose two places the card fixed says both, plainly
    dest = d.options["choices"][0]
    g.answer(d.players[0], dest)
    m = g.pending
    assert m is not None and m.kind == "move_caballeros"
    dest_name = board.place_name(dest)
    assert g.in_words(m.prompt) == (f"Border March: move up to 2 of your caballeros from "
                                    f"{source} to {dest_name}")
    assert list(m.options["sources"]) == [src_id] and m.options["to"] == [dest]
    # the king's region keeps its own reason (B5.2: nothing enters it, whatever the card)
    king = board.places[g.state.king].id
    assert set(m.options["refused_to"]) == {king}
    with pytest.raises(IllegalMove) as exc:
        g.answer(m.players[0], [{"from": src_id, "to": king, "n": 1}])
    assert exc.value.rule == "B5.2"
    other = next(p.id for p in board.places
                 if p.id not in (dest, src_id) and board.places.index(p) != g.state.king)
    with pytest.raises(IllegalMove) as exc:
        g.answer(m.players[0], [{"from": src_id, "to": other, "n": 1}])
    said = g.in_words(exc.value.message)
    assert said == (f"{board.place_name(other)} is not where this card moves caballeros: "
                    f"only to {dest_name}"), said
    g.answer(m.players[0], [{"from": src_id, "to": dest, "n": 1}])
    assert f"moves 1 caballero from {source} to {dest_name}." in g.log[-2] + g.log[-1], \
        g.log[-3:]


@pytest.mark.rule("B8")
def test_b8_a_choice_names_the_number_and_player_chosen_before_it(tmp_path: Path) -> None:
    g = _find(_folder(tmp_path, LEVY), lambda g, ev: g.pending is not None
              and g.pending.kind == "choose_region" and g.flow.card == "hb-levy")
    chose = [x for x in g.log if "for Levy." in x]
    number = chose[0].split(" chooses ")[1].split(" for")[0]
    player = chose[1].split(" chooses ")[1].split(" for")[0]
    said = g.in_words(g.pending.prompt)
    many = ("caballero", "a region") if number == "1" else ("caballeros", "regions")
    assert said == (f"Levy: choose a region other than the king's region. Then: move up to "
                    f"{number} {many[0]} of {player} from that region to {many[1]} adjacent "
                    "to that region, except the king's region."), said


@pytest.mark.rule("B8")
def test_b8_a_region_choice_with_no_region_says_so_in_the_log(tmp_path: Path) -> None:
    g = _find(_folder(tmp_path, VOID), lambda g, ev: any(
        e.get("card") == "hb-void" and e.get("event") == "nothing" for e in ev))
    at = next(i for i, x in enumerate(g.log) if "carries out the special action of Void" in x)
    assert g.log[at + 1].endswith(" has nothing to choose."), g.log[at:at + 3]


@pytest.mark.rule("B4.1")
def test_b4_1_each_closed_place_of_a_bring_to_court_names_its_own_reason() -> None:
    """B4.1: never from the Castillo or the king's region (whatever the provinces hold),
    nothing from a region without the player's caballeros; the provinces first only for
    the regions caballeros could come from."""
    g = new_game(4, sets=["base"], seed=3, logging=False)
    rng = random.Random(3)
    for _ in range(400):
        d = g.pending
        assert d is not None
        o = d.options
        if d.kind == "bring_to_court" and o["provinces"] > 0 and o["regions"] \
                and g.state.king >= 0:
            break
        g.answer(d.players[0], d.random_answer(rng, d.players[0]))
    else:
        raise AssertionError("no bring to court with caballeros on the board")
    board, p = g.library.board, d.players[0]
    king, castillo = board.places[g.state.king].id, board.places[board.castillo].id
    own = next(iter(o["regions"]))
    empty = next(x.id for x in board.places if x.id not in o["regions"]
                 and x.id not in (king, castillo) and g.state.caballeros[
                     board.index[x.id]][p] == 0)
    expect = {castillo: "caballeros in the Castillo cannot be brought to court",
              king: "caballeros cannot leave the king's region (B5.2)",
              empty: f"you have no caballeros to bring from '{empty}'",
              own: "caballeros may come from regions only once the provinces are empty"}
    for place, why in expect.items():
        with pytest.raises(IllegalMove) as exc:
            d.check({"provinces": 0, "regions": {place: 1}}, p)
        assert (exc.value.rule, exc.value.message) == ("B4.1", why), place
