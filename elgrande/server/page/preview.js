/* What the answer being composed (chosen, not sent yet) would make of the map's counts
   (f18: the arrows showed the moves, the regions' numbers stayed as before): under each
   touched badge its count before and after ("3→1"), a badge left empty struck through,
   a badge the answer would add drawn dashed; not for a placement (its "+n": adds). Drawn
   in the layer of the selection not yet sent (board.js drawPending), so gone once the
   answer is sent or started over. Each label laid where it covers no badge and no other
   label (layOut). */
import {S, colourOf, nameOf, svgEl} from "./core.js";

// whether a decision of form counts adds caballeros to its places (B4.1, B4.3: a
// placement from the court): its one mark a place is the "+n" beside the place's name
// (board.js; f28: "+3", a dashed badge "3" and "0→3" said one choice three ways), no
// count before and after; one taking caballeros from them (to the court, B4.1; sent
// away) is marked by the counts before and after only, never by a "+n"
export var ADDING = ["place_caballeros"];
export function adds(c) { return !!c && c.form === "counts" && ADDING.indexOf(c.kind) >= 0; }

// the change each chosen option makes: place -> player -> caballeros more (or fewer);
// moves: fewer at the source, more at the destination (B8.2); a placement from the court
// more in its place (B4.1); caballeros sent away or brought to the court fewer there
export function changes(c, seat) {
  var out = {};
  var put = function (place, who, n) {
    if (place === undefined || place === null || who === undefined || who === null || !n) { return; }
    var row = out[place] = out[place] || {};
    row[who] = (row[who] || 0) + n;
  };
  var seen = {};
  c.options.forEach(function (o) {
    var key = (o.unit || []).join(",");
    if (!o.count || seen[key]) { return; }
    seen[key] = true;
    if (c.form === "moves") {
      put(o.from, o.player, -o.count);
      put(o.to, o.player, o.count);
    } else if (c.form === "counts" && o.place) {
      put(o.place, seat, c.kind === "place_caballeros" ? o.count : -o.count);
    }
  });
  return out;
}

function badgeOf(place, who) {
  return document.querySelector('#board g.caballeros[data-place="' + place + '"][data-player="' +
                                who + '"]');
}

// where a badge the answer adds goes: right of the place's last badge (or one added
// before, f20: two added in one place were drawn on each other), else under its
// values ("5 / 3 / 1"), else its middle
function newSpot(place, size, layer) {
  var all = Array.prototype.slice.call(document.querySelectorAll(
    '#board g.caballeros[data-place="' + place + '"]')).concat(Array.prototype.slice.call(
    layer.querySelectorAll('g.preview-new[data-place="' + place + '"]')));
  if (all.length) {
    var b = all[all.length - 1].getBBox();
    return {x: b.x + b.width + 6, y: b.y};
  }
  var g = document.querySelector('#board g.place[data-place="' + place + '"]');
  if (!g) { return null; }
  var v = g.querySelector("text.values"), r = (v || g).getBBox();
  return v ? {x: r.x + r.width / 2 - size / 2, y: r.y + r.height + 4}
    : {x: r.x + r.width / 2 - size / 2, y: r.y + r.height / 2};
}

// the marks of what the answer would make, in `layer` (an SVG group); `clear`: the boxes
// its labels keep clear of besides the badges (the arrows' heads and counts: board.js)
// and `soft`: those it keeps clear of where it can near its badge (the arrows' lines, h45)
export function drawPreview(layer, c, clear, soft) {
  if (!c || (c.form !== "moves" && c.form !== "counts")) { return; }
  if (adds(c)) { return; }  // its "+n" says it (board.js)
  var seat = S.state ? S.state.seat : null;
  var ch = changes(c, seat);
  var labels = [];
  Object.keys(ch).forEach(function (place) {
    if (!document.querySelector('#board g.place[data-place="' + place + '"]')) { return; }  // court, provinces
    Object.keys(ch[place]).forEach(function (who) {
      var d = ch[place][who];
      if (!d) { return; }
      var badge = badgeOf(place, who);
      var was = badge ? parseInt(badge.getAttribute("data-count"), 10) || 0 : 0;
      var now = Math.max(0, was + d), size = 18, box;
      if (badge) {
        var b = badge.getBBox();
        box = {x: b.x, y: b.y, w: b.width, h: b.height};
      } else {
        var at = newSpot(place, size, layer);
        if (!at) { return; }
        box = {x: at.x, y: at.y, w: size, h: size};
        var ghost = svgEl("g", {"class": "preview-new", "data-place": place, "data-player": who});
        ghost.appendChild(svgEl("rect", {x: box.x, y: box.y, width: size, height: size, rx: 3,
                                         fill: "#fff", stroke: colourOf(+who), "stroke-width": 2,
                                         "stroke-dasharray": "3 2"}));
        ghost.appendChild(svgEl("text", {x: box.x + size / 2, y: box.y + size * 0.72,
                                         "font-size": 12, "font-weight": "bold",
                                         "text-anchor": "middle", fill: "#222"}, String(now)));
        layer.appendChild(ghost);
      }
      if (badge && now === 0) {  // left empty: struck through
        layer.appendChild(svgEl("line", {"class": "preview-gone", x1: box.x - 2, y1: box.y + box.h + 2,
                                         x2: box.x + box.w + 2, y2: box.y - 2, stroke: "#000",
                                         "stroke-width": 2.5}));
      }
      // its words on hover (h45: "2→0" alone did not say what it counts)
      var mark = svgEl("g", {"class": "preview-count", "data-place": place, "data-player": who,
                             "data-was": was, "data-now": now, "pointer-events": "auto"});
      mark.appendChild(svgEl("title", {}, countWords(+who, placeName(place), was, now)));
      mark.appendChild(svgEl("text", {x: box.x + box.w / 2, y: box.y + box.h + 12, "font-size": 12,
                                      "font-weight": "bold", "text-anchor": "middle", fill: "#222",
                                      stroke: "#fff", "stroke-width": 3, "paint-order": "stroke"},
                             was + "→" + now));
      layer.appendChild(mark);
      labels.push({text: mark.lastChild, place: place, box: box});
    });
  });
  layOut(layer, labels, clear || [], soft || []);
}

