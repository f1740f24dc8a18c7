"""The operator's side of `bigtwo serve`, as docs/deploy.md, docs/security.md and
docs/privacy.md promise it, checked against real servers: `bigtwo admin`, a backup taken while
the server runs and restored, the options `serve` refuses, the headers and the cookie on every
response, sessions revoked and accounts suspended closing their sockets, and what is not
stored (a chat line)."""

from __future__ import annotations

import contextlib
import json
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx2
import pytest

pytest.importorskip("websockets")

from cli_run import Outcome, run_cli
from server_process import ServerProcess, on_sqlite
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.sync.client import ClientConnection, connect

from bigtwo.client import Client
from bigtwo.server.store import sqlite_url

PASSWORD = "correct horse battery"
HEADERS = {
    "x-frame-options": "DENY",
    "referrer-policy": "no-referrer",
    "x-content-type-options": "nosniff",
    "cross-origin-opener-policy": "same-origin",
}
CSP_PARTS = ["default-src 'self'", "frame-ancestors 'none'", "object-src 'none'", "base-uri 'none'"]


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """A real server that lets people make accounts with a password (`--passwords`)."""
    server = on_sqlite(tmp_path_factory.mktemp("op") / "op.db", grace=1.0, extra=["--passwords"])
    server.start()
    try:
        yield server
    finally:
        server.stop()


def _bigtwo(*argv: str) -> Outcome:
    """``bigtwo ARGV`` in this process (the command as the console script runs it)."""
    return run_cli(argv)


class Person:
    """A browser: its cookie, its CSRF token, its handle."""

    def __init__(self, server: ServerProcess, handle: str | None = None) -> None:
        self.server = server
        self.http = httpx2.Client(base_url=server.base)
        me = self.http.get("/api/me").json()
        self.csrf, self.session = me["csrf"], me["session"]
        self.handle = me["person"]["handle"]
        if handle is not None:
            assert self.post("/api/me/password", password=PASSWORD).status_code == 200
            assert self.post("/api/me", handle=handle).status_code == 200
            self.handle = handle

    def post(self, path: str, **body: Any) -> httpx2.Response:
        return self.http.post(path, json=body, headers={"X-CSRF-Token": self.csrf})

    @contextlib.contextmanager
    def socket(self) -> Iterator[ClientConnection]:
        """A socket to /ws that brings the cookie from the server's own page."""
        cookie = f"bigtwo_session={self.http.cookies['bigtwo_session']}"
        headers = {"Cookie": cookie, "Origin": self.server.base}
        with connect(self.server.ws, additional_headers=headers) as ws:
            assert json.loads(ws.recv(timeout=10))["type"] == "hello"
            yield ws


def _create(ws: ClientConnection) -> dict[str, Any]:
    ws.send(json.dumps({"type": "create", "name": "Ann", "seats": ["hard"] * 3}))
    return json.loads(ws.recv(timeout=10))


def _signed_out(ws: ClientConnection, within: float) -> tuple[list[dict[str, Any]], int | None]:
    """What the socket is sent until it closes (bounded), and its close code."""
    seen = []
    end = time.monotonic() + within
    try:
        while time.monotonic() < end:
            seen.append(json.loads(ws.recv(timeout=end - time.monotonic())))
    except (ConnectionClosed, TimeoutError):
        pass
    return seen, ws.close_code


def test_admin_grant_opens_the_operators_routes_and_revoke_closes_them(
    served: ServerProcess,
) -> None:
    ann = Person(served, "ann_op")
    assert ann.http.get("/api/admin/attention").status_code == 404  # as if it did not exist
    granted = _bigtwo("admin", "grant", "ann_op", "--database", served.database)
    assert granted.code == 0, granted.err
    attention = ann.http.get("/api/admin/attention")
    assert attention.status_code == 200 and "ann_op" in attention.json()["operators"]
    assert ann.http.get("/api/me").json()["operator"] is True
    listed = _bigtwo("admin", "attention", "--database", served.database)
    assert listed.code == 0 and "ann_op" in listed.out
    assert _bigtwo("admin", "revoke", "ann_op", "--database", served.database).code == 0
    assert ann.http.get("/api/admin/attention").status_code == 404


@pytest.mark.parametrize("action", ["grant", "revoke", "suspend", "restore", "delete"])
@pytest.mark.parametrize("handle", ["nobody_here", "", "\x1b[31mred", "é" * 300])
def test_admin_on_a_handle_nobody_has_is_one_line_and_exit_code_2(
    served: ServerProcess, action: str, handle: str
) -> None:
    extra = ["--yes"] if action == "delete" else []
    done = _bigtwo("admin", action, handle, *extra, "--database", served.database)
    assert done.code == 2 and len(done.err.strip().splitlines()) == 1, done.err
    assert "\x1b" not in done.err and "Traceback" not in done.err


