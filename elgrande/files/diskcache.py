"""The per-user cache folder: files this process may trust enough to read, or nothing.

Three caches live there: the parser's LALR tables (:mod:`elgrande.dsl.parser`), the parsed
card files and scripts (:mod:`elgrande.data.parsecache`) and whole loaded libraries
(:mod:`elgrande.data.library`). A cache is an optimisation only: a missing, stale,
corrupted or unsafe cache file is ignored (and rewritten), never an error.

Safety (another user could write to a shared cache folder): a cache holds pickles, so a file
is read only from a folder (mode 0700) and as a file (mode 0600) that this user owns and
nobody else can write (:func:`folder`, :func:`safe_path`). Integrity: every file written
here (:func:`write`) starts with a magic line and the BLAKE2b digest of its payload
(:func:`seal`; as strong as sha256 and three times cheaper to compute without OpenSSL, which
matters at every cold start); :func:`read` unpickles nothing whose digest does not match.
What it returns is still checked by the caller against what it expects (the inputs' hashes,
the types) before use.

``ELGRANDE_NO_CACHE`` set to anything but ``""`` or ``"0"`` switches the card caches off
(:func:`enabled`); the parser's table cache stays.
"""

from __future__ import annotations

import importlib.util
import os
import pickle
import stat
import sys
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from hashlib import blake2b as blake2b
    from hashlib import sha256 as sha256
else:
    try:  # the built-in module, for the same reason (the same digests)
        from _blake2 import blake2b
    except ImportError:  # pragma: no cover - a Python built without it
        from hashlib import blake2b
    try:  # the lean built-in module first, as CPython's random.py does: hashlib loads
        # OpenSSL, a few ms of every cold start; the same sha256, the same digests
        from _sha256 import sha256
    except ImportError:  # pragma: no cover - Python 3.12 renamed it _sha2
        try:
            from _sha2 import sha256
        except ImportError:  # a Python built without them
            from hashlib import sha256

#: The environment variable that switches the card caches off.
ENV_OFF = "ELGRANDE_NO_CACHE"
#: The first bytes of every cache file this module writes (then 32 digest bytes).
MAGIC = b"elgrande cache 2\n"
_DIGEST = 32
#: Most library cache files kept; older ones are removed when a new one is written.
MAX_FILES = 64


def seal(payload: bytes) -> bytes:
    """The digest a cache file holds of its ``payload``: BLAKE2b, :data:`_DIGEST` bytes."""
    return blake2b(payload, digest_size=_DIGEST).digest()


def enabled() -> bool:
    """False when ``ELGRANDE_NO_CACHE`` is set (to anything but ``""``/``"0"``)."""
    return os.environ.get(ENV_OFF, "") in ("", "0")


def cache_folder() -> Path:
    """The per-user cache folder: ``$XDG_CACHE_HOME/elgrande`` when ``XDG_CACHE_HOME`` is
    an absolute path, else ``~/.cache/elgrande``."""
    base = os.environ.get("XDG_CACHE_HOME", "")
    root = Path(base) if os.path.isabs(base) else Path.home() / ".cache"
    return root / "elgrande"


def private(st: os.stat_result, kind: int) -> bool:
    """True when ``st`` (from ``lstat``) is of file type ``kind``, owned by this user and
    writable by nobody else (no group/other write bit)."""
    return (stat.S_IFMT(st.st_mode) == kind and st.st_uid == os.getuid()
            and not st.st_mode & (stat.S_IWGRP | stat.S_IWOTH))


def folder(where: Path | None = None) -> Path | None:
    """The cache folder ``where`` (default :func:`cache_folder`), made with mode 0700 if
    missing, or None when it may not be used: no user ids on this platform, it cannot be
    made, it is a symlink, not owned by this user or group/other-writable, or its parent
    is writable by others without the sticky bit (so the folder could be swapped)."""
    if not hasattr(os, "getuid"):  # pragma: no cover - no user ids (Windows)
        return None
    where = cache_folder() if where is None else where
    try:
        try:
            st = os.lstat(where)
        except FileNotFoundError:  # made once; later calls only look (speed)
            where.mkdir(mode=0o700, parents=True, exist_ok=True)
            st = os.lstat(where)
        if not private(st, stat.S_IFDIR):
            return None
        parent = os.stat(where.parent)
        if parent.st_mode & (stat.S_IWGRP | stat.S_IWOTH) and not parent.st_mode & stat.S_ISVTX:
            return None
    except OSError:
        return None
    return where


def safe_path(name: str, where: Path | None = None) -> Path | None:
    """The path of cache file ``name`` in the cache folder, or None when it may not be used
    (see :func:`folder`; or the file exists but is not a regular file owned by this user
    and writable only by them)."""
    d = folder(where)
    if d is None:
        return None
    path = d / name
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        return path
    except OSError:
        return None
    return path if private(st, stat.S_IFREG) else None


