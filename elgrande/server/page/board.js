/* The board: the places of the decision's options answer clicks and keys, and the
   selection not yet sent is drawn on the map. */
import {$, S, colourOf, hint, label, nameOf, svgEl, why} from "./core.js";
import {groupKey, groupLabel, renderControls} from "./controls.js";
import {ONE} from "./moves.js";
import {add} from "./selection.js";
import {choose, heldOption} from "./secret.js";
import {adds, drawPreview, boxOf, meets} from "./preview.js";
import {arrowEnds, bend, centre, fanOut, headClear, onCurve} from "./arrows.js";
export {arrowEnds};  // (where a move's arrow runs: tests draw one)

export function decorateBoard() {
  var c = S.controls;
  var byPlace = {};
  if (c) {
    c.options.forEach(function (o) {
      var p = c.form === "moves" ? (S.from ? (groupKey(o) === S.from ? o.to : null) : o.from) : o.place;
      if (p) { (byPlace[p] = byPlace[p] || []).push(o); }
    });
  }
  var places = document.querySelectorAll("#board g.place[data-place]");
  Array.prototype.forEach.call(places, function (g) {
    var id = g.getAttribute("data-place");
    var os = byPlace[id] || [];
    var open = os.filter(function (o) { return o.enabled; });
    g.classList.remove("choosable", "forbidden", "picked", "only");
    g.removeAttribute("role"); g.removeAttribute("tabindex"); g.removeAttribute("aria-label");
    g.removeAttribute("aria-disabled");
    var t = g.querySelector(":scope > title.why");
    if (t) { t.remove(); }
    if (!os.length) { return; }
    var name = c.form === "moves" && !S.from ? groupLabel(os[0]) : (os[0].place ? label(os[0]) : id);
    if (c.form === "moves" && S.from) { name = ONE + os[0].to_label; }
    g.setAttribute("role", "button");
    if (c.form === "pick" && open.length > 1) { name = placeName(g) + ": " + open.length + " choices, see the buttons"; }
    g.setAttribute("aria-label", "board: " + name);
    if (open.length) {
      g.classList.add("choosable");
      g.setAttribute("tabindex", "0");
    } else {
      g.classList.add("forbidden");
      g.setAttribute("aria-disabled", "true");
      var tt = document.createElementNS("http://www.w3.org/2000/svg", "title");
      tt.setAttribute("class", "why");
      tt.textContent = why(os[0]);
      g.insertBefore(tt, g.firstChild);
    }
    // marked as chosen: a held choice, a count or a move's destination; a move's source
    // only while some of its caballeros may still move (h33: a spent one stayed marked)
    var spent = c.form === "moves" && !S.from && !open.length;
    if (!spent && os.some(function (o) { return o.count || o === heldOption(c); })) { g.classList.add("picked"); }
  });
  // the one place a click may choose now (a move's lone destination): marked plainly
  var open = document.querySelectorAll("#board g.place.choosable");
  if (open.length === 1) { open[0].classList.add("only"); }
  readable();
  drawPending();
}

// the map's small text (a place's name and values, an office's, a disc's or a carrier's line) at
// READABLE screen pixels at least where the map is drawn small (f19: 7 px at 1024 px
// wide), grown GROW times its drawn size at most (the lines keep clear of each other)
var READABLE = 10, GROW = 1.3;
var SMALL = "g.place > text, g.office > text, g.disc > text, g.carrier > text";
export function readable() {
  var svg = document.querySelector("#board svg"), m = svg && svg.getScreenCTM();
  if (!m || !m.a) { return; }
  Array.prototype.forEach.call(svg.querySelectorAll(SMALL), function (t) {
    var drawn = parseFloat(t.getAttribute("font-size")) || 12;
    var size = Math.min(drawn * GROW, Math.max(drawn, READABLE / m.a));
    t.style.fontSize = size > drawn ? size.toFixed(2) + "px" : "";
  });
}

// the selection not yet sent, on the map: a move's arrow from its source to its
// destination (arrows.js), a placement's "+n" beside its place's name (its one mark,
// preview.js adds)

