"""The page in the translated languages: the tags browsers send map to the catalogues
(`zh-TW` is Taiwan's `zh-Hant`, `zh-HK` and `zh-MO` Hong Kong's `zh-HK`, `zh-CN` and `zh-SG`
the Simplified `zh-Hans`, `tl` Filipino, `in` Indonesian), and a catalogue that amends another
(zh-HK over zh-Hant) shows its own words over the other's, then English."""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .conftest import serving
from .screens import SCREENS, Visit, chosen_words, in_each_language, play_now
from .test_pseudo_locale import CODES, OVERFLOW, PHONE, SHOWN_TEXT, presets

I18N = Path(__file__).resolve().parents[2] / "src" / "bigtwo" / "web" / "i18n"
# a folder to keep each screen's picture in (BIGTWO_LANGUAGE_SHOTS=DIR), to look at by eye
SHOTS = Path(os.environ["BIGTWO_LANGUAGE_SHOTS"]) if "BIGTWO_LANGUAGE_SHOTS" in os.environ else None
LANGUAGES = json.loads((I18N / "languages.json").read_text(encoding="utf-8"))
CHOOSE = """async ([available, parents, tags]) => {
  const i18n = await import(new URL("js/i18n.js", document.baseURI).href);
  return tags.map((tag) => {
    const lang = i18n.choose(available, [tag]);
    return [lang, i18n.lineage(lang, parents)];
  });
}"""
# what a browser may send → the catalogue the page picks
MAPPING = {
    "zh-TW": "zh-Hant",
    "zh-tw": "zh-Hant",
    "zh-Hant": "zh-Hant",
    "zh-Hant-TW": "zh-Hant",
    "zh-HK": "zh-HK",
    "zh-MO": "zh-HK",
    "zh-Hant-HK": "zh-HK",
    "zh-Hant-MO": "zh-HK",
    "zh-CN": "zh-Hans",
    "zh-SG": "zh-Hans",
    "zh-MY": "zh-Hans",
    "zh": "zh-Hans",
    "zh-Hans": "zh-Hans",
    "zh-Hans-CN": "zh-Hans",
    "zh-Hans-SG": "zh-Hans",
    "zh-Hans-HK": "zh-Hans",  # the script asked for beats the place
    "tl": "fil",
    "tl-PH": "fil",
    "fil-PH": "fil",
    "in": "id",
    "id-ID": "id",
    "ms-MY": "ms",
    "ms-SG": "ms",
    "vi-VN": "vi",
    "en-GB": "en",
    "pt-BR": "en",  # no catalogue: English
}


@pytest.fixture(scope="module")
def languages_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A server of this module's own, so that the lobby lists only its own rooms."""
    with serving(tmp_path_factory.mktemp("languages") / "rooms.db") as base:
        yield base


def shown(tag: str) -> dict[str, str]:
    """The catalogue the page should show for ``tag``: English, each parent, then its own."""
    chain = [tag]
    while chain[-1] in LANGUAGES.get("parents", {}):
        chain.append(LANGUAGES["parents"][chain[-1]])
    out: dict[str, str] = {}
    for layer in ["en", *reversed(chain)]:
        out.update(json.loads((I18N / f"{layer}.json").read_text(encoding="utf-8")))
    return out


def test_the_tags_browsers_send_map_to_the_catalogues(browser: Any, server: str) -> None:
    page = browser.new_page()
    try:
        page.goto(server)
        page.get_by_role("heading", level=1).wait_for()
        got = page.evaluate(
            CHOOSE, [list(LANGUAGES["names"]), LANGUAGES.get("parents", {}), list(MAPPING)]
        )
    finally:
        page.close()
    assert dict(zip(MAPPING, (lang for lang, _ in got), strict=True)) == MAPPING
    lineages = {lang: chain for lang, chain in got}
    assert lineages["zh-HK"] == ["zh-HK", "zh-Hant"]
    assert lineages["zh-Hant"] == ["zh-Hant"]
    assert lineages["en"] == []


