"""The drawn board: the ``map:`` data of the set manifests (checked with
positions), and the SVG of a view, read back and compared with the state (B1, B5, B1.5,
B8.5a), the ``elgrande board`` command, and the pictures in the docs."""

from __future__ import annotations

import json
import random
import re
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest
import yaml
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

import elgrande
from elgrande.data.manifests import load_board
from elgrande.errors import DataError
from elgrande.files.resources import cards_dir
from elgrande.model.board import Board
from elgrande.model.boardmap import BOX, POLYGON
from elgrande.play.game import Game
from elgrande.play.records import write_record
from elgrande.tools.board_svg import board_svg, load_position, map_svg, public_view
from elgrande.tools.cli import main
from elgrande.tools.docs import MAP_FILE, map_picture
from elgrande.tools.pictures import GUIDE_CASE, before_after

ROOT = Path(__file__).resolve().parent.parent
NS = {"s": "http://www.w3.org/2000/svg"}
BASE = cards_dir() / "base" / "set.yaml"


def played(seed: int, answers: int, players: int = 4, **kw: Any) -> Game:
    """A game after ``answers`` random answers (``kw``: more of ``new_game``'s options)."""
    g = elgrande.new_game(players, seed=seed, **kw)
    rng = random.Random(seed)
    for _ in range(answers):
        d = g.pending
        if d is None:
            break
        g.answer(d.players[0], d.random_answer(rng, d.players[0]))
    return g


def groups(svg: str, cls: str) -> list[dict[str, str]]:
    """The attributes of every ``<g class=cls>`` of an SVG document."""
    root = ET.fromstring(svg)
    return [dict(g.attrib) for g in root.iter("{http://www.w3.org/2000/svg}g")
            if g.get("class") == cls]


def counts(svg: str) -> dict[tuple[str, str], int]:
    return {(g["data-place"], g["data-player"]): int(g["data-count"])
            for g in groups(svg, "caballeros")}


# -- the map data ----------------------------------------------------------------------------
def test_every_place_of_the_base_board_has_a_shape_inside_the_canvas(board: Board) -> None:
    m = board.map
    assert m is not None and m.width > 0 and m.height > 0
    assert set(m.shapes) == {p.id for p in board.places}
    for s in m.shapes.values():
        assert s.kind in (POLYGON, BOX)
        assert all(0 <= x <= m.width and 0 <= y <= m.height for x, y in s.points)
    assert m.shapes[board.place_id(board.castillo)].kind == BOX


def test_B1_6_neighbouring_shapes_share_a_border_exactly_when_adjacent(board: Board) -> None:
    """The schematic follows the adjacency data: two regions share at least two outline
    points (an edge) if and only if the manifest says they are adjacent."""
    m = board.map
    assert m is not None
    for a in board.regions:
        for b in board.regions:
            if a >= b:
                continue
            pa = set(m.shapes[board.place_id(a)].points)
            pb = set(m.shapes[board.place_id(b)].points)
            assert (len(pa & pb) >= 2) == board.adjacent(a, b), (
                board.place_id(a), board.place_id(b))


def _copy_with_map(tmp_path: Path, edit: Any, name: str = "mapped") -> Path:
    data = yaml.safe_load(BASE.read_text(encoding="utf-8"))
    data["set"] = name
    edit(data["map"])
    folder = tmp_path / name
    folder.mkdir()
    (folder / "set.yaml").write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    return folder


@pytest.mark.parametrize("edit, message", [
    (lambda m: m["places"].update({"atlantis": {"box": [1, 1, 5, 5]}}),
     "map shape for unknown place 'atlantis'"),
    (lambda m: m["places"]["aragon"].update({"polygon": [[1, 1], [2, 2]]}),
     "needs at least three points"),
    (lambda m: m["places"]["aragon"].update({"polygon": [[1, 1], [2, 2], [9999, 3]]}),
     "outside the map canvas"),
    (lambda m: m["places"]["castillo"].update({"box": [1, 1, -5, 5]}), "positive size"),
    (lambda m: m["places"]["galicia"].update({"box": [1, 1, 5, 5]}), "exactly one of"),
    (lambda m: m.update({"width": "wide"}), "map.width must be a positive number"),
    (lambda m: m["places"]["seville"].update({"colour": "red"}), "unknown field 'colour'"),
])
def test_a_bad_map_is_a_located_data_error(tmp_path: Path, edit: Any, message: str) -> None:
    _copy_with_map(tmp_path, edit)
    with pytest.raises(DataError, match=re.escape(message)) as err:
        load_board(("mapped",), search=[tmp_path])
    assert err.value.path.endswith("set.yaml") and err.value.line > 0


