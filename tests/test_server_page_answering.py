"""Answering a move in a real browser (Playwright driving Chromium, tests/browser.py)
against a real ``elgrande serve`` process (B8.2), as a fresh user did (f20): nothing a click
adds moves the buttons under the pointer; the sources say whose and how many; on a phone
"Show the arrows on the map" brings the arrows themselves into view; hover is no "chosen"
look; a held secret choice's bar keeps one line (B8.5)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from browser import Tab
from move_words import owner, source_name
from test_server_page import create, decision, open_seats, page_state, quiet, wait_for_units
from test_server_page_help import _play_until

from elgrande.play.game import new_game


def _two_to_move(c: dict[str, Any]) -> bool:
    """A move with nothing chosen yet where two caballeros of one source may go one way."""
    return c["form"] == "moves" and not c["total"] and c["max"] >= 2 and any(
        o["enabled"] and int(o.get("available") or 0) >= 2 for o in c["options"])


def seat_at(server: str, new_tab: Callable[[], Tab], want: Callable[[dict[str, Any]], bool],
            seeds: tuple[int, ...] = (21, 22, 23, 24, 25, 26)
            ) -> tuple[Tab, dict[str, Any]] | None:
    """Seat 0's tab (a 3-seat base game, two greedy bots, one game a seed in turn, played
    in the page) at controls satisfying ``want``, and those controls; None if no game of
    ``seeds`` meets them."""
    library = new_game(3, sets=["base"], seed=0, logging=False).library
    for seed in seeds:
        links = create(server, 3, seed, {1: "greedy", 2: "greedy"}, ["base"])
        (tab,), (token,) = open_seats(server, links, new_tab, [0])
        game = page_state(tab)["state"]["game"]
        c = _play_until(server, tab, token, game, random.Random(seed), want, library)
        if c is not None:
            return tab, c
    return None


def _move_tab(server: str, new_tab: Callable[[], Tab]) -> tuple[Tab, dict[str, Any]]:
    """Seat 0's tab at a move decision of :func:`_two_to_move`, and its controls."""
    met = seat_at(server, new_tab, _two_to_move)
    assert met is not None, "no move of two caballeros met"
    return met


def _source(tab: Tab, o: dict[str, Any]) -> Any:
    """The source button of option ``o``."""
    return decision(tab).get_by_role("list", name="Move from").get_by_role(
        "button", name=source_name(tab, o))


@pytest.mark.slow
@pytest.mark.rule("B8.2")
def test_a_second_click_at_the_same_spot_makes_a_second_move(
        server: str, new_tab: Callable[[], Tab]) -> None:
    """f20: after the first "to ..." click a "Chosen, not sent yet" block appeared above
    the buttons and pushed them ~88 px down: a second click at the same spot missed (on a
    phone it hit a source and unchose it). The block is under the buttons: two clicks at
    one screen point make two moves, on a wide screen and on a phone."""
    tab, c = _move_tab(server, new_tab)
    o = next(o for o in c["options"] if o["enabled"] and int(o["available"]) >= 2)
    page = tab.page
    for width, height in ((1400, 1000), (390, 844)):
        page.set_viewport_size({"width": width, "height": height})
        src = _source(tab, o)
        if src.get_attribute("aria-pressed") != "true":
            src.click()
        to = decision(tab).get_by_role("list", name="Move to").get_by_role(
            "button", name=f"+1 to {o['to_label']}", exact=True)
        to.scroll_into_view_if_needed()
        box = to.bounding_box()
        assert box is not None
        x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        page.mouse.click(x, y)
        wait_for_units(tab, 1)
        after = to.bounding_box()
        assert after is not None and abs(after["y"] - box["y"]) < 1, (box, after)
        page.mouse.click(x, y)
        wait_for_units(tab, 2)
        st = page_state(tab)
        assert st["units"] == [st["units"][0]] * 2, st["units"]
        chosen = decision(tab).get_by_role("list", name="Moves so far")
        assert "2 × " in chosen.inner_text() and o["to_label"] in chosen.inner_text()
        # the chosen block under the buttons it lists the moves of
        chosen_top = chosen.bounding_box()
        assert chosen_top is not None and chosen_top["y"] > y
        page.screenshot(path=f"/tmp/h26-click2-{width}.png")
        _counts_said(tab, o)
        if width < 600:
            _arrows_brought_into_view(tab)
        decision(tab).get_by_role("button", name="Start over").click()
        wait_for_units(tab, 0)
    quiet(tab)


