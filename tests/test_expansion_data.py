"""The expansions' data layer: card kinds from the manifests, unknown fields and fills
(EXPANSIONS.md 6), and the figures of Grand Inquisitor & the Colonies (C1-C13, DATA.md)
and Intrigue & the King (I1-I9, EXPANSIONS.md 1) as the manifests and card files hold them.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

import elgrande
from elgrande.data.card_format import check_fields
from elgrande.data.cards import load_folders
from elgrande.data.fills import MissingCardData
from elgrande.data.kinds import load_kinds, shipped_kinds
from elgrande.data.library import load_library
from elgrande.data.manifests import load_board
from elgrande.data.yamlpos import Positions
from elgrande.errors import CardError, DataError
from elgrande.play.game import Game
from elgrande.play.records import record_lines, replay
from elgrande.tools.validate import validate

ROOT = Path(__file__).resolve().parent.parent
CARDS = ROOT / "cards"
COLONIES = ("base", "colonies")
INTRIGUE = ("base", "intrigue-king")
BOTH = ("base", "intrigue-king", "colonies")
EXPANSIONS_MD = ROOT.parent / "shared" / "rules" / "EXPANSIONS.md"
#: EXPANSIONS.md 1.2: the 27 known values of Intrigue & the King's 31 cards.
KNOWN_VALUES = [*range(10, 190, 10), 13, 15, 23, 35, 63, 75, 93, 135, 145]


def _files(set_id: str) -> Iterator[tuple[Path, dict[str, Any]]]:
    for p in sorted((CARDS / set_id).rglob("*.yaml")):
        if p.name != "set.yaml" and "fills" not in p.parts:
            yield p, yaml.safe_load(p.read_text(encoding="utf-8"))


def _fill(set_id: str) -> dict[str, Any]:
    data = yaml.safe_load((CARDS / set_id / "fills" / "provisional.yaml").read_text("utf-8"))
    assert isinstance(data, dict)
    return data


# -- card kinds from the manifests ------------------------------------------------------------
def test_card_kinds_come_from_the_manifests_and_an_expansion_adds_kinds() -> None:
    assert load_kinds(("base",)).names == ("action", "king", "power", "erratum")
    assert load_kinds(COLONIES).names[:5] == ("action", "king", "power", "inquisitor",
                                              "colonies-action")
    k = load_kinds(INTRIGUE)
    # I1: the base power and action cards are not used (retired, still valid files)
    assert [x for x in k.by_name] == ["intrigue", "award", "caballero-card", "erratum"]
    assert set(k.retired) == {"action", "king", "power"}
    assert {x.name for x in shipped_kinds().by_name.values()} >= {"intrigue", "inquisitor"}


def test_roles_tell_the_rules_which_cards_go_where() -> None:
    lib = load_library(COLONIES)
    assert lib.offer_slots() == [1, 2, 3, 4, 5, 6, 7]  # C2: seven cards on offer
    assert len(lib.deck(7)) == 11  # C1: the 7th stack
    assert [c.id for c in lib.of_role("standing")] == ["kings-card", "grand-inquisitor-card"]
    ik = load_library(INTRIGUE)
    assert ik.offer_slots() == [] and ik.deck(1) == []  # I1: no action-card offer
    assert len(ik.of_role("hand")) == 31
    both = load_library(BOTH)
    assert both.offer_slots() == [6, 7]  # X1: the 6th and 7th stacks stay


def test_a_bad_kind_declaration_is_located(tmp_path: Path) -> None:
    toy = tmp_path / "toy"
    toy.mkdir()
    (toy / "set.yaml").write_text("set: toy\nextends: base\ncard_kinds:\n  spell:\n"
                                  "    role: magic\n    requires: [effect]\n", "utf-8")
    with pytest.raises(DataError, match="role 'magic' is not one of") as ei:
        load_kinds(("base", "toy"), search=[tmp_path])
    assert ei.value.line == 5


def test_validate_reports_an_unknown_kind_with_the_known_ones(tmp_path: Path) -> None:
    card = tmp_path / "x.yaml"
    card.write_text("id: hb-x\nset: homebrew\nkind: intrigue\nvalue: 30\n", "utf-8")
    report = validate([card], smoke=0)
    assert [d.code for d in report.errors] == ["E-SCHEMA-TYPE"]
    msg = report.errors[0].message
    assert "'intrigue' is not a card kind" in msg
    assert "known kinds: action, king, power, erratum" in msg
    assert report.errors[0].line == 3


# -- manifests and figures --------------------------------------------------------------------
def test_the_manifests_load_alone_and_together() -> None:
    for sets in (COLONIES, INTRIGUE, BOTH):
        board = load_board(sets)
        assert board.sets == sets
        assert board.regions == load_board(("base",)).regions
    b = load_board(COLONIES)
    areas = [p.id for p in b.places if p.kind == "area"]
    assert areas == ["france", "ship", "america", "mediterranean"]  # C12 scoring order
    assert [b.place_id(i) for i in b.scoring_order[-4:]] == areas
    assert load_board(INTRIGUE).places == load_board(("base",)).places


def test_colonies_areas_as_data_md_gives_them() -> None:
    b = load_board(COLONIES)
    place = {p.id: p for p in b.places}
    assert place["france"].values == (3, 1, 0)
    assert place["ship"].values == (0, 0, 0)  # only the Captain scores (C5)
    assert place["america"].values == (4, 0, 0)
    assert place["mediterranean"].values == (4, 2, 1)
    # France borders Aragon and Catalonia (DATA.md inference), both ways
    assert {b.place_id(i) for i in place["france"].adjacent} == {"aragon", "catalonia"}
    assert b.adjacent(b.index["aragon"], b.index["france"])
    assert b.adjacent(b.index["catalonia"], b.index["france"])
    coastal = {p.id for p in b.places if p.coastal}  # C5
    assert coastal == {"france", "catalonia", "valencia", "granada", "seville", "galicia",
                       "basque"}


def test_colonies_figures_match_the_rules() -> None:
    lib = load_library(COLONIES)
    b, f = lib.board, lib.figures["colonies"]
    assert b.caballeros_per_player == 36 and b.neutral_caballeros == 4  # C1
    assert (b.setup_grande_region, b.setup_court) == (2, 9)  # C2
    assert f.setup["score_marker"] == 1 and f.setup["disc_caballeros"] == 2
    assert (f.setup["neutral_regions"], f.setup["neutral_per_region"]) == (2, 2)
    assert f.setup["discs"] == {"america": {"gold": 1}, "mediterranean": {"goods": 2}}
    assert f.setup["offer"] == len(lib.offer_slots()) == 7
    assert [(t.seats, t.players) for t in f.limit_tables] == [(6, (2, 3)), (10, (4, 5))]
    assert f.limit_table(3).seats == 6 and f.limit_table(4).seats == 10  # type: ignore[union-attr]
    assert {(d.id, d.supply, d.points, d.area) for d in f.discs} == {
        ("gold", 5, 6, "america"), ("goods", 11, 4, "mediterranean")}  # seed 003, C7
    assert {o.id: (o.area, o.points) for o in f.offices} == {
        "ambassador": ("france", 2), "envoy": ("france", 1), "captain": ("ship", 3),
        "viceroy": ("america", 5)}
    assert [o.id for o in f.offices if not o.ranks] == ["viceroy"]  # C6
    assert f.capacity == {"france": 3} and f.king_areas == ("france",)  # C4, C3
    inq = lib.card("grand-inquisitor-card")
    assert (inq.place, inq.stack, inq.role) == (3, 6, "standing")  # C8, C2


def test_intrigue_figures_match_the_rules() -> None:
    lib = load_library(INTRIGUE)
    f = lib.figures["intrigue-king"]
    assert f.hand is not None
    assert (f.hand.deck, f.hand.choose) == (31, 13)  # I1
    values = sorted(c.value for c in lib.of_role("hand") if "value" not in c.unknown)
    assert values == sorted(KNOWN_VALUES)
    beginner = [v for v in values if v % f.hand.beginner_multiple_of == 0]
    assert len(beginner) == f.hand.beginner_cards == 18
    assert f.caballero_cards == {5: (5, 4, 3, 2, 1)}  # forced; 2-4 players unknown
    assert f.unknown == ("caballero_cards.2", "caballero_cards.3", "caballero_cards.4")
    assert sorted(c.place for c in lib.cards.of_kind("caballero-card")) == [1, 2, 3, 4, 5]
    awards = {c.data["awarded"]: c for c in lib.cards.of_kind("award")}
    assert set(awards) == {"highest", "lowest"} and all(c.script for c in awards.values())
    assert f.setup["disc_caballeros"] == 1  # I2


# -- the card files -----------------------------------------------------------------------------
def test_every_expansion_card_file_validates() -> None:
    report = validate([CARDS / "colonies", CARDS / "intrigue-king"], smoke=3)
    assert report.errors == [], report.format_text()
    assert report.cards == 12 + 31 + 2 + 5 + 1  # + the X3 erratum of Remove Action Card


@pytest.mark.parametrize("set_id", ["colonies", "intrigue-king"])
def test_card_files_hold_only_sourced_facts(set_id: str) -> None:
    for path, d in _files(set_id):
        unknown = set(d.get("unknown") or ())
        assert {k for k, v in d.items() if v is None} == unknown, path
        assert d.get("source"), path
        assert set(d.get("confidence") or {}).isdisjoint(unknown), path
        assert set((d.get("confidence") or {}).values()) <= {"C2", "S1"}, path  # no INF
        if unknown or d.get("status") == "incomplete":
            assert d.get("notes"), path
        if set_id == "colonies":
            assert "Grand Inquisitor & the Colonies rules, translated" in d["source"], path


def test_intrigue_cards_sourced_actions_and_unknowns() -> None:
    by_value = {d["value"]: d for _p, d in _files("intrigue-king") if d["kind"] == "intrigue"}
    assert sorted(v for v in by_value if v is not None) == sorted(KNOWN_VALUES)
    assert all(d["heads"] is None for d in by_value.values())  # no source gives heads
    assert len([p for p, d in _files("intrigue-king") if d.get("value", 0) is None]) == 4
    sourced = {13, 15, 20, 35, 40}  # EXPANSIONS.md 6.3: in the card files
    for v, d in by_value.items():
        if v in sourced:
            # no script yet, or the sourced action's script (I8); never an unknown effect
            assert "effect" not in d or isinstance(d["effect"], str), v
            assert "effect" not in (d.get("unknown") or []), v
            assert d.get("summary") and d["status"] == "incomplete", v
        else:
            assert d["effect"] is None and "effect" in d["unknown"], v
    # I6 from seed 004's wording: 可 ("may") on 15, 20 and 40; a command on 13 and 35
    assert {v: by_value[v]["optional"] for v in sourced} == {
        13: False, 15: True, 20: True, 35: False, 40: True}
    assert all(by_value[v]["confidence"]["optional"] == "S1" for v in sourced)


def test_colonies_seventh_stack_holds_no_invented_data() -> None:
    cards = {d["id"]: d for _p, d in _files("colonies")}
    seventh = [d for d in cards.values() if d["kind"] == "colonies-action"]
    assert len(seventh) == 11
    for d in seventh:
        assert d["place"] is None and d["gold"] is None and d["goods"] is None
    known = [d for d in seventh if d.get("effect")]  # sourced, scripted (C10, C13)
    assert len(known) == 5 and all(d.get("summary") for d in known)
    assert len([d for d in seventh if d.get("effect", 0) is None]) == 6


# -- unknown fields (EXPANSIONS.md 6.1) ---------------------------------------------------------
CARD = {"id": "hb-x", "set": "homebrew", "kind": "colonies-action", "place": 2, "gold": 1,
        "goods": 0, "effect": "pass\n"}


@pytest.mark.parametrize("change, message", [
    ({"gold": None}, "'gold' is null but 'unknown' does not name it"),
    ({"unknown": ["gold"]}, "'gold' is listed in 'unknown' but has a value"),
    ({"gold": None, "unknown": ["gold"], "status": "complete"}, "status is 'complete'"),
    ({"unknown": ["value"], "value": None}, "field 'value' is not used by"),
    ({"unknown": ["heads"]}, "'unknown' names 'heads', which is not a field"),
    ({"effect": None}, "'effect' is null but 'unknown' does not name it"),
], ids=str)
def test_null_exactly_when_unknown_names_it(change: dict[str, Any], message: str) -> None:
    errs = check_fields({**CARD, **change}, "x.yaml", Positions())
    assert any(message in e.message for e in errs), [e.message for e in errs]
    assert check_fields(CARD, "x.yaml", Positions()) == []
    ok = {**CARD, "gold": None, "effect": None, "unknown": ["gold", "effect"]}
    assert check_fields(ok, "x.yaml", Positions()) == []


def test_a_required_field_may_be_left_out_only_by_an_incomplete_card() -> None:
    no_effect = {k: v for k, v in CARD.items() if k != "effect"}
    assert [e.code for e in check_fields(no_effect, "x.yaml", Positions())] == \
        ["E-SCHEMA-MISSING"]
    assert check_fields({**no_effect, "status": "incomplete"}, "x.yaml", Positions()) == []


def test_unknown_implies_incomplete_and_lists_what_is_missing() -> None:
    lib = load_library(COLONIES)
    c = lib.card("seventh-stack-6")
    assert c.status == "incomplete" and c.unknown == ("place", "gold", "goods", "effect")
    assert lib.card("conspiracy").missing == ()  # scripted with the module's statements


# -- the game refuses to start without a fill (EXPANSIONS.md 6.2) -------------------------------
@pytest.mark.parametrize("sets", [COLONIES, INTRIGUE, BOTH], ids="+".join)
def test_missing_data_error_lists_every_card_and_field(sets: tuple[str, ...]) -> None:
    with pytest.raises(MissingCardData) as ei:
        elgrande.new_game(4, sets=sets, seed=1)
    expected = set()
    for set_id in sets[1:]:
        for _p, d in _files(set_id):
            expected |= {(d["id"], f) for f in d.get("unknown") or ()}
            if d.get("kind") == "colonies-action" or d.get("kind") in ("intrigue", "inquisitor"):
                expected |= {(d["id"], "effect")} if "effect" not in d else set()
    got = {(card, field) for card, field, _why in ei.value.missing
           if not card.endswith("set manifest")}
    assert got == expected
    text = str(ei.value)
    assert "use fill=... / --fill NAME" in text and "provisional" in text
    for card, _field in expected:  # every card named, cards with the same gap together
        assert re.search(rf"(^|[ ,]){re.escape(card)}(,| \(|:)", text), card
    assert len(text) < 1200, "cards missing the same fields are named in one group"


def test_the_cli_refuses_and_names_the_fill_option() -> None:
    from click.testing import CliRunner

    from elgrande.tools.cli import main

    result = CliRunner().invoke(main, ["play", "--fill", "no-such-fill", "--quiet"])
    assert result.exit_code == 2  # a bad option value: a usage error naming the option
    assert "unknown fill 'no-such-fill'" in result.output
    assert "Invalid value for '--fill'" in result.output
    assert "Traceback" not in result.output


# -- fills (EXPANSIONS.md 6.2, 6.3) -------------------------------------------------------------
def test_the_shipped_colonies_fill_holds_exactly_section_6_3() -> None:
    fill = _fill("colonies")
    seventh = {d["id"] for _p, d in _files("colonies") if d["kind"] == "colonies-action"}
    assert fill["cards"] == {cid: {"place": 3, "gold": 1, "goods": 1} for cid in seventh}
    unknown_effect = {d["id"] for _p, d in _files("colonies") if d.get("effect", 0) is None}
    assert set(fill["no_special_action"]) == unknown_effect and len(unknown_effect) == 6
    assert set(fill) == {"fill", "set", "source", "cards", "no_special_action"}
    lib = load_library(COLONIES, fill="provisional")
    c = lib.card("seventh-stack-6")
    assert (c.place, c.gold, c.goods, c.no_action, c.unknown) == (3, 1, 1, True, ())
    assert c.provisional == ("place", "gold", "goods", "effect")
    assert lib.card("conspiracy").missing == ()  # scripted (C13)


def _heads_table() -> dict[int, int]:
    if not EXPANSIONS_MD.is_file():
        pytest.skip("../shared/rules/EXPANSIONS.md is not here")
    text = EXPANSIONS_MD.read_text(encoding="utf-8")
    text = text[text.index("## 6."):]
    rows = re.findall(r"^\s*\| (value|heads) \|(.*)\|\s*$", text, re.M)
    values = [int(x) for k, r in rows if k == "value" for x in r.split("|")]
    heads = [int(x) for k, r in rows if k == "heads" for x in r.split("|")]
    return dict(zip(values, heads, strict=True))


def test_the_shipped_intrigue_fill_holds_exactly_section_6_3() -> None:
    table = _heads_table()
    assert sorted(table) == sorted(KNOWN_VALUES)
    fill = _fill("intrigue-king")
    ids = {d["value"]: d["id"] for _p, d in _files("intrigue-king") if d["kind"] == "intrigue"}
    assert {cid: e["heads"] for cid, e in fill["cards"].items()} == {
        ids[v]: h for v, h in table.items()}
    scripted = {cid for cid, e in fill["cards"].items() if set(e) - {"heads"}}
    assert scripted == {ids[63], ids[90], ids[93], ids[110]}  # EXPANSIONS.md 6.3
    assert all(set(fill["cards"][c]) == {"heads", "effect"} for c in scripted)
    assert fill["manifest"] == {"caballero_cards.4": [5, 4, 3, 2],
                                "caballero_cards.3": [5, 4, 3], "caballero_cards.2": [5, 4]}
    assert sorted(fill["out_of_play"]) == sorted(
        d["id"] for _p, d in _files("intrigue-king") if d.get("value", 0) is None)
    no_action = {ids[v] for v in KNOWN_VALUES if v not in (13, 15, 20, 35, 40, 63, 90, 93, 110)}
    assert set(fill["no_special_action"]) == no_action
    lib = load_library(INTRIGUE, fill="provisional")
    assert len(lib.of_role("hand")) == 27  # the 4 unknown values are not in play
    assert lib.figures["intrigue-king"].caballero_cards[3] == (5, 4, 3)
    assert lib.card(ids[90]).script is not None and lib.card(ids[40]).heads == 4
    # I6: a script a fill supplies says no "you may": its action is compulsory
    assert [lib.card(ids[v]).optional for v in (63, 90, 93, 110)] == [False] * 4
    assert all("optional" in lib.card(ids[v]).provisional for v in (63, 90, 93, 110))
    assert lib.card(ids[20]).optional is True and "optional" not in lib.card(ids[20]).provisional


def test_a_fill_cannot_change_a_sourced_field(tmp_path: Path) -> None:
    fill = tmp_path / "mine.yaml"
    fill.write_text("fill: mine\nset: colonies\ncards:\n  grand-inquisitor-card:\n"
                    "    place: 4\n", "utf-8")
    with pytest.raises(CardError, match="cannot change 'place' of card "
                       "'grand-inquisitor-card': a sourced field") as ei:
        load_library(COLONIES, fill=str(fill))
    assert (ei.value.path, ei.value.line, ei.value.code) == (str(fill), 5, "E-FILL-SOURCED")
    figure = tmp_path / "fig.yaml"
    figure.write_text("fill: fig\nset: intrigue-king\nmanifest:\n"
                      "  caballero_cards.5: [5, 4, 3, 2]\n", "utf-8")
    with pytest.raises(DataError, match="cannot change 'caballero_cards.5'"):
        load_library(INTRIGUE, fill=str(figure))


def test_a_fill_refuses_unknown_cards_and_bad_values(tmp_path: Path) -> None:
    for body, code in (("  no-such-card: {place: 3}\n", "E-FILL-UNKNOWN-CARD"),
                       ("  seventh-stack-6: {place: many}\n", "E-FILL-TYPE"),
                       ("  seventh-stack-6: {effect: \"move the moon\\n\"}\n", "E-SYNTAX")):
        fill = tmp_path / "bad.yaml"
        fill.write_text("fill: bad\nset: colonies\ncards:\n" + body, "utf-8")
        with pytest.raises(CardError) as ei:
            load_library(COLONIES, fill=str(fill))
        assert ei.value.code == code and ei.value.path == str(fill), ei.value


HOMEBREW = """\
id: hb-scout
set: homebrew
kind: action
title: "Scout"
text: "Scout: place caballeros from your court next to the king."
stack: null
copies: 1
effect: |
  move up to 1 own caballeros from court to adjacent to king
