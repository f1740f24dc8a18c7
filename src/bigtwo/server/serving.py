"""Running the app on uvicorn in one process, shut down cleanly on SIGTERM (or Ctrl-C): the
hub finishes the action in hand in every room, stores it and tells every client to reconnect
(`Hub.drain`) before uvicorn closes the sockets, and the process exits with status 0."""

from __future__ import annotations

import contextlib
import signal
import socket
from types import FrameType

import uvicorn
from starlette.applications import Starlette

from .hub import Hub

STARTUP_FAILED = 3  # the status uvicorn exits with when the app won't start


class DrainingServer(uvicorn.Server):
    """uvicorn's server, draining the hub before its own shutdown closes the connections
    (which tells each client only the WebSocket close code 1012, after the fact)."""

    def __init__(self, config: uvicorn.Config, hub: Hub) -> None:
        super().__init__(config)
        self.hub = hub

    async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
        await self.hub.drain()
        await super().shutdown(sockets)


def run(app: Starlette, host: str, port: int) -> None:
    """Serve ``app`` (`app.make_app`) until SIGTERM or Ctrl-C."""
    config = uvicorn.Config(app, host=host, port=port, log_level="warning", ws_max_size=1 << 16)
    server = DrainingServer(config, app.state.hub)
    # uvicorn raises the signal again once it has shut down, for the handler it found: a
    # SIGTERM fully handled is a normal end, not a death by signal
    signal.signal(signal.SIGTERM, _stopped)
    with contextlib.suppress(KeyboardInterrupt):  # Ctrl-C: shut down as for SIGTERM
        server.run()
    if not server.started:
        raise SystemExit(STARTUP_FAILED)


def _stopped(signum: int, frame: FrameType | None) -> None:
    raise SystemExit(0)
