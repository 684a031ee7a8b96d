"""What the page of ``elgrande serve`` says beside its controls, in a real browser
(Playwright driving Chromium, tests/browser.py) against a real ``elgrande serve`` process:
each power card's caballeros (B3.2), the action cards on offer (B3.1), the player boxes'
power cards in one wording, a quick second click not lost to the first one's late reply,
a pending "+n" clear of its place's name; and, without a browser, the words themselves
(elgrande/server/page_words.py).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from browser import Tab
from test_server_page import api_state, create, decision, open_seats, page_state, quiet
from test_server_page_help import _play_until

from elgrande.data.card_fields import text_as_shown
from elgrande.engine.decisions import Decision
from elgrande.play.game import new_game
from elgrande.players.bots import make_bot
from elgrande.server.card_faces import printed_words
from elgrande.server.controls import controls
from elgrande.server.page_words import max_note, offer, power_label


def _caballeros(n: int) -> str:
    return f"{n} caballero{'' if n == 1 else 's'}"


@pytest.mark.rule("B3.2")
def test_power_card_labels_say_how_many_caballeros_each_brings() -> None:
    """B3.2: each power card's option names its value and the caballeros the set's data
    gives it (12 and 13 bring none in the base game)."""
    g = new_game(3, sets=["base"], seed=1, logging=False)
    table = g.library.board.power_cards
    c = controls(g, 0)
    assert c is not None and c["kind"] == "choose_power_card"
    assert [o["label"] for o in c["options"]] == [
        f"{v} · {_caballeros(table[v])}" for v in sorted(table)]
    assert power_label(g, 13) == f"13 · {_caballeros(table[13])}"
    assert power_label(g, 99) == "99"


@pytest.mark.rule("B3.1")
def test_the_offer_lists_the_open_cards_with_title_stack_and_text() -> None:
    """B3.1: the offer of a view, in its order, each card by its log label (its title,
    told apart from cards sharing it), stack and text; a taken slot ('') is left out."""
    g = new_game(3, sets=["base"], seed=1, logging=False)
    view = g.view(0)
    ids = view["state"]["offer"]
    got = offer(g, view)
    assert [c["id"] for c in got] == [i for i in ids if i] and got
    for c in got:
        card = g.library.card(c["id"])
        assert (c["text"], c["stack"]) == (printed_words(card), card.stack)  # f28's glosses
        assert c["title"] == g.chronicle.titles[card.id] and c["title"].startswith(card.title)
    shared = {"intrigue-four-any", "special-scoring-castillo",
              "special-scoring-any-one-region-stack-3"}
    both = offer(g, {"state": {"offer": sorted(shared)}})
    assert len({c["title"] for c in both}) == 3, both
    assert all(c["title"].startswith(("Intrigue (", "Special Scoring (")) for c in both)
    taken = {"state": {"offer": ["", *ids[1:]]}}
    assert [c["id"] for c in offer(g, taken)] == ids[1:]


@pytest.mark.rule("B8.2", "B4.1")
def test_max_note_says_what_lowers_the_card_s_number() -> None:
    """B8.2: a move's options give the card's number and the caballeros it may take; with
    only 2 to take of "up to 3" the note says so in one plain clause (no brackets), with
    more caballeros than that the room is what lowers it; the same number says nothing,
    nor does the prompt's wording (it is not read). B4.1: a bring to court's limit."""
    move = Decision("move_caballeros", [0], "Move up to 9 caballeros",
                    {"sources": {"r1": {"0": 1}, "r2": {"0": 1}}, "to": ["r3"], "min": 0,
                     "max": 2, "allowed": 3, "available": 2}, "B8.2")
    assert max_note(move, 2) == "the card allows up to 3; only 2 of these caballeros can move"
    roomy = Decision("move_caballeros", [0], "Move up to 3 caballeros",
                     {"sources": {"r1": {"0": 5}}, "to": ["r3"], "min": 0, "max": 1,
                      "allowed": 3, "available": 5}, "B8.2")
    assert max_note(roomy, 1) == "the card allows up to 3; only 1 fits where they may go"
    exact = Decision("move_caballeros", [0], "Move exactly 4 caballeros",
                     {"sources": {"r1": {"0": 2}}, "to": ["r3"], "min": 2, "max": 2,
                      "allowed": 4, "available": 2}, "B8.2")
    assert max_note(exact, 2) == "the card asks for 4; only 2 of these caballeros can move"
    assert max_note(move, 3) is None
    unsaid = Decision("move_caballeros", [0], "Move up to 3 caballeros",
                      {"sources": {"r1": {"0": 1}}, "to": ["r3"], "min": 0, "max": 1}, "B8.2")
    assert max_note(unsaid, 1) is None  # (a rules module's move that gives no number)
    bring = Decision("bring_to_court", [0], "Bring up to 5 caballeros to court",
                     {"limit": 5, "provinces": 2, "regions": {}, "refused": {}}, "B4.1")
    assert max_note(bring, 2) == "up to 5 may come; you have only 2 caballeros to bring"
    assert max_note(Decision("choose_option", [0], "Choose", {}, "B3.4"), 1) is None
    for note in (max_note(move, 2), max_note(roomy, 1), max_note(bring, 2)):
        assert note is not None and "(" not in note and ")" not in note


@pytest.mark.rule("B8.2")
def test_a_move_s_options_give_the_card_s_number_and_what_may_move() -> None:
    """B8.2: every move of caballeros a base game card asks (bots' games) gives the card's
    number (``allowed``, None for "all") and the caballeros it may take (``available``,
    the sum of its sources), and its ``max`` is never more than either."""
    met = 0
    for seed in range(6):
        g = new_game(3, sets=["base"], seed=seed, logging=False)
        bots = [make_bot("random", seed * 10 + i) for i in range(3)]
        while g.pending is not None and g.flow.round <= 3:
            d = g.pending
            p = d.players[0]
            if d.kind == "move_caballeros" and "allowed" in d.options:
                o = d.options
                assert o["available"] == sum(n for w in o["sources"].values()
                                             for n in w.values())
                assert o["max"] <= o["available"]
                assert o["allowed"] is None or o["max"] <= o["allowed"]
                met += 1
            g.answer(p, bots[p].answer(g.lazy_view(p)))
    assert met > 0


def _boxes_overlap(a: dict[str, float], b: dict[str, float], touch: float = 0.5) -> bool:
    """Whether two boxes share more than ``touch`` pixels each way (edges that meet, as
    the mark set just right of the name does, are not an overlap)."""
    return (a["x"] + touch < b["x"] + b["width"] and b["x"] + touch < a["x"] + a["width"]
            and a["y"] + touch < b["y"] + b["height"] and b["y"] + touch < a["y"] + a["height"])


@pytest.mark.slow
@pytest.mark.rule("B3.2")
def test_power_card_buttons_and_the_player_boxes_on_the_page(
        server: str, new_tab: Callable[[], Tab]) -> None:
    """B3.2: the power card buttons say how many caballeros each brings (from the set's
    data); after one is played the seat's box says "power cards played: 1 · this round:
    V"."""
    links = create(server, 3, 41, {1: "greedy", 2: "greedy"}, ["base"])
    (tab,), _ = open_seats(server, links, new_tab, [0])
    table = new_game(3, sets=["base"], seed=0, logging=False).library.board.power_cards
    dec = decision(tab)
    dec.wait_for()
    choices = dec.get_by_role("list", name="Choices")
    st = page_state(tab)
    folded = {o["value"] for o in st["controls"]["options"] if o.get("folded")}
    for v, n in table.items():  # a card played by another this round is no button (B3.2):
        assert choices.get_by_role("button", name=f"{v} · {_caballeros(n)}",  # folded
                                   exact=True).count() == int(v not in folded)
    n = st["n"]
    v = next(o["value"] for o in st["controls"]["options"] if o["enabled"])  # not taken
    choices.get_by_role("button", name=f"{v} · {_caballeros(table[v])}", exact=True).click()
    tab.wait_past(n)
    line = tab.page.locator('#players g.player[data-player="0"]').text_content() or ""
    assert f"power cards played: 1 · this round's card: {v}" in line, line
    quiet(tab)


@pytest.mark.slow
@pytest.mark.rule("B3.1")
def test_the_offer_panel_lists_the_open_cards(
        server: str, new_tab: Callable[[], Tab]) -> None:
    """B3.1: the open action cards are listed in their own panel, by title and stack,
    the text on hover (inside the window)."""
    links = create(server, 3, 43, {1: "greedy", 2: "greedy"}, ["base"])
    (tab,), (token,) = open_seats(server, links, new_tab, [0])
    st = api_state(server, page_state(tab)["state"]["game"], token)
    assert "offer" in st
    library = new_game(3, sets=["base"], seed=0, logging=False).library
    panel = tab.page.get_by_role("region", name="Action cards on offer")
    assert panel.is_visible()
    items = panel.locator("li.offer-card")
    ids = [i for i in st["view"]["state"]["offer"] if i]
    assert items.count() == len(ids) > 0
    width = tab.page.viewport_size["width"]  # type: ignore[index]
    for k, cid in enumerate(ids):
        card = library.card(cid)
        item = items.nth(k)
        label = item.locator("strong").inner_text()
        assert label.startswith(card.title) and "[" not in label, label
        assert f"stack {card.stack}" in item.inner_text()
        assert item.get_attribute("title") is None  # (f18: no native tooltip doubling it)
        item.hover()
        tip = item.locator(".why")
        assert tip.is_visible() and tip.inner_text() == text_as_shown(card.text, card.data)
        box = tip.bounding_box()
        assert box is not None and 0 <= box["x"] and box["x"] + box["width"] <= width + 0.5
        for j in range(items.count()):  # the text covers no other card's name
            name = items.nth(j).locator("strong").bounding_box()
            assert j == k or name is None or not (
                box["y"] < name["y"] + name["height"] and name["y"] < box["y"] + box["height"]
                and box["x"] < name["x"] + name["width"]), (k, j, box, name)
    quiet(tab)


@pytest.mark.slow
def test_a_quick_second_click_is_not_lost_and_the_count_clears_the_name(
        server: str, new_tab: Callable[[], Tab]) -> None:
    """Two quick clicks on "one more" while the first one's reply is slow (held back
    0.8 s in the page): both caballeros stay chosen (the late reply of the first does not
    put the selection back to one). The pending "+2" on the map lies clear of the
    place's name."""
    links = create(server, 3, 42, {1: "greedy", 2: "random"}, ["base"])
    (tab,), (token,) = open_seats(server, links, new_tab, [0])
    game = page_state(tab)["state"]["game"]
    library = new_game(3, sets=["base"], seed=0, logging=False).library
    rng = random.Random(7)

    def twice(c: dict[str, Any]) -> bool:
        if c["form"] != "counts":
            return False
        for o in c["options"]:
            if o["enabled"] and o.get("place") and tab.page.locator(
                    f'#board g.place[data-place="{o["place"]}"]').count():
                actions = ",".join(map(str, o["unit"] * 2))
                r = tab.page.request.get(f"{server}/api/games/{game}/controls?actions="
                                         f"{actions}", headers={"X-Elgrande-Token": token})
                if r.status == 200:
                    return True
        return False

    c = _play_until(server, tab, token, game, rng, twice, library)
    assert c is not None, "no placement of two caballeros in one place met"
    o = next(o for o in c["options"] if o["enabled"] and o.get("place") and tab.page.request.get(
        f"{server}/api/games/{game}/controls?actions={','.join(map(str, o['unit'] * 2))}",
        headers={"X-Elgrande-Token": token}).status == 200)
    tab.page.evaluate("""() => {
      const f = window.fetch; let k = 0;
      window.fetch = (u, o) => String(u).includes('/controls?') && k++ === 0
        ? new Promise(r => setTimeout(r, 800)).then(() => f(u, o))
            .finally(() => setTimeout(() => { window.__heldBackDone = true; }, 0))
        : f(u, o);
    }""")
    plus = decision(tab).get_by_role("button", name=f"one more: {o['label']}", exact=True)
    plus.click()
    plus.click()
    tab.page.wait_for_function("window.elgrandePage.controls.total === 2")
    tab.page.wait_for_function("window.__heldBackDone === true")  # the late reply came
    tab.page.wait_for_function("window.elgrandePage.controls.total === 2")  # and was dropped
    st = page_state(tab)
    assert st["controls"]["total"] == 2 and st["units"] == [o["unit"], o["unit"]]
    count = tab.page.locator(f'#board g#pending text.pending-count[data-place="{o["place"]}"]')
    assert count.text_content() == "+2"
    name = tab.page.locator(f'#board g.place[data-place="{o["place"]}"] > text').first
    a, b = count.bounding_box(), name.bounding_box()
    assert a is not None and b is not None
    assert not _boxes_overlap(a, b), (a, b)
    quiet(tab)