def read(name: str, where: Path | None = None) -> Any:
    """The object pickled in cache file ``name``, or None: caches off, no safe file, a
    wrong magic line or digest (a corrupted or foreign file), or a payload that does not
    unpickle (code changed meanwhile). Never raises."""
    if not enabled():
        return None
    path = safe_path(name, where)
    if path is None:
        return None
    try:
        raw = path.read_bytes()
    except OSError:
        return None
    head = len(MAGIC) + _DIGEST
    if raw[:len(MAGIC)] != MAGIC or seal(raw[head:]) != raw[len(MAGIC):head]:
        return None
    try:
        return pickle.loads(raw[head:])
    except Exception:  # noqa: BLE001 - any failure means: no cache
        return None


def write(name: str, value: Any, where: Path | None = None, prune: str = "",
          keep: int | None = None) -> bool:
    """Pickle ``value`` into cache file ``name`` (mode 0600, written to a temporary file
    then renamed, so a reader never sees half a file). When ``prune`` is given, cache files
    whose names start with it beyond the newest ``keep`` (default :data:`MAX_FILES`) are
    removed. Returns whether it was written; never raises."""
    if not enabled():
        return False
    path = safe_path(name, where)
    if path is None:
        return False
    try:
        payload = pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)
    except Exception:  # noqa: BLE001 - an unpicklable value is simply not cached
        return False
    import tempfile  # only a write needs it

    try:
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".tmp-")
        try:
            with os.fdopen(fd, "wb") as f:
                f.write(MAGIC + seal(payload) + payload)
            os.chmod(tmp, 0o600)
            os.replace(tmp, path)
        except BaseException:
            os.unlink(tmp)
            raise
        if prune:
            _prune(path.parent, prune, MAX_FILES if keep is None else keep)
    except OSError:
        return False
    return True


def _prune(where: Path, prefix: str, keep: int) -> None:
    files = sorted(where.glob(prefix + "*"), key=lambda p: p.stat().st_mtime_ns, reverse=True)
    for old in files[keep:]:
        old.unlink(missing_ok=True)


#: The parts of the package a cached library or parse depends on: the loaders (data, dsl),
#: the classes it is made of (model, errors) and this module.
STAMPED = ("data", "dsl", "model", "errors", "files")


@lru_cache(maxsize=1)
def code_stamp() -> str:
    """A digest of the code that builds what the caches hold: the modules of the layers
    that load and define it (:data:`STAMPED`: path, size, modification time of each), the
    effect grammar's text, the Python version, and Lark's and PyYAML's files. A cache made
    by other code is never used."""
    # plain strings, not Path objects: this runs at every cold start (speed)
    pkg = os.path.dirname(os.path.dirname(os.path.realpath(__file__)))  # elgrande/
    h = sha256(f"{sys.version}\0{pickle.HIGHEST_PROTOCOL}".encode())
    for part in STAMPED:
        where = os.path.join(pkg, part)
        names = sorted(os.listdir(where)) if os.path.isdir(where) else [""]
        for f in names:
            if f == "" or f.endswith((".py", ".so", ".pyd")):
                path = os.path.join(where, f) if f else where
                st = os.stat(path)
                h.update(f"{os.path.join(where, f)}\0{st.st_size}\0{st.st_mtime_ns}\0".encode())
    from elgrande.files.resources import grammar_dir

    with open(os.path.join(grammar_dir(), "effects.lark"), "rb") as g:
        h.update(g.read())
    for lib in ("lark", "yaml"):  # the parsing libraries' versions, by their files
        spec = importlib.util.find_spec(lib)
        if spec is not None and spec.origin:
            st = os.stat(spec.origin)
            h.update(f"{spec.origin}\0{st.st_size}\0{st.st_mtime_ns}\0".encode())
    return h.hexdigest()[:24]


