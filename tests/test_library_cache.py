"""The on-disk cache of loaded libraries (for a fast cold start): a fresh process reads a
library from the per-user cache instead of parsing every card file, but only after
checking it against what is on disk now. A stale, corrupted, foreign or unsafe cache file
is ignored and rebuilt; ``ELGRANDE_NO_CACHE`` switches the cache off.

Each test calls the uncached loader (``_load.__wrapped__``, what a new process runs) and
counts builds from the card files (or file reads); none depends on timing but one that
waits 50 ms for a new change time.
"""

from __future__ import annotations

import os
import pickle
import shutil
import time
from pathlib import Path
from typing import Any

import pytest

from elgrande.data import library as L
from elgrande.data.fingerprint import fingerprint
from elgrande.errors import CardError
from elgrande.files import diskcache
from elgrande.files.resources import cards_dir

HOMEBREW = Path(__file__).resolve().parent.parent / "examples" / "homebrew"


class Builds:
    """Counts the libraries built from files (cache misses)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.count = 0
        real = L._build

        def counting(*args: Any) -> L.Library:
            self.count += 1
            return real(*args)

        monkeypatch.setattr(L, "_build", counting)


@pytest.fixture
def env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, Path]:
    """A private cache folder, a copy of the base set (found through ``set_paths``) and a
    homebrew folder, all under tmp_path."""
    cache = tmp_path / "cache-home"
    cache.mkdir(mode=0o700)
    monkeypatch.setenv("XDG_CACHE_HOME", str(cache))
    monkeypatch.delenv(diskcache.ENV_OFF, raising=False)
    sets = tmp_path / "sets"
    shutil.copytree(cards_dir() / "base", sets / "base")
    brew = tmp_path / "brew"
    shutil.copytree(HOMEBREW, brew)
    return {"cache": cache / "elgrande", "sets": sets, "brew": brew}


def load(env: dict[str, Path], extra: tuple[str, ...] = ()) -> L.Library:
    """What a new process's ``load_library(("base",), extra, set_paths=[copy])`` does."""
    return L._load.__wrapped__(("base",), (), extra, None, (str(env["sets"]),))


def cache_files(env: dict[str, Path]) -> list[Path]:
    return sorted(env["cache"].glob("library-*.cache"))


def a_card(env: dict[str, Path]) -> Path:
    return env["sets"] / "base" / "stack1" / "intrigue-four-any.yaml"


