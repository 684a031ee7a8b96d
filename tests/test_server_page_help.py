"""What the page of ``elgrande serve`` tells a fresh user, in a real browser (Playwright
driving Chromium, tests/browser.py) against a real ``elgrande serve`` process: the home
page's form (names, who plays each seat, seed, the homebrew cards it loaded), the card
whose special action is under way (B8), a move's source and destination (B8.2: a click
that does nothing says why; the moves chosen and not sent are drawn on the map and
listed), a disabled option's reason kept inside the window, a selection that survives a
reload, the score chart's axes and the winner (B7.1), the host's page and the seats' links
it shows again, the favicon.
"""

from __future__ import annotations

import io
import json
import random
import re
import urllib.request
import zipfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest
from browser import Tab
from move_words import owner, source_name
from serve_util import play_turn, token_of
from test_server_page import (
    api_state,
    click_answer,
    create,
    decision,
    open_seats,
    page_state,
    quiet,
    wait_for_n,
    wait_for_units,
)

from elgrande.dsl import ast
from elgrande.play.game import new_game
from elgrande.server.page_words import ORDER_WORDS

CARDS = Path(__file__).resolve().parent / "homebrew_serve"


def _zip(folder: Path, bad: bool = False) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        for f in sorted(folder.glob("*.yaml")):
            text = f.read_text()
            if bad and f.name == "rally.yaml":
                text = text.replace("choose region from", "choose nonsense ((")
            z.writestr(f"cards/{f.name}", text)
    return buf.getvalue()


def test_the_home_page_names_the_seats_takes_a_seed_and_says_which_cards_it_loaded(
        server: str, tab: Tab, tmp_path: Path) -> None:
    """``GET /``: players named and each seat given to a person or a bot, a seed, a
    homebrew zip: the page says which cards were loaded and names each link by its
    player; a zip with one bad card is refused with "1 error" (not "1 errors"); no
    request of the page fails (its favicon included)."""
    p = tab.page
    failed: list[str] = []
    p.on("response", lambda r: failed.append(f"{r.status} {r.url}") if r.status >= 400 else None)
    p.goto(server + "/")
    p.get_by_label("Players").fill("3")
    p.get_by_label("Name of seat 1").fill("Ana")
    p.get_by_label("Name of seat 2").fill("Ben")
    p.get_by_label("Seat 2 played by").select_option(label="random bot")
    p.get_by_label("Seat 3 played by").select_option(label="greedy bot")
    p.get_by_label("Seed").fill("5")
    sets = p.get_by_role("group", name="Sets")
    sets.get_by_label("Intrigue & the King", exact=True).check()  # the fill is asked then
    widths = {f: (p.locator(f"form#new [name={f}]").bounding_box() or {})["width"]
              for f in ("players", "fill", "variant", "seed")}
    assert len(set(widths.values())) == 1, widths  # the fields are of one width
    sets.get_by_label("Intrigue & the King", exact=True).uncheck()
    bad = tmp_path / "bad.zip"
    bad.write_bytes(_zip(CARDS, bad=True))
    p.get_by_label("Homebrew cards (a zip of card files)").set_input_files(str(bad))
    p.locator("#check-shown").wait_for()  # checked when chosen: as validate prints it
    assert p.get_by_role("button", name="Create").is_disabled()  # off while refused (f14)
    err = p.locator("#error")
    # the refused zip, nothing else: its check when chosen
    assert sorted(f.split()[0] + " " + f.split(server)[1] for f in failed) == [
        "422 /api/homebrew/check"]
    failed.clear()
    tab.console.clear()  # the browser logs the 422
    good = tmp_path / "cards.zip"
    good.write_bytes(_zip(CARDS))
    p.get_by_label("Homebrew cards (a zip of card files)").set_input_files(str(good))
    p.get_by_role("button", name="Create").click()
    made = p.get_by_role("region", name="The new game")
    made.wait_for()
    assert not err.is_visible()
    assert ("Homebrew cards loaded (3): Garrison (stack 2), Rally (stack 3), Smugglers "
            "(stack 2).") in made.inner_text()
    assert made.get_by_role("link", name="Ben's seat").count() == 0  # a bot has no link
    assert made.get_by_role("link", name="Host's page (admin)").count() == 1
    # the first person's seat is the host's own: said so, not "send it to Ana only"
    assert made.get_by_role("link", name="Ana's seat").count() == 0
    assert "Your seat (Ana) — open it here" in made.inner_text()
    made.get_by_role("link", name="Your seat (Ana)").click()
    p.wait_for_function("window.elgrandePage && window.elgrandePage.state !== null")
    st = page_state(tab)["state"]
    assert p.locator("#who").inner_text() == "You are Ana"
    assert st["names"] == ["Ana", "Ben", "p3"] and st["bots"] == [1, 2]
    assert p.evaluate("fetch('/favicon.ico').then(r => r.status)") == 200
    decision(tab).wait_for()
    assert failed == [], failed
    tab.assert_quiet()


