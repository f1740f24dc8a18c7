"""The replay viewer's analysis: where one seat of a finished deal played otherwise than the
expert would have (`bigtwo.bots.review`), as data the page says in its own language.
``POST /api/review?seat=S`` takes an uploaded record as ``POST /api/replay`` does;
``GET /api/rooms/CODE/reviews/N?seat=S`` a room's finished deal. Each note gives the step, the
move played and the expert's as card text, and why as a code with its parameters. The
expert plays out seconds of sampled deals for each review: a process runs a few at once, in
threads (the event loop never waits on one), and refuses more as ``busy``."""

from __future__ import annotations

import asyncio
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

RETRY_AFTER = 10  # seconds a refused review is asked to wait: about one review's time


def notes_json(record: Record, seat: int | None, samples: int) -> dict[str, Any]:
    """``seat``'s review of the finished deal ``record``, with ``samples`` sampled deals a
    decision: each note at the viewer's step that shows the move (step 0 is the deal)."""
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
    notes = review(record, seat, samples=samples)
    return {"seat": seat, "samples": samples, "notes": [_note(note) for note in notes]}


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


def review_routes(hub: Hub) -> list[BaseRoute]:
    """The two endpoints, at most ``hub.settings.reviews`` reviews at once in this process."""
    running = 0

    async def reviewed(request: Request, record: Record) -> Response:
        nonlocal running
        seat = seat_asked(request)
        if running >= hub.settings.reviews:
            raise ReplayError(
                503, "busy", "the server is reviewing other deals: try again in a few seconds"
            )
        running += 1
        try:
            samples = hub.settings.review_samples
            payload = await asyncio.to_thread(notes_json, record, seat, samples)
        finally:
            running -= 1
        return JSONResponse(payload)

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
