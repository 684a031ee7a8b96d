/* The scores chart: every player's total at the end of each round (B7.1), then now, drawn
   as an SVG line chart with a legend. */
import {$, el, chip, colourOf} from "./core.js";

export function renderChart(st) {
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
function escapeXml(s) {
  return String(s).replace(/[<>&"]/g, function (ch) {
    return {"<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;"}[ch];
  });
}
