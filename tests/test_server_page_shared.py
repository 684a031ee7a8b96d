"""f16: a choice of one option whose places are shared by several options (a
mobile scoreboard's 8-4-0 and 4-0-0 to the same region, B6.9), in a real browser
(Playwright driving Chromium, tests/browser.py) against a real ``elgrande serve``
process: the words beside the buttons say a map click cannot pick, and a click on such a
region sends nothing, says the choices it holds and marks their buttons."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import httpx
import pytest
from browser import Tab
from serve_util import play_turn
from test_server_page import create, decision, open_seats, page_state, quiet, token_of

from elgrande.server.page_words import HOW, HOW_SHARED, how_to_answer


def _to_scoreboard(server: str) -> tuple[dict[str, Any], int] | None:
    """A 3-seat base game of people, answered at random by the API until a seat must
    place or move a mobile scoreboard (B6.9): its links and that seat; None if no seed
    of a few reaches one."""
    for seed in range(1, 6):
        links = create(server, 3, seed, {}, ["base"])
        tokens = [token_of(link) for link in links["seats"]]
        rng = random.Random(seed)
        with httpx.Client(base_url=server, timeout=30) as c:
            for _ in range(3000):
                moved = False
                for seat, token in enumerate(tokens):
                    st = c.get(f"/api/games/{links['game']}/state", params={"t": token}).json()
                    if st["over"]:
                        break
                    ctl = st.get("controls")
                    if ctl and ctl["kind"] == "move_scoreboard":
                        return links, seat
                    moved = play_turn(c, links["game"], token, rng, st) is not None or moved
                else:
                    if moved:
                        continue
                break
    return None


@pytest.mark.rule("B6.9")
def test_a_region_holding_two_scoreboards_choices_points_to_their_buttons(
        server: str, new_tab: Callable[[], Tab]) -> None:
    """B6.9: where both scoreboards may go to one region, the page says to click a button
    (HOW_SHARED, not "click a region on the map"); a click on that region sends nothing
    (the game stays at its answer count), says its choices by their buttons' labels and
    marks those buttons; a button still sends its choice."""
    found = _to_scoreboard(server)
    assert found is not None, "no seed reached a mobile scoreboard"
    links, seat = found
    (tab,), _ = open_seats(server, links, new_tab, [seat])
    tab.page.wait_for_function("window.elgrandePage.controls")
    c = page_state(tab)["controls"]
    assert c["kind"] == "move_scoreboard"
    by_place: dict[str, list[str]] = {}
    for o in c["options"]:
        if o["enabled"] and o.get("place"):
            by_place.setdefault(o["place"], []).append(o["label"])
    place, labels = next((p, ls) for p, ls in by_place.items() if len(ls) > 1)
    dec = decision(tab)
    assert dec.get_by_text(HOW_SHARED).is_visible()
    assert dec.get_by_text("Click a region on the map").count() == 0
    n = tab.page.evaluate("window.elgrandePage.n")
    tab.page.locator(f'#board g.place[data-place="{place}"]').click()
    notice = tab.page.locator("#notice")
    notice.wait_for()
    assert notice.inner_text() == (f"{len(labels)} choices here: click the button of the one"
                                   f" you mean ({' or '.join(labels)}).")
    here = tab.page.locator("#options button.here")
    assert sorted(here.all_inner_texts()) == sorted(labels)
    tab.page.wait_for_timeout(300)  # nothing was sent: the game is where it was
    assert tab.page.evaluate("window.elgrandePage.n") == n
    assert page_state(tab)["controls"]["kind"] == "move_scoreboard"
    dec.get_by_role("button", name=labels[-1], exact=True).click()
    tab.wait_past(n)
    quiet(tab)


@pytest.mark.rule("B6.9")
def test_the_words_say_the_buttons_only_where_a_place_is_shared() -> None:
    """B6.9: two options to one place: HOW_SHARED (a secret choice keeps its own words,
    B8.5); one option a place: the map's words."""
    two = [{"place": "a"}, {"place": "a"}, {"place": "b"}]
    assert how_to_answer("pick", False, two) == HOW_SHARED
    assert how_to_answer("pick", False, two[1:]) == HOW[(False, True)]
    assert how_to_answer("pick", True, two) == HOW[(True, True)]
