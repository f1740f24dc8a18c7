"""The page's person: a first visit is a guest whose session cookie no script can read and
whose socket carries it; when that session is revoked, the page's socket is closed and the
page comes back as somebody new. The account sheet: passkeys made and used through Chromium's
virtual authenticator (at localhost: a passkey can't belong to an IP address), recovery codes,
devices; at 127.0.0.1 it says why passkeys are unavailable, and the guest plays on."""

from __future__ import annotations

import secrets
import time
from typing import Any

from playwright.sync_api import expect

AUTHENTICATOR = {
    "protocol": "ctap2",
    "transport": "internal",
    "hasResidentKey": True,
    "hasUserVerification": True,
    "isUserVerified": True,
}


def _session_cookie(context: Any, other_than: str = "") -> dict[str, Any]:
    """The page's session cookie, once it has one (other than ``other_than``)."""
    deadline = time.monotonic() + 10
    while True:
        for found in context.cookies():
            if found["name"] == "bigtwo_session" and found["value"] != other_than:
                return dict(found)
        assert time.monotonic() < deadline, "the page has no new session cookie"
        time.sleep(0.05)


def test_a_page_is_a_guest_and_is_someone_new_once_its_session_is_revoked(
    context: Any, server: str
) -> None:
    page = context.new_page()
    page.goto(server)
    page.get_by_label("Your name").fill("Ann")
    cookie = _session_cookie(context)
    assert cookie["httpOnly"] and cookie["sameSite"] == "Lax" and not cookie["secure"]
    assert "bigtwo_session" not in page.evaluate("document.cookie")
    me = page.evaluate("fetch('api/me').then((r) => r.json())")
    assert me["person"]["kind"] == "guest"
    page.get_by_role("button", name="Open the room", exact=True).click()
    page.wait_for_url("**#room=*")
    revoked = page.evaluate(
        """(me) => fetch(`api/me/sessions/${me.session}/revoke`,
             {method: "POST", headers: {"X-CSRF-Token": me.csrf}}).then((r) => r.json())""",
        me,
    )
    assert revoked["closed"] == 1  # the page's socket, closed by the server
    _session_cookie(context, other_than=cookie["value"])  # the page asked who it is now
    again = page.evaluate("fetch('api/me').then((r) => r.json())")
    assert again["person"]["id"] != me["person"]["id"]
    forged = page.evaluate("fetch('api/me', {method: 'POST', body: '{}'}).then((r) => r.json())")
    assert forged["code"] == "csrf"  # without the token, even from the page itself


def _device(browser: Any, base: str) -> tuple[Any, Any]:
    """A browser of its own (a context) with a platform authenticator, at ``base``; its
    sockets are listed in ``page.sockets``."""
    context = browser.new_context(viewport={"width": 1024, "height": 800})
    context.set_default_timeout(15000)
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("WebAuthn.enable")
    cdp.send("WebAuthn.addVirtualAuthenticator", {"options": AUTHENTICATOR})
    sockets: list[Any] = []
    page.on("websocket", lambda ws: sockets.append(ws))
    page.sockets = sockets
    page.goto(base)
    return context, page


def _me(page: Any) -> dict[str, Any]:
    found: dict[str, Any] = page.evaluate("fetch('api/me').then((r) => r.json())")
    return found


def _button(page: Any, name: str) -> Any:
    return page.locator("#account").get_by_role("button", name=name, exact=True)


