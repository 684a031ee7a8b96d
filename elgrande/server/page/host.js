/* The header (who this page is for, whose turn it is) and the host's page (the admin
   link): who plays each seat, whose turn it is, and every seat's link again (asked of
   GET .../links, which answers the admin token only). */
import {$, S, api, el, chip, json, nameOf} from "./core.js";

export function renderHeader(st) {
  var who = $("who");
  who.textContent = "";
  if (st.seat === null || st.seat === undefined) {
    who.textContent = S.role === "admin" ? "Host's page (the admin link: keep it private)"
      : "Watching";
  } else {
    who.appendChild(document.createTextNode("You are "));
    who.appendChild(chip(st.seat));
    who.appendChild(el("strong", {}, nameOf(st.seat)));
  }
  var turn = $("turn");
  turn.className = "";
  if (st.over) {
    turn.textContent = "The game is over.";
  } else if (st.controls) {
    turn.className = "mine";
    turn.textContent = "";
    // a button to the decision (the page scrolled down, it is out of sight) (not a
    // "#decision" link: the address's fragment holds the token); the prompt whole,
    // wrapped (f18: cut with an ellipsis it could not be read)
    // a narrow screen shows the decision right under the header: there the header says
    // so, not the prompt a second time (style.css)
    // (f29: the whole long prompt read heavily on a wide screen) its first clause only,
    // the whole prompt in the panel and in the title
    var go = el("button", {type: "button", "class": "to-decision",
                           title: "Your turn: " + st.controls.prompt + " (go to your decision)"});
    go.appendChild(el("span", {"class": "turn-long"}, "Your turn: " + firstClause(st.controls.prompt)));
    go.appendChild(el("span", {"class": "turn-short"}, "Your turn: answer just below ↓"));
    go.onclick = function () {
      $("decision").scrollIntoView({block: "start"});
      var first = $("decision").querySelector("button:enabled, input:enabled");
      if (first) { first.focus({preventScroll: true}); }
    };
    turn.appendChild(go);
  } else if (st.to_move && st.to_move.length) {
    turn.textContent = "Waiting for " + st.to_move.map(nameOf).join(", ") + ".";
  } else {
    turn.textContent = "";
  }
  turn.title = "";
}

// a prompt's first clause, for the header (f29: the whole long prompt read heavily on a
// wide screen): its asides in brackets left out, its first sentence (a question whole;
// else at most two parts split by colons); where that says no question and a later
// sentence asks one, the prompt's head ("Veto") with that question's last part
// ("CARD (what tells it apart, stack 3): choose a region or the Castillo. Then: score
// that region." -> "CARD: choose a region or the Castillo"; "CARD: your caballeros are
// placed. Next, as you chose, the card's special action: carry it out, or decline it?"
// -> "CARD: carry it out, or decline it?")
export function firstClause(prompt) {
  var whole = String(prompt || "");
  var sentences = asides(whole).match(/[^.?!]+(?:[.?!]+(?=\s|$)|$)/g) || [];
  sentences = sentences.map(function (t) { return t.trim(); }).filter(Boolean);
  if (!sentences.length) { return whole; }
  var first = sentences[0], parts = first.replace(/[.!]$/, "").split(/:\s/);
  if (/\?$/.test(first)) { return first; }
  var ask = sentences.filter(function (t) { return /\?$/.test(t); })[0];
  if (ask && parts.length > 1) {
    var tail = ask.split(/:\s/).pop();
    if (/^[A-Z][a-z]/.test(tail)) { tail = tail[0].toLowerCase() + tail.slice(1); }
    return parts[0] + ": " + tail;
  }
  return parts.slice(0, 2).join(": ");
}

// `s` without its asides: a bracket after a space, with what it holds (nested ones too),
// and that space; one right after a word ("relocation(s)") kept
function asides(s) {
  var out = "", depth = 0, drop = false;
  for (var i = 0; i < s.length; i++) {
    var c = s[i];
    if (c === "(" && depth === 0) { drop = i === 0 || /\s/.test(s[i - 1]); }
    if (c === "(") { depth++; } else if (c === ")" && depth > 0) { depth--; }
    if (drop && (depth > 0 || c === ")")) { if (depth === 0) { drop = false; } continue; }
    out += c;
  }
  return out.replace(/\s+([:.,;?!])/g, "$1").replace(/\s{2,}/g, " ");
}