@pytest.mark.parametrize("given", ["relative", "absolute"])
def test_admin_on_an_sqlite_file_that_is_not_there_refuses_and_creates_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, given: str
) -> None:
    monkeypatch.chdir(tmp_path)
    url = "sqlite:///typo.db" if given == "relative" else sqlite_url(tmp_path / "typo.db")
    for argv in (["attention"], ["grant", "ann"], ["delete", "ann", "--yes"]):
        done = _bigtwo("admin", *argv, "--database", url)
        assert done.code == 2 and len(done.err.strip().splitlines()) == 1, done
        assert "there is no database at" in done.err and "typo.db" in done.err
        assert done.out == ""
    assert list(tmp_path.iterdir()) == []


def test_admin_delete_without_yes_and_no_answer_deletes_nothing_and_says_so(
    served: ServerProcess,
) -> None:
    dee = Person(served, "dee_kept")
    argv = ["admin", "delete", "dee_kept", "--database", served.database]
    ended = _bigtwo(*argv)  # standard input is empty
    assert ended.code == 2, ended
    assert ended.err.count("\n") == 1 and "nothing deleted: no answer came" in ended.err
    assert "--yes" in ended.err and ended.out.startswith("delete the account dee_kept?")
    no = run_cli(argv, stdin=b"n\n")
    assert (no.code, no.err.strip()) == (2, "bigtwo: nothing deleted")
    interrupted = run_cli(argv, interrupt=True)
    assert interrupted.code == 130  # Ctrl-C keeps its own meaning
    assert dee.http.get("/api/me").json()["person"]["handle"] == "dee_kept"


def test_admin_delete_of_a_handle_nobody_has_refuses_before_asking(
    served: ServerProcess,
) -> None:
    """As grant does: at once, in the same words and exit code, no question put."""
    granted = _bigtwo("admin", "grant", "nobody_here", "--database", served.database)
    asked = run_cli(["admin", "delete", "nobody_here", "--database", served.database], stdin=b"y\n")
    assert granted.code == 2 and "nobody here has the handle 'nobody_here'" in granted.err
    assert (asked.code, asked.err, asked.out) == (granted.code, granted.err, "")


def test_a_suspension_from_the_console_closes_the_sockets_within_5_s_and_restore_lifts_it(
    served: ServerProcess,
) -> None:
    bo = Person(served, "bo_susp")
    with bo.socket() as ws:
        suspended = _bigtwo("admin", "suspend", "bo_susp", "--reason", "spam", "--database",
                            served.database)  # fmt: skip
        assert suspended.code == 0, suspended.err
        seen, code = _signed_out(ws, within=8.0)
    assert {"type": "bye", "code": "signed_out"}.items() <= seen[-1].items(), seen
    assert code == 4401
    with bo.socket() as again:  # to watch, which a suspended person still may
        refused = _create(again)
    assert (refused["type"], refused["code"]) == ("error", "suspended")
    assert "bo_susp" in _bigtwo("admin", "attention", "--database", served.database).out
    assert _bigtwo("admin", "restore", "bo_susp", "--database", served.database).code == 0
    with bo.socket() as lifted:
        assert _create(lifted)["type"] == "welcome"


def test_admin_delete_removes_the_account_and_its_sessions(served: ServerProcess) -> None:
    cy = Person(served, "cy_gone")
    with cy.socket() as ws:
        deleted = _bigtwo("admin", "delete", "cy_gone", "--yes", "--database", served.database)
        assert deleted.code == 0, deleted.err
        _seen, code = _signed_out(ws, within=8.0)
    assert code == 4401
    me = cy.http.get("/api/me").json()
    assert me["person"]["handle"] != "cy_gone" and me["person"]["kind"] == "guest"
    again = _bigtwo("admin", "delete", "cy_gone", "--yes", "--database", served.database)
    assert again.code == 2


def test_revoking_a_session_from_the_devices_list_closes_its_socket_with_4401(
    served: ServerProcess,
) -> None:
    phone = Person(served, "dee_two")
    laptop = httpx2.Client(base_url=served.base)
    signed_in = laptop.post(
        "/api/password/sign-in",
        json={"handle": "dee_two", "password": PASSWORD},
        headers={"X-CSRF-Token": laptop.get("/api/me").json()["csrf"]},
    )
    assert signed_in.status_code == 200, signed_in.text
    refs = [s["ref"] for s in laptop.get("/api/me/sessions").json()["sessions"]]
    assert phone.session in refs
    csrf = laptop.get("/api/me").json()["csrf"]
    with phone.socket() as ws:
        revoked = laptop.post(f"/api/me/sessions/{phone.session}/revoke",
                              headers={"X-CSRF-Token": csrf})  # fmt: skip
        assert revoked.status_code == 200, revoked.text
        seen, code = _signed_out(ws, within=3.0)
    assert seen and seen[-1]["type"] == "bye" and seen[-1]["reconnect"] is False
    assert code == 4401


