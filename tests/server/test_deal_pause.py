"""The end of a deal is a moment: the table rests on the deal's summary (every seat's cards
left, the points with their reasons, the totals and the settlement with its rule) until every
person present says ``ready`` or the room's pause runs out; the rest survives a restart; after
the session a rematch is asked for by anyone seated and confirmed or refused by the host, and
the new session's score rows start afresh. On the room itself (the time given), and through
the protocol and a real server killed with -9."""

from __future__ import annotations

import json
from typing import Any

import pytest
from follower import WS
from server_process import ServerProcess
from starlette.testclient import TestClient

from bigtwo.cards import cards_of
from bigtwo.client import Client
from bigtwo.engine.codec import cards_text
from bigtwo.server.protocol import Act, Create, Host
from bigtwo.server.room import Room, RoomError

PAUSE = 30.0


def _room(people: int, pause: float = PAUSE, deals: int = 3) -> Room:
    """A started room of ``people`` people (seats 0..) and easy bots, resting ``pause``."""
    create = Create(type="create", name="P0", seats=["easy"] * 3, deals=deals, pause_seconds=pause)
    room = Room.create("PAUSEROOM", create)
    for seat in range(1, people):
        room.kinds[seat], room.names[seat] = "person", f"P{seat}"
    room.host_action(0, Host(type="host", what="start"), now=0.0)
    return room


def _play_deal(room: Room, now: float = 1.0) -> list[str]:
    """The people take their first offer until the deal in play ends; the events' kinds."""
    kinds: list[str] = []
    n = 0
    while room.table is not None and room.table.game is not None and room.status == "playing":
        seat = room.table.awaiting[0]
        n += 1
        action = room.state_for(seat)["offers"][0]
        events, _ = room.act(seat, Act(type="act", id=str(n), action=action), now)
        kinds += [e.kind for e in events]
    return kinds


def test_the_table_rests_on_the_summary_until_everyone_present_is_ready() -> None:
    room = _room(3)
    kinds = _play_deal(room)
    assert kinds[-1] == "deal_over"  # and no deal after it: the table rests
    assert room.next_at == 1.0 + PAUSE and room.wakes == room.next_at
    table = room.table
    assert table is not None and table.between_deals and table.last is not None
    summary = room.state_for(None)["summary"]  # the same for a spectator: nothing is secret
    assert summary == room.state_for(2)["summary"]
    assert summary["left"] == [cards_text(cards_of(h)) for h in table.last.hands]
    assert summary["scores"] == list(table.last.scores or ())
    assert summary["totals"] == list(table.session.totals) and summary["ready"] == []
    room.say_ready(0, now=2.0)
    room.set_away(2, True, now=3.0)  # gone: not waited for
    assert table.between_deals and room.state_for(0)["summary"]["ready"] == [0]
    events = room.say_ready(1, now=4.0)  # the last one present
    assert [e.kind for e in events][:1] == ["deal"]
    assert room.next_at is None and room.state_for(0)["summary"] is None
    with pytest.raises(RoomError) as refused:
        room.say_ready(0, now=5.0)
    assert refused.value.code == "not_paused"


def test_the_pause_running_out_starts_the_next_deal() -> None:
    room = _room(2)
    _play_deal(room)
    room.say_ready(0, now=2.0)  # one of two
    assert room.expire(PAUSE) == [] and room.next_at == 1.0 + PAUSE  # not yet
    events = room.expire(1.0 + PAUSE)
    assert [e.kind for e in events][:1] == ["deal"] and room.next_at is None


def test_a_room_without_a_pause_deals_on_at_once() -> None:
    room = _room(1, pause=0)
    assert "deal" in _play_deal(room)[1:]  # the next deal came with the end of the last
    assert room.next_at is None


def test_the_rest_is_stored_with_the_room() -> None:
    room = _room(2)
    _play_deal(room)
    room.say_ready(1, now=2.0)
    again = Room.loads(json.dumps(room.to_dict()))
    assert (again.next_at, again.ready) == (1.0 + PAUSE, {1})
    assert again.state_for(0)["summary"] == room.state_for(0)["summary"]
    assert [e.kind for e in again.say_ready(0, now=3.0)][:1] == ["deal"]


