/* A disabled option's reason (a tooltip): shown in a strip kept free for it at the bottom
   of the decision's panel, so a reason never covers the board, another panel, nor the
   other options of the decision. (A card on offer's text shows under its card, in the
   flow: style.css; f16: its strip stayed empty under the last card.) */

import {S} from "./core.js";

// the panels whose tips show in their bottom strip, and the tips in each
var HOSTS = [["decision", "li.option > .why, span.wrap > .why, .why-idle"]];

// the strip's height: the tallest of the panel's tips, measured shown (a tip is hidden
// until its option is hovered); no tip, no strip
function reserve(box, sel) {
  var tall = 0;
  Array.prototype.forEach.call(box.querySelectorAll(sel), function (tip) {
    var shown = tip.style.display;
    tip.style.display = "block";
    tall = Math.max(tall, tip.getBoundingClientRect().height);
    tip.style.display = shown;
  });
  box.style.paddingBottom = tall ? "calc(" + Math.ceil(tall) + "px + 1rem)" : "";
  box.classList.toggle("has-tips", tall > 0);
}

// the decision's strip while no tip shows: the greyed options' reasons when they are few
// (a greyed power card said why without a hover), else where to find them; none of the
// options' at the maximum (the progress line says it is reached)
export var IDLE_MAX = 3;
function idle() {
  var box = document.getElementById("decision");
  var old = box && box.querySelector(":scope > .why-idle");
  if (old) { old.remove(); }
  if (!box) { return; }
  // at the maximum the progress line says so: the options' reasons (each the maximum)
  // are not said again, only Done's
  var c = S.controls, full = c && (c.form === "counts" || c.form === "moves") && c.max > 0 &&
    c.total >= c.max;
  var tips = box.querySelectorAll(full ? "span.wrap > .why" : "li.option > .why, span.wrap > .why");
  if (!tips.length) { return; }
  var p = document.createElement("p");
  p.className = "why-idle quiet";
  if (tips.length > IDLE_MAX) {
    p.textContent = "Greyed: hover (or focus) one for its reason.";
  } else {
    Array.prototype.forEach.call(tips, function (t) {
      var what = t.parentNode.querySelector("button, label, .label");
      var line = document.createElement("span");
      line.textContent = "Greyed: " + (what ? what.textContent.trim() : "") + " — " + t.textContent;
      p.appendChild(line);
    });
  }
  box.appendChild(p);
}

// every panel's strip, sized as drawn
export function placeTips() {
  idle();
  HOSTS.forEach(function (h) {
    var box = document.getElementById(h[0]);
    if (box && box.getClientRects().length) { reserve(box, h[1]); }
  });
}
export function listenTips() {
  window.addEventListener("resize", placeTips);
  listenPointer();
}

// A hover look (a card's text box, a reason, a button lit) only on what a real move of the
// pointer went onto: a mouse or pen moved to a new place marks (class "pointed") the
// hoverable things under it, and a press, a key or the page drawn again (calm) unmarks
// them; style.css keys every :hover look to the mark. f19: the panel, reflowed under a
// still pointer after a click, showed a card's text box over the offer list and a button
// lit as if pressed.
var HOVERABLE = "li.offer-card, li.option, span.wrap, button";
var last = null, marked = [];
function listenPointer() {
  document.addEventListener("pointermove", function (e) {
    if (e.pointerType === "touch") { return; }
    var here = e.clientX + "," + e.clientY;
    if (here === last) { return; }  // the layout moved, not the pointer
    last = here;
    var now = [];
    for (var n = e.target; n && n.closest; n = n.parentNode) {
      n = n.closest(HOVERABLE);
      if (!n) { break; }
      now.push(n);
    }
    marked.forEach(function (m) { if (now.indexOf(m) < 0) { m.classList.remove("pointed"); } });
    now.forEach(function (m) { m.classList.add("pointed"); });
    marked = now;
  }, true);
  ["pointerdown", "keydown", "wheel"].forEach(function (ev) {
    document.addEventListener(ev, calm, true);
  });
}
export function calm() {
  marked.forEach(function (m) { m.classList.remove("pointed"); });
  marked = [];
}