@pytest.mark.parametrize(
    ("method", "path"),
    [("GET", "/"), ("GET", "/healthz"), ("GET", "/api/me"), ("GET", "/api/rules/nosuch"),
     ("GET", "/no/such/path"), ("GET", "/metrics"), ("POST", "/api/me"), ("GET", "/api/lobby")],
)  # fmt: skip
def test_every_response_carries_the_security_headers_and_no_hsts_over_http(
    served: ServerProcess, method: str, path: str
) -> None:
    answer = httpx2.request(method, served.base + path)
    for name, value in HEADERS.items():
        assert answer.headers.get(name) == value, (path, name)
    csp = answer.headers["content-security-policy"]
    assert all(part in csp for part in CSP_PARTS), csp
    assert "camera=()" in answer.headers["permissions-policy"]
    assert "microphone=()" in answer.headers["permissions-policy"]
    assert "strict-transport-security" not in answer.headers


def test_over_https_by_a_trusted_proxy_hsts_is_sent_and_the_cookie_is_secure(
    served: ServerProcess,
) -> None:
    answer = httpx2.get(served.base + "/api/me", headers={"X-Forwarded-Proto": "https"})
    hsts = answer.headers["strict-transport-security"]
    assert "max-age=31536000" in hsts and "includesubdomains" in hsts.lower()
    cookie = answer.headers["set-cookie"].lower()
    assert "secure" in cookie


def test_the_session_cookie_is_httponly_lax_path_root_400_days_and_not_secure_over_http(
    served: ServerProcess,
) -> None:
    cookie = httpx2.get(served.base + "/api/me").headers["set-cookie"]
    attributes = {part.strip().split("=")[0].lower(): part for part in cookie.split(";")[1:]}
    assert cookie.startswith("bigtwo_session=")
    assert {"httponly", "path", "samesite", "max-age"} <= set(attributes)
    assert "secure" not in attributes
    assert attributes["path"].strip() == "Path=/"
    assert attributes["samesite"].strip().lower() == "samesite=lax"
    assert attributes["max-age"].strip() == f"Max-Age={400 * 86400}"


def test_a_change_without_the_csrf_token_or_from_another_origin_is_refused(
    served: ServerProcess,
) -> None:
    eve = Person(served)
    no_token = eve.http.post("/api/me", json={"handle": "eve_x"})
    assert (no_token.status_code, no_token.json()["code"]) == (403, "csrf")
    elsewhere = eve.http.post(
        "/api/me",
        json={"handle": "eve_x"},
        headers={"X-CSRF-Token": eve.csrf, "Origin": "https://evil.example"},
    )
    assert (elsewhere.status_code, elsewhere.json()["code"]) == (403, "bad_origin")
    cookie = f"bigtwo_session={eve.http.cookies['bigtwo_session']}"
    with pytest.raises(InvalidStatus, match="403"):
        connect(served.ws, additional_headers={"Cookie": cookie, "Origin": "https://evil.example"})


def test_a_chat_line_is_kept_nowhere_not_in_the_database_nor_the_log(
    served: ServerProcess,
) -> None:
    line = "zebra-unicorn-ßß-0042"
    with Person(served).socket() as ws:
        assert _create(ws)["type"] == "welcome"
        ws.send(json.dumps({"type": "chat", "text": line}))
        while (heard := json.loads(ws.recv(timeout=10)))["type"] != "chat":
            pass
    assert heard["text"] == line  # said to the room: and nowhere kept
    database = Path(served.database.removeprefix("sqlite:///"))
    stored = b"".join(p.read_bytes() for p in database.parent.glob(database.name + "*"))
    assert line.encode() not in stored and line.encode("utf-16-le") not in stored
    assert line not in served.log.read_text(encoding="utf-8")


