"""The rooms of one server process kept in step with their connections: one writer a room (an
asyncio lock that messages, timer expiries and returns from absence all pass through), each
change sent to whoever is in the room, the turn timers, and the absences and empty rooms that
connections leaving start. Apart from the hub (`Hub`, what the connections ask), which it
carries: these call each other round (a change may unseat a connection, whose leaving starts
an absence, whose end is a change), so they stay one class.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import secrets
import socket
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from . import room_log, watching
from .audience import Audience
from .changes import changes_for
from .connection import Connection, quiet
from .fanout import Fanout, Told
from .listener import Listener
from .metrics import Metrics
from .protocol import Unseated
from .room import Room, RoomError
from .room_state import UNSEATED
from .settings import Settings
from .shared import Outcome, SharedRooms, for_audience
from .store import Store

T = TypeVar("T")


@dataclass
class RoomKeeper:
    """The hub's rooms, their locks, timers and connections, and what keeps them in step."""

    store: Store
    settings: Settings = field(default_factory=Settings)
    rooms: dict[str, Room] = field(default_factory=dict)
    locks: dict[str, asyncio.Lock] = field(default_factory=dict)
    watchers: dict[str, set[Connection]] = field(default_factory=dict)
    timers: dict[str, asyncio.TimerHandle] = field(default_factory=dict)
    absences: dict[tuple[str, int], asyncio.TimerHandle] = field(default_factory=dict)
    empties: dict[str, asyncio.TimerHandle] = field(default_factory=dict)  # rooms nobody is in
    told: dict[str, Told] = field(default_factory=dict)  # per room: the bases of the patches
    closing: bool = False

    def __post_init__(self) -> None:
        self.holder = f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(3)}"
        self.metrics = Metrics()
        self.changes = changes_for(
            self.store,
            self.settings,
            self.holder,
            self.rooms,
            stored=self._arm,
            unheard=lambda code: self._spawn(self._catch_up(code)),
            metrics=self.metrics,
        )
        self.shared = self.changes.shared
        self.listener: Listener | None = None
        self.leasing: asyncio.Task[None] | None = None
        self.forgetting: asyncio.Task[None] | None = None
        self.tasks: set[asyncio.Task[None]] = set()
        shared = self.shared
        self.audience = Audience(
            self.watchers,
            self.holder,
            watching.Elsewhere(self.settings.lease_seconds),
            self._spawn,
            None if shared is None else lambda payload: self.changes.run(shared.notify, payload),
        )

    # -- one writer a room, its timer, and telling its connections -----------------------------
    def _lock(self, code: str) -> asyncio.Lock:
        if self.closing:
            raise RoomError("restarting", "the server is restarting; reconnect in a moment")
        return self.locks.setdefault(code, asyncio.Lock())

    async def reading(self, code: str, read: Callable[[Room], T]) -> T | None:
        """``read`` of the room held here (None: none is), under its lock: a change made in
        memory shows once stored, and never if storing it failed (it is put back)."""
        if code not in self.rooms:  # (so that no lock is made for a code nobody uses)
            return None
        async with self.locks.setdefault(code, asyncio.Lock()):  # also while closing: reads
            room = self.rooms.get(code)
            return None if room is None else read(room)

    def _spawn(self, work: Awaitable[None]) -> None:
        task = asyncio.ensure_future(work)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    def _arm(self, room: Room) -> None:
        """(Re)start the room's timer from its stored absolute time (`Room.wakes`): the
        awaited seat's deadline, or the due bot's move in a paced room."""
        handle = self.timers.pop(room.code, None)
        if handle is not None:
            handle.cancel()
        wakes = room.wakes
        if wakes is None or room.status != "playing":
            return
        loop = asyncio.get_running_loop()
        delay = max(0.0, wakes - time.time())
        self.timers[room.code] = loop.call_later(
            delay, lambda: self._spawn(self._expire(room.code))
        )

    async def _expire(self, code: str) -> None:
        if self.closing:
            return

        def work(room: Room) -> Outcome[int | None]:
            if room.bot_at is not None or room.next_at is not None:  # a bot's paced move,
                # or the pause between deals ran out: no seat's action
                return Outcome(room.expire(time.time()), None, None, None)
            awaited = room.table.awaiting if room.table is not None else ()
            seat = awaited[0] if awaited else None
            return Outcome(room.expire(time.time()), {"type": "timeout"}, seat, seat)

        with contextlib.suppress(RoomError):  # the room closed meanwhile
            async with self._lock(code):
                room, _, change = await self.changes.apply(code, work)
                if change is None:
                    self._arm(room)
                    return
                await self._broadcast(room, change)

    async def _broadcast(
        self, room: Room, change: Fanout | None, skip: Connection | None = None
    ) -> None:
        """Send each connection of the room what changed since it last heard: ``change``
        (the room's last) or, for one further behind (a shared database: changes made by
        other processes) or with no change known, what the database holds. Each audience's
        message is built and encoded once (`Fanout`); here it is only routed."""
        change = change or Fanout(room, None)
        told = self.told.setdefault(room.code, {})
        read: dict[int, list[dict[str, Any]] | None] = {}
        for conn in list(self.watchers.get(room.code, ())):
            why = None if conn.seat is None else room.lost(conn.seat, conn.holds)
            if why is not None:  # the one check: a seat's view goes only to its holders
                await self._unseat(conn, why)
                continue
            if conn is skip or conn.seq >= room.seq:
                continue
            base, missed = conn.seq, None
            if self.changes.behind(change, base):
                if base not in read:
                    read[base] = await self.changes.stored_changes(room, base)
                found = read[base] or []
                missed = [e for shown in found for e in for_audience(shown, conn.seat)]
            conn.seq = room.seq
            for frame in change.frames_for(conn.seat, base, told, missed):
                await quiet(conn.send(frame))
        change.keep(told)

    async def _unseat(self, conn: Connection, why: str) -> None:
        """``conn`` no longer holds its seat (`Room.lost`): it leaves the room, hears no
        more of it, and is told why. Its seat's absence doesn't start: it is not theirs."""
        code, seat = conn.room, conn.seat
        conn.seat = conn.holds = None
        await self.leave_socket(conn)
        told = Unseated(room=code, seat=seat, code=why, message=UNSEATED[why])
        await quiet(conn.tell(told))

    # -- leaving: absences and empty rooms -----------------------------------------------------
    async def leave_socket(self, conn: Connection) -> None:
        """The socket closed (or moved to another room): a person's absence starts."""
        if conn.room is None:
            return
        code, seat = conn.room, conn.seat
        self.watchers.get(code, set()).discard(conn)
        conn.room = conn.seat = conn.holds = conn.counted = None
        if not self.watchers.get(code):  # nobody here hears of the room's count any more
            self.audience.elsewhere.forget(code)
        self.audience.count_changed(code, seat is None)
        room = self.rooms.get(code)
        here = {c.seat for c in self.watchers.get(code, ())}
        if not here:  # nobody to patch: the next comer gets the whole state
            self.told.pop(code, None)
        gone = seat if seat is not None and seat not in here else None
        if self.shared is not None:  # the room's lease holder counts the time gone
            emptied = not self.watchers.get(code)
            if emptied:
                self.watchers.pop(code, None)
            if gone is not None or emptied:
                self._spawn(self._left(self.shared, code, gone, emptied))
            return
        if gone is not None and room is not None:
            self._absent(room, gone)
        if room is not None and not self.watchers.get(code):
            self._empty_from_now(code)

    def _empty_from_now(self, code: str) -> None:
        """Nobody is in the room: close it after `Settings.keep_empty` unless someone comes.
        (One process only: on a shared database the room's lease holder finds it empty.)"""
        loop = asyncio.get_running_loop()
        handle = self.empties.pop(code, None)
        if handle is not None:
            handle.cancel()
        self.empties[code] = loop.call_later(
            self.settings.keep_empty, lambda: self._spawn(self._close_empty(code))
        )

    async def _close_empty(self, code: str) -> None:
        """Close a room nobody is in (on a shared database: through any process, as checked
        again under the room's row lock), once: a closed room is no room to close."""
        self.empties.pop(code, None)
        if self.closing or self.watchers.get(code):
            return
        keep = self.settings.keep_empty

        def work(room: Room) -> Outcome[None]:
            if self.watchers.get(code) or (
                self.shared is not None and not self.shared.still_empty(code, keep)
            ):
                return Outcome([], None, None, None)  # someone came (back) meanwhile
            return Outcome(room.close(), {"type": "closed_empty"}, None, None)

        with contextlib.suppress(RoomError):  # closed meanwhile
            async with self._lock(code):
                if (await self.changes.apply(code, work, locked=True))[2]:
                    room_log.line(code, None, "close_empty", keep_empty=keep)

    def _absent(self, room: Room, seat: int) -> None:
        loop = asyncio.get_running_loop()
        key = (room.code, seat)
        if key in self.absences:
            self.absences[key].cancel()
        self.absences[key] = loop.call_later(
            self.settings.grace, lambda: self._spawn(self._gone(room.code, seat))
        )

    async def _gone(self, code: str, seat: int) -> None:
        self.absences.pop((code, seat), None)
        await self._set_away(code, seat, True)

    async def _set_away(self, code: str, seat: int, away: bool) -> None:
        if self.closing or (away and any(c.seat == seat for c in self.watchers.get(code, ()))):
            return

        def work(room: Room) -> Outcome[None]:
            if away and self.shared and not self.shared.still_gone(code, seat, self.settings.grace):
                return Outcome([], None, seat, None)  # back meanwhile, through any process
            return Outcome(room.set_away(seat, away, time.time()), None, seat, None)

        with contextlib.suppress(RoomError):  # the room closed meanwhile
            async with self._lock(code):
                room, _, change = await self.changes.apply(code, work, locked=True)
                if change is not None:
                    await self._broadcast(room, change)
                    room_log.line(code, seat, "bot_takes_over" if away else "hand_back")

    async def _left(self, shared: SharedRooms, code: str, seat: int | None, emptied: bool) -> None:
        """A shared database: the seat's last connection here closed, or the room's (under
        the room's lock, so that it can't overtake a `resume` or `watch` in this process)."""
        with contextlib.suppress(RoomError):  # restarting: the process's rows lapse
            async with self._lock(code):
                if any(c.seat == seat for c in self.watchers.get(code, ())):
                    seat = None
                emptied = emptied and not self.watchers.get(code)
                if seat is not None or emptied:
                    await self.changes.run(shared.left, code, seat, emptied, time.time())

    # -- changes made elsewhere (a shared database) --------------------------------------------
    async def _catch_up(self, code: str) -> None:
        """Send this process's clients of the room what other processes changed."""
        if self.closing or self.shared is None:
            return
        try:
            async with self._lock(code):
                room = await self.changes.current(code)
                await self._broadcast(room, None)
        except RoomError:
            return
        for seat in {c.seat for c in self.watchers.get(code, ()) if c.seat is not None}:
            if seat in room.away and not room.silenced(seat):  # marked away by a process
                # that didn't know they're here (silent turns are theirs: `resume` only)
                self._spawn(self._set_away(code, seat, False))
