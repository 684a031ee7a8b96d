/* The header (who this page is for, whose turn it is) and the host's page (the admin
   link): who plays each seat and whose turn it is. */
import {$, S, el, chip, nameOf} from "./core.js";

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
    turn.textContent = "Your turn: " + st.controls.prompt;
  } else if (st.to_move && st.to_move.length) {
    turn.textContent = "Waiting for " + st.to_move.map(nameOf).join(", ") + ".";
  } else {
    turn.textContent = "";
  }
}

// -- the host's page (the admin link): who plays each seat, whose turn it is
export function renderHost(st) {
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
