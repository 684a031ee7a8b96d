"""What a fresh user found confusing on the page of ``elgrande serve`` (issue 30), in a
real browser (Playwright driving Chromium, tests/browser.py) against a real ``elgrande
serve`` process: an action card's button (its title, then what tells it apart on a
smaller line, B8), a fold saying a card's reason once (B8), every seat's power card
played kept in the box of what happened since the seat's last choice (B3.2), a log
line's arrow kept with its neighbours, and what a click on a region does (sent at once,
or held until Send where secret, B6.1). The page is the seat's own (a base game in round
4, the person to answer); the controls shown are the server's own (``controls`` of a
local game), rendered by the page's code."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from browser import Tab
from test_server_page import page_state, quiet
from test_server_page_layout import _open, played
from test_server_plain_words import controls_met

from elgrande.play.game import new_game
from elgrande.server.folds import folds
from elgrande.server.page_words import HOW

__all__ = ["played"]  # the module's fixture, shared with the layout tests

#: Widths (CSS px) the page must fit: a phone, a laptop, a wide screen.
WIDTHS = (390, 1280, 1920)


def _show(tab: Tab, c: dict[str, Any]) -> None:
    """The page's controls made ``c`` (the server's description of a decision), drawn by
    the page's own code."""
    tab.page.evaluate("""(c) => import('/page/controls.js').then(m => {
        const S = window.elgrandePage;
        S.controls = c; S.units = []; S.held = null; S.from = null; S.taken = -1;
        m.renderControls();
    })""", c)


def _frame(tab: Tab) -> None:
    tab.page.evaluate("new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")


def _card_choice() -> dict[str, Any]:
    """The controls of an action card's choice whose offer holds two cards of one title
    (one of them told apart by a long phrase)."""
    for _g, c in controls_met({"choose_action_card"}, range(12)):
        if any(len(o.get("aside", "")) > 30 for o in c["options"]):
            return c
    raise AssertionError("no choice of cards sharing a title met")


@pytest.mark.rule("B8", "B3.1")
def test_a_card_s_button_is_its_title_with_what_tells_it_apart_on_a_second_line(
        server: str, played: dict[str, Any], new_tab: Callable[[], Tab]) -> None:
    """B8: each action card's button reads its title on its main line and what tells it
    apart from a card of the same title on a second, smaller line (the server's parts,
    not the label cut by the page), or, where its text shows beside it, that text (h45:
    not both); its accessible name is the whole label; at 390, 1280
    and 1920 px the page does not scroll sideways and every button stays in its panel."""
    c = _card_choice()
    tab = _open(server, played, new_tab, 1280, 900)
    _show(tab, c)
    for width in WIDTHS:
        tab.page.set_viewport_size({"width": width, "height": 900})
        _frame(tab)
        got = tab.page.evaluate("""() => {
            const panel = document.getElementById('decision').getBoundingClientRect();
            return {scroll: document.documentElement.scrollWidth, inner: innerWidth,
              buttons: Array.from(document.querySelectorAll('#options button.card-choice'))
                .map(b => {
                  const n = b.querySelector('.card-name'), a = b.querySelector('.card-aside');
                  const r = b.getBoundingClientRect();
                  return {label: b.getAttribute('aria-label'), name: n.innerText,
                    aside: a ? a.innerText : '', inside: r.left >= panel.left - .5 &&
                      r.right <= panel.right + .5,
                    below: a ? a.getBoundingClientRect().top >=
                      n.getBoundingClientRect().bottom - 1 : true,
                    smaller: a ? parseFloat(getComputedStyle(a).fontSize) <
                      parseFloat(getComputedStyle(n).fontSize) : true};
                })};
        }""")
        assert got["scroll"] <= got["inner"], (width, got["scroll"])
        cards = [o for o in c["options"] if not o.get("folded")]
        assert len(got["buttons"]) == len(cards), got
        for o, b in zip(cards, got["buttons"], strict=True):
            assert (b["label"], b["name"]) == (o["label"], o["name"]), b
            # h29: every card's line under its title says what it does (no card id);
            # h45: a card with its text beside it has none (the text said once)
            if o.get("text"):
                assert b["aside"] == "", b
            else:
                assert 0 < len(b["aside"]) <= 170 and o["value"] not in b["aside"], b
            assert b["inside"] and b["below"] and b["smaller"], (width, b)
    # the whole label names the button (a click by it works as before)
    long = next(o for o in c["options"] if len(o["aside"]) > 30)
    assert tab.page.get_by_role("button", name=long["label"], exact=True).count() >= 1
    tab.page.reload()
    quiet(tab)


