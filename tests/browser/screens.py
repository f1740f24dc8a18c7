"""Every screen of the browser table, reached the way a person reaches it, for the checks that
run on each screen (the accessibility scan, the pseudo-locale). A screen is a function from a
`Visit` to the page that shows it; `SCREENS` at the bottom names them all, so adding a screen is
its function and one line there. Labels are asked of the page's own catalogue (`Visit.t`), so
the same steps work in any language the page is shown in."""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Iterator
from typing import Any

NAMES = ("Ann", "Bo", "Di")  # the names people type on these screens
CHAT_LINES = ("hello from Bo", "hi Bo, ready?")  # and what they say in the chat
LOAD_CATALOGUE = """async ([key, params]) => {
  const i18n = await import(new URL("js/i18n.js", document.baseURI).href);
  return i18n.has("app.title") ? i18n.t(key, params) : null;
}"""


class Visit:
    """Browser contexts opened for one screen in one language and viewport, closed together;
    ``lang`` is put in the address as ``?lang=`` (None: the browser's own language)."""

    def __init__(
        self,
        browser: Any,
        server: str,
        lang: str | None = None,
        viewport: tuple[int, int] = (1024, 800),
        bypass_csp: bool = False,
    ) -> None:
        self.browser, self.server, self.lang = browser, server, lang
        self.viewport, self.bypass_csp = viewport, bypass_csp
        self.contexts: list[Any] = []
        self.codes: list[str] = []  # the rooms' codes shown on these pages
        self.again: Callable[[Any], None] | None = None  # see `ready`

    def ready(self, page: Any, steps: Callable[[Any], None]) -> Any:
        """``page`` once ``steps`` have run on it: a screen's last steps, those it takes again
        after the page loads anew in another language (`reload`); the page."""
        steps(page)
        self.again = steps
        return page

    def reload(self, page: Any, lang: str) -> None:
        """``page`` loaded again with ``?lang=lang`` where it stood (a load, as a language
        chosen in the picker also makes), and made ready again by the screen's last steps."""
        assert self.again is not None, "this screen cannot be shown again after a load"
        self.lang = lang
        page.goto(self.url(page.evaluate("location.hash")))
        page.wait_for_function("(lang) => document.documentElement.lang === lang", arg=lang)
        self.again(page)

    def page(self, **options: Any) -> Any:
        """A page in a new context: another person's browser, with its own storage (a
        touchscreen under 600 px unless ``options`` say otherwise, as they may say more)."""
        width, height = self.viewport
        ctx = self.browser.new_context(
            **{
                "viewport": {"width": width, "height": height},
                "has_touch": width < 600,
                "bypass_csp": self.bypass_csp,
                **options,
            }
        )
        ctx.set_default_timeout(15000)
        self.contexts.append(ctx)
        return ctx.new_page()

    def url(self, fragment: str = "") -> str:
        query = f"?lang={self.lang}" if self.lang else ""
        return f"{self.server}/{query}{fragment}"

    def t(self, page: Any, key: str, **params: object) -> str:
        """The page's text for ``key`` from the catalogue it loaded (waiting for the load)."""
        deadline = time.monotonic() + 15
        while True:
            text = page.evaluate(LOAD_CATALOGUE, [key, params])
            if text is not None:
                return str(text)
            assert time.monotonic() < deadline, "the page's catalogue never loaded"
            page.wait_for_timeout(20)

    def close(self) -> None:
        for ctx in self.contexts:
            ctx.close()


# -- steps that several screens share --------------------------------------------------------------


def home_page(v: Visit, fragment: str = "", **options: Any) -> Any:
    page = v.page(**options)
    page.goto(v.url(fragment))
    page.get_by_role("heading", name=v.t(page, "home.create.heading")).wait_for()
    return page


def open_room(
    v: Visit, page: Any, bots: int = 3, deals: int | None = None, start: bool = True
) -> str:
    """On the home page, open a room as the first of `NAMES` with ``bots`` easy bots after it
    (the other seats open) and start it if asked; the room's code."""
    page.get_by_label(v.t(page, "home.name"), exact=True).fill(NAMES[0])
    for seat in range(2, 2 + bots):
        page.get_by_label(v.t(page, "create.seat", n=seat), exact=True).select_option("easy")
    if deals is not None:
        page.get_by_label(v.t(page, "create.deals"), exact=True).fill(str(deals))
    page.get_by_role("button", name=v.t(page, "home.create"), exact=True).click()
    page.wait_for_url("**#room=*")
    code = str(page.url.split("#room=")[1])
    v.codes.append(code)
    if start:
        page.get_by_role("button", name=v.t(page, "room.start"), exact=True).click()
        page.get_by_role("group", name=v.t(page, "table.hand")).wait_for()
    return code


