/* The seat's answer in the making: the units chosen and not yet sent (kept for this tab
   across a reload), the server's controls for them, sending the answer, and a refusal's
   rule when the server refuses one. */
import {$, S, GAME, api, json, hint} from "./core.js";
import {renderControls} from "./controls.js";
import {load, pollSoon} from "./live.js";
import {markAnswer} from "./since.js";
import {restoreHeld} from "./secret.js";

export function flat(units) {
  var out = [];
  units.forEach(function (u) { out = out.concat(u); });
  return out;
}
export function same(a, b) { return a.length === b.length && a.every(function (x, i) { return x === b[i]; }); }

// -- the selection not yet sent, kept for this tab across a reload (per game, seat and
//    answer number n: a selection of an earlier decision is dropped)
var SEL = "elgrande-selection:" + GAME + ":";
function selectionKey() { return SEL + S.state.seat + ":" + S.n; }
function keepSelection() {
  if (!S.state || S.state.seat === null || S.state.seat === undefined) { return; }
  for (var i = sessionStorage.length - 1; i >= 0; i--) {
    var k = sessionStorage.key(i);
    if (k && k.indexOf(SEL) === 0 && k !== selectionKey()) { sessionStorage.removeItem(k); }
  }
  if (S.units.length) { sessionStorage.setItem(selectionKey(), JSON.stringify(S.units)); }
  else { sessionStorage.removeItem(selectionKey()); }
}
export function restoreSelection() {
  var c = S.controls;
  restoreHeld();  // a secret choice held before the reload (secret.js)
  if (!c || c.form === "pick" || S.units.length) { keepSelection(); return; }
  var kept = null;
  try { kept = JSON.parse(sessionStorage.getItem(selectionKey()) || "null"); } catch (e) { kept = null; }
  keepSelection();
  if (kept && kept.length) {
    setUnits(kept).then(function () {
      if (S.units.length) { hint("Your choices before the reload are back: they are not sent yet."); }
    });
  }
}

export function setUnits(units) {
  var before = S.units;
  hint("");
  S.units = units;
  var n = S.n;
  // numbered: a later choice (a quick second click) supersedes this reply if it comes last
  var asked = ++S.asked;
  return api("/controls?actions=" + flat(units).join(",")).then(json).then(function (r) {
    if (n !== S.n || asked !== S.asked) { return; }  // the game or the choice moved on
    if (r.status === 200) {
      S.controls = r.body.controls;
      if (S.controls) { S.units = S.controls.units; }
      keepSelection();
      renderControls();
    } else if (r.status === 422) {
      S.units = before;
      keepSelection();
      showRefusal(r.body);
      renderControls();
    } else if (r.status === 409 || r.status === 410) {
      load();
    }
  });
}
export function add(unit) {
  if (S.from) { S.fromUsed = true; }  // a move made from the chosen source
  setUnits(S.units.concat([unit]));
}
export function remove(unit) {
  var i = -1;
  S.units.forEach(function (u, j) { if (same(u, unit)) { i = j; } });
  if (i >= 0) { setUnits(S.units.slice(0, i).concat(S.units.slice(i + 1))); }
}

// then: the actions of the same seat's next answer, sent with it (a combined answer)
export function send(actions, then) {
  if (S.busy) { return Promise.resolve(); }
  pollSoon();
  S.busy = true;
  hint("");
  markAnswer();
  var sentAt = S.state.n, sentKey = selectionKey();
  S.stepAt = sentAt;  // the next state past it is this answer's step (live.js headerInView)
  var body = JSON.stringify(then ? {n: sentAt, actions: actions, then: {actions: then}} :
                            {n: sentAt, actions: actions});
  return api("/answer", {method: "POST", body: body,
                         headers: {"Content-Type": "application/json"}})
    .then(json).then(function (r) {
      S.busy = false;
      // the units sent (or refused: the decision is reloaded below), unless the pushed
      // state came first and the units are a choice begun on it since
      if (S.n === sentAt) { S.units = []; }
      if (r.status !== 200) { S.stepAt = null; }
      if (r.status === 200) {
        hideRefusal();
        sessionStorage.removeItem(sentKey);
      } else if (r.status === 409) {
        hint("Another answer came first: the page shows the game as it is now.");
      } else if (r.status === 422) {
        showRefusal(r.body);
      } else {
        hint((r.body && r.body.error) || ("The server refused the answer (" + r.status + ")."));
      }
      // the answer taken and its state already pushed (the socket came first): that
      // state stays drawn, so a choice begun on it since is not cleared by a second drawing
      if (r.status === 200 && S.n !== sentAt) { return undefined; }
      S.n = -1;  // else reload the decision (taken, or refused: drawn again either way)
      return load();
    }, function () { S.busy = false; S.stepAt = null; });
}

// -- a refusal: its rule, the error and the rule's text (B3.4)
function showRefusal(b) {
  b = b || {};
  $("refusal-rule").textContent = (b.rule || "") + (b.title ? ": " + b.title : "");
  $("refusal-error").textContent = b.error || "";
  $("refusal-text").textContent = b.rule_text || "";
  $("refusal").hidden = false;
}
function hideRefusal() { $("refusal").hidden = true; }
export function listenRefusal() { $("refusal-close").onclick = hideRefusal; }
