"""The board as an SVG picture, drawn from what one player (or the public) may see.

:func:`board_svg` takes a view (``game.view(player)`` or :func:`public_view`) and the
:class:`~elgrande.model.board.Board`; the shapes come from the set manifests' ``map:``
sections (:mod:`elgrande.data.map`), the figures from the board data, the pieces from the
view's state. Nothing hidden is drawn, because only the view is read (B8.5a): the hands
shown are those the view holds, the Castillo shows the announced counts.

The SVG is written with plain f-strings and XML escaping: it is a few hundred elements,
needs no layout engine and no dependency, and stays byte-for-byte deterministic (the
docs commit pictures and test that they are fresh). Every piece is a group with data
attributes, so tests and scripts can read the picture back:

- ``<g class="place" data-place=ID>``: a region, the Castillo or an area;
- ``<g class="caballeros" data-place=ID data-player=I data-count=N>``: one colour's
  caballeros in a place (``data-player="neutral"`` for the Inquisitor's, C9);
- ``<g class="king" data-place=ID>``, ``<g class="grande" data-place=ID data-player=I>``,
  ``<g class="scoreboard" data-place=ID data-scoreboard=SB>`` (B5, B1.2, B1.5);
- ``<g class="token" data-place=ID data-token=T>``: a token a set declares (``pieces:``),
  titled with its name;
- ``<g class="player" data-player=I data-court=N data-provinces=N data-score=N>``: the
  player panels (B1.1), with the hand when the view shows it.

When the Colonies are in play (``state.ext["colonies"]``, :mod:`elgrande.rules.colonies`),
their areas are places like the regions (shapes from ``cards/colonies/set.yaml``), and:

- ``<g class="office" data-office=ID data-place=AREA data-player=I|neutral|none>``: who
  holds each office (C4-C6; ``neutral``: a black caballero);
- ``<g class="disc" data-place=AREA data-disc=D data-count=N>``: the free discs lying in
  an area, ``<g class="carrier" data-place data-player data-disc data-count>``: the
  caballeros carrying one, ``<g class="disc-supply" data-disc data-count>``: the supply (C7);
- ``<g class="limit-table" data-place=REGION data-seats=N data-taken=N>``: the table's mark
  in its region, ``<g class="seated" data-player=I|neutral data-seated=N>``: who sits at
  it (C10);
- ``<g class="inquisitor" data-player=I|none data-black=N>``: the Grand Inquisitor's
  holder and the black caballeros on the board (C8, C9).
"""

from __future__ import annotations

import html
import json
from collections.abc import Callable, Sequence
from typing import Any

from elgrande.model.board import Board
from elgrande.model.boardmap import BOX, BoardMap, Shape
from elgrande.model.counted import counted
from elgrande.tools.board_values import ORDINALS, legend_cut, paid_of, printed
from elgrande.tools.map_spare import spare_spot

#: Seat colours (the game's caballero colours), then a spare for a sixth seat.
COLOURS = ("#d62828", "#f2c12e", "#2f6fdb", "#2a9d4b", "#f4f4f4", "#9b59b6")
#: Colour of the neutral (Inquisitor) caballeros (C9).
NEUTRAL = "#555555"
#: Canvas units: the title band, the player panel's width, the gap between parts.
TOP = 44.0
PANEL = 270.0
GAP = 16.0
CUBE = 18.0
#: The height of a 12-unit line of text in a panel.
LINE = 16.0


#: The king's crown (B5): its outline (18 x 14 units from its corner), fill and edge; a
#: pale halo behind it keeps it readable over a region's outline or a marked region.
CROWN = "M0,14 L0,4 L5,9 L9,0 L13,9 L18,4 L18,14 Z"
KING, KING_EDGE, HALO = "#b8860b", "#5a3d00", "#fff8dc"


def _paint(fill: str, stroke: str, width: float) -> str:
    """A piece's own colours as a ``style`` attribute (a string), so that the page's
    style sheet, which outlines the places a decision offers or holds (their shapes and
    paths), cannot repaint a piece drawn in the place (the king's crown turned green under
    a choosable region's outline). ``width``: the stroke's, in board units (0: none)."""
    return f'style="fill:{fill};stroke:{stroke};stroke-width:{_num(width)}"'


def _e(s: Any) -> str:
    return html.escape(str(s), quote=True)


def _num(x: float) -> str:
    return f"{x:.1f}".rstrip("0").rstrip(".")


def _plural(n: Any, word: str) -> str:
    """``n`` and ``word`` (a plural noun ending in "s"), singular for one: ``"1 point"``,
    ``"3 points"``, ``"-1 points"`` (B7.1's points, C10's seats)."""
    return counted(n, word[:-1])


def public_view(game: Any) -> dict[str, Any]:
    """What every player at the table may see (B8.5a): a view with no private part.

    Args:
        game: a :class:`elgrande.play.game.Game`.
    Returns:
        A view dict like ``game.view(p)`` with ``player`` None, every hand None, no
        secret choice and no pending decision (its options may show a hand).
    """
    v: dict[str, Any] = game.view(0)
    v["player"] = None
    v["state"]["hands"] = [None] * len(v["state"]["hands"])
    v["flow"]["secret"] = {}
    if v["flow"].get("run") is not None:
        v["flow"]["run"]["secret"] = {}
    v["pending"] = None
    return v


