/* The controls of a move decision (B8.2, form "moves"): its sources (whose, how many are
   still there), where to, and the moves chosen and not sent yet, with their arrows on the
   map brought into view on a phone. */
import {$, S, el, nameOf} from "./core.js";
import {add, remove} from "./selection.js";
import {optionItem, renderControls} from "./controls.js";
import {COUNT_KEY, drawsCounts} from "./preview.js";

export function groupKey(o) { return o.from + "|" + o.player + "|" + (o.kind === undefined ? "" : o.kind); }
export function groupLabel(o) {
  return "from " + o.from_label + ": " + owner(o.player) + (o.kind_label ? " (" + o.kind_label + ")" : "");
}
// whose caballeros: the seat's own "your caballeros", as its prompt says (f20: its own
// name among the others' read as someone else's), another's by name
function owner(p) { return S.state && p === S.state.seat ? "your caballeros" : nameOf(p); }
function owners(p) { return S.state && p === S.state.seat ? "yours" : nameOf(p) + "'s"; }
// how many of a source's caballeros are still there (the moves so far taken off): said on
// its button (f20: "from Valencia: Bot Bea (3)"); none where the owner's caballeros there
// are of several kinds (its "available" counts them all)
function left(c, g) {
  if (g[0].kind_label || g[0].available == null) { return ""; }
  var moved = c.options.reduce(function (n, o) {
    return n + (o.from === g[0].from && o.player === g[0].player ? o.count : 0);
  }, 0);
  return " (" + (g[0].available - moved) + ")";
}

// why a source none of whose caballeros may move anywhere now is greyed: all of them
// already moved in this answer (f14: said so, not a rule's refusal), the answer's
// maximum reached (f18), else its
// destinations' one reason where they share it, else that none may go anywhere
function sourceWhy(c, g) {
  var moved = c.options.reduce(function (n, o) {
    return n + (o.from === g[0].from && o.player === g[0].player ? o.count : 0);
  }, 0);
  var all = g[0].available;
  if (moved && all && moved >= all) {
    return {enabled: false, rule: g[0].rule, title: g[0].title, why: all === 1 ?
      "the only one is already moved in this answer" :
      "all " + all + " are already moved in this answer"};
  }
  if (c.max && c.total >= c.max) {  // the answer's maximum reached (f18: not "none may move")
    return {enabled: false, rule: g[0].rule, title: g[0].title, why: "the maximum, " + c.max +
      (c.max === 1 ? " caballero" : " caballeros") + ", is reached in this answer"};
  }
  var whys = {};
  g.forEach(function (o) { whys[o.rule + "|" + o.why] = o; });
  var keys = Object.keys(whys);
  return keys.length === 1 ? g[0] : {enabled: false, rule: g[0].rule, title: g[0].title,
    why: "none of these caballeros may move anywhere now"};
}

// a chosen source none of whose caballeros may move now: "all 3 of p3's are moved" (the
// moves so far took them), else none may go anywhere now
function spentWords(c, g) {
  var r = sourceWhy(c, g), who = owners(g[0].player), all = g[0].available;
  if (!/already moved/.test(r.why || "")) { return "none of " + who + " here may move anywhere now"; }
  return all === 1 ? "the only one of " + who + " is moved" : "all " + all + " of " + who + " are moved";
}

// the heading over a chosen source: "Moving your caballeros from Valencia", "Moving Bot
// Bea's caballeros (grande) from Valencia"
function moving(o) {
  return "Moving " + (S.state && o.player === S.state.seat ? "your" : owners(o.player)) +
    " caballeros" + (o.kind_label ? " (" + o.kind_label + ")" : "") + " from " + o.from_label;
}

// a "Move to" button's words before its destination: one caballero a click (h33)
export var ONE = "+1 to ";

function capital(t) { return t.charAt(0).toUpperCase() + t.slice(1); }

