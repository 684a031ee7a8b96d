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

// the last general scoring (B6) begun after the mark, in brief: its lines as the log
// writes them (elgrande/play/narrate.py: "-- Scoring after round n --", the discs
// revealed, the Castillo scored, then, unindented, "Points this scoring: ..." with each
// player's points of that scoring); [] if none. Nothing is counted here: the log's own
// lines only, so a scoring pushed out of the last lines is still seen
export function scoringBrief(st, mark) {
  var log = st.log || [];
  if (mark === null || mark > log.length) { return []; }
  var head = -1;
  for (var i = log.length - 1; i >= mark; i--) {
    if (/^-- .+ --$/.test(log[i])) { head = i; break; }
  }
  if (head < 0) { return []; }
  var out = [log[head].trim()];
  for (var j = head + 1; j < log.length && j <= head + 2; j++) { out.push(log[j].trim()); }
  for (var k = head + 3; k < log.length; k++) {
    if (log[k] === log[k].trimStart()) { out.push(log[k].trim()); break; }  // the points
  }
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

// the lines shown of `lines` (log order): the latest MAX_LINES, and every earlier one
// naming the seat (what was done to its caballeros is never hidden) or playing a seat's
// power card (isBid); each a [line, mine] pair, with a gap
// [null, n] where n lines are left out; those in `skip` (a scoring in brief) dropped
export function keptLines(st, lines, skip) {
  if (skip && skip.length) { lines = lines.filter(function (l) { return skip.indexOf(l) < 0; }); }
  var mine = lines.map(function (l) { return namesSeat(st, l); });
  var keep = mine.map(function (m, i) {
    return m || i >= lines.length - MAX_LINES || isBid(st, lines[i]);
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
  var lines = [], brief = [];
  if (isSeat() && S.controls) {
    var kept = sessionStorage.getItem(key()), mark = kept === null ? null : Number(kept);
    lines = sinceLines(S.state, mark);
    brief = scoringBrief(S.state, mark);
  }
  var rows = keptLines(S.state, lines);
  // the scoring in brief, whole, where its beginning is cut off the lines shown: its
  // lines then shown there only
  if (shownOf(rows).indexOf(brief[0]) >= 0) { brief = []; }
  rows = keptLines(S.state, lines, brief);
  lines = shownOf(rows);
  S.sinceBrief = brief;
  S.since = lines;
  S.sinceEarlier = rows.reduce(function (n, r) { return n + (r[0] === null ? r[1] : 0); }, 0);
  box.textContent = "";
  box.hidden = !lines.length;
  if (!lines.length) { return; }
  box.appendChild(el("strong", {}, "Since your last choice:"));
  if (brief.length) {
    var sum = box.appendChild(el("ul", {"class": "scoring", "aria-label": "The scoring in brief"}));
    brief.forEach(function (l) {
      sum.appendChild(arrowed(el("li", namesSeat(S.state, l) ? {"class": "mine"} : {}), l));
    });
  }
  var ul = box.appendChild(el("ul", {"aria-label": "Since your last choice"}));
  var seen = visibleRows(rows, Math.max(MIN_ROWS, VISIBLE - brief.length));
  var hidden = 0;
  rows.forEach(function (r, i) {
    var li;
    if (r[0] === null) {
      li = el("li", {"class": "quiet earlier"}, "… " + r[1] + (i ? " more" : " earlier") +
              " (in the log)");
    } else {
      li = arrowed(el("li", r[1] ? {"class": "mine"} : {}), r[0]);
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
// VISIBLE lines shown, the scoring's brief among them, the rest behind one line
export var VISIBLE = 8, MIN_ROWS = 3;
// which rows show while the box is closed, at most `n` lines: the seat's own and the
// seats' power cards first, then the others, the latest of each first; the gaps ("… 2
// more") only where every line shows
function visibleRows(rows, n) {
  var lines = rows.filter(function (r) { return r[0] !== null; }).length;
  var out = {};
  if (lines <= n) { rows.forEach(function (r, i) { out[i] = true; }); return out; }
  var order = rows.map(function (r, i) { return i; }).filter(function (i) { return rows[i][0] !== null; });
  var first = function (i) { return rows[i][1] || isBid(S.state, rows[i][0]) ? 0 : 1; };
  order.sort(function (a, b) { return first(a) - first(b) || b - a; });
  order.slice(0, n).forEach(function (i) { out[i] = true; });
  return out;
}
