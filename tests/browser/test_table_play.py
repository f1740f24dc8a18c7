"""The table's player features in a real browser, by clicking: the hand's order (by rank or
by suit, remembered; dragged or moved by keyboard, kept through re-renders), Hint, auto-pass,
the your-turn alert (sound and title, switchable), the room's link during play, a spectator
who stops watching, and a President's card exchange between deals."""

from __future__ import annotations

import re
import time
from typing import Any

import pytest
from playwright.sync_api import expect

from .test_table import (
    Frames,
    close_menu,
    hand_cards,
    menu,
    more_than,
    open_room,
    wait_turn,
)

RANKS = "3456789TJQKA2"
SUITS = "DCHS"  # the classic rules' suits, low to high


def words(page: Any) -> list[str]:
    """The hand as shown, as the server writes cards ("3D")."""
    return [str(c.get_attribute("data-focus"))[5:] for c in hand_cards(page).all()]


def by_rank(cards: list[str]) -> list[str]:
    return sorted(cards, key=lambda w: (RANKS.index(w[0]), SUITS.index(w[1])))


def by_suit(cards: list[str]) -> list[str]:
    return sorted(cards, key=lambda w: (SUITS.index(w[1]), RANKS.index(w[0])))


def my_offers(frames: Frames) -> list[str]:
    return list(frames.states()[-1]["offers"] or [])


def hint_and_play(page: Any, frames: Frames) -> None:
    """Play the first hinted move, or pass when passing is all there is."""
    if my_offers(frames) == ["pass"]:
        page.get_by_role("button", name="Pass", exact=True).click()
        return
    page.get_by_role("button", name="Hint", exact=True).click()
    page.get_by_role("button", name="Play", exact=True).click()


def next_update(page: Any, frames: Frames, seen: int) -> None:
    deadline = time.monotonic() + 15
    while frames.count("update") == seen:
        assert time.monotonic() < deadline, "no update came"
        page.wait_for_timeout(20)


def test_the_hand_is_sorted_by_choice_and_arranged_by_drag_and_keyboard(
    context: Any, server: str
) -> None:
    page = context.new_page()
    frames = Frames(page)
    open_room(page, server, deals=None)
    wait_turn(page)
    shown = words(page)
    assert shown == by_rank(shown) and len(shown) == 13
    sort = page.locator("#hand-box").get_by_role("button", name=re.compile("^Sort by"))
    expect(sort).to_have_text("Sort by suit")  # the button says what a press does
    sort.click()
    assert words(page) == by_suit(shown)
    expect(sort).to_have_text("Sort by rank")
    page.reload()  # the choice is remembered
    wait_turn(page)
    expect(sort).to_have_text("Sort by rank")
    assert words(page) == by_suit(shown)

    # the keyboard: Shift+ArrowRight moves the focused card one place, the focus with it
    first = words(page)[0]
    hand_cards(page).first.focus()
    page.keyboard.press("Shift+ArrowRight")
    assert words(page)[1] == first
    # retried: the answer to the page's question about the selection may redraw the hand
    # (keeping the focus) between finding the card and looking at the focus
    expect(hand_cards(page).nth(1)).to_be_focused()

    # a drag: the last card dropped on the first one's left half goes first, unselected
    last = words(page)[-1]
    source = hand_cards(page).last.bounding_box()
    target = hand_cards(page).first.bounding_box()
    page.mouse.move(source["x"] + source["width"] / 2, source["y"] + source["height"] / 2)
    page.mouse.down()
    page.mouse.move(target["x"] + 4, target["y"] + target["height"] / 2, steps=12)
    page.mouse.up()
    arranged = words(page)
    assert arranged[0] == last and arranged[2] == first
    assert hand_cards(page).first.get_attribute("aria-pressed") == "false"

    # the arrangement survives re-renders: selecting, and the table moving on after a play
    hand_cards(page).nth(3).click()
    assert words(page) == arranged
    hand_cards(page).nth(3).click()
    seen = frames.count("update")
    hint_and_play(page, frames)
    next_update(page, frames, seen)
    held = set(frames.states()[-1]["view"]["hand"].split())
    assert words(page) == [w for w in arranged if w in held]
    expect(sort).to_have_text("Sort by suit")  # an arranged hand: back to the order chosen
    sort.click()
    assert words(page) == by_suit([w for w in arranged if w in held])
    expect(sort).to_have_text("Sort by rank")


