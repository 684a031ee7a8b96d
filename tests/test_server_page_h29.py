"""The last confusions of the page of ``elgrande serve`` (issue 30, h29; fresh users f21,
f22), in a real browser (Playwright driving Chromium, tests/browser.py) against a real
``elgrande serve`` process: the "Since your last choice" box's one expander. Every seat
is a human played through the API from one seeded ``random.Random`` (no bot races the
page), then seat 0's page is opened on the state reached.
"""

from __future__ import annotations

import os
import random
import re
from collections.abc import Callable, Sequence
from typing import Any

import httpx
import pytest
from browser import Tab
from serve_util import play_turn, seat_state, token_of
from test_server_page import create, page_state, quiet

#: Where the tests leave their screenshots (looked at by hand), when set.
SHOTS = os.environ.get("ELGRANDE_SHOTS")


def shot(tab: Tab, name: str) -> None:
    """A screenshot of the tab's page in :data:`SHOTS` (nothing when unset)."""
    if SHOTS:
        tab.page.screenshot(path=os.path.join(SHOTS, name + ".png"), full_page=False)


def advance(server: str, links: dict[str, Any], seed: int,
            want: Callable[[dict[str, Any]], bool], limit: int = 3000) -> dict[str, Any]:
    """Play every seat of the all-human game ``links`` through the API at random (one
    ``random.Random(seed)``, seats in order) until seat 0's state satisfies ``want``;
    that state.

    Raises:
        AssertionError: ``want`` not met within ``limit`` rounds of answers.
    """
    tokens = [token_of(link) for link in links["seats"]]
    rng = random.Random(seed)
    with httpx.Client(base_url=server, timeout=30) as c:
        for _ in range(limit):
            st = seat_state(c, links["game"], tokens[0])
            if want(st):
                return st
            assert not st["over"], "the game ended first"
            for t in tokens:
                play_turn(c, links["game"], t, rng)
    raise AssertionError("the game never reached the state asked for")


def open_seat(server: str, links: dict[str, Any], new_tab: Callable[[], Tab], seat: int,
              width: int, height: int) -> Tab:
    """Seat ``seat``'s page in a new tab of ``width`` x ``height`` px, once drawn."""
    tab = new_tab()
    tab.page.set_viewport_size({"width": width, "height": height})
    tab.page.goto(server + links["seats"][seat])
    tab.page.wait_for_function("window.elgrandePage && window.elgrandePage.controls")
    return tab


def round_of(st: dict[str, Any]) -> int:
    """The round of a seat's state payload (0 before the first)."""
    return int((st["view"].get("state") or {}).get("round") or 0)


def own_after_others(log: list[str], name: str, kept: int) -> int | None:
    """Where the page's "Since your last choice" box starts for a tab that answered at
    log length ``kept`` (page/since.js answeredElsewhere, h33): the index after the last
    line of seat ``name``'s doing ("NAME ...", unindented) written after another's
    unindented line since ``kept`` (the seat answered from elsewhere), None where there
    is none (the box starts at ``kept``)."""
    other, mark = False, None
    for i in range(kept, len(log)):
        line = log[i]
        if not line or line[0].isspace() or line.startswith(name + "'s "):
            continue
        if line.startswith(name + " "):
            mark = i + 1 if other else mark
        else:
            other = True
    return mark


def owner(line: str, names: Sequence[str]) -> int:
    """Whose line ``line`` is (page/since.js lineOwner): the index of the name in
    ``names`` that starts it, trimmed ("NAME ..." or "NAME's ..."; the longest where one
    starts another), -1 for none."""
    text, who, size = line.strip(), -1, -1
    for k, n in enumerate(names):
        if n and len(n) > size and text.startswith((n + " ", n + "'s ")):
            who, size = k, len(n)
    return who


