"""How the hub makes a room's change and keeps it: the room decides (on the loop if
`Room.quick`, else in a worker thread: bots may think there), and the change is stored with
its group commit (`commits`) before anyone hears of it.

On a database several processes share (`shared`) the hub's rooms are copies. A change made
on a copy is stored only if nobody changed the room meanwhile; otherwise (another process
did, there is no copy, or the work changed nothing or was refused, which a stale copy could
cause) it is made again on the room as stored, under its row lock, as is work that must read
what other processes wrote under that lock (``locked``)."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

from . import room_log
from .commits import Conflict, GroupCommit
from .metrics import Metrics
from .room import UNREADABLE, Room, RoomError, log_unreadable
from .settings import Settings
from .shared import Made, Outcome, SharedRooms, for_audience
from .store import NOT_STORED, Store, Write

log = logging.getLogger("bigtwo.server")
T = TypeVar("T")


class Changes:
    """The hub's rooms (``rooms``, shared with it) and the making and storing of their
    changes. ``stored`` is called with a room whose change was stored (its timer is rearmed:
    on a shared database the change took the room's lease); ``unheard`` with the code of a
    room whose change was not, when another process's change of that number may have been
    taken for it (its clients must read the room again)."""

    def __init__(
        self,
        store: Store,
        settings: Settings,
        holder: str,
        rooms: dict[str, Room],
        stored: Callable[[Room], None],
        unheard: Callable[[str], None],
        metrics: Metrics | None = None,
    ) -> None:
        self.db, self.rooms, self.stored, self.unheard = store, rooms, stored, unheard
        self.metrics = metrics or Metrics()
        self.shared: SharedRooms | None = None
        threads = settings.bot_threads
        if store.shared:  # each row-locked change holds a connection while it waits
            self.shared = SharedRooms(store, holder, settings.lease_seconds)
            threads = max(threads, 4)
        self.pool = ThreadPoolExecutor(threads, thread_name_prefix="table")
        self.commits: GroupCommit[Any] = GroupCommit(
            store.write if self.shared is None else self.shared.commit, self.metrics
        )
        self.applied: dict[str, int] = {}  # a shared database: this process's last change
        self.unreadable: set[str] = set()  # one process: rooms stored in a form it can't read

    async def run(self, fn: Callable[..., T], *args: Any) -> T:
        """``fn`` in a worker thread: bots may think there, and the database may wait."""
        return await asyncio.get_running_loop().run_in_executor(self.pool, fn, *args)

    def room(self, code: str) -> Room:
        """The open room in memory (one process: the room itself)."""
        room = self.rooms.get(code)
        if room is None and code in self.unreadable:
            raise RoomError("unreadable", UNREADABLE)
        if room is None or room.status == "closed":
            raise RoomError("no_room", "there is no open room with that code")
        return room

    async def current(self, code: str) -> Room:
        """The room as it stands (on a shared database, read unless the copy is current)."""
        if self.shared is None:
            return self.room(code)
        room = await self.run(self.shared.load, code, self.rooms.get(code))
        self.rooms[code] = room
        return room

    async def apply(
        self, code: str, work: Callable[[Room], Outcome[T]], locked: bool = False
    ) -> tuple[Room, Outcome[T], bool]:
        """Under the room's lock (the caller's): ``work`` on the room, stored if it changed
        the room before anyone is told; the room, the outcome, whether it changed."""
        started = time.perf_counter()
        work = self._timed(work)
        cached = self.rooms.get(code) if self.shared is not None else self.room(code)
        if cached is None or cached.status == "closed" or (locked and self.shared is not None):
            return await self._apply_locked(code, work, started)  # closed: refused there
        room = cached
        before = room.seq

        def worked() -> tuple[Outcome[T], Write | dict[str, Any] | None]:  # and what to store
            out = work(room)
            return out, (self._change(room, out, before) if room.seq != before else None)

        write: Write | dict[str, Any] | None = None
        try:
            out, write = worked() if room.quick else await self.run(worked)
            if write is not None:
                await self.store(room, write)
        except (RoomError, Conflict) as exc:
            if self.shared is None:
                if write is not None:  # changed in memory, not stored: as stored again
                    await self._as_stored(code)
                raise
            self.rooms.pop(code, None)  # perhaps stale, perhaps changed: read it again
            # sent to be stored and its commit failed: perhaps stored all the same, unheard
            lost = isinstance(exc, RoomError) and exc.code == "storage"
            maybe = Made(room, out, write) if lost and isinstance(write, dict) else None
            return await self._apply_locked(code, work, started, maybe)
        except BaseException:
            if self.shared is not None:  # a copy half changed is no copy
                self.rooms.pop(code, None)
            raise
        if write is None:
            if self.shared is not None:  # nothing to do on a copy may be news to the room
                self.rooms.pop(code, None)
                return await self._apply_locked(code, work, started)
            return room, out, False
        room_log.events(room, out.events, started)
        return room, out, True

    def _timed(self, work: Callable[[Room], Outcome[T]]) -> Callable[[Room], Outcome[T]]:
        """``work`` that tells the metrics how long it took where bots moved in it."""

        def timed(room: Room) -> Outcome[T]:
            started = time.perf_counter()
            out = work(room)
            took = time.perf_counter() - started
            kinds, away = room.kinds, room.away
            bots = sum(
                1
                for e in out.events
                if e.kind == "act"
                and e.seat is not None
                and (kinds[e.seat] != "person" or e.seat in away)
            )
            self.metrics.bots_moved(bots, took)
            return out

        return timed

    async def store(self, room: Room, write: Write | dict[str, Any]) -> None:
        """Store the room's change with its batch (`commits`), then tell `stored`."""
        if self.shared is not None:  # its notification may come before the commit returns
            self.applied[room.code] = room.seq
        try:
            await self.commits.write(write)
        except BaseException:  # not ours, then: a notification of that number was another's
            if self.applied.pop(room.code, None) is not None:
                self.unheard(room.code)
            raise
        self.stored(room)

    async def _as_stored(self, code: str) -> None:
        """One process: put back the room as stored, after a change made on it in memory
        was not stored (the players were refused it, and the next change's snapshot would
        store it all the same). Unreadable, the room is dropped until a restart reads it."""
        room = None
        try:
            stored = await self.commits.run(self.db.room, code)
            room = None if stored is None else Room.loads(*stored)
        except RoomError as exc:  # refused as unreadable from now on, not as gone
            self.unreadable.add(code)
            log_unreadable(code, exc, "not read back after a failed store")
        except Exception:
            log.exception("room=%s not read back after a failed store", code)
        if room is None:
            self.rooms.pop(code, None)
        else:
            self.rooms[code] = room

    def _change(self, room: Room, out: Outcome[Any], before: int) -> Write | dict[str, Any]:
        """What the store needs to keep the room's change."""
        if self.shared is None:
            return room.write(out.action, out.seat)
        return self.shared.change(room, out, before, time.time())

    async def _apply_locked(
        self,
        code: str,
        work: Callable[[Room], Outcome[T]],
        started: float,
        maybe: Made[T] | None = None,
    ) -> tuple[Room, Outcome[T], bool]:
        """A shared database: ``work`` on the room as stored, under its row lock (unless
        ``maybe``, a change whose commit failed, was stored after all)."""
        assert self.shared is not None
        try:
            room, out, changed = await self.run(
                self.shared.apply, code, self.rooms.get(code), work, maybe
            )
        except RoomError:
            raise
        except Exception:  # not stored: nobody may hear of it; forget the cached room
            self.rooms.pop(code, None)
            log.exception("room=%s change failed", code)
            raise RoomError("storage", NOT_STORED) from None
        self.rooms[code] = room
        if changed:
            self.applied[code] = room.seq
            self.stored(room)
            room_log.events(room, out.events, started)
        return room, out, changed

    async def stored_changes(self, room: Room, after: int) -> list[dict[str, Any]] | None:
        """The stored changes after ``after`` (a shared database), or None."""
        if self.shared is None or after < 0:
            return None
        return await self.run(self.shared.changes, room.code, after, room.seq)

    async def missed(self, room: Room, seat: int | None, last: int) -> list[Any] | None:
        """What ``seat`` may see of the changes after ``last`` (None: not all are kept)."""
        if self.shared is None:
            return room.missed(seat, last)
        if last >= room.seq:
            return []
        found = await self.stored_changes(room, last)
        if found is None:
            return None
        return [e for shown in found for e in for_audience(shown, seat)]

    def shutdown(self) -> None:
        self.pool.shutdown(wait=True)
        self.commits.shutdown()
