"""A person's sessions and sign-in limits across two server processes on one database: a
session revoked through one process closes its socket on the other, and so does a
suspension (through the operator's route, or from the console); the failed sign-ins on an
account through either process count against it on both."""

from __future__ import annotations

import json
import secrets
import urllib.error
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest
from server_process import ServerProcess
from typer.testing import CliRunner
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from bigtwo.cli.app import app as cli

from .conftest import two_servers

COOKIE = "bigtwo_session"
SIGNED_OUT = 4401  # docs/security.md: the close code of a socket whose session ended


@pytest.fixture(scope="module")
def servers(
    database: str, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[list[ServerProcess]]:
    """Two processes for the module's tests, with passwords on (an operator's account)."""
    with two_servers(database, tmp_path_factory.mktemp("accounts"), "--passwords") as running:
        yield running


class Page:
    """One browser's session, as the page speaks (its cookie, its origin, its CSRF token),
    to whichever process it is given."""

    def __init__(self, server: ServerProcess) -> None:
        self.cookie = ""
        self.me = self.call(server, "GET", "/api/me")[1]

    def call(
        self, server: ServerProcess, method: str, path: str, body: object = None
    ) -> tuple[int, dict[str, Any]]:
        headers = {"Origin": server.base, "Content-Type": "application/json"}
        if self.cookie:
            headers["Cookie"] = f"{COOKIE}={self.cookie}"
            headers["X-CSRF-Token"] = self.me["csrf"]
        data = None if method == "GET" else json.dumps(body or {}).encode()
        request = urllib.request.Request(server.base + path, data, headers, method=method)
        try:
            with urllib.request.urlopen(request, timeout=10) as answer:
                status, text, said = answer.status, answer.read(), answer.headers
        except urllib.error.HTTPError as refused:
            status, text, said = refused.code, refused.read(), refused.headers
        for line in said.get_all("set-cookie") or []:
            if line.startswith(f"{COOKIE}="):
                self.cookie = line.split(";")[0].partition("=")[2].strip('"')
        return status, json.loads(text)

    def post(self, server: ServerProcess, path: str, body: object = None) -> dict[str, Any]:
        status, answer = self.call(server, "POST", path, body)
        assert status == 200, (path, status, answer)
        return answer

    def socket(self, server: ServerProcess) -> ClientConnection:
        ws = connect(
            server.ws,
            additional_headers={"Cookie": f"{COOKIE}={self.cookie}", "Origin": server.base},
            open_timeout=10,
            legacy=True,  # used directly, not as a context manager
        )
        assert json.loads(ws.recv(timeout=10))["type"] == "hello"
        return ws


def _named(page: Page, server: ServerProcess, stem: str) -> str:
    handle = f"{stem}_{secrets.token_hex(3)}"
    page.post(server, "/api/me", {"handle": handle})
    return handle


def _signed_out(ws: ClientConnection) -> None:
    """The socket is told its session ended, then closed with 4401."""
    bye = json.loads(ws.recv(timeout=10))
    assert (bye["type"], bye["code"], bye["reconnect"]) == ("bye", "signed_out", False)
    with pytest.raises(ConnectionClosed) as closed:
        ws.recv(timeout=10)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == SIGNED_OUT


def _still_open(ws: ClientConnection) -> None:
    ws.send(json.dumps({"type": "ping"}))
    assert json.loads(ws.recv(timeout=10))["type"] == "pong"


def test_a_session_revoked_through_one_process_closes_its_socket_on_the_other(
    servers: list[ServerProcess],
) -> None:
    a, b = servers
    ann, bob = Page(a), Page(a)
    theirs, others = ann.socket(b), bob.socket(b)
    answer = ann.post(a, f"/api/me/sessions/{ann.me['session']}/revoke")
    assert answer["closed"] == 0  # none through a: b closes its own
    _signed_out(theirs)
    _still_open(others)  # only that session's
    laptop = Page(b)
    on_a = laptop.socket(a)
    laptop.post(b, "/api/signout")  # the other way: through b, a socket on a
    _signed_out(on_a)
    others.close()


def test_a_suspension_through_one_process_closes_the_sockets_on_the_other(
    servers: list[ServerProcess], database: str
) -> None:
    a, b = servers
    operator = Page(a)
    handle = _named(operator, a, "op")
    operator.post(a, "/api/me/password", {"password": "correct horse battery"})
    done = CliRunner().invoke(cli, ["admin", "grant", handle, "--database", database])
    assert done.exit_code == 0, done.output
    cy = Page(a)
    victim = _named(cy, a, "cy")
    ws = cy.socket(b)
    answer = operator.post(a, "/api/admin/act", {"action": "suspend", "handle": victim})
    assert answer["closed"] == 0  # none through a
    _signed_out(ws)
    ws = cy.socket(b)  # still who they are: they may watch
    _still_open(ws)
    done = CliRunner().invoke(cli, ["admin", "delete", victim, "--yes", "--database", database])
    assert done.exit_code == 0, done.output
    _signed_out(ws)  # from the console, at once


def test_failed_sign_ins_through_either_process_count_on_both(
    servers: list[ServerProcess],
) -> None:
    a, b = servers
    handle = f"dee_{secrets.token_hex(3)}"
    stranger = Page(a)
    for n in range(10):  # the limit per account, half through each process
        status, answer = stranger.call(
            (a, b)[n % 2], "POST", "/api/recover", {"handle": handle, "code": "aaaa-bbbb-cccc"}
        )
        assert (status, answer["code"]) == (401, "sign_in_failed")
    for server in (a, b):
        status, answer = stranger.call(
            server, "POST", "/api/recover", {"handle": handle, "code": "aaaa-bbbb-cccc"}
        )
        assert (status, answer["code"]) == (429, "too_many_attempts"), server.base
    status, _ = stranger.call(b, "POST", "/api/recover", {"handle": "eve_other", "code": "x"})
    assert status == 401  # another account: the address is not yet at its limit
