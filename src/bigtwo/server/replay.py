"""The endpoints of finished deals: ``GET /api/rooms/CODE/records/N``, a room's finished deal's
record as stored (or one seat's export), and the replay viewer's, a deal's record replayed by
the engine into steps the page shows one by one, with the fairness check `bigtwo verify`
makes. ``POST /api/replay`` takes an uploaded record; ``GET /api/rooms/CODE/replays/N`` a
finished deal of a room, as one seat saw it (``?seat=S``) or whole. Every hand in a replay
comes from an engine view (a seat's own hand) or from a record that reveals it: a seat's
export yields that seat's hand and no other. Only finished deals are stored as records:
nothing of a deal in play is served here."""

from __future__ import annotations

import asyncio
import re
from dataclasses import replace
from itertools import pairwise
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from ..checks import player_json
from ..engine.codec import cards_text, move_text
from ..engine.game import Game, Record
from ..engine.record import parse_action
from ..errors import BigTwoError
from ..record_files import MAX_RECORD_BYTES, is_session_record, load_record
from .hub import Hub
from .protocol import http_error, language

STATUS = ("verified", "not_verified", "forged", "unprovable")


class ReplayError(Exception):
    """A request the endpoints refuse: the HTTP status, a stable code and the sentence."""

    def __init__(self, status: int, code: str, message: str, **params: object) -> None:
        super().__init__(message)
        self.status, self.code, self.message, self.params = status, code, message, params


def replay(record: Record, seat: int | None = None, kept: str | None = None) -> dict[str, Any]:
    """The record as the viewer shows it: the deal's facts, the fairness check, and one step
    before the first action and after each. ``seat`` limits the hands to that seat's (None:
    every hand the record reveals); ``kept`` is a commitment seen before play."""
    n = len(record.counts)
    if seat is not None and not 0 <= seat < n:
        raise ReplayError(
            400, "bad_seat", f"there is no seat {seat}: this deal has seats 0 to {n - 1}"
        )
    if record.viewer is not None:
        if seat not in (None, record.viewer):
            raise ReplayError(
                400, "bad_seat", f"this record is seat {record.viewer}'s view, not seat {seat}'s"
            )
        seat = record.viewer
    try:
        problems, _ = record.audit(kept)
    except BigTwoError as exc:  # a kept commitment that is no digest
        raise ReplayError(400, "bad_kept", str(exc), **exc.params) from None
    out: dict[str, Any] = {
        "rules": record.rules.name,
        "first_play": record.rules.first_play.value,
        "players": [player_json(p) for p in record.players],
        "seat": seat,
        "commitment": record.commitment,
        "dealer": record.dealer,
        "verification": _verification(record, problems, kept),
        "result": record.result,
    }
    if record.viewer is not None:  # the others' hands are hidden: the engine can't replay it
        return out | _listed(record, seat)
    try:
        states = record.states()
    except BigTwoError as exc:
        if not problems:
            raise ReplayError(422, "unplayable", str(exc), **exc.params) from None
        states = _as_recorded(record)  # unproven: the hands as the record states them
    return out | _replayed(record, states, seat)


def _as_recorded(record: Record) -> list[Game]:
    """The play of a record whose deck doesn't deal its hands (it failed the check): replayed
    from the hands it states, so that what it claims can still be looked at."""
    try:
        return replace(record, deck="", salt="", seed=None).states()
    except BigTwoError as exc:
        raise ReplayError(422, "unplayable", str(exc), **exc.params) from None


def _verification(record: Record, problems: list[str], kept: str | None) -> dict[str, Any]:
    if not problems:
        status = "verified"
    elif record.viewer is not None or not (record.commitment or record.deck) or record.version < 2:
        status = "unprovable"  # a shuffled deal that lost its commitment is only not verified
    elif problems[0].startswith("FORGED"):
        status = "forged"
    else:
        status = "not_verified"
    reason = problems[0].removeprefix("FORGED: ") if problems else ""
    return {"status": status, "reason": reason, "kept": kept is not None}


def _replayed(record: Record, states: list[Game], seat: int | None) -> dict[str, Any]:
    """Steps from the engine's states: public facts from the spectator's view, each hand from
    its own seat's view, and only ``seat``'s when one is given."""
    n = len(record.counts)
    seen = record.actions if seat is None else record.for_seat(seat).actions
    shown = range(n) if seat is None else (seat,)

    def step(game: Game, before: Game | None, action: str | None) -> dict[str, Any]:
        public = game.spectator_view()
        hands: list[str | None] = [None] * n
        for s in shown:
            hands[s] = cards_text(game.view(s).hand)
        actor, move = parse_action(action, n) if action else (None, None)
        took = (
            before is not None
            and before.table is not None
            and game.table is None
            and not game.is_over
        )
        return {
            "seat": actor,
            "move": move,
            "hands": hands,
            "counts": list(public.counts),
            "table": None if public.table is None else move_text(public.table),
            "table_seat": public.table_seat,
            "to_move": public.to_move,
            "lead_card": None if public.lead_card is None else cards_text((public.lead_card,)),
            "passed": list(public.passed),
            "trick": before.table_seat if took and before is not None else None,
            "end": public.end,
            "winner": public.winner,
            "twos_low": public.twos_low,
        }

    steps = [step(states[0], None, None)]
    steps += [
        step(after, before, action)
        for (before, after), action in zip(pairwise(states), seen, strict=True)
    ]
    last = states[-1]
    return {
        "replayed": True,
        "steps": steps,
        "scores": None if last.scores is None else list(last.scores),
    }


