"""The replay viewer's analysis: where one seat of a finished deal played otherwise than the
expert would have (`bigtwo.bots.review`), as data the page says in its own language.
``POST /api/review?seat=S`` takes an uploaded record as ``POST /api/replay`` does;
``GET /api/rooms/CODE/reviews/N?seat=S`` a room's finished deal. Each note gives the step, the
move played and the expert's as card text, and why as a code with its parameters. The
expert plays out seconds of sampled deals for each review: a server process runs a few at
once, each in a worker process of its own, and refuses more as ``busy``. (In a thread beside
the event loop, a review held the interpreter so that each wake of the loop waited about 5 ms,
the interpreter's switch interval, for as long as it ran: every room of the process slowed.)"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import BrokenExecutor, Executor
from functools import partial
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from ..bots.explain import SEARCH, ReviewNote, review
from ..engine.codec import move_text
from ..engine.game import Record
from ..errors import BigTwoError
from .hub import Hub
from .replay import (
    ReplayError,
    loaded_record,
    refusal_of,
    seat_asked,
    stored_record,
    uploaded_record,
)
from .worker_processes import worker_pool

RETRY_AFTER = 10  # seconds a refused review is asked to wait: about one review's time
BUSY = "the server is reviewing other deals: try again in a few seconds"


def reviewable(record: Record, seat: int | None) -> int:
    """``seat``, if its play in ``record`` can be reviewed: a seat of a finished deal that
    the engine replays (else the refusal, in words the page translates)."""
    n = len(record.counts)
    if seat is None or not 0 <= seat < n:
        raise ReplayError(
            400, "bad_seat", f"say whose play to review: ?seat= one of seats 0 to {n - 1}"
        )
    try:
        over = record.states()[-1].is_over
    except BigTwoError as exc:  # a seat's export, or moves the engine refuses
        raise ReplayError(422, "unplayable", str(exc), **exc.params) from None
    if not over:  # review() refuses it too, in words a page can't translate
        raise ReplayError(
            422, "unfinished", "only a finished deal is reviewed: this record stops before the end"
        )
    return seat


def review_pool(workers: int) -> Executor:
    """The processes the reviews are worked out in (`worker_processes`): each imports the
    bots alone."""
    return worker_pool(workers)


class Reviews:
    """The reviews a server process runs: at most ``limit`` at once, in `review_pool`."""

    def __init__(self, limit: int) -> None:
        self.limit, self.running = limit, 0
        self.pool: Executor | None = None

    async def notes(self, record: Record, seat: int, samples: int) -> list[ReviewNote]:
        if self.running >= self.limit:
            raise ReplayError(503, "busy", BUSY)
        self.running += 1
        try:
            work = partial(review, record, seat, samples=samples)
            notes = await self._run(work)
            if notes is None:  # a review is pure: one a dead worker broke runs again, once
                notes = await self._run(work)
            if notes is None:
                raise ReplayError(503, "busy", BUSY)
            return notes
        finally:
            self.running -= 1

    async def _run(self, work: Callable[[], list[ReviewNote]]) -> list[ReviewNote] | None:
        """``work`` in a worker; None if a worker died under it (new ones start next)."""
        if self.pool is None:
            self.pool = review_pool(self.limit)
        pool = self.pool
        try:
            return await asyncio.get_running_loop().run_in_executor(pool, work)
        except BrokenExecutor:  # killed, out of memory
            if self.pool is pool:  # (not one a review failing beside it made since)
                self.pool = None
            return None

    async def close(self) -> None:
        """Let a review under way finish (seconds at most) and end the workers."""
        if self.pool is not None:
            await asyncio.to_thread(self.pool.shutdown, wait=True, cancel_futures=True)
            self.pool = None


def _note(note: ReviewNote) -> dict[str, Any]:
    reason: dict[str, Any] = {"code": note.code}
    if note.code == SEARCH:
        reason |= {"samples": note.samples, "edge": round(note.edge, 2)}
    return {
        "step": note.action + 1,
        "played": move_text(note.played),
        "expert": move_text(note.expert),
        "reason": reason,
    }


def review_routes(hub: Hub, reviews: Reviews) -> list[BaseRoute]:
    """The two endpoints, the reviews run by ``reviews``."""

    async def reviewed(request: Request, record: Record) -> Response:
        seat = reviewable(record, seat_asked(request))
        samples = hub.settings.review_samples
        notes = await reviews.notes(record, seat, samples)
        return JSONResponse({"seat": seat, "samples": samples, "notes": [_note(n) for n in notes]})

    async def uploaded(request: Request) -> Response:
        try:
            return await reviewed(request, await uploaded_record(request))
        except ReplayError as exc:
            return _busy(refusal_of(exc, request), exc)

    async def of_room(request: Request) -> Response:
        code, wanted = request.path_params["code"], request.path_params["number"]
        try:
            _, _, text = await stored_record(hub, code, wanted)
            return await reviewed(request, loaded_record(text))
        except ReplayError as exc:
            return _busy(refusal_of(exc, request), exc)

    return [
        Route("/api/review", uploaded, methods=["POST"]),
        Route("/api/rooms/{code}/reviews/{number}", of_room),
    ]


def _busy(response: Response, exc: ReplayError) -> Response:
    """A refusal; one for being busy says when to ask again."""
    if exc.code == "busy":
        response.headers["Retry-After"] = str(RETRY_AFTER)
    return response