// where a place's "+n" goes: just right of its name (never over it), else above its centre
function countSpot(id) {
  var g = document.querySelector('#board g.place[data-place="' + id + '"]');
  var t = g && g.querySelector(":scope > text"), b = t && t.getBBox && t.getBBox();
  if (b && b.width) { return {x: b.x + b.width + 4, y: b.y + b.height - 2}; }
  var c = centre(id); return c && {x: c.x, y: c.y - 22};
}
// a count ("×n", "+n") covers no piece, no place's name, no arrow's head and no other
// count: the boxes to keep clear of, in board units
function keepClear(svg, arrows) {
  var sel = "g.king, g.grande, g.caballeros, g.token, g.scoreboard, g.limit-table, g.place > text";
  var out = Array.prototype.map.call(svg.querySelectorAll(sel), function (e) { return boxOf(svg, e); });
  arrows.forEach(function (w) {  // a head: 20 units long, ending at its arrow's end
    var dx = w.b.x - w.a.x, dy = w.b.y - w.a.y, len = Math.sqrt(dx * dx + dy * dy) || 1;
    out.push({x: w.b.x - dx / len * 12 - 13, y: w.b.y - dy / len * 12 - 13, w: 26, h: 26});
  });
  return out;
}
// put text `t` at the first of `spots` ({x, y, anchor}) where its box (grown by `pad`)
// meets none of `clear` (else at the first spot); its box joins `clear`
function placeClear(svg, t, spots, clear, pad) {
  var i, box;
  for (i = 0; i < spots.length; i++) {
    t.setAttribute("x", spots[i].x); t.setAttribute("y", spots[i].y);
    t.setAttribute("text-anchor", spots[i].anchor || "middle");
    box = boxOf(svg, t);
    box = {x: box.x - pad, y: box.y - pad, w: box.w + 2 * pad, h: box.h + 2 * pad};
    if (!clear.some(function (c) { return meets(box, c); })) { break; }
  }
  if (i === spots.length) { return placeClear(svg, t, spots.slice(0, 1), [], pad); }
  clear.push(box);
  return box;
}
// a move's "×n": on its arrow (its middle, else further along either way or beside it),
// on a background of its own
function moveLabel(svg, layer, t, w, clear) {
  var spots = [];
  [0.5, 0.4, 0.6, 0.3, 0.7, 0.2].forEach(function (f) {
    var dx = w.b.x - w.a.x, dy = w.b.y - w.a.y, len = Math.sqrt(dx * dx + dy * dy) || 1;
    var at = w.c ? onCurve(w, w.c, f) : {x: w.a.x + dx * f, y: w.a.y + dy * f};  // on a curve
    [0, 16, -16, 28, -28].forEach(function (o) {
      spots.push({x: at.x - dy / len * o, y: at.y + dx / len * o + 6});
    });
  });
  layer.appendChild(t);
  var r = placeClear(svg, t, spots, clear, 4);
  layer.insertBefore(svgEl("rect", {"class": "pending-count-bg", x: r.x + 1, y: r.y + 3,
                                    width: r.w - 2, height: r.h - 6, rx: 4,
                                    fill: "#fff", stroke: "#333", "stroke-width": "1"}), t);
}
// a placement's "+n": beside its place's name (right, else left), else beside its values
function placeLabel(svg, layer, t, id, clear) {
  var g = document.querySelector('#board g.place[data-place="' + id + '"]');
  var spots = [];
  Array.prototype.forEach.call(g ? g.querySelectorAll(":scope > text") : [], function (e) {
    var b = boxOf(svg, e);
    spots.push({x: b.x + b.w + 4, y: b.y + b.h - 2, anchor: "start"},
               {x: b.x - 4, y: b.y + b.h - 2, anchor: "end"});
  });
  var p = countSpot(id);
  if (p) { spots.push({x: p.x, y: p.y, anchor: "start"}); }
  if (!spots.length) { return; }
  layer.appendChild(t);
  placeClear(svg, t, spots, clear, 1);
}
function drawPending() {
  var svg = document.querySelector("#board svg");
  if (!svg) { return; }
  var old = svg.querySelector("g#pending");
  if (old) { old.remove(); }
  var c = S.controls;
  if (!c || c.form === "pick") { return; }
  var layer = svgEl("g", {id: "pending", "pointer-events": "none"});
  var defs = svgEl("defs", {});
  var marker = svgEl("marker", {id: "pending-head", viewBox: "0 0 10 10", refX: "9", refY: "5",
                                markerWidth: "4", markerHeight: "4", orient: "auto-start-reverse"});
  marker.appendChild(svgEl("path", {d: "M0,0 L10,5 L0,10 z", fill: "#000"}));
  defs.appendChild(marker);
  layer.appendChild(defs);
  svg.appendChild(layer);  // drawn now: a label's size is measured as it is placed
  var seen = {}, arrows = [], counts = [];
  c.options.forEach(function (o) {
    var key = (o.unit || []).join(",");
    if (!o.count || seen[key]) { return; }
    seen[key] = true;
    if (c.form === "moves") {
      var ends = arrowEnds(o.from, o.to);
      if (ends) { arrows.push({o: o, from: o.from, to: o.to, a: ends[0], b: ends[1]}); }
    } else if (o.place && adds(c)) {
      counts.push(o);
    }
  });
  fanOut(svg, arrows);
  headClear(svg, arrows);
  arrows.forEach(function (w) {
    w.c = bend(w);
    var o = w.o, at = {"class": "pending-move", x1: w.a.x, y1: w.a.y, x2: w.b.x, y2: w.b.y,
                       stroke: colourOf(o.player), "stroke-width": "5", fill: "none",
                       "marker-end": "url(#pending-head)", "data-from": o.from, "data-to": o.to};
    if (w.c) {  // around the king's region: a curve (its ends kept as a line's, x1..y2)
      at.d = "M" + w.a.x + "," + w.a.y + " Q" + w.c.x + "," + w.c.y + " " + w.b.x + "," + w.b.y;
    }
    var line = svgEl(w.c ? "path" : "line", at);
    line.appendChild(svgEl("title", {}, o.count + " × " + nameOf(o.player) + ": " +
                           o.from_label + " → " + o.to_label + " (not sent yet)"));
    layer.appendChild(line);
  });
  var clear = keepClear(svg, arrows);
  arrows.forEach(function (w) {
    moveLabel(svg, layer, svgEl("text", {"class": "pending-count", "data-from": w.o.from,
                                         "data-to": w.o.to, "font-size": "16",
                                         "font-weight": "bold"}, "×" + w.o.count), w, clear);
  });
  counts.forEach(function (o) {
    placeLabel(svg, layer, svgEl("text", {"class": "pending-count", "data-place": o.place,
                                          "font-size": "18", "font-weight": "bold",
                                          stroke: "#fff", "stroke-width": "4",
                                          "paint-order": "stroke"}, "+" + o.count),
               o.place, clear);
  });
  // what the answer would make of the badges' counts, clear of the arrows' lines too
  drawPreview(layer, c, clear, lineBoxes(arrows));
}

