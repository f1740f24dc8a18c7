"""A room's bots at a person's pace (``pace``): after a person's action the table stops before
each bot's move and the room keeps the time of that move (`Room.bot_at`, apart from a
person's turn ``deadline``); when it comes, the bot's one move is a change of its own. An
``instant`` room's bots answer within the change, as before; a room stored before paces
loads as one."""

from __future__ import annotations

import json
from itertools import count
from typing import Any

import pytest
from starlette.testclient import TestClient

from bigtwo.server.protocol import PACES, Act, Create, Host
from bigtwo.server.room import Room

ids = count()


def _room(pace: str | None, turn_seconds: float = 0) -> Room:
    paced = {} if pace is None else {"pace": pace}
    create = Create(type="create", name="Ann", seats=["easy"] * 3, deals=1,
                    turn_seconds=turn_seconds, **paced)  # fmt: skip
    room = Room.create("PACEROOM", create)
    room.host_action(0, Host(type="host", what="start"), now=100.0)
    return room


def _bot_acts(events: list[Any]) -> list[int]:
    return [e.seat for e in events if e.kind == "act" and e.seat != 0]


def _person_acts(room: Room, now: float) -> list[Any]:
    offers = room.state_for(0)["offers"]
    return room.act(0, Act(type="act", id=str(next(ids)), action=offers[0]), now)[0]


@pytest.mark.parametrize("pace", ["normal", "fast"])
def test_each_bot_moves_alone_when_its_time_comes(pace: str) -> None:
    room, now, moves = _room(pace, turn_seconds=30), 100.0, 0
    while room.status == "playing":
        table = room.table
        assert table is not None
        if room.bot_at is None:  # Ann's turn: her timer runs, no bot's
            assert table.awaiting == (0,) and room.deadline == now + 30
            _person_acts(room, now)
            continue
        assert room.deadline is None and table.awaiting == ()
        assert room.bot_at == pytest.approx(now + PACES[pace])
        assert room.wakes == room.bot_at
        seq = room.seq
        assert room.expire(room.bot_at - 0.01) == [] and room.seq == seq  # not yet
        now, due = room.bot_at, table.due
        assert _bot_acts(room.expire(now)) == [due]  # that bot's one move, a change of its own
        assert room.seq == seq + 1
        moves += 1
    assert room.status == "over" and room.bot_at is None and moves > 13


def test_an_instant_room_answers_within_the_change() -> None:
    room = _room(None)  # the room's own default: instant
    table = room.table
    assert room.pace == "instant" and table is not None and not table.pace_bots
    bots = 0
    while room.status == "playing":
        assert room.bot_at is None and table.due is None and table.awaiting == (0,)
        bots += len(_bot_acts(_person_acts(room, 100.0)))
    assert bots > 13  # every bot move came with one of Ann's changes


def test_the_pace_and_the_bots_time_are_stored_and_an_old_room_loads_instant() -> None:
    room = _room("fast")
    while room.bot_at is None:
        _person_acts(room, 100.0)
    stored = json.loads(json.dumps(room.to_dict()))
    assert stored["pace"] == "fast" and stored["bot_at"] == room.bot_at
    back = Room.from_dict(stored)
    assert (back.pace, back.bot_at, back.deadline) == ("fast", room.bot_at, None)
    assert back.table is not None and back.table.due == room.table.due  # type: ignore[union-attr]
    assert back.summary()["pace"] == "fast"
    old = {k: v for k, v in _room(None).to_dict().items() if k not in ("pace", "bot_at")}
    loaded = Room.from_dict(old)
    assert (loaded.pace, loaded.bot_at) == ("instant", None)


def test_a_stored_pace_this_version_does_not_know_is_unreadable() -> None:
    stored = {**_room(None).to_dict(), "pace": "glacial"}
    with pytest.raises(Exception, match="can't read"):
        Room.from_dict(stored)


def test_create_names_a_pace_or_takes_the_servers(test_client: TestClient) -> None:
    with test_client.websocket_connect("/ws?protocol=2") as ws:
        assert ws.receive_json()["type"] == "hello"
        ws.send_json({"type": "create", "name": "Ann", "pace": "fast"})
        assert ws.receive_json()["type"] == "welcome"
        assert ws.receive_json()["room"]["pace"] == "fast"
        ws.send_json({"type": "create", "name": "Ann"})
        assert ws.receive_json()["type"] == "welcome"
        assert ws.receive_json()["room"]["pace"] == "instant"  # the tests' server default
        ws.send_json({"type": "create", "name": "Ann", "pace": "slow"})
        refused = ws.receive_json()
        assert (refused["type"], refused["code"], refused["params"]["field"]) == (
            "error", "bad_field", "pace")  # fmt: skip
