"""Where the page of ``elgrande serve`` puts things, in a real browser (Playwright driving
Chromium, tests/browser.py) against a real ``elgrande serve`` process: the players' boxes
apart from the map (on a phone under it, inside the screen), their text readable (12 CSS
px at least), the log scrolled to its end with no line cut at its top edge, and the
notice of what happened since the seat's last answer (every line, the last eight, a
count of the earlier ones, the seat's own in bold, a general scoring in the log's order)."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from browser import Tab
from test_server_page import (
    NOTICE_COVERS,
    _news,
    create,
    is_bid,
    is_key,
    is_tally,
    open_seats,
    page_state,
    quiet,
    since_gaps,
    since_kept,
)
from test_server_page_h29 import since_start

#: The smallest text of a player's box, in CSS pixels.
SMALLEST = 12


@pytest.fixture(scope="module")
def played(server: str) -> dict[str, Any]:
    """A 3-seat base game (seat 0 a person, two bots) played by its API into round 4,
    after the first general scoring: its links."""
    from serve_util import play_until

    links = create(server, 3, 9, {1: "greedy", 2: "random"}, ["base"])
    play_until(server, links, 9, lambda st: "== Round 4 ==" in st["log"] and st["view"].get(
        "pending") is not None and st["controls"] is not None, 2000)
    return links


def _open(server: str, links: dict[str, Any], new_tab: Callable[[], Tab], width: int,
          height: int) -> Tab:
    (tab,), _ = open_seats(server, links, new_tab, [0])
    tab.page.set_viewport_size({"width": width, "height": height})
    tab.page.wait_for_function("window.elgrandePage.controls")
    tab.page.evaluate(  # a frame drawn at the new size (the page's observers ran)
        "new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
    return tab


def _box_text_sizes(tab: Tab) -> list[float]:
    """The size on screen (CSS px) of every text of the players' boxes."""
    out: list[float] = tab.page.evaluate(
        "Array.from(document.querySelectorAll('#players g.player text')).map(t =>"
        " parseFloat(getComputedStyle(t).fontSize) * t.getScreenCTM().a)")
    return out


@pytest.mark.rule("B1.1")
@pytest.mark.parametrize("width,height", [(390, 844), (1280, 900)])
def test_the_players_boxes_are_on_screen_and_readable(
        server: str, played: dict[str, Any], new_tab: Callable[[], Tab], width: int,
        height: int) -> None:
    """B1.1: every player's box (score, court, provinces, the seat's hand) is drawn apart
    from the map: on a 390-pixel phone under the map, inside the screen's width (the page
    does not scroll sideways); at either width its text is 12 CSS px or more."""
    tab = _open(server, played, new_tab, width, height)
    boxes = tab.page.locator("#players g.player")
    assert boxes.count() == 3
    assert tab.page.locator("#board g.player").count() == 0
    sizes = _box_text_sizes(tab)
    assert len(sizes) >= 3 * 3 and min(sizes) >= SMALLEST - 0.01, sizes
    board = tab.page.locator("#board svg").bounding_box()
    assert board is not None
    for i in range(3):
        box = boxes.nth(i).bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width, box
        if width < 600:  # a phone: under the map
            assert box["y"] >= board["y"] + board["height"], (box, board)
    assert tab.page.evaluate("document.documentElement.scrollWidth") <= width
    me = tab.page.locator('#players g.player[data-player="0"]').text_content() or ""
    assert "(you)" in me and "hand (" in me
    quiet(tab)


def test_the_log_shows_its_end_with_no_line_cut_at_its_top(
        server: str, played: dict[str, Any], new_tab: Callable[[], Tab]) -> None:
    """The log, longer than its panel, is scrolled to its last line, and the line at its
    top edge is whole (a line's lower half there read as a stray glyph above the log)."""
    for width, height in ((1280, 900), (390, 844)):
        tab = _open(server, played, new_tab, width, height)
        got = tab.page.locator("#log").evaluate("""ol => {
            const top = ol.getBoundingClientRect().top + ol.clientTop;
            const bottom = top + ol.clientHeight;
            const items = Array.from(ol.children).map(li => li.getBoundingClientRect());
            return {scrolled: ol.scrollTop,
                    // a line cut by 2 px or more (under that, the scroll's rounding)
                    cut: items.filter(r => r.top < top - 2 && r.bottom > top + 2).length,
                    last: items[items.length - 1].bottom - bottom};
        }""")
        assert got["scrolled"] > 0, got  # the log is longer than its panel
        assert got["cut"] == 0, got
        assert got["last"] <= 0.5, got  # the last line is shown whole
        quiet(tab)


