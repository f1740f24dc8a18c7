"""The sockets of each signed-in session in this process, so that a session that ends (signed
out, revoked, its person deleted or suspended) closes them: told here, told by another process
(`ended`), or found by a sweep of those held here. Apart from the hub: it touches no room.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

from .connection import Connection, quiet
from .protocol import Bye
from .store import first_line

log = logging.getLogger("bigtwo.server")
SESSION_SWEEP = 5.0  # seconds between looks for sessions ended without a word (`sweep_sessions`)
Live = Callable[[list[str]], dict[str, bool]]  # `Directory.still_live`


@dataclass(eq=False)
class SessionSockets:
    """The hub's sockets by session (only those that have one)."""

    closing: Callable[[], bool]  # the hub's: while it drains, no sweep
    ask: Callable[[Live, list[str]], Awaitable[dict[str, bool]]]  # where the database is read
    tell: Callable[[list[str]], Awaitable[None]] | None  # a shared database: tell the others
    sessions: dict[str, set[Connection]] = field(default_factory=dict)

    def track(self, conn: Connection) -> None:
        """A socket opened: known by its session, if it has one."""
        if conn.session is not None:
            self.sessions.setdefault(conn.session, set()).add(conn)

    def untrack(self, conn: Connection) -> None:
        if conn.session is not None:
            here = self.sessions.get(conn.session, set())
            here.discard(conn)
            if not here:
                self.sessions.pop(conn.session, None)

    async def end_session(self, session: str) -> int:
        """The session was revoked (or signed out): each of its sockets here is told so and
        closed; how many."""
        conns = self.sessions.pop(session, set())
        for conn in conns:
            bye = Bye(code="signed_out", reason="this device was signed out", reconnect=False)
            await quiet(conn.tell(bye))
            if conn.close is not None:
                await quiet(conn.close())
        return len(conns)

    async def end_sessions(self, sessions: list[str]) -> int:
        """The sessions ended: each of their sockets here is closed (`end_session`), and on a
        shared database every other process is told to close its own (`ended`); how many
        closed here. (Told nobody, the database away: theirs close at their next sweep.)"""
        closed = 0
        for session in sessions:
            closed += await self.end_session(session)
        if self.tell is not None and sessions:
            try:
                await self.tell(sessions)
            except Exception as exc:
                log.warning("sessions ended, other processes not told: %s", first_line(exc))
        return closed

    async def sweep_sessions(self, live: Live) -> None:
        """Every `SESSION_SWEEP` seconds, close the sockets here of sessions that ended
        without this process being told: ``live`` (`Directory.still_live`) says which of
        those held here are still live and whose person is suspended. A session revoked,
        or its person deleted or suspended, by `bigtwo admin` beside a one-process server
        (which hears no notification), or while a shared database's listener was away."""
        while not self.closing():
            await asyncio.sleep(SESSION_SWEEP)
            held = list(self.sessions)
            if not held:
                continue
            try:
                found = await self.ask(live, held)
            except Exception as exc:  # the database away: the next round asks again
                log.warning("sessions not swept: %s", first_line(exc))
                continue
            for session in held:
                conns = self.sessions.get(session, set())
                suspended = found.get(session)
                if suspended is None or (suspended and any(not c.suspended for c in conns)):
                    await self.end_session(session)

    async def ended_elsewhere(self, sessions: list[str]) -> None:
        for session in sessions:
            await self.end_session(session)
