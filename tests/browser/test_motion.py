"""Motion, sound and telling at the table: with reduced motion nothing moves and the table is
right; with motion a play's slide is started, and after a burst of bot moves at the fast pace
the table shows the server's last state; the sound and vibration switches are remembered and
the buzz comes on the person's turn; each play is said in the live region, a play by keyboard
hands the focus back to the hand, a spectator's log starts with the deal's plays so far; and
while the connection is lost the moves are disabled, say so, and nothing pressed is sent later."""

from __future__ import annotations

import json
import re
import time
from typing import Any

from playwright.sync_api import expect

from .test_language_picker import I18N
from .test_table import Frames, close_menu, hand_cards, menu, wait_turn

EN = json.loads((I18N / "en.json").read_text(encoding="utf-8"))

# every animation the page starts, by id, and every buzz it asks for (wrapped before load)
WATCH = (
    "window.moved = []; const animate = Element.prototype.animate;"
    "Element.prototype.animate = function (k, o) { window.moved.push((o && o.id) || '?');"
    " return animate.call(this, k, o); };"
    "window.buzzes = 0; navigator.vibrate = () => { window.buzzes += 1; return true; };"
    "window.said = []; document.addEventListener('DOMContentLoaded', () => {"
    " const region = document.getElementById('plays');"
    " new MutationObserver(() => window.said.push(region.textContent))"
    ".observe(region, { childList: true, characterData: true, subtree: true }); });"
)

# the cards the middle of the felt shows, and each other seat's count, as drawn
DRAWN = """() => ({
  table: [...document.querySelectorAll('#board .to-beat-cards [data-word]')]
    .map((el) => el.dataset.word).join(' ') || null,
  sweeping: document.querySelectorAll('.motion-sweep').length,
})"""


def _open(page: Any, server: str, pace: str) -> None:
    page.goto(f"{server}/")
    page.get_by_label("Your name").fill("Ann")
    for seat in (2, 3, 4):
        page.get_by_label(f"Seat {seat}", exact=True).select_option("easy")
    page.get_by_label("Bots' pace", exact=True).select_option(pace)
    page.get_by_role("button", name="Open the room").click()
    page.wait_for_url("**#room=*")
    page.get_by_role("button", name="Start the game").click()
    wait_turn(page)


def _play_by_key(page: Any, frames: Frames) -> None:
    """Select by hint and play (or pass) with the keyboard, and wait for the answer."""
    seen = frames.count("update")
    offers = frames.states()[-1]["offers"] or []
    hand_cards(page).first.focus()
    page.keyboard.press("s" if offers == ["pass"] else "h")
    if offers != ["pass"]:
        page.keyboard.press("p")
    deadline = time.monotonic() + 15
    while frames.count("update") == seen:
        assert time.monotonic() < deadline, "no update came"
        page.wait_for_timeout(20)


def _quiet(page: Any, frames: Frames) -> dict[str, Any]:
    """Wait until the fast bots are done (the turn is the page's again, or the deal over) and
    the animations ran out; the server's last state."""
    deadline = time.monotonic() + 20
    while True:
        state = frames.states()[-1]
        if 0 in state["awaiting"] or state["view"]["end"] is not None:
            break
        assert time.monotonic() < deadline, "the bots never finished"
        page.wait_for_timeout(20)
    page.wait_for_timeout(700)
    return state


def test_reduced_motion_moves_nothing_and_shows_the_table(browser: Any, server: str) -> None:
    ctx = browser.new_context(reduced_motion="reduce")
    ctx.set_default_timeout(15000)
    try:
        ctx.add_init_script(WATCH)
        page = ctx.new_page()
        frames = Frames(page)
        _open(page, server, "fast")
        _play_by_key(page, frames)
        state = _quiet(page, frames)
        assert page.evaluate("window.moved") == []
        assert page.evaluate("document.getAnimations().length") == 0
        drawn = page.evaluate(DRAWN)
        assert drawn["table"] == state["view"]["table"]
    finally:
        ctx.close()


