"""The person's page (#me) and the operator's (#admin) in Chromium: a deal played to its end
shows there with its points, opens in the replay viewer from the person's seat, downloads as
a record that `bigtwo verify`'s check accepts; the profile form names a refused field in
words and saves; the export downloads; a phone's width never scrolls sideways. An operator
(made one through the admin functions) suspends someone from #admin, whose log says each line
in words beside its code, in English and in Vietnamese (a code it has no words for: as it is)."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import sqlalchemy as sa

from bigtwo.record_files import load_record
from bigtwo.server.accounts import Directory
from bigtwo.server.accounts.tables import AUDIT, PEOPLE
from bigtwo.server.history import admin
from bigtwo.server.store import sqlite_url

from .screens import NAMES, Visit, home_page, play_until, short_deal, who_is

NO_SIDEWAYS = "document.documentElement.scrollWidth <= document.documentElement.clientWidth"


def test_my_page_lists_the_deal_replays_it_downloads_it_and_keeps_my_profile(
    browser: Any, server: str
) -> None:
    v = Visit(browser, server)
    try:
        page = home_page(v)
        code = short_deal(v, page, deals=1)
        play_until(v, page, v.t(page, "summary.final"))
        page.goto(v.url(""))
        page.set_viewport_size({"width": 360, "height": 640})
        page.get_by_role("link", name=v.t(page, "me.open"), exact=True).click()
        page.get_by_role("heading", name=v.t(page, "me.heading"), exact=True).wait_for()
        deal = page.locator(".me-game").first
        deal.wait_for()
        game = page.evaluate("fetch('api/me/games').then((r) => r.json())")["games"][0]
        assert game["room"] == code
        points = f"{game['points']:+d}" if game["points"] else "0"
        assert points in deal.locator(".me-result").inner_text()
        assert v.t(page, "me.games.deal", code=code, n=1) in deal.inner_text()
        page.get_by_role("heading", name=v.t(page, "me.stats.heading")).wait_for()
        page.get_by_role("img", name=v.t(page, "me.chart.title.one")).wait_for()  # one deal
        page.get_by_text(v.t(page, "me.chart.table"), exact=True).click()  # the table opens
        page.get_by_role("heading", name=v.t(page, "me.data.heading")).wait_for()
        assert page.evaluate(NO_SIDEWAYS), "the page scrolls sideways at 360 px"

        with page.expect_download() as got:
            deal.get_by_role("link", name=v.t(page, "me.games.record"), exact=True).click()
        record = load_record(Path(got.value.path()).read_text(encoding="utf-8"))
        assert record.verify(None) == []  # what `bigtwo verify` checks
        assert NAMES[0] in record.players

        initials = page.get_by_label(v.t(page, "me.profile.initials"), exact=True)
        initials.fill("A B")  # a space: the server refuses it, the page says why
        save = page.get_by_role("button", name=v.t(page, "me.profile.save"), exact=True)
        save.click()
        page.wait_for_function(
            "(text) => document.getElementById('me-profile-said').textContent === text",
            arg=v.t(page, "me.profile.bad.initials"),
        )
        initials.fill("AB")
        page.get_by_label(v.t(page, "me.colour.blue"), exact=True).check()
        page.get_by_label(v.t(page, "me.profile.display"), exact=True).fill("Ann Lee")
        page.get_by_label(v.t(page, "me.profile.level"), exact=True).select_option("hard")
        save.click()
        page.wait_for_function(
            "(text) => document.getElementById('me-profile-said').textContent === text",
            arg=v.t(page, "me.profile.saved"),
        )
        profile = page.evaluate("fetch('api/me/profile').then((r) => r.json())")["profile"]
        assert (profile["initials"], profile["colour"], profile["bot_level"]) == (
            "AB",
            "#1f5fa8",
            "hard",
        )
        assert who_is(page)["person"]["display_name"] == "Ann Lee"

        given = page.get_by_role("switch", name=v.t(page, "me.data.dataset"))
        given.click()
        page.wait_for_function(
            "() => document.querySelector('[role=switch]').getAttribute('aria-checked') === 'true'"
        )
        with page.expect_download() as got:
            page.get_by_role("link", name=v.t(page, "me.data.export"), exact=True).click()
        export = json.loads(Path(got.value.path()).read_text(encoding="utf-8"))
        assert export["format"] == "bigtwo-export"
        assert export["profile"]["initials"] == "AB" and export["profile"]["dataset"] is True
        assert [g["room"] for g in export["games"]] == [code]
        assert page.evaluate(NO_SIDEWAYS)

        deal.get_by_role("link", name=v.t(page, "me.games.replay"), exact=True).click()
        page.wait_for_url(f"**#replay&room={code}&seat={game['seat']}&deal=1")
        page.get_by_role("heading", name=v.t(page, "replay.heading"), exact=True).wait_for()
        seat = v.t(page, "replay.as_seat", name=NAMES[0])
        page.get_by_text(seat, exact=True).wait_for()  # from the person's own seat
    finally:
        v.close()


def test_an_operator_suspends_someone_from_the_operators_page(
    browser: Any, server: str, server_db: Path
) -> None:
    v = Visit(browser, server)
    try:
        ann, bo = home_page(v), home_page(v)
        a, b = who_is(ann)["person"], who_is(bo)["person"]
        ann.goto(v.url("#me"))
        ann.get_by_role("heading", name=v.t(ann, "me.games.heading")).wait_for()
        assert ann.get_by_role("link", name=v.t(ann, "admin.heading")).count() == 0
        engine = sa.create_engine(sqlite_url(server_db))
        try:
            with engine.begin() as conn:  # an account (as a passkey would make it)
                conn.execute(sa.update(PEOPLE).where(PEOPLE.c.id == a["id"]).values(kind="account"))
            admin.act(Directory(engine), "grant", a["handle"], None)
        finally:
            engine.dispose()
        ann.reload()
        ann.get_by_role("link", name=v.t(ann, "admin.heading")).click()
        ann.get_by_role("heading", name=v.t(ann, "admin.attention")).wait_for()
        ann.get_by_label(v.t(ann, "admin.handle"), exact=True).fill(b["handle"])
        ann.get_by_label(v.t(ann, "admin.reason"), exact=True).fill("spam")
        ann.get_by_role("button", name=v.t(ann, "admin.go"), exact=True).click()
        ann.get_by_text(v.t(ann, "admin.ask.suspend", handle=b["handle"])).wait_for()
        assert who_is(bo)["person"]["id"] == b["id"]  # nothing is done before the confirmation
        ann.get_by_role("button", name=v.t(ann, "admin.confirm"), exact=True).click()
        ann.get_by_text(v.t(ann, "admin.done.suspend", handle=b["handle"])).wait_for()
        suspended = ann.get_by_role("region", name=v.t(ann, "admin.suspended"))
        suspended.get_by_text(b["handle"], exact=True).wait_for()
        audit = ann.get_by_role("region", name=v.t(ann, "admin.audit"))
        row = audit.get_by_role("row").nth(1)  # the latest line, after the header
        words = v.t(ann, "admin.audit.code.operator_suspend")
        assert f"{words} (spam)" in row.inner_text()
        assert row.locator("code").inner_text() == "operator_suspend"  # what logs are searched for
        assert a["handle"] in row.inner_text() and b["handle"] in row.inner_text()

        # in another language: a sign-in says how, and a code the page has no words for (a
        # newer server's) shows as it is
        engine = sa.create_engine(sqlite_url(server_db))
        try:
            with engine.begin() as conn:  # past `append`, which takes only the listed actions
                for action, detail in (("signed_in", {"how": "passkey"}), ("newer_code", {})):
                    conn.execute(
                        sa.insert(AUDIT).values(
                            at=time.time(), person=b["id"], action=action, detail=json.dumps(detail)
                        )
                    )
        finally:
            engine.dispose()
        ann.goto(f"{server}/?lang=vi#admin")
        audit = ann.get_by_role("region", name=v.t(ann, "admin.audit"))
        rows = audit.get_by_role("row")
        rows.nth(3).wait_for()
        newer, signed, suspension = (rows.nth(n).locator("td").nth(1) for n in (1, 2, 3))
        assert newer.inner_text() == "newer_code"
        words = v.t(ann, "admin.audit.code.signed_in.passkey")
        assert signed.inner_text() == f"{words} signed_in"
        words = v.t(ann, "admin.audit.code.operator_suspend")
        assert suspension.inner_text() == f"{words} (spam) operator_suspend"
        assert ann.evaluate("document.documentElement.lang") == "vi"
    finally:
        v.close()
