/* The connection: load the seat's state, show it (every part of the page drawn from it),
   hear of changes through the WebSocket, and poll without it. */
import {$, S, GAME, TOKEN, api, json} from "./core.js";
import {loadLinks, renderHeader, renderHost} from "./host.js";
import {renderControls} from "./controls.js";
import {decorateBoard} from "./board.js";
import {restoreSelection} from "./selection.js";
import {renderChart} from "./chart.js";
import {renderOffer, renderLog, renderEnd} from "./panels.js";

// -- loading
export function load() {
  return api("/state").then(json).then(function (r) {
    if (r.status !== 200) {
      $("turn").textContent = r.status === 403 ? "This link's token is not valid for this game."
        : "The game could not be loaded (" + r.status + ").";
      return;
    }
    show(r.body);
  }).catch(function () { /* offline for a moment: the next poll or message retries */ });
}

// a state from the state route or pushed by the WebSocket
function show(st) {
  var fresh = st.n !== S.n;
  S.state = st;
  if (fresh) {
    S.n = st.n;
    S.units = [];
    S.from = null;
    S.controls = st.controls;
  }
  render(fresh);
  if (fresh) { restoreSelection(); }
}

function render(fresh) {
  var st = S.state;
  renderHeader(st);
  renderHost(st);
  if (st.board_svg !== S.svg) {
    $("board").innerHTML = st.board_svg;
    S.svg = st.board_svg;
  }
  if (fresh) { renderControls(); } else { decorateBoard(); }
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
  api("/role").then(json).then(function (r) {
    if (r.status === 200 && r.body) {
      S.role = r.body.role;
      if (S.state) { renderHeader(S.state); renderHost(S.state); }
      if (S.role === "admin") { loadLinks(); }
    }
  }).catch(function () { /* the page works without it */ });
  load().then(function () { connect(); setTimeout(poll, delay); });
}
