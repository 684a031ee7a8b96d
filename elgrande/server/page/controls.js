/* The controls of the seat's pending decision, built from the server's description of it
   (elgrande/server/controls.py: forms pick, subset, counts, moves), so no set needs page
   code of its own. */
import {$, S, el, label, nameOf, why} from "./core.js";
import {flat, same, setUnits, add, remove, send} from "./selection.js";
import {decorateBoard} from "./board.js";
import {placeTips} from "./tips.js";
import {choose, heldOption, renderHeld} from "./secret.js";

function optionItem(o, control) {
  var li = el("li", {"class": "option"});
  li.appendChild(control);
  // an Intrigue & the King card: what its number means (server/card_faces.py, f16)
  if (o.means) {
    [control].concat(Array.from(control.querySelectorAll("input"))).forEach(function (e) {
      e.title = o.means;
      e.setAttribute("aria-description", o.means);
    });
  }
  if (o.text) {  // an action card: its text and stack, so a player knows what it does
    li.appendChild(el("span", {"class": "card-text"},
                      (o.stack != null ? "Stack " + o.stack + ": " : "") + o.text));
  }
  if (!o.enabled && o.rule) {
    var w = el("span", {"class": "why", role: "tooltip"}, why(o));
    w.id = "why-" + Math.random().toString(36).slice(2);
    li.appendChild(w);
    li.title = why(o);
    control.setAttribute("aria-describedby", w.id);
  }
  return li;
}

export function renderControls() {
  var c = S.controls;
  var box = $("decision");
  box.hidden = !c;
  var opts = $("options"), acts = $("actions");
  opts.textContent = "";
  acts.textContent = "";
  if (c) {
    $("prompt").textContent = c.prompt;
    var note = $("card");
    note.hidden = !c.card;
    // its printed name and stack, then its text, which tells cards of one name apart
    // (the label's aside would repeat the text, f16)
    var name = c.card && (c.card.name || c.card.title);
    note.textContent = c.card ? "Card: " + name + (c.card.stack != null ? " (stack " +
      c.card.stack + ")" : "") + ". " + untitled(c.card.text, name) : "";
    $("secret").hidden = !c.secret;
    $("progress").textContent = progress(c);
    $("note").hidden = !c.note;
    $("note").textContent = c.note || "";
    // what a click does here: sent at once, or held until Send where secret (plainly,
    // near the choices: the server's words, elgrande/server/page_words.py)
    if (c.how) { opts.appendChild(el("p", {"class": "how quiet", id: "how"}, c.how)); }
    ({pick: renderPick, subset: renderSubset, counts: renderCounts, moves: renderMoves})[c.form](c, opts);
    renderFolds(c, opts);
    renderHeld(c, acts);
    if (c.done) {
      // Done with nothing chosen, where none may be (an "up to" move): says it sends none,
      // and is no main (red) button while something may still be chosen (f14: the main
      // action is then choosing, "+" or a source), only where nothing may
      var none = c.done.enabled && !c.total && c.form !== "subset";
      var choosable = c.options.some(function (o) { return o.enabled; });
      var done = el("button", {type: "button", "class": none && choosable ? "" : "primary",
                               id: "done"},
                    c.form === "subset" ? "Confirm" : none ? "Done (" + noneWords(c) + ")" : "Done");
      done.disabled = !c.done.enabled;
      done.onclick = function () { send(flat(S.units).concat(c.done.unit)); };
      var wrap = el("span", {"class": "wrap"});
      wrap.appendChild(done);
      if (done.disabled) {  // a rule's refusal, or plainly why not yet (too few chosen)
        var reason = c.done.rule ? why(c.done) : c.done.why || "";
        wrap.title = reason;
        wrap.appendChild(el("span", {"class": "why", role: "tooltip"}, reason));
      }
      acts.appendChild(wrap);
      var clear = el("button", {type: "button"}, "Start over");
      clear.disabled = !S.units.length;
      clear.onclick = function () { S.from = null; setUnits([]); };
      acts.appendChild(clear);
    }
  }
  decorateBoard();
  placeTips();
}

// what Done with nothing chosen sends, in the decision's verb: "move none" (B8.2),
// "bring none" (to the court, B3.2/B4.1), else "none"
var NONE_WORDS = {bring_to_court: "bring none"};
function noneWords(c) { return c.form === "moves" ? "move none" : NONE_WORDS[c.kind] || "none"; }

