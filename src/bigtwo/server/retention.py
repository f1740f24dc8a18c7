"""How long finished rooms are kept (``bigtwo serve --keep-finished DAYS``; by default,
forever): a room closed longer ago than that goes from the database with everything stored
of it (its records, changes and actions; a shared database's leases, presence and occupancy
of it go with the next pruning, `upkeep`). Rooms go a few at a time, each batch in a
transaction of its own, so that the commits of the rooms in play wait for no long one; and
on a shared database one process at a time deletes them (an advisory lock). What is kept and
why: ``docs/privacy.md``."""

from __future__ import annotations

import logging

import sqlalchemy as sa

from .store import ACTIONS, CHANGES, RECORDS, ROOMS, Store

log = logging.getLogger("bigtwo.server")
RETAIN_EVERY = 600.0  # seconds between runs (a run reads the closed rooms' rows: not often)
ROOMS_A_BATCH = 50  # rooms deleted in one transaction
BATCHES = 20  # transactions of a run, at most: a backlog goes over several runs
RETAIN_LOCK = 4244  # the advisory lock of a shared database's deletion (4243: pruning)
DAY = 86400.0


def forget_batch(store: Store, now: float, keep: float) -> list[str]:
    """Delete up to `ROOMS_A_BATCH` rooms closed before ``now - keep`` (seconds) and what
    is stored of them, in one transaction; their codes (none: nothing was due, or another
    process is deleting)."""
    with store.engine.begin() as conn:
        if (
            store.shared
            and not conn.execute(
                sa.text(f"SELECT pg_try_advisory_xact_lock({RETAIN_LOCK})")
            ).scalar()
        ):
            return []
        codes = [
            str(code)
            for code in conn.execute(
                sa.select(ROOMS.c.code)
                .where(ROOMS.c.status == "closed", ROOMS.c.updated < now - keep)
                .limit(ROOMS_A_BATCH)
            ).scalars()
        ]
        if codes:
            for table in (RECORDS, CHANGES, ACTIONS):
                conn.execute(sa.delete(table).where(table.c.room.in_(codes)))
            conn.execute(sa.delete(ROOMS).where(ROOMS.c.code.in_(codes)))
    if codes:
        log.info("forgot %d room(s) closed over %g day(s) ago", len(codes), keep / DAY)
    return codes
