"""``POST /api/games`` with ``"homebrew_early": true``: the uploaded cards come up in the
first round (the shuffle's seed picked, B3.1 unchanged), seen through a real ``elgrande
serve`` process; without it the host is told each card's chance; the record of such a game
passes ``elgrande check``'s replay; the option needs uploaded cards and no seed."""

from __future__ import annotations

import io
import json
import zipfile
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette", reason="elgrande serve needs the [serve] extra")
import httpx  # noqa: E402
from serve_util import BOT_SEED, token_of  # noqa: E402

CARDS = Path(__file__).resolve().parent / "homebrew_serve"


def cards_zip(names: tuple[str, ...] = ()) -> bytes:
    """The serve tests' homebrew cards (only ``names``' files when given) in a zip."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        for f in sorted(CARDS.glob("*.yaml")):
            if not names or f.name in names:
                z.writestr(f"mycards/{f.name}", f.read_text())
    return buf.getvalue()


def post(base: str, config: dict[str, Any], data: bytes | None) -> httpx.Response:
    if data is None:  # no upload: a JSON body
        return httpx.post(base + "/api/games", json=config, timeout=60)
    return httpx.post(base + "/api/games", data={"config": json.dumps(config)},
                      files={"cards": ("mycards.zip", data, "application/zip")}, timeout=60)


def test_the_early_deal_turns_the_uploaded_card_up_in_round_1(server: str) -> None:
    for _ in range(3):  # three games: a card on offer by chance would not do it thrice
        r = post(server, {"players": 4, "homebrew_early": True,
                          "bots": {"1": "greedy", "2": "greedy", "3": "greedy"}},
                 cards_zip(("garrison.yaml",)))
        assert r.status_code == 201, r.text
        made = r.json()
        [card] = made["cards"]
        assert card["round"] == 1
        assert card["note"] == (f"Your card {card['title']} comes up in round 1 (B3.1: each "
                                "round turns up the top card of each stack).")
        seat = httpx.get(f"{server}/api/games/{made['game']}/state",
                         params={"t": token_of(made["seats"][0])}, timeout=30).json()
        assert seat["view"]["state"]["round"] == 1
        assert card["id"] in [o["id"] for o in seat["offer"]]  # on offer to the seat
        public = httpx.get(f"{server}/api/games/{made['game']}/state",
                           params={"t": token_of(made["spectator"])}, timeout=30).json()
        assert card["id"] in public["view"]["state"]["offer"]
        for payload in (seat, public):  # the picked seed stays secret as any seed
            assert "seed" not in json.dumps(payload["view"].get("header") or {})


def test_without_the_option_the_host_is_told_each_cards_chance(server: str) -> None:
    r = post(server, {"players": 3, "seed": 4}, cards_zip())
    assert r.status_code == 201, r.text
    notes = {c["title"]: c["note"] for c in r.json()["cards"]}
    assert "round" not in r.json()["cards"][0]
    # the stacks of the base game and the cards added to them: 11+2 and 12+1, nine rounds
    assert notes["Garrison"] == ("Your card Garrison is one of 13 in its stack: 9 of them come "
                                 "up in a game (one a round, B3.1), so it comes up in a "
                                 "given game with probability 9/13 (69%).")
    assert "probability 3/4 (75%)" in notes["Rally"]
    short = post(server, {"players": 3, "variant": "short"}, cards_zip(("rally.yaml",)))
    assert "6 of them come up" in short.json()["cards"][0]["note"]
    assert "probability 1/2 (50%)" in short.json()["cards"][0]["note"]


def test_the_option_needs_uploaded_cards_and_no_seed(server: str) -> None:
    r = post(server, {"players": 3, "homebrew_early": True}, None)
    assert r.status_code == 400 and "upload a zip" in r.json()["error"]
    r = post(server, {"players": 3, "homebrew_early": True, "seed": 5}, cards_zip())
    assert r.status_code == 400 and "leave 'seed' out" in r.json()["error"]
    r = post(server, {"players": 3, "homebrew_early": "yes"}, cards_zip())
    assert r.status_code == 400 and "true or false" in r.json()["error"]


def test_an_early_deal_game_records_a_header_check_replays(tmp_path: Path) -> None:
    """All bots: the game ends at once; its record replays as ``elgrande check`` reads it
    (the header is any game's: only its seed was picked), and a restarted service loads
    it from the database."""
    from elgrande.play.records import replay
    from elgrande.server.limits import Limits
    from elgrande.server.service import Service
    from elgrande.server.store import Store
    from elgrande.server.upload import unpack

    cards = unpack(cards_zip(), tmp_path / "srv" / "uploads" / "u1", Limits(smoke=0))
    db = f"sqlite:///{tmp_path / 'g.db'}"
    made = Service(Store(db), tmp_path / "srv", bot_seed=BOT_SEED).create(
        {"players": 3, "homebrew_early": True,
         "bots": {"0": "random", "1": "random", "2": "random"}}, cards)
    rounds = {c["title"]: c["round"] for c in made["cards"]}
    # two of the cards share a stack: rounds 1 and 2 at best; the third card's own stack
    # in round 1 too is a 1-in-936 draw that 2,000 seeds miss about one time in eight (the
    # server draws its seeds from the system's randomness: the search's quality is tested
    # with a seeded rng in tests/test_early_deal.py), so the third may come in round 3
    assert sorted(rounds.values()) in ([1, 1, 2], [1, 2, 2], [1, 1, 3], [1, 2, 3])
    live = Service(Store(db), tmp_path / "srv", bot_seed=BOT_SEED).load(made["game"])
    assert live is not None and live.game.over
    assert live.config["homebrew_early"] is True and live.config["seed"] is None
    record = Service(Store(db), tmp_path / "srv", bot_seed=BOT_SEED).record(live)
    header = json.loads(record.splitlines()[0])
    assert header["cards"] == ["mycards"] and "homebrew_early" not in header
    home = tmp_path / "host"
    (home / "mycards").mkdir(parents=True)
    for f in CARDS.glob("*.yaml"):
        (home / "mycards" / f.name).write_text(f.read_text())
    assert replay(record.splitlines(), record_dir=home).over