def test_since_the_last_choice_lists_the_seat_s_lines_and_the_latest_others(
        server: str, played: dict[str, Any], new_tab: Callable[[], Tab]) -> None:
    """What happened since the seat's last answer: the latest eight lines (the bots' too)
    and every earlier line naming the seat, playing a power card or changing the board for
    everyone (in bold the seat's), in the log's order, a count where lines are left out;
    the board's summary after the scoring left out (kept out of the count). f14: a general
    scoring reads in the log's order (no block of its own above the rest), its heading and
    its total always shown, with the seat's line where it scored most."""
    tab = _open(server, played, new_tab, 1280, 900)
    state = page_state(tab)["state"]
    key = f"elgrande-since:{state['game']}:0"
    log = state["log"]
    start = max(i for i, line in enumerate(log) if line.strip() == "Board now:") - 3
    for mark in (start, 0):
        tab.page.evaluate("([k, m]) => sessionStorage.setItem(k, String(m))", [key, mark])
        tab.page.reload()
        tab.page.wait_for_function("window.elgrandePage.controls")
        # the box starts after the seat's last answer, sent through the API (h33)
        begin = since_start(log, state["names"][0], mark, state["names"])
        news = [line.strip() for line in _news(log[begin:]) if line.strip()]
        assert "Board now:" not in news
        seat = re.escape(state["names"][0])
        mine = [bool(re.search(rf"(^|\W){seat}($|\W)", line)) for line in news]
        want, _ = since_kept(news, mine, names=state["names"])
        box = tab.page.locator("#since")
        assert box.locator("ul").count() == 1  # one list, in the log's order
        items = box.get_by_role("list", name="Since your last choice").locator("li:not(.gap)")
        assert items.all_inner_texts() == news  # every line, the others folded in place
        assert want[-8:] == news[-8:] and not all(mine[-8:])  # others' doing too
        bold = [line for line, m in zip(news, mine, strict=True) if m]
        assert [items.nth(i).inner_text() for i in range(items.count())
                if "mine" in (items.nth(i).get_attribute("class") or "").split()] == bold
        shown = since_gaps(box)
        assert [line for line in news if line in shown] == shown  # in the log's order
        assert all(line in shown for line in want if is_key(line))
        cap = max(8, sum(is_key(w) or is_tally(w) or is_bid(w, state["names"]) or m
                         for w, m in zip(news, mine, strict=True) if w in want))
        assert box.locator("li:visible").count() <= 2 * cap + 1  # lines and count lines
        if bold:
            if box.locator("button.since-more").count():  # opened: every line shows
                box.locator("button.since-more").click()
            assert items.filter(has_text=bold[0]).first.evaluate(
                "li => getComputedStyle(li).fontWeight") in ("700", "bold")
    assert mark == 0 and len(news) > len(want) and sum(mine) >= 2  # the cap was met
    assert mine.index(True) < len(news) - 8  # a line of the seat's the last eight miss
    # B6: the general scoring after round 3: its heading and total shown while the box is
    # closed, in their places, and the seat's line where it scored most
    head = max(i for i, line in enumerate(log) if line.startswith("-- Scoring after round"))
    points = next(line for line in log[head:] if line.startswith("Points this scoring: "))
    tab.page.evaluate("([k, m]) => sessionStorage.setItem(k, String(m))", [key, head - 1])
    tab.page.reload()
    tab.page.wait_for_function("window.elgrandePage.controls")
    seen = since_gaps(box)
    discs = next(line for line in log[head:] if line.startswith("Discs: "))  # B6.1
    assert log[head] in seen and discs in seen and points in seen, seen
    assert seen.index(log[head]) < seen.index(discs) < seen.index(points)
    # f26: every line of the scoring, the Castillo emptied and each region's tally, shows
    end = log.index(points, head)
    block = [line.strip() for line in log[head:end + 1] if line.strip()]
    assert all(line in seen for line in block), [x for x in block if x not in seen]
    name = state["names"][0]
    scored = {line.strip(): int(m.group(1)) for line in log[head:]
              if (m := re.search(rf"(?:^|\W){re.escape(name)} [^;:,]*?-> (\d+) point",
                                 line))}
    if scored:
        best = max(scored, key=lambda line: scored[line])
        assert best in seen, (best, seen)
    quiet(tab)


