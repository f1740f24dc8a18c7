"""More of the operator's side of `bigtwo serve`, from README.md and docs/deploy.md,
docs/security.md, docs/privacy.md alone, where tests/outside/test_operator.py stops: values
`serve` takes or refuses that a mistyped or unset variable gives (an empty host or database,
a port it can't have, a database in memory), `/metrics` and who may read it (through a proxy
too, and `FORWARDED_ALLOW_IPS` from the environment), the HTTP API's refusals with their
documented codes, `bigtwo admin` on a guest and the audit log it writes, a restore over a
killed server's leftover WAL, and `--keep-finished` deleting a closed room at the next start."""

from __future__ import annotations

import re
import socket
import sqlite3
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx2
import pytest

pytest.importorskip("websockets")

from cli_run import Outcome, run_cli
from server_process import ServerProcess, on_sqlite

from bigtwo.client import Client
from bigtwo.server.store import sqlite_url

PASSWORD = "correct horse battery"


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    server = on_sqlite(tmp_path_factory.mktemp("opm") / "opm.db", extra=["--passwords"])
    server.start()
    try:
        yield server
    finally:
        server.stop()


def _taken_port() -> socket.socket:
    """A socket listening on a loopback port: a `serve` that wrongly starts can't bind it."""
    taken = socket.socket()
    taken.bind(("127.0.0.1", 0))
    taken.listen()
    return taken


def _serve(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, *extra: str) -> Outcome:
    """``bigtwo serve EXTRA`` in ``tmp_path`` (its default database lands there) on a port
    already taken, so that nothing wrongly accepted goes on serving."""
    monkeypatch.chdir(tmp_path)
    with _taken_port() as taken:
        port = str(taken.getsockname()[1])
        return run_cli(["serve", "--port", port, *extra])


def _one_line(done: Outcome) -> str:
    assert done.code == 2, done
    assert "Traceback" not in done.err and done.err.startswith("bigtwo: "), done.err
    assert len(done.err.strip().splitlines()) == 1, done.err
    return done.err


# --- serve: what it refuses ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("extra", "said"),
    [
        (["--host", ""], "--host"),
        (["--host", "  "], "--host"),
        (["--database", ""], "--database"),
        (["--database", "sqlite://"], "memory"),
        (["--database", "sqlite:///:memory:"], "memory"),
    ],
    ids=["empty host", "blank host", "empty database", "sqlite://", ":memory:"],
)
def test_serve_refuses_an_empty_host_or_database_and_one_in_memory_in_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, extra: list[str], said: str
) -> None:
    """An unset variable leaves ``--host ''`` (which would listen on every network) or
    ``--database ''`` (which would be ./bigtwo.db): refused, as ``--metrics-from ''`` is; a
    database in memory keeps no room across a restart, against every promise of deploy.md."""
    done = _serve(tmp_path, monkeypatch, *extra)
    assert said in _one_line(done)
    assert "open http" not in done.out
    assert list(tmp_path.iterdir()) == []  # no database made on the way


@pytest.mark.parametrize("host", ["no-such-host.invalid", "999.1.1.1"])
def test_serve_says_in_one_line_when_it_cannot_listen_on_the_host(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, host: str
) -> None:
    done = _serve(tmp_path, monkeypatch, "--host", host)
    assert f"can't listen on {host}:" in _one_line(done)
    assert "open http" not in done.out  # no address is announced that nothing serves


def test_serve_on_a_port_in_use_says_so_in_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """As ``--workers`` does: one line, exit code 2, and no "open http://…" said first."""
    done = _serve(tmp_path, monkeypatch, "--database", sqlite_url(tmp_path / "x.db"))
    assert "can't listen on 127.0.0.1:" in _one_line(done)
    assert "open http" not in done.out