def test_the_reasons_are_the_scoring_s_own_and_add_up() -> None:
    """Classic scoring: a loser pays its cards left times the rate its count says; the
    settlement's deals add up to each payment, which the rule explains."""
    room = _room(1, pause=0, deals=3)
    while room.status == "playing":
        _play_deal(room)
    summary = room.state_for(0)["summary"]
    assert summary is not None and summary["next_at"] is None
    for seat, said in enumerate(summary["reasons"]):
        codes = {r["code"]: r["params"] for r in said}
        if seat == summary["winner"]:
            assert "won" in codes or "instant" in codes
            continue
        count = len(summary["left"][seat].split())
        assert codes["cards"]["count"] == count
        factor = codes.get("rate.many", codes.get("rate.never_played", {"factor": 1}))["factor"]
        assert summary["scores"][seat] == -count * factor
    assert summary["settlement"], "three deals of classic leave someone owing"
    for payment in summary["settlement"]:
        assert payment["amount"] == sum(points for _, points in payment["deals"])
    keys = [term["key"] for term in summary["rule"]]
    assert keys[0].startswith("term.settle.totals") and "term.settle.pagat" in keys


def test_a_rematch_is_asked_for_and_the_host_confirms_or_refuses() -> None:
    room = _room(2, pause=0, deals=1)
    with pytest.raises(RoomError) as early:
        room.ask_rematch(1, True)
    assert early.value.code == "not_over"
    _play_deal(room)
    assert room.status == "over" and len(room.summary()["scores"]) == 1
    room.ask_rematch(1, True)
    assert room.state_for(1)["summary"]["rematch"] == [1]
    with pytest.raises(RoomError) as guest:
        room.host_action(1, Host(type="host", what="rematch"), now=2.0)
    assert guest.value.code == "not_host"
    events, _ = room.host_action(0, Host(type="host", what="no_rematch"), now=3.0)
    assert [e.kind for e in events] == ["no_rematch"] and room.rematch == set()
    assert room.status == "over"
    room.ask_rematch(1, True)
    events, _ = room.host_action(0, Host(type="host", what="rematch"), now=4.0)
    assert events[0].kind == "deal" and room.status == "playing"
    fresh = room.summary()
    assert fresh["scores"] == [] and fresh["totals"] == [0, 0, 0, 0]  # only the new session
    assert room.rematch == set() and room.state_for(0)["summary"] is None


def _receive(ws: Any, kind: str) -> dict[str, Any]:
    while True:
        message: dict[str, Any] = ws.receive_json()
        if message["type"] in (kind, "error"):
            return message


def test_ready_and_rematch_over_the_protocol(test_client: TestClient) -> None:
    with test_client.websocket_connect(WS) as ws:
        assert ws.receive_json()["type"] == "hello"
        create = {"type": "create", "name": "Ann", "seats": ["easy"] * 3, "deals": 1}
        ws.send_json({**create, "pause_seconds": PAUSE})
        assert _receive(ws, "state")["summary"] is None
        ws.send_json({"type": "ready", "id": "r1"})
        refused = _receive(ws, "update")
        assert (refused["type"], refused["code"], refused["id"]) == ("error", "not_paused", "r1")
        ws.send_json({"type": "rematch"})
        assert _receive(ws, "update")["code"] == "not_over"
        ws.send_json({**create, "pause_seconds": 301})
        bad = _receive(ws, "welcome")
        assert bad["code"] == "bad_field" and bad["params"]["field"] == "pause_seconds"


def test_kill_9_keeps_the_rest_between_deals(serve: ServerProcess) -> None:
    serve.grace = 30.0
    serve.start()
    host = Client.connect(serve.ws)
    code = host.create("host", seats=["easy"] * 3, deals=2, pause_seconds=120)
    host.host("start")
    while not (host.state and host.state.get("summary")):
        if host.my_turn:
            host.act(host.state["offers"][0])  # type: ignore[index]
        else:
            host.receive()
    before = host.state
    assert before is not None and before["summary"]["next_at"] is not None
    serve.kill()
    host.close()
    serve.start()
    back = Client.connect(serve.ws)
    back.resume(code, str(host.token))
    after = back.state
    assert after is not None and after["summary"] == before["summary"]
    assert after["view"]["end"] is not None  # still the ended deal: no new one dealt
    back.send({"type": "ready"})
    while back.state["summary"] is not None:  # type: ignore[index]
        back.receive()
    assert back.state["view"]["end"] is None  # type: ignore[index]  # the next deal
    back.close()
