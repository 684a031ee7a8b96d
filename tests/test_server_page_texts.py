"""The page's texts for people that come from the engine and the server (issue 30), in a
real browser (Playwright driving Chromium, tests/browser.py) against a real ``elgrande
serve`` process: a folded line of places said in brief (B1.6, B4.1), and at a card's move
(B8.2) the prompt naming its chosen source, the heading asking what is left and the
number's note in one plain clause.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from browser import Tab
from test_server_page import create, decision, open_seats, page_state, quiet
from test_server_page_help import _play_until

from elgrande.play.game import new_game
from elgrande.play.words import card_label


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The base URL of a real ``elgrande serve`` process on a fresh SQLite database."""
    pytest.importorskip("uvicorn", reason="elgrande serve needs the [serve] extra")
    from serve_util import page_server

    yield from page_server(tmp_path_factory.mktemp("serve"))


@pytest.mark.rule("B1.6", "B4.1")
def test_a_folded_line_of_places_reads_in_brief_on_the_page(
        server: str, new_tab: Callable[[], Tab]) -> None:
    """B4.1: the first bring to court, with the provinces full, folds every place of the
    board into one line, which reads "Not possible here: every place on the board — B4.1
    ...", each place's name on hover."""
    links = create(server, 3, 51, {1: "greedy", 2: "greedy"}, ["base"])
    (tab,), (token,) = open_seats(server, links, new_tab, [0])
    game = page_state(tab)["state"]["game"]
    library = new_game(3, sets=["base"], seed=0, logging=False).library
    c = _play_until(server, tab, token, game, random.Random(5),
                    lambda c: any(f.get("brief") for f in c["folds"]), library)
    assert c is not None, "no fold said in brief"
    f = next(f for f in c["folds"] if f.get("brief"))
    line = decision(tab).locator(".fold").filter(has_text=f["brief"])
    names = line.locator(".fold-names")
    assert names.inner_text() == f"Not possible here: {f['brief']}"
    assert names.get_attribute("title") == ", ".join(f["labels"])
    assert f["rule"] in line.inner_text()
    quiet(tab)


def _one_source_move(c: dict[str, Any]) -> bool:
    return c["kind"] == "move_caballeros" and len({o["from"] for o in c["options"]}) == 1 \
        and any(o["enabled"] for o in c["options"])


@pytest.mark.rule("B8.2")
def test_a_card_s_move_from_its_chosen_region_asks_what_is_left(
        server: str, new_tab: Callable[[], Tab]) -> None:
    """B8.2: at a card's move from one region (the one it chose), the page's prompt names
    the region and asks whose, where to and how many; the heading over the sources asks
    the same, not "where from"; the count's note has no brackets within brackets. B8: the
    card under way is named by its label, as the log names it."""
    library = new_game(3, sets=["base"], seed=0, logging=False).library
    c = tab = None
    for seed in (61, 62, 63, 64, 65, 66):
        links = create(server, 3, seed, {1: "greedy", 2: "greedy"}, ["base"])
        (tab,), (token,) = open_seats(server, links, new_tab, [0])
        game = page_state(tab)["state"]["game"]
        c = _play_until(server, tab, token, game, random.Random(seed), _one_source_move,
                        library, limit=120)
        if c is not None:
            break
    assert c is not None and tab is not None, "no move from one region met"
    source = c["options"][0]["from_label"]
    page = tab.page
    prompt = page.locator("#prompt").inner_text()
    assert prompt == c["prompt"] and f" from {source}: choose " in prompt, prompt
    assert prompt.endswith("where to and how many"), prompt
    heading = decision(tab).locator("h3").filter(has_text=f"Move from {source}: choose")
    assert heading.count() == 1, decision(tab).inner_text()
    assert "where from" not in decision(tab).inner_text()
    progress = page.locator("#progress").inner_text()
    assert progress.count("(") <= 1 and progress.count(")") <= 1, progress
    if c["max_note"]:
        assert c["max_note"] in progress and "(" not in c["max_note"], progress
    # B8: the card under way by its label (told apart from cards with its title)
    card = c["card"]
    assert card is not None and card["title"] == card_label(library, card["id"])
    assert page.locator("#card").inner_text().startswith(f"Card: {card['title']} (stack ")
    quiet(tab)