_OVERLAPS = """() => { const n = document.getElementById('notice').getBoundingClientRect();
  const hit = (e) => { const r = e.getBoundingClientRect();
    return r.width > 0 && r.left < n.right && n.left < r.right && r.top < n.bottom &&
      n.top < r.bottom; };
  return {top: n.top, bottom: n.bottom,
          covered: Array.from(document.querySelectorAll(
            '#decision button, #decision li, #decision h2, #decision p:not(#notice)'))
            .filter(e => e.offsetParent !== null && hit(e) &&
                    !(e.closest('details:not([open])') && !e.closest('summary')))
            .map(e => e.textContent.slice(0, 40))}; }"""


@pytest.mark.rule("B5.2")
@pytest.mark.parametrize("width,height", [(1280, 900), (1400, 1100)])
def test_a_click_refused_is_said_under_the_buttons_covering_nothing(
        server: str, played: dict[str, Any], new_tab: Callable[[], Tab], width: int,
        height: int) -> None:
    """f14/f15: a click on the map that is no choice is said in a line that covers
    neither the header's prompt, the "Since your last choice" box's lines nor any of the
    panel's text or buttons (in the panel under its buttons, on the screen; f15: drawn
    above the panel at 1400 px it covered the header's prompt); scrolled so the panel's
    top is above the screen, still seen; where its place is below the screen, pinned to
    the screen's bottom, letting clicks through to what it covers."""
    tab = _open(server, played, new_tab, width, height)
    state = page_state(tab)["state"]
    key = f"elgrande-since:{state['game']}:0"
    tab.page.evaluate("([k, m]) => sessionStorage.setItem(k, String(m))",
                      [key, len(state["log"]) - 6])
    tab.page.reload()
    tab.page.wait_for_function("window.elgrandePage.controls")
    assert tab.page.locator("#since li").first.is_visible()
    roles = tab.page.locator("#board g.place[data-place]:not([role])")
    assert roles.count()  # a place that is no choice of the power card's decision
    roles.first.click()
    alert = tab.page.locator("#notice")
    alert.wait_for()
    got = tab.page.evaluate(_OVERLAPS)
    assert got["top"] >= 0 and got["bottom"] <= height and got["covered"] == [], got
    assert tab.page.evaluate(NOTICE_COVERS) == []  # the header's prompt, the since box
    tab.page.locator("header h1").click()
    alert.wait_for(state="hidden")
    tab.page.evaluate("window.scrollTo(0, document.getElementById('decision')"
                      ".getBoundingClientRect().top + window.scrollY + 40)")
    tab.page.evaluate("import('/page/core.js').then(m => m.hint('x is not one of the choices'))")
    got = tab.page.evaluate(_OVERLAPS)
    assert 0 <= got["top"] and got["bottom"] <= height and got["covered"] == [], got
    tab.page.evaluate("window.scrollTo(0, 0)")
    tab.page.set_viewport_size({"width": width, "height": 300})  # its place off the screen
    tab.page.evaluate("import('/page/core.js').then(m => m.hint('x is not one of the choices'))")
    got = tab.page.evaluate(_OVERLAPS)
    assert 0 <= got["top"] and got["bottom"] <= 300, got
    assert alert.evaluate("n => getComputedStyle(n).pointerEvents") == "none"
    tab.page.set_viewport_size({"width": width, "height": height})
    quiet(tab)


