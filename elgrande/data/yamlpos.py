"""Safe YAML loading that remembers where every value came from.

``load(text, path)`` returns plain Python data (dicts, lists, scalars) built with PyYAML's
*safe* constructor, plus a ``Positions`` map from a key path (a tuple of mapping keys and
list indices) to its 1-based ``(line, column)`` in the file. Errors in card and set files
can then point into the YAML file. No Python object is ever constructed from a tag, and
no explicit tag is accepted (``!!python/object``, ``!!binary``, ``!custom``, even ``!!str``):
a tag is refused with its line and column rather than dropped or read some other way.
:func:`load_cached` memoises a document's result by its text's digest.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attr

from elgrande.errors import DataError
from elgrande.files import diskcache
from elgrande.model.plain import plain_eq

if TYPE_CHECKING:  # PyYAML is imported when a file is read (a cached library needs none)
    import yaml

Path_ = tuple[Any, ...]
#: Most values one document may expand to: YAML aliases can make a small file expand
#: exponentially ("billion laughs"); past this the file is refused.
MAX_NODES = 20_000
#: Deepest nesting of mappings and lists a document may have (deeper: refused, before
#: Python's recursion limit is near).
MAX_DEPTH = 50


def _loader() -> Any:
    """The libyaml-backed safe loader when PyYAML has it (faster), else the pure one."""
    import yaml

    return getattr(yaml, "CSafeLoader", yaml.SafeLoader)


@attr.define(slots=False, repr=False, eq=False)
class Positions:
    """Where each value of a loaded YAML document starts.

    ``at[path]`` is ``(line, column)``, 1-based; ``key_at[path]`` the same for the key of a
    mapping entry; ``text_start[path]`` is, for a string
    scalar, the 1-based ``(line, column)`` of its first character of content (for a block
    scalar ``|``, the first content line), so positions *inside* a string (an effect
    script) can be mapped back to the file.

    No slots: every card file read comes from the parse memo, and a slotted attrs class
    unpickles through a ``__setstate__`` written in Python (speed).
    """

    __eq__ = plain_eq

    at: dict[Path_, tuple[int, int]] = attr.field(factory=dict)
    key_at: dict[Path_, tuple[int, int]] = attr.field(factory=dict)
    text_start: dict[Path_, tuple[int, int]] = attr.field(factory=dict)
    block: dict[Path_, bool] = attr.field(factory=dict)

    def get(self, path: Path_) -> tuple[int, int]:
        """Return the position of ``path``, or of its nearest parent that has one."""
        p = tuple(path)
        while p:
            if p in self.at:
                return self.at[p]
            p = p[:-1]
        return self.at.get((), (1, 1))


def load(text: str, path: str = "") -> tuple[Any, Positions]:
    """Parse one YAML document safely.

    Args:
        text: the file's text.
        path: the file name, used in errors.
    Returns:
        ``(data, positions)``.
    Raises:
        DataError: YAML syntax errors, a tab in indentation, an explicit tag (``!!str``,
        ``!custom``...), a key that is not a plain value, a document nested deeper
        than :data:`MAX_DEPTH` or expanding to more than :data:`MAX_NODES` values; each
        with line and column.
    """
    import yaml

    tab = _indenting_tab(text)
    try:
        node = yaml.compose(text, Loader=_loader())
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        line = mark.line + 1 if mark is not None else 0
        col = mark.column + 1 if mark is not None else 0
        if tab is not None and (mark is None or tab[0] <= line):
            raise DataError(path, "a tab in the indentation: YAML indents with spaces only",
                            tab[0], tab[1], "replace the tab with spaces") from None
        problem = getattr(exc, "problem", None) or str(exc)
        context, start = getattr(exc, "context", None), getattr(exc, "context_mark", None)
        if context and start is not None and start.line + 1 != line:
            problem += f" ({context}, which starts at line {start.line + 1}, column " \
                       f"{start.column + 1})"
        raise DataError(path, f"YAML syntax error: {problem}", line, col,
                        "check indentation and quoting around this place") from None
    except RecursionError:
        raise DataError(path, f"the document nests deeper than {MAX_DEPTH} levels", 1, 1,
                        "flatten the data") from None
    if "!" in text:  # a tag needs a "!": no second parse for the usual file
        _refuse_tags(text, path)
    pos = Positions()
    if node is None:
        return None, pos
    constructor = yaml.SafeLoader("")
    lines = text.splitlines()
    budget = [MAX_NODES]
    try:
        data = _convert(node, (), pos, constructor, lines, path, budget)
    except RecursionError:  # pragma: no cover - MAX_DEPTH stops it first
        raise DataError(path, f"the document nests deeper than {MAX_DEPTH} levels", 1, 1,
                        "flatten the data") from None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
        line = mark.line + 1 if mark is not None else 0
        col = mark.column + 1 if mark is not None else 0
        raise DataError(path, f"YAML value error: {exc}", line, col) from None
    return data, pos


def load_cached(text: str, path: str = "", fresh: bool = True) -> tuple[Any, Positions]:
    """:func:`load`, memoised by the text's digest (:data:`elgrande.files.diskcache.PARSED`): what
    card files and set manifests are read with, so an unchanged file is not parsed again
    in a later process. Each call returns fresh objects; with ``fresh=False``, for a
    caller that only reads them (a set manifest, read by several loaders), the
    same objects on every call for the same text in this process.

    Raises:
        DataError: as :func:`load` (an error is never memoised).
    """
    key = diskcache.text_key("yaml", text)
    hit = diskcache.PARSED.get(key, fresh=fresh, near=path)
    if isinstance(hit, tuple) and len(hit) == 2 and isinstance(hit[1], Positions):
        return hit
    out = load(text, path)
    diskcache.PARSED.put(key, out, near=path)
    return out


def _refuse_tags(text: str, path: str) -> None:
    """Raise :class:`DataError` at the first explicit tag of ``text`` (a document the
    composer already read without a syntax error)."""
    import yaml

    for event in yaml.parse(text, Loader=_loader()):
        tag = getattr(event, "tag", None)
        if tag is not None:
            shown = "!!" + tag[len(_STD):] if tag.startswith(_STD) else tag
            mark = event.start_mark
            line, col = (mark.line + 1, mark.column + 1) if mark is not None else (0, 0)
            raise DataError(path, f"YAML tag {shown} is not allowed: card and set files "
                            "hold plain values only", line, col,
                            "remove the tag; quote the value if it should be text")


#: The prefix YAML's ``!!`` shorthand stands for.
_STD = "tag:yaml.org,2002:"


def _indenting_tab(text: str) -> tuple[int, int] | None:
    """The 1-based position of the first tab in a line's leading whitespace, or None."""
    for i, line in enumerate(text.splitlines()):
        lead = line[: len(line) - len(line.lstrip(" \t"))]
        if "\t" in lead:
            return i + 1, lead.index("\t") + 1
    return None


