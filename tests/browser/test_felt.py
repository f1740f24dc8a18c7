"""The felt: the seats around the table at 2, 4, 6 and 8 players on phones, a tablet and a
desktop (inside the felt, none over another nor under the hand, the hand with Play and Pass
on the screen without scrolling, 13 cards in two rows at most, each 44 px wide or more), the
room's menu in a sheet, the switches drawn as switches, a hand of 27 cards, seat names that
break between words on a phone, and the cards drawn as SVG: the index and suit each card
shows match its name, jokers and a second deck's cards are told apart, and the four-colour
deck recolours diamonds and clubs."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest
from playwright.sync_api import expect

from bigtwo.server.web import WEB

from .test_table import close_menu, hand_cards, menu, open_room

VIEWPORTS = [(360, 640), (390, 844), (430, 932), (768, 1024), (1280, 800)]

# Every seat's box, the felt's, and the hand's and Play's, in viewport coordinates.
BOXES = """() => {
  const box = (el) => { const r = el.getBoundingClientRect();
    return { left: r.left, top: r.top, right: r.right, bottom: r.bottom }; };
  const play = document.querySelector('.actions button[data-focus="play"]');
  const pass = document.querySelector('.actions button[data-focus="pass"]');
  return {
    felt: box(document.querySelector(".felt")),
    seats: [...document.querySelectorAll("#seats .seat")].map(box),
    handBox: box(document.querySelector("#hand-box")),
    hand: box(document.querySelector(".hand")),
    cards: [...document.querySelectorAll(".hand .card")].map(box),
    play: play ? box(play) : null,
    pass: pass ? box(pass) : null,
    width: document.documentElement.clientWidth,
    height: window.innerHeight,
    scrollWidth: document.documentElement.scrollWidth,
  };
}"""

# Each seat's name cut short (an ellipsis or a clamp), the space between the person's name and
# the flags beside it, and the dot between the status line's parts with the room around it.
WORDS = """() => {
  const cut = (el) => el.scrollHeight > el.clientHeight + 1 || el.scrollWidth > el.clientWidth + 1;
  const me = document.querySelector("#seats .seat.slot-me");
  const name = me.querySelector(".seat-name").getBoundingClientRect();
  const flags = me.querySelector(".flags").getBoundingClientRect();
  const sameLine = Math.abs(name.top - flags.top) < name.height;
  return {
    cut: [...document.querySelectorAll("#seats .seat-name")].filter(cut)
      .map((el) => el.textContent),
    gap: sameLine ? flags.left - name.right : null,
    dots: [...document.querySelectorAll(".room-head .status span + span")].map((el) => {
      const dot = getComputedStyle(el, "::before");
      return [dot.content, parseFloat(dot.marginLeft), parseFloat(dot.marginRight)];
    }),
  };
}"""


def inside(inner: dict[str, float], outer: dict[str, float]) -> bool:
    return (
        inner["left"] >= outer["left"] - 0.5
        and inner["right"] <= outer["right"] + 0.5
        and inner["top"] >= outer["top"] - 0.5
        and inner["bottom"] <= outer["bottom"] + 0.5
    )


def overlap(a: dict[str, float], b: dict[str, float]) -> bool:
    return (
        min(a["right"], b["right"]) - max(a["left"], b["left"]) > 0.5
        and min(a["bottom"], b["bottom"]) - max(a["top"], b["top"]) > 0.5
    )


@pytest.mark.parametrize("players", [2, 4, 6, 8])
def test_the_seats_sit_around_the_felt_at_every_size(
    browser: Any, server: str, players: int
) -> None:
    ctx = browser.new_context(viewport={"width": 360, "height": 640})
    ctx.set_default_timeout(15000)
    try:
        page = ctx.new_page()
        open_room(page, server, deals=None, players=players)
        page.get_by_role("button", name="Play", exact=True).wait_for()
        seats = page.get_by_role("region", name="Seats").get_by_role("listitem")
        assert seats.count() == players
        assert page.locator("#seats .seat.slot-me").count() == 1  # the person's, at the bottom
        assert seats.filter(has_text="dealer").count() == 1  # the room names its dealer
        for width, height in VIEWPORTS:
            page.set_viewport_size({"width": width, "height": height})
            page.evaluate("window.scrollTo(0, 0)")
            b = page.evaluate(BOXES)
            where = f"{players} players at {width}x{height}"
            assert b["scrollWidth"] <= width, where
            assert len(b["seats"]) == players, where
            screen = {"left": 0, "top": float("-inf"), "right": width, "bottom": float("inf")}
            for i, seat in enumerate(b["seats"]):
                assert inside(seat, b["felt"]) and inside(seat, screen), f"{where}: seat {i}"
                for j in range(i):
                    assert not overlap(seat, b["seats"][j]), f"{where}: seats {j} and {i}"
                assert not overlap(seat, b["handBox"]), f"{where}: seat {i} under the hand"
            me = b["seats"][0]
            assert all(me["top"] >= s["top"] for s in b["seats"]), f"{where}: not at the bottom"
            view = {"left": 0, "top": 0, "right": width, "bottom": height}
            assert b["play"] is not None and inside(b["play"], view), f"{where}: Play"
            assert b["pass"] is not None and inside(b["pass"], view), f"{where}: Pass"
            assert inside(b["hand"], view), f"{where}: the hand"
            assert min(c["right"] - c["left"] for c in b["cards"]) >= 44, f"{where}: narrow"
            w = page.evaluate(WORDS)
            if players <= 4 or width >= 600:  # more round a phone: a line a name (ellipsis)
                assert w["cut"] == [], f"{where}: names cut short"
            assert w["gap"] is None or w["gap"] >= 3, f"{where}: the name runs into its flags"
            for content, left, right in w["dots"] if width < 600 else ():  # "a · b", not "a ·b"
                assert content == '"·"' and min(left, right) >= 3, f"{where}: {w['dots']}"
            if players == 4:  # a deal's 13 (less any played): in two rows at most
                assert len({round(c["top"]) for c in b["cards"]}) <= 2, f"{where}: rows"
    finally:
        ctx.close()


FACES = """async (words) => {
  const face = await import(new URL("js/card-face.js", document.baseURI).href);
  const cards = await import(new URL("js/cards.js", document.baseURI).href);
  return words.map((w) => {
    const img = face.cardImage(w);
    document.body.append(img);
    const svg = img.querySelector("svg");
    const out = {
      name: img.getAttribute("aria-label"),
      texts: [...svg.querySelectorAll("text")].map((t) => t.textContent),
      colour: getComputedStyle(svg).color,
      second: svg.querySelectorAll(".second").length,
      short: cards.short(cards.parse(w)),
    };
    img.remove();
    return out;
  });
}"""


def test_cards_are_drawn_with_their_index_suit_and_name(context: Any, server: str) -> None:
    page = context.new_page()
    open_room(page, server, deals=None)
    page.get_by_role("button", name="Play", exact=True).wait_for()
    # the hand's buttons hold the drawn faces and are named by them
    first = hand_cards(page).first
    assert first.locator("svg text").count() >= 2 and first.locator("svg use").count() == 1
    words = ["TD", "QH", "AS", "4C", "3D*", "RJ", "BJ"]
    shown = page.evaluate(FACES, words)
    by = dict(zip(words, shown, strict=True))
    assert by["TD"]["name"] == "10\u2666, 10 of diamonds"
    assert by["TD"]["texts"][:2] == ["10", "\u2666"]
    assert by["QH"]["texts"] == ["Q", "\u2665", "\u2665"]  # the index once, the suit framed
    assert by["AS"]["name"] == "A\u2660, ace of spades"
    assert by["3D*"]["second"] == 1 and by["TD"]["second"] == 0  # a second deck's mark
    assert "second deck" in by["3D*"]["name"]
    assert by["RJ"]["name"].endswith("red joker") and by["BJ"]["name"].endswith("black joker")
    assert by["RJ"]["colour"] != by["BJ"]["colour"]
    # two colours: diamonds and hearts alike, clubs and spades alike
    assert by["TD"]["colour"] == by["QH"]["colour"] != by["4C"]["colour"] == by["AS"]["colour"]
    switch = menu(page).get_by_role("switch", name="Four-colour deck")
    switch.click()
    assert switch.get_attribute("aria-checked") == "true"
    close_menu(page)
    four = dict(zip(words, page.evaluate(FACES, words), strict=True))
    colours = {four[w]["colour"] for w in ("TD", "QH", "AS", "4C")}
    assert len(colours) == 4, colours  # a colour for each suit
    assert four["QH"]["colour"] == by["QH"]["colour"] and four["AS"]["colour"] == by["AS"]["colour"]
    page.reload()  # remembered
    page.get_by_role("button", name="Play", exact=True).wait_for()
    again = dict(zip(words, page.evaluate(FACES, words), strict=True))
    assert again["TD"]["colour"] == four["TD"]["colour"] != by["TD"]["colour"]


def test_the_play_to_beat_lies_in_the_middle_as_cards(context: Any, server: str) -> None:
    page = context.new_page()
    open_room(page, server, deals=None)
    page.get_by_role("button", name="Play", exact=True).wait_for()
    board = page.get_by_role("region", name="Table")
    hand_cards(page).first.wait_for()
    if board.locator(".to-beat-cards .card-img").count() == 0:  # the person leads: play
        page.get_by_role("button", name="Hint", exact=True).click()
        page.get_by_role("button", name="Play", exact=True).click()
    cards = board.get_by_role("img").filter(has=page.locator("svg"))
    cards.first.wait_for()
    assert "played by" in board.inner_text()
    name = cards.first.get_attribute("aria-label")
    assert name is not None and (" of " in name or "joker" in name)
    # the seat that made it shows it in front of it too
    played = page.locator("#seats .seat-play .card-img").first
    played.wait_for()


KNOB = """(el) => {
  const track = getComputedStyle(el, "::before");
  const knob = getComputedStyle(el, "::after");
  const box = el.getBoundingClientRect();
  return {
    trackWidth: parseFloat(track.width), trackHeight: parseFloat(track.height),
    knobWidth: parseFloat(knob.width), knobHeight: parseFloat(knob.height),
    knobRound: knob.borderRadius, knobLeft: parseFloat(knob.left), knobContent: knob.content,
    buttonWidth: box.width,
  };
}"""

IN_SHEET = "() => document.getElementById('menu').contains(document.activeElement)"


def test_the_room_menu_is_a_sheet_opened_by_touch_and_keys(browser: Any, server: str) -> None:
    """On a phone's touchscreen: one button opens the sheet with the room's menus (the link,
    the rules, leaving, the switches); a tap beside it or on Close shuts it. By keyboard: Tab
    stays in it, Escape closes it, and the focus is back on the button. Its switches are drawn
    as switches: a track wider than tall, and a round knob that slides when switched on."""
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True)
    ctx.set_default_timeout(15000)
    try:
        page = ctx.new_page()
        open_room(page, server, deals=None)
        page.get_by_role("button", name="Play", exact=True).wait_for()
        menu = page.get_by_role("button", name="Menu", exact=True)
        sheet = page.get_by_role("dialog", name="Room menu")
        assert not sheet.is_visible()
        assert not page.get_by_role("button", name="Leave the seat").is_visible()
        menu.tap()
        sheet.wait_for()
        for name in ("Copy link", "Leave the seat", "Vote to end the session"):
            assert sheet.get_by_role("button", name=name, exact=True).is_visible(), name
        assert sheet.get_by_role("link", name="The rules").is_visible()
        assert sheet.get_by_role("switch", name="Sounds", exact=True).is_visible()
        box = sheet.bounding_box()
        assert box is not None and box["y"] + box["height"] <= 844 + 0.5  # on the screen
        sheet.get_by_role("button", name="Close the menu").tap()
        sheet.wait_for(state="hidden")
        menu.tap()
        sheet.wait_for()
        page.touchscreen.tap(195, 20)  # beside the sheet, on the dimmed page
        sheet.wait_for(state="hidden")

        # the switches: a track and a knob, the knob at the track's other end once on
        menu.tap()
        switch = sheet.get_by_role("switch", name="Four-colour deck")
        off = switch.evaluate(KNOB)
        assert off["trackWidth"] > off["trackHeight"] >= 20, off
        assert off["knobContent"] == '""' and off["knobWidth"] == off["knobHeight"], off
        assert off["knobRound"] == "50%" and off["knobHeight"] < off["trackHeight"], off
        switch.tap()
        assert switch.get_attribute("aria-checked") == "true"
        page.wait_for_timeout(200)  # the knob's slide
        on = switch.evaluate(KNOB)
        assert on["knobLeft"] - off["knobLeft"] >= on["trackWidth"] - 2 * on["knobWidth"], on
        assert on["knobLeft"] + on["knobWidth"] <= off["knobLeft"] + off["trackWidth"], on
        page.keyboard.press("Escape")
        sheet.wait_for(state="hidden")

        # the keyboard: opened by Enter, Tab never leaves it, Escape closes it
        menu.focus()
        page.keyboard.press("Enter")
        sheet.wait_for()
        assert page.evaluate(IN_SHEET)
        for _ in range(25):  # more than the sheet has controls: around again
            page.keyboard.press("Tab")
            assert page.evaluate(IN_SHEET)
        for _ in range(25):
            page.keyboard.press("Shift+Tab")
            assert page.evaluate(IN_SHEET)
        page.keyboard.press("Escape")
        sheet.wait_for(state="hidden")
        expect(menu).to_be_focused()
    finally:
        ctx.close()


def test_a_hand_of_27_cards_is_usable_on_a_phone(browser: Any, server: str) -> None:
    """Two players with the jokers hold 27 cards each: the hand scrolls within itself, Play
    stays on the screen, and every card can be brought into view and tapped."""
    ctx = browser.new_context(viewport={"width": 360, "height": 640}, has_touch=True)
    ctx.set_default_timeout(15000)
    try:
        page = ctx.new_page()
        open_room(page, server, deals=None, players=2, changes="jokers=wild")
        page.get_by_role("button", name="Play", exact=True).wait_for()
        cards = hand_cards(page)
        count = cards.count()
        assert count >= 26  # 27, less a card played by the bot that led
        hand = page.locator(".hand")
        expect(hand).to_have_class("hand big")
        # more than two rows: it scrolls within itself (polled for up to 10 s by the clock, as a
        # loaded machine may take a while to lay out the deal; the sizes say why if it never does)
        sizes = "(el) => [el.scrollHeight, el.clientHeight, el.children.length, innerWidth]"
        deadline = time.monotonic() + 10
        while True:
            scroll, client, children, width = hand.evaluate(sizes)
            if scroll > client + 40 or time.monotonic() > deadline:
                break
            page.wait_for_timeout(50)
        assert scroll > client + 40, (scroll, client, children, width)
        play = page.get_by_role("button", name="Play", exact=True)
        for i in range(count):
            card = cards.nth(i)
            card.scroll_into_view_if_needed()
            b = card.bounding_box()
            assert b is not None and b["width"] >= 44
            assert b["y"] >= 0 and b["y"] + b["height"] <= 640, f"card {i} off the screen"
            hit = page.evaluate(
                "([x, y]) => document.elementFromPoint(x, y).closest('.card')?.dataset.index",
                [b["x"] + b["width"] / 2, b["y"] + b["height"] / 2],
            )
            assert hit == str(i), f"card {i} is covered"
            pb = play.bounding_box()
            assert pb is not None and pb["y"] + pb["height"] <= 640
        last = cards.nth(count - 1)
        last.tap()
        assert last.get_attribute("aria-pressed") == "true"
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
    finally:
        ctx.close()


# Every word of every seat's name that lies across two lines (a break inside the word).
SPLIT_WORDS = """() => [...document.querySelectorAll('#seats .seat-name')].flatMap((el) => {
  const text = el.firstChild; const split = [];
  if (!text || text.nodeType !== Node.TEXT_NODE) return split;
  for (const m of text.data.matchAll(/\\S+/g)) {
    const range = document.createRange();
    range.setStart(text, m.index); range.setEnd(text, m.index + m[0].length);
    const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
    if (tops.size > 1) split.push(`${text.data}: ${m[0]}`);
  }
  return split;
})"""


def test_a_seat_name_on_a_phone_breaks_between_words(browser: Any, server: str) -> None:
    """Four seats on a phone in Filipino: a bot's name, "madaling bot 2", was too wide for the
    row beside the avatar and broke inside "madaling"; a long name goes under the avatar, so
    it breaks between its words."""
    fil = json.loads((WEB / "i18n" / "fil.json").read_text(encoding="utf-8"))
    ctx = browser.new_context(viewport={"width": 360, "height": 640}, has_touch=True)
    ctx.set_default_timeout(15000)
    try:
        page = ctx.new_page()
        page.goto(f"{server}/?lang=fil")
        page.get_by_label(fil["home.name"], exact=True).fill("Mariposa")
        for seat in range(2, 5):
            level = "hard" if seat % 2 else "easy"
            page.get_by_label(fil["create.seat"].format(n=seat), exact=True).select_option(level)
        page.get_by_role("button", name=fil["home.create"], exact=True).tap()
        page.wait_for_url("**#room=*")
        page.get_by_role("button", name=fil["room.start"], exact=True).tap()
        page.locator(".hand .card").first.wait_for()
        names = page.locator("#seats .seat-name").all_inner_texts()
        assert fil["kind.easy"] + " 2" in [" ".join(n.split()) for n in names], names
        assert page.evaluate(SPLIT_WORDS) == []
    finally:
        ctx.close()


# The plate on turn other than the person's: its name's width, its clock's, the clock's text.
CLOCK = """() => {
  const seat = document.querySelector("#seats .seat.turn:not(.me)");
  if (!seat || !seat.querySelector(".timer-text")?.textContent) return null;
  return {
    seat: seat.dataset.seat,
    name: seat.querySelector(".seat-name").clientWidth,
    timer: seat.querySelector(".timer").getBoundingClientRect().width,
    ring: seat.querySelector(".ring").getBoundingClientRect().width,
    said: seat.querySelector(".timer-text").textContent,
  };
}"""


def test_another_seats_clock_on_a_crowded_phone_felt_leaves_its_name_room(
    browser: Any, server: str
) -> None:
    """Six seats on a 360 px phone with a turn timer, two of them people: the friend's plate
    on turn shows its clock as the ring alone ("7 s left" beside the name cut it to a letter or
    two), the name as wide as the other plates', the seconds still in the page for a screen
    reader."""
    ctx, friend_ctx = (browser.new_context(viewport={"width": 360, "height": 640}) for _ in "ab")
    ctx.set_default_timeout(15000)
    friend_ctx.set_default_timeout(15000)
    try:
        page = ctx.new_page()
        page.goto(f"{server}/")
        page.get_by_label("Your name").fill("Ann")
        page.get_by_label("Players", exact=True).fill("6")
        for seat in range(3, 7):  # seat 2 open for a friend: only people's turns are timed
            page.get_by_label(f"Seat {seat}", exact=True).select_option("easy")
        page.get_by_label("Seconds a turn (0: no timer)").fill("8")  # each person's: a pass
        page.get_by_role("button", name="Open the room").click()
        page.wait_for_url("**#room=*")
        friend = friend_ctx.new_page()
        friend.goto(page.url)
        friend.get_by_label("Your name").fill("Helena Maria")
        friend.get_by_role("button", name="Take a seat").click()
        page.get_by_role("region", name="Seats").get_by_text("Helena Maria").wait_for()
        page.get_by_role("button", name="Start the game").click()
        names = {}  # each plate's name width while another seat is on turn
        clock = None
        deadline = time.monotonic() + 45
        while clock is None:
            assert time.monotonic() < deadline, "the friend's turn never came with a clock"
            names = page.evaluate(
                """() => Object.fromEntries([...document.querySelectorAll(
                  "#seats .seat:not(.turn):not(.me)")].map((s) =>
                  [s.dataset.seat, s.querySelector(".seat-name").clientWidth]))"""
            )
            clock = page.evaluate(CLOCK)
            if clock is None:
                page.wait_for_timeout(30)
        assert clock["timer"] <= clock["ring"] + 1, clock  # the ring alone
        assert clock["said"].endswith("s left"), clock
        assert clock["name"] >= min(names.values()) - 1, (clock, names)
    finally:
        ctx.close()
        friend_ctx.close()
