"""Statistics and the HTML report of ``elgrande simulate``.

:func:`summarize` turns game lines (:mod:`elgrande.tools.simulate`) into a summary (plain
JSON-able data); :func:`compare` sets a summary beside a baseline's (the same seeds with
the baseline cards); :func:`format_summary` prints them as tables; :func:`write_report`
writes a static HTML page with the figures inline as SVG (matplotlib, extra ``[report]``).

Intervals are 95%: Wilson score intervals for win rates, normal intervals
(``mean +- 1.96 sd / sqrt(n)``) for means. A win is a place among the winners (a tie is
a shared victory). Differences from the baseline are tested at the 5% level: win rates
with a two-proportion z-test (pooled), means with Welch's unequal-variance test whose
p-value comes from the normal approximation to the t distribution (sound for the tens
of games and more a simulation plays). Games that failed are listed and left out.
"""

from __future__ import annotations

import html
import io
import json
import math
import statistics
from collections import defaultdict
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from elgrande.errors import SimError

#: The two-sided 95% normal quantile.
Z95 = statistics.NormalDist().inv_cdf(0.975)
#: Significance level of the baseline comparison.
ALPHA = 0.05


# -- intervals and tests --
def wilson(wins: int, n: int) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion ``wins / n`` ((0, 0) when n is 0)."""
    if n == 0:
        return (0.0, 0.0)
    p = wins / n
    z2 = Z95 * Z95
    mid = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return (max(0.0, mid - half), min(1.0, mid + half))


def mean_ci(xs: Sequence[float]) -> tuple[float, float, float]:
    """``(mean, low, high)``: the mean and its 95% normal interval (a point for n < 2)."""
    if not xs:
        return (0.0, 0.0, 0.0)
    m = statistics.fmean(xs)
    if len(xs) < 2:
        return (m, m, m)
    half = Z95 * statistics.stdev(xs) / math.sqrt(len(xs))
    return (m, m - half, m + half)


def _p_two_sided(z: float) -> float:
    return 2 * (1 - statistics.NormalDist().cdf(abs(z)))


def two_proportion(k1: int, n1: int, k2: int, n2: int) -> tuple[float, float]:
    """Pooled two-proportion z-test of ``k1/n1`` against ``k2/n2``: ``(z, p)``
    (``(0, 1)`` when it cannot be computed)."""
    if not n1 or not n2:
        return (0.0, 1.0)
    pool = (k1 + k2) / (n1 + n2)
    se = math.sqrt(pool * (1 - pool) * (1 / n1 + 1 / n2))
    if se == 0:
        return (0.0, 1.0)
    z = (k1 / n1 - k2 / n2) / se
    return (z, _p_two_sided(z))


def welch(xs: Sequence[float], ys: Sequence[float]) -> tuple[float, float]:
    """Welch's test of ``mean(xs)`` against ``mean(ys)``: ``(t, p)``, the p-value from the
    normal approximation (``(0, 1)`` with fewer than 2 values a side or no variance)."""
    if len(xs) < 2 or len(ys) < 2:
        return (0.0, 1.0)
    se = math.sqrt(statistics.variance(xs) / len(xs) + statistics.variance(ys) / len(ys))
    if se == 0:
        return (0.0, 1.0)
    t = (statistics.fmean(xs) - statistics.fmean(ys)) / se
    return (t, _p_two_sided(t))


def _r(x: float) -> float:
    return round(x, 4)


def _rate(wins: int, n: int) -> dict[str, Any]:
    lo, hi = wilson(wins, n)
    return {"n": n, "wins": wins, "win_rate": _r(wins / n if n else 0.0),
            "win_ci": [_r(lo), _r(hi)]}


def _mean(xs: Sequence[float]) -> dict[str, Any]:
    m, lo, hi = mean_ci(xs)
    return {"mean_points": _r(m), "points_ci": [_r(lo), _r(hi)]}


# -- the summary --
class _Obs:
    """Per-group raw observations kept for the baseline tests."""

    def __init__(self) -> None:
        self.wins: dict[Any, list[int]] = defaultdict(list)
        self.points: dict[Any, list[float]] = defaultdict(list)


def _observations(games: Sequence[dict[str, Any]]) -> dict[str, Any]:
    seats, bots = _Obs(), _Obs()
    sources: dict[str, list[float]] = defaultdict(list)
    cards_taken: dict[str, int] = defaultdict(int)
    gains: dict[str, list[float]] = defaultdict(list)
    takers: dict[str, list[int]] = defaultdict(list)
    all_sources = sorted({s for g in games for pts in g["points"] for s in pts})
    for g in games:
        n = g["players"]
        won = set(g["winners"])
        for p in range(n):
            w = int(p in won)
            seats.wins[(n, p)].append(w)
            seats.points[(n, p)].append(g["scores"][p])
            bots.wins[g["bots"][p]].append(w)
            bots.points[g["bots"][p]].append(g["scores"][p])
            for s in all_sources:
                sources[s].append(g["points"][p].get(s, 0))
        seen: set[tuple[str, int]] = set()
        for t in g["taken"]:
            c, p = t["card"], t["seat"]
            cards_taken[c] += 1
            row = g["round_points"].get(str(t["round"]), [0] * n)
            gains[c].append(row[p] - statistics.fmean(row))
            if (c, p) not in seen:
                seen.add((c, p))
                takers[c].append(int(p in won))
    return {"seats": seats, "bots": bots, "sources": sources, "taken": cards_taken,
            "gains": gains, "takers": takers}


def summarize(games: Iterable[dict[str, Any]], homebrew: Iterable[str] = (),
              titles: dict[str, str] | None = None) -> dict[str, Any]:
    """The summary of finished and failed game lines (any order; sorted by seed here).

    Args:
        games: game lines (:mod:`elgrande.tools.simulate`).
        homebrew: card ids to mark as homebrew (not in the baseline set).
        titles: card id -> title, for the tables.
    Returns:
        ``{"games", "failed" (seeds), "seats" [{players, seat, bot, n, wins, win_rate,
        win_ci, mean_points, points_ci}], "bots" [{bot, n, wins, ...}], "sources"
        [{source, mean_points, points_ci}] (per player and game), "cards" [{card, title,
        homebrew, taken, per_game, gain_vs_table, gain_ci, takers, wins, win_rate,
        win_ci}]}``. ``gain_vs_table`` is the taker's points gained in the round the card
        was taken (the general scoring after it included) minus the table's mean gain
        that round; ``takers`` counts each player of a game who took the card once.
    """
    rows = sorted(games, key=lambda g: g["seed"])
    ok = [g for g in rows if "error" not in g]
    failed = [g["seed"] for g in rows if "error" in g]
    obs = _observations(ok)
    hb = set(homebrew)
    titles = titles or {}
    seats = []
    for (n, p) in sorted(obs["seats"].wins):
        w = obs["seats"].wins[(n, p)]
        bot = sorted({g["bots"][p] for g in ok if g["players"] == n})
        seats.append({"players": n, "seat": p, "bot": ",".join(bot), **_rate(sum(w), len(w)),
                      **_mean(obs["seats"].points[(n, p)])})
    bots = [{"bot": b, **_rate(sum(w), len(w)), **_mean(obs["bots"].points[b])}
            for b, w in sorted(obs["bots"].wins.items())]
    sources = [{"source": s, **_mean(xs)} for s, xs in sorted(obs["sources"].items())]
    cards = []
    for c in sorted(obs["taken"], key=lambda c: (-obs["taken"][c], c)):
        m, lo, hi = mean_ci(obs["gains"][c])
        w = obs["takers"][c]
        rate = _rate(sum(w), len(w))
        cards.append({"card": c, "title": titles.get(c, c), "homebrew": c in hb,
                      "taken": obs["taken"][c],
                      "per_game": _r(obs["taken"][c] / len(ok) if ok else 0.0),
                      "gain_vs_table": _r(m), "gain_ci": [_r(lo), _r(hi)],
                      "takers": rate["n"], "wins": rate["wins"],
                      "win_rate": rate["win_rate"], "win_ci": rate["win_ci"]})
    return {"games": len(ok), "failed": failed, "seats": seats, "bots": bots,
            "sources": sources, "cards": cards}


def _test_rates(a: dict[str, Any], b: dict[str, Any]) -> dict[str, Any]:
    z, p = two_proportion(a["wins"], a["n"], b["wins"], b["n"])
    return {"win_rate": a["win_rate"], "baseline_win_rate": b["win_rate"],
            "diff": _r(a["win_rate"] - b["win_rate"]), "z": _r(z), "p": _r(p),
            "significant": p < ALPHA}


def _test_means(xs: Sequence[float], ys: Sequence[float]) -> dict[str, Any]:
    t, p = welch(xs, ys)
    mx = statistics.fmean(xs) if xs else 0.0
    my = statistics.fmean(ys) if ys else 0.0
    return {"mean": _r(mx), "baseline_mean": _r(my), "diff": _r(mx - my), "t": _r(t),
            "p": _r(p), "significant": p < ALPHA}


def compare(games: Iterable[dict[str, Any]], baseline: Iterable[dict[str, Any]]
            ) -> dict[str, Any]:
    """The differences between games and their baseline (the same seeds, other cards).

    Returns:
        ``{"games", "baseline_games", "seats" [{players, seat, win: {win_rate,
        baseline_win_rate, diff, z, p, significant}, points: {mean, baseline_mean, diff,
        t, p, significant}}], "bots" [{bot, win, points}], "sources" [{source, points}],
        "cards" [{card, per_game: {...}, gain: {...}, win: {...}}]}``: win rates by the
        two-proportion z-test, means by Welch's test (p < 0.05 is ``significant``).
        Cards are those taken in both sets.
    """
    a_ok = [g for g in games if "error" not in g]
    b_ok = [g for g in baseline if "error" not in g]
    a, b = _observations(a_ok), _observations(b_ok)

    def rates(x: list[int], y: list[int]) -> dict[str, Any]:
        return _test_rates(_rate(sum(x), len(x)), _rate(sum(y), len(y)))

    seats = [{"players": k[0], "seat": k[1],
              "win": rates(a["seats"].wins[k], b["seats"].wins[k]),
              "points": _test_means(a["seats"].points[k], b["seats"].points[k])}
             for k in sorted(set(a["seats"].wins) & set(b["seats"].wins))]
    bots = [{"bot": k, "win": rates(a["bots"].wins[k], b["bots"].wins[k]),
             "points": _test_means(a["bots"].points[k], b["bots"].points[k])}
            for k in sorted(set(a["bots"].wins) & set(b["bots"].wins))]
    size_a = len(a["sources"][next(iter(a["sources"]))]) if a["sources"] else 0
    size_b = len(b["sources"][next(iter(b["sources"]))]) if b["sources"] else 0
    sources = [{"source": s,
                "points": _test_means(a["sources"].get(s, [0.0] * size_a),
                                      b["sources"].get(s, [0.0] * size_b))}
               for s in sorted(set(a["sources"]) | set(b["sources"]))]
    cards = []
    for c in sorted(set(a["taken"]) & set(b["taken"])):
        per_a = [sum(t["card"] == c for t in g["taken"]) for g in a_ok]
        per_b = [sum(t["card"] == c for t in g["taken"]) for g in b_ok]
        cards.append({"card": c, "per_game": _test_means(per_a, per_b),
                      "gain": _test_means(a["gains"][c], b["gains"][c]),
                      "win": rates(a["takers"][c], b["takers"][c])})
    return {"games": len(a_ok), "baseline_games": len(b_ok), "seats": seats, "bots": bots,
            "sources": sources, "cards": cards}


# -- text tables --
def _ci(c: Sequence[float], pct: bool = False) -> str:
    return (f"[{c[0] * 100:.1f}, {c[1] * 100:.1f}]" if pct else f"[{c[0]:.1f}, {c[1]:.1f}]")


def _table(head: Sequence[str], rows: Sequence[Sequence[Any]]) -> list[str]:
    cells = [list(map(str, head))] + [[str(x) for x in r] for r in rows]
    widths = [max(len(r[i]) for r in cells) for i in range(len(head))]
    out = ["  ".join(c.ljust(w) if i == 0 else c.rjust(w)
                     for i, (c, w) in enumerate(zip(r, widths, strict=True))).rstrip()
           for r in cells]
    out.insert(1, "  ".join("-" * w for w in widths))
    return out


def format_summary(summary: dict[str, Any], comparison: dict[str, Any] | None = None,
                   top: int = 15) -> str:
    """The summary (and the comparison) as plain-text tables (win rates in %, 95%
    intervals in brackets; ``*`` marks a significant difference from the baseline)."""
    lines = [f"{summary['games']} games"
             + (f", {len(summary['failed'])} failed (seeds "
                f"{', '.join(map(str, summary['failed'][:10]))})" if summary["failed"] else "")]
    cmp_seat = {(r["players"], r["seat"]): r for r in (comparison or {}).get("seats", [])}
    cmp_bot = {r["bot"]: r for r in (comparison or {}).get("bots", [])}

    def delta(r: dict[str, Any] | None, key: str, pct: bool) -> str:
        if r is None:
            return ""
        d = r[key]["diff"] * (100 if pct else 1)
        return f"{d:+.1f}{'*' if r[key]['significant'] else ''}"

    head = ["players/seat", "bot", "games", "win %", "95% CI", "points", "95% CI"]
    if comparison:
        head += ["win vs base", "pts vs base"]
    rows = []
    for s in summary["seats"]:
        c = cmp_seat.get((s["players"], s["seat"]))
        row = [f"{s['players']}p seat {s['seat']}", s["bot"], s["n"],
               f"{s['win_rate'] * 100:.1f}", _ci(s["win_ci"], True),
               f"{s['mean_points']:.1f}", _ci(s["points_ci"])]
        rows.append(row + ([delta(c, "win", True), delta(c, "points", False)]
                           if comparison else []))
    lines += ["", "By seat", *_table(head, rows)]
    rows = []
    for b in summary["bots"]:
        c = cmp_bot.get(b["bot"])
        row = [b["bot"], "", b["n"], f"{b['win_rate'] * 100:.1f}", _ci(b["win_ci"], True),
               f"{b['mean_points']:.1f}", _ci(b["points_ci"])]
        rows.append(row + ([delta(c, "win", True), delta(c, "points", False)]
                           if comparison else []))
    lines += ["", "By bot", *_table(["bot", "", *head[2:]], rows)]
    rows = [[("(new) " if c["homebrew"] else "") + c["title"], c["taken"],
             f"{c['per_game']:.2f}", f"{c['gain_vs_table']:+.2f}", _ci(c["gain_ci"]),
             f"{c['win_rate'] * 100:.1f}", _ci(c["win_ci"], True)]
            for c in _top_cards(summary["cards"], top)]
    lines += ["", f"Action cards (homebrew first, then the {top} most taken)",
              *_table(["card", "taken", "per game", "gain vs table", "95% CI",
                       "taker win %", "95% CI"], rows)]
    if comparison:
        sig = [r for r in comparison["sources"] if r["points"]["significant"]]
        lines += ["", f"Against the baseline ({comparison['baseline_games']} games; * = "
                  "p < 0.05: win rates by a two-proportion z-test, points by Welch's test)"]
        lines += [f"  points from {r['source']}: {r['points']['mean']:.2f} vs "
                  f"{r['points']['baseline_mean']:.2f} (p = {r['points']['p']:.3f})"
                  for r in sig] or ["  no source of points differs significantly"]
    return "\n".join(lines)


def _top_cards(cards: Sequence[dict[str, Any]], top: int) -> list[dict[str, Any]]:
    return [c for c in cards if c["homebrew"]] + [c for c in cards if not c["homebrew"]][:top]


# -- the HTML report --
def _svg(fig: Any) -> str:
    buf = io.StringIO()
    fig.savefig(buf, format="svg", bbox_inches="tight")
    text = buf.getvalue()
    return text[text.index("<svg"):]


def require_matplotlib() -> None:
    """Check that the report's plotting library is installed, before any game is played.

    Raises:
        SimError: matplotlib is not installed (the ``[report]`` extra).
    """
    import importlib.util

    if importlib.util.find_spec("matplotlib") is None:
        raise SimError("--report needs matplotlib: pip install 'elgrande[report]'")


def _figures(summary: dict[str, Any], games: Sequence[dict[str, Any]],
             baseline: dict[str, Any] | None,
             baseline_games: Sequence[dict[str, Any]]) -> list[tuple[str, str, str]]:
    """``(id, title, svg)`` of every figure."""
    require_matplotlib()
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    plt.rcParams.update({"svg.fonttype": "none", "font.size": 9})
    out = []
    sets = [("this set", summary, games)] + ([("baseline", baseline, baseline_games)]
                                             if baseline else [])

    # win rate by seat with intervals
    fig, ax = plt.subplots(figsize=(7, 3.2))
    labels = [f"{s['players']}p seat {s['seat']}\n{s['bot']}" for s in summary["seats"]]
    width = 0.8 / len(sets)
    for i, (name, summ, _) in enumerate(sets):
        by = {(s["players"], s["seat"]): s for s in summ["seats"]}
        rows = [by.get((s["players"], s["seat"])) for s in summary["seats"]]
        ys = [r["win_rate"] * 100 if r else 0 for r in rows]
        err = [[(r["win_rate"] - r["win_ci"][0]) * 100 if r else 0 for r in rows],
               [(r["win_ci"][1] - r["win_rate"]) * 100 if r else 0 for r in rows]]
        xs = [j + (i - (len(sets) - 1) / 2) * width for j in range(len(rows))]
        ax.bar(xs, ys, width, yerr=err, capsize=3, label=name)
    ax.set_xticks(range(len(labels)), labels)
    ax.set_ylabel("win rate, % (95% CI)")
    ax.legend()
    out.append(("win-by-seat", "Win rate by seat", _svg(fig)))
    plt.close(fig)

    # points distributions by seat
    fig, ax = plt.subplots(figsize=(7, 3.2))
    keys = [(s["players"], s["seat"]) for s in summary["seats"]]
    for i, (name, _, gs) in enumerate(sets):
        data = [[g["scores"][k[1]] for g in gs if "error" not in g and g["players"] == k[0]]
                for k in keys]
        pos = [j + (i - (len(sets) - 1) / 2) * width for j in range(len(keys))]
        parts = ax.boxplot([d or [0] for d in data], positions=pos, widths=width * 0.9,
                           patch_artist=True, manage_ticks=False)
        for box in parts["boxes"]:
            box.set_facecolor(f"C{i}")
            box.set_alpha(0.6)
        ax.plot([], [], color=f"C{i}", label=name, linewidth=6, alpha=0.6)
    ax.set_xticks(range(len(labels)), labels)
    ax.set_ylabel("final points")
    ax.legend()
    out.append(("points-by-seat", "Final points by seat", _svg(fig)))
    plt.close(fig)

    # per-card impact bars
    cards = _top_cards(summary["cards"], len(summary["cards"]))
    if cards:
        fig, (a1, a2) = plt.subplots(1, 2, figsize=(9, 0.28 * len(cards) + 1.2), sharey=True)
        names = [("(new) " if c["homebrew"] else "") + c["title"] for c in cards]
        colors = ["#d62728" if c["homebrew"] else "#1f77b4" for c in cards]
        rows_at = list(range(len(cards)))
        a1.barh(rows_at, [c["gain_vs_table"] for c in cards], color=colors,
                xerr=[[c["gain_vs_table"] - c["gain_ci"][0] for c in cards],
                      [c["gain_ci"][1] - c["gain_vs_table"] for c in cards]], capsize=2)
        a1.axvline(0, color="black", linewidth=0.8)
        a1.set_yticks(rows_at, names)
        a1.invert_yaxis()
        a1.set_xlabel("taker's points in that round minus the table's mean (95% CI)")
        a2.barh(rows_at, [c["win_rate"] * 100 for c in cards], color=colors,
                xerr=[[(c["win_rate"] - c["win_ci"][0]) * 100 for c in cards],
                      [(c["win_ci"][1] - c["win_rate"]) * 100 for c in cards]], capsize=2)
        fair = 100 / statistics.fmean(g["players"] for g in games if "error" not in g) \
            if summary["games"] else 0
        a2.axvline(fair, color="black", linewidth=0.8, linestyle="--")
        a2.set_xlabel("win rate of its takers, % (dashed: 1 / players)")
        out.append(("cards", "Action cards: impact of taking them", _svg(fig)))
        plt.close(fig)

    # points by source, this set against the baseline
    src = sorted({r["source"] for _, s, _ in sets for r in s["sources"]},
                 key=lambda x: (x.split(":")[0], x))
    if src:
        fig, ax = plt.subplots(figsize=(9, 0.25 * len(src) + 1.2))
        h = 0.8 / len(sets)
        for i, (name, summ, _) in enumerate(sets):
            by = {r["source"]: r for r in summ["sources"]}
            ys_ = [j + (i - (len(sets) - 1) / 2) * h for j in range(len(src))]
            vals = [by[s]["mean_points"] if s in by else 0 for s in src]
            ax.barh(ys_, vals, h, label=name)
        ax.set_yticks(range(len(src)), src)
        ax.invert_yaxis()
        ax.set_xlabel("mean points per player and game")
        ax.legend()
        out.append(("sources", "Where the points come from", _svg(fig)))
        plt.close(fig)
    return out


def _html_table(head: Sequence[str], rows: Sequence[Sequence[Any]]) -> str:
    th = "".join(f"<th>{html.escape(str(h))}</th>" for h in head)
    body = "".join("<tr>" + "".join(f"<td>{html.escape(str(c))}</td>" for c in r) + "</tr>"
                   for r in rows)
    return f"<table><thead><tr>{th}</tr></thead><tbody>{body}</tbody></table>"


_STYLE = ("body{font-family:system-ui,sans-serif;max-width:1000px;margin:2em auto;"
          "padding:0 1em;color:#222}table{border-collapse:collapse;margin:1em 0;"
          "font-size:90%}td,th{border:1px solid #ccc;padding:2px 8px;text-align:right}"
          "td:first-child,th:first-child{text-align:left}figure{margin:1.5em 0}"
          "figure svg{max-width:100%;height:auto}.sig{font-weight:bold;color:#b00}")


def write_report(out_dir: str | Path, summary: dict[str, Any],
                 games: Sequence[dict[str, Any]], settings: str = "",
                 baseline: dict[str, Any] | None = None,
                 baseline_games: Sequence[dict[str, Any]] = (),
                 comparison: dict[str, Any] | None = None) -> Path:
    """Write ``out_dir/index.html`` (figures inline as SVG: it opens without a server)
    and ``out_dir/summary.json``.

    Args:
        out_dir: the report folder (made if missing).
        summary, games: the summary and the game lines it was made from.
        settings: the command line, shown at the top.
        baseline, baseline_games, comparison: the baseline's, if any.
    Returns:
        The path of ``index.html``.
    Raises:
        SimError: matplotlib is not installed.
    """
    out = Path(out_dir)
    figures = _figures(summary, games, baseline, baseline_games)
    out.mkdir(parents=True, exist_ok=True)
    data = {"summary": summary, "baseline": baseline, "comparison": comparison}
    (out / "summary.json").write_text(json.dumps(data, indent=1, sort_keys=True) + "\n",
                                      encoding="utf-8")
    parts = [f"<h1>elgrande simulate: {summary['games']} games</h1>"]
    if settings:
        parts.append(f"<p><code>{html.escape(settings)}</code></p>")
    if summary["failed"]:
        parts.append(f"<p class='sig'>{len(summary['failed'])} games failed: seeds "
                     f"{html.escape(', '.join(map(str, summary['failed'])))}</p>")
    parts.append("<p>Intervals are 95%: Wilson for win rates, normal for means. A tie for "
                 "first is a shared win."
                 + (" Differences from the baseline (the same seeds without the new cards) "
                    "are tested with a two-proportion z-test (win rates) and Welch's test "
                    "(means); <span class='sig'>bold red</span> is p &lt; 0.05."
                    if comparison else "") + "</p>")
    for fid, title, svg in figures:
        parts.append(f"<figure id='{fid}'><figcaption><h2>{html.escape(title)}</h2>"
                     f"</figcaption>{svg}</figure>")
    parts.append("<h2>Seats</h2>" + _html_table(
        ["players/seat", "bot", "games", "win %", "95% CI", "mean points", "95% CI"],
        [[f"{s['players']}p seat {s['seat']}", s["bot"], s["n"],
          f"{s['win_rate'] * 100:.1f}", _ci(s["win_ci"], True), f"{s['mean_points']:.1f}",
          _ci(s["points_ci"])] for s in summary["seats"]]))
    parts.append("<h2>Action cards</h2>" + _html_table(
        ["card", "homebrew", "taken", "per game", "gain vs table", "95% CI", "takers",
         "taker win %", "95% CI"],
        [[f"{c['title']} [{c['card']}]", "yes" if c["homebrew"] else "", c["taken"],
          f"{c['per_game']:.2f}", f"{c['gain_vs_table']:+.2f}", _ci(c["gain_ci"]),
          c["takers"], f"{c['win_rate'] * 100:.1f}", _ci(c["win_ci"], True)]
         for c in summary["cards"]]))
    if comparison:
        parts.append(_comparison_html(comparison))
    page = ("<!doctype html><html lang='en'><head><meta charset='utf-8'>"
            "<title>elgrande simulate report</title>"
            f"<style>{_STYLE}</style></head><body>{''.join(parts)}</body></html>\n")
    index = out / "index.html"
    index.write_text(page, encoding="utf-8")
    return index


def _comparison_html(c: dict[str, Any]) -> str:
    def cell(r: dict[str, Any], pct: bool = False) -> str:
        f = 100 if pct else 1
        a = r["win_rate" if pct else "mean"] * f
        b = r["baseline_win_rate" if pct else "baseline_mean"] * f
        mark = "class='sig'" if r["significant"] else ""
        return f"<td {mark}>{a:.1f} vs {b:.1f} (p = {r['p']:.3f})</td>"

    def table(head: Sequence[str], rows: list[tuple[str, list[str]]]) -> str:
        th = "".join(f"<th>{html.escape(h)}</th>" for h in head)
        body = "".join(f"<tr><td>{html.escape(k)}</td>{''.join(v)}</tr>" for k, v in rows)
        return f"<table><thead><tr>{th}</tr></thead><tbody>{body}</tbody></table>"

    seats = table(["players/seat", "win %", "mean points"],
                  [(f"{r['players']}p seat {r['seat']}", [cell(r["win"], True),
                                                          cell(r["points"])])
                   for r in c["seats"]])
    bots = table(["bot", "win %", "mean points"],
                 [(r["bot"], [cell(r["win"], True), cell(r["points"])]) for r in c["bots"]])
    sources = table(["source", "mean points per player and game"],
                    [(r["source"], [cell(r["points"])]) for r in c["sources"]])
    cards = table(["card", "taken per game", "gain vs table", "taker win %"],
                  [(r["card"], [cell(r["per_game"]), cell(r["gain"]), cell(r["win"], True)])
                   for r in c["cards"]])
    return (f"<h2>Against the baseline ({c['baseline_games']} games)</h2>{seats}{bots}"
            f"<h3>Points by source</h3>{sources}<h3>Cards in both sets</h3>{cards}")