def _moves_card(library: Any, card_id: str) -> bool:
    """Whether the card's special action moves caballeros between places (B8.2)."""
    try:
        script = library.card(card_id).script
    except KeyError:
        return False
    for node in ast.walk(script):
        if isinstance(node, ast.Call) and node.name == "move" and \
                node.arg("piece") == "caballeros":
            src, to = node.arg("source"), node.arg("to")
            if not isinstance(src, (ast.Court, ast.Provinces)) and \
                    not isinstance(to, (ast.Court, ast.Provinces)):
                return True
    return False


def _steer(tab: Tab, rng: random.Random, library: Any, seen: dict[str, Any]) -> None:
    """Answer the tab's decision by clicks, towards a special action that moves
    caballeros: such a card taken, caballeros placed first, the action carried out."""
    c = page_state(tab)["controls"]
    n = page_state(tab)["n"]
    dec = decision(tab)
    choices = dec.get_by_role("list", name="Choices")
    if c["kind"] == "choose_action_card":
        good = [o for o in c["options"] if o["enabled"] and _moves_card(library, o["value"])]
        if good:
            choices.get_by_role("button", name=good[0]["label"], exact=True).click()
            tab.wait_past(n)
            return
    if c["kind"] == "choose_option":
        for want in (ORDER_WORDS["after"], "carry out the special action"):
            if any(o["label"] == want and o["enabled"] for o in c["options"]):
                choices.get_by_role("button", name=want, exact=True).click()
                tab.wait_past(n)
                return
    click_answer(tab, rng, seen)


def _play_until(base: str, tab: Tab, token: str, game: str, rng: random.Random,
                want: Callable[[dict[str, Any]], bool], library: Any, limit: int = 200,
                others: tuple[str, ...] = ()) -> dict[str, Any] | None:
    """Answer the seat's decisions (steered, :func:`_steer`) until its controls satisfy
    ``want``; those controls, or None when the game ends or ``limit`` answers pass.
    ``others``: the other seats' tokens, answered at random through the API from a rng
    seeded from ``rng`` (people, not server-seeded bots: the same game every run)."""
    seen: dict[str, Any] = {}
    theirs = random.Random(rng.random())
    steps = waits = 0  # the bots' turns (waits) do not count as answers: a slow machine
    while steps < limit and waits < 1200:  # waits longer, not fewer answers
        st = api_state(base, game, token)
        if st["over"]:
            return None
        wait_for_n(tab, st["n"])
        c = page_state(tab)["controls"]
        if c is None and others:
            with httpx.Client(base_url=base, timeout=30) as client:
                assert any(play_turn(client, game, t, theirs) is not None for t in others)
            continue
        if c is None:
            waits += 1
            tab.page.wait_for_timeout(100)
            continue
        if want(c):
            return c
        _steer(tab, rng, library, seen)
        steps += 1
    return None