def past_own(log: list[str], name: str, i: int, names: Sequence[str] = ()) -> int:
    """Past seat ``name``'s own lines at log index ``i`` (page/since.js pastOwnLines, f28:
    the box began with the seat's own answer): the unindented lines starting "NAME " or
    "NAME's ", the indented and empty lines among them, up to the first other line: an
    unindented one not the seat's, or an indented one starting with another of ``names``
    (f29: "  Greta sends ..." written by the seat's own card is news to it), or an
    unnamed one not indented under a line of the seat's (f31: "  Secret choices revealed:
    ..." written by the seat's secret answer under another's card is news)."""
    names = list(names) or [name]
    seat = names.index(name)
    own = -1
    while i < len(log):
        line = log[i]
        who = owner(line, names)
        indent = len(line) - len(line.lstrip())
        if line.strip() and who != seat and (who >= 0 or own < 0 or indent <= own):
            break
        if line.strip() and who == seat:
            own = indent
        i += 1
    return i


def since_start(log: list[str], name: str, kept: int, names: Sequence[str] = ()) -> int:
    """Where the "Since your last choice" box of a tab that answered at log length
    ``kept`` starts (page/since.js sinceMark): after the seat's last answer (this tab's,
    or one sent elsewhere since: :func:`own_after_others`), past that answer's own lines
    (:func:`past_own`, ``names`` every seat's name)."""
    mark = own_after_others(log, name, kept)
    return past_own(log, name, kept if mark is None else mark, names)


@pytest.mark.rule("B6")
def test_the_since_box_has_one_expander_saying_what_it_opens(
        server: str, new_tab: Callable[[], Tab]) -> None:
    """h29 (f21, f22: several "… n more lines" one under another): a long "Since your last
    choice" box (every line since the seat's last answer, a general scoring's among them,
    B6) has ONE expander, its
    first row, saying what it opens ("Show n earlier lines", n the lines it folds); the
    newest lines show while it is closed; opened, every line shows in the log's order and
    it says "Hide the n earlier lines"; closed again, the same lines show."""
    links = create(server, 3, 29, {}, ["base"])
    advance(server, links, 29, lambda st: round_of(st) >= 4 and bool(st.get("controls")))
    tab = open_seat(server, links, new_tab, 0, 1280, 900)
    st = page_state(tab)["state"]
    key = f"elgrande-since:{st['game']}:0"
    tab.page.evaluate("(k) => sessionStorage.setItem(k, '0')", key)
    tab.page.reload()
    tab.page.wait_for_function("window.elgrandePage.controls")
    box = tab.page.locator("#since")
    news = page_state(tab)["since"]
    # (from the seat's last answer, sent through the API: the tab's own mark is older, h33)
    assert len(news) > 20, news
    assert box.locator("button").count() == 1  # one expander, no other
    more = box.get_by_role("button")
    items = box.locator("li:not(.gap)")
    assert items.all_inner_texts() == news  # every line, in the log's order
    shown = box.locator("li:not(.gap):visible").all_inner_texts()
    hidden = len(news) - len(shown)
    assert hidden >= 2 and shown[-4:] == news[-4:]  # the newest lines show
    seen = items.evaluate_all("lis => lis.map(li => li.offsetParent !== null)")
    # "earlier" when every folded line comes before the first shown, else "more" (f26:
    # a general scoring's lines are never folded, so folded lines may follow shown ones)
    first = seen.index(True)
    which = "earlier" if all(v or i < first for i, v in enumerate(seen)) else "more"
    assert box.locator("li").first.inner_text() == f"Show {hidden} {which} lines"
    assert more.get_attribute("aria-expanded") == "false"
    assert re.fullmatch(rf"Show \d+ {which} lines", more.inner_text())
    shot(tab, "h29-1-since-closed")
    more.click()
    assert box.locator("li:not(.gap):visible").all_inner_texts() == news
    assert more.inner_text() == f"Hide the {hidden} {which} lines"
    assert box.locator("button").count() == 1
    shot(tab, "h29-1-since-open")
    more.click()
    assert box.locator("li:not(.gap):visible").all_inner_texts() == shown
    assert more.inner_text() == f"Show {hidden} {which} lines"
    quiet(tab)


def cut_line(text: str, n: int = 170) -> str:
    """``text`` in at most ``n`` characters as a card's line is cut (controls.js
    cardLine): whole when short enough, else cut at a word with "…" ending it."""
    line = " ".join(text.split())
    if len(line) <= n:
        return line
    head = line[:n - 1]
    at = head.rfind(" ")
    return head[:at if at > n / 2 else len(head)].rstrip(" ,;:.") + "…"


