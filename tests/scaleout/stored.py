"""What the servers stored, read straight from the shared database (one query each)."""

from __future__ import annotations

import json
from typing import Any

import sqlalchemy as sa


def query(database: str, sql: str, **params: Any) -> list[Any]:
    """The rows of ``sql`` on ``database`` (an engine of its own, disposed of after)."""
    engine = sa.create_engine(database)
    with engine.connect() as conn:
        rows = list(conn.execute(sa.text(sql), params))
    engine.dispose()
    return rows


def stored_changes(database: str, code: str) -> list[int]:
    """The room's change numbers, in order."""
    rows = query(database, "SELECT seq FROM changes WHERE room = :code ORDER BY seq", code=code)
    return [int(r[0]) for r in rows]


def stored_actions(database: str, code: str) -> list[dict[str, Any]]:
    """The room's stored actions, in order, each with its change number and seat."""
    rows = query(
        database,
        "SELECT seq, seat, action FROM changes WHERE room = :code AND action IS NOT NULL"
        " ORDER BY seq",
        code=code,
    )
    return [{"seq": r[0], "seat": r[1], **json.loads(r[2])} for r in rows]


def lease_holder(database: str, code: str) -> int:
    """The process id in the holder of the room's lease (host:pid:nonce)."""
    (row,) = query(database, "SELECT holder FROM leases WHERE room = :code", code=code)
    return int(str(row[0]).split(":")[1])


def status(database: str, code: str) -> str:
    (row,) = query(database, "SELECT status FROM rooms WHERE code = :code", code=code)
    return str(row[0])
