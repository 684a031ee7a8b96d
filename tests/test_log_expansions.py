"""The logs of Colonies and combined games tell a player what happens (C1-C13, I1-I9, X1-X3).

Seeded games are read line by line as a player reads them; positions set up by hand check
the lines a rule writes (Conspiracy, I9, black caballeros, the board summary, provisional
labels).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

import elgrande
from elgrande.model.scoring import general_scoring
from elgrande.model.state import NOBODY
from elgrande.play.game import Game, new_game
from elgrande.play.narrate import NOTHING_DONE, board_summary, scored, story
from elgrande.players.bots import make_bot, play
from elgrande.rules import colonies
from elgrande.rules.base import score_discs
from elgrande.tools.board_svg import board_svg, public_view
from elgrande.tools.cli import main

NAMES = ["red", "yellow", "blue", "green"]
COLONIES = ("base", "colonies")
COMBINED = ("base", "intrigue-king", "colonies")


def _played(sets: tuple[str, ...], seed: int) -> Game:
    g = new_game(NAMES, sets=sets, seed=seed, fill="provisional")
    return play(g, [make_bot(b, seed + i) for i, b in
                    enumerate(["greedy", "random", "greedy", "random"])])


@pytest.fixture(scope="module")
def logs() -> dict[str, list[str]]:
    """Logs of seeded Colonies and combined games (two of each)."""
    return {f"{'+'.join(s)}/{seed}": _played(s, seed).log
            for s in (COLONIES, COMBINED) for seed in (1, 4)}


def _fresh(sets: tuple[str, ...] = COLONIES) -> Game:
    return new_game(NAMES, sets=sets, seed=3, fill="provisional")


def _idx(g: Game, place: str) -> int:
    return g.library.board.index[place]


# -- "(nothing done)" (C7, C8, C10, C13) ----------------------------------------------------------
def test_c8_c10_c13_nothing_done_never_precedes_an_effect(logs: dict[str, list[str]]) -> None:
    for name, lines in logs.items():
        for i, ln in enumerate(lines[:-1]):
            if ln == NOTHING_DONE:
                nxt = lines[i + 1]
                assert not nxt.startswith("  "), (name, i, nxt)
                assert not re.search(r"New discs|Grand Inquisitor into|moves the limit table|"
                                     r"removes .* from this round", nxt), (name, i, nxt)


def test_c8_the_grand_inquisitor_card_effect_stands_under_its_line() -> None:
    g = _fresh()
    b = g.library.board
    events = [{"event": "special", "player": 1, "card": "grand-inquisitor-card"},
              {"event": "inquisitor", "player": 1, "holder": 1, "card": "grand-inquisitor-card",
               "text": "{who} takes the Grand Inquisitor into their court."},
              {"event": "move", "player": 1, "card": "grand-inquisitor-card",
               "moves": [{"n": 1, "player": NOBODY, "from": "aragon", "to": "galicia"}]}]
    lines = story(events, b, NAMES, g.chronicle.titles)
    assert lines == [
        "yellow carries out the special action of Grand Inquisitor.",
        "  yellow takes the Grand Inquisitor into their court.",
        "  yellow moves 1 black caballero from Aragon to Galicia."]


def test_c13_remove_action_card_names_the_card_removed_under_its_action() -> None:
    g = _fresh()
    events = [{"event": "special", "player": 0, "card": "remove-action-card"},
              {"event": "remove_card", "player": 0, "card": "remove-action-card",
               "removed": "evict", "text": "{who} removes {card:evict} from this round's "
                                           "offer."},
              {"event": "discs_appear", "player": 0, "card": "remove-action-card",
               "discs": {"gold": 1}, "text": "New discs: 1 gold in America."},
              {"event": "card_removed", "player": 0, "card": "evict"}]
    lines = story(events, g.library.board, NAMES, g.chronicle.titles)
    assert lines[1:] == ["  red removes Evict from this round's offer.",
                         "  New discs: 1 gold in America."]


# -- Conspiracy (C13) and I9: where the Grande went, before the regions score ------------------
def _scoring_lines(g: Game, discs: list[int]) -> list[str]:
    """The log of a general scoring with ``discs`` played by the game's flow (the triggers
    on its steps run there, B6.3)."""
    events: list[dict[str, Any]] = []
    score_discs(g._engine, g.state, g.flow, discs, events)
    g._engine.advance(g.state, g.flow, events)
    return story(events, g.library.board, NAMES, g.chronicle.titles)


def _conspire(g: Any, player: int, events: list[dict[str, Any]] | None = None) -> None:
    """Carry out Conspiracy's script for ``player``: it keeps its trigger (C13)."""
    interp = g._engine.interpreter
    assert interp.advance(g.state, interp.begin("conspiracy", player),
                          [] if events is None else events) is None


