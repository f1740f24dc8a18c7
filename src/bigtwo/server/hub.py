"""The hub: every room of one server process, each with one writer (an asyncio lock that
messages, timer expiries and returns from absence all pass through), the group-committing
store writer, the turn timers and the connections to tell.

A change goes: lock the room -> the room decides (in a worker thread, so that bots thinking
never stall the event loop) -> store the change (group commit) -> send each connection the
events and state its seat may see. Nobody hears of a change before it is stored.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
import time
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, TypeVar

from ..table import Event
from .protocol import Act, Create, Host, ProtocolError, error
from .room import Room, RoomError
from .store import Store, Write

log = logging.getLogger("bigtwo.server")
T = TypeVar("T")
CODE_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I: read aloud without doubt
CODE_LENGTH = 10  # 32**10 = 2**50 codes: not guessable by trying


@dataclass(eq=False)
class Connection:
    """One client socket as the hub sees it: where to send, and which seat it speaks for."""

    send: Callable[[str], Awaitable[None]]
    address: str
    room: str | None = None
    seat: int | None = None  # None: watching


@dataclass
class Settings:
    grace: float = 20.0  # seconds a person may be gone before a bot plays for them
    keep_empty: float = 3600.0  # seconds an empty room is kept open
    bot_threads: int = 2  # bots think here, a few at a time


@dataclass
class Hub:
    store: Store
    settings: Settings = field(default_factory=Settings)
    rooms: dict[str, Room] = field(default_factory=dict)
    locks: dict[str, asyncio.Lock] = field(default_factory=dict)
    watchers: dict[str, set[Connection]] = field(default_factory=dict)
    timers: dict[str, asyncio.TimerHandle] = field(default_factory=dict)
    absences: dict[tuple[str, int], asyncio.TimerHandle] = field(default_factory=dict)
    closing: bool = False

    def __post_init__(self) -> None:
        self.pool = ThreadPoolExecutor(self.settings.bot_threads, thread_name_prefix="table")
        self.db = ThreadPoolExecutor(1, thread_name_prefix="store")
        self.pending: list[tuple[Write, asyncio.Future[None]]] = []
        self.flushing: asyncio.Task[None] | None = None

    # -- life ----------------------------------------------------------------------------------
    async def open(self) -> None:
        """Bring back every stored room. A deadline that passed while the server was down is
        not held against the player: their turn starts afresh with a whole turn's time."""
        now = time.time()
        for data in await self._in_db(self.store.rooms):
            room = Room.from_dict(data)
            if room.deadline is not None and room.deadline < now:
                room.deadline = now + room.turn_seconds
            self.rooms[room.code] = room
            self._arm(room)
            for seat in room.tokens.values():  # nobody is connected yet: absences start now
                self._absent(room, seat)

    async def close(self) -> None:
        """Finish the changes in hand, store them, and tell every client to reconnect."""
        self.closing = True
        for code in list(self.locks):
            async with self.locks[code]:
                pass
        await self._flush_now()
        bye = json.dumps({"type": "bye", "reason": "the server is restarting", "reconnect": True})
        for conns in self.watchers.values():
            for conn in list(conns):
                await _quiet(conn.send(bye))
        for handle in [*self.timers.values(), *self.absences.values()]:
            handle.cancel()
        self.pool.shutdown(wait=True)
        self.db.shutdown(wait=True)

    # -- entering a room -------------------------------------------------------------------------
    async def create(self, conn: Connection, msg: Create) -> None:
        code = "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))
        room = Room.create(code, msg)
        self.rooms[code] = room
        async with self._lock(code):
            await self._store(room, {"type": "create"}, 0)
            await self._enter(conn, room, 0, room.host_token)

    async def join(self, conn: Connection, code: str, name: str, seat: int | None) -> None:
        room = self._room(code)
        async with self._lock(code):
            taken, token = room.join(name, seat)
            await self._store(room, {"type": "join", "name": name}, taken)
            await self._enter(conn, room, taken, token)
            await self._broadcast(room, [], skip=conn)

    async def resume(self, conn: Connection, code: str, token: str, last: int | None) -> None:
        room = self._room(code)
        async with self._lock(code):
            seat = room.seat_of(token)
            await self._enter(conn, room, seat, None, last)
            before = room.seq
            events = await self._run(room.set_away, seat, False, time.time())
            if room.seq != before:  # back (events or none): stored, then everyone told
                await self._store(room, None, seat)
                await self._broadcast(room, events)

    async def watch(self, conn: Connection, code: str, last: int | None) -> None:
        room = self._room(code)
        async with self._lock(code):
            await self._enter(conn, room, None, None, last)

    async def _enter(
        self,
        conn: Connection,
        room: Room,
        seat: int | None,
        token: str | None,
        last: int | None = None,
    ) -> None:
        await self.leave_socket(conn)
        conn.room, conn.seat = room.code, seat
        self.watchers.setdefault(room.code, set()).add(conn)
        if seat is not None:
            handle = self.absences.pop((room.code, seat), None)
            if handle is not None:
                handle.cancel()
        welcome: dict[str, Any] = {"type": "welcome", "room": room.code, "seat": seat}
        if token is not None:
            welcome["token"] = token
        await conn.send(json.dumps(welcome))
        missed = None if last is None else room.missed(seat, last)
        if missed:
            await conn.send(json.dumps({"type": "events", "seq": room.seq, "events": missed}))
        await conn.send(json.dumps(room.state_for(seat)))

    async def leave_socket(self, conn: Connection) -> None:
        """The socket closed (or moved to another room): a person's absence starts."""
        if conn.room is None:
            return
        code, seat = conn.room, conn.seat
        self.watchers.get(code, set()).discard(conn)
        conn.room = conn.seat = None
        room = self.rooms.get(code)
        if room is None or seat is None:
            return
        if not any(c.seat == seat for c in self.watchers.get(code, ())):
            self._absent(room, seat)

    def _absent(self, room: Room, seat: int) -> None:
        loop = asyncio.get_running_loop()
        key = (room.code, seat)
        if key in self.absences:
            self.absences[key].cancel()
        self.absences[key] = loop.call_later(
            self.settings.grace, lambda: loop.create_task(self._gone(room.code, seat))
        )

    async def _gone(self, code: str, seat: int) -> None:
        self.absences.pop((code, seat), None)
        room = self.rooms.get(code)
        if room is None or self.closing:
            return
        async with self._lock(code):
            before = room.seq
            events = await self._run(room.set_away, seat, True, time.time())
            if room.seq != before:  # away (events or none): stored, then everyone told
                await self._store(room, None, seat)
                await self._broadcast(room, events)

    # -- in a room -----------------------------------------------------------------------------
    async def act(self, conn: Connection, msg: Act) -> None:
        room, seat = self._seated(conn)
        started = time.perf_counter()
        async with self._lock(room.code):
            events, done = await self._run(room.act, seat, msg, time.time())
            if done is not None:
                await conn.send(json.dumps({"type": "ack", "id": msg.id, "seq": done}))
                return
            await self._store(room, {"type": "act", "id": msg.id, "action": msg.action}, seat)
            await conn.send(json.dumps({"type": "ack", "id": msg.id, "seq": room.seq}))
            await self._broadcast(room, events)
        log.info(
            "room=%s seat=%s action=%r events=%d latency_ms=%.2f",
            room.code,
            seat,
            msg.action,
            len(events),
            1000 * (time.perf_counter() - started),
        )

    async def host(self, conn: Connection, msg: Host) -> None:
        room, seat = self._seated(conn)
        async with self._lock(room.code):
            events, token = await self._run(room.host_action, seat, msg, time.time())
            await self._store(room, {"type": "host", "what": msg.what, "seat": msg.seat}, seat)
            if token is not None:
                await conn.send(json.dumps({"type": "invited", "seat": msg.seat, "token": token}))
            await self._broadcast(room, events)
        log.info("room=%s seat=%s host=%s target=%s", room.code, seat, msg.what, msg.seat)

    async def leave(self, conn: Connection) -> None:
        room, seat = self._seated(conn)
        async with self._lock(room.code):
            events = await self._run(room.leave, seat, time.time())
            await self._store(room, {"type": "leave"}, seat)
            await self._broadcast(room, events)
        await self.leave_socket(conn)

    async def vote(self, conn: Connection, yes: bool) -> None:
        room, seat = self._seated(conn)
        async with self._lock(room.code):
            events = room.vote_end(seat, yes)
            await self._store(room, {"type": "vote_end", "yes": yes}, seat)
            await self._broadcast(room, events)

    async def chat(self, conn: Connection, text: str) -> None:
        room = self._room(conn.room or "")
        line = json.dumps(room.chat(conn.seat, text))
        for other in list(self.watchers.get(room.code, ())):
            await _quiet(other.send(line))

    async def _expire(self, code: str) -> None:
        room = self.rooms.get(code)
        if room is None or self.closing:
            return
        async with self._lock(code):
            awaited = room.table.awaiting if room.table is not None else ()
            events = await self._run(room.expire, time.time())
            if not events:
                self._arm(room)
                return
            seat = awaited[0] if awaited else None
            await self._store(room, {"type": "timeout"}, seat)
            await self._broadcast(room, events)
        log.info("room=%s seat=%s timeout", code, seat)

    # -- inside ---------------------------------------------------------------------------------
    def _room(self, code: str) -> Room:
        room = self.rooms.get(code)
        if room is None or room.status == "closed":
            raise RoomError("no_room", "there is no open room with that code")
        return room

    def _seated(self, conn: Connection) -> tuple[Room, int]:
        if conn.room is None or conn.seat is None:
            raise RoomError("not_seated", "take a seat first (join or resume)")
        return self._room(conn.room), conn.seat

    def _lock(self, code: str) -> asyncio.Lock:
        if self.closing:
            raise RoomError("restarting", "the server is restarting; reconnect in a moment")
        return self.locks.setdefault(code, asyncio.Lock())

    async def _run(self, fn: Callable[..., T], *args: Any) -> T:
        """The room's work in a worker thread: bots may think there."""
        return await asyncio.get_running_loop().run_in_executor(self.pool, fn, *args)

    async def _in_db(self, fn: Callable[..., T], *args: Any) -> T:
        return await asyncio.get_running_loop().run_in_executor(self.db, fn, *args)

    async def _store(self, room: Room, action: dict[str, Any] | None, seat: int | None) -> None:
        """Queue the room's change and wait until it is committed with its batch."""
        first = room.recorded
        records = tuple(g.record().dumps() for g in room.finished)
        room.finished, room.recorded = [], room.recorded + len(records)
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.pending.append(
            (Write(room.to_dict(), action, seat, time.time(), records, first), future)
        )
        if self.flushing is None or self.flushing.done():
            self.flushing = asyncio.create_task(self._flush())
        await future
        self._arm(room)

    async def _flush(self) -> None:
        while self.pending:
            await self._flush_now()

    async def _flush_now(self) -> None:
        batch, self.pending = self.pending, []
        if not batch:
            return
        try:
            await self._in_db(self.store.write, [w for w, _ in batch])
        except Exception as exc:  # the store failed: nobody may hear of these changes
            log.exception("store write failed")
            for _, future in batch:
                future.set_exception(RoomError("storage", f"the change wasn't stored: {exc}"))
            return
        for _, future in batch:
            future.set_result(None)

    def _arm(self, room: Room) -> None:
        """(Re)start the room's turn timer from its stored absolute deadline."""
        handle = self.timers.pop(room.code, None)
        if handle is not None:
            handle.cancel()
        if room.deadline is None or room.status != "playing":
            return
        loop = asyncio.get_running_loop()
        delay = max(0.0, room.deadline - time.time())
        self.timers[room.code] = loop.call_later(
            delay, lambda: loop.create_task(self._expire(room.code))
        )

    async def _broadcast(
        self, room: Room, events: list[Event], skip: Connection | None = None
    ) -> None:
        for conn in list(self.watchers.get(room.code, ())):
            if conn is skip:
                continue
            message = {
                "type": "update",
                "seq": room.seq,
                "events": room.events_for(conn.seat, events),
                "state": room.state_for(conn.seat),
            }
            await _quiet(conn.send(json.dumps(message)))

    def lobby(self) -> list[dict[str, Any]]:
        """Open public rooms: waiting for players, with their seats."""
        return [r.summary() for r in self.rooms.values() if r.public and r.status == "waiting"][
            :100
        ]


async def _quiet(sending: Awaitable[None]) -> None:
    """Send, ignoring a socket that has just closed (its reader cleans up)."""
    with contextlib.suppress(Exception):  # a closed socket: the reading side notices
        await sending


def refusal(exc: ProtocolError) -> str:
    return json.dumps(error(exc.code, exc.message, **exc.params))