def test_a_play_slides_and_a_burst_ends_in_the_servers_picture(context: Any, server: str) -> None:
    context.add_init_script(WATCH)
    page = context.new_page()
    frames = Frames(page)
    _open(page, server, "fast")
    for _ in range(3):  # several turns: plays, passes and a trick won among the bots' moves
        _play_by_key(page, frames)
        state = _quiet(page, frames)
        drawn = page.evaluate(DRAWN)
        assert drawn["table"] == state["view"]["table"]
        assert drawn["sweeping"] == 0  # the swept copies are gone once done
        if state["view"]["end"] is not None:
            break
        # a play by keyboard hands the focus back to the hand
        expect(hand_cards(page).first).to_be_focused()
    moved = page.evaluate("window.moved")
    assert "play" in moved and "turn" in moved
    # each play is said in the polite live region, by name
    told = page.locator("#plays")
    assert told.get_attribute("aria-live") == "polite"
    assert re.search(r"(easy bot \d|Ann) (plays|passes|wins)", told.inner_text())
    # a play is said with its combination, as the server classified it, then its cards
    combos = "|".join(re.escape(v) for k, v in EN.items() if k.startswith("combo."))
    said = " ".join(page.evaluate("window.said"))
    plays = re.findall(r"(?:easy bot \d|Ann) plays ([^:.]+): ", said)
    assert plays and all(re.fullmatch(combos, p) for p in plays), plays
    logged = page.locator("#log li").all_inner_texts()
    assert any(re.search(rf"\(({combos})\)$", line) for line in logged), logged
    # the buzz is off until the person turns it on; the switches are remembered
    assert page.evaluate("window.buzzes") == 0
    menu(page)  # the switches are in the room's menu
    page.get_by_role("switch", name="Vibrate on my turn").click()
    page.get_by_role("switch", name="Sounds").click()
    page.reload()
    wait_turn(page)
    menu(page)
    for name, on in (("Vibrate on my turn", "true"), ("Sounds", "false")):
        assert page.get_by_role("switch", name=name).get_attribute("aria-checked") == on
    close_menu(page)
    if frames.states()[-1]["view"]["end"] is None:
        _play_by_key(page, frames)
        _quiet(page, frames)
        assert page.evaluate("window.buzzes") >= 1  # its turn came round again


def test_a_spectator_sees_the_deals_plays_so_far(browser: Any, context: Any, server: str) -> None:
    page = context.new_page()
    frames = Frames(page)
    _open(page, server, "instant")
    _play_by_key(page, frames)
    code = page.url.split("#room=")[1]
    history = frames.states()[-1]["view"]["history"]
    watcher = browser.new_context().new_page()
    try:
        watcher.goto(f"{server}/#room={code}")
        watcher.get_by_role("button", name="Watch").click()
        watcher.get_by_text("You are watching: no hand is shown.").wait_for()
        assert watcher.locator("#log li").count() >= len(history) > 0
    finally:
        watcher.context.close()


def test_nothing_pressed_while_the_connection_is_lost_is_sent(context: Any, server: str) -> None:
    page = context.new_page()
    frames = Frames(page)
    down = [False]
    sockets: list[Any] = []

    def route(ws: Any) -> None:
        if down[0]:
            ws.close()
        else:
            ws.connect_to_server()
            sockets.append(ws)

    page.route_web_socket(re.compile(r"/ws(\?|$)"), route)
    _open(page, server, "instant")
    down[0] = True
    sockets[-1].close()
    page.get_by_role("status").filter(has_text="reconnecting").wait_for()
    play = page.get_by_role("button", name="Play", exact=True)
    expect(play).to_be_disabled()
    expect(page.get_by_role("button", name="Pass", exact=True)).to_be_disabled()
    page.get_by_text("Not connected: nothing can be sent").first.wait_for()
    hand_cards(page).first.focus()
    page.keyboard.press("h")  # a hint, then P and S: the keys still reach the page
    page.keyboard.press("p")
    page.keyboard.press("s")
    acts = sum(m.get("type") == "act" for m in frames.sent)
    welcomed = frames.count("welcome")
    down[0] = False
    deadline = time.monotonic() + 20
    while frames.count("welcome") == welcomed:
        assert time.monotonic() < deadline, "the page did not reconnect"
        page.wait_for_timeout(50)
    page.get_by_role("status").wait_for(state="hidden")
    expect(page.get_by_text("Not connected: nothing can be sent")).to_have_count(0)
    page.wait_for_timeout(300)
    assert sum(m.get("type") == "act" for m in frames.sent) == acts == 0