def test_a_second_load_reads_the_cached_library(env: dict[str, Path],
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    builds = Builds(monkeypatch)
    first = load(env)
    assert builds.count == 1 and len(cache_files(env)) == 1
    second = load(env)
    assert builds.count == 1  # read from the cache, not from the card files
    assert second == first and second is not first


def test_a_changed_card_file_is_picked_up(env: dict[str, Path],
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    builds = Builds(monkeypatch)
    card = a_card(env)
    old = load(env).cards.cards["intrigue-four-any"]
    text = card.read_text(encoding="utf-8")
    card.write_text(text.replace(f'title: "{old.title}"', 'title: "Renamed"'), encoding="utf-8")
    assert load(env).cards.cards["intrigue-four-any"].title == "Renamed"
    assert builds.count == 2
    assert load(env).cards.cards["intrigue-four-any"].title == "Renamed"  # the new entry
    assert builds.count == 2


def test_an_added_homebrew_card_file_is_picked_up(env: dict[str, Path],
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    builds = Builds(monkeypatch)
    (env["brew"] / "muster.yaml").rename(env["sets"] / "muster.yaml")
    before = set(load(env, (str(env["brew"]),)).cards.cards)
    (env["sets"] / "muster.yaml").rename(env["brew"] / "muster.yaml")
    after = set(load(env, (str(env["brew"]),)).cards.cards)
    assert builds.count == 2
    assert after - before == {"hb-muster"}


def test_a_corrupted_cache_file_is_ignored_and_rebuilt(env: dict[str, Path],
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    builds = Builds(monkeypatch)
    first = load(env)
    (path,) = cache_files(env)
    raw = bytearray(path.read_bytes())
    raw[-20] ^= 0xFF  # one flipped byte in the payload: the digest no longer matches
    path.write_bytes(bytes(raw))
    assert diskcache.read(path.name) is None
    assert load(env) == first and builds.count == 2
    assert diskcache.read(path.name) is not None  # rewritten whole
    path.write_bytes(b"not a cache file at all")
    assert load(env) == first and builds.count == 3


def test_a_cache_file_for_other_inputs_is_not_used(env: dict[str, Path],
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """A valid cache file whose recorded inputs differ from the files now (a card edited
    back and forth, a file copied from elsewhere) is not trusted."""
    builds = Builds(monkeypatch)
    load(env)
    (path,) = cache_files(env)
    key, inputs, lib, stats = diskcache.read(path.name)
    forged = dict(inputs)
    forged[str(a_card(env))] = "0" * 64
    assert diskcache.write(path.name, (key, forged, lib, stats))
    load(env)
    assert builds.count == 2


def test_a_cache_of_other_code_is_not_used(env: dict[str, Path],
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    builds = Builds(monkeypatch)
    load(env)
    monkeypatch.setattr(diskcache, "code_stamp", lambda: "another-version")
    load(env)
    assert builds.count == 2 and len(cache_files(env)) == 2


def test_a_cache_file_others_can_write_is_not_read(env: dict[str, Path],
                                                   monkeypatch: pytest.MonkeyPatch,
                                                   tmp_path: Path) -> None:
    builds = Builds(monkeypatch)
    load(env)
    (path,) = cache_files(env)
    marker = tmp_path / "ran"

    class Payload:
        def __reduce__(self) -> tuple[object, tuple[str]]:
            return (os.mkdir, (str(marker),))

    payload = pickle.dumps(Payload())
    path.write_bytes(diskcache.MAGIC + diskcache.seal(payload) + payload)
    path.chmod(0o666)
    load(env)
    assert builds.count == 2 and not marker.exists()


def test_the_cache_can_be_switched_off(env: dict[str, Path],
                                       monkeypatch: pytest.MonkeyPatch) -> None:
    builds = Builds(monkeypatch)
    monkeypatch.setenv(diskcache.ENV_OFF, "1")
    load(env)
    load(env)
    assert builds.count == 2 and cache_files(env) == []
    monkeypatch.setenv(diskcache.ENV_OFF, "0")  # "0" means on
    load(env)
    load(env)
    assert builds.count == 3


def test_a_card_error_is_never_cached_and_stays_located(env: dict[str, Path]) -> None:
    card = a_card(env)
    card.write_text(card.read_text(encoding="utf-8").replace("anywhere", "atlantis"),
                    encoding="utf-8")
    for _ in range(2):
        with pytest.raises(CardError) as err:
            load(env)
        assert err.value.path == str(card) and err.value.line > 0
    assert cache_files(env) == []


def test_a_cached_library_gives_the_same_record_hashes(env: dict[str, Path]) -> None:
    built = load(env)
    cached = load(env)
    assert fingerprint(cached.board.set_dirs) == fingerprint(built.board.set_dirs)
    assert cached.board.set_dirs == built.board.set_dirs


def test_old_cache_files_are_pruned(env: dict[str, Path],
                                    monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(diskcache, "MAX_FILES", 2)
    for stamp in ("a", "b", "c"):
        monkeypatch.setattr(diskcache, "code_stamp", lambda s=stamp: s)
        load(env)
    assert len(cache_files(env)) == 2


# -- the status check: a cache file keeps each file's hash by its status ----------------
class Reads:
    """Counts the card files the loader reads to hash them, in a fresh process's state
    (:meth:`new_process`: no hashes known in the process)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        from elgrande.data import fingerprint as F

        self.count = 0
        self.monkeypatch, self.F = monkeypatch, F
        real = F.sha256

        def counting(data: bytes) -> Any:
            self.count += 1
            return real(data)

        monkeypatch.setattr(F, "sha256", counting)
        self.new_process()

    def new_process(self) -> None:
        self.monkeypatch.setattr(self.F, "_CACHE", {})
        self.monkeypatch.setattr(self.F, "_SETTLED", set())
        self.count = 0


def test_a_later_load_hashes_no_unchanged_file(env: dict[str, Path],
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    from elgrande.data import fingerprint as F

    monkeypatch.setattr(F, "RACY_NS", -10**12)  # the copies count as long settled
    reads, builds = Reads(monkeypatch), Builds(monkeypatch)
    load(env)
    assert reads.count > 20
    reads.new_process()
    assert load(env) is not None and builds.count == 1
    assert reads.count == 0  # every file's status is as when it was hashed


def test_a_file_rewritten_with_its_size_and_mtime_kept_is_read_again(
        env: dict[str, Path], monkeypatch: pytest.MonkeyPatch) -> None:
    from elgrande.data import fingerprint as F

    monkeypatch.setattr(F, "RACY_NS", -10**12)
    reads, builds = Reads(monkeypatch), Builds(monkeypatch)
    card = a_card(env)
    old = load(env).cards.cards["intrigue-four-any"]
    st = card.stat()
    time.sleep(0.05)  # past the filesystem's timestamp granularity: a new ctime
    text = card.read_text(encoding="utf-8")
    card.write_text(text.replace(f'title: "{old.title}"',
                                 'title: "' + "X" * len(old.title) + '"'), encoding="utf-8")
    os.utime(card, ns=(st.st_atime_ns, st.st_mtime_ns))  # same size, same mtime: the ctime
    assert card.stat().st_size == st.st_size          # (and the content hash) differ
    reads.new_process()
    assert load(env).cards.cards["intrigue-four-any"].title == "X" * len(old.title)
    assert builds.count == 2 and reads.count >= 1


def test_a_file_hashed_just_after_a_change_is_hashed_again_later(
        env: dict[str, Path], monkeypatch: pytest.MonkeyPatch) -> None:
    """A file changed within RACY_NS of its hashing may change again unseen by its status
    (timestamp granularity): its hash is not kept for a later process."""
    from elgrande.data import fingerprint as F

    monkeypatch.setattr(F, "RACY_NS", 10**18)  # every file counts as just changed
    reads = Reads(monkeypatch)
    load(env)
    reads.new_process()
    load(env)
    assert reads.count > 20


# -- the memo of parsed card files and scripts (what validate and a library build reuse) --
class Parses:
    """Counts YAML documents and effect scripts parsed (memo misses), in a fresh memo (what
    a new process starts with)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        from elgrande.data import yamlpos
        from elgrande.dsl import parser

        self.yaml = self.scripts = 0
        real_yaml, real_parse = yamlpos.load, parser.parse

        def count_yaml(*args: Any) -> Any:
            self.yaml += 1
            return real_yaml(*args)

        def count_parse(*args: Any) -> Any:
            self.scripts += 1
            return real_parse(*args)

        monkeypatch.setattr(yamlpos, "load", count_yaml)
        monkeypatch.setattr(parser, "parse", count_parse)
        self.monkeypatch = monkeypatch
        self.new_process()

    def new_process(self) -> None:
        self.monkeypatch.setattr(diskcache, "PARSED", diskcache.Memo("parsed"))


def validate_brew(env: dict[str, Path]) -> Any:
    from elgrande.tools.validate import validate

    return validate([str(env["brew"])], smoke=0)


def test_validate_reads_unchanged_files_from_the_memo(env: dict[str, Path],
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    parses = Parses(monkeypatch)
    first = validate_brew(env)
    assert parses.scripts >= 4 and parses.yaml >= 4
    parses.new_process()
    parses.yaml = parses.scripts = 0
    second = validate_brew(env)
    assert (parses.yaml, parses.scripts) == (0, 0)
    assert second.diagnostics == first.diagnostics and second.cards == first.cards


def test_a_changed_file_is_parsed_again_and_its_errors_located(
        env: dict[str, Path], monkeypatch: pytest.MonkeyPatch) -> None:
    parses = Parses(monkeypatch)
    validate_brew(env)
    card = env["brew"] / "muster.yaml"
    text = card.read_text(encoding="utf-8")
    card.write_text(text.replace("own caballero", "own cabalero"), encoding="utf-8")
    parses.new_process()
    parses.yaml = parses.scripts = 0
    report = validate_brew(env)
    # only the edited file (its broken script is tried by the checks and by the card build:
    # an error is never memoised)
    assert parses.yaml == 1 and 1 <= parses.scripts <= 2
    errors = [d for d in report.diagnostics if d.severity == "error"]
    assert errors and all(d.path == str(card) and d.line > 0 for d in errors)


def test_a_corrupted_memo_file_is_ignored(env: dict[str, Path],
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    parses = Parses(monkeypatch)
    first = validate_brew(env)
    paths = sorted(env["cache"].glob("parsed-*.cache"))
    assert paths
    for path in paths:
        path.write_bytes(path.read_bytes()[:-10])  # cut short
    parses.new_process()
    parses.scripts = 0
    assert validate_brew(env).diagnostics == first.diagnostics
    assert parses.scripts >= 4
    assert all(isinstance(diskcache.read(p.name), dict) for p in paths)  # written whole again


def test_the_memo_of_one_folder_is_not_read_for_another(env: dict[str, Path],
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """The memo is kept per folder: validating a folder reads its own results, not those
    of every folder validated before."""
    from elgrande.tools.validate import validate

    parses = Parses(monkeypatch)
    other = env["brew"].parent / "other-brew"
    shutil.copytree(env["brew"], other)
    for p in other.glob("*.yaml"):  # other card ids, so both folders validate
        p.write_text(p.read_text(encoding="utf-8").replace("id: hb-", "id: ob-"),
                     encoding="utf-8")
    validate_brew(env)
    validate([str(other)], smoke=0)
    shard = diskcache.Memo.shard(other / "x.yaml")
    assert (env["cache"] / f"parsed-{diskcache.code_stamp()}-{shard}.cache").is_file()
    parses.new_process()
    names: list[str] = []
    real = diskcache.read

    def reading(name: str, where: Path | None = None) -> Any:
        names.append(name)
        return real(name, where)

    monkeypatch.setattr(diskcache, "read", reading)
    parses.yaml = parses.scripts = 0
    validate_brew(env)
    assert (parses.yaml, parses.scripts) == (0, 0)
    assert not any(shard in n for n in names)


def test_the_memo_can_be_switched_off(env: dict[str, Path],
                                      monkeypatch: pytest.MonkeyPatch) -> None:
    parses = Parses(monkeypatch)
    monkeypatch.setenv(diskcache.ENV_OFF, "yes")
    validate_brew(env)
    parses.new_process()
    parses.scripts = 0
    validate_brew(env)
    assert parses.scripts >= 4 and list(env["cache"].glob("parsed-*.cache")) == []


def test_the_memo_drops_the_least_recently_used_entries(env: dict[str, Path],
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(diskcache.Memo, "MAX_ENTRIES", 3)
    first = diskcache.Memo("parsed")
    for k in ("k1", "k2", "k3"):
        first.put(k, k.upper())
    first.flush()
    second = diskcache.Memo("parsed")  # a later process: uses k1, adds k4
    assert second.get("k1") == "K1"
    second.put("k4", "K4")
    second.flush()
    third = diskcache.Memo("parsed")
    assert [third.get(k) for k in ("k1", "k2", "k3", "k4")] == ["K1", None, "K3", "K4"]