def short_deal(v: Visit, page: Any, deals: int) -> str:
    """On the home page, open and start a quick room: the first of `NAMES` and one easy bot,
    three cards each, a session of ``deals`` that rests on each deal's summary; its code."""
    page.get_by_label(v.t(page, "home.name"), exact=True).fill(NAMES[0])
    # classic rules in every language: the screens are about the words, not a region's rules
    page.locator("input[name=preset][value=classic]").check()
    page.get_by_label(v.t(page, "create.players"), exact=True).fill("2")
    page.get_by_label(v.t(page, "create.seat", n=2), exact=True).select_option("easy")
    page.get_by_label(v.t(page, "create.deals"), exact=True).fill(str(deals))
    page.get_by_label(v.t(page, "create.pause"), exact=True).fill("300")
    page.get_by_text(v.t(page, "create.options.help"), exact=True).click()
    page.get_by_label(v.t(page, "option.cards_each.name"), exact=True).fill("3")
    page.get_by_role("button", name=v.t(page, "home.create"), exact=True).click()
    page.wait_for_url("**#room=*")
    code = str(page.url.split("#room=")[1])
    v.codes.append(code)
    page.get_by_role("button", name=v.t(page, "room.start"), exact=True).click()
    page.get_by_role("group", name=v.t(page, "table.hand")).wait_for()
    return code


def take_turn(v: Visit, page: Any, tap: bool = False) -> None:
    """Take the person's turn as a person does, by the hand's cards and Play and Pass (tapped
    when ``tap``): the first card that makes an offered play alone, else a pass (the quickest
    way out of a deal); back once the server has taken it."""
    press = (lambda el: el.tap()) if tap else (lambda el: el.click())
    hand = page.get_by_role("group", name=v.t(page, "table.hand")).get_by_role("button")
    play = page.get_by_role("button", name=v.t(page, "table.play"), exact=True)
    seq = page.evaluate(SEQ)
    for i in range(hand.count()):
        card = hand.nth(i)
        press(card)
        if play.is_enabled() and play.get_attribute("aria-disabled") != "true":
            press(play)
            break
        press(card)  # not alone: put it back
    else:
        pass_ = page.get_by_role("button", name=v.t(page, "table.pass"), exact=True)
        if pass_.get_attribute("aria-disabled") == "true":
            return  # the turn moved on meanwhile (the page says whose it is): look again
        press(pass_)
    wait_until(lambda: page.evaluate(SEQ) != seq, "the server taking the move")


def play_until(v: Visit, page: Any, heading: str, tap: bool = False, timeout: float = 60) -> Any:
    """Take the person's turns (`take_turn`) until a heading named ``heading`` shows; that
    heading."""
    target = page.get_by_role("heading", name=heading)
    play = page.get_by_role("button", name=v.t(page, "table.play"), exact=True)
    turn = your_turn(v, page)
    deadline = time.monotonic() + timeout
    while not target.is_visible():
        assert time.monotonic() < deadline, f"{heading!r} never showed"
        if turn.is_visible() and play.is_visible():
            take_turn(v, page, tap)
        else:
            page.wait_for_timeout(20)
    return target


# the number of the server's state the page holds (each move makes a new one)
SEQ = """async () => {
  const state = await import(new URL("js/state.js", document.baseURI).href);
  return state.S.state ? state.S.state.seq : null;
}"""


def join(v: Visit, code: str, name: str) -> Any:
    """A friend opens the room's link in another browser and takes a seat."""
    page = v.page()
    page.goto(v.url(f"#room={code}"))
    page.get_by_label(v.t(page, "home.name"), exact=True).fill(name)
    page.get_by_role("button", name=v.t(page, "room.join.take"), exact=True).click()
    page.get_by_role("region", name=v.t(page, "room.seats")).get_by_text(
        v.t(page, "room.seat.you")
    ).wait_for()
    return page