function progress(c) {
  if (c.form === "pick") { return ""; }
  if (c.form === "subset") { return c.total + " of " + c.max + " chosen"; }
  var what = c.form === "moves" ? " moved" : " chosen";
  return c.total + (c.total === 1 ? " caballero" : " caballeros") + what + " (" +
    (c.min ? "at least " + c.min + ", " : "") + "at most " + c.max +
    (c.max_note ? ": " + c.max_note : "") + ")" +
    (c.total >= c.max && c.max > 0 ? ". The maximum is reached: press Done, or take one back." : "");
}

// the options shown one a row: not those folded into a line (renderFolds)
function shown(c) { return c.options.filter(function (o) { return !o.folded; }); }

// the options never possible now, whatever their rule, folded into one collapsed line
// under the rows (the server's folds: elgrande/server/folds.py); opened, it lists them
// grouped by rule (its id and title), with the reason; where they differ, one line a
// reason naming the options it refuses (a card's "not one of the places this card lets
// you choose" said once, not once a place), so every reason stays reachable
function renderFolds(c, box) {
  var fs = c.folds || [];
  if (!fs.length) { return; }
  var places = c.options.some(function (o) { return o.folded && o.place; });
  var d = el("details", {"class": "fold", role: "note"});
  d.appendChild(el("summary", {}, places ? "Why not other places?" : "Why not the others?"));
  var ul = el("ul", {"aria-label": "Not possible now"});
  fs.forEach(function (f) {
    var rs = f.reasons;
    var li = el("li", {"class": "fold-rule"});
    // a reason that says all the title says (B5.2's "X is the king's region: ...") and
    // names its lone option: said once, without the title or the option again (f15)
    var whole = f.whole && rs.length === 1 && rs[0].labels.length === 1 &&
      rs[0].why.toLowerCase().indexOf(rs[0].labels[0].toLowerCase()) >= 0;
    li.appendChild(el("span", {"class": "fold-why"}, whole ? f.rule + ": " :
                      why({rule: f.rule, title: f.title}) + ": "));
    if (whole) {
      li.appendChild(el("span", {"class": "fold-names"}, rs[0].why));
    } else if (rs.length === 1) {
      li.appendChild(el("span", {"class": "fold-names"}, f.labels.join(", ") +
                         (rs[0].why && rs[0].why !== f.title ? " — " + rs[0].why : "")));
    } else {
      var each = el("ul", {});
      rs.forEach(function (r) { each.appendChild(el("li", {"class": "fold-reason"}, reasonLine(r))); });
      li.appendChild(each);
    }
    ul.appendChild(li);
  });
  d.appendChild(ul);
  box.appendChild(d);
}

// one reason and the options it refuses: "Not one of the places ...: A, B, C"; a lone
// option its reason already names, the reason alone ("Seville is the king's region:
// ..."); a reason with a colon of its own after the options ("A, B — not one of: ...")
function reasonLine(r) {
  var w = r.why ? r.why.charAt(0).toUpperCase() + r.why.slice(1) : "";
  var names = r.labels.join(", ");
  if (r.labels.length === 1 && w.toLowerCase().indexOf(r.labels[0].toLowerCase()) >= 0) { return w; }
  if (!w) { return names; }
  return w.indexOf(":") >= 0 ? names + " — " + r.why : w + ": " + names;
}

// a card's button: its title the main line, what tells it apart from the cards sharing
// its title (the server's "aside") a smaller second line, so the button stays compact;
// its accessible name the whole label
function cardButton(o) {
  var b = el("button", {type: "button", "class": "card-choice", "aria-label": label(o)});
  b.appendChild(el("span", {"class": "card-name"}, o.name));
  if (o.aside) { b.appendChild(el("span", {"class": "card-aside"}, o.aside)); }
  return b;
}

function renderPick(c, box) {
  // options with a text (action cards): the texts in a column of their own
  var texts = c.options.some(function (o) { return o.text; });
  var ul = el("ul", {"aria-label": "Choices", "class": texts ? "with-text" : ""});
  shown(c).forEach(function (o) {
    var b = o.name && !o.then ? cardButton(o) : el("button", {type: "button"}, label(o));
    b.disabled = !o.enabled;
    // an option combined with the same seat's next question (o.then: its unit there)
    // sends both answers at once; else a secret one is held (secret.js)
    b.onclick = function () { if (o.then) { send(o.unit, o.then); } else { choose(c, o); } };
    if (heldOption(c) === o) { b.setAttribute("aria-pressed", "true"); }
    ul.appendChild(optionItem(o, b));
  });
  box.appendChild(ul);
}

