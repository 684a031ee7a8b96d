/* What happened since this seat's last answer, shown above its next decision: every line
   of the log (the seat's own payload: nothing hidden) written after the seat's last
   answer and its own lines (what the bots and the other players did too: sinceMark):
   the latest few lines, every earlier one that names the seat (the seat's in bold) and
   every seat's power card played, in the log's order, the others folded together under
   one expander at the box's top ("Show 5 earlier lines"); the board's summary after a
   scoring left out (it is no news). So a player whose special action another
   player vetoed reads it where they look, not only in the log. The log length at the
   seat's last answer is kept for the tab (per game and seat), so a reload keeps it. */
import {$, S, GAME, el, arrowed, endOnLineStart, noted} from "./core.js";

export var MAX_LINES = 8;
function key() { return "elgrande-since:" + GAME + ":" + S.state.seat; }
function isSeat() { return S.state && S.state.seat !== null && S.state.seat !== undefined; }

// the seat answers: the log up to here is what it has seen
export function markAnswer() {
  if (!isSeat()) { return; }
  sessionStorage.setItem(key(), String((S.state.log || []).length));
}

function escape(s) { return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"); }
// a tab that never answered here (a new tab, another device, f25: no box at all): the
// log after the seat's last line of its own doing (an unindented line that starts with
// its name: "Ana plays power card 5.", "Ana places caballeros: ..."), else none
export function lastOwnLine(st) {
  var name = st.names && st.names[st.seat], log = st.log || [];
  if (!name) { return null; }
  for (var i = log.length - 1; i >= 0; i--) {
    if (log[i].indexOf(name + " ") === 0 || log[i].indexOf(name + "'s ") === 0) { return i + 1; }
  }
  return null;
}

// the mark of a tab that answered here (`kept`: the log's length then), or later where the
// SEAT answered since from another tab or device (h33: the desktop's box started before
// the answer sent from the phone): a line of the seat's doing ("Ana places ...") after
// another's unindented line written since `kept` (an answer's own lines come before any
// other's; a later one of the seat's is another answer of its, which this tab would have
// marked had it sent it): after the last such line. A line of the seat's things ("Ana's
// power card 2 brings no caballeros", written at another's answer) is neither's.
export function answeredElsewhere(st, kept) {
  var name = st.names && st.names[st.seat], log = st.log || [], other = false, mark = kept;
  if (!name) { return kept; }
  for (var i = kept; i < log.length; i++) {
    var l = log[i] || "";
    if (!l || /^\s/.test(l) || l.indexOf(name + "'s ") === 0) { continue; }  // details
    if (l.indexOf(name + " ") === 0) { if (other) { mark = i + 1; } } else { other = true; }
  }
  return mark;
}

// whose line a line is (the seat whose name starts it, trimmed: "Greta sends ...",
// "  Greta's ..."; the longest name where one starts another, "Ana" and "Ana Maria"), or -1
export function lineOwner(st, line) {
  var t = (line || "").trim(), who = -1, len = -1;
  (st.names || []).forEach(function (n, k) {
    if (n && n.length > len && (t.indexOf(n + " ") === 0 || t.indexOf(n + "'s ") === 0)) {
      who = k; len = n.length;
    }
  });
  return who;
}

// past the seat's own lines at `i` (f28: the box began with "Ben plays power card 3.",
// the seat's own answer, no news to it): the lines of the seat's doing or things ("Ana
// moves 2 caballeros ...", "Ana's special action this turn: ..."), and the lines
// indented under them, up to the first line of another's (an answer's own lines come
// before any other's; a tab marks its answer before they are written): unindented, or
// indented and starting with another seat's name (f29: "  Greta sends 1 caballero ...",
// written by the seat's own card under "Ana carries out the special action of ...", is
// news to it); an unnamed indented line is skipped only under a line of the seat's (f31:
// "  Secret choices revealed: ..." and its scoring, written by the seat's secret answer
// under another's card, are news)
export function pastOwnLines(st, i) {
  var name = st.names && st.names[st.seat], log = st.log || [], own = -1;
  if (!name || i === null) { return i; }
  while (i < log.length) {
    var l = log[i] || "", who = lineOwner(st, l), indent = l.length - l.trimStart().length;
    if (l.trim() && who !== st.seat && (who >= 0 || own < 0 || indent <= own)) { break; }
    if (l.trim() && who === st.seat) { own = indent; }
    i++;
  }
  return i;
}

// where the box starts: after the seat's last answer's own lines, the answer this tab
// sent (its mark kept: the log's length then), or one sent elsewhere since (answeredElsewhere),
// or, where this tab never answered, the seat's last line of its own doing (lastOwnLine)
export function sinceMark(st, kept) {
  return pastOwnLines(st, kept === null ? lastOwnLine(st) : answeredElsewhere(st, kept));
}

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

// whether a line is one region's tally of a scoring (B6.5, B8.6; elgrande/play/narrate.py:
// "  Galicia (values 4/2/0): NAME 2 caballeros -> 4 points; ..."): never folded away, so
// "Points this scoring" is shown with the lines it adds up (f24: only the seat's own
// lines showed, and its points read as the whole scoring)
export function isTally(line) { return /^\s*(Scoring by .+: )?[^()]+ \(values [^)]*\): /.test(line); }