def test_c13_conspiracy_says_where_the_grande_went_and_why_before_the_regions_score() -> None:
    g = _fresh()
    s = g.state
    _conspire(g, 2)
    frm = s.grandes[2]
    to = next(r for r in g.library.board.regions if r not in (s.king, frm))
    discs = [to] * 4
    lines = _scoring_lines(g, discs)
    name = g.library.board.places[to].name
    told = [i for i, ln in enumerate(lines) if "Grande" in ln and "(values" not in ln]
    assert len(told) == 1  # once: the trigger's own line, under its head
    assert lines[told[0]] == f"  blue moves their Grande to {name}."
    assert lines[told[0] - 1] == "Conspiracy: the Castillo is emptied:"
    first_region = next(i for i, ln in enumerate(lines) if i > 2 and "(values" in ln)
    assert told[0] < first_region  # before the regions score (B6.4)
    assert s.grandes[2] == to


def test_c13_conspiracy_with_the_disc_on_the_kings_region_says_the_grande_stays() -> None:
    g = _fresh()
    s = g.state
    _conspire(g, 0)
    at = s.grandes[0]
    lines = _scoring_lines(g, [s.king] * 4)
    i = lines.index("Conspiracy: the Castillo is emptied:")  # f33: the reason said
    assert lines[i + 1] == ("  (nothing done: red's Grande may not go into the king's "
                            "region, B5.2)"), lines[i:i + 2]
    assert s.grandes[0] == at and not [x for x in s.lasting if x.card == "conspiracy"]


def test_i9_the_grande_leaving_the_castillo_stands_before_the_regions_score() -> None:
    g = _fresh(COMBINED)
    b = g.library.board
    s = g.state
    s.grandes[1] = b.castillo
    to = next(r for r in b.regions if r != s.king)
    lines = _scoring_lines(g, [to] * 4)
    i = lines.index(f"  yellow's Grande leaves the Castillo for {b.places[to].name} (I9).")
    first_region = next(j for j, ln in enumerate(lines) if j > 2 and "(values" in ln)
    assert 2 < i < first_region


def test_i9_the_leaving_line_comes_once_in_played_games(logs: dict[str, list[str]]) -> None:
    for lines in logs.values():
        for i, ln in enumerate(lines):
            if "leaves the Castillo for" in ln:  # inside the scoring block, before regions
                assert ln.startswith("  ")
                later = lines[i + 1:]
                assert any("(values" in x for x in later[:12])


# -- black caballeros (C8, C9) -----------------------------------------------------------------
def test_c9_unheld_black_caballeros_score_for_nobody() -> None:
    g = _fresh()
    b = g.library.board
    s = g.state
    r = b.index["galicia"]
    s.neutral[r] = 2
    s.caballeros[r] = [1, 0, 0, 0]
    s.neutral_holder = NOBODY
    res = general_scoring(s, b, [r] * 4, g._engine.rules)
    galicia = next(x for x in res.regions if x.place == r)
    line = scored(galicia, b, NAMES)
    assert "nobody (Grand Inquisitor's black caballeros, held by nobody) 2 caballeros" in line
    assert "Grand Inquisitor 2" not in line


