"""Where rooms live between restarts: SQLAlchemy 2 on any URL (an SQLite file by default,
PostgreSQL by a URL change), the schema kept by Alembic migrations applied on start.

Each write is one transaction holding, for any number of rooms, each change: the patch from
the room's stored form before it to the form after it (`bigtwo.view_patch`: a move is a few
hundred bytes), the accepted action that led to it and the records of deals that ended. Every
`SNAPSHOT_EVERY` changes, and for every change of a room not in play, the room's whole form
is written instead (``rooms.data``, at version ``rooms.snap``); a room is read back as its
snapshot with the patches since applied (`Room.loads`). The whole form with every change cost
22-24 KB of disk per action (benchmarks/server.py). The hub commits a batch before it tells
anyone of what the batch holds (group commit). SQLite runs in WAL mode with
``synchronous=FULL``: a commit is on disk when it returns, so it survives a killed process
and a power cut.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from alembic import command
from alembic.config import Config

from ..extras import require
from . import jsontext

MIGRATIONS = Path(__file__).resolve().parent / "migrations"
# What a failed database call raises (the driver's error, wrapped by SQLAlchemy), and what the
# person whose request needed it is told: the details are for the log, not for them.
DatabaseError = sa.exc.DBAPIError
DATABASE_FAILED = "the server's database failed; try again in a moment"
NOT_STORED = f"the change wasn't stored: {DATABASE_FAILED}"
# Changes between whole snapshots of a playing room: a room read back replays at most this
# many patches, and a snapshot's kilobytes are spread over as many changes.
SNAPSHOT_EVERY = 32

_meta = sa.MetaData()
ROOMS = sa.Table(
    "rooms",
    _meta,
    sa.Column("code", sa.String(16), primary_key=True),
    sa.Column("status", sa.String(16)),
    sa.Column("public", sa.Boolean),
    sa.Column("seq", sa.Integer),
    sa.Column("data", sa.Text),  # the room's whole form at version ``snap``
    sa.Column("updated", sa.Float),
    sa.Column("snap", sa.Integer),  # at most the version of ``data`` (an older server's
    # writes leave it behind: the form's own ``seq`` says which changes follow it)
)
ACTIONS = sa.Table(
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
CHANGES = sa.Table(  # each change's patch since a snapshot; on a shared database each
    "changes",  # change's events by audience too (its patch is None where it is a snapshot)
    _meta,
    sa.Column("room", sa.String(16), primary_key=True),
    sa.Column("seq", sa.Integer, primary_key=True),
    sa.Column("events", sa.Text, nullable=True),
    sa.Column("at", sa.Float),
    sa.Column("patch", sa.Text, nullable=True),
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
        with self.engine.connect() as conn:
            rows = conn.execute(
                sa.select(ACTIONS.c.seq, ACTIONS.c.seat, ACTIONS.c.body)
                .where(ACTIONS.c.room == code)
                .order_by(ACTIONS.c.id)
            )
            return [{"seq": r[0], "seat": r[1], **json.loads(r[2])} for r in rows]

    def close(self) -> None:
        self.engine.dispose()


def stored(conn: sa.Connection, code: str, row: Any) -> Stored:
    """The stored form of the room whose ``rooms`` row (``data``, ``snap``, ``seq``) is
    ``row``: its snapshot and the changes after ``snap`` through ``seq``."""
    tail: list[tuple[int, str | None]] = []
    if row.snap is None or row.snap < row.seq:
        tail = [
            (int(seq), patch)
            for seq, patch in conn.execute(
                sa.select(CHANGES.c.seq, CHANGES.c.patch)
                .where(
                    CHANGES.c.room == code,
                    CHANGES.c.seq > (row.snap or 0),
                    CHANGES.c.seq <= row.seq,
                )
                .order_by(CHANGES.c.seq)
            )
        ]
    return row.data, tail, int(row.seq)


def _room_values(*keys: str) -> dict[str, Any]:
    return {c: sa.bindparam(c) for c in keys}


# Built once: SQLAlchemy caches a statement's compiled form, not the building of it.
_KEPT = ("status", "public", "seq", "updated")
_UPDATE_ROOM = (
    sa.update(ROOMS).where(ROOMS.c.code == sa.bindparam("key")).values(_room_values(*_KEPT))
)
_UPDATE_SNAPSHOT = (
    sa.update(ROOMS)
    .where(ROOMS.c.code == sa.bindparam("key"))
    .values(_room_values(*_KEPT, "data", "snap"))
)
_INSERT_ROOM = sa.insert(ROOMS)
_INSERT_ACTION = sa.insert(ACTIONS)
_INSERT_RECORD = sa.insert(RECORDS)
_INSERT_CHANGE = sa.insert(CHANGES)
_BEFORE_SNAPSHOT = sa.delete(CHANGES).where(
    CHANGES.c.room == sa.bindparam("key"), CHANGES.c.seq <= sa.bindparam("snap")
)


def write_rows(conn: sa.Connection, batch: list[Write]) -> None:
    """Write a batch's rows on an open transaction: each change's patch, and for each room
    its version after the batch and its last snapshot in the batch (the patches before that
    are dropped: nothing reads them)."""
    latest = {w.room["code"]: w for w in batch}  # a room's last state in the batch wins
    snapshots = {w.room["code"]: w for w in batch if w.patch is None}
    for code, w in latest.items():
        values = {
            "status": w.room["status"],
            "public": w.room["public"],
            "seq": w.room["seq"],
            "updated": w.at,
        }
        snapshot = snapshots.get(code)
        if snapshot is None:
            if conn.execute(_UPDATE_ROOM, {"key": code, **values}).rowcount == 0:
                raise ValueError(f"room {code}: a patch for a room never stored whole")
            continue
        values |= {"data": jsontext.dumps(snapshot.room), "snap": snapshot.room["seq"]}
        if conn.execute(_UPDATE_SNAPSHOT, {"key": code, **values}).rowcount == 0:
            conn.execute(_INSERT_ROOM, {"code": code, **values})
        else:
            conn.execute(_BEFORE_SNAPSHOT, {"key": code, "snap": values["snap"]})
    changes = [
        {
            "room": w.room["code"],
            "seq": w.room["seq"],
            "patch": jsontext.dumps(w.patch),
            "at": w.at,
        }
        for w in batch
        if w.patch is not None and w.room["seq"] > _snap(snapshots.get(w.room["code"]))
    ]
    if changes:
        conn.execute(_INSERT_CHANGE, changes)
    actions = [
        {
            "room": w.room["code"],
            "seq": w.room["seq"],
            "seat": w.seat,
            "body": jsontext.dumps(w.action),
            "at": w.at,
        }
        for w in batch
        if w.action is not None
    ]
    if actions:
        conn.execute(_INSERT_ACTION, actions)
    records = [
        {"room": w.room["code"], "number": w.first + i, "body": body}
        for w in batch
        for i, body in enumerate(w.records)
    ]
    if records:
        conn.execute(_INSERT_RECORD, records)


def _snap(snapshot: Write | None) -> int:
    return -1 if snapshot is None else int(snapshot.room["seq"])


def _sqlite_settings(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=FULL")
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
