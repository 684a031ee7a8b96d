"""A card's region choice says the card's own limit (elgrande.dsl.choice_words.choice_limit
and limits_said, issue 30: "choose a region" said nothing of "except the king's region",
though the buttons and the card's text did), at display time only; and the king's region
refused at such a choice says B8.1's reason (h41: the king's region is closed to every
special action), not B5.2's "nothing may enter or leave it" nor the card's limit again
(elgrande.server.card_places.card_choice_words)."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from test_prompt_words import _card_choice

from elgrande.dsl.choice_words import choice_limit, choice_use, limits_said
from elgrande.dsl.parser import parse
from elgrande.errors.rule_ids import title
from elgrande.server.controls import controls
from elgrande.tools.docs import load_cards

SHIPPED = load_cards().cards


@pytest.mark.parametrize("card, var, limit", [
    ("evict", "target", "a region other than the king's region"),
    ("evict", "dest", "one of the nine regions of Spain"),
    ("intrigue-move-own-from-one-region", "source",
     "a region with your caballeros, other than the king's region"),
    ("secret-send-all-from-one-region", "pick",  # the chooser's own caballeros: "your"
     "a region with your caballeros, other than the king's region"),
    ("special-scoring-any-one-region-stack-2", "target", "a region or the Castillo"),
])
def test_b8_shipped_cards_choices_say_their_limits(card: str, var: str, limit: str) -> None:
    assert choice_limit(SHIPPED[card].script, var) == limit


@pytest.mark.parametrize("script, var, limit", [
    ("t = choose region from adjacent to castillo", "t", "a region adjacent to the Castillo"),
    ("t = choose region from regions except king", "t", "a region other than the king's region"),
    ("t = choose region from regions", "t", ""),  # no limit: said as before
    ("n = choose number from 1 to 3", "n", ""),  # no region choice
    ("a = choose region from mainland regions\n"
     "b = choose region from mainland regions except a", "b",
     "one of the nine regions of Spain other than the other chosen region"),
])
def test_b8_homebrew_choices_say_their_limits(script: str, var: str, limit: str) -> None:
    assert choice_limit(parse(script), var) == limit


def test_b8_a_region_chosen_before_is_said_by_its_place() -> None:
    script = parse("a = choose region from mainland regions\n"
                   "b = choose region from adjacent to a except king\n")
    assert choice_limit(script, "b", {"a": 1}, ["galicia", "aragon"]) == \
        "a region adjacent to 'aragon', other than the king's region"
    assert choice_limit(None, "b") == ""


def test_b8_limits_said_rewrites_only_a_card_s_choose_a_region_before_its_marker() -> None:
    scripts = {"x": parse("t = choose region from regions except king\n"
                          "move up to 2 own caballeros from court to t\n"),
               "y": parse("t = choose region from regions\n")}
    assert limits_said("{card:x}: choose a region.{use:x:t}", scripts) == \
        "{card:x}: choose a region other than the king's region.{use:x:t}"
    assert limits_said("{card:x}: secretly choose a region.{use:x:t:a=1}", scripts) == \
        "{card:x}: secretly choose a region other than the king's region.{use:x:t:a=1}"
    for same in ("{card:y}: choose a region.{use:y:t}", "choose a region.",
                 "{card:z}: choose a region.{use:z:t}"):  # no limit, no marker, no card
        assert limits_said(same, scripts) == same


@pytest.mark.rule("B8.1", "B5.2")
def test_b8_1_a_card_s_choice_refuses_the_king_s_region_for_b8_1_s_reason() -> None:
    """hb-rally chooses from ``regions except king``: its prompt says so, and the king's
    region's button and fold cite B8.1 with its title and "Old Castile is the king's
    region, closed to every special action" (h41: not B8's "this card chooses a region
    other than the king's region", the prompt again); the stored decision keeps the
    engine's prompt and B5.2 reason."""
    g = _card_choice("hb-rally")
    d = g.pending
    assert d is not None and d.kind == "choose_region"
    king = g.library.board.places[g.state.king]
    assert d.prompt.startswith("{card:hb-rally}: choose a region.{use:")  # stored: as it was
    assert d.options["why"][king.id][0] == "B5.2"
    c = controls(g, d.players[0])
    assert c is not None
    assert c["prompt"].startswith("Rally: choose a region other than the king's region. "
                                  "Then: "), c["prompt"]
    want = f"{king.name} is the king's region, closed to every special action"
    (o,) = [o for o in c["options"] if o.get("place") == king.id]
    assert not o["enabled"] and (o["rule"], o["why"], o["whole"]) == ("B8.1", want, True), o
    assert o["title"] == title("B8.1") == "special actions respect the king", o
    assert "nothing may enter" not in str(c["folds"])
    assert "this card chooses" not in str(c["folds"])
    (fold,) = [f for f in c["folds"] if king.name in f["labels"]]
    assert fold["rule"] == "B8.1" and fold["title"] == title("B8.1"), fold
    assert {"why": want, "labels": [king.name]} in fold["reasons"], fold


def test_homebrew_md_quotes_the_smugglers_choice_as_it_is_said() -> None:
    """docs/homebrew.md quotes the prompt of its card's choice: the words made now."""
    root = Path(__file__).resolve().parent.parent
    card = yaml.safe_load((root / "docs/pictures/cards/smugglers.yaml").read_text("utf-8"))
    script = parse(card["effect"])
    said = limits_said("Smugglers: choose a region.{use:s:source}", {"s": script})
    said = said.replace("{use:s:source}", choice_use(script, "source"))
    guide = " ".join((root / "docs/homebrew.md").read_text("utf-8").split())
    assert f'"{said}"' in guide, said


@pytest.mark.rule("B8")
def test_b8_a_number_chosen_as_1_reads_one_caballero() -> None:
    script = parse("n = choose number from 1 to 2\n"
                          "r = choose region from regions except king\n"
                          "move up to n own caballeros from r to adjacent to r\n")
    said = choice_use(script, "r", {"n": 1})
    assert "up to 1 of your caballeros from that region to a region adjacent" in said, said
    assert "up to 2 " in choice_use(script, "r", {"n": 2})


@pytest.mark.rule("B6.2", "B8.6")
def test_b6_2_a_scored_choice_says_why_the_castillo_is_offered() -> None:
    """f29 paused over "choose a region or the Castillo" on Special Scoring ("You may
    choose any one region to be scored"): a choice the card scores says the Castillo is
    scored like a region (B6.2); a choice that only places there keeps the plain limit."""
    card = "special-scoring-any-one-region-stack-2"
    g = _card_choice("hb-rally")  # any game: the shipped card's prompt, as the page says it
    said = g.in_words(f"{{card:{card}}}: choose a region.{{use:{card}:target}}")
    assert said.startswith("Special Scoring (you may choose any one region to be scored, "
                           "stack 2): choose a region or the Castillo (scored like a region, "
                           "B6.2). Then: score that region"), said
    scripts = {"x": parse("t = choose region from regions or castillo\n"
                          "move up to 2 own caballeros from court to t\n"),
               "y": parse("t = choose region from adjacent to castillo\nscore t\n")}
    for cid in scripts:
        assert "B6.2" not in limits_said(f"{{card:{cid}}}: choose a region.{{use:{cid}:t}}",
                                         scripts)
    assert limits_said("{card:x}: choose a region.{use:x:t}", scripts) == \
        "{card:x}: choose a region or the Castillo.{use:x:t}"
