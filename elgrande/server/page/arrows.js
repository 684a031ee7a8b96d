/* A pending move's arrow on the map (board.js draws it): where it runs, from its source's
   edge to its destination's, fanned out from its source, its head off the caballeros'
   counts, bent around the king's region. Lengths in the board's units. */
import {boxOf, meets} from "./preview.js";

// a place's centre (its box's middle), or null where it is not on the board
export function centre(id) {
  var g = document.querySelector('#board g.place[data-place="' + id + '"]');
  if (!g || !g.getBBox) { return null; }
  var b = g.getBBox();
  return {x: b.x + b.width / 2, y: b.y + b.height / 2};
}
// a move's arrow runs from its source's edge to its destination's edge (a place's middle
// holds its name and its caballeros' counts, which stay readable): the last point of the
// line inside the source and the first inside the destination, each pulled INSET units
// into its place; a line that leaves a place nowhere (a shape not found) keeps its end;
// between neighbours it starts further back in its source, MIN_LEN units long at least
var INSET = 16, MIN_LEN = 64;
function outline(id) {
  var g = document.querySelector('#board g.place[data-place="' + id + '"]');
  return g && g.querySelector(":scope > polygon, :scope > rect");
}
function inside(shape, x, y) {
  try { return shape.isPointInFill(new DOMPoint(x, y)); } catch (e) { return false; }
}
function edges(a, b, from, to) {
  var src = outline(from), dst = outline(to), steps = 200;
  var dx = b.x - a.x, dy = b.y - a.y, len = Math.sqrt(dx * dx + dy * dy) || 1;
  var out = 0, into = 1, i;
  if (src) { for (i = 0; i <= steps && inside(src, a.x + dx * i / steps, a.y + dy * i / steps); i++) { out = i / steps; } }
  if (dst) { for (i = steps; i >= 0 && inside(dst, a.x + dx * i / steps, a.y + dy * i / steps); i--) { into = i / steps; } }
  if (into <= out) { return [a, b]; }
  var f0 = Math.max(0, out - INSET / len), f1 = Math.min(1, into + INSET / len);
  // two places side by side: edge to edge is a stub under its label; the arrow starts
  // further back in its source (at most from its centre), so it is seen MIN_LEN long
  if ((f1 - f0) * len < MIN_LEN) { f0 = Math.max(0, f1 - MIN_LEN / len); }
  // (and, from the source's centre still short of it, ends further into its destination)
  if ((f1 - f0) * len < MIN_LEN) { f1 = Math.min(1, f0 + MIN_LEN / len); }
  return [{x: a.x + dx * f0, y: a.y + dy * f0}, {x: a.x + dx * f1, y: a.y + dy * f1}];
}
// where the arrow of a move from place `from` to place `to` (ids) runs: its two ends in
// the board's units, or null if a place is not on the board
export function arrowEnds(from, to) {
  var a = centre(from), b = centre(to);
  return a && b ? edges(a, b, from, to) : null;
}
// arrows from one source fan out: each starts SPREAD units at least from the others of
// its source, moved across its own line (which only lengthens it: MIN_LEN stays) to a
// point inside the source, the nearest from which its line crosses no piece and no
// place's name (else no piece; else just apart); a second arrow between the same two
// places moves whole
var SPREAD = 16;
function crosses(a, b, boxes) {
  var n = Math.ceil(Math.hypot(b.x - a.x, b.y - a.y) / 4), k, x, y;
  for (k = 0; k <= n; k++) {
    x = a.x + (b.x - a.x) * k / n; y = a.y + (b.y - a.y) * k / n;
    if (boxes.some(function (r) { return x > r.x - 3 && x < r.x + r.w + 3 && y > r.y - 3 && y < r.y + r.h + 3; })) { return true; }
  }
  return false;
}
export function fanOut(svg, arrows) {
  var starts = {}, ends = {}, sel = "g.king, g.grande, g.caballeros, g.token, g.scoreboard, g.limit-table";
  var box = function (e) { return boxOf(svg, e); };
  var pieces = Array.prototype.map.call(svg.querySelectorAll(sel), box);
  var names = Array.prototype.map.call(svg.querySelectorAll("g.place > text"), box);
  arrows.forEach(function (w) {
    var taken = starts[w.from] = starts[w.from] || [], key = w.from + ">" + w.to;
    var twin = ends[key] = ends[key] || [], src = outline(w.from), best = null, i, s, p, e, level;
    var dx = w.b.x - w.a.x, dy = w.b.y - w.a.y, len = Math.sqrt(dx * dx + dy * dy) || 1;
    var apart = function (q) { return Math.hypot(p.x - q.x, p.y - q.y) >= SPREAD; };
    var apartE = function (q) { return Math.hypot(e.x - q.x, e.y - q.y) >= SPREAD; };
    for (i = 0; i < 13; i++) {
      s = (i % 2 ? 1 : -1) * Math.ceil(i / 2) * SPREAD / 2;  // 0, +S/2, -S/2, +S, -S, ...
      p = {x: w.a.x - dy / len * s, y: w.a.y + dx / len * s};
      e = twin.length ? {x: w.b.x - dy / len * s, y: w.b.y + dx / len * s} : w.b;
      if (!taken.every(apart) || !twin.every(apartE) || (i && src && !inside(src, p.x, p.y))) { continue; }
      level = crosses(p, e, pieces) ? 0 : crosses(p, e, names) ? 1 : 2;
      if (!best || level > best.level) { best = {a: p, b: e, level: level}; }
      if (level === 2) { break; }
    }
    if (best) { w.a = best.a; w.b = best.b; }
    taken.push(w.a); twin.push(w.b);
  });
}
// an arrow's head covers no place's caballeros' count (h33: a head, or the "×1" kept
// clear of it, was drawn over a badge of its destination): the head's box (HEAD units
// wide, around its tip and around its middle) clear of every badge, else its end moved
// the least that clears them: back along its line (to HEAD_BACK units outside its
// destination's edge at most, the arrow MIN_HEAD long at least) and across it, else kept
var HEAD = 26, HEAD_BACK = 10, MIN_HEAD = 30;
function headBoxes(w, q) {
  var dx = w.b.x - w.a.x, dy = w.b.y - w.a.y, len = Math.sqrt(dx * dx + dy * dy) || 1, h = HEAD / 2;
  return [{x: q.x - h, y: q.y - h, w: HEAD, h: HEAD},
          {x: q.x - dx / len * 12 - h, y: q.y - dy / len * 12 - h, w: HEAD, h: HEAD}];
}
export function headClear(svg, arrows) {
  var box = function (e) { return boxOf(svg, e); };
  var badges = Array.prototype.map.call(svg.querySelectorAll("g.caballeros"), box);
  var free = function (w, q) {
    return !headBoxes(w, q).some(function (h) { return badges.some(function (r) { return meets(h, r); }); });
  };
  arrows.forEach(function (w) {
    if (free(w, w.b)) { return; }
    var dx = w.b.x - w.a.x, dy = w.b.y - w.a.y, len = Math.sqrt(dx * dx + dy * dy) || 1;
    var ux = dx / len, uy = dy / len, dst = outline(w.to), best = null, k, s, q, cost;
    // how far back the end may go: to HEAD_BACK units outside its destination's edge
    var back = 0;
    while (back < len - MIN_HEAD && dst && inside(dst, w.b.x - ux * (back + 2), w.b.y - uy * (back + 2))) { back += 2; }
    back = Math.min(back + HEAD_BACK, len - MIN_HEAD);
    for (k = 0; k <= back; k += 2) {
      for (s = -24; s <= 24; s += 4) {
        q = {x: w.b.x - ux * k - uy * s, y: w.b.y - uy * k + ux * s};
        cost = k + 2 * Math.abs(s);  // across the line costs more (the arrow turns)
        if ((!best || cost < best.cost) && (k <= back - HEAD_BACK || !s) && free(w, q)) {
          best = {q: q, cost: cost};
        }
      }
    }
    if (best) { w.b = best.q; }
  });
}

