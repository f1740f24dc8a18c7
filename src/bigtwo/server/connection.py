"""One client socket as the hub sees it (`Connection`), and the two rules every use of one
keeps: a send to a socket that has just closed is no error, and a suspended person only
watches. Apart from the hub so that the hub's helpers can speak of connections too."""

from __future__ import annotations

import contextlib
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from .protocol import Frame, Outbound, encode
from .room import RoomError


@dataclass(eq=False)
class Connection:
    """One client socket as the hub sees it: where to send, and which seat it speaks for."""

    send: Callable[[Frame], Awaitable[None]]  # only what `protocol.encode` made
    address: str
    room: str | None = None
    seat: int | None = None  # None: watching
    holds: str | None = None  # the digest of the token it speaks for its seat with
    seq: int = -1  # the room's last change this connection has been told of
    lang: str = "en"  # the catalogue its refusals are said from (`protocol.language`)
    name: str = ""  # a spectator's, for their chat lines
    counted: int | None = None  # the spectators it was told of (None: not yet in the room)
    person: str | None = None  # who, by the session cookie (None: a program, a token only)
    suspended: bool = False  # that person's account is suspended: they may only watch
    session: str | None = None  # that session's id, to close the socket when it is revoked
    close: Callable[[], Awaitable[None]] | None = None

    async def tell(self, message: Outbound) -> None:
        await self.send(encode(message))


def may_sit(conn: Connection) -> None:
    """Refuse a seat to a person whose account an operator suspended."""
    if conn.suspended:
        raise RoomError("suspended", "your account is suspended: you may watch, not play")


async def quiet(sending: Awaitable[None]) -> None:
    """Send, ignoring a socket that has just closed (its reader cleans up)."""
    with contextlib.suppress(Exception):  # a closed socket: the reading side notices
        await sending