// -- the host's page (the admin link): who plays each seat, whose turn it is
export function renderHost(st) {
  var box = $("host");
  box.hidden = S.role !== "admin";
  if (box.hidden) { return; }
  // drawn again only when what it shows changed (a poll's new state of the same seats
  // keeps a link the host is selecting)
  var key = JSON.stringify([st.names, st.bots, st.bot_kinds, st.to_move, st.over, S.links]);
  if (box.getAttribute("data-drawn") === key) { return; }
  box.setAttribute("data-drawn", key);
  var tbody = $("seats").querySelector("tbody");
  tbody.textContent = "";
  var bots = st.bots || [];
  var moving = st.to_move || [];
  // the host's own seat: the first a person plays, as the new game's form says (f28: every
  // person's seat read "a person (their link)", the host's too)
  var mine = (st.names || []).findIndex(function (nm, p) { return bots.indexOf(p) < 0; });
  (st.names || []).forEach(function (nm, p) {
    var tr = el("tr", {});
    tr.appendChild(el("td", {}, String(p + 1)));
    var td = el("td", {"class": "player"});  // the colour beside the name, on one line
    td.appendChild(chip(p));
    td.appendChild(document.createTextNode(nm));
    tr.appendChild(td);
    tr.appendChild(el("td", {}, bots.indexOf(p) >= 0 ? "a bot (" + ((st.bot_kinds || {})[String(p)] || "?") + ")" :
                      p === mine ? HOST_SEAT : "a person (their link)"));
    tr.appendChild(el("td", {}, st.over ? "" : moving.indexOf(p) >= 0 ? "to move" : ""));
    tbody.appendChild(tr);
    // the seat's link on a row of its own under it, the table's whole width (f18: in a
    // narrow column a host saw "http://127.0.0.1:8..." only)
    var link = linkCell(bots.indexOf(p) >= 0 ? "" : S.links && S.links.seats[p],
                        "link of seat " + (p + 1) + " (" + nm + ")", "td");
    if (link.childNodes.length) {
      link.colSpan = 4;
      var row = el("tr", {"class": "link-row"});
      row.appendChild(link);
      tbody.appendChild(row);
    }
  });
  renderHostCards(box);
  var spec = $("spectator-link");
  spec.textContent = "";
  if (S.links && S.links.spectator) {
    spec.appendChild(document.createTextNode("Spectator link (anyone may watch with it): "));
    spec.appendChild(linkCell(S.links.spectator, "spectator link", "div"));
  }
}

// who plays the host's own seat, in the seats' table
export var HOST_SEAT = "you (your link)";

// the homebrew cards the host uploaded (from GET .../links: the admin's only), under the
// seats' table: each card's name and stack; nothing when the game has none
function renderHostCards(box) {
  var list = $("host-cards");
  if (!list) {
    list = el("div", {id: "host-cards"});
    box.insertBefore(list, $("spectator-link"));
  }
  list.textContent = "";
  var cards = (S.links && S.links.cards) || [];
  list.hidden = !cards.length;
  if (!cards.length) { return; }
  list.appendChild(el("h3", {}, "Your homebrew cards in this game (" + cards.length + ")"));
  var ul = el("ul", {});
  cards.forEach(function (c) {
    ul.appendChild(el("li", {}, c.title + (c.stack != null ? " (stack " + c.stack + ")" : "")));
  });
  list.appendChild(ul);
}

// a link said whole (wrapped where it must: f18, a narrow field showed its start only), a
// read-only text box selected whole by a click or focus, and a Copy button beside it; ""
// for a bot's seat (an empty cell); null: the link is not kept (a game made before the
// links could be shown again)
function linkCell(rel, name, tag) {
  var cell = el(tag, {"class": "seat-link"});
  if (rel === "" || rel === undefined || (rel === null && !S.links)) { return cell; }
  if (rel === null) { cell.textContent = "Link: not kept (the game is older than this page)"; return cell; }
  var url = location.origin + rel;
  var box = el("span", {"class": "url", role: "textbox", "aria-readonly": "true",
                        "aria-label": name, tabindex: "0"}, url);
  var pick = function () {
    var range = document.createRange();
    range.selectNodeContents(box);
    var sel = window.getSelection();
    sel.removeAllRanges();
    sel.addRange(range);
  };
  box.onfocus = pick;
  var copy = el("button", {type: "button", "aria-label": "copy the " + name}, "Copy");
  copy.onclick = function () {
    pick();
    var done = function () { copy.textContent = "Copied"; };
    if (navigator.clipboard) { navigator.clipboard.writeText(url).then(done, function () {}); }
  };
  var both = el("div", {"class": "link-box"});
  both.appendChild(box);
  both.appendChild(copy);
  cell.appendChild(both);
  return cell;
}

// the host's links (once: they never change); a seat's or a spectator's token gets 403
export function loadLinks() {
  return api("/links").then(json).then(function (r) {
    if (r.status === 200 && r.body) {
      S.links = r.body;
      if (S.state) { renderHost(S.state); }
    }
  }).catch(function () { /* the host's page works without them */ });
}
