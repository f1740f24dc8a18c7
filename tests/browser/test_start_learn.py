"""Starting is one tap, learning is one page: "Play now" from a fresh browser reaches a dealt
hand against three bots on the rules of the person's language; how to play draws every
combination as named cards and follows a room's rules; the form that opens a room has a
labelled control for every rule option, starting at the preset's values, and what is changed
there is the room's rules; a room's link shows the room's seats before the person sits."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect

from .screens import NAMES, Visit
from .test_table import choose_rules

HAND_CARDS = "[role=group] button[aria-pressed]"


def room_of(page: Any, server: str, code: str, what: str = "") -> Any:
    reply = page.request.get(f"{server}/api/rooms/{code}{what}")
    assert reply.ok, reply.text()
    return reply.json()


def code_of(page: Any) -> str:
    page.wait_for_url("**#room=*")
    return str(page.url.split("#room=")[1])


def test_play_now_in_hong_kong_and_how_to_play_its_rules(browser: Any, server: str) -> None:
    v = Visit(browser, server, lang="zh-HK")
    try:
        page = v.page()  # a fresh context: no name typed, nothing remembered
        page.goto(v.url())
        expect(page.locator("#play-preset")).to_have_value("hong-kong")  # the region's
        level = page.get_by_label(v.t(page, "home.play.level"), exact=True)
        level.select_option("medium")
        page.get_by_role("button", name=v.t(page, "home.play"), exact=True).click()
        code = code_of(page)
        hand = page.get_by_role("group", name=v.t(page, "table.hand"))
        expect(hand.get_by_role("button").first).to_be_visible()  # a dealt hand, one tap
        room = room_of(page, server, code)
        assert room["preset"] == "hong-kong" and room["status"] == "playing"
        assert [s["kind"] for s in room["seats"]] == ["person", "medium", "medium", "medium"]
        assert room["public"] is False

        # how to play, from the room: the room's rules (Hong Kong's: its words for the hands)
        page.goto(v.url(f"#learn&room={code}"))
        combos = page.locator(".learn-combo")
        combos.first.wait_for()
        straight = v.t(page, "combo.straight")
        assert straight == "蛇"  # Hong Kong's word, over Taiwan's 順子
        expect(combos.filter(has_text=straight)).to_have_count(1)
        # the level picked is remembered for the next Play now
        page.goto(v.url())
        expect(page.get_by_label(v.t(page, "home.play.level"), exact=True)).to_have_value("medium")
    finally:
        v.close()


def test_how_to_play_draws_each_combination_and_starts_a_first_deal(
    browser: Any, server: str
) -> None:
    v = Visit(browser, server)
    try:
        page = v.page()
        page.goto(v.url())
        page.get_by_role("link", name="How to play", exact=True).click()
        combos = page.locator(".learn-combo")
        combos.first.wait_for()
        shown = {}
        for item in combos.all():
            names = item.get_by_role("img").evaluate_all(
                "els => els.map(e => e.getAttribute('aria-label'))"
            )
            assert names and all(names), item.inner_text()
            shown[item.locator("span").first.inner_text()] = names
        assert list(shown) == [
            "a single",
            "a pair",
            "a triple",
            "a straight",
            "a flush",
            "a full house",
            "a four of a kind with a fifth card",
            "a straight flush",
        ]
        assert len(shown["a full house"]) == 5
        assert shown["a pair"] == ["7♣, 7 of clubs", "7♠, 7 of spades"]
        assert page.locator(".learn svg.face").count() == 13 + 4 + 1 + 2 + 3 + 5 * 5

        # Taiwan's suits rank as bridge does: ♣ < ♦ < ♥ < ♠
        page.goto(v.url("#learn&preset=taiwan"))
        page.get_by_text("Suits, lowest to highest").wait_for()
        suits = page.locator(".learn > div > .card-row").nth(1).get_by_role("img")
        expect(suits.first).to_have_attribute("aria-label", "3♣, 3 of clubs")
        expect(suits.nth(1)).to_have_attribute("aria-label", "3♦, 3 of diamonds")

        # a first deal against easy bots, with a play picked on each turn of this seat
        page.goto(v.url("#learn"))
        page.get_by_role("button", name="Play a first deal with hints").click()
        code = code_of(page)
        page.get_by_text("Your turn", exact=True).wait_for(timeout=30000)
        hand = page.get_by_role("group", name="Your hand")
        expect(hand.locator("button[aria-pressed=true]").first).to_be_visible()
        room = room_of(page, server, code)
        assert room["deals"] == 1 and [s["kind"] for s in room["seats"][1:]] == ["easy"] * 3
    finally:
        v.close()


def test_every_rule_option_has_a_control_and_the_join_page_shows_the_room(
    browser: Any, server: str
) -> None:
    v = Visit(browser, server)
    try:
        page = v.page()
        page.goto(v.url())
        options = page.request.get(f"{server}/api/rules").json()["options"]
        page.get_by_text("Rule options", exact=True).click()
        page.locator(".rule-option").first.wait_for()
        labels = page.evaluate(
            """() => Object.fromEntries([...document.querySelectorAll("[id^=opt-]")]
                .filter(el => el.matches("input, select, fieldset") && !/-\\d+$/.test(el.id))
                .map(el => [el.id.slice(4), {
                  label: el.matches("fieldset") ? el.querySelector("legend").textContent
                    : el.labels[0].textContent,
                  group: el.closest("fieldset.rule-group").querySelector("legend").textContent,
                  about: document.getElementById(el.getAttribute("aria-describedby")).textContent,
                }]))"""
        )
        listed = [o["name"] for o in options if o["name"] != "players"]  # the Players field
        assert sorted(labels) == sorted(listed)
        assert all(x["label"] and x["group"] and x["about"] for x in labels.values()), labels
        assert (
            labels["flushes"]["label"] == "Flushes"
            and "combo.no_flushes" in labels["flushes"]["about"]
        )
        expect(page.get_by_label("Players", exact=True)).to_have_value("4")

        # the preset's values are the controls' starting values
        choose_rules(page, "singapore")
        flushes = page.get_by_label("Flushes", exact=True)
        expect(flushes).not_to_be_checked()  # Singapore plays no flushes
        choose_rules(page, "classic")
        expect(flushes).to_be_checked()
        flushes.uncheck()
        page.locator("#opt-suit_order").select_option("bridge")
        page.get_by_label("Your name", exact=True).fill(NAMES[0])
        page.get_by_label("Seat 2", exact=True).select_option("easy")
        page.get_by_role("button", name="Open the room", exact=True).click()
        code = code_of(page)
        rules = room_of(page, server, code, "/rules")
        changed = {o["name"]: o["value"] for o in rules["options"] if o["changed"]}
        assert changed == {"flushes": "no", "suit_order": "bridge"}

        # the room's link, in another browser: the room before sitting
        guest = v.page()
        guest.goto(v.url(f"#room={code}"))
        seats = guest.get_by_role("list", name="At the table")
        expect(seats.get_by_role("listitem")).to_have_text(
            ["Seat 1: Ann", "Seat 2: easy bot 2", "Seat 3: open seat", "Seat 4: open seat"]
        )
        expect(guest.get_by_role("button", name="Take a seat", exact=True)).to_be_visible()
        guest.get_by_text("Based on: Classic").wait_for()
    finally:
        v.close()
