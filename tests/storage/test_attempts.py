"""Sign-in attempts counted in the database: migration 0010 on a database at 0009 that
holds today's rooms and accounts (both kept as they were, the limits counted after it), on
SQLite and PostgreSQL; two counters on one database (two processes) count the same attempts."""

from __future__ import annotations

from pathlib import Path

import pytest
import sqlalchemy as sa

from bigtwo.server.accounts import Attempts, Directory
from bigtwo.server.accounts.limits import PER_ACCOUNT, PER_ADDRESS
from bigtwo.server.room import Room
from bigtwo.server.store import Store

from .test_results import _room


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_a_database_at_0009_holding_rooms_and_accounts_gains_the_attempts(
    kind: str, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    from storage.test_store import older_database, write_in_play

    url, engine = older_database(kind, tmp_path, request, "0009")
    directory = Directory(engine)
    session, secret = directory.new_guest("Firefox, Linux", "192.0.2.1")
    assert directory.rename(session.person.id, "ann_real", None)
    room = _room()
    write_in_play(engine, room)
    engine.dispose()
    store = Store(url)
    with store.engine.connect() as conn:
        tables = set(sa.inspect(conn).get_table_names())
        version = conn.execute(sa.text("SELECT version_num FROM alembic_version")).scalar()
    assert "signin_attempts" in tables and version == "0010"
    [(_, stored)] = store.rooms()
    assert Room.loads(*stored).to_dict() == room.to_dict()
    again = Directory(store.engine).session(secret)
    assert again is not None and again.person.handle == "ann_real"  # still signed in
    now = [1000.0]
    attempts = Attempts(store.engine, clock=lambda: now[0])
    for _ in range(PER_ACCOUNT[0]):
        assert attempts.admit("192.0.2.1", "Ann_Real") == 0
        attempts.failed("Ann_Real")
    assert attempts.admit("192.0.2.1", "ann_real") == PER_ACCOUNT[1]  # as typed, any case
    assert attempts.admit("192.0.2.1", "nobody_here") == 0  # an unknown handle counts alike
    store.close()


def test_two_counters_on_one_database_count_the_same_attempts(database_url: str) -> None:
    """Each process has its own `Attempts`: what one counted holds on the other, and rows
    past the longest window are gone once attempts come again."""
    store = Store(database_url)
    now = [5000.0]
    a, b = (Attempts(store.engine, clock=lambda: now[0]) for _ in range(2))
    for n in range(PER_ADDRESS[0]):
        assert (a if n % 2 else b).admit("198.51.100.7") == 0
    assert a.admit("198.51.100.7") == b.admit("198.51.100.7") == PER_ADDRESS[1]
    assert a.admit("198.51.100.8") == 0  # another address
    now[0] += PER_ACCOUNT[1] + 1
    assert b.admit("198.51.100.7") == 0
    with store.engine.connect() as conn:
        rows = conn.execute(sa.text("SELECT count(*) FROM signin_attempts")).scalar()
    assert rows == 1  # the old ones pruned; this one counted
    store.close()
