"""The board is loaded from the set manifests and validated with positions (B1.3, B1.5,
B1.6, DATA.md)."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from elgrande.data.manifests import load_board
from elgrande.errors import DataError
from elgrande.files.resources import cards_dir
from elgrande.model.board import CASTILLO, REGION, Board

BASE_MANIFEST = cards_dir() / "base" / "set.yaml"


def _manifest() -> dict[str, object]:
    data = yaml.safe_load(BASE_MANIFEST.read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


# -- the shipped boards -----------------------------------------------------------------


def test_B1_6_base_board_has_nine_regions_then_the_castillo(board: Board) -> None:
    assert len(board.regions) == 9
    assert all(board.places[i].kind == REGION for i in board.regions)
    assert board.places[board.castillo].kind == CASTILLO
    assert board.castillo == len(board.regions)
    assert [p.index for p in board.places] == list(range(len(board.places)))
    assert board.scoring_order == board.regions
    assert not board.is_region(board.castillo) and board.is_castillo(board.castillo)


def test_B1_6_base_board_follows_the_manifest(board: Board) -> None:
    m = _manifest()
    rows = m["regions"]
    assert isinstance(rows, list)
    assert [board.place_id(i) for i in board.regions] == [r["id"] for r in rows]
    for r in rows:
        p = board.places[board.place_index(r["id"])]
        assert p.values == tuple(r["values"])
        assert {board.place_id(q) for q in p.adjacent} == set(r["adjacent"])
        assert p.name == r["name"]
        assert p.coastal == r["coastal"]
    assert board.power_cards == m["power_cards"]


def test_B1_6_adjacency_is_symmetric_with_15_borders(board: Board) -> None:
    borders = {frozenset((p.index, q)) for p in board.places for q in p.adjacent}
    assert len(borders) == 15  # DATA.md
    for p in board.places:
        for q in p.adjacent:
            assert board.adjacent(q, p.index)
    assert board.places[board.castillo].adjacent == frozenset()


def test_data_md_figures(board: Board) -> None:
    def ids(region: str) -> set[str]:
        return {board.place_id(q) for q in board.places[board.place_index(region)].adjacent}

    assert ids("galicia") == {"basque", "old_castile"}
    assert ids("new_castile") == {"old_castile", "aragon", "valencia", "granada", "seville"}
    assert board.places[board.castillo].values == (5, 3, 1)
    assert board.places[board.place_index("aragon")].values[0] == 5
    assert [sb.values for sb in board.scoreboards] == [(8, 4, 0), (4, 0, 0)]  # B1.5
    assert board.scoreboard_index("4-0-0") == 1
    assert [board.power_cards[v] for v in (1, 9, 12, 13)] == [6, 2, 0, 0]  # B1.3
    assert sorted(board.power_cards) == list(range(1, 14))
    assert board.caballeros_per_player == 30  # B1.1
    assert (board.setup_grande_region, board.setup_court) == (2, 7)  # B2.3
    assert board.paid_ranks[2] == 1 and board.paid_ranks[3] == 2  # B6.8
    assert board.king_bonus == 2 and board.grande_bonus == 2  # B5.3, B6.6
    assert board.variants["standard"].scoring_after == (3, 6, 9)  # B3.6
    assert board.variants["short"].rounds == (2, 3, 5, 6, 8, 9)  # B3.7


def test_place_index_suggests_a_close_id(board: Board) -> None:
    with pytest.raises(KeyError, match="did you mean 'old_castile'"):
        board.place_index("old_castle")
    with pytest.raises(KeyError, match="unknown mobile scoreboard"):
        board.scoreboard_index("9-9-9")


def test_colonies_extend_the_base(board: Board, colonies_board: Board) -> None:
    assert colonies_board.sets == ("base", "colonies")
    assert colonies_board.caballeros_per_player == 36  # C1
    assert colonies_board.neutral_caballeros == 4  # C1
    assert board.neutral_caballeros == 0
    assert colonies_board.regions == board.regions
    assert [p.values for p in colonies_board.places[:10]] == [p.values for p in board.places]
    assert [d.name for d in colonies_board.set_dirs] == ["base", "colonies"]


def test_load_board_is_cached(board: Board) -> None:
    assert load_board(["base"]) is board


def test_a_set_must_come_after_the_set_it_extends() -> None:
    with pytest.raises(DataError, match="extends 'base'") as ei:
        load_board(("colonies",))
    assert ei.value.line > 0 and ei.value.path.endswith("set.yaml")


def test_unknown_set_names_the_shipped_sets() -> None:
    with pytest.raises(DataError, match="unknown card set 'basic'") as ei:
        load_board(("basic",))
    assert "base" in ei.value.hint


def test_no_set_is_an_error() -> None:
    with pytest.raises(DataError, match="no card set"):
        load_board(())


# -- broken manifests -------------------------------------------------------------------


def _line_col(text: str, needle: str, occurrence: int = 1) -> tuple[int, int]:
    """1-based (line, column) of the ``occurrence``-th ``needle`` in ``text``."""
    at = -1
    for _ in range(occurrence):
        at = text.index(needle, at + 1)
    line = text.count("\n", 0, at) + 1
    return line, at - (text.rfind("\n", 0, at) + 1) + 1


def _broken(tmp_path: Path, name: str, old: str, new: str) -> tuple[Path, str]:
    """Copy the base manifest to ``tmp_path/name/set.yaml`` with ``old`` -> ``new``."""
    text = BASE_MANIFEST.read_text(encoding="utf-8")
    assert text.count(old) == 1, f"{old!r} is not unique in {BASE_MANIFEST}"
    text = text.replace(old, new)
    folder = tmp_path / name
    folder.mkdir()
    path = folder / "set.yaml"
    path.write_text(text, encoding="utf-8")
    return path, text


def _load_error(tmp_path: Path, name: str) -> DataError:
    with pytest.raises(DataError) as ei:
        load_board((name,), search=[tmp_path])
    return ei.value


def test_an_unchanged_copy_loads_like_the_shipped_set(tmp_path: Path, board: Board) -> None:
    _broken(tmp_path, "copy", "set: base", "set: base")
    copy = load_board(("copy",), search=[tmp_path])
    assert copy.places == board.places and copy.power_cards == board.power_cards


def test_a_correction_is_a_data_change(tmp_path: Path) -> None:
    _broken(tmp_path, "fixed", "values: [4, 2, 0]", "values: [4, 1, 0]")
    fixed = load_board(("fixed",), search=[tmp_path])
    assert fixed.places[fixed.place_index("galicia")].values == (4, 1, 0)


def test_asymmetric_adjacency_points_at_the_region(tmp_path: Path) -> None:
    path, text = _broken(tmp_path, "asym", "adjacent: [galicia, old_castile, aragon]",
                         "adjacent: [old_castile, aragon]")
    err = _load_error(tmp_path, "asym")
    assert err.path == str(path)
    assert "not symmetric" in err.message
    assert "'galicia'" in err.message and "'basque'" in err.message
    line, _ = _line_col(text, "{id: galicia,")
    assert err.line == line
    assert err.column == _line_col(text, "[basque, old_castile]")[1]
    assert "basque" in err.hint


def test_unknown_adjacent_id_suggests_the_closest(tmp_path: Path) -> None:
    path, text = _broken(tmp_path, "typo", "adjacent: [aragon, valencia]",
                         "adjacent: [aragon, valenica]")
    err = _load_error(tmp_path, "typo")
    assert err.path == str(path)
    assert "unknown region 'valenica'" in err.message
    assert err.hint == "did you mean 'valencia'?"
    assert (err.line, err.column) == _line_col(text, "valenica")
    assert f"{path}:{err.line}:{err.column}:" in str(err)


def test_duplicate_region_id_points_at_the_second(tmp_path: Path) -> None:
    path, text = _broken(tmp_path, "dup", "{id: seville,", "{id: granada,")
    err = _load_error(tmp_path, "dup")
    assert err.path == str(path)
    assert "duplicate region id 'granada'" in err.message
    line, col = _line_col(text, "{id: granada,", occurrence=2)
    assert (err.line, err.column) == (line, col + len("{id: "))


def test_increasing_values_are_refused(tmp_path: Path) -> None:
    path, text = _broken(tmp_path, "incr", "values: [5, 4, 1]", "values: [1, 4, 5]")
    err = _load_error(tmp_path, "incr")
    assert err.path == str(path)
    assert "must not increase" in err.message
    line, col = _line_col(text, "values: [1, 4, 5]")
    assert (err.line, err.column) == (line, col + len("values: "))


def test_B1_3_power_cards_bringing_more_than_a_lower_card_are_refused(tmp_path: Path) -> None:
    path, text = _broken(tmp_path, "power", "\n  9: 2\n", "\n  9: 3\n")
    err = _load_error(tmp_path, "power")
    assert err.path == str(path)
    assert "power card 9" in err.message
    line, col = _line_col(text, "\n  9: 3\n")
    assert (err.line, err.column) == (line + 1, len("  9: ") + 1)


def test_yaml_syntax_error_has_line_and_column(tmp_path: Path) -> None:
    path, text = _broken(tmp_path, "syntax", "grande_bonus: 2", "grande_bonus: 2: 3")
    err = _load_error(tmp_path, "syntax")
    assert err.path == str(path)
    assert "YAML syntax error" in err.message
    line, col = _line_col(text, "grande_bonus: 2: 3")
    assert (err.line, err.column) == (line, col + len("grande_bonus: 2"))


def test_asymmetric_adjacency_of_an_expansion_area_points_at_the_area(tmp_path: Path) -> None:
    area = "  - {id: harbour, name: Harbour, values: [3, 1, 0], adjacent: [aragon]}\n"
    path, text = _broken(tmp_path, "area", "castillo: {id: castillo",
                         "areas:\n" + area + "castillo: {id: castillo")
    err = _load_error(tmp_path, "area")
    assert err.path == str(path)
    assert "'harbour' lists 'aragon'" in err.message
    line, col = _line_col(text, "[aragon]}")
    assert (err.line, err.column) == (line, col)