def test_a_later_set_adds_areas_to_the_map(tmp_path: Path) -> None:
    """An expansion's manifest draws its own areas (the Colonies' later) and may widen
    the canvas; shapes of the earlier sets stay."""
    folder = tmp_path / "isles"
    folder.mkdir()
    (folder / "set.yaml").write_text(
        "set: isles\nextends: mapped\n"
        "areas:\n  - {id: isle, name: The Isle, values: [3, 1, 0]}\n"
        "map:\n  width: 900\n  places:\n    isle: {box: [810, 20, 80, 60]}\n",
        encoding="utf-8")
    _copy_with_map(tmp_path, lambda m: None)
    b = load_board(("mapped", "isles"), search=[tmp_path])
    assert b.map is not None and b.map.width == 900
    assert b.map.shapes["isle"].set == "isles" and b.map.shapes["isle"].label == (850, 50)
    svg = map_svg(b)
    assert {g["data-place"] for g in groups(svg, "place")} == {p.id for p in b.places}


def test_places_without_a_shape_are_drawn_in_a_strip(tmp_path: Path) -> None:
    folder = tmp_path / "isles"
    folder.mkdir()
    (folder / "set.yaml").write_text(
        "set: isles\nextends: mapped\nareas:\n  - {id: isle, name: The Isle, values: [3, 1, 0]}\n",
        encoding="utf-8")
    _copy_with_map(tmp_path, lambda m: None)
    b = load_board(("mapped", "isles"), search=[tmp_path])
    assert b.map is not None and "isle" not in b.map.shapes
    svg = map_svg(b)
    assert "isle" in {g["data-place"] for g in groups(svg, "place")}
    root = ET.fromstring(svg)
    assert float(root.get("height", 0)) > b.map.height + 44


# -- the SVG against the state ---------------------------------------------------------------
@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10_000), answers=st.integers(0, 200),
       players=st.integers(2, 5))
def test_the_svg_shows_every_caballero_king_grande_and_scoreboard(
        seed: int, answers: int, players: int) -> None:
    g = played(seed, answers, players)
    b = g.library.board
    svg = board_svg(g.view(0), b)
    want = {(b.place_id(i), str(p)): n for i, row in enumerate(g.state.caballeros)
            for p, n in enumerate(row) if n}
    assert counts(svg) == want
    assert [g_["data-place"] for g_ in groups(svg, "king")] == [b.place_id(g.state.king)]
    grandes = {(x["data-place"], int(x["data-player"])) for x in groups(svg, "grande")}
    assert grandes == {(b.place_id(r), p) for p, r in enumerate(g.state.grandes) if r >= 0}
    sbs = {(x["data-scoreboard"], x["data-place"]) for x in groups(svg, "scoreboard")}
    assert sbs == {(sb.id, b.place_id(g.state.scoreboards[sb.index]))
                   for sb in b.scoreboards if g.state.scoreboards[sb.index] >= 0}
    panels = groups(svg, "player")
    assert [(int(x["data-court"]), int(x["data-provinces"]), int(x["data-score"]))
            for x in panels] == list(zip(g.state.court, g.state.provinces, g.state.scores,
                                         strict=True))
    # every place is drawn once, with its values unless a mobile scoreboard lies there
    assert [x["data-place"] for x in groups(svg, "place")] == [p.id for p in b.places]


def test_the_values_written_are_the_board_data(board: Board) -> None:
    svg = map_svg(board)
    root = ET.fromstring(svg)
    for place in root.iterfind(".//s:g[@class='place']", NS):
        p = board.places[board.place_index(place.get("data-place", ""))]
        values = place.find("s:text[@class='values']", NS)
        assert values is not None and values.text == " / ".join(map(str, p.values))


def test_B3_2_the_hand_line_counts_the_cards_and_leaves_out_the_one_played() -> None:
    # f17 read "10 11 13" as still holding 12: the line says how many cards are left
    g = elgrande.new_game(4, seed=5)
    d = g.pending
    assert d is not None and d.kind == "choose_power_card"
    p = d.players[0]
    card = max(d.options["choices"])
    g.answer(p, card)
    own = ET.fromstring(board_svg(g.view(p), g.library.board))
    (line,) = own.findall(".//s:text[@class='hand']", NS)
    assert line.text is not None and line.text.startswith("hand (12 cards): ")
    assert str(card) not in line.text.split(": ")[1].split()
    assert str(card - 1) in line.text.split(": ")[1].split()


