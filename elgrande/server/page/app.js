/* The page of `elgrande serve`: one seat's (or a spectator's) view of a game, with the
   controls of the seat's pending decision built from the server's description of it
   (elgrande/server/controls.py: forms pick, subset, counts, moves), so no set needs page
   code of its own. No build step, no network beyond this game's own API. */
(function () {
  "use strict";

  // -- where we are: /play/GAME?t=TOKEN (the token is kept for this tab, not in the address)
  var path = location.pathname.split("/").filter(Boolean);
  var GAME = decodeURIComponent(path[path.length - 1] || "");
  var params = new URLSearchParams(location.search);
  var KEY = "elgrande-token:" + GAME;
  var TOKEN = params.get("t") || sessionStorage.getItem(KEY) || "";
  if (params.get("t")) {
    sessionStorage.setItem(KEY, TOKEN);
    params.delete("t");
    var rest = params.toString();
    history.replaceState(null, "", location.pathname + (rest ? "?" + rest : "") + location.hash);
  }

  var S = {state: null, n: -1, controls: null, units: [], from: null, live: false,
           busy: false, logShown: 0, svg: "", role: null, asked: 0};
  window.elgrandePage = S;

  function $(id) { return document.getElementById(id); }
  function el(tag, attrs, text) {
    var e = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) {
      if (k === "class") { e.className = attrs[k]; } else { e.setAttribute(k, attrs[k]); }
    });
    if (text !== undefined) { e.textContent = text; }
    return e;
  }
  function api(rel, opts) {
    opts = opts || {};
    opts.headers = Object.assign({"X-Elgrande-Token": TOKEN}, opts.headers || {});
    opts.credentials = "same-origin";
    return fetch("/api/games/" + encodeURIComponent(GAME) + rel, opts);
  }
  function json(r) {
    return r.text().then(function (t) {
      var body = null;
      try { body = t ? JSON.parse(t) : null; } catch (e) { body = {error: t}; }
      return {status: r.status, body: body};
    });
  }
  function withToken(url) {
    if (!url || /[?&]t=/.test(url)) { return url; }
    return url + (url.indexOf("?") < 0 ? "?" : "&") + "t=" + encodeURIComponent(TOKEN);
  }

  // -- names and colours
  function nameOf(p) {
    if (p === -1) { return "neutral"; }
    var st = S.state;
    return (st && st.names && st.names[p]) || ("player " + p);
  }
  function colourOf(p) {
    var c = S.state && S.state.colours;
    return (c && c[p]) || "#888";
  }
  function chip(p) {
    var c = el("span", {"class": "chip", "aria-hidden": "true"});
    c.style.background = colourOf(p);
    return c;
  }
  function why(o) {
    if (!o || !o.rule) { return ""; }
    return o.rule + (o.title ? ": " + o.title : "") + (o.why && o.why !== o.title ? " — " + o.why : "");
  }
  function label(o) {
    if (o.player !== undefined && S.controls && S.controls.kind === "choose_player") {
      return nameOf(o.player);
    }
    return o.label;
  }

  // -- loading
  function load() {
    return api("/state").then(json).then(function (r) {
      if (r.status !== 200) {
        $("turn").textContent = r.status === 403 ? "This link's token is not valid for this game."
          : "The game could not be loaded (" + r.status + ").";
        return;
      }
      show(r.body);
    }).catch(function () { /* offline for a moment: the next poll or message retries */ });
  }

  // a state from the state route or pushed by the WebSocket
  function show(st) {
    var fresh = st.n !== S.n;
    S.state = st;
    if (fresh) {
      S.n = st.n;
      S.units = [];
      S.from = null;
      S.controls = st.controls;
    }
    render(fresh);
    if (fresh) { restoreSelection(); }
  }

  function render(fresh) {
    var st = S.state;
    renderHeader(st);
    renderHost(st);
    if (st.board_svg !== S.svg) {
      $("board").innerHTML = st.board_svg;
      S.svg = st.board_svg;
    }
    if (fresh) { renderControls(); } else { decorateBoard(); }
    renderOffer(st);
    renderChart(st);
    renderLog(st);
    renderEnd(st);
  }

  function renderHeader(st) {
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
      turn.textContent = "Your turn: " + st.controls.prompt;
    } else if (st.to_move && st.to_move.length) {
      turn.textContent = "Waiting for " + st.to_move.map(nameOf).join(", ") + ".";
    } else {
      turn.textContent = "";
    }
  }

  // -- the host's page (the admin link): who plays each seat, whose turn it is
  function renderHost(st) {
    var box = $("host");
    box.hidden = S.role !== "admin";
    if (box.hidden) { return; }
    var tbody = $("seats").querySelector("tbody");
    tbody.textContent = "";
    var bots = st.bots || [];
    var moving = st.to_move || [];
    (st.names || []).forEach(function (nm, p) {
      var tr = el("tr", {});
      tr.appendChild(el("td", {}, String(p + 1)));
      var td = el("td", {});
      td.appendChild(chip(p));
      td.appendChild(document.createTextNode(nm));
      tr.appendChild(td);
      tr.appendChild(el("td", {}, bots.indexOf(p) >= 0 ? "a bot (" + ((st.bot_kinds || {})[String(p)] || "?") + ")" : "a person (their link)"));
      tr.appendChild(el("td", {}, st.over ? "" : moving.indexOf(p) >= 0 ? "to move" : ""));
      tbody.appendChild(tr);
    });
  }

  // -- the decision
  function flat(units) {
    var out = [];
    units.forEach(function (u) { out = out.concat(u); });
    return out;
  }
  function same(a, b) { return a.length === b.length && a.every(function (x, i) { return x === b[i]; }); }
  function countOf(unit) { return S.units.filter(function (u) { return same(u, unit); }).length; }

  // -- the selection not yet sent, kept for this tab across a reload (per game, seat and
  //    answer number n: a selection of an earlier decision is dropped)
  var SEL = "elgrande-selection:" + GAME + ":";
  function selectionKey() { return SEL + S.state.seat + ":" + S.n; }
  function keepSelection() {
    if (!S.state || S.state.seat === null || S.state.seat === undefined) { return; }
    for (var i = sessionStorage.length - 1; i >= 0; i--) {
      var k = sessionStorage.key(i);
      if (k && k.indexOf(SEL) === 0 && k !== selectionKey()) { sessionStorage.removeItem(k); }
    }
    if (S.units.length) { sessionStorage.setItem(selectionKey(), JSON.stringify(S.units)); }
    else { sessionStorage.removeItem(selectionKey()); }
  }
  function restoreSelection() {
    var c = S.controls;
    if (!c || c.form === "pick" || S.units.length) { keepSelection(); return; }
    var kept = null;
    try { kept = JSON.parse(sessionStorage.getItem(selectionKey()) || "null"); } catch (e) { kept = null; }
    keepSelection();
    if (kept && kept.length) {
      setUnits(kept).then(function () {
        if (S.units.length) { hint("Your choices before the reload are back: they are not sent yet."); }
      });
    }
  }

  function setUnits(units) {
    var before = S.units;
    hint("");
    S.units = units;
    var n = S.n;
    // numbered: a later choice (a quick second click) supersedes this reply if it comes last
    var asked = ++S.asked;
    return api("/controls?actions=" + flat(units).join(",")).then(json).then(function (r) {
      if (n !== S.n || asked !== S.asked) { return; }  // the game or the choice moved on
      if (r.status === 200) {
        S.controls = r.body.controls;
        if (S.controls) { S.units = S.controls.units; }
        keepSelection();
        renderControls();
      } else if (r.status === 422) {
        S.units = before;
        keepSelection();
        showRefusal(r.body);
        renderControls();
      } else if (r.status === 409 || r.status === 410) {
        load();
      }
    });
  }

  function send(actions) {
    if (S.busy) { return Promise.resolve(); }
    delay = 700;
    S.busy = true;
    hint("");
    var body = JSON.stringify({n: S.state.n, actions: actions});
    return api("/answer", {method: "POST", body: body,
                           headers: {"Content-Type": "application/json"}})
      .then(json).then(function (r) {
        S.busy = false;
        if (r.status === 200) {
          hideRefusal();
          sessionStorage.removeItem(selectionKey());
        } else if (r.status === 409) {
          hint("Another answer came first: the page shows the game as it is now.");
        } else if (r.status === 422) {
          showRefusal(r.body);
        } else {
          hint((r.body && r.body.error) || ("The server refused the answer (" + r.status + ")."));
        }
        S.n = -1;  // reload the decision either way
        return load();
      }, function () { S.busy = false; });
  }

  function hint(text) {
    var h = $("notice");
    h.textContent = text;
    h.hidden = !text;
  }

  function showRefusal(b) {
    b = b || {};
    $("refusal-rule").textContent = (b.rule || "") + (b.title ? ": " + b.title : "");
    $("refusal-error").textContent = b.error || "";
    $("refusal-text").textContent = b.rule_text || "";
    $("refusal").hidden = false;
  }
  function hideRefusal() { $("refusal").hidden = true; }
  $("refusal-close").onclick = hideRefusal;

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
  document.addEventListener("mouseover", placeTip);
  document.addEventListener("focusin", placeTip);

  function optionItem(o, control) {
    var li = el("li", {"class": "option"});
    li.appendChild(control);
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

  function renderControls() {
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
      note.textContent = c.card ? "Card: " + c.card.title + (c.card.stack != null ?
        " (stack " + c.card.stack + ")" : "") + ". " + c.card.text : "";
      $("secret").hidden = !c.secret;
      $("progress").textContent = progress(c);
      ({pick: renderPick, subset: renderSubset, counts: renderCounts, moves: renderMoves})[c.form](c, opts);
      if (c.done) {
        var done = el("button", {type: "button", "class": "primary", id: "done"},
                      c.form === "subset" ? "Confirm" : "Done");
        done.disabled = !c.done.enabled;
        done.onclick = function () { send(flat(S.units).concat(c.done.unit)); };
        var wrap = el("span", {"class": "wrap"});
        wrap.appendChild(done);
        if (done.disabled) {
          wrap.title = why(c.done);
          wrap.appendChild(el("span", {"class": "why", role: "tooltip"}, why(c.done)));
        }
        acts.appendChild(wrap);
        var clear = el("button", {type: "button"}, "Start over");
        clear.disabled = !S.units.length;
        clear.onclick = function () { S.from = null; setUnits([]); };
        acts.appendChild(clear);
      }
    }
    decorateBoard();
  }

  function progress(c) {
    if (c.form === "pick") { return ""; }
    if (c.form === "subset") { return c.total + " of " + c.max + " chosen"; }
    var what = c.form === "moves" ? " moved" : " chosen";
    return c.total + (c.total === 1 ? " caballero" : " caballeros") + what + " (" +
      (c.min ? "at least " + c.min + ", " : "") + "at most " + c.max +
      (c.max_note ? ": " + c.max_note : "") + ")" +
      (c.total >= c.max && c.max > 0 ? ". The maximum is reached: press Done, or take one back." : "");
  }

  function renderPick(c, box) {
    var ul = el("ul", {"aria-label": "Choices"});
    c.options.forEach(function (o) {
      var b = el("button", {type: "button"}, label(o));
      b.disabled = !o.enabled;
      b.onclick = function () { send(o.unit); };
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

  function add(unit) { setUnits(S.units.concat([unit])); }
  function remove(unit) {
    var i = -1;
    S.units.forEach(function (u, j) { if (same(u, unit)) { i = j; } });
    if (i >= 0) { setUnits(S.units.slice(0, i).concat(S.units.slice(i + 1))); }
  }

  function renderCounts(c, box) {
    var picked = c.options.filter(function (o) { return o.count; }).map(function (o) {
      return o.count + " in " + label(o);
    });
    if (picked.length) {
      box.appendChild(el("p", {"class": "chosen", "aria-label": "Chosen so far"},
                         "Chosen, not sent yet: " + picked.join(", ") + "."));
    }
    var ul = el("ul", {"aria-label": "Caballeros by place"});
    c.options.forEach(function (o) {
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
  }

  function groupKey(o) { return o.from + "|" + o.player + "|" + (o.kind === undefined ? "" : o.kind); }
  function groupLabel(o) {
    return "from " + o.from_label + ": " + nameOf(o.player) + (o.kind_label ? " (" + o.kind_label + ")" : "");
  }

  function renderMoves(c, box) {
    var chosen = el("ul", {"class": "moves", "aria-label": "Moves so far"});
    var seen = {};
    c.options.forEach(function (o) {
      if (o.count && !seen[o.unit.join(",")]) {
        seen[o.unit.join(",")] = true;
        var li = el("li", {}, o.count + " × " + nameOf(o.player) + ": " + o.from_label + " → " +
                    o.to_label + (o.kind_label ? " (" + o.kind_label + ")" : ""));
        var x = el("button", {type: "button", "aria-label": "take back one: " + o.label}, "−");
        x.onclick = function () { remove(o.unit); };
        li.appendChild(x);
        chosen.appendChild(li);
      }
    });
    if (chosen.children.length) {
      box.appendChild(el("h3", {}, "Chosen, not sent yet (Done sends them; arrows on the map)"));
      box.appendChild(chosen);
    }
    var groups = {}, order = [];
    c.options.forEach(function (o) {
      var k = groupKey(o);
      if (!groups[k]) { groups[k] = []; order.push(k); }
      groups[k].push(o);
    });
    var srcs = el("ul", {"aria-label": "Move from"});
    order.forEach(function (k) {
      var g = groups[k];
      var open = g.filter(function (o) { return o.enabled; });
      var b = el("button", {type: "button", "aria-pressed": String(S.from === k)}, groupLabel(g[0]));
      b.disabled = !open.length;
      b.onclick = function () { S.from = S.from === k ? null : k; renderControls(); };
      var shown = open.length ? g[0] : Object.assign({}, g[0], {enabled: false});
      srcs.appendChild(optionItem(shown, b));
    });
    box.appendChild(el("h3", {}, S.from ? "Moving caballeros " + groupLabel(groups[S.from][0]) :
                       "Move from: choose whose caballeros, and where from"));
    box.appendChild(srcs);
    if (S.from && groups[S.from]) {
      var dests = el("ul", {"aria-label": "Move to"});
      groups[S.from].forEach(function (o) {
        var b = el("button", {type: "button"}, "to " + o.to_label);
        b.disabled = !o.enabled;
        b.onclick = function () { add(o.unit); };
        dests.appendChild(optionItem(o, b));
      });
      var full = c.total >= c.max && !groups[S.from].some(function (o) { return o.enabled; });
      box.appendChild(el("h3", {"class": "where"}, full ? "Where to? None: the maximum, " + c.max +
                         (c.max === 1 ? " caballero" : " caballeros") + ", is reached" : "Where to?"));
      box.appendChild(dests);
    }
  }

  // -- the board: the places of the options answer clicks
  function decorateBoard() {
    var c = S.controls;
    var byPlace = {};
    if (c) {
      c.options.forEach(function (o) {
        var p = c.form === "moves" ? (S.from ? (groupKey(o) === S.from ? o.to : null) : o.from) : o.place;
        if (p) { (byPlace[p] = byPlace[p] || []).push(o); }
      });
    }
    var places = document.querySelectorAll("#board g.place[data-place]");
    Array.prototype.forEach.call(places, function (g) {
      var id = g.getAttribute("data-place");
      var os = byPlace[id] || [];
      var open = os.filter(function (o) { return o.enabled; });
      g.classList.remove("choosable", "forbidden", "picked");
      g.removeAttribute("role"); g.removeAttribute("tabindex"); g.removeAttribute("aria-label");
      g.removeAttribute("aria-disabled");
      var t = g.querySelector(":scope > title.why");
      if (t) { t.remove(); }
      if (!os.length) { return; }
      var name = c.form === "moves" && !S.from ? groupLabel(os[0]) : (os[0].place ? label(os[0]) : id);
      if (c.form === "moves" && S.from) { name = "to " + os[0].to_label; }
      g.setAttribute("role", "button");
      g.setAttribute("aria-label", "board: " + name);
      if (open.length) {
        g.classList.add("choosable");
        g.setAttribute("tabindex", "0");
      } else {
        g.classList.add("forbidden");
        g.setAttribute("aria-disabled", "true");
        var tt = document.createElementNS("http://www.w3.org/2000/svg", "title");
        tt.setAttribute("class", "why");
        tt.textContent = why(os[0]);
        g.insertBefore(tt, g.firstChild);
      }
      if (os.some(function (o) { return o.count; })) { g.classList.add("picked"); }
    });
    drawPending();
  }

  // the selection not yet sent, on the map: a move's arrow from its source to its
  // destination, a placement's count on its place
  function centre(id) {
    var g = document.querySelector('#board g.place[data-place="' + id + '"]');
    if (!g || !g.getBBox) { return null; }
    var b = g.getBBox();
    return {x: b.x + b.width / 2, y: b.y + b.height / 2};
  }
  // where a place's "+n" goes: just right of its name (never over it), else above its centre
  function countSpot(id) {
    var g = document.querySelector('#board g.place[data-place="' + id + '"]');
    var t = g && g.querySelector(":scope > text"), b = t && t.getBBox && t.getBBox();
    if (b && b.width) { return {x: b.x + b.width + 4, y: b.y + b.height - 2}; }
    var c = centre(id); return c && {x: c.x, y: c.y - 22};
  }
  function svgEl(tag, attrs, text) {
    var e = document.createElementNS("http://www.w3.org/2000/svg", tag);
    Object.keys(attrs).forEach(function (k) { e.setAttribute(k, attrs[k]); });
    if (text !== undefined) { e.textContent = text; }
    return e;
  }
  function drawPending() {
    var svg = document.querySelector("#board svg");
    if (!svg) { return; }
    var old = svg.querySelector("g#pending");
    if (old) { old.remove(); }
    var c = S.controls;
    if (!c || c.form === "pick") { return; }
    var layer = svgEl("g", {id: "pending", "pointer-events": "none"});
    var defs = svgEl("defs", {});
    var marker = svgEl("marker", {id: "pending-head", viewBox: "0 0 10 10", refX: "9", refY: "5",
                                  markerWidth: "5", markerHeight: "5", orient: "auto-start-reverse"});
    marker.appendChild(svgEl("path", {d: "M0,0 L10,5 L0,10 z", fill: "#000"}));
    defs.appendChild(marker);
    layer.appendChild(defs);
    var seen = {};
    c.options.forEach(function (o) {
      var key = (o.unit || []).join(",");
      if (!o.count || seen[key]) { return; }
      seen[key] = true;
      if (c.form === "moves") {
        var a = centre(o.from), b = centre(o.to);
        if (!a || !b) { return; }
        var line = svgEl("line", {"class": "pending-move", x1: a.x, y1: a.y, x2: b.x, y2: b.y,
                                  stroke: colourOf(o.player), "stroke-width": "5",
                                  "marker-end": "url(#pending-head)", "data-from": o.from,
                                  "data-to": o.to});
        line.appendChild(svgEl("title", {}, o.count + " × " + nameOf(o.player) + ": " +
                               o.from_label + " → " + o.to_label + " (not sent yet)"));
        layer.appendChild(line);
        layer.appendChild(svgEl("text", {"class": "pending-count", x: (a.x + b.x) / 2,
                                         y: (a.y + b.y) / 2, "text-anchor": "middle",
                                         "font-size": "18", "font-weight": "bold",
                                         stroke: "#fff", "stroke-width": "4",
                                         "paint-order": "stroke"}, "×" + o.count));
      } else if (o.place) {
        var p = countSpot(o.place);
        if (!p) { return; }
        layer.appendChild(svgEl("text", {"class": "pending-count", "data-place": o.place,
                                         x: p.x, y: p.y, "text-anchor": "start",
                                         "font-size": "18", "font-weight": "bold",
                                         stroke: "#fff", "stroke-width": "4",
                                         "paint-order": "stroke"}, "+" + o.count));
      }
    });
    svg.appendChild(layer);
  }

  function placeName(g) {
    var t = g.querySelector(":scope > text");
    return (t && t.textContent) || g.getAttribute("data-place");
  }
  function boardClick(target) {
    var g = target.closest && target.closest("g.place[data-place]");
    var c = S.controls;
    if (!g || !c) { return; }
    var id = g.getAttribute("data-place");
    if (!g.getAttribute("role")) {  // not a place of this decision: say so, do nothing
      if (c.form === "moves" && S.from) {
        var src = c.options.filter(function (o) { return groupKey(o) === S.from; })[0];
        var other = c.options.filter(function (o) { return o.from === id && o.enabled; })[0];
        if (other) { S.from = groupKey(other); renderControls(); return; }
        hint(placeName(g) + " is not a destination of the caballeros " +
             (src ? groupLabel(src) : "chosen") + ": click an outlined place, or choose " +
             "another source.");
      } else if (c.form === "moves") {
        hint(placeName(g) + " has no caballeros this move may take: click an outlined place.");
      } else {
        hint(placeName(g) + " is not one of the choices: click an outlined place.");
      }
      return;
    }
    if (c.form === "moves" && !S.from) {
      var ks = {};
      c.options.forEach(function (o) { if (o.from === id && o.enabled) { ks[groupKey(o)] = true; } });
      var keys = Object.keys(ks);
      if (keys.length) { S.from = keys[0]; renderControls(); }
      else { hint(why(c.options.filter(function (o) { return o.from === id; })[0])); }
      return;
    }
    var os = c.options.filter(function (o) {
      return c.form === "moves" ? groupKey(o) === S.from && o.to === id : o.place === id;
    });
    var open = os.filter(function (o) { return o.enabled; });
    if (!open.length) { if (os.length) { hint(why(os[0])); } return; }
    if (c.form === "pick") { send(open[0].unit); } else { add(open[0].unit); }
  }
  if (document.fonts) { document.fonts.ready.then(function () { drawPending(); }); }  // names' widths
  $("board").addEventListener("click", function (e) { boardClick(e.target); });
  $("board").addEventListener("keydown", function (e) {
    if (e.key === "Enter" || e.key === " ") { boardClick(e.target); e.preventDefault(); }
  });

  // -- the action cards on offer this round (B3.1), from the state's public "offer"
  function renderOffer(st) {
    var ul = $("offer"), cards = st.offer || [];
    ul.textContent = "";
    $("offer-box").hidden = !st.offer;
    cards.forEach(function (c) {
      var li = el("li", {"class": "offer-card", title: c.text || ""});
      li.appendChild(el("strong", {}, c.title));
      if (c.stack != null) { li.appendChild(el("span", {"class": "quiet"}, " · stack " + c.stack)); }
      if (c.text) { li.appendChild(el("span", {"class": "why", role: "tooltip"}, c.text)); li.tabIndex = 0; }
      ul.appendChild(li);
    });
    if (!cards.length && st.offer) { ul.appendChild(el("li", {"class": "quiet"}, "none open now")); }
  }

  // -- scores, log, end
  function renderChart(st) {
    var rows = st.scores || [];
    var names = st.names || [];
    if (rows.length === names.length && rows.length && rows[0].length !== names.length) {
      rows = rows[0].map(function (_, i) { return rows.map(function (r) { return r[i]; }); });
    }
    var over = !!st.over;
    // the totals at the end of each round, then now (at the end: the last round's again)
    if (over && rows.length > 1) { rows = rows.slice(0, -1); }
    var W = 320, H = 160, L = 34, B = 32, T = 10, R = 8;
    var top = 10;
    rows.forEach(function (r) { r.forEach(function (v) { top = Math.max(top, v); }); });
    top = Math.ceil(top / 10) * 10;
    var n = Math.max(rows.length - 1, 1);
    function x(i) { return L + (W - L - R) * i / n; }
    function y(v) { return H - B - (H - B - T) * v / top; }
    var parts = ['<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ' + W + " " + H +
                 '" role="img" aria-label="Scores by round" font-size="10" fill="#444">'];
    // the axes: points up the left, rounds along the bottom
    parts.push('<line class="axis" x1="' + L + '" y1="' + T + '" x2="' + L + '" y2="' + (H - B) +
               '" stroke="#999"/>');
    parts.push('<line class="axis" x1="' + L + '" y1="' + (H - B) + '" x2="' + (W - R) + '" y2="' +
               (H - B) + '" stroke="#999"/>');
    [0, top / 2, top].forEach(function (v) {
      parts.push('<line x1="' + (L - 3) + '" y1="' + y(v) + '" x2="' + (W - R) + '" y2="' + y(v) +
                 '" stroke="#eee"/><text class="tick" x="' + (L - 5) + '" y="' + (y(v) + 3) +
                 '" text-anchor="end">' + v + "</text>");
    });
    rows.forEach(function (_, i) {
      var t = i === rows.length - 1 && !over ? "now" : String(i + 1);
      parts.push('<text class="tick" x="' + x(i) + '" y="' + (H - B + 12) +
                 '" text-anchor="middle">' + t + "</text>");
    });
    parts.push('<text class="axis-title" x="' + ((L + W) / 2) + '" y="' + (H - 4) +
               '" text-anchor="middle">round (totals at its end)</text>');
    parts.push('<text class="axis-title" transform="translate(10 ' + ((H - B + T) / 2) +
               ') rotate(-90)" text-anchor="middle">points</text>');
    names.forEach(function (nm, p) {
      var pts = rows.map(function (r, i) { return x(i).toFixed(1) + "," + y(r[p] || 0).toFixed(1); });
      parts.push('<polyline fill="none" stroke-width="2" stroke="' + colourOf(p) + '" points="' +
                 pts.join(" ") + '"><title>' + escapeXml(nm) + "</title></polyline>");
    });
    parts.push("</svg>");
    $("chart").innerHTML = parts.join("");
    var legend = el("p", {"class": "row"});
    var last = rows.length ? rows[rows.length - 1] : [];
    names.forEach(function (nm, p) {
      var s = el("span", {});
      s.appendChild(chip(p));
      s.appendChild(document.createTextNode(nm + " " + (last[p] === undefined ? 0 : last[p])));
      legend.appendChild(s);
    });
    $("chart").appendChild(legend);
  }
  function winnersSentence(st) {
    var f = st.final || {};
    var w = f.winners || [];
    var pts = (f.scores || [])[w[0]];
    var who = w.map(nameOf);
    var list = who.length > 1 ? who.slice(0, -1).join(", ") + " and " + who[who.length - 1] : who[0];
    if (!w.length) { return ""; }
    return (w.length > 1 ? "The winners (a tie): " : "The winner: ") + list + ", with " + pts +
      " points.";
  }
  function escapeXml(s) {
    return String(s).replace(/[<>&"]/g, function (ch) {
      return {"<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;"}[ch];
    });
  }

  function renderLog(st) {
    var lines = st.log || [];
    var ol = $("log");
    if (lines.length < S.logShown) { ol.textContent = ""; S.logShown = 0; }
    for (var i = S.logShown; i < lines.length; i++) { ol.appendChild(el("li", {}, lines[i])); }
    S.logShown = lines.length;
    ol.scrollTop = ol.scrollHeight;
  }

  function renderEnd(st) {
    $("end").hidden = !st.over;
    if (!st.over) { return; }
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

  // -- live: the server says when the game changes; without the socket, poll
  function connect() {
    var ws;
    try {
      ws = new WebSocket((location.protocol === "https:" ? "wss://" : "ws://") + location.host +
                         "/ws/" + encodeURIComponent(GAME) + "?state=1&t=" +
                         encodeURIComponent(TOKEN));
    } catch (e) { return; }
    ws.onopen = function () { S.live = true; };
    ws.onmessage = function (e) {
      var m = {};
      try { m = JSON.parse(e.data); } catch (err) { return; }
      if (m.state) { if (!(m.state.n < S.n)) { show(m.state); } } else if (m.n !== S.n) { load(); }
    };
    ws.onclose = function () {
      var was = S.live;
      S.live = false;
      if (was) { setTimeout(connect, 2000); }
    };
  }
  // without the socket: poll, soon after a change, less often while nothing changes
  var delay = 700;
  function poll() {
    var before = S.n;
    var next = (S.live || S.busy || document.hidden) ? Promise.resolve() : load();
    next.then(function () {
      delay = S.n !== before ? 700 : Math.min(delay * 1.3, 5000);
      setTimeout(poll, delay);
    });
  }
  api("/role").then(json).then(function (r) {
    if (r.status === 200 && r.body) {
      S.role = r.body.role;
      if (S.state) { renderHeader(S.state); renderHost(S.state); }
    }
  }).catch(function () { /* the page works without it */ });
  load().then(function () { connect(); setTimeout(poll, delay); });
})();
