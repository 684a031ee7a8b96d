"""The limits of ``elgrande serve``, each with a documented default (docs/serve.md) and a
command-line option that changes it.

A request body, an uploaded homebrew zip and what it unpacks to, and the rate of
answers of one seat are bounded, so one client cannot tie up the server (B8.5a is kept
by the views; these keep the server itself up).
"""

from __future__ import annotations

from dataclasses import dataclass

MB = 1024 * 1024


@dataclass(frozen=True)
class Limits:
    """The server's limits.

    Attributes:
        body: the most bytes a JSON request body may hold (1 MB); larger: 413.
        upload: the most bytes of a homebrew zip upload (5 MB); larger: 413.
        unpacked: the most bytes the zip's files may unpack to (50 MB), checked on the
            sizes it declares and again on the bytes read, before anything is written.
        files: the most files a homebrew zip may hold (500).
        answers_per_second: the answers one seat may send per second (10), in bursts of
            as many; beyond: 429.
        checks_per_second: the homebrew zips one client address may have checked per
            second (2, ``POST /api/homebrew/check``: each is validated), in bursts of as
            many; beyond: 429.
        smoke: random positions each uploaded card is smoke-played in while it is
            validated (as ``elgrande validate --smoke``; the work budget per effect and
            the time bound per card are validate's own).
        bot_seconds: a pause between two bot answers (0: none), so people can follow.
    """

    body: int = 1 * MB
    upload: int = 5 * MB
    unpacked: int = 50 * MB
    files: int = 500
    answers_per_second: float = 10.0
    checks_per_second: float = 2.0
    smoke: int = 5
    bot_seconds: float = 0.0
