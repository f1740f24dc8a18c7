"""A process's copy of a room (`Hub.rooms` on a shared database), on a real PostgreSQL, with
one hub driven in this process: a change made on the copy keeps what the row-locked change
keeps. A person joining or coming back through the process is noted as connected through it
(else nobody would put a bot in for them once gone, and their room could close under them);
a room closed through this process takes no further change."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import pytest

from bigtwo.server.hub import Connection, Hub
from bigtwo.server.protocol import Create, Host
from bigtwo.server.room import RoomError
from bigtwo.server.settings import Settings
from bigtwo.server.store import Store

from .test_upkeep import changes_of, rows


@pytest.fixture
def store(database: str) -> Iterator[Store]:
    opened = Store(database)
    yield opened
    opened.close()


def connection(heard: list[str]) -> Connection:
    async def send(line: str) -> None:
        heard.append(line)

    return Connection(send=send, address="test")


def test_a_person_joining_or_back_through_a_process_is_noted_there(store: Store) -> None:
    async def scenario() -> tuple[str, str, list[tuple[object, ...]]]:
        hub = Hub(store, Settings())
        heard: list[str] = []
        ann, bob = connection(heard), connection(heard)
        await hub.create(ann, Create(type="create", name="Ann", seats=["open", "easy", "easy"]))
        assert ann.room is not None and ann.room in hub.rooms  # the process's copy
        await hub.join(bob, ann.room, "Bob", None)
        present = "SELECT seat FROM presence WHERE room = :c AND holder = :h AND left_at IS NULL"
        found = rows(store, present, c=ann.room, h=hub.holder)
        await hub.close()
        return ann.room, hub.holder, found

    _, _, present = asyncio.run(scenario())
    assert sorted(present) == [(0,), (1,)]


def test_a_room_closed_through_a_process_takes_no_further_change(store: Store) -> None:
    async def scenario() -> tuple[str, int, str]:
        hub = Hub(store, Settings())
        heard: list[str] = []
        ann = connection(heard)
        await hub.create(ann, Create(type="create", name="Ann", seats=["easy"] * 3))
        assert ann.room is not None
        await hub.host(ann, Host(type="host", what="close"))
        closed_at = hub.rooms[ann.room].seq
        refusal = ""
        try:
            await hub.host(ann, Host(type="host", what="close"))
        except RoomError as exc:
            refusal = exc.code
        await hub.close()
        return ann.room, closed_at, refusal

    code, closed_at, refusal = asyncio.run(scenario())
    assert refusal == "no_room"
    assert changes_of(store, code) == list(range(closed_at + 1))