@pytest.mark.rule("B8")
def test_a_card_s_reason_for_many_places_is_said_once(
        server: str, played: dict[str, Any], new_tab: Callable[[], Tab]) -> None:
    """B8: the places a card's region choice does not offer fold under one line that says
    the card's reason once and names them all, the Castillo among them (its reason named
    it); another reason of the card is a line of its own."""
    g = new_game(3, sets=["base"], seed=0, logging=False)
    places = [p for p in g.library.board.places if p.kind != "space"]
    castillo = g.library.board.places[g.library.board.castillo]
    others = [p for p in places if p is not castillo]
    out = "not one of the places this card lets you choose"
    cas = f"the {castillo.name} is not one of the places this card lets you choose"
    king = "the king stands here now: the card moves him to another region"

    def option(p: Any, j: int, why: str | None) -> dict[str, Any]:
        o: dict[str, Any] = {"unit": [j] if why is None else None, "label": p.name,
                             "value": p.id, "place": p.id, "count": 0,
                             "enabled": why is None}
        if why is not None:
            o.update({"rule": "B8", "title": "special actions", "why": why})
        return o

    opts = [option(p, j, None) for j, p in enumerate(others[:2])] + [
        option(castillo, -1, cas), option(others[5], -1, king)] + [
        option(p, -1, out) for p in others[2:5]]
    c = {"kind": "choose_region", "prompt": "Choose a region", "rule": "B8", "secret": False,
         "form": "pick", "units": [], "actions": [], "total": 0, "min": 0, "max": 1,
         "max_note": None, "options": opts, "done": None, "card": None, "note": None,
         "folds": folds(opts, "pick"), "how": HOW[(False, True)]}
    tab = _open(server, played, new_tab, 1280, 900)
    _show(tab, c)
    fold = tab.page.locator("#decision details.fold")
    fold.locator("summary").click()
    lines = fold.locator("li.fold-reason").all_inner_texts()
    names = ", ".join(p.name for p in [castillo, *others[2:5]])
    assert lines == [f"{out[0].upper()}{out[1:]}: {names}", f"{others[5].name} — {king}"], lines
    text = fold.inner_text()
    assert text.lower().count("this card lets you choose") == 1, text  # said once
    assert text.startswith("Why not other places?") and "B8: special actions:" in text
    tab.page.reload()
    quiet(tab)


@pytest.mark.rule("B3.2")
def test_every_seat_s_power_card_stays_in_the_box_since_the_last_choice(
        server: str, played: dict[str, Any], new_tab: Callable[[], Tab]) -> None:
    """B3.2: the box of what happened since the seat's last choice never folds away
    another seat's power card played: with more lines than the box shows, the bots'
    power cards (older than its last eight lines) are shown, the lines between them
    counted under the box's one expander ("Show n earlier lines")."""
    tab = _open(server, played, new_tab, 1280, 900)
    names = page_state(tab)["state"]["names"]
    bot1, bot2 = names[1], names[2]
    log = [f"{bot1} plays power card 5.", f"{bot2} plays power card 9.",
           *[f"{bot1 if i % 2 else bot2} places caballeros: 1 in Castillo." for i in range(3)],
           f"Turn order: {bot2}, {bot1}, {names[0]}.",
           *[f"  {bot2} moves the king from A{i} to B{i}." for i in range(8)]]
    got = tab.page.evaluate("""(log) => import('/page/since.js').then(m => {
        const S = window.elgrandePage;
        S.state = Object.assign({}, S.state, {log: S.state.log.concat(log)});
        sessionStorage.setItem('elgrande-since:' + S.state.game + ':' + S.state.seat,
                               String(S.state.log.length - log.length));
        m.renderSince();
        return Array.from(document.querySelectorAll('#since li'))
          .filter(li => li.offsetParent !== null).map(li => li.innerText);
    })""", log)
    # h29: the lines folded said once, by the box's one expander (the places lines: the
    # eight king moves, the power cards and the seat's turn order line fill the box)
    assert got[0] == "Show 3 more lines", got  # folded between shown lines (f26)
    assert got[1:3] == log[:2], got  # the bots' power cards, though older than the last 8
    assert got[3] == log[5], got  # the turn order names the seat: never folded (f25)
    assert got[4:] == [line.strip() for line in log[6:]], got  # the last eight, trimmed
    tab.page.reload()
    quiet(tab)


