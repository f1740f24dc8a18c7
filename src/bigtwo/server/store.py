"""Where rooms live between restarts: SQLAlchemy 2 on any URL (an SQLite file by default,
PostgreSQL by a URL change), the schema kept by Alembic migrations applied on start.

Each write is one transaction holding, for any number of rooms, each change as one row of
``changes``: the patch from the room's stored form before it to the form after it
(`bigtwo.view_patch`: a move is a few hundred bytes) and the accepted action that led to it;
and the records of deals that ended. Every `SNAPSHOT_EVERY` changes, and for every change
that takes a room into or out of play, the room's whole form is written instead
(``rooms.data``, at version ``rooms.snap``) and the changes before it go; a room is read
back as its snapshot with the patches since applied (`Room.loads`), its version the last of
them. So a change in play writes its row of ``changes`` and nothing else: one process writes
the room's row only with a snapshot (a shared database's row carries the version its
changes are checked against, `shared.WRITE_CHANGE`). The whole form with every change cost
22-24 KB of disk per action; its row, the change's, its indexes and the action's, each a
whole page in SQLite's WAL, 30-35 KB. The hub commits a batch before it tells anyone of
what the batch holds (group commit). SQLite runs in WAL mode with ``synchronous=FULL``: a
commit is on disk when it returns, so it survives a killed process and a power cut.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from alembic import command
from alembic.config import Config

from ..extras import require
from . import jsontext
from .results import RESULTS, of_people, result_rows

MIGRATIONS = Path(__file__).resolve().parent / "migrations"
# What a failed database call raises (the driver's error, wrapped by SQLAlchemy), and what the
# person whose request needed it is told: the details are for the log, not for them.
DatabaseError = sa.exc.DBAPIError
DATABASE_FAILED = "the server's database failed; try again in a moment"
NOT_STORED = f"the change wasn't stored: {DATABASE_FAILED}"
# Changes between whole snapshots of a playing room: a room read back replays at most this
# many patches, and a snapshot's kilobytes are spread over as many changes.
SNAPSHOT_EVERY = 32
# SQLite's page: its WAL takes a whole page for each one a commit changes (two, for a change
# in play: the row and its key's index), and the disk's 4 KB blocks for a frame that
# straddles them. With 1 KB pages a change of a few hundred bytes writes about 5 KB rather
# than 10 (4 KB pages; alone in its commit: 10 KB and 17 KB), benchmarks/store_disk.py.
SQLITE_PAGE = 1024
# Pages the WAL may hold before a commit copies them back into the database (SQLite's
# default: 1,000). A page changed again before then is copied once: at 2,000 rooms the disk
# took 5.1 KB a change rather than 8.4 KB (benchmarks/store_disk.py), for a WAL of up to
# about 10 MB that a restart reads back.
SQLITE_CHECKPOINT_PAGES = 10_000

_meta = sa.MetaData()
ROOMS = sa.Table(
    "rooms",
    _meta,
    sa.Column("code", sa.String(16), primary_key=True),
    sa.Column("status", sa.String(16)),
    sa.Column("public", sa.Boolean),
    sa.Column("seq", sa.Integer),  # a shared database: the room's version (its changes'
    # version check); one process: that of its snapshot, the changes after it say the rest
    sa.Column("data", sa.Text),  # the room's whole form at version ``snap``
    sa.Column("updated", sa.Float),
    sa.Column("snap", sa.Integer),  # at most the version of ``data`` (an older server's
    # writes leave it behind: the form's own ``seq`` says which changes follow it)
)
ACTIONS = sa.Table(  # written by versions before 0007 only (the action is the change's)
    "actions",
    _meta,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("room", sa.String(16)),
    sa.Column("seq", sa.Integer),
    sa.Column("seat", sa.Integer, nullable=True),
    sa.Column("body", sa.Text),
    sa.Column("at", sa.Float),
)
RECORDS = sa.Table(
    "records",
    _meta,
    sa.Column("room", sa.String(16), primary_key=True),
    sa.Column("number", sa.Integer, primary_key=True),
    sa.Column("body", sa.Text),
)
CHANGES = sa.Table(  # each change since a snapshot: its patch (None where it is the
    "changes",  # snapshot), the action and its seat; on a shared database its events by
    _meta,  # audience too
    sa.Column("room", sa.String(16), primary_key=True),
    sa.Column("seq", sa.Integer, primary_key=True),
    sa.Column("events", sa.Text, nullable=True),
    sa.Column("at", sa.Float),
    sa.Column("patch", sa.Text, nullable=True),
    sa.Column("seat", sa.Integer, nullable=True),
    sa.Column("action", sa.Text, nullable=True),
)
LEASES = sa.Table(  # shared databases only: who runs a room's timers, until when
    "leases",
    _meta,
    sa.Column("room", sa.String(16), primary_key=True),
    sa.Column("holder", sa.String(64)),
    sa.Column("expires", sa.Float),
)


# A room as stored: its snapshot's text, the changes after it (version, patch text; None
# where a change has no patch) and the room's version.
Stored = tuple[str, list[tuple[int, str | None]], int]


@dataclass(frozen=True)
class Write:
    """What one accepted change stores: the room after it (written whole only where ``patch``,
    the patch from its stored form before, is None), the action (if a seat's), and the
    records of the deals it ended (numbered from ``first``)."""

    room: dict[str, Any]
    action: dict[str, Any] | None
    seat: int | None
    at: float
    records: tuple[str, ...] = ()
    first: int = 0
    patch: list[Any] | None = None

    @cached_property
    def text(self) -> str:
        """What is stored of the room, encoded once (whichever storage writes it): the
        patch's JSON, or the whole form's where there is none."""
        return jsontext.dumps(self.room if self.patch is None else self.patch)


class Store:
    def __init__(self, url: str) -> None:
        self.url = engine_url(url)
        if self.url.startswith("postgresql+psycopg:"):
            require("postgres", "a PostgreSQL database")
        self.engine = sa.create_engine(self.url, future=True)
        if self.engine.dialect.name == "sqlite":
            sa.event.listen(self.engine, "connect", _sqlite_settings)
        with self.engine.begin() as conn:
            if self.shared:  # several processes starting at once migrate one at a time
                conn.execute(sa.text("SELECT pg_advisory_xact_lock(4242)"))
            config = Config()
            config.set_main_option("script_location", str(MIGRATIONS))
            config.attributes["connection"] = conn
            command.upgrade(config, "head")

    @property
    def dsn(self) -> str:
        """The URL as libpq takes it (PostgreSQL: for connections made without SQLAlchemy)."""
        return self.engine.url.set(drivername="postgresql").render_as_string(hide_password=False)

    @property
    def shared(self) -> bool:
        """Is this a database several processes may share (PostgreSQL)?"""
        return self.engine.dialect.name == "postgresql"

    def write(self, batch: list[Write]) -> None:
        """Store a batch in one transaction (the caller tells nobody before this returns)."""
        with self.engine.begin() as conn:
            write_rows(conn, batch)

    def rooms(self) -> list[tuple[str, Stored]]:
        """Every room that isn't closed, as last stored: its code and its stored form (read
        by `Room.loads` one by one, so that a room this version can't read stops no other)."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                sa.select(ROOMS.c.code, ROOMS.c.data, ROOMS.c.snap, ROOMS.c.seq).where(
                    ROOMS.c.status != "closed"
                )
            ).all()
            return [(str(r.code), stored(conn, r.code, r)) for r in rows]

    def room(self, code: str) -> Stored | None:
        """The room as last stored (None: never stored)."""
        with self.engine.connect() as conn:
            row = conn.execute(
                sa.select(ROOMS.c.data, ROOMS.c.snap, ROOMS.c.seq).where(ROOMS.c.code == code)
            ).first()
            return None if row is None else stored(conn, code, row)

    def room_counts(self) -> dict[str, int]:
        """How many rooms not closed are stored, by status."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                sa.select(ROOMS.c.status, sa.func.count())
                .where(ROOMS.c.status != "closed")
                .group_by(ROOMS.c.status)
            )
            return {str(status): int(n) for status, n in rows}

    def record(self, code: str, number: int) -> str | None:
        with self.engine.connect() as conn:
            row = conn.execute(
                sa.select(RECORDS.c.body).where(RECORDS.c.room == code, RECORDS.c.number == number)
            ).first()
            return None if row is None else str(row[0])

    def record_count(self, code: str) -> int:
        with self.engine.connect() as conn:
            found = conn.execute(
                sa.select(sa.func.count()).select_from(RECORDS).where(RECORDS.c.room == code)
            ).scalar()
            return int(found or 0)

    def actions(self, code: str) -> list[dict[str, Any]]:
        """The actions of the room's changes still kept (since its last snapshot, on SQLite)."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                sa.select(CHANGES.c.seq, CHANGES.c.seat, CHANGES.c.action)
                .where(CHANGES.c.room == code, CHANGES.c.action.is_not(None))
                .order_by(CHANGES.c.seq)
            )
            return [{"seq": r[0], "seat": r[1], **json.loads(r[2])} for r in rows]

    def close(self) -> None:
        self.engine.dispose()