def _fallback_map(board: Board) -> BoardMap:
    """A map with no shapes (every place goes to the strip), for sets that draw none."""
    return BoardMap(600.0, 60.0, {})


def _strip_shapes(board: Board, bmap: BoardMap) -> tuple[dict[str, Shape], float]:
    """Boxes for the places the manifests do not draw, in a strip under the map."""
    missing = [p for p in board.places if p.id not in bmap.shapes]
    shapes: dict[str, Shape] = {}
    w, h, x, y = 150.0, 110.0, GAP, bmap.height + GAP
    for p in missing:
        if x + w > bmap.width:
            x, y = GAP, y + h + GAP
        shapes[p.id] = Shape(p.id, BOX, ((x, y), (x + w, y + h)), (x + w / 2, y + 24))
        x += w + GAP
    return shapes, (y + h + GAP if missing else bmap.height)


def _outline(shape: Shape, fill: str, extra: str = "") -> str:
    if shape.kind == BOX:
        (x0, y0), (x1, y1) = shape.points
        return (f'<rect x="{_num(x0)}" y="{_num(y0)}" width="{_num(x1 - x0)}" '
                f'height="{_num(y1 - y0)}" rx="14" fill="{fill}" stroke="#5a4630" '
                f'stroke-width="2"{extra}/>')
    pts = " ".join(f"{_num(x)},{_num(y)}" for x, y in shape.points)
    return (f'<polygon points="{pts}" fill="{fill}" stroke="#5a4630" stroke-width="2" '
            f'stroke-linejoin="round"{extra}/>')


def _cube(x: float, y: float, colour: str, count: Any, size: float = CUBE) -> str:
    dark = colour in ("#f2c12e", "#f4f4f4")
    return (f'<rect x="{_num(x)}" y="{_num(y)}" width="{_num(size)}" height="{_num(size)}" '
            f'rx="3" fill="{colour}" stroke="#222" stroke-width="1"/>'
            f'<text x="{_num(x + size / 2)}" y="{_num(y + size * 0.72)}" font-size="12" '
            f'font-weight="bold" text-anchor="middle" fill="{"#222" if dark else "#fff"}">'
            f"{_e(count)}</text>")


