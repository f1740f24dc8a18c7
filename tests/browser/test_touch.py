"""The table on a phone with a touchscreen (390 x 844, touch, mobile): a person opens a room with
bots and starts it by tapping, chooses cards by tapping them, plays with Play and passes with
Pass, and arranges the hand by dragging a card with a finger. The finger's touches go through
DevTools' `Input.dispatchTouchEvent`, so the browser makes of them what it makes of a real
screen's: pointer events of type "touch", taps that click, and swipes that scroll the page.
A finger slides a little on a tap, may lift off the row it dragged along, and holds a card
while the others play: none of these loses the gesture."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import expect

from .test_table import Frames, hand_cards, more_than, wait_turn
from .test_table_play import my_offers, next_update

PHONE = {"width": 390, "height": 844}
SYMBOL = {"D": "\u2666", "C": "\u2663", "H": "\u2665", "S": "\u2660"}


@pytest.fixture
def phone(browser: Any) -> Iterator[Any]:
    """A phone's browser: small screen, touch, mobile viewport."""
    ctx = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    ctx.set_default_timeout(15000)
    try:
        yield ctx
    finally:
        ctx.close()


class Finger:
    """One finger on the page's touchscreen (coordinates in CSS pixels of the viewport)."""

    def __init__(self, page: Any) -> None:
        self.cdp = page.context.new_cdp_session(page)
        self.at = (0.0, 0.0)

    def _touch(self, kind: str, points: list[dict[str, float]]) -> None:
        self.cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

    def down(self, x: float, y: float) -> None:
        self.at = (x, y)
        self._touch("touchStart", [{"x": x, "y": y}])

    def move(self, x: float, y: float, steps: int = 8) -> None:
        x0, y0 = self.at
        for i in range(1, steps + 1):
            self._touch(
                "touchMove", [{"x": x0 + (x - x0) * i / steps, "y": y0 + (y - y0) * i / steps}]
            )
        self.at = (x, y)

    def up(self) -> None:
        self._touch("touchEnd", [])

    def drag(self, *points: tuple[float, float]) -> None:
        """Press at the first point, slide through the others, lift at the last."""
        self.down(*points[0])
        for point in points[1:]:
            self.move(*point)
        self.up()


def center(box: dict[str, float]) -> tuple[float, float]:
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def left_half(box: dict[str, float]) -> tuple[float, float]:
    """A point on a card's left half: a card dropped there goes before it."""
    return box["x"] + 4, box["y"] + box["height"] / 2


def shown(page: Any) -> list[str]:
    """The hand in the order shown, as the server writes cards ("3D")."""
    return list(hand_cards(page).evaluate_all("els => els.map((e) => e.dataset.word)"))


def pressed(page: Any) -> list[str]:
    return list(
        hand_cards(page).evaluate_all(
            "els => els.filter((e) => e.getAttribute('aria-pressed') === 'true')"
            ".map((e) => e.dataset.word)"
        )
    )


def dragging(page: Any) -> int:
    """How many cards are drawn as being dragged (dimmed, dashed)."""
    return int(page.locator(".hand .card.dragging").count())


def card(page: Any, word: str) -> Any:
    return page.get_by_role("group", name="Your hand").locator(f'[data-word="{word}"]')


def face(words: str) -> str:
    """Cards as the page shows them: "TD 3S" -> "10♦ 3♠"."""
    return " ".join(("10" if w[0] == "T" else w[0]) + SYMBOL[w[1]] for w in words.split())


def settle(page: Any, frames: Frames) -> None:
    """Wait until the server has answered every `why` the page asked: each answer redraws
    the hand, which would end a drag under way (see the test of that below)."""
    deadline = time.monotonic() + 10
    while sum(m.get("type") == "why" for m in frames.messages) < sum(
        m.get("type") == "why" for m in frames.sent
    ):
        assert time.monotonic() < deadline, "a `why` was never answered"
        page.wait_for_timeout(20)
    page.wait_for_timeout(50)


def open_room_by_tapping(page: Any, server: str, bots: int = 3) -> str:
    """On the home page: type the name, put easy bots in seats 2.. and tap Open the room."""
    page.goto(f"{server}/")
    name = page.get_by_label("Your name")
    name.tap()
    page.keyboard.type("Ann")
    for seat in range(2, 2 + bots):
        page.get_by_label(f"Seat {seat}", exact=True).select_option("easy")
    page.get_by_role("button", name="Open the room").tap()
    page.wait_for_url("**#room=*")
    return str(page.url.split("#room=")[1])


def my_turn_with_bots(phone: Any, server: str) -> tuple[Any, Frames]:
    page = phone.new_page()
    frames = Frames(page)
    open_room_by_tapping(page, server)
    page.get_by_role("button", name="Start the game").tap()
    wait_turn(page)
    settle(page, frames)
    return page, frames