function renderSubset(c, box) {
  var ul = el("ul", {"aria-label": "Choices"});
  c.options.forEach(function (o, i) {
    var id = "pick-" + i;
    var span = el("span", {"class": "label"});
    var cb = el("input", {type: "checkbox", id: id});
    cb.checked = o.count > 0;
    cb.disabled = !o.enabled && !cb.checked;
    cb.onchange = function () {
      var units = S.units.filter(function (u) { return !same(u, o.unit); });
      if (cb.checked) { units.push(o.unit); }
      setUnits(units);
    };
    span.appendChild(cb);
    span.appendChild(el("label", {"for": id}, label(o)));
    ul.appendChild(optionItem(o, span));
  });
  box.appendChild(ul);
}

// the decisions whose counted caballeros come from their places (B4.1: to the court)
var FROM_KINDS = ["bring_to_court"];
function renderCounts(c, box) {
  var word = FROM_KINDS.indexOf(c.kind) >= 0 ? " from " : " in ";
  var picked = c.options.filter(function (o) { return o.count; }).map(function (o) {
    return o.count + word + label(o);
  });
  var ul = el("ul", {"aria-label": "Caballeros by place"});
  shown(c).forEach(function (o) {
    var row = el("span", {"class": "row"});
    var name = label(o);
    var minus = el("button", {type: "button", "aria-label": "one fewer: " + name}, "−");
    minus.disabled = !o.count;
    minus.onclick = function () { remove(o.unit); };
    var plus = el("button", {type: "button", "aria-label": "one more: " + name}, "+");
    plus.disabled = !o.enabled;
    plus.onclick = function () { add(o.unit); };
    row.appendChild(el("span", {"class": "label"}, name));
    row.appendChild(minus);
    row.appendChild(el("output", {"aria-label": "caballeros: " + name}, String(o.count)));
    row.appendChild(plus);
    ul.appendChild(optionItem(o, row));
  });
  box.appendChild(ul);
  // what is chosen, under the rows: a line above them pushed the + down under the
  // pointer at the first click (f18)
  if (picked.length) {
    box.appendChild(el("p", {"class": "chosen", "aria-label": "Chosen so far"},
                       "Chosen, not sent yet: " + picked.join(", ") + "."));
  }
}

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

function capital(t) { return t.charAt(0).toUpperCase() + t.slice(1); }

function renderMoves(c, box) {
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
      var b = el("button", {type: "button"}, "to " + o.to_label);
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
  if (chosen.children.length) { renderChosen(box, chosen); }
}

// the moves chosen and not sent yet: the map beside the decision, its arrows said; under
// a narrow screen's map (out of sight, f17) a button brings it into view
function renderChosen(box, chosen) {
  var narrow = window.matchMedia("(max-width: 900px)").matches;
  box.appendChild(el("h3", {"class": "chosen-moves"}, "Chosen, not sent yet (Done sends them" +
                     (narrow ? ")" : "; arrows on the map)")));
  box.appendChild(chosen);
  if (narrow) {
    var see = el("button", {type: "button", id: "see-arrows"}, "Show the arrows on the map");
    see.onclick = showArrows;
    box.appendChild(see);
  }
}

// the map brought into view with the chosen moves' arrows (their sources, destinations and
// "×n" labels): on a phone the map also scrolls sideways, and stayed where it was (f20: an
// arrow ran off its left edge, its label cut); scrolled so that they are all in view,
// centred where they fit, else from their left end
var ARROW_PAD = 16;  // CSS px kept clear around the arrows (the heads, the labels' frames)
function showArrows() {
  var area = $("board-area");
  area.scrollIntoView({block: "start"});
  var marks = area.querySelectorAll("g#pending line.pending-move, g#pending text.pending-count");
  if (!marks.length || area.scrollWidth <= area.clientWidth) { return; }
  var a = area.getBoundingClientRect(), lo = Infinity, hi = -Infinity;
  Array.prototype.forEach.call(marks, function (m) {
    var r = m.getBoundingClientRect();
    lo = Math.min(lo, r.left); hi = Math.max(hi, r.right);
  });
  var left = lo - a.left - area.clientLeft + area.scrollLeft - ARROW_PAD;
  var right = hi - a.left - area.clientLeft + area.scrollLeft + ARROW_PAD;
  var view = area.clientWidth;
  area.scrollLeft = right - left <= view ? (left + right - view) / 2 : left;
}

// a card's text without the title it starts with ("Intrigue: Move ...", as printed cards
// and docs/homebrew.md write it) where the note has just said that title (f15)
export function untitled(text, title) {
  var m = /^([^:.]{1,60}):\s*/.exec(text || "");
  return m && title.indexOf(m[1]) === 0 ? text.slice(m[0].length) : (text || "");
}