// a count before and after in words (h45): "Ana's caballeros in Aragon: 2 now, 0 once your
// answer is sent (2→0)"
export function countWords(who, where, was, now) {
  var whose = S.state && who === S.state.seat ? "Your" : who === -1 ? "The black" : nameOf(who) + "'s";
  return whose + " caballeros in " + where + ": " + was + " now, " + now +
    " once your answer is sent (" + was + "→" + now + ")";
}
function placeName(id) {
  var t = document.querySelector('#board g.place[data-place="' + id + '"] > text');
  return (t && t.textContent) || id;
}
// whether the map draws a count before and after ("2→0") for the answer being composed
// (drawPreview): one of its places on the map (h46, f33: caballeros brought to the court
// from the provinces, neither on the map, and COUNT_KEY spoke of a label not drawn)
export function drawsCounts(c) {
  if (!c || (c.form !== "moves" && c.form !== "counts") || adds(c)) { return false; }
  var ch = changes(c, S.state ? S.state.seat : null);
  return Object.keys(ch).some(function (place) {
    return !!document.querySelector('#board g.place[data-place="' + place + '"]') &&
      Object.keys(ch[place]).some(function (who) { return !!ch[place][who]; });
  });
}
// the words beside the moves chosen (moves.js): what a count before and after on the map
// is, where it draws one (drawsCounts)
export var COUNT_KEY = "On the map, \u201c2→0\u201d under a badge: that colour's " +
  "caballeros there now → once your answer is sent.";

// whether two boxes ({x, y, w, h}) overlap
export function meets(a, b) {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}
// an element's box in the board's units (its transforms applied: a Grande's, the king's)
export function boxOf(svg, e) {
  var r = e.getBoundingClientRect(), inv = svg.getScreenCTM().inverse();
  var p = new DOMPoint(r.x, r.y).matrixTransform(inv);
  var q = new DOMPoint(r.x + r.width, r.y + r.height).matrixTransform(inv);
  return {x: p.x, y: p.y, w: q.x - p.x, h: q.y - p.y};
}

// f20: under a badge of a place's first row a label covered the second row (five colours
// or more): each label goes to the first spot covering no badge, no ghost badge, none of
// the place's words and marks (name, values, Grandes, king), no arrow's head or count and no
// label already laid:
// under its badge, beside it (right, left), above it, then in rows under the lowest of
// those; a spot near the badge (NEAR units down at most) clear of `soft` too first (h45:
// an arrow's line), else the first clear of the rest
var NEAR = 80;
function layOut(layer, labels, clear, soft) {
  var laid = [], svg = layer.ownerSVGElement, box = function (e) { return boxOf(svg, e); };
  var badges = {};
  labels.forEach(function (l) {
    if (badges[l.place]) { return; }
    var all = Array.prototype.map.call(document.querySelectorAll(
      '#board g.caballeros[data-place="' + l.place + '"]'), box);
    Array.prototype.forEach.call(layer.querySelectorAll(
      'g.preview-new[data-place="' + l.place + '"] rect'), function (r) { all.push(box(r)); });
    var g = document.querySelector('#board g.place[data-place="' + l.place + '"]');
    Array.prototype.forEach.call(g ? g.querySelectorAll(
      ":scope > text, g.grande, g.king, g.scoreboard, g.token") : [], function (e) {
      all.push(box(e));
    });
    badges[l.place] = all;
  });
  labels.forEach(function (l) {
    var t = l.text, b = l.box, r = box(t), pad = 2;
    var w = r.w + 2 * pad, h = r.h, base = Number(t.getAttribute("y")) - r.y;
    var cx = b.x + b.w / 2, obstacles = badges[l.place].concat(clear, laid);
    var own = badges[l.place].concat(laid.filter(function (o) { return o.place === l.place; }));
    var low = Math.max.apply(null, own.filter(function (o) {
      return o.x < cx + w && cx - w < o.x + o.w; }).map(function (o) { return o.y + o.h; })
      .concat([b.y + b.h]));
    var spots = [{x: cx - w / 2, y: b.y + b.h + 1},
                 {x: b.x + b.w + 2, y: b.y + (b.h - h) / 2},
                 {x: b.x - 2 - w, y: b.y + (b.h - h) / 2}, {x: cx - w / 2, y: b.y - h - 1}];
    for (var k = 0; k < 12; k++) {  // (each row's middle, else beside it: h45, an arrow there)
      var y = low + 1 + k * (h + 1);
      spots.push({x: cx - w / 2, y: y}, {x: cx + w / 2 + 3, y: y}, {x: cx - 1.5 * w - 3, y: y});
    }
    var free = function (all) {
      return function (s) {
        var spot = {x: s.x, y: s.y, w: w, h: h};
        return !all.some(function (o) { return meets(spot, o); });
      };
    };
    var near = spots.filter(function (s) { return s.y - b.y <= NEAR; });
    var at = near.find(free(obstacles.concat(soft))) || spots.find(free(obstacles)) ||
      spots[spots.length - 1];
    t.setAttribute("x", at.x + w / 2);
    t.setAttribute("y", at.y + base);
    laid.push({x: at.x, y: at.y, w: w, h: h, place: l.place});
  });
}
