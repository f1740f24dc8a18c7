"""The bots' pace on the form that opens a room: it offers the server's own default first (the
test servers play instant), and the pace chosen is the room's (sent with ``create``, shown in
the room's summary)."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect

from .test_table import Frames


def test_the_form_offers_the_servers_pace_and_sends_the_one_chosen(
    context: Any, server: str
) -> None:
    page = context.new_page()
    frames = Frames(page)
    page.goto(f"{server}/")
    pace = page.get_by_label("Bots' pace", exact=True)
    expect(pace).to_have_value("instant")  # once the server's rules and pace have come
    options = pace.locator("option").all_inner_texts()
    assert options == ["Like a person", "Fast", "At once"]
    described = pace.get_attribute("aria-describedby")  # what "like a person" means
    assert page.locator(f"#{described}").inner_text() == "Like a person: about a second a move."
    pace.select_option("fast")
    page.get_by_label("Your name").fill("Ann")
    page.get_by_role("button", name="Open the room").click()
    page.wait_for_url("**#room=*")
    created = [m for m in frames.sent if m.get("type") == "create"]
    assert created and created[0]["pace"] == "fast"
    page.get_by_role("button", name="Copy link").wait_for()
    states = frames.states()
    assert states and states[-1]["room"]["pace"] == "fast"