@pytest.mark.rule("B3.1")
@pytest.mark.parametrize("width,height", [(1280, 900), (390, 844)])
def test_a_card_s_text_does_not_stay_once_the_mouse_leaves(
        server: str, played: dict[str, Any], new_tab: Callable[[], Tab], width: int,
        height: int) -> None:
    """B3.1 (f14): a card on offer's text shows while the mouse is on it and goes when it
    leaves, even after a click (the focus a click leaves keeps nothing shown); a card
    opened by a tap closes at a second tap, or at a tap elsewhere."""
    tab = _open(server, played, new_tab, width, height)
    cards = tab.page.locator("li.offer-card[tabindex]")
    assert cards.count()
    card, away = cards.first, tab.page.locator("header h1")
    text = card.locator(".why")
    seen = "() => Array.from(document.querySelectorAll('#offer-box .why'))" \
        ".filter(w => w.offsetParent !== null).length"
    card.scroll_into_view_if_needed()
    card.hover()
    assert text.is_visible()
    away.hover()
    assert tab.page.evaluate(seen) == 0
    card.click()  # opened in place, then closed by a second click
    assert card.get_attribute("aria-expanded") == "true" and text.is_visible()
    card.click()
    assert card.get_attribute("aria-expanded") == "false"
    away.hover()
    assert tab.page.evaluate(seen) == 0  # (focused by the clicks: still nothing shown)
    card.click()  # opened, then closed by a click elsewhere
    assert card.get_attribute("aria-expanded") == "true"
    away.click()
    assert card.get_attribute("aria-expanded") == "false"
    assert tab.page.evaluate(seen) == 0
    quiet(tab)


#: The shortest arrow of a move on the map, in CSS px at 1280 px wide (board.js MIN_LEN:
#: 64 units; edge to edge with no minimum, 32 units, its label hid it).
SHORTEST_ARROW = 50


def test_an_arrow_between_neighbouring_places_is_seen_whole(
        server: str, played: dict[str, Any], new_tab: Callable[[], Tab]) -> None:
    """A move's arrow runs from its source's edge to its destination's edge (the counts
    in their middles stay readable); between two places side by side it still has a
    visible length (it starts further back in its source), for every pair of places."""
    tab = _open(server, played, new_tab, 1280, 900)
    got = tab.page.evaluate("""() => import('/page/board.js').then(m => {
        const ids = Array.from(document.querySelectorAll('#board g.place[data-place]'))
          .map(g => g.getAttribute('data-place'));
        const scale = document.querySelector('#board svg').getScreenCTM().a;
        let least = null;
        ids.forEach(f => ids.forEach(t => {
          if (f === t) { return; }
          const e = m.arrowEnds(f, t);
          const len = Math.hypot(e[1].x - e[0].x, e[1].y - e[0].y) * scale;
          if (!least || len < least.len) { least = {from: f, to: t, len: len}; }
        }));
        return {least: least, n: ids.length};
    })""")
    assert got["n"] >= 10, got
    assert got["least"]["len"] >= SHORTEST_ARROW, got
    quiet(tab)


@pytest.mark.rule("B8")
def test_the_card_box_says_a_card_s_stack_once(
        server: str, played: dict[str, Any], new_tab: Callable[[], Tab]) -> None:
    """B8: the card under way is named by its printed name and its stack, once, then its
    text (which tells cards of one name apart): the label's aside, which repeats the text
    (f16: "Special Scoring (you may choose any one region to be scored, stack 2). You may
    choose any one region to be scored."), is not said; the title the text starts with
    is not said twice either."""
    from elgrande.play.game import new_game
    from elgrande.play.words import card_titles

    library = new_game(3, sets=["base"], seed=0, logging=False).library
    labels = card_titles(library)
    twin = next(cid for cid, t in labels.items() if "stack" in t)
    plain = next(cid for cid, t in labels.items() if "stack" not in t)
    tab = _open(server, played, new_tab, 1280, 900)
    for cid in (twin, plain):
        card = library.card(cid)
        shown = tab.page.evaluate("""(card) => import('/page/controls.js').then(m => {
            const S = window.elgrandePage;
            S.controls = Object.assign({}, S.controls, {card: card});
            m.renderControls();
            return document.getElementById('card').innerText;
        })""", {"id": cid, "title": labels[cid], "name": card.title, "text": card.text,
                "stack": card.stack})
        assert shown.startswith(f"Card: {card.title} (stack {card.stack}). "), shown
        assert shown.count(f"stack {card.stack}") == 1, shown
        assert shown.count(f"{card.title}") == 1, shown
        aside = labels[cid][len(card.title):].strip(" ()").split(", stack")[0]
        if aside and not aside.startswith("stack"):  # the aside said once: in the text
            assert shown.lower().count(aside.lower()) <= 1, shown
    quiet(tab)


