"""Sign-in attempts, counted per address and per account (a handle as typed, whether or
not anyone has it, so that a refusal tells nothing about which handles exist): past the
limit within the window, every attempt is refused until the oldest counted one ages out.

Counted in the database (``signin_attempts``, migration 0010), so that every server
process of one database counts the same attempts: with ``--workers N`` an address may
try no more often than with one. A row is an attempt's time and the SHA-256 of what it
counts against (an address or a handle typed: a copy of the database doesn't list them);
rows older than the longest window are deleted as attempts come. Two processes counting
at the same instant may each let one attempt past the limit: the limit is a brake on
guessing, not a ledger."""

from __future__ import annotations

import hashlib
import time
from collections.abc import Callable

import sqlalchemy as sa

from .tables import ATTEMPTS

PER_ADDRESS = (20, 300.0)  # attempts from one address within 5 minutes
PER_ACCOUNT = (10, 900.0)  # failed attempts on one account within 15 minutes
KEPT = max(PER_ADDRESS[1], PER_ACCOUNT[1])  # seconds a row may still count


class Limiter:
    """One limit: ``limit`` attempts of a key within ``window`` seconds. ``kind`` keeps
    its keys apart from another limiter's (an address against a handle of the same text).
    The clock is the wall clock: the processes counting may run on different hosts."""

    def __init__(
        self, kind: str, limit: int, window: float, clock: Callable[[], float] = time.time
    ) -> None:
        self.kind, self.limit, self.window, self.clock = kind, limit, window, clock

    def key(self, key: str) -> str:
        return hashlib.sha256(f"{self.kind}\0{key}".encode()).hexdigest()

    def wait(self, conn: sa.Connection, key: str) -> float:
        """Seconds before ``key`` may try again (0: now)."""
        now = self.clock()
        counted, oldest = conn.execute(
            sa.select(sa.func.count(), sa.func.min(ATTEMPTS.c.at)).where(
                ATTEMPTS.c.key == self.key(key), ATTEMPTS.c.at > now - self.window
            )
        ).one()
        if counted < self.limit:
            return 0.0
        return max(0.0, float(oldest) + self.window - now)

    def count(self, conn: sa.Connection, key: str) -> None:
        now = self.clock()
        conn.execute(sa.delete(ATTEMPTS).where(ATTEMPTS.c.at < now - KEPT))
        conn.execute(sa.insert(ATTEMPTS).values(key=self.key(key), at=now))


class Attempts:
    """The two limits of sign-in: by address (every attempt) and by account (failures).
    Each call reads or writes the database: the routes call them in a worker thread."""

    def __init__(self, engine: sa.Engine, clock: Callable[[], float] = time.time) -> None:
        self.engine = engine
        self.address = Limiter("address", *PER_ADDRESS, clock=clock)
        self.account = Limiter("account", *PER_ACCOUNT, clock=clock)

    def admit(self, address: str, account: str | None = None) -> float:
        """Seconds before an attempt from ``address`` (on ``account``, if named) may be
        made; 0: it is made now, and counted against the address."""
        with self.engine.begin() as conn:
            waits = [self.address.wait(conn, address)]
            if account is not None:
                waits.append(self.account.wait(conn, account.lower()))
            wait = max(waits)
            if wait == 0:
                self.address.count(conn, address)
        return wait

    def failed(self, account: str) -> None:
        with self.engine.begin() as conn:
            self.account.count(conn, account.lower())