def test_hint_cycles_through_the_offered_plays(context: Any, server: str) -> None:
    page = context.new_page()
    frames = Frames(page)
    open_room(page, server, deals=None)
    hint = page.get_by_role("button", name="Hint", exact=True)
    for _ in range(30):  # a turn may offer a single play (one card beats the lead): go on
        wait_turn(page)
        plays = [o for o in my_offers(frames) if o != "pass"]
        if len(plays) >= 2:
            break
        seen = frames.count("update")
        if "pass" in my_offers(frames):
            page.get_by_role("button", name="Pass", exact=True).click()
        else:
            hint.click()
            page.get_by_role("button", name="Play", exact=True).click()
        next_update(page, frames, seen)
    else:
        pytest.fail("no turn in 30 offered two plays")
    for expected in (plays[0], plays[1]):
        hint.click()
        chosen = {
            w
            for w, c in zip(words(page), hand_cards(page).all(), strict=True)
            if c.get_attribute("aria-pressed") == "true"
        }
        assert chosen == set(expected.split())
    play = page.get_by_role("button", name="Play", exact=True)
    assert play.is_enabled() and "refused" not in (play.get_attribute("class") or "")
    seen = frames.count("update")
    play.click()
    next_update(page, frames, seen)
    acted = [m for m in frames.sent if m.get("type") == "act"]
    assert acted[-1]["action"] == plays[1]


def test_auto_pass_and_the_your_turn_alert(context: Any, server: str) -> None:
    # count the tones the page starts (the browser's own API, wrapped from outside the page)
    context.add_init_script(
        "window.tones = 0; const made = AudioContext.prototype.createOscillator;"
        "AudioContext.prototype.createOscillator = function () { window.tones += 1;"
        " return made.call(this); };"
    )
    page = context.new_page()
    frames = Frames(page)
    open_room(page, server, deals=None)
    wait_turn(page)
    assert page.title() == "● Your turn – Big Two"
    assert page.evaluate("window.tones") == 1  # the clicks before it allowed sound
    menu(page).get_by_role("switch", name="Your turn in the tab's title").click()
    assert page.title() == "Big Two"
    menu(page).get_by_role("switch", name="Sounds").click()
    menu(page).get_by_role("switch", name="Pass for me when I can only pass").click()
    close_menu(page)
    deadline = time.monotonic() + 90
    # the test never presses Pass: a pass sent is the page's own
    while not any(m.get("type") == "act" and m["action"] == "pass" for m in frames.sent):
        assert time.monotonic() < deadline, "no turn offered only a pass"
        if page.get_by_text("Your turn", exact=True).is_visible() and my_offers(frames) != ["pass"]:
            seen = frames.count("update")
            page.get_by_role("button", name="Hint", exact=True).click()
            page.get_by_role("button", name="Play", exact=True).click()
            next_update(page, frames, seen)
        else:
            page.wait_for_timeout(20)
    assert page.evaluate("window.tones") == 1  # no tone once switched off
    assert page.title() == "Big Two"
    page.reload()  # the switches are remembered
    menu(page).get_by_role("switch", name="Sounds").wait_for()
    for name in ("Sounds", "Your turn in the tab's title"):
        assert menu(page).get_by_role("switch", name=name).get_attribute("aria-checked") == "false"
    assert (
        menu(page)
        .get_by_role("switch", name="Pass for me when I can only pass")
        .get_attribute("aria-checked")
        == "true"
    )