def test_the_header_says_a_long_prompt_whole(
        server: str, played: dict[str, Any], new_tab: Callable[[], Tab]) -> None:
    """A long prompt is said whole in the header's "Your turn: ...", wrapped on more lines
    (f18: cut with an ellipsis it could not be read), nothing clipped, inside the screen;
    and whole in the decision's heading (f14); on a phone (the decision right under the
    header) whole in the decision's heading, the header saying "answer just below"."""
    for width, height in ((1280, 900), (390, 844)):
        tab = _open(server, played, new_tab, width, height)
        got = tab.page.evaluate("""() => import('/page/host.js').then(m => {
            const S = window.elgrandePage;
            const long = 'a prompt long enough to need three lines of a wide screen, '.repeat(6);
            m.renderHeader(Object.assign({}, S.state, {controls: Object.assign({}, S.controls,
                                                                               {prompt: long})}));
            const b = document.querySelector('#turn button'), cs = getComputedStyle(b);
            const line = parseFloat(cs.lineHeight) || 20;
            return {text: b.innerText, height: b.getBoundingClientRect().height, line: line,
                    right: b.getBoundingClientRect().right, over: cs.textOverflow,
                    clip: [b.scrollWidth - b.clientWidth, b.scrollHeight - b.clientHeight],
                    long: long};
        })""")
        if width > 900:
            assert got["text"] == "Your turn: " + got["long"].strip(), got
            assert got["height"] >= got["line"] * 2.5, (width, got)  # wrapped: 3 lines +
        else:
            assert got["text"] == "Your turn: answer just below ↓", got
        assert max(got["clip"]) <= 1 and got["over"] != "ellipsis", got
        assert got["right"] <= width, got
        # f14: the decision's heading says the prompt whole (no ellipsis, nothing clipped)
        whole = tab.page.evaluate("""(long) => import('/page/controls.js').then(m => {
            const S = window.elgrandePage;
            S.controls = Object.assign({}, S.controls, {prompt: long});
            m.renderControls();
            const h = document.getElementById('prompt'), cs = getComputedStyle(h);
            return {text: h.innerText, overflow: cs.textOverflow, space: cs.whiteSpace,
                    clip: [h.scrollWidth - h.clientWidth, h.scrollHeight - h.clientHeight],
                    shown: h.offsetParent !== null}; })""", got["long"])
        assert whole["text"] == got["long"].strip() and whole["shown"], whole
        assert whole["overflow"] != "ellipsis" and whole["space"] != "nowrap", whole
        assert max(whole["clip"]) <= 1, whole
        tab.page.reload()  # the page's own decision again
        quiet(tab)


def _render_moves(tab: Tab, options: list[dict[str, Any]], total: int = 0,
                  source: str | None = None, most: int = 2,
                  card: dict[str, Any] | None = None, goes_on: bool = False) -> dict[str, Any]:
    """The page's move controls drawn for ``options`` (at most ``most`` to move, ``total`` so
    far, ``source`` the chosen one, a move made from it, ``card`` the card under way or
    None, ``goes_on`` whether its steps follow): the chosen source, the
    headings, the "Move to" buttons, each source's reason (None where it has none), the
    places marked alone on the map, the idle strip's lines and Done's label."""
    got: dict[str, Any] = tab.page.evaluate("""([opts, total, src, most, card, on]) =>
        import('/page/controls.js').then(m => {
        const S = window.elgrandePage;
        S.controls = {kind: "move_caballeros", prompt: "Move", rule: "B8.2", form: "moves",
                      secret: false, units: [], actions: [], total: total, min: 0, max: most,
                      max_note: null, options: opts, folds: [], card: card, note: null,
                      done: {unit: [0], enabled: true}, goes_on: on};
        S.from = src; S.taken = -1; S.fromUsed = src !== null;
        m.renderControls();
        const q = (s) => Array.from(document.querySelectorAll(s));
        return {from: S.from, heads: q('#options h3').map(h => h.innerText),
                to: q('#options ul[aria-label="Move to"] button').map(b => b.innerText),
                srcWhy: q('#options ul[aria-label="Move from"] li').map(li => {
                  const w = li.querySelector('.why'); return w ? w.textContent : null; }),
                only: q('#board g.place.only').map(g => g.getAttribute('data-place')),
                idle: q('#decision .why-idle').map(p => p.innerText),
                done: document.getElementById('done').innerText,
                primary: document.getElementById('done').classList.contains('primary')};
    })""", [options, total, source, most, card, goes_on])
    return got


