"""What ``validate`` reports: located diagnostics, the report, and the collector that keeps
only the checked files' problems, each once."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import attrs

from elgrande.errors import CardError
from elgrande.model.plain import plain_eq, plain_hash, plain_repr

SEVERITIES = ("error", "warning")


class NoCardFiles(ValueError):
    """A path given to :func:`validate` holds no card file (a usage error)."""


@attrs.frozen(slots=True, repr=False, eq=False)
class Diagnostic:
    """One problem in a card file.

    Attributes:
        path: the file; line, column: 1-based (0 when unknown);
        severity: ``"error"`` or ``"warning"``; code: a stable code (``E-SYNTAX``);
        message: what is wrong; hint: how to fix it ('' when none).
    """

    __eq__ = plain_eq
    __hash__ = plain_hash
    __repr__ = plain_repr

    path: str
    line: int
    column: int
    severity: str
    code: str
    message: str
    hint: str = ""

    @classmethod
    def from_error(cls, err: CardError) -> Diagnostic:
        """The diagnostic of a :class:`CardError`."""
        return cls(err.path, err.line, err.column, err.severity, err.code, err.message,
                   err.hint)

    def key(self) -> tuple[str, int, int, int, str, str]:
        """Sort key: path, line, column, errors before warnings, code, message."""
        return (self.path, self.line, self.column, SEVERITIES.index(self.severity)
                if self.severity in SEVERITIES else 2, self.code, self.message)

    def to_json(self) -> dict[str, Any]:
        """``{path, line, column, severity, code, message, hint}``."""
        return {"path": self.path, "line": self.line, "column": self.column,
                "severity": self.severity, "code": self.code, "message": self.message,
                "hint": self.hint}

    def format(self, source: Sequence[str] = ()) -> str:
        """``path:line:col: severity CODE: message``, then the source line with a caret
        under the column (when ``source``, the file's lines, has it; ``^ end of file`` for
        the line after the last), then the hint."""
        loc = self.path + (f":{self.line}:{self.column}" if self.line else "")
        out = [f"{loc}: {self.severity} {self.code}: {self.message}"]
        if 0 < self.line <= len(source):
            text = source[self.line - 1].rstrip("\r\n")
            col = max(self.column, 1)
            pad = "".join(ch if ch == "\t" else " " for ch in text[: col - 1])
            out.append("  " + text)
            out.append("  " + pad + "^")
        elif source and self.line == len(source) + 1:  # the file ended first (YAML E-YAML)
            out.append("  ^ end of file")
        if self.hint:
            out.append(f"  hint: {self.hint}")
        return "\n".join(out)


@attrs.define(repr=False, eq=False)
class Report:
    """The result of :func:`validate`.

    Attributes:
        diagnostics: every problem, sorted (see :meth:`Diagnostic.key`).
        files: the files checked; cards: the cards (and errata) they define;
        smoked: the cards smoke-played; trials: positions per card.
    """

    __eq__ = plain_eq
    __repr__ = plain_repr

    diagnostics: list[Diagnostic]
    files: list[str]
    cards: int = 0
    smoked: int = 0
    trials: int = 0

    @property
    def errors(self) -> list[Diagnostic]:
        """The diagnostics of severity error."""
        return [d for d in self.diagnostics if d.severity == "error"]

    @property
    def warnings(self) -> list[Diagnostic]:
        """The diagnostics of severity warning."""
        return [d for d in self.diagnostics if d.severity != "error"]

    def exit_code(self, strict: bool = False) -> int:
        """0 when clean (warnings allowed unless ``strict``), else 1."""
        if self.errors or (strict and self.warnings):
            return 1
        return 0

    def to_json(self) -> list[dict[str, Any]]:
        """The diagnostics as a JSON list."""
        return [d.to_json() for d in self.diagnostics]

    def format_text(self, strict: bool = False) -> str:
        """Every diagnostic with its source line and caret, then a summary line."""
        cache: dict[str, list[str]] = {}
        blocks = [d.format(source_lines(d.path, cache)) for d in self.diagnostics]
        ne, nw = len(self.errors), len(self.warnings)
        summary = f"{len(self.files)} file{'s' if len(self.files) != 1 else ''} checked"
        if self.smoked:
            summary += (f", {self.smoked} card{'s' if self.smoked != 1 else ''} smoke-played "
                        f"in {self.trials} position{'s' if self.trials != 1 else ''} each")
        summary += f": {ne} error{'s' if ne != 1 else ''}, {nw} warning{'s' if nw != 1 else ''}"
        if strict and nw:
            summary += " (--strict: warnings fail)"
        return "\n".join([*blocks, summary])


def source_lines(path: str, cache: dict[str, list[str]] | None = None) -> list[str]:
    """The lines of the card file at ``path`` (a filesystem path) that
    :meth:`Diagnostic.format` quotes, ``[]`` when it cannot be read as UTF-8; kept in
    ``cache`` (path -> lines) when given. Raises nothing."""
    if cache is not None and path in cache:
        return cache[path]
    try:
        lines = Path(path).read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError):
        lines = []
    if cache is not None:
        cache[path] = lines
    return lines


class Collector:
    """Diagnostics for the checked files only, without repeats."""

    def __init__(self, checked: set[str]) -> None:
        self.checked = checked
        self.found: dict[tuple[Any, ...], Diagnostic] = {}

    def add(self, err: CardError | Diagnostic) -> None:
        """Keep ``err`` when it is about a checked file and not said already."""
        d = err if isinstance(err, Diagnostic) else Diagnostic.from_error(err)
        if d.path in self.checked:
            self.found.setdefault((d.path, d.line, d.column, d.code, d.message), d)

    def has_errors(self, path: str) -> bool:
        """Whether an error was kept for ``path``."""
        return any(d.path == path and d.severity == "error" for d in self.found.values())

    def has_any(self, path: str) -> bool:
        """Whether anything was kept for ``path``."""
        return any(d.path == path for d in self.found.values())

