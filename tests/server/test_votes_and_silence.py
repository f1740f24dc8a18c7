"""A room's votes to end and its silent seats, on the room itself (no sockets, the time
given): a vote counts only the people present, counted again whenever one leaves, is
removed or goes away; a person whose time runs out `SILENT_TURNS` turns running is played by
a bot until they come back, so a room nobody answers in stops storing changes. The turn's
bounds are checked where a room is opened."""

from __future__ import annotations

import math
from typing import Any

import pytest
from follower import WS
from starlette.testclient import TestClient

from bigtwo.server.protocol import MAX_TURN, MIN_TURN, Act, Create, Host
from bigtwo.server.room import SILENT_TURNS, Room


def _people(n: int, turn_seconds: float = 0) -> Room:
    """A started room of ``n`` people (seats 0..n-1) and bots in the other seats."""
    seats = ["person"] * (n - 1) + ["easy"] * (4 - n)
    room = Room.create(
        "VOTEROOM", Create(type="create", name="P0", seats=[], turn_seconds=turn_seconds)
    )
    for seat, kind in enumerate(seats, 1):
        room.kinds[seat], room.names[seat] = kind, f"P{seat}" if kind == "person" else "bot"
    room.host_action(0, Host(type="host", what="start"), now=0.0)
    assert room.status == "playing"
    return room


def test_votes_of_people_who_went_no_longer_count() -> None:
    room = _people(4)
    for seat in (0, 1):
        assert room.vote_end(seat, True) == []  # 2 of 4: not more than half
    room.leave(1, now=1.0)  # Bob's yes goes with him: 1 of 3
    assert room.votes == {0} and room.status == "playing"
    events = room.vote_end(2, True)  # 2 of the 3 present: more than half
    assert [e.kind for e in events] == ["session_ended"] and room.status == "over"


def test_a_departure_can_carry_the_vote() -> None:
    """Two of four voted yes; when a person who did not vote goes away, two of three is a
    majority of those present, and the session ends then, not at the next vote."""
    room = _people(4)
    room.vote_end(0, True)
    room.vote_end(1, True)
    assert room.status == "playing"
    events = room.set_away(3, True, now=1.0)
    assert [e.kind for e in events] == ["session_ended"]
    assert room.status == "over" and room.votes == {0, 1}


def test_a_removal_is_counted_too() -> None:
    room = _people(4)
    room.vote_end(0, True)
    room.vote_end(1, True)  # 2 of 4
    events, _ = room.host_action(0, Host(type="host", what="remove", seat=3), now=1.0)
    assert [e.kind for e in events] == ["session_ended"]  # 2 of 3
    assert room.status == "over" and room.kinds[3] == "hard"


def test_a_vote_of_someone_away_is_not_counted() -> None:
    room = _people(2)
    room.vote_end(1, True)
    room.set_away(1, True, now=1.0)  # gone past the grace: neither counted nor voting
    assert room.votes == set() and room.status == "playing"


def _expire_turns(room: Room, turns: int) -> list[int]:
    """Let the awaited person's time run out ``turns`` times; who timed out each time."""
    timed_out = []
    for _ in range(turns):
        assert room.deadline is not None and room.table is not None
        seat = room.table.awaiting[0]
        kinds = [e.kind for e in room.expire(room.deadline)]
        assert "timeout" in kinds
        timed_out.append(seat)
    return timed_out


def test_a_silent_person_is_played_by_a_bot_after_some_turns_until_they_come_back() -> None:
    room = _people(1, turn_seconds=30)  # one person and three bots
    assert _expire_turns(room, SILENT_TURNS - 1) == [0] * (SILENT_TURNS - 1)
    assert 0 not in room.away
    _expire_turns(room, 1)
    assert 0 in room.away and room.silenced(0)
    table = room.table
    assert table is not None and table.between_deals  # the bots finished the deal
    stored = room.seq
    assert room.expire(10**9) == [] and room.seq == stored  # nothing more to time or store
    again = Room.from_dict(room.to_dict())  # a restart keeps the count
    assert again.silenced(0)
    room.set_away(0, False, now=10.0)  # back (resume): play on with a fresh count
    assert 0 not in room.away and not room.silenced(0) and not table.between_deals


def test_an_action_in_time_starts_the_count_again() -> None:
    room = _people(1, turn_seconds=30)
    _expire_turns(room, SILENT_TURNS - 1)
    offers = room.state_for(0)["offers"]
    room.act(0, Act(type="act", id="1", action=offers[0]), now=5.0)
    assert 0 not in room.silent
    _expire_turns(room, SILENT_TURNS - 1)  # as many again: not yet turns running
    assert 0 not in room.away


def _create(client: TestClient, turn_seconds: Any) -> dict[str, Any]:
    with client.websocket_connect(WS) as ws:
        assert ws.receive_json()["type"] == "hello"
        ws.send_json({"type": "create", "name": "Ann", "turn_seconds": turn_seconds})
        answer: dict[str, Any] = ws.receive_json()
        return answer


@pytest.mark.parametrize("seconds", [0, MIN_TURN, 30, MAX_TURN])
def test_a_turn_within_its_bounds_is_taken(test_client: TestClient, seconds: float) -> None:
    assert _create(test_client, seconds)["type"] == "welcome"


@pytest.mark.parametrize(
    "seconds", [0.5, MIN_TURN - 0.1, MAX_TURN + 1, 3600, -5, math.inf, -math.inf, math.nan]
)
def test_a_turn_out_of_bounds_is_refused_with_its_bounds(
    test_client: TestClient, seconds: float
) -> None:
    """Each says the bounds (as the docs promise, for a client to word them), above the
    schema's maximum, below 0 and not a number (JSON's NaN and Infinity, which Python reads)
    as much as between 0 and the server's shortest turn."""
    answer = _create(test_client, seconds)
    assert answer["type"] == "error" and answer["code"] == "bad_field"
    assert answer["params"] == {"field": "turn_seconds", "min": MIN_TURN, "max": MAX_TURN}
