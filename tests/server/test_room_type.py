"""The protocol's type of the room as anyone may see it (`bigtwo.server.room_type.RoomData`,
a ``state``'s ``room`` in the published schema and the page's declarations, and each room of
the lobby) is what `room_views.summary` writes: rooms waiting (a seat changed, taken), in
play, resting between deals, with a person away, over and closed, with seats of every kind,
read as the JSON sent against the type with no key left over."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from pydantic import TypeAdapter, ValidationError

import bigtwo.bots.learned.bot as learned
from bigtwo.server.protocol import Act, Create, Host, schema
from bigtwo.server.room import Room
from bigtwo.server.room_type import SEAT_KINDS, STATUSES, RoomData

ROOM: TypeAdapter[RoomData] = TypeAdapter(RoomData)
OPTIONAL = ("deals", "target", "totals", "dealer")  # the keys whose value may be null


def _check(data: Any) -> None:
    ROOM.validate_json(json.dumps(data), strict=True)


def _host(room: Room, what: str, **fields: Any) -> None:
    room.host_action(0, Host(type="host", what=what, **fields), now=1.0)  # type: ignore[arg-type]


def _play_deal(room: Room) -> None:
    """The people take their first offer until the deal in play ends (bots answer within)."""
    n = 0
    while room.table is not None and room.table.game is not None and room.status == "playing":
        seat = room.table.awaiting[0]
        n += 1
        action = room.state_for(seat)["offers"][0]
        room.act(seat, Act(type="act", id=str(n), action=action), now=2.0)


def _summaries() -> Iterator[dict[str, Any]]:
    """``summary()`` of a room whose seats change before the start, and of one played through
    its session to the end, and then closed."""
    create = Create(
        type="create", name="Ann", seats=["random", "expert", "learned"], target=50,
        turn_seconds=12.5, pace="fast", public=False,
    )  # fmt: skip
    room = Room.create("TYPEROOM1", create)
    yield dict(room.summary())
    _host(room, "seat", seat=1, kind="hard")
    yield dict(room.summary())
    _host(room, "seat", seat=1, kind="open")
    yield dict(room.summary())
    room.join("Bo", 1)
    yield dict(room.summary())

    create = Create(type="create", name="Cy", seats=["open", "easy", "medium"], deals=2)
    room = Room.create("TYPEROOM2", create, pause=30.0)
    room.join("Di", 1)
    _host(room, "start")
    yield dict(room.summary())
    room.set_away(1, True, now=1.5)  # a bot plays Di's seat meanwhile
    yield dict(room.summary())
    _play_deal(room)
    assert room.table is not None and room.table.between_deals  # resting on the summary
    yield dict(room.summary())
    room.say_ready(0, now=3.0)  # the only person present: the next deal starts
    yield dict(room.summary())
    _play_deal(room)
    assert room.status == "over"
    yield dict(room.summary())
    _host(room, "close")
    yield dict(room.summary())


def test_every_summary_of_a_room_is_the_protocols_type(
    untrained_weights: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each summary passes; and every status, every seat kind, a seat away and not, and the
    keys the type lets be null were seen, so the type is no looser than the rooms need."""
    monkeypatch.setattr(learned, "WEIGHTS", untrained_weights)  # a learned seat may be made
    seen: dict[str, set[Any]] = {}
    for data in _summaries():
        _check(data)
        seen.setdefault("status", set()).add(data["status"])
        for seat in data["seats"]:
            seen.setdefault("kind", set()).add(seat["kind"])
            seen.setdefault("away", set()).add(seat["away"])
        for key in OPTIONAL:  # null and not (a dealer in seat 0 is not null)
            seen.setdefault(key, set()).add(data[key] is not None)
        seen.setdefault("scores", set()).add(bool(data["scores"]))  # empty and not
    assert seen.pop("status") == set(STATUSES)
    assert seen.pop("kind") == {"person", *SEAT_KINDS}
    assert {key: ways for key, ways in seen.items() if ways != {True, False}} == {}


def test_a_key_the_type_does_not_declare_is_refused() -> None:
    """What makes the test above fail when ``summary`` grows a key, or changes a word."""
    data = dict(Room.create("TYPEROOM3", Create(type="create", name="Ed")).summary())
    _check(data)
    seat = data["seats"][0]
    for wrong in (
        {**data, "new": 1},
        {**data, "seats": [{**seat, "new": 1}]},
        {**data, "seats": [{**seat, "kind": "person "}]},
        {**data, "status": "paused"},
        {**data, "pace": "slow"},
        {k: v for k, v in data.items() if k != "dealer"},
    ):
        with pytest.raises(ValidationError):
            _check(wrong)


def test_the_published_schema_describes_the_room() -> None:
    """The state's ``room`` in the schema is the room's type, it and its seats closed to
    other keys, the status and the seat kinds as their words."""
    defs = schema()["server"]["$defs"]
    assert defs["State"]["properties"]["room"] == {"$ref": "#/$defs/RoomData"}
    shape, seat = defs["RoomData"], defs["SeatData"]
    assert shape["additionalProperties"] is False and seat["additionalProperties"] is False
    room = Room.create("TYPEROOM4", Create(type="create", name="Fay"))
    assert set(shape["required"]) == set(room.summary())
    assert shape["properties"]["status"]["enum"] == list(STATUSES)
    assert seat["properties"]["kind"]["enum"] == ["person", *SEAT_KINDS]