def test_c8_black_caballeros_are_never_called_neutral(logs: dict[str, list[str]]) -> None:
    for name, lines in logs.items():
        assert not [ln for ln in lines if "neutral" in ln], name


def test_c8_black_caballeros_on_the_board_name_their_holder() -> None:
    g = _fresh()
    s = g.state
    r = g.library.board.index["aragon"]
    s.neutral[r] = 1
    s.neutral_holder = 2
    assert any(ln.startswith("    Aragon:") and "black (blue's Grand Inquisitor) 1" in ln
               for ln in board_summary(s, g.library.board, NAMES, g.chronicle.labels))
    s.neutral_holder = NOBODY
    assert any("black (nobody's) 1" in ln
               for ln in board_summary(s, g.library.board, NAMES, g.chronicle.labels))


# -- "Board now" (B6, C1-C10) --------------------------------------------------------------------
def test_c1_board_now_lists_every_area_the_king_and_the_colonies_pieces() -> None:
    g = _fresh()
    s, b = g.state, g.library.board
    s.king = _idx(g, "france")
    for i, area in enumerate(("ship", "america", "mediterranean")):
        s.caballeros[_idx(g, area)][i] = 1
    lines = board_summary(s, b, NAMES, g.chronicle.labels)
    text = "\n".join(lines)
    assert "    France: empty [king]" in lines
    assert "    Ship: red 1" in lines
    assert "    America: yellow 1" in lines
    assert "    Mediterranean: blue 1" in lines
    assert re.search(r"    Limit table in [A-Z][a-z ]+ \(\d+ seats, \d+ free\)", text)
    assert "    Offices: Ambassador (France) " in text and "Viceroy (America)" in text
    assert "    Gold and goods: 1 gold in America, 2 goods in Mediterranean" in text
    assert "    Grand Inquisitor: in nobody's court" in text
    assert lines[-1].startswith("    Courts: ")


def test_b6_board_now_of_a_base_game_is_the_regions_castillo_and_courts() -> None:
    g = new_game(NAMES, seed=3)
    assert g.chronicle.labels is None  # nothing to label, no module's lines
    lines = board_summary(g.state, g.library.board, NAMES, g.chronicle.labels)
    assert lines[0] == "  Board now:"
    places = [ln.split(":")[0].strip() for ln in lines[1:-1]]
    names = {p.name for p in g.library.board.places}
    assert set(places) <= names
    assert lines[-1].startswith("    Courts: ")


def test_c1_every_board_now_of_a_played_game_names_the_colonies_pieces(
        logs: dict[str, list[str]]) -> None:
    for name, lines in logs.items():
        heads = [i for i, ln in enumerate(lines) if ln == "  Board now:"]
        assert len(heads) == 3, name
        for i in heads:
            block = []
            for ln in lines[i + 1:]:
                block.append(ln)
                if ln.startswith("    Courts:"):
                    break
            assert any(x.startswith("    Offices:") for x in block), name
            assert any(x.startswith("    Grand Inquisitor:") for x in block), name


# -- provisional data (the fills) -------------------------------------------------------------
def test_provisional_counts_and_effects_say_so_in_their_lines(
        logs: dict[str, list[str]]) -> None:
    col = logs["base+colonies/1"] + logs["base+colonies/4"]
    assert any(re.match(r"  New discs: .*\(provisional\)\.$", ln) for ln in col)
    assert not any(re.match(r"  New discs: ", ln) and "(provisional)" not in ln for ln in col)
    assert any(re.search(r"\(face unknown, \d of 6 such\) \(provisional: no special action "
                         r"known\)", ln) for ln in col)
    assert not any(re.search(r"\[[a-z0-9]+-[a-z0-9-]+\]", ln) for ln in col)  # f19: no id
    comb = logs["base+intrigue-king+colonies/1"]
    assert all(ln.endswith("(provisional).") for ln in comb if " brings " in ln)
    assert all("(provisional);" in ln for ln in comb if ln.startswith("Awards (I3)"))


