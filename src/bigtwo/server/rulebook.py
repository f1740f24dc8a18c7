"""The rules page's endpoints: a rule set in words from the engine's rules catalogue, every
option with its value and meaning. ``GET /api/rules/PRESET`` for a preset (the form that opens a
room links to it), ``GET /api/rooms/CODE/rules`` for a room's own rules, changes included; and
``GET /api/rooms/CODE``, the room as anyone may see it (its seats and who holds them, no
cards), for the page of a room's link before the person sits."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any, TypeVar

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from ..errors import BigTwoError
from ..rules.catalogue import describe
from ..rules.config import Rules
from .hub import Hub
from .protocol import ProtocolError, http_error, language
from .room import Room

T = TypeVar("T")


def in_words(rules: Rules) -> dict[str, Any]:
    """``rules`` as the page shows them: the name, the preset it came from, and every option
    in words, marked where it differs from that preset."""
    preset = rules.name.split("+")[0]
    try:
        base = Rules.preset(preset)
    except BigTwoError:  # a rule set of no preset's name: nothing to compare with
        base = rules
    plain = {name: value for name, value, _ in describe(base)}
    return {
        "name": rules.name,
        "preset": preset,
        "players": rules.players,
        "options": [
            {"name": name, "value": value, "meaning": meaning, "changed": plain[name] != value}
            for name, value, meaning in describe(rules)
        ],
    }


def _lang(request: Request) -> str:
    return language(request.query_params, request.headers)


def rulebook_routes(hub: Hub) -> list[BaseRoute]:
    """The two endpoints; a room's rules are read from ``hub`` (or its shared database)."""

    async def preset(request: Request) -> Response:
        name = request.path_params["name"]
        if name not in Rules.presets():
            return http_error(404, "no_preset", "there is no rule set of that name", _lang(request))
        return JSONResponse(in_words(Rules.preset(name)))

    async def find(code: str, read: Callable[[Room], T]) -> T | None:
        """``read`` of the room as stored: here under its lock, else from a shared database."""
        held = await hub.reading(code, read)
        if held is not None or hub.shared is None:
            return held
        try:
            room = await asyncio.to_thread(hub.shared.load, code, None)
        except ProtocolError:
            return None
        return None if room is None else read(room)

    def no_room(request: Request) -> Response:
        return http_error(404, "no_room", "there is no open room with that code", _lang(request))

    async def of_room(request: Request) -> Response:
        rules = await find(request.path_params["code"], lambda room: in_words(room.rules))
        return no_room(request) if rules is None else JSONResponse(rules)

    async def room(request: Request) -> Response:
        found = await find(
            request.path_params["code"],
            lambda room: {**room.summary(), "preset": room.rules.name.split("+")[0]},
        )
        return no_room(request) if found is None else JSONResponse(found)

    return [
        Route("/api/rules/{name}", preset),
        Route("/api/rooms/{code}/rules", of_room),
        Route("/api/rooms/{code}", room),
    ]
