"""A room whose people have all gone: the stand-in bots finish the deal and the room waits
between deals until someone comes back, instead of dealing on for ever."""

from __future__ import annotations

import threading

from bigtwo.server.protocol import Create, Host
from bigtwo.server.room import Room


def test_a_room_with_everyone_away_stops_between_deals() -> None:
    room = Room.create("AWAYROOM", Create(type="create", name="Ann", seats=["easy"] * 3))
    room.host_action(0, Host(type="host", what="start"), now=0.0)
    done = threading.Event()

    def leave() -> None:
        room.set_away(0, True, now=1.0)  # no end to the session: this once never returned
        done.set()

    threading.Thread(target=leave, daemon=True).start()
    assert done.wait(30), "the bots dealt on with nobody here"
    table = room.table
    assert table is not None and table.between_deals and room.status == "playing"
    assert len(room.finished) == 1  # the deal in play was finished by the bots, and no other
    room.set_away(0, False, now=2.0)  # back: the next deal starts and comes to Ann's seat
    assert not table.between_deals and len(room.finished) == 1
    assert room.state_for(0)["view"]["hand"]
