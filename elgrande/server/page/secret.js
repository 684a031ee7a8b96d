/* A secret choice (B8.5; the Colonies' secret disc, C2): a click (on a button or on the
   map) holds the choice, marked on the map and said under the options; "Send" sends it,
   "Change" lets it go, so one stray click does not give away a secret answer that cannot
   be taken back. Any other choice of one option is sent at the click. A held choice is
   kept for this tab across a reload (sessionStorage, as selection.js keeps unsent units:
   same seat, same decision), and dropped once sent, let go, or the decision is another. */
import {S, GAME, el, hint, label} from "./core.js";
import {send} from "./selection.js";
import {renderControls} from "./controls.js";

// the option `o` of the decision `c` chosen (a click): sent, or held if it is secret
export function choose(c, o) {
  if (!c || !c.secret || c.form !== "pick") { send(o.unit); return; }
  S.held = {n: S.n, unit: o.unit};
  keepHeld();
  renderControls();
}

// -- the held choice kept for this tab across a reload: one entry per game and seat,
//    {n, round, prompt, unit}; it is the same decision at the same n, or at a later n of
//    the same round and prompt (other seats answered a decision taken together: live.js
//    keeps the held choice then too)
var HELD = "elgrande-held:" + GAME + ":";
function heldKey() { return S.state && S.state.seat != null ? HELD + S.state.seat : null; }
function round() { return ((S.state && S.state.view && S.state.view.state) || {}).round; }
export function keepHeld() {
  var k = heldKey();
  if (!k) { return; }
  if (S.held && S.held.n === S.n && S.controls && S.controls.secret) {
    sessionStorage.setItem(k, JSON.stringify({n: S.n, round: round(),
                                              prompt: S.controls.prompt, unit: S.held.unit}));
  } else {
    sessionStorage.removeItem(k);
  }
}
// after a reload (a fresh state, nothing held yet): the choice held before it, held
// again where this decision is the one it was made at and still offers it enabled
export function restoreHeld() {
  var c = S.controls, k = heldKey();
  if (!k || S.held) { keepHeld(); return; }
  var kept = null;
  try { kept = JSON.parse(sessionStorage.getItem(k) || "null"); } catch (e) { kept = null; }
  var same = kept && c && c.secret && c.form === "pick" && (kept.n === S.n ||
    (kept.n < S.n && kept.round === round() && kept.prompt === c.prompt));
  if (same) {
    var want = JSON.stringify(kept.unit);
    var o = c.options.filter(function (x) { return x.enabled && JSON.stringify(x.unit) === want; })[0];
    if (o) {
      S.held = {n: S.n, unit: o.unit};
      keepHeld();
      renderControls();
      hint("Your secret choice before the reload is back: it is not sent yet.");
      return;
    }
  }
  sessionStorage.removeItem(k);
}

// the option held for this decision (null: none)
export function heldOption(c) {
  if (!c || !c.secret || !S.held || S.held.n !== S.n) { return null; }
  var want = JSON.stringify(S.held.unit);
  return c.options.filter(function (o) { return JSON.stringify(o.unit) === want; })[0] || null;
}

// what is held, with its Send and Change buttons (in the decision's actions row; on a
// narrow screen a bar at the bottom of the screen, style.css, seen where the map was tapped)
export function renderHeld(c, box) {
  var o = heldOption(c);
  if (!o) { return; }
  var bar = el("div", {"class": "held-bar", id: "held", role: "group", "aria-label": "Your secret choice"});
  bar.appendChild(el("span", {"class": "chosen", "aria-label": "Chosen, not sent yet"},
                     "Chosen, not sent yet: " + label(o) + "."));
  var go = el("button", {type: "button", "class": "primary", id: "send-held"}, "Send");
  go.onclick = function () { S.held = null; keepHeld(); send(o.unit); };
  var change = el("button", {type: "button", id: "change-held"}, "Change");
  change.onclick = function () { S.held = null; keepHeld(); renderControls(); };
  bar.appendChild(go);
  bar.appendChild(change);
  box.appendChild(bar);
}