def hand_in_view(page: Any) -> list[dict[str, float]]:
    """Scroll the whole hand onto the screen; each card's box, in the order shown."""
    page.locator("#hand-box").scroll_into_view_if_needed()
    page.wait_for_timeout(50)
    return [c.bounding_box() for c in hand_cards(page).all()]


def test_a_phone_player_opens_a_room_and_plays_and_passes_by_tapping(
    phone: Any, server: str
) -> None:
    page = phone.new_page()
    frames = Frames(page)
    open_room_by_tapping(page, server)
    assert page.evaluate("matchMedia('(pointer: coarse)').matches && navigator.maxTouchPoints > 0")
    page.get_by_role("button", name="Start the game").tap()
    wait_turn(page)
    settle(page, frames)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert len(shown(page)) == 13

    # a tap selects a card and a second tap puts it back; Clear drops a selection
    hint_line = page.locator("#hand-hint")
    first, second = shown(page)[:2]
    card(page, first).tap()
    expect(card(page, first)).to_have_attribute("aria-pressed", "true")
    expect(hint_line).to_contain_text(face(first))  # "Selected: 3♥", or why it is no move
    card(page, first).tap()
    expect(card(page, first)).to_have_attribute("aria-pressed", "false")
    expect(hint_line).to_contain_text("Select cards to play")
    card(page, first).tap()
    card(page, second).tap()
    assert pressed(page) == [first, second]
    page.get_by_role("button", name="Clear", exact=True).tap()
    expect(hint_line).to_contain_text("Select cards to play")
    assert pressed(page) == []

    plays_log = page.get_by_role("region", name="Plays")
    played = passed = False
    for _ in range(12):
        wait_turn(page)
        settle(page, frames)
        offers = my_offers(frames)
        plays = [o for o in offers if o != "pass"]
        seen = frames.count("update")
        if plays and not (played and "pass" in offers):
            move = min(plays, key=lambda o: len(o.split()))  # the fewest cards offered
            for word in move.split():
                card(page, word).tap()
                expect(card(page, word)).to_have_attribute("aria-pressed", "true")
            assert sorted(pressed(page)) == sorted(move.split())
            play = page.get_by_role("button", name="Play", exact=True)
            expect(play).to_be_enabled()
            assert "refused" not in (play.get_attribute("class") or "")
            play.tap()
            next_update(page, frames, seen)
            # the play is on the table, in the plays, and out of the hand
            said = re.compile(rf"^Ann: {re.escape(face(move))} \(a [a-z ]+\)$")  # with its kind
            plays_log.get_by_text(said).wait_for()
            assert not set(move.split()) & set(shown(page))
            assert [m for m in frames.sent if m.get("type") == "act"][-1]["action"] == move
            played = True
        else:
            assert "pass" in offers
            passes = plays_log.get_by_text("Ann passes", exact=True)
            before = passes.count()
            page.get_by_role("button", name="Pass", exact=True).tap()
            next_update(page, frames, seen)
            more_than(passes, before)
            assert [m for m in frames.sent if m.get("type") == "act"][-1]["action"] == "pass"
            passed = True
        if played and passed:
            break
    else:
        pytest.fail(f"in 12 turns: played {played}, passed {passed}")
    assert page.get_by_role("alert").inner_text() == ""  # nothing refused on the way


def test_a_finger_arranges_the_hand(phone: Any, server: str) -> None:
    page, frames = my_turn_with_bots(phone, server)
    finger = Finger(page)
    boxes = hand_in_view(page)
    rows = sorted({round(b["y"]) for b in boxes})
    assert len(rows) >= 2, "13 cards in one row on a phone?"
    in_first_row = sum(round(b["y"]) == rows[0] for b in boxes)
    order = shown(page)

    # a tap whose finger wobbles a little still selects the card, and moves nothing
    x, y = center(boxes[1])
    finger.down(x, y)
    finger.move(x + 3, y + 2, steps=2)
    finger.up()
    expect(card(page, order[1])).to_have_attribute("aria-pressed", "true")
    assert shown(page) == order
    card(page, order[1]).tap()
    expect(card(page, order[1])).to_have_attribute("aria-pressed", "false")
    settle(page, frames)

    # along the row: the first row's last card dropped on the first card's left half
    last_of_row = order[in_first_row - 1]
    finger.drag(center(boxes[in_first_row - 1]), left_half(boxes[0]))
    expected = [last_of_row, *order[: in_first_row - 1], *order[in_first_row:]]
    assert shown(page) == expected
    assert dragging(page) == 0 and pressed(page) == []  # a drag is not a tap

    # to another row: the hand's last card, slid sideways first, then up to the front
    boxes = hand_in_view(page)
    order = shown(page)
    x, y = center(boxes[-1])
    finger.drag((x, y), (x + 30, y), left_half(boxes[0]))
    expected = [order[-1], *order[:-1]]
    assert shown(page) == expected
    assert dragging(page) == 0 and pressed(page) == []

    # a swipe up on the cards scrolls the page, as anywhere else, and leaves the hand alone
    boxes = hand_in_view(page)
    top = page.evaluate("scrollY")
    x, y = center(boxes[in_first_row])  # the second row's first card
    finger.drag((x, y), (x, y - 200))
    page.wait_for_timeout(300)  # the fling's last frames
    assert page.evaluate("scrollY") > top
    assert shown(page) == expected
    assert dragging(page) == 0 and pressed(page) == []

    # the arrangement stays through the turn: a hinted play tapped away, the rest in order
    seen = frames.count("update")
    if my_offers(frames) == ["pass"]:
        page.get_by_role("button", name="Pass", exact=True).tap()
    else:
        page.get_by_role("button", name="Hint", exact=True).tap()
        page.get_by_role("button", name="Play", exact=True).tap()
    next_update(page, frames, seen)
    held = set(frames.states()[-1]["view"]["hand"].split())
    assert shown(page) == [w for w in expected if w in held]