export function renderMoves(c, box) {
  var chosen = el("ul", {"class": "moves", "aria-label": "Moves so far"});
  var seen = {};
  c.options.forEach(function (o) {
    if (o.count && !seen[o.unit.join(",")]) {
      seen[o.unit.join(",")] = true;
      var li = el("li", {}, o.count + " × " + owner(o.player) + ": " + o.from_label + " → " +
                  o.to_label + (o.kind_label ? " (" + o.kind_label + ")" : ""));
      var x = el("button", {type: "button", "aria-label": "take back one: " + o.label}, "−");
      x.onclick = function () { remove(o.unit); };
      li.appendChild(x);
      chosen.appendChild(li);
    }
  });
  var groups = {}, order = [];
  c.options.forEach(function (o) {
    var k = groupKey(o);
    // a source with nothing to move is no choice (f17: empty regions were buttons)
    if (o.available === 0 && !o.enabled && !groups[k] && !c.options.some(function (x) {
      return groupKey(x) === k && (x.enabled || x.count);
    })) { return; }
    if (!groups[k]) { groups[k] = []; order.push(k); }
    groups[k].push(o);
  });
  // one source (and owner) only that may move now: taken at once (once a decision: a
  // click may let it go), so the next step is where to; said in the heading
  var openKeys = order.filter(function (k) { return groups[k].some(function (o) { return o.enabled; }); });
  // a chosen source whose caballeros are used up (none may go anywhere now) stays chosen,
  // its "to" buttons off with the reason, until the player picks another: a click never
  // moves another source's caballeros unasked (f17: the only source left was taken for
  // the seat and a fourth click on the same "to" button moved one of its)
  if (S.from && !groups[S.from]) { S.from = null; }
  var spent = !!S.from && c.total < c.max && openKeys.indexOf(S.from) < 0;
  // what the player does next: another source, or Done where no other may move
  var next = openKeys.length ? ": choose another source" : ": no others may move; Done sends them";
  if (!S.from && openKeys.length === 1 && S.taken !== S.n) {
    S.from = openKeys[0]; S.fromUsed = false; S.taken = S.n;
  }
  var taken = S.taken === S.n && S.from === openKeys[0] && openKeys.length === 1;
  var srcs = el("ul", {"aria-label": "Move from"});
  order.forEach(function (k) {
    var g = groups[k];
    var open = g.filter(function (o) { return o.enabled; });
    var b = el("button", {type: "button", "aria-pressed": String(S.from === k)},
                   groupLabel(g[0]) + left(c, g));
    b.disabled = !open.length;
    // a second click on the chosen source unchooses it, unless a move was made from it
    // since (then the click starts a new move from it) or it was taken as the only one
    b.onclick = function () {  // (the only source, taken for the seat: it stays)
      S.from = S.from === k && !S.fromUsed && !(S.taken === S.n && !c.total) ? null : k;
      S.fromUsed = false;
      renderControls();
    };
    // greyed only when disabled, with the reason that disables it: a destination's
    // refusal belongs to that destination (its fold), not to an open source
    srcs.appendChild(optionItem(open.length ? {enabled: true} : sourceWhy(c, g), b));
  });
  // the heading says what is asked now: where from (and whose), whose where the source
  // is given (a card's chosen region), then where to
  var one = order.every(function (k) { return groups[k][0].from === groups[order[0]][0].from; });
  box.appendChild(el("h3", {}, spent ? capital(spentWords(c, groups[S.from])) + next :
                     S.from ? moving(groups[S.from][0]) +
                     (taken ? " (the only ones that may move)" : "") :
                     !one || !order.length ? "Move from: choose whose caballeros, and where from" :
                     "Move from " + groups[order[0]][0].from_label + ": choose " +
                     (order.length > 1 ? "whose caballeros" : "these caballeros") +
                     ", then where to"));
  box.appendChild(srcs);
  if (S.from && groups[S.from]) {
    var dests = el("ul", {"aria-label": "Move to"});
    // rows only for the places they may go to now; the others are said in the one
    // "Why not other places?" line (the server's folds) or, at the maximum, the heading
    var off = spent ? {enabled: false, rule: groups[S.from][0].rule,
                       title: groups[S.from][0].title,
                       why: spentWords(c, groups[S.from]) + next} : null;
    groups[S.from].filter(function (o) { return o.enabled || (spent && o.count); }).forEach(function (o) {
      // a click moves ONE caballero (h33): the button says so
      var b = el("button", {type: "button"}, ONE + o.to_label);
      b.disabled = spent;
      b.onclick = function () { if (!spent) { add(o.unit); } };
      dests.appendChild(optionItem(off || o, b));
    });
    var full = c.total >= c.max && !groups[S.from].some(function (o) { return o.enabled; });
    box.appendChild(el("h3", {"class": "where"}, full ? "Where to? None: the maximum, " + c.max +
                       (c.max === 1 ? " caballero" : " caballeros") + ", is reached" : "Where to?"));
    box.appendChild(dests);
  }
  // what is chosen, under the buttons: above them it pushed every "to" button down at the
  // first click, so a second click at the same spot missed (f20, as the steppers' f18)
  if (chosen.children.length) { renderChosen(c, box, chosen); }
}

