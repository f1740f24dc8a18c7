"""The upkeep of a shared database, on a real PostgreSQL, driven as two processes would
drive it (two `SharedRooms` with different holders, the clock passed in): old changes go
but each room's last, leases of closed and long-ended rooms go, one process prunes at a
time and on its schedule; a seat gone past the grace period is claimed by the lease holder
only, once, and not while the person is connected through any live process."""

from __future__ import annotations

import secrets
import time
from collections.abc import Iterator

import pytest
import sqlalchemy as sa

from bigtwo.server import upkeep
from bigtwo.server.protocol import Act, Create, Host
from bigtwo.server.room import Room
from bigtwo.server.shared import Outcome, SharedRooms
from bigtwo.server.store import Store

LEASE = 6.0
GRACE = 20.0


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
    for turn in range(turns):

        def act(r: Room, turn: int = turn) -> Outcome[None]:
            offers = r.state_for(0)["offers"]
            events, _ = r.act(0, Act(type="act", id=str(turn), action=offers[-1]), time.time())
            return Outcome(events, {"type": "act"}, 0, None)

        room, _, _ = shared.apply(code, room, act)
    return room


def changes_of(store: Store, code: str) -> list[int]:
    found = rows(store, "SELECT seq FROM changes WHERE room = :c ORDER BY seq", c=code)
    return [int(str(r[0])) for r in found]


def test_old_changes_go_but_each_rooms_last(store: Store) -> None:
    shared = SharedRooms(store, "test:1:prune", LEASE)
    room = new_room(shared, turns=3)
    assert changes_of(store, room.code) == list(range(room.seq + 1))
    assert shared.prune(time.time()) is not None  # too young: nothing goes
    assert changes_of(store, room.code) == list(range(room.seq + 1))
    later = time.time() + upkeep.CHANGES_KEPT + 1
    assert shared.changes(room.code, 0, room.seq) is not None
    gone = shared.prune(later)
    assert gone is not None and gone["changes"] >= room.seq
    assert changes_of(store, room.code) == [room.seq]  # the room's last change stays
    assert shared.changes(room.code, 0, room.seq) is None  # a late client gets the state
    assert shared.changes(room.code, room.seq - 2, room.seq) is None
    assert shared.changes(room.code, room.seq - 1, room.seq) is not None  # one behind: events


def test_leases_of_closed_and_long_ended_rooms_go(store: Store) -> None:
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
    second.round(later, GRACE)
    assert changes_of(store, room.code) == list(range(room.seq + 1))
    second.next_prune = later  # due: the round prunes, and sets the next time
    second.round(later, GRACE)
    assert changes_of(store, room.code) == [room.seq]
    assert second.next_prune == later + upkeep.PRUNE_EVERY


def test_a_seat_gone_past_the_grace_period_is_claimed_once_by_the_lease_holder(
    store: Store,
) -> None:
    holder, other = SharedRooms(store, "test:4:a", LEASE), SharedRooms(store, "test:4:b", LEASE)
    room = new_room(holder)  # Ann arrived through the holder, which applied the last change
    now = time.time()
    holder.left(room.code, 0, now)
    assert not holder.still_gone(room.code, 0, GRACE)  # within the grace period
    assert holder.round(now + GRACE, GRACE).gone == []
    assert other.round(now + GRACE + 1, GRACE).gone == []  # not the other's room
    assert holder.still_gone(room.code, 0, -GRACE)  # (a grace period already over)
    assert holder.round(now + GRACE + 1, GRACE).gone == [(room.code, 0)]
    assert holder.round(now + GRACE + 2, GRACE).gone == []  # claimed once


def test_a_person_connected_through_a_live_process_is_never_gone(store: Store) -> None:
    holder, other = SharedRooms(store, "test:5:a", LEASE), SharedRooms(store, "test:5:b", LEASE)
    room = new_room(holder)
    now = time.time()
    holder.left(room.code, 0, now)

    def back(r: Room) -> Outcome[None]:  # Ann resumes through the other process
        return Outcome(r.set_away(0, False, time.time()), None, 0, None, True)

    other.apply(room.code, None, back)
    assert not holder.still_gone(room.code, 0, -GRACE)
    assert holder.round(now + GRACE + 1, GRACE).gone == []
    with store.engine.begin() as conn:  # the other stays alive ...
        upkeep.alive(conn, "test:5:b", now + 3 * GRACE + LEASE)
    assert holder.round(now + 3 * GRACE, GRACE).gone == []
    # ... then stops renewing (it died): Ann counts as gone from then
    assert holder.round(now + 4 * GRACE + LEASE - 1, GRACE).gone == []
    assert holder.round(now + 4 * GRACE + LEASE + 1, GRACE).gone == [(room.code, 0)]
