"""Bad and hostile input through the Starlette test client: each gets an error with a code,
the connection and the room stay sound, and nothing is lost; a fuzz run of thousands of
random and mutated messages leaves a server that still plays deals."""

from __future__ import annotations

import json
import random
import time
from typing import Any

import pytest
from follower import WS, Follower
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from bigtwo.server import app as server_app
from bigtwo.server.protocol import MAX_FRAME

Socket = Any  # the test client's WebSocket session


def _open(client: TestClient) -> Any:
    ws = client.websocket_connect(WS)
    socket = Follower(ws.__enter__())
    assert socket.receive_json()["type"] == "hello"
    return socket


def _close(socket: Socket) -> None:
    """Leave the test client's session (its portal closes too)."""
    socket.__exit__(None, None, None)


def _until(ws: Socket, *kinds: str) -> dict[str, Any]:
    while True:
        message: dict[str, Any] = ws.receive_json()
        if message["type"] in kinds:
            return message


def _sound(ws: Socket) -> list[dict[str, Any]]:
    """The connection still answers: everything before the pong."""
    ws.send_json({"type": "ping"})
    got = []
    while (message := ws.receive_json())["type"] != "pong":
        got.append(message)
    return got


def _refused(ws: Socket, frame: str) -> dict[str, Any]:
    ws.send_text(frame)
    message: dict[str, Any] = ws.receive_json()
    assert message["type"] == "error", message
    assert message["code"] and message["message"]
    return message


def _room(ws: Socket, **create: Any) -> dict[str, Any]:
    ws.send_json({"type": "create", "name": "host", "seats": ["random"] * 3, **create})
    welcome = _until(ws, "welcome")
    _until(ws, "state")
    return welcome


def _play_to_end(ws: Socket, state: dict[str, Any] | None = None) -> dict[str, Any]:
    """Play the seat (its first offer each turn) until the session is over; the last state."""
    ws.send_json({"type": "ping"})
    n = 0
    while True:
        message = ws.receive_json()
        if message["type"] in ("state", "update"):
            state = message if message["type"] == "state" else message["state"]
        if message["type"] == "error" and message["code"] == "rate_limited":
            time.sleep(0.1)  # faster than a person: the refused frame may have been the ping
            ws.send_json({"type": "ping"})
            continue
        if message["type"] != "pong":
            continue
        assert state is not None
        if state["room"]["status"] == "over":
            return state
        if state["seat"] in state["awaiting"] and state["offers"]:
            n += 1
            act = {"type": "act", "id": f"p{n}", "action": state["offers"][0], "seq": state["seq"]}
            ws.send_json(act)
        assert n < 500, "the session did not end"
        ws.send_json({"type": "ping"})


def test_bad_frames_each_get_a_coded_error_and_the_room_plays_on(test_client: TestClient) -> None:
    ws = _open(test_client)
    welcome = _room(ws, deals=1)
    code, token = welcome["room"], welcome["token"]
    ws.send_json({"type": "host", "what": "start"})
    _until(ws, "update")
    assert _refused(ws, "{not json")["code"] == "bad_json"
    assert _refused(ws, "[1, 2]")["code"] == "bad_json"
    assert _refused(ws, '{"type": "steal"}')["code"] == "unknown_type"
    assert _refused(ws, '{"type": "act", "id": 5, "action": "pass"}')["code"] == "bad_field"
    assert _refused(ws, '{"type": "act", "id": "1", "action": ["3D"]}')["code"] == "bad_field"
    another = '{"type": "act", "id": "1", "action": "pass", "seat": 2}'  # speak for seat 2
    assert _refused(ws, another)["code"] == "bad_field"
    big = json.dumps({"type": "chat", "text": "x" * MAX_FRAME})
    assert _refused(ws, big)["code"] == "too_large"
    assert _refused(ws, "[" * 3000 + "]" * 3000)["code"] in ("bad_json", "too_large")
    deep = "[" * 1000 + "]" * 1000
    assert _refused(ws, deep)["code"] == "bad_json"
    host_only = json.dumps({"type": "host", "what": "start"})
    assert _refused(ws, host_only)["code"] == "started"
    assert _sound(ws) == []

    other = _open(test_client)
    bad = {"type": "resume", "room": code, "token": "not-the-token"}
    assert _refused(other, json.dumps(bad))["code"] == "bad_token"
    act = json.dumps({"type": "act", "id": "x", "action": "pass"})
    assert _refused(other, act)["code"] == "not_seated"
    assert _refused(other, json.dumps({"type": "watch", "room": "NOSUCHROOM"}))["code"] == "no_room"
    other.send_json({"type": "watch", "room": code})
    _until(other, "state")
    assert _until(other, "watchers")["count"] == 1  # after the state: itself
    assert _refused(other, act)["code"] == "not_seated"  # a spectator can't act for anyone
    _close(other)

    back = _open(test_client)  # the seat is still the token's, and the deal plays to its end
    back.send_json({"type": "resume", "room": code, "token": token})
    final = _play_to_end(back, _until(back, "state"))
    assert final["room"]["deals_played"] == 1
    assert test_client.get(f"/api/rooms/{code}/records/0").status_code == 200
    for bad_url in (f"/api/rooms/{code}/records/x", f"/api/rooms/{code}/records/0?seat=9"):
        got = test_client.get(bad_url)
        assert got.status_code in (400, 404) and got.json()["code"], bad_url
    _close(back)
    _close(ws)


