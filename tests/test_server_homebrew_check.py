"""``POST /api/homebrew/check`` through a real ``elgrande serve`` process: a zip is
checked and validated as a game's creation does (docs/serve.md), and the answer says
each card's note (its chance, B3.1, B3.7, and the early deal's round) or the cards'
errors with file and line as ``elgrande validate`` gives them; a zip bomb or a path
outside the folder is refused; nothing is stored (no game, no upload folder); checks are
rate-limited per client."""

from __future__ import annotations

import io
import json
import sqlite3
import time
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette", reason="elgrande serve needs the [serve] extra")
import httpx  # noqa: E402
from serve_util import ServerProcess  # noqa: E402

CARDS = Path(__file__).resolve().parent / "homebrew_serve"
GARRISON = (CARDS / "garrison.yaml").read_text()
#: garrison.yaml with a misspelt statement on its line 10, column 3
BAD = GARRISON.replace("move up to 3 own", "mvoe up to 3 own")


def zipped(files: dict[str, str | bytes]) -> bytes:
    """A zip of ``files`` (name: body), deflated."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        for name, body in files.items():
            z.writestr(name, body)
    return buf.getvalue()


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """A real server (default limits but a 2 MB unpacked size) on a fresh SQLite file."""
    pytest.importorskip("uvicorn", reason="elgrande serve needs the [serve] extra")
    folder = tmp_path_factory.mktemp("check")
    real = ServerProcess(f"sqlite:///{folder / 'games.db'}", folder,
                         "--max-unpacked", str(2 * 1024 * 1024))
    real.start()
    try:
        yield real
    finally:
        real.stop()


def check(base: str, config: dict[str, Any], data: bytes) -> httpx.Response:
    """POST the zip ``data`` with ``config`` to the check route (again after a 429: the
    checks are rate-limited)."""
    for _ in range(20):
        r = httpx.post(base + "/api/homebrew/check", data={"config": json.dumps(config)},
                       files={"cards": ("mycards.zip", data, "application/zip")}, timeout=60)
        if r.status_code != 429:
            return r
        time.sleep(0.6)
    raise AssertionError("the check route answered 429 for ten seconds")


def nothing_stored(real: ServerProcess) -> None:
    """No game in the database, no upload folder, no check folder left in the data dir."""
    with sqlite3.connect(real.folder / "games.db") as db:
        assert db.execute("select count(*) from games").fetchone() == (0,)
    assert not (real.folder / "uploads").exists() or not any((real.folder / "uploads").iterdir())


def test_a_valid_zip_gives_each_card_and_its_note(served: ServerProcess) -> None:
    r = check(served.url, {"players": 3, "variant": "standard"},
              zipped({f"mycards/{f.name}": f.read_text() for f in CARDS.glob("*.yaml")}))
    assert r.status_code == 200, r.text
    got = r.json()
    assert got["ok"] is True
    cards = {c["title"]: c for c in got["cards"]}
    assert sorted(cards) == ["Garrison", "Rally", "Smugglers"]
    assert cards["Garrison"]["id"] == "hb-garrison" and cards["Garrison"]["stack"] == 2
    # the stack of Garrison holds 11 + 2 uploaded cards; nine rounds turn up nine of them.
    # Two uploaded cards share that stack: the early deal needs two rounds for them
    assert cards["Garrison"]["note"] == (
        "Your card Garrison is one of 13 in its stack: 9 of them come up in a game (one a "
        "round, B3.1), so it comes up in a given game with probability 9/13 (69%). Tick "
        "'Deal my cards early' to see it by round 2.")
    nothing_stored(served)


def test_one_card_in_the_short_game_and_the_ticked_box(served: ServerProcess) -> None:
    data = zipped({"mycards/garrison.yaml": GARRISON})
    r = check(served.url, {"players": 4, "variant": "short"}, data)
    assert r.status_code == 200, r.text
    [card] = r.json()["cards"]
    note = card["note"]
    # six rounds turn up six of the 12; the short game's rounds are numbered from 2 (B3.7)
    assert note.startswith("Your card Garrison is one of 12 in its stack: 6 of them come up")
    assert note.endswith(" Tick 'Deal my cards early' to see it in round 2."), note
    short = httpx.post(served.url + "/api/homebrew/check", timeout=60)  # (rate: no matter)
    assert short.status_code in (400, 429)
    ticked = check(served.url, {"players": 4, "homebrew_early": True, "seed": 3}, data)
    assert ticked.status_code == 200, ticked.text  # the seed is not the check's business
    assert ticked.json()["cards"][0]["note"] == (
        "'Deal my cards early' is ticked: your card Garrison comes up in round 1. (Unticked: "
        "your card Garrison is one of 12 in its stack: 9 of them come up in a game (one a "
        "round, B3.1), so it comes up in a given game with probability 3/4 (75%).)")
    nothing_stored(served)


def test_a_bad_card_gives_its_errors_with_file_and_line(served: ServerProcess) -> None:
    r = check(served.url, {"players": 4}, zipped({"mycards/garrison.yaml": BAD}))
    assert r.status_code == 422, r.text
    got = r.json()
    assert got["ok"] is False
    [problem] = got["errors"]
    assert problem.startswith("garrison.yaml:10:3: E-SYNTAX syntax error: unknown statement "
                              "'mvoe' (did you mean 'move'?)"), problem
    assert problem in got["error"]
    # as `elgrande validate` prints it: the path from the zip's top, the line, a caret
    [block] = got["shown"]
    head, text, caret, *_ = block.split("\n")
    assert head.startswith("mycards/garrison.yaml:10:3: error E-SYNTAX: syntax error: "
                           "unknown statement"), head
    assert text == "  " + BAD.splitlines()[9] and caret == "    ^", block
    assert "/tmp" not in block and served.url not in block
    # Create refuses the same zip with the same words (one validation path)
    made = httpx.post(served.url + "/api/games", data={"config": json.dumps({"players": 4})},
                      files={"cards": ("c.zip", zipped({"mycards/garrison.yaml": BAD}),
                                       "application/zip")}, timeout=60)
    assert made.status_code == 422 and made.json()["errors"] == got["errors"]
    nothing_stored(served)


@pytest.mark.parametrize("files", [
    {"mycards/garrison.yaml": GARRISON, "big.yaml": "#" * 3_000_000},  # past 2 MB unpacked
    {"mycards/garrison.yaml": GARRISON, "../evil.yaml": "x"},
    {"mycards/garrison.yaml": GARRISON, "/etc/evil.yaml": "x"},
    {"mycards/run.py": "print(1)"},
], ids=["bomb", "dotdot", "absolute", "python"])
def test_a_refused_archive_is_refused_and_nothing_is_written(
        served: ServerProcess, files: dict[str, str]) -> None:
    data = zipped(dict(files))
    r = check(served.url, {"players": 4}, data)
    assert r.status_code == 422, r.text
    assert r.json()["ok"] is False and r.json()["errors"]
    nothing_stored(served)
    assert not list(served.folder.rglob("evil.yaml"))


def test_an_upload_past_the_size_limit_is_413(served: ServerProcess) -> None:
    big = b"PK" + b"\0" * (5 * 1024 * 1024 + 100 * 1024)
    r = check(served.url, {"players": 4}, big)
    assert r.status_code == 413


def test_a_bad_config_is_400_in_words(served: ServerProcess) -> None:
    r = check(served.url, {"players": 9}, zipped({"mycards/garrison.yaml": GARRISON}))
    assert r.status_code == 400
    assert r.json()["errors"] == ["'players' must be 2..5 (B1.0)"]


def test_checks_are_rate_limited_per_client(served: ServerProcess) -> None:
    time.sleep(1.1)  # a full bucket
    codes = [httpx.post(served.url + "/api/homebrew/check", json={}, timeout=30).status_code
             for _ in range(6)]
    assert codes[0] == 400 and 429 in codes, codes