@pytest.mark.rule("B8", "B8.2")
def test_a_special_action_shows_its_card_and_a_move_shows_what_is_chosen(
        server: str, new_tab: Callable[[], Tab]) -> None:
    """B8: each decision of a special action shows its card's title, stack and text.
    B8.2: a move decision: a click on a place that is no destination of the chosen
    caballeros says so (nothing happens silently); a move chosen and not yet sent is drawn
    on the map as an arrow from its source to its destination and listed with both."""
    library = new_game(3, sets=["base"], seed=0, logging=False).library
    for seed in (11, 12, 13):
        # every seat a person (seat 0 by clicks, the others through the API), all from
        # seeded rngs: the same game every run (server-seeded bots made it differ, and
        # an arrow's head over a count was met in one such game)
        links = create(server, 3, seed, {}, ["base"])
        others = tuple(token_of(links["seats"][s]) for s in (1, 2))
        (tab,), (token,) = open_seats(server, links, new_tab, [0])
        game = page_state(tab)["state"]["game"]
        rng = random.Random(seed)
        card = _play_until(server, tab, token, game, rng, lambda c: bool(c.get("card")),
                           library, others=others)
        assert card is not None
        note = decision(tab).locator("#card")
        want = card["card"]
        # its printed name and stack (the label's aside would repeat the text, f16)
        stack = f" (stack {want['stack']})"
        # its text without the title it starts with, just said (f15)
        text = want["text"]
        lead = re.match(r"([^:.]{1,60}):\s*", text)
        if lead and want["name"].startswith(lead.group(1)):
            text = text[lead.end():]
        assert note.inner_text() == f"Card: {want['name']}{stack}. {text}"
        assert note.inner_text().count(f"stack {want['stack']}") == 1
        moves = _play_until(server, tab, token, game, rng,
                            lambda c: c["kind"] == "move_caballeros"
                            and any(o["enabled"] for o in c["options"]), library,
                            others=others)
        if moves is not None:
            break
    assert moves is not None, "no move decision met"
    assert decision(tab).locator("#card").is_visible()  # a move of a card's action
    o = next(o for o in moves["options"] if o["enabled"])
    dec = decision(tab)
    dec.get_by_role("list", name="Move from").get_by_role(
        "button", name=source_name(tab, o)).click()
    # a place that is no destination of these caballeros: the page says why
    group = [x for x in moves["options"] if x["from"] == o["from"]
             and x["player"] == o["player"] and x.get("kind") == o.get("kind")]
    ok_to = {x["to"] for x in group if x["enabled"]}
    places = tab.page.locator("#board g.place[data-place]")
    ids = [places.nth(i).get_attribute("data-place") for i in range(places.count())]
    wrong = next(i for i in ids if i not in ok_to and i != o["from"])
    tab.page.locator(f'#board g.place[data-place="{wrong}"] > text').first.click(force=True)
    notice = tab.page.locator("#notice")
    assert notice.is_visible() and notice.inner_text(), "a click that did nothing said nothing"
    assert page_state(tab)["controls"]["total"] == 0
    # a destination: the move is drawn and listed, not sent
    tab.page.locator(f'#board g.place[data-place="{o["to"]}"] > text').first.click()
    wait_for_units(tab, 1)
    arrow = tab.page.locator(
        f'#board g#pending .pending-move[data-from="{o["from"]}"][data-to="{o["to"]}"]')
    assert arrow.count() == 1
    label = tab.page.locator(  # its "×1" beside the arrow, clear of every place's name
        f'#board g#pending text.pending-count[data-from="{o["from"]}"][data-to="{o["to"]}"]')
    box = label.bounding_box()
    assert box is not None and label.text_content() == "×1"
    for name in tab.page.locator("#board g.place > text").all():
        b = name.bounding_box()
        assert b is None or not _overlap(box, b), (box, b, name.text_content())
    # the arrow's head and its label cover no place's caballeros' counts: the arrow ends
    # at its destination's edge, not its middle (a 26-unit box around the head's tip)
    covered = tab.page.evaluate("""() => {
        const line = document.querySelector('#board g#pending .pending-move');
        const m = line.getScreenCTM(), p = new DOMPoint(+line.getAttribute('x2'),
                                                         +line.getAttribute('y2')).matrixTransform(m);
        const head = {x: p.x - 13 * m.a, y: p.y - 13 * m.a, width: 26 * m.a, height: 26 * m.a};
        const lab = document.querySelector('#board g#pending text.pending-count')
          .getBoundingClientRect();
        const hit = (r, b) => r.x < b.x + b.width && b.x < r.x + r.width &&
                              r.y < b.y + b.height && b.y < r.y + r.height;
        return Array.from(document.querySelectorAll('#board g.caballeros'))
          .map(g => g.getBoundingClientRect()).filter(b => hit(head, b) || hit(lab, b)).length;
    }""")
    assert covered == 0
    listed = dec.get_by_role("list", name="Moves so far").inner_text()
    who = owner(page_state(tab)["state"], o["player"])
    assert f"1 × {who}: {o['from_label']} → {o['to_label']}" in listed, listed
    assert dec.get_by_text("Chosen, not sent yet").is_visible()
    # the source stays chosen after the move; a click on it starts another move from it
    # (it does not unchoose it), a click more unchooses it, a click more chooses it again
    source = dec.get_by_role("list", name="Move from").get_by_role(
        "button", name=source_name(tab, o))
    c = page_state(tab)["controls"]
    more = [x for x in c["options"] if x["enabled"] and x["from"] == o["from"]
            and x["player"] == o["player"] and x.get("kind") == o.get("kind")]
    # the source stays chosen (pressed) even when none of its caballeros may move more
    # (f17: another source was then taken unasked); bots' draws decide which
    assert source.get_attribute("aria-pressed") == "true"
    assert source.is_enabled() == bool(more)  # disabled: none of them may move more
    for pressed in ("true", "false", "true") if more else ():
        source.click()
        assert source.get_attribute("aria-pressed") == pressed
    to = dec.get_by_role("list", name="Move to").get_by_role("button")
    if more:  # rows only for the places possible now (f13): none greyed
        assert to.count() == len(more) and all(b.is_enabled() for b in to.all())
    _to_the_maximum(tab, o)
    quiet(tab)


