"""The replay viewer's review endpoints: the notes `bigtwo.bots.review` gives, as data (steps,
moves as card text, reason codes); a room's deal reviewed from the asking seat's views alone;
refusals in words for an unfinished deal, a bad seat, a record too large, and too many
reviews at once; the expert's search run in a worker process, not in the server's."""

from __future__ import annotations

import multiprocessing
import threading
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from bigtwo import Game
from bigtwo.bots import review
from bigtwo.bots.explain import GO_OUT, SEARCH
from bigtwo.engine import game as game_module
from bigtwo.engine.codec import move_text
from bigtwo.engine.game import Record
from bigtwo.i18n import catalogue
from bigtwo.record_files import MAX_RECORD_BYTES, load_record
from bigtwo.server import review as review_module
from bigtwo.server.app import make_app
from bigtwo.server.settings import Settings
from bigtwo.server.store import sqlite_url

from .conftest import GRACE
from .test_server_hostile import _close, _open, _play_to_end, _room
from .test_server_replay import CARD, _played

SAMPLES = 3  # the expert's sampled deals a decision: few, so a review takes a fraction of a second


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    """The app with quick reviews, one at a time."""
    settings = Settings(
        grace=GRACE, bot_pace="instant", pause=0.0, review_samples=SAMPLES, reviews=1
    )
    with TestClient(make_app(sqlite_url(tmp_path / "app.db"), settings)) as c:
        yield c


@pytest.fixture
def in_threads(monkeypatch: pytest.MonkeyPatch) -> None:
    """Reviews in this process's threads, where a test's patches reach them."""
    monkeypatch.setattr(review_module, "review_pool", ThreadPoolExecutor)


def _expected(record: Record, seat: int) -> list[dict[str, Any]]:
    """`review`'s notes for ``seat``, in the endpoint's words."""
    out = []
    for note in review(record, seat, samples=SAMPLES):
        reason: dict[str, Any] = {"code": note.code}
        if note.code == SEARCH:
            reason |= {"samples": SAMPLES, "edge": round(note.edge, 2)}
        out.append(
            {
                "step": note.action + 1,
                "played": move_text(note.played),
                "expert": move_text(note.expert),
                "reason": reason,
            }
        )
    return out


def test_an_uploaded_deal_is_reviewed_as_bots_review_reviews_it(client: TestClient) -> None:
    record = _played(3).record()  # a deal where seat 2 passes up going out
    codes = set()
    for seat in range(4):
        got = client.post("/api/review", content=record.dumps(), params={"seat": seat})
        assert got.status_code == 200, got.text
        body = got.json()
        assert body["seat"] == seat and body["samples"] == SAMPLES
        assert body["notes"] == _expected(record, seat), seat
        codes |= {n["reason"]["code"] for n in body["notes"]}
        for note in body["notes"]:  # the step shows the seat's own move as played
            assert record.actions[note["step"] - 1] == f"p{seat} {note['played']}"
    assert codes == {SEARCH, GO_OUT}  # a first-legal-move player misses going out too


