"""How the hub makes a room's change and keeps it: the room decides (on the loop if
`Room.quick`, else in a worker thread: bots may think there), and the change is stored with
its group commit (`commits`) before anyone hears of it. The change is one value (`Fanout`):
storage, the room log and the broadcast read it.

Where rooms are kept is a strategy chosen once, at start (`changes_for`): `OneProcess` (the
rooms in memory are the rooms; SQLite, or any database one process owns) or `SharedDatabase`
(several processes share PostgreSQL). The hub calls the same methods on either.

On a shared database the hub's rooms are copies. A change made on a copy is stored only if
nobody changed the room meanwhile; otherwise (another process did, there is no copy, or the
work changed nothing or was refused, which a stale copy could cause) it is made again on the
room as stored, under its row lock, as is work that must read what other processes wrote
under that lock (``locked``)."""

from __future__ import annotations

import asyncio
import logging
import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

from . import room_log
from .commits import Conflict, GroupCommit
from .fanout import Fanout
from .metrics import Metrics
from .room import Room, RoomError
from .room_state import UNREADABLE, log_unreadable
from .settings import Settings
from .shared import Made, Outcome, SharedRooms, for_audience
from .store import NOT_STORED, Store

log = logging.getLogger("bigtwo.server")
T = TypeVar("T")
Applied = tuple[Room, Outcome[T], Fanout | None]  # the room, the outcome, the change if any


class Changes(ABC):
    """The hub's rooms (``rooms``, shared with it) and the making and storing of their
    changes. ``stored`` is called with a room whose change was stored (its timer is rearmed:
    on a shared database the change took the room's lease)."""

    shared: SharedRooms | None = None  # a shared database's leases, reads and notifications

    def __init__(
        self,
        store: Store,
        rooms: dict[str, Room],
        stored: Callable[[Room], None],
        threads: int,
        commit: Callable[[list[Any]], Sequence[bool] | None],
        metrics: Metrics | None = None,
    ) -> None:
        self.db, self.rooms, self.stored = store, rooms, stored
        self.metrics = metrics or Metrics()
        self.pool = ThreadPoolExecutor(threads, thread_name_prefix="table")
        self.commits: GroupCommit[Any] = GroupCommit(commit, self.metrics)
        self.unreadable: set[str] = set()  # rooms stored in a form this version can't read
        self.applied: dict[str, int] = {}  # a shared database: this process's last change

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

    @abstractmethod
    async def current(self, code: str) -> Room:
        """The room as it stands (on a shared database, read unless the copy is current)."""

    @abstractmethod
    async def enter(self, code: str) -> Room:
        """The room someone enters to watch (on a shared database, noted as in use here)."""

    @abstractmethod
    async def create(self, room: Room) -> None:
        """Store a new room, its host's seat taken."""

    @abstractmethod
    async def apply(
        self, code: str, work: Callable[[Room], Outcome[T]], locked: bool = False
    ) -> Applied[T]:
        """Under the room's lock (the caller's): ``work`` on the room, stored if it changed
        the room before anyone is told; the room, the outcome and the change (None: none)."""

    @abstractmethod
    def behind(self, change: Fanout, base: int) -> bool:
        """Must a connection told version ``base`` read what it missed from the store (the
        change's own events are not all it missed)?"""

    @abstractmethod
    async def stored_changes(self, room: Room, after: int) -> list[dict[str, Any]] | None:
        """The stored changes after ``after``, each its events by audience, or None."""

    @abstractmethod
    async def missed(self, room: Room, seat: int | None, last: int) -> list[Any] | None:
        """What ``seat`` may see of the changes after ``last`` (None: not all are kept)."""

    async def store(self, room: Room, write: Any) -> None:
        """Store the room's change with its batch (`commits`), then tell `stored`."""
        await self.commits.write(write)
        self.stored(room)

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

    async def _decide(
        self, room: Room, work: Callable[[Room], Outcome[T]]
    ) -> tuple[Outcome[T], Fanout | None]:
        """``work`` on ``room`` (on the loop if it is quick, else in a worker thread: bots may
        think there) and the change it made, if any, not yet stored."""
        before = room.seq

        def worked() -> tuple[Outcome[T], Fanout | None]:
            out = work(room)
            return out, (self._made(room, out, before) if room.seq != before else None)

        return worked() if room.quick else await self.run(worked)

    def _made(self, room: Room, out: Outcome[Any], before: int) -> Fanout:
        """The change ``out`` made of ``room`` (from version ``before``), with its write."""
        return Fanout(room, out.events, room.write(out.action, out.seat))

    def shutdown(self) -> None:
        self.pool.shutdown(wait=True)
        self.commits.shutdown()


