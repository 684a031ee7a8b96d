"""Combined answers of ``elgrande serve`` (issue 30) through a real server process: the
B4.5 question's "before" is shown combined with the B4.4 question it leads to (carry out
or decline), and ``POST /answer`` takes both at once (``"then"``): stored as two answers
numbered n and n+1 that ``elgrande check`` accepts, or, when the second part is refused
(its rule named) or the number is stale, neither."""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette", reason="elgrande serve needs the [serve] extra")
import httpx  # noqa: E402
from browser import Tab  # noqa: E402
from click.testing import CliRunner  # noqa: E402
from serve_util import ServerProcess, play_turn, seat_state, token_of  # noqa: E402

from elgrande.play.records import replay  # noqa: E402
from elgrande.play.views import pending_decision  # noqa: E402
from elgrande.server.page_words import ORDER_WORDS  # noqa: E402
from elgrande.tools.cli import main  # noqa: E402


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    folder = tmp_path_factory.mktemp("serve")
    s = ServerProcess(f"sqlite:///{folder / 'games.db'}", folder, "--answers-per-second",
                      "1000")
    s.start()
    yield s
    s.stop()


def _rule(st: dict[str, Any]) -> str | None:
    view = st["view"]
    return None if st["over"] or view.get("pending") is None else \
        pending_decision(view).rule


def _post(c: httpx.Client, game: str, token: str, body: dict[str, Any]) -> httpx.Response:
    return c.post(f"/api/games/{game}/answer", headers={"X-Elgrande-Token": token}, json=body)


def _to_order(c: httpx.Client, seed: int) -> tuple[str, str, dict[str, Any]]:
    """A 2-seat game against a bot, played at random up to seat 0's B4.5 question whose
    controls combine "before" with B4.4: (game, seat 0's link, state)."""
    made = c.post("/api/games", json={"players": 2, "bots": {"1": "random"}, "seed": seed})
    assert made.status_code == 201, made.text
    game, tok = made.json()["game"], token_of(made.json()["seats"][0])
    rng = random.Random(seed)
    for _ in range(400):
        st = seat_state(c, game, tok)
        if _rule(st) == "B4.5" and any("then" in o for o in _controls(c, game, tok)):
            return game, made.json()["seats"][0], st
        assert play_turn(c, game, tok, rng, st) in (None, 200)
    raise AssertionError("no B4.5 question met")


def _controls(c: httpx.Client, game: str, tok: str) -> list[dict[str, Any]]:
    r = c.get(f"/api/games/{game}/controls", params={"t": tok})
    assert r.status_code == 200, r.text
    return list(r.json()["controls"]["options"])


@pytest.mark.rule("B4.5", "B4.4")
def test_combined_answers_are_stored_as_two_and_the_record_checks(
        server: ServerProcess, tmp_path: Path) -> None:
    """Every B4.5 question of seat 0 is answered by one of its three buttons in turn; each
    combined one stores the B4.5 and the B4.4 answers as n and n+1; the record of the
    finished game passes ``elgrande check``."""
    with httpx.Client(base_url=server.url, timeout=30) as c:
        made = c.post("/api/games", json={"players": 2, "bots": {"1": "random"}, "seed": 4})
        game, tok = made.json()["game"], token_of(made.json()["seats"][0])
        admin = token_of(made.json()["admin"])
        rng = random.Random(2)
        sent: list[tuple[int, list[int], list[int]]] = []
        for _ in range(3000):
            st = seat_state(c, game, tok)
            if st["over"]:
                break
            opts = _controls(c, game, tok) if _rule(st) == "B4.5" else []
            if not any("then" in o for o in opts):
                assert play_turn(c, game, tok, rng, st) in (None, 200)
                continue
            assert [o["label"] for o in opts] == [
                ORDER_WORDS["first"], ORDER_WORDS["after"], ORDER_WORDS["decline"]]
            o = opts[len(sent) % 3]
            body: dict[str, Any] = {"n": st["n"], "actions": o["unit"]}
            if "then" in o:
                body["then"] = {"actions": o["then"]}
            r = _post(c, game, tok, body)
            assert r.status_code == 200, r.text
            assert r.json()["n"] >= st["n"] + (2 if "then" in o else 1)
            sent.append((st["n"], o["unit"], o.get("then") or []))
        else:
            pytest.fail("the game did not end")
        assert len([s for s in sent if s[2]]) >= 2, "too few combined answers"
        r = c.get(f"/api/games/{game}/record", params={"t": admin})
    lines = r.text.splitlines()
    assert replay(lines).over
    for n, unit, then in sent:
        first = json.loads(lines[1 + n])
        assert (first["player"], first["kind"], first["answer"]) == (0, "choose_option",
                                                                     unit[0])
        if then:
            second = json.loads(lines[2 + n])
            assert (second["player"], second["answer"]) == (0, then[0])
    rec = tmp_path / "combined.jsonl"
    rec.write_text(r.text)
    out = CliRunner().invoke(main, ["check", str(rec)])
    assert out.exit_code == 0, out.output


