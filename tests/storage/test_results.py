"""A person's results: a row per seated person per finished deal, written with the deal's
record (one process's store on SQLite and PostgreSQL, and the shared path's own statement on
PostgreSQL), none for bots; migration 0009 on a database at 0008 that holds a room in play."""

from __future__ import annotations

import json
import secrets
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa

from bigtwo.server.accounts.tables import PEOPLE
from bigtwo.server.protocol import Act, Create, Host
from bigtwo.server.results import RESULTS
from bigtwo.server.room import Room
from bigtwo.server.shared import Outcome, SharedRooms
from bigtwo.server.store import Store, Write


def _room(deals: int = 2) -> Room:
    code = secrets.token_hex(5).upper()
    msg = Create(type="create", name="Ann", seats=["easy"] * 3, deals=deals)
    room = Room.create(code, msg)
    room.people[0] = "ann-id"
    room.host_action(0, Host(type="host", what="start"), now=100.0)
    return room


def _ann(engine: sa.Engine) -> None:
    """The person seat 0 is: rows are written only for people who exist."""
    with engine.begin() as conn:
        if conn.execute(sa.select(PEOPLE.c.id).where(PEOPLE.c.id == "ann-id")).first() is None:
            person = {"id": "ann-id", "handle": "ann", "handle_key": "ann", "created": 1.0}
            conn.execute(sa.insert(PEOPLE).values(kind="account", **person))


def _play(room: Room, store: Any) -> list[str]:
    """Play seat 0's last offer until the session is over, each change stored by ``store``
    (a function of the write); the records written."""
    records: list[str] = []
    step = 0
    while room.status == "playing":
        offers = room.state_for(0)["offers"]
        room.act(0, Act(type="act", id=str(step), action=offers[-1]), now=100.0 + step)
        write = room.write({"type": "act", "id": str(step)}, 0)
        records += write.records
        store(room, write)
        step += 1
    return records


def _rows(engine: sa.Engine, room: Room) -> list[Any]:
    with engine.connect() as conn:
        found = sa.select(RESULTS).where(RESULTS.c.room == room.code).order_by(RESULTS.c.number)
        return list(conn.execute(found).all())


def _check(rows: list[Any], records: list[str], room: Room) -> None:
    assert len(records) == 2 and [r.number for r in rows] == [0, 1]
    for row, text in zip(rows, records, strict=True):
        record = json.loads(text)
        scores = record["result"]["scores"]
        assert (row.person, row.seat, row.room) == ("ann-id", 0, room.code)
        assert row.points == scores[0] and row.preset == "classic"
        assert row.won == (record["result"]["winner"] == 0)
        assert row.place == 1 + sum(s > scores[0] for s in scores)
        assert json.loads(row.players)[1] == {"bot": "easy"}
    first, last = (json.loads(r.totals) for r in rows)
    assert last == list(room.table.session.totals)  # type: ignore[union-attr]
    assert first == json.loads(records[0])["result"]["scores"]  # the session's first deal
    assert [r.ended for r in rows] == [False, True]


def test_a_finished_deal_stores_a_row_per_seated_person(database_url: str) -> None:
    store = Store(database_url)
    _ann(store.engine)
    room = _room()
    store.write([room.write({"type": "create"}, 0)])
    records = _play(room, lambda _, write: store.write([write]))
    _check(_rows(store.engine, room), records, room)
    store.close()


def test_bots_and_people_without_an_identity_get_no_rows(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'rooms.db'}")
    room = _room()
    room.people.clear()
    store.write([room.write({"type": "create"}, 0)])
    records = _play(room, lambda _, write: store.write([write]))
    assert len(records) == 2 and _rows(store.engine, room) == []
    store.close()


def test_the_shared_path_writes_the_rows_with_its_change(postgres_url: str) -> None:
    store = Store(postgres_url)
    _ann(store.engine)
    shared = SharedRooms(store, "test-holder", 30.0)
    room = _room()
    shared.create(room, 100.0)
    step = 0
    while room.status == "playing":
        before = room.seq
        offers = room.state_for(0)["offers"]
        action = {"type": "act", "id": str(step)}
        events, _ = room.act(0, Act(type="act", id=str(step), action=offers[-1]), now=100.0)
        change = shared.change(room, Outcome(events, action, 0, None), before, 200.0 + step)
        assert shared.commit([change.write]) == [True]
        step += 1
    records = [store.record(room.code, n) or "" for n in range(room.recorded)]
    _check(_rows(store.engine, room), records, room)
    store.close()


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_a_database_at_0008_holding_todays_rooms_gains_the_results(
    kind: str, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    from storage.test_store import older_database, write_in_play

    url, engine = older_database(kind, tmp_path, request, "0008")
    room = _room()
    write_in_play(engine, room)
    engine.dispose()
    store = Store(url)
    _ann(store.engine)
    with store.engine.connect() as conn:
        tables = set(sa.inspect(conn).get_table_names())
        version = conn.execute(sa.text("SELECT version_num FROM alembic_version")).scalar()
    assert {"results", "profiles", "operators"} <= tables and version == "0010"
    [(_, stored)] = store.rooms()
    back = Room.loads(*stored)
    assert back.to_dict() == room.to_dict() and back.people == {0: "ann-id"}
    records = _play(back, lambda _, write: store.write([write]))
    _check(_rows(store.engine, back), records, back)
    store.close()


def test_a_person_deleted_meanwhile_gets_no_row(database_url: str) -> None:
    """Their room still names them (a bot plays their seat on): nothing is kept of them."""
    store = Store(database_url)
    room = _room()
    room.people[0] = "gone-id"
    store.write([room.write({"type": "create"}, 0)])
    records = _play(room, lambda _, write: store.write([write]))
    assert len(records) == 2 and _rows(store.engine, room) == []
    store.close()


def test_a_write_without_records_stores_no_results(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'rooms.db'}")
    room = _room()
    store.write([Write(room.write(None, None).room, None, None, 1.0)])
    assert _rows(store.engine, room) == []
    store.close()
