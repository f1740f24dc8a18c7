"""The end of a deal in a real browser, at the bots' instant pace: the table rests on the
deal's summary (a region named by its heading, which takes the focus and is announced),
Ready starts the next deal, and the session's end shows the standings and a rematch, after
which the score table holds only the new session; on a phone the standings fit, totals and all."""

from __future__ import annotations

import re
import time
from typing import Any

from playwright.sync_api import Error, expect

from .test_table import play_a_turn


def play_until(page: Any, heading: str) -> Any:
    """Take this seat's turns until the summary with ``heading`` shows; that heading."""
    target = page.get_by_role("heading", name=heading)
    your_turn = page.get_by_text("Your turn", exact=True)
    deadline = time.monotonic() + 90
    while not target.is_visible():
        assert time.monotonic() < deadline, f"no {heading!r}"
        if your_turn.is_visible():
            page.set_default_timeout(2000)  # a card gone with the deal's end: look again
            try:
                passing = page.get_by_role("button", name="Pass", exact=True)
                if passing.is_enabled():  # the bots play the deal out soonest
                    passing.click()
                else:
                    play_a_turn(page)
            except Error:
                continue
            finally:
                page.set_default_timeout(15000)
        else:
            page.wait_for_timeout(30)
    return target


def test_a_deal_ends_in_a_summary_then_ready_then_the_session_ends_in_a_rematch(
    context: Any, server: str
) -> None:
    page = context.new_page()
    page.goto(f"{server}/")
    page.get_by_label("Your name").fill("Ann")
    expect(page.locator("#preset input").first).to_be_attached()  # the server's defaults came
    for seat in (2, 3, 4):
        page.get_by_label(f"Seat {seat}", exact=True).select_option("easy")
    page.get_by_label("Deals to play").fill("2")
    page.get_by_label("Seconds to rest on each deal's summary (0: none)").fill("300")
    page.get_by_role("button", name="Open the room").click()
    page.get_by_role("button", name="Start the game").click()
    heading = play_until(page, "Deal 1 is over")
    region = page.get_by_role("region", name="Deal 1 is over")
    expect(heading).to_be_focused()
    expect(page.locator("#announce")).to_contain_text("Deal 1 is over")
    rows = region.get_by_role("row")
    expect(rows).to_have_count(5)  # the heading row and four seats
    expect(region).to_contain_text("Ready: 0 of 1")
    head = page.locator("#room-head")
    expect(head).to_contain_text("Deal 1 of 2")  # the deal summed up, not the one to come
    expect(region.get_by_role("heading", name="Settlement")).to_be_visible()
    # each payment keeps its amount apart from the payee's name (a bot's ends in a number)
    payments = region.get_by_role("heading", name="Settlement").locator("+ ul > li")
    assert payments.count() > 0
    for text in payments.all_inner_texts():
        assert re.fullmatch(r".+ pays .+: \d+ \(deal 1: [+-]\d+\)", text), text
    page.get_by_role("button", name="Ready for the next deal").click()
    expect(region).to_be_hidden()
    expect(head).to_contain_text("Deal 2 of 2")
    play_until(page, "The session is over: standings")
    standings = page.get_by_role("region", name="The session is over: standings")
    expect(standings.get_by_role("columnheader", name="Place")).to_be_visible()
    page.set_viewport_size({"width": 360, "height": 640})  # a phone: the totals in view too
    box = standings.locator(".scroll")
    assert box.evaluate("el => el.scrollWidth <= el.clientWidth"), "the standings scroll sideways"
    page.set_viewport_size({"width": 1024, "height": 800})
    scores = page.get_by_role("table", name="Scores")
    expect(scores.get_by_role("row")).to_have_count(4)  # the seats, two deals, the totals
    replay = standings.get_by_role("link", name="Replay the deals")
    assert re.search(r"#replay&room=\w+&seat=0$", replay.get_attribute("href") or "")
    standings.get_by_role("button", name="Play again").click()
    expect(standings).to_be_hidden()
    expect(scores).to_have_count(0)  # the new session has no rows yet
