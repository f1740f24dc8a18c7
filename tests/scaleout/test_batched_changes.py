"""Changes made on a process's copy of a room, written in batches (`SharedRooms.commit`), on a
real PostgreSQL: a change made on a copy another process has since changed is not written
(no room, change, action, lease or notification of it), while the rest of its batch is; a
change that ends a deal writes the deal's record with it; a change is notified only to
where it is needed (another process with someone in the room, or whose lease it took)."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator

import psycopg
import pytest

from bigtwo.record_files import load_record
from bigtwo.server.protocol import Act
from bigtwo.server.room import Room
from bigtwo.server.shared import CHANNEL, Outcome, SharedRooms
from bigtwo.server.store import Store

from .test_upkeep import LEASE, changes_of, new_room, rows


@pytest.fixture
def store(database: str) -> Iterator[Store]:
    opened = Store(database)
    yield opened
    opened.close()


def copy(room: Room) -> Room:
    """Another process's copy of the room as stored."""
    return Room.from_dict(json.loads(json.dumps(room.to_dict())))


def move(shared: SharedRooms, room: Room) -> dict[str, object]:
    """Ann's last offered action on ``room`` (a copy), as the change `commit` takes (the
    action's id names the process)."""
    before = room.seq
    offers = room.state_for(0)["offers"]
    name = f"{shared.holder}/{before}"
    events, _ = room.act(0, Act(type="act", id=name, action=offers[-1]), time.time())
    action = {"type": "act", "id": name}
    return shared.change(room, Outcome(events, action, 0, None), before, time.time())


def listening(store: Store) -> psycopg.Connection[tuple[object, ...]]:
    url = store.engine.url.set(drivername="postgresql").render_as_string(hide_password=False)
    conn = psycopg.connect(url, autocommit=True)
    conn.execute(f"LISTEN {CHANNEL}")
    return conn


def heard(conn: psycopg.Connection[tuple[object, ...]]) -> list[str]:
    return [n.payload for n in conn.notifies(timeout=0.5)]


def test_a_change_on_a_stale_copy_is_not_written_and_the_rest_of_its_batch_is(
    store: Store,
) -> None:
    first, second = SharedRooms(store, "test:b1:a", LEASE), SharedRooms(store, "test:b1:b", LEASE)
    contested, other = new_room(first, turns=1), new_room(first, turns=1)
    theirs = copy(contested)
    ear = listening(store)
    mine = move(first, contested)
    assert first.commit([mine]) == [True]
    ours = move(second, theirs)  # made on the room before the first's change
    elsewhere = copy(other)
    fresh = move(second, elsewhere)
    assert second.commit([ours, fresh]) == [False, True]
    assert heard(ear) == [f"{other.code}:{elsewhere.seq}"]  # its lease changed hands
    ear.close()
    assert changes_of(store, contested.code) == list(range(contested.seq + 1))
    acts = "SELECT body FROM actions WHERE room = :c AND seq = :s"
    assert rows(store, acts, c=contested.code, s=contested.seq) == [(mine["body"],)]
    assert mine["body"] != ours["body"]
    holders = "SELECT holder FROM leases WHERE room = :c"
    assert rows(store, holders, c=contested.code) == [("test:b1:a",)]
    assert rows(store, holders, c=other.code) == [("test:b1:b",)]  # the change took the lease


def test_a_change_that_ends_a_deal_writes_its_record(store: Store) -> None:
    shared = SharedRooms(store, "test:b2:a", LEASE)
    room = new_room(shared)
    records = "SELECT number, body FROM records WHERE room = :c ORDER BY number"
    assert rows(store, records, c=room.code) == []
    for _ in range(200):  # Ann and three bots play the one deal out
        if room.status != "playing":
            break
        assert shared.commit([move(shared, room)]) == [True]
    assert room.status != "playing"
    stored = rows(store, records, c=room.code)
    assert [number for number, _ in stored] == [0]
    assert load_record(str(stored[0][1])).actions  # the deal, every action in it


def test_a_change_is_notified_only_where_someone_needs_it(store: Store) -> None:
    first, second = SharedRooms(store, "test:b3:a", LEASE), SharedRooms(store, "test:b3:b", LEASE)
    room = new_room(first, turns=1)
    ear = listening(store)
    assert first.commit([move(first, room)]) == [True]
    assert heard(ear) == []  # its own room, nobody in it through another process
    second.enter(room.code, None)  # a spectator through the second process
    assert first.commit([move(first, room)]) == [True]
    assert heard(ear) == [f"{room.code}:{room.seq}"]
    second.left(room.code, None, True, time.time())  # gone again
    assert first.commit([move(first, room)]) == [True]
    assert heard(ear) == []
    theirs = copy(room)
    assert second.commit([move(second, theirs)]) == [True]
    assert heard(ear) == [f"{room.code}:{theirs.seq}"]  # the first's timer must stop
    ear.close()
