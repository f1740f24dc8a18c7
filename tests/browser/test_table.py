"""The browser table against a real server: a person plays a deal with three bots by clicking,
a spectator never receives a hand, a reload comes back to the seat, a page that lost its log
names the plays as the live one did, a refusal says why, and a phone's screen needs no
sideways scrolling."""

from __future__ import annotations

import json
import re
import time
from pathlib import Path
from typing import Any

import pytest
from follower import with_states
from playwright.sync_api import expect
from ports import free_port

from .conftest import serving
from .test_languages import I18N


class Frames:
    """Every JSON message the page's WebSocket received, in order."""

    def __init__(self, page: Any) -> None:
        self.messages: list[dict[str, Any]] = []
        self.sent: list[dict[str, Any]] = []
        page.on("websocket", self._socket)

    def _socket(self, ws: Any) -> None:
        ws.on("framereceived", lambda payload: self.messages.append(_json(payload)))
        ws.on("framesent", lambda payload: self.sent.append(_json(payload)))

    def states(self) -> list[dict[str, Any]]:
        """The states the page was sent, as its patches make them (one connection's)."""
        followed = with_states(self.messages)
        return [m.get("state", m) for m in followed if m.get("type") in ("state", "update")]

    def count(self, kind: str) -> int:
        return sum(m.get("type") == kind for m in self.messages)


def _json(payload: str | bytes) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(payload)
    return data


def open_room(
    page: Any,
    base: str,
    deals: int | None = 1,
    start: bool = True,
    rules: str | None = None,
    bots: str = "easy",
    changes: str | None = None,
    players: int = 4,
) -> str:
    """Open a room as "Ann" with bots (easy unless said) in the other ``players - 1`` seats,
    under ``rules`` (the form's default unless named) and rule ``changes``; its code."""
    page.goto(f"{base}/")
    page.get_by_label("Your name").fill("Ann")
    if rules is not None:
        choose_rules(page, rules)
    if players != 4:
        page.get_by_label("Players", exact=True).fill(str(players))
    for seat in range(2, players + 1):
        page.get_by_label(f"Seat {seat}", exact=True).select_option(bots)
    if changes is not None:
        change_rules(page, changes)
    if deals is not None:
        page.get_by_label("Deals to play").fill(str(deals))
    page.get_by_role("button", name="Open the room").click()
    page.wait_for_url("**#room=*")
    code = page.url.split("#room=")[1]
    if start:
        page.get_by_role("button", name="Start the game").click()
    return code


def change_rules(page: Any, changes: str) -> None:
    """Set the create form's rule controls as ``changes`` (``NAME=VALUE`` lines) say."""
    page.get_by_text("Rule options", exact=True).click()
    for line in changes.splitlines():
        name, value = (part.strip() for part in line.split("=", 1))
        control = page.locator(f"#opt-{name}")
        kind = control.evaluate("el => el.type")
        if kind == "checkbox":
            control.set_checked(value == "yes")
        elif kind.startswith("select"):
            control.select_option(value)
        else:
            control.fill(value)


def fits_a_phone(page: Any) -> None:
    """No sideways scrolling at 360 px, and every visible control at least 44 px square (a
    checkbox's or a preset's radio button's row, label and all, is what a thumb taps)."""
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    small = page.evaluate(
        """() => [...document.querySelectorAll(
                'button, select, input:not([type=checkbox], [type=radio]), a.button,'
                + ' .preset-choice')]
            .filter((el) => el.offsetParent !== null)
            .map((el) => el.getBoundingClientRect())
            .filter((r) => r.height < 44 || r.width < 44).length"""
    )
    assert small == 0


def more_than(items: Any, count: int, timeout: float = 15.0) -> None:
    """Wait until the locator finds more than ``count`` elements (the page's policy forbids
    the string evaluation that `wait_for_function` uses)."""
    deadline = time.monotonic() + timeout
    while items.count() <= count:
        assert time.monotonic() < deadline, f"still {items.count()} elements"
        time.sleep(0.02)


def choose_rules(page: Any, preset: str) -> None:
    """Pick the preset ``preset`` (its code) among the create form's radio buttons."""
    page.get_by_role("group", name="Rules", exact=True).locator(f"input[value='{preset}']").check()


