"""Accounts: a guest registers a passkey (user verification required) and becomes an account
with the same person id; another browser signs in with it (no handle: a discoverable
credential), its signature counter checked; several passkeys, removed but never the last;
one-time recovery codes; sign-in attempts limited per address and per account, every failure
answered alike; passwords only where the operator turned them on."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from bigtwo.server.accounts import signin
from bigtwo.server.accounts.guard import COOKIE
from bigtwo.server.app import make_app
from bigtwo.server.settings import Settings
from bigtwo.server.store import sqlite_url

from .authenticator import SoftKey

ORIGIN = "http://testserver"


@pytest.fixture(autouse=True)
def no_delay(monkeypatch: pytest.MonkeyPatch) -> None:
    """A failed sign-in waits a moment in service; not here, where dozens fail."""
    monkeypatch.setattr(signin, "FAIL_DELAY", 0.0)


@pytest.fixture
def app(tmp_path: Path) -> Any:
    return make_app(sqlite_url(tmp_path / "app.db"), Settings(bot_pace="instant", pause=0.0))


@pytest.fixture
def client(app: Any) -> Iterator[TestClient]:
    with TestClient(app) as client:
        yield client


class Browser:
    """One browser's cookie jar on the shared app, speaking as the page does."""

    def __init__(self, client: TestClient) -> None:
        self.client, self.cookies = client, {}
        self.me = self.get("/api/me")

    def _sync(self, answer: Any) -> Any:
        if COOKIE in answer.cookies:
            self.cookies = {COOKIE: answer.cookies[COOKIE]}
        return answer

    def get(self, path: str) -> dict[str, Any]:
        self.client.cookies.clear()
        for k, v in self.cookies.items():
            self.client.cookies.set(k, v)
        answer = self._sync(self.client.get(path))
        body: dict[str, Any] = answer.json()
        return body

    def post(self, path: str, body: object = None) -> Any:
        self.client.cookies.clear()
        for k, v in self.cookies.items():
            self.client.cookies.set(k, v)
        headers = {"X-CSRF-Token": self.me["csrf"], "Origin": ORIGIN}
        answer = self._sync(self.client.post(path, content=json.dumps(body or {}), headers=headers))
        if answer.status_code == 200 and "csrf" in answer.json():
            self.me = answer.json()  # signed in: a new session, a new token
        return answer

    def register(self, key: SoftKey, name: str = "laptop") -> Any:
        options = self.post("/api/passkeys/register/begin").json()
        return self.post(
            "/api/passkeys/register/finish", {"credential": key.create(options), "name": name}
        )

    def sign_in(self, key: SoftKey, count: int | None = None) -> Any:
        options = self.post("/api/passkeys/sign-in/begin").json()
        return self.post("/api/passkeys/sign-in/finish", {"credential": key.get(options, count)})


def test_a_guest_makes_an_account_with_a_passkey_and_signs_in_elsewhere(client: TestClient) -> None:
    phone = Browser(client)
    guest = phone.me["person"]
    options = phone.post("/api/passkeys/register/begin").json()
    assert options["authenticatorSelection"]["residentKey"] == "required"
    assert options["authenticatorSelection"]["userVerification"] == "required"
    assert options["rp"]["id"] == "testserver" and options["user"]["name"] == guest["handle"]
    key = SoftKey(ORIGIN)
    made = phone.post(
        "/api/passkeys/register/finish", {"credential": key.create(options), "name": "phone"}
    )
    assert made.status_code == 200, made.text
    account = made.json()["person"]
    assert (account["id"], account["kind"]) == (guest["id"], "account")  # the guest, claimed
    [listed] = phone.get("/api/me/passkeys")["passkeys"]
    assert listed["name"] == "phone" and listed["last_used"] is None

    laptop = Browser(client)
    assert laptop.me["person"]["id"] != guest["id"]
    guest_session = laptop.me["session"]
    signed = laptop.sign_in(key)
    assert signed.status_code == 200, signed.text
    assert signed.json()["person"]["id"] == guest["id"]
    assert signed.json()["session"] != guest_session  # a new session, not the guest's
    assert laptop.get("/api/me")["person"]["id"] == guest["id"]
    assert phone.get("/api/me/passkeys")["passkeys"][0]["last_used"] is not None
    devices = phone.get("/api/me/sessions")["sessions"]
    assert len(devices) == 2 and sum(d["current"] for d in devices) == 1

    cloned = Browser(client)  # the counter said again, as a cloned key would
    refused = cloned.sign_in(key, count=key.count)
    assert refused.status_code == 401 and refused.json()["code"] == "sign_in_failed"