def test_the_link_during_play_and_a_spectator_who_stops_watching(
    context: Any, browser: Any, server: str
) -> None:
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    host = context.new_page()
    code = open_room(host, server, deals=None)
    wait_turn(host)
    menu(host).get_by_role("button", name="Copy link").click()
    host.get_by_text("Link copied").wait_for()
    close_menu(host)
    assert host.evaluate("navigator.clipboard.readText()").endswith(f"/#room={code}")

    other = browser.new_context()
    other.set_default_timeout(15000)
    try:
        watcher = other.new_page()
        frames = Frames(watcher)
        watcher.goto(f"{server}/#room={code}")
        watcher.get_by_role("button", name="Watch").click()
        watcher.get_by_text("You are watching: no hand is shown.").wait_for()
        menu(watcher).get_by_role("button", name="Stop watching").click()
        watcher.get_by_role("button", name="Open the room").wait_for()  # home again
        assert "#room=" not in watcher.url
        deadline = time.monotonic() + 10
        while not any(m.get("type") == "unwatched" for m in frames.messages):
            assert time.monotonic() < deadline, "the server didn't confirm"
            watcher.wait_for_timeout(20)
        seen = frames.count("update")
        played = host.locator("#log li").count()
        hint = host.get_by_role("button", name="Hint", exact=True)
        if hint.is_enabled():
            hint.click()
            host.get_by_role("button", name="Play", exact=True).click()
        else:
            host.get_by_role("button", name="Pass", exact=True).click()
        more_than(host.locator("#log li"), played)
        watcher.wait_for_timeout(300)
        assert frames.count("update") == seen  # the room's moves no longer reach it
        watcher.reload()  # and a reload doesn't watch again
        watcher.get_by_role("button", name="Open the room").wait_for()
    finally:
        other.close()


def test_a_president_gives_cards_by_clicking(context: Any, server: str) -> None:
    """President rules with the President's free choice: once the person finishes first, the
    next deal opens with their gift of two cards to the Scum, chosen by clicking."""
    page = context.new_page()
    frames = Frames(page)
    open_room(
        page,
        server,
        deals=None,
        rules="president",
        bots="random",
        changes="president_free_choice=yes",
    )
    menu(page).get_by_role("switch", name="Pass for me when I can only pass").click()
    close_menu(page)
    give = page.get_by_role("button", name="Give", exact=True)
    turn = page.get_by_text("Your turn", exact=True)
    deadline = time.monotonic() + 150
    while not give.is_visible():
        assert time.monotonic() < deadline, "the person never became President"
        offers = my_offers(frames) if frames.states() else []
        if not turn.is_visible() or offers == ["pass"]:
            page.wait_for_timeout(20)
            continue
        seen = frames.count("update")
        plays = [o for o in offers if o != "pass"]
        for word in max(plays, key=lambda o: len(o.split())).split():  # the most cards
            page.locator(f'.hand [data-focus="card-{word}"]').click()
        page.get_by_role("button", name="Play", exact=True).click()
        next_update(page, frames, seen)
    pending = frames.states()[-1]["view"]["pending"]
    assert pending[0] == 0 and pending[2] == 2  # the person gives two cards
    before = set(words(page))
    highest = words(page)[-2:]  # any two: the two highest as shown
    for word in highest:
        page.locator(f'.hand [data-focus="card-{word}"]').click()
    assert "refused" not in (give.get_attribute("class") or "")
    seen = frames.count("update")
    give.click()
    next_update(page, frames, seen)
    page.get_by_role("region", name="Plays").get_by_text("Ann gives").first.wait_for()
    after = set(frames.states()[-1]["view"]["hand"].split())
    assert not set(highest) & after and before - after == set(highest)
    assert page.get_by_role("alert").inner_text() == ""


# every text the polite live region is given, kept: at the bots' pace the next move replaces it
HEARD = """() => {
  window.heard = [];
  const region = document.getElementById("plays");
  new MutationObserver(() => window.heard.push(region.textContent))
    .observe(region, { childList: true, characterData: true, subtree: true });
}"""
SPOKEN = """async (words) => {
  const cards = await import(new URL("js/cards.js", document.baseURI).href);
  return words.map((w) => cards.spoken(cards.parse(w)));
}"""


SWAPPED = """async (views) => {
  const swap = await import(new URL("js/swap.js", document.baseURI).href);
  return views.map((v) => swap.swapped({
    seat: 0, twos_low: false, history: [], commitment: "c1",
    rules: { suit_order: "dchs", draw_on_pass: "one", leftover: "trade-shown" },
    exchanges: [[3, 0, 2, "highest"], [0, 3, 2, "choose"]], dealt: "3D 5D 9D KS 2S", ...v,
  }));
}"""