// the boxes along each arrow's line, from its tail to its head (h45: a count before and
// after, "2→0", was laid across an arrow's tail between neighbouring places): small
// squares LINE_STEP units apart, as wide as the line and a margin
var LINE_STEP = 6, LINE_HALF = 5;
export function lineBoxes(arrows) {
  var out = [];
  arrows.forEach(function (w) {
    var n = Math.max(2, Math.ceil(Math.hypot(w.b.x - w.a.x, w.b.y - w.a.y) / LINE_STEP));
    for (var k = 0; k <= n; k++) {
      var p = w.c ? onCurve(w, w.c, k / n) : {x: w.a.x + (w.b.x - w.a.x) * k / n,
                                              y: w.a.y + (w.b.y - w.a.y) * k / n};
      out.push({x: p.x - LINE_HALF, y: p.y - LINE_HALF, w: 2 * LINE_HALF, h: 2 * LINE_HALF});
    }
  });
  return out;
}

// a click on a place holding several of a pick's choices (f16: a mobile scoreboard's
// 8-4-0 and 4-0-0 to the same region, B6.9) sends none: it says them and marks their
// buttons (page_words.py HOW_SHARED says so beside the buttons)
function shared(open) {
  var labels = open.map(label);
  mapHint(labels.length + " choices here: click the button of the one you mean (" +
       labels.join(" or ") + ").");
  Array.prototype.forEach.call(document.querySelectorAll("#options button"), function (b) {
    b.classList.toggle("here", labels.indexOf(b.textContent) >= 0);
  });
}