def test_c7_a_placement_after_a_provisional_card_says_provisional() -> None:
    g = _fresh()
    events = [{"event": "card", "player": 0, "card": "conspiracy"},
              {"event": "place", "player": 0, "to": {"aragon": 1}}]
    lines = story(events, g.library.board, NAMES, g.chronicle.titles,
                  labels=g.chronicle.labels)
    assert lines[-1] == "red places caballeros: 1 in Aragon (provisional)."
    base_card = [{"event": "card", "player": 0, "card": "kings-card"},
                 {"event": "place", "player": 0, "to": {"aragon": 1}}]
    assert story(base_card, g.library.board, NAMES, g.chronicle.titles,
                 labels=g.chronicle.labels)[-1] == "red places caballeros: 1 in Aragon."


def test_a_base_game_log_has_no_provisional_label() -> None:
    g = play(new_game(NAMES, seed=5), [make_bot("random", i) for i in range(4)])
    assert not [ln for ln in g.log if "provisional" in ln]


def test_the_board_picture_of_a_provisional_game_says_provisional_data() -> None:
    g = _fresh()
    assert "provisional data" in board_svg(public_view(g), g.library.board).split(
        'class="title"')[1].split("</text>")[0]
    base = new_game(NAMES, seed=3)
    assert "provisional data" not in board_svg(public_view(base), base.library.board)


def test_the_viewer_title_of_a_provisional_game_says_provisional_data(tmp_path: Path) -> None:
    rec = tmp_path / "r.jsonl"
    out = CliRunner().invoke(main, ["play", "-n", "3", "-s", "2", "--sets", "base,colonies",
                                    "--fill", "provisional", "-q", "-r", str(rec)])
    assert out.exit_code == 0, out.output
    assert out.output.startswith("This game plays with provisional data")  # -q says it too
    shown = CliRunner().invoke(main, ["show", str(rec), "-o", str(tmp_path / "v")])
    assert shown.exit_code == 0, shown.output
    page = (tmp_path / "v" / "index.html").read_text(encoding="utf-8")
    assert re.search(r"<h1>[^<]*provisional data", page)


# -- words a player has (I1, I3, the shipped files) -------------------------------------------
def test_i1_the_setup_line_uses_the_cards_words(logs: dict[str, list[str]]) -> None:
    lines = logs["base+intrigue-king+colonies/1"]
    setup = next(ln for ln in lines if ln.startswith("Setup:"))
    assert setup.endswith(" plays the first card.")
    assert any(re.fullmatch(r"\w+ plays card \d+\.", ln) for ln in lines)
    base = new_game(NAMES, seed=3).log
    assert next(ln for ln in base if ln.startswith("Setup:")).endswith(
        " plays the first power card.")


def test_logs_name_players_and_no_unshipped_file(logs: dict[str, list[str]]) -> None:
    for name, lines in logs.items():
        text = "\n".join(lines)
        assert not re.search(r"\bplayer \d", text), name
        assert not re.search(r"(EXPANSIONS|RULES|DATA|DESIGN)\.md", text), name


def test_no_message_names_an_unshipped_file() -> None:
    """String constants that are not docstrings (log texts, error messages, help) cite
    ``elgrande rules ID`` or ``docs/``, never the team's own files."""
    pat = re.compile(r"(EXPANSIONS|RULES|DATA|DESIGN)\.md|shared/rules")
    hits = []
    for p in sorted(Path(elgrande.__file__).resolve().parent.rglob("*.py")):
        tree = ast.parse(p.read_text(encoding="utf-8"))
        docs = {id(n.body[0].value) for n in ast.walk(tree)
                if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef,
                                  ast.Module))
                and n.body and isinstance(n.body[0], ast.Expr)
                and isinstance(n.body[0].value, ast.Constant)}
        hits += [f"{p.name}:{n.lineno}" for n in ast.walk(tree)
                 if isinstance(n, ast.Constant) and isinstance(n.value, str)
                 and id(n) not in docs and pat.search(n.value)]
    assert hits == []


