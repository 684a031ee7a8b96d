/* What happened since this seat's last answer, shown above its next decision: every line
   of the log (the seat's own payload: nothing hidden) written after the seat's last
   answer (what the bots and the other players did too), the last few of them with a
   count of the earlier ones, the lines that name the seat in bold; the board's summary
   after a scoring left out (it is no news). So a player whose special action another
   player vetoed reads it where they look, not only in the log. The log length at the
   seat's last answer is kept for the tab (per game and seat), so a reload keeps it. */
import {$, S, GAME, el} from "./core.js";

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

// shown with a fresh decision of the seat; hidden otherwise
export function renderSince() {
  var box = $("since");
  var lines = [];
  if (isSeat() && S.controls) {
    var kept = sessionStorage.getItem(key());
    lines = sinceLines(S.state, kept === null ? null : Number(kept));
  }
  var earlier = Math.max(lines.length - MAX_LINES, 0);
  lines = lines.slice(earlier);
  S.since = lines;
  S.sinceEarlier = earlier;
  box.textContent = "";
  box.hidden = !lines.length;
  if (!lines.length) { return; }
  box.appendChild(el("strong", {}, "Since your last choice:"));
  var ul = box.appendChild(el("ul", {"aria-label": "Since your last choice"}));
  if (earlier) {
    ul.appendChild(el("li", {"class": "quiet earlier"}, "… " + earlier + " earlier (in the log)"));
  }
  lines.forEach(function (l) {
    ul.appendChild(el("li", namesSeat(S.state, l) ? {"class": "mine"} : {}, l));
  });
}
