"""A homebrew zip with an expansion's game (docs/serve.md, docs/homebrew.md): the
expansions' card data is incomplete, so the game plays with the ``provisional`` fill,
and the zip's check and the game's creation validate the cards with that same fill
(docs/library.md); without the fill the cards are refused, naming the fill to use."""

from __future__ import annotations

import json

import pytest

pytest.importorskip("starlette", reason="elgrande serve needs the [serve] extra")
import httpx  # noqa: E402
from test_server_homebrew_check import CARDS, check, zipped  # noqa: E402

ZIP = zipped({f"mycards/{f.name}": f.read_text() for f in CARDS.glob("*.yaml")})
#: a homebrew award for Intrigue & the King, which has no action-card stacks (I1)
FAVOUR = zipped({"mycards/favour.yaml": """id: hb-favour
set: homebrew
kind: award
title: Royal favour
awarded: highest
effect: "gain 1 point\\n"
optional: false
rules: [I3]
"""})
EXPANSIONS = [(["base", "colonies"], ZIP, ["Garrison", "Rally", "Smugglers"]),
              (["base", "intrigue-king"], FAVOUR, ["Royal favour"])]


def create(base: str, config: dict[str, object], data: bytes) -> httpx.Response:
    """POST a game with the homebrew zip ``data`` and ``config``."""
    return httpx.post(base + "/api/games", data={"config": json.dumps(config)},
                      files={"cards": ("mycards.zip", data, "application/zip")}, timeout=120)


@pytest.mark.parametrize(("sets", "data", "titles"), EXPANSIONS)
def test_the_check_and_the_creation_validate_with_the_games_fill(
        server: str, sets: list[str], data: bytes, titles: list[str]) -> None:
    config = {"players": 3, "sets": sets, "fill": "provisional", "variant": "standard"}
    r = check(server, config, data)
    assert r.status_code == 200, r.text
    assert r.json()["ok"] is True
    assert sorted(c["title"] for c in r.json()["cards"]) == titles
    made = create(server, config, data)
    assert made.status_code == 201, made.text
    seat = made.json()["seats"][0].split("t=")[1]
    st = httpx.get(f"{server}/api/games/{made.json()['game']}/state",
                   params={"t": seat}, timeout=30).json()
    assert st["view"]["header"]["cards"] == ["mycards"]


@pytest.mark.parametrize(("sets", "data", "titles"), EXPANSIONS)
def test_without_the_fill_the_cards_are_refused_naming_it(
        server: str, sets: list[str], data: bytes, titles: list[str]) -> None:
    config = {"players": 3, "sets": sets, "variant": "standard"}
    r = check(server, config, data)
    assert r.status_code in (400, 422), r.text
    assert "fill" in r.json()["error"]
    made = create(server, config, data)
    assert made.status_code in (400, 422) and "fill" in made.json()["error"]


def test_a_fill_not_offered_is_refused_before_the_zip_is_read(server: str) -> None:
    for r in (check(server, {"players": 3, "sets": EXPANSIONS[0][0], "fill": "/etc/passwd"},
                    ZIP),
              create(server, {"players": 3, "fill": "../../x"}, ZIP)):
        assert r.status_code == 400 and "'fill' must be" in r.json()["error"]


def test_action_cards_with_intrigue_and_the_king_are_refused_without_server_paths(
        server: str) -> None:
    config = {"players": 3, "sets": ["base", "intrigue-king"], "fill": "provisional"}
    for r in (check(server, config, ZIP), create(server, config, ZIP)):
        assert r.status_code == 400, r.text
        said = r.json()["error"]
        assert "no action-card stacks" in said and "mycards/" in said
        assert "/tmp" not in r.text and "uploads/" not in r.text, said