def _listed(record: Record, seat: int | None) -> dict[str, Any]:
    """A seat's export lists its actions as recorded, with the one hand it holds at the start
    and every seat's count as dealt; nothing is worked out that the record doesn't say."""
    n = len(record.counts)
    hands: list[str | None] = [None] * n
    if seat is not None and record.hands is not None:
        hands[seat] = record.hands[seat]
    first: dict[str, Any] = {
        "seat": None,
        "move": None,
        "hands": hands,
        "counts": list(record.counts),
    }
    steps = [first]
    for action in record.actions:
        actor, move = parse_action(action, n)
        steps.append({"seat": actor, "move": move})
    scores = (record.result or {}).get("scores")
    return {"replayed": False, "steps": steps, "scores": scores}


SEAT_TEXT = re.compile(r"-?[0-9]{1,3}")


def seat_asked(request: Request) -> int | None:
    text = request.query_params.get("seat")
    if text is None or text == "":
        return None
    # a negative number is a number: it gets the seats' range, as a seat too high does
    if not SEAT_TEXT.fullmatch(text):  # ASCII digits: str.isdigit takes "²", int() refuses it
        raise ReplayError(400, "bad_seat", f"a seat is a number such as 0, not {text[:20]!r}")
    return int(text)


async def stored_record(hub: Hub, code: str, wanted: str) -> tuple[int, int, str]:
    """The room's finished deal ``wanted`` (its number, 0 first, or ``last``): the number, how
    many deals the room has finished, and the record's text as stored. (Read in a thread:
    the event loop doesn't wait on the database.)"""
    if wanted != "last" and not (wanted.isascii() and wanted.isdigit() and len(wanted) <= 9):
        raise ReplayError(
            400, "bad_number", f"a deal is its number (0 first) or last, not {wanted[:20]!r}"
        )
    # read from the store, not only for rooms in memory: a person's page links the records
    # of rooms long closed
    count = await asyncio.to_thread(hub.store.record_count, code)
    number = count - 1 if wanted == "last" else int(wanted)
    text = await asyncio.to_thread(hub.store.record, code, number) if 0 <= number < count else None
    if text is None:
        raise ReplayError(404, "no_record", "no finished deal with that number here")
    return number, count, text


def loaded_record(text: str) -> Record:
    """A stored record, read."""
    try:
        return load_record(text)
    except BigTwoError:  # stored by a newer version, or damaged
        raise ReplayError(
            500, "unreadable", "this deal's record is stored in a form this server can't read"
        ) from None


def _kept(request: Request) -> str | None:
    return request.query_params.get("kept") or None


async def _body(request: Request) -> bytes:
    """The request's body, read no further than one byte past the cap."""
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > MAX_RECORD_BYTES:
        raise _too_large()
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > MAX_RECORD_BYTES:
            raise _too_large()
        chunks.append(chunk)
    return b"".join(chunks)


async def uploaded_record(request: Request) -> Record:
    """The deal's record the request's body holds (no larger than the cap, one deal's)."""
    text = await _body(request)
    if is_session_record(text):
        raise ReplayError(
            400,
            "bad_record",
            "this is a whole session's record: open one deal's record",
            reason="session",
        )
    try:
        return load_record(text)
    except BigTwoError as exc:
        raise ReplayError(400, "bad_record", str(exc), **exc.params) from None


def _too_large() -> ReplayError:
    return ReplayError(413, "too_large", f"a deal's record is at most {MAX_RECORD_BYTES:,} bytes")


def refusal_of(exc: ReplayError, request: Request) -> Response:
    """The refusal in the language the request asks for (`protocol.language`)."""
    lang = language(request.query_params, request.headers)
    return http_error(exc.status, exc.code, exc.message, lang, **exc.params)


def replay_routes(hub: Hub) -> list[BaseRoute]:
    """The three endpoints, on ``hub``'s store."""

    async def uploaded(request: Request) -> Response:
        try:
            record = await uploaded_record(request)
            payload = await asyncio.to_thread(replay, record, seat_asked(request), _kept(request))
            return JSONResponse(payload)
        except ReplayError as exc:
            return refusal_of(exc, request)

    async def of_room(request: Request) -> Response:
        code, wanted = request.path_params["code"], request.path_params["number"]
        try:
            number, count, text = await stored_record(hub, code, wanted)
            record = loaded_record(text)
            payload = await asyncio.to_thread(replay, record, seat_asked(request), _kept(request))
        except ReplayError as exc:
            return refusal_of(exc, request)
        return JSONResponse(payload | {"number": number, "deals": count})

    async def stored(request: Request) -> Response:
        """The record as the deal's dealer keeps it, every hand and the deck included (the
        deal is over: this is how anyone checks it was fair), or with ``?seat=S`` that seat's
        export."""
        code, wanted = request.path_params["code"], request.path_params["number"]
        try:
            seat = seat_asked(request)
            _, _, text = await stored_record(hub, code, wanted)
            if seat is not None:
                try:
                    text = loaded_record(text).for_seat(seat).dumps()
                except BigTwoError as exc:  # a seat the deal doesn't have
                    raise ReplayError(400, "bad_seat", str(exc)) from None
        except ReplayError as exc:
            return refusal_of(exc, request)
        return Response(text, media_type="application/json")

    return [
        Route("/api/replay", uploaded, methods=["POST"]),
        Route("/api/rooms/{code}/replays/{number}", of_room),
        Route("/api/rooms/{code}/records/{number}", stored),
    ]