@pytest.mark.rule("B8.2")
def test_a_move_with_one_source_takes_it_and_asks_where_to(
        server: str, played: dict[str, Any], new_tab: Callable[[], Tab]) -> None:
    """B8.2: a move whose caballeros can come from one source only (one owner) does not
    ask for it with a lone button: it is taken, the heading says so, and the places it
    may go to are asked at once; with two sources the page asks which."""
    tab = _open(server, played, new_tab, 1280, 900)
    ids = tab.page.evaluate("Array.from(document.querySelectorAll('#board g.place[data-place]'))"
                            ".map(g => g.getAttribute('data-place'))")

    def move(src: str, player: int, to: str, unit: int) -> dict[str, Any]:
        return {"unit": [unit], "label": f"{src} to {to}", "enabled": True, "count": 0,
                "from": src, "from_label": src.upper(), "player": player, "to": to,
                "to_label": to.upper()}

    for sources in ((ids[0],), (ids[0], ids[1])):
        options = [move(s, 0, t, 10 * i + j) for i, s in enumerate(sources)
                   for j, t in enumerate(ids[2:5])]
        got = _render_moves(tab, options)
        if len(sources) == 1:
            assert got["from"] == f"{ids[0]}|0|", got
            assert len(got["to"]) == 3, got
            assert "(the only ones that may move)" in got["heads"][0], got
            assert ids[0].upper() in got["heads"][0], got
        else:
            assert got["from"] is None and got["to"] == [], got
            assert got["heads"][0].startswith("Move from"), got
    tab.page.reload()  # the page's own decision again
    quiet(tab)


@pytest.mark.rule("B8.2")
def test_where_to_rows_are_the_possible_places_and_a_lone_one_is_marked(
        server: str, played: dict[str, Any], new_tab: Callable[[], Tab]) -> None:
    """B8.2 (f13): "Where to?" has rows only for the places the caballeros may go to (one
    here: marked on the map), the refused ones folded; a source with a refused first
    destination is not said greyed; a source none of whose moves is open is, with a
    reason of its own; Done with none chosen in an "up to" move says it moves none."""
    tab = _open(server, played, new_tab, 1280, 900)
    ids = tab.page.evaluate("Array.from(document.querySelectorAll('#board g.place[data-place]'))"
                            ".map(g => g.getAttribute('data-place'))")

    def move(src: str, to: str, unit: int, enabled: bool, why: str = "") -> dict[str, Any]:
        o = {"unit": [unit], "label": f"{src} to {to}", "enabled": enabled, "count": 0,
             "from": src, "from_label": src.upper(), "player": 0, "to": to,
             "to_label": to.upper()}
        if not enabled:
            o.update(rule="B8.2", title="moving caballeros", why=why or f"{to} is far")
        return o

    options = [move(ids[0], ids[2], 10, False), move(ids[0], ids[3], 11, True),
               move(ids[0], ids[4], 12, False),
               move(ids[1], ids[2], 20, False, "x"), move(ids[1], ids[3], 21, False, "y")]
    got = _render_moves(tab, options)
    assert got["from"] == f"{ids[0]}|0|" and got["to"] == [f"+1 to {ids[3].upper()}"], got
    assert got["only"] == [ids[3]], got
    assert got["srcWhy"][0] is None, got  # open: no destination's refusal said of it
    assert got["srcWhy"][1] == ("B8.2: moving caballeros — none of these caballeros may "
                                "move anywhere now"), got
    assert not any(f"from {ids[0].upper()}" in line for line in got["idle"]), got
    assert got["done"] == "Done (move none)" and not got["primary"], got  # f14: a move first
    tab.page.reload()  # the page's own decision again
    quiet(tab)


