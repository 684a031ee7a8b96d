"""What ``elgrande serve`` sends a seat is built from that seat's view and public game
data only (B8.5a): over whole games of every set, each state payload sent to seat k
equals the one this test builds from ``view(k)`` of its own copy of the game (played
with the same seed and answers; the seat's controls from a game drawn from that view
alone, its hidden parts at random), and no payload holds the seed, another seat's hand or
another seat's token; only the admin token is given the list of every link. The real
application and database (SQLite), in process."""

from __future__ import annotations

import json
import random
import secrets
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette", reason="elgrande serve needs the [serve] extra")
from serve_util import BOT_SEED, token_of  # noqa: E402
from starlette.testclient import TestClient  # noqa: E402

from elgrande.play.game import Game, new_game  # noqa: E402
from elgrande.play.views import pending_decision  # noqa: E402
from elgrande.server.app import create_app  # noqa: E402
from elgrande.server.controls import controls  # noqa: E402
from elgrande.server.limits import Limits  # noqa: E402
from elgrande.server.page_words import held_lines, offer, taken_back  # noqa: E402
from elgrande.server.store import TOKENS, Store, token_hash  # noqa: E402
from elgrande.tools.board_svg import COLOURS, board_svg, boxes_svg, public_view  # noqa: E402

#: The folders no payload may name: the package's (its cards and fills) and the repo's.
SERVER_PATHS = (str(Path(__file__).resolve().parents[1]), "site-packages")
#: A seed no payload may show (long enough not to turn up by chance).
SEED = 8_234_567_890_123_456_789
SETS = [["base"], ["base", "colonies"], ["base", "intrigue-king"],
        ["base", "intrigue-king", "colonies"]]


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    app = create_app(Store(f"sqlite:///{tmp_path / 'games.db'}"), tmp_path,
                     Limits(answers_per_second=1e6), bot_seed=BOT_SEED)
    with TestClient(app) as c:
        yield c


def expected(g: Game, gid: str, seat: int | None, scores: list[list[int]]) -> dict[str, Any]:
    """The state payload built from the seat's view (or the public view) and public data."""
    view = public_view(g) if seat is None else g.view(seat)
    over = g.pending is None
    return json.loads(json.dumps({
        "game": gid, "n": g.answered(), "seat": seat, "names": list(g.names),
        "colours": list(COLOURS[:g.state.players]), "view": view,
        "board_svg": board_svg(view, g.library.board, None, boxes=False),
        # taken_back reads only who answered a power-card decision (public, B3.2)
        "boxes_svg": boxes_svg(view, g.library.board, held_lines(g, view),
                               taken_back(g, view)),
        "log": list(g.log),
        "scores": scores + [list(g.state.scores)],
        "to_move": [] if over else list(g.pending.players),  # type: ignore[union-attr]
        "bots": [], "bot_kinds": {},
        "controls": None if seat is None or over else _controls(view, seat),
        "over": over,
        "final": {"scores": list(g.state.scores), "winners": g.winners()} if over else None,
        "record_url": f"/api/games/{gid}/record" if over else None,
        "replay_url": f"/api/games/{gid}/replay" if over else None}))


def _offer(g: Game, seat: int | None) -> list[dict[str, Any]]:
    """The open action cards of the seat's view (or the public one), from the view and
    the card library alone (B3.1)."""
    view = public_view(g) if seat is None else g.view(seat)
    return json.loads(json.dumps(offer(g, view)))  # type: ignore[no-any-return]


def _controls(view: dict[str, Any], seat: int) -> dict[str, Any] | None:
    """The seat's controls from a game drawn from its view alone (the hidden parts drawn
    at random): equal to the served ones, so they tell nothing the view does not."""
    return controls(Game.from_view(view, random.Random(len(json.dumps(view)))), seat)


def _no_secrets(text: str, g: Game, seat: int | None, tokens: list[str], own: str) -> None:
    assert str(SEED) not in text
    assert not any(p in text for p in SERVER_PATHS), "a server path in a payload"
    for t in tokens:
        assert t == own or t not in text
    hands = json.loads(text)["view"]["state"]["hands"]
    for p, h in enumerate(hands):
        assert h is None or p == seat
    assert g.over or seat is None or hands[seat] == g.view(seat)["state"]["hands"][seat]


def _links_checked(client: TestClient, made: dict[str, Any], tokens: list[str]) -> None:
    """The admin's listing of the links holds every token of the game, as the game's
    creation gave them; any other token is refused it (403) and its reply holds no token
    but its own (B8.5a)."""
    gid, admin = made["game"], token_of(made["admin"])
    r = client.get(f"/api/games/{gid}/links", params={"t": admin})
    assert r.status_code == 200
    assert r.json() == {**{k: made[k] for k in ("game", "admin", "spectator", "seats",
                                                "names")}, "cards": []}
    assert all(t in r.text for t in tokens)
    for tok in tokens:
        if tok != admin:
            r = client.get(f"/api/games/{gid}/links", headers={"X-Elgrande-Token": tok})
            assert r.status_code == 403
            assert not any(t in r.text for t in tokens if t != tok)


