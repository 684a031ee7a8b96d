"""A fresh user's confusions on the page of ``elgrande serve`` (issue 30, h40; f29), in a
real browser (Playwright driving Chromium, tests/browser.py) against a real ``elgrande
serve`` process: the "Since your last choice" box after the seat's own card made the
others act, "Tap" on a touch screen, the box's legend of its "▸" marker, and the header's
prompt cut to its first clause. The game is the base game with f29's homebrew card
(``tests/homebrew_f29``, "Royal Levy": each other player sends 1 caballero from court to
the provinces, then the card's player chooses a region); every seat a human answered
through the API from one seeded ``random.Random`` (no bot races the page).
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest
from browser import Tab
from serve_util import play_turn, seat_state, token_of
from test_server_homebrew_check import zipped
from test_server_page import decision, page_state, quiet
from test_server_page_h29 import open_seat, past_own, shot

CARDS = Path(__file__).resolve().parent / "homebrew_f29"
LEVY = "hb-levy-f29"
NAMES = ["Ana", "Greta", "Randy"]


def _levy_game(server: str) -> dict[str, Any]:
    """A 3-seat base game with the Royal Levy uploaded (seats Ana, Greta, Randy, every one
    a person), played through the API until Ana has taken the Royal Levy and is asked
    when to carry out its special action (B4.5): its links. Ana takes it when offered,
    the others never; every other answer is drawn at random."""
    with httpx.Client(base_url=server, timeout=60) as client:
        made, tokens = homebrew_game(client, CARDS)
        st = play_for_card(client, made, tokens, LEVY, random.Random(40), lambda st: (
            st["controls"].get("card") or {}).get("id") == LEVY and st["controls"].get(
            "rule") == "B4.5", limit=400)
        assert st is not None, "the game ended before Ana took the Royal Levy"
    return made


def play_for_card(client: httpx.Client, made: dict[str, Any], tokens: list[str], card: str,
                  rng: random.Random, stop: Callable[[dict[str, Any]], bool],
                  first: bool = False, limit: int = 600) -> dict[str, Any] | None:
    """Play every seat of the game ``made`` (``tokens``: its seats') through the API, in
    turn, until seat 0 has a decision whose state satisfies ``stop``: that state (None
    where the game ends first). Seat 0 takes the action card ``card`` when offered (B4.2),
    the others never; with ``first`` seat 0 answers the card's own options with the first
    one allowed (its special action first, carried out: B4.4, B4.5); every other answer
    is drawn from ``rng``.

    Raises:
        AssertionError: neither within ``limit`` rounds of answers, or an answer refused.
    """
    for _ in range(limit):
        for seat, token in enumerate(tokens):
            st = seat_state(client, made["game"], token)
            c = st.get("controls") or {}
            if st["over"]:
                return None
            if seat == 0 and c and stop(st):
                return st
            choosing = c.get("kind") == "choose_action_card"
            pick = [o for o in c.get("options") or []
                    if o.get("value") == card and o["enabled"]] if choosing else []
            others = [o for o in c.get("options") or []
                      if o["enabled"] and o.get("value") != card]
            if seat == 0 and pick:
                unit = pick[0]["unit"]
            elif seat == 0 and first and c.get("kind") == "choose_option" and (
                    c.get("card") or {}).get("id") == card:
                unit = [o for o in c["options"] if o["enabled"]][0]["unit"]
            elif seat and choosing and others:
                unit = rng.choice(others)["unit"]
            else:
                play_turn(client, made["game"], token, rng, st)
                continue
            send(client, made, token, st["n"], unit)
    raise AssertionError("the game never reached the state asked for")


def homebrew_game(client: httpx.Client, cards: Path) -> tuple[dict[str, Any], list[str]]:
    """A new 3-seat base game (seats Ana, Greta, Randy, every one a person) with the
    homebrew cards of the folder ``cards`` uploaded and dealt early: its links and its
    seats' tokens."""
    data = zipped({f"mycards/{f.name}": f.read_text() for f in cards.glob("*.yaml")})
    config = {"players": 3, "names": NAMES, "homebrew_early": True}
    r = client.post("/api/games", data={"config": json.dumps(config)},
                    files={"cards": ("mycards.zip", data, "application/zip")})
    assert r.status_code == 201, r.text
    made: dict[str, Any] = r.json()
    return made, [token_of(link) for link in made["seats"]]


def send(client: httpx.Client, made: dict[str, Any], token: str, n: int, unit: Any) -> None:
    """Answer the decision ``n`` of the game ``made`` as the seat of ``token`` with the
    actions ``unit`` (an option's), asserted accepted."""
    r = client.post(f"/api/games/{made['game']}/answer", headers={"X-Elgrande-Token": token},
                    json={"n": n, "actions": unit})
    assert r.status_code == 200, r.text


@pytest.fixture
def levy(server: str) -> dict[str, Any]:
    """A game of :func:`_levy_game` at Ana's B4.5 question (a new one for each test)."""
    return _levy_game(server)


@pytest.fixture(scope="module")
def region(server: str) -> dict[str, Any]:
    """A game of :func:`_levy_game` where Ana answered "Special action first" through
    the API: at the card's region choice (B8), which no test answers."""
    made = _levy_game(server)
    token = token_of(made["seats"][0])
    with httpx.Client(base_url=server, timeout=60) as client:
        st = seat_state(client, made["game"], token)
        (o,) = [o for o in st["controls"]["options"]
                if o["label"].startswith("Special action first")]
        r = client.post(f"/api/games/{made['game']}/answer", headers={"X-Elgrande-Token": token},
                        json={"n": st["n"], "actions": o["unit"], "then": {"actions": o["then"]}})
        assert r.status_code == 200, r.text
        assert seat_state(client, made["game"], token)["controls"]["rule"] == "B8"
    return made


@pytest.mark.rule("B4.5", "B8")
def test_the_others_lines_written_by_the_seat_s_card_are_in_the_since_box(
        server: str, levy: dict[str, Any], new_tab: Callable[[], Tab]) -> None:
    """f29 (no "Since your last choice" box after "Special action first", though the
    seat's card had just made Greta and Randy send caballeros): Ana answers "Special
    action first" on the page; at her next decision (the card's region, B8) the box
    shows the others' lines her answer wrote ("Greta sends 1 caballero ...", indented
    under "Ana carries out the special action of Royal Levy."), not her own line
    (fails on the old page: it skipped every indented line after hers, and showed no
    box)."""
    tab = open_seat(server, levy, new_tab, 0, 1280, 900)
    page = tab.page
    st = page_state(tab)
    decision(tab).get_by_role("button", name="Special action first").first.click()
    tab.wait_past(st["n"])
    page.wait_for_function("window.elgrandePage.controls && "
                           "window.elgrandePage.controls.rule === 'B8'")
    now = page_state(tab)
    log, kept = now["state"]["log"], len(st["state"]["log"])
    assert log[kept].startswith("Ana carries out the special action of Royal Levy"), log[kept:]
    sent = [x.strip() for x in log[kept:] if x.strip().startswith(("Greta sends", "Randy sends"))]
    assert sent, log[kept:]  # the card made the others act
    since = now["since"] or []
    for line in sent:
        assert line in since, (since, log[kept:])
    assert not any(x.startswith("Ana carries out") for x in since), since
    assert since == [x.strip() for x in log[past_own(log, "Ana", kept, NAMES):] if x.strip()]
    box = page.locator("#since")
    assert box.is_visible()
    items = box.get_by_role("list", name="Since your last choice").locator("li:not(.gap)")
    assert items.all_inner_texts() == since
    shot(tab, "h40-1-levy-since")
    quiet(tab)


@pytest.mark.rule("B8")
def test_the_header_says_the_prompt_s_first_clause_the_panel_the_whole(
        server: str, region: dict[str, Any], new_tab: Callable[[], Tab]) -> None:
    """f29 (the header repeated the whole long prompt on a desktop): at 1280 px the
    header's "Your turn: ..." is the prompt's first clause (the card's region choice:
    "Royal Levy: choose a region other than the king's region", not its "Then: ..."),
    its title the whole prompt; the decision's heading says the whole prompt (fails on
    the old page: the header said the prompt whole)."""
    tab = open_seat(server, region, new_tab, 0, 1280, 900)
    prompt = page_state(tab)["controls"]["prompt"]
    assert ". Then: " in prompt, prompt
    go = tab.page.locator("#turn").get_by_role("button")
    short = go.inner_text()
    assert short == "Your turn: Royal Levy: choose a region other than the king's region", short
    assert prompt in (go.get_attribute("title") or "")
    assert tab.page.locator("#prompt").inner_text() == prompt
    # a mouse's screen keeps "Click" (f29's "Tap" is a touch screen's)
    assert tab.page.locator("#how").inner_text().startswith("Click a region on the map")
    assert tab.page.locator("#offer-hint").inner_text().startswith("Click a card")
    shot(tab, "h40-3-header")
    quiet(tab)


#: Prompts and their first clause in the header (page/host.js firstClause).
CLAUSES = [
    ("Special Scoring (you may choose any one region to be scored, stack 3): choose a "
     "region or the Castillo. Then: score that region.",
     "Special Scoring: choose a region or the Castillo"),
    ("Veto: your caballeros are placed. Next, as you chose, the card's special action: "
     "carry it out, or decline it?", "Veto: carry it out, or decline it?"),
    ("General scoring after round 3 (B6): Set your secret disc to a region: your "
     "caballeros in the Castillo go there when it is emptied (the king's region: back to "
     "your court)", "General scoring after round 3: Set your secret disc to a region"),
    ("2 relocation(s) of this special action left: use one without moving a caballero "
     "elsewhere?", "2 relocation(s) of this special action left: use one without moving "
     "a caballero elsewhere?"),
    ("Play a power card", "Play a power card"),
]


def test_the_header_s_first_clause_of_prompts(
        server: str, region: dict[str, Any], new_tab: Callable[[], Tab]) -> None:
    """f29: the header's first clause of several prompts (f29's Special Scoring one as
    the user suggested: "Special Scoring: choose a region or the Castillo"); a
    question asked after a sentence of what happened keeps the question; a bracket
    right after a word ("relocation(s)") stays."""
    tab = open_seat(server, region, new_tab, 0, 1280, 900)
    got = tab.page.evaluate("(ps) => import('/page/host.js').then(m => "
                            "ps.map(p => m.firstClause(p)))", [p for p, _ in CLAUSES])
    assert got == [want for _, want in CLAUSES]


def _touch_tab(server: str, links: dict[str, Any], chromium: Any) -> Tab:
    """Seat 0's page on a touch phone (390 x 844, coarse pointer), once drawn."""
    ctx = chromium.new_context(viewport={"width": 390, "height": 844}, has_touch=True,
                               is_mobile=True)
    tab = Tab(ctx.new_page())
    tab.page.goto(server + links["seats"][0])
    tab.page.wait_for_function("window.elgrandePage && window.elgrandePage.controls")
    return tab


@pytest.mark.rule("B8")
def test_a_touch_screen_says_tap(server: str, region: dict[str, Any], chromium: Any) -> None:
    """f29 ("Click a region on the map, or its button" on a phone): on a touch screen
    (pointer: coarse) the words above a region choice say "Tap a region on the map, or
    its button", the line under the cards on offer "Tap a card ...", the map's hint
    "... tap an outlined place" (fails on the old page: "Click" everywhere; a
    desktop keeps "Click": the header's test)."""
    touch = _touch_tab(server, region, chromium)
    try:
        page = touch.page
        assert page.evaluate("matchMedia('(pointer: coarse)').matches")
        how = page.locator("#how").inner_text()
        assert how == "Tap a region on the map, or its button: your choice is sent at once.", how
        hint = page.locator("#offer-hint").inner_text()
        assert hint == "Tap a card to read its whole text (tap it again to hide it).", hint
        # the map's hints (board.js mapHint -> core.js hint) turned too
        page.evaluate("() => import('/page/core.js').then(m => m.hint("
                      "'Galicia is not one of the choices: click an outlined place.'))")
        note = page.locator("#notice").inner_text()
        assert note == "Galicia is not one of the choices: tap an outlined place.", note
        shot(touch, "h40-2-tap")
        quiet(touch)
    finally:
        page.context.close()


def test_the_since_legend_says_what_the_marker_is(
        server: str, region: dict[str, Any], new_tab: Callable[[], Tab]) -> None:
    """f29 (lines began with a "▸" the legend did not explain): the since box's lines
    naming the seat are marked "▸" and the legend says so ("In bold, marked ▸: what
    names you"; fails on the old page: "In bold: what names you")."""
    tab = open_seat(server, region, new_tab, 0, 1280, 900)
    # a line of another's naming Ana after her last answer, the box drawn again
    tab.page.evaluate("""() => import('/page/since.js').then(m => {
        const S = window.elgrandePage;
        S.state.log.push("Greta moves 1 caballero of Ana's from Aragon to Castile.");
        m.renderSince(); })""")
    box = tab.page.locator("#since")
    mine = box.locator("li.mine")
    assert mine.count() > 0
    assert "▸" in mine.first.evaluate("li => getComputedStyle(li, '::before').content")
    legend = box.locator("p.since-legend").inner_text()
    assert "In bold, marked ▸: what names you" in legend, legend
    quiet(tab)


@pytest.mark.rule("B8.5")
def test_a_secret_choice_s_reveal_written_by_the_seat_s_answer_is_news(
        server: str, region: dict[str, Any], new_tab: Callable[[], Tab]) -> None:
    """f31 (after sending a secret region, the box showed neither the reveal nor its
    scoring: the indented lines under another's card, written by the seat's own answer,
    were skipped as the seat's own): past the seat's answer, an unnamed indented line is
    skipped only under a line of the seat's (page/since.js pastOwnLines)."""
    tab = open_seat(server, region, new_tab, 0, 1280, 900)
    got = tab.page.evaluate("""() => import('/page/since.js').then(m => {
        const st = {seat: 0, names: ["Ana", "p2", "p3"], log: [
          "p2 carries out the special action of Special Scoring.",
          "  Secret choices revealed: p2: Seville, p3: Catalonia, Ana: New Castile.",
          "  Scoring by p2: New Castile (values 7/4): Ana 2 caballeros -> 7 points",
          "p2 places caballeros: 1 in Galicia.",
          "Ana places caballeros: 2 in Aragon.",
          "  (3 caballeros in Aragon now)",
          "p3 plays power card 4."]};
        return [m.pastOwnLines(st, 1), m.pastOwnLines(st, 4)]; })""")
    assert got == [1, 6], got  # the reveal is news; Ana's own placement (and its detail) not
    quiet(tab)
