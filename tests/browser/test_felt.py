"""The felt: the seats around the table at 2, 4, 6 and 8 players on a phone, a tablet and a
desktop (inside the felt, none over another, the hand and Play on the screen), and the cards
drawn as SVG: the index and suit each card shows match its name, jokers and a second deck's
cards are told apart, and the four-colour deck recolours diamonds and clubs."""

from __future__ import annotations

from typing import Any

import pytest

from .test_table import hand_cards, open_room

VIEWPORTS = [(360, 640), (390, 844), (768, 1024), (1280, 800)]

# Every seat's box, the felt's, and the hand's and Play's, in viewport coordinates.
BOXES = """() => {
  const box = (el) => { const r = el.getBoundingClientRect();
    return { left: r.left, top: r.top, right: r.right, bottom: r.bottom }; };
  const play = document.querySelector('.actions button[data-focus="play"]');
  return {
    felt: box(document.querySelector(".felt")),
    seats: [...document.querySelectorAll("#seats .seat")].map(box),
    hand: box(document.querySelector(".hand")),
    play: play ? box(play) : null,
    width: document.documentElement.clientWidth,
    height: window.innerHeight,
    scrollWidth: document.documentElement.scrollWidth,
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
            me = b["seats"][0]
            assert all(me["top"] >= s["top"] for s in b["seats"]), f"{where}: not at the bottom"
            view = {"left": 0, "top": 0, "right": width, "bottom": height}
            assert b["play"] is not None and inside(b["play"], view), f"{where}: Play"
            hand = {**b["hand"], "bottom": b["hand"]["top"] + 60}  # its first row at least
            assert inside(hand, view), f"{where}: the hand"
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
    switch = page.get_by_role("switch", name="Four-colour deck")
    switch.click()
    assert switch.get_attribute("aria-checked") == "true"
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