def menu(page: Any) -> Any:
    """The room's menu (a sheet): opened by its button unless it is open already."""
    sheet = page.get_by_role("dialog", name="Room menu")
    if not sheet.is_visible():
        page.get_by_role("button", name="Menu", exact=True).click()
        sheet.wait_for()
    return sheet


def close_menu(page: Any) -> None:
    page.keyboard.press("Escape")
    page.get_by_role("dialog", name="Room menu").wait_for(state="hidden")


def hand_cards(page: Any) -> Any:
    return page.get_by_role("group", name="Your hand").get_by_role("button")


def wait_turn(page: Any) -> None:
    page.get_by_text("Your turn", exact=True).wait_for()


def play_a_turn(page: Any) -> None:
    """Play the first single card the page doesn't grey out, else pass, by clicking."""
    play = page.get_by_role("button", name="Play", exact=True)
    cards = hand_cards(page)
    for i in range(cards.count()):
        card = cards.nth(i)
        card.click()
        if play.is_enabled() and "refused" not in (play.get_attribute("class") or ""):
            play.click()
            return
        card.click()
    page.get_by_role("button", name="Pass", exact=True).click()


def take_a_turn(page: Any, frames: Frames) -> None:
    """`play_a_turn`, then wait for the update that answers it: until then the page still
    shows the turn as its own, and its hand as it was."""
    seen = frames.count("update")
    play_a_turn(page)
    over = page.get_by_text("The session is over.", exact=True)
    while frames.count("update") == seen and not over.is_visible():
        page.wait_for_timeout(20)


def test_a_person_plays_a_whole_deal_with_three_bots(context: Any, server: str) -> None:
    page = context.new_page()
    said: list[str] = []  # what the page logged: a warning each load is a defect too
    page.on("console", lambda m: said.append(f"{m.type}: {m.text}"))
    page.on("pageerror", lambda e: said.append(f"pageerror: {e}"))
    frames = Frames(page)
    open_room(page, server, deals=1)
    over = page.get_by_text("The session is over.", exact=True)
    turn = page.get_by_text("Your turn", exact=True)
    deadline = time.monotonic() + 90
    turns = 0
    while not over.is_visible():
        assert time.monotonic() < deadline, "the deal didn't end"
        if turn.is_visible():
            take_a_turn(page, frames)
            turns += 1
        else:
            page.wait_for_timeout(20)
    assert turns > 0
    results = page.get_by_role("region", name="Scores")
    assert results.get_by_role("rowheader", name="Deal 1").is_visible()
    assert results.get_by_role("rowheader", name="Totals").is_visible()
    standings = page.get_by_role("region", name="The session is over: standings")
    assert standings.get_by_role("heading", name="Settlement").is_visible()
    assert "wins the deal" in page.get_by_role("region", name="Plays").inner_text()
    assert page.get_by_role("alert").inner_text() == ""  # no refusal on the way
    played = [m for m in frames.messages if m.get("type") == "update"]
    assert any(e["kind"] == "deal_over" for m in played for e in m["events"])
    assert [s for s in said if s.startswith(("error", "warning", "pageerror"))] == []


def test_four_people_open_a_shared_link_and_play_a_deal_by_clicking(
    context: Any, browser: Any, server: str
) -> None:
    """Four browsers, four people: the host opens a room with three open seats and shares its
    link; three friends take the seats from it; the deal is played to its end by clicks (six
    cards each: a whole deal of thirteen by clicks is
    `test_a_person_plays_a_whole_deal_with_three_bots`)."""
    host = context.new_page()
    frames = [Frames(host)]
    open_room(host, server, deals=1, bots="open", start=False, changes="cards_each=6")
    url = host.get_by_label("Share this link").input_value()
    others = [browser.new_context() for _ in range(3)]
    try:
        pages = [host]
        for name, ctx in zip(("Bo", "Cy", "Di"), others, strict=True):
            ctx.set_default_timeout(15000)
            friend = ctx.new_page()
            frames.append(Frames(friend))
            friend.goto(url)
            friend.get_by_label("Your name").fill(name)
            friend.get_by_role("button", name="Take a seat").click()
            friend.get_by_text("Waiting for the host to start.").wait_for()
            pages.append(friend)
        seats = host.get_by_role("region", name="Seats")
        for name in ("Bo", "Cy", "Di"):
            seats.get_by_text(name, exact=True).wait_for()
        host.get_by_role("button", name="Start the game").click()
        turns = [0] * 4
        deadline = time.monotonic() + 180
        over = [p.get_by_text("The session is over.", exact=True) for p in pages]
        while not all(o.is_visible() for o in over):
            assert time.monotonic() < deadline, f"the deal didn't end (turns {turns})"
            for i, page in enumerate(pages):
                if page.get_by_text("Your turn", exact=True).is_visible():
                    take_a_turn(page, frames[i])
                    turns[i] += 1
        assert all(turns), turns  # everyone played (or passed) at least once
        for page in pages:
            scores = page.get_by_role("region", name="Scores")
            assert scores.get_by_role("rowheader", name="Deal 1").is_visible()
            assert page.get_by_role("alert").inner_text() == ""  # no refusal on the way
    finally:
        for ctx in others:
            ctx.close()


