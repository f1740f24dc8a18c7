"""Rooms on a database several server processes share (PostgreSQL).

A change made on this process's copy of a room (the usual case: its players' actions, the
bots' replies and timer expiries) is written with the other changes of its batch in one
transaction (one pipeline of statements, then the commit), each only if the stored room is
still the one it was made on (`WRITE_CHANGE`, a version check on the room's ``seq``): the
room, the action, the change's events (as each audience may see them), the records of deals
it ended, the room's lease (taken if another process held it) and ``pg_notify``. A change
whose room another process changed meanwhile is not written (`commits.Conflict`); it is
made again, as work that must read what other processes wrote is made from the start
(`SharedRooms.apply`): in one transaction holding the room's row lock (``SELECT … FOR
UPDATE``), on the room rebuilt from its stored form. So two processes can never both apply a
change to the same state. A commit whose reply was lost with its connection is found out, not
guessed: trying again, the process finds the change's own row (`STORED`), even if another
process changed the room since, and counts the change as stored rather than make it twice.
The notification carries ``CODE:SEQ`` only; a process with clients in that room reads what
it missed.

Each room's timer runs in the process holding its lease: the one that applied its last
change, or, once that one stops renewing (it died), whichever process takes the lease over.
An expiry is a change like any other, made on the room as it stood, so it applies once even
if two processes try. The lease holder also puts bots in for people gone past the grace
period and closes the room once nobody has been in it for a while, and one process at a
time prunes old rows (`upkeep`). Whatever locks several rooms' rows (a batch) or several
leases (a lease round) locks them in the order of the rooms' codes, so no two transactions
wait for each other in a circle.
"""

from __future__ import annotations

import json
import logging
import random
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

import sqlalchemy as sa

from ..engine.view import SPECTATOR
from ..table import Event
from . import jsontext, upkeep
from .fanout import Fanout
from .results import result_rows
from .room import Room, RoomError
from .room_state import log_unreadable
from .room_type import RoomData
from .store import CHANGES, ROOMS, Store, first_line, insert_room, stored

