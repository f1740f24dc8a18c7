"""What docs/security.md, docs/privacy.md and docs/deploy.md promise about people, checked
from outside: each test reads a promise and tries to break it through the app's routes, as a
browser (or another site's page, or another person) would.

The key flows (a guest, a passkey's sign-in, revoking, export and deletion, the results rows)
run on SQLite and on PostgreSQL."""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import postgres
import pytest
import sqlalchemy as sa
from follower import Follower
from starlette.routing import Route
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from typer.testing import CliRunner

from bigtwo.cli.app import app as cli
from bigtwo.server.accounts import signin
from bigtwo.server.app import make_app
from bigtwo.server.settings import Settings
from bigtwo.server.store import sqlite_url

from .authenticator import SoftKey
from .hidden_cards import cards_in

WS = "/ws?protocol=2"
ORIGIN = "http://testserver"
EVIL = "http://evil.example"
COOKIE = "bigtwo_session"  # the name docs/security.md gives
CHANGING = {"POST", "PUT", "PATCH", "DELETE"}
HEADERS = {  # docs/deploy.md, "Security headers": on every response
    "content-security-policy",
    "x-frame-options",
    "referrer-policy",
    "x-content-type-options",
    "permissions-policy",
    "cross-origin-opener-policy",
}


@pytest.fixture(autouse=True)
def no_delay(monkeypatch: pytest.MonkeyPatch) -> None:
    """A failed sign-in waits a quarter second in service; here dozens fail (the wait itself
    is checked by the one test that puts it back)."""
    monkeypatch.setattr(signin, "FAIL_DELAY", 0.0)


def _settings(**changes: Any) -> Settings:
    """Bots at once, no rest between deals, a bot in a seat left 0.3 s ago."""
    return Settings(bot_pace="instant", pause=0.0, grace=0.3, **changes)


@pytest.fixture
def db(tmp_path: Path) -> str:
    return sqlite_url(tmp_path / "app.db")


@pytest.fixture
def app(db: str) -> Any:
    return make_app(db, _settings())


@pytest.fixture
def client(app: Any) -> Iterator[TestClient]:
    with TestClient(app) as client:
        yield client


