"""The replay viewer as a player meets it, checked from the docs (README.md, docs/records.md,
docs/protocol.md "Replays", docs/languages.md): records written by `bigtwo play --save` (a
finished deal, its session, a deal quit halfway) uploaded on a 390x844 phone in the languages
of the region, stepped through by buttons and keys, shown as cards, refused in the page's
language when they are no deal's record, and a deal cut short shown as stopping short."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from cli_run import run_cli

from bigtwo import load_record
from bigtwo.bots import review
from bigtwo.cards import Card
from bigtwo.combos import Combination
from bigtwo.server.settings import Settings

from .screens import Visit

LANGS = ("zh-Hans", "fil", "id", "ms", "vi")
PHONE = (390, 844)
RANKS = "3456789TJQKA2"
# every single card lowest first, then a pass: fed to `bigtwo play` again and again, each turn
# plays the lowest single it may (or passes), so a piped game always reaches the deal's end
ROUND = [r + s for r in RANKS for s in "DCHS"] + ["pass"]
NOTATION = re.compile(r"\b(?:[2-9TJQKA][DCHS])\b")  # a card as typed, not as drawn
SAMPLES = Settings().review_samples  # the expert's samples a decision in `bigtwo serve`
CODE = re.compile(r"\b(?:bad_record|too_large|unplayable|not_json|error\.)")


@dataclass(frozen=True)
class Files:
    finished: Path  # deal 1 of `bigtwo play --seed 7 --save`, played to its end
    session: Path  # the session record written beside it
    quit: Path  # a deal quit after a few turns: its result is null
    oversized: Path  # a finished record padded past 1 MiB
    not_json: Path


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Files]:
    d = tmp_path_factory.mktemp("records")
    whole = run_cli(
        ["play", "--seed", "7", "--save", str(d / "deal.json"), "--pace", "0"],
        ("\n".join(ROUND * 80 + ["n"]) + "\n").encode(),
    )
    assert whole.code == 0, whole.err
    (d / "quit").mkdir()
    quit = run_cli(
        ["play", "--seed", "3", "--save", str(d / "quit" / "deal.json"), "--pace", "0"],
        ("\n".join(ROUND * 3 + ["quit"]) + "\n").encode(),
    )
    assert quit.code == 0, quit.err
    oversized = d / "big.json"
    oversized.write_text((d / "deal.json").read_text() + " " * (1 << 20))
    junk = d / "junk.json"
    junk.write_text('{"format": "bigtwo-record", "version": 2,')
    yield Files(d / "deal.json", d / "deal-session.json", d / "quit" / "deal.json", oversized, junk)


def viewer(v: Visit) -> Any:
    """The replay viewer opened from the home screen's link, on a phone."""
    page = v.page()
    page.goto(v.url())
    page.get_by_role("link", name=v.t(page, "home.replay"), exact=True).click()
    return page


def upload(v: Visit, page: Any, path: Path) -> None:
    page.get_by_label(v.t(page, "replay.upload"), exact=True).set_input_files(str(path))


def step_of(v: Visit, page: Any) -> Any:
    return page.get_by_role("region", name=v.t(page, "replay.step.label"), exact=True)


def fits(page: Any) -> None:
    """Nothing wider than the phone: the page doesn't scroll sideways and no visible element
    reaches past either edge."""
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE[0]
    past = page.evaluate(
        """(width) => [...document.querySelectorAll('main *, body > *')]
            .filter((el) => el.offsetParent !== null && !el.closest('.visually-hidden'))
            .filter((el) => { const r = el.getBoundingClientRect();
                              return r.width > 0 && (r.left < -1 || r.right > width + 1); })
            .map((el) => el.tagName + ' ' + (el.textContent || '').slice(0, 40))""",
        PHONE[0],
    )
    assert past == []