def test_a_spectator_sees_no_hand(context: Any, browser: Any, server: str) -> None:
    host = context.new_page()
    code = open_room(host, server, deals=None)
    wait_turn(host)
    held = [hand_cards(host).nth(i).get_attribute("aria-label") for i in range(13)]

    other = browser.new_context()  # another browser's storage: no seat token for this room
    other.set_default_timeout(15000)
    watcher = other.new_page()
    frames = Frames(watcher)
    watcher.goto(f"{server}/#room={code}")
    watcher.get_by_role("button", name="Watch").click()
    watcher.get_by_text("You are watching: no hand is shown.").wait_for()
    assert watcher.get_by_role("group", name="Your hand").count() == 0
    assert watcher.locator(".card").count() == 0
    # the host plays on; the watcher keeps seeing no hand
    play_a_turn(host)
    more_than(watcher.locator("#log li"), 1)
    states = frames.states()
    assert states
    for state in states:
        assert state["seat"] is None and state["offers"] is None
        assert state["view"]["hand"] == "" and state["view"]["seat"] == -1
    text = watcher.locator("body").inner_text()
    assert "Your hand" not in text and "Ann:" in text
    watcher.reload()  # still watching after a reload
    watcher.get_by_text("You are watching: no hand is shown.").wait_for()
    assert all(s["view"]["hand"] == "" for s in frames.states())
    assert all(label for label in held)
    other.close()


def test_reloading_comes_back_to_the_seat(context: Any, server: str) -> None:
    page = context.new_page()
    code = open_room(page, server, deals=None)
    wait_turn(page)
    seen = len(page.locator("#log li").all())
    play_a_turn(page)  # mid-deal from here on
    more_than(page.locator("#log li"), seen)
    wait_turn(page)
    before = [c.get_attribute("aria-label") for c in hand_cards(page).all()]
    frames = Frames(page)
    page.reload()
    wait_turn(page)
    after = [c.get_attribute("aria-label") for c in hand_cards(page).all()]
    assert after == before and before
    assert page.url.endswith(f"#room={code}")
    resumes = [m for m in frames.messages if m.get("type") == "welcome"]
    assert resumes and resumes[0]["seat"] == 0 and resumes[0]["token"] is None  # resumed, not new
    asked = [m for m in frames.sent if m.get("type") == "resume"]
    assert asked and asked[0]["room"] == code and asked[0]["last"] > 0  # with its last number
    assert page.get_by_role("button", name="Pass", exact=True).is_visible()


def test_a_page_that_lost_its_log_names_the_plays_as_the_live_one_did(
    context: Any, server: str
) -> None:
    """A page whose tab kept no log (a reload after the tab's memory is gone, a new tab)
    starts it from the view's history, which names each play's combination as its event
    did live: the same lines, none a bare list of cards."""
    page = context.new_page()
    frames = Frames(page)
    open_room(page, server, deals=None)
    for _ in range(2):
        wait_turn(page)
        take_a_turn(page, frames)
    wait_turn(page)
    live = page.locator("#log li").all_inner_texts()
    page.evaluate("sessionStorage.clear()")
    page.reload()
    wait_turn(page)
    seeded = page.locator("#log li").all_inner_texts()
    named = [line for line in seeded if re.search(r"\(an? [a-z ]+\)$", line)]
    assert len(named) >= 2, seeded  # Ann's two plays at least, each named
    rest = iter(live)  # the live log has the deal and the tricks too: the seeded lines in order
    assert all(line in rest for line in seeded), (seeded, live)