def test_B8_5a_only_the_viewers_hand_is_drawn() -> None:
    g = played(3, 30)
    b = g.library.board
    own = ET.fromstring(board_svg(g.view(1), b))
    hands = own.findall(".//s:text[@class='hand']", NS)
    assert len(hands) == 1
    held = g.state.hands[1]
    assert hands[0].text == f"hand ({len(held)} cards): " + " ".join(map(str, held))
    pub = board_svg(public_view(g), b)
    assert 'class="hand"' not in pub and "public view" in pub
    assert public_view(g)["pending"] is None
    # the Castillo's contents are announced (B8.5a): the counts are drawn from the view
    cast = b.place_id(b.castillo)
    assert {k: v for k, v in counts(pub).items() if k[0] == cast} == {
        (cast, str(p)): n for p, n in enumerate(g.state.caballeros[b.castillo]) if n}


def test_contents_a_view_withholds_are_drawn_as_unknown() -> None:
    g = played(4, 60)
    b = g.library.board
    v = public_view(g)
    v["state"]["caballeros"][b.castillo] = None
    hidden = [x for x in groups(board_svg(v, b), "caballeros")
              if x["data-place"] == b.place_id(b.castillo)]
    assert hidden == [{"class": "caballeros", "data-place": b.place_id(b.castillo),
                       "data-player": "hidden", "data-count": "?"}]


# -- the command --------------------------------------------------------------------------------
def test_cli_board_draws_a_record_at_answer_n_and_a_saved_game(tmp_path: Path) -> None:
    g = played(7, 200, 3)
    rec = tmp_path / "game.jsonl"
    write_record(g, rec)
    out = tmp_path / "b.svg"
    r = CliRunner().invoke(main, ["board", f"{rec}:25", "--out", str(out), "--as", "blue"
                                  if "blue" in g.names else g.names[1]])
    assert r.exit_code == 0, r.output
    at25 = load_position(f"{rec}:25")
    assert len(at25.history) == 25
    assert counts(out.read_text(encoding="utf-8")) == counts(
        board_svg(at25.view(1), at25.library.board))
    saved = tmp_path / "state.json"
    saved.write_text(json.dumps(g.to_json()), encoding="utf-8")
    r = CliRunner().invoke(main, ["board", str(saved), "--out", str(out), "--force"])
    assert r.exit_code == 0, r.output
    assert counts(out.read_text(encoding="utf-8")) == counts(
        board_svg(public_view(g), g.library.board))


@pytest.mark.parametrize("arg, message, status", [
    (":9999", "answers, not 9999", 1), ("", "no player 'nobody'", 2),  # 2: a bad --as
])
def test_cli_board_refuses_bad_input_without_a_traceback(tmp_path: Path, arg: str,
                                                         message: str, status: int) -> None:
    g = played(1, 10, 2)
    rec = tmp_path / "game.jsonl"
    write_record(g, rec)
    r = CliRunner().invoke(main, ["board", f"{rec}{arg}", "--out", str(tmp_path / "x.svg"),
                                  "--as", "nobody" if not arg else "p1"])
    assert r.exit_code == status and message in r.output
    assert "Traceback" not in r.output and r.exception is None or isinstance(
        r.exception, SystemExit)


def test_cli_board_names_the_bad_line_of_a_record(tmp_path: Path) -> None:
    rec = tmp_path / "bad.jsonl"
    g = played(1, 3, 2)
    write_record(g, rec)
    lines = rec.read_text(encoding="utf-8").splitlines()
    lines[2] = json.dumps({"player": 0, "answer": 99})
    rec.write_text("\n".join(lines) + "\n", encoding="utf-8")
    r = CliRunner().invoke(main, ["board", str(rec), "--out", str(tmp_path / "x.svg")])
    assert r.exit_code == 1 and ":3:" in r.output and len(r.output.splitlines()) == 1


# -- the pictures in the docs ------------------------------------------------------------------
def test_the_committed_map_is_fresh_and_valid_svg() -> None:
    for folder in (ROOT / "docs", ROOT / "docs" / "html"):
        text = (folder / MAP_FILE).read_text(encoding="utf-8")
        assert text == map_picture(), f"{folder / MAP_FILE} is stale: run elgrande docs"
        assert ET.fromstring(text).tag == "{http://www.w3.org/2000/svg}svg"
    assert f"]({MAP_FILE})" in (ROOT / "docs" / "cards.md").read_text(encoding="utf-8")


