"""The store's one writer thread and its group commit: changes that arrive while a commit
is running wait and go together in the next one, so one commit (one disk sync) serves every
room that changed meanwhile. Nobody is told of a change before its commit.

On a shared database a change made on this process's copy of a room is written only if the
stored room is still the one it was made on; one that another process changed meanwhile is
answered with `Conflict`, and the caller does the change again on the room as stored."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Generic, TypeVar

from .metrics import Metrics
from .room import RoomError
from .store import NOT_STORED

log = logging.getLogger("bigtwo.server")
T = TypeVar("T")
W = TypeVar("W")


class Conflict(Exception):
    """The room was changed by another process since this one's copy of it: not written."""


class GroupCommit(Generic[W]):
    """Batches for ``commit``, which stores a batch in one transaction and says which of its
    changes it wrote (None: all of them)."""

    def __init__(
        self, commit: Callable[[list[W]], Sequence[bool] | None], metrics: Metrics | None = None
    ) -> None:
        self.commit = commit
        self.metrics = metrics or Metrics()
        self.db = ThreadPoolExecutor(1, thread_name_prefix="store")
        self.pending: list[tuple[W, asyncio.Future[None]]] = []
        self.flushing: asyncio.Task[None] | None = None

    async def run(self, fn: Callable[..., T], *args: Any) -> T:
        """``fn`` on the writer's thread (reads too: SQLite has one connection's worth)."""
        return await asyncio.get_running_loop().run_in_executor(self.db, fn, *args)

    async def write(self, write: W) -> None:
        """Queue a room's change and wait until it is committed with its batch (a failed
        commit raises `RoomError` ``storage``: nobody may hear of the change; one made on a
        stale copy raises `Conflict`)."""
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
        started = time.perf_counter()
        try:
            written = await self.run(self.commit, [w for w, _ in batch])
        except Exception:  # the store failed: nobody may hear of these changes
            self.metrics.database_errors += 1
            log.exception("store write failed")
            for _, future in batch:
                if not future.done():
                    future.set_exception(RoomError("storage", NOT_STORED))
            return
        self.metrics.commit.observe(time.perf_counter() - started)
        for i, (_, future) in enumerate(batch):
            if future.done():  # its writer was cancelled (its socket closed): the rest still wait
                continue
            if written is None or written[i]:
                future.set_result(None)
            else:
                future.set_exception(Conflict())

    def shutdown(self) -> None:
        self.db.shutdown(wait=True)