@pytest.mark.rule("B4.5", "B3.4")
def test_a_refused_second_part_or_a_stale_number_stores_nothing(
        server: ServerProcess) -> None:
    with httpx.Client(base_url=server.url, timeout=30) as c:
        game, link, st = _to_order(c, 7)
        tok = token_of(link)
        n = st["n"]
        # B4.4 has two options: a third is refused, with its rule; "before" is not kept
        r = _post(c, game, tok, {"n": n, "actions": [1], "then": {"actions": [5]}})
        assert r.status_code == 422, r.text
        assert r.json()["rule"] and r.json()["error"]
        r = _post(c, game, tok, {"n": n, "answer": 1, "then": {"answer": "not an option"}})
        assert r.status_code == 422, r.text
        # "after" leads to the placement (no pick): an option as its second part is refused
        r = _post(c, game, tok, {"n": n, "answer": 0, "then": {"answer": 0}})
        assert r.status_code == 422, r.text
        after = seat_state(c, game, tok)
        assert after["n"] == n and _rule(after) == "B4.5"
        # a malformed second part: 400, nothing stored
        r = _post(c, game, tok, {"n": n, "answer": 1, "then": [0]})
        assert r.status_code == 400
        # the good one goes through; sent again (a second tab), it is stale
        r = _post(c, game, tok, {"n": n, "answer": 1, "then": {"answer": 1}})
        assert r.status_code == 200 and r.json()["n"] >= n + 2
        now = seat_state(c, game, tok)["n"]
        r = _post(c, game, tok, {"n": n, "answer": 1, "then": {"answer": 1}})
        assert r.status_code == 409
        assert seat_state(c, game, tok)["n"] == now


#: The three buttons of a B4.5 question combined with B4.4, and what each leads to: the
#: log line of the special action said, the base part's order (B4.5), the next rule.
BUTTONS = [(ORDER_WORDS["first"], "carries out", False),
           (ORDER_WORDS["after"], None, True),
           (ORDER_WORDS["decline"], "declines the special action", False)]


@pytest.mark.rule("B4.5", "B4.4")
@pytest.mark.parametrize(("label", "said", "place_first"), BUTTONS)
def test_each_combined_button_answers_both_questions_at_once(
        server: ServerProcess, new_tab: Callable[[], Tab], label: str, said: str | None,
        place_first: bool) -> None:
    """A click on each of the three buttons of a seeded game's B4.5 question: carried out
    first (then the placement or the action's own steps, never B4.4 again), the placement
    first (B4.3 next), declined (B4.3 next, the log says so)."""
    with httpx.Client(base_url=server.url, timeout=30) as c:
        game, link, st = _to_order(c, 11)
        tok = token_of(link)
        tab = new_tab()
        tab.page.goto(server.url + link)
        tab.page.wait_for_function(
            "(n) => window.elgrandePage && window.elgrandePage.n === n", arg=st["n"])
        box = tab.page.get_by_role("region", name="Your decision")
        buttons = box.get_by_role("list", name="Choices").get_by_role("button")
        assert buttons.all_inner_texts() == [b[0] for b in BUTTONS]
        buttons.filter(has_text=label).click()
        tab.page.wait_for_function(
            "(n) => window.elgrandePage && window.elgrandePage.n > n", arg=st["n"])
        after = seat_state(c, game, tok)
    assert after["n"] >= st["n"] + (1 if place_first else 2)
    news = "\n".join(after["log"][len(st["log"]):])
    if said is None:
        assert "carries out" not in news and "declines" not in news, news
    else:
        assert said in news, news
    rule = _rule(after)
    assert rule != "B4.4"  # never asked twice
    if said != "carries out":
        assert rule == "B4.3" and after["to_move"] == [0]
        assert after["view"]["flow"]["parts"]["base"]["place_first"] is place_first
        assert after["view"]["flow"]["parts"]["base"]["special_done"] is (not place_first)
    if place_first:  # the placement sent, B4.4 comes as the step chosen (f15), once
        with httpx.Client(base_url=server.url, timeout=30) as c:
            st = seat_state(c, game, tok)
            assert play_turn(c, game, tok, random.Random(3), st) == 200
            st = seat_state(c, game, tok)
        assert _rule(st) == "B4.4" and st["to_move"] == [0], st["log"][-3:]
        tab.page.wait_for_function(
            "(n) => window.elgrandePage && window.elgrandePage.n === n", arg=st["n"])
        shown = tab.page.locator("#prompt").inner_text()
        assert "your caballeros are placed. Next, as you chose, the card's special " \
            "action: carry it out, or decline it?" in shown, shown
        texts = box.get_by_role("list", name="Choices").get_by_role("button")
        assert all("first" not in t for t in texts.all_inner_texts())
    assert tab.errors == [], tab.errors