def test_a_rooms_deal_is_reviewed_from_the_seats_own_views(
    in_threads: None, client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    ws = _open(client)
    code = _room(ws, deals=1)["room"]
    ws.send_json({"type": "host", "what": "start"})
    _play_to_end(ws)
    _close(ws)
    record = load_record(client.get(f"/api/rooms/{code}/records/0").text)
    seen: set[int | None] = set()
    view = game_module.Game.view

    def watched(self: Game, seat: int | None = None) -> Any:
        seen.add(seat)
        return view(self, seat)

    monkeypatch.setattr(game_module.Game, "view", watched)
    got = client.get(f"/api/rooms/{code}/reviews/last", params={"seat": 1})
    monkeypatch.undo()
    assert got.status_code == 200, got.text
    assert seen == {1}  # the expert reads no view but the reviewed seat's
    assert got.json()["notes"] == _expected(record, 1)
    dealt = set(record.for_seat(1).hands[1].split())  # type: ignore[index]
    assert set(CARD.findall(got.text)) <= dealt  # no card but the seat's own
    for url, status, refused in (
        (f"/api/rooms/{code}/reviews/1?seat=1", 404, "no_record"),
        (f"/api/rooms/{code}/reviews/0", 400, "bad_seat"),
        (f"/api/rooms/{code}/reviews/0?seat=4", 400, "bad_seat"),
    ):
        answer = client.get(url)
        assert (answer.status_code, answer.json()["code"]) == (status, refused), url


def test_what_cant_be_reviewed_is_refused_in_the_requests_language(client: TestClient) -> None:
    record = _played().record()
    unfinished = replace(record, actions=record.actions[:6], result=None)
    export = record.for_seat(0)
    vi = catalogue("vi")
    for body, params, status, code in (
        (unfinished.dumps(), {"seat": 0}, 422, "unfinished"),
        (export.dumps(), {"seat": 0}, 422, "unplayable"),
        (record.dumps(), {"seat": 7}, 400, "bad_seat"),
        (record.dumps(), {"seat": "x"}, 400, "bad_seat"),
        (record.dumps() + " " * MAX_RECORD_BYTES, {"seat": 0}, 413, "too_large"),
        ("{", {"seat": 0}, 400, "bad_record"),
    ):
        got = client.post("/api/review", content=body, params={**params, "lang": "vi"})
        refusal = got.json()
        assert (got.status_code, refusal["code"]) == (status, code), refusal
        assert "Traceback" not in refusal["message"]
        if code == "unfinished":
            assert refusal["message"] == vi("error.unfinished")


def test_more_reviews_than_the_server_runs_at_once_are_refused_busy(
    in_threads: None, client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    record = _played().record()
    started, release = threading.Event(), threading.Event()
    real = review_module.review

    def slow(*args: Any, **kwargs: Any) -> Any:
        started.set()
        release.wait(30)
        return real(*args, **kwargs)

    monkeypatch.setattr(review_module, "review", slow)
    answers: list[Any] = []
    first = threading.Thread(
        target=lambda: answers.append(
            client.post("/api/review", content=record.dumps(), params={"seat": 0})
        )
    )
    first.start()
    try:
        assert started.wait(30)
        busy = client.post("/api/review", content=record.dumps(), params={"seat": 0, "lang": "vi"})
    finally:
        release.set()
        first.join(60)
    assert busy.status_code == 503 and busy.json()["code"] == "busy"
    assert int(busy.headers["retry-after"]) > 0
    assert busy.json()["message"] == catalogue("vi")("error.busy")
    assert answers[0].status_code == 200  # the one running finishes
    again = client.post("/api/review", content=record.dumps(), params={"seat": 0})
    assert again.status_code == 200  # and its place is free again


def test_the_expert_searches_in_a_worker_process_that_ends_with_the_server(
    tmp_path: Path,
) -> None:
    """A review holds no interpreter the rooms run in: its worker is a process of its own,
    started at the first review, kept for the next, replaced if it dies (the review it broke
    worked out again), and ended when the server stops."""
    record = _played().record()
    settings = Settings(grace=GRACE, bot_pace="instant", review_samples=SAMPLES, reviews=1)
    before = set(multiprocessing.active_children())
    with TestClient(make_app(sqlite_url(tmp_path / "app.db"), settings)) as c:
        assert set(multiprocessing.active_children()) == before  # none until a review
        for _ in range(2):
            got = c.post("/api/review", content=record.dumps(), params={"seat": 2})
            assert got.json()["notes"] == _expected(record, 2)
            workers = set(multiprocessing.active_children()) - before
            assert len(workers) == 1, workers
        (worker,) = workers  # killed (say, for memory): the next review runs on a new one
        worker.kill()
        worker.join(10)
        again = c.post("/api/review", content=record.dumps(), params={"seat": 2})
        assert again.json()["notes"] == _expected(record, 2)
        assert set(multiprocessing.active_children()) - before - {worker}, "no new worker"
    assert set(multiprocessing.active_children()) == before
