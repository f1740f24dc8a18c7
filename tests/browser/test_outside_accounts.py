"""People remembered, as a player meets them on a 390x844 phone, checked against what
README.md, docs/privacy.md and docs/security.md promise rather than against the code: a guest
who played and then made an account with a passkey keeps the deal on their page; signing out
closes the open table's socket and makes a new guest, whose page holds nothing of the
account's, and the passkey brings it all back; a password (where the server has them on) is
refused in the page's language when wrong; deleting the account from the page removes it from
what the page and the API show, closes its sockets, and leaves the old cookie signing nobody
in; a bad handle or name is refused in the page's language, never as a code or a traceback;
and the account sheet and the person's page never reach past the phone's edge."""

from __future__ import annotations

import json
import re
import time
import urllib.request
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from server_process import on_sqlite

from .screens import Visit, home_page, play_until, short_deal, who_is
from .test_accounts import AUTHENTICATOR
from .test_pseudo_locale import OVERFLOW

PHONE = (390, 844)


def _phone(v: Visit, fragment: str = "") -> tuple[Any, list[Any]]:
    """A new browser's page at ``fragment``, with a platform authenticator (Chromium's virtual
    one), and the sockets it opens (the latest last)."""
    page = v.page()
    cdp = page.context.new_cdp_session(page)
    cdp.send("WebAuthn.enable")
    cdp.send("WebAuthn.addVirtualAuthenticator", {"options": AUTHENTICATOR})
    sockets = _sockets(page)
    page.goto(v.url(fragment))
    page.get_by_role("heading", name=v.t(page, "home.create.heading")).wait_for()
    return page, sockets


def _sockets(page: Any) -> list[Any]:
    found: list[Any] = []
    page.on("websocket", lambda ws: found.append(ws))
    return found


def _api(page: Any, path: str) -> Any:
    return page.evaluate("(path) => fetch(path).then((r) => r.json())", path)


def _open_sheet(v: Visit, page: Any) -> Any:
    page.get_by_role("button", name=v.t(page, "account.open"), exact=True).first.click()
    sheet = page.get_by_role("dialog", name=v.t(page, "account.heading"))
    sheet.wait_for()
    return sheet


def _said(page: Any, text: str) -> None:
    """Wait for the account sheet's line to say ``text``."""
    line = page.locator("#account-said")
    try:
        page.wait_for_function(
            "(text) => document.getElementById('account-said').textContent === text", arg=text
        )
    except Exception:
        raise AssertionError(f"the sheet says {line.text_content()!r}, not {text!r}") from None


def _fits(page: Any, where: str) -> None:
    problems = page.evaluate(OVERFLOW)
    assert problems == [], f"{where} at {PHONE}: {problems}"


def _until(page: Any, done: Callable[[], bool], what: str) -> None:
    """Wait for ``done`` while Playwright hands ``page`` its events (a plain sleep would not)."""
    deadline = time.monotonic() + 10
    while not done():
        assert time.monotonic() < deadline, f"{what} never happened"
        page.wait_for_timeout(50)


def _closed(page: Any, sockets: list[Any], what: str) -> None:
    """Wait until every socket ``page`` opened so far is closed."""
    assert sockets, "the page opened no socket"
    opened = list(sockets)
    _until(page, lambda: all(ws.is_closed() for ws in opened), what)


