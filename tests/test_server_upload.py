"""Homebrew card folders uploaded to ``elgrande serve`` as a zip: a path outside the
folder, a link, too many files or a zip bomb is refused before anything is written; the
cards are then validated as ``elgrande validate`` does, and a game plays with them."""

from __future__ import annotations

import io
import stat
import zipfile
from pathlib import Path

import pytest

pytest.importorskip("starlette", reason="elgrande serve needs the [serve] extra")
from serve_util import BOT_SEED  # noqa: E402

from elgrande.server.limits import Limits  # noqa: E402
from elgrande.server.upload import UploadError, read_zip, unpack  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
SPY = (ROOT / "examples" / "homebrew" / "spy.yaml").read_bytes()


def _zip(files: dict[str, bytes], link: str | None = None) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        for name, body in files.items():
            z.writestr(name, body)
        if link is not None:
            info = zipfile.ZipInfo(link)
            info.external_attr = (stat.S_IFLNK | 0o777) << 16
            z.writestr(info, "/etc/passwd")
    return buf.getvalue()


@pytest.mark.parametrize("name", ["../evil.yaml", "/abs.yaml", "a/../../b.yaml",
                                  "c:/x.yaml", "a\\..\\b.yaml", "run.py"])
def test_a_path_outside_the_folder_or_not_a_card_file_is_refused(tmp_path: Path,
                                                                 name: str) -> None:
    with pytest.raises(UploadError):
        unpack(_zip({"ok.yaml": SPY, name: b"x"}), tmp_path / "cards", Limits(smoke=0))
    assert not (tmp_path / "cards").exists()  # nothing written


def test_links_bombs_too_many_files_and_non_zips_are_refused(tmp_path: Path) -> None:
    small = Limits(unpacked=100_000, files=3, smoke=0)
    cases = {"link": _zip({"ok.yaml": SPY}, link="l.yaml"),
             "bomb": _zip({"ok.yaml": SPY, "big.yaml": b"#" * 5_000_000}),
             "many": _zip({f"c{i}.yaml": SPY for i in range(4)}),
             "not a zip": b"PK\x03\x04 nonsense", "empty": _zip({})}
    for why, data in cases.items():
        with pytest.raises(UploadError):
            unpack(data, tmp_path / "cards", small)
        assert not (tmp_path / "cards").exists(), why
    with pytest.raises(UploadError, match="over"):
        read_zip(b"x" * 101, Limits(upload=100))


def test_a_zip_that_lies_about_its_sizes_is_stopped_on_the_bytes_read() -> None:
    data = bytearray(_zip({"big.yaml": b"#" * 200_000}))
    # the central directory's and the local header's uncompressed size: said to be 10
    cd = data.rfind(b"PK\x01\x02")
    data[cd + 24:cd + 28] = (10).to_bytes(4, "little")
    data[22:26] = (10).to_bytes(4, "little")
    with pytest.raises(UploadError):
        read_zip(bytes(data), Limits(unpacked=1000, smoke=0))


def test_cards_with_errors_are_refused_and_removed(tmp_path: Path) -> None:
    bad = SPY.replace(b"choose player from opponents", b"choose nonsense ((")
    with pytest.raises(UploadError, match="error"):
        unpack(_zip({"spy.yaml": bad}), tmp_path / "cards", Limits(smoke=0))
    assert not (tmp_path / "cards").exists()


def test_a_refused_upload_says_where_and_how_to_fix_it_as_validate_does(tmp_path: Path) -> None:
    bad = SPY.replace(b"opponents", b"oponents")
    with pytest.raises(UploadError, match=r"spy\.yaml:\d+:\d+: E-\S+ .*did you mean 'opponents'"):
        unpack(_zip({"spy.yaml": bad}), tmp_path / "x", Limits(smoke=0))


def test_a_game_is_created_with_uploaded_cards(tmp_path: Path) -> None:
    import json

    from starlette.testclient import TestClient

    from elgrande.server.app import create_app
    from elgrande.server.store import Store

    app = create_app(Store(f"sqlite:///{tmp_path / 'g.db'}"), tmp_path, Limits(smoke=1))
    with TestClient(app) as c:
        r = c.post("/api/games", data={"config": json.dumps({"players": 3, "seed": 2})},
                   files={"cards": ("hb.zip", _zip({"hb/spy.yaml": SPY}), "application/zip")})
        assert r.status_code == 201, r.text
        made = r.json()
        st = c.get(f"/api/games/{made['game']}/state",
                   params={"t": made["seats"][0].split("t=")[1]}).json()
        assert st["n"] == 0 and not st["over"]
        # the game plays with the cards, kept under data_dir/uploads (never data_dir/cards:
        # served from a clone, that is the shipped cards), named by the zip's top folder
        assert st["view"]["header"]["cards"] == ["hb"]
        assert not (tmp_path / "cards").exists()
        assert [p.name for p in (tmp_path / "uploads").glob("upload-*/hb/spy.yaml")]
    again = create_app(Store(f"sqlite:///{tmp_path / 'g.db'}"), tmp_path, Limits(smoke=1))
    with TestClient(again) as c:  # a restarted server replays the game with its cards
        st2 = c.get(f"/api/games/{made['game']}/state",
                    params={"t": made["seats"][0].split("t=")[1]}).json()
        assert st2 == st
    with TestClient(again) as c:
        r = c.post("/api/games", data={"config": json.dumps({"players": 3})},
                   files={"cards": ("hb.zip", _zip({"../x.yaml": SPY}), "application/zip")})
        assert r.status_code == 422 and "outside" in r.json()["error"]
        big = c.post("/api/games", data={"config": "{}"},
                     files={"cards": ("hb.zip", b"0" * (6 * 1024 * 1024), "application/zip")})
        assert big.status_code == 413


def test_the_record_of_a_game_with_uploaded_cards_checks_beside_the_hosts_folder(
        tmp_path: Path) -> None:
    """The record names the homebrew folder as the host named it (the zip's top folder),
    so `elgrande check` reads a downloaded record kept beside that folder; no server path
    is in it."""
    from elgrande.play.records import replay
    from elgrande.server.service import Service
    from elgrande.server.store import Store

    cards = unpack(_zip({"mycards/spy.yaml": SPY}), tmp_path / "srv" / "uploads" / "u1",
                   Limits(smoke=0))
    assert cards.name == "mycards"
    service = Service(Store(f"sqlite:///{tmp_path / 'g.db'}"), tmp_path / "srv",
                      bot_seed=BOT_SEED)
    made = service.create({"players": 3, "seed": 5,
                           "bots": {"0": "random", "1": "random", "2": "random"}}, cards)
    live = service.load(made["game"])
    assert live is not None and live.game.over  # three bots play it to the end at once
    record = service.record(live)
    assert "srv" not in record and "uploads" not in record
    home = tmp_path / "host"
    (home / "mycards").mkdir(parents=True)
    (home / "mycards" / "spy.yaml").write_bytes(SPY)
    (home / "game.jsonl").write_text(record)
    lines = (home / "game.jsonl").read_text().splitlines()
    assert replay(lines, record_dir=home).over  # as `elgrande check game.jsonl` reads it
