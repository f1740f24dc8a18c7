"""The page in the translated languages: the tags browsers send map to the catalogues
(`zh-TW` is Taiwan's `zh-Hant`, `zh-HK` and `zh-MO` Hong Kong's `zh-HK`, `zh-CN` and `zh-SG`
the Simplified `zh-Hans`, `tl` Filipino, `in` Indonesian), and a catalogue that amends another
(zh-HK over zh-Hant) shows its own words over the other's, then English."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .conftest import serving
from .screens import SCREENS, Visit
from .test_pseudo_locale import OVERFLOW, PHONE

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


# zh-HK is zh-Hant in every string but Hong Kong's few own words, so it stands for both
@pytest.mark.parametrize("lang", ["zh-HK", "zh-Hans", "fil", "id", "ms", "vi"])
@pytest.mark.parametrize("screen", SCREENS)
def test_every_screen_in_each_language_on_a_phone(
    browser: Any, languages_server: str, screen: str, lang: str
) -> None:
    """Each screen reached in the language's own words (the steps ask the page's catalogue for
    their labels) fits a 360x640 phone: nothing pushed sideways or cut off."""
    visit = Visit(browser, languages_server, lang=lang, viewport=PHONE)
    try:
        page = SCREENS[screen](visit)
        assert page.evaluate("document.documentElement.lang") == lang
        if SHOTS:
            SHOTS.mkdir(exist_ok=True)
            page.screenshot(path=str(SHOTS / f"{screen}-{lang}.png"), full_page=True)
        overflow = page.evaluate(OVERFLOW)
    finally:
        visit.close()
    assert overflow == []