def _spent_source_waits(tab: Tab, c: dict[str, Any], o: dict[str, Any]) -> None:
    """f17: a source whose caballeros are all moved stays chosen; its "to" buttons are
    off and say to choose another source; a click on one moves nothing (another
    source's caballeros were moved unasked)."""
    dec = decision(tab)
    others = any(x["enabled"] for x in c["options"])  # another source may move
    said = "choose another source" if others else "no others may move; Done sends them"
    head = dec.locator("h3").filter(has_text=said)
    assert head.count() == 1, dec.locator("h3").all_inner_texts()
    to = dec.get_by_role("list", name="Move to").get_by_role("button")
    assert to.count() >= 1 and not any(b.is_enabled() for b in to.all())
    to.first.click(force=True)
    assert page_state(tab)["controls"]["total"] == c["total"]
    assert said in dec.get_by_role("list", name="Move to").locator(".why").first.inner_text()


def _to_the_maximum(tab: Tab, o: dict[str, Any]) -> None:
    """B8.2: more of the caballeros of ``o``'s source moved until the maximum: the
    progress line says what lowers the prompt's number, and at the maximum says it is
    reached, as does the "Where to?" row; a disabled option's reason, hovered, covers
    none of the decision's headings."""
    dec = decision(tab)
    c = page_state(tab)["controls"]
    while c["total"] < c["max"]:
        more = [x for x in c["options"] if x["enabled"] and x["from"] == o["from"]
                and x["player"] == o["player"] and x.get("kind") == o.get("kind")]
        if not more:
            break
        dec.get_by_role("list", name="Move to").get_by_role(
            "button", name=f"+1 to {more[0]['to_label']}", exact=True).click()
        wait_for_units(tab, c["total"] + 1)
        c = page_state(tab)["controls"]
    if c["total"] < c["max"] and not more:  # the source spent, more moves allowed
        _spent_source_waits(tab, c, o)
    progress = dec.locator("#progress").inner_text()
    stated = re.search(r"up to (\d+)", c["prompt"])
    if stated and int(stated.group(1)) > c["max"]:
        assert c["max_note"] and f"at most {c['max']}: {c['max_note']}" in progress, progress
    else:
        assert c["max_note"] is None
    if c["total"] == c["max"]:
        assert "The maximum is reached" in progress, progress
        where = dec.locator("h3.where")
        assert where.inner_text() == (f"Where to? None: the maximum, {c['max']} caballero"
                                      f"{'' if c['max'] == 1 else 's'}, is reached")
    heads = [h.bounding_box() for h in dec.locator("h3").all()]
    for item in dec.locator("li.option[title]").all():
        if not item.is_visible():
            continue
        item.hover()
        tip = item.locator(".why")
        box = tip.bounding_box() if tip.is_visible() else None
        for h in heads:
            assert box is None or h is None or not _overlap(box, h), (box, h)


