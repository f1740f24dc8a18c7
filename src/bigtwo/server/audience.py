"""How many watch each room: this process's connections told the count, and on a shared
database the other processes told this one's (`watching` says how a count is said and keeps
what is heard). Apart from the hub: the counts go out in an order of their own (one teller a
room, one sayer a process), beside the rooms' locks, never under them."""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

from . import watching
from .connection import Connection, quiet
from .protocol import Watchers, encode


@dataclass(eq=False)
class Audience:
    """The spectators of the rooms of one process, and those it hears of elsewhere."""

    watchers: dict[str, set[Connection]]  # the hub's: each room's connections here
    holder: str  # this process, as it signs what it says
    elsewhere: watching.Elsewhere
    spawn: Callable[[Awaitable[None]], None]  # the hub's: a task it keeps until done
    notify: Callable[[str], Awaitable[None]] | None  # a shared database: say to the others
    counting: set[str] = field(default_factory=set)  # rooms whose count is being told
    saying: asyncio.Lock = field(default_factory=asyncio.Lock)  # ours go out in order taken

    def spectators(self, code: str) -> int:
        """This process's spectators of the room."""
        return sum(1 for c in self.watchers.get(code, ()) if c.seat is None)

    def count_changed(self, code: str, say: bool) -> None:
        """Someone entered or left the room here: tell its connections the count if it
        changed, and (``say``: a spectator came or went, or the room's first connection here
        came, whom the others answer with their counts) the other processes ours."""
        self.count_changed_here(code)
        if self.notify is not None and say:
            self.spawn(self.say_counts([code]))

    def count_changed_here(self, code: str) -> None:
        if code not in self.counting:
            self.counting.add(code)
            self.spawn(self._tell_count(code))

    async def _tell_count(self, code: str) -> None:
        """Tell each connection of the room the number of spectators, where it was told
        another (one teller a room at a time, so that the last number told is the last)."""
        try:
            while True:
                count = self.spectators(code) + self.elsewhere.total(code)
                behind = [c for c in self.watchers.get(code, ()) if c.counted not in (None, count)]
                if not behind:
                    return
                frame = encode(Watchers(room=code, count=count))
                for conn in behind:
                    conn.counted = count
                    await quiet(conn.send(frame))
        finally:
            self.counting.discard(code)

    async def say_counts(self, codes: list[str]) -> None:
        """Tell the other processes this one's spectators of ``codes``, each count read when
        it is sent (in order: the last said is the last)."""
        assert self.notify is not None
        async with self.saying:
            counts = {code: self.spectators(code) for code in codes}
            for payload in watching.payloads(self.holder, counts):
                with contextlib.suppress(Exception):  # the database away: the next round says
                    await self.notify(payload)

    def heard_counts(self, holder: str, counts: dict[str, int]) -> None:
        if holder == self.holder:
            return
        here = [code for code, conns in self.watchers.items() if conns]
        new = self.elsewhere.heard(holder, counts, here, time.time())
        for code in counts.keys() & set(here):
            self.count_changed_here(code)
        answer = [code for code in new if self.spectators(code)]
        if answer:
            self.spawn(self.say_counts(answer))
