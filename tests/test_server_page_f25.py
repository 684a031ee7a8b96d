"""A seat's link opened in a new tab or on another device (f25: no "Since your last
choice" box at all there): the box starts after the seat's last line of its own doing."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

pytest.importorskip("starlette", reason="elgrande serve needs the [serve] extra")
import httpx  # noqa: E402
from browser import Tab  # noqa: E402
from serve_util import play_turn, seat_state  # noqa: E402
from test_server_page import create, open_seats, token_of  # noqa: E402


@pytest.mark.rule("B3.4")
def test_a_new_tab_shows_what_happened_since_the_seat_s_last_doing(
        server: str, new_tab: Callable[[], Tab]) -> None:
    links = create(server, 3, 11, {}, ["base"])
    tokens = [token_of(links["seats"][s]) for s in range(3)]
    rng = random.Random(11)
    with httpx.Client(base_url=server, timeout=30) as client:
        for _ in range(300):  # every seat at random, until seat 0 is to answer again after
            st = seat_state(client, links["game"], tokens[0])  # others' doings
            name = st["names"][0]
            own = [i for i, line in enumerate(st["log"])
                   if line.startswith((name + " ", name + "'s "))]
            if st["controls"] and own and len(st["log"]) - own[-1] > 3:
                break
            for t in tokens:
                if play_turn(client, links["game"], t, rng) is not None:
                    break
        else:
            raise AssertionError("seat 0 never had news to read")
    want = [line.strip() for line in st["log"][own[-1] + 1:] if line.strip()]
    want = [w for w in want if w != "Board now:"]
    (tab,), _ = open_seats(server, links, new_tab, [0])  # a fresh context: nothing kept
    box = tab.page.locator("#since")
    box.wait_for()
    since = tab.page.evaluate("window.elgrandePage.since")
    assert since and set(since) <= set(want) and since[-1] == want[-1], (since, want)
    assert box.get_by_role("list", name="Since your last choice").locator(
        "li:not(.gap)").count() == len(since)
    tab.assert_quiet()
