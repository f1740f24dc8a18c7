"""Running the app on uvicorn, shut down cleanly on SIGTERM (or Ctrl-C): the hub finishes the
action in hand in every room, stores it and tells every client to reconnect (`Hub.drain`)
before uvicorn closes the sockets, and the process exits with status 0. One process serves
this way, and so does each worker of ``--workers`` (`workers`)."""

from __future__ import annotations

import contextlib
import logging
import signal
import socket
from types import FrameType

import uvicorn
from starlette.applications import Starlette

from . import room_log
from .hub import Hub
from .protocol import MAX_TRANSPORT

STARTUP_FAILED = 3  # the status uvicorn exits with when the app won't start
# frames a connection may have read and waiting for the app (uvicorn's default is 32): with
# frames of up to `MAX_TRANSPORT` bytes, what one connection can make the server hold while
# the app is busy (or the client reads none of its refusals) is this many MiB, not 32
QUEUED_FRAMES = 4


class DrainingServer(uvicorn.Server):
    """uvicorn's server, draining the hub before its own shutdown closes the connections
    (which tells each client only the WebSocket close code 1012, after the fact)."""

    def __init__(self, config: uvicorn.Config, hub: Hub) -> None:
        super().__init__(config)
        self.hub = hub

    async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
        await self.hub.drain()
        await super().shutdown(sockets)


def log_to_stderr() -> None:
    """The server's logs on standard error: its messages with a time, the room log as bare
    JSON lines (`room_log`), the migrations only when something is wrong."""
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")
    room_log.to_stderr()
    logging.getLogger("alembic").setLevel(logging.WARNING)


def run(
    app: Starlette, host: str = "127.0.0.1", port: int = 8000, sock: socket.socket | None = None
) -> None:
    """Serve ``app`` (`app.make_app`) on ``host``:``port``, or on the listening socket
    ``sock`` when given, until SIGTERM or Ctrl-C."""
    # every frame up to MAX_TRANSPORT bytes reaches the app, which refuses one over the
    # protocol's cap as too_large; above it, the transport closes the connection with 1009
    config = uvicorn.Config(
        app,
        host=host,
        port=port,
        log_level="warning",
        ws_max_size=MAX_TRANSPORT,
        ws_max_queue=QUEUED_FRAMES,
        # no WebSocket pings of the server's own: clients ping every 20 s (protocol.md) and a
        # socket silent for a minute is closed (`app.IDLE`), while a ping frame, answered by
        # the client's WebSocket library, never reaches the app to show it alive
        ws_ping_interval=None,
    )
    server = DrainingServer(config, app.state.hub)
    # uvicorn raises the signal again once it has shut down, for the handler it found: a
    # SIGTERM fully handled is a normal end, not a death by signal
    signal.signal(signal.SIGTERM, _stopped)
    with contextlib.suppress(KeyboardInterrupt):  # Ctrl-C: shut down as for SIGTERM
        server.run(sockets=None if sock is None else [sock])
    if not server.started:
        raise SystemExit(STARTUP_FAILED)


def _stopped(signum: int, frame: FrameType | None) -> None:
    raise SystemExit(0)
