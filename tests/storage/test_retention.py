"""Finished rooms kept for `Settings.keep_finished`: a room closed longer ago than that goes
with its records, changes and actions, a batch at a time; open rooms and rooms closed since
stay (the clock is the caller's: here a made-up one). On SQLite and PostgreSQL."""

from __future__ import annotations

import itertools
import time
from pathlib import Path

import sqlalchemy as sa
from starlette.testclient import TestClient

from bigtwo.server import retention
from bigtwo.server.app import make_app
from bigtwo.server.settings import Settings
from bigtwo.server.store import ACTIONS, CHANGES, RECORDS, ROOMS, Store, Write, sqlite_url

DAY = retention.DAY
T0 = 1_000_000_000.0  # the made-up clock's start
_codes = itertools.count()


def _stored(store: Store, status: str, at: float) -> str:
    """A room of ``status`` last changed at ``at``, with a deal's record, a change and an
    older version's action row; its code."""
    code = f"R{time.monotonic_ns() % 10**9}{next(_codes)}"[:16]
    form = {"code": code, "status": status, "public": False, "seq": 1}
    store.write([Write(form, {"type": "act"}, 0, at, records=('{"r": 1}',), first=1)])
    with store.engine.begin() as conn:
        conn.execute(sa.insert(ACTIONS).values(room=code, seq=1, seat=0, body="{}", at=at))
    return code


def _left(store: Store, code: str) -> dict[str, int]:
    with store.engine.connect() as conn:
        return {
            t.name: int(
                conn.execute(sa.select(sa.func.count()).where(t.c[_key(t)] == code)).scalar() or 0
            )
            for t in (ROOMS, RECORDS, CHANGES, ACTIONS)
        }


def _key(table: sa.Table) -> str:
    return "code" if table is ROOMS else "room"


def test_rooms_closed_longer_ago_go_with_all_they_stored(database_url: str) -> None:
    store = Store(database_url)
    try:
        old = _stored(store, "closed", T0)
        recent = _stored(store, "closed", T0 + 5 * DAY)
        playing = _stored(store, "playing", T0)
        over = _stored(store, "over", T0)
        assert _left(store, old) == {"rooms": 1, "records": 1, "changes": 1, "actions": 1}
        now = T0 + 6 * DAY
        assert retention.forget_batch(store, now, 7 * DAY) == []  # none closed over 7 days ago
        assert retention.forget_batch(store, now, 3 * DAY) == [old]
        assert _left(store, old) == {"rooms": 0, "records": 0, "changes": 0, "actions": 0}
        for kept in (recent, playing, over):
            assert _left(store, kept)["rooms"] == 1 and _left(store, kept)["records"] == 1
        assert retention.forget_batch(store, now, 3 * DAY) == []  # nothing more due
        assert retention.forget_batch(store, now + 10 * DAY, 3 * DAY) == [recent]
    finally:
        store.close()


def test_a_backlog_goes_a_batch_at_a_time(database_url: str) -> None:
    store = Store(database_url)
    try:
        backlog = {_stored(store, "closed", T0 - DAY) for _ in range(retention.ROOMS_A_BATCH + 3)}
        first = retention.forget_batch(store, T0, 0.5 * DAY)
        second = retention.forget_batch(store, T0, 0.5 * DAY)
        assert len(first) == retention.ROOMS_A_BATCH and len(second) == 3
        assert set(first) | set(second) == backlog
    finally:
        store.close()


def test_a_server_forgets_them_as_it_runs(tmp_path: Path) -> None:
    url = sqlite_url(tmp_path / "rooms.db")
    store = Store(url)
    old = _stored(store, "closed", time.time() - 4 * DAY)
    young = _stored(store, "closed", time.time() - 2 * DAY)
    store.close()
    app = make_app(url, Settings(keep_finished=3 * DAY))
    with TestClient(app):  # the first run comes as the server starts
        end = time.monotonic() + 10
        while _left(app.state.hub.store, old)["rooms"] and time.monotonic() < end:
            time.sleep(0.05)
        assert _left(app.state.hub.store, old)["records"] == 0
        assert _left(app.state.hub.store, young)["records"] == 1