log = logging.getLogger("bigtwo.server")
T = TypeVar("T")
CHANNEL = "bigtwo"
RETRY_FOR = 30.0  # seconds a change waits for the database to come back before it fails
SPECTATOR_KEY = "-1"
EVERYONE_KEY = "*"
LOCK_ROOM = "SELECT seq, status, data, snap FROM rooms WHERE code = %(code)s FOR UPDATE"
SHARE_ROOM = "SELECT seq, status, data, snap FROM rooms WHERE code = %(code)s FOR SHARE"
# One statement writes a change, if the stored room is still the one it was made on (its
# ``seq`` is ``before``): the room (whole only in a snapshot, `Room.write`; else its version),
# the change's row (its patch, events and action), its lease (taken, if another process held it:
# the holder's rounds renew it; a lease this process holds already is left alone, unlocked,
# so a change never waits for a lease round), the records of deals it ended, the
# notification. It returns a row if it wrote. The
# notification goes only where it is needed: to a process with someone in the room
# (``occupancy``), or one whose lease this change took (its timer must stop). The room's row
# must already be locked when the statement starts, so that its snapshot holds every arrival
# written before (an arrival waits for that lock, and then reads the room as this change
# left it). The records go in binary (``%(records)b``): as text each is escaped, its JSON's
# quotes one by one (psycopg took 219 µs for a deal's record, against 2 µs). Spelled in SQL:
# it runs for every action.
WRITE_CHANGE = f"""
WITH room AS (
    UPDATE rooms SET status = %(status)s, public = %(public)s, seq = %(seq)s,
        data = COALESCE(%(data)s::text, data), snap = COALESCE(%(snap)s::integer, snap),
        updated = %(at)s
    WHERE code = %(code)s AND seq = %(before)s
    RETURNING code
), change AS (
    INSERT INTO changes (room, seq, events, at, patch, seat, action)
    SELECT code, %(seq)s, %(events)s, %(at)s, %(patch)s, %(seat)s, %(action)s FROM room
), lease AS (
    UPDATE leases SET holder = %(holder)s, expires = %(expires)s
    WHERE room = %(code)s AND holder <> %(holder)s AND EXISTS (SELECT 1 FROM room)
    RETURNING room
), first_lease AS (
    INSERT INTO leases (room, holder, expires) SELECT code, %(holder)s, %(expires)s FROM room
    WHERE NOT EXISTS (SELECT 1 FROM leases l WHERE l.room = room.code)
    ON CONFLICT (room) DO NOTHING
), record AS (
    INSERT INTO records (room, number, body)
    SELECT code, %(first)s + r.n - 1, r.body
    FROM room, unnest(%(records)b::text[]) WITH ORDINALITY AS r(body, n)
)
SELECT code, CASE WHEN EXISTS (SELECT 1 FROM lease) OR EXISTS (
    SELECT 1 FROM occupancy o
    WHERE o.room = room.code AND o.holder <> %(holder)s AND o.left_at IS NULL
) THEN pg_notify('{CHANNEL}', %(payload)s) END
FROM room
"""
# Whether a change was stored (its commit happened, though its reply was lost): its own row
# of ``changes``, whatever became of the room since. Not the room standing as the change left
# it: another process may have changed it after the commit, before the retry, and the change
# would be made twice. Another process's change of that number has another time (``at``).
STORED = """SELECT 1 FROM changes
WHERE room = %(code)s AND seq = %(seq)s AND at = %(at)s AND events = %(events)s"""
# The people's results of the deals a change ended (`results`), written after the change's
# statement, in its transaction, only where that wrote the change (a deal ends a few times an
# hour: a statement of its own rather than a part of every action's). A retry after a commit
# whose reply was lost finds the change, and its rows, already there. Only for people who
# still exist: one who deleted their account mid-session is still named by the room.
WRITE_RESULTS = """
INSERT INTO results (room, number, seat, person, at, preset, rules, players, points, place,
    won, totals, ended)
SELECT r.room, r.number, r.seat, r.person, r.at, r.preset, r.rules, r.players, r.points,
    r.place, r.won, r.totals, r.ended
FROM jsonb_to_recordset(%(results)s::jsonb) AS r(room text, number integer, seat integer,
    person text, at double precision, preset text, rules text, players text, points integer,
    place integer, won boolean, totals text, ended boolean)
WHERE EXISTS (SELECT 1 FROM changes WHERE room = %(code)s AND seq = %(seq)s AND at = %(at)s)
    AND EXISTS (SELECT 1 FROM people WHERE id = r.person)
ON CONFLICT DO NOTHING
"""
LOCK_ROOMS = """SELECT code FROM rooms WHERE code = ANY(%(codes)s)
ORDER BY code COLLATE "C" FOR UPDATE"""


# Leases are locked in the order of their rooms' codes (byte order, as `SharedRooms.commit`
# sorts a batch's rooms): locking many at once in any other order could deadlock with a batch.
# Only open rooms' leases: pruning deletes closed rooms' leases, in an order of its own. Each
# is then held by ``holder`` until ``until``; the rooms whose lease another process held are
# returned. One statement, with no list of codes: a round renews every room of a process.
LEASE_ROUND = """
WITH locked AS MATERIALIZED (
    SELECT l.room, l.holder FROM leases l
    WHERE ({which}) AND l.room IN (SELECT code FROM rooms WHERE status <> 'closed')
    ORDER BY l.room COLLATE "C" FOR UPDATE OF l
), renewed AS (
    UPDATE leases SET holder = %(holder)s, expires = %(until)s
    FROM locked WHERE leases.room = locked.room
)
SELECT room FROM locked WHERE holder <> %(holder)s
"""
RENEW_LEASES = LEASE_ROUND.format(which="l.holder = %(holder)s OR l.expires < %(now)s")
RELEASE_LEASES = LEASE_ROUND.format(which="l.holder = %(holder)s")