def play_checked(client: TestClient, sets: list[str], players: int, every: int) -> int:
    """Play a whole game through the API, checking each payload; returns its answers."""
    fill = "provisional" if len(sets) > 1 else None
    made = client.post("/api/games", json={"players": players, "sets": sets, "seed": SEED,
                                           "fill": fill}).json()
    gid = made["game"]
    seat_tokens = [token_of(u) for u in made["seats"]]
    spectator = token_of(made["spectator"])
    tokens = [*seat_tokens, spectator, token_of(made["admin"])]
    _links_checked(client, made, tokens)
    mine = new_game(players, sets=sets, seed=SEED, fill=fill)
    scores: list[list[int]] = []
    rng = random.Random(1)
    while True:
        d = mine.pending
        checked: list[int | None] = ([d.players[0]] if d is not None else []) + (
            [*range(players), None] if mine.answered() % every == 0 or d is None else [])
        for seat in checked:
            tok = spectator if seat is None else seat_tokens[seat]
            r = client.get(f"/api/games/{gid}/state", params={"t": tok})
            assert r.status_code == 200
            want = expected(mine, gid, seat, scores)
            want["offer"] = _offer(mine, seat)  # the open action cards (B3.1): public
            assert r.json() == want, (sets, mine.answered(), seat)
            _no_secrets(r.text, mine, seat, tokens, tok)
        if d is None:
            _links_checked(client, made, tokens)
            return mine.answered()
        p = d.players[0]
        answer = pending_decision(mine.view(p)).random_answer(rng, p)
        r = client.post(f"/api/games/{gid}/answer", headers={"X-Elgrande-Token": seat_tokens[p]},
                        json={"n": mine.answered(), "answer": answer})
        assert r.status_code == 200, r.text
        assert str(SEED) not in r.text
        before = mine.flow.round
        mine.answer(p, answer)
        if (before >= 1 and mine.flow.round != before) or mine.pending is None:
            scores.append(list(mine.state.scores))


@pytest.mark.parametrize("sets", SETS[:1], ids="+".join)
def test_every_payload_to_a_seat_is_built_from_its_view(client: TestClient,
                                                        sets: list[str]) -> None:
    assert play_checked(client, sets, 3, every=25) > 50


@pytest.mark.slow
@pytest.mark.parametrize("sets", SETS, ids="+".join)
def test_every_payload_of_every_set_is_built_from_the_view(client: TestClient,
                                                           sets: list[str]) -> None:
    assert play_checked(client, sets, 4, every=5) > 50


@pytest.mark.parametrize("sets", SETS[1:], ids="+".join)
def test_a_provisional_game_says_so_without_a_server_path(client: TestClient,
                                                          sets: list[str]) -> None:
    made = client.post("/api/games", json={"players": 3, "sets": sets,
                                           "fill": "provisional"}).json()
    for url in [*made["seats"], made["spectator"]]:
        r = client.get(f"/api/games/{made['game']}/state", params={"t": token_of(url)})
        assert r.status_code == 200
        assert not any(p in r.text for p in SERVER_PATHS), r.text[:300]
        assert "the fill 'provisional' supplies card details" in r.text
        assert "fills/provisional.yaml" not in r.text  # the fill's file, named before


def test_the_websocket_sends_a_seat_the_answer_count_only(client: TestClient) -> None:
    made = client.post("/api/games", json={"players": 2, "seed": SEED}).json()
    gid = made["game"]
    toks = [token_of(u) for u in made["seats"]]
    with client.websocket_connect(f"/ws/{gid}?t={toks[1]}") as ws:
        assert ws.receive_json() == {"n": 0}
        mine = new_game(2, seed=SEED)
        p = mine.pending.players[0]  # type: ignore[union-attr]
        answer = pending_decision(mine.view(p)).random_answer(random.Random(2), p)
        r = client.post(f"/api/games/{gid}/answer", headers={"X-Elgrande-Token": toks[p]},
                        json={"n": 0, "answer": answer})
        assert r.status_code == 200
        assert ws.receive_json() == {"n": 1}


def test_a_game_made_before_the_tokens_were_derived_lists_the_links_it_kept(
        client: TestClient, tmp_path: Path) -> None:
    made = client.post("/api/games", json={"players": 3, "bots": {"2": "random"}}).json()
    gid, seats = made["game"], made["seats"]
    # seat 0's token as an older version made it (random): its hash is all that is stored
    old = secrets.token_urlsafe(24)
    store = Store(f"sqlite:///{tmp_path / 'games.db'}")
    with store.engine.begin() as c:
        c.execute(TOKENS.update().where(TOKENS.c.hash == token_hash(token_of(seats[0])))
                  .values(hash=token_hash(old)))
    r = client.get(f"/api/games/{gid}/links", params={"t": token_of(made["admin"])})
    assert r.status_code == 200
    assert r.json()["seats"] == [None, seats[1], None]  # lost, kept, a bot's
    assert old not in r.text and token_of(seats[0]) not in r.text
    assert client.get(f"/api/games/{gid}/links", params={"t": old}).status_code == 403
    assert client.get(f"/api/games/{gid}/state", params={"t": old}).json()["seat"] == 0
