"""The host's page (the admin link) lists the homebrew cards the host uploaded: ``GET
/api/games/{game}/links`` (the admin's only) gives them, ``[{"id", "title", "stack"}]``,
and the page shows each card's name and stack under the seats' table (docs/serve.md); a
game without homebrew cards shows no such list. A real ``elgrande serve`` process and
Chromium."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest

pytest.importorskip("starlette", reason="elgrande serve needs the [serve] extra")
import httpx  # noqa: E402
from browser import Tab  # noqa: E402
from serve_util import token_of  # noqa: E402
from test_server_homebrew_check import CARDS, zipped  # noqa: E402

ZIP = zipped({f"mycards/{f.name}": f.read_text() for f in CARDS.glob("*.yaml")})


def _made(server: str, data: bytes | None) -> dict[str, object]:
    config = {"players": 3, "bots": {"1": "random", "2": "random"}}
    r = httpx.post(server + "/api/games", data={"config": json.dumps(config)},
                   files={"cards": ("mycards.zip", data, "application/zip")}, timeout=120) \
        if data else httpx.post(server + "/api/games", json=config, timeout=30)
    assert r.status_code == 201, r.text
    made: dict[str, object] = r.json()
    return made


def test_the_hosts_links_and_page_list_the_uploaded_cards(
        server: str, new_tab: Callable[[], Tab]) -> None:
    made = _made(server, ZIP)
    links = httpx.get(f"{server}/api/games/{made['game']}/links",
                      params={"t": token_of(str(made["admin"]))}, timeout=30).json()
    cards = links["cards"]
    assert sorted(c["title"] for c in cards) == ["Garrison", "Rally", "Smugglers"]
    assert cards == [{k: c[k] for k in ("id", "title", "stack")}
                     for c in made["cards"]]  # type: ignore[attr-defined]
    host = new_tab()
    host.page.goto(server + str(made["admin"]))
    box = host.page.get_by_role("region", name="Host")
    listed = box.locator("#host-cards li")
    listed.first.wait_for()
    want = [f"{c['title']} (stack {c['stack']})" for c in cards]
    assert listed.all_inner_texts() == want
    assert "homebrew cards" in box.locator("#host-cards h3").inner_text()
    seat = new_tab()  # a seat's page has no host's box, nor the cards' list
    seat.page.goto(server + str(made["seats"][0]))  # type: ignore[index]
    seat.page.wait_for_function("window.elgrandePage && window.elgrandePage.state !== null")
    assert seat.page.locator("#host-cards").count() == 0


def test_a_game_without_homebrew_cards_lists_none(server: str,
                                                 new_tab: Callable[[], Tab]) -> None:
    made = _made(server, None)
    host = new_tab()
    host.page.goto(server + str(made["admin"]))
    box = host.page.get_by_role("region", name="Host")
    box.get_by_role("textbox", name="link of seat 1 (p1)").wait_for()  # the links came
    assert host.page.locator("#host-cards li").count() == 0
    assert host.page.locator("#host-cards:visible").count() == 0
