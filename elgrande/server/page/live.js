/* The connection: load the seat's state, show it (every part of the page drawn from it),
   hear of changes through the WebSocket, and poll without it. */
import {$, S, GAME, TOKEN, api, el, hint, json} from "./core.js";
import {loadLinks, renderHeader, renderHost} from "./host.js";
import {renderControls} from "./controls.js";
import {decorateBoard} from "./board.js";
import {calm} from "./tips.js";
import {restoreSelection, setUnits} from "./selection.js";
import {renderSince} from "./since.js";
import {renderChart} from "./chart.js";
import {renderOffer, renderLog, renderEnd} from "./panels.js";

// -- loading (resolves to the status: 403 stops the page, see start)
var ASK = "open the link the host gave you, or ask the host — the host's page lists " +
  "every seat's link.";
export function load() {
  return api("/state").then(json).then(function (r) {
    if (r.status !== 200) {
      if (r.status === 403) { stop("This link's token is not valid for this game: " + ASK); }
      else { $("turn").textContent = "The game could not be loaded (" + r.status + ")."; }
      return r.status;
    }
    show(r.body);
    return r.status;
  }).catch(function () { return 0; /* offline for a moment: the next poll or message retries */ });
}

// a page that cannot show a game: says why plainly, and shows no empty boxes
function stop(text) {
  $("turn").textContent = text;
  $("turn").className = "stopped";
  document.body.classList.add("no-game");
}

// a state from the state route or pushed by the WebSocket
function show(st) {
  var fresh = st.n !== S.n;
  // the same state again (the socket's first push after the load, a poll): nothing is
  // drawn again, so a focused or opened card, a lit button and the log keep their place
  var text = JSON.stringify(st);
  if (!fresh && text === S.stateText) { return; }
  S.stateText = text;
  var before = S.controls, kept = S.units;
  S.state = st;
  if (fresh) {
    S.n = st.n;
    S.units = [];
    S.from = null;
    S.fromUsed = false;
    S.taken = -1;  // a lone source is taken again on this render (a reload after an answer
    S.controls = st.controls;  // may come after the push of the same state: both take it)
    // a secret choice held (secret.js) stays held while the same decision still waits
    // (another seat answered the decision taken together)
    var c = st.controls;
    if (S.held && c && before && c.secret && c.prompt === before.prompt) { S.held.n = st.n; }
  }
  render(fresh);
  if (fresh && S.stepAt != null && st.n > S.stepAt) { S.stepAt = null; headerInView(); }
  if (fresh) { restoreSelection(); }
  if (fresh && kept.length && !S.busy) { unsent(before, kept); }
}

// after this tab's answer (a step), on a narrow screen (the decision right under the
// header, style.css f18): the header (whose turn it is) and the next prompt under it in
// view (h33: on a phone the page stayed scrolled where the answer's button was, past them)
function headerInView() {
  if (!window.matchMedia("(max-width: 900px)").matches) { return; }
  var h = document.querySelector("body > header");
  if (h && h.getBoundingClientRect().top < 0) { window.scrollTo(0, 0); }
}

// the game moved on while this tab held a choice not sent (this tab sends none now):
// the same decision still waiting (another seat answered a decision taken together):
// the choice is kept; else the seat's decision was answered elsewhere: say so
function unsent(before, kept) {
  var c = S.controls;
  if (c && before && c.prompt === before.prompt && c.form === before.form && !S.units.length) {
    setUnits(kept);
    return;
  }
  hint("The game moved on in another tab or window; your unsent choice was cleared.");
}

function render(fresh) {
  var st = S.state;
  renderHeader(st);
  renderHost(st);
  if (st.board_svg !== S.svg) {
    $("board").innerHTML = st.board_svg;
    S.svg = st.board_svg;
    var title = document.querySelector("#board svg text.title");
    if ($("board-title")) { $("board-title").textContent = title ? title.textContent : ""; }
    // what "provisional" means, under the map (f19: the heading and the log said it only)
    $("provisional-note").hidden = !(st.view && st.view.provisional);
    if (!S.boardCentred) { requestAnimationFrame(kingInView); }  // once laid out
  }
  if (st.boxes_svg !== S.boxes) {
    $("players").innerHTML = st.boxes_svg || "";
    S.boxes = st.boxes_svg;
    // the seat's own box (court, hand): right under the map on a narrow screen (style.css)
    var own = st.seat == null ? null :
      document.querySelector('#players g.player[data-player="' + st.seat + '"]');
    if (own && own.ownerSVGElement) { own.ownerSVGElement.classList.add("mine"); }
  }
  if (fresh) { calm(); renderSince(); renderControls(); } else { decorateBoard(); }
  renderOffer(st);
  renderChart(st);
  renderLog(st);
  renderEnd(st);
}

