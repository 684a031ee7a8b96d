"""The replay viewer: ``elgrande show RECORD --out DIR [--as PLAYER]``.

Writes ``DIR/index.html``: one static page, everything inline (no server, no network),
that steps through a game answer by answer. Each step shows the board (the SVG of
:mod:`elgrande.tools.board_svg`, drawn in Python for every step and embedded), the log up
to that point, the decision just answered, and a score chart (inline SVG) with a marker
at the step. Buttons and the arrow keys (Home/End too) step; ``#step=N`` in the address
opens step N. Drawn from one player's view (``--as``: ``game.view(p)``) or the public
one (:func:`~elgrande.tools.board_svg.public_view`): nothing hidden is embedded (B8.5a).
A secret choice's answer (a decision kind declared secret, :func:`~elgrande.engine.decisions.
answer_as_seen`) is shown only to its own player; the others read e.g. "blue chose 13
cards". A kind public at the reveal (the secret discs, B8.5) shows every player's choice
in the caption of the last one set; one never public (I1's card choice) never does.

What steps have in common is embedded once (:func:`pack`: each SVG tag written once, each
step a list of tag numbers), so a long game stays small.

``window.elgrandeViewer`` (``show(i)``, ``step()``, ``count``) lets a script or a
browser test drive the page.
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from elgrande.engine.decisions import REVEAL, answer_as_seen, secret_kinds
from elgrande.model.board import Board
from elgrande.play.records import replay
from elgrande.play.words import answer_words
from elgrande.tools.board_svg import COLOURS, board_svg, public_view

#: The score chart's size (pixels).
CHART_W, CHART_H = 560, 180


def step_caption(i: int, name: str, prompt: str, entry: dict[str, Any],
                 viewer: int | None, said: str = "") -> str:
    """The caption of answer ``i`` (1-based) of the record entry ``entry`` (``player``,
    ``kind``, ``answer``) by the player called ``name``, as ``viewer`` (a seat, or None
    for the public) may see it: the question ``prompt`` and then ``said``, the answer in
    words (the log's lines it made, else :func:`~elgrande.play.words.answer_words`);
    a secret kind's answer of another player reads e.g. "Answer 3: blue chose 13 cards
    (secret)." (B8.5a). Raises nothing."""
    seen, a = answer_as_seen(entry["kind"], entry["player"], entry["answer"], viewer)
    if not seen:
        return f"Answer {i}: {name} {a} (secret)."
    sep = " " if prompt.endswith(("?", ".", ")")) else ": "
    return f"Answer {i}: {name} — {prompt}{sep}{said or _shown(a)}"


def _shown(answer: Any) -> str:
    return answer if isinstance(answer, str) else json.dumps(answer)


#: The most log lines a step's caption quotes (a scoring's lines follow in the log).
SAID_LINES = 2


def _said(new: Sequence[str], answer: Any, labels: Sequence[str], board: Board) -> str:
    """The answer in words: the log lines it made (at most :data:`SAID_LINES`, then how
    many more the log holds), else :func:`answer_words`."""
    if not new:
        return answer_words(answer, labels, board) + "."
    more = len(new) - SAID_LINES
    return " ".join(x.strip() for x in new[:SAID_LINES]) + (
        f" (and {more} more line{'s' if more != 1 else ''} in the log)" if more > 0 else "")


def frames(lines: Sequence[str], player: int | None,
           cards: Sequence[str] | None = None,
           record_dir: str | Path | None = None,
           set_paths: Sequence[str] | None = None) -> dict[str, Any]:
    """Replay a record and collect every step as the viewer shows it.

    Args:
        lines: the record's lines (header first).
        player: the viewing seat, or None for the public view.
        cards, record_dir, set_paths: where its homebrew cards and sets are read from,
            as :func:`elgrande.play.records.replay` takes them.
    Returns:
        ``{"names", "colours", "log", "steps": [{"svg", "log", "did", "scores",
        "round"}]}``: step
        0 is the position before the first answer; ``log`` is how many log lines exist
        at that step; ``did`` the decision just answered, in words.
    Raises:
        RecordError: an unreadable or illegal record (line and rule id).
    """
    final = replay(lines, cards=cards, record_dir=record_dir, set_paths=set_paths)
    game = replay(lines[:1], cards=cards, record_dir=record_dir, set_paths=set_paths)
    board = game.library.board
    names = list(game.names)

    def view() -> dict[str, Any]:
        return public_view(game) if player is None else game.view(player)

    def step(did: str) -> dict[str, Any]:
        return {"svg": board_svg(view(), board), "log": len(game.log), "did": did,
                "scores": list(game.state.scores), "round": game.flow.round}

    steps = [step("The game is set up; nothing answered yet.")]
    secret = secret_kinds()
    group: list[dict[str, Any]] = []  # answers of a secret choice not yet revealed
    for i, entry in enumerate(final.history, 1):
        d = game.pending
        prompt = game.in_words(d.prompt) if d is not None else ""
        labels = [game.in_words(str(x)) for x in d.options.get("labels", [])] \
            if d is not None else []
        last = d is not None and len(d.players) == 1  # the choices are revealed after it
        before = len(game.log)
        game.answer(entry["player"], entry["answer"])
        caption = step_caption(i, names[entry["player"]], prompt, entry, player,
                               _said(game.log[before:], entry["answer"], labels, board))
        kind = secret.get(entry["kind"])
        if kind is not None and kind.until == REVEAL:  # public once all are in (B8.5)
            group.append(entry)
            if last:
                seen = [answer_as_seen(e["kind"], e["player"], e["answer"], player,
                                       revealed=True)[1] for e in group]
                caption += " Revealed: " + ", ".join(
                    f"{names[e['player']]} {answer_words(a, (), board)}"
                    for e, a in zip(group, seen, strict=True)) + "."
                group = []
        steps.append(step(caption))
    return {"names": names, "log": list(game.log), "steps": steps, "colours": list(COLOURS)}


def score_chart(steps: list[dict[str, Any]], names: Sequence[str]) -> str:
    """The scores over the steps as an inline SVG line chart, one line per player, with
    a movable marker (``id="chart-marker"``) and each round's number where its answers
    begin (B3)."""
    n = max(len(steps) - 1, 1)
    top = max([1, *(s for st in steps for s in st["scores"])])
    pad = 30

    def xy(i: int, s: int) -> str:
        return (f"{pad + (CHART_W - pad - 10) * i / n:.1f},"
                f"{CHART_H - pad - (CHART_H - pad - 10) * s / top:.1f}")

    out = [f'<svg xmlns="http://www.w3.org/2000/svg" id="chart" width="100%" '
           f'viewBox="0 0 {CHART_W} {CHART_H}" font-size="11" '
           'font-family="Helvetica, Arial, sans-serif">',
           f'<rect width="{CHART_W}" height="{CHART_H}" fill="#fffaf0"/>',
           f'<line x1="{pad}" y1="{CHART_H - pad}" x2="{CHART_W - 10}" '
           f'y2="{CHART_H - pad}" stroke="#888"/>',
           f'<line x1="{pad}" y1="10" x2="{pad}" y2="{CHART_H - pad}" stroke="#888"/>',
           f'<text x="{pad - 4}" y="14" text-anchor="end">{top}</text>',
           f'<text x="{pad - 4}" y="{CHART_H - pad}" text-anchor="end">0</text>',
           f'<text x="{CHART_W - 10}" y="{CHART_H - 2}" text-anchor="end">'
           f'{n} choices in all</text>',
           f'<text x="{pad}" y="{CHART_H - 2}">each number: where that round begins</text>']
    for i in range(len(steps)):  # where each round begins (B3): its number on the axis
        r = steps[i].get("round")
        if r and (i == 0 or r != steps[i - 1].get("round")):
            x = pad + (CHART_W - pad - 10) * i / n
            out.append(f'<line class="round-tick" x1="{x:.1f}" y1="{CHART_H - pad}" '
                       f'x2="{x:.1f}" y2="{CHART_H - pad + 4}" stroke="#888"/>'
                       f'<text class="round-label" x="{x:.1f}" y="{CHART_H - pad + 14}" '
                       f'text-anchor="middle">{int(r)}</text>')
    for p, name in enumerate(names):
        pts = " ".join(xy(i, st["scores"][p]) for i, st in enumerate(steps))
        colour = COLOURS[p % len(COLOURS)]
        stroke = "#999" if colour == "#f4f4f4" else colour
        out.append(f'<polyline class="score-line" data-player="{p}" points="{pts}" '
                   f'fill="none" stroke="{stroke}" stroke-width="2">'
                   f"<title>{html.escape(name)}</title></polyline>")
    out.append(f'<line id="chart-marker" x1="{pad}" y1="10" x2="{pad}" '
               f'y2="{CHART_H - pad}" stroke="#000" stroke-dasharray="3,3" '
               f'data-left="{pad}" data-width="{CHART_W - pad - 10}" data-n="{n}"/>')
    out.append("</svg>")
    return "".join(out)


_CSS = """
body { font: 14px/1.4 system-ui, sans-serif; margin: 0; background: #eef3f6; color: #222; }
header { padding: .5rem 1rem; background: #17324d; color: #fff; display: flex;
         gap: 1rem; align-items: center; flex-wrap: wrap; }
header h1 { font-size: 1.1rem; margin: 0; }
button { font-size: 1rem; padding: .2rem .7rem; }
main { display: grid; grid-template-columns: minmax(600px, 3fr) minmax(300px, 2fr);
       gap: 1rem; padding: 1rem; }
#board svg { width: 100%; height: auto; }
#did { background: #fff; border-left: 4px solid #d62828; padding: .4rem .7rem;
       margin: 0 0 .6rem; }
#log { background: #fff; height: 420px; overflow-y: auto; margin: 0; padding: .4rem .7rem;
       font: 12px/1.35 ui-monospace, monospace; white-space: pre-wrap; }
.chip { display: inline-block; width: .8em; height: .8em; border: 1px solid #000;
        margin: 0 .3em 0 .6em; vertical-align: -0.05em; }
""".strip()

_JS = r"""
(function () {
  "use strict";
  var DATA = JSON.parse(document.getElementById("data").textContent);
  var steps = DATA.steps, pieces = DATA.pieces, cur = 0;
  function svgOf(s) {
    return s.parts.map(function (k) { return pieces[k]; }).join("");
  }
  var board = document.getElementById("board"), log = document.getElementById("log");
  var did = document.getElementById("did"), pos = document.getElementById("pos");
  var range = document.getElementById("range"), marker = document.getElementById("chart-marker");
  var scores = document.getElementById("scores");
  function show(i) {
    i = Math.max(0, Math.min(steps.length - 1, i | 0));
    cur = i;
    var s = steps[i];
    board.innerHTML = svgOf(s);
    did.textContent = s.did;
    log.textContent = DATA.log.slice(0, s.log).join("\n");
    log.scrollTop = log.scrollHeight;
    pos.textContent = "step " + i + " / " + (steps.length - 1) +
      (s.round ? " · round " + s.round : "");
    range.value = String(i);
    scores.textContent = "";
    DATA.names.forEach(function (n, p) {
      var chip = document.createElement("span");
      chip.className = "chip";
      chip.style.background = DATA.colours[p % DATA.colours.length];
      scores.appendChild(chip);
      scores.appendChild(document.createTextNode(n + " " + s.scores[p] + "  "));
    });
    var left = +marker.getAttribute("data-left"), w = +marker.getAttribute("data-width");
    var n = +marker.getAttribute("data-n");
    var x = left + w * i / n;
    marker.setAttribute("x1", x); marker.setAttribute("x2", x);
    if (history.replaceState) { history.replaceState(null, "", "#step=" + i); }
    return i;
  }
  function go(d) { return show(cur + d); }
  document.getElementById("first").onclick = function () { show(0); };
  document.getElementById("prev").onclick = function () { go(-1); };
  document.getElementById("next").onclick = function () { go(1); };
  document.getElementById("last").onclick = function () { show(steps.length - 1); };
  range.max = String(steps.length - 1);
  range.oninput = function () { show(+range.value); };
  document.addEventListener("keydown", function (e) {
    if (e.key === "ArrowRight") { go(1); e.preventDefault(); }
    else if (e.key === "ArrowLeft") { go(-1); e.preventDefault(); }
    else if (e.key === "Home") { show(0); e.preventDefault(); }
    else if (e.key === "End") { show(steps.length - 1); e.preventDefault(); }
  });
  window.elgrandeViewer = {show: show, step: function () { return cur; },
                           count: steps.length};
  var hash = location.hash, m = /step=(\d+)/.exec(hash);
  show(m ? +m[1] : 0);
})();
"""


#: Where a step's SVG is cut into the pieces :func:`pack` shares: before every tag.
_PIECE = re.compile(r"(?=<)")


def pack(data: dict[str, Any]) -> dict[str, Any]:
    """``data`` of :func:`frames` with the steps' SVG shared: ``pieces`` lists each distinct
    SVG tag (with the text after it) once, and each step's ``svg`` is replaced by
    ``parts``, the numbers of its pieces in order (``"".join(pieces[k] for k in parts)``
    is the step's SVG). The rest of ``data`` is unchanged."""
    index: dict[str, int] = {}
    steps = []
    for st in data["steps"]:
        parts = [index.setdefault(p, len(index)) for p in _PIECE.split(st["svg"]) if p]
        steps.append({**{k: v for k, v in st.items() if k != "svg"}, "parts": parts})
    return {**data, "steps": steps, "pieces": list(index)}


def viewer_html(data: dict[str, Any], title: str) -> str:
    """The viewer page for :func:`frames` output ``data`` (one self-contained HTML file;
    the steps' boards are embedded :func:`pack`-ed)."""
    blob = json.dumps(pack(data), separators=(",", ":")).replace("</", "<\\/")
    chart = score_chart(data["steps"], data["names"])
    return "\n".join([
        "<!DOCTYPE html>", '<html lang="en">', "<head>", '<meta charset="utf-8">',
        '<meta name="generator" content="elgrande show">',
        f"<title>{html.escape(title)}</title>", f"<style>\n{_CSS}\n</style>",
        "</head>", "<body>",
        f"<header><h1>{html.escape(title)}</h1>"
        '<button id="first" title="Home" aria-label="first step">|&#x25C0;</button>'
        '<button id="prev" title="Left arrow" aria-label="previous step">&#x25C0;</button>'
        '<button id="next" title="Right arrow" aria-label="next step">&#x25B6;</button>'
        '<button id="last" title="End" aria-label="last step">&#x25B6;|</button>'
        '<input id="range" type="range" min="0" value="0" aria-label="step">'
        '<span id="pos"></span> <strong id="scores"></strong></header>',
        "<main>", '<section><div id="board"></div></section>',
        '<section><p id="did"></p>', chart, "<h2>Log</h2>", '<pre id="log"></pre>',
        "</section>", "</main>",
        f'<script type="application/json" id="data">{blob}</script>',
        f"<script>{_JS}</script>", "</body>", "</html>", ""])


def write_viewer(record: str | Path, out: str | Path, player: str | None = None,
                 cards: Sequence[str] | None = None,
                 set_paths: Sequence[str] | None = None) -> Path:
    """Write the viewer of ``record`` into folder ``out`` (``index.html``).

    Args:
        record: a game record (JSON Lines).
        out: the folder to write (made if missing).
        player: a player name or seat index to view as; None for the public view.
        cards: homebrew card folders instead of the ones the record names (else they are
            read only from the record's own folder, as ``elgrande check`` does).
        set_paths: the folders above the homebrew sets (``--set``) instead of the ones
            the record names.
    Returns:
        The path of the page.
    Raises:
        RecordError: a bad record; SourceError: an unreadable file, an unknown player.
    """
    from elgrande.tools.board_svg import SourceError, seat

    try:
        text = Path(record).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise SourceError(f"cannot read it as a text record ({exc})") from None
    lines = [ln for ln in text.splitlines() if ln.strip()]
    home = Path(record).resolve().parent
    start = replay(lines[:1], cards=cards or None, record_dir=home, set_paths=set_paths)
    who = seat(start, player)
    data = frames(lines, who, cards or None, home, set_paths)
    seen = "public view" if who is None else f"as {start.names[who]}"
    if start.library.provisional:  # every view of such a game says so
        seen += "; provisional data"
    page = Path(out) / "index.html"
    page.parent.mkdir(parents=True, exist_ok=True)
    page.write_text(viewer_html(data, f"El Grande replay: {Path(record).name} ({seen})"),
                    encoding="utf-8")
    return page