def test_a_refused_play_says_why(context: Any, server: str) -> None:
    """A selection the server would refuse is greyed before anything is sent, with the
    server's reason (asked with `why`) under the hand, on hover and on a tap."""
    page = context.new_page()
    frames = Frames(page)
    open_room(page, server, deals=None)
    wait_turn(page)
    cards = hand_cards(page)
    cards.first.click()
    cards.last.click()  # the lowest and the highest card: never a combination
    play = page.get_by_role("button", name="Play", exact=True)
    hint = page.locator("#" + str(play.get_attribute("aria-describedby")))
    hint.get_by_text("is not a combination under these rules").wait_for()
    assert any(suit in hint.inner_text() for suit in "♦♣♥♠")  # the cards, as symbols
    assert "refused" in (play.get_attribute("class") or "")  # greyed
    assert play.get_attribute("aria-disabled") == "true"
    assert "is not a combination" in (play.get_attribute("title") or "")  # said on hover
    asked = [m for m in frames.sent if m.get("type") == "why"]
    assert asked and len(asked[-1]["action"].split()) == 2
    play.click(force=True)  # a tap: greyed (aria-disabled) but it still says why
    alert = page.get_by_role("alert")
    alert.get_by_text("is not a combination under these rules").wait_for()
    assert not [m for m in frames.sent if m.get("type") == "act"]  # nothing was sent to play


@pytest.mark.parametrize("screen", ["home", "waiting", "table", "two players", "eight seats"])
def test_a_phone_needs_no_sideways_scrolling(browser: Any, server: str, screen: str) -> None:
    """The worst cases too: two players hold 26 cards each, eight seats share two decks."""
    ctx = browser.new_context(viewport={"width": 360, "height": 640}, has_touch=True)
    ctx.set_default_timeout(15000)
    try:
        page = ctx.new_page()
        if screen == "home":
            page.goto(f"{server}/")
            page.get_by_role("button", name="Open the room").wait_for()
        elif screen == "waiting":
            open_room(page, server, deals=None, start=False)
            page.get_by_role("button", name="Start the game").wait_for()
        else:
            players = {"two players": 2, "eight seats": 8}.get(screen, 4)
            open_room(page, server, deals=None, players=players)
            wait_turn(page)
            hand_cards(page).first.tap()
            if players == 2:
                assert hand_cards(page).count() >= 25  # 26, less any card played before
            if players == 8:
                seats = page.get_by_role("region", name="Seats").get_by_role("listitem")
                assert seats.count() == 8
        fits_a_phone(page)
    finally:
        ctx.close()


SEATS_REACHED = """() => {
  const seats = [...document.querySelectorAll("#seats li.seat")];
  const boxes = seats.map((li) => li.getBoundingClientRect());
  const overlaps = [];
  boxes.forEach((a, i) => boxes.slice(i + 1).forEach((b, j) => {
    if (a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom)
      overlaps.push([i, i + 1 + j]);
  }));
  const unreachable = seats.flatMap((li, i) => [...li.querySelectorAll("select")].filter((s) => {
    s.scrollIntoView({ block: "center" });
    const r = s.getBoundingClientRect();
    const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
    return !(hit === s || s.contains(hit));
  }).map(() => i));
  return { seats: seats.length, overlaps, unreachable };
}"""


@pytest.mark.parametrize("width", [1280, 360])
def test_the_host_reaches_each_seat_before_the_start(browser: Any, server: str, width: int) -> None:
    """The seats before the start are a list, each seat's choice of bot where a finger or a
    mouse reaches it (they were once all drawn in one place, only the last one's reachable)."""
    ctx = browser.new_context(viewport={"width": width, "height": 800})
    ctx.set_default_timeout(15000)
    try:
        page = ctx.new_page()
        open_room(page, server, deals=None, start=False, players=6)
        page.get_by_role("button", name="Start the game").wait_for()
        found = page.evaluate(SEATS_REACHED)
        assert found == {"seats": 6, "overlaps": [], "unreachable": []}, found
    finally:
        ctx.close()


