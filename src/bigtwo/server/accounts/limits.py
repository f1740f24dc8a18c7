"""Sign-in attempts, counted per address and per account (a handle as typed, whether or
not anyone has it, so that a refusal tells nothing about which handles exist): past the
limit within the window, every attempt is refused until the oldest counted one ages out.
Counted in each process's memory (several workers each count their own share)."""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable

PER_ADDRESS = (20, 300.0)  # attempts from one address within 5 minutes
PER_ACCOUNT = (10, 900.0)  # failed attempts on one account within 15 minutes


class Limiter:
    def __init__(
        self, limit: int, window: float, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.limit, self.window, self.clock = limit, window, clock
        self.seen: dict[str, deque[float]] = {}

    def wait(self, key: str) -> float:
        """Seconds before ``key`` may try again (0: now)."""
        now = self.clock()
        times = self.seen.get(key)
        if times is None:
            return 0.0
        while times and now - times[0] >= self.window:
            times.popleft()
        if not times:
            del self.seen[key]
            return 0.0
        return max(0.0, times[0] + self.window - now) if len(times) >= self.limit else 0.0

    def count(self, key: str) -> None:
        self.seen.setdefault(key, deque()).append(self.clock())
        if len(self.seen) > 100_000:  # a flood of addresses: forget the stalest
            del self.seen[next(iter(self.seen))]


class Attempts:
    """The two limits of sign-in: by address (every attempt) and by account (failures)."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.address = Limiter(*PER_ADDRESS, clock=clock)
        self.account = Limiter(*PER_ACCOUNT, clock=clock)

    def wait(self, address: str, account: str | None = None) -> float:
        waits = [self.address.wait(address)]
        if account is not None:
            waits.append(self.account.wait(account.lower()))
        return max(waits)

    def tried(self, address: str) -> None:
        self.address.count(address)

    def failed(self, account: str) -> None:
        self.account.count(account.lower())
