"""The table as a player meets it, checked against what README.md and docs/languages.md promise
rather than against the page's code: on a phone, in the languages most players speak, a person
opens a table against bots at the server's own pace, sees cards drawn as cards, has a
selection that is no play refused in their own words, plays a combination, passes, watches
the bots take their time, rests on the deal's summary and says ready; a reload mid-deal
brings the same table back, a friend watching on another phone gets no hand, and switching
the language keeps the game and leaves no sentence of the old language behind."""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterator
from typing import Any

import pytest
from follower import with_states
from playwright.sync_api import Error, expect
from server_process import on_sqlite

from .screens import NAMES, Visit, wait_until
from .test_languages import english_sentences, english_shown, fonts_used, shown
from .test_pseudo_locale import OVERFLOW, SHOWN_TEXT

PHONE = (390, 844)
# what a phone in each place sends, and the catalogue the page should answer it with
PLAYERS = [
    ("zh-CN", "zh-Hans"),
    ("zh-TW", "zh-Hant"),
    ("fil-PH", "fil"),
    ("id-ID", "id"),
    ("ms-MY", "ms"),
    ("vi-VN", "vi"),
]
CARD = re.compile(r"[2-9TJQKA][DCHS]\*?|[RB]J")  # a card as the server writes it
BOT = 1  # the seat of the one bot these tables hold


