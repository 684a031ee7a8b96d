"""B2: every shuffle follows from the seed, so a guessable seed gives away the hidden
stacks. A game started without a seed draws one from the operating system (64 bits) and
keeps it in the record only; a chosen seed replays; seeds have one range (0 to 2**64-1)
everywhere; no view, page, picture or adapter observation shows the seed."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from click.testing import CliRunner

import elgrande
from elgrande.play.records import record_lines, replay
from elgrande.play.seeds import SEED_MAX
from elgrande.tools.cli import main


def _play_out(g: elgrande.Game, seed: int) -> elgrande.Game:
    rng = random.Random(seed)
    while g.pending is not None:
        d = g.pending
        g.answer(d.players[0], d.random_answer(rng, d.players[0]))
    return g


def test_B2_games_started_without_a_seed_draw_different_large_seeds() -> None:
    a, b = elgrande.new_game(3, logging=False), elgrande.new_game(3, logging=False)
    assert a.header["seed"] != b.header["seed"]
    assert a.header["seed"] > 2**32 and b.header["seed"] > 2**32
    assert a.header["seed"] <= SEED_MAX


def test_B2_play_without_a_seed_records_a_drawn_one_that_replays(tmp_path: Path) -> None:
    seeds = []
    for n in range(2):
        rec = tmp_path / f"r{n}.jsonl"
        r = CliRunner().invoke(main, ["play", "-n", "2", "--variant", "short", "-q",
                                      "--bots", "random", "--record", str(rec)])
        assert r.exit_code == 0, r.output
        seeds.append(json.loads(rec.read_text().splitlines()[0])["seed"])
        assert CliRunner().invoke(main, ["check", str(rec)]).exit_code == 0
    assert seeds[0] != seeds[1] and min(seeds) > 2**32


def test_B2_a_chosen_seed_stays_reproducible() -> None:
    a = _play_out(elgrande.new_game(3, seed=5, logging=False), 1)
    b = _play_out(elgrande.new_game(3, seed=5, logging=False), 1)
    assert a.history == b.history and a.state.scores == b.state.scores
    assert a.header["seed"] == 5
    again = replay(record_lines(a), logging=False)
    assert again.state.scores == a.state.scores


@pytest.mark.parametrize("seed", [-1, 2**64, True, 1.0, "7"])
def test_B2_new_game_refuses_a_seed_out_of_the_one_range(seed: object) -> None:
    with pytest.raises(ValueError, match=r"0 to 2\*\*64-1"):
        elgrande.new_game(3, seed=seed)  # type: ignore[arg-type]


def test_B2_the_largest_seed_plays_records_and_checks(tmp_path: Path) -> None:
    rec = tmp_path / "big.jsonl"
    r = CliRunner().invoke(main, ["play", "-n", "2", "--variant", "short", "-q",
                                  "--seed", str(SEED_MAX), "--record", str(rec)])
    assert r.exit_code == 0, r.output
    c = CliRunner().invoke(main, ["check", str(rec)])
    assert c.exit_code == 0, c.output
    assert json.loads(rec.read_text().splitlines()[0])["seed"] == SEED_MAX


@pytest.mark.parametrize("args", [["play", "--seed", str(2**64)], ["play", "--seed", "-1"],
                                  ["simulate", "--first-seed", str(2**64)],
                                  ["simulate", "--first-seed", str(SEED_MAX), "--games", "2"]])
def test_B2_seeds_out_of_range_are_usage_errors_that_state_the_range(
        args: list[str], tmp_path: Path) -> None:
    r = CliRunner().invoke(main, [*args, "-n", "2"] if args[0] == "play"
                           else [*args, "--out", str(tmp_path / "sim")])
    assert r.exit_code == 2, r.output
    assert "18446744073709551615" in r.output


def test_B2_a_record_header_refuses_a_seed_out_of_range() -> None:
    g = elgrande.new_game(2, seed=SEED_MAX, logging=False)
    lines = record_lines(g)
    h = json.loads(lines[0])
    h["seed"] = 2**64
    with pytest.raises(elgrande.play.records.RecordError, match=r"0 to 2\*\*64-1"):
        replay([json.dumps(h)], logging=False)


def test_B8_5a_no_view_show_page_or_board_picture_holds_a_drawn_seed(tmp_path: Path) -> None:
    g = _play_out(elgrande.new_game(3), 2)
    seed = str(g.header["seed"])
    for p in range(3):
        assert seed not in json.dumps(g.view(p))
    rec = tmp_path / "game.jsonl"
    rec.write_text("\n".join(record_lines(g)) + "\n", encoding="utf-8")
    assert seed in rec.read_text()  # the record keeps it: it is not a view
    for who in ([], ["--as", "1"]):
        out = tmp_path / f"show{len(who)}"
        r = CliRunner().invoke(main, ["show", str(rec), "--out", str(out), *who])
        assert r.exit_code == 0, r.output
        assert seed not in (out / "index.html").read_text(encoding="utf-8")
        svg = tmp_path / f"board{len(who)}.svg"
        r = CliRunner().invoke(main, ["board", f"{rec}:20", "--out", str(svg), *who])
        assert r.exit_code == 0, r.output
        assert seed not in svg.read_text(encoding="utf-8")


def test_B2_sets_given_as_one_string_are_refused_not_spelled_out() -> None:
    from elgrande.adapters.stepping import start_game
    from elgrande.data.library import load_library
    from elgrande.data.manifests import load_board
    from elgrande.tools.simulate import SimConfig

    with pytest.raises(ValueError, match="not the string 'base'"):
        elgrande.new_game(2, sets="base")
    with pytest.raises(ValueError, match="not the string 'base'"):
        start_game(2, "base", None)
    with pytest.raises(ValueError, match="not the string 'base'"):
        load_library("base")
    with pytest.raises(ValueError, match="not the string 'base'"):
        load_board("base")
    with pytest.raises(ValueError, match="not the string 'base'"):
        SimConfig(sets="base")  # type: ignore[arg-type]


def test_B2_a_saved_game_keeps_a_drawn_or_the_largest_seed() -> None:
    for g in (elgrande.new_game(3, logging=False),
              elgrande.new_game(3, seed=SEED_MAX, logging=False)):
        again = elgrande.Game.from_json(json.loads(json.dumps(g.to_json())))
        assert again.header["seed"] == g.header["seed"]
        assert json.dumps(again.view(0), sort_keys=True) == json.dumps(g.view(0),
                                                                       sort_keys=True)
