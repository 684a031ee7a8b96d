"""f20 on the page of ``elgrande serve``, in a real browser (Playwright driving Chromium,
tests/browser.py) against a real ``elgrande serve`` process: the map's land no place covers
says it is not part of the game (B1.6); on a phone a long "Since your last choice" box
never pushes the answer's buttons off the first screen (it goes under them, a line under
the prompt points to it); the before/after labels of a chosen, unsent answer never cover
a badge nor each other (B8.2)."""

from __future__ import annotations

import random
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest
from browser import Tab
from test_server_page import page_state, quiet
from test_server_page_layout import _open, played  # noqa: F401  (the fixture)

#: Where the tests leave their screenshots (to be looked at).
SHOTS = Path(tempfile.gettempdir()) / "elgrande-shots"

_RECT = """(e) => { const r = e.getBoundingClientRect();
  return {left: r.left, right: r.right, top: r.top, bottom: r.bottom}; }"""


def _shot(tab: Tab, name: str, full: bool = False) -> None:
    SHOTS.mkdir(exist_ok=True)
    tab.page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=full)


def _meet(a: dict[str, float], b: dict[str, float]) -> bool:
    return a["left"] < b["right"] and b["left"] < a["right"] and a["top"] < b["bottom"] \
        and b["top"] < a["bottom"]


@pytest.mark.rule("B1.6")
def test_the_grey_land_says_it_is_not_part_of_the_game(
        server: str, played: dict[str, Any],  # noqa: F811
        new_tab: Callable[[], Tab]) -> None:
    """The words sit on the land, on screen, and cover no place."""
    tab = _open(server, played, new_tab, 1280, 900)
    words = tab.page.locator("#board svg text.spare")
    assert words.count() == 1 and " ".join((words.text_content() or "").split()) == \
        "not part of the game"
    box = words.evaluate(_RECT)
    land = tab.page.locator("#board svg polygon.land").evaluate(_RECT)
    assert land["left"] <= box["left"] and box["right"] <= land["right"]
    assert box["right"] - box["left"] > 30 and box["bottom"] <= 900
    places = tab.page.locator("#board svg g.place[data-place]")
    hit = [places.nth(i).get_attribute("data-place") for i in range(places.count())
           if _meet(box, places.nth(i).locator(":scope > *").first.evaluate(_RECT))]
    assert hit == [], hit
    _shot(tab, "h28-land")
    quiet(tab)


def _since_from_scoring(tab: Tab) -> None:
    """Marks the seat's last answer just before the general scoring: a long box."""
    state = page_state(tab)["state"]
    head = max(i for i, line in enumerate(state["log"])
               if line.startswith("-- Scoring after round"))
    tab.page.evaluate("([k, m]) => sessionStorage.setItem(k, String(m))",
                      [f"elgrande-since:{state['game']}:0", head - 3])
    tab.page.reload()
    tab.page.wait_for_function("window.elgrandePage.controls")
    tab.page.evaluate("new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")


def test_on_a_phone_a_long_since_box_goes_under_the_buttons(
        server: str, played: dict[str, Any],  # noqa: F811
        new_tab: Callable[[], Tab]) -> None:
    """390 × 844 after a general scoring: every answer button of the decision on the first
    screen, the box under the last of them, a line under the prompt saying where it is (a
    tap brings it into view); 1280 × 900: the box above the buttons, no such line."""
    tab = _open(server, played, new_tab, 390, 844)
    _since_from_scoring(tab)
    box = tab.page.locator("#since")
    assert box.is_visible() and box.locator("li:visible").count() >= 4
    buttons = tab.page.locator("#options button:visible")
    assert buttons.count() >= 1
    rects = [buttons.nth(i).evaluate(_RECT) for i in range(buttons.count())]
    assert max(r["bottom"] for r in rects) <= 844, rects
    since = box.evaluate(_RECT)
    assert since["top"] >= max(r["bottom"] for r in rects)
    jump = tab.page.locator("#since-jump")
    assert jump.is_visible() and "under the buttons" in jump.inner_text()
    prompt = tab.page.locator("#prompt").evaluate(_RECT)
    assert prompt["bottom"] <= jump.evaluate(_RECT)["top"] < rects[0]["top"]
    _shot(tab, "h28-since-phone")
    jump.click()
    tab.page.wait_for_function("""() => { const r = document.getElementById('since')
      .getBoundingClientRect(); return r.top > -1 && r.top < innerHeight; }""")  # its top
    # turned to a wide screen: above the buttons again, the line gone
    tab.page.set_viewport_size({"width": 1280, "height": 900})
    tab.page.wait_for_function("document.getElementById('since-jump') === null || "
                               "document.getElementById('since-jump').hidden")
    first = tab.page.locator("#options button:visible").first.evaluate(_RECT)
    assert box.evaluate(_RECT)["bottom"] <= first["top"]
    quiet(tab)


