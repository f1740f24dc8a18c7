"""The browser table: its static files (``bigtwo/web``, shipped in the package) at ``/``, and
``/api/rules``, the presets (with their options' values) and the rule options (in words, by
group, each with the control that sets it), the server's default pace of the bots and rest
between deals, for its form that opens a room."""

from __future__ import annotations

from dataclasses import fields
from enum import Enum
from pathlib import Path
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Mount, Route
from starlette.staticfiles import StaticFiles

from ..rules.catalogue import GROUPS, OPTIONS
from ..rules.config import Rules
from .protocol import PAUSE

WEB = Path(__file__).resolve().parent.parent / "web"

# the bounds of the options that are numbers (`Rules` checks them with the other options)
BOUNDS = {"players": (2, 8), "decks": (1, 2), "cards_each": (1, 54), "straight_lengths": (3, 13)}


def control(name: str, default: object) -> dict[str, Any]:
    """How an option is set, from the type of its default: ``yes-no``; ``choice`` of its
    words; ``number`` (``blank``: may be left empty, for none); ``lengths``, numbers of a
    range (`option_change` reads each as typed in ``NAME=VALUE``)."""
    if isinstance(default, bool):
        return {"control": "yes-no"}
    if isinstance(default, Enum):
        return {"control": "choice", "choices": [m.value for m in type(default)]}
    low, high = BOUNDS[name]
    kind = "lengths" if isinstance(default, tuple) else "number"
    return {"control": kind, "min": low, "max": high, "blank": default is None}


def option_list() -> list[dict[str, Any]]:
    """Every option of the rules catalogue: its name, meaning, variation IDs, group, control."""
    group_of = {name: group for group, names in GROUPS.items() for name in names}
    defaults = {f.name: f.default for f in fields(Rules)}
    return [
        {
            "name": name,
            "meaning": meaning,
            "ids": ids.split(),
            "group": group_of[name],
            **control(name, defaults[name]),
        }
        for name, (ids, meaning) in OPTIONS.items()
    ]


def web_routes(pace: str = "normal", pause: float = PAUSE) -> list[BaseRoute]:
    """The routes to add after the app's own: the page is the catch-all at ``/``; ``pace`` is
    the bots' pace a room gets when its ``create`` names none (`Settings.bot_pace`), ``pause``
    its rest between deals (`Settings.pause`)."""

    options = option_list()

    async def rules(_: Request) -> Response:
        presets = [
            {"name": n, "players": (r := Rules.preset(n)).players, "options": r.to_dict()}
            for n in Rules.presets()
        ]
        body = {"presets": presets, "options": options, "pace": pace, "pause": pause}
        return JSONResponse(body)

    return [
        Route("/api/rules", rules),
        Mount("/", StaticFiles(directory=WEB, html=True), name="web"),
    ]