def test_a_passkey_must_verify_its_person_and_answer_this_challenge(client: TestClient) -> None:
    browser = Browser(client)
    touched_only = browser.register(SoftKey(ORIGIN, verified=False))
    assert touched_only.status_code == 400 and touched_only.json()["code"] == "passkey_failed"
    elsewhere = browser.register(SoftKey("http://evil.example"))
    assert elsewhere.status_code == 400 and elsewhere.json()["code"] == "passkey_failed"
    unasked = SoftKey(ORIGIN).create({"challenge": "AAAA", "user": {"id": "AA"}})
    stale = browser.post("/api/passkeys/register/finish", {"credential": unasked})
    assert stale.status_code == 400  # no ceremony begun: no challenge to answer
    assert browser.get("/api/me")["person"]["kind"] == "guest"
    unknown = browser.sign_in(SoftKey(ORIGIN))
    assert unknown.status_code == 401 and unknown.json()["code"] == "sign_in_failed"


def test_several_passkeys_and_never_removing_the_last(client: TestClient) -> None:
    browser = Browser(client)
    first, second = SoftKey(ORIGIN), SoftKey(ORIGIN)
    assert browser.register(first, "laptop").status_code == 200
    assert browser.register(second, "phone").status_code == 200
    ids = [p["id"] for p in browser.get("/api/me/passkeys")["passkeys"]]
    assert len(ids) == 2
    assert browser.post(f"/api/me/passkeys/{ids[0]}/remove").status_code == 200
    last = browser.post(f"/api/me/passkeys/{ids[1]}/remove")
    assert last.status_code == 409 and last.json()["code"] == "last_passkey"
    assert browser.post("/api/me/passkeys/nope/remove").json()["code"] == "no_passkey"
    assert Browser(client).sign_in(first).status_code == 401  # removed: it signs nobody in
    assert Browser(client).sign_in(second).status_code == 200


def test_recovery_codes_are_shown_once_and_each_works_once(client: TestClient) -> None:
    browser = Browser(client)
    guest = browser.post("/api/me/recovery-codes")
    assert guest.status_code == 403 and guest.json()["code"] == "account_needed"
    browser.register(SoftKey(ORIGIN))
    codes = browser.post("/api/me/recovery-codes").json()["codes"]
    assert len(set(codes)) == 10 and browser.get("/api/me/recovery-codes") == {"left": 10}
    handle = browser.me["person"]["handle"]
    other = Browser(client)
    wrong = other.post("/api/recover", {"handle": handle, "code": "aaaa-bbbb-cccc"})
    nobody = other.post("/api/recover", {"handle": "no-such-one", "code": codes[0]})
    assert wrong.status_code == nobody.status_code == 401
    assert wrong.json() == nobody.json()  # nothing says whether the handle exists
    typed = codes[0].upper().replace("-", " ")  # as a person may type it
    used = other.post("/api/recover", {"handle": handle, "code": typed})
    assert used.status_code == 200 and used.json()["person"]["id"] == browser.me["person"]["id"]
    again = Browser(client).post("/api/recover", {"handle": handle, "code": codes[0]})
    assert again.status_code == 401
    assert browser.get("/api/me/recovery-codes") == {"left": 9}
    codes_again = browser.post("/api/me/recovery-codes").json()["codes"]  # the old ones go
    assert (
        Browser(client).post("/api/recover", {"handle": handle, "code": codes[1]}).status_code
        == 401
    )
    assert (
        Browser(client).post("/api/recover", {"handle": handle, "code": codes_again[1]}).status_code
        == 200
    )


def test_sign_in_attempts_are_limited_per_account_and_per_address(
    app: Any, client: TestClient
) -> None:
    now = [1000.0]
    attempts = app.state.attempts
    attempts.address.clock = attempts.account.clock = lambda: now[0]
    browser = Browser(client)

    def recover(handle: str) -> Any:
        return browser.post("/api/recover", {"handle": handle, "code": "aaaa-bbbb-cccc"})

    for _ in range(10):
        assert recover("ann").status_code == 401
    limited = recover("ann")
    assert limited.status_code == 429 and limited.json()["code"] == "too_many_attempts"
    assert 1 <= limited.json()["params"]["seconds"] <= 900
    assert recover("bob").status_code == 401  # another account: not yet the address's limit
    now[0] += 901  # the account's failures age out (the address's too)
    assert recover("ann").status_code == 401
    for n in range(19):  # the 20th attempt from this address within 5 minutes
        assert recover(f"p{n}").status_code == 401
    by_address = recover("carol")
    assert by_address.status_code == 429  # and the 21st refused, whoever it names
    assert by_address.json()["params"]["seconds"] <= 300
    said = client.post(
        "/api/recover?lang=vi",
        content=json.dumps({"handle": "dan", "code": "x"}),
        headers={"X-CSRF-Token": browser.me["csrf"]},
    )
    assert said.json()["message"].startswith("Đăng nhập sai quá nhiều lần")


