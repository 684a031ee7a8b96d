"""A decision drawn again keeps what the seat did on it: an answer's state pushed before
the answer's own reply keeps a choice begun on the pushed state (B3.4: the page shows the
game as it is, and what the seat chose on it), and an opened "Why not other places?"
stays open while caballeros are chosen (B4.3)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

pytest.importorskip("starlette", reason="elgrande serve needs the [serve] extra")
import httpx  # noqa: E402
from browser import Tab  # noqa: E402
from serve_util import play_turn, seat_state  # noqa: E402
from test_server_page import create, decision, open_seats, token_of, wait_for_n  # noqa: E402

from elgrande.server.page_words import ORDER_WORDS  # noqa: E402


def _to_own_order_choice(client: httpx.Client, game: str, tokens: list[str],
                         rng: random.Random) -> dict[str, Any]:
    """Answer every seat at random until seat 0 must choose the order of its turn with
    "decline" open (its placement then follows at once); seat 0's state then."""
    for _ in range(400):
        st0 = seat_state(client, game, tokens[0])
        c = st0["controls"]
        if c and c["kind"] == "choose_option" and any(
                o["label"] == ORDER_WORDS["decline"] and o["enabled"] for o in c["options"]):
            return st0
        for t in tokens:
            if play_turn(client, game, t, rng) is not None:
                break
    raise AssertionError("seat 0 never chose the order of its turn")


@pytest.mark.rule("B3.4", "B4.3")
def test_a_choice_begun_on_a_pushed_state_survives_the_late_reply(
        server: str, new_tab: Callable[[], Tab]) -> None:
    """The reply to "decline, then place" held back until the socket has pushed the
    placement and one caballero is chosen on it: the reply clears nothing (it cleared the
    chosen caballero, and a second drawing said the game moved on elsewhere)."""
    links = create(server, 3, 7, {}, ["base"])
    tokens = [token_of(links["seats"][s]) for s in range(3)]
    (tab,), _ = open_seats(server, links, new_tab, [0])
    p = tab.page
    held: list[Any] = []

    def hold(route: Any) -> None:  # the answer reaches the server; its reply waits
        held.append((route, route.fetch()))

    with httpx.Client(base_url=server, timeout=30) as client:
        st = _to_own_order_choice(client, links["game"], tokens, random.Random(7))
    wait_for_n(tab, st["n"])
    p.route("**/answer", hold)
    decision(tab).get_by_role("button", name=ORDER_WORDS["decline"], exact=True).click()
    tab.wait_past(st["n"])  # pushed by the socket, the reply still held
    p.wait_for_function("() => window.elgrandePage.controls &&"
                        " window.elgrandePage.controls.kind === 'place_caballeros'")
    assert held and p.evaluate("window.elgrandePage.busy") is True
    c = p.evaluate("window.elgrandePage.controls")
    o = next(o for o in c["options"] if o["enabled"])
    decision(tab).get_by_role("button", name=f"one more: {o['label']}", exact=True).click()
    p.wait_for_function("() => window.elgrandePage.units.length === 1 &&"
                        " window.elgrandePage.controls.total === 1")  # the server's reply too
    route, reply = held[0]
    route.fulfill(response=reply)
    p.unroute("**/answer")
    p.wait_for_function("() => window.elgrandePage.busy === false")
    p.wait_for_timeout(300)  # a reload, had one been asked, would have come by now
    assert p.evaluate("window.elgrandePage.units.length") == 1
    assert p.evaluate("window.elgrandePage.controls.total") == 1
    assert "moved on in another tab" not in p.locator("#notice").inner_text()
    tab.assert_quiet()


@pytest.mark.rule("B4.3")
def test_why_not_other_places_stays_open_while_caballeros_are_chosen(
        server: str, new_tab: Callable[[], Tab]) -> None:
    """f27: "Why not other places?" opened, then a "+": it closed again. It stays open
    while the same decision is drawn again, and a new decision starts it closed."""
    links = create(server, 3, 7, {}, ["base"])
    tokens = [token_of(links["seats"][s]) for s in range(3)]
    with httpx.Client(base_url=server, timeout=30) as client:
        st = _to_own_order_choice(client, links["game"], tokens, random.Random(7))
    (tab,), _ = open_seats(server, links, new_tab, [0])
    wait_for_n(tab, st["n"])
    p = tab.page
    decision(tab).get_by_role("button", name=ORDER_WORDS["decline"], exact=True).click()
    tab.wait_past(st["n"])
    p.wait_for_function("() => window.elgrandePage.controls &&"
                        " window.elgrandePage.controls.kind === 'place_caballeros'")
    c = p.evaluate("window.elgrandePage.controls")
    assert c["folds"], c
    why = decision(tab).locator("details.fold")
    why.locator("summary").click()
    assert why.evaluate("d => d.open")
    o = next(o for o in c["options"] if o["enabled"])
    decision(tab).get_by_role("button", name=f"one more: {o['label']}", exact=True).click()
    p.wait_for_function("() => window.elgrandePage.controls.total === 1")
    assert decision(tab).locator("details.fold").evaluate("d => d.open")
    tab.assert_quiet()
