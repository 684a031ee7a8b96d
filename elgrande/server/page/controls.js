/* The controls of the seat's pending decision, built from the server's description of it
   (elgrande/server/controls.py: forms pick, subset, counts, moves), so no set needs page
   code of its own. */
import {$, S, el, label, touchWords, why} from "./core.js";
import {flat, same, setUnits, add, remove, send} from "./selection.js";
import {decorateBoard} from "./board.js";
import {placeTips} from "./tips.js";
import {choose, heldOption, renderHeld} from "./secret.js";
import {renderMoves, resetArrows} from "./moves.js";
import {COUNT_KEY, drawsCounts} from "./preview.js";
// (the move's sources, for the map: board.js)
export {groupKey, groupLabel} from "./moves.js";

export function optionItem(o, control) {
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
    // (its title once: said by its button, h45)
    li.appendChild(el("span", {"class": "card-text"},
                      (o.stack != null ? "Stack " + o.stack + ": " : "") +
                      (o.name ? untitled(o.text, o.name) : o.text)));
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
  resetArrows(false);  // the map shown small for the arrows: back once they are gone
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
    if (c.how) { opts.appendChild(el("p", {"class": "how quiet", id: "how"}, touchWords(c.how))); }
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
                    doneWords(c, none));
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

// what Done with nothing chosen sends, in the decision's verb: "move none" (B8.2), else
// "none"
function noneWords(c) { return c.form === "moves" ? "move none" : "none"; }

// the verbs of the decisions of "up to N" caballeros (B4.1: bring up to N to the court;
// B4.3 and a card's: place up to N), by kind
export var UP_TO_VERBS = {bring_to_court: "bring", place_caballeros: "place"};
// Done's words: what it sends, and where fewer are allowed (none at least) that they are
// (h29, f22: "Done (bring none)" did not say that fewer than N may be brought): "Done:
// bring none (up to 4 allowed)", "Done: bring 2 of up to 4"; "Confirm" for a subset;
// else "Done (move none)" (B8.2), "Done: move none (the card goes on)" where the card's
// steps follow (server/page_words.py card_goes_on), or "Done"; a card's placement with
// none chosen too (h46, f33: "Done: place none (up to 2 allowed; the card goes on)"), and
// with some chosen (f36: "Done: place 2 of up to 2 (the card goes on)")
function doneWords(c, none) {
  if (c.form === "subset") { return "Confirm"; }
  var verb = UP_TO_VERBS[c.kind], goes = c.card && c.goes_on, on = none && goes;
  if (verb && !c.min && c.max > 0) {
    return "Done: " + verb + " " + (c.total ? c.total + " of up to " + c.max + (goes ? GOES_ON : "") :
                                    "none (up to " + c.max + " allowed" + (on ? "; " + GOES_ON.slice(2) : ")"));
  }
  if (on) { return "Done: " + noneWords(c) + GOES_ON; }
  return none ? "Done (" + noneWords(c) + ")" : "Done";
}
// what Done with nothing chosen adds at a card's step that other steps follow (h33: "Done
// (move none)" read as ending the card, B8): the rest of the card still happens
export var GOES_ON = " (the card goes on)";