def _covers_no_control(tab: Tab, item: Any, box: dict[str, float]) -> None:
    """A disabled option's reason, shown, covers none of the decision's other options
    (buttons, boxes, counts), nor the board."""
    others = item.evaluate(
        "(li) => Array.from(document.querySelectorAll('#decision button, #decision input, "
        "#decision output')).filter(x => !li.contains(x) && x.getClientRects().length)"
        ".map(x => { var r = x.getBoundingClientRect(); return {x: r.x, y: r.y, "
        "width: r.width, height: r.height, text: x.textContent}; })")
    for b in others:
        assert not _overlap(box, b), (box, b)
    board = tab.page.locator("#board-area").bounding_box()
    assert board is None or not _overlap(box, board), (box, board)


def _overlap(a: dict[str, float], b: dict[str, float]) -> bool:
    return (a["x"] < b["x"] + b["width"] and b["x"] < a["x"] + a["width"]
            and a["y"] < b["y"] + b["height"] and b["y"] < a["y"] + a["height"])


def test_a_reload_keeps_a_selection_not_sent_and_tooltips_stay_in_the_window(
        server: str, new_tab: Callable[[], Tab]) -> None:
    """A caballero chosen and not sent survives a reload of the tab (kept for this game,
    seat and decision) and is dropped once the decision is answered; a disabled option's
    reason, hovered, stays inside the window."""
    links = create(server, 3, 21, {1: "greedy", 2: "random"}, ["base"])
    (tab,), (token,) = open_seats(server, links, new_tab, [0])
    tab.page.set_viewport_size({"width": 1000, "height": 800})
    game = page_state(tab)["state"]["game"]
    rng = random.Random(3)
    library = new_game(3, sets=["base"], seed=0, logging=False).library
    tips = 0

    def counts_or_tip(c: dict[str, Any]) -> bool:
        nonlocal tips
        tips += _hover_tips(tab)
        return c["form"] == "counts" and any(o["enabled"] for o in c["options"])

    c = _play_until(server, tab, token, game, rng, counts_or_tip, library)
    assert c is not None and c["kind"] == "bring_to_court"  # the round's first counts
    maxed = False
    o = next(o for o in c["options"] if o["enabled"])
    plus = decision(tab).get_by_role("button", name=f"one more: {o['label']}", exact=True)
    before = plus.bounding_box()
    plus.click()
    wait_for_units(tab, 1)
    # f18: what is chosen is said under the rows: a second click hits the same +
    after = plus.bounding_box()
    assert before and after and after["y"] == before["y"], (before, after)
    n = page_state(tab)["n"]
    tab.page.reload()
    tab.page.wait_for_function(
        "(n) => window.elgrandePage && window.elgrandePage.n === n && "
        "window.elgrandePage.controls && window.elgrandePage.controls.total === 1", arg=n)
    assert page_state(tab)["units"] == [o["unit"]]
    assert "back" in tab.page.locator("#notice").inner_text()
    # B4.1: caballeros brought to court come from the provinces; placed ones go in places
    word = "from" if c["kind"] == "bring_to_court" else "in"
    assert decision(tab).get_by_label("Chosen so far").inner_text().startswith(
        f"Chosen, not sent yet: 1 {word} ")
    keys = tab.page.evaluate("Object.keys(sessionStorage).filter(k => "
                             "k.startsWith('elgrande-selection:'))")
    assert keys == [f"elgrande-selection:{game}:0:{n}"]
    while not page_state(tab)["controls"]["done"]["enabled"]:
        c = page_state(tab)["controls"]
        more = next(x for x in c["options"] if x["enabled"])
        decision(tab).get_by_role("button", name=f"one more: {more['label']}",
                                  exact=True).click()
        wait_for_units(tab, c["total"] + 1)
    for _ in range(8):  # on to the maximum: the rows close with their rule, hovered (the
        c = page_state(tab)["controls"]  # places never possible are folded, no rows)
        more = [x for x in c["options"] if x["enabled"]]
        if not more:
            tips += _hover_tips(tab)
            break
        decision(tab).get_by_role("button", name=f"one more: {more[0]['label']}",
                                  exact=True).click()
        wait_for_units(tab, c["total"] + 1)
    if c["total"] >= c["max"]:  # the maximum is said once: no greyed row's reason repeats it
        assert "The maximum is reached" in decision(tab).locator("#progress").inner_text()
        idle = tab.page.locator("#decision > .why-idle span").all_inner_texts()
        assert all(line.startswith("Greyed: Done") for line in idle), idle
        maxed = True
    # the same seat in another window (its address copied), a caballero chosen there and
    # not sent: when this tab answers, that one says its choice was cleared
    other = new_tab()
    other.page.goto(tab.page.url)
    wait_for_n(other, n)
    c = page_state(other)["controls"]
    o = next(o for o in c["options"] if o["enabled"])
    decision(other).get_by_role("button", name=f"one more: {o['label']}", exact=True).click()
    wait_for_units(other, 1)
    decision(tab).get_by_role("button", name="Done").click()
    tab.wait_past(n)
    other.wait_past(n)
    other.page.locator("#notice").get_by_text(
        "The game moved on in another tab or window; your unsent choice was cleared."
    ).wait_for()
    assert page_state(other)["units"] == []
    assert "moved on" not in tab.page.locator("#notice").inner_text()
    assert other.errors == []
    assert tab.page.evaluate("Object.keys(sessionStorage).filter(k => "
                             "k.startsWith('elgrande-selection:')).length") == 0
    if tips == 0:
        assert _play_until(server, tab, token, game, rng, lambda c: _hover_tips(tab) > 0,
                           library) is not None, "no disabled option met"
    assert maxed, "the maximum was not met"
    quiet(tab)