@pytest.fixture(scope="module")
def as_shipped(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A server at `bigtwo serve`'s own pace and pause (the bots about 0.8 s a move, 30 s on
    each deal's summary), as a player out there meets it, not the tests' instant one."""
    server = on_sqlite(
        tmp_path_factory.mktemp("player") / "rooms.db", grace=60, bot_pace="normal", deal_pause=30
    )
    server.start()
    try:
        yield server.base
    finally:
        server.stop()


class Timed:
    """Every message the page's WebSocket received, with when it came."""

    def __init__(self, page: Any) -> None:
        self.messages: list[dict[str, Any]] = []
        self.times: list[float] = []
        page.on("websocket", self._socket)

    def _socket(self, ws: Any) -> None:
        ws.on("framereceived", self._received)

    def _received(self, payload: str | bytes) -> None:
        self.times.append(time.monotonic())
        self.messages.append(json.loads(payload))

    def states(self) -> list[tuple[float, dict[str, Any]]]:
        followed = with_states(self.messages)
        return [
            (at, m.get("state", m))
            for at, m in zip(self.times, followed, strict=True)
            if m.get("type") in ("state", "update")
        ]

    def bot_waits(self) -> list[float]:
        """For each move the bot made, the seconds since the state that put it to move."""
        waits, since = [], None
        for at, state in self.states():
            view = state.get("view") or {}
            history = view.get("history") or []
            if since is not None and history and history[-1][0] == BOT:
                waits.append(at - since)
            since = at if view.get("to_move") == BOT and view.get("end") is None else None
        return waits


def sentence_pattern(sentences: list[str]) -> re.Pattern[str]:
    """Any one of ``sentences``, whole, with its placeholders filled by anything."""
    each = (
        "".join(".+?" if p.startswith("{") else re.escape(p) for p in re.split(r"(\{\w+\})", s))
        for s in sentences
    )
    return re.compile(f"^(?:{'|'.join(each)})$")


def refusals(lang: str) -> re.Pattern[str]:
    """Every refusal the page may say in ``lang`` (the catalogue's `error.*` sentences)."""
    return sentence_pattern([v for k, v in shown(lang).items() if k.startswith("error.")])


# what the page holds of the server's state: its number, this seat's offers, the play to beat
HELD = """async () => {
  const state = await import(new URL("js/state.js", document.baseURI).href);
  const s = state.S.state;
  return s ? { seq: s.seq, offers: s.offers || [], table: s.view.table } : null;
}"""


class Player:
    """One person's phone at the table, in the catalogue ``lang``."""

    def __init__(self, visit: Visit, page: Any, lang: str) -> None:
        self.v, self.page, self.lang = visit, page, lang
        self.text = shown(lang)
        self.hand = page.get_by_role("group", name=self.text["table.hand"])
        self.cards = self.hand.get_by_role("button")
        self.play = page.get_by_role("button", name=self.text["table.play"], exact=True)
        self.pass_ = page.get_by_role("button", name=self.text["table.pass"], exact=True)
        self.clear = page.get_by_role("button", name=self.text["table.clear"], exact=True)
        self.announce = page.get_by_role("button", name=self.text["action.announce"], exact=True)
        self.turn = page.get_by_text(self.text["table.your_turn"], exact=True)
        self.hint = page.locator("#hand-hint")
        self.alert = page.get_by_role("alert")

    def held(self) -> dict[str, Any]:
        held: dict[str, Any] = self.page.evaluate(HELD)
        return held

    def my_turn(self) -> bool:
        return bool(self.turn.is_visible() and self.play.is_visible())

    def answered(self) -> str:
        """The line under the hand once the server has said whether the selection plays."""
        expect(self.hint).not_to_have_text(self.text["table.checking"])
        return str(self.hint.inner_text())

    def words(self) -> list[str]:
        return list(self.cards.evaluate_all("els => els.map((e) => e.dataset.word)"))

    def select(self, words: list[str]) -> None:
        for word in words:
            self.hand.locator(f'[data-word="{word}"]').tap()

    def tap_and_wait(self, button: Any) -> None:
        """Tap a move's button; back once the server has taken the move."""
        seq = self.held()["seq"]
        button.tap()
        wait_until(lambda: self.held()["seq"] != seq, "the server taking the move")

    def announces(self, offers: list[str]) -> bool:
        """Make the announcement Indonesian rules ask of a player down to two cards (or one),
        where ``offers`` hold it; whether they did."""
        if "announce" not in offers:
            return False
        self.tap_and_wait(self.announce)
        return True

    def says_no(self, button: Any) -> str:
        """The reason the greyed ``button`` gives when tapped, checked to be a sentence of
        the player's catalogue (no English it says otherwise, no code)."""
        self.answered()
        for _ in range(3):  # greyed (aria-disabled), yet a tap says why; forced, a tap
            try:  # doesn't wait for a hand redrawn meanwhile (an answer to `why`): again
                button.tap(force=True)
                break
            except Error:
                self.page.wait_for_timeout(50)
        expect(self.alert).to_have_text(refusals(self.lang))
        reason = str(self.alert.inner_text())
        assert not english_shown([reason], english_sentences(self.lang), []), reason
        assert not re.search(r"\b[a-z]+_[a-z_]+\b", reason), reason  # no code shown
        return reason

    def shown_problems(self) -> list[str]:
        """English the language says otherwise, and anything pushed past the phone's edge."""
        texts = self.page.evaluate(SHOWN_TEXT)
        found = english_shown(texts, english_sentences(self.lang), [*NAMES, *self.v.codes])
        return [*found, *self.page.evaluate(OVERFLOW)]

    def thumb_reaches(self, *controls: Any) -> None:
        width, height = PHONE
        for control in controls:
            box = control.bounding_box()
            assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width
            assert box["y"] >= 0 and box["y"] + box["height"] <= height, box


def open_room(
    player: Player, seats: list[str], cards_each: int, deals: int, pause: int | None = None
) -> str:
    """Open a room by tapping as the first of `NAMES`, the other seats ``seats`` (`open` or a
    bot's level), under the rules the form offers for the player's language: ``cards_each``
    cards, ``deals`` deals, ``pause`` seconds on each deal's summary (the form's default with
    None); not started. The room's code."""
    page, t, v = player.page, player.text, player.v
    page.get_by_role("heading", name=t["home.create.heading"]).wait_for()
    page.get_by_label(t["home.name"], exact=True).tap()
    page.keyboard.type(NAMES[0])
    page.get_by_label(t["create.players"], exact=True).fill(str(len(seats) + 1))
    for n, kind in enumerate(seats, start=2):
        page.get_by_label(t["create.seat"].format(n=n), exact=True).select_option(kind)
    page.get_by_label(t["create.deals"], exact=True).fill(str(deals))
    if pause is not None:
        page.get_by_label(t["create.pause"], exact=True).fill(str(pause))
    page.get_by_text(t["create.options.help"], exact=True).tap()
    page.get_by_label(t["option.cards_each.name"], exact=True).fill(str(cards_each))
    page.get_by_role("button", name=t["home.create"], exact=True).tap()
    page.wait_for_url("**#room=*")
    code = str(page.url.split("#room=")[1])
    v.codes.append(code)
    return code


def open_table(player: Player, players: int, cards_each: int, deals: int) -> str:
    """`open_room` for the person and ``players - 1`` easy bots, started. The room's code."""
    code = open_room(player, ["easy"] * (players - 1), cards_each, deals)
    player.page.get_by_role("button", name=player.text["room.start"], exact=True).tap()
    player.hand.wait_for()
    return code


class Deal:
    """What the person has done so far at the table."""

    def __init__(self) -> None:
        self.passed = self.combined = self.combination_offered = self.nothing_beats = False
        self.plays = 0


def take_turn(player: Player, done: Deal) -> None:
    """One turn as a player takes it: a combination of several cards the first time one is
    offered (the deals are not seeded: it may not come again), a pass the first time passing
    is allowed otherwise, the only move when nothing beats the table (after selecting a card,
    which the page says can't be played), else the first single offered (after trying to pass
    when leading, which the page refuses)."""
    offers = player.held()["offers"]
    if player.announces(offers):
        return
    plays = [o.split() for o in offers if all(CARD.fullmatch(w) for w in o.split())]
    if "pass" not in offers and not plays:
        player.page.wait_for_timeout(20)
        return  # read between turns, before the page listed the moves: the caller looks again
    combinations = [p for p in plays if len(p) > 1]
    done.combination_offered |= bool(combinations)
    if "pass" in offers and not plays:  # nothing beats the table: a card selected says so
        player.select([player.words()[0]])
        reason = player.says_no(player.play)
        assert player.answered() == reason
        player.tap_and_wait(player.pass_)
        done.nothing_beats = done.passed = True
        return
    if "pass" in offers and not done.passed and (done.combined or not combinations):
        player.tap_and_wait(player.pass_)
        done.passed = True
        return
    if "pass" not in offers:  # the lead: passing is refused in the player's words
        player.says_no(player.pass_)
    choice = combinations[0] if combinations and not done.combined else plays[0]
    player.select(choice)
    expect(player.play).not_to_have_attribute("aria-disabled", "true")
    player.tap_and_wait(player.play)
    done.combined |= len(choice) > 1
    done.plays += 1


@pytest.mark.parametrize(("locale", "lang"), PLAYERS, ids=[lang for _, lang in PLAYERS])
def test_a_phone_player_plays_a_deal_against_bots_in_their_language(
    browser: Any, as_shipped: str, locale: str, lang: str
) -> None:
    """The regional rules the form offers, two seats and eight cards each keep a deal short at
    the bots' own pace."""
    v = Visit(browser, as_shipped, viewport=PHONE)
    try:
        page = v.page(locale=locale, is_mobile=True)
        frames = Timed(page)
        page.goto(v.url())
        player = Player(v, page, lang)
        t = player.text
        expect(page.locator("html")).to_have_attribute("lang", lang)  # the browser's own
        expect(page.get_by_label(t["create.pace"], exact=True)).to_have_value("normal")
        open_table(player, players=2, cards_each=8, deals=3)

        # the cards are drawn as cards: a face with its index and suit, and a name in words
        first = player.cards.first
        assert first.locator("svg.face .idx").count() == 1
        assert first.locator("svg.face .pip").count() == 1
        labels = player.cards.evaluate_all("els => els.map((e) => e.getAttribute('aria-label'))")
        for word, label in zip(player.words(), labels, strict=True):
            assert t[f"suit.{word[1]}"].casefold() in label.casefold(), label

        wait_until(player.my_turn, "the person's turn", timeout=30)
        player.thumb_reaches(player.play, player.pass_, player.cards.first)

        # the lowest and the highest card are no combination: refused in the player's words
        held = player.words()
        player.select([held[0], held[-1]])
        reason = player.answered()
        assert refusals(lang).fullmatch(reason), reason
        if lang.startswith("zh"):
            assert any("CJK" in f for f in fonts_used(page, "#hand-hint")), "no CJK face"
        assert player.says_no(player.play) == reason
        assert player.shown_problems() == []
        player.clear.tap()

        done, deal = Deal(), 1
        deadline = time.monotonic() + 60
        while deal == 1 or not (done.passed and done.plays and done.combined):
            assert time.monotonic() < deadline, vars(done)
            if deal > 1 and not done.combination_offered and done.passed and done.plays:
                break  # no combination was dealt to play: the singles have to do
            summary = page.get_by_role("heading", name=t["summary.heading"].format(n=deal))
            if summary.is_visible():
                if deal == 1:  # the table rests on the summary, counting down the pause
                    region = page.get_by_role("region", name=t["summary.heading"].format(n=1))
                    expect(summary).to_be_focused()
                    waiting = region.get_by_text(sentence_pattern([t["summary.waiting"]]))
                    expect(waiting).to_be_visible()
                    page.wait_for_timeout(1000)
                    expect(region).to_be_visible()  # still resting: no new hand dealt
                    assert player.shown_problems() == []
                ready = page.get_by_role("button", name=t["summary.ready"], exact=True)
                ready.tap()
                expect(summary).to_be_hidden()
                deal += 1
            elif player.my_turn():
                take_turn(player, done)
            else:
                page.wait_for_timeout(30)

        # the bot took its time over each move (the normal pace: about 0.8 s from the move
        # before, less what storing and sending that move took on a loaded machine)
        # (the median only: one late frame on a loaded machine makes a single gap look short)
        waits = sorted(frames.bot_waits())
        assert waits and waits[len(waits) // 2] >= 0.6, waits
    finally:
        v.close()


def play_on(player: Player, until: Any, timeout: float = 60) -> None:
    """Take the person's turns until ``until()`` holds at the start of one (or between the
    bots' moves): a pass where the page offers it, else the first single offered; its hand
    found by tapping, each move waited for."""
    deadline = time.monotonic() + timeout
    while not until():
        assert time.monotonic() < deadline, "the table never came to the point wanted"
        if not player.my_turn():
            player.page.wait_for_timeout(20)
            continue
        offers = player.held()["offers"]
        if player.announces(offers):
            continue
        if "pass" in offers:
            player.tap_and_wait(player.pass_)
            continue
        single = next((o for o in offers if CARD.fullmatch(o)), None)
        if single is None:  # read before the page listed the moves
            player.page.wait_for_timeout(20)
            continue
        player.select([single])
        player.tap_and_wait(player.play)


def test_nothing_beats_the_table_and_a_card_selected_says_so(browser: Any, server: str) -> None:
    """On the person's turn with nothing in hand that beats the table, a card selected is
    greyed with the server's reason (it doesn't beat the play), as any refused selection is,
    rather than a Play that does nothing and says nothing. The person throws their high cards
    away so that the bot's soon beat all that is left."""
    v = Visit(browser, server, viewport=PHONE)
    try:
        page = v.page(locale="id-ID", is_mobile=True)
        page.goto(v.url())
        player = Player(v, page, "id")
        open_table(player, players=2, cards_each=13, deals=5)
        deadline = time.monotonic() + 60
        while True:
            assert time.monotonic() < deadline, "the table never left the person without a play"
            if not player.my_turn():
                page.wait_for_timeout(20)
                continue
            offers = player.held()["offers"]
            singles = [o for o in offers if CARD.fullmatch(o)]
            if player.announces(offers):
                continue
            if offers == ["pass"]:
                break
            if singles:
                player.select([singles[-1]])  # the highest: gone for good
                player.tap_and_wait(player.play)
            else:
                player.tap_and_wait(player.pass_)
        player.select([player.words()[0]])
        reason = player.answered()
        beaten = sentence_pattern([player.text["error.does_not_beat"]])
        assert beaten.fullmatch(reason), reason
        assert player.says_no(player.play) == reason
    finally:
        v.close()


def test_a_reload_mid_deal_brings_the_same_table_back_and_a_watcher_sees_no_hand(
    browser: Any, server: str
) -> None:
    """In Filipino on a phone, in the second deal (so that there are scores), on the
    person's turn with the bot's play to beat: a reload shows the same hand in the same
    order, the same turn, play to beat, seats and scores. A friend's phone in Chinese then
    watches the room: no hand, no card of the person's, and none in what the server sent."""
    v = Visit(browser, server, viewport=PHONE)
    try:
        page = v.page(locale="fil-PH", is_mobile=True)
        page.goto(v.url())
        player = Player(v, page, "fil")
        t = player.text
        code = open_table(player, players=2, cards_each=5, deals=5)
        scores = page.get_by_role("table", name=t["table.score"])
        board = page.locator("#board .to-beat")

        def set_for_the_reload() -> bool:
            held = player.held()
            return bool(
                scores.count() and player.my_turn() and held["table"] and "pass" in held["offers"]
            )

        play_on(player, set_for_the_reload)
        seats = page.get_by_role("region", name=t["room.seats"])

        def table() -> dict[str, Any]:
            return {
                "hand": player.words(),
                "labels": player.cards.evaluate_all(
                    "els => els.map((e) => e.getAttribute('aria-label'))"
                ),
                "turn": player.turn.is_visible(),
                "to beat": board.inner_text(),
                "seats": seats.inner_text(),
                "scores": scores.inner_text(),
                "seq": player.held()["seq"],
            }

        before = table()
        page.reload()
        player.hand.wait_for()
        wait_until(player.my_turn, "the turn back after the reload")
        expect(board).to_have_text(before["to beat"])
        assert table() == before
        assert page.url.endswith(f"#room={code}")

        friend = v.page(locale="zh-CN", is_mobile=True)
        frames = Timed(friend)
        zh = shown("zh-Hans")
        friend.goto(f"{v.server}/#room={code}")
        friend.get_by_role("button", name=zh["room.join.watch"], exact=True).tap()
        friend.get_by_text(zh["table.spectator"], exact=True).wait_for()
        assert friend.get_by_role("group", name=zh["table.hand"]).count() == 0
        assert friend.locator("#hand-box .card").count() == 0
        for word in before["hand"]:
            assert friend.locator(f'[data-word="{word}"]').count() == 0
        expect(friend.locator("#board .card")).to_have_count(page.locator("#board .card").count())
        states = [state for _, state in frames.states()]
        assert states and all(s["view"]["hand"] == "" and s["offers"] is None for s in states)
        # a card as a word of its own: a room code such as "BQ5GXXC8C4" holds "8C" by chance
        named = re.compile(rf"(?<![0-9A-Z])({'|'.join(before['hand'])})(?![0-9A-Z])")
        assert not [m for m in frames.messages if named.search(json.dumps(m))]
    finally:
        v.close()


def test_switching_the_language_mid_deal_keeps_the_game_and_leaves_no_old_words(
    browser: Any, server: str
) -> None:
    """English, then Malay, then Traditional Chinese, from the room's menu mid-deal: the same
    seat, hand and turn each time, every string (the plays so far included) in the new
    language, and nothing past the phone's edge."""
    v = Visit(browser, server, viewport=PHONE)
    try:
        page = v.page(locale="en-US", is_mobile=True)
        page.goto(v.url())
        player = Player(v, page, "en")
        code = open_table(player, players=2, cards_each=13, deals=2)
        log = page.locator("#log li")
        play_on(player, lambda: log.count() > 3 and player.my_turn())
        hand, seq = player.words(), player.held()["seq"]
        for before, lang in (("en", "ms"), ("ms", "zh-Hant")):
            t = shown(before)
            page.get_by_role("button", name=t["room.menu"], exact=True).tap()
            sheet = page.get_by_role("dialog", name=t["room.menu.heading"])
            sheet.get_by_label(t["lang.label"], exact=True).select_option(lang)
            expect(page.locator("html")).to_have_attribute("lang", lang)
            player = Player(v, page, lang)
            wait_until(player.my_turn, f"the turn, in {lang}")
            assert (player.words(), player.held()["seq"]) == (hand, seq)
            assert page.url.endswith(f"#room={code}")
            texts = page.evaluate(SHOWN_TEXT)
            left = english_shown(texts, english_sentences(lang, before), [*NAMES, code])
            assert left == [], f"{before} left in {lang}"
            assert player.shown_problems() == []
    finally:
        v.close()