def test_a_backup_taken_while_serving_and_restored_gives_back_the_rooms_and_accounts(
    tmp_path: Path,
) -> None:
    # a minute's grace: a bot playing for Fay while she is not yet back (a loaded machine's
    # seconds between the restart and her resume) would move the table on from the backup
    server = on_sqlite(tmp_path / "live.db", grace=60.0, extra=["--passwords"])
    server.start()
    try:
        fay = Person(server, "fay_back")
        player = Client.connect(f"ws://127.0.0.1:{server.port}/ws")
        code = player.create("Fay", seats=["hard"] * 3, pause_seconds=0)
        player.host("start")
        while not player.offered():
            player.receive()
        backup = tmp_path / "nightly.db"
        taken = _bigtwo("backup", str(backup), "--database", server.database)
        assert taken.code == 0, taken.err
        again = _bigtwo("backup", str(backup), "--database", server.database)
        assert again.code == 2, "the backup goes into a new file"
        backed_up = player.view()
        player.act(str(player.offered()[0]))  # played after the backup: lost by the restore
        player.close()
    finally:
        server.stop()
    for path in tmp_path.glob("live.db*"):
        path.unlink()
    not_a_backup = tmp_path / "notes.db"
    not_a_backup.write_text("not a database")
    refused = _bigtwo("restore", str(not_a_backup), "--database", server.database)
    assert refused.code == 2 and len(refused.err.strip().splitlines()) == 1
    restored = _bigtwo("restore", str(backup), "--database", server.database)
    assert restored.code == 0, restored.err
    server.start()
    try:
        assert fay.http.get("/api/me").json()["person"]["handle"] == "fay_back"
        token = next(m["token"] for m in player.received if m["type"] == "welcome")
        back = Client.connect(f"ws://127.0.0.1:{server.port}/ws")
        back.resume(code, token)
        assert back.view().hand == backed_up.hand and back.view().history == backed_up.history
        back.close()
    finally:
        server.stop()


SERVE_REFUSALS = [
    ["--workers", "2"],  # SQLite cannot be shared
    ["--workers", "0"],
    ["--keep-finished", "0"],
    ["--keep-finished", "-1"],
    ["--keep-finished", "nan"],
    ["--keep-finished", "inf"],
    ["--deal-pause", "301"],
    ["--deal-pause", "nan"],
    ["--metrics-from", "10.0.0.0/33"],
    ["--metrics-from", "bad"],
    ["--allowed-origin", "notanorigin"],
    ["--allowed-origin", "https://cards.example/path"],
    ["--bot-pace", "slow"],
    ["--port", "70000"],
    ["--port", "0"],
    ["--grace", "-1"],
    ["--grace", "nan"],
    ["--keep-empty", "-1"],
    ["--rate", "0"],
    ["--rate", "nan"],
    ["--database", "nosuch://x"],
]


@contextlib.contextmanager
def _taken_port() -> Iterator[str]:
    """A port something already listens on: a `serve` that wrongly starts fails to listen
    there rather than serving on."""
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        yield str(taken.getsockname()[1])


@pytest.mark.parametrize("extra", SERVE_REFUSALS, ids=" ".join)
def test_serve_refuses_each_bad_option_in_one_line_with_exit_code_2(
    tmp_path: Path, extra: list[str]
) -> None:
    with _taken_port() as port:
        done = run_cli(["serve", "--port", port, "--database", sqlite_url(tmp_path / "x.db"),
                        *extra])  # fmt: skip
    assert done.code == 2, (extra, done)
    assert len(done.err.strip().splitlines()) == 1 and "Traceback" not in done.err, done.err
    assert extra[0] in done.err or "database" in done.err, done.err


@pytest.mark.parametrize(
    ("extra", "said"),
    [
        (["--metrics-from", ""], "--metrics-from is empty: name an address or a network"),
        (["--metrics-from", "10.0.0.0/8", "--metrics-from", " , "], "--metrics-from is empty"),
        (
            ["--allowed-origin", "https://straße.example"],  # IDNA 2003 would make it strasse
            "--allowed-origin: give a host in the ASCII form browsers send (IDNA, such as"
            " https://xn--mnchen-3ya.example), not 'https://straße.example'",
        ),
    ],
)
def test_serve_refuses_an_empty_metrics_from_and_an_origin_no_browser_sends(
    tmp_path: Path, extra: list[str], said: str
) -> None:
    with _taken_port() as port:
        done = run_cli(["serve", "--port", port, "--database", sqlite_url(tmp_path / "x.db"),
                        *extra])  # fmt: skip
    assert done.code == 2 and done.err.count("\n") == 1 and said in done.err, done


@pytest.mark.parametrize("option", ["--grace", "--keep-empty", "--rate"])
def test_serve_refuses_infinity_as_it_refuses_nan(tmp_path: Path, option: str) -> None:
    # a child process: a serve that wrongly takes it goes on to start uvicorn
    with _taken_port() as port:
        done = subprocess.run(
            [sys.executable, "-m", "bigtwo", "serve", "--port", port, "--database",
             sqlite_url(tmp_path / "x.db"), option, "inf"],
            capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL,
        )  # fmt: skip
    assert done.returncode == 2 and option in done.stderr, done.stderr