def _hover_tips(tab: Tab) -> int:
    """Hover each disabled option's reason shown in the decision; each must lie inside
    the window and cover none of the decision's headings. Returns how many were
    hovered."""
    width = tab.page.viewport_size["width"]  # type: ignore[index]
    items = decision(tab).locator("li.option[title], span.wrap[title]")
    heads = [h.bounding_box() for h in decision(tab).locator("h3").all()]
    k = 0
    for i in range(items.count()):
        item = items.nth(i)
        if not item.is_visible():
            continue
        item.hover()
        tip = item.locator(".why")
        if not tip.is_visible():
            continue
        box = tip.bounding_box()
        assert box is not None
        assert box["x"] >= 0 and box["x"] + box["width"] <= width + 0.5, (box, width)
        for h in heads:  # nor over a heading of the decision
            assert h is None or not _overlap(box, h), (box, h)
        _covers_no_control(tab, item, box)
        k += 1
    return k


def test_the_host_s_page_shows_the_seats_and_the_end_names_the_winner(
        server: str, new_tab: Callable[[], Tab]) -> None:
    """The admin link opens the host's page: it says so, lists who plays each seat and
    whose turn it is, and gives no record before the end. A finished game's page names
    the winner(s) (B7.1) and its score chart has its axes' titles."""
    links = create(server, 3, 31, {1: "greedy", 2: "random"}, ["base"])
    host = new_tab()
    host.page.goto(server + links["admin"])
    box = host.page.get_by_role("region", name="Host")
    box.wait_for()
    assert host.page.locator("#who").inner_text().startswith("Host's page")
    rows = box.locator("tbody tr:not(.link-row)").all()  # (a seat's link: a row under it)
    cells = [[c.inner_text() for c in r.locator("td").all()] for r in rows]
    assert [r[2] for r in cells] == ["you (your link)", "a bot (greedy)",
                                      "a bot (random)"]
    assert cells[0][3] == "to move" and cells[0][1].endswith("p1")
    measure = ("e => { var r = document.createRange(); r.selectNodeContents(e.lastChild);"
               " var a = e.querySelector('.chip').getBoundingClientRect(),"
               " b = r.getClientRects(); return b.length ? [[a.top, a.bottom, a.right],"
               " [b.length, b[0].top, b[0].bottom, b[0].left]] : null; }")
    for cell in box.locator("td.player").all():  # the colour beside the name, one line
        got = cell.evaluate(measure)
        for _ in range(50):  # (a poll's redraw under way: the name has no box yet; once
            if got is not None:  # seen under CI's load) measured once it is laid out
                break
            host.page.wait_for_timeout(100)
            got = cell.evaluate(measure)
        assert got is not None, "a seat's name never laid out"
        chip, name = got
        assert name[0] == 1 and chip[0] < name[2] and name[1] < chip[1] and chip[2] <= name[3]
    assert host.page.get_by_role("link", name="Download the record").is_hidden()
    watcher = new_tab()
    watcher.page.goto(server + links["spectator"])
    watcher.page.wait_for_function("window.elgrandePage && window.elgrandePage.state !== null")
    assert watcher.page.locator("#who").inner_text() == "Watching"
    assert watcher.page.get_by_role("region", name="Host").is_hidden()
    quiet(host)
    quiet(watcher)

    done = create(server, 3, 32, {0: "greedy", 1: "random", 2: "greedy"}, ["base"])
    tab = new_tab()
    tab.page.goto(server + done["admin"])
    end = tab.page.get_by_role("region", name="Game over")
    end.wait_for()
    st = api_state(server, done["game"], done["admin"].split("t=")[1])
    winners = [st["names"][w] for w in st["final"]["winners"]]
    best = max(st["final"]["scores"])
    said = end.locator("#winners").inner_text()
    offer = tab.page.get_by_role("region", name="Action cards on offer")
    if offer.is_visible() and not st["offer"]:  # no card to hover: no hint to hover one
        assert tab.page.locator("#offer-hint").is_hidden()
    assert tab.page.locator("#board-hint").is_hidden()  # a wide window: the board fits
    if len(winners) == 1:
        assert said == f"The winner: {winners[0]}, with {best} point{'' if best == 1 else 's'}."
    else:
        assert said.startswith("The winners (a tie): ") and all(w in said for w in winners)
    chart = tab.page.get_by_role("img", name="Scores by round")
    titles = chart.locator("text.axis-title").all_text_contents()
    assert titles == ["round (totals at its end)", "points"]
    assert chart.locator("text.tick").all_text_contents()[3:] == [
        str(i + 1) for i in range(len(st["scores"]) - 1)]  # rounds 1.., no "now"
    assert tab.page.get_by_role("link", name="Download the record").is_visible()
    quiet(tab)


