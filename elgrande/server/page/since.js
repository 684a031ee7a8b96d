/* What happened to this seat since its last answer, shown above its next decision: the
   lines of the log (the seat's own payload: nothing hidden) written after the seat's
   last answer that name the seat and are not its own doing, the last few of them (the
   board's summary after a scoring left out: it is no news). So a
   player whose special action another player vetoed reads it where they look, not only
   in the log. The log length at the seat's last answer is kept for the tab (per game and
   seat), so a reload keeps it. */
import {$, S, GAME} from "./core.js";

var MAX_LINES = 4;
function key() { return "elgrande-since:" + GAME + ":" + S.state.seat; }
function isSeat() { return S.state && S.state.seat !== null && S.state.seat !== undefined; }

// the seat answers: the log up to here is what it has seen
export function markAnswer() {
  if (!isSeat()) { return; }
  sessionStorage.setItem(key(), String((S.state.log || []).length));
}

function escape(s) { return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"); }
// the lines after the mark that name the seat, not beginning with its name
export function sinceLines(st, mark) {
  var name = st.names && st.names[st.seat];
  var log = st.log || [];
  if (!name || mark === null || mark > log.length) { return []; }
  var named = new RegExp("(^|[^\\p{L}\\p{N}])" + escape(name) + "($|[^\\p{L}\\p{N}])", "u");
  var own = new RegExp("^" + escape(name) + "($|[^\\p{L}\\p{N}])", "u");
  var board = -1;  // the indent of a "Board now:" summary being skipped (not news)
  var out = [];
  log.slice(mark).forEach(function (raw) {
    var indent = raw.length - raw.trimStart().length, l = raw.trim();
    if (board >= 0 && indent > board) { return; }
    board = l === "Board now:" ? indent : -1;
    if (board < 0 && named.test(l) && !own.test(l)) { out.push(l); }
  });
  return out.slice(-MAX_LINES);
}

// shown with a fresh decision of the seat; hidden otherwise
export function renderSince() {
  var box = $("since");
  var lines = [];
  if (isSeat() && S.controls) {
    var kept = sessionStorage.getItem(key());
    lines = sinceLines(S.state, kept === null ? null : Number(kept));
  }
  S.since = lines;
  box.textContent = "";
  box.hidden = !lines.length;
  if (!lines.length) { return; }
  box.appendChild(document.createElement("strong")).textContent = "Since your last choice: ";
  lines.forEach(function (l, i) {
    box.appendChild(document.createTextNode((i ? " " : "") + l));
  });
}