def test_an_account_with_passkeys_recovery_codes_and_devices(browser: Any, localhost: str) -> None:
    phone, page = _device(browser, localhost)
    laptop, other = _device(browser, localhost)
    try:
        sockets = page.sockets
        said = page.locator("#account-said")
        guest = _me(page)["person"]
        assert guest["kind"] == "guest"
        page.get_by_role("button", name="Your account").click()
        expect(page.locator("#account")).to_contain_text(f"You play as a guest, {guest['handle']}")
        handle = "ann_" + secrets.token_hex(4)
        page.get_by_label("Your handle", exact=True).fill(handle)
        _button(page, "Save the handle").click()
        expect(said).to_have_text("Handle saved.")
        page.get_by_label("Your handle", exact=True).fill("a b")
        _button(page, "Save the handle").click()  # the server's refusal, in words
        expect(said).to_have_text("A handle is 3 to 20 letters, digits, _ or -.")

        # the guest makes an account with a passkey: the same person, its handle kept
        _button(page, "Create an account with a passkey").click()
        expect(said).to_contain_text("you have an account now")
        me = _me(page)["person"]
        assert (me["id"], me["handle"], me["kind"]) == (guest["id"], handle, "account")
        expect(page.locator("#account")).to_contain_text("Passkey 1")
        _button(page, "Make new recovery codes").click()
        codes = page.locator("#recovery-codes li")
        expect(codes).to_have_count(10)
        kept = codes.all_inner_texts()
        _button(page, "I have saved them").click()
        expect(page.locator("#recovery-codes")).to_have_count(0)  # shown once
        expect(page.locator("#account")).to_contain_text("Unused recovery codes: 10")

        # signed out: a new guest; signed in again with the passkey, no handle asked
        _button(page, "Sign out").click()
        expect(said).to_have_text("Signed out: you play as a new guest here.")
        assert _me(page)["person"]["id"] != guest["id"]
        _button(page, "Sign in with a passkey").click()
        expect(said).to_have_text(f"Signed in as {handle}.")
        assert _me(page)["person"]["id"] == guest["id"]

        # another device: a recovery code signs in; a second passkey is added there
        other.get_by_role("button", name="Your account").click()
        other.get_by_label("Handle", exact=True).fill(handle)
        other.get_by_label("Recovery code", exact=True).fill(kept[0].upper())
        _button(other, "Sign in with a recovery code").click()
        expect(other.locator("#account-said")).to_have_text(f"Signed in as {handle}.")
        _button(other, "Add a passkey").click()
        expect(other.locator("#account-said")).to_have_text("Passkey added.")
        sheet = other.locator("#account")
        expect(sheet).to_contain_text("Passkey 1")
        expect(sheet).to_contain_text("Passkey 2")
        expect(sheet).to_contain_text("Unused recovery codes: 9")
        devices = other.locator("#devices li")
        expect(devices).to_have_count(2)
        expect(devices.filter(has_text="This device")).to_have_count(1)

        # the first device revoked from the second: its socket closed, it is a guest again
        assert sockets and not sockets[-1].is_closed()
        _button(other, "Sign out that device").click()
        expect(other.locator("#account-said")).to_have_text("That device is signed out.")
        expect(devices).to_have_count(1)
        deadline = time.monotonic() + 10
        while not sockets[0].is_closed():
            assert time.monotonic() < deadline, "the revoked device's socket is still open"
            page.wait_for_timeout(50)
        assert _me(page)["person"]["id"] != guest["id"]

        # passkeys are removable, never the last
        _button(other, "Remove Passkey 1").click()
        expect(other.locator("#account-said")).to_have_text("Passkey removed.")
        _button(other, "Remove Passkey 2").click()
        expect(other.locator("#account-said")).to_have_text(
            "That is your only passkey: add another before removing it."
        )
    finally:
        phone.close()
        laptop.close()


def test_at_an_ip_address_passkeys_are_unavailable_and_the_guest_plays(
    context: Any, server: str
) -> None:
    page = context.new_page()
    page.goto(server)
    page.get_by_role("button", name="Your account").click()
    sheet = page.locator("#account")
    expect(sheet.locator("#passkeys-unavailable")).to_contain_text("IP address")
    expect(_button(page, "Create an account with a passkey")).to_have_count(0)
    expect(sheet).to_contain_text("You play as a guest")
    _button(page, "Close").click()
    page.locator("#play-now").click()
    page.wait_for_url("**#room=*")
    expect(page.locator("#hand-box").get_by_role("button").first).to_be_visible()
    page.get_by_role("button", name="Menu", exact=True).click()
    page.locator("#menu").get_by_role("button", name="Your account").click()
    expect(sheet.locator("#passkeys-unavailable")).to_contain_text("IP address")
