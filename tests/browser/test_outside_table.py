"""The browser table with several people at it, checked against what README.md,
docs/protocol.md and docs/languages.md promise rather than against the page's code (the
other outside tests seat one person against bots): three phones at 360x640 in three
languages and a bot play a session through a deal's summary, everyone's Ready and the final
standings, chatting on the way; a person who closes the page mid-deal has their seat played
by a bot and gets it back by opening the link again; someone who starts watching mid-deal
sees the table as it stands without a hand; and a desktop player plays by keyboard alone.
No socket of a seat ever carries another seat's unplayed cards, nor a watcher's any."""

from __future__ import annotations

import json
import re
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from follower import with_states
from playwright.sync_api import expect
from server_process import on_sqlite

from .screens import NAMES, Visit, short_deal, wait_until
from .test_outside_player import CARD, Player, Timed, open_room

SMALL = (360, 640)  # the narrowest phone docs/languages.md checks
# every seat's number of cards, as the page holds the server's state
COUNTS = """async () => {
  const state = await import(new URL("js/state.js", document.baseURI).href);
  return state.S.state.view.counts;
}"""
HISTORY = COUNTS.replace("view.counts", "view.history")  # the deal's actions so far
WORD = re.compile(r"(?<![0-9A-Za-z])([2-9TJQKA][DCHS])(?![0-9A-Za-z])")  # a card in a frame