def test_i5_x2_the_log_says_whose_special_action_the_turn_uses(
        logs: dict[str, list[str]]) -> None:
    lines = logs["base+intrigue-king+colonies/1"]
    chosen = [ln for ln in lines if "'s special action this turn: " in ln]
    assert chosen
    assert all(re.fullmatch(r"\w+'s special action this turn: .+\.", ln)
               for ln in chosen)
    for i, ln in enumerate(lines):  # a card taken from the offer (X2) is followed by the
        if ln.endswith("from the open action cards (X2)."):  # action chosen
            assert "'s special action this turn: " in lines[i + 1]


def test_i8_a_lasting_card_revealed_says_whose_it_is_before_its_effect(
        logs: dict[str, list[str]]) -> None:
    lines = logs["base+intrigue-king+colonies/4"]
    heads = [i for i, ln in enumerate(lines) if ln.endswith(
        " takes effect as the cards are revealed (I8):")]
    assert heads
    for i in heads:
        assert re.match(r"\w+'s .+ takes effect", lines[i]) and "{card:" not in lines[i]
        assert re.match(r"  \w+ keeps the card as a ", lines[i + 1])


# -- offices (C4-C6) -----------------------------------------------------------------------------
def test_c4_c6_an_office_taken_or_left_is_told_after_the_line_naming_its_area() -> None:
    g = _fresh()
    b = g.library.board
    ch = g.chronicle
    ch.narrate([{"event": "turn_order", "order": [0, 1, 2, 3]}], g.state)  # notes the offices
    ext = colonies.own_pieces(g.state, b)
    ext.offices["viceroy"] = 1
    ch.narrate([{"event": "move", "player": 1, "card": "x",
                 "moves": [{"n": 1, "player": 1, "from": "aragon", "to": "america"}]},
                {"event": "decline", "player": 2}], g.state)
    log = g.log
    i = log.index("  yellow moves 1 caballero from Aragon to America.")
    assert log[i + 1] == "  yellow's caballero in America is now the Viceroy (C6)."
    ext.offices["viceroy"] = colonies.EMPTY
    ch.narrate([{"event": "decline", "player": 2}], g.state)
    assert g.log[-1] == "  The Viceroy's office in America is empty (C6)."
    ch.narrate([{"event": "decline", "player": 3}], g.state)
    assert g.log[-1] == "green declines the special action."  # told once


def test_c4_c6_played_games_tell_the_offices_taken(
        logs: dict[str, list[str]]) -> None:
    told = [ln for lines in logs.values() for ln in lines
            if re.fullmatch(r"  (\w+'s|a black) caballero in \w+ is now the \w+ \(C[456]\)\.",
                            ln)]
    assert told


def test_c13_conspiracy_kept_says_what_it_will_do() -> None:
    g = _fresh()
    ch = g.chronicle
    ch.narrate([{"event": "turn_order", "order": [0, 1, 2, 3]}], g.state)
    events: list[dict[str, Any]] = []
    _conspire(g, 2, events)
    ch.narrate(events + [{"event": "decline", "player": 3}], g.state)
    assert "  blue keeps a trigger: the next time a general scoring has emptied the " \
        "Castillo: move your Grande to the region on your secret disc." in g.log


def test_c10_c11_seats_and_relocations_inside_a_special_action_stand_under_it() -> None:
    found = 0
    for seed in range(1, 12):  # games until one seats caballeros after the table moved
        lines = _played(COLONIES, seed * 7).log
        for i, ln in enumerate(lines):
            if "moves the limit table to" in ln or "relocation)" in ln:
                assert ln.startswith("  "), ln
            if "moves the limit table to" in ln:
                for nxt in lines[i + 1:]:
                    if "at the limit table" not in nxt:
                        break
                    found += 1
                    assert nxt.startswith("  "), nxt
        if found:
            break
    assert found