@pytest.mark.parametrize(
    ("address", "locale", "lang"),
    [
        ("?lang=zh-TW", "en-US", "zh-Hant"),
        ("?lang=zh-HK", "en-US", "zh-HK"),
        ("", "zh-CN", "zh-Hans"),  # the browser's own language (its Accept-Language)
    ],
)
def test_the_home_screen_in_chinese(
    browser: Any, server: str, address: str, locale: str, lang: str
) -> None:
    ctx = browser.new_context(locale=locale)
    ctx.set_default_timeout(15000)
    try:
        page = ctx.new_page()
        page.goto(f"{server}/{address}")
        text = shown(lang)
        page.get_by_role("heading", level=1, name=text["app.title"]).wait_for()
        page.get_by_role("heading", name=text["home.create.heading"]).wait_for()
        page.get_by_role("button", name=text["home.create"], exact=True).wait_for()
        assert page.evaluate("document.documentElement.lang") == lang
        assert page.evaluate("document.title") == text["app.title"]
    finally:
        ctx.close()


def test_hong_kong_shows_its_own_words_over_taiwans() -> None:
    """What the page test above relies on: the title is Hong Kong's own (鋤大D), the create
    heading Taiwan's, through the layers; a check on the files, so it can't pass vacuously."""
    hong_kong = json.loads((I18N / "zh-HK.json").read_text(encoding="utf-8"))
    assert "app.title" in hong_kong and "home.create.heading" not in hong_kong
    assert shown("zh-HK")["app.title"] != shown("zh-Hant")["app.title"]
    assert shown("zh-HK")["home.create.heading"] == shown("zh-Hant")["home.create.heading"]
    assert shown("zh-HK")["home.create.heading"] != shown("en")["home.create.heading"]


def english_sentences(lang: str, source: str = "en") -> list[str]:
    """What of English (or of ``source``, a page switched from it) the page in ``lang`` must
    not show: each sentence of ``source`` (the text around its placeholders) that ``lang``
    says otherwise, unless ``lang``'s own catalogue holds the same words (Filipino keeps
    "full house", Indonesian "straight flush")."""
    english, own = shown(source), shown(lang)
    kept = " ".join(own.values()).casefold()
    found = set()
    for key, sentence in english.items():
        if own.get(key) == sentence:
            continue
        parts = [p.strip(" .,:;·…—()[]") for p in re.split(r"\{\w+\}", sentence)]
        whole = len(parts) == 1
        for part in parts:
            if not re.search(r"[A-Za-z]{2}", part) or part.casefold() in kept:
                continue
            if (" " in part and len(part) >= 6) or (whole and len(part) >= 3):
                found.add(part)
    return sorted(found, key=len, reverse=True)


def english_shown(texts: list[str], sentences: list[str], chosen: list[str]) -> list[str]:
    """The texts that still hold an English sentence once what people chose (names, chat
    lines), codes and card faces are taken out; a one-word sentence only as the whole text."""
    out = []
    for text in texts:
        rest = CODES.sub(" ", text)
        for word in sorted(chosen, key=len, reverse=True):
            rest = rest.replace(word, " ")
        rest = " ".join(rest.split())
        hit = next((s for s in sentences if (s in rest if " " in s else s == rest)), None)
        if hit is not None:
            out.append(f"{text!r} (English: {hit!r})")
    return out


SCANNED = ["zh-Hant", "zh-HK", "zh-Hans", "fil", "id", "ms", "vi"]
DESKTOP = (1280, 800)


@pytest.mark.parametrize("screen", SCREENS)
def test_every_screen_in_each_language_on_a_phone_and_a_desktop(
    browser: Any, languages_server: str, screen: str
) -> None:
    """Each screen, in each language, shows no English sentence the language says otherwise,
    and fits a 360x640 phone and then, the same page widened, a 1280x800 desktop: nothing
    pushed sideways or cut off. The screen is reached once, in the language whose turn it is
    (the steps ask the page's catalogue for their labels, so each language walks some screens
    in its own words), then loaded again with ``?lang=`` in each other language where it
    stands, and its last steps taken again; a screen that cannot be loaded again (the
    connection held down) is reached afresh in each. The moves' account for screen readers,
    which a load leaves empty, is so checked in the walking language alone."""
    named = presets(languages_server)
    problems = {
        lang: in_language(page, visit, screen, lang, named)
        for lang, visit, page in in_each_language(browser, languages_server, screen, SCANNED, PHONE)
    }
    assert problems == {lang: {PHONE: [], DESKTOP: []} for lang in SCANNED}


