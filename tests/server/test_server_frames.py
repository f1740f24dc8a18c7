"""Frame sizes against a real ``bigtwo serve`` (uvicorn's own transport limit included): up to
`MAX_FRAME` bytes a frame is read; above it, up to `MAX_TRANSPORT`, it is refused as
``too_large`` and the connection stays open; above that the connection closes with 1009.
Sizes are bytes as sent, not characters."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from server_process import ServerProcess
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from bigtwo.server.protocol import MAX_FRAME, MAX_TRANSPORT


@pytest.fixture
def ws(server: ServerProcess) -> Iterator[ClientConnection]:
    with connect(server.ws, open_timeout=10, close_timeout=2) as socket:
        assert json.loads(socket.recv(10))["type"] == "hello"
        yield socket


def _padded(size: int, pad: str = "x") -> str:
    """A ping with an unknown field, ``size`` bytes long in UTF-8: ``pad`` as often as it
    fits, the bytes left over as ``x``."""
    frame = '{"type": "ping", "pad": ""}'
    room = size - len(frame.encode())
    count = room // len(pad.encode())
    text = frame.replace('""', '"' + pad * count + "x" * (room - count * len(pad.encode())) + '"')
    assert len(text.encode()) == size
    return text


def _answer(ws: ClientConnection, frame: str | bytes) -> dict[str, Any]:
    ws.send(frame)
    message: dict[str, Any] = json.loads(ws.recv(10))
    return message


def _open(ws: ClientConnection) -> None:
    """The connection still answers."""
    assert _answer(ws, '{"type": "ping"}') == {"type": "pong"}


@pytest.mark.parametrize("pad", ["x", "\u00e9"])  # one byte a character, and two
def test_the_cap_is_in_bytes_on_both_sides(ws: ClientConnection, pad: str) -> None:
    at_cap = _answer(ws, _padded(MAX_FRAME, pad))
    assert (at_cap["type"], at_cap["code"]) == ("error", "bad_field")  # read: no such field
    over = _answer(ws, _padded(MAX_FRAME + 1, pad))
    assert over["code"] == "too_large"
    assert over["id"] is None  # the frame was not read: no id to echo
    _open(ws)


@pytest.mark.parametrize("binary", [False, True])
def test_every_frame_up_to_the_transport_limit_is_refused_on_an_open_connection(
    ws: ClientConnection, binary: bool
) -> None:
    for size in (1 << 16, (1 << 16) + 1, MAX_TRANSPORT):  # 64 KiB + 1 was a close before
        frame = _padded(size)
        assert _answer(ws, frame.encode() if binary else frame)["code"] == "too_large"
    _open(ws)


def test_a_frame_over_the_transport_limit_closes_the_connection_with_1009(
    ws: ClientConnection,
) -> None:
    ws.send(_padded(MAX_TRANSPORT + 1))
    with pytest.raises(ConnectionClosed) as closed:
        ws.recv(10)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009