// the moves chosen and not sent yet: the map beside the decision, its arrows said; under
// a narrow screen's map (out of sight, f17) a button brings it into view
function renderChosen(c, box, chosen) {
  var narrow = window.matchMedia("(max-width: 900px)").matches;
  box.appendChild(el("h3", {"class": "chosen-moves"}, "Chosen, not sent yet (Done sends them" +
                     (narrow ? ")" : "; arrows on the map)")));
  box.appendChild(chosen);
  if (drawsCounts(c)) {  // the "2→0" (h45), where the map draws one (h46)
    box.appendChild(el("p", {"class": "quiet count-key"}, COUNT_KEY));
  }
  if (narrow) {
    var see = el("button", {type: "button", id: "see-arrows"}, "Show the arrows on the map");
    see.onclick = showArrows;
    box.appendChild(see);
  }
}

// the map brought into view with the chosen moves' arrows (their sources, destinations and
// "×n" labels): on a phone the map also scrolls sideways, and stayed where it was (f20: an
// arrow ran off its left edge, its label cut); scrolled so that they are all in view,
// centred; where they are wider than the screen the map is drawn smaller until they fit
// (f28: Valencia → Galicia was cut at both edges), and a button at the map's top leads
// back to the moves and Done (f28: Done was then off the screen)
var ARROW_PAD = 16;  // CSS px kept clear around the arrows (the heads, the labels' frames)
var MARKS = "g#pending line.pending-move, g#pending path.pending-move, g#pending text.pending-count";
function showArrows() {
  var area = $("board-area");
  if (area.querySelectorAll(MARKS).length && area.scrollWidth > area.clientWidth) {
    fit(area, ends(area));
    across(area, ends(area));
  }
  backButton(area).hidden = false;
  S.arrowsAt = S.n;
  area.scrollIntoView({block: "start"});  // (last: the page's own scroll as asked)
}
// the arrows, their "×n", the counts they would make (preview.js) and the names of the
// places they join (so both ends are seen as places, not only the arrow's tips)
function ends(area) {
  var out = Array.prototype.slice.call(area.querySelectorAll(
    MARKS + ", g#pending g.preview-new, g#pending g.preview-count"));
  Array.prototype.forEach.call(area.querySelectorAll("g#pending .pending-move"), function (m) {
    [m.getAttribute("data-from"), m.getAttribute("data-to")].forEach(function (id) {
      var t = area.querySelector('#board g.place[data-place="' + id + '"] > text');
      if (t) { out.push(t); }
    });
  });
  return out;
}
// the arrows' extent across the map (screen px, the map's scroll included)
function extent(area, marks) {
  var a = area.getBoundingClientRect(), lo = Infinity, hi = -Infinity;
  Array.prototype.forEach.call(marks, function (m) {
    var r = m.getBoundingClientRect();
    lo = Math.min(lo, r.left); hi = Math.max(hi, r.right);
  });
  var at = a.left + area.clientLeft - area.scrollLeft;
  return {left: lo - at - ARROW_PAD, right: hi - at + ARROW_PAD};
}
// the map drawn smaller where the arrows are wider than its area (never smaller than the
// area: the whole map then fits); its usual size back with resetArrows
function fit(area, marks) {
  var e = extent(area, marks), svg = area.querySelector("#board svg");
  if (!svg || e.right - e.left <= area.clientWidth) { return; }
  var now = svg.getBoundingClientRect().width;
  svg.style.width = Math.max(area.clientWidth, Math.floor(now * area.clientWidth /
                                                          (e.right - e.left))) + "px";
  window.dispatchEvent(new Event("resize"));  // the map's text and its side note redone
}
function across(area, marks) {
  var e = extent(area, marks), view = area.clientWidth;
  area.scrollLeft = e.right - e.left <= view ? (e.left + e.right - view) / 2 : e.left;
}
// the button at the map's top back to the moves chosen and Done (shown by showArrows)
export var BACK = "↑ Back to your moves and Done";
function backButton(area) {
  var b = $("arrows-back");
  if (!b) {
    b = el("button", {type: "button", id: "arrows-back", "class": "arrows-back"}, BACK);
    b.hidden = true;
    b.onclick = function () {
      resetArrows(true);
      var done = $("done");
      (done || $("decision")).scrollIntoView({block: "center"});
    };
    area.insertBefore(b, area.firstChild);
  }
  return b;
}
// the map at its usual size and the back button gone: once used, or where the arrows it
// showed are no longer this decision's moves chosen (`force`: at once)
export function resetArrows(force) {
  var c = S.controls;
  if (!force && S.arrowsAt === S.n && c && c.form === "moves" && c.total) { return; }
  S.arrowsAt = null;
  var b = $("arrows-back"), svg = document.querySelector("#board svg");
  if (b) { b.hidden = true; }
  if (svg && svg.style.width) { svg.style.width = ""; window.dispatchEvent(new Event("resize")); }
}
