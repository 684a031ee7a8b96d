"""The ismcts bot (elgrande.bots_ismcts): registered in BOTS, answers legally from a view
only (B8.5a), reproducible with an iteration budget, keeps to a time budget, and plays
whole games."""

from __future__ import annotations

import copy
import json
import random
import time
from pathlib import Path

import pytest

from elgrande.engine.decisions import Decision
from elgrande.play.game import Determiniser, new_game
from elgrande.players.bots import BOTS, make_bot, play
from elgrande.players.ismcts import ITERATIONS, ISMCTSBot


def _some_views(seed: int, n: int) -> list[dict[str, object]]:
    g = new_game(4, seed=seed, logging=False)
    rng = random.Random(seed)
    views = []
    while g.pending is not None and len(views) < n:
        d = g.pending
        p = d.players[0]
        views.append(g.view(p))
        g.answer(p, d.random_answer(rng, p))
    return views


def test_ismcts_is_registered_and_made_by_name() -> None:
    """make_bot("ismcts", seed) gives the search bot with the default iteration budget
    (reproducible); a time budget stays available."""
    assert "ismcts" in BOTS
    bot = make_bot("ismcts", 3)
    assert isinstance(bot, ISMCTSBot) and bot.budget == {"iterations": ITERATIONS}
    assert ISMCTSBot(3, budget_ms=50).budget == {"ms": 50.0}
    assert ISMCTSBot(3, budget_ms=50, iterations=9).budget == {"iterations": 9}
    with pytest.raises(ValueError, match="positive"):
        ISMCTSBot(3, iterations=0)


def test_ismcts_games_of_elgrande_play_are_a_function_of_the_seed(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Two runs of ``elgrande play --seed S`` with an ismcts seat give the same record
    (the default budget counts iterations, not wall-clock time), and the record header
    says which budget each seat's bot had. The clock is made erratic to show it is not
    read (and fewer iterations keep the test short)."""
    import itertools

    from click.testing import CliRunner

    from elgrande.tools.cli import main

    monkeypatch.setattr("elgrande.players.ismcts.ITERATIONS", 15)
    ticks = itertools.count()
    monkeypatch.setattr(time, "perf_counter", lambda: next(ticks) * 0.37)
    texts = []
    for n in range(2):
        rec = tmp_path / f"r{n}.jsonl"
        r = CliRunner().invoke(main, ["play", "-n", "2", "--variant", "short", "-q",
                                      "--seed", "5", "--bots", "ismcts,greedy",
                                      "--record", str(rec)])
        assert r.exit_code == 0, r.output
        texts.append(rec.read_text(encoding="utf-8"))
    assert texts[0] == texts[1]
    header = json.loads(texts[0].splitlines()[0])
    assert header["bots"] == [{"bot": "ismcts", "iterations": 15}, {"bot": "greedy"}]


def test_ismcts_answers_are_legal_and_leave_the_view_unchanged() -> None:
    """B8.5a: the bot reads the view only (it never changes it) and answers legally."""
    bot = ISMCTSBot(1, iterations=12)
    for v in _some_views(2, 40):
        before = copy.deepcopy(v)
        a = bot.answer(v)
        assert v == before
        d = Decision.from_json(v["pending"])  # type: ignore[arg-type]
        d.check(a, v["player"])  # type: ignore[arg-type]


def test_ismcts_with_an_iteration_budget_is_reproducible() -> None:
    """The same seed and view give the same answer (determinisations are seeded)."""
    for v in _some_views(4, 25):
        assert ISMCTSBot(7, iterations=10).answer(v) == ISMCTSBot(7, iterations=10).answer(v)


def test_ismcts_keeps_to_its_time_budget() -> None:
    """A 30 ms budget: the answer comes within the budget plus the candidate pass."""
    bot = ISMCTSBot(0, budget_ms=30)
    v = next(x for x in _some_views(1, 60)
             if x["pending"]["kind"] == "place_caballeros")  # type: ignore[index]
    start = time.perf_counter()
    bot.answer(v)
    assert time.perf_counter() - start < 2.0
    assert bot.last_iterations >= 1


def test_ismcts_plays_a_whole_game_against_greedy() -> None:
    """A six-round game of ismcts (few iterations) and three greedy bots ends normally."""
    g = new_game(4, seed=11, variant="six_rounds", logging=False)
    bots = [ISMCTSBot(11, iterations=6), make_bot("greedy", 1), make_bot("greedy", 2),
            make_bot("greedy", 3)]
    play(g, bots)
    assert g.over and not g.state.conservation_errors(g.library.board)


def test_determinisations_do_not_share_lists_with_the_view() -> None:
    """A determinisation (Determiniser.draw, as the bot draws one per iteration) shares no
    list with the view nor with the next one: playing it on (here: the power card just
    played) leaves both unchanged."""
    v = _some_views(0, 1)[0]
    before = copy.deepcopy(v)
    draws = Determiniser(v)
    g = draws.draw(random.Random(0))
    d = g.pending
    assert d is not None
    g.answer(d.players[0], d.legal_answers(d.players[0])[0])  # type: ignore[index]
    assert g.state.bids and v == before
    assert not draws.draw(random.Random(0)).state.bids


def test_a_draw_with_a_key_is_the_draw_without_one_but_for_the_key() -> None:
    """B8.5a: ``Determiniser.draw(rng, key)`` (the search's draws) gives the game that
    ``draw(rng)`` (``Game.from_view``) gives but for its draw key, and draws no number of
    ``rng`` for the key either way."""
    for v in _some_views(3, 6):
        draws = Determiniser(v)
        r1, r2 = random.Random(2), random.Random(2)
        plain, keyed = draws.draw(r1), draws.draw(r2, 12345)
        assert keyed.state.draw_key == 12345 and plain.state.draw_key != 12345
        a, b = plain.to_json(), keyed.to_json()
        del a["state"]["draw_key"], b["state"]["draw_key"]
        assert a == b and r1.getstate() == r2.getstate()


def test_ismcts_shares_a_determinisation_only_as_told() -> None:
    """``share`` iterations play copies of one determinisation: another ``share`` gives
    another search (the draws differ) and still a legal, reproducible answer; below 1 is
    refused."""
    with pytest.raises(ValueError, match="share"):
        ISMCTSBot(1, iterations=5, share=0)
    views = _some_views(5, 20)
    for share in (1, 3):
        got = [ISMCTSBot(2, iterations=9, share=share).answer(v) for v in views]
        assert got == [ISMCTSBot(2, iterations=9, share=share).answer(v) for v in views]
        for v, a in zip(views, got, strict=True):  # legal: the decision accepts it
            Decision.from_json(v["pending"]).check(a, v["player"])  # type: ignore[arg-type]
    bots = [ISMCTSBot(2, iterations=9, share=s) for s in (1, 3)]
    for v in views:
        for b in bots:
            b.answer(v)
    assert bots[0].rng.getstate() != bots[1].rng.getstate()  # fewer draws with share 3