def _crowded(st: dict[str, Any]) -> bool:
    """Seat 0 must answer and a region holds five colours or more."""
    if st["controls"] is None or st["view"].get("pending") is None:
        return False
    rows = st["view"]["state"]["caballeros"]
    return any(row is not None and sum(1 for n in row if n) >= 5 for row in rows)


@pytest.fixture(scope="module")
def crowded(server: str) -> dict[str, Any]:
    """A 5-seat base game of five people played by its API, every seat at random from one
    seeded rng (no server-seeded bot: the same game every run), to a decision of seat 0
    while a region holds five colours: its links."""
    from serve_util import play_turn, token_of
    from test_server_page import create

    links = create(server, 5, 3, {}, ["base"])
    tokens = [token_of(link) for link in links["seats"]]
    rng = random.Random(3)
    with httpx.Client(base_url=server, timeout=30) as c:
        for _ in range(3000):
            st = c.get(f"/api/games/{links['game']}/state", params={"t": tokens[0]}).json()
            if _crowded(st):
                return links
            for token in tokens:
                play_turn(c, links["game"], token, rng)
    raise AssertionError("no region held five colours at a decision of seat 0")


@pytest.mark.rule("B8.2")
def test_before_after_labels_cover_no_badge_and_no_label(
        server: str, crowded: dict[str, Any], new_tab: Callable[[], Tab]) -> None:
    """One caballero of each of five colours moved out of a region holding five (two rows
    of badges) and into a region: each "N→M" label covers no badge (nor ghost badge) and
    no other label, the region's and the other's; each label stays near its badge; the
    badges the answer adds in one place are drawn apart."""
    from test_server_page_preview import DRAW, _move

    tab = _open(server, crowded, new_tab, 1280, 900)
    places = tab.page.evaluate("""() => Array.from(document.querySelectorAll(
        '#board g.place[data-place]')).map(g => g.getAttribute('data-place'))""")
    counts = tab.page.evaluate("""() => { const out = {};
      document.querySelectorAll('#board g.caballeros').forEach(g => {
        const p = g.getAttribute('data-place');
        (out[p] = out[p] || []).push(g.getAttribute('data-player')); });
      return out; }""")
    full = next(p for p in places if len(counts.get(p, [])) >= 5)
    other = max((p for p in places if p != full), key=lambda p: len(counts.get(p, [])))
    who = [int(w) for w in counts[full] if w.isdigit()]
    opts = [_move(full, other, w, 1) for w in who]
    got = tab.page.evaluate(DRAW, ["moves", "move_caballeros", opts])
    marks = got["marks"]
    assert len(marks) >= 2 * len(who) - 1, marks  # each touched badge has its label
    boxes = [dict(zip("xywh", m["box"], strict=True)) for m in marks]
    ghosts = tab.page.evaluate("""() => Array.from(document.querySelectorAll(
        '#board g#pending g.preview-new rect')).map(r => (b => [b.x, b.y, b.width,
        b.height])(r.getBBox()))""")
    badges = [dict(zip("xywh", b, strict=True)) for b in [*got["badges"].values(), *ghosts]]

    def meet(a: dict[str, float], b: dict[str, float]) -> bool:
        return a["x"] < b["x"] + b["w"] and b["x"] < a["x"] + a["w"] and \
            a["y"] < b["y"] + b["h"] and b["y"] < a["y"] + a["h"]

    ghost = [dict(zip("xywh", b, strict=True)) for b in ghosts]
    both = [(a, b) for i, a in enumerate(ghost) for b in [*ghost[i + 1:],
            *(dict(zip("xywh", v, strict=True)) for v in got["badges"].values())]
            if meet(a, b)]
    assert both == [], both  # badges added are drawn apart (two in one place too)
    hits = [(m["text"], m["place"], b) for m, a in zip(marks, boxes, strict=True)
            for b in badges if meet(a, b)]
    assert hits == [], hits
    pairs = [(marks[i]["text"], marks[j]["text"]) for i in range(len(marks))
             for j in range(i + 1, len(marks)) if meet(boxes[i], boxes[j])]
    assert pairs == [], pairs
    for m, a in zip(marks, boxes, strict=True):  # near its badge (within two badges)
        key = f'{m["place"]}|{m["player"]}'
        if key in got["badges"]:
            bx, by, bw, bh = got["badges"][key]
            assert abs(a["x"] + a["w"] / 2 - (bx + bw / 2)) < 60 and \
                abs(a["y"] - by) < 90, (m, got["badges"][key])
    tab.page.locator("#board").screenshot(path=str(SHOTS / "h28-preview-crowded.png"))
    quiet(tab)