def _arrows_brought_into_view(tab: Tab) -> None:
    """f20: on a phone "Show the arrows on the map" scrolled to the map, but the map stayed
    scrolled sideways where it was (the arrow ran off its edge, its label cut): the map
    scrolled so far the other way that the arrows are out of sight, the button brings
    them (lines and "×n" labels) whole into view, the map at the top of the screen."""
    page = tab.page
    marks = "#board g#pending line.pending-move, #board g#pending text.pending-count"
    assert page.locator(marks).count() >= 2
    # the map scrolled to the end away from the arrows
    page.evaluate("""(sel) => { const a = document.getElementById('board-area');
        const r = a.getBoundingClientRect(), xs = Array.from(document.querySelectorAll(sel))
          .map(m => m.getBoundingClientRect())
          .map(b => b.left + b.width / 2 - r.left + a.scrollLeft);
        const mid = xs.reduce((s, x) => s + x, 0) / xs.length;
        a.scrollLeft = mid < a.scrollWidth / 2 ? a.scrollWidth : 0; }""", marks)
    decision(tab).get_by_role("button", name="Show the arrows on the map").click()
    page.wait_for_function("(r => r.top > -2 && r.top < innerHeight / 2)("
                           "document.getElementById('board-area').getBoundingClientRect())")
    out = page.evaluate("""(sel) => { const a = document.getElementById('board-area');
        const r = a.getBoundingClientRect();
        return Array.from(document.querySelectorAll(sel)).map(m => {
          const b = m.getBoundingClientRect();
          return [b.left - r.left, r.left + a.clientWidth - b.right]; }); }""", marks)
    assert all(left >= 0 and right >= 0 for left, right in out), out
    page.screenshot(path="/tmp/h26-arrows.png")


def _counts_said(tab: Tab, o: dict[str, Any]) -> None:
    """f20: each source button says how many of its owner's caballeros are still there
    (the two moved taken off), the seat's own called "your caballeros"."""
    st = page_state(tab)
    c = st["controls"]
    seen = set()
    for x in c["options"]:
        key = (x["from"], x["player"], x.get("kind"))
        if key in seen or "kind_label" in x or not (x["enabled"] or x["available"]):
            continue
        seen.add(key)
        moved = sum(y["count"] for y in c["options"]
                    if y["from"] == x["from"] and y["player"] == x["player"])
        b = _source(tab, x)
        assert b.count() == 1, source_name(tab, x)
        assert b.inner_text().endswith(f" ({x['available'] - moved})"), b.inner_text()
        if x["player"] == st["state"]["seat"]:
            assert ": your caballeros (" in b.inner_text()
    assert seen
    listed = decision(tab).get_by_role("list", name="Moves so far").inner_text()
    assert f"2 × {owner(st['state'], o['player'])}: {o['from_label']} → " in listed, listed


