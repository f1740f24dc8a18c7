"""Behind a load balancer: the per-address connection cap counts the client's address that a
trusted proxy forwards (``X-Forwarded-For`` from the addresses in ``FORWARDED_ALLOW_IPS``,
loopback by default), as `docs/deploy.md` tells operators."""

from __future__ import annotations

import contextlib
import json

import pytest
from server_process import ServerProcess
from websockets.exceptions import InvalidStatus
from websockets.sync.client import ClientConnection, connect

from bigtwo.server.app import PER_ADDRESS


def _open(stack: contextlib.ExitStack, server: ServerProcess, client: str) -> ClientConnection:
    ws = stack.enter_context(connect(server.ws, additional_headers={"X-Forwarded-For": client}))
    assert json.loads(ws.recv(timeout=10))["type"] == "hello"
    return ws


def test_the_cap_counts_the_address_the_balancer_forwards(server: ServerProcess) -> None:
    with contextlib.ExitStack() as stack:
        for _ in range(PER_ADDRESS):  # one client behind the balancer, at its cap
            _open(stack, server, "203.0.113.7")
        with pytest.raises(InvalidStatus) as refused:
            _open(stack, server, "203.0.113.7")
        assert refused.value.response.status_code == 403
        # another client through the same balancer (the same socket address) is let in
        other = _open(stack, server, "198.51.100.9")
        other.send(json.dumps({"type": "ping"}))
        assert json.loads(other.recv(timeout=10))["type"] == "pong"
