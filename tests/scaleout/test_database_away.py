"""The database unreachable for longer than a request waits for it (`shared.RETRY_FOR`, cut
short here to half a second): what needs it is refused with a message that says so, over
the WebSocket (the connection stays open) and over HTTP (503), never a traceback or a
dropped connection; once the database is back, the same requests work."""

from __future__ import annotations

from typing import Any

import pytest
from follower import WS
from starlette.testclient import TestClient, WebSocketTestSession

from bigtwo.server import shared
from bigtwo.server.app import make_app
from bigtwo.server.settings import Settings

from .lossy import Lossy


def next_of(ws: WebSocketTestSession, kind: str) -> dict[str, Any]:
    """The next message of ``kind`` (those before it are passed over)."""
    for _ in range(50):
        message: dict[str, Any] = ws.receive_json()
        if message["type"] == kind:
            return message
    raise AssertionError(f"no {kind} message in 50")


def test_requests_are_refused_while_the_database_is_away_and_work_once_it_is_back(
    database: str, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setattr(shared, "RETRY_FOR", 0.5)
    proxy = Lossy(database)
    try:
        with (
            TestClient(make_app(proxy.url, Settings(bot_pace="instant", pause=0.0))) as client,
            client.websocket_connect(WS) as ann,
            client.websocket_connect(WS) as bob,
        ):
            ann.send_json({"type": "create", "name": "Ann", "seats": ["open", "easy", "easy"]})
            code = next_of(ann, "welcome")["room"]
            proxy.go_away()
            bob.send_json({"type": "watch", "room": code})
            refused = next_of(bob, "error")
            assert refused["code"] == "storage"
            assert "database" in refused["message"], refused
            ann.send_json({"type": "chat", "text": "anyone there?"})
            assert next_of(ann, "error")["code"] == "storage"
            lobby = client.get("/api/lobby")
            assert lobby.status_code == 503
            assert lobby.json()["code"] == "storage"
            assert client.get(f"/api/rooms/{code}/records/0").status_code == 503
            proxy.come_back()
            bob.send_json({"type": "watch", "room": code})  # the same connection, still open
            assert next_of(bob, "welcome")["room"] == code
            assert client.get("/api/lobby").status_code == 200
    finally:
        proxy.close()
    assert "Traceback" not in caplog.text
