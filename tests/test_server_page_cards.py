"""What the page of ``elgrande serve`` says of cards, in a real browser (Playwright driving
Chromium, tests/browser.py) against a real ``elgrande serve`` process (f15): every
action card on offer says what it does on a line under its title (B3.1), in plain words
from its text; a seat that took a power card back says so in its box (B3.2)."""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from typing import Any

import httpx
import pytest
from browser import Tab
from serve_util import play_turn, seat_state
from test_server_page import create, open_seats, quiet, token_of, wait_for_n

from elgrande.data.library import load_library
from elgrande.play.narrate import card_summary

#: The card whose special action takes a power card back (cards/base/stack4).
TAKE_BACK = "take-back-a-power-card"


def _offer_lines(tab: Tab) -> list[tuple[str, str]]:
    """Each card on offer on the page: (its title, its line under the title)."""
    out: list[tuple[str, str]] = tab.page.evaluate(
        "Array.from(document.querySelectorAll('#offer li.offer-card')).map(li =>"
        " [li.querySelector('strong').textContent,"
        "  (li.querySelector('.card-aside') || {textContent: ''}).textContent])")
    return out


@pytest.mark.rule("B3.1")
def test_every_card_on_offer_says_what_it_does(
        server: str, new_tab: Callable[[], Tab]) -> None:
    """B3.1 (f15): through three rounds, every action card on offer has a line under its
    title: what tells it apart from a card with its title, else what it does from its
    text's first sentence (a card with a title of its own, e.g. the king's, said none);
    in plain words ("score every region whose first value is 4", never "all the 4")."""
    lib = load_library(("base",))
    links = create(server, 3, 9, {1: "greedy", 2: "random"}, ["base"])
    token = token_of(links["seats"][0])
    (tab,), _ = open_seats(server, links, new_tab, [0])
    rng = random.Random(9)
    seen: dict[str, str] = {}
    cut = 0
    with httpx.Client(base_url=server, timeout=30) as c:
        for _ in range(400):
            st = seat_state(c, links["game"], token)
            if st["log"].count("== Round 4 ==") or st["over"]:
                break
            if st["offer"] and not any(o["id"] in seen for o in st["offer"]):
                wait_for_n(tab, st["n"])
                lines = _offer_lines(tab)
                assert len(lines) == len(st["offer"])
                for o, (title, line) in zip(st["offer"], lines, strict=True):
                    assert title == o["name"] and line.strip(), (o, line)
                    assert not re.search(r"\ball the \d", line), line
                    own = re.sub(rf"(^|, )stack {o['stack']}$", "", o["aside"])
                    summary = card_summary(lib.card(o["id"]))
                    if "\u2026" in own:  # f34: a cut aside hid the card's "or ...": whole
                        cut += 1
                        own = summary + own[own.index("\u2026") + 1:]
                        assert "\u2026" not in line, line
                    assert line == (own or summary), (o, line)
                    seen[o["id"]] = line
            play_turn(c, links["game"], token, rng, st)
    # cards with a title of their own among them, each saying what it does
    alone = [cid for cid in seen if not lib.card(cid).title or
             sum(c.title == lib.card(cid).title for c in lib.cards.cards.values()) == 1]
    assert len(alone) >= 3, seen
    quiet(tab)


#: The base game's card of two options whose log name was cut short ("move 2 Caballeros
#: from your court into any region …", f36: now whole), on offer in round 1 of a 3-seat
#: game of seed 12.
EITHER = "intrigue-place-two-or-move-own-from-one-region"


@pytest.mark.rule("B3.1", "B8.2")
def test_a_card_whose_name_is_cut_short_says_what_it_does_whole_on_the_offer(
        server: str, new_tab: Callable[[], Tab]) -> None:
    """B3.1 (f34: the offer said "move 2 Caballeros from your court into any region …",
    the "…" hiding the card's "or move all ..."): its line is its summary, whole; its text
    glosses the printed "move all" its script reads "all or some" (B8.2)."""
    links = create(server, 3, 12, {1: "greedy", 2: "random"}, ["base"])
    token = token_of(links["seats"][0])
    with httpx.Client(base_url=server, timeout=30) as c:
        st = seat_state(c, links["game"], token)
    offer = {o["id"]: o for o in st["offer"]}
    assert EITHER in offer, offer
    # f36: its name is no longer cut before its "or move all ..."
    assert "\u2026" not in offer[EITHER]["aside"], offer[EITHER]
    assert offer[EITHER]["aside"].endswith(" or move all of your own Caballeros from one region")
    (tab,), _ = open_seats(server, links, new_tab, [0])
    wait_for_n(tab, st["n"])
    lines = dict(_offer_lines(tab))
    line = [v for k, v in _offer_lines(tab) if "court" in v and k == "Intrigue"]
    assert line == [card_summary(load_library(("base",)).card(EITHER))], lines
    assert " or move all of your own Caballeros" in line[0] and "\u2026" not in line[0]
    assert "move all [or some, B8.2] of your own" in offer[EITHER]["text"], offer[EITHER]
    quiet(tab)