@pytest.mark.rule("B8.2")
def test_sources_say_whose_and_how_many(server: str, new_tab: Callable[[], Tab]) -> None:
    """f20: "from Valencia: Marta / Bot Bea / Bot Cy" said neither how many each has there
    nor that Marta is the seat: the seat's own are "your caballeros", each button says how
    many are still there (the moves chosen taken off), the heading and the moves listed
    use the same words."""
    links = create(server, 3, 5, {1: "greedy", 2: "greedy"}, ["base"])
    (tab,), _ = open_seats(server, links, new_tab, [0])
    page = tab.page
    page.wait_for_function("window.elgrandePage.controls")
    ids = page.evaluate("Array.from(document.querySelectorAll('#board g.place[data-place]'))"
                        ".map(g => g.getAttribute('data-place'))")
    names = page_state(tab)["state"]["names"]

    def move(player: int, to: str, unit: int, count: int) -> dict[str, Any]:
        return {"unit": [unit], "label": f"{ids[0]} to {to}", "enabled": True, "count": count,
                "from": ids[0], "from_label": "Here", "player": player, "to": to,
                "to_label": to.upper(), "available": 3 + player}

    options = [move(p, t, 10 * p + j, int(p == 0 and j == 0))
               for p in (0, 1) for j, t in enumerate(ids[2:4])]
    got = page.evaluate("""(opts) => import('/page/controls.js').then(m => {
        const S = window.elgrandePage;
        S.controls = {kind: "move_caballeros", prompt: "Move", rule: "B8.2", form: "moves",
                      secret: false, units: [[0]], actions: [0], total: 1, min: 0, max: 4,
                      max_note: null, options: opts, folds: [], card: null, note: null,
                      done: {unit: [0], enabled: true}};
        S.from = opts[0].from + "|0|"; S.taken = -1; S.fromUsed = true;
        m.renderControls();
        const q = (s) => Array.from(document.querySelectorAll(s)).map(e => e.innerText);
        return {srcs: q('#options ul[aria-label="Move from"] button'), heads: q('#options h3'),
                moves: q('#options ul[aria-label="Moves so far"] li')};
    })""", options)
    assert got["srcs"] == ["from Here: your caballeros (2)", f"from Here: {names[1]} (4)"], got
    assert got["heads"][0] == "Moving your caballeros from Here", got
    assert got["moves"][0].startswith(f"1 × your caballeros: Here → {ids[2].upper()}"), got
    page.screenshot(path="/tmp/h26-sources.png")
    page.reload()
    quiet(tab)


_LOOK = """(b) => { const s = getComputedStyle(b);
    return {bg: s.backgroundColor, outline: s.outlineStyle, border: s.borderTopWidth}; }"""


def _fake_sources(tab: Tab) -> None:
    """The page's move controls drawn for two sources, the first chosen (pressed)."""
    ids = tab.page.evaluate("Array.from(document.querySelectorAll('#board g.place[data-place]'))"
                            ".map(g => g.getAttribute('data-place'))")
    options = [{"unit": [10 * p + j], "label": "x", "enabled": True, "count": 0,
                "from": ids[0], "from_label": "Here", "player": p, "to": t,
                "to_label": t.upper(), "available": 2}
               for p in (0, 1) for j, t in enumerate(ids[2:4])]
    tab.page.evaluate("""(opts) => import('/page/controls.js').then(m => {
        const S = window.elgrandePage;
        S.controls = {kind: "move_caballeros", prompt: "Move", rule: "B8.2", form: "moves",
                      secret: false, units: [], actions: [], total: 0, min: 0, max: 4,
                      max_note: null, options: opts, folds: [], card: null, note: null,
                      done: {unit: [0], enabled: true}};
        S.from = opts[0].from + "|0|"; S.taken = -1; S.fromUsed = false;
        m.renderControls(); })""", options)