def test_the_host_s_page_shows_each_seat_s_link_again_and_a_seat_s_page_does_not(
        server: str, new_tab: Callable[[], Tab]) -> None:
    """A host who lost a seat's link copies it from the host's page (the admin link):
    each person's seat and the spectator's, none for a bot. A seat's page shows no link
    and holds no other token (B8.5a); the links route refuses its token."""
    links = create(server, 3, 33, {2: "greedy"}, ["base"])
    host = new_tab()
    host.page.goto(server + links["admin"])
    box = host.page.get_by_role("region", name="Host")
    for p in (0, 1):
        field = box.get_by_role("textbox", name=f"link of seat {p + 1} (p{p + 1})")
        field.wait_for()
        assert field.inner_text() == server + links["seats"][p]
        assert box.get_by_role("button", name=f"copy the link of seat {p + 1} (p{p + 1})")\
            .is_visible()
    host.page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    copy = box.get_by_role("button", name="copy the link of seat 2 (p2)")
    copy.click()
    copy.filter(has_text="Copied").wait_for()
    assert host.page.evaluate("navigator.clipboard.readText()") == server + links["seats"][1]
    assert box.get_by_role("textbox", name="link of seat 3 (p3)").count() == 0  # a bot's
    assert box.get_by_role("textbox", name="spectator link").inner_text() == (
        server + links["spectator"])
    quiet(host)
    seat = new_tab()
    seat.page.goto(server + links["seats"][0])
    seat.page.wait_for_function("window.elgrandePage && window.elgrandePage.state !== null")
    assert seat.page.get_by_role("region", name="Host").is_hidden()
    assert seat.page.get_by_role("textbox").count() == 0
    html = seat.page.content() + json.dumps(page_state(seat))
    assert token_of(links["seats"][1]) not in html and token_of(links["admin"]) not in html
    assert seat.page.evaluate("window.elgrandePage.links") is None
    status = seat.page.evaluate(
        "(t) => fetch(location.pathname.replace('/play/', '/api/games/') + '/links',"
        " {headers: {'X-Elgrande-Token': t}}).then(r => r.status)", token_of(links["seats"][0]))
    assert status == 403
    assert seat.errors == []


