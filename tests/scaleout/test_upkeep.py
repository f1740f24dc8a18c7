"""The upkeep of a shared database, on a real PostgreSQL, driven as two processes would drive
it (two `SharedRooms` with different holders, the clock passed in): old changes go but each
room's last and those after its last snapshot (the room is read back from them), leases of
closed rooms go (an ended room's stays until it closes), one process prunes at a time and on
its schedule; a seat gone past the grace period is claimed by the lease holder only, once,
and not while the person is connected through any live process; a room nobody has been in
for the time kept is found by its lease holder only, not while anyone (a spectator too) is
in it through a live process; a lease round never waits for the pruning of closed rooms'
leases."""

from __future__ import annotations

import secrets
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor

import pytest
import sqlalchemy as sa

from bigtwo.server import upkeep
from bigtwo.server.protocol import Act, Create, Host
from bigtwo.server.room import Room
from bigtwo.server.shared import Outcome, SharedRooms
from bigtwo.server.store import Store

LEASE = 6.0
GRACE = 20.0
KEEP = 60.0  # seconds an empty room is kept


@pytest.fixture
def store(database: str) -> Iterator[Store]:
    opened = Store(database)
    yield opened
    opened.close()


def rows(store: Store, sql: str, **values: object) -> list[tuple[object, ...]]:
    with store.engine.connect() as conn:
        return [tuple(r) for r in conn.execute(sa.text(sql), values)]


def new_room(shared: SharedRooms, *, turns: int = 0) -> Room:
    """A room of Ann and three bots made through ``shared``, started, ``turns`` of Ann's
    moves played (each a stored change)."""
    code = secrets.token_hex(5).upper()
    room = Room.create(code, Create(type="create", name="Ann", seats=["easy"] * 3, deals=1))
    shared.create(room, time.time())

    def start(r: Room) -> Outcome[None]:
        events, _ = r.host_action(0, Host(type="host", what="start"), time.time())
        return Outcome(events, {"type": "host", "what": "start"}, 0, None)

    room, _, _ = shared.apply(code, room, start)
    for _ in range(turns):
        room = play_on(shared, room)
    return room


def play_on(shared: SharedRooms, room: Room) -> Room:
    """``room`` after Ann's next move (a stored change)."""

    def act(r: Room) -> Outcome[None]:
        offers = r.state_for(0)["offers"]
        events, _ = r.act(0, Act(type="act", id=str(r.seq), action=offers[-1]), time.time())
        return Outcome(events, {"type": "act"}, 0, None)

    return shared.apply(room.code, room, act)[0]


def changes_of(store: Store, code: str) -> list[int]:
    found = rows(store, "SELECT seq FROM changes WHERE room = :c ORDER BY seq", c=code)
    return [int(str(r[0])) for r in found]


def after_snapshot(store: Store, room: Room) -> list[int]:
    """The changes pruning leaves a room: those after its last snapshot (its patches are
    the room), or its last, if that is the snapshot."""
    [(snap,)] = rows(store, "SELECT snap FROM rooms WHERE code = :c", c=room.code)
    return list(range(min(int(str(snap)) + 1, room.seq), room.seq + 1))