def _convert(
    node: yaml.Node, at: Path_, pos: Positions, cons: yaml.SafeLoader, lines: list[str],
    path: str, budget: list[int],
) -> Any:
    import yaml

    budget[0] -= 1
    if budget[0] < 0:
        raise DataError(path, f"the document expands to more than {MAX_NODES} values (YAML "
                        "aliases?)", node.start_mark.line + 1, node.start_mark.column + 1,
                        "write the data out without anchors and aliases")
    if len(at) > MAX_DEPTH:
        raise DataError(path, f"the document nests deeper than {MAX_DEPTH} levels",
                        node.start_mark.line + 1, node.start_mark.column + 1,
                        "flatten the data")
    pos.at[at] = (node.start_mark.line + 1, node.start_mark.column + 1)
    if isinstance(node, yaml.MappingNode):
        out: dict[Any, Any] = {}
        for knode, vnode in node.value:
            if not isinstance(knode, yaml.ScalarNode):
                raise DataError(path, "a mapping key must be a plain value",
                                knode.start_mark.line + 1, knode.start_mark.column + 1,
                                "write the key as a name or a number")
            key = cons.construct_object(knode, deep=True)
            try:
                hash(key)
            except TypeError:  # pragma: no cover - a scalar node makes a hashable value
                raise DataError(path, "a mapping key must be a plain value",
                                knode.start_mark.line + 1, knode.start_mark.column + 1,
                                "write the key as a name or a number") from None
            if key in out:
                raise DataError(path, f"duplicate key {key!r}", knode.start_mark.line + 1,
                                knode.start_mark.column + 1, "remove one of the two")
            # one key path object for the key's and the value's entries: the parse memo
            # pickles it once (speed: every card file read is unpickled)
            sub = at + (key,)
            pos.key_at[sub] = (knode.start_mark.line + 1, knode.start_mark.column + 1)
            out[key] = _convert(vnode, sub, pos, cons, lines, path, budget)
        return out
    if isinstance(node, yaml.SequenceNode):
        return [_convert(v, at + (i,), pos, cons, lines, path, budget)
                for i, v in enumerate(node.value)]
    value = cons.construct_object(node, deep=True)
    if isinstance(value, str):
        line, col = node.start_mark.line, node.start_mark.column
        style = node.style if isinstance(node, yaml.ScalarNode) else None
        if style in ("|", ">"):
            pos.block[at] = True
            line += 1
            while line < len(lines) and not lines[line].strip():
                line += 1
            col = len(lines[line]) - len(lines[line].lstrip()) if line < len(lines) else 0
        elif style in ("'", '"'):
            col += 1
        pos.text_start[at] = (line + 1, col + 1)
    return value