@pytest.mark.rule("B3.1")
def test_a_card_of_several_copies_says_so_on_the_offer(
        server: str, new_tab: Callable[[], Tab]) -> None:
    """B3.1 (f36: a card of 2 copies came up again and looked like a discarded card
    reused): the offer payload says each card's ``copies``, and the page says " · one of
    N copies" after the stack of a card with more than one, nothing for a single card."""
    lib = load_library(("base",))
    links = create(server, 3, 12, {1: "greedy", 2: "random"}, ["base"])
    token = token_of(links["seats"][0])
    with httpx.Client(base_url=server, timeout=30) as c:
        st = seat_state(c, links["game"], token)
    copies = [o["copies"] for o in st["offer"]]
    assert copies == [lib.card(o["id"]).copies for o in st["offer"]], st["offer"]
    assert max(copies) > 1 and min(copies) == 1, copies
    (tab,), _ = open_seats(server, links, new_tab, [0])
    wait_for_n(tab, st["n"])
    heads: list[str] = tab.page.evaluate(
        "Array.from(document.querySelectorAll('#offer li.offer-card')).map(li =>"
        " Array.from(li.querySelectorAll(':scope > .quiet')).map(s => s.textContent)"
        ".join(''))")
    assert heads == [f" · stack {o['stack']}" + (
        f" · one of {o['copies']} copies" if o["copies"] > 1 else "")
        for o in st["offer"]], heads
    quiet(tab)


def _take_back_game(server: str) -> tuple[dict[str, Any], str]:
    """A 3-seat base game of three people played by its API, each answering at random
    (``random.Random(5)``: the same game every run, no server-seeded bot in it), seat 0
    taking the card that takes a power card back when it is offered and carrying out its
    special action, until seat 0 has taken one back: its links and seat 0's token."""
    links = create(server, 3, 5, {}, ["base"])
    tokens = [token_of(link) for link in links["seats"]]
    rng = random.Random(5)
    with httpx.Client(base_url=server, timeout=30) as c:
        for _ in range(3000):
            st = seat_state(c, links["game"], tokens[0])
            name = st["names"][0]
            if any(re.match(rf"\s*{re.escape(name)} takes power card \d+ back", line)
                   for line in st["log"]):
                return links, tokens[0]
            assert not st["over"], "seat 0 never took a power card back"
            p = st["view"].get("pending")
            if p and p["kind"] == "choose_action_card" and 0 in p["players"] and \
                    TAKE_BACK in p["options"]["choices"]:
                r = c.post(f"/api/games/{links['game']}/answer",
                           headers={"X-Elgrande-Token": tokens[0]},
                           json={"n": st["n"], "answer": TAKE_BACK})
                assert r.status_code == 200, r.text
                continue
            if p and p["rule"] in ("B4.5", "B4.4") and 0 in p["players"] and \
                    TAKE_BACK in p["prompt"]:  # its special action carried out, not declined
                r = c.post(f"/api/games/{links['game']}/answer",
                           headers={"X-Elgrande-Token": tokens[0]},
                           json={"n": st["n"], "answer": 0})
                assert r.status_code == 200, r.text
                continue
            for token in tokens:
                play_turn(c, links["game"], token, rng)
    raise AssertionError("the game did not end")


@pytest.mark.rule("B3.2")
def test_a_power_card_taken_back_is_said_in_the_seat_s_box(
        server: str, new_tab: Callable[[], Tab]) -> None:
    """B3.2 (f15): a seat that took a power card back keeps counting it among the cards
    it played, and its box says how many of them went back into the hand (its count
    fell by one with no word before); the other seats' boxes say it only of their own; the
    seat's hand shows the card again."""
    links, token = _take_back_game(server)
    (tab,), _ = open_seats(server, links, new_tab, [0])
    st = tab.page.evaluate("window.elgrandePage.state")
    box = tab.page.locator("#players g.player[data-player='0']")
    played = box.locator("text", has_text="power cards played").text_content() or ""
    discards = st["view"]["state"]["discards"][0]
    assert re.match(rf"power cards played: {len(discards) + 1}\b", played), (played, discards)
    assert box.locator("text.taken-back").text_content() == \
        "1 of them taken back into the hand (B3.2)"
    # the other seats' boxes say it only where the log says they took one back too (the
    # server's bots are seeded per run: a bot may take the card as well)
    others = sum(1 for q, name in enumerate(st["names"]) if q and any(
        re.match(rf"\s*{re.escape(name)} takes power card \d+ back", line) for line in st["log"]))
    assert tab.page.locator("#players text.taken-back").count() == 1 + others
    back = [int(m) for line in st["log"] for m in re.findall(
        rf"^\s*{re.escape(st['names'][0])} takes power card (\d+) back", line)]
    hand = box.locator("text.hand").text_content() or ""
    assert str(back[0]) in hand.split(), (hand, back)
    # the box's lines do not overlap: each below the one before
    ys = box.locator("text").evaluate_all("ts => ts.map(t => t.getBoundingClientRect().top)")
    assert ys[2:] == sorted(ys[2:]) and len(set(ys[2:])) == len(ys[2:]), ys
    quiet(tab)