@dataclass(frozen=True)
class Outcome(Generic[T]):
    """What a piece of work did to a room: the events, the action to log (and whose), and
    whatever the caller wants back (a token, a seat, the number of an earlier resend)."""

    events: list[Event]
    action: dict[str, Any] | None
    seat: int | None
    value: T
    here: bool = False  # ``seat`` is connected through this process from now on


@dataclass(frozen=True)
class Made(Generic[T]):
    """A change made and sent to be stored whose commit may have happened unheard (its
    reply lost with the connection): the room after it, its outcome, the change (whose
    ``write`` is what was written)."""

    room: Room
    outcome: Outcome[T]
    change: Fanout

    @property
    def row(self) -> dict[str, Any]:
        return self.change.write  # type: ignore[no-any-return]


@dataclass(frozen=True)
class Round:
    """What a lease round found: the rooms taken over, the seats gone past the grace
    period in this process's rooms (each found once), and its rooms nobody has been in for
    the time an empty room is kept."""

    taken: list[str]
    gone: list[tuple[str, int]]
    empty: list[str]


def audiences(change: Fanout) -> dict[str, list[dict[str, Any]]]:
    """The change's events as each seat and a spectator may see them (one entry when all
    agree), as the change rendered them for each."""
    seats, events = [*range(len(change.room.kinds)), SPECTATOR], change.events or ()
    if all(e.seen_by(s) is e for e in events for s in seats):
        return {EVERYONE_KEY: change.events_for(None)}
    shown = {str(s): change.events_for(s) for s in range(len(change.room.kinds))}
    shown[SPECTATOR_KEY] = change.events_for(None)
    first = next(iter(shown.values()))
    if all(v == first for v in shown.values()):
        return {EVERYONE_KEY: first}
    return shown


def for_audience(shown: dict[str, list[dict[str, Any]]], seat: int | None) -> list[Any]:
    key = SPECTATOR_KEY if seat is None else str(seat)
    return shown.get(EVERYONE_KEY, shown.get(key, []))


def _lost_connection(exc: sa.exc.DBAPIError) -> bool:
    return bool(exc.connection_invalidated) or isinstance(exc, sa.exc.OperationalError)


def retrying(work: Callable[[], T]) -> T:
    """``work``, tried again on a new connection while the database is unreachable (it is
    restarting), for up to `RETRY_FOR` seconds."""
    give_up = time.monotonic() + RETRY_FOR
    while True:
        try:
            return work()
        except sa.exc.DBAPIError as exc:
            if not _lost_connection(exc) or time.monotonic() > give_up:
                raise
            log.warning("database unreachable, trying again: %s", str(exc.orig).strip())
            time.sleep(0.25)