class OneProcess(Changes):
    """One process owns the database: its rooms in memory are the rooms."""

    def __init__(
        self,
        store: Store,
        settings: Settings,
        rooms: dict[str, Room],
        stored: Callable[[Room], None],
        metrics: Metrics | None = None,
    ) -> None:
        super().__init__(store, rooms, stored, settings.bot_threads, store.write, metrics)

    async def current(self, code: str) -> Room:
        return self.room(code)

    async def enter(self, code: str) -> Room:
        return self.room(code)

    async def create(self, room: Room) -> None:
        await self.store(room, room.write({"type": "create"}, 0))

    async def apply(
        self, code: str, work: Callable[[Room], Outcome[T]], locked: bool = False
    ) -> Applied[T]:
        started, work = time.perf_counter(), self._timed(work)
        room = self.room(code)
        change: Fanout | None = None
        try:
            out, change = await self._decide(room, work)
            if change is not None:
                await self.store(room, change.write)
        except RoomError:
            if change is not None:  # changed in memory, not stored: as stored again
                await self._as_stored(code)
            raise
        if change is not None:
            room_log.events(change, started)
        return room, out, change

    def behind(self, change: Fanout, base: int) -> bool:
        return False  # every change here is this process's own, told in order

    async def stored_changes(self, room: Room, after: int) -> list[dict[str, Any]] | None:
        return None

    async def missed(self, room: Room, seat: int | None, last: int) -> list[Any] | None:
        return room.missed(seat, last)

    async def _as_stored(self, code: str) -> None:
        """Put back the room as stored, after a change made on it in memory was not stored
        (the players were refused it, and the next change's snapshot would store it all the
        same). Unreadable, the room is dropped until a restart reads it."""
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


class SharedDatabase(Changes):
    """Several processes share the database: the rooms in memory are copies. ``unheard`` is
    called with the code of a room whose change was not stored, when another process's
    change of that number may have been taken for it (its clients must read the room again)."""

    shared: SharedRooms

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
        shared = SharedRooms(store, holder, settings.lease_seconds)
        # each row-locked change holds a connection while it waits
        threads = max(settings.bot_threads, 4)
        super().__init__(store, rooms, stored, threads, shared.commit, metrics)
        self.shared, self.unheard = shared, unheard

    async def current(self, code: str) -> Room:
        room = await self.run(self.shared.load, code, self.rooms.get(code))
        self.rooms[code] = room
        return room

    async def enter(self, code: str) -> Room:
        room = await self.run(self.shared.enter, code, self.rooms.get(code))
        self.rooms[code] = room
        return room

    async def create(self, room: Room) -> None:
        await self.run(self.shared.create, room, time.time())

    async def apply(
        self, code: str, work: Callable[[Room], Outcome[T]], locked: bool = False
    ) -> Applied[T]:
        started, work = time.perf_counter(), self._timed(work)
        room = self.rooms.get(code)
        if room is None or room.status == "closed" or locked:
            return await self._apply_locked(code, work, started)  # closed: refused there
        change: Fanout | None = None
        try:
            out, change = await self._decide(room, work)
            if change is not None:
                await self.store(room, change.write)
        except (RoomError, Conflict) as exc:
            self.rooms.pop(code, None)  # perhaps stale, perhaps changed: read it again
            # sent to be stored and its commit failed: perhaps stored all the same, unheard
            lost = isinstance(exc, RoomError) and exc.code == "storage"
            maybe = Made(room, out, change) if lost and change is not None else None
            return await self._apply_locked(code, work, started, maybe)
        except BaseException:
            self.rooms.pop(code, None)  # a copy half changed is no copy
            raise
        if change is None:  # nothing to do on a copy may be news to the room
            self.rooms.pop(code, None)
            return await self._apply_locked(code, work, started)
        room_log.events(change, started)
        return room, out, change

    def _made(self, room: Room, out: Outcome[Any], before: int) -> Fanout:
        return self.shared.change(room, out, before, time.time())

    async def store(self, room: Room, write: Any) -> None:
        self.applied[room.code] = room.seq  # its notification may come before the commit
        try:
            await self.commits.write(write)
        except BaseException:  # not ours, then: a notification of that number was another's
            if self.applied.pop(room.code, None) is not None:
                self.unheard(room.code)
            raise
        self.stored(room)

    async def _apply_locked(
        self,
        code: str,
        work: Callable[[Room], Outcome[T]],
        started: float,
        maybe: Made[T] | None = None,
    ) -> Applied[T]:
        """``work`` on the room as stored, under its row lock (unless ``maybe``, a change
        whose commit failed, was stored after all)."""
        try:
            room, out, change = await self.run(
                self.shared.apply, code, self.rooms.get(code), work, maybe
            )
        except RoomError:
            raise
        except Exception:  # not stored: nobody may hear of it; forget the cached room
            self.rooms.pop(code, None)
            log.exception("room=%s change failed", code)
            raise RoomError("storage", NOT_STORED) from None
        self.rooms[code] = room
        if change is not None:
            self.applied[code] = room.seq
            self.stored(room)
            room_log.events(change, started)
        return room, out, change

    def behind(self, change: Fanout, base: int) -> bool:
        return change.events is None or base != change.seq - 1

    async def stored_changes(self, room: Room, after: int) -> list[dict[str, Any]] | None:
        if after < 0:
            return None
        return await self.run(self.shared.changes, room.code, after, room.seq)

    async def missed(self, room: Room, seat: int | None, last: int) -> list[Any] | None:
        if last >= room.seq:
            return []
        found = await self.stored_changes(room, last)
        if found is None:
            return None
        return [e for shown in found for e in for_audience(shown, seat)]


def changes_for(
    store: Store,
    settings: Settings,
    holder: str,
    rooms: dict[str, Room],
    stored: Callable[[Room], None],
    unheard: Callable[[str], None],
    metrics: Metrics | None = None,
) -> Changes:
    """The strategy for ``store``, chosen once: `SharedDatabase` where several processes may
    share it (PostgreSQL), else `OneProcess`; either counts into ``metrics``."""
    if store.shared:
        return SharedDatabase(store, settings, holder, rooms, stored, unheard, metrics)
    return OneProcess(store, settings, rooms, stored, metrics)