def stored(conn: sa.Connection, code: str, row: Any) -> Stored:
    """The stored form of the room whose ``rooms`` row (``data``, ``snap``, ``seq``) is
    ``row``: its snapshot and the changes after ``snap``, the last of which is the room's
    version (one process writes the row only with a snapshot; a shared database's row has
    the version, and one read apart from it may find a change committed since)."""
    snap = row.snap or 0
    tail = [
        (int(seq), patch)
        for seq, patch in conn.execute(
            sa.select(CHANGES.c.seq, CHANGES.c.patch)
            .where(CHANGES.c.room == code, CHANGES.c.seq > snap)
            .order_by(CHANGES.c.seq)
        )
    ]
    return row.data, tail, max(int(row.seq), tail[-1][0] if tail else 0)


# Built once: SQLAlchemy caches a statement's compiled form, not the building of it.
_SNAPSHOT = ("status", "public", "seq", "updated", "data", "snap")
_UPDATE_SNAPSHOT = (
    sa.update(ROOMS)
    .where(ROOMS.c.code == sa.bindparam("key"))
    .values({c: sa.bindparam(c) for c in _SNAPSHOT})
)
_INSERT_ROOM = sa.insert(ROOMS)
_INSERT_RECORD = sa.insert(RECORDS)
_INSERT_CHANGE = sa.insert(CHANGES)
_INSERT_RESULTS = sa.insert(RESULTS)
_BEFORE_SNAPSHOT = sa.delete(CHANGES).where(
    CHANGES.c.room == sa.bindparam("key"), CHANGES.c.seq < sa.bindparam("snap")
)


