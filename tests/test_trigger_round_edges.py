"""Triggers at a turn's end and a round's end run there (B4, B3.5, B8): the body of a
``when turn ends`` trigger of the round's last player runs before the round ends (its
discards, the general scoring, the next round's offer), and a ``when round ends`` body
runs at the round's end, before the next round's offer (the flow pauses at phases
``turn_over`` and ``round_over`` while a body is due)."""
from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from elgrande.play.game import Game, new_game
from elgrande.rules.base_data import ROUND_OVER, TURN_OVER

#: Where a round is over: what a turn's end body must come before.
_ROUND_WORK = ("end_round", "round", "general_scoring", "game_over")


def _card(folder: Path, cid: str, effect: str) -> None:
    body = "\n".join("  " + line for line in effect.strip("\n").splitlines())
    (folder / f"{cid}.yaml").write_text(
        f"id: {cid}\nset: homebrew\nkind: action\ntitle: \"{cid}\"\nstack: 3\n"
        f"copies: 1\ntext: \"{cid}\"\neffect: |\n{body}\nrules: [B8.1]\n"
        "source: \"tests\"\n", encoding="utf-8")


def _cards(folder: Path, turn_body: str = "gain 1 point") -> str:
    _card(folder, "hb-t-archivist",
          f"hold this card\nwhen turn ends of me while held:\n    {turn_body}\n")
    _card(folder, "hb-t-chronicler",
          "hold this card\nwhen round ends while held:\n    gain 2 points\n")
    return str(folder)


def _play(folder: str, seed: int) -> tuple[Game, list[dict[str, Any]]]:
    g = new_game(4, seed=seed, cards=(folder,), logging=False)
    rng = random.Random(seed)
    events: list[dict[str, Any]] = []
    while g.pending is not None:
        d = g.pending
        events.extend(g.answer(d.players[0], d.random_answer(rng)))
    return g, events


def test_b4_b3_5_a_turn_end_trigger_of_the_last_player_runs_before_the_round_ends(
        tmp_path: Path) -> None:
    folder = _cards(tmp_path)
    last_seen = round_seen = 0
    for seed in range(12):
        _, events = _play(folder, seed)
        for i, e in enumerate(events):
            if e["event"] != "trigger_fires":
                continue
            before = [x["event"] for x in events[:i]]
            if e["card"] == "hb-t-archivist":
                assert e["on"] == "turn_end"
                j = max(k for k, x in enumerate(before) if x == "end_turn")
                assert events[j]["player"] == e["player"]  # its own turn's end
                # nothing of the round's end (nor the next turn) between the two
                assert not set(before[j + 1:]) & {*_ROUND_WORK, "end_turn", "card"}
                gain = events[i + 1]
                assert gain["event"] == "points" and gain["player"] == e["player"]
                nxt = [x["event"] for x in events[i + 1:] if x["event"] in
                       (*_ROUND_WORK, "end_turn")]
                if nxt and nxt[0] == "end_round":  # the round's last player
                    last_seen += 1
            else:  # a round's end: after its discards, before the next round's offer
                assert e["on"] == "round_end"
                j = max(k for k, x in enumerate(before) if x == "end_round")
                assert not set(before[j + 1:]) & {"round", "end_turn", "game_over"}
                round_seen += 1
    assert last_seen and round_seen


def test_b4_a_turn_end_body_that_decides_pauses_the_flow_before_the_round_ends(
        tmp_path: Path) -> None:
    """A body with a decision, due at the last turn's end, is asked while the round is
    not over yet (phase ``turn_over``); a saved game goes on from there."""
    folder = _cards(tmp_path, "either:\n        gain 1 point\n    or:\n        gain 3 points")
    for seed in range(12):
        g = new_game(4, seed=seed, cards=(folder,), logging=False)
        rng = random.Random(seed)
        while g.pending is not None:
            if g.flow.phase == TURN_OVER and g.flow.turn_i == len(g.flow.turn_order) - 1:
                break
            d = g.pending
            g.answer(d.players[0], d.random_answer(rng))
        else:
            continue
        d = g.pending
        assert d is not None and g.flow.asides
        r, offer = g.state.round, list(g.state.offer)
        saved = Game.from_json(g.to_json(), logging=False)
        for game in (g, saved):
            answers = d.legal_answers()
            assert answers
            events = game.answer(d.players[0], answers[-1])
            kinds = [e["event"] for e in events]
            assert kinds.index("points") < kinds.index("end_round")
            assert game.state.round >= r and game.flow.phase not in (TURN_OVER, ROUND_OVER)
        assert offer  # the round's offer was still there while the body decided
        assert saved.state.scores == g.state.scores
        return
    raise AssertionError("no seed put the holder last in a round")
