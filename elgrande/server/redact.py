"""Tokens kept out of the server's log (docs/serve.md, "Security"): a link's token rides
in the ``t`` query parameter, and uvicorn writes a WebSocket's path with its query when
it accepts or refuses one. :class:`TokenFilter` rewrites every record that passes the
log's handlers before it is written.
"""

from __future__ import annotations

import logging
import re

#: ``t=TOKEN`` in a query string (the token ends at ``&``, a space, a quote or the end)
_TOKEN = re.compile(r"([?&]t=)[^\s&\"']+")


def redact(text: str) -> str:
    """``text`` with the value of every ``t=`` query parameter replaced by ``…``.

    Args:
        text: a log line.
    """
    return _TOKEN.sub(r"\1…", text)


class TokenFilter(logging.Filter):
    """A handler filter that writes each record's message with its tokens redacted
    (:func:`redact`); it drops nothing."""

    def filter(self, record: logging.LogRecord) -> bool:
        """Redact ``record`` in place; always True (the record is kept)."""
        message = record.getMessage()
        clean = redact(message)
        if clean != message:
            record.msg, record.args = clean, None
        return True


def install(root: logging.Logger | None = None) -> None:
    """Add a :class:`TokenFilter` to every handler of ``root`` (the root logger by
    default), which the server's loggers propagate to."""
    for handler in (root or logging.getLogger()).handlers:
        if not any(isinstance(f, TokenFilter) for f in handler.filters):
            handler.addFilter(TokenFilter())
