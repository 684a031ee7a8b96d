"""``elgrande serve`` through a real server process (uvicorn): games with human seats
(played here from what each seat is sent) and bots, tokens (403), optimistic concurrency
(409), refusals with their rule (422), the WebSocket push, body limits (413), the rate
limit (429) and WebSocket origins (B8.5a: a seat sees its view only). A restart:
tests/test_server_faults.py."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette", reason="elgrande serve needs the [serve] extra")
import httpx  # noqa: E402
from serve_util import ServerProcess, play_turn, seat_state, token_of  # noqa: E402
from websockets.sync.client import connect  # noqa: E402

from elgrande.play.records import replay  # noqa: E402


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    folder = tmp_path_factory.mktemp("serve")
    s = ServerProcess(f"sqlite:///{folder / 'games.db'}", folder, "--answers-per-second", "50")
    s.start()
    yield s
    s.stop()


def _create(client: httpx.Client, **config: Any) -> dict[str, Any]:
    r = client.post("/api/games", json=config)
    assert r.status_code == 201, r.text
    return dict(r.json())


def test_a_game_with_two_people_and_a_bot_is_played_to_the_end_and_its_record_checks(
        server: ServerProcess) -> None:
    rng = random.Random(5)
    with httpx.Client(base_url=server.url, timeout=30) as c:
        made = _create(c, players=3, bots={"2": "random"}, seed=11)
        game, seats = made["game"], [token_of(u) for u in made["seats"][:2]]
        assert made["seats"][2] is None  # a bot's seat has no link
        for _ in range(3000):
            st = seat_state(c, game, seats[0])
            if st["over"]:
                break
            for t in seats:
                assert play_turn(c, game, t, rng) in (None, 200, 409)
        else:
            pytest.fail("the game did not end")
        assert st["final"]["scores"] == st["view"]["state"]["scores"]
        r = c.get(st["record_url"], params={"t": seats[1]})
        assert r.status_code == 200
        lines = r.text.splitlines()
        assert replay(lines).over  # the record passes `elgrande check`'s replay
        assert json.loads(lines[0])["seed"] == 11
        assert len(lines) - 1 == st["n"]


def test_tokens_are_checked_and_a_seat_sees_only_its_own_hand(server: ServerProcess) -> None:
    with httpx.Client(base_url=server.url, timeout=30) as c:
        made = _create(c, players=3, seed=3)
        game = made["game"]
        t0, t1 = token_of(made["seats"][0]), token_of(made["seats"][1])
        for bad in ({"t": "nope"}, {}, {"t": t0 + "x"}):
            assert c.get(f"/api/games/{game}/state", params=bad).status_code == 403
        assert c.get(f"/api/games/{'0' * 16}/state", params={"t": t0}).status_code == 403
        other = _create(c, players=2, seed=4)  # a token of another game
        assert c.get(f"/api/games/{other['game']}/state", params={"t": t0}).status_code == 403
        st = seat_state(c, game, t1)
        hands = st["view"]["state"]["hands"]
        assert hands[1] and hands[0] is None and hands[2] is None
        spec = seat_state(c, game, token_of(made["spectator"]))
        assert spec["seat"] is None and spec["controls"] is None
        assert spec["view"]["state"]["hands"] == [None, None, None]
        assert "seed" not in json.dumps(st["view"]["header"])
        # the record and the replay (the seed) for no token while the game goes on
        for tok in (t0, token_of(made["admin"]), token_of(made["spectator"])):
            for what in ("record", "replay"):
                r = c.get(f"/api/games/{game}/{what}", params={"t": tok})
                assert r.status_code == 403 and "seed" not in r.text
        # the spectator and the admin do not answer
        r = c.post(f"/api/games/{game}/answer", headers={"X-Elgrande-Token":
                                                         token_of(made["spectator"])},
                   json={"n": 0, "answer": 1})
        assert r.status_code == 403


def test_the_host_is_shown_every_link_again_and_no_one_else_is(server: ServerProcess) -> None:
    with httpx.Client(base_url=server.url, timeout=30) as c:
        made = _create(c, players=4, bots={"3": "greedy"}, names=["Ana", "Bo", "Cy", "Di"])
        game, admin = made["game"], token_of(made["admin"])
        r = c.get(f"/api/games/{game}/links", headers={"X-Elgrande-Token": admin})
        assert r.status_code == 200
        links = r.json()
        assert links == {"game": game, "admin": made["admin"], "spectator": made["spectator"],
                         "seats": made["seats"], "names": ["Ana", "Bo", "Cy", "Di"],
                         "cards": []}
        assert links["seats"][3] is None and all(links["seats"][:3])
        for p, link in enumerate(links["seats"][:3]):  # each link opens its own seat
            assert seat_state(c, game, token_of(link))["seat"] == p
        others = [token_of(u) for u in [*made["seats"][:3], made["spectator"]]]
        for tok in [*others, "nope", admin + "x"]:
            r = c.get(f"/api/games/{game}/links", params={"t": tok})
            assert r.status_code == 403
            assert not any(t in r.text for t in [*others, admin] if t != tok)
        other = _create(c, players=2)  # another game's admin token
        assert c.get(f"/api/games/{game}/links",
                     params={"t": token_of(other["admin"])}).status_code == 403
        assert len({*others, admin, token_of(other["admin"])}) == 6


def test_a_stale_answer_number_is_refused_and_an_illegal_answer_names_its_rule(
        server: ServerProcess) -> None:
    with httpx.Client(base_url=server.url, timeout=30) as c:
        made = _create(c, players=2, seed=8)
        game = made["game"]
        toks = [token_of(u) for u in made["seats"]]
        st = [seat_state(c, game, t) for t in toks]
        mover = next(i for i, s in enumerate(st) if s["view"]["pending"])
        t = toks[mover]
        r = c.post(f"/api/games/{game}/answer", headers={"X-Elgrande-Token": t},
                   json={"n": st[mover]["n"], "answer": "not a card"})
        assert r.status_code == 422
        body = r.json()
        assert body["ok"] is False and body["rule"] and body["error"]
        assert seat_state(c, game, t)["n"] == st[mover]["n"]  # refused: nothing changed
        assert play_turn(c, game, t, random.Random(1), st[mover]) == 200
        # the same number again (a second tab of the same seat): refused
        r = c.post(f"/api/games/{game}/answer", headers={"X-Elgrande-Token": t},
                   json={"n": st[mover]["n"], "answer": 1})
        assert r.status_code == 409
        r = c.post(f"/api/games/{game}/answer", headers={"X-Elgrande-Token": t},
                   json={"n": 999, "answer": 1})
        assert r.status_code == 409 and "ahead of the game" in r.json()["error"]
        r = c.post(f"/api/games/{game}/answer", headers={"X-Elgrande-Token": t},
                   content=b"{not json")
        assert r.status_code == 400


def test_the_websocket_says_when_the_game_changes_and_checks_its_origin(
        server: ServerProcess) -> None:
    with httpx.Client(base_url=server.url, timeout=30) as c:
        made = _create(c, players=2, seed=9)
        game = made["game"]
        toks = [token_of(u) for u in made["seats"]]
        ws_url = server.url.replace("http://", "ws://") + f"/ws/{game}"
        with connect(f"{ws_url}?t={token_of(made['spectator'])}",
                     origin=server.url) as ws:  # type: ignore[arg-type]
            assert json.loads(ws.recv(10)) == {"n": 0}
            for t in toks:
                play_turn(c, game, t, random.Random(2))
            assert json.loads(ws.recv(10))["n"] >= 1
        with pytest.raises(Exception, match="403"):
            with connect(f"{ws_url}?t={toks[0]}", origin="http://evil.example"):  # type: ignore[arg-type]
                pass
        with pytest.raises(Exception, match="403"):
            with connect(f"{ws_url}?t=wrong"):
                pass


def test_the_websocket_can_carry_each_seats_ownseat_state(server: ServerProcess) -> None:
    """``?state=1``: every push is the seat's state payload, the same one the state
    route gives that seat at that answer (B8.5a: built from its own view only)."""
    rng = random.Random(4)
    with httpx.Client(base_url=server.url, timeout=30) as c:
        made = _create(c, players=3, seed=21, bots={"2": "random"})
        game = made["game"]
        toks = [token_of(u) for u in made["seats"][:2]]
        ws_url = server.url.replace("http://", "ws://") + f"/ws/{game}?state=1&t="
        with connect(ws_url + toks[0], origin=server.url) as ws0, \
                connect(ws_url + token_of(made["spectator"]), origin=server.url) as wsp:
            for _ in range(6):
                for ws, tok in ((ws0, toks[0]), (wsp, token_of(made["spectator"]))):
                    msg = json.loads(ws.recv(10))
                    while msg["n"] < seat_state(c, game, tok)["n"]:  # catch up with the game
                        msg = json.loads(ws.recv(10))
                    assert msg["state"] == seat_state(c, game, tok)
                    hand = msg["state"]["view"]["state"]["hands"]
                    assert hand[1] is None and (hand[0] is None) == (ws is wsp)
                before = seat_state(c, game, toks[0])["n"]
                while seat_state(c, game, toks[0])["n"] == before:
                    for t in toks:
                        play_turn(c, game, t, rng)


def test_no_token_reaches_the_server_log(server: ServerProcess) -> None:
    """A WebSocket accepted or refused is logged without the ``?t=`` token of its link."""
    with httpx.Client(base_url=server.url, timeout=30) as c:
        made = _create(c, players=2, seed=4)
        links = [made["admin"], made["spectator"], *made["seats"]]
        ws_url = server.url.replace("http://", "ws://") + f"/ws/{made['game']}"
        for link in links:
            with connect(f"{ws_url}?t={token_of(link)}", origin=server.url) as ws:  # type: ignore[arg-type]
                ws.recv(10)
            c.get(f"/api/games/{made['game']}/state", params={"t": token_of(link)})
    log = server.log()
    assert "WebSocket" in log  # the lines are written, with the token left out
    for link in links:
        assert token_of(link) not in log


def test_the_log_labels_ordinary_lines_plainly(server: ServerProcess) -> None:
    """uvicorn writes its ordinary lines through its ``uvicorn.error`` logger: the log
    says ``INFO server:`` for them, never that name (a new user read them as errors)."""
    with httpx.Client(base_url=server.url, timeout=30) as c:
        made = _create(c, players=2, seed=5)
        ws_url = server.url.replace("http://", "ws://") + f"/ws/{made['game']}"
        with connect(f"{ws_url}?t={token_of(made['spectator'])}", origin=server.url) as ws:  # type: ignore[arg-type]
            ws.recv(10)
    lines = server.log().splitlines()
    assert any(" INFO server: Application startup complete" in ln for ln in lines)
    assert any(" INFO server: connection open" in ln for ln in lines)
    assert any(" INFO elgrande: game " in ln for ln in lines)
    assert not any("uvicorn.error" in ln for ln in lines)


def test_bodies_are_bounded_and_bad_configs_refused(server: ServerProcess) -> None:
    with httpx.Client(base_url=server.url, timeout=30) as c:
        r = c.post("/api/games", content=b"{" + b" " * (1024 * 1024 + 10) + b"}",
                   headers={"content-type": "application/json"})
        assert r.status_code == 413
        assert c.post("/api/games", json={"players": 9}).status_code == 400
        assert c.post("/api/games", json={"players": 2, "fill": "/etc/passwd"}).status_code == 400


def test_two_answers_of_one_seat_at_once_one_wins(server: ServerProcess) -> None:
    from concurrent.futures import ThreadPoolExecutor

    from elgrande.play.views import pending_decision

    with httpx.Client(base_url=server.url, timeout=30) as c:
        made = _create(c, players=2, seed=13)
        game = made["game"]
        toks = [token_of(u) for u in made["seats"]]
        st = next(s for s in (seat_state(c, game, t) for t in toks) if s["view"]["pending"])
        t = toks[st["seat"]]
        rng = random.Random(6)
        answers = [pending_decision(st["view"]).random_answer(rng, st["seat"])
                   for _ in range(2)]

        def post(a: object) -> int:
            with httpx.Client(base_url=server.url, timeout=30) as own:
                return own.post(f"/api/games/{game}/answer", headers={"X-Elgrande-Token": t},
                                json={"n": st["n"], "answer": a}).status_code
        with ThreadPoolExecutor(2) as pool:
            codes = sorted(pool.map(post, answers))
        assert codes == [200, 409]
        assert seat_state(c, game, t)["n"] == st["n"] + 1


def test_a_seats_answers_are_rate_limited(tmp_path: Path) -> None:
    from starlette.testclient import TestClient

    from elgrande.server.app import create_app
    from elgrande.server.limits import Limits
    from elgrande.server.store import Store

    app = create_app(Store(f"sqlite:///{tmp_path / 'g.db'}"), tmp_path,
                     Limits(answers_per_second=2))
    with TestClient(app) as c:
        made = c.post("/api/games", json={"players": 2, "seed": 10}).json()
        game = made["game"]
        t0, t1 = (token_of(u) for u in made["seats"])
        codes = [c.post(f"/api/games/{game}/answer", headers={"X-Elgrande-Token": t0},
                        json={"n": 999, "answer": 1}).status_code for _ in range(10)]
        assert codes[:2] == [409, 409] and codes.count(429) >= 6
        # the other seat has its own allowance
        assert c.post(f"/api/games/{game}/answer", headers={"X-Elgrande-Token": t1},
                      json={"n": 999, "answer": 1}).status_code == 409


def test_games_dropped_from_memory_are_loaded_again_from_the_database(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from starlette.testclient import TestClient

    from elgrande.server import service
    from elgrande.server.app import create_app
    from elgrande.server.store import Store

    monkeypatch.setattr(service, "MAX_LIVE", 1)
    app = create_app(Store(f"sqlite:///{tmp_path / 'g.db'}"), tmp_path)
    with TestClient(app) as c:
        made = [c.post("/api/games", json={"players": 2, "seed": s}).json() for s in (1, 2)]
        toks = [token_of(m["seats"][0]) for m in made]
        first = c.get(f"/api/games/{made[0]['game']}/state", params={"t": toks[0]}).json()
        assert list(app.state.service._live) == [made[0]["game"]]  # the other one dropped
        c.get(f"/api/games/{made[1]['game']}/state", params={"t": toks[1]})
        again = c.get(f"/api/games/{made[0]['game']}/state", params={"t": toks[0]}).json()
        assert again == first