def test_a_flood_is_rate_limited_and_the_connection_recovers(test_client: TestClient) -> None:
    rate = test_client.app.state.hub.settings.rate  # type: ignore[attr-defined]
    burst = int(2 * rate)  # what a connection may send at once
    ws = _open(test_client)
    for _ in range(burst + 20):
        ws.send_json({"type": "ping"})
    answers = [ws.receive_json() for _ in range(burst + 20)]
    limited = [a for a in answers if a["type"] == "error"]
    assert limited and all(a["code"] == "rate_limited" for a in limited)
    assert sum(a["type"] == "pong" for a in answers) <= burst + 2
    time.sleep(2 / rate)  # the bucket refills with time: nothing else to wait on
    assert _sound(ws) == []
    _close(ws)


def test_too_many_connections_from_one_address(test_client: TestClient) -> None:
    sockets = [_open(test_client) for _ in range(server_app.PER_ADDRESS)]
    with pytest.raises(WebSocketDisconnect) as closed, test_client.websocket_connect(WS) as x:
        x.receive_json()
    assert closed.value.code == 1008
    _close(sockets.pop())
    again = _open(test_client)  # a freed place is taken again
    assert _sound(again) == []
    for socket in [*sockets, again]:
        _close(socket)


def test_a_silent_connection_is_dropped_and_each_frame_keeps_one_open(
    test_client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(server_app, "IDLE", 0.6)
    talking, silent = _open(test_client), _open(test_client)
    for _ in range(4):  # 1.2 s in all, each frame within the time: the deadline moves on
        time.sleep(0.3)
        talking.send_json({"type": "ping"})
        assert talking.receive_json()["type"] == "pong"
    with pytest.raises(WebSocketDisconnect):
        silent.receive_json()  # closed by the server, its time long past
    _close(silent)
    _close(talking)


def _mutate(rng: random.Random, message: dict[str, Any]) -> str:
    kind = rng.randrange(8)
    text = json.dumps(message)
    if kind == 0:  # drop a field
        m = dict(message)
        m.pop(rng.choice(list(m)), None)
        return json.dumps(m)
    if kind == 1:  # a field of the wrong type
        m = dict(message)
        key = rng.choice(list(m))
        m[key] = rng.choice([None, 1, -1, 2**70, 1.5, [], {}, "x", True, "\u0000", "3D" * 50])
        return json.dumps(m)
    if kind == 2:  # an extra field
        return json.dumps({**message, rng.choice(["seat", "token", "seq", "z"]): rng.randrange(9)})
    if kind == 3:  # cut short
        return text[: rng.randrange(len(text))]
    if kind == 4:  # bytes flipped
        chars = list(text)
        for _ in range(rng.randint(1, 4)):
            chars[rng.randrange(len(chars))] = chr(rng.randrange(1, 0x3000))
        return "".join(chars)
    if kind == 5:  # random junk
        return "".join(chr(rng.randrange(1, 0x250)) for _ in range(rng.randrange(1, 80)))
    if kind == 6:  # an unknown type
        return json.dumps({**message, "type": rng.choice(["Act", "", "admin", "act "])})
    return text  # as it was: valid, perhaps out of turn or stale


def test_fuzz_thousands_of_random_and_mutated_messages(
    test_client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    settings = test_client.app.state.hub.settings  # type: ignore[attr-defined]
    monkeypatch.setattr(settings, "rate", 1e6)  # the fuzz is not a flood
    rng = random.Random(2024)
    ws = _open(test_client)
    welcome = _room(ws, deals=3)
    code, token = welcome["room"], welcome["token"]
    ws.send_json({"type": "host", "what": "start"})
    state = _until(ws, "update")["state"]
    sent = 0
    for n in range(3000):
        offers = state.get("offers") or ["pass"]
        base = rng.choice(
            [
                {"type": "act", "id": str(rng.randrange(50)), "action": rng.choice(offers)},
                {"type": "act", "id": str(n), "action": rng.choice(offers), "seq": state["seq"]},
                {"type": "act", "id": str(n), "action": "3D 3D", "seq": rng.randrange(99)},
                {"type": "chat", "text": "hello"},
                {"type": "why", "action": rng.choice([*offers, "3D 3D", "give 3D"])},
                {"type": "ping"},
                {"type": "host", "what": "mute", "seat": rng.randrange(8)},
                {"type": "host", "what": "invite", "seat": 1},
                {"type": "resume", "room": code, "token": token, "last": rng.randrange(99)},
                {"type": "watch", "room": code, "last": rng.randrange(99)},
            ]
        )
        ws.send_text(_mutate(rng, base))
        sent += 1
        for message in _sound(ws):
            if message["type"] in ("state", "update"):
                state = message if message["type"] == "state" else message["state"]
            assert message["type"] != "error" or message["code"], message
    assert sent == 3000
    _close(ws)
    back = _open(test_client)  # the fuzzed room plays on to its end
    back.send_json({"type": "resume", "room": code, "token": token})
    assert _play_to_end(back, _until(back, "state"))["room"]["status"] == "over"
    fresh = _open(test_client)  # and a new room plays a whole deal
    _room(fresh, deals=1)
    fresh.send_json({"type": "host", "what": "start"})
    assert _play_to_end(fresh)["room"]["deals_played"] == 1
    _close(back)
    _close(fresh)