@pytest.mark.rule("B8.2")
def test_a_source_whose_caballeros_are_all_moved_says_so(
        server: str, played: dict[str, Any], new_tab: Callable[[], Tab]) -> None:
    """B8.2 (f14): a source greyed because all its caballeros are already moved in this
    answer says so ("all 2 are already moved in this answer"), not that none may move
    anywhere; a source with caballeros left and no open move keeps that reason; once the
    answer's maximum is reached, a source with caballeros left says that (f18)."""
    tab = _open(server, played, new_tab, 1280, 900)
    ids = tab.page.evaluate("Array.from(document.querySelectorAll('#board g.place[data-place]'))"
                            ".map(g => g.getAttribute('data-place'))")

    def move(src: str, to: str, unit: int, enabled: bool, count: int, why: str,
             available: int = 2) -> dict[str, Any]:
        o = {"unit": [unit], "label": f"{src} to {to}", "enabled": enabled, "count": count,
             "from": src, "from_label": src.upper(), "player": 0, "to": to,
             "to_label": to.upper(), "available": available}
        if not enabled:
            o.update(rule="B8.2", title="moving caballeros", why=why)
        return o

    options = [move(ids[0], ids[2], 10, False, 2, "x"), move(ids[0], ids[3], 11, False, 0, "y"),
               move(ids[1], ids[2], 20, False, 0, "x", 3),
               move(ids[1], ids[3], 21, False, 0, "y", 3),
               move(ids[4], ids[2], 30, True, 0, "")]
    got = _render_moves(tab, options, 2, None, most=3)
    assert got["srcWhy"][0] == ("B8.2: moving caballeros — all 2 are already moved in this "
                                "answer"), got
    assert got["srcWhy"][1] == ("B8.2: moving caballeros — none of these caballeros may "
                                "move anywhere now"), got
    options[-1] = move(ids[4], ids[2], 30, False, 0, "z")  # the maximum, 2, reached
    got = _render_moves(tab, options, 2, None, most=2)
    assert got["srcWhy"][0] == ("B8.2: moving caballeros — all 2 are already moved in this "
                                "answer"), got
    assert got["srcWhy"][1] == ("B8.2: moving caballeros — the maximum, 2 caballeros, is "
                                "reached in this answer"), got
    # f17: a source with nothing to move (none there, none moved) is no source button
    empty = [move(ids[5], ids[2], 40, False, 0, "x", 0), move(ids[5], ids[3], 41, False, 0,
                                                                "y", 0)]
    got = _render_moves(tab, options[:2] + empty + [move(ids[4], ids[2], 30, True, 0, "")],
                        1, None, most=3)
    assert len(got["srcWhy"]) == 2, got  # the first source and the open one, not the empty
    tab.page.reload()  # the page's own decision again
    quiet(tab)


@pytest.mark.rule("B3.2")
def test_done_with_none_chosen_is_no_main_button_while_one_may_be_chosen(
        server: str, played: dict[str, Any], new_tab: Callable[[], Tab]) -> None:
    """B3.2 (f14): "Bring up to 1 caballero to court" with none chosen: Done says what it
    sends ("Done: bring none (up to 1 allowed)") and is a plain button while a "+" is open (the main
    action is choosing); with nothing choosable, or once one is chosen, Done is the main
    (red) button."""
    tab = _open(server, played, new_tab, 1280, 900)
    got = tab.page.evaluate("""(opts) => import('/page/controls.js').then(m => {
        const S = window.elgrandePage, out = [];
        for (const [enabled, count] of [[true, 0], [false, 0], [true, 1]]) {
          S.controls = {kind: "bring_to_court", prompt: "Bring up to 1 caballero to court",
                        rule: "B3.2", form: "counts", secret: false, units: [], actions: [],
                        total: count, min: 0, max: 1, max_note: null, folds: [], card: null,
                        note: null, done: {unit: [0], enabled: true},
                        options: [{unit: [5], label: "the provinces", enabled: enabled,
                                   count: count, place: "provinces"}]};
          S.units = count ? [[5]] : [];
          m.renderControls();
          const d = document.getElementById('done'), plus = document.querySelector(
            '#options button[aria-label^="one more"]');
          out.push({done: d.innerText, primary: d.classList.contains('primary'),
                    bg: getComputedStyle(d).backgroundColor,
                    plusBg: getComputedStyle(plus).backgroundColor});
        }
        return out; })""", [])
    # h29: Done says what it sends and that fewer are allowed
    assert got[0]["done"] == "Done: bring none (up to 1 allowed)" and not got[0]["primary"], got
    assert got[0]["bg"] == got[0]["plusBg"], got  # no redder than the "+"
    assert got[1]["done"] == "Done: bring none (up to 1 allowed)" and got[1]["primary"], got
    assert got[2]["done"] == "Done: bring 1 of up to 1" and got[2]["primary"], got
    tab.page.reload()  # the page's own decision again
    quiet(tab)