def test_desktop_screenshot(browser: Any, server: str) -> None:
    ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    ctx.set_default_timeout(15000)
    try:
        page = ctx.new_page()
        open_room(page, server, deals=None)
        wait_turn(page)
        hand_cards(page).first.click()
        assert page.evaluate("document.documentElement.scrollWidth") <= 1280
    finally:
        ctx.close()


def test_keyboard_play(context: Any, server: str) -> None:
    page = context.new_page()
    open_room(page, server, deals=None)
    wait_turn(page)
    first = hand_cards(page).first
    first.focus()
    page.keyboard.press("Space")
    assert first.get_attribute("aria-pressed") == "true"
    page.keyboard.press("ArrowRight")
    # retried: the answer to the page's question about the selection may redraw the hand
    # (keeping the focus) between finding the card and looking at the focus
    expect(hand_cards(page).nth(1)).to_be_focused()
    play = page.get_by_role("button", name="Play", exact=True)
    seen = page.locator("#log li").count()
    if "refused" in (play.get_attribute("class") or ""):
        page.keyboard.press("c")
        page.keyboard.press("s")
    else:
        page.keyboard.press("p")
    more_than(page.locator("#log li"), seen)
    assert page.get_by_role("alert").inner_text() == ""


def test_a_friend_joins_by_link_before_the_start(context: Any, browser: Any, server: str) -> None:
    host = context.new_page()
    host.goto(f"{server}/")
    host.get_by_label("Your name").fill("Ann")
    host.get_by_label("Seat 3", exact=True).select_option("easy")
    host.get_by_label("Seat 4", exact=True).select_option("easy")
    host.get_by_role("button", name="Open the room").click()
    link = host.get_by_label("Share this link")
    link.wait_for()
    url = link.input_value()
    assert "#room=" in url and host.get_by_role("button", name="Copy link").is_visible()

    other = browser.new_context()
    other.set_default_timeout(15000)
    try:
        friend = other.new_page()
        friend.goto(url)
        friend.get_by_label("Your name").fill("Bo <b>")
        friend.get_by_role("button", name="Take a seat").click()
        friend.get_by_text("Waiting for the host to start.").wait_for()
        host.get_by_role("region", name="Seats").get_by_text("Bo <b>", exact=True).wait_for()
        host.get_by_label("Seat 4", exact=True).select_option("medium")
        friend.get_by_text("medium bot 4").wait_for()
        friend.get_by_label("Message").fill("hi <i>there</i>")
        friend.get_by_role("button", name="Send").click()
        host.get_by_role("region", name="Chat").get_by_text("hi <i>there</i>").wait_for()
        host.get_by_role("button", name="Start the game").click()
        friend.get_by_role("group", name="Your hand").wait_for()
        assert hand_cards(friend).count() == 13
        assert (
            friend.locator("i").count() == 0
            and host.locator("b").filter(has_text="there").count() == 0
        )
    finally:
        other.close()


def test_the_opening_lead_names_the_card_it_must_include(
    context: Any, browser: Any, server: str
) -> None:
    """Two people, neither a bot: the deal waits on its first play, and both boards say that it
    must include 3♦ (each in its own language); once it is made, the line names its player."""
    zh = json.loads((I18N / "zh-Hant.json").read_text(encoding="utf-8"))
    host = context.new_page()
    open_room(host, server, deals=None, bots="open", start=False, players=2)
    url = host.get_by_label("Share this link").input_value()
    other = browser.new_context(locale="zh-TW")
    other.set_default_timeout(15000)
    try:
        friend = other.new_page()
        friend.goto(url)
        friend.get_by_label(zh["home.name"]).fill("Bo")
        friend.get_by_role("button", name=zh["room.join.take"]).click()
        friend.get_by_text(zh["room.waiting.host"]).wait_for()
        host.get_by_role("button", name="Start the game").click()
        line = host.locator("#board .to-beat")
        expect(line).to_have_text(re.compile(r"^(Ann|Bo) leads: the first play must include 3♦\.$"))
        leader = line.inner_text().split(" ")[0]
        expect(friend.locator("#board .to-beat")).to_have_text(
            f"{leader} 先出：第一手必須包含 3♦。"
        )
        first = host if leader == "Ann" else friend
        first.locator("#hand-box [data-focus=hint]").click()
        first.locator("#hand-box [data-focus=play]").click()
        expect(line).to_have_text(f"played by {leader}")
    finally:
        other.close()


