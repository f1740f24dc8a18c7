"""The server's garbage-collection schedule: short pauses, rare long ones.

Python's collector walks every tracked object in a full collection, and the server holds many
(each table's game, bots and catch-up log: some 300-400 objects, plus 80,000 for the modules
and libraries). With the default thresholds a busy server ran a full collection every few
seconds, each pausing every room for 100-200 ms at 600 tables (`benchmarks/server.py` prints
the collections of its window): that pause, not the work, made the slowest percent of actions.

Objects that have lived a tenth of a second are frozen (`gc.freeze`, which costs nothing): the
collector no longer walks them. They are still freed the moment nothing refers to them; only
garbage *cycles* among them wait, until the next thaw, which unfreezes everything and runs one
full collection. So young cycles are collected as before, old ones within `THAW_EVERY`, and
the long pause comes that rarely (its length is logged).

What the younger collections walk is what lived since the last freeze: every room changed
since (its stored form, its seats' states, its game). Freezing every second, they took a
fifth of the server's CPU an action (`benchmarks/hub_cpu.py`, 300 tables); every tenth of a
second, with a young generation collected after 5,000 allocations rather than 700, under a
tenth (each collection a few milliseconds). A change leaves no garbage cycles behind (that
benchmark's thaw at its end finds none), so freezing sooner leaves the thaws as rare.
"""

from __future__ import annotations

import asyncio
import gc
import time
from collections.abc import Callable

from . import room_log

FREEZE_EVERY = 0.1  # seconds between freezes: what has lived this long is frozen
THAW_EVERY = 600.0  # seconds between full collections
GROWTH = 2.0  # ... or sooner, once this many times as many objects are frozen as after one
COUNT_EVERY = 600  # ticks between counts of the frozen objects (a count walks them all)
YOUNG = 5_000  # allocations between collections of the young generation (Python's: 700)


class Collector:
    """The schedule, driven by `tick` (a clock is passed in, for tests)."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self.thawed_at = clock()
        self.baseline = 0  # objects frozen just after the last thaw
        self.ticks = 0
        self.thresholds = gc.get_threshold()  # Python's, given back on `stop`

    def start(self) -> None:
        """Once the server is up: what exists now (modules, libraries, rooms brought back)
        lives as long as the process."""
        self.thresholds = gc.get_threshold()
        gc.set_threshold(YOUNG, *self.thresholds[1:])
        gc.collect()
        gc.freeze()
        self.thawed_at, self.baseline = self.clock(), gc.get_freeze_count()

    def stop(self) -> None:
        """The server is stopping: everything is the collector's again (a process that goes
        on, such as a test run, collects as usual)."""
        gc.unfreeze()
        gc.set_threshold(*self.thresholds)

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