@pytest.mark.parametrize(
    ("extra", "said"),
    [
        (["--port", "-1"], "--port must be 1..65535, not -1"),
        (["--port", "65536"], "--port must be 1..65535, not 65536"),
        (["--deal-pause", "-0.5"], "--deal-pause is 0 to 300 seconds"),
        (["--deal-pause", "inf"], "--deal-pause is 0 to 300 seconds"),
        (["--keep-empty", "nan"], "--keep-empty is seconds, 0 or more"),
        (["--rate", "-1"], "--rate must be more than 0"),
        (["--workers", "-3"], "--workers must be at least 1"),
        (["--allowed-origin", "https://ann@cards.example"], "--allowed-origin names no user"),
        (["--allowed-origin", "ftp://cards.example"], "--allowed-origin is scheme://host"),
        (["--metrics-from", "10.0.0.0/8,fd00::/129"], "--metrics-from"),
        (["--database", "sqlite:////no/such/folder/x.db"], "can't open the database"),
        (["--port", "eighty"], "'--port'"),
    ],
)  # fmt: skip
def test_serve_refuses_values_out_of_their_documented_range(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, extra: list[str], said: str
) -> None:
    assert said in _one_line(_serve(tmp_path, monkeypatch, *extra))


# --- metrics ---------------------------------------------------------------------------------


def _metrics(text: str) -> dict[str, float]:
    """Each sample line of Prometheus' text format: its name with labels, and its value."""
    samples = {}
    for line in text.splitlines():
        if line and not line.startswith("#"):
            name, value = line.rsplit(" ", 1)
            samples[name] = float(value)
    return samples


def test_metrics_have_every_documented_series_and_count_what_happened(
    served: ServerProcess,
) -> None:
    before = _metrics(httpx2.get(served.base + "/metrics").text)
    player = Client.connect(served.ws)
    player.create("Ann", seats=["hard"] * 3, pause_seconds=0)
    player.host("start")
    while not player.offered():
        player.receive()
    player.act(str(player.offered()[0]))
    player.send({"type": "join", "room": "NOSUCHROOM", "name": "x"})  # refused: no_room
    assert player.expect("error")["code"] == "no_room"
    answer = httpx2.get(served.base + "/metrics")
    player.close()
    assert answer.status_code == 200
    assert "version=0.0.4" in answer.headers["content-type"]
    kinds = dict(re.findall(r"^# TYPE (\S+) (\S+)$", answer.text, re.M))
    assert kinds == {
        "bigtwo_rooms": "gauge",
        "bigtwo_connections": "gauge",
        "bigtwo_actions_total": "counter",
        "bigtwo_refusals_total": "counter",
        "bigtwo_database_errors_total": "counter",
        "bigtwo_commit_seconds": "histogram",
        "bigtwo_bot_turns_seconds": "histogram",
        "bigtwo_bot_moves_total": "counter",
        "process_start_time_seconds": "gauge",
    } | {k: v for k, v in kinds.items() if not k.startswith(("bigtwo_", "process_start"))}
    after = _metrics(answer.text)
    assert after['bigtwo_rooms{status="playing"}'] >= 1
    assert after["bigtwo_connections"] >= 1
    assert after["bigtwo_actions_total"] > before.get("bigtwo_actions_total", 0)
    assert after['bigtwo_refusals_total{code="no_room"}'] >= 1
    assert after["bigtwo_bot_moves_total"] > before.get("bigtwo_bot_moves_total", 0)
    assert after["bigtwo_database_errors_total"] == 0
    commits = {k: v for k, v in after.items() if k.startswith("bigtwo_commit_seconds_bucket")}
    assert 'bigtwo_commit_seconds_bucket{le="0.0005"}' in commits
    assert 'bigtwo_commit_seconds_bucket{le="2.5"}' in commits
    assert (
        commits['bigtwo_commit_seconds_bucket{le="+Inf"}'] == after["bigtwo_commit_seconds_count"]
    )
    assert {
        'bigtwo_bot_turns_seconds_bucket{le="5"}',
        'bigtwo_bot_turns_seconds_bucket{le="5.0"}',
    } & set(after)
    started = after["process_start_time_seconds"]
    assert time.time() - 600 < started < time.time()


