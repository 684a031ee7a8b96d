"""The English renderer (elgrande/dsl/render.py) and checker hints, as a newcomer reads
them: nested deciders keep their player, places of the court placement read in the
plural where the set holds several regions, hints name the reserved players words."""

from __future__ import annotations

from pathlib import Path

from elgrande.data.card_format import check_fields
from elgrande.data.yamlpos import Positions
from elgrande.dsl.checker import check_script
from elgrande.dsl.parser import parse
from elgrande.dsl.render import render
from elgrande.tools.docs import declared_names, render_docs

ROOT = Path(__file__).resolve().parent.parent

_NESTED = """\
target = choose player from opponents
when turn starts of target once:
    as target:
        either:
            lose 3 points
            as me:
                gain 2 points
        or:
            move 2 own caballeros from court to provinces
"""


def test_nested_as_me_switches_back_to_you() -> None:
    text = render(parse(_NESTED))
    assert "player 'target' either loses 3 points" in text
    assert "you gain 2 points" in text
    assert "gains 2" not in text and "they gain" not in text
    assert "or sends 2 of their caballeros" in text


def test_as_me_inside_each_player_is_the_cards_player() -> None:
    text = render(parse("each other player:\n    as me:\n        gain 1 points\n"))
    assert "you gain 1 point" in text
    assert "they" not in text


def _hints(script: str) -> list[tuple[str, str]]:
    return [(e.code, e.hint) for e in check_script(parse(script), "t.yaml",
                                                    ["aragon", "castillo"])]


def test_undefined_player_hints_the_reserved_word() -> None:
    assert ("E-UNDEFINED", "did you mean 'opponents'?") in \
        _hints("x = choose player from opponent\n")
    assert ("E-UNDEFINED", "did you mean 'me'?") in _hints("as mee:\n    pass\n")
    far = _hints("x = choose player from zzz\n")
    assert ("E-UNDEFINED", "set it first with 'NAME = choose player from ...'") in far


def test_schema_missing_hint_names_what_homebrew_md_documents() -> None:
    card = {"id": "hb-x", "set": "homebrew", "kind": "colonies-action", "place": 2,
            "gold": 1, "goods": 0}  # no effect
    (err,) = check_fields(card, "x.yaml", Positions())
    assert err.code == "E-SCHEMA-MISSING"
    assert "status: incomplete" in err.hint and "docs/homebrew.md, section 8" in err.hint
    guide = (ROOT / "docs" / "homebrew.md").read_text(encoding="utf-8")
    section = guide.split("## 8.", 1)[1].split("\n## ", 1)[0]
    assert "`status: incomplete`" in section
    assert check_fields({**card, "status": "incomplete"}, "x.yaml", Positions()) == []


def test_b5_1_a_placement_may_split_among_the_regions_of_its_set() -> None:
    several = render(parse("move up to 2 own caballeros from court to adjacent to own grande\n"))
    assert "in regions adjacent to the region of your Grande" in several
    one = render(parse("move 1 own caballero from court to adjacent to own grande\n"))
    assert "in a region adjacent to" in one
    picked = render(parse("x = choose region from regions\n"
                          "move 2 own caballeros from court to x\n"))
    assert "in the region chosen as 'x'" in picked
    moved = render(parse("move up to 2 own caballeros from regions to adjacent to king\n"))
    assert "to regions adjacent to the king's region" in moved  # a move splits too (B8.2)


def test_b8_1_spaces_and_tokens_read_by_their_declared_names() -> None:
    script = parse("move the legate to regions or harbour\n"
                   "move 1 caballero from regions to adjacent to region of the legate\n")
    names = {"legate": "the Legate", "harbour": "The Harbour"}
    text = render(script, names)
    assert "Move the Legate to any region or The Harbour" in text
    assert "the place of the Legate" in text
    bare = render(script)  # no sets known: the ids
    assert "Move the legate to any region or Harbour" in bare
    assert declared_names([ROOT / "examples" / "sets" / "rome"]) == {
        "rome": "Rome", "legate": "the Legate"}
    assert declared_names() == {}  # the base game declares none


def test_the_card_page_uses_the_declared_names() -> None:
    rome = ROOT / "examples" / "sets" / "rome"
    page = render_docs("md", set_dirs=[rome])["cards.md"]
    assert "Move the Legate to any region or Rome." in page


def test_when_of_me_inside_as_is_the_cards_player() -> None:
    text = render(parse("t = choose player from opponents\nas t:\n"
                        "    when turn starts of me once:\n        gain 1 point\n"
                        "    when card taken of me once:\n        gain 1 point\n"))
    assert "the next time your turn starts" in text
    assert "the next time you take an action card" in text
    assert "their turn" not in text


def test_own_grande_in_an_each_part_reads_their_grande() -> None:
    """B1.2, I8: in "each other player secretly chooses ... except own grande" the Grande
    is each chooser's own, so the words say "their Grande", not the card player's."""
    said = render(parse("each other player secretly chooses region dest from mainland "
                        "regions except king, own grande\n"
                        "each other player: move own grande to dest\n"))
    assert "except the king's region and the region of their Grande" in said, said
    assert "your Grande" not in said, said
    mine = render(parse("move own grande to regions except king, own grande\n"))
    assert "your Grande" in mine, mine
