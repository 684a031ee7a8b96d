"""The card sets: their names, where each one's folder is (``cards/<set>/`` or a folder
searched), and reading a set's manifest (``set.yaml``). The bottom of the data layer:
:mod:`elgrande.data.kinds` reads the kinds a manifest declares and
:mod:`elgrande.data.manifests` builds the board of a combination of sets.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from elgrande.data import yamlpos
from elgrande.errors import DataError, SettingError
from elgrande.files.resources import cards_dir


def set_names(sets: Iterable[str]) -> tuple[str, ...]:
    """``sets`` as a tuple of set names.

    Raises:
        ValueError: ``sets`` is one string (``"base"`` would become ``('b', 'a', 's',
            'e')``): pass a sequence of names, e.g. ``("base",)``, or ``"base,colonies"``
            where a tool takes text.
    """
    if isinstance(sets, str):
        raise ValueError(f"sets must be a sequence of card set names, e.g. ({sets!r},), "
                         f"not the string {sets!r}")
    return tuple(sets)


def set_dir(set_id: str, search: Sequence[Path] = ()) -> Path:
    """Find the folder of card set ``set_id`` among ``search`` and the shipped ``cards/``.

    Raises:
        SettingError: no such set.
    """
    for root in (*search, cards_dir()):  # os.path, not Path: each game looks (speed)
        d = os.path.join(root, set_id)
        if os.path.isfile(os.path.join(d, "set.yaml")):
            return Path(d)
    raise SettingError("sets", f"unknown card set {set_id!r}", hint="shipped sets: "
                    + ", ".join(sorted(p.name for p in cards_dir().iterdir()
                                       if (p / "set.yaml").is_file())))


def shipped_set_ids() -> tuple[str, ...]:
    """The shipped sets in an order that loads: ``base`` first, then by name."""
    ids = sorted(p.name for p in cards_dir().iterdir() if (p / "set.yaml").is_file())
    return tuple(sorted(ids, key=lambda s: (s != "base", s)))


def _manifest(set_id: str, search: Sequence[Path]) -> tuple[dict[str, Any], yamlpos.Positions, str]:
    d = set_dir(set_id, search)
    path = d / "set.yaml"
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        line = path.read_bytes()[: exc.start].count(b"\n") + 1
        raise DataError(str(path), "the set manifest is not UTF-8 text", line, 1,
                        "save the file as UTF-8") from None
    except OSError as exc:
        raise DataError(str(path), f"cannot read the set manifest: {exc.strerror}") from None
    data, pos = yamlpos.load_cached(text, str(path), fresh=False)  # shared: read only
    if not isinstance(data, dict):
        raise DataError(str(path), "a set manifest must be a mapping", 1, 1)
    return data, pos, str(path)


def read_manifest(set_id: str, search: Sequence[Path] = ()
                  ) -> tuple[dict[str, Any], yamlpos.Positions, str]:
    """The manifest of set ``set_id`` as ``(data, positions, path)``: the same objects on
    every call while the file is unchanged (the loaders of a process share one read, issue
    12), so a caller reads them and never changes them.

    Raises:
        DataError: no such set, a YAML error, or a manifest that is not a mapping.
    """
    return _manifest(set_id, tuple(Path(p) for p in search))


def set_folder(folder: str | Path) -> tuple[str, Path]:
    """A homebrew set's folder (the one holding its ``set.yaml``, as ``--set DIR`` names
    it) as ``(set id, the folder above it)``: the id goes into a game's sets, the folder
    above into its ``set_paths`` (docs/homebrew.md, "Sets").

    Raises:
        DataError: no ``set.yaml`` in the folder, a manifest whose ``set:`` is not the
            folder's name, or the id of a shipped set (``E-SET-FOLDER``, located in the
            manifest).
    """
    d = Path(folder).resolve()
    path = d / "set.yaml"
    if not path.is_file():
        raise DataError(str(folder), "E-SET-FOLDER: a set folder holds a set.yaml (the set's "
                        "manifest); this one has none",
                        hint="a flat folder of cards is passed with --cards instead")
    data, pos, where = _manifest(d.name, (d.parent,))
    sid = data.get("set")
    line, col = pos.get(("set",))
    if sid != d.name:
        raise DataError(where, f"E-SET-FOLDER: the set's id ({sid!r}) must be the name of "
                        f"its folder ({d.name!r})", line, col,
                        f"write 'set: {d.name}' or rename the folder")
    if sid in shipped_set_ids():
        raise DataError(where, f"E-SET-FOLDER: {sid!r} is the id of a shipped set", line, col,
                        "give the homebrew set an id of its own (and its folder that name)")
    return sid, d.parent