@pytest.mark.rule("B6.5")
def test_a_log_line_never_breaks_inside_its_arrow(
        server: str, played: dict[str, Any], new_tab: Callable[[], Tab]) -> None:
    """B6.5: a scoring's lines ("p1 3 caballeros -> 5 points") on a 390-px phone: each
    arrow is kept on one line with the words on either side (none of the log's arrows is
    outside such a span, and no such span breaks), while the long lines themselves
    wrap."""
    tab = _open(server, played, new_tab, 390, 844)
    got = tab.page.evaluate("""() => {
        const shown = el => el.getClientRects().length > 0;  // not folded away
        const lis = Array.from(document.querySelectorAll('#log li, #since li'))
          .filter(li => li.textContent.includes('->') && shown(li));
        const loose = lis.filter(li => Array.from(li.childNodes).some(n =>
          n.nodeType === 3 && n.textContent.includes('->'))).length;
        const spans = Array.from(document.querySelectorAll('#log span.arrow, #since span.arrow'))
          .filter(sp => shown(sp.closest('li')));
        const line = li => parseFloat(getComputedStyle(li).lineHeight);
        return {lines: lis.length, loose: loose, spans: spans.length,
                broken: spans.filter(s => s.getClientRects().length !== 1).map(s => s.textContent),
                wrapped: lis.filter(li => li.getClientRects()[0].height > 1.5 * line(li)).length};
    }""")
    assert got["lines"] >= 3 and got["spans"] >= got["lines"], got
    assert got["loose"] == 0 and got["broken"] == [], got
    assert got["wrapped"] >= 1, got  # the width makes lines wrap: the arrows held
    quiet(tab)


@pytest.mark.rule("B6.1", "B3.4")
def test_a_region_choice_says_a_click_sends_it_and_a_secret_one_waits_for_send(
        server: str, played: dict[str, Any], new_tab: Callable[[], Tab]) -> None:
    """B3.4: an ordinary region choice says near its choices that a click sends it at
    once; B6.1: the secret disc's says a click holds it until Send (and a click on its
    button holds it: nothing sent)."""
    plain = next(c for _g, c in controls_met({"choose_region"}, range(12)))
    secret = next(c for _g, c in controls_met({"secret_region"}, range(2)))
    tab = _open(server, played, new_tab, 1280, 900)
    n = page_state(tab)["n"]
    for c, words in ((plain, "sent at once"), (secret, "then Send")):
        _show(tab, c)
        how = tab.page.locator("#options > p.how")
        assert how.is_visible() and how.inner_text() == c["how"] and words in c["how"], c["how"]
        first = tab.page.locator("#options > *").first  # above the choices
        assert first.get_attribute("id") == "how"
    o = next(o for o in secret["options"] if o["enabled"])
    tab.page.get_by_role("list", name="Choices").get_by_role(
        "button", name=o["label"], exact=True).click()
    assert tab.page.locator("#send-held").is_visible() and page_state(tab)["n"] == n
    tab.page.reload()
    quiet(tab)


@pytest.mark.rule("B8")
def test_a_card_s_effect_lines_are_indented_under_its_line_in_the_log(
        server: str, played: dict[str, Any], new_tab: Callable[[], Tab]) -> None:
    """B8: the log says a card's effect on lines under "X carries out the special action
    of …" (indented in words); the page's log shows exactly those lines' text indented
    (their numbers in the column of the others), so a card's "places caballeros" never
    reads as the turn's own placement."""
    tab = _open(server, played, new_tab, 1280, 900)
    log = page_state(tab)["state"]["log"]
    effect = [i for i, line in enumerate(log) if line[:1].isspace()]
    assert effect, "the game played has no card effect in its log"
    got = tab.page.evaluate("""() => Array.from(document.querySelectorAll('#log li')).map(
        li => { const r = document.createRange(); r.selectNodeContents(li);
                return [li.classList.contains('effect'), li.getBoundingClientRect().left,
                        r.getClientRects()[0].left]; })""")
    assert [i for i, (e, _b, _t) in enumerate(got) if e] == effect
    assert len({b for _e, b, _t in got}) == 1, got[:12]  # the numbers stay in one column
    plain = {t for e, _b, t in got if not e}
    assert len(plain) == 1 and all(t > min(plain) + 10 for e, _b, t in got if e), got[:12]
    quiet(tab)


@pytest.mark.rule("B5")
def test_a_phone_s_first_view_of_the_board_shows_the_king(
        server: str, played: dict[str, Any], new_tab: Callable[[], Tab]) -> None:
    """B5: on a 390-px phone the board scrolls sideways; its first view is scrolled so
    that the king's region is on screen (f14: the king and the Castillo were both out of
    sight), also when the window has only then become that narrow."""
    tab = _open(server, played, new_tab, 390, 844)
    got = tab.page.evaluate("""() => {
        const area = document.getElementById('board-area');
        const k = document.querySelector('#board g.king').getBoundingClientRect();
        return {scrolls: area.scrollWidth > area.clientWidth, left: k.left,
                right: k.right, width: window.innerWidth, at: area.scrollLeft};
    }""")
    assert got["scrolls"], got
    assert 0 <= got["left"] and got["right"] <= got["width"], repr(got)
    quiet(tab)
