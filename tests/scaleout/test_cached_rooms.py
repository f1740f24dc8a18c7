"""A process's copy of a room (`Hub.rooms` on a shared database), on a real PostgreSQL, with
one hub driven in this process: a change made on the copy keeps what the row-locked change
keeps. A person joining or coming back through the process is noted as connected through it
(else nobody would put a bot in for them once gone, and their room could close under them);
a room closed through this process takes no further change; a change of another process
heard while this one's commit waited reaches its clients even when that commit fails."""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections.abc import Iterator

import pytest
from own_loop import run

from bigtwo.server.hub import Connection, Hub
from bigtwo.server.protocol import Act, Create, Host
from bigtwo.server.room import RoomError
from bigtwo.server.settings import Settings
from bigtwo.server.shared import SharedRooms
from bigtwo.server.store import Store

from .test_batched_changes import copy, move
from .test_upkeep import LEASE, changes_of, rows


@pytest.fixture
def store(database: str) -> Iterator[Store]:
    opened = Store(database)
    yield opened
    opened.close()


def connection(heard: list[str]) -> Connection:
    async def send(line: str) -> None:
        heard.append(line)

    return Connection(send=send, address="test")


async def anns_room(store: Store, heard: list[str]) -> tuple[Hub, Connection, str]:
    """A hub on ``store`` with Ann's room of three easy bots made through it (its copy kept),
    Ann's connection telling ``heard``."""
    hub = Hub(store, Settings(bot_pace="instant", pause=0.0))
    ann = connection(heard)
    await hub.create(ann, Create(type="create", name="Ann", seats=["easy"] * 3))
    assert ann.room is not None and ann.room in hub.rooms
    return hub, ann, ann.room


def test_a_person_joining_or_back_through_a_process_is_noted_there(store: Store) -> None:
    async def scenario() -> tuple[str, str, list[tuple[object, ...]]]:
        hub = Hub(store, Settings(bot_pace="instant", pause=0.0))
        heard: list[str] = []
        ann, bob = connection(heard), connection(heard)
        await hub.create(ann, Create(type="create", name="Ann", seats=["open", "easy", "easy"]))
        assert ann.room is not None and ann.room in hub.rooms  # the process's copy
        await hub.join(bob, ann.room, "Bob", None)
        present = "SELECT seat FROM presence WHERE room = :c AND holder = :h AND left_at IS NULL"
        found = rows(store, present, c=ann.room, h=hub.holder)
        await hub.close()
        return ann.room, hub.holder, found

    _, _, present = run(scenario)
    assert sorted(present) == [(0,), (1,)]


def test_a_room_closed_through_a_process_takes_no_further_change(store: Store) -> None:
    async def scenario() -> tuple[str, int, str]:
        hub, ann, code = await anns_room(store, [])
        await hub.host(ann, Host(type="host", what="close"))
        closed_at = hub.rooms[code].seq
        refusal = ""
        try:
            await hub.host(ann, Host(type="host", what="close"))
        except RoomError as exc:
            refusal = exc.code
        await hub.close()
        return code, closed_at, refusal

    code, closed_at, refusal = run(scenario)
    assert refusal == "not_seated"  # the room let go of its seats as it closed
    assert changes_of(store, code) == list(range(closed_at + 1))


def test_a_change_heard_while_a_failed_commit_waited_reaches_the_process_s_clients(
    store: Store,
) -> None:
    """Bob's process changes the room while Ann's process commits its own change made on its
    copy: the notification carries the number Ann's change would have had, so it looks like
    Ann's own; her process's commit then fails (not a conflict: the whole batch), Ann's
    action is refused on the room as stored, and she still hears of Bob's change."""

    async def scenario() -> tuple[int, list[str]]:
        heard: list[str] = []
        hub, ann, code = await anns_room(store, heard)
        await hub.host(ann, Host(type="host", what="start"))
        room = hub.rooms[code]
        bobs = room.seq + 1
        bob = SharedRooms(store, "test:c3:bob", LEASE)
        assert bob.commit([move(bob, copy(room))]) == [True]  # the other process's change
        loop = asyncio.get_running_loop()

        def failing(batch: list[dict[str, object]]) -> list[bool]:
            loop.call_soon_threadsafe(hub._notified, f"{room.code}:{bobs}")
            time.sleep(0.2)  # heard before the commit fails
            raise RuntimeError("the batch failed")

        hub.changes.commits.commit = failing
        offer = room.state_for(0)["offers"][-1]
        with contextlib.suppress(RoomError):  # stale on the room as stored
            await hub.act(ann, Act(type="act", id="ann", action=offer, seq=room.seq))
        await asyncio.sleep(0.5)
        await hub.close()
        return bobs, heard

    seq, heard = run(scenario)
    told = [(m["type"], m.get("seq")) for m in map(json.loads, heard)]
    assert [s for kind, s in told if kind == "update"][-1:] == [seq], told
