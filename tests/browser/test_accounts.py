"""The page's person: a first visit is a guest whose session cookie no script can read and
whose socket carries it; when that session is revoked, the page's socket is closed and the
page comes back as somebody new."""

from __future__ import annotations

import time
from typing import Any


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
    forged = page.evaluate(
        "fetch('api/me', {method: 'POST', body: '{}'}).then((r) => r.json())"
    )
    assert forged["code"] == "csrf"  # without the token, even from the page itself
