"""The online protocol as docs/protocol.md states it, through the server's own app: the
handshake, every frame's refusal with its documented code, field and `id`, the limits table,
the HTTP endpoints' codes, and a whole deal in which a player's and a spectator's messages
name no card they may not see until the deal is over."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from bigtwo.view_patch import apply

WS = "/ws?protocol=2"
CARD = re.compile(r"(?<![A-Za-z0-9*])([2-9TJQKA][CDHS])(?![A-Za-z0-9])")
SECRET_KEYS = {"token", "commitment"}


def _next(ws: Any, kind: str) -> dict[str, Any]:
    for _ in range(200):
        message = ws.receive_json()
        if message["type"] == kind:
            return dict(message)
    raise AssertionError(f"no {kind}")


def _send(ws: Any, message: object) -> None:
    ws.send_text(message if isinstance(message, str) else json.dumps(message))


def test_a_client_naming_no_version_is_told_to_upgrade_and_closed_4426(
    test_client: TestClient,
) -> None:
    for address in ("/ws", "/ws?protocol=1"):
        with test_client.websocket_connect(address) as ws:
            assert ws.receive_json()["type"] == "upgrade"
            with pytest.raises(WebSocketDisconnect) as closed:
                ws.receive_json()
            assert closed.value.code == 4426


def test_hello_names_version_2_and_the_language_asked_for(test_client: TestClient) -> None:
    with test_client.websocket_connect(WS) as ws:
        assert ws.receive_json() == {"type": "hello", "version": 2, "lang": "en"}
    with test_client.websocket_connect(WS + "&lang=vi") as ws:
        assert ws.receive_json()["lang"] == "vi"


FRAMES: dict[str, tuple[object, str, dict[str, Any], str | None]] = {
    # name: (frame, code, params that must be among the error's, the id echoed)
    "not JSON": ("not json", "bad_json", {}, None),
    "a JSON list": ("[1, 2]", "bad_json", {}, None),
    "unknown type": ({"type": "nosuch", "id": "q"}, "unknown_type", {"type": "nosuch"}, "q"),
    "no type": ({"id": "q"}, "unknown_type", {"type": ""}, "q"),
    "id of 65": ({"type": "ping", "id": "a" * 65}, "bad_field", {"field": "id"}, None),
    "id a number": ({"type": "ping", "id": 5}, "bad_field", {"field": "id"}, None),
    "a field of no message": ({"type": "ping", "x": 1}, "bad_field", {"field": "x"}, None),
    "4,097 bytes": ("x" * 4097, "too_large", {}, None),
    "2,100 two-byte characters": (
        json.dumps({"type": "chat", "text": "é" * 2100}, ensure_ascii=False),
        "too_large",
        {},
        None,
    ),
    "act without a seat": ({"type": "act", "id": "a1", "action": "3D"}, "not_seated", {}, "a1"),
    "unwatch in no room": ({"type": "unwatch"}, "not_watching", {}, None),
    "watch no room": ({"type": "watch", "room": "NOSUCHROOM"}, "no_room", {}, None),
    "room code of 3": ({"type": "watch", "room": "abc"}, "bad_field", {"field": "room"}, None),
    "empty name": ({"type": "create", "name": " "}, "bad_name", {}, None),
    "name of 25": ({"type": "create", "name": "a" * 25}, "bad_name", {}, None),
    "bidi in a name": ({"type": "create", "name": "a\u202eb"}, "bad_name", {}, None),
    "zero-width in a name": ({"type": "create", "name": "a\u200bb"}, "bad_name", {}, None),
    "9 players": ({"type": "create", "name": "A", "players": 9}, "bad_field", {}, None),
    "players a bool": ({"type": "create", "name": "A", "players": True}, "bad_field", {}, None),
    "players huge": ({"type": "create", "name": "A", "players": 2**64}, "bad_field", {}, None),
    "deals 0": ({"type": "create", "name": "A", "deals": 0}, "bad_field", {}, None),
    "deals 1,001": ({"type": "create", "name": "A", "deals": 1001}, "bad_field", {}, None),
    "target 100,001": ({"type": "create", "name": "A", "target": 100_001}, "bad_field", {}, None),
    "turn of 4 s": (
        {"type": "create", "name": "A", "turn_seconds": 4},
        "bad_field",
        {"field": "turn_seconds", "min": 5, "max": 600},
        None,
    ),
    "pace slow": ({"type": "create", "name": "A", "pace": "slow"}, "bad_field", {}, None),
    "pause 301": ({"type": "create", "name": "A", "pause_seconds": 301}, "bad_field", {}, None),
    "9 seats": ({"type": "create", "name": "A", "seats": ["easy"] * 9}, "bad_field", {}, None),
    "unknown preset": ({"type": "create", "name": "A", "preset": "nosuch"}, "bad_rules", {}, None),
    "unknown option": (
        {"type": "create", "name": "A", "options": {"nosuch": "1"}},
        "bad_rules",
        {},
        None,
    ),
    "unknown seat kind": (
        {"type": "create", "name": "A", "seats": ["nosuch", "easy", "easy"]},
        "bad_seat",
        {},
        None,
    ),
}


@pytest.mark.parametrize(("frame", "code", "params", "echoed"), FRAMES.values(), ids=FRAMES)
def test_each_bad_frame_gets_its_documented_error_and_the_connection_stays_open(
    test_client: TestClient, frame: object, code: str, params: dict[str, Any], echoed: str | None
) -> None:
    with test_client.websocket_connect(WS) as ws:
        ws.receive_json()
        _send(ws, frame)
        error = ws.receive_json()
        assert error["type"] == "error" and error["code"] == code, error
        assert error["message"] and "\n" not in error["message"]
        assert params.items() <= error["params"].items(), error
        assert error["id"] == echoed
        _send(ws, {"type": "ping"})
        assert ws.receive_json() == {"type": "pong"}


def test_the_http_endpoints_refuse_with_their_documented_codes(test_client: TestClient) -> None:
    for path, status, code in [
        ("/api/rules/nosuch", 404, "no_preset"),
        ("/api/rooms/ZZZZZZZZZZ/rules", 404, "no_room"),
        ("/api/rooms/ZZZZZZZZZZ/records/0", 404, "no_record"),
    ]:
        answer = test_client.get(path)
        assert answer.status_code == status and answer.json()["code"] == code, path
    assert test_client.get("/api/rooms/ZZZZZZZZZZ").status_code == 404
    upload = test_client.post("/api/replay", content=b"not a record")
    assert upload.status_code == 400 and upload.json()["code"] == "bad_record"
    huge = test_client.post("/api/replay", content=b" " * (1_048_576 + 1))
    assert huge.status_code == 413 and huge.json()["code"] == "too_large"
    rules = test_client.get("/api/rules").json()
    assert {"presets", "options", "pace"} <= set(rules)


def _cards(value: Any) -> set[str]:
    if isinstance(value, dict):
        return {c for k, v in value.items() if k not in SECRET_KEYS for c in _cards(v)}
    if isinstance(value, list):
        return {c for v in value for c in _cards(v)}
    return set(CARD.findall(value)) if isinstance(value, str) else set()


def _public(state: dict[str, Any] | None) -> set[str]:
    """The cards played so far, and the card the first play must include (public by rule:
    docs/views.md, `lead_card`)."""
    view = (state or {}).get("view") or {}
    played = {c for _, move, *_ in view.get("history", []) for c in CARD.findall(str(move))}
    return played | set(CARD.findall(str(view.get("lead_card") or "")))


def test_a_deal_shows_a_player_and_a_spectator_no_card_they_may_not_see(
    test_client: TestClient,
) -> None:
    with test_client.websocket_connect(WS) as ann, test_client.websocket_connect(WS) as sue:
        ann.receive_json(), sue.receive_json()
        _send(ann, {"type": "create", "name": "Ann", "seats": ["easy", "hard", "random"],
                    "deals": 1, "pace": "instant"})  # fmt: skip
        code = _next(ann, "welcome")["room"]
        heard: dict[str, list[dict[str, Any]]] = {"ann": [], "sue": []}
        heard["ann"].append(_next(ann, "state"))
        _send(sue, {"type": "watch", "room": code, "name": "Sue"})
        assert _next(sue, "welcome")["seat"] is None
        heard["sue"].append(_next(sue, "state"))
        room = test_client.get(f"/api/rooms/{code}").json()
        assert not _cards(room)  # the room as anyone sees it: never a card
        _send(ann, {"type": "host", "what": "start"})
        state = heard["ann"][0]
        over, acts = False, 0
        while not over:
            message = ann.receive_json()
            heard["ann"].append(message)
            if message["type"] == "update":
                state = {**apply(state, message["patch"]), "seq": message["seq"]}
            elif message["type"] == "state":
                state = {k: v for k, v in message.items() if k != "type"}
            over = state["room"]["status"] == "over"
            if not over and message["type"] in ("update", "state") and 0 in state["awaiting"]:
                _send(ann, {"type": "act", "id": f"a{acts}", "action": state["offers"][0],
                            "seq": state["seq"]})  # fmt: skip
                acts += 1
        assert acts > 0
        assert test_client.get(f"/api/rooms/{code}/records/0?seat=1").status_code == 200
        record = test_client.get(f"/api/rooms/{code}/records/0").json()
        for _ in range(len(heard["ann"]) + 5):
            heard["sue"].append(sue.receive_json())
            if heard["sue"][-1]["type"] == "update" and any(
                e["kind"] == "session_over" for e in heard["sue"][-1]["events"]
            ):
                break
    dealt = [set(hand.split()) for hand in record["deal"]["hands"]]
    for who, seat in (("ann", 0), ("sue", None)):
        own = dealt[seat] if seat is not None else set()
        hidden = set().union(*dealt) - own
        state, shown_own = None, False
        for message in heard[who]:
            if message["type"] == "state":
                state = message
            elif message["type"] == "update" and state is not None:
                state = {**apply(state, message["patch"]), "seq": message["seq"]}
            events = message.get("events") or []
            if any(e["kind"] in ("deal_over", "session_over") for e in events):
                break  # from here the deal is over: everything of it may be shown
            played = _public(state) | {c for e in events for c in CARD.findall(str(e["move"]))}
            leaked = (_cards(message) & hidden) - played
            assert not leaked, (who, message["type"], sorted(leaked))
            shown_own |= bool(_cards(message) & own)
        assert shown_own is (seat is not None)  # the scan reads the cards a message names
    spectator_states = [m for m in heard["sue"] if m["type"] == "state"]
    assert all(not (m.get("view") or {}).get("hand") for m in spectator_states)