@pytest.fixture(params=["sqlite", "postgresql"])
def either(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[tuple[str, TestClient]]:
    """A running app on SQLite or on PostgreSQL (a fresh database on the run's cluster)."""
    url = sqlite_url(tmp_path / "app.db")
    if request.param == "postgresql":
        cluster: postgres.Cluster = request.getfixturevalue("postgres_cluster")
        url = cluster.database()
    with TestClient(make_app(url, _settings())) as client:
        yield url, client


class Browser:
    """One browser's cookie jar on a shared test client, speaking as the page does (its
    origin, the CSRF token from ``GET /api/me``) unless told otherwise."""

    def __init__(self, client: TestClient) -> None:
        self.client = client
        self.cookies: dict[str, str] = {}
        self.me = self.get("/api/me").json()

    def _jar(self) -> None:
        self.client.cookies.clear()
        for k, v in self.cookies.items():
            self.client.cookies.set(k, v)

    def _keep(self, answer: Any) -> Any:
        if COOKIE in answer.cookies:
            self.cookies = {COOKIE: answer.cookies[COOKIE]}
        elif "set-cookie" in answer.headers and COOKIE in answer.headers["set-cookie"]:
            self.cookies = {}  # cleared
        return answer

    @property
    def person(self) -> dict[str, Any]:
        person: dict[str, Any] = self.me["person"]
        return person

    def get(self, path: str, **headers: str) -> Any:
        self._jar()
        return self._keep(self.client.get(path, headers=headers))

    def post(self, path: str, body: object = None, token: bool = True, **headers: str) -> Any:
        self._jar()
        sent = {"Origin": ORIGIN, **headers}
        if token:
            sent["X-CSRF-Token"] = self.me["csrf"]
        answer = self._keep(self.client.post(path, content=json.dumps(body or {}), headers=sent))
        if answer.status_code == 200 and "csrf" in answer.json():
            self.me = answer.json()  # signed in: a new session, a new token
        return answer

    def socket(self, **headers: str) -> Any:
        self._jar()
        return self.client.websocket_connect(WS, headers={"Origin": ORIGIN, **headers})

    def register(self, key: SoftKey, name: str = "laptop") -> Any:
        options = self.post("/api/passkeys/register/begin").json()
        made = self.post(
            "/api/passkeys/register/finish", {"credential": key.create(options), "name": name}
        )
        assert made.status_code == 200, made.text
        self.me = self.get("/api/me").json()
        return made

    def sign_in(self, key: SoftKey) -> Any:
        options = self.post("/api/passkeys/sign-in/begin").json()
        return self.post("/api/passkeys/sign-in/finish", {"credential": key.get(options)})


def _account(client: TestClient, handle: str) -> tuple[Browser, SoftKey]:
    browser = Browser(client)
    assert browser.post("/api/me", {"handle": handle}).status_code == 200
    key = SoftKey(ORIGIN)
    browser.register(key)
    assert browser.person["kind"] == "account"
    return browser, key


def _play_one_deal(browser: Browser, name: str) -> str:
    """A one-deal session against three bots, played to its end over the socket: the code."""
    with browser.socket() as raw:
        ws = Follower(raw)
        assert ws.receive_json()["type"] == "hello"
        ws.send_json({"type": "create", "name": name, "seats": ["easy"] * 3, "deals": 1})
        code = ws.receive_json()["room"]
        ws.send_json({"type": "host", "what": "start"})
        for step in range(2000):
            message = ws.receive_json()
            state = message.get("state") if message["type"] == "update" else message
            if not isinstance(state, dict) or "room" not in state:
                continue
            if state["room"]["status"] == "over":
                return str(code)
            if 0 in state.get("awaiting", []) and state.get("offers"):
                move = state["offers"][-1]
                ws.send_json({"type": "act", "id": f"a{step}", "action": move, "seq": state["seq"]})
    raise AssertionError("the deal never ended")


def _changing_routes(app: Any) -> list[tuple[str, str]]:
    """Every (method, path) of the app that may change something, ids filled in."""
    found = []
    for route in app.routes:
        if isinstance(route, Route):
            for method in sorted((route.methods or set()) & CHANGING):
                found.append((method, re.sub(r"\{[^}]+\}", "x1", route.path)))
    return found


# --- cookies ------------------------------------------------------------------------------


def test_the_cookie_is_httponly_lax_and_secure_only_over_tls(tmp_path: Path) -> None:
    for base, secure in (("http://testserver", False), ("https://cards.example", True)):
        app = make_app(sqlite_url(tmp_path / f"{secure}.db"), _settings())
        with TestClient(app, base_url=base) as client:
            answer = client.get("/api/me")
        [cookie] = [v for k, v in answer.headers.multi_items() if k == "set-cookie"]
        name, *flags = [part.strip().lower() for part in cookie.split(";")]
        assert name.startswith(f"{COOKIE}=")
        assert {"httponly", "samesite=lax", "path=/"} <= set(flags)
        assert ("secure" in flags) is secure, cookie
        age = [f for f in flags if f.startswith("max-age=")]
        assert age == [f"max-age={400 * 24 * 3600}"]  # kept 400 days
        assert len(name.split("=", 1)[1]) >= 43  # 32 random bytes, however written


def test_the_database_holds_only_the_cookies_digest(client: TestClient, db: str) -> None:
    browser = Browser(client)
    secret = browser.cookies[COOKIE]
    dump = _dump(db)
    assert secret not in dump  # a copy of the database signs nobody in


# --- CSRF on every state-changing route -----------------------------------------------------


def test_every_state_changing_route_refuses_a_request_without_the_token(
    app: Any, client: TestClient
) -> None:
    routes = _changing_routes(app)
    assert ("POST", "/api/me/delete") in routes and len(routes) >= 15  # the walk found them
    browser = Browser(client)
    handle = browser.person["handle"]
    for method, path in routes:
        if path in ("/api/replay", "/api/review"):  # documented: store nothing, speak for nobody
            continue
        body = json.dumps({"handle": handle})
        browser._jar()
        cases = {
            "csrf": {"Origin": ORIGIN},  # no token
            "csrf ": {"Origin": ORIGIN, "X-CSRF-Token": "0" * 64},  # a wrong one
            "bad_origin": {"Origin": EVIL, "X-CSRF-Token": browser.me["csrf"]},
            "bad_origin ": {"Sec-Fetch-Site": "cross-site", "X-CSRF-Token": browser.me["csrf"]},
        }
        for code, headers in cases.items():
            answer = client.request(method, path, content=body, headers=headers)
            assert answer.status_code == 403, (method, path, headers, answer.text)
            assert answer.json()["code"] == code.strip(), (method, path, answer.json())
        client.cookies.clear()  # no session at all: no token can be right
        answer = client.request(method, path, content=body, headers={"Origin": ORIGIN})
        assert answer.status_code == 403 and answer.json()["code"] == "csrf", (method, path)
    assert Browser(client).person["id"] != browser.person["id"]
    assert browser.get("/api/me").json()["person"] == browser.person  # nothing changed


def test_the_static_files_change_nothing(client: TestClient) -> None:
    for path in ("/", "/index.html", "/api/nothing-here", "/healthz", "/metrics"):
        answer = client.post(path, content=b"{}")
        assert answer.status_code in (403, 404, 405), (path, answer.status_code)


# --- WebSockets ----------------------------------------------------------------------------


def test_a_cookie_bearing_socket_from_another_site_is_refused(client: TestClient) -> None:
    browser = Browser(client)
    for origin in (EVIL, "null", "http://testserver.evil.example", "https://testserver"):
        with pytest.raises(WebSocketDisconnect), browser.socket(Origin=origin) as ws:
            ws.receive_json()
    with browser.socket() as ws:
        assert ws.receive_json()["type"] == "hello"
    client.cookies.clear()  # a program: no cookie, any origin
    with client.websocket_connect(WS, headers={"Origin": EVIL}) as ws:
        assert ws.receive_json()["type"] == "hello"


# --- sign-in: limits and no enumeration ------------------------------------------------------


def _recover(browser: Browser, handle: str, code: str = "aaaa-bbbb-cccc") -> Any:
    return browser.post("/api/recover", {"handle": handle, "code": code})


def test_sign_in_failures_say_nothing_of_whether_a_handle_exists(
    db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(signin, "FAIL_DELAY", 0.25)
    passwords = make_app(db, _settings(passwords=True))
    with TestClient(passwords) as client:
        ann = Browser(client)
        assert ann.post("/api/me", {"handle": "ann_real"}).status_code == 200
        assert ann.post("/api/me/password", {"password": "correct horse"}).status_code == 200
        _account(client, "bo_nopass")
        stranger = Browser(client)
        answers = []
        for handle in ("ann_real", "bo_nopass", "nobody_here"):
            for path, body in (
                ("/api/recover", {"handle": handle, "code": "aaaa-bbbb-cccc"}),
                ("/api/password/sign-in", {"handle": handle, "password": "wrong horse!"}),
            ):
                answer = stranger.post(path, body)
                seconds = answer.elapsed.total_seconds()
                assert seconds >= 0.2, (path, handle, seconds)  # every failure waits alike
                answers.append((answer.status_code, answer.content))
    assert len(set(answers)) == 1, answers
    assert answers[0][0] == 401 and json.loads(answers[0][1])["code"] == "sign_in_failed"


def test_sign_in_is_limited_per_address_and_per_account(app: Any, client: TestClient) -> None:
    _account(client, "ann_real")
    browser = Browser(client)
    for _ in range(10):  # failures per account: the handle as typed, anyone's or not
        assert _recover(browser, "ann_real").status_code == 401
        assert _recover(browser, "nobody_here").status_code == 401
    held = [_recover(browser, h) for h in ("ann_real", "nobody_here")]
    assert [a.status_code for a in held] == [429, 429]
    assert held[0].content == held[1].content  # alike, existing or not
    body = held[0].json()
    assert body["code"] == "too_many_attempts" and body["params"]["seconds"] > 0
    # 22 attempts from this address: past 20, any handle waits
    assert _recover(browser, "carol_other").status_code == 429
    elsewhere = Browser(TestClient(app, client=("203.0.113.9", 5000)))  # another address
    assert _recover(elsewhere, "carol_other").status_code == 401
    assert _recover(elsewhere, "ann_real").status_code == 429  # the account is still held


# --- recovery codes ------------------------------------------------------------------------


def test_a_recovery_code_signs_in_once(client: TestClient) -> None:
    guest = Browser(client)
    refused = guest.post("/api/me/recovery-codes")
    assert refused.status_code == 403 and refused.json()["code"] == "account_needed"
    ann, _ = _account(client, "ann_real")
    codes = ann.post("/api/me/recovery-codes").json()["codes"]
    assert len(codes) == 10 and len(set(codes)) == 10
    assert all(re.fullmatch(r"[a-z0-9]{4}-[a-z0-9]{4}-[a-z0-9]{4}", c, re.I) for c in codes)
    shown = ann.get("/api/me/recovery-codes").text
    assert not any(c in shown for c in codes)  # shown once: never again
    laptop = Browser(client)
    assert _recover(laptop, "ann_real", codes[0]).status_code == 200
    assert laptop.get("/api/me").json()["person"]["id"] == ann.person["id"]
    again = _recover(Browser(client), "ann_real", codes[0])
    assert again.status_code == 401 and again.json()["code"] == "sign_in_failed"
    fresh = ann.post("/api/me/recovery-codes").json()["codes"]  # the old ones replaced
    assert _recover(Browser(client), "ann_real", codes[1]).status_code == 401
    assert _recover(Browser(client), "ann_real", fresh[0]).status_code == 200
    assert _recover(Browser(client), "bo_other", fresh[1]).status_code == 401  # Ann's, not Bo's


# --- sessions ------------------------------------------------------------------------------


def test_a_session_revoked_from_another_device_is_dead(either: tuple[str, TestClient]) -> None:
    _, client = either
    phone, key = _account(client, "ann_real")
    laptop = Browser(client)
    before = dict(laptop.cookies)
    assert laptop.sign_in(key).status_code == 200
    assert laptop.get("/api/me").json()["person"]["id"] == phone.person["id"]
    old = Browser.__new__(Browser)  # the laptop's guest cookie from before signing in
    old.client, old.cookies = client, before
    assert old.get("/api/me/sessions").status_code == 401  # revoked by the sign-in
    devices = phone.get("/api/me/sessions").json()["sessions"]
    [other] = [d for d in devices if not d["current"]]
    with laptop.socket() as ws:
        assert ws.receive_json()["type"] == "hello"
        done = phone.post(f"/api/me/sessions/{other['ref']}/revoke")
        assert done.status_code == 200
        bye = ws.receive_json()
        assert (bye["type"], bye["code"], bye["reconnect"]) == ("bye", "signed_out", False)
        with pytest.raises(WebSocketDisconnect):
            ws.receive_json()
    cookie = dict(laptop.cookies)
    answer = laptop.get("/api/me/sessions")
    assert answer.status_code == 401 and answer.json()["code"] == "signed_out"
    laptop.cookies = cookie
    assert laptop.get("/api/me").json()["person"]["id"] != phone.person["id"]  # a new guest
    with phone.socket() as ws:  # the phone's own session lives on
        assert ws.receive_json()["type"] == "hello"


# --- one person, another's data ------------------------------------------------------------


def test_nobody_reads_or_changes_another_persons_data(client: TestClient) -> None:
    ann, _ = _account(client, "ann_real")
    _play_one_deal(ann, "Ann")
    bo = Browser(client)
    a = ann.person
    [ann_key] = ann.get("/api/me/passkeys").json()["passkeys"]
    ann_session = ann.me["session"]
    theirs = {
        "/api/me/games": ann.get("/api/me/games").json(),
        "/api/me/stats": ann.get("/api/me/stats").json(),
        "/api/me/profile": ann.get("/api/me/profile").json(),
        "/api/me/sessions": ann.get("/api/me/sessions").json(),
        "/api/me/passkeys": ann.get("/api/me/passkeys").json(),
    }
    assert theirs["/api/me/games"]["total"] == 1
    for path in (*theirs, "/api/me/export", "/api/me/recovery-codes"):
        for query in ("", f"?person={a['id']}", f"?handle={a['handle']}", f"?id={a['id']}"):
            answer = bo.get(path + query)
            assert a["id"] not in answer.text and "Ann" not in answer.text, (path, query)
            assert ann_session not in answer.text and ann_key["id"] not in answer.text
    assert bo.get("/api/me/games").json()["total"] == 0
    attempts = {
        f"/api/me/sessions/{ann_session}/revoke": ("no_session", 404),
        f"/api/me/passkeys/{ann_key['id']}/remove": ("no_passkey", 404),
        "/api/me/delete": ("confirm_handle", 400),
    }
    for path, (code, status) in attempts.items():
        answer = bo.post(path, {"handle": a["handle"], "person": a["id"]})
        assert (answer.status_code, answer.json()["code"]) == (status, code), path
    bo.post("/api/me/profile", {"person": a["id"], "initials": "XX"})
    bo.post("/api/me", {"person": a["id"], "display_name": "Mallory"})
    renamed = bo.post("/api/me", {"handle": "ANN_REAL"})
    assert renamed.status_code == 409 and renamed.json()["code"] == "handle_taken"
    for path, before in theirs.items():
        if path != "/api/me/sessions":  # last seen moves on as Ann reads
            assert ann.get(path).json() == before, path
    assert ann.get("/api/me").json()["person"] == a
    with ann.socket() as ws:  # Ann's session still alive
        assert ws.receive_json()["type"] == "hello"


# --- export and deletion -------------------------------------------------------------------


def _dump(url: str) -> str:
    """Every row of every table, as text."""
    engine = sa.create_engine(url)
    meta = sa.MetaData()
    meta.reflect(engine)
    rows = []
    with engine.connect() as conn:
        for table in meta.sorted_tables:
            for row in conn.execute(sa.select(table)):
                rows.append(f"{table.name}: {tuple(row)!r}")
    engine.dispose()
    return "\n".join(rows)


def _holding(url: str, needle: str) -> set[str]:
    """The tables with a row that holds ``needle`` anywhere."""
    return {line.split(":", 1)[0] for line in _dump(url).splitlines() if needle in line}


def test_export_then_deletion_removes_what_privacy_says(either: tuple[str, TestClient]) -> None:
    url, client = either
    ann, _ = _account(client, "ann_real")
    ann.post("/api/me/recovery-codes")
    ann.post("/api/me/profile", {"initials": "AR", "colour": "#aa3300"})
    code = _play_one_deal(ann, "Annie")
    person = ann.person["id"]
    export = ann.get("/api/me/export")
    assert export.status_code == 200
    data = export.json()
    assert {"person", "profile", "games", "sessions", "passkeys"} <= set(data)
    assert data["person"]["id"] == person and [g["room"] for g in data["games"]] == [code]
    assert "public_key" not in export.text.lower() and ann.cookies[COOKIE] not in export.text
    assert _holding(url, person) >= {"people", "sessions", "passkeys", "profiles", "results"}
    with ann.socket() as ws:
        assert ws.receive_json()["type"] == "hello"
        done = ann.post("/api/me/delete", {"handle": "ann_real"})
        assert done.status_code == 200, done.text
        assert ws.receive_json()["code"] == "signed_out"  # its sockets closed
    # nothing holds the id any more but the audit log and the rooms sat in (docs/privacy.md)
    assert _holding(url, person) <= {"audit", "rooms", "changes"}
    record = ann.get(f"/api/rooms/{code}/records/0")
    assert record.status_code == 200 and "Annie" in record.text  # the name as played
    assert ann.get("/api/me").json()["person"]["id"] != person
    assert _recover(Browser(client), "ann_real").json()["code"] == "sign_in_failed"


def test_a_deal_ended_after_deletion_writes_no_row_for_the_deleted(
    either: tuple[str, TestClient],
) -> None:
    """Deleted mid-session: a bot plays the seat on, and the deals that end after make no
    results row for a person who is gone (nothing would ever delete it)."""
    url, client = either
    ann, _ = _account(client, "ann_real")
    person = ann.person["id"]
    with ann.socket() as ws:
        ws.receive_json()
        ws.send_json({"type": "create", "name": "Ann", "seats": ["easy"] * 3, "deals": 1})
        code = ws.receive_json()["room"]
        ws.send_json({"type": "host", "what": "start"})
        assert ann.post("/api/me/delete", {"handle": "ann_real"}).status_code == 200
    # the grace period, then the bots play the deal out; the room may say "over" a moment
    # before its last change (and the deal's record with it) is committed, so wait on the record
    for _ in range(300):
        if ann.get(f"/api/rooms/{code}/records/0").status_code == 200:
            break
        time.sleep(0.05)
    assert ann.get(f"/api/rooms/{code}/records/0").status_code == 200  # the deal ended
    assert "results" not in _holding(url, person)


# --- suspension ----------------------------------------------------------------------------


def test_a_suspended_person_may_watch_but_not_sit(db: str, client: TestClient) -> None:
    bo, key = _account(client, "bo_real")
    with bo.socket() as ws:
        ws.receive_json()
        ws.send_json({"type": "create", "name": "Bo", "seats": ["open", "easy", "easy"]})
        welcome = ws.receive_json()
    code, token = welcome["room"], welcome["token"]
    host = Browser(client)
    with host.socket() as ws:
        ws.receive_json()
        ws.send_json({"type": "create", "name": "Cy", "seats": ["open", "easy"]})
        other = ws.receive_json()["room"]
    done = CliRunner().invoke(cli, ["admin", "suspend", "bo_real", "--database", db])
    assert done.exit_code == 0, done.output
    for request in (
        {"type": "resume", "room": code, "token": token},
        {"type": "join", "room": other, "name": "Bo"},
        {"type": "create", "name": "Bo", "seats": ["easy"]},
    ):
        with bo.socket() as ws:
            ws.receive_json()
            ws.send_json(request)
            answer = ws.receive_json()
        assert answer["type"] == "error" and answer["code"] == "suspended", request
    with bo.socket() as ws:
        ws.receive_json()
        ws.send_json({"type": "watch", "room": other})
        assert ws.receive_json()["type"] != "error"
    assert bo.get("/api/me/export").status_code == 200  # still theirs
    fresh = Browser(client)
    assert fresh.sign_in(key).status_code != 200  # nor sign in anew
    assert _recover(fresh, "bo_real").status_code == 401


# --- metrics and headers -------------------------------------------------------------------


def test_metrics_answer_loopback_only_by_default(app: Any, client: TestClient) -> None:
    asked = (("127.0.0.1", 200), ("::1", 200), ("10.0.0.7", 403), ("203.0.113.9", 403))
    for address, status in asked:
        answer = TestClient(app, client=(address, 5000)).get("/metrics")
        assert answer.status_code == status, address
        assert set(answer.headers) >= HEADERS, address
    assert "bigtwo_connections" in TestClient(app, client=("127.0.0.1", 1)).get("/metrics").text
    assert "bigtwo_" not in client.get("/metrics").text  # the test client: no address at all


def test_every_account_answer_carries_the_security_headers(app: Any, client: TestClient) -> None:
    browser = Browser(client)
    answers = [
        browser.get("/api/me"),
        browser.get("/api/me/export"),
        browser.get("/api/me/games?page=-1"),
        browser.post("/api/me", {"handle": "x"}, token=False),
        browser.post("/api/me", {"handle": "x"}, Origin=EVIL),
        browser.post("/api/me", {"handle": "a b"}),
        browser.post("/api/me/recovery-codes"),
        browser.get("/api/admin/attention"),
        browser.post("/api/password/sign-in", {"handle": "x", "password": "y"}),
        client.put("/api/me"),
    ]
    for _ in range(21):
        answers.append(_recover(browser, "nobody_here"))
    assert answers[-1].status_code == 429
    for answer in answers:
        missing = HEADERS - set(answer.headers)
        assert not missing, (answer.request.url, answer.status_code, missing)
        assert "strict-transport-security" not in answer.headers
    tls = TestClient(app, base_url="https://cards.example")  # the same app, already open
    assert "strict-transport-security" in tls.get("/api/me").headers


# --- hidden cards ------------------------------------------------------------------------------


def test_no_account_route_shows_a_card_another_seat_holds(client: TestClient) -> None:
    ann, bo = Browser(client), Browser(client)
    with ann.socket() as a_ws, bo.socket() as b_ws:
        a_ws.receive_json()
        b_ws.receive_json()
        seats = ["open", "easy", "easy"]
        a_ws.send_json({"type": "create", "name": "Ann", "seats": seats, "deals": 2})
        code = a_ws.receive_json()["room"]
        b_ws.send_json({"type": "join", "room": code, "name": "Bo"})
        assert b_ws.receive_json()["type"] == "welcome"
        a_ws.send_json({"type": "host", "what": "start"})
        follow = Follower(a_ws)
        for _ in range(200):  # until the bots have moved and a person's turn holds the deal
            message = follow.receive_json()
            state = message.get("state") if message["type"] == "update" else message
            stable = isinstance(state, dict) and state.get("view") and state["awaiting"]
            if stable and state["room"]["status"] == "playing" and set(state["awaiting"]) <= {0, 1}:
                break
        room = client.app.state.hub.rooms[code]  # type: ignore[attr-defined]
        held = {s: set(room.state_for(s)["view"]["hand"].split()) for s in range(4)}
        assert room.status == "playing" and all(held.values()), held
        for me, mine in ((ann, 0), (bo, 1)):
            others = set().union(*(held[s] for s in held if s != mine))
            for path in (
                "/api/me",
                "/api/me/games",
                "/api/me/stats",
                "/api/me/export",
                "/api/me/profile",
                "/api/me/sessions",
                f"/api/rooms/{code}",
                f"/api/rooms/{code}/records/0",
                f"/api/rooms/{code}/records/last",
                f"/api/rooms/{code}/replays/0?seat=0",
                f"/api/rooms/{code}/replays/last?seat=1",
                "/api/lobby",
            ):
                answer = me.get(path)
                shown = cards_in(answer.json()) if answer.text.startswith("{") else set()
                assert not shown & others, (path, shown & others)