def test_a_deal_saved_by_play_is_stepped_through_in_each_language_on_a_phone(
    browser: Any, server: str, files: Files
) -> None:
    data = json.loads(files.finished.read_text())
    winner = data["result"]["winner"]
    total = len(data["actions"])
    for lang in LANGS:
        v = Visit(browser, server, lang, viewport=PHONE)
        try:
            page = viewer(v)
            errors: list[str] = []
            page.on("pageerror", lambda exc, errors=errors: errors.append(str(exc)))
            upload(v, page, files.finished)
            page.get_by_text(v.t(page, "replay.status.verified"), exact=True).wait_for()
            step = step_of(v, page)
            position = v.t(page, "replay.position", n=0, count=total)
            assert step.get_by_text(position, exact=True).is_visible(), lang
            # every hand as dealt, each card drawn as a card (its face and suit symbol)
            hands = step.locator("ul.mini-hand")
            assert hands.count() == 4, lang
            faces = hands.first.locator("li").all_inner_texts()
            assert len(faces) == 13 and all(re.search("[♦♣♥♠]", f) for f in faces), (lang, faces)
            assert "3♦" in step.inner_text() and not NOTATION.findall(step.inner_text()), lang
            fits(page)

            page.keyboard.press("ArrowRight")
            assert "3♦" in step.locator("p.to-beat").inner_text(), lang  # the first play
            next_ = page.get_by_role("button", name=v.t(page, "replay.next"), exact=True)
            next_.tap()
            two = v.t(page, "replay.position", n=2, count=total)
            assert step.get_by_text(two, exact=True).is_visible(), lang
            page.keyboard.press("End")
            end = v.t(page, "log.deal_over", name=data["players"][winner])
            assert end in step.locator("p.to-beat").inner_text(), lang
            assert step.get_by_role("heading", name=v.t(page, "table.score")).is_visible()
            assert next_.is_disabled()
            assert not step.get_by_text(v.t(page, "replay.unfinished")).count()
            fits(page)
            page.get_by_role("button", name=v.t(page, "replay.previous"), exact=True).tap()
            last_but_one = v.t(page, "replay.position", n=total - 1, count=total)
            assert step.get_by_text(last_but_one, exact=True).is_visible(), lang
            page.keyboard.press("Home")
            assert step.get_by_text(position, exact=True).is_visible(), lang
            assert errors == [], lang
        finally:
            v.close()


def test_a_deal_quit_halfway_stops_short_in_the_pages_language(
    browser: Any, server: str, files: Files
) -> None:
    """docs/records.md: a quit deal is saved as far as it went, with a null result, and is
    shown stopping before the end; the page says so in its own words (the fairness check's
    reason, which says "incomplete", stays English by docs/languages.md)."""
    data = json.loads(files.quit.read_text())
    assert data["result"] is None and data["actions"]
    total = len(data["actions"])
    for lang in ("en", *LANGS):
        v = Visit(browser, server, lang, viewport=PHONE)
        try:
            page = viewer(v)
            upload(v, page, files.quit)
            page.get_by_text(v.t(page, "replay.status.not_verified"), exact=True).wait_for()
            step = step_of(v, page)
            stops = v.t(page, "replay.unfinished")
            assert not step.get_by_text(stops).count(), lang  # not before the last step
            page.get_by_role("button", name=v.t(page, "replay.last"), exact=True).tap()
            done = v.t(page, "replay.position", n=total, count=total)
            assert step.get_by_text(done, exact=True).is_visible(), lang
            assert step.get_by_text(stops, exact=True).is_visible(), lang
            assert not step.get_by_role("heading", name=v.t(page, "table.score")).count()
            shown = step.inner_text()
            for name in data["players"]:  # `bigtwo play` names every seat
                assert v.t(page, "log.deal_over", name=name) not in shown, (lang, name)
            fits(page)
        finally:
            v.close()