class SharedRooms:
    """The row-locked change, the catch-up reads and the leases of one process."""

    def __init__(self, store: Store, holder: str, lease_seconds: float) -> None:
        self.store, self.holder, self.lease_seconds = store, holder, lease_seconds
        self.next_prune = time.time() + random.uniform(0, upkeep.PRUNE_EVERY)  # spread out
        with store.engine.begin() as conn:  # alive before its first connection arrives
            upkeep.alive(conn, holder, time.time() + lease_seconds)

    # -- changes ---------------------------------------------------------------------------------
    def create(self, room: Room, now: float) -> None:
        """Store a new room, its host connected through this process (retried as `apply`
        is; a commit whose reply was lost is found, not made twice)."""
        change = self.change(room, Outcome([], {"type": "create"}, 0, None), room.seq, now)
        row = change.write
        tried = False

        def once() -> None:
            nonlocal tried
            with self.store.engine.begin() as conn:
                if tried and _was_stored(conn, row):
                    return
                tried = True
                insert_room(conn, room.to_dict(), row["data"], now)
                _write(conn, row)
                upkeep.arrived(conn, room.code, 0, self.holder, now)
                upkeep.entered(conn, room.code, self.holder)

        retrying(once)

    def apply(
        self,
        code: str,
        cached: Room | None,
        work: Callable[[Room], Outcome[T]],
        maybe: Made[T] | None = None,
    ) -> tuple[Room, Outcome[T], Fanout | None]:
        """Apply ``work`` to the room in one transaction holding the room's row lock; the
        room after it, the outcome and the change (None: nothing changed). A lost connection (the
        database restarting) is retried with a room rebuilt from the store, for up to
        `RETRY_FOR` seconds. A change whose commit's reply was lost (``maybe``, or this
        call's own earlier attempt) is not made again if it was stored."""
        attempt = [cached]
        made = [maybe]

        def once() -> tuple[Room, Outcome[T], Fanout | None]:
            given, attempt[0] = attempt[0], None  # a failed attempt may have changed it
            return self._apply_once(code, given, work, made)

        return retrying(once)

    def _apply_once(
        self,
        code: str,
        cached: Room | None,
        work: Callable[[Room], Outcome[T]],
        made: list[Made[T] | None],
    ) -> tuple[Room, Outcome[T], Fanout | None]:
        with self.store.engine.begin() as conn:
            row = conn.exec_driver_sql(LOCK_ROOM, {"code": code}).first()
            earlier = made[0]
            if earlier is not None and _was_stored(conn, earlier.row):  # no second time
                room = _as_stored(conn, code, row, earlier.room)
                return room, earlier.outcome, earlier.change
            room = _open_room(conn, code, row, cached)
            before = room.seq
            outcome = work(room)
            change = None
            if room.seq != before:
                change = self.change(room, outcome, before, time.time())
                if not _write(conn, change.write):
                    raise RuntimeError(f"room {code} changed under its row lock")
                made[0] = Made(room, outcome, change)  # if the commit's reply is lost
            if outcome.here and outcome.seat is not None:  # with the change: airtight
                upkeep.arrived(conn, code, outcome.seat, self.holder, time.time())
                upkeep.entered(conn, code, self.holder)
        return room, outcome, change

    def change(self, room: Room, outcome: Outcome[Any], before: int, now: float) -> Fanout:
        """``outcome``, made on the room as it was at ``before``: the change, its ``write``
        what `WRITE_CHANGE` needs to store it (its events as each audience sees them, rendered
        once for the broadcast too)."""
        write = room.write(outcome.action, outcome.seat)
        whole = write.patch is None
        change = Fanout(room, outcome.events)
        change.write = {
            "code": room.code,
            "status": room.status,
            "public": room.public,
            "before": before,
            "seq": room.seq,
            "data": write.text if whole else None,
            "snap": room.seq if whole else None,
            "patch": None if whole else write.text,
            "at": now,
            "events": jsontext.dumps(audiences(change)),
            "holder": self.holder,
            "expires": now + self.lease_seconds,
            "payload": f"{room.code}:{room.seq}",
            "seat": outcome.seat,
            "action": None if outcome.action is None else jsontext.dumps(outcome.action),
            "first": write.first,
            "records": list(write.records),
            "results": jsontext.dumps(result_rows(write.room, write.records, write.first, now)),
        }
        return change

    def commit(self, batch: list[dict[str, Any]]) -> list[bool]:
        """Write a batch of `change`s made on this process's copies of rooms, in one
        transaction (one pipeline, then the commit: two round trips, whatever the batch);
        which were written (not those of rooms another process changed meanwhile). The rooms'
        rows are locked first, in the order of their codes, the same in every process, so two
        batches never wait for each other in a circle."""
        order = sorted(range(len(batch)), key=lambda i: batch[i]["code"])
        codes = [batch[i]["code"] for i in order]
        attempts = 0

        def once() -> list[bool]:
            nonlocal attempts
            attempts += 1
            with self.store.engine.begin() as conn:
                driver = conn.connection.driver_connection
                assert driver is not None
                with driver.pipeline():
                    driver.execute(LOCK_ROOMS, {"codes": codes})
                    cursors = {i: driver.execute(WRITE_CHANGE, batch[i]) for i in order}
                    for i in order:
                        if batch[i]["records"]:
                            driver.execute(WRITE_RESULTS, batch[i])
                written = [cursors[i].rowcount == 1 for i in range(len(batch))]
                if attempts > 1:  # an earlier attempt's commit may have stored some, unheard
                    written = [w or _was_stored(conn, batch[i]) for i, w in enumerate(written)]
            return written

        return retrying(once)

    # -- reading ---------------------------------------------------------------------------------
    def load(self, code: str, cached: Room | None) -> Room:
        """The room as stored (the cached one if it is current)."""
        return retrying(lambda: self._load_once(code, cached))

    def _load_once(self, code: str, cached: Room | None) -> Room:
        with self.store.engine.connect() as conn:
            row = conn.execute(
                sa.select(ROOMS.c.seq, ROOMS.c.status, ROOMS.c.data, ROOMS.c.snap).where(
                    ROOMS.c.code == code
                )
            ).first()
            return _open_room(conn, code, row, cached)

    def enter(self, code: str, cached: Room | None) -> Room:
        """The room as stored, noting that a connection of this process is in it (under
        the room's row lock, shared: a closing of the empty room either sees the note or
        comes first and is seen here)."""

        def once() -> Room:
            with self.store.engine.begin() as conn:
                row = conn.exec_driver_sql(SHARE_ROOM, {"code": code}).first()
                room = _open_room(conn, code, row, cached)
                upkeep.entered(conn, code, self.holder)
            return room

        return retrying(once)

    def changes(
        self, code: str, after: int, through: int
    ) -> list[dict[str, list[dict[str, Any]]]] | None:
        """Each change's events by audience from ``after`` (exclusive) to ``through``, or
        None if any is missing."""
        return retrying(lambda: self._changes_once(code, after, through))

    def _changes_once(
        self, code: str, after: int, through: int
    ) -> list[dict[str, list[dict[str, Any]]]] | None:
        with self.store.engine.connect() as conn:
            rows = conn.execute(
                sa.select(CHANGES.c.seq, CHANGES.c.events)
                .where(CHANGES.c.room == code, CHANGES.c.seq > after, CHANGES.c.seq <= through)
                .order_by(CHANGES.c.seq)
            ).all()
        if [r.seq for r in rows] != list(range(after + 1, through + 1)):
            return None
        return [json.loads(r.events) for r in rows]

    def lobby(self) -> list[RoomData]:
        with self.store.engine.connect() as conn:
            rows = conn.execute(
                sa.select(ROOMS.c.code, ROOMS.c.data)
                .where(ROOMS.c.public.is_(True), ROOMS.c.status == "waiting")
                .order_by(ROOMS.c.updated.desc())
                .limit(100)
            )
            return [room.summary() for room in _readable(rows)]  # stored whole: waiting

    def notify(self, payload: str) -> None:
        with self.store.engine.begin() as conn:
            conn.execute(sa.select(sa.func.pg_notify(CHANNEL, payload)))

    # -- leases and presence ----------------------------------------------------------------
    def round(self, now: float, grace: float, keep_empty: float) -> Round:
        """Say this process is alive and renew its leases; take over the lapsed ones of open
        rooms (their holder stopped: it died or shut down); claim the seats of its rooms gone
        past ``grace``; find its rooms nobody has been in for ``keep_empty``. Then prune,
        when due. (Nothing, the database away.)"""
        try:
            found = self._round(now, grace, keep_empty)
        except Exception as exc:  # the database is away: try again next round
            log.warning("lease renewal failed: %s", first_line(exc))
            return Round([], [], [])
        if now >= self.next_prune:
            self.next_prune = now + upkeep.PRUNE_EVERY
            try:
                self.prune(now)
            except Exception as exc:  # next time, then
                log.warning("pruning failed: %s", first_line(exc))
        return found

    def _round(self, now: float, grace: float, keep_empty: float) -> Round:
        until = now + self.lease_seconds
        with self.store.engine.begin() as conn:
            upkeep.alive(conn, self.holder, until)
            # its own and the lapsed ones in one pass: in two, a batch could lock one of each
            # between them, and the round and the batch would wait for each other
            leases = {"holder": self.holder, "now": now, "until": until}
            taken = conn.exec_driver_sql(RENEW_LEASES, leases).scalars().all()
            found = Round([str(code) for code in taken], [], [])
            found.gone.extend(upkeep.claim_gone(conn, self.holder, now - grace, now))
            found.empty.extend(upkeep.empty_rooms(conn, self.holder, now - keep_empty, now))
        return found

    def prune(self, now: float) -> dict[str, int] | None:
        """Delete old changes, leases and presence (`upkeep.prune`); None if another
        process is at it."""
        with self.store.engine.begin() as conn:
            return upkeep.prune(conn, now)

    def left(self, code: str, seat: int | None, emptied: bool, now: float) -> None:
        """The last connection of ``seat`` (if not None) through this process closed, and
        with ``emptied`` its last in the room. (Not noted, the database away for long: they
        count as here until this process stops.)"""

        def once() -> None:
            with self.store.engine.begin() as conn:
                if seat is not None:
                    upkeep.left(conn, code, seat, self.holder, now)
                if emptied:
                    upkeep.emptied(conn, code, self.holder, now)

        try:
            retrying(once)
        except sa.exc.DBAPIError as exc:
            log.warning("room=%s seat=%s leaving not noted: %s", code, seat, exc.orig)

    def still_empty(self, code: str, keep_empty: float) -> bool:
        """Has nobody been in the room for ``keep_empty``? (Asked under its row lock, held by
        the caller's transaction: an arrival is written under that lock.)"""
        now = time.time()
        with self.store.engine.connect() as conn:
            return upkeep.still_empty(conn, code, now - keep_empty, now)

    def still_gone(self, code: str, seat: int, grace: float) -> bool:
        """Is ``seat`` still gone past ``grace``? (Asked under the room's row lock, held by
        the caller's transaction: a person back wrote their row before that lock was free.)"""
        now = time.time()
        with self.store.engine.connect() as conn:
            return upkeep.still_gone(conn, code, seat, now - grace, now)

    def release(self) -> None:
        """Let others take this process's rooms at once (a graceful shutdown); its people's
        grace period starts now."""
        with self.store.engine.begin() as conn:
            conn.exec_driver_sql(RELEASE_LEASES, {"holder": self.holder, "until": 0.0})
            upkeep.alive(conn, self.holder, time.time())


