"""The hub: every room of one server process, each with one writer (an asyncio lock that
messages, timer expiries and returns from absence all pass through), the turn timers and the
connections to tell. What the connections ask is here; keeping each room, its timers and its
connections in step is `room_keeper`'s (the hub's base), the spectators' counts `audience`'s,
and the sockets of each session `session_sockets`'s.

A change goes: lock the room -> the room decides and the change is stored (`changes`: in a
worker thread if a bot may think long, on the loop if all are quick; group commit) -> send
each connection what its seat may see. Nobody hears of it unstored.

On a database several processes share (PostgreSQL, `shared.py`), the rooms in memory are only
copies (`changes` says how a change made on one is kept), other processes' changes arrive as
notifications and are read from the database, and the room's timer runs where its lease is.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from collections import Counter
from collections.abc import Callable
from typing import Any, TypeVar

from ..i18n import catalogue
from ..refusal_words import say
from ..table import Event
from . import ended, retention, room_log, thinking, watching
from .connection import Connection as Connection  # re-exported: imported from here
from .connection import may_sit, quiet
from .fanout import state_frame
from .listener import Listener
from .protocol import (
    MAX_TURN,
    Ack,
    Act,
    Bye,
    ChatLine,
    Create,
    Events,
    Frame,
    Host,
    Invited,
    Welcome,
    WhyAnswer,
    encode,
)
from .room import Room, RoomError, spectator_name
from .room_keeper import RoomKeeper
from .room_state import HeldByAnother, log_unreadable, token_digest
from .room_type import RoomData
from .session_sockets import SessionSockets
from .shared import Outcome

log = logging.getLogger("bigtwo.server")
T = TypeVar("T")


CODE_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I: read aloud without doubt
CODE_LENGTH = 10  # 32**10 = 2**50 codes: not guessable by trying


class Hub(RoomKeeper):
    """What the connections ask of the rooms: entering one, acting in it, the sessions
    they speak for; and, on a shared database, what the other processes say."""

    def __post_init__(self) -> None:
        super().__post_init__()
        # where the database is read outside a room's change: the embedded one's own thread,
        # or the shared one's pool
        self.ask_database = self.changes.commits.run if self.shared is None else self.changes.run
        told = None if self.shared is None else self._tell_ended
        self.sockets = SessionSockets(lambda: self.closing, self.ask_database, told)
        # whether a person's seat is resumed by them alone (`Directory.keeps_seat`; set by
        # the app): None, as in a hub without accounts, lets any token holder resume
        self.seat_kept: Callable[[str], bool] | None = None

    async def _tell_ended(self, sessions: list[str]) -> None:
        """Tell the other processes of a shared database the sessions that ended (`ended`)."""
        await self.changes.run(ended.tell, self.store.engine, self.holder, sessions)

    # -- life ----------------------------------------------------------------------------------
    async def open(self) -> None:
        """Bring back every stored room. A deadline that passed while the server was down is
        not held against the player: their turn starts afresh with a whole turn's time.
        On a shared database nothing is loaded: rooms are read when used, and timers come
        with leases."""
        if self.settings.keep_finished is not None:
            self.forgetting = asyncio.create_task(self._forget_loop(self.settings.keep_finished))
        if self.shared is not None:
            self.listener = Listener(self.store, self._notified, self._resync)
            self.listener.start(asyncio.get_running_loop())
            self.leasing = asyncio.create_task(self._lease_loop())
            return
        now = time.time()
        for code, stored in await self.changes.commits.run(self.store.rooms):
            try:
                room = Room.loads(*stored)
            except RoomError as exc:  # the others are served; this one stays stored as it is
                self.changes.unreadable.add(code)
                log_unreadable(code, exc, "not loaded")
                continue
            if room.deadline is not None and room.deadline < now:
                room.deadline = now + room.turn_seconds
            self.rooms[room.code] = room
            self._arm(room)
            for seat in room.tokens.values():  # nobody is connected yet: absences start now
                self._absent(room, seat)
            self._empty_from_now(room.code)

    async def drain(self) -> None:
        """Take no more changes, finish those in hand (each room's lock passes them in order),
        store them, and tell every client to reconnect (SIGTERM: see `serving`)."""
        if self.closing:
            return
        self.closing = True
        for code in list(self.locks):
            async with self.locks[code]:
                pass
        await self.changes.commits.flush()
        reason = "the server is restarting; reconnect in a moment"
        line = encode(Bye(code="restarting", reason=reason, reconnect=True))
        for conns in self.watchers.values():
            for conn in list(conns):
                await quiet(conn.send(line))

    async def close(self) -> None:
        """Drain (if nothing did yet), then stop the timers and the worker threads."""
        await self.drain()
        for handle in [*self.timers.values(), *self.absences.values(), *self.empties.values()]:
            handle.cancel()
        if self.forgetting is not None:
            self.forgetting.cancel()
        if self.shared is not None:
            if self.leasing is not None:
                self.leasing.cancel()
            with contextlib.suppress(Exception):  # the database may be gone: leases lapse
                await self.changes.run(self.shared.release)
            if self.listener is not None:
                await asyncio.get_running_loop().run_in_executor(None, self.listener.stop)
        self.changes.shutdown()
        await asyncio.to_thread(thinking.close)  # (a search under way finishes first)

    # -- entering a room -------------------------------------------------------------------------
    async def create(self, conn: Connection, msg: Create) -> None:
        may_sit(conn)
        shortest = self.settings.min_turn
        if msg.turn_seconds and not shortest <= msg.turn_seconds <= MAX_TURN:
            raise RoomError(
                "bad_field",
                f"turn_seconds is 0 (no timer) or {shortest:g} to {MAX_TURN:g} seconds",
                field="turn_seconds",
                min=shortest,
                max=MAX_TURN,
            )
        code = "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))
        room = Room.create(code, msg, self.settings.bot_pace, self.settings.pause)
        if conn.person is not None:
            room.people[0] = conn.person
        async with self._lock(code):
            await self.changes.create(room)
            self.rooms[code] = room  # only once stored: nobody joins a room a restart would lose
            await self._enter(conn, room, 0, room.host_token, shown=True)

    async def join(self, conn: Connection, code: str, name: str, seat: int | None) -> None:
        may_sit(conn)

        def work(room: Room) -> Outcome[tuple[int, str]]:
            taken, token = room.join(name, seat)
            if conn.person is not None:
                room.people[taken] = conn.person
            return Outcome([], {"type": "join", "name": name}, taken, (taken, token), True)

        async with self._lock(code):
            room, out, change = await self.changes.apply(code, work, locked=True)
            await self._enter(conn, room, out.value[0], out.value[1], shown=True)
            await self._broadcast(room, change, skip=conn)

    async def resume(self, conn: Connection, code: str, token: str, last: int | None) -> None:
        """``conn`` takes back the seat of ``token``. A seat tied to an account (or to a person
        since deleted) is taken back by that person alone: its token, left in a shared
        browser after signing out, is no key for whoever uses that browser next. A guest's
        seat goes on to whoever holds its token (the guest signing in, another device)."""
        may_sit(conn)
        passed: set[str | None] = {None, conn.person}  # holders whose seat may pass to conn

        def work(room: Room) -> Outcome[int]:
            seat, before = room.seat_of(token), room.seq
            holder = room.people.get(seat)
            if self.seat_kept is not None and holder not in passed:
                raise HeldByAnother(holder)  # who they are is asked outside; then again
            events = room.set_away(seat, False, time.time())
            room.tie(seat, conn.person, before)
            return Outcome(events, None, seat, seat, True)

        async with self._lock(code):
            asked = False
            while True:
                try:
                    room, out, change = await self.changes.apply(code, work, locked=True)
                    break
                except HeldByAnother as held:  # asked once: held by yet another since, refused
                    kept = self.seat_kept
                    if asked or kept is None or await self.ask_database(kept, held.holder):
                        raise
                    asked = True
                    passed.add(held.holder)
            await self._enter(conn, room, out.value, token, last)
            if change is not None:
                await self._broadcast(room, change, skip=conn)
                room_log.line(code, out.value, "hand_back", seq=room.seq)

    async def watch(
        self, conn: Connection, code: str, last: int | None, name: str | None = None
    ) -> None:
        conn.name = spectator_name(name)
        async with self._lock(code):  # on a shared database: noted as in use here, for the
            room = await self.changes.enter(code)  # lease holder's count of empty rooms
            await self._enter(conn, room, None, None, last)

    async def _enter(
        self,
        conn: Connection,
        room: Room,
        seat: int | None,
        token: str | None,
        last: int | None = None,
        shown: bool = False,
    ) -> None:
        """``conn`` enters ``room`` in ``seat`` (None: to watch), holding it with ``token``
        (shown in the welcome, for a new one), and is sent the room."""
        await self.leave_socket(conn)
        conn.room, conn.seat, conn.seq = room.code, seat, room.seq
        conn.holds = None if token is None else token_digest(token)
        self.watchers.setdefault(room.code, set()).add(conn)
        for handle in (
            self.absences.pop((room.code, seat), None) if seat is not None else None,
            self.empties.pop(room.code, None),
        ):
            if handle is not None:
                handle.cancel()
        await conn.tell(Welcome(room=room.code, seat=seat, token=token if shown else None))
        missed = None if last is None else await self.changes.missed(room, seat, last)
        if missed:
            await conn.tell(Events(seq=room.seq, events=missed))
        await conn.send(state_frame(room, seat, self.told.setdefault(room.code, {})))
        conn.counted = 0  # told of the spectators from now on, once there are any
        self.audience.count_changed(room.code, seat is None or len(self.watchers[room.code]) == 1)

    # -- in a room -----------------------------------------------------------------------------
    async def act(self, conn: Connection, msg: Act) -> None:
        code, seat, holds = self._seated(conn)

        def work(room: Room) -> Outcome[int | None]:
            room.holding(seat, holds)
            events, done = room.act(seat, msg, time.time())
            return Outcome(events, {"type": "act", "id": msg.id, "action": msg.action}, seat, done)

        async with self._lock(code):
            room, out, change = await self.changes.apply(code, work)
            seq = room.seq if out.value is None else out.value  # a resend: the first answer
            await conn.tell(Ack(id=msg.id, seq=seq))
            if out.value is None:
                await self._broadcast(room, change)

    async def why(self, conn: Connection, action: str) -> None:
        code, seat, holds = self._seated(conn)
        async with self._lock(code):  # not read while a change is being made
            room = await self.changes.current(code)
            room.holding(seat, holds)
            answer = room.why(seat, action)
            if not answer["ok"]:  # the sentence in the connection's language
                t = catalogue(conn.lang)
                answer["message"] = say(
                    t, answer["code"], answer["params"], answer["message"], room.names
                )
            await conn.tell(WhyAnswer(**answer))

    async def host(self, conn: Connection, msg: Host) -> None:
        code, seat, holds = self._seated(conn)

        def work(room: Room) -> Outcome[str | None]:
            room.holding(seat, holds)
            events, token = room.host_action(seat, msg, time.time())
            action = {"type": "host", "what": msg.what, "seat": msg.seat}
            return Outcome(events, action, seat, token)

        async with self._lock(code):
            room, out, change = await self.changes.apply(code, work)
            if out.value is not None:
                await conn.tell(Invited(seat=msg.seat, token=out.value))
            await self._broadcast(room, change)

    async def leave(self, conn: Connection) -> None:
        code, seat, holds = self._seated(conn)

        def work(room: Room) -> Outcome[None]:
            room.holding(seat, holds)
            return Outcome(room.leave(seat, time.time()), {"type": "leave"}, seat, None)

        async with self._lock(code):
            room, _, change = await self.changes.apply(code, work)
            await self._broadcast(room, change)
        await self.leave_socket(conn)

    async def vote(self, conn: Connection, yes: bool) -> None:
        code, seat, holds = self._seated(conn)

        def work(room: Room) -> Outcome[None]:
            room.holding(seat, holds)
            return Outcome(room.vote_end(seat, yes), {"type": "vote_end", "yes": yes}, seat, None)

        async with self._lock(code):
            room, _, change = await self.changes.apply(code, work)
            await self._broadcast(room, change)

    async def ready(self, conn: Connection) -> None:
        await self._says(
            conn, {"type": "ready"}, lambda room, seat: room.say_ready(seat, time.time())
        )

    async def ask_rematch(self, conn: Connection, yes: bool) -> None:
        action = {"type": "rematch", "yes": yes}
        await self._says(conn, action, lambda room, seat: room.ask_rematch(seat, yes))

    async def _says(
        self, conn: Connection, action: dict[str, Any], said: Callable[[Room, int], list[Event]]
    ) -> None:
        """A seat's word to the room (ready, a rematch asked for): stored, and everyone told."""
        code, seat, holds = self._seated(conn)

        def work(room: Room) -> Outcome[None]:
            room.holding(seat, holds)
            return Outcome(said(room, seat), action, seat, None)

        async with self._lock(code):
            room, _, change = await self.changes.apply(code, work)
            await self._broadcast(room, change)

    async def chat(self, conn: Connection, text: str) -> None:
        if conn.room is not None and conn.seat is None:  # a spectator, if the host lets them
            room = self.changes.room(conn.room)
            line = encode(ChatLine(**room.chat(None, text, conn.name)))
        else:
            code, seat, holds = self._seated(conn)
            room = self.changes.room(code)
            room.holding(seat, holds)
            line = encode(ChatLine(**room.chat(seat, text)))
        for other in list(self.watchers.get(room.code, ())):
            await quiet(other.send(line))
        if self.shared is not None:  # and the room's clients on other processes
            await self.changes.run(self.shared.notify, f"chat {self.holder} {room.code} {line}")

    # -- inside ---------------------------------------------------------------------------------
    def _seated(self, conn: Connection) -> tuple[str, int, str | None]:
        """The room, seat and token digest ``conn`` speaks for; whether the token still
        holds the seat is the room's to say (`Room.holding`), under its lock."""
        if conn.room is None or conn.seat is None:
            raise RoomError("not_seated", "take a seat first (join or resume)")
        return conn.room, conn.seat, conn.holds

    # -- other processes (a shared database) -----------------------------------------------------
    def _notified(self, payload: str) -> None:
        """A notification: another process changed a room (``CODE:SEQ``), a chat line, its
        counts of spectators, or sessions it ended."""
        said = watching.read(payload)
        if said is not None:
            self.audience.heard_counts(*said)
            return
        gone = ended.read(payload)
        if gone is not None:
            if gone[0] != self.holder:  # its own: closed already
                self._spawn(self.sockets.ended_elsewhere(gone[1]))
            return
        if payload.startswith("chat "):
            _, origin, code, line = payload.split(" ", 3)
            for other in list(self.watchers.get(code, ())) if origin != self.holder else ():
                self._spawn(quiet(other.send(Frame(line))))  # as encoded by its process
            return
        code, _, number = payload.partition(":")
        seq = int(number)
        if self.changes.applied.get(code) == seq:
            return  # this process's own change: its clients are told by the change itself
        handle = self.timers.pop(code, None)  # another process's change took the lease
        if handle is not None:
            handle.cancel()
        conns = self.watchers.get(code)
        if not conns:
            self.rooms.pop(code, None)
            self.changes.applied.pop(code, None)
        elif any(c.seq < seq for c in conns):
            self._spawn(self._catch_up(code))

    def _resync(self) -> None:
        """The listener reconnected: notifications may have been missed; read every room
        this process has clients in."""
        for code, conns in list(self.watchers.items()):
            if conns:
                self._spawn(self._catch_up(code))

    async def _lease_loop(self) -> None:
        """Renew this process's leases; take over the rooms of a process that stopped; hand
        the seats of people gone past the grace period from this process's rooms to bots;
        close its rooms nobody has been in for `Settings.keep_empty`."""
        assert self.shared is not None
        while not self.closing:
            found = await self.changes.run(
                self.shared.round, time.time(), self.settings.grace, self.settings.keep_empty
            )
            for code in found.taken:
                with contextlib.suppress(RoomError):
                    async with self._lock(code):
                        self._arm(await self.changes.current(code))
                log.info("room=%s lease taken over", code)
            for code, seat in found.gone:
                self._spawn(self._set_away(code, seat, True))
            for code in found.empty:
                self._spawn(self._close_empty(code))
            for code in self.audience.elsewhere.lapsed(time.time()):  # a process that stopped
                self.audience.count_changed_here(code)
            ours = [code for code, conns in self.watchers.items() if self.audience.spectators(code)]
            if ours:
                self._spawn(self.audience.say_counts(ours))  # again, lest it lapse elsewhere
            await asyncio.sleep(self.settings.lease_seconds / 3)

    async def _forget_loop(self, keep: float) -> None:
        """Delete the rooms closed over ``keep`` seconds ago (`retention`), a batch at a time:
        on one process on the store's writer thread, between the commits of rooms in play."""
        run = self.changes.commits.run if self.shared is None else self.changes.run
        while not self.closing:
            try:
                for _ in range(retention.BATCHES):
                    codes = await run(retention.forget_batch, self.store, time.time(), keep)
                    for code in codes:
                        room = self.rooms.get(code)
                        if room is not None and room.status == "closed":
                            del self.rooms[code]
                            self.told.pop(code, None)
                    if len(codes) < retention.ROOMS_A_BATCH:
                        break
            except Exception as exc:  # the database away: the next run tries again
                log.warning("closed rooms not forgotten: %s", str(exc).splitlines()[0])
            await asyncio.sleep(retention.RETAIN_EVERY)

    async def open_rooms(self) -> list[RoomData]:
        """The lobby, from the database when it is shared."""
        if self.shared is None:
            return self.lobby()
        return await self.changes.run(self.shared.lobby)

    async def room_counts(self) -> dict[str, int]:
        """Rooms not closed by status: this process's, or on a shared database all of them."""
        if self.shared is None:
            return dict(Counter(r.status for r in self.rooms.values() if r.status != "closed"))
        return await self.changes.run(self.store.room_counts)

    def lobby(self) -> list[RoomData]:
        """Open public rooms: waiting for players, with their seats."""
        waiting = [r for r in self.rooms.values() if r.public and r.status == "waiting"]
        return [r.summary() for r in waiting[:100]]  # summarised only for those shown
