"""The log says why a region chosen in secret is not scored, and why Castillo caballeros
go to court (issue 30 f20): a card scoring only the regions chosen by exactly one player
says which region it left unscored and by whom it was chosen (B8.5, B8.6); a player whose
disc shows the king's region has their Castillo caballeros go back to court, and the line
says so (B6.3). Seeded games of the real rules and the real cards; unit cases of the
narration on the real board."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from card_at import carrying_out

from elgrande.data.library import load_library
from elgrande.play.game import Game, new_game, play_random
from elgrande.play.narrate import story

NAMES = ("Marta", "Bot Bea", "Bot Cy")
CARD = "c1"  # any card id: the narration names no card here
BOARD = load_library(["base"]).board


def _reveal(picks: dict[str, str]) -> dict[str, Any]:
    return {"event": "reveal", "var": "pick", "picks": picks, "player": 2, "card": CARD}


def _score(place: str) -> dict[str, Any]:
    return {"event": "score", "player": 2, "card": CARD,
            "result": {"place": BOARD.index[place], "values": [4, 3, 1], "source": "printed",
                       "first_only": False, "lines": [{"participant": 2, "caballeros": 2,
                                                       "rank": 1, "points": 4,
                                                       "bonuses": []}]}}


@pytest.mark.rule("B8.6", "B8.5")
def test_b8_6_a_region_chosen_twice_and_not_scored_is_said_after_the_scoring() -> None:
    lines = story([_reveal({"1": "valencia", "0": "valencia", "2": "seville"}),
                   _score("seville")], BOARD, NAMES)
    assert lines[0].startswith("  Secret choices revealed: ")
    assert lines[1].startswith("  Scoring by Bot Cy: Seville ")
    assert lines[2:] == ["  Valencia is not scored: chosen by Bot Bea and Marta (B8.6: a "
                         "region chosen by more than one player is not scored)."], lines


@pytest.mark.rule("B8.6", "B8.5")
def test_b8_6_nothing_scored_when_every_region_is_shared_and_other_cards_unchanged() -> None:
    same = story([_reveal({"1": "valencia", "0": "valencia", "2": "valencia"})],
                 BOARD, NAMES)
    assert same[1:] == ["  Nothing is scored: every region was chosen by more than one "
                        "player (Valencia by Bot Bea, Marta and Bot Cy; B8.6)."], same
    # each region scored (no shared one): no line added
    assert len(story([_reveal({"0": "galicia", "1": "seville"}), _score("galicia"),
                      _score("seville")], BOARD, NAMES)) == 3
    # a card that sends from the regions chosen (not a scoring): nothing added
    send = {"event": "send", "player": 2, "decider": 0, "owner": 0, "card": CARD,
            "taken": {"valencia": 2}, "to": "provinces"}
    lines = story([_reveal({"0": "valencia", "1": "valencia"}), send,
                   {**send, "decider": 1, "owner": 1}], BOARD, NAMES)
    assert len(lines) == 3 and not any("not scored" in x for x in lines), lines


@pytest.mark.rule("B8.6", "B8.5")
def test_b8_6_the_secret_scoring_card_s_log_says_the_shared_region_is_not_scored() -> None:
    for seed in range(3, 30):
        g = carrying_out(3, "special-scoring-secret-choice", 3, seed, logging=True)
        d = g.pending if g is not None else None
        if g is None or d is None or d.kind != "secret_region":
            continue
        shared, other = [r for r in d.options["per_player"][str(d.players[0])]
                         if r != g.library.board.place_id(g.state.king)][:2]
        picks = {d.players[0]: shared, d.players[1]: shared, d.players[2]: other}
        before = len(g.log)
        while g.pending is not None and g.pending.kind == "secret_region":
            seat = g.pending.players[0]
            g.answer(seat, picks[seat])
        log = list(g.log)[before:]
        name = g.library.board.place_name(shared)
        both = f"{g.names[d.players[0]]} and {g.names[d.players[1]]}"
        line = f"  {name} is not scored: chosen by {both} (B8.6: "
        assert any(x.startswith(line) for x in log), log
        at = next(i for i, x in enumerate(log) if x.startswith(line))
        assert any(x.startswith("  Scoring by ") for x in log[:at]), log
        return
    raise AssertionError("no seed reaches the secret scoring")


def _court_lines(g: Game) -> list[tuple[str, str]]:
    """Each ``(line, king's region name)`` of a Castillo-to-court line of ``g``'s log."""
    out: list[tuple[str, str]] = []
    log = list(g.log)
    for i, x in enumerate(log):
        if re.match(r"  .+: \d+ caballeros? from the Castillo to court", x):
            head = max(j for j in range(i) if log[j].startswith("-- Scoring after round"))
            out.append((x, log[head + 1]))
    return out


@pytest.mark.rule("B6.3", "B6.1")
def test_b6_3_castillo_caballeros_sent_to_court_say_the_disc_named_the_king_s_region() -> None:
    found = []
    for seed in range(40):
        g = new_game(3, sets=["base"], seed=seed, logging=True)
        play_random(g, random.Random(seed))
        found += _court_lines(g)
        if len(found) >= 2:
            break
    assert found, "no random game sends Castillo caballeros to court"
    for line, discs in found:
        m = re.search(r"\(their disc shows ([^,]+), the king's region: B6\.3\)\.$", line)
        assert m is not None, line
        who = line.strip().split(":")[0]
        assert f"{who}: {m.group(1)}" in discs, (line, discs)  # the disc shown is theirs
