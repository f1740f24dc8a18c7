"""The browser table when its seat is no longer its own: removed by the host, the page
forgets the seat, says why and watches on without a hand; played by a bot after silent
turns, a button takes the seat back."""

from __future__ import annotations

from typing import Any

from bigtwo.client import Client

from .test_table import hand_cards


def _bo_in_annes_room(page: Any, server: str, **create: Any) -> Client:
    """A room opened by Ann (a program) with Bo (the page) in seat 1 and two easy bots."""
    ann = Client.connect(server.replace("http", "ws") + "/ws")
    code = ann.create("Ann", seats=["open", "easy", "easy"], **create)
    page.goto(f"{server}/#room={code}")
    page.get_by_label("Your name").fill("Bo")
    page.get_by_role("button", name="Take a seat").click()
    page.get_by_text("Waiting for the host to start.").wait_for()
    ann.host("start")
    page.get_by_role("group", name="Your hand").wait_for()
    return ann


def test_a_removed_player_is_told_and_watches_without_a_hand(context: Any, server: str) -> None:
    page = context.new_page()
    ann = _bo_in_annes_room(page, server, deals=2)
    assert hand_cards(page).count() == 13
    ann.host("remove", 1)
    page.get_by_text("The host gave your seat to a bot. You are watching the room.").wait_for()
    page.get_by_text("You are watching: no hand is shown.").wait_for()
    assert hand_cards(page).count() == 0
    kept = page.evaluate("Object.keys(localStorage).filter((k) => k.startsWith('bigtwo.seat.'))")
    assert kept == []  # the token is forgotten
    ann.close()


def test_a_silent_player_takes_the_seat_back(context: Any, server: str) -> None:
    page = context.new_page()
    ann = _bo_in_annes_room(page, server, deals=3, turn_seconds=1)
    back = page.get_by_role("button", name="I'm back: play my seat again")
    back.wait_for(timeout=30000)  # three turns ran out: a bot plays Bo's seat
    page.get_by_text("away: a bot plays meanwhile").first.wait_for()
    back.click()
    back.wait_for(state="detached")
    assert hand_cards(page).count() > 0
    ann.close()


def test_a_drag_outlives_the_room_closed_under_it(context: Any, server: str) -> None:
    """The host closes the room while Bo drags a card: the page goes home, and the pointer
    moving and let go after that finds no hand to draw, and throws nothing."""
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    ann = _bo_in_annes_room(page, server, deals=2)
    card = hand_cards(page).last.bounding_box()
    x, y = card["x"] + card["width"] / 2, card["y"] + card["height"] / 2
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x - 40, y, steps=4)  # past the threshold: a drag, the card lifted
    ann.host("close")
    page.get_by_text("The host closed the room.").wait_for()
    page.mouse.move(x - 80, y, steps=4)
    page.mouse.up()
    page.evaluate("new Promise((done) => requestAnimationFrame(() => done(null)))")
    assert errors == []
    ann.close()