def test_a_guests_deal_stays_theirs_through_an_account_a_sign_out_and_a_sign_in(
    browser: Any, localhost: str
) -> None:
    v = Visit(browser, localhost, lang="zh-Hans", viewport=PHONE)
    try:
        page, sockets = _phone(v)
        code = short_deal(v, page, deals=1)
        play_until(v, page, v.t(page, "summary.final"))
        guest = who_is(page)["person"]
        assert guest["kind"] == "guest"

        # the guest makes an account with a passkey, from the room's own menu
        page.get_by_role("button", name=v.t(page, "room.menu"), exact=True).click()
        sheet = _open_sheet(v, page)
        _fits(page, "the account sheet of a guest")
        sheet.get_by_role("button", name=v.t(page, "account.passkeys.create")).click()
        _said(page, v.t(page, "account.passkeys.made"))
        _fits(page, "the account sheet of an account")
        account = who_is(page)["person"]
        assert (account["id"], account["kind"]) == (guest["id"], "account")
        games = _api(page, "api/me/games")["games"]
        assert [g["room"] for g in games] == [code]  # the guest's deal is the account's

        # signing out on this phone closes the table's socket; the page is a new guest's
        assert sockets and not sockets[-1].is_closed()
        sheet.get_by_role("button", name=v.t(page, "account.sign_out"), exact=True).click()
        _said(page, v.t(page, "account.signed_out"))
        _closed(page, sockets, "the signed-out session's table socket closing")
        sheet.get_by_role("button", name=v.t(page, "account.close"), exact=True).click()
        # the page reconnects as the new guest, who is refused the account's seat in words,
        # and keeps no log of that seat's table
        page.get_by_text(v.t(page, "error.seat_of_account"), exact=True).wait_for()
        assert f"#room={code}" in page.url
        assert page.evaluate("Object.keys(sessionStorage).filter((k) => k.includes('memo'))") == []
        stranger = who_is(page)["person"]
        assert stranger["id"] != guest["id"] and stranger["kind"] == "guest"
        assert _api(page, "api/me/games")["games"] == []
        assert _api(page, "api/me/stats") == {"presets": [], "series": []}
        page.goto(v.url("#me"))
        page.get_by_text(v.t(page, "me.games.none"), exact=True).first.wait_for()
        assert guest["handle"] not in page.locator("main").inner_text()

        # the passkey signs the account in again, on the room's page: the seat is taken back
        # there, and the deal is the account's again, shown in the page's language
        page.goto(v.url(f"#room={code}"))
        page.get_by_text(v.t(page, "error.seat_of_account"), exact=True).wait_for()
        sheet = _open_sheet(v, page)
        sheet.get_by_role("button", name=v.t(page, "account.passkeys.sign_in")).click()
        _said(page, v.t(page, "account.signed_in", handle=guest["handle"]))
        sheet.get_by_role("button", name=v.t(page, "account.close"), exact=True).click()
        page.get_by_text(v.t(page, "summary.final")).first.wait_for()
        page.goto(v.url("#me"))
        deal = page.locator(".me-game").first
        deal.wait_for()
        assert v.t(page, "me.games.deal", code=code, n=1) in deal.inner_text()
        stats = page.get_by_role("heading", name=v.t(page, "me.stats.heading"))
        stats.wait_for()
        header = page.locator("table").first.inner_text()
        assert v.t(page, "me.stats.deals") in header and "Deals" not in header
        _fits(page, "the person's page")
    finally:
        v.close()