@pytest.mark.rule("B8.2")
def test_hover_is_no_chosen_look(server: str, new_tab: Callable[[], Tab], chromium: Any) -> None:
    """f20: right after a click the button under the still pointer got a hover fill close
    to the chosen one's, so it looked chosen: a hovered button keeps its fill and gets an
    outline only (unlike the chosen one's fill and border); on a touch screen (no hover)
    no outline either."""
    links = create(server, 3, 5, {1: "greedy", 2: "greedy"}, ["base"])
    (tab,), _ = open_seats(server, links, new_tab, [0])
    page = tab.page
    page.set_viewport_size({"width": 1400, "height": 1000})
    page.wait_for_function("window.elgrandePage.controls")
    _fake_sources(tab)
    srcs = decision(tab).get_by_role("list", name="Move from").get_by_role("button")
    chosen, other = srcs.nth(0), srcs.nth(1)
    assert chosen.get_attribute("aria-pressed") == "true"
    page.mouse.move(5, 5)
    still = other.evaluate(_LOOK)
    pressed = chosen.evaluate(_LOOK)
    other.hover()
    hovered = other.evaluate(_LOOK)
    assert hovered["bg"] == still["bg"] != pressed["bg"], (still, hovered, pressed)
    assert hovered["outline"] == "dashed" and still["outline"] == "none", hovered
    assert hovered["border"] != pressed["border"], (hovered, pressed)
    chosen.hover()
    assert chosen.evaluate(_LOOK)["bg"] == pressed["bg"]  # the chosen one stays chosen-looking
    done = decision(tab).locator("#done")
    before = done.evaluate(_LOOK)["bg"]
    done.hover()
    assert done.evaluate(_LOOK)["bg"] == before  # the main button stays red (white words)
    page.screenshot(path="/tmp/h26-hover.png")
    page.reload()
    quiet(tab)
    # a touch screen: a tapped button stays "hovered"; no outline, no fill
    ctx = chromium.new_context(is_mobile=True, has_touch=True,
                               viewport={"width": 390, "height": 844})
    try:
        (phone,), _ = open_seats(server, links, lambda: Tab(ctx.new_page()), [0])
        phone.page.wait_for_function("window.elgrandePage.controls")
        assert not phone.page.evaluate("matchMedia('(hover: hover)').matches")
        _fake_sources(phone)
        other = decision(phone).get_by_role("list", name="Move from").get_by_role(
            "button").nth(1)
        still = other.evaluate(_LOOK)
        other.hover()
        assert other.evaluate(_LOOK) == still, (still, other.evaluate(_LOOK))
        phone.page.reload()
        quiet(phone)
    finally:
        ctx.close()


@pytest.mark.rule("B8.5")
def test_a_phone_s_held_secret_bar_keeps_one_row(
        server: str, new_tab: Callable[[], Tab]) -> None:
    """f20: on a phone the bar of a held secret choice wrapped "Change" alone under
    "Chosen, not sent yet: Valencia. [Send]": what is held, Send and Change on one row,
    the bar no taller than two lines of words, even for a long place name."""
    links = create(server, 3, 5, {1: "greedy", 2: "greedy"}, ["base"])
    (tab,), _ = open_seats(server, links, new_tab, [0])
    page = tab.page
    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_function("window.elgrandePage.controls")
    ids = page.evaluate("Array.from(document.querySelectorAll('#board g.place[data-place]'))"
                        ".map(g => g.getAttribute('data-place'))")
    for name in ("Valencia", "Basque Country"):
        options = [{"unit": [i], "label": name if i == 0 else p.upper(), "enabled": True,
                    "count": 0, "place": p} for i, p in enumerate(ids[:3])]
        page.evaluate("""(opts) => import('/page/controls.js').then(m => {
            const S = window.elgrandePage;
            S.controls = {kind: "choose_region", prompt: "Set your secret disc", rule: "B8.5",
                          form: "pick", secret: true, units: [], actions: [], total: 0,
                          min: 1, max: 1, max_note: null, options: opts, folds: [],
                          card: null, note: null, done: null};
            S.held = null; m.renderControls(); })""", options)
        decision(tab).get_by_role("button", name=name, exact=True).click()
        bar = page.locator("#held")
        said = bar.locator(".chosen")
        assert said.inner_text() == f"Chosen, not sent yet: {name}."
        boxes = [x.bounding_box() for x in (said, bar.locator("#send-held"),
                                            bar.locator("#change-held"), bar)]
        assert all(b is not None for b in boxes)
        text, send, change, whole = boxes
        assert abs(send["y"] - change["y"]) < 1 and send["x"] < change["x"], boxes
        assert text["x"] + text["width"] <= send["x"], boxes  # the words left of Send
        assert change["x"] + change["width"] <= 390, boxes
        line = float(said.evaluate("e => parseFloat(getComputedStyle(e).lineHeight)"))
        assert whole["height"] < 2 * line + 30, boxes  # two lines at most, with its padding
        page.screenshot(path=f"/tmp/h26-held-{len(name)}.png")
    page.reload()
    quiet(tab)
