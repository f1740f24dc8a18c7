"""What keeps a database several processes share in order, beside the rooms themselves:
who is connected where (``presence``, ``occupancy``, ``holders``), and pruning what no one
needs any more.

**Presence.** A seat's row per process says the seat is connected through that process
(``left_at`` empty) or when it left. A process renews its ``holders`` row every lease
round; once it stops (it died), its connected seats count as gone from when it was last
known alive. The holder of a room's lease puts a bot in for each person gone longer than
the grace period, whichever process they were connected through, and only it does, so it
happens once; a person back through any process (a new row, written in the same row-locked
transaction that gives the seat back) stops it, even at the last moment.

**Occupancy.** A room's row per process says some connection of that process (a seat's or
a spectator's) is in the room, or when the last one left; a process that stops renewing
counts as gone from then, as for presence. The holder of a room's lease closes the room
once nobody has been in it through any process for `Settings.keep_empty` (a room without
rows: since its last change), checking again under the room's row lock, where an arrival
is written too: the room closes once, and whoever comes back in time keeps it open.

**Pruning.** ``changes`` are kept for catching up: every process reads a change within
milliseconds of its notification (a listener that reconnects re-reads at once), and a client
back after longer than `CHANGES_KEPT` gets its room's whole state instead, so older changes
go, except each room's last and those after its last snapshot (their patches are the room).
A lease goes once its room closed; until then it stays (a process taking the room over needs
its row), and is renewed or taken over while any process runs. A room's occupancy rows go
once it closed, and those gone `IDLE_KEPT` ago but its latest; a process's ``holders`` row
goes once it has been gone that long and no occupancy row needs it. One process at a time
prunes, under an advisory lock, a bounded number of rows per run.
"""

from __future__ import annotations

import logging
from typing import Any

import sqlalchemy as sa

log = logging.getLogger("bigtwo.server")
PRUNE_EVERY = 60.0  # seconds between a process's attempts to prune
PRUNE_LOCK = 4243  # the advisory lock of pruning (4242: migrations)
CHANGES_KEPT = 900.0  # seconds a change is kept for catching up
IDLE_KEPT = 3600.0  # seconds rows of presence and occupancy gone are kept
BATCH = 5000  # rows one statement deletes
BATCHES = 20  # statements of a run, at most: a backlog goes over several runs

# when a presence row says its seat was last there: when it left; never (still connected
# through a live process); or when its process was last known alive
GONE_AT = """CASE WHEN p.left_at IS NOT NULL THEN p.left_at
    WHEN h.alive_until >= %(now)s THEN 'Infinity'::float8
    ELSE COALESCE(h.alive_until, 0) END"""
ARRIVED = """
INSERT INTO presence (room, seat, holder, since, left_at)
VALUES (%(room)s, %(seat)s, %(me)s, %(now)s, NULL)
ON CONFLICT (room, seat, holder) DO UPDATE SET since = excluded.since, left_at = NULL
"""
LEFT = """
UPDATE presence SET left_at = %(now)s
WHERE room = %(room)s AND seat = %(seat)s AND holder = %(me)s AND left_at IS NULL
"""
ALIVE = """
INSERT INTO holders (holder, alive_until) VALUES (%(me)s, %(until)s)
ON CONFLICT (holder) DO UPDATE SET alive_until = excluded.alive_until
"""
ENTERED = """
INSERT INTO occupancy (room, holder, left_at) VALUES (%(room)s, %(me)s, NULL)
ON CONFLICT (room, holder) DO UPDATE SET left_at = NULL
"""
EMPTIED = """
UPDATE occupancy SET left_at = %(now)s
WHERE room = %(room)s AND holder = %(me)s AND left_at IS NULL
"""
# when someone was last in room ``r`` through any process (its last change, without rows)
LAST_IN = f"""COALESCE((
    SELECT max({GONE_AT}) FROM occupancy p LEFT JOIN holders h ON h.holder = p.holder
    WHERE p.room = r.code), r.updated)"""
