"""The replay viewer and the rules page in a real browser: a deal finished at the table (the
turn timer plays the person's seat) stepped through from the room as its seat saw it, a record
file uploaded, the rules of a preset and of a room, and both pages on a phone."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from bigtwo import Game

from .test_table import change_rules, choose_rules, fits_a_phone, menu

CARD = re.compile(r"\b(?:[2-9TJQKA][DCHS]|BJ|RJ)\b")


def finished_room(page: Any, base: str, options: str = "") -> str:
    """A room of "Ann" and three easy bots whose one deal the turn timer plays to the end;
    its code."""
    page.goto(f"{base}/")
    page.get_by_label("Your name").fill("Ann")
    for seat in (2, 3, 4):
        page.get_by_label(f"Seat {seat}", exact=True).select_option("easy")
    page.get_by_label("Deals to play").fill("1")
    page.get_by_label("Seconds a turn").fill("1")
    if options:
        change_rules(page, options)
    page.get_by_role("button", name="Open the room").click()
    page.wait_for_url("**#room=*")
    page.get_by_role("button", name="Start the game").click()
    page.get_by_text("The session is over.", exact=True).wait_for(timeout=120_000)
    return str(page.url.split("#room=")[1])


def played(seed: int) -> Game:
    """A deal played to its end by always taking the first legal move."""
    game = Game.deal(seed=seed)
    while not game.is_over:
        game = game.play(game.legal_moves()[0])
    return game


def step_text(page: Any) -> str:
    return str(page.get_by_role("region", name="This step").inner_text())


def test_the_replay_viewer_steps_through_a_deal_from_the_room(context: Any, server: str) -> None:
    page = context.new_page()
    answers: list[str] = []
    page.on("response", lambda r: answers.append(r.text()) if "/replays/" in r.url else None)
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    code = finished_room(page, server)
    menu(page).get_by_role("link", name="Replay the deals").click()
    page.get_by_role("heading", name="Replay").wait_for()
    page.get_by_text("Verified: the revealed deck opens").wait_for()
    assert page.get_by_text(re.compile(r"^[0-9a-f]{64}$")).count() == 1  # the commitment

    # seat 0's view: its own hand and no other, on the page and in what the server sent
    assert answers and all(
        h is None for s in json.loads(answers[-1])["steps"] for h in s["hands"][1:]
    )
    step = page.get_by_role("region", name="This step")
    assert step.get_by_role("list", name="Ann's hand").get_by_role("listitem").count() == 13
    assert step.get_by_text("Hand hidden in this record").count() == 3
    full = json.loads(page.request.get(f"{server}/api/rooms/{code}/records/0").text())
    kept_back = _never_played(full, 0)
    assert kept_back and not kept_back & set(CARD.findall(page.content()))

    total = int(re.search(r"Step 0 of (\d+)", step_text(page)).group(1))  # type: ignore[union-attr]
    assert page.get_by_role("button", name="Previous").is_disabled()
    page.get_by_role("button", name="Next").click()
    assert "Step 1 of" in step_text(page)
    leader = json.loads(answers[-1])["steps"][1]["seat"]
    who = "Ann" if leader == 0 else f"easy bot {leader + 1}"  # as the table names the bot
    assert step.get_by_text(re.compile(rf"^{re.escape(who)}: .*3♦")).count() == 1  # its lead
    page.keyboard.press("End")
    assert f"Step {total} of {total}" in step_text(page)
    assert "wins the deal" in step_text(page)
    assert page.get_by_role("heading", name="Scores").is_visible()
    assert page.get_by_role("button", name="Next").is_disabled()
    page.keyboard.press("ArrowLeft")
    assert f"Step {total - 1} of" in step_text(page)
    page.keyboard.press("Home")
    assert "Step 0 of" in step_text(page)
    plays = page.get_by_role("region", name="Every play").get_by_role("button")
    assert plays.count() == total
    plays.nth(2).click()
    assert "Step 3 of" in step_text(page)
    assert plays.nth(2).get_attribute("aria-current") == "step"
    page.keyboard.press("End")
    assert plays.last.is_visible() and plays.last.get_attribute("aria-current") == "step"
    box = page.get_by_role("region", name="Every play").get_by_role("list").bounding_box()
    last = plays.last.bounding_box()
    assert box["y"] <= last["y"] and last["y"] + last["height"] <= box["y"] + box["height"] + 1

    # the expert's review of the viewer's own seat: no seat to choose, no hidden card shown
    asked: list[str] = []
    page.on("request", lambda r: asked.append(r.url) if "/reviews/" in r.url else None)
    assert not page.get_by_label("Whose play to review").count()
    page.get_by_role("button", name="Review the play").click()
    said = re.compile(r"the expert would play otherwise|every one of Ann's moves")
    page.get_by_role("status").filter(has_text=said).wait_for(timeout=60_000)
    assert asked and asked[-1].endswith(f"/api/rooms/{code}/reviews/0?seat=0")
    assert not kept_back & set(CARD.findall(page.content()))
    page.get_by_role("link", name="Back to the room").click()
    page.get_by_text("The session is over.", exact=True).wait_for()
    page.keyboard.press("ArrowRight")  # the viewer's keys are gone with it
    assert errors == []


def _never_played(record: dict[str, Any], seat: int) -> set[str]:
    """The cards of the other seats' hands that no action shows."""
    played = {c for a in record["actions"] for c in CARD.findall(a.split(" ", 1)[1])}
    hands = record["deal"]["hands"]
    return {c for s, h in enumerate(hands) if s != seat for c in h.split()} - played