def test_a_source_used_up_is_let_go_while_more_may_move(
        server: str, played: dict[str, Any], new_tab: Callable[[], Tab]) -> None:
    """B8.2: once the chosen source's caballeros are all moved (none of its moves open) and
    more may still move from elsewhere, the source stays chosen and the heading says to
    choose another; the one source left is not taken for the seat (f17: a click more on
    the same "to" button then moved its caballeros unasked); at the maximum the source
    stays, saying the maximum is reached."""
    tab = _open(server, played, new_tab, 1280, 900)
    ids = tab.page.evaluate("Array.from(document.querySelectorAll('#board g.place[data-place]'))"
                            ".map(g => g.getAttribute('data-place'))")

    def move(src: str, to: str, unit: int, enabled: bool) -> dict[str, Any]:
        return {"unit": [unit], "label": f"{src} to {to}", "enabled": enabled, "count": 0,
                "from": src, "from_label": src.upper(), "player": 0, "to": to,
                "to_label": to.upper()}

    options = [move(ids[0], t, 10 + j, False) for j, t in enumerate(ids[2:4])] + \
        [move(ids[1], t, 20 + j, True) for j, t in enumerate(ids[2:4])]
    for total, kept in ((1, False), (2, True)):
        got = _render_moves(tab, options, total, f"{ids[0]}|0|")
        assert got["from"] == f"{ids[0]}|0|", got  # kept, the other not taken
        if not kept:
            assert got["heads"][0].endswith(": choose another source"), got
    # no other source may move either: Done is the next step, said so
    shut = [{**o, "enabled": False} for o in options]
    got = _render_moves(tab, shut, 1, f"{ids[0]}|0|")
    assert got["heads"][0].endswith(": no others may move; Done sends them"), got
    tab.page.reload()  # the page's own decision again
    quiet(tab)


@pytest.mark.rule("B3.5", "B6")
def test_the_page_explains_its_italics_discards_and_keeps_no_empty_strip(
        server: str, played: dict[str, Any], new_tab: Callable[[], Tab]) -> None:
    """f16: the since box's italic lines (B6: a general scoring's heading, discs and
    total) have a legend and a tooltip; a log line "Discarded: ..." (B3.5) says after it
    what it means (a note, the line's own text unchanged); the panel of cards on offer
    keeps no empty strip under its last card, a card's text showing under the card while
    hovered."""
    tab = _open(server, played, new_tab, 1280, 900)
    state = page_state(tab)["state"]
    key = f"elgrande-since:{state['game']}:0"
    log = state["log"]
    head = max(i for i, line in enumerate(log) if line.startswith("-- Scoring after round"))
    tab.page.evaluate("([k, m]) => sessionStorage.setItem(k, String(m))", [key, head - 1])
    tab.page.reload()
    tab.page.wait_for_function("window.elgrandePage.controls")
    box = tab.page.locator("#since")
    legend = box.locator("p.since-legend")
    assert legend.is_visible() and "In italics: what changes the board for everyone" in (
        legend.inner_text())
    keys = box.locator("li.key")
    assert keys.count() >= 3  # the heading, the discs, the total
    assert all(keys.nth(i).get_attribute("title", timeout=1000) or "" for i in
               range(keys.count()))
    assert keys.first.evaluate("li => getComputedStyle(li).fontStyle") == "italic"
    gone = tab.page.locator("#log li").filter(has_text="Discarded: ")
    assert gone.count()
    note = gone.first.evaluate("li => getComputedStyle(li, '::after').content")
    assert "not taken this round: discarded (B3.5)" in note, note
    assert gone.first.inner_text().startswith("Discarded: ")
    assert [t.strip() for t in tab.page.locator("#log li").all_inner_texts()] == [
        line.strip() for line in log]  # the log's own lines, unchanged
    cards = tab.page.locator("li.offer-card")
    assert cards.count()
    hint = tab.page.locator("#offer-hint")
    last = cards.last.bounding_box()
    hb = hint.bounding_box()
    assert last is not None and hb is not None
    assert 0 <= hb["y"] - (last["y"] + last["height"]) < 24, (last, hb)  # no empty strip
    first = cards.first
    first.hover()
    text = first.locator(".why")
    assert text.is_visible()
    tb, cb = text.bounding_box(), first.bounding_box()
    assert tb is not None and cb is not None
    assert cb["y"] <= tb["y"] and tb["y"] + tb["height"] <= cb["y"] + cb["height"] + 1
    quiet(tab)
