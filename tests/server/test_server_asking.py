"""Two questions a client asks that change nothing: ``unwatch`` (the room's messages stop on
this connection) and ``why`` (would this action be refused now, and why)."""

from __future__ import annotations

from typing import Any

from starlette.testclient import TestClient

from .test_server_hostile import _close, _open, _refused, _room, _sound, _until


def test_unwatch_stops_the_rooms_messages_and_keeps_a_seat(test_client: TestClient) -> None:
    host = _open(test_client)
    welcome = _room(host)
    code, token = welcome["room"], welcome["token"]
    watcher = _open(test_client)
    assert _refused(watcher, '{"type": "unwatch"}')["code"] == "not_watching"  # in no room
    watcher.send_json({"type": "watch", "room": code})
    _until(watcher, "state")
    assert _until(watcher, "watchers")["count"] == 1  # itself, after the state
    watcher.send_json({"type": "unwatch"})
    assert watcher.receive_json() == {"type": "unwatched", "room": code}
    host.send_json({"type": "host", "what": "start"})
    started = _until(host, "update")
    assert started["state"]["room"]["status"] == "playing"
    assert _sound(watcher) == []  # the start reached the host, not the one who stopped watching
    assert _refused(watcher, '{"type": "unwatch"}')["code"] == "not_watching"

    host.send_json({"type": "unwatch"})  # a player stops following: the seat stays theirs
    assert _until(host, "unwatched")["room"] == code
    act = '{"type": "act", "id": "a", "action": "pass"}'
    assert _refused(host, act)["code"] == "not_seated"
    host.send_json({"type": "resume", "room": code, "token": token})
    assert _until(host, "welcome")["seat"] == 0
    _close(watcher)
    _close(host)


def _my_turn(ws: Any) -> dict[str, Any]:
    while True:
        message = _until(ws, "state", "update")
        state = message if message["type"] == "state" else message["state"]
        if 0 in state["awaiting"] and state["offers"]:
            return state


def test_why_says_whether_an_action_would_be_refused(test_client: TestClient) -> None:
    host = _open(test_client)
    code = _room(host)["room"]
    assert _refused(host, '{"type": "why", "action": "pass"}')["code"] == "not_playing"
    host.send_json({"type": "host", "what": "start"})
    state = _my_turn(host)
    offered = state["offers"][0]
    host.send_json({"type": "why", "action": offered})
    none = {"code": None, "message": None, "params": None}  # no refusal
    assert host.receive_json() == {"type": "why", "action": offered, "ok": True, **none}
    hand = state["view"]["hand"].split()
    odd = f"{hand[0]} {hand[-1]}"  # the lowest and the highest card: no combination
    host.send_json({"type": "why", "action": odd})
    answer = host.receive_json()
    assert answer["type"] == "why" and answer["action"] == odd and answer["ok"] is False
    assert answer["code"] == "no_combination" and answer["params"]["cards"]
    assert "not a" in answer["message"]
    assert _sound(host) == []  # asking changed nothing: no update followed
    host.send_json({"type": "act", "id": "o", "action": offered, "seq": state["seq"]})
    assert _until(host, "ack")["seq"] == state["seq"] + 1  # the state asked about was current

    watcher = _open(test_client)
    watcher.send_json({"type": "watch", "room": code})
    _until(watcher, "state")
    assert _until(watcher, "watchers")["count"] == 1
    assert _refused(watcher, '{"type": "why", "action": "pass"}')["code"] == "not_seated"
    _close(watcher)
    _close(host)