function progress(c) {
  if (c.form === "pick") { return ""; }
  if (c.form === "subset") { return c.total + " of " + c.max + " chosen"; }
  // chosen, not sent: a move's count says so too (f28: "1 caballero moved" while only
  // chosen; the placement's words)
  var what = c.form === "moves" ? " chosen to move" : " chosen";
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
  // opened, it stays open while the same decision is drawn again (f27: a "+" closed it)
  if (S.foldOpen === S.n) { d.open = true; }
  d.addEventListener("toggle", function () { S.foldOpen = d.open ? S.n : -1; });
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
    } else if (rs.length === 1 && rs[0].said) {  // f33: one reason refuses every move
      li.appendChild(el("span", {"class": "fold-names"}, rs[0].said));
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
// ..."); a reason with a colon of its own after the options ("A, B — not one of: ...");
// a reason many moves share that names none of them, its one sentence (the server's said)
function reasonLine(r) {
  if (r.said) { return r.said; }  // f33: many moves, one reason naming none of them
  var w = r.why ? r.why.charAt(0).toUpperCase() + r.why.slice(1) : "";
  var names = r.labels.join(", ");
  if (r.labels.length === 1 && w.toLowerCase().indexOf(r.labels[0].toLowerCase()) >= 0) { return w; }
  if (!w) { return names; }
  return w.indexOf(":") >= 0 ? names + " — " + r.why : w + ": " + names;
}

// a card's button, every one of one shape (h29, f21: some had a line under the title,
// others none): its title the main line, then one smaller line saying what it does
// (cardLine); its accessible name the whole label
// (h45: a card whose text shows beside its button, optionItem, has its title alone there:
// its line, the text again, and the offer's list made the text read three times)
function cardButton(o) {
  var b = el("button", {type: "button", "class": "card-choice", "aria-label": label(o)});
  b.appendChild(el("span", {"class": "card-name"}, o.name));
  if (!o.text) { b.appendChild(el("span", {"class": "card-aside card-does"}, cardLine(o))); }
  return b;
}

// the most a card's line under its title holds (elgrande/play/narrate.py SUMMARY_CHARS)
export var LINE_CHARS = 170;
// what card option `o` does, in one line of at most LINE_CHARS: the offer's summary of
// the card (the server's, elgrande/server/page_words.py offer: B3.1, the same words as
// the offer list), else its text, else what tells it apart (the server's "aside": a card
// whose face no source gives says what is known); cut at a word, "…" ending it
export function cardLine(o) {
  var on = ((S.state && S.state.offer) || []).filter(function (x) { return x.id === o.value; })[0];
  var line = ((on && on.summary) || untitled(o.text, o.name || "") || o.aside || "")
    .replace(/\s+/g, " ").trim();
  if (line.length <= LINE_CHARS) { return line; }
  var head = line.slice(0, LINE_CHARS - 1), cut = head.lastIndexOf(" ");
  return head.slice(0, cut > LINE_CHARS / 2 ? cut : head.length).replace(/[\s,;:.]+$/, "") + "…";
}

// a grouped option's button (h31, f23: 18 "scoreboard 8-4-0 (beside the board) to ..."
// on a phone): its short words ("to Galicia", the label's end) shown under its group's
// heading; the label's start kept in it, unseen (style.css "h31"), so its text and its
// accessible name stay the whole label (board.js finds a button by its text)
function groupedButton(o) {
  var whole = label(o);
  var b = el("button", {type: "button", "aria-label": whole});
  b.appendChild(el("span", {"class": "unseen"}, whole.slice(0, whole.length - o.short.length)));
  b.appendChild(document.createTextNode(o.short));
  return b;
}
function grouped(o) {
  var whole = label(o);
  return o.group && o.short && !o.then && whole.length > o.short.length &&
    whole.slice(whole.length - o.short.length) === o.short;
}
// where it starts a group (h31): a heading of the options after it, "Scoreboard 8-4-0,
// beside the board:"
function groupHead(o, before) {
  if (!grouped(o) || (before && grouped(before) && before.group === o.group)) { return null; }
  return el("li", {"class": "group-head", role: "presentation"}, o.group + ":");
}

function renderPick(c, box) {
  // options with a text (action cards): the texts in a column of their own
  var texts = c.options.some(function (o) { return o.text; });
  var ul = el("ul", {"aria-label": "Choices", "class": texts ? "with-text" : ""});
  var before = null;
  shown(c).forEach(function (o) {
    var head = groupHead(o, before);
    before = o;
    if (head) { ul.appendChild(head); }
    var b = o.name && !o.then ? cardButton(o) : grouped(o) ?
      groupedButton(o) : el("button", {type: "button"}, label(o));
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
    // h45: each stepper says what it does (its visible "−1" / "+1", and in words on
    // hover and to a screen reader: "+1: one more caballero in Aragon")
    var minus = el("button", {type: "button", "class": "step", "aria-label": "one fewer: " + name,
                              title: stepWords(-1, word, name)}, "−1");
    minus.disabled = !o.count;
    minus.onclick = function () { remove(o.unit); };
    var plus = el("button", {type: "button", "class": "step", "aria-label": "one more: " + name,
                             title: stepWords(1, word, name)}, "+1");
    plus.disabled = !o.enabled;
    plus.onclick = function () { add(o.unit); };
    minus.setAttribute("aria-description", minus.title);
    plus.setAttribute("aria-description", plus.title);
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
    if (drawsCounts(c)) { box.appendChild(el("p", {"class": "quiet count-key"}, COUNT_KEY)); }  // h45, h46
  }
}

// a stepper's words (h45): "+1: one more caballero in Aragon", "−1: one fewer caballero
// from the provinces" (`word`: " in " or " from ", renderCounts), not sent yet
export function stepWords(d, word, name) {
  return (d > 0 ? "+1: one more" : "−1: one fewer") + " caballero" + word + name +
    " (chosen, not sent yet)";
}

// a card's text without the title it starts with ("Intrigue: Move ...", as printed cards
// and docs/homebrew.md write it) where the note has just said that title (f15)
export function untitled(text, title) {
  var m = /^([^:.]{1,60}):\s*/.exec(text || "");
  return m && title.indexOf(m[1]) === 0 ? text.slice(m[0].length) : (text || "");
}
