"""Changes made on a process's copy of a room, written in batches (`SharedRooms.commit`), on a
real PostgreSQL: a change made on a copy another process has since changed is not written
(no room, change, action, lease or notification of it), while the rest of its batch is; a
change that ends a deal writes the deal's record with it; a change is notified only to
where it is needed (another process with someone in the room, or whose lease it took); a
batch and another process's lease round over the same rooms don't deadlock."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor

import psycopg
import pytest
import sqlalchemy as sa

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
    change = shared.change(room, Outcome(events, action, 0, None), before, time.time())
    return change.write  # type: ignore[no-any-return]


def listening(store: Store) -> psycopg.Connection[tuple[object, ...]]:
    conn = psycopg.connect(store.dsn, autocommit=True)
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
    acts = "SELECT action FROM changes WHERE room = :c AND seq = :s"
    assert rows(store, acts, c=contested.code, s=contested.seq) == [(mine["action"],)]
    assert mine["action"] != ours["action"]
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


def waiting(store: Store, count: int) -> None:
    """Until ``count`` sessions wait for a row lock."""
    busy = (
        "SELECT count(*) FROM pg_stat_activity"
        " WHERE wait_event_type = 'Lock' AND datname = current_database()"
    )
    deadline = time.monotonic() + 10
    while int(str(rows(store, busy)[0][0])) < count:
        assert time.monotonic() < deadline, f"fewer than {count} sessions wait for a lock"
        time.sleep(0.02)


def test_a_lease_round_and_a_batch_of_the_same_rooms_never_deadlock(
    store: Store, caplog: pytest.LogCaptureFixture
) -> None:
    """The round renews its own lease (the later room's) and takes a lapsed one (the
    earlier room's) while another process's batch changes both rooms: each locks in the
    order of the rooms' codes, so neither waits for the other in a circle."""
    rounds, batches = SharedRooms(store, "test:b4:a", LEASE), SharedRooms(store, "test:b4:b", LEASE)
    early, late = sorted((new_room(batches, turns=1), new_room(batches, turns=1)), key=codes)
    with store.engine.begin() as conn:
        conn.execute(
            sa.text("UPDATE leases SET holder = 'test:b4:gone', expires = 0 WHERE room = :c"),
            {"c": early.code},
        )
        conn.execute(
            sa.text("UPDATE leases SET holder = :h, expires = :e WHERE room = :c"),
            {"h": rounds.holder, "e": time.time() + LEASE, "c": late.code},
        )
    batch = [move(batches, copy(early)), move(batches, copy(late))]
    written: list[object] = []
    blocker = store.engine.connect()
    blocking = blocker.begin()  # the batch stops at the earlier room's change, its lease held
    blocker.execute(
        sa.text("INSERT INTO changes (room, seq, events, at) VALUES (:c, :s, '{}', 0)"),
        {"c": early.code, "s": batch[0]["seq"]},
    )
    committing = threading.Thread(target=lambda: written.append(attempt(batches.commit, batch)))
    committing.start()
    waiting(store, 1)
    renewing = threading.Thread(target=lambda: written.append(rounds.round(time.time(), 60, 60)))
    renewing.start()
    waiting(store, 2)
    blocking.rollback()
    blocker.close()
    committing.join(30)
    renewing.join(30)
    assert [True, True] in written  # the batch was written whole
    assert "lease renewal failed" not in caplog.text  # and the round wasn't undone
    assert "deadlock" not in caplog.text  # nor the batch, then tried again (`retrying`)


def codes(room: Room) -> str:
    return room.code


def attempt(
    commit: Callable[[list[dict[str, object]]], object], batch: list[dict[str, object]]
) -> object:
    try:
        return commit(batch)
    except Exception as exc:  # a deadlock, said so
        return repr(exc)


def test_a_change_of_the_lease_holder_never_waits_for_a_lease_round(store: Store) -> None:
    shared = SharedRooms(store, "test:b5:a", LEASE)
    room = new_room(shared, turns=1)
    with store.engine.connect() as round_, ThreadPoolExecutor(1) as writer:
        # a lease round of the holder, renewing: the lease's row locked until it commits
        round_.execute(
            sa.text("SELECT room FROM leases WHERE room = :c FOR UPDATE"), {"c": room.code}
        )
        try:
            written = writer.submit(shared.commit, [move(shared, room)])
            assert written.result(timeout=10) == [True]
        finally:
            round_.rollback()
