/* The page's shared ground: which game and token this tab holds, the page's state `S`
   (also `window.elgrandePage`, which the tests read), the API call, and small helpers for
   elements, names and colours. Imports nothing, so every other module may import it. */

// -- where we are: /play/GAME#t=TOKEN. A link given out is /play/GAME?t=TOKEN; the page
//    moves the token from the query into the fragment (after the "#"), which the browser
//    never sends to a server nor puts in a Referer, so the address bar stays a link that
//    works when copied, and the token is not in any later request's URL (docs/serve.md)
var path = location.pathname.split("/").filter(Boolean);
export var GAME = decodeURIComponent(path[path.length - 1] || "");
var params = new URLSearchParams(location.search);
var frag = new URLSearchParams(location.hash.replace(/^#/, ""));
var KEY = "elgrande-token:" + GAME;
export var TOKEN = params.get("t") || frag.get("t") || sessionStorage.getItem(KEY) || "";
if (TOKEN) {
  sessionStorage.setItem(KEY, TOKEN);
  params.delete("t");
  frag.set("t", TOKEN);
  var rest = params.toString();
  history.replaceState(null, "", location.pathname + (rest ? "?" + rest : "") + "#" + frag.toString());
}

export var S = {state: null, n: -1, controls: null, units: [], from: null, fromUsed: false, live: false,
  boardCentred: false,
                busy: false, logShown: 0, svg: "", boxes: "", role: null, asked: 0, links: null,
         since: [], sinceEarlier: 0, held: null, taken: -1, stateText: "", offerKey: null,
         stepAt: null};
window.elgrandePage = S;

export function $(id) { return document.getElementById(id); }
export function el(tag, attrs, text) {
  var e = document.createElement(tag);
  Object.keys(attrs || {}).forEach(function (k) {
    if (k === "class") { e.className = attrs[k]; } else { e.setAttribute(k, attrs[k]); }
  });
  if (text !== undefined) { e.textContent = text; }
  return e;
}
export function api(rel, opts) {
  opts = opts || {};
  opts.headers = Object.assign({"X-Elgrande-Token": TOKEN}, opts.headers || {});
  opts.credentials = "same-origin";
  return fetch("/api/games/" + encodeURIComponent(GAME) + rel, opts);
}
export function json(r) {
  return r.text().then(function (t) {
    var body = null;
    try { body = t ? JSON.parse(t) : null; } catch (e) { body = {error: t}; }
    return {status: r.status, body: body};
  });
}
export function withToken(url) {
  if (!url || /[?&]t=/.test(url)) { return url; }
  return url + (url.indexOf("?") < 0 ? "?" : "&") + "t=" + encodeURIComponent(TOKEN);
}

// -- names and colours
export function nameOf(p) {
  if (p === -1) { return "black caballero"; }  // nobody's (C8, C9): as the log says
  var st = S.state;
  return (st && st.names && st.names[p]) || ("player " + p);
}
export function colourOf(p) {
  var c = S.state && S.state.colours;
  return (c && c[p]) || "#888";
}
export function chip(p) {
  var c = el("span", {"class": "chip", "aria-hidden": "true"});
  c.style.background = colourOf(p);
  return c;
}
// `text` put into element `e`, each arrow ("->", "→") kept on one line with the words
// on either side of it (a nowrap span: "2 caballeros -> 5 points" never breaks as
// "caballeros ->" / "5"), and marked "effect" when indented (a card's effect); returns `e`
var ARROWS = /\S+(?: (?:->|→) \S+)+/g;
// a log line the page explains (f16): "Discarded: ..." at a round's end (B3.5), said in a
// note after it (generated content, so the line's own text stays the log's) and a title
export var DISCARDED = "not taken this round: discarded (B3.5)";
export function noted(e, text) {
  if (/^\s*Discarded: /.test(text)) {
    e.classList.add("noted");
    e.setAttribute("data-note", " (" + DISCARDED + ")");
    e.title = "The action cards nobody took this round are discarded (B3.5).";
  }
  return e;
}

export function arrowed(e, text) {
  var at = 0;
  // a line of a card's effect (the log indents it under the card's line): shown indented
  if (/^\s/.test(text)) { e.classList.add("effect"); }
  text.replace(ARROWS, function (m, i) {
    if (i > at) { e.appendChild(document.createTextNode(text.slice(at, i))); }
    e.appendChild(el("span", {"class": "arrow"}, m));
    at = i + m.length;
    return m;
  });
  if (at < text.length) { e.appendChild(document.createTextNode(text.slice(at))); }
  return e;
}
// an option's reason with its rule: "B3.2: title — reason"; a reason that says all the
// title says ("whole": the server's page_words.king_words) without the title (f15)
export function why(o) {
  if (!o || !o.rule) { return ""; }
  if (o.whole && o.why) { return o.rule + ": " + o.why; }
  return o.rule + (o.title ? ": " + o.title : "") + (o.why && o.why !== o.title ? " — " + o.why : "");
}
export function label(o) {
  if (o.player !== undefined && S.controls && S.controls.kind === "choose_player") {
    return nameOf(o.player);
  }
  return o.label;
}

// a touch screen (f29: a phone said "Click a region on the map"): the words shown to the
// player say "tap" there ("Click ..." -> "Tap ...", "a click" -> "a tap"), else unchanged;
// the server's words (page_words.py) are turned here, when shown
export var COARSE = "(pointer: coarse)";
export function touchWords(text) {
  if (!text || !window.matchMedia(COARSE).matches) { return text; }
  return String(text).replace(/\b([Cc])lick(s|ed|ing)?\b/g, function (m, c, end) {
    return (c === "C" ? "Tap" : "tap") + ({ed: "ped", ing: "ping"}[end] || end || "");
  });
}

// a line about the last click (empty: hidden), kept in the decision's panel under its
// buttons, in the flow (f15: drawn above the panel it covered the header's prompt where
// the panel is near the top): it covers neither the header, the "Since your last
// choice" box nor the panel's text or buttons, and nothing above it moves (a click
// meant for a button lands on it); where that place is off the screen, pinned to the
// screen's bottom over the panel, letting clicks through; on a narrow screen a bar at
// the bottom of the screen (style.css), where the map's tap is seen. Gone at the next
// click (listenNotice) or answer
export function hint(text) {
  var h = $("notice"), d = $("decision");
  if (d && !d.hidden) {
    if (h.parentNode !== d || h.previousElementSibling !== $("actions")) {
      d.insertBefore(h, $("actions").nextSibling);
    }
  } else if (h.parentNode === d) {
    d.parentNode.insertBefore(h, d.parentNode.firstChild);
  }
  h.classList.remove("pinned");
  h.style.left = h.style.width = "";
  h.textContent = touchWords(text);
  h.hidden = !text;
  if (text && h.parentNode === d && getComputedStyle(h).position === "static") {
    var r = h.getBoundingClientRect(), p = d.getBoundingClientRect();
    if (r.bottom > window.innerHeight || r.top < 0) {  // its place is off the screen
      h.classList.add("pinned");
      h.style.left = (p.left + 8) + "px";
      h.style.width = (p.width - 16) + "px";
    }
  }
}
// a click anywhere dismisses the line before the click is handled (which may say anew)
export function listenNotice() {
  document.addEventListener("click", function () { if (!$("notice").hidden) { hint(""); } }, true);
}

// an SVG element of tag `tag`, its attributes `attrs` (name -> value) and text `text`
export function svgEl(tag, attrs, text) {
  var e = document.createElementNS("http://www.w3.org/2000/svg", tag);
  Object.keys(attrs).forEach(function (k) { e.setAttribute(k, attrs[k]); });
  if (text !== undefined) { e.textContent = text; }
  return e;
}

// a scrolling list shown at its end with no line cut at its top edge (the log, the "Since
// your last choice" box: a wrapped line's last words alone there, "Castile.", read as a
// stray line, f33): the space under the last line grows by what the cut line still shows,
// so the scroll stops at a line's top. `rows`: its lines (elements); `cover`: an element
// stuck over its top (the box's expander, sticky) whose bottom is the top edge, or none
export function endOnLineStart(list, rows, cover) {
  list.style.paddingBottom = "";
  list.scrollTop = list.scrollHeight;
  var top = cover ? cover.getBoundingClientRect().bottom
    : list.getBoundingClientRect().top + list.clientTop;
  var cut = Array.prototype.filter.call(rows, function (li) {
    var r = li.getBoundingClientRect();
    return li !== cover && r.height && r.top < top - 0.5 && r.bottom > top + 0.5;
  })[0];
  if (!cut || !list.scrollTop) { return; }
  list.style.paddingBottom = (cut.getBoundingClientRect().bottom - top) + "px";
  list.scrollTop = list.scrollHeight;
}
