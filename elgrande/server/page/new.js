/* The home page of `elgrande serve` (GET /): a form that creates a game
   (POST /api/games) and lists its links; a chosen homebrew zip is checked before Create
   (POST /api/homebrew/check): its cards' notes or its errors under the upload field. */
(function () {
  "use strict";
  var form = document.getElementById("new");
  var rows = document.getElementById("seat-rows");
  var WHO = [["", "a person"], ["greedy", "greedy bot"], ["random", "random bot"]];

  function seatRows() {
    var n = Math.max(2, Math.min(5, +form.elements.players.value || 4));
    var old = [];
    Array.prototype.forEach.call(rows.children, function (r) {
      old.push([r.querySelector("input").value, r.querySelector("select").value]);
    });
    rows.textContent = "";
    for (var i = 0; i < n; i++) {
      var row = document.createElement("div");
      row.className = "seat";
      var name = document.createElement("input");
      name.name = "name-" + i;
      name.maxLength = 40;
      name.required = true;
      name.value = old[i] ? old[i][0] : "p" + (i + 1);
      name.setAttribute("aria-label", "Name of seat " + (i + 1));
      var who = document.createElement("select");
      who.name = "who-" + i;
      who.setAttribute("aria-label", "Seat " + (i + 1) + " played by");
      WHO.forEach(function (w) {
        var o = document.createElement("option");
        o.value = w[0];
        o.textContent = w[1];
        who.appendChild(o);
      });
      who.value = old[i] ? old[i][1] : (i === 0 ? "" : "greedy");
      var num = document.createElement("span");
      num.textContent = "Seat " + (i + 1);
      row.appendChild(num);
      row.appendChild(name);
      row.appendChild(who);
      rows.appendChild(row);
    }
  }
  form.elements.players.addEventListener("input", seatRows);
  seatRows();
  // an expansion's cards need the provisional fill where no source gives their data
  // Intrigue & the King has no action-card stacks (I1): said beside the zip field while it
  // is ticked, before a zip is chosen (f19: only the refusal afterwards said it)
  var ikZip = document.getElementById("ik-zip");
  function ikShown() { ikZip.hidden = !form.querySelector("input[value=intrigue-king]").checked; }
  // the fill is asked only with an expansion (f21: a base game's form showed it)
  function fillShown() {
    var none = form.querySelectorAll("input[name=set]:not([value=base]):checked").length === 0;
    document.getElementById("fill-label").hidden = none;
    document.getElementById("fill-help").hidden = none;
  }
  Array.prototype.forEach.call(form.querySelectorAll("input[name=set]"), function (c) {
    c.addEventListener("change", function () {
      if (c.checked && !form.elements.fill.value) { form.elements.fill.value = "provisional"; }
      // and the base game alone has none (a fill left on refused a zip, f17)
      if (!c.checked && form.querySelectorAll("input[name=set]:not([value=base]):checked")
          .length === 0) { form.elements.fill.value = ""; }
      ikShown();
      fillShown();
    });
  });
  ikShown();
  fillShown();

  function shown(el, text) { el.textContent = text; el.hidden = !text; }

  // the early deal means something only with homebrew cards, and picks the seed itself
  // (said next to the seed box while it is off); a refused zip has no early box
  var earlyBox = document.getElementById("early-box");
  // refused: "" or why Create is off ("zip": the zip is refused; "settings": these
  // settings refuse it, f17: Create stayed on and the early box offered)
  var refused = "";
  function early() { return !earlyBox.hidden && form.elements.early.checked; }
  function earlyShown() {
    earlyBox.hidden = !form.elements.cards.files.length || refused;
    form.elements.seed.disabled = early();
    document.getElementById("seed-early").hidden = !early();
    // the seed box's own help only while it is on (f17: under the greyed box)
    document.getElementById("seed-help").hidden = early();
    form.elements.seed.setAttribute("aria-describedby", early() ? "seed-early" : "seed-help");
  }
  form.elements.cards.addEventListener("change", earlyShown);
  form.elements.early.addEventListener("change", earlyShown);
  earlyShown();

  function chosenSets() {
    var sets = [];
    Array.prototype.forEach.call(form.querySelectorAll("input[name=set]"), function (c) {
      if (c.checked) { sets.push(c.value); }
    });
    return sets;
  }

  // the chosen zip is checked at once (POST /api/homebrew/check: validated as Create
  // validates it, nothing stored), and again when what its notes depend on changes
  var checkStatus = document.getElementById("check-status");
  var checkNotes = document.getElementById("check-notes");
  var checkErrors = document.getElementById("check-errors");
  var checkAsked = 0, checkTimer = null;
  function listed(ul, lines) {
    ul.textContent = "";
    lines.forEach(function (t) {
      var li = document.createElement("li");
      li.textContent = t;
      ul.appendChild(li);
    });
    ul.hidden = !lines.length;
  }
  // blocks: the cards' errors as `elgrande validate` prints them (file:line, the line, a
  // caret), shown in their place of the list of errors where the server gives them
  // Create is off while the chosen zip is refused, by itself or with these settings
  // (Create would refuse it), with the reason under it and a way to drop the zip
  var create = document.getElementById("create");
  function createShown() {
    create.disabled = !!refused;
    shown(document.getElementById("create-why"), refused === "zip" ? "Create is off: the " +
          "zip above is refused. Choose a corrected zip, or remove it to play without " +
          "homebrew cards." : refused ? "Create is off: these settings refuse the zip " +
          "above. Change the sets or the fill, or remove the zip to play without homebrew " +
          "cards." : "");
    document.getElementById("zip-clear").hidden = !refused;
  }
  document.getElementById("zip-clear").addEventListener("click", function () {
    form.elements.cards.value = "";
    checkZip();
  });
  function checkShown(status, notes, errors, blocks) {
    blocks = blocks || [];
    createShown();
    shown(checkStatus, status);
    listed(checkNotes, notes);
    listed(checkErrors, blocks.length ? [] : errors);
    shown(document.getElementById("check-shown"), blocks.join("\n"));
    earlyShown();
  }
  function checkZip() {
    var file = form.elements.cards.files[0];
    var asked = ++checkAsked;
    refused = "";
    if (!file) { checkShown("", [], []); return; }
    shown(checkStatus, "Checking " + file.name + "…");
    var config = {players: Math.max(2, Math.min(5, +form.elements.players.value || 4)),
                  sets: chosenSets(), fill: form.elements.fill.value || null,
                  variant: form.elements.variant.value, homebrew_early: early()};
    var body = new FormData();
    body.append("config", JSON.stringify(config));
    body.append("cards", file);
    fetch("/api/homebrew/check", {method: "POST", body: body}).then(function (r) {
      return r.json().then(function (j) { return {status: r.status, j: j}; },
                           function () { return {status: r.status, j: {}}; });
    }).then(function (res) {
      if (asked !== checkAsked) { return; }  // a later check is under way
      var j = res.j;
      if (res.status === 429) { checkTimer = setTimeout(checkZip, 1000); return; }
      if (res.status === 200 && j.ok) {
        var cards = j.cards || [];
        checkShown(cards.length ? "The zip is valid: " + cards.length + " card" +
                   (cards.length === 1 ? "" : "s") + " found." :
                   "The zip is valid but holds no card.",
                   cards.map(function (c) { return c.note; }), []);
        return;
      }
      if (res.status === 413) { j.error = "the zip is too large"; }
      var why = j.errors && j.errors.length ? j.errors : [j.error || "refused (" + res.status + ")"];
      if (res.status === 400) {  // the settings, not the zip (say, a set without its fill)
        refused = "settings";  // re-checked when the sets, fill, players or variant change
        checkShown("Create would refuse these settings with this zip:", [], why);
        return;
      }
      refused = "zip";  // the early deal of a refused zip means nothing: its box hidden
      checkShown("The zip is refused" + (why.length > 1 ? " (" + why.length + " problems)" : "") +
                 ": correct it and choose it again.", [], why, j.shown);
    }, function () {
      if (asked === checkAsked) { checkShown("The zip could not be checked: the server did not answer.", [], []); }
    });
  }
  function checkSoon() {
    clearTimeout(checkTimer);
    checkTimer = setTimeout(checkZip, 250);
  }
  ["cards", "early", "players", "fill", "variant"].forEach(function (name) {
    form.elements[name].addEventListener("change", checkSoon);
  });
  Array.prototype.forEach.call(form.querySelectorAll("input[name=set]"), function (c) {
    c.addEventListener("change", checkSoon);
  });

  form.addEventListener("submit", function (ev) {
    ev.preventDefault();
    if (refused) { return; }  // (Enter in a field while Create is off)
    var n = rows.children.length, names = [], bots = {};
    for (var i = 0; i < n; i++) {
      names.push(form.elements["name-" + i].value.trim());
      var who = form.elements["who-" + i].value;
      if (who) { bots[String(i)] = who; }
    }
    var sets = chosenSets();
    var seed = form.elements.seed.value.trim();
    var config = {players: n, names: names, sets: sets, fill: form.elements.fill.value || null,
                  variant: form.elements.variant.value, bots: bots,
                  seed: seed === "" || early() ? null : parseInt(seed, 10)};
    if (early()) { config.homebrew_early = true; }
    var body = new FormData();
    body.append("config", JSON.stringify(config));
    var file = form.elements.cards.files[0];
    if (file) { body.append("cards", file); }
    var err = document.getElementById("error"), made = document.getElementById("made");
    shown(err, "");
    made.hidden = true;
    fetch("/api/games", {method: "POST", body: body}).then(function (r) {
      return r.json().then(function (j) { return {ok: r.ok, j: j}; },
                           function () { return {ok: false, j: {error: "refused (" + r.status + ")"}}; });
    }).then(function (res) {
      var j = res.j;
      if (!res.ok) { shown(err, "Not created: " + (j.error || "refused")); return; }
      document.getElementById("made-title").textContent = "Game created";
      var cards = j.cards || [];
      shown(document.getElementById("made-cards"), cards.length ?
        "Homebrew cards loaded (" + cards.length + "): " + cards.map(function (c) {
          return c.title + (c.stack != null ? " (stack " + c.stack + ")" : "");
        }).join(", ") + "." : (file ? "The zip held no card." : ""));
      var notes = document.getElementById("made-notes");
      notes.textContent = "";
      cards.forEach(function (c) {
        if (!c.note) { return; }
        var li = document.createElement("li");
        li.textContent = c.note;
        notes.appendChild(li);
      });
      notes.hidden = !notes.children.length;
      var ul = document.getElementById("links");
      ul.textContent = "";
      function add(text, url, note) {
        var li = document.createElement("li"), a = document.createElement("a");
        a.href = url;
        a.textContent = text;
        li.appendChild(a);
        if (note) { li.appendChild(document.createTextNode(" — " + note)); }
        ul.appendChild(li);
      }
      // the first seat a person plays is the host's own (the form's first row): theirs
      // to open here; each other person's link is sent to that person only
      var mine = (j.seats || []).findIndex(function (u) { return !!u; });
      (j.seats || []).forEach(function (u, i) {
        var who = (j.names || names)[i];
        if (u && i === mine) { add("Your seat (" + who + ")", u, "open it here"); }
        else if (u) { add(who + "'s seat", u, "send it to " + who + " only"); }
      });
      add("Host's page (admin)", j.admin, "yours: the seats, whose turn it is, the record at the end");
      add("Spectator page", j.spectator, "anyone may watch with it");
      made.hidden = false;
      // in view at once, below a long form (f17: under the window's edge at 1400x1000)
      made.scrollIntoView({block: "start"});
      document.getElementById("made-title").focus({preventScroll: true});
      create.textContent = "Create another game";  // a second click makes a second game
    }, function () { shown(err, "Not created: the server did not answer."); });
  });
})();