def test_passwords_only_where_the_operator_turned_them_on(
    tmp_path: Path, client: TestClient
) -> None:
    off = Browser(client).post("/api/me/password", {"password": "correct horse battery"})
    assert off.status_code == 404 and off.json()["code"] == "passwords_off"
    settings = Settings(bot_pace="instant", pause=0.0, passwords=True)
    with TestClient(make_app(sqlite_url(tmp_path / "pw.db"), settings)) as other:
        ann = Browser(other)
        assert ann.me["passwords"] is True
        short = ann.post("/api/me/password", {"password": "short"})
        assert short.status_code == 400 and short.json()["code"] == "bad_password"
        made = ann.post("/api/me/password", {"password": "correct horse battery"})
        assert made.status_code == 200 and made.json()["person"]["kind"] == "account"
        handle = ann.me["person"]["handle"]
        laptop = Browser(other)
        wrong = laptop.post(
            "/api/password/sign-in", {"handle": handle, "password": "incorrect horse"}
        )
        nobody = laptop.post(
            "/api/password/sign-in", {"handle": "nobody-here", "password": "x" * 12}
        )
        assert wrong.status_code == nobody.status_code == 401 and wrong.json() == nobody.json()
        right = laptop.post(
            "/api/password/sign-in", {"handle": handle.upper(), "password": "correct horse battery"}
        )
        assert right.status_code == 200 and right.json()["person"]["id"] == ann.me["person"]["id"]
        store = other.app.state.hub.store  # type: ignore[attr-defined]
        with store.engine.connect() as conn:
            [stored] = conn.exec_driver_sql("SELECT hash FROM passwords").scalars()
        assert stored.startswith("$argon2id$")


def _resume(browser: Browser, code: str, token: str) -> dict[str, Any]:
    """What the server first answers ``browser``'s socket resuming the seat of ``token``."""
    browser.get("/api/me")  # its cookie in the client's jar, as the page's socket carries it
    with browser.client.websocket_connect("/ws?protocol=2", headers={"Origin": ORIGIN}) as ws:
        ws.receive_json()  # hello
        ws.send_json({"type": "resume", "room": code, "token": token})
        answer: dict[str, Any] = ws.receive_json()
    return answer


def test_a_seat_left_by_signing_out_waits_for_its_account(client: TestClient) -> None:
    """A shared browser: an account sits, then signs out. The seat's token left behind is
    refused to the guest who uses the browser next (who would see the hand), and the account
    signing back in there (or on another device with the token) takes the seat again."""
    shared = Browser(client)
    key = SoftKey(ORIGIN)
    assert shared.register(key).status_code == 200
    ann = shared.me["person"]["id"]
    shared.get("/api/me")
    with client.websocket_connect("/ws?protocol=2", headers={"Origin": ORIGIN}) as ws:
        ws.receive_json()
        ws.send_json({"type": "create", "name": "Ann", "seats": ["easy", "easy", "easy"]})
        welcome = ws.receive_json()
    code, token = welcome["room"], welcome["token"]
    assert shared.post("/api/signout").status_code == 200
    shared.cookies = {}  # the cookie the answer cleared
    shared.me = shared.get("/api/me")
    assert shared.me["person"]["id"] != ann and shared.me["person"]["kind"] == "guest"
    refused = _resume(shared, code, token)
    assert (refused["type"], refused["code"]) == ("error", "seat_of_account"), refused
    hub = client.app.state.hub  # type: ignore[attr-defined]
    assert hub.rooms[code].people == {0: ann}  # still Ann's, in memory and stored
    assert hub.rooms[code].stored["people"] == {"0": ann}
    assert shared.sign_in(key).status_code == 200  # Ann again, in the same browser
    assert _resume(shared, code, token)["type"] == "welcome"
    guest = Browser(client)  # a guest's seat, by contrast, goes on with its token
    with client.websocket_connect("/ws?protocol=2", headers={"Origin": ORIGIN}) as ws:
        ws.receive_json()
        ws.send_json({"type": "create", "name": "Bo", "seats": ["easy", "easy", "easy"]})
        welcome = ws.receive_json()
    assert _resume(shared, welcome["room"], welcome["token"])["type"] == "welcome"
    assert hub.rooms[welcome["room"]].people == {0: ann}
    assert guest.me["person"]["id"] != ann


def test_a_deleted_accounts_seat_is_nobodys_to_take(client: TestClient) -> None:
    """An account deletes itself from a browser that keeps the seat's token: neither the
    next guest there nor a program with the token takes the seat (a bot plays it on)."""
    shared = Browser(client)
    assert shared.register(SoftKey(ORIGIN)).status_code == 200
    shared.get("/api/me")
    with client.websocket_connect("/ws?protocol=2", headers={"Origin": ORIGIN}) as ws:
        ws.receive_json()
        ws.send_json({"type": "create", "name": "Ann", "seats": ["easy", "easy", "easy"]})
        welcome = ws.receive_json()
    gone = shared.post("/api/me/delete", {"handle": shared.me["person"]["handle"]})
    assert gone.status_code == 200, gone.text
    shared.cookies = {}
    shared.me = shared.get("/api/me")
    refused = _resume(shared, welcome["room"], welcome["token"])
    assert (refused["type"], refused["code"]) == ("error", "seat_of_account"), refused
    client.cookies.clear()
    with client.websocket_connect("/ws?protocol=2") as program:  # no cookie: no person
        program.receive_json()
        program.send_json({"type": "resume", "room": welcome["room"], "token": welcome["token"]})
        assert program.receive_json()["code"] == "seat_of_account"