def test_metrics_through_a_proxy_are_for_the_forwarded_address_not_the_proxys(
    served: ServerProcess,
) -> None:
    """A proxy on loopback (trusted by default) forwarding the world must not open them."""
    direct = httpx2.get(served.base + "/metrics")
    forwarded = httpx2.get(served.base + "/metrics", headers={"X-Forwarded-For": "203.0.113.5"})
    assert direct.status_code == 200
    assert forwarded.status_code == 403


@pytest.fixture(scope="module")
def scraped(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """A server whose options sit at the edges of their ranges, with /metrics for two
    networks and one address given together."""
    server = on_sqlite(
        tmp_path_factory.mktemp("edge") / "edge.db",
        grace=0.0,
        deal_pause=300.0,
        extra=[
            "--keep-empty", "0",
            "--keep-finished", "0.001",
            "--metrics-from", "10.0.0.0/8,fd00::/8",
            "--metrics-from", "192.0.2.7",
            "--allowed-origin", "https://Cards.Example:443",
        ],
    )  # fmt: skip
    server.start()
    try:
        yield server
    finally:
        server.stop()


@pytest.mark.parametrize(
    ("forwarded", "status"),
    [(None, 403), ("192.0.2.7", 200), ("192.0.2.8", 403), ("10.20.30.40", 200),
     ("fd00::1", 200), ("fe80::1", 403)],
)  # fmt: skip
def test_metrics_answer_only_the_networks_named_and_no_longer_loopback(
    scraped: ServerProcess, forwarded: str | None, status: int
) -> None:
    headers = {} if forwarded is None else {"X-Forwarded-For": forwarded}
    answer = httpx2.get(scraped.base + "/metrics", headers=headers)
    assert answer.status_code == status, (forwarded, answer.text)


def test_an_allowed_origin_is_compared_as_browsers_write_it(scraped: ServerProcess) -> None:
    """``https://Cards.Example:443`` is ``https://cards.example``: a request from that page
    passes the Origin check, one from another is refused ``bad_origin``."""
    http = httpx2.Client(base_url=scraped.base)
    csrf = http.get("/api/me").json()["csrf"]
    for origin, status in (("https://cards.example", 200), ("https://evil.example", 403)):
        answer = http.post("/api/me", json={"handle": "edge_one"},
                           headers={"X-CSRF-Token": csrf, "Origin": origin})  # fmt: skip
        assert answer.status_code == status, (origin, answer.text)


# --- the environment ---------------------------------------------------------------------------


def test_forwarded_allow_ips_from_the_environment_decides_whom_to_believe(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With ``FORWARDED_ALLOW_IPS`` naming another address, loopback is no trusted proxy:
    its ``X-Forwarded-Proto: https`` pins nothing, its ``X-Forwarded-For`` is not believed."""
    monkeypatch.setenv("FORWARDED_ALLOW_IPS", "192.0.2.1")
    server = on_sqlite(tmp_path / "env.db")
    server.start()
    try:
        lied = {"X-Forwarded-Proto": "https", "X-Forwarded-For": "203.0.113.5"}
        me = httpx2.get(server.base + "/api/me", headers=lied)
        metrics = httpx2.get(server.base + "/metrics", headers=lied)
    finally:
        server.stop()
    assert "strict-transport-security" not in me.headers
    assert "secure" not in me.headers["set-cookie"].lower()
    assert metrics.status_code == 200  # the asker is loopback, whatever the header says


# --- the HTTP API's refusals -------------------------------------------------------------------


@pytest.fixture(scope="module")
def room(served: ServerProcess) -> Iterator[str]:
    """The code of a room in play."""
    player = Client.connect(served.ws)
    code = player.create("Ann", seats=["hard"] * 3, pause_seconds=0)
    player.host("start")
    while not player.offered():
        player.receive()
    yield code
    player.close()


def _refusals(base: str, code: str) -> list[tuple[str, str, Any, int, str]]:
    big = b"[" + b"0," * 600_000 + b"0]"
    return [
        ("GET", "/api/rooms/NOSUCHROOM", None, 404, "no_room"),
        ("GET", "/api/rooms/NOSUCHROOM/rules", None, 404, "no_room"),
        ("GET", "/api/rules/nosuch", None, 404, "no_preset"),
        ("GET", f"/api/rooms/{code}/records/0", None, 404, "no_record"),
        ("GET", f"/api/rooms/{code}/records/first", None, 400, "bad_number"),
        ("GET", f"/api/rooms/{code}/replays/-x", None, 400, "bad_number"),
        ("GET", f"/api/rooms/{code}/records/%C2%B2", None, 400, "bad_number"),  # a digit, ²
        ("GET", f"/api/rooms/{code}/replays/%D9%A1", None, 400, "bad_number"),  # Arabic one
        ("GET", f"/api/rooms/{code}/replays/0", None, 404, "no_record"),
        ("POST", "/api/replay", b"{not json", 400, "bad_record"),
        ("POST", "/api/replay", b'{"type": "session"}', 400, "bad_record"),
        ("POST", "/api/replay", big, 413, "too_large"),
        ("POST", "/api/review?seat=0", b"[]", 400, "bad_record"),
    ]


def test_the_room_and_replay_routes_refuse_with_the_documented_code_and_status(
    served: ServerProcess, room: str
) -> None:
    for method, path, body, status, code in _refusals(served.base, room):
        answer = httpx2.request(method, served.base + path, content=body)
        assert answer.status_code == status, (path, answer.status_code, answer.text[:200])
        refusal = answer.json()
        assert refusal["type"] == "error" and refusal["code"] == code, (path, refusal)
        assert refusal["message"] and isinstance(refusal["params"], dict), (path, refusal)


def test_the_account_routes_refuse_with_the_documented_code_and_status(
    served: ServerProcess,
) -> None:
    http = httpx2.Client(base_url=served.base)
    csrf = http.get("/api/me").json()["csrf"]
    other = httpx2.Client(base_url=served.base)
    other_csrf = other.get("/api/me").json()["csrf"]
    assert other.post("/api/me", json={"handle": "Taken_One"},
                      headers={"X-CSRF-Token": other_csrf}).status_code == 200  # fmt: skip

    def post(path: str, body: Any = None, raw: bytes | None = None) -> httpx2.Response:
        return http.post(path, json=body, content=raw, headers={"X-CSRF-Token": csrf})

    cases = [
        (post("/api/me", {"handle": "a b"}), 400, "bad_handle"),
        (post("/api/me", {"handle": "x" * 21}), 400, "bad_handle"),
        (post("/api/me", {"handle": "taken_one"}), 409, "handle_taken"),  # in any case
        (post("/api/me", raw=b"[1, 2]"), 400, "bad_request"),
        (post("/api/me", raw=b"{nope"), 400, "bad_request"),
        (post("/api/me/password", {"password": "short"}), 400, "bad_password"),
        (post("/api/me/password", {"password": "p" * 201}), 400, "bad_password"),
        (post("/api/me/recovery-codes"), 403, "account_needed"),
        (post("/api/me/sessions/nosuchref/revoke"), 404, "no_session"),
        (post("/api/me/delete", {"handle": "someone_else"}), 400, "confirm_handle"),
        (post("/api/admin/act", {"action": "suspend", "handle": "taken_one"}), 404, "not_found"),
        (httpx2.get(served.base + "/api/me/sessions"), 401, "signed_out"),
        (httpx2.get(served.base + "/api/admin/attention"), 404, "not_found"),
    ]
    for answer, status, code in cases:
        assert (answer.status_code, answer.json()["code"]) == (status, code), (
            answer.request.url, answer.text)  # fmt: skip


# --- bigtwo admin ------------------------------------------------------------------------------


def _account(server: ServerProcess, handle: str) -> httpx2.Client:
    """A browser whose guest became the account ``handle`` by a password."""
    http = httpx2.Client(base_url=server.base)
    csrf = http.get("/api/me").json()["csrf"]
    for path, body in (("/api/me/password", {"password": PASSWORD}),
                       ("/api/me", {"handle": handle})):  # fmt: skip
        assert http.post(path, json=body, headers={"X-CSRF-Token": csrf}).status_code == 200
    return http


def test_admin_grant_to_a_guest_is_refused_and_a_grant_is_in_the_audit_log(
    served: ServerProcess,
) -> None:
    """Only an account may operate (``not_account``); each console action is an audit line
    that names no operator, which the granted operator then reads at /api/admin/audit."""
    guest = httpx2.Client(base_url=served.base)
    guest_csrf = guest.get("/api/me").json()["csrf"]
    assert guest.post("/api/me", json={"handle": "just_a_guest"},
                      headers={"X-CSRF-Token": guest_csrf}).status_code == 200  # fmt: skip
    refused = run_cli(["admin", "grant", "just_a_guest", "--database", served.database])
    _one_line(refused)
    assert guest.get("/api/admin/attention").status_code == 404
    gil = _account(served, "gil_audit")
    assert run_cli(["admin", "grant", "gil_audit", "--database", served.database]).code == 0
    lines = gil.get("/api/admin/audit", params={"size": 5})
    assert lines.status_code == 200, lines.text
    entries = lines.json()["lines"]
    assert 1 <= len(entries) <= 5
    assert entries[0]["action"] == "operator_grant", entries  # the latest first
    assert (entries[0]["handle"], entries[0]["actor"]) == ("gil_audit", None)


def test_the_audit_logs_size_is_refused_in_words_or_bounded_never_a_server_error(
    served: ServerProcess,
) -> None:
    ops = _account(served, "ops_sizes")
    assert run_cli(["admin", "grant", "ops_sizes", "--database", served.database]).code == 0
    for size in ("abc", "-1", "1e9", "99999999999999999999", "²"):
        answer = ops.get("/api/admin/audit", params={"size": size})
        assert answer.status_code == 400, (size, answer.status_code, answer.text[:300])
        assert answer.json()["code"] == "bad_field", size
    for size, most in (("0", 1), ("3", 3)):
        answer = ops.get("/api/admin/audit", params={"size": size})
        assert answer.status_code == 200 and 1 <= len(answer.json()["lines"]) <= most, size


@pytest.mark.parametrize(
    "argv",
    [["admin", "attention"], ["admin", "grant", "ann"], ["backup", "{tmp}/new.db"],
     ["restore", "{tmp}/copy.db"]],
    ids=" ".join,
)  # fmt: skip
@pytest.mark.parametrize("database", ["", "sqlite://", "sqlite:///:memory:"])
def test_admin_backup_and_restore_refuse_an_empty_or_in_memory_database(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, argv: list[str], database: str
) -> None:
    """Not read as ./bigtwo.db, which they would report on, copy, or restore over; and no
    empty database in memory reported on as if it were the server's."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "bigtwo.db").write_bytes(b"")  # what an empty URL would wrongly name
    (tmp_path / "copy.db").write_bytes(b"")
    done = run_cli([a.format(tmp=tmp_path) for a in argv] + ["--database", database])
    assert "--database" in _one_line(done) and done.out == ""
    assert (tmp_path / "bigtwo.db").read_bytes() == b""
    assert not (tmp_path / "new.db").exists()


# --- backup and restore ------------------------------------------------------------------------


def test_a_restore_over_a_killed_servers_leftover_wal_is_the_backups_state(
    tmp_path: Path,
) -> None:
    """Restored without deleting anything first: the WAL of the later commits beside the
    database file must not come back over the backup's state."""
    server = on_sqlite(tmp_path / "live.db")
    server.start()
    player = Client.connect(server.ws)
    code = player.create("Ann", seats=["hard"] * 3, pause_seconds=0)
    player.host("start")
    while not player.offered():
        player.receive()
    token = next(m["token"] for m in player.received if m["type"] == "welcome")
    backup = tmp_path / "taken.db"
    assert run_cli(["backup", str(backup), "--database", server.database]).code == 0
    with sqlite3.connect(backup) as copy:
        assert copy.execute("PRAGMA journal_mode").fetchone()[0] == "delete"
        assert copy.execute("PRAGMA quick_check").fetchone()[0] == "ok"
    assert not Path(f"{backup}-wal").exists()
    backed_up = player.view()
    player.act(str(player.offered()[0]))
    player.close()
    server.kill()  # its WAL holds the move made after the backup
    assert Path(f"{tmp_path / 'live.db'}-wal").stat().st_size > 0
    restored = run_cli(["restore", str(backup), "--database", server.database])
    assert restored.code == 0, restored
    server.start()
    try:
        back = Client.connect(server.ws)
        back.resume(code, token)
        assert back.view().history == backed_up.history
        assert back.view().hand == backed_up.hand
        back.close()
    finally:
        server.stop()


def test_backup_by_default_copies_bigtwo_db_here_and_refuses_a_folder_as_its_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    server = on_sqlite(tmp_path / "bigtwo.db")
    server.start()
    try:
        taken = run_cli(["backup", "copy.db"])
        (tmp_path / "folder").mkdir()
        into_folder = run_cli(["backup", "folder"])
    finally:
        server.stop()
    assert taken.code == 0, taken
    with sqlite3.connect(tmp_path / "copy.db") as copy:
        assert copy.execute("SELECT count(*) FROM alembic_version").fetchone()[0] == 1
    _one_line(into_folder)
    assert list((tmp_path / "folder").iterdir()) == []


# --- keeping finished rooms --------------------------------------------------------------------


def test_keep_finished_deletes_a_closed_room_at_the_next_start_and_keeps_an_open_one(
    tmp_path: Path,
) -> None:
    """``--keep-finished 0.00001`` (under a second): a room closed (nobody in it for
    ``--keep-empty 0.5`` s) before the stop is gone after a start; a room someone is in when
    the server stops is open, and kept."""
    path = tmp_path / "kept.db"
    server = on_sqlite(path, extra=["--keep-empty", "0.5", "--keep-finished", "0.00001"])
    server.start()
    try:
        left = Client.connect(server.ws)
        closed = left.create("Ann", seats=["hard"] * 3, pause_seconds=0)
        left.close()
        stays = Client.connect(server.ws)
        kept = stays.create("Bo", seats=["hard"] * 3, pause_seconds=0)
        end = time.monotonic() + 10
        while _status(server, closed) != "closed":
            assert time.monotonic() < end, "the empty room never closed"
            time.sleep(0.1)
        assert _status(server, kept) == "waiting"
    finally:
        server.kill()  # its connection still in the room: open, as stored
    with sqlite3.connect(path) as db:
        assert db.execute("SELECT count(*) FROM rooms WHERE code = ?", (closed,)).fetchone()[0]
    time.sleep(1.0)
    server.start()
    try:
        end = time.monotonic() + 10
        while _status(server, closed) is not None:  # deleted as the server starts
            assert time.monotonic() < end, "the closed room was kept"
            time.sleep(0.1)
        gone = httpx2.get(f"{server.base}/api/rooms/{closed}/records/0").json()["code"]
        assert _status(server, kept) is not None
    finally:
        server.stop()
    assert gone == "no_record"
    with sqlite3.connect(path) as db:
        for table in ("rooms", "changes", "records"):
            column = "code" if table == "rooms" else "room"
            count = f"SELECT count(*) FROM {table} WHERE {column} = ?"
            assert db.execute(count, (closed,)).fetchone()[0] == 0, table
        assert db.execute("SELECT count(*) FROM rooms WHERE code = ?", (kept,)).fetchone()[0]


def _status(server: ServerProcess, code: str) -> str | None:
    """The room's status as anyone may read it, or None where there is no such room."""
    answer = httpx2.get(f"{server.base}/api/rooms/{code}")
    return None if answer.status_code == 404 else str(answer.json()["status"])