def test_the_exchange_line_names_only_what_the_exchange_moved(context: Any, server: str) -> None:
    """Cards that came otherwise (drawn on a pass, traded for the leftover) are no part of
    it: the line is kept from before the deal's first play or pass, and a page that first sees
    the deal later, under rules with draws or trades, draws no line rather than a wrong one. A
    card received and given back is in neither part."""
    page = context.new_page()
    page.goto(f"{server}/")
    exchanged = {"hand": "3D KS 2S 2D 2H"}
    drawn = {"hand": "3D KS 2S 2D 2H 7C", "history": [[0, "pass", None]]}
    traded = {"hand": "KS 2S 2D 2H 8H", "commitment": "c2", "history": [[0, "trade", None]]}
    got = page.evaluate(SWAPPED, [exchanged, drawn])
    assert got == [{"gave": "5D 9D", "got": "2D 2H"}] * 2, got  # the draw left it as it was
    got = page.evaluate(SWAPPED, [traded, {**drawn, "commitment": "c3"}])
    assert got == [None, None], got  # first seen after a trade, and after a draw
    back = {"hand": "5D 6C 9D KS 2S", "commitment": "c4"}  # got 4C 6C, gave 3D and 4C back
    assert page.evaluate(SWAPPED, [back]) == [{"gave": "3D", "got": "6C"}]


def test_the_next_deal_shows_and_says_what_the_presidents_exchange_moved(
    context: Any, server: str
) -> None:
    """President rules: the second deal opens with the exchange, and the person sees beside
    the hand, drawn as cards, exactly the cards the view says left and joined their hand, and
    hears them in the polite live region; both stay true once they have played."""
    page = context.new_page()
    frames = Frames(page)
    open_room(page, server, deals=2, rules="president", changes="cards_each=5", start=False)
    page.evaluate(HEARD)
    page.get_by_role("button", name="Start the game").click()
    turn = page.get_by_text("Your turn", exact=True)
    passing = page.get_by_role("button", name="Pass", exact=True)

    def second_deal() -> list[dict[str, Any]]:
        return [s["view"] for s in frames.states() if s["view"] and s["view"]["exchanges"]]

    deadline = time.monotonic() + 30
    while not second_deal():  # pass whenever allowed: the bots end the first deal soonest
        assert time.monotonic() < deadline, "the second deal never came"
        if turn.is_visible() and my_offers(frames) and not second_deal():
            seen = frames.count("update")
            if "pass" in my_offers(frames):
                passing.click()
            else:
                page.locator(f'.hand [data-focus="card-{my_offers(frames)[0].split()[0]}"]').click()
                page.get_by_role("button", name="Play", exact=True).click()
            next_update(page, frames, seen)
        else:
            page.wait_for_timeout(20)
    first = second_deal()[0]
    dealt, hand = set(first["dealt"].split()), set(first["hand"].split())
    gave, got = dealt - hand, hand - dealt
    assert gave and got  # with four players every seat gives and receives
    line = page.locator(".hand-box .swap")

    def shown() -> tuple[set[str], set[str]]:
        parts = line.locator(".swap-part")
        expect(parts).to_have_count(2)
        return tuple(  # type: ignore[return-value]
            {str(c.get_attribute("data-word")) for c in parts.nth(i).locator(".card-img").all()}
            for i in (0, 1)
        )

    expect(line).to_contain_text("You gave")
    expect(line).to_contain_text("You received")
    assert shown() == (gave, got)
    names = page.evaluate(SPOKEN, sorted(gave)), page.evaluate(SPOKEN, sorted(got))
    told = [s for s in page.evaluate("window.heard") if "You gave" in s]
    assert len(told) == 1, told
    said = re.fullmatch(r"You gave (.+); you received (.+?)(?:\. .*)?", told[0])
    assert said, told[0]
    for part, expected in zip(said.groups(), names, strict=True):
        assert set(re.split(r", | and ", part)) == set(expected), (part, expected)
    plays = [o for o in my_offers(frames) if o != "pass"]
    if turn.is_visible() and plays:  # a play leaves the line as it was
        seen = frames.count("update")
        page.locator(f'.hand [data-focus="card-{plays[0].split()[0]}"]').click()
        page.get_by_role("button", name="Play", exact=True).click()
        next_update(page, frames, seen)
        if frames.states()[-1]["view"]["end"] is None:
            assert shown() == (gave, got)