def test_the_homebrew_guide_pictures_are_fresh() -> None:
    before, after, names = before_after(ROOT / GUIDE_CASE)
    guide = (ROOT / "docs" / "homebrew.md").read_text(encoding="utf-8")
    for name, svg in zip(names, (before, after), strict=True):
        assert (ROOT / "docs" / name).read_text(encoding="utf-8") == svg, (
            f"docs/{name} is stale: run python -m elgrande.tools.pictures")
        assert f"]({name})" in guide
    moved = {k: v for k, v in counts(after).items() if counts(before).get(k) != v}
    assert moved, "the card changes the board"
    assert sum(counts(before).values()) == sum(counts(after).values())


# -- the Colonies (C1, C4-C10) ------------------------------------------------------------------
def colonies_checkpoints(seed: int, every: int) -> list[Game]:
    """Copies of a random 4-player Colonies game every ``every`` answers and at its end."""
    g = elgrande.new_game(4, sets=("base", "colonies"), fill="provisional", seed=seed,
                          logging=False)
    rng = random.Random(seed)
    out = []
    n = 0
    while (d := g.pending) is not None:
        if n % every == 0:
            out.append(g.copy())
        g.answer(d.players[0], d.random_answer(rng, d.players[0]))
        n += 1
    return [*out, g]


def _holder(h: int) -> str:
    from elgrande.rules.colonies import BLACK, EMPTY

    return "neutral" if h == BLACK else ("none" if h == EMPTY else str(h))


def test_the_colonies_areas_are_map_data_drawn_on_the_map() -> None:
    b = elgrande.new_game(4, sets=("base", "colonies"), fill="provisional", seed=1,
                          logging=False).library.board
    m = b.map
    assert m is not None and set(m.shapes) == {p.id for p in b.places}
    areas = [p.id for p in b.places if p.kind == "area"]
    assert len(areas) == 4 and all(m.shapes[a].set == "colonies" for a in areas)
    svg = map_svg(b)
    root = ET.fromstring(svg)
    assert float(root.get("height", 0)) == 44 + m.height + 16  # no strip under the map
    assert {g_["data-place"] for g_ in groups(svg, "place")} == {p.id for p in b.places}


@pytest.mark.parametrize("seed", [7, 8])
def test_C4_C10_the_svg_shows_offices_seats_discs_and_the_inquisitor(seed: int) -> None:
    """Seeds 7 and 8 see carriers, offices held by black caballeros and a held Grand
    Inquisitor (checked below, so the comparison is not vacuous)."""
    seen: set[str] = set()
    for g in colonies_checkpoints(seed, 12):
        b, s = g.library.board, g.state
        ext = s.to_json()["ext"]["colonies"]  # the plain form
        svg = board_svg(g.view(1), b)
        want = {(b.place_id(i), str(p)): n for i, row in enumerate(s.caballeros)
                for p, n in enumerate(row) if n}
        want.update({(b.place_id(i), "neutral"): n for i, n in enumerate(s.neutral) if n})
        assert counts(svg) == want
        assert {x["data-office"]: x["data-player"] for x in groups(svg, "office")} == {
            o: _holder(h) for o, h in ext["offices"].items()}
        t = ext["table"]
        seated = {x["data-player"]: int(x["data-seated"]) for x in groups(svg, "seated")}
        assert seated == {**{str(p): n for p, n in enumerate(t["seated"])},
                          "neutral": t["black"]}
        marks = groups(svg, "limit-table")
        assert [(x["data-place"], int(x["data-seats"]), int(x["data-taken"]))
                for x in marks] == ([(t["region"], t["seats"],
                                      sum(t["seated"]) + t["black"])] if t["region"] else [])
        assert {(x["data-place"], x["data-disc"]): int(x["data-count"])
                for x in groups(svg, "disc")} == {
            (a, d): n for a, ds in ext["free"].items() for d, n in ds.items() if n}
        carried: dict[tuple[str, str, str], int] = {}
        for c in ext["carriers"]:
            key = (str(c[0]), _holder(int(c[1])) if int(c[1]) < 0 else str(c[1]), str(c[2]))
            carried[key] = carried.get(key, 0) + 1
        assert {(x["data-place"], x["data-player"], x["data-disc"]): int(x["data-count"])
                for x in groups(svg, "carrier")} == carried
        assert {x["data-disc"]: int(x["data-count"]) for x in groups(svg, "disc-supply")} == {
            d: n for d, n in ext["supply"].items()}
        inq = groups(svg, "inquisitor")
        assert [x["data-player"] for x in inq] == [
            str(s.neutral_holder) if s.neutral_holder >= 0 else "none"]
        assert int(inq[0]["data-black"]) == sum(s.neutral)
        # each line inside the panel's width (f17: one ran past its right edge)
        (box,) = [e for e in ET.fromstring(svg).iter(f"{{{NS['s']}}}g")
                  if e.get("class") == "inquisitor"]
        lines = [t.text or "" for t in box.iter(f"{{{NS['s']}}}text")][1:]
        assert lines[1] == f"{sum(s.neutral)} black caballeros on the board", lines
        assert all(len(t) * 6.6 + 12 < 270 for t in lines if "held by" not in t), lines
        seen |= {"carrier"} if carried else set()
        seen |= {"black office"} if "neutral" in {_holder(h) for h in ext["offices"].values()
                                                 } else set()
        seen |= {"held"} if s.neutral_holder >= 0 else set()
        seen |= {"table"} if marks else set()
    assert g.pending is None and seen == {"carrier", "black office", "held", "table"}