def test_an_uploaded_record_is_replayed(context: Any, server: str, tmp_path: Path) -> None:
    record = played(11).record()
    whole, export, junk = tmp_path / "deal.json", tmp_path / "seat.json", tmp_path / "junk.json"
    whole.write_text(record.dumps())
    export.write_text(record.for_seat(2).dumps())
    junk.write_text("{not a record")

    page = context.new_page()
    page.goto(f"{server}/")
    page.get_by_role("link", name="Replay a record file").click()
    page.get_by_label("Record file (JSON)").set_input_files(str(whole))
    page.get_by_text("Verified: the revealed deck opens").wait_for()
    step = page.get_by_role("region", name="This step")
    for name in record.players:  # the whole record: every hand
        assert step.get_by_role("list", name=f"{name}'s hand").get_by_role("listitem").count() == 13
    assert "the first play must include 3♦" in step_text(page)  # as the table says it
    page.get_by_role("button", name="Last").click()
    assert "wins the deal" in step_text(page)

    page.get_by_label("Record file (JSON)").set_input_files(str(export))
    page.get_by_text("Can't be checked from this record.").wait_for()
    assert step.get_by_text("Hand hidden in this record").count() == 3
    assert step.get_by_role("list", name="p2's hand").get_by_role("listitem").count() == 13
    assert not _never_played(json.loads(record.dumps()), 2) & set(CARD.findall(page.content()))
    page.get_by_role("button", name="Next").click()
    assert "Step 1 of" in step_text(page)

    page.get_by_label("Record file (JSON)").set_input_files(str(junk))
    page.get_by_role("alert").get_by_text("That file is not valid JSON (line 1).").wait_for()


def test_the_rules_page_from_the_form_and_from_a_room(context: Any, server: str) -> None:
    page = context.new_page()
    page.goto(f"{server}/")
    choose_rules(page, "hong-kong")
    with context.expect_page() as opened:
        page.get_by_role("link", name="Read these rules").click()
    rules = opened.value
    rules.get_by_role("heading", name="Rules").wait_for()
    rules.get_by_text("Rule set: hong-kong").wait_for()
    assert rules.get_by_text("Every option is the preset's.").is_visible()
    terms = rules.locator("dt")
    assert terms.count() > 50 and rules.locator("dd").count() == terms.count()
    assert rules.get_by_text("flushes: yes").is_visible()
    rules.close()

    page.get_by_label("Your name").fill("Ann")
    change_rules(page, "flushes=no")
    page.get_by_role("button", name="Open the room").click()
    page.wait_for_url("**#room=*")
    code = page.url.split("#room=")[1]
    menu(page).get_by_role("link", name="The rules").click()
    page.get_by_role("heading", name=f"Rules of room {code}").wait_for()
    changed = page.locator("dt").filter(has_text="changed")
    changed.first.wait_for()
    assert changed.count() == 1 and "flushes: no" in changed.inner_text()
    page.get_by_role("link", name="Back to the room").click()
    page.get_by_role("button", name="Start the game").wait_for()


