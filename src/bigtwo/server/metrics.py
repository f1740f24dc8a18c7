"""What a server process counts for an operator, served at ``/metrics`` in Prometheus' text
exposition format (version 0.0.4). Counting is a few integer additions where the work
happens anyway (an accepted action, a refusal, a commit, a table's step): no labels are
looked up on the hot path but a refusal's code, and the gauges (rooms, connections) are read
only when scraped. Each process counts its own; see ``docs/deploy.md``, "Metrics"."""

from __future__ import annotations

import bisect
import ipaddress
import math
import threading
import time
from collections import Counter
from collections.abc import Iterable

# seconds: a commit is a disk sync (SQLite, about a millisecond) or two round trips
# (PostgreSQL); a second or more is a database in trouble
COMMIT_BUCKETS = (0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5)
# seconds: the bots' turns of a change, from a beginner's fraction of a millisecond to an
# expert's search
THINK_BUCKETS = (0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0)
LOOPBACK = ("127.0.0.0/8", "::1/128")
CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8"

Network = ipaddress.IPv4Network | ipaddress.IPv6Network


class Histogram:
    """Observations counted into cumulative buckets (Prometheus' histogram), safe to observe
    from the store's and the tables' threads."""

    def __init__(self, bounds: tuple[float, ...]) -> None:
        self.bounds = bounds
        self.counts = [0] * (len(bounds) + 1)  # the last: above every bound
        self.sum = 0.0
        self.lock = threading.Lock()

    def observe(self, value: float) -> None:
        at = bisect.bisect_left(self.bounds, value)
        with self.lock:
            self.counts[at] += 1
            self.sum += value

    def lines(self, name: str) -> list[str]:
        with self.lock:
            counts, total = list(self.counts), self.sum
        out, running = [], 0
        for bound, count in zip((*self.bounds, math.inf), counts, strict=True):
            running += count
            out.append(f'{name}_bucket{{le="{_number(bound)}"}} {running}')
        out += [f"{name}_sum {_number(total)}", f"{name}_count {running}"]
        return out


class Metrics:
    """A process's counters. ``actions`` and ``refusals`` are counted on the event loop;
    the histograms from any thread."""

    def __init__(self) -> None:
        self.started = time.time()
        self.actions = 0  # people's actions accepted
        self.refusals: Counter[str] = Counter()  # requests refused, by error code
        self.database_errors = 0
        self.bot_moves = 0
        self.commit = Histogram(COMMIT_BUCKETS)
        self.bot_turns = Histogram(THINK_BUCKETS)

    def bots_moved(self, moves: int, seconds: float) -> None:
        """A change in which bots made ``moves`` moves took ``seconds`` to decide."""
        if moves:
            self.bot_moves += moves
            self.bot_turns.observe(seconds)

    def text(self, rooms: dict[str, int], connections: int) -> str:
        """The exposition: these counters with the gauges read now (``rooms``: open rooms
        by status; ``connections``: WebSockets open to this process)."""
        out: list[str] = []

        def family(name: str, kind: str, about: str, samples: Iterable[str]) -> None:
            out.extend((f"# HELP {name} {about}", f"# TYPE {name} {kind}", *samples))

        family(
            "bigtwo_rooms",
            "gauge",
            "Rooms not closed, by status (a shared database: all processes' rooms).",
            (f'bigtwo_rooms{{status="{s}"}} {n}' for s, n in sorted(rooms.items())),
        )
        family(
            "bigtwo_connections",
            "gauge",
            "WebSocket connections open to this process.",
            [f"bigtwo_connections {connections}"],
        )
        family(
            "bigtwo_actions_total",
            "counter",
            "People's actions accepted by this process.",
            [f"bigtwo_actions_total {self.actions}"],
        )
        family(
            "bigtwo_refusals_total",
            "counter",
            "Requests refused, by the error code sent (docs/protocol.md).",
            (f'bigtwo_refusals_total{{code="{c}"}} {n}' for c, n in sorted(self.refusals.items())),
        )
        family(
            "bigtwo_database_errors_total",
            "counter",
            "Commits that failed and requests refused because the database failed.",
            [f"bigtwo_database_errors_total {self.database_errors}"],
        )
        family(
            "bigtwo_commit_seconds",
            "histogram",
            "Time to store a batch of changes (one transaction: group commit).",
            self.commit.lines("bigtwo_commit_seconds"),
        )
        family(
            "bigtwo_bot_turns_seconds",
            "histogram",
            "Time a change in which bots moved took to decide (their thinking included).",
            self.bot_turns.lines("bigtwo_bot_turns_seconds"),
        )
        family(
            "bigtwo_bot_moves_total",
            "counter",
            "Moves bots made (bigtwo_bot_turns_seconds_sum over this: time a move).",
            [f"bigtwo_bot_moves_total {self.bot_moves}"],
        )
        family(
            "process_start_time_seconds",
            "gauge",
            "When this process started, in seconds since 1970.",
            [f"process_start_time_seconds {_number(self.started)}"],
        )
        return "\n".join(out) + "\n"


def networks(specs: Iterable[str]) -> tuple[Network, ...]:
    """The networks of ``specs`` (CIDRs such as ``10.0.0.0/8``, or single addresses); a
    ValueError says which one is not."""
    found = []
    for spec in specs:
        try:
            found.append(ipaddress.ip_network(spec.strip(), strict=False))
        except ValueError:
            raise ValueError(
                f"{spec!r} is not an address or a network (such as 10.0.0.0/8)"
            ) from None
    return tuple(found)


def allowed(address: str | None, within: tuple[Network, ...]) -> bool:
    """Is ``address`` (a client's, as the server sees it) inside one of ``within``?"""
    try:
        ip = ipaddress.ip_address(address or "")
    except ValueError:
        return False
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    return any(ip in net for net in within)


def _number(value: float) -> str:
    if value == math.inf:
        return "+Inf"
    return repr(float(value)) if not float(value).is_integer() else f"{value:.1f}"
