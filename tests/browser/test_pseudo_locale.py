"""The pseudo-locales (``?lang=en-XA``: every catalogue string accented, a third longer,
bracketed; ``?lang=ar-XB``: the same read right to left, the page laid out right to left) on
every screen of `screens.SCREENS` at 360x640: any text shown that did not come from the
catalogue stays plain English and fails, and so does a layout that the longer text, or the
mirrored page, pushes sideways or cuts off. Also: how the page picks its language."""

from __future__ import annotations

import json
import re
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .conftest import serving
from .screens import NAMES, SCREENS, Visit, chosen_words, in_each_language

PSEUDO = "en-XA"
PSEUDO_RTL = "ar-XB"
BIDI = re.compile("[\u202a-\u202e\u2066-\u2069]")  # embeddings, overrides and isolates
PHONE = (360, 640)
EN = Path(__file__).resolve().parents[2] / "src" / "bigtwo" / "web" / "i18n" / "en.json"
# a card's face as the page draws it: 10♦, Q♥, a second deck's A♠′, the jokers R★ B★; and a
# SHA-256 digest (a deal's commitment), which is a code
CODES = re.compile(r"(?:10|[2-9JQKA])[♦♣♥♠]′?|[RB]★|\b[0-9a-f]{64}\b")

# Every text a person can see or hear: visible text nodes (and those hidden only visually, for
# screen readers), the options of visible selects, the names and titles of visible elements,
# the document's title. Text inside an element that declares another language than the page's
# (the rules' meanings, English only for now) is left out.
SHOWN_TEXT = """() => {
  const page = document.documentElement.lang;
  const foreign = (el) => { const m = el.closest("[lang]"); return m && m.lang !== page; };
  const seen = (el) => el.checkVisibility({ visibilityProperty: true });
  const out = [document.title];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const el = n.parentElement;
    if (!n.textContent.trim() || foreign(el) || el.closest("script, style")) continue;
    const select = el.closest("select");
    if (seen(select || el)) out.push(n.textContent);
  }
  for (const el of document.querySelectorAll("[aria-label], [title], [placeholder], [alt]")) {
    if (!seen(el) || foreign(el)) continue;
    for (const name of ["aria-label", "title", "placeholder", "alt"]) {
      if (el.hasAttribute(name)) out.push(el.getAttribute(name));
    }
  }
  return out;
}"""

# What the longer text pushes out of place: a page wider than the screen, a control reaching
# past the screen's edge or past an ancestor that clips it, text cut inside its box, a select
# too narrow for the option it shows.
OVERFLOW = """() => {
  const width = document.documentElement.clientWidth;
  const found = [];
  const name = (el) => `${el.tagName.toLowerCase()}${el.id ? "#" + el.id : ""}` +
    ` "${(el.innerText || el.value || "").trim().slice(0, 40)}"`;
  if (document.documentElement.scrollWidth > width) {
    found.push(`the page is ${document.documentElement.scrollWidth}px wide on a ${width}px screen`);
  }
  const canvas = document.createElement("canvas").getContext("2d");
  // hidden as .visually-hidden hides (a 1px box that clips), by a rule of its own: read aloud,
  // never seen
  const hiddenByClip = (el) => {
    for (let up = el; up && up !== document.body; up = up.parentElement) {
      const box = up.getBoundingClientRect();
      const clipped = getComputedStyle(up).overflow === "hidden";
      if (box.width <= 1 && box.height <= 1 && clipped) return true;
    }
    return false;
  };
  for (const el of document.body.querySelectorAll("*")) {
    if (!el.checkVisibility({ visibilityProperty: true })) continue;
    if (el.closest(".visually-hidden") || hiddenByClip(el)) continue;
    const style = getComputedStyle(el);
    const clips = !["visible", "auto", "scroll"].includes(style.overflowX);
    const field = el.matches("input, textarea"); // a long value scrolls inside it by design
    // a name ending in an ellipsis is cut on purpose (the seat's label says it whole)
    const ellipsis = style.textOverflow === "ellipsis";
    if (clips && !field && !ellipsis && el.scrollWidth > el.clientWidth + 1) {
      found.push(`${name(el)} cuts its content`);
    }
    if (!el.matches("button, a, select, input, textarea, summary, label")) continue;
    const box = el.getBoundingClientRect();
    if (box.left < -1 || box.right > width + 1) found.push(`${name(el)} reaches past the screen`);
    for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
      if (getComputedStyle(up).overflowX === "visible") continue;
      const outer = up.getBoundingClientRect();
      if (box.left < outer.left - 1 || box.right > outer.right + 1) {
        found.push(`${name(el)} is cut off by ${name(up)}`);
      }
    }
    if (el.tagName === "SELECT" && el.options.length) { // any option may be the one chosen
      canvas.font = style.font;
      const text = Math.max(...[...el.options].map((o) => canvas.measureText(o.text).width));
      const room = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      if (text > room - 20) found.push(`${name(el)} is too narrow for its options`); // 20: arrow
    }
  }
  return found;
}"""


