"""The server's garbage-collection schedule: short pauses, rare long ones.

Python's collector walks every tracked object in a full collection, and the server holds many
(each table's game, bots and catch-up log: some 300-400 objects, plus 80,000 for the modules
and libraries). With the default thresholds a busy server ran a full collection every few
seconds, each pausing every room for 100-200 ms at 600 tables (`benchmarks/server.py` prints
the collections of its window): that pause, not the work, made the slowest percent of actions.

Objects that have lived a second are frozen (`gc.freeze`): the collector no longer walks them.
They are still freed the moment nothing refers to them; only garbage *cycles* among them wait,
until the next thaw, which unfreezes everything and runs one full collection. So young cycles
are collected as before, old ones within `THAW_EVERY`, and the long pause comes that rarely
(its length is logged).
"""

from __future__ import annotations

import asyncio
import gc
import time
from collections.abc import Callable

from . import room_log

FREEZE_EVERY = 1.0  # seconds between freezes: what has lived this long is frozen
THAW_EVERY = 600.0  # seconds between full collections
GROWTH = 2.0  # ... or sooner, once this many times as many objects are frozen as after one
COUNT_EVERY = 60  # ticks between counts of the frozen objects (a count walks them all)


class Collector:
    """The schedule, driven by `tick` (a clock is passed in, for tests)."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self.thawed_at = clock()
        self.baseline = 0  # objects frozen just after the last thaw
        self.ticks = 0

    def start(self) -> None:
        """Once the server is up: what exists now (modules, libraries, rooms brought back)
        lives as long as the process."""
        gc.collect()
        gc.freeze()
        self.thawed_at, self.baseline = self.clock(), gc.get_freeze_count()

    def stop(self) -> None:
        """The server is stopping: everything is the collector's again (a process that goes
        on, such as a test run, collects as usual)."""
        gc.unfreeze()

    def tick(self) -> int | None:
        """Freeze what has lived since the last tick; thaw and collect everything when due
        (returns the objects found unreachable then, else None)."""
        self.ticks += 1
        due = self.clock() - self.thawed_at >= THAW_EVERY or (
            self.ticks % COUNT_EVERY == 0 and gc.get_freeze_count() > GROWTH * self.baseline
        )
        if not due:
            gc.freeze()
            return None
        started = time.perf_counter()
        gc.unfreeze()
        found = gc.collect()
        gc.freeze()
        self.thawed_at, self.baseline = self.clock(), gc.get_freeze_count()
        room_log.line(
            None, None, "full_collection",
            objects=self.baseline, unreachable=found,
            ms=round(1000 * (time.perf_counter() - started), 1),
        )  # fmt: skip
        return found

    async def run(self) -> None:
        """Tick every `FREEZE_EVERY` seconds until cancelled."""
        while True:
            await asyncio.sleep(FREEZE_EVERY)
            self.tick()