def test_a_tap_the_browser_clicks_selects_the_card(phone: Any, server: str) -> None:
    page, _ = my_turn_with_bots(phone, server)
    page.evaluate(
        "() => { window.clicks = 0;"
        " document.addEventListener('click', () => { window.clicks += 1; }, true); }"
    )
    finger = Finger(page)
    boxes = hand_in_view(page)
    order = shown(page)
    x, y = center(boxes[1])
    finger.drag((x - 5.5, y), (x + 5.5, y + 1))  # 11 px across the middle of one card
    page.wait_for_timeout(100)
    assert page.evaluate("window.clicks") == 1  # the browser took it for a tap
    assert shown(page) == order and dragging(page) == 0  # and nothing was moved
    assert pressed(page) == [order[1]], "the tapped card is not selected"


def test_a_card_let_go_just_below_the_hand_stays_where_it_was_put(phone: Any, server: str) -> None:
    page, _ = my_turn_with_bots(phone, server)
    finger = Finger(page)
    boxes = hand_in_view(page)
    order = shown(page)
    below = page.locator("#hand-hint").bounding_box()  # the line right under the cards
    x, y = center(boxes[0])
    # the first card, along the first row past the third, then down off the cards
    finger.drag((x, y), (boxes[2]["x"] + boxes[2]["width"] - 4, y), center(below))
    page.wait_for_timeout(100)
    after = shown(page)
    assert after != order  # it moved while held
    assert dragging(page) == 0, "the card is still drawn as being dragged"
    # a tap at once after a finger came down the page would stop the browser's fling, not
    # click (Chromium's own gesture handling), so wait as a person would
    page.wait_for_timeout(800)
    card(page, after[-1]).tap()  # anything that redraws the hand
    expect(card(page, after[-1])).to_have_attribute("aria-pressed", "true")
    assert shown(page) == after, "the order shown was not kept"


def test_a_drag_survives_another_players_move(phone: Any, browser: Any, server: str) -> None:
    page = phone.new_page()
    frames = Frames(page)
    code = open_room_by_tapping(page, server, bots=2)  # seat 4 stays open for Bo
    other = browser.new_context()
    other.set_default_timeout(15000)
    try:
        bo = other.new_page()
        bo.goto(f"{server}/#room={code}")
        bo.get_by_label("Your name").fill("Bo")
        bo.get_by_role("button", name="Take a seat").click()
        page.get_by_role("region", name="Seats").get_by_text("Bo", exact=True).wait_for()
        page.get_by_role("button", name="Start the game").tap()
        hand_cards(page).first.wait_for()
        bo_turn = bo.get_by_text("Your turn", exact=True)
        my_turn = page.get_by_text("Your turn", exact=True)
        deadline = time.monotonic() + 30
        while not bo_turn.is_visible():  # Ann moves (by taps) until it is Bo's turn
            assert time.monotonic() < deadline, "Bo's turn never came"
            if my_turn.is_visible():
                seen = frames.count("update")
                if "pass" in my_offers(frames):
                    page.get_by_role("button", name="Pass", exact=True).tap()
                else:
                    page.get_by_role("button", name="Hint", exact=True).tap()
                    page.get_by_role("button", name="Play", exact=True).tap()
                next_update(page, frames, seen)
            else:
                page.wait_for_timeout(20)
        settle(page, frames)
        finger = Finger(page)
        boxes = hand_in_view(page)
        order = shown(page)
        x, y = center(boxes[0])
        end = (boxes[2]["x"] + boxes[2]["width"] - 4, y)  # past the third card: third place
        finger.down(x, y)
        finger.move((x + end[0]) / 2, y)  # holding the first card, half way along the row
        seen = frames.count("update")
        if bo.get_by_role("button", name="Pass", exact=True).is_enabled():
            bo.get_by_role("button", name="Pass", exact=True).click()
        else:
            bo.get_by_role("button", name="Hint", exact=True).click()
            bo.get_by_role("button", name="Play", exact=True).click()
        next_update(page, frames, seen)  # Bo's move reaches the phone mid-drag
        page.wait_for_timeout(100)
        finger.move(*end)
        finger.up()
        assert dragging(page) == 0
        assert shown(page) == [*order[1:3], order[0], *order[3:]], "the held card went back"
    finally:
        other.close()