@pytest.fixture(scope="module")
def pseudo_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A server of this module's own, so that the lobby lists only rooms whose hosts' names
    these tests chose."""
    with serving(tmp_path_factory.mktemp("pseudo") / "rooms.db") as base:
        yield base


def presets(server: str) -> list[str]:
    with urllib.request.urlopen(f"{server}/api/rules", timeout=10) as reply:
        return [p["name"] for p in json.load(reply)["presets"]]


def not_from_the_catalogue(texts: list[str], chosen: list[str]) -> list[str]:
    """The texts that still hold a plain letter once what people chose (names, chat lines),
    codes (rooms, rule sets, digests) and card faces are taken out: the catalogue's text in
    the pseudo-locale has none."""
    out = []
    for text in texts:
        rest = CODES.sub(" ", text)
        for word in sorted(chosen, key=len, reverse=True):
            rest = rest.replace(word, " ")
        if re.search(r"[A-Za-z]", rest):
            out.append(text)
    return out


@pytest.mark.parametrize("screen", SCREENS)
def test_every_screen_in_the_pseudo_locale(browser: Any, pseudo_server: str, screen: str) -> None:
    """Each screen in both pseudo-locales: every text from the catalogue, nothing cut off or
    pushed sideways, read right to left in the second. Reached once, in each pseudo-locale
    on every other screen, then loaded again in the other (`Visit.reload`; a screen that
    cannot be is reached afresh)."""
    named = presets(pseudo_server)
    found = {
        lang: in_pseudo_locale(page, visit, lang, named)
        for lang, visit, page in in_each_language(
            browser, pseudo_server, screen, [PSEUDO, PSEUDO_RTL], PHONE
        )
    }
    for lang, (texts, problems) in found.items():
        assert any(t.startswith("[") and not re.search(r"[A-Za-z]", t) for t in texts), lang
        assert problems == [], lang


def in_pseudo_locale(
    page: Any, visit: Visit, lang: str, named: list[str]
) -> tuple[list[str], list[str]]:
    """The page's texts in ``lang``, and what is wrong: text not from the catalogue beyond
    what people chose and the names of things (``named``: the presets), and overflow."""
    assert page.evaluate("document.documentElement.lang") == lang
    reading = page.evaluate("getComputedStyle(document.body).direction")
    assert reading == ("rtl" if lang == PSEUDO_RTL else "ltr")
    texts = [BIDI.sub("", t) for t in page.evaluate(SHOWN_TEXT)]
    return texts, not_from_the_catalogue(texts, chosen_words(visit, named)) + page.evaluate(
        OVERFLOW
    )


def test_the_check_sees_plain_english(browser: Any, pseudo_server: str) -> None:
    """A text the page made up without the catalogue is caught, and a chosen name is not."""
    visit = Visit(browser, pseudo_server, lang=PSEUDO, viewport=PHONE)
    try:
        page = visit.page()
        page.goto(visit.url())
        visit.t(page, "app.title")
        page.evaluate("document.getElementById('main').append('Waiting for Ann')")
        texts = page.evaluate(SHOWN_TEXT)
    finally:
        visit.close()
    chosen = [*NAMES, *presets(pseudo_server)]  # the lobby may list rooms
    assert not_from_the_catalogue(texts, chosen) == ["Waiting for Ann"]
    assert not_from_the_catalogue(["[Ŵáíţíñĝ ƒöŕ Ann ţŵ]", "Q♥ 10♠", "0a" * 32], list(NAMES)) == []


@pytest.mark.parametrize(
    ("address", "locale", "expected"),
    [
        ("?lang=en-XA", "en-US", PSEUDO),  # the address wins
        ("?lang=EN-xa", "en-US", PSEUDO),  # tags are read without regard to case
        ("", "en-XA", PSEUDO),  # else the browser's language
        ("", "fr-FR", "en"),  # no catalogue for it: English
        ("?lang=xx", "fr-FR", "en"),
        ("?lang=ar-xb", "en-US", PSEUDO_RTL),
    ],
)
def test_the_page_picks_its_language(
    browser: Any, pseudo_server: str, address: str, locale: str, expected: str
) -> None:
    ctx = browser.new_context(locale=locale)
    try:
        page = ctx.new_page()
        page.goto(f"{pseudo_server}/{address}")
        title = page.get_by_role("heading", level=1)
        english = json.loads(EN.read_text(encoding="utf-8"))
        if expected == PSEUDO:
            title.filter(has_text="[Ɓíĝ Ţŵö").wait_for()
        elif expected == PSEUDO_RTL:
            title.filter(has_text="\u202e[Ɓíĝ\u202c").wait_for()
        else:
            title.filter(has_text=english["app.title"]).wait_for()
            page.get_by_text(english["home.create.heading"]).first.wait_for()
        assert page.evaluate("document.documentElement.lang") == expected
        rtl = expected == PSEUDO_RTL
        assert page.evaluate("document.documentElement.dir") == ("rtl" if rtl else "ltr")
    finally:
        ctx.close()


def test_the_pseudo_catalogue_covers_english(browser: Any, pseudo_server: str) -> None:
    """Made from en.json key by key: every letter accented, placeholders kept, about a third
    longer over the whole catalogue."""
    english = json.loads(EN.read_text(encoding="utf-8"))
    ctx = browser.new_context()
    try:
        page = ctx.new_page()
        page.goto(f"{pseudo_server}/")
        made, rtl = page.evaluate(
            """async (english) => {
                const m = await import(new URL("js/pseudo.js", document.baseURI).href);
                return [m.pseudoCatalogue(english), m.pseudoCatalogue(english, "ar-XB")];
            }""",
            english,
        )
    finally:
        ctx.close()
    assert set(made) == set(english)
    for key, text in english.items():
        assert re.findall(r"\{\w+\}", made[key]) == re.findall(r"\{\w+\}", text), key
        assert not re.search(r"[A-Za-z]", re.sub(r"\{\w+\}", "", made[key])), key
    growth = sum(len(made[k]) for k in english) / sum(len(t) for t in english.values())
    assert 1.3 <= growth <= 1.45, growth
    # right to left: the same text, each word overridden right to left, what fills a
    # placeholder (a name) left in its own direction
    for key, text in made.items():
        assert BIDI.sub("", rtl[key]) == text, key
        for word in re.split(r"(\{\w+\}|\s+)", rtl[key])[::2]:
            assert not word or (word[0], word[-1]) == ("\u202e", "\u202c"), (key, word)


def test_right_to_left_arrows_follow_the_reading(browser: Any, pseudo_server: str) -> None:
    """On a page read right to left the hand's first card is on the right: the left arrow
    goes to the next card, Shift with it moves the card on, and the right arrow comes back."""
    visit = Visit(browser, pseudo_server, lang=PSEUDO_RTL, viewport=(1280, 900))
    try:
        page = SCREENS["my-turn"](visit)
        cards = page.get_by_role("group", name=visit.t(page, "table.hand")).get_by_role("button")
        first = cards.nth(0)
        # read from the right (the places asked at once: the hand may be drawn again between two)
        xs = cards.evaluate_all("els => els.map((e) => e.getBoundingClientRect().x)")
        assert xs[0] > xs[1]
        # a card's face reads 10♥ all the same, on the card and in a sentence
        assert first.evaluate("(e) => getComputedStyle(e).direction") == "ltr"
        assert "\u2066" in page.locator("#hand-hint").inner_text()  # "Selected: …"
        words = cards.evaluate_all("els => els.map((e) => e.dataset.word)")
        first.focus()
        page.keyboard.press("ArrowLeft")
        assert page.evaluate("document.activeElement.dataset.word") == words[1]
        page.keyboard.press("ArrowRight")
        assert page.evaluate("document.activeElement.dataset.word") == words[0]
        page.keyboard.press("Shift+ArrowLeft")
        moved = cards.evaluate_all("els => els.map((e) => e.dataset.word)")
        assert moved == [words[1], words[0], *words[2:]]
    finally:
        visit.close()