// the points the seat scored in a line ("NAME 6 caballeros -> 5 points", B6.5), 0 if none
export function seatPoints(st, line) {
  var name = st.names && st.names[st.seat];
  if (!name) { return 0; }
  var m = new RegExp("(^|[^\\p{L}\\p{N}])" + escape(name) + " [^;:,]*?-> (\\d+) point", "u").exec(line);
  return m ? Number(m[2]) : 0;
}

// which lines are worth showing while the box is closed (f13): the latest MAX_LINES, and
// every earlier one naming the seat (what was done to its caballeros is never hidden),
// playing a seat's power card (isBid), changing the board for everyone (isKey) or
// scoring a region (isTally)
export function keptFlags(st, lines) {
  var scoring = inScoring(lines);  // a general scoring's lines (the Castillo emptied too)
  return lines.map(function (l, i) {
    return namesSeat(st, l) || i >= lines.length - MAX_LINES || isBid(st, l) || isKey(l) ||
      isTally(l) || !!scoring[i];
  });
}

// the one expander's words (h29, f21/f22: several "… n more lines" one under another
// confused): what it opens, "Show 7 earlier lines", and opened "Hide the 7 earlier lines"
export function gapWords(n, open, earlier) {
  var what = n + (earlier === false ? " more " : " earlier ") + (n === 1 ? "line" : "lines");
  return open ? "Hide the " + what : "Show " + what;
}

// shown with a fresh decision of the seat; hidden otherwise. Every line since the seat's
// last answer is in the box; while closed only the few of visibleRows show (the newest,
// and the earlier ones never folded: the seat's, the power cards, the board's changes),
// in the log's order; the others are folded together under ONE expander at the box's top
// ("Show 7 earlier lines"; one line alone is shown instead, its expander as long); opened,
// every line shows in its place and the expander hides them again
export function renderSince() {
  var box = $("since");
  var lines = [];
  if (isSeat() && S.controls) {
    var kept = sessionStorage.getItem(key());
    lines = sinceLines(S.state, sinceMark(S.state, kept === null ? null : Number(kept)));
  }
  var seen = visibleRows(lines, keptFlags(S.state, lines), VISIBLE);
  lines.slice(-NEWEST).forEach(function (l, i) { seen[lines.length - 1 - i] = true; });
  var hidden = lines.length - Object.keys(seen).length;
  // "earlier" only when every folded line comes before the first shown (f26: lines folded
  // inside a scoring were announced as earlier ones)
  var firstShown = Math.min.apply(null, Object.keys(seen).map(Number).concat([lines.length]));
  var earlier = lines.every(function (l, i) { return seen[i] || i < firstShown; });
  if (hidden === 1) { lines.forEach(function (l, i) { seen[i] = true; }); hidden = 0; }
  S.since = lines;
  S.sinceEarlier = hidden;
  box.textContent = "";
  box.classList.remove("open");
  box.hidden = !lines.length;
  placeSince(lines.length);
  if (!lines.length) { return; }
  box.appendChild(el("strong", {}, "Since your last choice:"));
  var ul = box.appendChild(el("ul", {"aria-label": "Since your last choice"}));
  if (hidden) {
    var more = el("button", {type: "button", "class": "since-more", "aria-expanded": "false",
                             title: "Every line since your last choice, in its place"},
                  gapWords(hidden, false, earlier));
    more.onclick = function () {
      var open = box.classList.toggle("open");
      more.setAttribute("aria-expanded", String(open));
      more.textContent = gapWords(hidden, open, earlier);
    };
    ul.appendChild(el("li", {"class": "quiet gap"})).appendChild(more);
  }
  lines.forEach(function (l, i) {
    var cls = (namesSeat(S.state, l) ? ["mine"] : []).concat(isKey(l) ? ["key"] : [])
      .concat(seen[i] ? [] : ["folded"]);
    var li = noted(arrowed(el("li", cls.length ? {"class": cls.join(" ")} : {}), l), l);
    if (isKey(l)) { li.title = KEY_WORDS; }
    ul.appendChild(li);
  });
  // what the bold and the italic lines are (f16: no legend said it)
  var kinds = (lines.some(function (l) { return namesSeat(S.state, l); }) ? [MINE_WORDS] : [])
    .concat(lines.some(isKey) ? [KEY_WORDS] : []);
  if (kinds.length) { box.appendChild(el("p", {"class": "quiet since-legend"}, kinds.join(". ") + ".")); }
  toNewest(box, ul);
}

