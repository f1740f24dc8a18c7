"""A learned bot's seat in a room: refused in words under rules no shipped network reads (at
creation and when a seat is changed), and played like any bot where one does. Untrained
networks stand in for the package's shipped files."""

from __future__ import annotations

from pathlib import Path

import pytest

import bigtwo.bots.learned.bot as learned
from bigtwo.server.protocol import Act, Create, Host
from bigtwo.server.room import Room, RoomError
from bigtwo.server.room_type import SEAT_KINDS


def _create(**changes: object) -> Create:
    made: dict[str, object] = {"type": "create", "name": "Ann", "seats": ["learned"] * 3}
    return Create(**{**made, "deals": 1, **changes})


def test_a_learned_seat_needs_a_shipped_network(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert "learned" in SEAT_KINDS
    monkeypatch.setattr(learned, "WEIGHTS", tmp_path / "none")
    with pytest.raises(RoomError) as caught:
        Room.create("LRNROOM2", _create())
    assert caught.value.code == "bad_seat"
    assert "no learned network fits these rules (classic: 659 numbers a move)" in str(caught.value)
    room = Room.create("LRNROOM3", _create(seats=["easy"] * 3))
    with pytest.raises(RoomError, match="the package ships none"):
        room.host_action(0, Host(type="host", what="seat", seat=1, kind="learned"), now=1.0)
    assert room.kinds[1] == "easy"


def test_a_learned_seat_plays_where_a_network_fits(
    untrained_weights: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(learned, "WEIGHTS", untrained_weights)
    room = Room.create("LRNROOM4", _create(preset="tournament", seats=["learned"] * 3))
    assert room.kinds == ["person", "learned", "learned", "learned"]
    room.host_action(0, Host(type="host", what="start"), now=100.0)
    assert room.status == "playing" and room.table is not None
    assert {s: b.name for s, b in room.table.bots.items()} == dict.fromkeys((1, 2, 3), "learned")
    for step in range(200):  # the person plays its first offer; the bots answer in the change
        if room.status != "playing":
            break
        offers = room.state_for(0)["offers"]
        room.act(0, Act(type="act", id=str(step), action=offers[0]), 101.0 + step)
    assert room.status != "playing"  # the deal was played out
