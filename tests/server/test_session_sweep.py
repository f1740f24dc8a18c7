"""A session ended where this process hears no word of it (`bigtwo admin` beside a
one-process server on SQLite) still closes its sockets: the hub looks every
`session_sockets.SESSION_SWEEP` seconds (`Hub.sweep_sessions`)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from typer.testing import CliRunner

from bigtwo.cli.app import app as cli
from bigtwo.server import session_sockets
from bigtwo.server.app import make_app
from bigtwo.server.settings import Settings
from bigtwo.server.store import sqlite_url

from .test_accounts_outside import Browser

pytestmark = pytest.mark.timeout(60)  # a socket never closed fails soon, not at the run's cap


@pytest.fixture
def db(tmp_path: Path) -> str:
    return sqlite_url(tmp_path / "app.db")


@pytest.fixture
def client(db: str, monkeypatch: pytest.MonkeyPatch) -> Iterator[TestClient]:
    monkeypatch.setattr(session_sockets, "SESSION_SWEEP", 0.05)
    with TestClient(make_app(db, Settings(bot_pace="instant", pause=0.0))) as client:
        yield client


def _watching(browser: Browser, client: TestClient) -> tuple[Any, str]:
    """A socket of ``browser`` watching a room that another person made; the room's code."""
    host = Browser(client)
    with host.socket() as ws:
        ws.receive_json()
        ws.send_json({"type": "create", "name": "Cy", "seats": ["open", "easy"]})
        code = str(ws.receive_json()["room"])
    ws = browser.socket().__enter__()
    ws.receive_json()  # hello
    ws.send_json({"type": "watch", "room": code})
    assert ws.receive_json()["type"] != "error"
    return ws, code


def _admin(*args: str) -> None:
    done = CliRunner().invoke(cli, ["admin", *args])
    assert done.exit_code == 0, done.output


def _said_until_bye(ws: Any) -> dict[str, Any]:
    """The messages up to the server's goodbye (the spectators' counts and the like before
    it); the goodbye."""
    for _ in range(50):
        msg: dict[str, Any] = ws.receive_json()
        if msg["type"] == "bye":
            return msg
    raise AssertionError("no goodbye in 50 messages")


@pytest.mark.parametrize("action", ["suspend", "delete"])
def test_the_console_ending_a_person_closes_their_socket(
    db: str, client: TestClient, action: str
) -> None:
    bo = Browser(client)
    handle = bo.person["handle"]
    ws, _ = _watching(bo, client)
    try:
        _admin(action, handle, "--database", db, *(["--yes"] if action == "delete" else []))
        bye = _said_until_bye(ws)
        assert bye["code"] == "signed_out" and bye["reconnect"] is False
    finally:
        ws.__exit__(None, None, None)


def test_a_suspended_person_watching_anew_is_left_alone(db: str, client: TestClient) -> None:
    bo = Browser(client)
    _admin("suspend", bo.person["handle"], "--database", db)
    ws, code = _watching(bo, client)  # watching is what they may still do
    try:
        other = Browser(client)  # a change in the room, well after a few sweeps
        with other.socket() as seat:
            seat.receive_json()
            seat.send_json({"type": "join", "room": code, "name": "Di"})
            assert seat.receive_json()["type"] == "welcome"
            msg = ws.receive_json()
            while msg["type"] not in ("update", "bye"):
                msg = ws.receive_json()
            assert msg["type"] == "update"  # still told, not closed
    finally:
        ws.__exit__(None, None, None)