unknown: [stack]
source: "a test"
notes: "The number on the back is not known."
"""


def test_a_fill_from_a_test_overlay_fills_one_card_and_the_game_plays(tmp_path: Path) -> None:
    cards = tmp_path / "homebrew"
    (cards / "fills").mkdir(parents=True)
    (cards / "scout.yaml").write_text(HOMEBREW, "utf-8")
    (cards / "fills" / "guess.yaml").write_text(
        "fill: guess\nset: homebrew\ncards:\n  hb-scout: {stack: 2}\n", "utf-8")
    with pytest.raises(MissingCardData) as ei:
        elgrande.new_game(3, cards=[str(cards)], seed=4)
    assert ei.value.missing == [("hb-scout", "stack", "unknown")]
    lib = load_library(("base",), extra=[str(cards)], fill="guess")
    card = lib.card("hb-scout")
    assert (card.stack, card.provisional, card.unknown, card.status) == \
        (2, ("stack",), (), "complete")
    assert "hb-scout" in lib.deck(2)
    game = elgrande.new_game(3, cards=[str(cards)], seed=4, fill="guess")
    assert game.header["fill"] == "guess" and game.header["provisional"] is True
    assert game.log[0].startswith("This game plays with provisional data: the fill 'guess'")
    assert game.view(0)["provisional"] is True
    elgrande.play.game.play_random(game, __import__("random").Random(5))
    assert game.over
    again = replay(record_lines(game), logging=False)
    assert again.state.scores == game.state.scores
    assert Game.from_json(game.to_json()).library.provisional
    base = elgrande.new_game(3, seed=4)
    assert base.header.get("fill") is None and "provisional" not in base.header
    assert "provisional" not in base.view(0)


def test_fills_are_not_card_files() -> None:
    cards = load_folders([CARDS / "colonies"], kinds=load_kinds(COLONIES))
    assert len(cards.cards) == 12  # fills/ is skipped


# -- the engine stays free of set-specific words ------------------------------------------------
def test_no_set_specific_words_in_the_engine() -> None:
    engine = Path(elgrande.__file__).resolve().parent / "engine"
    pat = re.compile(r"colonies|intrigue|france|inquisitor|limit.table|viceroy|ambassador",
                     re.I)
    hits = [f"{p.name}:{n}" for p in sorted(engine.rglob("*.py"))
            for n, line in enumerate(p.read_text("utf-8").splitlines(), 1) if pat.search(line)]
    assert hits == []


def test_the_docs_mark_each_provisional_value() -> None:
    from elgrande.tools.docs import render_docs

    md = render_docs("md")["cards.md"]
    section = md[md.index('<a id="card-ik-10"></a>'):md.index('<a id="card-ik-13"></a>')]
    assert "| heads | unknown |" in section
    assert "| heads (provisional fill) | **provisional**: 6 |" in section
    assert "| effect (provisional fill) | **provisional**: no special action" in section
    seventh = md[md.index('<a id="card-seventh-stack-6"></a>'):]
    assert "| place (provisional fill) | **provisional**: 3 |" in seventh
    assert "caballero_cards.4 = \\[5, 4, 3, 2\\] (provisional fill)" in md


def test_a_keep_names_only_the_lasting_kinds_of_the_sets_in_play(tmp_path: Path) -> None:
    """B8.4: a homebrew card's ``keep`` may name a lasting kind the manifests in play
    declare (``veto`` in the base game), not one no set gives (``plot``: Conspiracy's,
    C13, is a trigger of its script now)."""
    text = (HOMEBREW.replace("stack: null", "stack: 2").replace("unknown: [stack]\n", "")
            .replace("notes: \"The number on the back is not known.\"\n", ""))
    for kind, ok in (("veto", True), ("plot", False)):
        cards = tmp_path / kind
        cards.mkdir()
        (cards / "scout.yaml").write_text(text.replace(
            "move up to 1 own caballeros from court to adjacent to king",
            f"keep {kind} until end of next round"), "utf-8")
        if ok:
            assert elgrande.new_game(3, cards=[str(cards)], seed=4).library.card("hb-scout")
            continue
        with pytest.raises(CardError) as ei:
            elgrande.new_game(3, cards=[str(cards)], seed=4)
        assert "unknown lasting effect 'plot'" in str(ei.value)
        with pytest.raises(CardError):
            load_library(("base", "colonies"), extra=[str(cards)], fill="provisional")
