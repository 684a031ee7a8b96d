"""Who is told when a game changes: the WebSocket connections of this server process,
by game, and (with PostgreSQL) the other server processes through LISTEN/NOTIFY on the
channel ``elgrande`` (payload ``"<game> <answers so far>"``), so an answer stored by one
process reaches the seats connected to another.
"""

from __future__ import annotations

import asyncio
import logging
import threading
import time

LOG = logging.getLogger("elgrande.server")
#: The NOTIFY channel the server processes share.
CHANNEL = "elgrande"


class Hub:
    """The queues of the WebSocket connections, by game. :meth:`publish` may be called
    from any thread once :meth:`bind` gave the event loop."""

    def __init__(self) -> None:
        self._loop: asyncio.AbstractEventLoop | None = None
        self._queues: dict[str, set[asyncio.Queue[int]]] = {}
        self._last: dict[str, int] = {}
        self._stop = threading.Event()

    def bind(self, loop: asyncio.AbstractEventLoop) -> None:
        """Use ``loop`` (the server's) for the queues."""
        self._loop = loop

    def subscribe(self, game: str) -> asyncio.Queue[int]:
        """A new queue that receives ``game``'s answer counts (call in the loop)."""
        q: asyncio.Queue[int] = asyncio.Queue(maxsize=64)
        self._queues.setdefault(game, set()).add(q)
        return q

    def unsubscribe(self, game: str, q: asyncio.Queue[int]) -> None:
        """Stop sending ``game``'s changes to ``q``."""
        qs = self._queues.get(game)
        if qs is not None:
            qs.discard(q)
            if not qs:
                del self._queues[game]

    def _deliver(self, game: str, n: int) -> None:
        if n <= self._last.get(game, -1):
            return  # told already (by this process and again by NOTIFY)
        self._last[game] = n
        for q in list(self._queues.get(game, ())):
            if q.full():  # a slow reader needs only the latest count
                q.get_nowait()
            q.put_nowait(n)

    def publish(self, game: str, n: int) -> None:
        """Tell ``game``'s connections it has ``n`` answers now (any thread)."""
        loop = self._loop
        if loop is not None and not loop.is_closed():
            loop.call_soon_threadsafe(self._deliver, game, n)

    def listen_postgres(self, url: str) -> None:
        """Start a thread that LISTENs on :data:`CHANNEL` of the PostgreSQL database
        ``url`` and publishes what the server processes NOTIFY (reconnecting after a
        lost connection)."""
        threading.Thread(target=self._listen, args=(url,), daemon=True,
                         name="elgrande-listen").start()

    def _listen(self, url: str) -> None:
        import psycopg

        url = url.replace("postgresql+psycopg://", "postgresql://", 1)
        while not self._stop.is_set():
            try:
                with psycopg.connect(url, autocommit=True) as conn:
                    conn.execute(f"LISTEN {CHANNEL}")
                    for note in conn.notifies():
                        game, _, n = note.payload.partition(" ")
                        if n.isdigit():
                            self.publish(game, int(n))
                        if self._stop.is_set():
                            return
            except Exception as exc:  # the database went away: try again
                LOG.warning("LISTEN lost its connection (%s); reconnecting",
                            type(exc).__name__)
                time.sleep(1)

    def close(self) -> None:
        """Stop listening (the thread ends at its next notification)."""
        self._stop.set()
