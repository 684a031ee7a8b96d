"""The parser's table cache cannot run someone else's code.

The parse tables are a pickle. They are read only from a per-user folder (mode 0700) and a
file (mode 0600) this user owns and nobody else can write; Lark's default, a predictable
name in the shared temp folder, is never used.
"""

from __future__ import annotations

import os
import pickle
import stat
import tempfile
from pathlib import Path

import pytest
from lark import Lark

from elgrande.dsl import lark_parser as P

SCRIPT = "move up to 4 own caballeros from regions to anywhere\n"


class _Payload:
    """Unpickling this creates the folder ``marker``: proof that a planted file ran."""

    def __init__(self, marker: Path) -> None:
        self.marker = marker

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (os.mkdir, (str(self.marker),))


def _plant(path: Path, marker: Path) -> None:
    path.write_bytes(b"planted\n" + pickle.dumps(_Payload(marker)))


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A private XDG_CACHE_HOME and a shared temp folder, both under tmp_path."""
    cache_home = tmp_path / "cache-home"
    cache_home.mkdir(mode=0o700)
    shared = tmp_path / "shared-tmp"
    shared.mkdir()
    monkeypatch.setenv("XDG_CACHE_HOME", str(cache_home))
    monkeypatch.setenv("TMPDIR", str(shared))
    monkeypatch.setattr(tempfile, "tempdir", None)  # re-read TMPDIR
    return tmp_path


def test_a_file_planted_at_larks_temp_folder_name_is_never_read(home: Path) -> None:
    text = P.grammar()
    shared = Path(tempfile.gettempdir())
    assert shared == home / "shared-tmp"
    # The name Lark's own cache=True uses: let Lark make it, then replace it with a payload.
    def larks_default() -> Lark:
        return Lark(text, parser="lalr", postlex=P._ScriptIndenter(), propagate_positions=True,
                    maybe_placeholders=False, start="start", cache=True)

    larks_default()
    planted = list(shared.glob(".lark_cache*"))
    assert planted, "Lark's temp-folder cache name was not found"
    marker = home / "ran"
    for path in planted:
        _plant(path, marker)
    larks_default()  # the attack works on Lark's default: the payload runs
    assert marker.is_dir()
    marker.rmdir()
    for path in planted:
        _plant(path, marker)
    built = P.build_parser(text, P.cache_file(text))
    assert built.parse(SCRIPT) is not None
    assert not marker.exists(), "a planted pickle in the temp folder was unpickled"
    assert P.cache_file(text) is not None
    assert Path(str(P.cache_file(text))).parent == home / "cache-home" / "elgrande"


def test_the_cache_file_is_0600_inside_a_0700_folder(home: Path) -> None:
    text = P.grammar()
    path = P.cache_file(text)
    assert path is not None
    P.build_parser(text, path)
    folder = home / "cache-home" / "elgrande"
    assert stat.S_IMODE(os.stat(folder).st_mode) == 0o700
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600
    assert Path(path).parent == folder and Path(path).stat().st_size > 0


def test_the_parser_works_with_and_without_the_cache(home: Path) -> None:
    text = P.grammar()
    no_cache = P.build_parser(text, None)
    path = P.cache_file(text)
    assert path is not None
    first = P.build_parser(text, path)  # builds and writes the tables
    second = P.build_parser(text, path)  # reads them
    tree = no_cache.parse(SCRIPT)
    assert first.parse(SCRIPT) == tree and second.parse(SCRIPT) == tree
    assert not list(Path(tempfile.gettempdir()).glob(".lark*")), "nothing in the temp folder"


@pytest.mark.parametrize("mode", [0o770, 0o777, 0o720, 0o702])
def test_a_cache_folder_others_can_write_is_not_used(home: Path, mode: int) -> None:
    folder = home / "cache-home" / "elgrande"
    folder.mkdir()
    os.chmod(folder, mode)
    text = P.grammar()
    assert P.cache_file(text) is None
    marker = home / "ran"
    key_file = folder / "anything.lark-cache"
    _plant(key_file, marker)
    assert P.build_parser(text, P.cache_file(text)).parse(SCRIPT) is not None
    assert not marker.exists()


def test_a_cache_folder_of_another_user_is_not_used(
        home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    text = P.grammar()
    assert P.cache_file(text) is not None  # the folder exists and is ours
    real = os.getuid()
    monkeypatch.setattr(os, "getuid", lambda: real + 1)
    assert P.cache_file(text) is None


@pytest.mark.parametrize("mode", [0o620, 0o602, 0o666])
def test_a_cache_file_others_can_write_is_not_read(home: Path, mode: int) -> None:
    text = P.grammar()
    path = P.cache_file(text)
    assert path is not None
    marker = home / "ran"
    _plant(Path(path), marker)
    os.chmod(path, mode)
    assert P.cache_file(text) is None
    assert P.build_parser(text, P.cache_file(text)).parse(SCRIPT) is not None
    assert not marker.exists()


def test_a_symlinked_cache_file_or_folder_is_not_used(home: Path) -> None:
    text = P.grammar()
    path = P.cache_file(text)
    assert path is not None
    elsewhere = home / "elsewhere"
    elsewhere.write_bytes(b"")
    os.symlink(elsewhere, path)
    assert P.cache_file(text) is None
    real_folder = home / "real-folder"
    real_folder.mkdir(mode=0o700)
    link = home / "linked"
    os.symlink(real_folder, link)
    assert P.cache_file(text, link) is None


def test_a_cache_folder_in_a_shared_non_sticky_parent_is_not_used(home: Path) -> None:
    parent = home / "open"
    parent.mkdir()
    os.chmod(parent, 0o777)
    assert P.cache_file(P.grammar(), parent / "elgrande") is None
    os.chmod(parent, 0o1777)  # sticky, like /tmp: others cannot swap our folder
    assert P.cache_file(P.grammar(), parent / "elgrande") is not None


def test_no_cache_when_the_folder_cannot_be_made(home: Path) -> None:
    blocker = home / "a-file"
    blocker.write_text("not a folder")
    assert P.cache_file(P.grammar(), blocker / "elgrande") is None
    assert P.build_parser(P.grammar(), None).parse(SCRIPT) is not None


def test_the_cache_folder_follows_xdg_cache_home(monkeypatch: pytest.MonkeyPatch,
                                                 tmp_path: Path) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert P.cache_folder() == tmp_path / "elgrande"
    monkeypatch.setenv("XDG_CACHE_HOME", "relative/path")  # ignored, as the spec says
    assert P.cache_folder() == Path.home() / ".cache" / "elgrande"