def test_a_server_restart_shows_the_banner_and_resumes(browser: Any, tmp_path: Path) -> None:
    db, port = tmp_path / "restart.db", free_port()
    ctx = browser.new_context()
    ctx.set_default_timeout(20000)
    try:
        page = ctx.new_page()
        with serving(db, port) as base:
            page.goto(f"{base}/")
            page.get_by_label("Your name").fill("Ann")
            for seat in (2, 3, 4):
                page.get_by_label(f"Seat {seat}", exact=True).select_option("easy")
            page.get_by_label("Seconds a turn").fill("600")
            page.get_by_role("button", name="Open the room").click()
            page.get_by_role("button", name="Start the game").click()
            wait_turn(page)
            seats = page.get_by_role("region", name="Seats")
            assert re.search(r"\d+ s left", seats.inner_text())  # the turn's timer
            before = [c.get_attribute("aria-label") for c in hand_cards(page).all()]
        banner = page.get_by_role("status").filter(has_text="reconnecting")
        banner.wait_for()
        with serving(db, port):
            banner.wait_for(state="hidden")
            wait_turn(page)
            assert [c.get_attribute("aria-label") for c in hand_cards(page).all()] == before
    finally:
        ctx.close()


def test_a_link_to_no_room_says_so(context: Any, server: str) -> None:
    page = context.new_page()
    reply = page.goto(f"{server}/#room=NOSUCHROOM")
    assert "default-src 'self'" in reply.headers["content-security-policy"]  # nothing from away
    page.get_by_label("Your name").fill("Cy")
    page.get_by_role("button", name="Take a seat").click()
    page.get_by_role("alert").get_by_text("There is no open room with that code.").wait_for()
    assert page.get_by_role("button", name="Open the room").is_visible()  # back home


def test_a_side_action_is_offered_and_taken(context: Any, server: str) -> None:
    """Indonesian rules: a player down to one or two cards announces it; the page shows the
    offer as a button. The person plays the biggest offered play each turn (read from the
    socket's own frames), so most deals get there; deals go on until one does."""
    page = context.new_page()
    frames = Frames(page)
    open_room(page, server, deals=None, rules="indonesia", bots="random")
    announce = page.get_by_role("button", name="Announce: last card!")
    turn = page.get_by_text("Your turn", exact=True)
    deadline = time.monotonic() + 60
    while not announce.is_visible():
        assert time.monotonic() < deadline, "no announcement was offered"
        if not turn.is_visible():
            page.wait_for_timeout(20)
            continue
        offers = frames.states()[-1]["offers"] or []
        plays = [o for o in offers if o not in ("pass", "no", "announce")]
        seen = frames.count("update")
        if "announce" in offers:
            continue
        if plays:
            for word in max(plays, key=lambda o: len(o.split())).split():
                page.locator(f'.hand [data-focus="card-{word}"]').click()
            page.get_by_role("button", name="Play", exact=True).click()
        else:
            page.get_by_role("button", name="Pass", exact=True).click()
        while frames.count("update") == seen:
            page.wait_for_timeout(20)
    announce.click()
    page.get_by_role("region", name="Plays").get_by_text("Ann: Announce: last card!").wait_for()
    assert page.get_by_role("alert").inner_text() == ""


def test_a_watcher_takes_an_open_seat(context: Any, browser: Any, server: str) -> None:
    host = context.new_page()
    host.goto(f"{server}/")
    host.get_by_label("Your name").fill("Ann")
    host.get_by_role("button", name="Open the room").click()
    host.wait_for_url("**#room=*")
    other = browser.new_context()
    other.set_default_timeout(15000)
    try:
        page = other.new_page()
        page.goto(host.url)
        page.get_by_role("button", name="Watch").click()
        page.get_by_text("You are watching.").wait_for()
        page.get_by_label("Your name").fill("Di")
        page.get_by_role("button", name="Take a seat").click()
        page.get_by_text("Waiting for the host to start.").wait_for()
        host.get_by_role("region", name="Seats").get_by_text("Di", exact=True).wait_for()
    finally:
        other.close()