class Memo:
    """A cache of pure results by key (a text's digest), kept in cache files
    ``<name>-<code stamp>-<shard>.cache``, one per folder of the files the results come
    from (``near``: a card file's path; its folder is the shard), so a process reads the
    results of the folders it loads, not of every folder ever validated (speed). A shard
    is read on first use and written back by :meth:`flush` when something was added to it.
    Each value is stored pickled and unpickled on every :meth:`get`, so a caller may change
    what it gets without touching the cache.

    What may be memoised: a result that depends only on its key's text and the code (a
    YAML document's data and positions, an effect script's AST); never an error.
    """

    #: Most entries kept per shard (a card file makes two, ~1 KB each): beyond it, the
    #: least recently used ones are dropped.
    MAX_ENTRIES = 5_000
    #: Code stamps whose memo is kept (other versions of the code). Several installs or
    #: checkouts of one user (a venv, a compiled build, worktrees) each keep theirs warm:
    #: with 3, a fourth evicted the others' (the cold start figures assume a warm memo).
    MAX_FILES = 8
    #: Most shards (folders) kept per code stamp; the least recently written go first.
    MAX_SHARDS = 256

    def __init__(self, name: str) -> None:
        self.name = name
        self._shards: dict[str, dict[str, bytes]] = {}
        self._used: dict[str, set[str]] = {}
        self._decoded: dict[str, Any] = {}
        self._added: set[str] = set()

    @staticmethod
    def shard(near: str | Path | None) -> str:
        """The shard of a result of the file ``near``: a digest of the absolute path of its
        card set's folder (:func:`_set_root`), else of its own folder; ``"any"`` without a
        file."""
        return "any" if near is None or not os.fspath(near) else _shard_of(os.fspath(near))

    def _file(self, shard: str) -> str:
        return f"{self.name}-{code_stamp()}-{shard}.cache"

    def _load(self, shard: str) -> dict[str, bytes]:
        entries = self._shards.get(shard)
        if entries is None:
            got = read(self._file(shard))
            ok = isinstance(got, dict) and all(
                isinstance(k, str) and isinstance(v, bytes) for k, v in got.items())
            entries = self._shards[shard] = got if ok else {}
            self._used[shard] = set()
        return entries

    def get(self, key: str, fresh: bool = True, near: str | Path | None = None) -> Any:
        """The value stored under ``key`` for file ``near``, or None (none, caches off, or
        an entry that no longer unpickles): a fresh copy, or with ``fresh=False`` (for an
        immutable value) the same object on every call in this process."""
        if not enabled():
            return None
        if not fresh and key in self._decoded:
            return self._decoded[key]
        shard = self.shard(near)
        raw = self._load(shard).get(key)
        if raw is None:
            return None
        try:
            value = pickle.loads(raw)
        except Exception:  # noqa: BLE001 - a bad entry is a miss
            return None
        self._used[shard].add(key)
        if not fresh:
            self._decoded[key] = value
        return value

    def put(self, key: str, value: Any, near: str | Path | None = None) -> None:
        """Store ``value`` under ``key`` for file ``near`` (until :meth:`flush` writes its
        shard); a value that does not pickle is not stored."""
        if not enabled():
            return
        try:
            raw = pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)
        except Exception:  # noqa: BLE001 - not cacheable
            return
        shard = self.shard(near)
        self._load(shard)[key] = raw
        self._used[shard].add(key)
        self._added.add(shard)

    def flush(self) -> None:
        """Write back the shards some entries were added to (never raises)."""
        if not self._added:
            return
        for shard in sorted(self._added):
            old, used = self._shards[shard], self._used[shard]
            # least recently used first: the entries this process used go to the end
            order = [k for k in old if k not in used] + [k for k in old if k in used]
            entries = self._shards[shard] = {k: old[k] for k in order[-self.MAX_ENTRIES:]}
            if write(self._file(shard), entries):
                self._added.discard(shard)
        _prune_memo(self.name, self.MAX_FILES, self.MAX_SHARDS)


@lru_cache(maxsize=4096)
def _shard_of(path: str) -> str:
    where = _set_root(os.path.dirname(os.path.abspath(path)))
    return blake2b(where.encode("utf-8", "surrogatepass"), digest_size=8).hexdigest()


@lru_cache(maxsize=256)
def _set_root(where: str) -> str:
    """The nearest of folder ``where`` and its two parents that holds a ``set.yaml`` (a
    card set's folder: its sub-folders share one memo shard), else ``where``."""
    here = where
    for _ in range(3):
        if os.path.isfile(os.path.join(here, "set.yaml")):
            return here
        here = os.path.dirname(here)
    return where


def _prune_memo(name: str, stamps: int, shards: int) -> None:
    """Remove the memo files ``<name>-*`` of all but the ``stamps`` code stamps written
    most recently, and of this code's stamp all but the newest ``shards`` (never raises)."""
    where = folder()
    if where is None:
        return
    try:
        files = sorted(where.glob(name + "-*.cache"), key=lambda p: p.stat().st_mtime_ns,
                       reverse=True)
        by_stamp: dict[str, list[Path]] = {}
        for f in files:  # newest first; the stamp is the name's next part
            by_stamp.setdefault(f.name[len(name) + 1:].split("-")[0].split(".")[0],
                                []).append(f)
        mine = code_stamp()
        for i, (stamp, of) in enumerate(by_stamp.items()):
            keep = shards if stamp == mine else (shards if i < stamps else 0)
            for old in of[keep:]:
                old.unlink(missing_ok=True)
    except OSError:
        return


#: Parsed YAML documents and effect scripts, by their text's digest
#: (:func:`elgrande.data.yamlpos.load`, :func:`elgrande.dsl.parser.parse`).
PARSED = Memo("parsed")


def text_key(kind: str, text: str, *more: object) -> str:
    """The :class:`Memo` key of ``text`` parsed as ``kind`` with arguments ``more`` (its
    BLAKE2b digest, 32 bytes: cheaper than sha256 for the ~200 texts a load reads)."""
    h = blake2b(text.encode("utf-8", "surrogatepass"), digest_size=_DIGEST)
    h.update(repr(more).encode())
    return f"{kind}:{h.hexdigest()}"
