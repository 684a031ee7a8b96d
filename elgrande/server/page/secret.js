/* A secret choice (B8.5; the Colonies' secret disc, C2): a click (on a button or on the
   map) holds the choice, marked on the map and said under the options; "Send" sends it,
   "Change" lets it go, so one stray click does not give away a secret answer that cannot
   be taken back. Any other choice of one option is sent at the click. */
import {S, el, label} from "./core.js";
import {send} from "./selection.js";
import {renderControls} from "./controls.js";

// the option `o` of the decision `c` chosen (a click): sent, or held if it is secret
export function choose(c, o) {
  if (!c || !c.secret || c.form !== "pick") { send(o.unit); return; }
  S.held = {n: S.n, unit: o.unit};
  renderControls();
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
  go.onclick = function () { S.held = null; send(o.unit); };
  var change = el("button", {type: "button", id: "change-held"}, "Change");
  change.onclick = function () { S.held = null; renderControls(); };
  bar.appendChild(go);
  bar.appendChild(change);
  box.appendChild(bar);
}