def your_turn(v: Visit, page: Any) -> Any:
    return page.get_by_text(v.t(page, "table.your_turn"), exact=True)


def wait_until(done: Callable[[], bool], what: str, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while not done():
        assert time.monotonic() < deadline, f"{what} never happened"
        time.sleep(0.02)


def who_is(page: Any) -> dict[str, Any]:
    """Who the page is (`GET /api/me`), once it has asked: a look-up before then would make a
    second guest."""
    wait_until(
        lambda: any(c["name"] == "bigtwo_session" for c in page.context.cookies()),
        "the page's session cookie",
    )
    found: dict[str, Any] = page.evaluate("fetch('api/me').then((r) => r.json())")
    return found


# -- the screens -----------------------------------------------------------------------------------


def home(v: Visit) -> Any:
    """Home and the lobby, listing a room that is waiting for players."""
    host = home_page(v)
    open_room(v, host, bots=2, start=False)
    return v.ready(
        home_page(v),
        lambda page: page.get_by_role(
            "button", name=v.t(page, "home.watch"), exact=True
        ).first.wait_for(),
    )


def create_form(v: Visit) -> Any:
    """The form that opens a room at its widest: eight players, the rule options open."""

    def widest(page: Any) -> None:
        page.get_by_label(v.t(page, "create.players"), exact=True).fill("8")
        page.get_by_label(v.t(page, "create.seat", n=8), exact=True).wait_for()
        page.get_by_text(v.t(page, "create.options.help"), exact=True).click()
        page.locator(".rule-option").first.wait_for()

    return v.ready(home_page(v), widest)


def how_to_play(v: Visit) -> Any:
    """How to play: the combinations drawn as cards, the ranks and suits, a first deal."""
    page = v.page()
    page.goto(v.url("#learn"))
    return v.ready(page, lambda page: page.locator(".learn-combo").first.wait_for())


def join_by_link(v: Visit) -> Any:
    """A room's link opened in a browser with no seat there."""
    code = open_room(v, home_page(v), bots=2, start=False)
    page = v.page()
    page.goto(v.url(f"#room={code}"))

    def shown(page: Any) -> None:
        page.get_by_role("button", name=v.t(page, "room.join.watch"), exact=True).wait_for()
        page.locator(".join-seats li").first.wait_for()  # the room, shown before sitting

    return v.ready(page, shown)


def room_as_host(v: Visit) -> Any:
    """Before the start, as the host: the share link, the seats, the host's controls."""
    page = home_page(v)
    code = open_room(v, page, bots=1, start=False)
    join(v, code, NAMES[1])
    return v.ready(
        page,
        lambda page: (
            page.get_by_role("region", name=v.t(page, "room.seats"))
            .get_by_text(NAMES[1], exact=True)
            .wait_for()
        ),
    )


def room_as_guest(v: Visit) -> Any:
    """Before the start, as a guest who took a seat by the link."""
    code = open_room(v, home_page(v), bots=2, start=False)
    return v.ready(
        join(v, code, NAMES[1]),
        lambda page: page.get_by_text(v.t(page, "room.waiting.host"), exact=True).wait_for(),
    )


def my_turn(v: Visit) -> Any:
    """Mid-deal, the person's turn, with two cards selected."""
    page = home_page(v)
    open_room(v, page)

    def two_selected(page: Any) -> None:
        your_turn(v, page).wait_for()
        cards = page.get_by_role("group", name=v.t(page, "table.hand")).get_by_role("button")
        cards.first.click()
        cards.last.click()

    return v.ready(page, two_selected)


def others_turn(v: Visit) -> Any:
    """Mid-deal, another person's turn: two people and two bots, the one not to move."""
    host = home_page(v)
    code = open_room(v, host, bots=2, start=False)
    guest = join(v, code, NAMES[1])
    host.get_by_role("button", name=v.t(host, "room.start"), exact=True).click()
    pages = [host, guest]
    wait_until(lambda: any(your_turn(v, p).is_visible() for p in pages), "a person's turn")
    waiting = next(p for p in pages if not your_turn(v, p).is_visible())
    mover = NAMES[1 - pages.index(waiting)]
    return v.ready(
        waiting,
        lambda page: page.get_by_text(
            v.t(page, "table.turn_of", name=mover), exact=True
        ).wait_for(),
    )


def spectator(v: Visit) -> Any:
    """Someone watching a deal in play: the table without any hand."""
    code = open_room(v, home_page(v))
    page = v.page()
    page.goto(v.url(f"#room={code}"))

    page.get_by_role("button", name=v.t(page, "room.join.watch"), exact=True).click()
    return v.ready(  # loaded again, the page goes on watching
        page, lambda page: page.get_by_text(v.t(page, "table.spectator"), exact=True).wait_for()
    )


def deal_summary(v: Visit) -> Any:
    """The table resting on a deal's summary: cards left, points and why, totals, Ready."""
    page = home_page(v)
    short_deal(v, page, deals=2)
    play_until(v, page, v.t(page, "summary.heading", n=1))
    return v.ready(
        page,
        lambda page: page.get_by_role(
            "button", name=v.t(page, "summary.ready"), exact=True
        ).wait_for(),
    )


def session_over(v: Visit) -> Any:
    """The end of a one-deal session: the standings, the settlement, the host's rematch."""
    page = home_page(v)
    short_deal(v, page, deals=1)
    play_until(v, page, v.t(page, "summary.final"))

    def standings(page: Any) -> None:
        page.get_by_role("heading", name=v.t(page, "table.settlement")).first.wait_for()
        region = page.get_by_role("region", name=v.t(page, "summary.final"))
        region.get_by_role("button", name=v.t(page, "room.rematch"), exact=True).wait_for()

    return v.ready(page, standings)


def menu_sheet(v: Visit) -> Any:
    """Mid-deal, the room's menu open: a sheet over the dimmed table."""
    page = home_page(v)
    short_deal(v, page, deals=1)

    def menu_open(page: Any) -> None:
        page.get_by_role("button", name=v.t(page, "room.menu"), exact=True).click()
        page.get_by_role("dialog", name=v.t(page, "room.menu.heading")).wait_for()

    return v.ready(page, menu_open)


def play_now(v: Visit) -> Any:
    """Play now's table, one tap from home: the person and three bots, a hand dealt."""
    page = home_page(v)
    page.get_by_role("button", name=v.t(page, "home.play"), exact=True).click()

    def dealt(page: Any) -> None:
        page.get_by_role("group", name=v.t(page, "table.hand")).wait_for()
        page.get_by_role("button", name=v.t(page, "table.play"), exact=True).wait_for()

    v.ready(page, dealt)
    v.codes.append(str(page.url.split("#room=")[1]))
    return page


def chat(v: Visit) -> Any:
    """The chat with lines from two people, mid-deal."""
    host = home_page(v)
    code = open_room(v, host, bots=2, start=False)
    guest = join(v, code, NAMES[1])
    for page, line in zip((guest, host), CHAT_LINES, strict=True):
        page.get_by_label(v.t(page, "chat.label"), exact=True).fill(line)
        page.get_by_role("button", name=v.t(page, "chat.send"), exact=True).click()
    host.get_by_role("button", name=v.t(host, "room.start"), exact=True).click()

    def talked(page: Any) -> None:
        chat = page.get_by_role("region", name=v.t(page, "chat.heading"))
        chat.get_by_text(CHAT_LINES[1]).wait_for()
        page.get_by_role("group", name=v.t(page, "table.hand")).wait_for()

    return v.ready(host, talked)


class Cable:
    """The page's connection to the server, cut and mended by the test while the server stays
    up: routed through Playwright from the start (before the page loads)."""

    def __init__(self, page: Any) -> None:
        self.down = False
        self.sockets: list[Any] = []
        page.route_web_socket(re.compile(r"/ws(\?|$)"), self._route)

    def _route(self, ws: Any) -> None:
        if self.down:
            ws.close()  # each attempt to come back is closed at once
        else:
            ws.connect_to_server()
            self.sockets.append(ws)

    def cut(self) -> None:
        self.down = True
        for ws in self.sockets:
            ws.close()

    def mend(self) -> None:
        self.down = False


def reconnecting(v: Visit) -> Any:
    """The banner while the connection is down: the page's socket is closed under it and each
    attempt to come back is closed at once."""
    page = v.page()
    cable = Cable(page)
    page.goto(v.url())
    open_room(v, page)
    your_turn(v, page).wait_for()
    cable.cut()
    # no `Visit.ready`: loaded again with the connection down, the page has no table to show
    page.get_by_role("status").filter(has_text=v.t(page, "banner.reconnecting")).wait_for()
    return page


def rules_page(v: Visit) -> Any:
    """A preset's rules in words."""
    page = v.page()
    page.goto(v.url("#rules&preset=hong-kong"))

    def shown(page: Any) -> None:
        page.get_by_role("heading", name=v.t(page, "rules.heading"), exact=True).wait_for()
        page.locator("dd").first.wait_for()

    return v.ready(page, shown)


def replay(v: Visit) -> Any:
    """The replay viewer on the last step of a deal just played, from the room."""
    page = session_over(v)
    page.get_by_role("button", name=v.t(page, "room.menu"), exact=True).click()
    menu = page.get_by_role("dialog")  # the standings link there too
    menu.get_by_role("link", name=v.t(page, "room.replay"), exact=True).click()

    def at_the_end(page: Any) -> None:
        page.get_by_role("button", name=v.t(page, "replay.last"), exact=True).click()
        page.get_by_role("button", name=v.t(page, "replay.next"), exact=True).wait_for()

    return v.ready(page, at_the_end)


def my_page(v: Visit) -> Any:
    """The person's page after a one-deal session: the deal, the statistics with the chart and
    its table open, the profile form and their data."""
    page = session_over(v)
    me = page.evaluate("fetch('api/me').then((r) => r.json())")
    v.codes.append(me["person"]["handle"])  # made up by the server, as a room's code is
    page.goto(v.url("#me"))

    def opened(page: Any) -> None:
        page.locator(".me-game").first.wait_for()
        page.get_by_text(v.t(page, "me.chart.table"), exact=True).click()
        page.get_by_role("heading", name=v.t(page, "me.data.heading")).wait_for()

    return v.ready(page, opened)


Screen = Callable[[Visit], Any]

# Every screen the checks run on. A new screen: write its function above (from a fresh `Visit`
# to the page showing it, reached by role and label) and add one line here.
SCREENS: dict[str, Screen] = {
    "home": home,
    "create-form": create_form,
    "join-by-link": join_by_link,
    "how-to-play": how_to_play,
    "room-as-host": room_as_host,
    "room-as-guest": room_as_guest,
    "my-turn": my_turn,
    "others-turn": others_turn,
    "spectator": spectator,
    "deal-summary": deal_summary,
    "session-over": session_over,
    "menu-sheet": menu_sheet,
    "play-now": play_now,
    "chat": chat,
    "reconnecting": reconnecting,
    "rules-page": rules_page,
    "replay": replay,
    "my-page": my_page,
}


def in_each_language(
    browser: Any, server: str, screen: str, langs: list[str], viewport: tuple[int, int]
) -> Iterator[tuple[str, Visit, Any]]:
    """``screen`` shown in each of ``langs``: reached by its steps in one (the languages take
    turns over the screens, so each walks some in its own words), then loaded again where it
    stands in each other (`Visit.reload`), or reached afresh where it cannot be; the language,
    the visit and the page, each in turn, at ``viewport``."""
    turn = list(SCREENS).index(screen) % len(langs)
    order = langs[turn:] + langs[:turn]
    visit = Visit(browser, server, lang=order[0], viewport=viewport)
    try:
        page = SCREENS[screen](visit)
        for lang in order:
            if lang != order[0]:
                if visit.again is None:
                    visit.close()
                    visit = Visit(browser, server, lang=lang, viewport=viewport)
                    page = SCREENS[screen](visit)
                else:
                    page.set_viewport_size({"width": viewport[0], "height": viewport[1]})
                    visit.reload(page, lang)
            yield lang, visit, page
    finally:
        visit.close()


def chosen_words(visit: Visit, named: list[str]) -> list[str]:
    """The words on a screen that no catalogue holds: what people typed (names, the avatars'
    initials made from them, chat lines), the codes the server made up for ``visit``, and
    ``named`` (the presets' names)."""
    initials = [name[:2].upper() for name in NAMES]
    return [*CHAT_LINES, *NAMES, *initials, *visit.codes, *named]
