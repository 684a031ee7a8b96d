/* What happened since this seat's last answer, shown above its next decision: every line
   of the log (the seat's own payload: nothing hidden) written after the seat's last
   answer (what the bots and the other players did too): the latest few lines, every
   earlier one that names the seat (the seat's in bold) and every seat's power card
   played, in the log's order, with
   a count where lines are left out; the board's summary
   after a scoring left out (it is no news). So a player whose special action another
   player vetoed reads it where they look, not only in the log. The log length at the
   seat's last answer is kept for the tab (per game and seat), so a reload keeps it. */
import {$, S, GAME, el, arrowed} from "./core.js";

export var MAX_LINES = 8;
function key() { return "elgrande-since:" + GAME + ":" + S.state.seat; }
function isSeat() { return S.state && S.state.seat !== null && S.state.seat !== undefined; }

// the seat answers: the log up to here is what it has seen
export function markAnswer() {
  if (!isSeat()) { return; }
  sessionStorage.setItem(key(), String((S.state.log || []).length));
}

function escape(s) { return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"); }
// the lines after the mark (trimmed), the board's summary after a scoring left out
export function sinceLines(st, mark) {
  var log = st.log || [];
  if (mark === null || mark > log.length) { return []; }
  var board = -1;  // the indent of a "Board now:" summary being skipped (not news)
  var out = [];
  log.slice(mark).forEach(function (raw) {
    var indent = raw.length - raw.trimStart().length, l = raw.trim();
    if (board >= 0 && indent > board) { return; }
    board = l === "Board now:" ? indent : -1;
    if (board < 0 && l) { out.push(l); }
  });
  return out;
}

// whether a line names the seat (a whole word: "Ana" is not in "Anabel")
export function namesSeat(st, line) {
  var name = st.names && st.names[st.seat];
  if (!name) { return false; }
  return new RegExp("(^|[^\\p{L}\\p{N}])" + escape(name) + "($|[^\\p{L}\\p{N}])", "u").test(line);
}

// whether a line is a seat's power card played (B3.2; the log's "NAME plays power card
// N.", a set's own card in its place: "plays card N."): one a seat a round, each seat's
// never folded away, so the box never hides two bots' power cards behind "… 2 more"
export function isBid(st, line) {
  var names = (st.names || []).filter(Boolean).map(escape);
  if (!names.length) { return false; }
  return new RegExp("^(" + names.join("|") + ") plays \\D+ \\d+\\.$", "u").test(line);
}

// whether a line changes the board for everyone (never folded away, f14): a general
// scoring's heading, the secret discs revealed and its total (B6, B6.1,
// elgrande/play/narrate.py: "-- Scoring after round n --", "Discs: ...", "Points this
// scoring: ..."), the king moved (B5.2: "... moves the king from ... to ...")
export function isKey(line) {
  return /^-- .+ --$/.test(line) || /^Points this scoring: /.test(line) ||
    /^Discs: /.test(line) || / moves the king from /.test(line);
}

// the points the seat scored in a line ("NAME 6 caballeros -> 5 points", B6.5), 0 if none
export function seatPoints(st, line) {
  var name = st.names && st.names[st.seat];
  if (!name) { return 0; }
  var m = new RegExp("(^|[^\\p{L}\\p{N}])" + escape(name) + " [^;:,]*?-> (\\d+) point", "u").exec(line);
  return m ? Number(m[2]) : 0;
}

// the lines shown of `lines` (log order): the latest MAX_LINES, and every earlier one
// naming the seat (what was done to its caballeros is never hidden), playing a seat's
// power card (isBid) or changing the board for everyone (isKey); each a [line, mine]
// pair, with a gap [null, n] where n lines are left out
export function keptLines(st, lines) {
  var mine = lines.map(function (l) { return namesSeat(st, l); });
  var keep = mine.map(function (m, i) {
    return m || i >= lines.length - MAX_LINES || isBid(st, lines[i]) || isKey(lines[i]);
  });
  var out = [], gap = 0;
  lines.forEach(function (l, j) {
    if (!keep[j]) { gap++; return; }
    if (gap) { out.push([null, gap]); gap = 0; }
    out.push([l, mine[j]]);
  });
  if (gap) { out.push([null, gap]); }
  return out;
}

function shownOf(rows) {
  return rows.filter(function (r) { return r[0] !== null; }).map(function (r) { return r[0]; });
}

// shown with a fresh decision of the seat; hidden otherwise
export function renderSince() {
  var box = $("since");
  var lines = [];
  if (isSeat() && S.controls) {
    var kept = sessionStorage.getItem(key()), mark = kept === null ? null : Number(kept);
    lines = sinceLines(S.state, mark);
  }
  var rows = keptLines(S.state, lines);
  lines = shownOf(rows);
  S.since = lines;
  S.sinceEarlier = rows.reduce(function (n, r) { return n + (r[0] === null ? r[1] : 0); }, 0);
  box.textContent = "";
  box.hidden = !lines.length;
  if (!lines.length) { return; }
  box.appendChild(el("strong", {}, "Since your last choice:"));
  var ul = box.appendChild(el("ul", {"aria-label": "Since your last choice"}));
  var seen = visibleRows(rows, VISIBLE);
  var hidden = 0;
  rows.forEach(function (r, i) {
    var li;
    if (r[0] === null) {
      li = el("li", {"class": "quiet earlier"}, "… " + r[1] + (i ? " more" : " earlier") +
              " (in the log)");
    } else {
      var cls = (r[1] ? ["mine"] : []).concat(isKey(r[0]) ? ["key"] : []);
      li = arrowed(el("li", cls.length ? {"class": cls.join(" ")} : {}), r[0]);
    }
    if (!seen[i]) { li.classList.add("folded"); hidden += r[0] === null ? r[1] : 1; }
    ul.appendChild(li);
  });
  if (hidden) {  // the rest behind one line, opened by a click (and closed again)
    var more = el("button", {type: "button", "class": "since-more", "aria-expanded": "false"},
                  "… " + hidden + " more (in the log)");
    more.onclick = function () {
      var open = box.classList.toggle("open");
      more.setAttribute("aria-expanded", String(open));
      more.textContent = open ? "Show fewer" : "… " + hidden + " more (in the log)";
    };
    box.appendChild(more);
  }
}

// the box kept short (a general scoring's ~20 lines pushed the decision down): at most
// VISIBLE lines shown while closed (more only where the lines changing the board for
// everyone are more), in the log's order (never reordered), the rest behind one line
export var VISIBLE = 8;
// which rows show while the box is closed, at most `n` lines: every line changing the
// board for everyone (isKey) and each seat's power card played (isBid) first, then the
// seat's own (those where it scored most first), then the others; the latest of each
// first; the gaps ("… 2 more") only where every line shows
function visibleRows(rows, n) {
  var lines = rows.filter(function (r) { return r[0] !== null; }).length;
  var out = {};
  if (lines <= n) { rows.forEach(function (r, i) { out[i] = true; }); return out; }
  var order = rows.map(function (r, i) { return i; }).filter(function (i) { return rows[i][0] !== null; });
  var rank = function (i) {
    var l = rows[i][0];
    return isKey(l) || isBid(S.state, l) ? 0 : rows[i][1] ? 1 : 2;
  };
  var pts = function (i) { return rows[i][1] ? seatPoints(S.state, rows[i][0]) : 0; };
  order.sort(function (a, b) { return rank(a) - rank(b) || pts(b) - pts(a) || b - a; });
  order.forEach(function (i, k) { if (k < n || rank(i) === 0) { out[i] = true; } });
  return out;
}
