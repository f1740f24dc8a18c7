"""`Client.play` waits as long as the table takes: it pings while it waits, as the protocol
asks (the server closes a socket silent for a minute), and takes a server that answers
nothing at all as gone. Played against a stand-in server, so that a minute can be a moment."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from websockets.sync.server import ServerConnection, serve

from bigtwo import client as client_module
from bigtwo.bots import make_bot
from bigtwo.client import Client

WAITING = {  # seat 0 waits for seat 1, who thinks
    "type": "state",
    "seq": 3,
    "awaiting": [1],
    "offers": [],
    "room": {"status": "playing"},
    "summary": None,
}
OVER = {**WAITING, "seq": 4, "awaiting": [], "room": {"status": "over"}}


def stand_in(
    answer_pings: bool, over_after: float, seen: list[dict[str, Any]]
) -> Callable[..., None]:
    """A server that says hello and the waiting state, notes what the client sends (answering
    its pings or not), and ends the session ``over_after`` seconds later."""

    def handler(ws: ServerConnection) -> None:
        ws.send(json.dumps({"type": "hello", "lang": "en"}))
        ws.send(json.dumps(WAITING))
        end = time.monotonic() + over_after
        while time.monotonic() < end:
            try:
                message = json.loads(ws.recv(timeout=0.02))
            except TimeoutError:
                continue
            seen.append(message)
            if message["type"] == "ping" and answer_pings:
                ws.send(json.dumps({"type": "pong"}))
        ws.send(json.dumps(OVER))
        time.sleep(0.5)

    return handler


@pytest.fixture
def quick_pings(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(client_module, "PING_EVERY", 0.1)


@pytest.fixture
def running() -> Iterator[Callable[[Callable[..., None]], str]]:
    servers = []

    def start(handler: Callable[..., None]) -> str:
        server = serve(handler, "127.0.0.1", 0)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        servers.append(server)
        return f"ws://127.0.0.1:{server.socket.getsockname()[1]}/ws"

    yield start
    for server in servers:
        server.shutdown()


def seated(url: str) -> Client:
    client = Client.connect(url)
    client.seat, client.room, client.token = 0, "ROOM", "token"
    client.expect("state")
    return client


def test_a_seat_waits_out_a_long_think_pinging_and_plays_on(
    quick_pings: None, running: Callable[[Callable[..., None]], str]
) -> None:
    seen: list[dict[str, Any]] = []
    client = seated(running(stand_in(True, 1.5, seen)))
    client.play(make_bot("hard"), timeout=0.5)  # the wait is three times as long
    assert client.over
    pings = [m for m in seen if m["type"] == "ping"]
    assert len(pings) >= 8, seen  # about one every 0.1 s of the 1.5 s
    assert len(seen) == len(pings)  # nothing else was said meanwhile


def test_a_server_that_answers_nothing_is_taken_as_gone(
    quick_pings: None,
    running: Callable[[Callable[..., None]], str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    seen: list[dict[str, Any]] = []
    client = seated(running(stand_in(False, 5.0, seen)))
    again: list[float] = []

    def reconnect(within: float = 60.0) -> None:
        again.append(time.monotonic())
        client.state = OVER  # came back to a finished session

    monkeypatch.setattr(client, "reconnect", reconnect)
    started = time.monotonic()
    client.play(make_bot("hard"), timeout=0.5)
    assert len(again) == 1
    assert 0.5 <= again[0] - started < 2.0
    # it asked before giving up (the stand-in may not have noted the last ping yet)
    assert len(seen) >= 2 and {m["type"] for m in seen} == {"ping"}


def test_a_timeout_shorter_than_the_ping_interval_still_pings_in_time(
    running: Callable[[Callable[..., None]], str], monkeypatch: pytest.MonkeyPatch
) -> None:
    seen: list[dict[str, Any]] = []
    client = seated(running(stand_in(True, 1.5, seen)))

    def reconnect(within: float = 60.0) -> None:
        raise AssertionError("a server that answers its pings was taken as gone")

    monkeypatch.setattr(client, "reconnect", reconnect)
    client.play(make_bot("hard"), timeout=0.6)  # the usual 20 s between pings would be late
    assert client.over and [m["type"] for m in seen][:2] == ["ping", "ping"]