@pytest.mark.rule("B3.1", "B8")
def test_every_action_card_button_has_its_title_then_what_it_does(
        server: str, new_tab: Callable[[], Tab]) -> None:
    """h29 (f21: some card buttons had a line under the title, others none): at a choice
    of an action card (B3.1), every card's button has one shape: its title, then what
    the card does: beside it, its stack and whole text (h45: not a line under the title
    too, the text read three times); a card with no text, one smaller line under its
    title (the offer's summary, at most 170 characters); never a card id; at 1280 and at
    390 px."""
    links = create(server, 3, 7, {}, ["base"])
    st = advance(server, links, 7, lambda st: (st.get("controls") or {}).get("kind")
                 == "choose_action_card")
    offer = {c["id"]: c for c in st["offer"]}
    for width, height in ((1280, 900), (390, 844)):
        tab = open_seat(server, links, new_tab, 0, width, height)
        c = page_state(tab)["controls"]
        got = tab.page.evaluate("""() => Array.from(
            document.querySelectorAll('#options button.card-choice')).map(b => {
              const kids = Array.from(b.children), n = kids[0], a = kids[1];
              return {label: b.getAttribute('aria-label'), kids: kids.length,
                classes: kids.map(k => k.className), name: n.innerText,
                line: a ? a.innerText : '', text: (b.closest('li')
                  .querySelector('.card-text') || {innerText: ''}).innerText,
                below: a ? a.getBoundingClientRect().top >=
                  n.getBoundingClientRect().bottom - 1 : false,
                smaller: a ? parseFloat(getComputedStyle(a).fontSize) <
                  parseFloat(getComputedStyle(n).fontSize) : false};
            })""")
        cards = [o for o in c["options"] if not o.get("folded") and o.get("name")]
        assert len(got) == len(cards) >= 2, got
        for o, b in zip(cards, got, strict=True):
            assert b["classes"][0] == "card-name", b
            assert b["name"] == o["name"] and b["label"] == o["label"], b
            if o.get("text"):  # h45: title only, the text beside it once
                body = o["text"].removeprefix(o["name"] + ":").strip()
                assert b["kids"] == 1 and b["text"] == f"Stack {o['stack']}: {body}", b
                assert o["value"] not in b["text"], b
                continue
            assert b["kids"] == 2, b
            on = offer.get(o["value"])
            want = cut_line((on or {}).get("summary") or o["text"])
            assert b["line"] == want and 0 < len(b["line"]) <= 170, (b, want)
            assert o["value"] not in b["line"], b  # never a card id
            assert b["below"] and b["smaller"], b
        tab.page.locator("#options").scroll_into_view_if_needed()
        shot(tab, f"h29-2-cards-{width}")
        quiet(tab)


def king_refused(st: dict[str, Any]) -> bool:
    """Whether seat 0's state asks a placement where the king's region is refused (B5.2)."""
    c = st.get("controls") or {}
    return c.get("form") == "counts" and any(
        o.get("rule") == "B5.2" and o.get("place") for o in c.get("options", []))


def boxes(tab: Tab) -> dict[str, Any]:
    """The notice's box and those of the map and every shown control of the page
    (viewport px)."""
    out: dict[str, Any] = tab.page.evaluate("""() => {
        const box = e => { const r = e.getBoundingClientRect();
          return {x: r.left, y: r.top, r: r.right, b: r.bottom, w: r.width, h: r.height}; };
        const n = document.getElementById('notice');
        const controls = Array.from(document.querySelectorAll(
            'button, input, select, summary, a[href]'))
          .filter(e => e.getClientRects().length && !n.contains(e)).map(e => ({
            what: e.textContent.trim().slice(0, 40), box: box(e)}));
        return {notice: n.hidden ? null : box(n), text: n.textContent,
                fixed: getComputedStyle(n).position,
                map: box(document.getElementById('board-area')), controls: controls,
                vh: innerHeight, vw: innerWidth};
    }""")
    return out


def overlap(a: dict[str, float], b: dict[str, float]) -> bool:
    """Whether boxes ``a`` and ``b`` share more than a pixel's sliver."""
    return min(a["r"], b["r"]) - max(a["x"], b["x"]) > 1 and \
        min(a["b"], b["b"]) - max(a["y"], b["y"]) > 1


