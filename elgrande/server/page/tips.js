/* A disabled option's reason (a tooltip): placed where it stays inside the window and
   covers the fewest headings and controls still usable. */

// a disabled option's reason: kept inside the window (shown to the left of its option
// near the right edge, and wrapped)
//  and below, above or beside its option, where it covers fewest of the headings and the
//  controls still usable, and the side panels' headings (a reason must not hide the
//  "Where to?" row the player goes to, nor the heading of the cards on offer)
function overlap(a, b) {
  return Math.max(0, Math.min(a.right, b.right) - Math.max(a.left, b.left)) *
    Math.max(0, Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top));
}
// the score of a place: 100 outside the window, 1 per heading or control covered, and
// among places covering as many, the one covering the least area wins (a fraction)
function covered(tip, host) {
  var r = tip.getBoundingClientRect(), others = document.querySelectorAll("#decision h3, #decision button:enabled, " +
    "#decision input:enabled, #decision output, #decision #progress, aside h2");
  var k = 0, area = 0;
  Array.prototype.forEach.call(others, function (o) {
    if (host.contains(o) || !o.getClientRects().length) { return; }
    var a = overlap(r, o.getBoundingClientRect());
    if (a > 0) { k += 1; area += a; }
  });
  return k + area / (area + 1e4) + (r.right > window.innerWidth - 4 || r.left < 0 || r.top < 0 || r.bottom > window.innerHeight ? 100 : 0);
}
var TIP_PLACES = ["", "flip", "up", "up flip", "side", "side-l"];
function tipAt(tip, place) {
  tip.classList.remove("flip", "up", "side", "side-l");
  if (place) { place.split(" ").forEach(function (k) { tip.classList.add(k); }); }
}
function placeTip(e) {
  var host = e.target.closest && e.target.closest("li.option, span.wrap, li.offer-card");
  var tip = host && host.querySelector(":scope > .why");
  if (tip) { placeOne(tip, host); }
}
// measured while shown (a tip is hidden until hovered; and a disabled button, under the
// pointer, gets no mouse events: the tips are placed when drawn too, see placeTips)
function placeOne(tip, host) {
  var shown = tip.style.display;
  tip.style.display = "block";
  tip.style.maxWidth = Math.min(384, window.innerWidth - 16) + "px";
  var best = null, bestScore = Infinity;  // the first place that covers nothing, else the least
  TIP_PLACES.forEach(function (place) {
    if (bestScore === 0) { return; }
    tipAt(tip, place);
    if (!tip.getBoundingClientRect().width) { bestScore = 0; best = ""; return; }
    var score = covered(tip, host);
    if (score < bestScore) { bestScore = score; best = place; }
  });
  tipAt(tip, best);
  tip.style.display = shown;
}
// every tip of the decision and of the cards on offer, placed as drawn
export function placeTips() {
  var tips = document.querySelectorAll("li.option > .why, span.wrap > .why, li.offer-card > .why");
  Array.prototype.forEach.call(tips, function (tip) {
    if (tip.parentNode.getClientRects().length) { placeOne(tip, tip.parentNode); }
  });
}
export function listenTips() {
  window.addEventListener("resize", placeTips);
  document.addEventListener("mouseover", placeTip);
  document.addEventListener("focusin", placeTip);
}
