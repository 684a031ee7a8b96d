/* A disabled option's reason (a tooltip): placed where it stays inside the window and
   covers the fewest headings and controls still usable. */

// a disabled option's reason: kept inside the window (shown to the left of its option
// near the right edge, and wrapped)
//  and below, above or beside its option, where it covers fewest of the headings and the
//  controls still usable (a reason must not hide the "Where to?" row the player goes to)
function overlaps(a, b) { return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom; }
function covered(tip, host) {
  var r = tip.getBoundingClientRect(), others = document.querySelectorAll("#decision h3, #decision button:enabled, " +
    "#decision input:enabled, #decision output, #decision #progress");
  var k = Array.prototype.filter.call(others, function (o) {
    return !host.contains(o) && o.getClientRects().length && overlaps(r, o.getBoundingClientRect());
  }).length;
  return k + (r.right > window.innerWidth - 4 || r.left < 0 || r.top < 0 || r.bottom > window.innerHeight ? 100 : 0);
}
var TIP_PLACES = ["", "flip", "up", "up flip", "side", "side-l"];
function tipAt(tip, place) {
  tip.classList.remove("flip", "up", "side", "side-l");
  if (place) { place.split(" ").forEach(function (k) { tip.classList.add(k); }); }
}
function placeTip(e) {
  var host = e.target.closest && e.target.closest("li.option, span.wrap, li.offer-card");
  var tip = host && host.querySelector(":scope > .why");
  if (!tip) { return; }
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
}
export function listenTips() {
  document.addEventListener("mouseover", placeTip);
  document.addEventListener("focusin", placeTip);
}