@pytest.mark.rule("B5.2")
@pytest.mark.parametrize("size", [(390, 844), (1280, 900)])
def test_the_king_s_region_notice_covers_neither_map_nor_control(
        server: str, new_tab: Callable[[], Tab], size: tuple[int, int]) -> None:
    """B5.2 (h29, f21: on a phone the notice of a tap on the king's region was drawn over
    the bottom of the map): at a placement, a tap on the king's region says why it is
    refused, in a notice that is on the screen and covers neither the map nor any
    control, at 390x844 and at 1280x900."""
    links = create(server, 3, 5, {}, ["base"])
    advance(server, links, 5, king_refused)
    tab = open_seat(server, links, new_tab, 0, *size)
    king = tab.page.locator("#board g.place:has(g.king)")
    king.scroll_into_view_if_needed()
    name = king.locator(":scope > text").first.bounding_box()
    assert name is not None
    # (a real tap: the region is marked aria-disabled, which Playwright's click refuses)
    tab.page.mouse.click(name["x"] + name["width"] / 2, name["y"] + name["height"] / 2)
    notice = tab.page.locator("#notice")
    notice.wait_for(state="visible")
    got = boxes(tab)
    shot(tab, f"h29-3-king-{size[0]}")
    assert "B5.2" in got["text"] and "king's region" in got["text"], got["text"]
    n = got["notice"]
    assert n["y"] >= -1 and n["b"] <= got["vh"] + 1 and n["x"] >= 0 and n["r"] <= got["vw"], got
    assert not overlap(n, got["map"]), (n, got["map"])
    if size[0] <= 900:  # a phone: in the flow right under the map (docs/serve.md, f28)
        assert got["fixed"] != "fixed" and 0 <= n["y"] - got["map"]["b"] < 40, (n, got)
    hit = [c for c in got["controls"] if overlap(n, c["box"])]
    assert hit == [], hit
    quiet(tab)


def scoreboard_game(server: str, players: int) -> tuple[dict[str, Any], int]:
    """An all-human base game of ``players`` played (:func:`advance`) until seat 0 is to
    place or move a mobile scoreboard (B6.9): its links and seed (the first of a few
    seeds that gets there). All-human games are the same every run: the seed known to get
    there (with 2 players seeds 1-3 played whole games for nothing) is tried first."""
    for seed in ({2: 4}.get(players, 1), *range(1, 30)):
        links = create(server, players, seed, {}, ["base"])
        try:
            advance(server, links, seed, lambda st: (st.get("controls") or {}).get("kind")
                    == "move_scoreboard", limit=400)
        except AssertionError:
            continue
        return links, seed
    raise AssertionError("no seat 0 met a mobile scoreboard")


@pytest.mark.rule("B6.8", "B6.9")
@pytest.mark.parametrize("players", [2, 3])
def test_a_mobile_scoreboard_reads_the_same_on_the_board_the_buttons_and_the_log(
        server: str, new_tab: Callable[[], Tab], players: int) -> None:
    """B6.9, B6.8 (h29, f21: with 3 players the board drew "8-4" where the buttons and
    the log said "8-4-0"): a mobile scoreboard is named by its printed values on the
    buttons, on the board once laid and in the log's line; where B6.8 cuts a value not 0
    (2 players: only the left counts) the decision's prompt says once what each offered
    one scores ("with 2 players, B6.8: 8-4-0 scores 8, ..."), with 3 players (its cut
    values are 0) nothing; the map's legend says how many of its values count."""
    links, _ = scoreboard_game(server, players)
    tab = open_seat(server, links, new_tab, 0, 1280, 900)
    c = page_state(tab)["controls"]
    offered = sorted({o["value"]["scoreboard"] for o in c["options"]})
    prompt = tab.page.locator("#prompt").inner_text()
    if players == 2:
        said = ", ".join(f"{sb} scores {sb.split('-')[0]}" for sb in offered
                         if any(v != "0" for v in sb.split("-")[1:]))  # 4-0-0: none cut
        assert said and prompt.endswith(f" (with 2 players, B6.8: {said})"), prompt
    else:
        assert "B6.8" not in prompt, prompt
    legend = tab.page.locator("#players svg text").evaluate_all(
        "ts => ts.map(t => t.textContent)")
    want = {2: "left value only", 3: "left two values only"}[players]
    assert f"{players} players: {want} (B6.8)" in legend, legend
    assert "8-4-0" in legend and "8-4" not in legend  # its example tile, printed
    buttons = tab.page.locator("#options button")
    label = buttons.first.inner_text()
    sb = next(s for s in offered if f"scoreboard {s} " in label)
    to = next(o for o in c["options"] if o["label"] == label)["value"]["to"]
    shot(tab, f"h29-4-scoreboard-{players}-before")
    n = page_state(tab)["n"]
    buttons.first.click()
    tab.page.wait_for_function("(n) => window.elgrandePage.n !== n", arg=n)
    tile = tab.page.locator(f'#board g.scoreboard[data-scoreboard="{sb}"]')
    assert tile.get_attribute("data-place") == to
    assert tile.locator("text").text_content() == sb  # as the button said it
    log = page_state(tab)["state"]["log"]
    assert any(f"mobile scoreboard {sb} " in line for line in log), log[-5:]
    shot(tab, f"h29-4-scoreboard-{players}-after")
    quiet(tab)


