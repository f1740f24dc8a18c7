"""The thread that hears the other processes: PostgreSQL's LISTEN on its own connection, each
notification (a change's ``CODE:SEQ``, a chat line, a room's count of watchers, sessions
ended) handed to the event loop, which tells them apart (`Hub`)."""

from __future__ import annotations

import asyncio
import logging
import threading
import time
from collections.abc import Callable

from .shared import CHANNEL
from .store import Store

log = logging.getLogger("bigtwo.server")


class Listener:
    """A thread on its own connection that LISTENs and hands each payload to ``deliver``
    on the event loop; it reconnects when the database goes away, then calls
    ``reconnected`` there (notifications sent meanwhile are lost, so the hub reads what it
    missed)."""

    def __init__(
        self,
        store: Store,
        deliver: Callable[[str], object],
        reconnected: Callable[[], object],
    ) -> None:
        self.dsn = store.dsn
        self.deliver, self.reconnected = deliver, reconnected
        self.stopping = threading.Event()
        self.thread = threading.Thread(target=self._run, name="listen", daemon=True)

    def start(self, loop: asyncio.AbstractEventLoop) -> None:
        deliver, reconnected = self.deliver, self.reconnected
        self.deliver = lambda payload: loop.call_soon_threadsafe(deliver, payload)
        self.reconnected = lambda: loop.call_soon_threadsafe(reconnected)
        self.thread.start()

    def stop(self) -> None:
        self.stopping.set()
        self.thread.join(timeout=5)

    def _run(self) -> None:
        import psycopg

        first = True
        while not self.stopping.is_set():
            try:
                with psycopg.connect(self.dsn, autocommit=True, connect_timeout=5) as conn:
                    conn.execute(f"LISTEN {CHANNEL}")
                    if not first:
                        self.reconnected()
                    first = False
                    while not self.stopping.is_set():
                        for note in conn.notifies(timeout=0.5):
                            self.deliver(note.payload)
            except psycopg.Error as exc:
                if self.stopping.is_set():
                    return
                log.warning("listener lost the database, reconnecting: %s", exc)
                first = False
                time.sleep(0.5)
