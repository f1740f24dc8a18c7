"""A commit whose reply is lost, on a real PostgreSQL behind a proxy that drops the connection
instead of passing the server's ``COMMIT`` on (`lossy`): the change was stored, and the
process tries again on a new connection. It must find its change stored and answer as if
the reply had come: the change is kept once, with one number, and the person who made it
is told it was done, not refused and not done twice. A leave (made on the process's copy,
in a batch) and a join (made under the room's row lock) would each do harm twice: a second
seat for the same person, a second leave."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable, Iterator

import pytest
import sqlalchemy as sa
from own_loop import run

from bigtwo.server.hub import Hub
from bigtwo.server.protocol import Create, Host
from bigtwo.server.room import Room
from bigtwo.server.settings import Settings
from bigtwo.server.shared import Outcome, SharedRooms
from bigtwo.server.store import Store

from .lossy import Lossy
from .test_cached_rooms import anns_room, connection
from .test_upkeep import changes_of, rows


@pytest.fixture
def lossy(database: str) -> Iterator[tuple[Lossy, Store]]:
    proxy = Lossy(database)
    store = Store(proxy.url)
    yield proxy, store
    store.close()
    proxy.close()


def stored_room(store: Store, code: str) -> dict[str, object]:
    """The room as it stands stored: its snapshot with the patches since."""
    stored = store.room(code)
    assert stored is not None
    return Room.loads(*stored).to_dict()


def left_once(store: Store, code: str) -> bool:
    """Whether the room's stored actions hold one leave, and its changes are numbered without
    a gap or a repeat."""
    leaves = rows(store, "SELECT seq FROM changes WHERE room = :c AND action LIKE :b",
                  c=code, b='%"leave"%')  # fmt: skip
    seq = int(str(stored_room(store, code)["seq"]))
    return len(leaves) == 1 and changes_of(store, code) == list(range(seq + 1))


def test_a_leave_whose_commit_reply_was_lost_is_kept_once(lossy: tuple[Lossy, Store]) -> None:
    proxy, store = lossy

    async def scenario() -> tuple[str, list[str]]:
        heard: list[str] = []
        hub, ann, code = await anns_room(store, heard)
        await hub.host(ann, Host(type="host", what="start"))
        proxy.lose_next_commit()
        await hub.leave(ann)  # raises if refused
        await hub.close()
        return code, heard

    code, heard = run(scenario)
    assert proxy.lost == 1
    assert left_once(store, code)
    assert not [m for m in map(json.loads, heard) if m["type"] == "error"]


def test_a_join_whose_commit_reply_was_lost_takes_one_seat(lossy: tuple[Lossy, Store]) -> None:
    proxy, store = lossy

    async def scenario() -> tuple[str, str]:
        heard: list[str] = []
        hub = Hub(store, Settings(bot_pace="instant", pause=0.0))
        ann, bob = connection([]), connection(heard)
        await hub.create(ann, Create(type="create", name="Ann", seats=["open", "open", "easy"]))
        await settled(hub)  # the count of spectators told: the commit lost is the next one
        assert ann.room is not None
        proxy.lose_next_commit()
        await hub.join(bob, ann.room, "Bob", None)
        await hub.close()
        [welcome] = [m for m in map(json.loads, heard) if m["type"] == "welcome"]
        return ann.room, welcome["token"]

    code, token = run(scenario)
    assert proxy.lost == 1
    room = stored_room(store, code)
    assert room["names"] == ["Ann", "Bob", "", ""]  # a bot goes by its kind
    assert room["kinds"] == ["person", "person", "open", "easy"]
    assert changes_of(store, code) == list(range(int(str(room["seq"])) + 1))
    assert Room.from_dict(room).seat_of(token) == 1  # the token Bob was given is his seat's


def test_a_change_whose_batch_failed_after_its_commit_is_not_made_again(
    lossy: tuple[Lossy, Store],
) -> None:
    """The database went away for longer than a commit is retried, after the batch's commit
    (the retries never reached it): the change is made again under the room's row lock,
    where the process finds it stored."""
    _, store = lossy

    async def scenario() -> tuple[str, list[str]]:
        heard: list[str] = []
        hub, ann, code = await anns_room(store, heard)
        await hub.host(ann, Host(type="host", what="start"))
        commit = hub.changes.commits.commit

        def unheard(batch: list[dict[str, object]]) -> object:
            commit(batch)
            hub.changes.commits.commit = commit
            raise RuntimeError("the database went away")

        hub.changes.commits.commit = unheard
        await hub.leave(ann)  # raises if refused
        await hub.close()
        return code, heard

    code, heard = run(scenario)
    assert left_once(store, code)
    assert not [m for m in map(json.loads, heard) if m["type"] == "error"]


async def settled(hub: Hub) -> None:
    """Until the hub's own tasks (the spectators' count said to other processes: a commit of
    its own) are done."""
    await asyncio.gather(*list(hub.tasks))


def joins(other: SharedRooms, code: str, name: str) -> Callable[[], object]:
    """Another process seating ``name`` in the room under its row lock, as its hub would."""

    def work(room: Room) -> Outcome[int]:
        seat, _ = room.join(name, None)
        return Outcome([], {"type": "join", "name": name}, seat, seat, True)

    return lambda: other.apply(code, None, work)


def test_a_join_whose_reply_was_lost_is_not_made_again_after_anothers_change(
    lossy: tuple[Lossy, Store], database: str
) -> None:
    """The room moved on (another process seated Cy) between the lost commit and the retry:
    the room no longer stands as Bob's join left it, but his join was stored all the same.
    Bob is shown the room as it stands, Cy in it (he may be the process's only client there,
    and nothing else would tell him)."""
    proxy, store = lossy
    elsewhere = Store(database)
    other = SharedRooms(elsewhere, "test:other:join", 10.0)

    async def scenario() -> tuple[str, int, str]:
        heard: list[str] = []
        hub = Hub(store, Settings(bot_pace="instant", pause=0.0))
        ann, bob = connection([]), connection(heard)
        await hub.create(ann, Create(type="create", name="Ann", seats=["open"] * 3))
        await settled(hub)  # the count of spectators told: the commit lost is the next one
        assert ann.room is not None
        proxy.lose_next_commit(then=joins(other, ann.room, "Cy"))
        await hub.join(bob, ann.room, "Bob", None)
        await hub.close()
        [welcome] = [m for m in map(json.loads, heard) if m["type"] == "welcome"]
        [state] = [m for m in map(json.loads, heard) if m["type"] == "state"]
        assert [s["name"] for s in state["room"]["seats"]] == ["Ann", "Bob", "Cy", ""]
        return ann.room, welcome["seat"], welcome["token"]

    try:
        code, seat, token = run(scenario)
    finally:
        elsewhere.close()
    assert proxy.lost == 1
    room = stored_room(store, code)
    assert room["names"] == ["Ann", "Bob", "Cy", ""]
    assert room["kinds"] == ["person", "person", "person", "open"]
    assert (seat, Room.from_dict(room).seat_of(token)) == (1, 1)
    assert changes_of(store, code) == list(range(int(str(room["seq"])) + 1))


def test_a_leave_whose_reply_was_lost_is_not_made_again_after_anothers_change(
    lossy: tuple[Lossy, Store], database: str
) -> None:
    """As above for a change made on the process's copy and stored with its batch: Bob's
    leave was stored, then Cy joined through another process, then the batch was retried."""
    proxy, store = lossy
    elsewhere = Store(database)
    other = SharedRooms(elsewhere, "test:other:leave", 10.0)

    async def scenario() -> tuple[str, list[str]]:
        heard: list[str] = []
        hub = Hub(store, Settings(bot_pace="instant", pause=0.0))
        ann, bob = connection([]), connection(heard)
        await hub.create(ann, Create(type="create", name="Ann", seats=["open"] * 3))
        await settled(hub)  # the count of spectators told: the commit lost is the next one
        assert ann.room is not None
        await hub.join(bob, ann.room, "Bob", None)
        proxy.lose_next_commit(then=joins(other, ann.room, "Cy"))
        await hub.leave(bob)  # raises if refused
        await hub.close()
        return ann.room, heard

    try:
        code, heard = run(scenario)
    finally:
        elsewhere.close()
    assert proxy.lost == 1
    assert left_once(store, code)
    room = stored_room(store, code)
    assert room["names"][:3] == ["Ann", "", "Cy"]  # type: ignore[index]
    assert room["kinds"][1] == "hard"  # type: ignore[index]
    assert not [m for m in map(json.loads, heard) if m["type"] == "error"]


def test_the_proxy_closes_behind_itself(database: str) -> None:
    """Closed, the proxy stops accepting (its thread ends) and drops the connections it
    carried: no thread blocked for good, no socket left open, test after test."""
    proxy = Lossy(database)
    store = Store(proxy.url)
    try:
        assert rows(store, "SELECT 1") == [(1,)]
        proxy.close()
        proxy.accepting.join(timeout=5)
        assert not proxy.accepting.is_alive()
        with pytest.raises(sa.exc.OperationalError):
            rows(store, "SELECT 1")  # the pooled connection was dropped, and none is new
    finally:
        store.close()


def test_a_room_whose_creating_commit_reply_was_lost_is_created_once(
    lossy: tuple[Lossy, Store],
) -> None:
    """Creating is a commit like any change: its reply lost, the room is found created and
    its host welcomed, not refused (the room made, its code never told) nor made twice."""
    proxy, store = lossy

    async def scenario() -> tuple[str, list[str]]:
        heard: list[str] = []
        hub = Hub(store, Settings(bot_pace="instant", pause=0.0))
        ann = connection(heard)
        proxy.lose_next_commit()
        await hub.create(ann, Create(type="create", name="Ann", seats=["easy"] * 3))
        await hub.close()
        assert ann.room is not None
        return ann.room, heard

    code, heard = run(scenario)
    assert proxy.lost == 1
    [welcome] = [m for m in map(json.loads, heard) if m["type"] == "welcome"]
    assert welcome["room"] == code and welcome["seat"] == 0
    assert Room.from_dict(stored_room(store, code)).seat_of(welcome["token"]) == 0
    assert changes_of(store, code) == [0]