@pytest.mark.rule("B6.8")
def test_b6_8_cut_values_are_said_only_where_not_0() -> None:
    """B6.8: a scoreboard's values B6.8 cuts are said where one is not 0 (a set's 5-4-3
    with 3 players scores 5-4; the base game's 8-4-0 scores as printed), and the legend's
    words say how many count (none where all do)."""
    from elgrande.tools.board_values import legend_cut, printed, scores_words

    assert printed([8, 4, 0]) == "8-4-0"
    assert scores_words([5, 4, 3], 2) == "5-4-3 scores 5-4"
    assert scores_words([8, 4, 0], 2) == "" and scores_words([8, 4, 0], None) == ""
    assert scores_words([8, 4, 0], 1) == "8-4-0 scores 8"
    assert legend_cut(1, 2, [8, 4, 0]) == "2 players: left value only (B6.8)"
    assert legend_cut(3, 4, [8, 4, 0]) == "" and legend_cut(None, 0, [8, 4, 0]) == ""


def wait_redrawn(tab: Tab, n: int, total: int) -> None:
    """Wait until the page shows answer ``n``'s decision with ``total`` chosen."""
    tab.page.wait_for_function(
        "([n, k]) => window.elgrandePage.n === n && window.elgrandePage.controls &&"
        " window.elgrandePage.controls.total === k", arg=[n, total])


@pytest.mark.rule("B4.1", "B4.3")
@pytest.mark.parametrize("kind,verb", [("bring_to_court", "bring"),
                                       ("place_caballeros", "place")])
def test_done_says_what_it_sends_and_that_fewer_are_allowed(
        server: str, new_tab: Callable[[], Tab], kind: str, verb: str) -> None:
    """B4.1 (bring UP TO n to the court), B4.3 (place up to n; h29, f22: "Done (bring
    none)" did not say fewer are allowed): Done says what it sends and that fewer are
    allowed, "Done: bring none (up to 4 allowed)" with none chosen, "Done: bring 1 of up
    to 4" once one is chosen, and a click on it sends that."""
    links = create(server, 3, 3, {}, ["base"])
    st = advance(server, links, 3, lambda st: (st.get("controls") or {}).get("kind") == kind
                 and (st["controls"]["min"] or 0) == 0 and st["controls"]["max"] >= 2)
    most = st["controls"]["max"]
    tab = open_seat(server, links, new_tab, 0, 390, 844)
    n = page_state(tab)["n"]
    done = tab.page.locator("#done")
    assert done.inner_text() == f"Done: {verb} none (up to {most} allowed)"
    assert tab.page.get_by_role("button", name="Done").count() == 1  # found by its name
    plus = tab.page.locator('#options button[aria-label^="one more"]:enabled').first
    plus.click()
    wait_redrawn(tab, n, 1)
    assert done.inner_text() == f"Done: {verb} 1 of up to {most}"
    done.scroll_into_view_if_needed()
    shot(tab, f"h29-5-done-{verb}")
    done.click()
    tab.page.wait_for_function("(n) => window.elgrandePage.n > n", arg=n)
    log = page_state(tab)["state"]["log"]
    assert any(" 1 " in line or "1 caballero" in line for line in log[-3:]), log[-3:]
    quiet(tab)