def _place_svg(board: Board, shape: Shape, idx: int, st: dict[str, Any],
               names: Sequence[str], dy: float, more_marks: Sequence[str] = (),
               below: Callable[[Shape, float], str] | None = None) -> str:
    """One place: outline, name, values (or the mobile scoreboard lying there), pieces;
    ``more_marks`` go beside the king and the Grandes, ``below(shape, y)`` draws what lies
    under the caballeros (from canvas height ``y``; ``shape`` moved onto the canvas)."""
    place = board.places[idx]
    sx, sy = shape.label
    sy += dy
    king = st.get("king") == idx
    fill = "#f7e3a1" if king else ("#e9d8b8" if place.kind != "castillo" else "#c9b48f")
    moved = Shape(shape.id, shape.kind, tuple((x, y + dy) for x, y in shape.points),
                  shape.label)
    out = [f'<g class="place" data-place="{_e(place.id)}" data-kind="{_e(place.kind)}">',
           _outline(moved, fill),
           f'<text x="{_num(sx)}" y="{_num(sy - 16)}" font-size="14" font-weight="bold" '
           f'text-anchor="middle" fill="#3b2a17">{_e(place.name)}</text>']
    paid = paid_of(board, st["players"])  # B6.8: only the values that count are written
    boards = [sb for sb in board.scoreboards
              if idx < len(st["caballeros"]) and sb.index < len(st.get("scoreboards", []))
              and st["scoreboards"][sb.index] == idx]
    if boards:
        sb = boards[0]
        text = printed(sb.values)  # h29: its printed values, as the buttons and the log
        out.append(f'<g class="scoreboard" data-place="{_e(place.id)}" data-scoreboard="'
                   f'{_e(sb.id)}" data-scores="{printed(sb.values[:paid])}"><rect '
                   f'x="{_num(sx - 34)}" y="{_num(sy - 11)}" width="68" height="17" rx="4" '
                   f'{_paint("#3b2a17", "#3b2a17", 0)}/>'
                   f'<text x="{_num(sx)}" y="{_num(sy + 2)}" font-size="12" '
                   f'text-anchor="middle" fill="#ffe9a8">{_e(text)}</text></g>')
    else:
        text = " / ".join(str(v) for v in place.values[:paid])
        out.append(f'<text class="values" x="{_num(sx)}" y="{_num(sy + 2)}" font-size="12" '
                   f'text-anchor="middle" fill="#3b2a17">{_e(text)}</text>')
    groups: list[tuple[str, str, Any]] = []
    row = st["caballeros"][idx] if idx < len(st["caballeros"]) else None
    if row is None:  # contents not shown to this viewer
        groups.append(("hidden", "#999999", "?"))
    else:
        groups += [(str(p), COLOURS[p % len(COLOURS)], n) for p, n in enumerate(row) if n]
    neutral = st.get("neutral") or []
    if idx < len(neutral) and neutral[idx]:
        groups.append(("neutral", NEUTRAL, neutral[idx]))
    per_row = 3 if place.kind == "castillo" or len(groups) > 4 else 4
    for i, (who, colour, n) in enumerate(groups):
        r, c = divmod(i, per_row)
        in_row = min(per_row, len(groups) - r * per_row)
        x = sx - in_row * (CUBE + 6) / 2 + c * (CUBE + 6) + 3
        y = sy + 9 + r * (CUBE + 5)
        title = (names[int(who)] if who.isdigit() and int(who) < len(names) else who)
        out.append(f'<g class="caballeros" data-place="{_e(place.id)}" data-player="{who}" '
                   f'data-count="{_e(n)}"><title>{_e(title)}: {_e(n)} caballeros</title>'
                   f"{_cube(x, y, colour, n)}</g>")
    marks: list[str] = []
    if king:
        marks.append(f'<g class="king" data-place="{_e(place.id)}"><title>the king</title>'
                     f'<rect x="-2" y="-3" width="22" height="20" rx="4" '
                     f'{_paint(HALO, HALO, 0)}/><path d="{CROWN}" '
                     f'{_paint(KING, KING_EDGE, 1)}/></g>')
    for p, g in enumerate(st.get("grandes") or []):
        if g == idx:
            marks.append(f'<g class="grande" data-place="{_e(place.id)}" data-player="{p}">'
                         f"<title>{_e(names[p] if p < len(names) else p)}'s Grande</title>"
                         f'<rect x="0" y="-4" width="16" height="20" rx="2" '
                         f'{_paint(COLOURS[p % len(COLOURS)], "#000", 2)}/>'
                         '<text x="8" y="11" font-size="11" '
                         'font-weight="bold" text-anchor="middle" fill="#000">G</text></g>')
    wide = [(m, 22.0) for m in marks] + [(m, 36.0) for m in more_marks]
    x = sx - sum(w for _, w in wide) / 2
    for m, w in wide:
        out.append(f'<g transform="translate({_num(x)},{_num(sy - 50)})">{m}</g>')
        x += w
    if below is not None:
        rows = -(-len(groups) // per_row)
        out.append(below(moved, sy + 9 + rows * (CUBE + 5) + 6))
    out.append("</g>")
    return "".join(out)


def _panel(view: dict[str, Any], board: Board, x: float, y: float,
           held: Sequence[Sequence[str]] = ()) -> tuple[str, float]:
    """Every player's box (:func:`_box`), one under another from ``(x, y)``: the drawing
    and the height under the last."""
    out = []
    for p in range(view["state"]["players"]):
        box, h = _box(view, p, x, y, held)
        out.append(box)
        y += h + 8
    return "".join(out), y


def _box(view: dict[str, Any], p: int, x: float, y: float,
         held: Sequence[Sequence[str]] = (), taken: Sequence[int] = ()) -> tuple[str, float]:
    """Player ``p``'s box at ``(x, y)`` (B1.1: court, provinces, score; B3.2: power
    cards played, those taken back into the hand since, ``taken[p]``, among them and
    said on a line of their own; the hand when the view shows it; cards held face up,
    B8.4): the drawing and its height."""
    st = view["state"]
    names = view.get("names") or [f"p{i + 1}" for i in range(st["players"])]
    out = []
    colour = COLOURS[p % len(COLOURS)]
    me = view.get("player") == p
    hand = st["hands"][p] if p < len(st.get("hands") or []) else None
    holds = list(held[p]) if p < len(held) else []
    back = taken[p] if p < len(taken) else 0
    dy = 18.0 if back else 0.0  # the line of the cards taken back
    h = (96.0 if hand is not None else 78.0) + (20.0 if holds else 0.0) + dy
    out.append(
        f'<g class="player" data-player="{p}" data-court="{st["court"][p]}" '
        f'data-provinces="{st["provinces"][p]}" data-score="{st["scores"][p]}">'
        f'<rect x="{_num(x)}" y="{_num(y)}" width="{_num(PANEL)}" height="{_num(h)}" '
        f'rx="8" fill="#fffaf0" stroke="{"#000" if me else "#b9a98c"}" '
        f'stroke-width="{3 if me else 1}"/>'
        f'<rect x="{_num(x + 10)}" y="{_num(y + 10)}" width="16" height="16" rx="3" '
        f'fill="{colour}" stroke="#222"/>'
        f'<text x="{_num(x + 34)}" y="{_num(y + 23)}" font-size="15" font-weight="bold">'
        f'{_e(names[p])}{" (you)" if me else ""}</text>'
        f'<text class="score" x="{_num(x + PANEL - 12)}" y="{_num(y + 23)}" '
        f'font-size="15" font-weight="bold" text-anchor="end">'
        f'{_plural(st["scores"][p], "points")}'
        f"</text>"
        f'<text x="{_num(x + 12)}" y="{_num(y + 46)}" font-size="13">court '
        f'{st["court"][p]} · provinces {st["provinces"][p]}</text>')
    played = st.get("discards", [[]] * (p + 1))[p]
    bid = [b[1] for b in st.get("bids") or [] if b[0] == p]
    # B3.2: the power cards played so far (this round's bid among them), and the card
    # played this round, said as a card (not a count of this round's)
    # played: those taken back since among them (f15: the count fell by one, unsaid);
    # after the last scoring no round goes on (B7.1, h44): the last round's card
    when = "the last" if (view.get("flow") or {}).get("phase") == "over" else "this"
    line = f"power cards played: {len(played) + back}" + (
        f" · {when} round's card: {bid[-1]}" if bid else "")
    out.append(f'<text x="{_num(x + 12)}" y="{_num(y + 66)}" font-size="12" '
               f'fill="#555">{_e(line)}</text>')
    if back:
        out.append(f'<text class="taken-back" x="{_num(x + 12)}" y="{_num(y + 84)}" '
                   f'font-size="12" fill="#555">'
                   f'{_e(f"{back} of them taken back into the hand (B3.2)")}</text>')
    if hand is not None:
        out.append(f'<text class="hand" x="{_num(x + 12)}" y="{_num(y + 86 + dy)}" '
                   f'font-size="12">{_e(_hand_words(hand))}</text>')
    if holds:  # cards held face up (a Veto kept for later, B8.4): public
        out.append(f'<text class="holds" x="{_num(x + 12)}" y="{_num(y + h - 12)}" '
                   f'font-size="12" fill="#7a1f1f">holds: {_e(", ".join(holds))}</text>')
    out.append("</g>")
    return "".join(out), h


def _hand_words(hand: Sequence[int]) -> str:
    """The box's hand line (B3.2): how many cards, then their values, e.g. ``hand (12
    cards): 1 2 3 4 5 6 7 8 9 10 11 13`` (f17: without the count a missing value in a
    long row was misread as still held); ``hand: empty``. Raises nothing."""
    if not hand:
        return "hand: empty"
    return (f"hand ({len(hand)} card{'s' if len(hand) != 1 else ''}): "
            + " ".join(map(str, hand)))


def _legend(board: Board, x: float, y: float, paid: int | None = None, players: int = 0
            ) -> tuple[str, float]:
    """What the marks mean: king, Grande, caballeros, a region's points (the first
    region's, as an example), a mobile scoreboard lying on a region by its printed values
    (its points count there instead, B1.5, B6.9; the row only when the board has
    scoreboards; where B6.8 cuts its values, a line says so); ``paid``: how many values
    count with ``players`` (B6.8), None for all."""
    t = f'<g class="legend" transform="translate({_num(x)},{_num(y)})">'
    t += (f'<path transform="translate(6,0)" d="{CROWN}" fill="{KING}" '
          f'stroke="{KING_EDGE}"/><text x="32" y="13" font-size="12">king</text>'
          '<rect x="80" y="-4" width="16" height="20" rx="2" fill="#f4f4f4" stroke="#000" '
          'stroke-width="2"/><text x="88" y="11" font-size="11" font-weight="bold" '
          'text-anchor="middle">G</text><text x="102" y="13" font-size="12">Grande</text>'
          f'{_cube(160, -2, "#f4f4f4", "n")}'
          '<text x="184" y="13" font-size="12">caballeros</text>')
    values = next((p.values for p in board.places if p.values), None)
    example = " / ".join(map(str, values[:paid])) if values else "a / b / c"
    ranks = " / ".join(ORDINALS[:paid])
    cut = " (B6.8)" if paid is not None and paid < len(ORDINALS) else ""
    t += ('<text x="26" y="37" font-size="10" text-anchor="middle" fill="#5a4630">'
          f'{_e(example)}</text><text x="52" y="38" font-size="12">a region\'s points '
          f'for {ranks}{cut}</text>')
    if not board.scoreboards:
        return t + "</g>", y + 48
    sb, cut = board.scoreboards[0].values, legend_cut(paid, players, board.scoreboards[0].values)
    t += ('<rect x="6" y="46" width="40" height="15" rx="4" fill="#3b2a17"/>'
          f'<text x="26" y="57" font-size="10" text-anchor="middle" fill="#ffe9a8">'
          f'{printed(sb)}</text><text x="52" y="58" font-size="12">a scoreboard on a region: '
          'its points count</text><text x="52" y="72" font-size="12">there instead (B1.5)'
          f'{";" if cut else ""}</text>'
          + (f'<text x="52" y="86" font-size="12">{cut}</text>' if cut else '') + '</g>')
    return t, y + (96 if cut else 82)


# -- the Colonies' pieces (C1, C4-C10) -------------------------------------------------------
#: Disc colours, in the manifest's order of disc kinds (C7).
DISC_COLOURS = ("#e8b923", "#8b5a2b", "#7a7a7a")
LINE = 19.0


def _table_badge(text: str, x: float = 0, y: float = 0) -> str:
    """The limit table's mark: a brown badge with ``text`` (seats taken/seats, C10)."""
    return (f'<rect x="{_num(x)}" y="{_num(y)}" width="32" height="15" rx="3" fill="#6b3e1e" '
            f'stroke="#2b1608"/><text x="{_num(x + 16)}" y="{_num(y + 12)}" font-size="11" '
            f'font-weight="bold" text-anchor="middle" fill="#fff">{_e(text)}</text>')


class _Colonies:
    """What the view shows of the Colonies' pieces (``state.ext["colonies"]``, see
    :mod:`elgrande.rules.colonies`) with the figures' names, drawn per place and in a
    panel."""

    def __init__(self, ext: dict[str, Any], board: Board, st: dict[str, Any],
                 names: Sequence[str]) -> None:
        from elgrande.rules import colonies

        self.ext, self.board, self.st, self.names = ext, board, st, names
        self.fig = colonies.figures(board)
        self.black, self.empty = colonies.BLACK, colonies.EMPTY
        self.discs = {d.id: (d, DISC_COLOURS[i % len(DISC_COLOURS)])
                      for i, d in enumerate(self.fig.discs)}

    def who(self, holder: int) -> tuple[str, str, str]:
        """(data-player, colour, name) of an office holder or a carrier."""
        if holder == self.black or (holder < 0 and holder != self.empty):
            return "neutral", NEUTRAL, f"black ({self.board.neutral_name})"
        if holder < 0:
            return "none", "#ffffff", "nobody"
        name = self.names[holder] if holder < len(self.names) else f"p{holder + 1}"
        return str(holder), COLOURS[holder % len(COLOURS)], name

    def disc(self, x: float, y: float, disc: str) -> str:
        colour = self.discs[disc][1] if disc in self.discs else "#999999"
        return (f'<circle cx="{_num(x)}" cy="{_num(y)}" r="7" fill="{colour}" '
                'stroke="#222" stroke-width="1"/>')

    def disc_name(self, disc: str) -> str:
        return self.discs[disc][0].name if disc in self.discs else disc

    def marks(self, pid: str) -> list[str]:
        """The limit table's mark in its region (C10)."""
        t = self.ext.get("table") or {}
        if t.get("region") != pid:
            return []
        seated = list(t.get("seated") or [])
        taken = sum(seated) + int(t.get("black", 0))
        title = ", ".join(f"{self.who(p)[2]} {n}" for p, n in enumerate(seated) if n)
        return [f'<g class="limit-table" data-place="{_e(pid)}" data-seats="{t["seats"]}" '
                f'data-taken="{taken}"><title>limit table: {taken} of '
                f'{_plural(t["seats"], "seats")}'
                f'{": " + _e(title) if title else ""}</title>'
                + _table_badge(f"{taken}/{t['seats']}") + "</g>"]

    def below(self, pid: str) -> Callable[[Shape, float], str] | None:
        """The offices, free discs and carriers of area ``pid`` (C4-C7), in columns."""
        items: list[tuple[str, str]] = []
        offices = self.ext.get("offices") or {}
        for o in self.fig.offices:
            if o.area == pid and o.id in offices:
                who, colour, name = self.who(int(offices[o.id]))
                items.append((f'class="office" data-office="{_e(o.id)}" data-place="{_e(pid)}" '
                              f'data-player="{who}"',
                              f'<rect x="0" y="-11" width="13" height="13" rx="2" '
                              f'{_paint(colour, "#222", 1)} stroke-dasharray='
                              f'"{"3,2" if who == "none" else "none"}"/>'
                              f'<text x="18" y="0" font-size="12">{_e(o.name)}: '
                              f"{_e(name)}</text>"))
        for d, n in sorted((self.ext.get("free") or {}).get(pid, {}).items()):
            if n:
                items.append((f'class="disc" data-disc="{_e(d)}" data-place="{_e(pid)}" '
                              f'data-count="{n}"',
                              self.disc(7, -4, d) + f'<text x="18" y="0" font-size="12">'
                              f"{n} {_e(self.disc_name(d))} free</text>"))
        carried: dict[tuple[int, str], int] = {}
        for c in self.ext.get("carriers") or []:
            if c[0] == pid:
                carried[(int(c[1]), str(c[2]))] = carried.get((int(c[1]), str(c[2])), 0) + 1
        for (p, d), n in sorted(carried.items()):
            who, colour, name = self.who(p)
            items.append((f'class="carrier" data-place="{_e(pid)}" data-player="{who}" '
                          f'data-disc="{_e(d)}" data-count="{n}"',
                          f'<rect x="0" y="-11" width="13" height="13" rx="2" '
                          f'{_paint(colour, "#222", 1)}/>{self.disc(20, -4, d)}'
                          f'<text x="31" y="0" font-size="12">{_e(name)} carries {n} '
                          f"{_e(self.disc_name(d))}</text>"))
        if not items:
            return None

        def draw(shape: Shape, y: float) -> str:
            xs = [x for x, _ in shape.points]
            bottom = max(yy for _, yy in shape.points) - 6
            fit = max(1, int((bottom - y) // LINE))
            out = []
            for i, (attrs, body) in enumerate(items):
                col, row = divmod(i, fit)
                x, yy = min(xs) + 10 + col * 175, y + 12 + row * LINE
                out.append(f'<g {attrs} transform="translate({_num(x)},{_num(yy)})">{body}</g>')
            return "".join(out)
        return draw

    def panel(self, x: float, y: float) -> tuple[str, float]:
        """The Grand Inquisitor's holder (C8), the limit table's seats (C10) and the disc
        supply (C7)."""
        st, b = self.st, self.board
        held = int(st.get("neutral_holder", -1))
        who, colour, name = self.who(held) if held >= 0 else ("none", "#ffffff", "nobody")
        black = sum(st.get("neutral") or [])
        t = self.ext.get("table") or {}
        region = t.get("region") or ""
        rname = b.places[b.index[region]].name if region in b.index else "no region"
        seated = list(t.get("seated") or [])
        out = [f'<g class="colonies" transform="translate({_num(x)},{_num(y)})">',
               f'<rect x="0" y="0" width="{_num(PANEL)}" height="{{H}}" rx="8" '
               'fill="#fffaf0" stroke="#b9a98c"/>',
               f'<g class="inquisitor" data-player="{who}" data-black="{black}">'
               f'<rect x="10" y="10" width="16" height="16" rx="3" fill="{NEUTRAL}" '
               'stroke="#222"/><text x="34" y="23" font-size="13" font-weight="bold">'
               f"{_e(b.neutral_name)}</text>"
               # two lines: one ran past the box's right edge (f17)
               f'<text class="held" x="12" y="44" font-size="12">held by {_e(name)}</text>'
               f'<text class="black" x="12" y="60" font-size="12">{black} black '
               "caballeros on the board</text></g>",
               f'<g transform="translate(0,{_num(LINE)})">',  # the rest under them
               _table_badge("n/" + str(t.get("seats", 0)), 10, 56),
               # two lines: one ran past the box's right edge (f19)
               f'<text x="48" y="68" font-size="13" font-weight="bold">limit table, '
               f'{_plural(t.get("seats", 0), "seats")}</text>'
               f'<text class="table-region" x="48" y="84" font-size="12">in {_e(rname)}'
               "</text>"]
        cells = [(str(p), COLOURS[p % len(COLOURS)], n) for p, n in enumerate(seated)]
        cells.append(("neutral", NEUTRAL, int(t.get("black", 0))))
        for i, (p, c, n) in enumerate(cells):
            out.append(f'<g class="seated" data-player="{p}" data-seated="{n}">'
                       f"{_cube(12 + i * (CUBE + 6), 92, c, n)}</g>")
        out.append(f'<text x="{_num(18 + len(cells) * (CUBE + 6))}" y="106" font-size="12" '
                   'fill="#555">seated</text>'
                   '<text x="12" y="138" font-size="13" font-weight="bold">discs in the '
                   "supply</text>")
        yy = 156.0
        for i, (d, n) in enumerate(sorted((self.ext.get("supply") or {}).items())):
            out.append(f'<g class="disc-supply" data-disc="{_e(d)}" data-count="{n}" '
                       f'transform="translate({_num(12 + i * 125)},{_num(yy)})">'
                       f'{self.disc(7, -4, d)}<text x="18" y="0" font-size="12">{n} '
                       f"{_e(self.disc_name(d))}</text></g>")
        h = yy + 14 + LINE
        out.append("</g></g>")
        return "".join(out).replace("{H}", _num(h)), y + h + 8


def _title(view: dict[str, Any]) -> str:
    """The heading: the view's ``title`` or round, phase and viewer; " · provisional data"
    when the game plays with values a fill supplied (the view says ``provisional``)."""
    tail = " · provisional data" if view.get("provisional") else ""
    return _heading(view) + tail


def _heading(view: dict[str, Any]) -> str:
    if view.get("title"):
        return str(view["title"])
    fl = view.get("flow") or {}
    rounds = fl.get("rounds") or []
    i = fl.get("round_i", -1)
    rnd = rounds[i] if isinstance(i, int) and 0 <= i < len(rounds) else 0
    phase = fl.get("phase", "")
    who = view.get("player")
    names = view.get("names") or []
    seen = (f"as {names[who]} sees it" if isinstance(who, int) and who < len(names)
            else "public view")
    head = "before the first round" if not rnd else f"Round {rnd}"
    if phase == "over":
        head = "Game over"
    return f"{head} · {seen}"  # (the phase's id is the engine's, not a word for people)


def _colonies_of(view: dict[str, Any], board: Board, names: Sequence[str]
                 ) -> _Colonies | None:
    from elgrande.rules import colonies

    ext = (view["state"].get("ext") or {}).get(colonies.NAME)
    if not isinstance(ext, dict) or not colonies.in_play(board):
        return None
    return _Colonies(ext, board, view["state"], names)


def _token_marks(st: dict[str, Any], board: Board) -> dict[str, list[str]]:
    """The tokens the sets declare (``pieces:``), by the id of the place each stands in
    (``state.ext["tokens"]``, else its start): a disc with its initial, titled with its
    name."""
    kept = (st.get("ext") or {}).get("tokens")
    out: dict[str, list[str]] = {}
    for t, tok in board.tokens.items():
        at = kept.get(t, tok.start) if isinstance(kept, dict) else tok.start
        if not at:
            continue
        initial = tok.name.split()[-1][:1].upper() if tok.name.split() else "?"
        out.setdefault(str(at), []).append(
            f'<g class="token" data-place="{_e(at)}" data-token="{_e(t)}"><title>'
            f'{_e(tok.name)}</title><circle cx="9" cy="6" r="9" fill="#7b2d8b" '
            'stroke="#000" stroke-width="1.5"/><text x="9" y="10" font-size="11" '
            f'font-weight="bold" text-anchor="middle" fill="#fff">{_e(initial)}</text></g>')
    return out


def board_svg(view: dict[str, Any], board: Board,
              memo: dict[str, str] | None = None,
              held: Sequence[Sequence[str]] = (), boxes: bool = True) -> str:
    """The board as an SVG document (a string).

    Args:
        view: ``game.view(p)`` or :func:`public_view` (keys ``state``, ``names``, and
            optionally ``flow``, ``player`` and ``title``, the heading to write);
            ``state`` as :meth:`State.to_json`.
        board: the board the view's game is played on (``game.library.board``).
        memo: where to keep the drawn places between calls for the same board (a server
            draws one position for every seat): keyed by everything they are drawn from
            (the state without the hands, and the names), so a view that shows other
            pieces never gets another's picture.
        held: per player, the cards they hold face up in words (a Veto kept, B8.4), a
            line in their box; none by default.
        boxes: draw the player boxes, the legend and the Colonies' panel beside the map
            (the default: one picture); False: the map alone, as a page that shows
            :func:`boxes_svg` apart (under the map on a phone) draws it.
    Returns:
        The SVG text: map, places with values or mobile scoreboards, caballeros per colour
        with counts, king, Grandes, Castillo, player panels (court, provinces, score,
        hand if shown) (B1, B5, B6.9, B8.5a); with the Colonies also offices, discs,
        carriers, the limit table and the Inquisitor's holder (C4-C10).
    Raises:
        KeyError: a view without ``state``.
    """
    st = view["state"]
    names = list(view.get("names") or [f"p{i + 1}" for i in range(st["players"])])
    bmap = board.map or _fallback_map(board)
    extra, map_h = _strip_shapes(board, bmap)
    shapes = {**bmap.shapes, **extra}
    side = boxes and bool(st["players"])
    width = bmap.width + (GAP + PANEL if side else 0) + GAP
    col = _colonies_of(view, board, names)
    panel, panel_end = _side(view, board, bmap.width + GAP, TOP, held, col) if boxes else (
        "", 0.0)
    height = max(TOP + map_h, panel_end) + GAP
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{_num(width)}" '
           f'height="{_num(height)}" viewBox="0 0 {_num(width)} {_num(height)}" '
           f'font-family="Helvetica, Arial, sans-serif" class="elgrande-board">',
           f'<rect x="0" y="0" width="{_num(width)}" height="{_num(height)}" '
           'fill="#cfe3ef"/>',
           f'<text class="title" x="{_num(GAP)}" y="28" font-size="18" font-weight="bold" '
           f'fill="#17324d">{_e(_title(view))}</text>']
    if bmap.sea:
        pts = " ".join(f"{_num(x)},{_num(y + TOP)}" for x, y in bmap.sea)
        out.append(f'<polygon class="land" points="{pts}" fill="#d8d2c2" stroke="#9c927a" '
                   'stroke-width="1.5"><title>land outside the game</title></polygon>')
        out.append(_spare_label(bmap))
    key = json.dumps([names, {k: v for k, v in st.items() if k != "hands"}],
                     sort_keys=True, default=str) if memo is not None else ""
    places = memo.get(key) if memo is not None else None
    if places is None:
        tokens = _token_marks(st, board)
        places = "\n".join(
            _place_svg(board, shapes[place.id], place.index, st, names, TOP,
                       [*(col.marks(place.id) if col else ()), *tokens.get(place.id, ())],
                       col.below(place.id) if col else None)
            for place in board.places if place.id in shapes)
        if memo is not None:
            memo[key] = places
    if places:
        out.append(places)
    out.append(panel)
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _spare_label(bmap: BoardMap) -> str:
    """Words on the drawn land no place covers (f20: grey land with no name puzzled a
    new user): "not part of the game", in the widest spot (B1.6); "" when none."""
    spot = spare_spot(bmap)
    if spot is None:
        return ""
    (x, y), _ = spot
    return (f'<text class="spare" x="{_num(x)}" y="{_num(y + TOP - 4)}" font-size="12" '
            'font-style="italic" text-anchor="middle" fill="#5e5640">not part '
            f'<tspan x="{_num(x)}" dy="14">of the game</tspan></text>')


def _side(view: dict[str, Any], board: Board, x: float, y: float,
          held: Sequence[Sequence[str]], col: _Colonies | None) -> tuple[str, float]:
    """The column beside the map from ``(x, y)``: the player boxes, the legend, the
    Colonies' panel; the drawing and the height under it."""
    players = view["state"]["players"]
    panel, end = _panel(view, board, x, y, held)
    if players:
        legend, end = _legend(board, x, end + 4, paid_of(board, players), players)
        panel += legend
    if col is not None:
        more, end = col.panel(x, end + 4)
        panel += more
    return panel, end


def boxes_svg(view: dict[str, Any], board: Board,
              held: Sequence[Sequence[str]] = (), taken: Sequence[int] = ()) -> str:
    """The player boxes, the legend and (with the Colonies) their panel, each as its own
    small SVG document, for a page that lays them out apart from the map
    (``board_svg(..., boxes=False)``): beside it on a wide screen, under it on a phone,
    drawn at their own size (one unit a CSS pixel).

    Args:
        view, board, held: as :func:`board_svg`.
        taken: per player, how many of the power cards they played they took back
            into their hand since (B3.2; the view does not say it: the caller counts
            it), said in their box; none by default.
    Returns:
        The SVG elements one after another (a string): ``<svg class="elgrande-box">``
        each, the boxes' groups as :func:`board_svg` draws them (B1.1, B3.2, B6.8,
        B8.4, B8.5a; C7-C10 with the Colonies).
    Raises:
        KeyError: a view without ``state``.
    """
    st = view["state"]
    names = list(view.get("names") or [f"p{i + 1}" for i in range(st["players"])])
    parts = [_box(view, p, 1, 1, held, taken) for p in range(st["players"])]
    out = [_alone(body, PANEL + 2, h + 2) for body, h in parts]
    if st["players"]:
        legend, end = _legend(board, 1, 5, paid_of(board, st["players"]), st["players"])
        out.append(_alone(legend, PANEL + 2 * GAP, end - 4))  # its words run on
    col = _colonies_of(view, board, names)
    if col is not None:
        more, end = col.panel(1, 1)
        out.append(_alone(more, PANEL + 2, end - 6))
    return "\n".join(out) + "\n"


def _alone(body: str, width: float, height: float) -> str:
    """``body`` as an SVG document of its own, ``width`` x ``height`` units."""
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{_num(width)}" '
            f'height="{_num(height)}" viewBox="0 0 {_num(width)} {_num(height)}" '
            f'font-family="Helvetica, Arial, sans-serif" class="elgrande-box">{body}</svg>')


class SourceError(ValueError):
    """A state or record file that cannot be read for drawing (message in words)."""


class NoSuchPlayer(SourceError):
    """``--as`` names no player of the game (a bad option value: the command line exits 2)."""


def split_source(spec: str) -> tuple[str, int | None]:
    """``(file, N)`` of a ``board`` argument ``FILE`` or ``FILE:N`` (N None for a whole
    file; a file whose own name ends in ``:N`` is taken whole). Raises nothing."""
    from pathlib import Path

    head, sep, tail = spec.rpartition(":")
    if sep and tail.isdigit() and not Path(spec).exists():
        return head, int(tail)
    return spec, None


def load_position(spec: str, cards: Sequence[str] | None = None,
                  set_paths: Sequence[str] | None = None) -> Any:
    """The game a ``board``/``show`` argument names.

    Args:
        spec: ``STATE.json`` (written from ``game.to_json()``), ``RECORD`` (a JSON Lines
            game record, replayed to its end) or ``RECORD:N`` (replayed to answer N;
            ``:0`` is the position before the first answer).
        cards: homebrew card folders to use instead of the ones a record names; without
            them a record's homebrew cards are read only from the record's own folder
            (as ``elgrande check`` does).
        set_paths: the folders above the homebrew sets (``--set``) to use instead of the
            ones a record names.
    Returns:
        A :class:`elgrande.play.game.Game`.
    Raises:
        SourceError: unreadable file, bad JSON, an illegal record line (with its line and
        rule), N past the record's end.
    """
    from pathlib import Path

    from elgrande.errors import ElGrandeError
    from elgrande.play.game import Game
    from elgrande.play.records import RecordError, replay

    path, n = split_source(spec)
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise SourceError(f"{path}: cannot read: {exc.strerror}") from None
    except UnicodeDecodeError:
        raise SourceError(f"{path}: not a text file (a JSON state or record)") from None
    lines = [ln for ln in text.splitlines() if ln.strip()]
    if n is None and lines:
        try:
            whole = json.loads(text)
        except json.JSONDecodeError:
            whole = None
        if isinstance(whole, dict) and "state" in whole and "flow" in whole:
            try:
                return Game.from_json(whole)
            except (KeyError, TypeError, ElGrandeError) as exc:
                raise SourceError(f"{path}: not a saved game: {exc}") from None
    if n is not None and n > len(lines) - 1:
        raise SourceError(f"{path}: the record has {len(lines) - 1} answers, not {n}")
    try:
        return replay(lines if n is None else lines[: n + 1], cards=cards or None,
                      record_dir=Path(path).resolve().parent, set_paths=set_paths)
    except RecordError as exc:
        rule = f"[{exc.rule}] " if exc.rule else ""
        raise SourceError(f"{path}:{exc.line}: {rule}{exc.message}") from None


def seat(game: Any, who: str | None) -> int | None:
    """The seat named ``who`` (a player name or a 0-based index), None for the public.

    Raises:
        NoSuchPlayer: no such player.
    """
    if who is None:
        return None
    names = list(game.names)
    if who in names:
        return names.index(who)
    if who.isdigit() and int(who) < len(names):
        return int(who)
    raise NoSuchPlayer(f"no player {who!r} in this game (players: {', '.join(names)})")


def view_for(game: Any, player: int | None) -> dict[str, Any]:
    """``game.view(player)``, or :func:`public_view` when ``player`` is None (B8.5a)."""
    return public_view(game) if player is None else dict(game.view(player))


def map_svg(board: Board) -> str:
    """The empty map (no pieces, no players): every place with its printed values.

    Args:
        board: a loaded board with a ``map``.
    """
    from elgrande.model.state import State

    st = State.empty(board, 0).to_json()
    return board_svg({"state": st, "names": [], "flow": None, "player": None,
                      "title": "The map: region values for 1st / 2nd / 3rd place"}, board)
