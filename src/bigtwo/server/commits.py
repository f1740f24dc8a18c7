"""The store's one writer thread and its group commit: changes that arrive while a commit
is running wait and go together in the next one, so one commit (one disk sync on SQLite)
serves every room that changed meanwhile. Nobody is told of a change before its commit."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

from .room import RoomError
from .store import Store, Write

log = logging.getLogger("bigtwo.server")
T = TypeVar("T")


class GroupCommit:
    def __init__(self, store: Store) -> None:
        self.store = store
        self.db = ThreadPoolExecutor(1, thread_name_prefix="store")
        self.pending: list[tuple[Write, asyncio.Future[None]]] = []
        self.flushing: asyncio.Task[None] | None = None

    async def run(self, fn: Callable[..., T], *args: Any) -> T:
        """``fn`` on the writer's thread (reads too: SQLite has one connection's worth)."""
        return await asyncio.get_running_loop().run_in_executor(self.db, fn, *args)

    async def write(self, write: Write) -> None:
        """Queue a room's change and wait until it is committed with its batch (a failed
        commit raises `RoomError` ``storage``: nobody may hear of the change)."""
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.pending.append((write, future))
        if self.flushing is None or self.flushing.done():
            self.flushing = asyncio.create_task(self._flush())
        await future

    async def _flush(self) -> None:
        while self.pending:
            await self.flush()

    async def flush(self) -> None:
        """Commit what is queued now (a shutdown calls it after the rooms' last changes)."""
        batch, self.pending = self.pending, []
        if not batch:
            return
        try:
            await self.run(self.store.write, [w for w, _ in batch])
        except Exception as exc:  # the store failed: nobody may hear of these changes
            log.exception("store write failed")
            for _, future in batch:
                future.set_exception(RoomError("storage", f"the change wasn't stored: {exc}"))
            return
        for _, future in batch:
            future.set_result(None)

    def shutdown(self) -> None:
        self.db.shutdown(wait=True)