// what a tap on the map says (core.js hint), never over the map nor a control (h29, f21:
// on a phone its bar at the screen's bottom covered the map's bottom, B5.2's "Aragon is
// the king's region" among them): where the notice would be drawn fixed over the page
// (a phone's bar, or pinned to the screen's bottom), it goes in the flow right under the
// map instead (style.css "h29"), scrolled into view; the next click takes it back
function mapHint(text) {
  hint(text);
  var h = $("notice");
  if (!text || h.hidden || getComputedStyle(h).position !== "fixed") { return; }
  h.classList.remove("pinned");
  h.style.left = h.style.width = "";
  $("board-area").after(h);
  // seen now, and again once the page has settled (the map's own line above may rewrap)
  var see = function () { if (!h.hidden && h.parentNode.id === "left") { h.scrollIntoView({block: "nearest"}); } };
  see();
  requestAnimationFrame(function () { requestAnimationFrame(see); });
}

function placeName(g) {
  var t = g.querySelector(":scope > text");
  return (t && t.textContent) || g.getAttribute("data-place");
}
function boardClick(target) {
  var g = target.closest && target.closest("g.place[data-place]");
  // a count before and after (preview.js: it answers the pointer, for its words on hover)
  // stands for its place
  var mark = !g && target.closest && target.closest("g.preview-count[data-place]");
  if (mark) { g = document.querySelector('#board g.place[data-place="' + mark.getAttribute("data-place") + '"]'); }
  var c = S.controls;
  if (!g || !c) { return; }
  var id = g.getAttribute("data-place");
  if (!g.getAttribute("role")) {  // not a place of this decision: say so, do nothing
    if (c.form === "moves" && S.from) {
      var src = c.options.filter(function (o) { return groupKey(o) === S.from; })[0];
      var other = c.options.filter(function (o) { return o.from === id && o.enabled; })[0];
      if (other) { S.from = groupKey(other); S.fromUsed = false; renderControls(); return; }
      mapHint(placeName(g) + " is not a destination of the caballeros " +
           (src ? groupLabel(src) : "chosen") + ": click an outlined place, or choose " +
           "another source.");
    } else if (c.form === "moves") {
      mapHint(placeName(g) + " has no caballeros this move may take: click an outlined place.");
    } else {
      mapHint(placeName(g) + " is not one of the choices: click an outlined place.");
    }
    return;
  }
  if (c.form === "moves" && !S.from) {
    var ks = {};
    c.options.forEach(function (o) { if (o.from === id && o.enabled) { ks[groupKey(o)] = true; } });
    var keys = Object.keys(ks);
    if (keys.length) { S.from = keys[0]; S.fromUsed = false; renderControls(); }
    else { mapHint(why(c.options.filter(function (o) { return o.from === id; })[0])); }
    return;
  }
  var os = c.options.filter(function (o) {
    return c.form === "moves" ? groupKey(o) === S.from && o.to === id : o.place === id;
  });
  var open = os.filter(function (o) { return o.enabled; });
  if (!open.length) { if (os.length) { mapHint(why(os[0])); } return; }
  if (c.form === "pick" && open.length > 1) {  // two choices here (which scoreboard...):
    shared(open);                               // the click picks none, says which
    return;
  }
  if (c.form === "pick") { choose(c, open[0]); } else { add(open[0].unit); }
}

export function listenBoard() {
  if (document.fonts) { document.fonts.ready.then(function () { drawPending(); }); }  // names' widths
  window.addEventListener("resize", readable);
  $("board").addEventListener("click", function (e) { boardClick(e.target); });
  $("board").addEventListener("keydown", function (e) {
    if (e.key === "Enter" || e.key === " ") { boardClick(e.target); e.preventDefault(); }
  });
}
