"""Content hashes of the card files and set manifests a game is played with, so that a
game record pins what it replays.

Each file is keyed by a stable path relative to the folder above its set or homebrew
folder: ``base/set.yaml``, ``base/stack1/intrigue-four-any.yaml``, ``homebrew/muster.yaml``
(a homebrew folder by its own name; a single homebrew file by its folder's name and its
file name). The value is the file's sha256 in hex.
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path

from elgrande.data.cards import card_file_parts
from elgrande.files.diskcache import sha256

#: sha256 by (path, size, mtime in ns, inode, ctime in ns): a file is read again only when
#: its status changed (as CPython's bytecode cache checks a source file, plus the inode and
#: the change time, which no user call sets back).
_CACHE: dict[tuple[str, int, int, int, int], str] = {}
#: A file modified this recently (ns) when it was hashed may change again within its
#: filesystem's timestamp granularity without its status changing: its hash is kept in the
#: process only, never handed to a cache file (git's "racily clean" rule).
RACY_NS = 2_000_000_000
#: The keys of :data:`_CACHE` whose file was hashed long enough after its last change.
_SETTLED: set[tuple[str, int, int, int, int]] = set()

#: One file's status as :func:`file_hash` keys it: (size, mtime_ns, inode, ctime_ns).
Status = tuple[int, int, int, int]


def _status(st: os.stat_result) -> Status:
    return (st.st_size, st.st_mtime_ns, st.st_ino, st.st_ctime_ns)


def file_hash(path: str | Path) -> str:
    """The sha256 (hex) of the bytes of ``path``; read only when the file's status differs
    from when it was last hashed in this process or by a cached library's load
    (:func:`settled_hashes`, :func:`trust_hashes`).

    Raises:
        OSError: the file cannot be read.
    """
    path = os.fspath(path)
    key = (path, *_status(os.stat(path)))
    digest = _CACHE.get(key)
    if digest is None:
        now = time.time_ns()
        with open(path, "rb") as f:
            digest = sha256(f.read()).hexdigest()
        _CACHE[key] = digest
        if now - key[2] > RACY_NS and now - key[4] > RACY_NS:
            _SETTLED.add(key)
    return digest


def settled_hashes(paths: Iterable[str]) -> dict[str, tuple[Status, str]]:
    """path -> (status, sha256) of the files ``paths`` as :func:`file_hash` last hashed
    them, for the ones hashed long enough after their last change (:data:`RACY_NS`): what
    a library cache file keeps, so that a later process trusts a hash while the file's
    status is the same (:func:`trust_hashes`)."""
    out: dict[str, tuple[Status, str]] = {}
    for p in paths:
        try:
            key = (p, *_status(os.stat(p)))
        except OSError:
            continue
        if key in _SETTLED:
            out[p] = (key[1:], _CACHE[key])
    return out


def trust_hashes(known: Mapping[str, tuple[Status, str]]) -> None:
    """Take ``known`` (from :func:`settled_hashes`, read back from a sealed cache file of
    this user's) as the hashes of files whose status is unchanged; an entry of another
    shape is ignored."""
    for p, entry in known.items():
        if (isinstance(p, str) and isinstance(entry, tuple) and len(entry) == 2
                and isinstance(entry[0], tuple) and len(entry[0]) == 4
                and isinstance(entry[1], str)):
            key = (p, *entry[0])
            _CACHE[key] = entry[1]
            _SETTLED.add(key)


def homebrew_name(path: str | Path) -> str:
    """The key prefix of a homebrew folder (its name) or single file (its folder's name)."""
    p = Path(path).resolve()
    return p.parent.name if p.is_file() or p.suffix in (".yaml", ".yml") else p.name


def files_in_play(set_dirs: Iterable[Path], extra: Sequence[str | Path] = (),
                  names: Sequence[str] | None = None) -> dict[str, Path]:
    """Every set manifest and card file of the sets' folders ``set_dirs``
    (``board.set_dirs``) and of the homebrew folders or files ``extra``, by stable key.

    ``names[i]``, when given, is the key prefix of ``extra[i]`` instead of its own name
    (a record's folder passed again from a new place or under a new name)."""
    return {k: Path(f) for k, f in file_paths(set_dirs, extra, names).items()}


def file_paths(set_dirs: Iterable[str | Path], extra: Sequence[str | Path] = (),
               names: Sequence[str] | None = None) -> dict[str, str]:
    """:func:`files_in_play` with each path as a string (no ``Path`` objects: what the
    library cache checks at every load)."""
    out: dict[str, str] = {}
    for d in set_dirs:
        root = os.fspath(d)
        name = os.path.basename(os.path.normpath(root))
        manifest = os.path.join(root, "set.yaml")
        if os.path.isfile(manifest):
            out[f"{name}/set.yaml"] = manifest
        _add_parts(out, name, root)
    for i, e in enumerate(extra):
        p = os.fspath(e)
        name = names[i] if names is not None and i < len(names) else homebrew_name(p)
        if os.path.isfile(p):
            out[f"{name}/{os.path.basename(p)}"] = p
            continue
        _add_parts(out, name, p)
    return out


def _add_parts(out: dict[str, str], name: str, root: str) -> None:
    """Add to ``out`` each card file below folder ``root`` (:func:`card_file_parts`) by
    its key under ``name``: the path joined as ``os.path.join(root, *parts)`` would, once
    per folder (the library cache lists the files in play at every load)."""
    base = os.path.join(root, "")
    for parts in card_file_parts(root):
        key = "/".join(parts)
        out[f"{name}/{key}"] = (base + (key if os.sep == "/" else os.path.join(*parts))
                                if parts else root)


def fingerprint(set_dirs: Iterable[Path], extra: Sequence[str | Path] = (),
                names: Sequence[str] | None = None) -> dict[str, str]:
    """The content hash of every file :func:`files_in_play` lists, by its key, sorted.

    Raises:
        OSError: a file cannot be read.
    """
    files = file_paths(set_dirs, extra, names)
    return {k: file_hash(files[k]) for k in sorted(files)}


def differences(recorded: Mapping[str, str], now: Mapping[str, str]) -> str:
    """What differs between a record's hashes and the cards in play now, in words
    (``"base/stack1/x.yaml changed, homebrew/y.yaml missing, homebrew/z.yaml added"``),
    or ``""`` when they agree. At most six files are named; the rest are counted."""
    changed = [k for k in recorded if k in now and now[k] != recorded[k]]
    missing = [k for k in recorded if k not in now]
    added = [k for k in now if k not in recorded]
    parts = ([f"{k} changed" for k in sorted(changed)] + [f"{k} missing" for k in sorted(missing)]
             + [f"{k} added" for k in sorted(added)])
    if len(parts) > 6:
        parts = parts[:6] + [f"and {len(parts) - 6} more"]
    return ", ".join(parts)