def test_old_changes_go_but_each_rooms_last_and_those_after_its_snapshot(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("bigtwo.server.room_state.SNAPSHOT_EVERY", 4)
    shared = SharedRooms(store, "test:1:prune", LEASE)
    room = new_room(shared, turns=6)
    assert room.status == "playing" and 0 < room.snap < room.seq - 1
    assert changes_of(store, room.code) == list(range(room.seq + 1))
    assert shared.prune(time.time()) is not None  # too young: nothing goes
    assert changes_of(store, room.code) == list(range(room.seq + 1))
    later = time.time() + upkeep.CHANGES_KEPT + 1
    assert shared.changes(room.code, 0, room.seq) is not None
    gone = shared.prune(later)
    assert gone is not None and gone["changes"] == room.snap + 1
    assert changes_of(store, room.code) == after_snapshot(store, room)
    assert shared.changes(room.code, 0, room.seq) is None  # a late client gets the state
    assert shared.changes(room.code, room.snap, room.seq) is not None  # kept: events
    assert shared.load(room.code, None).to_dict() == room.to_dict()  # read back whole
    room = play_on(shared, room)
    while room.snap != room.seq:  # at a snapshot, the room's last change is all that stays
        room = play_on(shared, room)
    shared.prune(later)
    assert changes_of(store, room.code) == [room.seq]
    assert shared.changes(room.code, room.seq - 1, room.seq) is not None  # one behind: events


def test_leases_of_closed_rooms_go(store: Store) -> None:
    shared = SharedRooms(store, "test:2:leases", LEASE)
    playing, closed = new_room(shared), new_room(shared)

    def close(r: Room) -> Outcome[None]:
        return Outcome(r.close(), {"type": "host", "what": "close"}, 0, None)

    shared.apply(closed.code, closed, close)
    leased = "SELECT room FROM leases WHERE room IN (:a, :b) ORDER BY room"
    assert len(rows(store, leased, a=playing.code, b=closed.code)) == 2
    shared.prune(time.time())
    assert rows(store, leased, a=playing.code, b=closed.code) == [(playing.code,)]
    with store.engine.begin() as conn:  # the session ended two hours ago
        conn.execute(
            sa.text("UPDATE rooms SET status = 'over', updated = :t WHERE code = :c"),
            {"t": time.time() - 2 * upkeep.IDLE_KEPT, "c": playing.code},
        )
    shared.prune(time.time())  # open still (a new session may start): its holder closes it
    assert rows(store, leased, a=playing.code, b=closed.code) == [(playing.code,)]
    shared.apply(playing.code, None, close)
    shared.prune(time.time())
    assert rows(store, leased, a=playing.code, b=closed.code) == []


def test_one_process_prunes_at_a_time_on_its_schedule(store: Store) -> None:
    first, second = SharedRooms(store, "test:3:a", LEASE), SharedRooms(store, "test:3:b", LEASE)
    room = new_room(first, turns=2)
    later = time.time() + upkeep.CHANGES_KEPT + 1
    with store.engine.begin() as conn:  # the first is pruning (holds the lock)
        conn.execute(sa.text(f"SELECT pg_advisory_xact_lock({upkeep.PRUNE_LOCK})"))
        assert second.prune(later) is None
    assert changes_of(store, room.code) == list(range(room.seq + 1))
    second.next_prune = later + 1  # not due: a lease round doesn't prune
    second.round(later, GRACE, KEEP)
    assert changes_of(store, room.code) == list(range(room.seq + 1))
    second.next_prune = later  # due: the round prunes, and sets the next time
    second.round(later, GRACE, KEEP)
    assert changes_of(store, room.code) == after_snapshot(store, room)
    assert second.next_prune == later + upkeep.PRUNE_EVERY


def test_a_seat_gone_past_the_grace_period_is_claimed_once_by_the_lease_holder(
    store: Store,
) -> None:
    holder, other = SharedRooms(store, "test:4:a", LEASE), SharedRooms(store, "test:4:b", LEASE)
    room = new_room(holder)  # Ann arrived through the holder, which applied the last change
    now = time.time()
    holder.left(room.code, 0, False, now)
    assert not holder.still_gone(room.code, 0, GRACE)  # within the grace period
    assert holder.round(now + GRACE, GRACE, KEEP).gone == []
    assert other.round(now + GRACE + 1, GRACE, KEEP).gone == []  # not the other's room
    assert holder.still_gone(room.code, 0, -GRACE)  # (a grace period already over)
    assert holder.round(now + GRACE + 1, GRACE, KEEP).gone == [(room.code, 0)]
    assert holder.round(now + GRACE + 2, GRACE, KEEP).gone == []  # claimed once


def test_a_person_connected_through_a_live_process_is_never_gone(store: Store) -> None:
    holder, other = SharedRooms(store, "test:5:a", LEASE), SharedRooms(store, "test:5:b", LEASE)
    room = new_room(holder)
    now = time.time()
    holder.left(room.code, 0, False, now)

    def back(r: Room) -> Outcome[None]:  # Ann resumes through the other process
        return Outcome(r.set_away(0, False, time.time()), None, 0, None, True)

    other.apply(room.code, None, back)
    assert not holder.still_gone(room.code, 0, -GRACE)
    assert holder.round(now + GRACE + 1, GRACE, KEEP).gone == []
    with store.engine.begin() as conn:  # the other stays alive ...
        upkeep.alive(conn, "test:5:b", now + 3 * GRACE + LEASE)
    assert holder.round(now + 3 * GRACE, GRACE, KEEP).gone == []
    # ... then stops renewing (it died): Ann counts as gone from then
    assert holder.round(now + 4 * GRACE + LEASE - 1, GRACE, KEEP).gone == []
    assert holder.round(now + 4 * GRACE + LEASE + 1, GRACE, KEEP).gone == [(room.code, 0)]


def test_a_room_nobody_is_in_is_found_by_its_lease_holder_after_the_time_kept(
    store: Store,
) -> None:
    holder, other = SharedRooms(store, "test:6:a", LEASE), SharedRooms(store, "test:6:b", LEASE)
    room = new_room(holder)  # Ann is in through the holder
    now = time.time()
    assert room.code not in holder.round(now + KEEP + 1, GRACE, KEEP).empty
    other.enter(room.code, None)  # someone watches through the other process
    holder.left(room.code, 0, True, now)  # Ann leaves: nobody is in through the holder
    assert room.code not in holder.round(now + KEEP + 1, GRACE, KEEP).empty
    assert not holder.still_empty(room.code, -KEEP)  # (a time kept already over)
    other.left(room.code, None, True, now + 10)  # the spectator leaves too
    assert room.code not in holder.round(now + 10 + KEEP - 1, GRACE, KEEP).empty
    assert room.code not in other.round(now + 10 + KEEP + 1, GRACE, KEEP).empty  # not its room
    assert room.code in holder.round(now + 10 + KEEP + 1, GRACE, KEEP).empty
    assert holder.still_empty(room.code, -KEEP) and not holder.still_empty(room.code, KEEP)
    other.enter(room.code, None)  # someone comes back in time
    assert room.code not in holder.round(now + 10 + KEEP + 2, GRACE, KEEP).empty
    assert not holder.still_empty(room.code, -KEEP)


def test_a_room_is_in_use_while_its_spectators_process_lives(store: Store) -> None:
    holder, other = SharedRooms(store, "test:7:a", LEASE), SharedRooms(store, "test:7:b", LEASE)
    room = new_room(holder)
    now = time.time()
    holder.left(room.code, 0, True, now)
    other.enter(room.code, None)
    with store.engine.begin() as conn:  # the other stays alive ...
        upkeep.alive(conn, "test:7:b", now + 3 * KEEP)
    assert room.code not in holder.round(now + 3 * KEEP, GRACE, KEEP).empty
    # ... then stops renewing (it died): nobody counts as in the room from then
    assert room.code not in holder.round(now + 4 * KEEP - 1, GRACE, KEEP).empty
    assert room.code in holder.round(now + 4 * KEEP + 1, GRACE, KEEP).empty


def test_occupancy_rows_go_with_their_room_and_long_gone_but_the_latest(store: Store) -> None:
    first, second = SharedRooms(store, "test:8:a", LEASE), SharedRooms(store, "test:8:b", LEASE)
    room = new_room(first)
    second.enter(room.code, None)
    now = time.time()
    first.left(room.code, 0, True, now - 3 * upkeep.IDLE_KEPT)
    second.left(room.code, None, True, now - 2 * upkeep.IDLE_KEPT)
    with store.engine.begin() as conn:  # the second process is long gone, too
        upkeep.alive(conn, "test:8:b", now - 2 * upkeep.IDLE_KEPT)
    occupancy = "SELECT holder FROM occupancy WHERE room = :c ORDER BY holder"
    holders = "SELECT holder FROM holders WHERE holder = 'test:8:b'"
    assert len(rows(store, occupancy, c=room.code)) == 2
    first.prune(now)
    assert rows(store, occupancy, c=room.code) == [("test:8:b",)]  # when it was last in use
    assert rows(store, holders) == [("test:8:b",)]  # kept while that row needs it
    assert room.code in first.round(now, GRACE, KEEP).empty  # empty since then

    def close(r: Room) -> Outcome[None]:
        return Outcome(r.close(), {"type": "host", "what": "close"}, 0, None)

    first.apply(room.code, None, close)
    first.prune(now)
    assert rows(store, occupancy, c=room.code) == [] and rows(store, holders) == []


def test_a_lease_round_never_waits_for_pruning_of_closed_rooms_leases(store: Store) -> None:
    shared = SharedRooms(store, "test:9:rounds", LEASE)
    closed = new_room(shared)

    def close(r: Room) -> Outcome[None]:
        return Outcome(r.close(), {"type": "host", "what": "close"}, 0, None)

    shared.apply(closed.code, closed, close)
    with store.engine.connect() as pruning, ThreadPoolExecutor(1) as rounds:
        # pruning deletes the closed room's lease: its row locked until pruning commits
        pruning.execute(
            sa.text("SELECT room FROM leases WHERE room = :c FOR UPDATE"), {"c": closed.code}
        )
        try:
            done = rounds.submit(shared.round, time.time(), GRACE, KEEP)
            assert done.result(timeout=10).taken == []
        finally:
            pruning.rollback()
