/* The side panels filled from the state: the action cards on offer, the log, and the end
   of the game (final scores, winners, the record and the replay). */
import {$, S, GAME, el, arrowed, chip, endOnLineStart, nameOf, noted, touchWords, withToken} from "./core.js";
import {placeTips} from "./tips.js";

// -- the action cards on offer this round (B3.1), from the state's public "offer"; the
//    cards whose text is shown by a tap (title|stack -> true)
var opened = {};
export function renderOffer(st) {
  var ul = $("offer"), cards = st.offer || [];
  var here = offerInDecision(st);
  $("offer-box").classList.toggle("in-decision", here);
  $("offer-here").hidden = !here;
  var key = JSON.stringify(st.offer);
  if (key === S.offerKey) { placeTips(); return; }  // unchanged: focus and opened cards stay
  S.offerKey = key;
  ul.textContent = "";
  $("offer-box").hidden = !st.offer;
  cards.forEach(function (c) {
    var li = el("li", {"class": "offer-card"});
    // its title, then what tells it apart from a card of the same title on a second,
    // smaller line (the server's "aside", elgrande/server/page_words.py card_parts)
    li.appendChild(el("strong", {}, c.name || c.title));
    if (c.stack != null) { li.appendChild(el("span", {"class": "quiet"}, " · stack " + c.stack)); }
    // f36: a card of several copies that came up again is another copy, not a card reused
    if (c.copies > 1) {
      li.appendChild(el("span", {"class": "quiet copies"}, " · one of " + c.copies + " copies"));
    }
    // (its stack said once: " · stack N" above, not again at the aside's end); a card
    // with no other aside says what it does, from its text (f15: every card says it)
    var aside = (c.aside || "").replace(new RegExp("(^|, )stack " + c.stack + "$"), "") ||
      c.summary || "";
    // f34: an aside cut short ("move 2 ... any region …") hid the card's "or move all ...":
    // its summary says it whole, with what followed the cut (", 2 of 3 such")
    var cut = aside.indexOf("\u2026");
    if (cut >= 0 && c.summary) { aside = c.summary + aside.slice(cut + 1); }
    if (aside) { li.appendChild(el("span", {"class": "card-aside"}, aside)); }
    if (c.text) {
      li.appendChild(el("span", {"class": "why", role: "tooltip"}, c.text));
      li.tabIndex = 0;
      // a tap (or a click) shows the text under the card until tapped again: a touch
      // screen cannot hover
      var k = c.title + "|" + c.stack;
      li.setAttribute("aria-expanded", String(!!opened[k]));
      if (opened[k]) { li.classList.add("open"); }
      li.onclick = function () {
        opened[k] = !opened[k];
        li.classList.toggle("open", opened[k]);
        li.setAttribute("aria-expanded", String(opened[k]));
      };
      li.onkeydown = function (e) {  // the keyboard's click: Enter or Space
        if (e.key === "Enter" || e.key === " ") { e.preventDefault(); li.onclick(); }
      };
    }
    ul.appendChild(li);
  });
  if (!cards.length && st.offer) { ul.appendChild(el("li", {"class": "quiet"}, "none open now")); }
  $("offer-hint").hidden = !cards.some(function (c) { return c.text; });  // nothing to open
  placeTips();
}

// whether every card on offer is a choice of the seat's decision shown with its whole text
// (B3.1: its choice of an action card, controls.js renderPick): then the list here is not
// shown (h45: each card's text read three times), a line points to the choices instead
export function offerInDecision(st) {
  var c = S.controls, ids = (st.offer || []).map(function (x) { return x.id; }).filter(Boolean);
  if (!c || c.form !== "pick" || !ids.length) { return false; }
  var shown = c.options.filter(function (o) { return !o.folded && o.text; })
    .map(function (o) { return o.value; });
  return ids.every(function (id) { return shown.indexOf(id) >= 0; });
}

// a tap or click anywhere but on a card on offer closes the cards opened (f14: a card's
// text stayed on screen until tapped again)
export function listenOffer() {
  $("offer-hint").textContent = touchWords($("offer-hint").textContent);  // "Tap a card" (f29)
  document.addEventListener("click", function (e) {
    if (e.target.closest && e.target.closest("li.offer-card")) { return; }
    if (!Object.keys(opened).length) { return; }
    opened = {};
    Array.prototype.forEach.call(document.querySelectorAll("li.offer-card.open"), function (li) {
      li.classList.remove("open");
      li.setAttribute("aria-expanded", "false");
    });
  });
}

// -- the log, the end
export function renderLog(st) {
  var lines = st.log || [];
  var ol = $("log");
  if (lines.length < S.logShown) { ol.textContent = ""; S.logShown = 0; }
  for (var i = S.logShown; i < lines.length; i++) { ol.appendChild(noted(arrowed(el("li", {}), lines[i]), lines[i])); }
  S.logShown = lines.length;
  toLogEnd();
}

// the log scrolled to its end with no line cut at its top edge (a line's lower half
// there reads as a stray glyph above the log): the space under the last line grows by
// what the cut line still shows, so the scroll stops at a line's top
var watched = false, pinned = true;  // pinned: the log is shown to its end
function toLogEnd() {
  var ol = $("log");
  if (!watched && window.ResizeObserver) {  // a new width wraps its lines anew: again
    watched = true;
    new ResizeObserver(function () { if (pinned) { toLogEnd(); } }).observe(ol);
    ol.addEventListener("scroll", function () {
      pinned = ol.scrollTop + ol.clientHeight >= ol.scrollHeight - 2;
    });
  }
  pinned = true;
  endOnLineStart(ol, ol.children);
}

export function renderEnd(st) {
  $("end").hidden = !st.over;
  if (!st.over) { return; }
  $("offer-box").hidden = true;  // (f19: "none open now" after the last round)
  $("winners").textContent = winnersSentence(st);
  var scores = (st.final && st.final.scores) || (st.view && st.view.state && st.view.state.scores) || [];
  var tbody = $("final").querySelector("tbody");
  tbody.textContent = "";
  scores.map(function (s, p) { return [s, p]; })
    .sort(function (a, b) { return b[0] - a[0]; })
    .forEach(function (sp) {
      var tr = el("tr", {});
      var td = el("td", {});
      td.appendChild(chip(sp[1]));
      td.appendChild(document.createTextNode(nameOf(sp[1])));
      tr.appendChild(td);
      tr.appendChild(el("td", {}, String(sp[0])));
      tbody.appendChild(tr);
    });
  var rec = $("record");
  rec.href = withToken(st.record_url || ("/api/games/" + encodeURIComponent(GAME) + "/record"));
  var rep = $("replay");
  rep.href = withToken(st.replay_url || ("/api/games/" + encodeURIComponent(GAME) + "/replay"));
}
function winnersSentence(st) {
  var f = st.final || {};
  var w = f.winners || [];
  var pts = (f.scores || [])[w[0]];
  var who = w.map(nameOf);
  var list = who.length > 1 ? who.slice(0, -1).join(", ") + " and " + who[who.length - 1] : who[0];
  if (!w.length) { return ""; }
  return (w.length > 1 ? "The winners (a tie): " : "The winner: ") + list + ", with " + pts +
    (pts === 1 ? " point." : " points.");
}
