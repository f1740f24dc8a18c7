"""The browser table: its static files (``bigtwo/web``, shipped in the package) at ``/``, and
``/api/rules``, the presets and the rule options in words, for its form that opens a room."""

from __future__ import annotations

from pathlib import Path

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Mount, Route
from starlette.staticfiles import StaticFiles

from ..rules.catalogue import OPTIONS
from ..rules.config import Rules

WEB = Path(__file__).resolve().parent.parent / "web"


async def rules(_: Request) -> Response:
    presets = [
        {"name": name, "players": Rules.preset(name).players} for name in Rules.presets()
    ]
    options = [{"name": name, "meaning": meaning} for name, (_, meaning) in OPTIONS.items()]
    return JSONResponse({"presets": presets, "options": options})


def web_routes() -> list[BaseRoute]:
    """The routes to add after the app's own: the page is the catch-all at ``/``."""
    return [
        Route("/api/rules", rules),
        Mount("/", StaticFiles(directory=WEB, html=True), name="web"),
    ]