@pytest.mark.parametrize("lang", ["zh-Hant", "fil", "id", "ms", "vi"])
def test_a_bad_handle_or_name_is_refused_in_the_pages_language(
    browser: Any, server: str, lang: str
) -> None:
    v = Visit(browser, server, lang=lang, viewport=PHONE)
    try:
        page = home_page(v)
        english = v.t(page, "error.bad_handle")  # the key's text here, not English's
        assert english != "A handle is 3 to 20 letters, digits, _ or -."
        sheet = _open_sheet(v, page)
        handle = sheet.get_by_label(v.t(page, "account.handle"), exact=True)
        for bad in ("a b", "ann\u202egnp", "x" * 20 + "y"):
            handle.evaluate("(el, value) => { el.value = value; }", bad)  # pasted past maxlength
            sheet.get_by_role("button", name=v.t(page, "account.handle.save")).click()
            _said(page, english)
        _fits(page, "the account sheet with a refusal")
        sheet.get_by_role("button", name=v.t(page, "account.close"), exact=True).click()

        # the profile's display name: an invisible direction mark, or one pasted too long
        page.goto(v.url("#me"))
        display = page.get_by_label(v.t(page, "me.profile.display"), exact=True)
        said = page.locator("#me-profile-said")
        for bad in ("Ann\u202e", "Ann\x07", "A" * 40):
            display.evaluate("(el, value) => { el.value = value; }", bad)
            page.get_by_role("button", name=v.t(page, "me.profile.save"), exact=True).click()
            page.wait_for_function(
                "(text) => document.getElementById('me-profile-said').textContent === text",
                arg=v.t(page, "error.bad_display_name"),
            )
            assert page.evaluate("document.activeElement.id") == "me-display"
        assert "bad_display_name" not in said.inner_text()
        _fits(page, "the person's page with a refusal")

        # the table's name field: a control character is named in words
        page.goto(v.url(""))
        name = page.get_by_label(v.t(page, "home.name"), exact=True)
        name.fill("Ann\x1b[31m")
        page.get_by_role("button", name=v.t(page, "home.create"), exact=True).click()
        page.get_by_text(v.t(page, "error.bad_name.control", char="U+001B")).wait_for()
        assert "#room=" not in page.url
    finally:
        v.close()