def test_an_unexpected_error_is_one_log_line_without_a_traceback(tmp_path: Path) -> None:
    """A game whose stored answers no longer replay (an answer out of order) fails its
    request with 500 "internal error"; the server logs one line naming the exception's
    type and where it came from, no traceback and no token."""
    pytest.importorskip("uvicorn", reason="elgrande serve needs the [serve] extra")
    import sqlite3

    from serve_util import ServerProcess

    s = ServerProcess(f"sqlite:///{tmp_path / 'games.db'}", tmp_path)
    s.start()
    try:
        made = create(s.url, 3, 1, {1: "greedy", 2: "greedy"}, ["base"])
        token = made["seats"][0].split("t=")[1]
        st = api_state(s.url, made["game"], token)
        with sqlite3.connect(tmp_path / "games.db") as db:
            db.execute("INSERT INTO answers (game, n, seat, answer, created) VALUES "
                       "(?, ?, 0, '0', 0)", (made["game"], st["n"] + 3))
        s.stop()  # a SQLite server reads its loaded games from memory: load it again
        s.start()
        req = urllib.request.Request(f"{s.url}/api/games/{made['game']}/state?t={token}")
        with pytest.raises(urllib.error.HTTPError) as err:
            urllib.request.urlopen(req, timeout=30)
        assert err.value.code == 500
        assert json.loads(err.value.read()) == {"ok": False, "error": "internal error"}
    finally:
        s.stop()
    log = s.log()
    lines = [ln for ln in log.splitlines() if "failed:" in ln]
    assert len(lines) == 1, log[-3000:]
    assert f"GET /api/games/{made['game']}/state failed: ElGrandeError at " \
           "elgrande/server/service.py:" in lines[0]
    assert " ERROR elgrande: " in lines[0]  # an error says so, an ordinary line INFO
    assert "Traceback" not in log and token not in log
