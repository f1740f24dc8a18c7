"""Whole deals as people play them, on the screens they play on: a phone, a tall phone by touch,
a tablet with reduced motion and a desktop, each a deal taken by the hand's cards, Play and
Pass (found by their roles and names) to the end-of-deal summary and on with Ready; the
connection lost mid-deal and back, the moves disabled meanwhile and the deal going on after;
and a phone on its side, where the hand in the thumb's reach leaves the play to beat in sight.
Two players and three cards each keep a deal to a few moves (screens.short_deal)."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from .screens import Cable, Visit, home_page, play_until, short_deal, take_turn, your_turn

BOX = """(el) => { const r = el.getBoundingClientRect();
  return { left: r.left, top: r.top, right: r.right, bottom: r.bottom }; }"""


def on_screen(page: Any, locator: Any) -> bool:
    """Whether the element lies wholly inside the viewport as the page is scrolled now."""
    box = locator.evaluate(BOX)
    size = page.viewport_size
    return bool(
        box["left"] >= -0.5
        and box["top"] >= -0.5
        and box["right"] <= size["width"] + 0.5
        and box["bottom"] <= size["height"] + 0.5
    )


@pytest.mark.parametrize(
    ("width", "height", "touch", "reduced"),
    [
        (360, 640, False, False),
        (390, 844, True, False),
        (768, 1024, False, True),
        (1280, 800, False, False),
    ],
    ids=["360x640", "390x844-touch", "768x1024-reduced-motion", "1280x800"],
)
def test_a_whole_deal_to_its_summary_at_each_size(
    browser: Any, server: str, width: int, height: int, touch: bool, reduced: bool
) -> None:
    v = Visit(browser, server, viewport=(width, height))
    try:
        motion = "reduce" if reduced else "no-preference"
        page = home_page(v, has_touch=touch, reduced_motion=motion)
        short_deal(v, page, deals=2)
        your_turn(v, page).wait_for()
        play = page.get_by_role("button", name=v.t(page, "table.play"), exact=True)
        pass_ = page.get_by_role("button", name=v.t(page, "table.pass"), exact=True)
        hand = page.get_by_role("group", name=v.t(page, "table.hand"))
        for thumb in (play, pass_, hand):  # in reach without scrolling
            assert on_screen(page, thumb), f"{thumb} off the screen"
        # the deal's number is not what a phone's one-line heading cuts off
        status = page.locator("#room-head .status")
        progress = status.get_by_text(v.t(page, "table.deals", played=1, target=2))
        assert progress.evaluate(BOX)["right"] <= status.evaluate(BOX)["right"] + 0.5
        heading = play_until(v, page, v.t(page, "summary.heading", n=1), tap=touch)
        expect(heading).to_be_focused()
        summary = page.get_by_role("region", name=v.t(page, "summary.heading", n=1))
        expect(summary.get_by_role("row")).to_have_count(3)  # the heading row and two seats
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        if reduced:
            assert page.evaluate("document.getAnimations().length") == 0
        ready = summary.get_by_role("button", name=v.t(page, "summary.ready"), exact=True)
        a, b = ready.evaluate(BOX), page.locator("#hand-box").evaluate(BOX)
        apart = a["bottom"] <= b["top"] + 0.5 or a["top"] >= b["bottom"] - 0.5
        assert apart, f"the hand at {b} lies over Ready at {a}"  # nothing to scroll away
        ready.tap() if touch else ready.click()
        expect(summary).to_be_hidden()  # the only person is ready: deal 2 is dealt
        hand.get_by_role("button").first.wait_for()
    finally:
        v.close()


def test_the_connection_lost_and_back_mid_deal(browser: Any, server: str) -> None:
    """The page's socket is cut and every try to come back refused (the server stays up): the
    banner says so, Play and Pass are disabled and say why, and a card tapped meanwhile stays
    unplayed; once the line is mended the page comes back to its seat by itself and the deal
    is played on to its summary."""
    v = Visit(browser, server, viewport=(390, 844))
    try:
        page = v.page()
        cable = Cable(page)
        page.goto(v.url())
        short_deal(v, page, deals=2)
        your_turn(v, page).wait_for()
        cable.cut()
        banner = page.get_by_role("status").filter(has_text=v.t(page, "banner.reconnecting"))
        banner.wait_for()
        play = page.get_by_role("button", name=v.t(page, "table.play"), exact=True)
        pass_ = page.get_by_role("button", name=v.t(page, "table.pass"), exact=True)
        expect(play).to_be_disabled()
        expect(pass_).to_be_disabled()
        expect(page.get_by_text(v.t(page, "offline.actions")).first).to_be_visible()
        cards = page.get_by_role("group", name=v.t(page, "table.hand")).get_by_role("button")
        cards.first.tap()
        expect(play).to_be_disabled()
        held = cards.count()
        cable.mend()
        banner.wait_for(state="hidden", timeout=30000)
        assert cards.count() == held  # nothing was played meanwhile
        cards.first.tap()  # the card tapped meanwhile, put back before the turns are taken
        play_until(v, page, v.t(page, "summary.heading", n=1))
    finally:
        v.close()


def test_a_phone_on_its_side_keeps_the_play_to_beat_in_sight(browser: Any, server: str) -> None:
    """At 844x390, on the person's turn with a play to beat, the hand's box (sticky on the
    bottom edge) takes well under the screen's height, and the page scrolls so that the play
    to beat and who made it show whole above it, not covered, with Play still in reach."""
    v = Visit(browser, server, viewport=(844, 390))
    try:
        page = home_page(v, has_touch=True, is_mobile=True)
        page.get_by_role("button", name=v.t(page, "home.play"), exact=True).tap()
        play = page.get_by_role("button", name=v.t(page, "table.play"), exact=True)
        beat = page.locator("#board .to-beat-cards")
        for _ in range(10):  # the person's turn with a play to beat
            your_turn(v, page).wait_for()
            if beat.locator(".card-img").count():
                break
            take_turn(v, page, tap=True)
        hand_top = page.locator("#hand-box").evaluate(BOX)["top"]
        assert hand_top >= 390 * 0.4, f"the hand's box starts at {hand_top}px of 390"
        said = page.locator("#board .to-beat")  # "... played by easy bot 2"
        page.evaluate(
            "([el, edge]) => window.scrollBy(0, el.getBoundingClientRect().bottom - edge)",
            [said.element_handle(), hand_top],
        )
        for part in (beat, said):
            box = part.evaluate(BOX)
            assert box["top"] >= 0 and box["bottom"] <= hand_top + 0.5, box
            middle = [(box["left"] + box["right"]) / 2, (box["top"] + box["bottom"]) / 2]
            shown = page.evaluate(
                "([el, x, y]) => el.contains(document.elementFromPoint(x, y))",
                [part.element_handle(), *middle],
            )
            assert shown, f"{part} is covered"
        assert on_screen(page, play)
        assert page.evaluate("document.documentElement.scrollWidth") <= 844
    finally:
        v.close()
