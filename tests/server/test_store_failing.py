"""The store failing under one process (SQLite: a full disk, say): the change is refused with
`storage`, and nothing of it stays in memory either. A room whose creation was not stored is
in neither the hub nor its lobby, so nobody can join a room that a restart would not bring
back; an action not stored is undone in memory, so the next change's snapshot does not store
it after all, and the person may simply send it again."""

from __future__ import annotations

import asyncio
import json
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from own_loop import run
from starlette.requests import Request

from bigtwo.server.hub import Connection, Hub
from bigtwo.server.protocol import Act, Create, Host
from bigtwo.server.room import Room, RoomError
from bigtwo.server.rulebook import rulebook_routes
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
    """`GET /api/rooms/CODE` reads the room under its lock (`RoomKeeper.reading`): a join made
    in memory shows once stored, and one whose storing failed never shows."""

    async def scenario() -> tuple[list[str], list[str], list[str], list[str]]:
        hub = Hub(store, Settings(bot_pace="instant", pause=0.0))
        await hub.open()
        [endpoint] = [r.endpoint for r in rulebook_routes(hub) if r.path == "/api/rooms/{code}"]
        ann = connection([])
        await hub.create(ann, Create(type="create", name="Ann", seats=["open", "easy", "open"]))
        code = ann.room
        assert code is not None

        async def names() -> list[str]:
            scope = {
                "type": "http",
                "path_params": {"code": code},
                "headers": [],
                "query_string": b"",
            }
            answer = await endpoint(Request(scope))
            return [s["name"] for s in json.loads(answer.body)["seats"]]

        writes = hub.changes.commits.commit
        started, release = asyncio.Event(), threading.Event()
        loop = asyncio.get_running_loop()

        def held(fail: bool) -> Callable[[list[Write]], None]:
            def commit(batch: list[Write]) -> None:  # the commit's thread, held until released
                loop.call_soon_threadsafe(started.set)
                release.wait(10)
                if fail:
                    raise OSError("database or disk is full")
                writes(batch)

            return commit

        before = await names()
        hub.changes.commits.commit = held(fail=False)
        joining = asyncio.ensure_future(hub.join(connection([]), code, "Bo", 1))
        await started.wait()
        assert hub.rooms[code].names[1] == "Bo"  # made in memory, not yet stored
        reading = asyncio.ensure_future(names())
        await asyncio.sleep(0.05)
        assert not reading.done()  # the read waits for the store
        release.set()
        await joining
        stored = await reading

        started.clear()
        release.clear()
        hub.changes.commits.commit = held(fail=True)
        joining = asyncio.ensure_future(hub.join(connection([]), code, "Cy", 3))
        await started.wait()
        reading = asyncio.ensure_future(names())
        release.set()
        with pytest.raises(RoomError):
            await joining
        after_failure = await reading
        await hub.close()
        return before, stored, after_failure, [n for n in hub.rooms[code].names]

    before, stored, after_failure, kept = run(scenario)
    assert before[1] == "" and stored[1] == "Bo"  # shown once stored
    assert after_failure == stored == kept  # the join not stored never showed
