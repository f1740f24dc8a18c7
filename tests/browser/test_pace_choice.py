"""The form that opens a room. The bots' pace: it offers the server's own default first (the
test servers play instant), and the pace chosen is the room's (sent with ``create``, shown in
the room's summary). Its seats: one for each other player, whatever changed the count."""

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


def test_picking_rules_after_typing_a_count_leaves_a_seat_for_each_other_player(
    context: Any, server: str
) -> None:
    """A preset sets the players' count; the seats follow it, so ``create`` never names more
    seats than the room has (which the server refuses)."""
    page = context.new_page()
    frames = Frames(page)
    page.goto(f"{server}/")
    seats = page.locator(".seats-choice select")
    page.locator("#preset input[value='vietnam']").wait_for(state="attached")
    page.get_by_label("Players", exact=True).fill("6")
    expect(seats).to_have_count(5)
    page.locator("#preset input[value='vietnam']").check()
    expect(page.get_by_label("Players", exact=True)).to_have_value("4")
    expect(seats).to_have_count(3)
    page.get_by_label("Your name").fill("Ann")
    page.get_by_role("button", name="Open the room").click()
    page.wait_for_url("**#room=*")
    created = [m for m in frames.sent if m.get("type") == "create"]
    assert created and len(created[0]["seats"]) == 3, created
