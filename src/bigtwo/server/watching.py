"""How many watch each room, across the server processes of one database.

A process knows its own spectators (the hub's connections in no seat). On a shared database
each process also says its count of a room to the others, through the same notifications
that carry chat lines (``watchers HOLDER CODE=N CODE=N …``): when it changes, when the
process's first connection enters the room (so that the others answer with theirs), and
again at every lease round, so that the count of a process that stopped lapses with its
leases. The counts are not stored: they are who is connected now, gone with the process
that holds the sockets, and writing a row at each arrival would still need a notification
to tell the others.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

PREFIX = "watchers "
PAYLOAD = 7000  # bytes of one notification (PostgreSQL takes fewer than 8000)


def payloads(holder: str, counts: dict[str, int]) -> Iterator[str]:
    """What ``holder`` says of its ``counts`` (room -> spectators), in notifications of at
    most `PAYLOAD` bytes."""
    return lines(f"{PREFIX}{holder}", (f" {code}={count}" for code, count in counts.items()))


def lines(head: str, parts: Iterable[str]) -> Iterator[str]:
    """``head`` and then ``parts``, in as many notifications of at most `PAYLOAD` bytes as
    they need (none for no parts); each starts with ``head``."""
    line = head
    for part in parts:
        if len(line) + len(part) > PAYLOAD and line != head:
            yield line
            line = head
        line += part
    if line != head:
        yield line


def read(payload: str) -> tuple[str, dict[str, int]] | None:
    """The holder and counts a notification says, or None if it says none (not ours)."""
    if not payload.startswith(PREFIX):
        return None
    holder, *parts = payload[len(PREFIX) :].split(" ")
    counts = {}
    for part in parts:
        code, _, number = part.partition("=")
        if number.isdigit():
            counts[code] = int(number)
    return holder, counts


@dataclass
class Elsewhere:
    """The other processes' counts of the rooms this process has connections in, each with
    when it was last heard; one not heard again for ``lapse`` seconds is dropped."""

    lapse: float
    counts: dict[str, dict[str, tuple[int, float]]] = field(default_factory=dict)

    def total(self, code: str) -> int:
        return sum(count for count, _ in self.counts.get(code, {}).values())

    def heard(
        self, holder: str, counts: dict[str, int], here: Iterable[str], now: float
    ) -> set[str]:
        """Note what ``holder`` said of the rooms ``here``; the rooms where ``holder`` is new
        (this process answers with its own count there)."""
        new = set()
        for code in set(counts).intersection(here):
            known = self.counts.setdefault(code, {})
            if holder not in known:
                new.add(code)
            known[holder] = (counts[code], now)
        return new

    def lapsed(self, now: float) -> set[str]:
        """Drop the counts not heard again for ``lapse``; the rooms whose total changed."""
        changed = set()
        for code, known in self.counts.items():
            for holder, (count, heard) in list(known.items()):
                if now - heard > self.lapse:
                    del known[holder]
                    if count:
                        changed.add(code)
        return changed

    def forget(self, code: str) -> None:
        """This process has no connection in the room any more: it hears nothing of it."""
        self.counts.pop(code, None)
