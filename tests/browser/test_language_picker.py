"""The language picker in the page's header (on every screen: `test_a11y` checks it there) and
in the room's menu (at a phone's table, where the header is hidden), the
choice kept across visits under the address's ?lang=, a seat kept through the change, and the
rules the form that opens a room offers first for the player's region."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from .screens import NAMES, Visit, home_page, my_turn, open_room

I18N = Path(__file__).resolve().parents[2] / "src" / "bigtwo" / "web" / "i18n"
NAMES_OF = json.loads((I18N / "languages.json").read_text(encoding="utf-8"))["names"]
REGIONAL = """async (tags) => {
  const region = await import(new URL("js/region.js", document.baseURI).href);
  return tags.map((tag) => region.regionalPreset([tag]));
}"""
# a language tag → the preset it implies (null: none, the form offers classic)
IMPLIED = {
    "zh-HK": "hong-kong",
    "zh-MO": "hong-kong",
    "zh-Hans-HK": "hong-kong",  # the place, not the script, says which table
    "zh-Hant": "taiwan",
    "zh-TW": "taiwan",
    "fil": "philippines",
    "tl-PH": "philippines",
    "id": "indonesia",
    "in": "indonesia",
    "ms": "malaysia",
    "en-MY": "malaysia",
    "zh-MY": "malaysia",
    "ms-SG": "singapore",
    "en-SG": "singapore",
    "zh-SG": "singapore",
    "vi": "vietnam",
    "vi-VN": "vietnam",
    "en": None,
    "en-US": None,
    "zh-CN": None,
    "zh-Hans": None,
}


def shown(tag: str) -> dict[str, str]:
    out: dict[str, str] = {}
    for layer in ["en", *({"zh-HK": ["zh-Hant", "zh-HK"]}.get(tag, [tag]))]:
        out.update(json.loads((I18N / f"{layer}.json").read_text(encoding="utf-8")))
    return out


def picker(v: Visit, page: Any) -> Any:
    """The header's picker (the room's menu has another)."""
    return page.get_by_role("banner").get_by_label(v.t(page, "lang.label"), exact=True)


def lang_of(page: Any) -> str:
    return str(page.evaluate("document.documentElement.lang"))


def test_the_tags_imply_their_regions_rules(browser: Any, server: str) -> None:
    page = browser.new_page()
    try:
        page.goto(server)
        page.get_by_role("heading", level=1).wait_for()
        got = page.evaluate(REGIONAL, list(IMPLIED))
    finally:
        page.close()
    assert dict(zip(IMPLIED, got, strict=True)) == IMPLIED


def test_the_choice_is_kept_and_the_seat_with_it(browser: Any, server: str) -> None:
    visit = Visit(browser, server)
    try:
        page = home_page(visit)
        assert lang_of(page) == "en"
        options = picker(visit, page).locator("option")
        assert options.evaluate_all("os => os.map(o => [o.value, o.lang, o.text])") == [
            [tag, tag, name] for tag, name in NAMES_OF.items()
        ]
        code = open_room(visit, page, bots=1, start=False)
        picker(visit, page).select_option("vi")
        expect(page.locator("html")).to_have_attribute("lang", "vi")
        vi = shown("vi")
        # still in the room, in the seat: its token was kept in localStorage
        assert page.url.endswith(f"#room={code}")
        seats = page.get_by_role("region", name=vi["room.seats"])
        seats.get_by_text(vi["room.seat.you"]).wait_for()
        seats.get_by_text(NAMES[0], exact=True).wait_for()
        assert picker(visit, page).input_value() == "vi"
        page.reload()
        page.get_by_role("region", name=vi["room.seats"]).wait_for()
        assert lang_of(page) == "vi"
        # a later visit in this browser: the choice, over the browser's own English
        later = page.context.new_page()
        later.goto(visit.url())
        later.get_by_role("heading", name=vi["home.create.heading"]).wait_for()
        assert lang_of(later) == "vi"
        # the address's ?lang= wins; choosing again drops it from the address
        later.goto(f"{server}/?lang=fil")
        later.get_by_role("heading", name=shown("fil")["home.create.heading"]).wait_for()
        assert lang_of(later) == "fil"
        picker(visit, later).select_option("zh-Hant")
        expect(later.locator("html")).to_have_attribute("lang", "zh-Hant")
        assert "lang=" not in later.url
    finally:
        visit.close()


def test_the_picker_is_in_the_menu_at_a_phones_table(browser: Any, server: str) -> None:
    """At a phone's table the header is out of sight; the room's menu has the picker."""
    visit = Visit(browser, server, viewport=(390, 844))
    try:
        page = my_turn(visit)  # mid-deal, two cards selected
        assert page.get_by_role("banner").bounding_box()["height"] <= 1  # hidden (kept for AT)
        page.get_by_role("button", name=visit.t(page, "room.menu"), exact=True).tap()
        sheet = page.get_by_role("dialog", name=visit.t(page, "room.menu.heading"))
        chooser = sheet.get_by_label(visit.t(page, "lang.label"), exact=True)
        chooser.scroll_into_view_if_needed()
        box = chooser.bounding_box()
        assert box["width"] > 0 and box["y"] >= 0 and box["y"] + box["height"] <= 844, box
        assert chooser.input_value() == "en"
        assert chooser.locator("option").evaluate_all("os => os.map(o => o.value)") == list(
            NAMES_OF
        )
        chooser.select_option("vi")
        expect(page.locator("html")).to_have_attribute("lang", "vi")
        vi = shown("vi")
        page.get_by_role("group", name=vi["table.hand"]).wait_for()  # still at the table
        page.get_by_role("button", name=vi["room.menu"], exact=True).tap()
        sheet = page.get_by_role("dialog", name=vi["room.menu.heading"])
        assert sheet.get_by_label(vi["lang.label"], exact=True).input_value() == "vi"
    finally:
        visit.close()


@pytest.mark.parametrize(
    ("locale", "preset"),
    [
        ("zh-HK", "hong-kong"),
        ("fil", "philippines"),
        ("vi", "vietnam"),
        ("en-SG", "singapore"),  # English shown, the place still Singapore
        ("en-US", "classic"),
    ],
)
def test_the_form_offers_the_regions_rules(
    browser: Any, server: str, locale: str, preset: str
) -> None:
    ctx = browser.new_context(locale=locale)
    ctx.set_default_timeout(15000)
    try:
        page = ctx.new_page()
        page.goto(server)
        page.locator(f"#preset input[value='{preset}']").wait_for(state="attached")
        text = shown(lang_of(page))
        presets = page.get_by_role("group", name=text["create.preset"], exact=True)
        assert presets.locator("input:checked").get_attribute("value") == preset
        line = page.locator("#preset-region")
        if preset == "classic":
            assert line.count() == 0
        else:
            assert line.inner_text() == text[f"create.regional.{preset}"]
            presets.locator("input[value='classic']").check()  # changeable: the line goes too
            line.wait_for(state="detached")
    finally:
        ctx.close()


def test_preset_names_and_rules_in_chinese(browser: Any, server: str) -> None:
    ctx = browser.new_context(locale="zh-TW")
    ctx.set_default_timeout(15000)
    text = shown("zh-Hant")
    try:
        page = ctx.new_page()
        page.goto(server)
        presets = page.get_by_role("group", name=text["create.preset"], exact=True)
        presets.locator("input[value='hong-kong']").wait_for(state="attached")
        assert text["preset.taiwan.name"] != shown("en")["preset.taiwan.name"]
        # each preset a radio button by its readable name, its line on who plays that way
        # in view beside it (every preset's, not the chosen one's alone), and its description
        radios = presets.get_by_role("radio")
        lines = presets.locator(".preset-choice .hint")
        assert radios.count() == lines.count() > 2
        assert all(line.is_visible() and line.inner_text() for line in lines.all())
        for code in ("hong-kong", "taiwan"):
            radio = presets.get_by_role("radio", name=text[f"preset.{code}.name"], exact=True)
            assert radio.get_attribute("value") == code
            about = page.locator(f"#preset-{code}-about")
            assert about.is_visible() and about.inner_text() == text[f"preset.{code}.about"]
            assert about.get_attribute("lang") is None
            assert radio.get_attribute("aria-describedby") == f"preset-{code}-about"
        assert presets.locator("input:checked").get_attribute("value") == "taiwan"
        page.locator("#preset-hong-kong-about").click()  # the line picks its preset too
        assert presets.locator("input:checked").get_attribute("value") == "hong-kong"
    finally:
        ctx.close()
