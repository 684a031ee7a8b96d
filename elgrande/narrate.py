"""Game events in plain words, for ``game.log`` and the CLI.

Events are plain dicts made by the flow and the primitives (``{"event": "move", ...}``);
this module turns each into one or more lines of English using the players' names.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from elgrande.model.board import Board
from elgrande.model.scoring import GeneralScoring, RegionScore


def caballeros(n: int) -> str:
    """``"1 caballero"``, ``"3 caballeros"``."""
    return f"{n} caballero" if n == 1 else f"{n} caballeros"


def _places(board: Board, counts: dict[str, int]) -> str:
    return ", ".join(f"{n} in {board.places[board.index[r]].name}" if r in board.index
                     else f"{n} from {r}" for r, n in counts.items()) or "none"


def _region(board: Board, rid: Any) -> str:
    if isinstance(rid, int):
        return board.places[rid].name
    return board.places[board.index[rid]].name if rid in board.index else str(rid)


def words(e: dict[str, Any], board: Board, names: Sequence[str],
          titles: dict[str, str] | None = None) -> list[str]:
    """Lines describing event ``e``.

    Args:
        e: an event dict.
        board: the board (for region names).
        names: player names by index.
        titles: card id -> card title, for naming cards.
    """
    titles = titles or {}
    kind = e.get("event")
    who = names[e["player"]] if isinstance(e.get("player"), int) and 0 <= e["player"] < len(
        names) else ""

    def card(cid: str) -> str:
        return f"{titles.get(cid, cid)} [{cid}]"

    if kind == "setup":
        return [f"Setup: the king starts in {_region(board, e['king'])}; Grandes: "
                + ", ".join(f"{names[i]} in {_region(board, g)}"
                            for i, g in enumerate(e["grandes"]))
                + f"; {names[e['start']]} plays the first power card ({e['variant']} game)."]
    if kind == "round":
        offer = ", ".join(card(c) for c in e["offer"] if c)
        return [f"== Round {e['round']} ==", f"Open action cards: {offer}."]
    if kind == "bid":
        return [f"{who} plays power card {e['value']}."]
    if kind == "turn_order":
        return ["Turn order: " + ", ".join(names[p] for p in e["order"]) + "."]
    if kind == "court":
        extra = f" and {_places(board, e['regions'])}" if e.get("regions") else ""
        return [f"{who} brings {caballeros(e['provinces'])} from the provinces{extra} to court."]
    if kind == "card":
        return [f"{who} takes {card(e['card'])}."]
    if kind == "place":
        return [f"{who} places caballeros: {_places(board, e['to'])}."]
    if kind == "decline":
        return [f"{who} declines the special action."]
    if kind == "announce":
        return [f"{who} announces the special action of {card(e['card'])}."]
    if kind == "veto":
        return [f"{who} plays a Veto."]
    if kind == "veto_result":
        return [f"The special action of {who} is {'cancelled' if e['cancelled'] else 'carried out'}"
                " after the Veto(s)."]
    if kind == "special":
        return [f"{who} carries out the special action of {card(e['card'])}."]
    if kind == "choose":
        what = _region(board, e["region"]) if "region" in e else e.get("value")
        return [f"  {names[e['chooser']]} chooses {what} ({e['var']})."]
    if kind == "move":
        parts = [f"{m['n']} of {names[m['player']] if m['player'] >= 0 else 'neutral'} from "
                 f"{_region(board, m['from'])} to {_region(board, m['to'])}" for m in e["moves"]]
        return ["  Moved: " + "; ".join(parts) + "."]
    if kind == "send":
        return [f"  {names[e['owner']]} sends {caballeros(sum(e['taken'].values()))} "
                f"({_places(board, e['taken'])}) to the {e['to']}."]
    if kind == "score":
        r: RegionScore = e["result"]
        return ["  Scoring " + r.describe(board, names)]
    if kind == "king":
        return [f"  The king moves from {_region(board, e['frm'])} to {_region(board, e['to'])}."]
    if kind == "grande":
        return [f"  {names[e['decider']]}'s Grande moves to {_region(board, e['to'])}."]
    if kind == "scoreboard":
        return [f"  Mobile scoreboard {e['scoreboard']} goes to {_region(board, e['to'])}."]
    if kind == "take_back":
        return [f"  {names[e['decider']]} takes power card {e['value']} back."]
    if kind == "keep":
        return [f"  {who} keeps the card as a {e['kind']} until {e['until']}."]
    if kind == "reveal":
        picks = e["picks"]
        return ["  Secret choices revealed: " + ", ".join(
            f"{names[int(p)]}: {_region(board, r) if r else 'nothing'}" for p, r in picks.items())
            + "."]
    if kind == "end_round":
        out = []
        if e["discarded"]:
            out.append("Discarded: " + ", ".join(card(c) for c in e["discarded"]) + ".")
        if e["expired"]:
            out.append("Vetoes expire: " + ", ".join(names[p] for p in e["expired"]) + ".")
        return out
    if kind == "general_scoring":
        g: GeneralScoring = e["result"]
        lines = [f"-- Scoring after round {e['round']} --",
                 "Discs: " + ", ".join(f"{names[p]}: {_region(board, d)}"
                                       for p, d in enumerate(g.discs))]
        lines.append("  " + g.castillo.describe(board, names))
        for m in g.moves:
            dest = "court" if m.to is None else _region(board, m.to)
            lines.append(f"  {names[m.player]}: {caballeros(m.caballeros)} from the Castillo "
                         f"to {dest}.")
        lines.extend("  " + r.describe(board, names) for r in g.regions if r.lines)
        pts = g.points(len(names))
        lines.append("Points this scoring: " + ", ".join(f"{names[p]} {pts[p]}"
                                                           for p in range(len(names))))
        return lines
    if kind == "game_over":
        sc = e["scores"]
        return ["== Game over == Final scores: " + ", ".join(
            f"{names[p]} {sc[p]}" for p in sorted(range(len(sc)), key=lambda p: -sc[p]))]
    text = e.get("text")  # a rules module's own event says itself ("{who}": the player)
    if isinstance(text, str):
        return [text.replace("{who}", who or "nobody")]
    return []
