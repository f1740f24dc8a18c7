"""The store failing under one process (SQLite: a full disk, say): the change is refused with
`storage`, and nothing of it stays in memory either. A room whose creation was not stored is
in neither the hub nor its lobby, so nobody can join a room that a restart would not bring
back; an action not stored is undone in memory, so the next change's snapshot does not store
it after all, and the person may simply send it again."""

from __future__ import annotations

import asyncio
import json
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from own_loop import run

from bigtwo.server.hub import Connection, Hub
from bigtwo.server.protocol import Act, Create, Host
from bigtwo.server.room import Room, RoomError
from bigtwo.server.settings import Settings
from bigtwo.server.store import Store, Write, sqlite_url

ANN = Create(type="create", name="Ann", seats=["easy"] * 3)


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    opened = Store(sqlite_url(tmp_path / "rooms.db"))
    yield opened
    opened.close()


def connection(heard: list[dict[str, Any]]) -> Connection:
    async def send(line: str) -> None:
        heard.append(json.loads(line))

    return Connection(send=send, address="test")


def failing(batch: list[Write]) -> None:
    raise OSError("database or disk is full")


def test_a_room_whose_creation_was_not_stored_is_not_kept(store: Store) -> None:
    async def scenario() -> tuple[str, list[str], list[dict[str, Any]]]:
        hub = Hub(store, Settings(bot_pace="instant", pause=0.0))
        await hub.open()
        hub.changes.commits.commit = failing
        with pytest.raises(RoomError) as refused:
            await hub.create(connection([]), ANN)
        kept = list(hub.rooms), hub.lobby()
        await hub.close()
        return refused.value.code, *kept

    code, rooms, lobby = run(scenario)
    assert code == "storage"
    assert rooms == [] and lobby == []
    assert store.rooms() == []


def test_an_action_not_stored_is_undone_and_may_be_sent_again(store: Store) -> None:
    async def scenario() -> tuple[str, int, int, int]:
        hub = Hub(store, Settings(bot_pace="instant", pause=0.0))
        await hub.open()
        heard: list[dict[str, Any]] = []
        ann = connection(heard)
        await hub.create(ann, ANN)
        assert ann.room is not None
        await hub.host(ann, Host(type="host", what="start"))
        before = hub.rooms[ann.room].seq
        offer = hub.rooms[ann.room].state_for(0)["offers"][-1]
        writes = hub.changes.commits.commit
        hub.changes.commits.commit = failing
        with pytest.raises(RoomError) as refused:
            await hub.act(ann, Act(type="act", id="a1", action=offer))
        after_failure = hub.rooms[ann.room].seq
        hub.changes.commits.commit = writes
        await hub.act(ann, Act(type="act", id="a1", action=offer))  # the same, sent again
        acked = [m["seq"] for m in heard if m["type"] == "ack"]
        await hub.close()
        return refused.value.code, before, after_failure, acked[-1]

    code, before, after_failure, acked = run(scenario)
    assert code == "storage"
    assert after_failure == before  # undone in memory: as stored
    [stored] = [Room.loads(*form).to_dict() for _, form in store.rooms()]
    assert acked == stored["seq"] > before  # applied once sent again, and stored
    acts = [a for a in store.actions(stored["code"]) if a["type"] == "act"]
    assert [a["id"] for a in acts] == ["a1"]


def test_a_room_read_while_its_change_is_stored_shows_only_what_was_stored(store: Store) -> None:
    """`GET /api/rooms/CODE` reads the room under its lock (`reading`): an action made in
    memory shows once stored, and one whose storing failed never shows."""

    async def scenario() -> tuple[int, int, int, int]:
        hub = Hub(store, Settings(bot_pace="instant", pause=0.0))
        await hub.open()
        ann = connection([])
        await hub.create(ann, ANN)
        code = ann.room
        assert code is not None
        await hub.host(ann, Host(type="host", what="start"))
        before = hub.rooms[code].seq
        writes = hub.changes.commits.commit
        started, release = asyncio.Event(), threading.Event()
        loop = asyncio.get_running_loop()

        def slow(batch: list[Write]) -> None:  # the commit's thread, held until released
            loop.call_soon_threadsafe(started.set)
            release.wait(10)
            writes(batch)

        hub.changes.commits.commit = slow
        offer = hub.rooms[code].state_for(0)["offers"][-1]
        acting = asyncio.ensure_future(hub.act(ann, Act(type="act", id="a1", action=offer)))
        await started.wait()
        in_memory = hub.rooms[code].seq  # the change, made and not yet stored
        reading = asyncio.ensure_future(hub.reading(code, lambda room: room.seq))
        await asyncio.sleep(0.05)
        assert not reading.done()  # waits for the store
        release.set()
        await acting
        stored = await reading

        def fails(batch: list[Write]) -> None:
            loop.call_soon_threadsafe(started.set)
            release.wait(10)
            raise OSError("database or disk is full")

        started.clear()
        release.clear()
        hub.changes.commits.commit = fails
        offer = hub.rooms[code].state_for(0)["offers"][-1]
        acting = asyncio.ensure_future(hub.act(ann, Act(type="act", id="a2", action=offer)))
        await started.wait()
        reading = asyncio.ensure_future(hub.reading(code, lambda room: room.seq))
        release.set()
        with pytest.raises(RoomError):
            await acting
        after_failure = await reading
        await hub.close()
        return before, in_memory, stored if stored is not None else -1, after_failure or -1

    before, in_memory, stored, after_failure = run(scenario)
    assert in_memory > before
    assert stored == in_memory  # shown once stored
    assert after_failure == stored  # the change not stored never showed