def test_cli_board_draws_a_colonies_record(tmp_path: Path) -> None:
    g = colonies_checkpoints(8, 1000)[-1]
    rec = tmp_path / "col.jsonl"
    write_record(g, rec)
    out = tmp_path / "b.svg"
    r = CliRunner().invoke(main, ["board", f"{rec}:60", "--out", str(out)])
    assert r.exit_code == 0, r.output
    at60 = load_position(f"{rec}:60")
    svg = out.read_text(encoding="utf-8")
    assert {x["data-office"]: x["data-player"] for x in groups(svg, "office")} == {
        o: _holder(h) for o, h in at60.state.to_json()["ext"]["colonies"]["offices"].items()}
    assert len(groups(svg, "inquisitor")) == 1


@pytest.mark.parametrize("arg", ["", ":3"])
def test_cli_board_takes_a_missing_file_as_a_usage_error_as_check_and_show_do(
        tmp_path: Path, arg: str) -> None:
    """README: exit 2 for a usage error; a path that does not exist is one for every
    command (click.Path), board's FILE:N included."""
    missing = str(tmp_path / "nowhere.jsonl")
    r = CliRunner().invoke(main, ["board", missing + arg, "--out", str(tmp_path / "x.svg")])
    shown = CliRunner().invoke(main, ["show", missing, "--out", str(tmp_path / "s")])
    assert r.exit_code == shown.exit_code == 2
    assert "does not exist" in r.output and "Traceback" not in r.output


def test_cli_board_names_a_bad_answer_count_and_makes_the_out_folder(tmp_path: Path) -> None:
    """RECORD:-1 and RECORD:abc say what is wrong with N (the file exists), exit 2; --out
    in a folder not made yet makes it, as show and schema do."""
    g = played(1, 10, 2)
    rec = tmp_path / "game.jsonl"
    write_record(g, rec)
    for bad in (":-1", ":abc"):
        r = CliRunner().invoke(main, ["board", f"{rec}{bad}", "--out", str(tmp_path / "x.svg")])
        assert r.exit_code == 2 and "not an answer count" in r.output, r.output
    out = tmp_path / "new" / "folder" / "b.svg"
    r = CliRunner().invoke(main, ["board", f"{rec}:5", "--out", str(out)])
    assert r.exit_code == 0, r.output
    assert out.read_text(encoding="utf-8").startswith("<svg")


def test_a_shared_memo_draws_every_seat_as_its_own_view_would() -> None:
    """A server draws one position for every seat with one memo (B8.5a): each picture
    must equal the one drawn from that seat's view alone, hidden parts included."""
    for g in colonies_checkpoints(7, 25)[::3] + [played(3, 120)]:
        memo: dict[str, str] = {}
        views = [g.view(p) for p in range(g.state.players)] + [public_view(g)]
        for v in views + views:
            assert board_svg(v, g.library.board, memo) == board_svg(v, g.library.board)
        assert memo, "the memo is used"


def test_B7_1_a_player_s_box_says_1_point_and_the_legend_says_what_values_mean() -> None:
    """A score of one is "1 point", others "N points" (B7.1); the legend says in plain
    words what a region's values and a mobile scoreboard on a region mean (B1.5)."""
    g = played(3, 30)
    view = public_view(g)
    view["state"] = {**view["state"], "scores": [1, 0, 2, 1]}
    svg = ET.fromstring(board_svg(view, g.library.board))
    scores = [t.text for t in svg.findall(".//s:text[@class='score']", NS)]
    assert scores == ["1 point", "0 points", "2 points", "1 point"]
    legend = " ".join(t.text or "" for t in svg.findall(".//s:g[@class='legend']/s:text", NS))
    assert "points for 1st / 2nd / 3rd" in legend
    assert "a scoreboard on a region: its points count there instead" in legend
    assert "replaces the values" not in legend