// -- live: the server says when the game changes; without the socket, poll
function connect() {
  var ws;
  try {
    ws = new WebSocket((location.protocol === "https:" ? "wss://" : "ws://") + location.host +
                       "/ws/" + encodeURIComponent(GAME) + "?state=1&t=" +
                       encodeURIComponent(TOKEN));
  } catch (e) { return; }
  ws.onopen = function () { S.live = true; };
  ws.onmessage = function (e) {
    var m = {};
    try { m = JSON.parse(e.data); } catch (err) { return; }
    if (m.state) { if (!(m.state.n < S.n)) { show(m.state); } } else if (m.n !== S.n) { load(); }
  };
  ws.onclose = function () {
    var was = S.live;
    S.live = false;
    if (was) { setTimeout(connect, 2000); }
  };
}
// without the socket: poll, soon after a change, less often while nothing changes
var delay = 700;
function poll() {
  var before = S.n;
  var next = (S.live || S.busy || document.hidden) ? Promise.resolve() : load();
  next.then(function () {
    delay = S.n !== before ? 700 : Math.min(delay * 1.3, 5000);
    setTimeout(poll, delay);
  });
}
// an answer was sent: poll soon again
export function pollSoon() { delay = 700; }

// the token's role (the host's page for the admin), then the game, then the live updates
export function start() {
  if (!TOKEN) {
    stop("This address has no seat token: " + ASK);
    return;
  }
  api("/role").then(json).then(function (r) {
    if (r.status === 200 && r.body) {
      S.role = r.body.role;
      if (S.state) { renderHeader(S.state); renderHost(S.state); }
      if (S.role === "admin") { loadLinks(); }
    }
  }).catch(function () { /* the page works without it */ });
  load().then(function (status) {
    if (status !== 403) { connect(); setTimeout(poll, delay); }
  });
}

// On a narrow screen the board scrolls sideways (style.css): its first drawing is scrolled
// so that the king's region (B5) is in view, not only the board's left edge (also when a
// window first becomes that narrow); later drawings keep the player's own scroll. The
// note above it says on which side the rest of the board is, as it is scrolled (f16: a
// fixed "→" pointed away from the part cut off on the left).
window.addEventListener("resize", function () {
  if (!S.boardCentred) { kingInView(); }
  sideWords();
});
function kingInView() {
  var area = $("board-area"), king = document.querySelector("#board g.king");
  if (!area) { return; }
  if (!area.onscroll) { area.onscroll = sideWords; }
  sideWords();
  if ( !king || area.scrollWidth <= area.clientWidth) { return; }
  S.boardCentred = true;
  // scrolled no further than needed (the board's west kept where it can be): the king's
  // centre some 90 px inside the right edge
  var a = area.getBoundingClientRect(), k = king.getBoundingClientRect();
  var over = (k.left + k.width / 2) - (a.left + area.clientWidth - 90);
  if (over > 0) { area.scrollLeft += over; }
  sideWords();
}

// the note above a board wider than its area: where the part out of sight is
export function sideWords() {
  var area = $("board-area"), note = $("board-hint");
  if (!area || !note) { return; }
  var left = area.scrollLeft > 1, right = area.scrollLeft + area.clientWidth < area.scrollWidth - 1;
  var words = left && right ? "← More of the board on both sides: swipe it sideways →" :
    left ? "← More of the board to the left: swipe it sideways to see it" :
    right ? "More of the board to the right: swipe it sideways to see it →" :
    "The whole board is in view.";
  if (note.textContent === words) { return; }
  // f18: an arrow never alone on a line: kept with the word beside it (a span not
  // wrapped inside), the note's text unchanged
  note.textContent = "";
  words.split(/(← \S+|\S+ →)/).forEach(function (part, i) {
    if (!part) { return; }
    note.appendChild(i % 2 ? el("span", {"class": "keep"}, part) : document.createTextNode(part));
  });
}