@pytest.fixture(scope="module")
def short_grace(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A server whose bots stand in for a person two seconds after they went (`--grace`)."""
    server = on_sqlite(tmp_path_factory.mktemp("table") / "rooms.db", grace=2)
    server.start()
    try:
        yield server.base
    finally:
        server.stop()


class Phone(Player):
    """A person's phone in ``locale`` showing ``fragment`` of the server, in the catalogue
    ``lang``; ``frames`` every message its socket receives, from the first page load on."""

    def __init__(self, v: Visit, locale: str, lang: str, fragment: str = "") -> None:
        page = v.page(locale=locale, is_mobile=True)
        super().__init__(v, page, lang)
        self.frames = Timed(page)
        page.goto(v.url(fragment))
        expect(page.locator("html")).to_have_attribute("lang", lang)


def take_seat(player: Player, name: str) -> None:
    """On the room's link, sit down as ``name`` and wait for the host."""
    page, t = player.page, player.text
    page.get_by_role("button", name=t["room.join.take"], exact=True).wait_for()
    no_problems(player)
    page.get_by_label(t["home.name"], exact=True).fill(name)
    page.get_by_role("button", name=t["room.join.take"], exact=True).tap()
    page.get_by_text(t["room.waiting.host"], exact=True).wait_for()
    no_problems(player)


def step(player: Player) -> bool:
    """Whatever the table asks of this person now, answered as quickly as the rules let:
    an announcement made, a pass, else the first single (or first play) offered. Whether
    they moved."""
    if not player.my_turn() and "announce" not in player.held()["offers"]:
        return False
    offers = player.held()["offers"]
    if player.announces(offers):
        return True
    if "pass" in offers and player.pass_.get_attribute("aria-disabled") != "true":
        player.tap_and_wait(player.pass_)
        return True
    plays = [o.split() for o in offers if all(CARD.fullmatch(w) for w in o.split())]
    if not plays:
        return False  # read before the page listed the moves
    player.select(min(plays, key=len))
    expect(player.play).not_to_have_attribute("aria-disabled", "true")
    player.tap_and_wait(player.play)
    return True


def play_until(players: list[Player], until: Callable[[], bool], timeout: float = 90) -> None:
    """Let each person take their turns, in whatever order the table asks, until ``until()``."""
    deadline = time.monotonic() + timeout
    while not until():
        assert time.monotonic() < deadline, "the table never came to the point wanted"
        if not any(step(p) for p in players):
            players[0].page.wait_for_timeout(30)


def fetched(base: str, code: str) -> list[dict[str, Any]]:
    """The room's public records of every deal it finished (a redeal's included)."""
    out = []
    while True:
        try:
            with urllib.request.urlopen(f"{base}/api/rooms/{code}/records/{len(out)}") as answer:
                out.append(json.load(answer))
        except urllib.error.HTTPError as e:
            assert e.code == 404 and out, e
            return out


def records(base: str, code: str) -> dict[str, list[str]]:
    """Each finished deal's hands as dealt, by its commitment."""
    return {r["deal"]["commitment"]: r["deal"]["hands"] for r in fetched(base, code)}


def leaks(frames: Timed, seat: int | None, dealt: dict[str, list[str]]) -> list[str]:
    """Cards of another seat's hand that a frame to this connection named before they were
    played, while their deal was in play (a spectator's: any seat's; ``seat`` None)."""
    found = []
    for message in with_states(frames.messages):
        view = (message.get("state") or message).get("view") if "type" in message else None
        if not view or view.get("end") is not None or view["commitment"] not in dealt:
            continue
        played = {w for _, move, *_ in view["history"] for w in WORD.findall(move)}
        public = played | set(WORD.findall(view.get("lead_card") or ""))
        text = json.dumps({k: v for k, v in message.items() if k != "state"})
        for other, hand in enumerate(dealt[view["commitment"]]):
            if other != seat:
                hidden = set(hand.split()) - public
                found += [f"seat {other}'s {w}" for w in WORD.findall(text) if w in hidden]
    return found


def finished(player: Player) -> bool:
    """Whether the page shows the session's standings."""
    return player.page.get_by_role("heading", name=player.text["summary.final"]).count() > 0


def no_problems(player: Player) -> None:
    """No English the player's language says otherwise, nothing past the phone's edge."""
    assert player.shown_problems() == [], player.lang


def test_three_phones_in_three_languages_and_a_bot_play_a_session_to_its_standings(
    browser: Any, server: str
) -> None:
    """Ann in Traditional Chinese opens the room, Bo in Vietnamese and Di in Malay take a
    seat from its link, an easy bot the fourth: two deals of four cards. Each reads the table,
    the deal's summary and the standings in their own words at 360 px; the deal waits for all
    three to say ready; Bo's chat line reaches the other two; and none of their sockets names
    a card of another hand before it is played."""
    v = Visit(browser, server, viewport=SMALL)
    try:
        ann = Phone(v, "zh-TW", "zh-Hant")
        code = open_room(ann, ["open", "open", "easy"], cards_each=4, deals=2, pause=300)
        bo = Phone(v, "vi-VN", "vi", f"#room={code}")
        di = Phone(v, "ms-MY", "ms", f"#room={code}")
        take_seat(bo, NAMES[1])
        take_seat(di, NAMES[2])
        ann.page.get_by_role("button", name=ann.text["room.start"], exact=True).tap()
        people = [ann, bo, di]
        for p in people:
            p.hand.wait_for()
            no_problems(p)

        line = "chào mọi người"
        bo.page.get_by_role("textbox", name=bo.text["chat.label"]).fill(line)
        bo.page.get_by_role("button", name=bo.text["chat.send"], exact=True).tap()
        for p in (ann, di):
            said = p.text["chat.line"].format(name=NAMES[1], text=line)
            expect(p.page.locator("#chat").get_by_text(said, exact=True)).to_be_visible()

        def heading(p: Player, key: str, **params: object) -> Any:
            return p.page.get_by_role("heading", name=p.text[key].format(**params))

        play_until(people, lambda: all(heading(p, "summary.heading", n=1).count() for p in people))
        for i, p in enumerate(people):
            region = p.page.get_by_role("region", name=p.text["summary.heading"].format(n=1))
            expect(region).to_be_visible()
            no_problems(p)
            ready = p.page.get_by_role("button", name=p.text["summary.ready"], exact=True)
            ready.tap()
            if i < 2:  # the others have not said it yet: the table still rests
                expect(ready).to_be_hidden()
                p.page.wait_for_timeout(300)
                expect(heading(di, "summary.heading", n=1)).to_be_visible()
        for p in people:
            expect(heading(p, "summary.heading", n=1)).to_be_hidden()

        play_until(people, lambda: all(heading(p, "summary.final").count() for p in people))
        dealt = records(server, code)
        scores = [r["result"]["scores"] for r in fetched(server, code)]
        totals = [sum(deal[seat] for deal in scores) for seat in range(4)]
        for seat, p in enumerate(people):
            standings = p.page.get_by_role("region", name=p.text["summary.final"])
            expect(standings).to_be_visible()
            place = standings.get_by_role("columnheader", name=p.text["summary.place"])
            expect(place).to_be_visible()
            for person, name in enumerate(NAMES):  # each total the records add up to
                # The row is found by its header: the row's text runs the name into the
                # cards left ("BoQ♥…"), so a pattern over it depends on the deal.
                header = p.page.get_by_role("rowheader", name=name, exact=True)
                row = standings.get_by_role("row").filter(has=header)
                sign = "[+]" if totals[person] > 0 else "[-−]" if totals[person] < 0 else ""
                total = re.compile(rf"^\s*{sign}{abs(totals[person])}\s*$")
                expect(row.get_by_role("cell").last).to_have_text(total)
            no_problems(p)
            assert leaks(p.frames, seat, dealt) == [], p.lang
            assert leaks(p.frames, None, dealt), "the check finds no card: not even the seat's own"
    finally:
        v.close()


def test_a_person_who_leaves_mid_deal_is_played_by_a_bot_and_comes_back_to_the_seat(
    browser: Any, short_grace: str
) -> None:
    """Bo (Malay) closes his phone's page mid-deal. Past the grace period Ann (Vietnamese)
    sees his seat marked away and a bot plays his cards; Bo opens the room's link again on
    the same phone and has his seat back, with the hand the bot left him, in Malay, without
    pressing anything; Ann's page no longer marks him away, and he plays the deal out."""
    v = Visit(browser, short_grace, viewport=SMALL)
    try:
        ann = Phone(v, "vi-VN", "vi")
        code = open_room(ann, ["open", "easy"], cards_each=6, deals=1)
        bo = Phone(v, "ms-MY", "ms", f"#room={code}")
        take_seat(bo, NAMES[1])
        ann.page.get_by_role("button", name=ann.text["room.start"], exact=True).tap()
        bo.hand.wait_for()
        bo_seat = 1
        dealt = bo.words()
        away = ann.page.get_by_text(ann.text["room.seat.away"])

        def counts() -> list[int]:
            return list(ann.page.evaluate(COUNTS))

        phone_of_bo = bo.page.context
        bo.page.close()  # gone, the seat's token left in the phone's storage
        expect(away).to_be_visible(timeout=15000)
        start = counts()[bo_seat]
        play_until([ann], lambda: counts()[bo_seat] < start)  # the bot played for him
        assert ann.page.get_by_role("heading", name=ann.text["summary.final"]).count() == 0

        back = Player(v, phone_of_bo.new_page(), "ms")
        frames = Timed(back.page)
        back.page.goto(f"{short_grace}/#room={code}")
        back.hand.wait_for()
        expect(away).to_be_hidden()
        left = counts()[bo_seat]
        expect(back.cards).to_have_count(left)
        assert set(back.words()) < set(dealt)
        expect(back.page.get_by_role("button", name=back.text["room.back"])).to_have_count(0)
        assert back.shown_problems() == []

        play_until([ann, back], lambda: finished(ann) and finished(back))
        hands = records(short_grace, code)
        assert leaks(frames, bo_seat, hands) == []
        assert leaks(frames, None, hands), "the check finds no card: not even Bo's own"
    finally:
        v.close()


def test_someone_who_starts_watching_mid_deal_sees_the_table_as_it_stands_and_no_hand(
    browser: Any, server: str
) -> None:
    """Ann (Traditional Chinese) is a few plays into a deal against two bots when Sue opens
    the link on a Malay phone and watches: no hand, every seat's count and the play to beat
    as Ann's page has them, the plays so far in her log, Ann's page counting one watcher,
    Ann's chat line but no chat box for Sue (the host didn't let spectators chat), and the
    deal's end in Malay. Nothing sent to Sue names a card before it is played."""
    v = Visit(browser, server, viewport=SMALL)
    try:
        ann = Phone(v, "zh-TW", "zh-Hant")
        code = open_room(ann, ["easy", "easy"], cards_each=6, deals=1)
        ann.page.get_by_role("button", name=ann.text["room.start"], exact=True).tap()
        ann.hand.wait_for()
        log = ann.page.locator("#log li")
        play_until([ann], lambda: log.count() >= 5 and ann.my_turn())

        sue = Phone(v, "ms-MY", "ms", f"#room={code}")
        sue.page.get_by_label(sue.text["home.name"], exact=True).fill("Sue")
        sue.page.get_by_role("button", name=sue.text["room.join.watch"], exact=True).tap()
        sue.page.get_by_text(sue.text["table.spectator"], exact=True).wait_for()
        watching = ann.text["room.watchers"].format(count=1)
        expect(ann.page.get_by_text(watching, exact=True)).to_be_visible()
        assert sue.hand.count() == 0 and sue.page.locator("#hand-box .card").count() == 0
        assert sue.page.evaluate(COUNTS) == ann.page.evaluate(COUNTS)
        expect(sue.page.locator("#board .card")).to_have_count(
            ann.page.locator("#board .card").count()
        )
        plays = len(ann.page.evaluate(HISTORY))
        expect(sue.page.locator("#log li")).to_have_count(plays)  # one line a play so far
        for name in sue.page.locator("#log li").all_inner_texts():
            assert NAMES[0] in name or sue.text["seat.bot"].split("{")[0].strip() in name, name
        assert sue.shown_problems() == []

        line = "大家好"
        ann.page.get_by_role("textbox", name=ann.text["chat.label"]).fill(line)
        ann.page.get_by_role("button", name=ann.text["chat.send"], exact=True).tap()
        said = sue.text["chat.line"].format(name=NAMES[0], text=line)
        expect(sue.page.locator("#chat").get_by_text(said, exact=True)).to_be_visible()
        expect(sue.page.get_by_role("textbox", name=sue.text["chat.label"])).to_have_count(0)

        final = sue.page.get_by_role("heading", name=sue.text["summary.final"])
        play_until([ann], lambda: final.count() > 0)
        expect(sue.page.get_by_role("region", name=sue.text["summary.final"])).to_be_visible()
        assert sue.shown_problems() == []
        dealt = records(server, code)
        assert leaks(sue.frames, None, dealt) == []
        assert leaks(ann.frames, None, dealt), "the check finds no card: not even Ann's own"
        states = [s for _, s in sue.frames.states() if s["view"] and s["view"]["end"] is None]
        assert states and all(s["view"]["hand"] == "" and not s["offers"] for s in states)
    finally:
        v.close()


# the index of the focused card in the hand, or -1 when the focus is elsewhere
IN_HAND = """(name) => {
  const el = document.activeElement;
  const hand = el && el.closest("[role=group]");
  const by = hand && document.getElementById(hand.getAttribute("aria-labelledby") || "");
  if (!by || by.textContent !== name || !el.dataset.word) return -1;
  return [...hand.querySelectorAll("[data-word]")].indexOf(el);
}"""


def test_a_desktop_player_plays_a_session_by_keyboard_alone(browser: Any, server: str) -> None:
    """README.md's keys, nothing pressed with a pointer after the room is open: Tab reaches
    the hand, arrows move between cards and Space selects one, C clears, H picks an offered
    play, P plays it, S passes; after each move the focus is back in the hand; the deal's
    summary takes the focus and its Ready is reached by Tab and pressed by Enter."""
    v = Visit(browser, server, viewport=(1280, 800))
    try:
        page = v.page(locale="en-US")
        page.goto(v.url())
        short_deal(v, page, deals=3)
        me = Player(v, page, "en")
        pressed = me.hand.locator('[aria-pressed="true"]')
        used: set[str] = set()

        def focus_index() -> int:
            return int(page.evaluate(IN_HAND, me.text["table.hand"]))

        for _ in range(80):  # Tab from the page's start to the hand
            if focus_index() >= 0:
                break
            page.keyboard.press("Tab")
        assert focus_index() >= 0, "Tab never reached the hand"

        deadline = time.monotonic() + 90  # three deals, each found again by Tab: slow when loaded
        deal = 1
        while not finished(me):
            assert time.monotonic() < deadline, used
            summary = page.get_by_role("heading", name=me.text["summary.heading"].format(n=deal))
            if summary.count():
                expect(summary).to_be_focused()
                ready = page.get_by_role("button", name=me.text["summary.ready"], exact=True)
                for _ in range(20):
                    if ready.evaluate("el => el === document.activeElement"):
                        break
                    page.keyboard.press("Tab")
                page.keyboard.press("Enter")
                expect(summary).to_be_hidden()
                deal += 1
                wait_until(lambda: finished(me) or me.my_turn(), "the next deal")
                if not finished(me):  # back to the hand by Tab
                    for _ in range(80):
                        if focus_index() >= 0:
                            break
                        page.keyboard.press("Tab")
                continue
            if not me.my_turn():
                page.wait_for_timeout(30)
                continue
            offers = me.held()["offers"]
            singles = [o for o in offers if CARD.fullmatch(o)]
            if not offers:
                page.wait_for_timeout(20)
                continue
            assert focus_index() >= 0, "the focus left the hand"
            seq = me.held()["seq"]
            if "pass" in offers and ("S" not in used or offers == ["pass"]):
                page.keyboard.press("s")
                used.add("S")
            else:
                if singles and "Space" not in used:  # a card reached by arrows and Space
                    target = me.words().index(singles[0])
                    at = focus_index()
                    for _ in range(abs(target - at)):
                        page.keyboard.press("ArrowRight" if target > at else "ArrowLeft")
                    assert focus_index() == target
                    page.keyboard.press("Space")
                    expect(pressed).to_have_count(1)
                    expect(me.cards.nth(target)).to_have_attribute("aria-pressed", "true")
                    page.keyboard.press("c")
                    expect(pressed).to_have_count(0)
                    used |= {"Space", "C"}
                page.keyboard.press("h")
                expect(pressed).not_to_have_count(0)
                chosen = " ".join(
                    sorted(pressed.evaluate_all("els => els.map(e => e.dataset.word)"))
                )
                assert chosen in {" ".join(sorted(o.split())) for o in offers}, (chosen, offers)
                expect(me.play).not_to_have_attribute("aria-disabled", "true")
                page.keyboard.press("p")
                used |= {"H", "P"}
            wait_until(lambda seq=seq: me.held()["seq"] != seq, "the server taking the move")
            # the focus is back in the hand: checked as the next turn starts (or the summary
            # took it, when the move ended the deal)
        assert {"P", "S", "H", "Space", "C"} <= used, used
        assert deal == 3
    finally:
        v.close()
