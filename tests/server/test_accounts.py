"""Who a person is: a first visit becomes a guest with a server-side session in an HttpOnly,
SameSite=Lax cookie (Secure over TLS); state-changing requests need the page's own origin and
the session's CSRF token; a WebSocket bringing the cookie is refused from another origin,
while a program's socket (no cookie) works as before; the socket knows its person, who is
recorded in the seat they take; revoking a session (or signing out) closes its sockets."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from bigtwo.server.accounts.guard import COOKIE
from bigtwo.server.app import SIGNED_OUT, make_app
from bigtwo.server.settings import Settings
from bigtwo.server.store import sqlite_url

WS = "/ws?protocol=2"
EVIL = "http://evil.example"


@pytest.fixture
def app(tmp_path: Path) -> Any:
    settings = Settings(bot_pace="instant", pause=0.0, allowed_origins=("https://friend.example",))
    return make_app(sqlite_url(tmp_path / "app.db"), settings)


@pytest.fixture
def client(app: Any) -> Iterator[TestClient]:
    with TestClient(app) as client:
        yield client


def _me(client: TestClient) -> dict[str, Any]:
    answer = client.get("/api/me")
    assert answer.status_code == 200, answer.text
    body: dict[str, Any] = answer.json()
    return body


def _post(client: TestClient, path: str, body: object, csrf: str, **headers: str) -> Any:
    return client.post(path, content=json.dumps(body), headers={"X-CSRF-Token": csrf, **headers})


def test_a_first_visit_is_a_guest_with_a_session_cookie(client: TestClient) -> None:
    first = client.get("/api/me")
    cookie = first.headers["set-cookie"]
    assert cookie.startswith(f"{COOKIE}=")
    flags = {f.strip().lower() for f in cookie.split(";")[1:]}
    assert {"httponly", "samesite=lax", "path=/"} <= flags
    assert "secure" not in flags  # plain http: a Secure cookie would never come back
    assert first.headers["cache-control"] == "no-store"
    me = first.json()
    assert me["person"]["kind"] == "guest"
    assert re.fullmatch(r"guest-[a-z0-9]{6}", me["person"]["handle"])
    again = client.get("/api/me")  # the cookie came back: the same person, no new cookie
    assert "set-cookie" not in again.headers
    assert again.json()["person"] == me["person"] and again.json()["csrf"] == me["csrf"]
    client.cookies.clear()  # another browser: another guest
    assert _me(client)["person"]["id"] != me["person"]["id"]


def test_the_cookie_is_secure_over_tls(app: Any) -> None:
    with TestClient(app, base_url="https://bigtwo.example") as client:
        cookie = client.get("/api/me").headers["set-cookie"].lower()
    assert "; secure" in cookie


def test_a_state_changing_request_needs_the_pages_origin_and_token(client: TestClient) -> None:
    csrf = _me(client)["csrf"]
    refused = _post(client, "/api/me", {"handle": "ann"}, "")
    assert refused.status_code == 403 and refused.json()["code"] == "csrf"
    refused = _post(client, "/api/me", {"handle": "ann"}, "0" * 64)
    assert refused.status_code == 403 and refused.json()["code"] == "csrf"
    for headers in ({"Origin": EVIL}, {"Sec-Fetch-Site": "cross-site"}):
        refused = _post(client, "/api/me", {"handle": "ann"}, csrf, **headers)
        assert refused.status_code == 403 and refused.json()["code"] == "bad_origin"
    said = _post(client, "/api/me", {}, "", **{"Accept-Language": "vi"}).json()
    assert said["code"] == "csrf" and said["message"] != "" and "token" not in said["message"]
    ok = _post(
        client,
        "/api/me",
        {"handle": "ann"},
        csrf,
        Origin="http://testserver",
        **{"Sec-Fetch-Site": "same-origin"},
    )
    assert ok.status_code == 200 and ok.json()["person"]["handle"] == "ann"
    friend = _post(client, "/api/me", {"handle": "ann2"}, csrf, Origin="https://friend.example")
    assert friend.status_code == 200  # an origin the operator allowed
    client.cookies.clear()  # no session: no token can be right
    refused = _post(client, "/api/me", {"handle": "bob"}, csrf)
    assert refused.status_code == 403 and refused.json()["code"] == "csrf"


def test_renaming_checks_the_handle_and_keeps_it_unique(client: TestClient) -> None:
    csrf = _me(client)["csrf"]
    for bad in ("ab", "a b", "x" * 21, "ánn", 7):
        answer = _post(client, "/api/me", {"handle": bad}, csrf)
        assert answer.status_code == 400 and answer.json()["code"] == "bad_handle", bad
    assert _post(client, "/api/me", {"handle": "Ann_1"}, csrf).status_code == 200
    named = _post(client, "/api/me", {"display_name": "Ann Lee"}, csrf).json()["person"]
    assert (named["handle"], named["display_name"]) == ("Ann_1", "Ann Lee")
    assert _post(client, "/api/me", {"display_name": "x\u202e"}, csrf).status_code == 400
    bad_json = client.post("/api/me", content=b"{", headers={"X-CSRF-Token": csrf})
    assert bad_json.status_code == 400 and bad_json.json()["code"] == "bad_request"
    client.cookies.clear()
    other = _me(client)["csrf"]
    taken = _post(client, "/api/me", {"handle": "ann_1"}, other)  # case does not tell apart
    assert taken.status_code == 409 and taken.json()["code"] == "handle_taken"


def test_a_socket_with_the_cookie_from_another_origin_is_refused(client: TestClient) -> None:
    person = _me(client)["person"]
    with (
        pytest.raises(WebSocketDisconnect) as refused,
        client.websocket_connect(WS, headers={"Origin": EVIL}) as ws,
    ):
        ws.receive_json()
    assert refused.value.code == 1008
    for origin in ("http://testserver", "https://friend.example"):
        with client.websocket_connect(WS, headers={"Origin": origin}) as ws:
            assert ws.receive_json()["type"] == "hello"
    with client.websocket_connect(WS, headers={"Origin": "http://testserver"}) as ws:
        ws.receive_json()
        ws.send_json({"type": "create", "name": "Ann", "seats": ["easy", "easy", "easy"]})
        welcome = ws.receive_json()
    assert welcome["type"] == "welcome"
    room = client.app.state.hub.rooms[welcome["room"]]  # type: ignore[attr-defined]
    assert room.people == {0: person["id"]}
    assert room.to_dict()["people"] == {"0": person["id"]}  # stored with the room


def test_a_program_without_a_cookie_plays_from_anywhere(client: TestClient) -> None:
    """`bigtwo.client` and invite tokens: no cookie, no Origin rule, no person."""
    with client.websocket_connect(WS, headers={"Origin": EVIL}) as ws:
        assert ws.receive_json()["type"] == "hello"
        ws.send_json({"type": "create", "name": "Bot", "seats": ["open", "easy", "easy"]})
        code = ws.receive_json()["room"]
        with client.websocket_connect(WS) as other:
            other.receive_json()
            other.send_json({"type": "join", "room": code, "name": "Cy"})
            assert other.receive_json()["type"] == "welcome"
    room = client.app.state.hub.rooms[code]  # type: ignore[attr-defined]
    assert room.people == {} and "people" not in room.to_dict()


def test_revoking_a_session_closes_its_socket(client: TestClient) -> None:
    me = _me(client)
    [listed] = client.get("/api/me/sessions").json()["sessions"]
    assert listed["ref"] == me["session"] and listed["current"] is True and "id" not in listed
    with client.websocket_connect(WS) as ws:
        ws.receive_json()
        answer = _post(client, f"/api/me/sessions/{me['session']}/revoke", {}, me["csrf"])
        assert answer.status_code == 200 and answer.json()["closed"] == 1
        bye = ws.receive_json()
        assert (bye["type"], bye["code"], bye["reconnect"]) == ("bye", "signed_out", False)
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == SIGNED_OUT
    assert COOKIE not in client.cookies  # this browser's own session: its cookie cleared
    assert _me(client)["person"]["id"] != me["person"]["id"]  # and it is somebody new


def test_revoking_someone_elses_or_an_unknown_session_is_refused(client: TestClient) -> None:
    ann = _me(client)
    client.cookies.clear()
    bob = _me(client)
    answer = _post(client, f"/api/me/sessions/{ann['session']}/revoke", {}, bob["csrf"])
    assert answer.status_code == 404 and answer.json()["code"] == "no_session"


def test_signing_out_ends_the_session(client: TestClient) -> None:
    me = _me(client)
    cookie = client.cookies[COOKIE]
    with client.websocket_connect(WS) as ws:
        ws.receive_json()
        assert _post(client, "/api/signout", {}, me["csrf"]).json()["closed"] == 1
        assert ws.receive_json()["code"] == "signed_out"
    client.cookies.set(COOKIE, cookie)  # the old cookie, kept: it signs nobody in
    assert client.get("/api/me/sessions").json()["code"] == "signed_out"
    assert _me(client)["person"]["id"] != me["person"]["id"]


def test_resuming_a_seat_on_another_device_ties_it_to_that_person(client: TestClient) -> None:
    """A token taken to another browser (or used after signing in): the seat is that
    person's from then on, stored with the room."""
    ann = _me(client)["person"]["id"]
    with client.websocket_connect(WS) as ws:
        ws.receive_json()
        ws.send_json({"type": "create", "name": "Ann", "seats": ["easy", "easy", "easy"]})
        welcome = ws.receive_json()
    code, token = welcome["room"], welcome["token"]
    hub = client.app.state.hub  # type: ignore[attr-defined]
    assert hub.rooms[code].people == {0: ann}
    client.cookies.clear()
    other = _me(client)["person"]["id"]  # the same person on a new device: a new guest here
    with client.websocket_connect(WS) as ws:
        ws.receive_json()
        ws.send_json({"type": "resume", "room": code, "token": token})
        assert ws.receive_json()["type"] == "welcome"
    room = hub.rooms[code]
    assert room.people == {0: other}
    assert room.stored["people"] == {"0": other}  # stored, not only held in memory
    seq = room.seq
    with client.websocket_connect(WS) as ws:  # the same person again: nothing to store
        ws.receive_json()
        ws.send_json({"type": "resume", "room": code, "token": token})
        assert ws.receive_json()["type"] == "welcome"
    assert hub.rooms[code].seq == seq