@pytest.mark.parametrize("width", [320, 360, 390])
def test_a_deal_s_hand_takes_two_rows_on_a_phone(browser: Any, server: str, width: int) -> None:
    """Seven cards a row from the narrowest phones up, so a deal's 13 cards take two rows
    (a lone 13th card on a third row pushed Play and Pass off the screen), each card's
    text inside its card, and nothing to scroll sideways."""
    ctx = browser.new_context(
        viewport={"width": width, "height": 800}, has_touch=True, is_mobile=True
    )
    ctx.set_default_timeout(15000)
    try:
        page, _ = my_turn_with_bots(ctx, server)
        boxes = hand_in_view(page)
        assert len(boxes) == 13
        rows = sorted({round(b["y"]) for b in boxes})
        assert [sum(round(b["y"]) == r for b in boxes) for r in rows] == [7, 6]
        assert min(b["width"] for b in boxes) >= (44 if width >= 360 else 36)  # a fingertip
        cramped = "els => els.filter((e) => e.scrollWidth > e.clientWidth).length"
        assert hand_cards(page).evaluate_all(cramped) == 0
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        assert not page.locator(".hint.keys").is_visible()  # no keys to list on a touchscreen
    finally:
        ctx.close()


def test_what_cannot_be_undone_asks_again(phone: Any, server: str) -> None:
    """Closing the room and leaving the seat for good take a second press within a few
    seconds: a mis-tap on a phone changes nothing, and an unanswered question lapses."""
    page, frames = my_turn_with_bots(phone, server)
    page.get_by_role("button", name="Menu", exact=True).tap()
    controls = page.get_by_role("dialog", name="Room menu")
    sent = len(frames.sent)

    def told() -> list[str]:  # what the page asked of the room since
        return [str(m.get("what", m["type"])) for m in frames.sent[sent:]
                if m.get("type") in ("host", "leave")]  # fmt: skip

    def button(name: str) -> Any:
        return controls.get_by_role("button", name=name, exact=True)

    button("Leave the seat").tap()
    expect(button("Leave the seat: press again to confirm")).to_be_visible()
    button("Close the room").tap()  # another question in place of the first
    expect(button("Close the room: press again to confirm")).to_be_visible()
    expect(button("Leave the seat")).to_be_visible()
    page.wait_for_timeout(500)
    assert told() == [] and frames.states()[-1]["room"]["status"] == "playing"
    expect(button("Close the room")).to_be_visible(timeout=7000)  # the question lapsed
    assert told() == []

    button("Close the room").tap()
    button("Close the room: press again to confirm").tap()
    deadline = time.monotonic() + 10
    while not any(m.get("type") == "unseated" for m in frames.messages):
        assert time.monotonic() < deadline, "the room never closed"
        page.wait_for_timeout(20)
    assert told() == ["close"]


def test_a_reconnect_in_the_middle_of_a_drag_leaves_the_hand_whole(phone: Any, server: str) -> None:
    """The connection drops and comes back while a finger holds a card: the page draws the
    room anew, and the drag gives way to it rather than leaving the hand blank."""
    page = phone.new_page()
    frames = Frames(page)
    sockets: list[Any] = []

    def through(ws: Any) -> None:
        ws.connect_to_server()
        sockets.append(ws)

    page.route_web_socket(re.compile(r"/ws(\?|$)"), through)
    open_room_by_tapping(page, server)
    page.get_by_role("button", name="Start the game").tap()
    wait_turn(page)
    settle(page, frames)
    finger = Finger(page)
    boxes = hand_in_view(page)
    x, y = center(boxes[0])
    finger.down(x, y)
    finger.move(x + 30, y)  # holding the first card
    assert dragging(page) == 1
    welcomed = frames.count("welcome")
    sockets[-1].close()
    deadline = time.monotonic() + 15
    while frames.count("welcome") == welcomed:  # back, and the room drawn anew
        assert time.monotonic() < deadline, "the page did not reconnect"
        page.wait_for_timeout(20)
    page.wait_for_timeout(200)
    finger.move(x + 60, y)
    finger.up()
    expect(hand_cards(page)).to_have_count(13)
    assert dragging(page) == 0
    expect(page.get_by_role("button", name="Play", exact=True)).to_be_visible()