EMPTY_ROOMS = f"""
SELECT r.code FROM rooms r JOIN leases l ON l.room = r.code AND l.holder = %(me)s
WHERE r.status <> 'closed' AND {LAST_IN} < %(since)s ORDER BY r.code
"""
STILL_EMPTY = f"SELECT {LAST_IN} < %(since)s FROM rooms r WHERE r.code = %(room)s"
STILL_GONE = f"""
SELECT NOT EXISTS (
    SELECT 1 FROM presence p LEFT JOIN holders h ON h.holder = p.holder
    WHERE p.room = %(room)s AND p.seat = %(seat)s AND {GONE_AT} >= %(since)s
)
"""
# the seats of this process's rooms gone since before ``since``, claimed (their rows go:
# a person back writes a new one) so that each is handed to a bot once
CLAIM_GONE = f"""
WITH seen AS (
    SELECT p.room, p.seat, max({GONE_AT}) AS gone_at
    FROM presence p
    JOIN leases l ON l.room = p.room AND l.holder = %(me)s
    LEFT JOIN holders h ON h.holder = p.holder
    GROUP BY p.room, p.seat
)
DELETE FROM presence p USING seen
WHERE p.room = seen.room AND p.seat = seen.seat AND seen.gone_at < %(since)s
RETURNING p.room, p.seat
"""
PRUNE_CHANGES = """
DELETE FROM changes WHERE (room, seq) IN (
    SELECT c.room, c.seq FROM changes c JOIN rooms r ON r.code = c.room
    WHERE c.at < %(cutoff)s AND c.seq < r.seq AND c.seq <= r.snap
    LIMIT %(batch)s
)
"""
PRUNE_LEASES = """
DELETE FROM leases l
WHERE NOT EXISTS (SELECT 1 FROM rooms r WHERE r.code = l.room AND r.status <> 'closed')
"""
PRUNE_PRESENCE = """
DELETE FROM presence p
WHERE p.left_at < %(idle)s
    OR NOT EXISTS (SELECT 1 FROM rooms r WHERE r.code = p.room AND r.status <> 'closed')
    OR (p.left_at IS NULL AND NOT EXISTS (
        SELECT 1 FROM holders h WHERE h.holder = p.holder AND h.alive_until >= %(idle)s))
"""
PRUNE_OCCUPANCY = f"""
WITH seen AS (
    SELECT p.room, p.holder, {GONE_AT} AS gone_at
    FROM occupancy p LEFT JOIN holders h ON h.holder = p.holder
), latest AS (
    SELECT room, max(gone_at) AS gone_at FROM seen GROUP BY room
)
DELETE FROM occupancy o USING seen s, latest l
WHERE o.room = s.room AND o.holder = s.holder AND l.room = s.room AND (
    (s.gone_at < %(idle)s AND s.gone_at < l.gone_at)
    OR NOT EXISTS (SELECT 1 FROM rooms r WHERE r.code = o.room AND r.status <> 'closed'))
"""
PRUNE_HOLDERS = """
DELETE FROM holders h WHERE h.alive_until < %(idle)s
    AND NOT EXISTS (SELECT 1 FROM occupancy o WHERE o.holder = h.holder)
"""


def _run(conn: sa.Connection, sql: str, **values: Any) -> sa.CursorResult[Any]:
    return conn.exec_driver_sql(sql, values)


def arrived(conn: sa.Connection, room: str, seat: int, me: str, now: float) -> None:
    """``seat`` is connected through process ``me`` from ``now``."""
    _run(conn, ARRIVED, room=room, seat=seat, me=me, now=now)


def left(conn: sa.Connection, room: str, seat: int, me: str, now: float) -> None:
    """The last connection of ``seat`` through process ``me`` closed at ``now``."""
    _run(conn, LEFT, room=room, seat=seat, me=me, now=now)


def alive(conn: sa.Connection, me: str, until: float) -> None:
    """Process ``me`` is alive until ``until`` (past it, its seats count as gone)."""
    _run(conn, ALIVE, me=me, until=until)


def entered(conn: sa.Connection, room: str, me: str) -> None:
    """Some connection of process ``me`` is in ``room``."""
    _run(conn, ENTERED, room=room, me=me)


def emptied(conn: sa.Connection, room: str, me: str, now: float) -> None:
    """The last connection of process ``me`` in ``room`` left at ``now``."""
    _run(conn, EMPTIED, room=room, me=me, now=now)


def empty_rooms(conn: sa.Connection, me: str, since: float, now: float) -> list[str]:
    """The open rooms ``me`` holds that nobody has been in since before ``since``."""
    return [str(code) for code in _run(conn, EMPTY_ROOMS, me=me, since=since, now=now).scalars()]


def still_empty(conn: sa.Connection, room: str, since: float, now: float) -> bool:
    """Has nobody been in ``room``, through any process, since before ``since``?"""
    return bool(_run(conn, STILL_EMPTY, room=room, since=since, now=now).scalar())


def still_gone(conn: sa.Connection, room: str, seat: int, since: float, now: float) -> bool:
    """Has ``seat`` been connected through no process since ``since``?"""
    return bool(_run(conn, STILL_GONE, room=room, seat=seat, since=since, now=now).scalar())


def claim_gone(conn: sa.Connection, me: str, since: float, now: float) -> list[tuple[str, int]]:
    """The seats of the rooms ``me`` holds gone since before ``since``, each claimed once."""
    rows = _run(conn, CLAIM_GONE, me=me, since=since, now=now)
    return sorted({(str(row.room), int(row.seat)) for row in rows})


def prune(conn: sa.Connection, now: float) -> dict[str, int] | None:
    """Delete what no one needs any more, on an open transaction; the rows deleted by
    table, or None if another process is pruning."""
    if not conn.exec_driver_sql(f"SELECT pg_try_advisory_xact_lock({PRUNE_LOCK})").scalar():
        return None
    gone = {"changes": 0}
    for _ in range(BATCHES):
        done = _run(conn, PRUNE_CHANGES, cutoff=now - CHANGES_KEPT, batch=BATCH).rowcount
        gone["changes"] += done
        if done < BATCH:
            break
    idle = now - IDLE_KEPT
    for table, sql in (
        ("leases", PRUNE_LEASES),
        ("presence", PRUNE_PRESENCE),
        ("occupancy", PRUNE_OCCUPANCY),
        ("holders", PRUNE_HOLDERS),  # last: occupancy rows may keep a process's row
    ):
        gone[table] = _run(conn, sql, idle=idle, now=now).rowcount
    if any(gone.values()):
        log.info("pruned %s", " ".join(f"{t}={n}" for t, n in gone.items()))
    return gone