def in_language(
    page: Any, visit: Visit, screen: str, lang: str, named: list[str]
) -> dict[Any, list[str]]:
    """What is wrong with ``page`` in ``lang`` at each width: overflow, and English shown
    beyond what people chose and the names of things (``named``: the presets)."""
    assert page.evaluate("document.documentElement.lang") == lang
    sentences = english_sentences(lang)
    problems: dict[Any, list[str]] = {}
    for size in (PHONE, DESKTOP):
        page.set_viewport_size({"width": size[0], "height": size[1]})
        page.wait_for_function(f"document.documentElement.clientWidth === {size[0]}")
        if SHOTS:
            SHOTS.mkdir(exist_ok=True)
            page.screenshot(path=str(SHOTS / f"{screen}-{lang}-{size[0]}.png"), full_page=True)
        texts = page.evaluate(SHOWN_TEXT)
        problems[size] = page.evaluate(OVERFLOW) + english_shown(
            texts, sentences, chosen_words(visit, named)
        )
    return problems


def fonts_used(page: Any, selector: str) -> set[str]:
    """The fonts the browser drew ``selector``'s text with (Chromium's own account)."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("DOM.enable")
    cdp.send("CSS.enable")
    root = cdp.send("DOM.getDocument")["root"]["nodeId"]
    node = cdp.send("DOM.querySelector", {"nodeId": root, "selector": selector})["nodeId"]
    used = cdp.send("CSS.getPlatformFontsForNode", {"nodeId": node})["fonts"]
    return {f["familyName"] for f in used}


@pytest.mark.parametrize(
    ("lang", "face"),
    [
        ("zh-Hant", "Noto Sans CJK TC"),
        ("zh-HK", "Noto Sans CJK HK"),
        ("zh-Hans", "Noto Sans CJK SC"),
    ],
)
def test_chinese_is_drawn_in_its_own_scripts_forms(
    browser: Any, server: str, lang: str, face: str
) -> None:
    """The font stack picks, by the page's `lang`, the CJK face of that script and place (the
    forms of 骨, 直 and 說 differ), from what Debian has (fonts-noto-cjk); not another's."""
    page = browser.new_page()
    try:
        page.goto(f"{server}/?lang={lang}")
        page.get_by_role("heading", level=1, name=shown(lang)["app.title"]).wait_for()
        used = fonts_used(page, "h1")
    finally:
        page.close()
    assert face in used and not {f for f in used if "CJK" in f} - {face}


def test_vietnamese_and_emoji_are_drawn_from_faces_that_have_them(
    browser: Any, server: str
) -> None:
    """Vietnamese's stacked marks from one Latin face (no per-letter fallback), and an emoji a
    name may hold in colour (fonts-noto-color-emoji), through the page's own font stack: a
    line of the page's text with an emoji put after it (in an element of its own: the page may
    draw its heading again meanwhile)."""
    page = browser.new_page()
    try:
        page.goto(f"{server}/?lang=vi")
        heading = page.get_by_role("heading", name=shown("vi")["home.create.heading"])
        heading.wait_for()
        latin = fonts_used(page, "h2")
        page.evaluate(
            """() => { const p = document.createElement('p'); p.id = 'probe';
              p.textContent = document.querySelector('h2').textContent + ' 😀🃏';
              document.body.append(p); }"""
        )
        for _ in range(50):  # a loaded machine may not have laid the line out yet
            page.evaluate("() => new Promise((r) => requestAnimationFrame(() => r(0)))")
            both = fonts_used(page, "#probe")
            if both:
                break
            page.wait_for_timeout(100)
    finally:
        page.close()
    assert len(latin) == 1 and not {f for f in latin if "CJK" in f or "Emoji" in f}
    assert "Noto Color Emoji" in both