// a move's arrow that would run straight across the king's region (a region neither its
// source nor its destination) bends around it, away from the region's middle, so it is
// not read as pieces passing through (f19; a move jumps, B8): the control point of a
// quadratic curve (null: a straight line), the least bend whose curve stays out of the
// region and on the map (else the one least in it or off it)
function kingRegion() {
  var k = document.querySelector("#board g.king[data-place]");
  return k && k.getAttribute("data-place");
}
export function onCurve(w, c, f) {
  var g = 1 - f;
  return {x: g * g * w.a.x + 2 * f * g * c.x + f * f * w.b.x,
          y: g * g * w.a.y + 2 * f * g * c.y + f * f * w.b.y};
}
export function bend(w) {
  var king = kingRegion(), shape = king && outline(king), mid, centreK, dx, dy, len, side, i, k, c;
  if (!shape || king === w.from || king === w.to) { return null; }
  var svg = shape.ownerSVGElement, view = svg && svg.viewBox && svg.viewBox.baseVal;  // kept in
  if (view && !view.width) { view = null; }
  var through = function (cv) {  // how many of 39 points along it are in the region (or
    // off the map: a curve bent past its edge was cut, its count unseen)
    var n = 0;
    for (var j = 1; j < 40; j++) {
      var p = cv ? onCurve(w, cv, j / 40) : {x: w.a.x + (w.b.x - w.a.x) * j / 40,
                                             y: w.a.y + (w.b.y - w.a.y) * j / 40};
      if (inside(shape, p.x, p.y) || (view && (p.x < view.x + 8 || p.y < view.y + 8 ||
          p.x > view.x + view.width - 8 || p.y > view.y + view.height - 8))) { n++; }
    }
    return n;
  };
  if (!through(null)) { return null; }
  mid = {x: (w.a.x + w.b.x) / 2, y: (w.a.y + w.b.y) / 2};
  centreK = centre(king);
  dx = w.b.x - w.a.x; dy = w.b.y - w.a.y; len = Math.sqrt(dx * dx + dy * dy) || 1;
  // the side of the line away from the king's region's middle
  side = centreK && ((mid.x - centreK.x) * -dy + (mid.y - centreK.y) * dx) < 0 ? -1 : 1;
  var best = null, n;
  for (i = 1; i <= 30; i++) {  // away from the middle, else the other way round
    k = (i % 2 ? side : -side) * Math.ceil(i / 2) * 40;  // units: the control point's
    c = {x: mid.x - dy / len * k, y: mid.y + dx / len * k};  // distance from the line
    n = through(c);
    if (!n) { return c; }
    if (!best || n < best.n) { best = {c: c, n: n}; }
  }
  return best.c;  // (an end by the region's edge: the curve only grazes it there)
}
