/* A disabled option's reason, and a card's text on offer (tooltips): shown in a strip kept
   free for them at the bottom of their own panel (the decision; the cards on offer), so a
   reason never covers the board, another panel, nor the other options of the decision. */

// the panels whose tips show in their bottom strip, and the tips in each
var HOSTS = [["decision", "li.option > .why, span.wrap > .why"],
             ["offer-box", "li.offer-card:not(.open) > .why"]];

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

// every panel's strip, sized as drawn
export function placeTips() {
  HOSTS.forEach(function (h) {
    var box = document.getElementById(h[0]);
    if (box && box.getClientRects().length) { reserve(box, h[1]); }
  });
}
export function listenTips() {
  window.addEventListener("resize", placeTips);
}