// h45: the box's list is capped in height (style.css "h45": after a general scoring its
// ~20 lines pushed the decision's buttons below a laptop's screen) and scrolls by itself:
// shown at its newest lines, and where lines are scrolled out above, the heading says so
export var SCROLL_WORDS = " (scroll up in the box for the earlier ones)";
// (once laid out: the decision's panel is shown after the box is filled)
function toNewest(box, ul) {
  requestAnimationFrame(function () {
    if (!ul.isConnected) { return; }
    var gap = ul.querySelector("li.gap");  // the expander, stuck at the top (style.css h45)
    endOnLineStart(ul, ul.children, gap && gap.offsetParent ? gap : null);
    var more = ul.scrollHeight > ul.clientHeight + 1, note = box.querySelector(".since-scroll");
    box.classList.toggle("scrolls", more);
    if (more && !note) { box.firstChild.appendChild(el("span", {"class": "since-scroll quiet"}, SCROLL_WORDS)); }
    if (!more && note) { note.remove(); }
  });
}

// the legend's words: a line in bold, marked "▸" (style.css .since li.mine), names the
// seat (f29: the marker was not explained); one in italics changes the board for everyone
// (isKey)
export var MINE_WORDS = "In bold, marked ▸: what names you";
export var KEY_WORDS = "In italics: what changes the board for everyone (a general scoring, " +
  "the secret discs revealed, the king moved)";

// the box kept short (a general scoring's ~20 lines pushed the decision down): at most
// VISIBLE lines shown while closed (more only where the lines changing the board for
// everyone are more), in the log's order (never reordered), the rest folded in place
export var VISIBLE = 8;
// the newest lines, always shown (h29: the lines folded are the earlier ones)
export var NEWEST = 4;
// which of `lines` show while the box is closed (an object of their indices), at most
// `n` of those `keep` flags beside the ones always shown: every line changing the board
// for everyone (isKey), each seat's power card played (isBid) and the seat's own; then
// the others, the latest first
function visibleRows(lines, keep, n) {
  var out = {};
  var order = lines.map(function (l, i) { return i; }).filter(function (i) { return keep[i]; });
  var scoring = inScoring(lines);
  var rank = function (i) {
    var l = lines[i];
    return isKey(l) || isBid(S.state, l) || scoring[i] ? 0 : namesSeat(S.state, l) ? 1 : 2;
  };
  var pts = function (i) { return seatPoints(S.state, lines[i]); };
  order.sort(function (a, b) { return rank(a) - rank(b) || pts(b) - pts(a) || b - a; });
  // the seat's own lines are never hidden either (f25: a scoring's 1-point line of the
  // seat's was folded, and its points did not add up; docs/serve.md promises them)
  order.forEach(function (i, k) { if (k < n || rank(i) <= 1) { out[i] = true; } });
  return out;
}

// which of `lines` belong to a general scoring (B6): from its heading ("-- Scoring after
// round 3 --") to its total ("Points this scoring: ..."), the Castillo emptied and every
// region's tally between (f26: the others' lines of a scoring were folded, and the total
// did not add up)
export function inScoring(lines) {
  var out = {}, open = false;
  lines.forEach(function (l, i) {
    if (/^-- .+ --$/.test(l)) { open = true; }
    if (open) { out[i] = true; }
    if (/^Points this scoring: /.test(l)) { open = false; }
  });
  return out;
}

// a phone (f20): a long box above the answer's buttons pushed them off the first screen, so
// there the box goes under the buttons and one line under the prompt points to it (a tap
// scrolls to it); a wider screen keeps it above them. Kept right as the screen turns.
export var NARROW = "(max-width: 600px)";
var narrow = window.matchMedia(NARROW);
function placeSince(n) {
  var box = $("since"), jump = $("since-jump");
  var below = narrow.matches && n > 0;
  if (!jump) {
    jump = el("button", {type: "button", id: "since-jump", "class": "since-jump"});
    jump.onclick = function () { $("since").scrollIntoView({block: "start"}); };  // its first line
  }
  jump.textContent = "↓ Since your last choice: " + n + (n === 1 ? " line" : " lines") +
    ", under the buttons";
  jump.hidden = !below;
  if (below) {
    $("actions").after(box);
    $("prompt").after(jump);
  } else {
    $("prompt").after(box);
    if (jump.parentNode) { jump.remove(); }
  }
}
narrow.addEventListener("change", function () { placeSince(S.since ? S.since.length : 0); });