def write_rows(conn: sa.Connection, batch: list[Write]) -> None:
    """Write a batch's rows on an open transaction: each change's row (its patch, or none
    where it is a snapshot, and its action), and for each room with a snapshot in the batch
    its row, as of the last (the changes before that go: nothing reads them). A room's row
    is not written otherwise: its version is its last change's. The deals a change ended:
    their records, and a row of `results` for each person seated."""
    snapshots = {w.room["code"]: w for w in batch if w.patch is None}
    for code, w in snapshots.items():
        values = _room_row(w.room, w.at, w.text)
        if conn.execute(_UPDATE_SNAPSHOT, {"key": code, **values}).rowcount == 0:
            conn.execute(_INSERT_ROOM, {"code": code, **values})  # a new room
        else:
            conn.execute(_BEFORE_SNAPSHOT, {"key": code, "snap": values["snap"]})
    changes = [
        {
            "room": w.room["code"],
            "seq": w.room["seq"],
            "patch": None if w.patch is None else w.text,
            "at": w.at,
            "seat": w.seat,
            "action": None if w.action is None else jsontext.dumps(w.action),
        }
        for w in batch
        if w.room["seq"] >= _snap(snapshots.get(w.room["code"]))
    ]
    if changes:
        conn.execute(_INSERT_CHANGE, changes)
    records = [
        {"room": w.room["code"], "number": w.first + i, "body": body}
        for w in batch
        for i, body in enumerate(w.records)
    ]
    if records:
        conn.execute(_INSERT_RECORD, records)
        rows = [r for w in batch for r in result_rows(w.room, w.records, w.first, w.at)]
        results = of_people(conn, rows) if rows else rows
        if results:
            conn.execute(_INSERT_RESULTS, results)


def insert_room(conn: sa.Connection, form: dict[str, Any], text: str, at: float) -> None:
    """A new room's row: its whole ``form``, as JSON ``text`` (a shared database's first
    change, on it, is checked against its version)."""
    conn.execute(_INSERT_ROOM, {"code": form["code"], **_room_row(form, at, text)})


def _room_row(form: dict[str, Any], at: float, text: str) -> dict[str, Any]:
    return {
        "status": form["status"],
        "public": form["public"],
        "seq": form["seq"],
        "updated": at,
        "data": text,
        "snap": form["seq"],
    }


def _snap(snapshot: Write | None) -> int:
    return -1 if snapshot is None else int(snapshot.room["seq"])


def _sqlite_settings(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute(f"PRAGMA page_size={SQLITE_PAGE}")  # a new database's; kept by one made before
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=FULL")
    cursor.execute(f"PRAGMA wal_autocheckpoint={SQLITE_CHECKPOINT_PAGES}")
    cursor.execute("PRAGMA busy_timeout=5000")
    cursor.close()


def first_line(exc: Exception) -> str:
    """An error's first line, for a log line of its own (a driver's error runs on)."""
    text = str(exc).strip()
    return text.splitlines()[0] if text else type(exc).__name__


def engine_url(url: str) -> str:
    """``url`` as SQLAlchemy should open it: a bare PostgreSQL URL through psycopg 3, not
    SQLAlchemy's default driver."""
    if url.startswith(("postgresql://", "postgres://")):
        return "postgresql+psycopg://" + url.split("://", 1)[1]
    return url


def sqlite_url(path: str | Path) -> str:
    return f"sqlite:///{Path(path).resolve()}"