def test_a_file_that_is_no_deals_record_is_refused_in_the_pages_language(
    browser: Any, server: str, files: Files
) -> None:
    english = Visit(browser, server, "en", viewport=PHONE)
    try:
        en_page = viewer(english)
        too_large_en = english.t(en_page, "replay.error.too_large")
        said_en: dict[str, str] = {}
        for path in (files.session, files.not_json):
            upload(english, en_page, path)
            alert = en_page.get_by_role("alert").filter(has_text=re.compile(r"\S"))
            alert.first.wait_for()
            said_en[path.name] = alert.first.inner_text()
            upload(english, en_page, files.finished)  # clears the line
            en_page.get_by_role("button", name="Next", exact=True).wait_for()
    finally:
        english.close()
    assert "session" in said_en[files.session.name], said_en

    for lang in LANGS:
        v = Visit(browser, server, lang, viewport=PHONE)
        try:
            page = viewer(v)
            upload(v, page, files.oversized)
            alert = page.get_by_role("alert")
            alert.get_by_text(v.t(page, "replay.error.too_large"), exact=True).wait_for()
            assert v.t(page, "replay.error.too_large") != too_large_en
            for path in (files.session, files.not_json):
                upload(v, page, files.finished)
                page.get_by_role("button", name=v.t(page, "replay.next"), exact=True).wait_for()
                upload(v, page, path)
                said = alert.filter(has_text=re.compile(r"\S")).first
                said.wait_for()
                text = said.inner_text()
                assert text != said_en[path.name] and "Traceback" not in text, (lang, text)
                assert not CODE.search(text), (lang, text)
                # refused: the deal that was shown is gone, not left beside the refusal
                assert not page.get_by_role("button", name=v.t(page, "replay.next")).count()
            fits(page)
        finally:
            v.close()


def test_the_replay_says_where_the_expert_would_have_played_otherwise(
    browser: Any, server: str, files: Files
) -> None:
    """README.md's review in the viewer: asked for seat 0 (the one `bigtwo play` gives the
    player), each step the expert would have played otherwise says what it would have played,
    in the page's language and with cards drawn, and fits a phone; a deal quit halfway is
    refused in the page's words."""
    notes = review(load_record(files.finished.read_text()), 0, samples=SAMPLES)
    assert notes, "the lowest-card player should leave the expert something to say"
    note = notes[0]
    v = Visit(browser, server, "vi", viewport=PHONE)
    try:
        page = viewer(v)
        upload(v, page, files.finished)
        page.get_by_text(v.t(page, "replay.status.verified"), exact=True).wait_for()
        page.get_by_label(v.t(page, "replay.review.seat"), exact=True).select_option("0")
        page.get_by_role("button", name=v.t(page, "replay.review.button"), exact=True).tap()
        summary = v.t(page, "replay.review.count", count=len(notes))
        page.get_by_role("status").get_by_text(summary, exact=True).wait_for(timeout=60_000)
        for _ in range(note.action):  # the step before: no advice there unless it has a note
            page.keyboard.press("ArrowRight")
        step = step_of(v, page)
        before = step.locator("p.advice")
        assert before.count() == (1 if any(n.action == note.action - 1 for n in notes) else 0)
        page.keyboard.press("ArrowRight")  # the step of the move the expert disagrees with
        advice = step.locator("p.advice")
        said = advice.inner_text()
        expert = " ".join(Card(c).symbol() for c in sorted(note.expert.cards))
        played = (
            " ".join(Card(c).symbol() for c in sorted(note.played.cards))
            if isinstance(note.played, Combination)
            else v.t(page, "action.pass")
        )
        assert expert and expert in said and played in said, said
        assert v.t(page, "replay.review.search").split("{")[0] in said  # Vietnamese words
        assert not NOTATION.findall(said), said  # cards drawn, not typed
        fits(page)

        upload(v, page, files.quit)
        page.get_by_text(v.t(page, "replay.status.not_verified"), exact=True).wait_for()
        page.get_by_role("button", name=v.t(page, "replay.review.button"), exact=True).tap()
        refused = v.t(page, "replay.error.unfinished")
        page.get_by_role("alert").get_by_text(refused, exact=True).wait_for()
        assert not page.get_by_role("status").get_by_text(summary).count()
    finally:
        v.close()