# What the line under the hand (`#hand-hint`) can say: its own sentences, and the refusals of a
# play the server gives when asked `why` (a refused pass is said in the page's notice and on
# the Pass button, not there), with the longest cards and names they can hold. Seat 3 is a bot
# ("easy bot 4"); cards as the server writes them.
PLAY = "10C 10H 10S JC JS"
HAND_LINES = [
    ("table.selected.none", {}),
    ("table.checking", {}),
    ("offline.actions", {}),
    ("table.selected", {"cards": PLAY}),
    *(
        (f"error.{code}", params)
        for code, params in [
            ("deal_over", {}),
            ("not_your_turn", {"to_move": 3}),
            ("pending", {"giver": 3}),
            ("unavailable", {}),
            ("nothing_to_give", {}),
            ("gift_size", {"count": 3, "receiver": 3}),
            ("gift_copy", {}),
            ("not_held", {"cards": PLAY}),
            ("no_combination", {"cards": "10C 10H 10S JC QS"}),
            ("only_answers", {"kind": "straight_flush"}),
            ("passed", {}),
            ("does_not_beat", {"play": PLAY, "table": "10D 10C 10H 10S QS"}),
            ("turn_rule", {}),
            ("turn_rule", {"rule": "last_play", "play": PLAY}),
            ("turn_rule", {"rule": "precaution", "card": "10S"}),
            ("first_play_alone", {"card": "3D"}),
            ("first_play_include", {"card": "3D"}),
        ]
    ),
]
# Each sentence put on the line of a dealt hand in turn: whether the line cuts any of it off
# (it has no line limit now; this holds it to that if a clamp comes back), and whether it
# reaches into the cards below it.
HAND_LINE_FITS = """async (lines) => {
  const i18n = await import(new URL("js/i18n.js", document.baseURI).href);
  const reading = await import(new URL("js/reading.js", document.baseURI).href);
  const cardsJs = await import(new URL("js/cards.js", document.baseURI).href);
  const line = document.getElementById("hand-hint");
  const cards = document.querySelector("#hand-box .hand").getBoundingClientRect();
  const kept = line.textContent;
  const out = [];
  for (const [key, params] of lines) {
    line.textContent = key.startsWith("error.")
      ? reading.refusalText({ code: key.slice(6), message: "", params })
      : i18n.t(key, params.cards ? { cards: cardsJs.show(params.cards) } : params);
    const box = line.getBoundingClientRect();
    if (line.scrollHeight > line.clientHeight + 1 || box.bottom > cards.top + 1) {
      const sizes = `${line.scrollHeight}px of text in ${line.clientHeight}px`;
      out.push(`${key} ${JSON.stringify(params)}: ${sizes}: ${line.textContent}`);
    }
  }
  line.textContent = kept;
  return out;
}"""


@pytest.mark.parametrize("lang", list(LANGUAGES["names"]))
def test_the_line_under_the_hand_says_each_sentence_whole_on_a_phone(
    browser: Any, languages_server: str, lang: str
) -> None:
    """On Play now's table at 360 and 390 px wide, every sentence the line above the cards can
    show, in each language, fits it whole (Malay's and Filipino's longer ones were cut off at
    three lines beside the sort button) and stays above the cards."""
    visit = Visit(browser, languages_server, lang=lang, viewport=PHONE)
    problems: dict[int, list[str]] = {}
    try:
        page = play_now(visit)
        for width, height in (PHONE, (390, 844)):
            page.set_viewport_size({"width": width, "height": height})
            page.wait_for_function(f"document.documentElement.clientWidth === {width}")
            problems[width] = page.evaluate(HAND_LINE_FITS, HAND_LINES)
    finally:
        visit.close()
    assert problems == {PHONE[0]: [], 390: []}
