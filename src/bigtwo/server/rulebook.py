"""The rules page's endpoints: a rule set in words from the engine's rules catalogue, every
option with its value and meaning. ``GET /api/rules/PRESET`` for a preset (the form that opens a
room links to it), ``GET /api/rooms/CODE/rules`` for a room's own rules, changes included; and
``GET /api/rooms/CODE``, the room as anyone may see it (its seats and who holds them, no
cards), for the page of a room's link before the person sits."""

from __future__ import annotations

import asyncio
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from ..errors import BigTwoError
from ..rules.catalogue import describe
from ..rules.config import Rules
from .hub import Hub
from .protocol import ProtocolError, http_error, language
from .room import Room


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

    async def find(code: str) -> Room | None:
        room = hub.rooms.get(code)
        if room is None and hub.shared is not None:
            try:
                room = await asyncio.to_thread(hub.shared.load, code, None)
            except ProtocolError:
                room = None
        return room

    def no_room(request: Request) -> Response:
        return http_error(404, "no_room", "there is no open room with that code", _lang(request))

    async def of_room(request: Request) -> Response:
        room = await find(request.path_params["code"])
        return no_room(request) if room is None else JSONResponse(in_words(room.rules))

    async def room(request: Request) -> Response:
        found = await find(request.path_params["code"])
        if found is None:
            return no_room(request)
        return JSONResponse({**found.summary(), "preset": found.rules.name.split("+")[0]})

    return [
        Route("/api/rules/{name}", preset),
        Route("/api/rooms/{code}/rules", of_room),
        Route("/api/rooms/{code}", room),
    ]
