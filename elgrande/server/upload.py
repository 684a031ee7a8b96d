"""A homebrew card folder uploaded as a zip (``POST /api/games`` with a ``cards`` file):
checked before anything is written, then validated as ``elgrande validate`` does.

Refused before a byte is written: an archive that is not a zip, a member whose path
leaves the folder (absolute, ``..``, a drive or a backslash), a link (a symlink's mode
bits), more files than :attr:`Limits.files`, or a total that unpacks past
:attr:`Limits.unpacked` — on the sizes the zip declares and again on the bytes actually
read (a zip bomb may lie about them). The files are then written into a fresh folder and
validated with :func:`elgrande.tools.validate.validate` (cards are data: no Python runs;
smoke play has validate's work budget per effect and time bound per card); a folder with
errors is removed and refused with the first problems.
"""

from __future__ import annotations

import io
import shutil
import stat
import zipfile
from pathlib import Path, PurePosixPath
from typing import TYPE_CHECKING

import attrs

from elgrande.errors import ElGrandeError
from elgrande.model.counted import counted
from elgrande.server.limits import Limits

if TYPE_CHECKING:
    from elgrande.tools.validate.diagnostics import Diagnostic

#: The file names a card folder may hold (cards, set manifests, notes).
SUFFIXES = (".yaml", ".yml", ".md", ".txt")


class UploadError(ElGrandeError):
    """A refused upload, with the reason (shown to the host).

    Attributes:
        problems: each problem in words, ``file:line[:column]: code message (hint)`` for
            the cards' errors as ``elgrande validate`` gives them (at most
            :data:`PROBLEMS`), else the reason alone.
        shown: the same cards' errors as ``elgrande validate`` prints them: each a block
            of lines, ``folder/file:line:col: error CODE: message``, the offending line
            and a caret under its column, then the hint (the path from the zip's top,
            never the server's); [] where the zip itself is refused.
    """

    def __init__(self, message: str, problems: list[str] | None = None,
                 shown: list[str] | None = None) -> None:
        super().__init__(message)
        self.problems = problems if problems is not None else [message]
        self.shown = shown or []


#: The most card errors a refused upload lists (its message names the first five).
PROBLEMS = 50


def _safe_name(name: str) -> PurePosixPath:
    """The member's relative path, or UploadError when it leaves the folder."""
    if "\\" in name or name.startswith("/") or ":" in name or "\x00" in name:
        raise UploadError(f"the archive holds a path outside its folder: {name!r}")
    p = PurePosixPath(name)
    if any(part in ("..", "") for part in p.parts) or p.is_absolute():
        raise UploadError(f"the archive holds a path outside its folder: {name!r}")
    return p


def read_zip(data: bytes, limits: Limits) -> dict[PurePosixPath, bytes]:
    """The files of a zip upload by relative path, read into memory within the limits.

    Raises:
        UploadError: not a zip, too large, a path outside the folder, a link, too many
        files, or more bytes unpacked than allowed.
    """
    if len(data) > limits.upload:
        raise UploadError(f"the upload is over {limits.upload} bytes")
    try:
        zf = zipfile.ZipFile(io.BytesIO(data))
        infos = zf.infolist()
    except (zipfile.BadZipFile, OSError, ValueError):
        raise UploadError("the upload is not a zip archive") from None
    if len(infos) > limits.files:
        raise UploadError(f"the archive holds more than {limits.files} files")
    total = 0
    for info in infos:
        _safe_name(info.filename)
        mode = info.external_attr >> 16
        if stat.S_ISLNK(mode):
            raise UploadError(f"the archive holds a link: {info.filename!r}")
        total += info.file_size
    if total > limits.unpacked:
        raise UploadError(f"the archive unpacks to more than {limits.unpacked} bytes")
    out: dict[PurePosixPath, bytes] = {}
    budget = limits.unpacked
    for info in infos:
        if info.is_dir():
            continue
        p = _safe_name(info.filename)
        if p.suffix.lower() not in SUFFIXES:
            raise UploadError(f"a card folder holds YAML and text files only: {info.filename!r}")
        try:
            with zf.open(info) as f:
                body = f.read(min(info.file_size, budget) + 1)
        except (zipfile.BadZipFile, OSError, ValueError, RuntimeError, EOFError):
            raise UploadError(f"the archive's file {info.filename!r} does not unpack") from None
        if len(body) > info.file_size or len(body) > budget:
            raise UploadError(f"the archive unpacks to more than {limits.unpacked} bytes")
        budget -= len(body)
        out[p] = body
    if not out:
        raise UploadError("the archive holds no card file")
    return out


def unpack(data: bytes, folder: Path, limits: Limits,
           sets: list[str] | None = None, fill: str | None = None) -> Path:
    """Check the zip ``data`` (:func:`read_zip`), write its files under the new folder
    ``folder`` and validate them as ``elgrande validate --smoke`` does (smoke positions:
    :attr:`Limits.smoke`; ``sets``: the game's sets, base by default; ``fill``: the
    game's fill (docs/library.md), which an expansion whose card data no source gives
    needs, as the game plays with it). Returns the cards' folder: ``folder``, or the
    zip's one top folder when every file lies in it (``zip -r mycards.zip mycards``: the
    cards' folder keeps its name, which the record names).

    Raises:
        UploadError: a refused archive (nothing written), or cards with errors (the
        folder is removed again).
    """
    files = read_zip(data, limits)
    root = folder
    folder.mkdir(parents=True, exist_ok=False)
    try:
        for rel, body in files.items():
            dest = folder.joinpath(*rel.parts)
            dest.parent.mkdir(parents=True, exist_ok=True)
            dest.write_bytes(body)
        from elgrande.tools.validate import validate

        tops = {rel.parts[0] for rel in files}
        if len(tops) == 1 and all(len(rel.parts) > 1 for rel in files):
            folder = folder / tops.pop()
        try:
            report = validate([folder], smoke=limits.smoke,
                              sets=tuple(sets) if sets else ("base",), fill=fill)
        except ElGrandeError as exc:
            raise UploadError(f"the cards do not load: {exc}") from None
        if report.errors:
            lines = [f"{Path(d.path).name}:{d.line}" + (f":{d.column}" if d.column else "")
                     + f": {d.code} {d.message}" + (f" ({d.hint})" if d.hint else "")
                     for d in report.errors[:PROBLEMS]]  # as `elgrande validate` says it
            n = len(report.errors)
            raise UploadError(f"the cards have {counted(n, 'error')}: {'; '.join(lines[:5])}",
                              lines, [_printed(d, root) for d in report.errors[:PROBLEMS]])
    except BaseException:
        shutil.rmtree(root, ignore_errors=True)
        raise
    return folder


def _printed(d: Diagnostic, root: Path) -> str:
    """Diagnostic ``d`` as ``elgrande validate`` prints it (:meth:`Diagnostic.format`:
    its line, the offending source line, a caret, the hint), its path from the zip's top
    ``root`` (``mycards/card.yaml``: nothing of the server's folders). Raises nothing."""
    from elgrande.tools.validate.diagnostics import source_lines
    source = source_lines(d.path)
    try:
        rel = Path(d.path).resolve().relative_to(root.resolve()).as_posix()
    except ValueError:
        rel = Path(d.path).name
    return attrs.evolve(d, path=rel).format(source)