@pytest.fixture(scope="module")
def passwords_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A server with passwords turned on (`--passwords`), at localhost."""
    db = tmp_path_factory.mktemp("passwords") / "rooms.db"
    server = on_sqlite(db, grace=60, extra=["--passwords"])
    server.start()
    try:
        yield server.base.replace("://127.0.0.1:", "://localhost:")
    finally:
        server.stop()


def test_a_password_signs_in_and_a_wrong_one_is_refused_in_words(
    browser: Any, passwords_server: str
) -> None:
    v = Visit(browser, passwords_server, lang="id", viewport=PHONE)
    try:
        page = home_page(v)
        guest = who_is(page)["person"]
        sheet = _open_sheet(v, page)
        chosen = sheet.get_by_label(v.t(page, "account.password.new"), exact=True)
        chosen.evaluate("(el) => { el.value = 'short'; }")  # pasted: past the field's minlength
        sheet.get_by_role("button", name=v.t(page, "account.password.set")).click()
        _said(page, v.t(page, "error.bad_password"))
        chosen.fill("correct horse 1")
        sheet.get_by_role("button", name=v.t(page, "account.password.set")).click()
        _said(page, v.t(page, "account.password.saved"))
        assert who_is(page)["person"]["kind"] == "account"  # a guest becomes an account by it
        _fits(page, "the account sheet with passwords")
        looked_up: list[Any] = []  # the page's look-ups of who it is, from the sign-out on
        page.on(
            "response",
            lambda r: looked_up.append(r) if r.url.endswith("/api/me") and r.ok else None,
        )
        sheet.get_by_role("button", name=v.t(page, "account.sign_out"), exact=True).click()
        _said(page, v.t(page, "account.signed_out"))

        part = sheet.get_by_role("region", name=v.t(page, "account.password.heading"))
        handle = part.get_by_label(v.t(page, "account.sign_in.handle"), exact=True)
        secret = part.get_by_role("textbox", name=v.t(page, "account.password.label"), exact=True)
        sign_in = part.get_by_role("button", name=v.t(page, "account.password.sign_in"))
        for who, password in ((guest["handle"], "wrong horse 1"), ("nobody-here", "x" * 12)):
            handle.fill(who)
            secret.fill(password)
            sign_in.click()
            _said(page, v.t(page, "error.sign_in_failed"))  # alike: no handle is told apart
            page.evaluate("document.getElementById('account-said').textContent = ''")
            assert handle.input_value() == who  # the handle stays to try again; not the password
            assert secret.input_value() == ""
        # the sign-out's answer and the old session's socket closing both ask who the page is:
        # one new guest, whose token the page's POSTs carry (two made the first refused: csrf)
        guests = {r.json()["person"]["id"] for r in looked_up}
        assert len(guests) == 1, guests
        handle.fill(guest["handle"])
        secret.fill("correct horse 1")
        sign_in.click()
        _said(page, v.t(page, "account.signed_in", handle=guest["handle"]))
        assert who_is(page)["person"]["id"] == guest["id"]

        # guessing at one handle is stopped, and told how long to wait, in words
        sheet.get_by_role("button", name=v.t(page, "account.sign_out"), exact=True).click()
        _said(page, v.t(page, "account.signed_out"))
        handle.fill("someone-else")
        failed, said = v.t(page, "error.sign_in_failed"), ""
        refused = 0  # failures answered before the limit
        for n in range(13):
            secret.fill(f"guess number {n}")
            page.evaluate("document.getElementById('account-said').textContent = ''")
            sign_in.click()
            page.wait_for_function("() => document.getElementById('account-said').textContent")
            said = page.locator("#account-said").inner_text()
            if said != failed:
                break
            refused += 1
        assert refused >= 10, f"limited after {refused} failures ({said!r}): security.md allows 10"
        stop = re.escape(v.t(page, "error.too_many_attempts", seconds="SECONDS"))
        assert re.fullmatch(stop.replace("SECONDS", r"[0-9.,\s]+"), said), said
    finally:
        v.close()


def test_deleting_the_account_from_the_page_removes_it_as_privacy_md_says(
    browser: Any, server: str
) -> None:
    v = Visit(browser, server, lang="ms", viewport=PHONE)
    try:
        page = home_page(v)
        code = short_deal(v, page, deals=1)
        play_until(v, page, v.t(page, "summary.final"))
        person = who_is(page)["person"]
        cookie = next(c for c in page.context.cookies() if c["name"] == "bigtwo_session")
        table = page.context.new_page()  # the table still open in another tab
        sockets = _sockets(table)
        table.goto(v.url(f"#room={code}"))
        _until(table, lambda: bool(sockets), "the other tab's socket")

        page.goto(v.url("#me"))
        page.locator(".me-game").first.wait_for()
        page.get_by_text(v.t(page, "me.delete.heading"), exact=True).click()
        gone = page.get_by_role("button", name=v.t(page, "me.delete.button"), exact=True)
        confirm = page.get_by_label(v.t(page, "me.delete.confirm", handle=person["handle"]))
        confirm.fill(person["handle"].upper())
        assert gone.is_disabled()  # only the handle itself, typed again
        confirm.fill(person["handle"])
        _fits(page, "the person's page, deleting")
        gone.click()
        page.get_by_text(v.t(page, "me.delete.done"), exact=True).wait_for()
        _closed(table, sockets, "the deleted person's other tab's socket closing")

        now = who_is(page)["person"]
        assert now["id"] != person["id"] and now["kind"] == "guest"
        assert _api(page, "api/me/games")["games"] == []
        export = _api(page, "api/me/export")
        assert person["id"] not in json.dumps(export) and person["handle"] not in json.dumps(export)
        page.goto(v.url("#me"))
        page.get_by_text(v.t(page, "me.games.none"), exact=True).first.wait_for()

        # the old cookie signs nobody in: it is answered as a stranger's
        ask = urllib.request.Request(
            f"{server}/api/me", headers={"Cookie": f"bigtwo_session={cookie['value']}"}
        )
        with urllib.request.urlopen(ask, timeout=10) as reply:
            answer = json.loads(reply.read())
        assert answer["person"]["id"] != person["id"]
        # the deal's record keeps the name played under (privacy.md), linked to nobody
        with urllib.request.urlopen(f"{server}/api/rooms/{code}/replays/0", timeout=10) as reply:
            assert "Ann" in json.loads(reply.read())["players"]
    finally:
        v.close()