def _write(conn: sa.Connection, change: dict[str, Any]) -> bool:
    """Write a `SharedRooms.change` on an open transaction; was it written?"""
    written = conn.exec_driver_sql(WRITE_CHANGE, change).first() is not None
    if written and change["records"]:
        conn.exec_driver_sql(WRITE_RESULTS, change)
    return written


def _was_stored(conn: sa.Connection, change: dict[str, Any]) -> bool:
    """Whether ``change`` (a `SharedRooms.change`) was stored, by a commit unheard."""
    return conn.exec_driver_sql(STORED, change).first() is not None


def _readable(rows: Iterable[Any]) -> Iterator[Room]:
    """The rooms of stored rows, leaving out (and logging) those this version can't read."""
    for row in rows:
        try:
            yield Room.loads(row.data)
        except RoomError as exc:
            log_unreadable(row.code, exc, "not read")


def _as_stored(conn: sa.Connection, code: str, row: Any, made: Room) -> Room:
    """The room as it stands after a change found stored (``made``, the room it made): another
    process may have changed it since, and its notification may have come before the change
    was found (with nobody of this process in the room to catch up). Closed, perhaps."""
    if row is None or row.seq == made.seq:
        return made
    return Room.loads(*stored(conn, code, row))


def _open_room(conn: sa.Connection, code: str, row: Any, cached: Room | None) -> Room:
    """The room of a stored row (the cached one if it is current), unless it is closed."""
    if row is None or row.status == "closed":
        raise RoomError("no_room", "there is no open room with that code")
    if cached is not None and cached.seq == row.seq:
        return cached
    return Room.loads(*stored(conn, code, row))