def test_both_pages_fit_a_phone(browser: Any, server: str, tmp_path: Path) -> None:
    whole = tmp_path / "deal.json"
    whole.write_text(played(7).record().dumps())
    ctx = browser.new_context(viewport={"width": 360, "height": 640}, has_touch=True)
    ctx.set_default_timeout(15000)
    try:
        page = ctx.new_page()
        page.goto(f"{server}/#replay")
        page.get_by_label("Record file (JSON)").set_input_files(str(whole))
        page.get_by_text("Verified: the revealed deck opens").wait_for()
        fits_a_phone(page)
        page.get_by_role("button", name="Last").tap()
        fits_a_phone(page)
        page.goto(f"{server}/#rules&preset=philippines")
        page.get_by_text("Rule set: philippines").wait_for()
        fits_a_phone(page)
    finally:
        ctx.close()


def test_a_reviews_note_is_heard_with_its_step_and_the_focus_stays_on_the_controls(
    context: Any, server: str, tmp_path: Path
) -> None:
    """Stepping onto a step the expert noted, the polite live region says the note after the
    step; a control that goes out of use at either end hands the focus to the one leading back.
    The review's answer is set here (its notes as docs/protocol.md writes them), so the
    sentences are known."""
    whole, record = tmp_path / "deal.json", played(11).record()
    whole.write_text(record.dumps())
    last = len(json.loads(record.dumps())["actions"])  # the steps after the deal's start
    notes = [
        {
            "step": 2,
            "played": "3C",
            "expert": "5S",
            "reason": {"code": "search", "samples": 40, "edge": 1.83},
        },
        {
            "step": 3,
            "played": "3H",
            "expert": "pass",
            "reason": {"code": "search", "samples": 40, "edge": 0.5},
        },
        {"step": 4, "played": "pass", "expert": "3S", "reason": {"code": "go_out"}},
    ]
    page = context.new_page()
    page.route("**/api/review?*", lambda route: route.fulfill(json={"notes": notes}))
    page.goto(f"{server}/#replay")
    page.get_by_label("Record file (JSON)").set_input_files(str(whole))
    page.get_by_text("Verified: the revealed deck opens").wait_for()
    page.get_by_label("Whose play to review").select_option("0")
    page.get_by_role("button", name="Review the play").click()
    page.get_by_text(
        "3 moves the expert would play otherwise: each step with one says so."
    ).wait_for()
    said = page.locator("#replay-said")
    next_ = page.get_by_role("button", name="Next", exact=True)
    next_.click()
    assert said.inner_text() == f"Step 1 of {last}: p3: 3♦"  # no note on this step
    next_.click()
    note = (
        "The expert would play 5♠ here rather than 3♣: over 40 sampled deals it came out"
        " 1.8 points a deal better."
    )
    assert page.locator("p.advice").inner_text() == note
    assert said.inner_text() == f"Step 2 of {last}: p0: 3♣. {note}"
    next_.click()  # a pass, whichever side made it, has its own sentence
    assert page.locator("p.advice").inner_text() == (
        "The expert would have passed here instead of playing 3♥: over 40 sampled deals it came"
        " out 0.5 points a deal better."
    )
    next_.click()
    assert page.locator("p.advice").inner_text() == (
        "The expert would have played 3♠ here instead of passing: it could go out and win the deal."
    )
    focused = "() => document.activeElement.dataset.focus || document.activeElement.tagName"
    page.get_by_role("button", name="Last", exact=True).click()
    assert page.evaluate(focused) == "step-previous"
    page.get_by_role("button", name="First", exact=True).click()
    assert page.evaluate(focused) == "step-next"
    for _ in range(last):  # stepping to the end with Next by keyboard
        page.keyboard.press("Enter")
    assert said.inner_text().startswith(f"Step {last} of {last}:")
    assert page.evaluate(focused) == "step-previous"
